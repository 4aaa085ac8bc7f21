import Foundation
import Testing
@testable import ChatModel

extension ModelTests {
    @Suite("ByteCountFormat")
    struct ByteCountFormatTests {
        /// Apple's `ByteCountFormatter` with `countStyle = .file` in en-US: decimal units, "Zero KB",
        /// bytes below 1000, no fraction for KB, one for MB, two for GB and above, and a value that
        /// rounds to 1000 moves up to the next unit.
        static let appleTable: [(Int64, String)] = [
            (0, "Zero KB"),
            (1, "1 byte"),
            (2, "2 bytes"),
            (999, "999 bytes"),
            (1000, "1 KB"),
            (1499, "1 KB"),
            (1500, "2 KB"),
            (12_345, "12 KB"),
            (999_499, "999 KB"),
            (999_500, "1 MB"),
            (1_000_000, "1 MB"),
            (2_300_000, "2.3 MB"),
            (2_340_000, "2.3 MB"),
            (999_949_999, "999.9 MB"),
            (999_960_000, "1 GB"),
            (1_234_567_890, "1.23 GB"),
            (1_500_000_000_000, "1.5 TB"),
            (999_996_000_000, "1 TB"),
            (1_000_000_000_000_000, "1 PB"),
            (Int64.max, "9.22 EB"),
        ]

        @Test(arguments: appleTable)
        func matchesApplesFileStyle(_ byteCount: Int64, _ expected: String) {
            #expect(ByteCountFormat.string(byteCount) == expected)
        }

        @Test func noFormattedSizeUsesALocaleDependentSpace() {
            for (byteCount, _) in Self.appleTable {
                let text = ByteCountFormat.string(byteCount)
                #expect(text.unicodeScalars.allSatisfy { $0.isASCII }, "\(text.debugDescription)")
            }
        }

        // MARK: Cross-check with Foundation on this platform

        /// Foundation's formatter here, or nil where it is missing.
        static func foundationString(_ byteCount: Int64) -> String? {
            let formatter = ByteCountFormatter()
            formatter.countStyle = .file
            return formatter.string(fromByteCount: byteCount)
        }

        /// Values that round up to 1000 of a unit. Apple shows them in the next unit ("1 MB");
        /// swift-corelibs-foundation on Linux keeps "1,000 KB", so they are no use as a cross-check.
        static func roundsUpToTheNextUnit(_ byteCount: Int64) -> Bool {
            var value = Double(byteCount)
            let digits = [0, 1, 2, 2, 2, 2]
            for unit in 0..<6 {
                value /= 1000
                let scale = pow(10, Double(digits[unit]))
                if (value * scale).rounded() / scale < 1000 { return false }
                if value < 1000 { return true }
            }
            return false
        }

        /// Ties at the shown precision (2500 → "2 KB" or "3 KB"?) are rounded half-to-even by
        /// corelibs Foundation and half-up by ByteCountFormat; Apple's table does not settle it, so
        /// the spread avoids them.
        static func isTie(_ byteCount: Int64) -> Bool {
            guard byteCount >= 1000 else { return false }
            var unitSize: Int64 = 1000
            var unit = 0
            while unit < 5 && byteCount / unitSize >= 1000 {
                unitSize *= 1000
                unit += 1
            }
            let step = unitSize / [1, 10, 100, 100, 100, 100][unit]  // one shown digit, in bytes
            return byteCount % step == step / 2
        }

        /// Does Foundation on this platform agree with the Apple table wherever it can?
        static let foundationAgreesWithApple: Bool = appleTable.allSatisfy { byteCount, expected in
            roundsUpToTheNextUnit(byteCount) || foundationString(byteCount) == expected
        }

        static let spread: [Int64] = {
            var values: [Int64] = [
                3, 17, 420, 1_001, 4_096, 65_536, 100_000, 123_456, 999_000, 1_048_576,
                5_550_001, 10_485_760, 76_543_210, 987_654_321, 1_073_741_824,
                4_700_000_000, 58_000_000_001, 1_099_511_627_776, 3_210_987_654_321,
                1_125_899_906_842_624, 7_777_777_777_777_777,
            ]
            var next: Int64 = 1
            for _ in 0..<38 {
                next = next &* 3 &+ 7
                values.append(next)
            }
            return values.filter { $0 > 0 && !roundsUpToTheNextUnit($0) && !isTie($0) }
        }()

        @Test(
            .enabled(if: foundationAgreesWithApple, "Foundation's ByteCountFormatter here disagrees with Apple's table"),
            arguments: spread)
        func agreesWithFoundationAwayFromUnitBoundariesAndTies(_ byteCount: Int64) {
            #expect(ByteCountFormat.string(byteCount) == Self.foundationString(byteCount))
        }

        @Test func theCrossCheckExclusionsAreNarrow() {
            #expect(Self.roundsUpToTheNextUnit(999_500))
            #expect(Self.roundsUpToTheNextUnit(999_960_000))
            #expect(!Self.roundsUpToTheNextUnit(999_499))
            #expect(!Self.roundsUpToTheNextUnit(1_000_000))
            #expect(Self.isTie(2_500))
            #expect(Self.isTie(1_250_000))
            #expect(!Self.isTie(2_501))
            #expect(Self.spread.count > 40)
        }
    }
}
