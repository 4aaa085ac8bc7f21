import ChatModel
import Foundation
import Testing
@testable import ChatRenderCLI
import TestSupport

/// The README quotes the command line's own help, so the two cannot drift apart.
@Suite struct ReadmeUsageTests {
    func readme() throws -> String { try String(contentsOfFile: TestPaths.repo("README.md"), encoding: .utf8) }

    /// The first fenced block after the heading `## The command line`.
    func usageBlock(_ text: String) throws -> String {
        let heading = try #require(text.range(of: "\n## The command line\n"))
        let rest = text[heading.upperBound...]
        let open = try #require(rest.range(of: "```\n"))
        let close = try #require(rest[open.upperBound...].range(of: "\n```\n"))
        return String(rest[open.upperBound..<close.lowerBound]) + "\n"
    }

    @Test func theUsageBlockIsTheGeneratedOverview() throws {
        let block = try usageBlock(try readme())
        #expect(block == CLI.overview, "README.md's usage block differs from `chatrender --help`; paste its output there:\n\(CLI.overview)")
    }

    @Test func everyOptionTheDocsNameExists() throws {
        // Flags of other tools, and CSS custom properties, that the documents also mention.
        let others: Set<String> = [
            "--static-swift-stdlib", "--rm", "--replay", "--ci", "--quick", "--filter", "--no-sandbox",
            "--prefix", "--binary", "--markup-full", "--version", "--help", "--strip-components",
            // bench/run.sh's, the speed guard's.
            "--check", "--record",
        ]
        let cssPrefixes = ["--color-", "--radius-", "--type-", "--motion-", "--cr-"]
        let files =
            ["README.md"]
            + (try FileManager.default.contentsOfDirectory(atPath: TestPaths.repo("docs")))
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        let pattern = try NSRegularExpression(pattern: "(?<![A-Za-z0-9-])--[a-z][a-z0-9-]*[a-z0-9](?![A-Za-z0-9*-])")
        for file in files {
            let text = try String(contentsOfFile: TestPaths.repo(file), encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let name = String(text[Range(match.range, in: text)!])
                if others.contains(name) || cssPrefixes.contains(where: name.hasPrefix) { continue }
                let known = CLI.optionNames.contains(name)
                #expect(known, "\(file) names \(name), which no command takes")
            }
        }
    }

    @Test func theInstallScriptIsDocumented() throws {
        let text = try readme()
        #expect(text.contains("\n### Install from source\n"))
        #expect(text.contains("scripts/install --prefix"))
    }

    /// Set-up starts with the package, then building from source; the package it names is this
    /// version's.
    @Test func setUpStartsWithThePackage() throws {
        let text = try readme()
        let setUp = try #require(text.range(of: "\n## Set-up\n"))
        let headings = text[setUp.upperBound...].split(separator: "\n").filter { $0.hasPrefix("#") }.prefix(3)
        #expect(headings == ["### Install the Debian package", "### Build from source: two commands", "### Install from source"])
        #expect(text.contains("sudo apt install ./chatrender_\(ChatRenderVersion.string)_amd64.deb"))
    }
}
