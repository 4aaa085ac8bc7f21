import Foundation
import Testing
@testable import ChatRender
import TestSupport

/// Golden-file snapshots in `Tests/ChatRenderTests/__Goldens__/`. `RECORD_GOLDENS` picks the
/// record mode, the one `chatrender check --record-mode` uses: `missing` (the default, except when
/// `CI` is set), `failed` (also `1`: re-record what differs), `all` or `never` (the default on CI).
/// Writing a golden always fails the test, so a fresh recording can never pass CI silently.
enum Golden {
    /// The mode `RECORD_GOLDENS` and `CI` ask for, or the sentence saying the value is not one.
    static func mode(_ environment: [String: String]) -> Result<RecordMode, GoldenModeProblem> {
        switch environment["RECORD_GOLDENS"] ?? "" {
        case "": return .success((environment["CI"] ?? "").isEmpty ? .missing : .never)
        case "1": return .success(.failed)
        case let raw:
            guard let mode = RecordMode(rawValue: raw) else {
                return .failure(
                    GoldenModeProblem(
                        message: "RECORD_GOLDENS must be missing, failed, all or never (or 1, "
                            + "which is failed), not \"\(raw)\""))
            }
            return .success(mode)
        }
    }

    struct GoldenModeProblem: Error { var message: String }

    static func assertMatches(_ actual: String, named name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let mode: RecordMode
        switch Self.mode(ProcessInfo.processInfo.environment) {
        case .success(let chosen): mode = chosen
        case .failure(let problem):
            Issue.record("\(problem.message)", sourceLocation: sourceLocation)
            return
        }
        let path = TestPaths.repo("Tests/ChatRenderTests/__Goldens__/\(name)")
        let expected = try? String(contentsOfFile: path, encoding: .utf8)
        if mode.shouldRecord(exists: expected != nil, matches: expected == actual) {
            try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try! actual.write(toFile: path, atomically: true, encoding: .utf8)
            Issue.record(
                "recorded \(name) (RECORD_GOLDENS mode \(mode.rawValue)); read the diff, then run again",
                sourceLocation: sourceLocation)
            return
        }
        guard let expected else {
            Issue.record("no golden \(name); record it with RECORD_GOLDENS=missing", sourceLocation: sourceLocation)
            return
        }
        if expected != actual {
            let difference = firstDifference(expected, actual)
            Issue.record(
                "\(name) differs from its golden (re-record it with RECORD_GOLDENS=failed):\n\(difference)",
                sourceLocation: sourceLocation)
        }
    }

    /// The first differing line with a little context, so a failure is readable.
    static func firstDifference(_ expected: String, _ actual: String) -> String {
        let e = expected.components(separatedBy: "\n"), a = actual.components(separatedBy: "\n")
        for i in 0..<max(e.count, a.count) {
            let el = i < e.count ? e[i] : "<end of file>", al = i < a.count ? a[i] : "<end of file>"
            if el != al {
                func clip(_ s: String) -> String { s.count > 400 ? String(s.prefix(400)) + "…" : s }
                return "line \(i + 1):\n- \(clip(el))\n+ \(clip(al))"
            }
        }
        return "(no line differs; line endings?)"
    }
}
