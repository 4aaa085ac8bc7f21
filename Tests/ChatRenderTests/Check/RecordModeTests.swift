import Testing
@testable import ChatRender

/// The one decision `chatrender check` and the golden tests share, and how the golden tests pick
/// their mode from the environment.
@Suite struct RecordModeTests {
    /// mode, exists, matches → written
    static let table: [(RecordMode, Bool, Bool, Bool)] = [
        (.never, false, false, false), (.never, false, true, false), (.never, true, false, false), (.never, true, true, false),
        (.missing, false, false, true), (.missing, false, true, true), (.missing, true, false, false), (.missing, true, true, false),
        (.failed, false, false, true), (.failed, false, true, true), (.failed, true, false, true), (.failed, true, true, false),
        (.all, false, false, true), (.all, false, true, true), (.all, true, false, true), (.all, true, true, true),
    ]

    @Test func decisionTable() {
        #expect(Self.table.count == RecordMode.allCases.count * 4)
        for (mode, exists, matches, written) in Self.table {
            #expect(
                mode.shouldRecord(exists: exists, matches: matches) == written,
                "\(mode) exists: \(exists) matches: \(matches)")
        }
    }

    @Test func parsesTheFourNames() {
        #expect(RecordMode.allCases.map(\.rawValue) == ["missing", "failed", "all", "never"])
        #expect(RecordMode(rawValue: "Failed") == nil)
    }

    @Test func goldenModeFromTheEnvironment() {
        func mode(_ environment: [String: String]) -> RecordMode? { try? Golden.mode(environment).get() }
        #expect(mode([:]) == .missing)
        #expect(mode(["RECORD_GOLDENS": ""]) == .missing)
        #expect(mode(["CI": "true"]) == .never)
        #expect(mode(["CI": ""]) == .missing)
        #expect(mode(["RECORD_GOLDENS": "1"]) == .failed)
        for recordMode in RecordMode.allCases {
            #expect(mode(["RECORD_GOLDENS": recordMode.rawValue, "CI": "true"]) == recordMode)
        }
        guard case .failure(let problem) = Golden.mode(["RECORD_GOLDENS": "yes"]) else {
            Issue.record("an unknown value must not pass")
            return
        }
        #expect(problem.message == "RECORD_GOLDENS must be missing, failed, all or never (or 1, which is failed), not \"yes\"")
    }
}
