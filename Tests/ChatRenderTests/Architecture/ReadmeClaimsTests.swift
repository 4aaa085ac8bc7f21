import Foundation
import Testing
@testable import ChatLoad
import TestSupport

/// What the README says of the files it ships stays true: each size it gives a page script
/// ("`viewer.js` 10.6 KB", "`templates/viewer.js`: 10.6 KB") is that file's size, in kilobytes of
/// 1,000 bytes rounded to one decimal. A script that grows past its claim fails here, naming both.
@Suite struct ReadmeClaimsTests {
    @Test func theScriptSizesTheReadmeGivesAreTheFilesSizes() throws {
        let readme = try String(contentsOfFile: TestPaths.repo("README.md"), encoding: .utf8)
        // A script's name in backticks, then (across a line break and a colon at most) its size.
        let claims = readme.matches(of: /`(?:templates\/)?([a-z]+\.js)`:?\s+(\d+(?:\.\d)?) KB/)
        #expect(claims.count >= 3, "the README's script sizes were not found")
        for claim in claims {
            let name = String(claim.1), claimed = Double(claim.2)!
            let size = try #require(try FileManager.default.attributesOfItem(atPath: TestPaths.repo("templates/" + name))[.size] as? Int)
            let actual = (Double(size) / 100).rounded() / 10
            #expect(actual == claimed, "README says \(name) is \(claimed) KB; it is \(actual) KB (\(size) bytes)")
        }
    }

    /// The number of formats the README gives is the table's (``ExportReaders/all``), as
    /// `chatrender help import` counts them.
    @Test func theReadmeCountsTheFormatsOfTheTable() throws {
        let readme = try String(contentsOfFile: TestPaths.repo("README.md"), encoding: .utf8)
        let claim = try #require(readme.firstMatch(of: /chatrender reads \*\*(\d+) formats\*\*/), "the README gives no count of formats")
        #expect(Int(claim.1) == ExportReaders.all.count, "README says \(claim.1) formats; the table has \(ExportReaders.all.count)")
        let help = try CLIRun.run(["help", "import"])
        // The help wraps its lines: the words are compared with the runs of white space made one.
        let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("one of the \(ExportReaders.all.count) formats below"), "\(help.stdout)")
    }
}
