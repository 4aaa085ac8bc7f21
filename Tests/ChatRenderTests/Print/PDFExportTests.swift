import Foundation
import Testing
@testable import ChatModel
@testable import ChatLoad
@testable import ChatTheme
@testable import ChatPlan
@testable import ChatRenderHTML
@testable import ChatOutput
@testable import ChatAssets
@testable import ChatBrowser
@testable import ChatRender
@testable import ChatRenderCLI
import TestSupport

/// A small PDF laid out the way Chromium writes one: numbered objects, a classic `xref` table with
/// 20-byte entries, a trailer and `startxref`.
struct TinyPDF {
    var objects: [String]

    var bytes: [UInt8] {
        var out = Array("%PDF-1.4\n%\u{e2}\u{e3}\u{cf}\u{d3}\n".utf8)
        var offsets: [Int] = []
        for (i, body) in objects.enumerated() {
            offsets.append(out.count)
            out += Array("\(i + 1) 0 obj\n\(body)\nendobj\n".utf8)
        }
        let xref = out.count
        out += Array("xref\n0 \(objects.count + 1)\n0000000000 65535 f \n".utf8)
        for offset in offsets {
            let digits = String(offset)
            out += Array((String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n").utf8)
        }
        out += Array("trailer\n<</Size \(objects.count + 1)\n/Root 2 0 R\n/Info 1 0 R>>\nstartxref\n\(xref)\n%%EOF\n".utf8)
        return out
    }

    static func chromiumLike(staging: String, printed: String) -> TinyPDF {
        TinyPDF(objects: [
            "<</Producer (Skia/PDF m156)\n/CreationDate (D:\(printed)+00'00')\n/ModDate (D:\(printed)+00'00')>>",
            "<</Type /Catalog\n/Pages 3 0 R>>",
            "<</Type /Pages\n/Kids [4 0 R]\n/Count 1>>",
            "<</Type /Page\n/Parent 3 0 R\n/Annots [5 0 R 6 0 R 7 0 R]>>",
            "<</Type /Annot\n/Subtype /Link\n/A <</Type /Action\n/S /URI\n/URI (file://\(staging)/assets/photo%20one.webp)>>>>",
            "<</Type /Annot\n/Subtype /Link\n/A <</Type /Action\n/S /URI\n/URI (https://example.com/a\\(b\\).pdf)>>>>",
            "<</Type /Annot\n/Subtype /Link\n/A <</Type /Action\n/S /URI\n/URI (file://\(staging)/assets/notes\\).txt)>>>>",
        ])
    }
}

/// Reads a PDF's `xref` table back: (object number, offset) of each object in use.
func crossReferences(_ pdf: [UInt8]) -> (start: Int, entries: [(Int, Int)])? {
    let text = String(decoding: pdf, as: UTF8.self)
    guard let keyword = text.range(of: "startxref\n", options: .backwards),
        let start = Int(text[keyword.upperBound...].prefix { $0.isNumber })
    else { return nil }
    let table = Array(pdf[start...])
    let lines = String(decoding: table, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.first == "xref" else { return nil }
    let header = lines[1].split(separator: " ").compactMap { Int($0) }
    var entries: [(Int, Int)] = []
    for k in 0..<header[1] {
        let line = lines[2 + k]
        if line.hasSuffix("n ") { entries.append((header[0] + k, Int(line.prefix(10))!)) }
    }
    return (start, entries)
}

@Suite("PDF export")
struct PDFExportTests {
    let staging = "/var/folders/x/out/.garden.chatrender-staging-Ab12Cd"

    @Test func structureIDsAreNumberedFromOneWhereverChromiumStarted() {
        func tagged(_ first: Int) -> [UInt8] {
            let ids = (0..<3).map { String(format: "node%08d", first + $0) }
            return Array(
                ("<</S /TH /ID (\(ids[0]))>> <</S /TH /ID (\(ids[2]))>> <</S /TH /ID (\(ids[1]))>>\n"
                    + "<</Headers [(\(ids[0])) (\(ids[1]))]>> /IDTree <</Names [(\(ids[0])) 1 0 R (\(ids[1])) 2 0 R (\(ids[2])) 3 0 R]>>\n"
                    + "/Title (node99999999) (node00000071x)").utf8)
        }
        var early = tagged(70), late = tagged(71)
        PDFExport.renumberStructureIDs(&early)
        PDFExport.renumberStructureIDs(&late)
        #expect(early == late)
        #expect(early.count == tagged(70).count)
        let text = String(decoding: early, as: UTF8.self)
        #expect(text.hasPrefix("<</S /TH /ID (node00000001)>> <</S /TH /ID (node00000003)>> <</S /TH /ID (node00000002)>>"))
        #expect(text.contains("/IDTree <</Names [(node00000001) 1 0 R (node00000002) 2 0 R (node00000003) 3 0 R]>>"))
        // Strings that are not structure ids are left as they are.
        #expect(text.hasSuffix("/Title (node99999999) (node00000071x)"))
    }

    @Test func datesGoLinksBecomeRelativeAndEveryOffsetStillPointsAtItsObject() throws {
        let input = TinyPDF.chromiumLike(staging: staging, printed: "20261130035721").bytes
        let output = PDFExport.tidy(input, staging: staging)
        let text = String(decoding: output, as: UTF8.self)
        #expect(!text.contains("CreationDate") && !text.contains("ModDate"))
        #expect(text.contains("/URI (assets/photo%20one.webp)>>"))
        #expect(text.contains("/URI (assets/notes\\).txt)>>"))
        #expect(text.contains("/URI (https://example.com/a\\(b\\).pdf)>>"))
        #expect(!text.contains("staging") && !text.contains("file:"))
        #expect(output.count < input.count)
        let table = try #require(crossReferences(output))
        #expect(output[table.start...].starts(with: Array("xref".utf8)))
        #expect(table.entries.count == 7)
        for (number, offset) in table.entries {
            #expect(output[offset...].starts(with: Array("\(number) 0 obj\n".utf8)), "object \(number)")
        }
        #expect(text.hasSuffix("%%EOF\n"))
    }

    @Test func theSamePageGivesTheSameBytesWhateverTheTimeAndFolder() {
        let first = PDFExport.tidy(TinyPDF.chromiumLike(staging: staging, printed: "20261130035721").bytes, staging: staging)
        let elsewhere = "/home/someone/a much longer folder name/site/.site.chatrender-staging-Zz99Yy"
        let second = PDFExport.tidy(TinyPDF.chromiumLike(staging: elsewhere, printed: "20270101120000").bytes, staging: elsewhere)
        #expect(first == second)
    }

    @Test func aFileWithoutAClassicTableKeepsItsLengthWithBlanks() {
        var input = TinyPDF.chromiumLike(staging: staging, printed: "20261130035721").bytes
        // A cross-reference stream instead of a table: offsets cannot be rewritten, so nothing moves.
        let text = String(decoding: input, as: UTF8.self)
        let xref = text.range(of: "xref\n0 ")!
        let start = text.utf8.distance(from: text.startIndex, to: xref.lowerBound)
        input.replaceSubrange(start..<(start + 4), with: Array("XREF".utf8))
        let output = PDFExport.tidy(input, staging: staging)
        #expect(output.count == input.count)
        let tidied = String(decoding: output, as: UTF8.self)
        #expect(!tidied.contains("CreationDate"))
        #expect(tidied.contains("/URI (assets/photo%20one.webp)   "))
    }

    @Test func stringsThatAreNotDatesOrStagingLinksAreLeftAlone() {
        let pdf = TinyPDF(objects: [
            "<</Title (/CreationDate \\(not a date\\))\n/CreationDate (yesterday)>>",
            "<</Type /Catalog>>",
            "<</URI (file:///srv/other/assets/x.webp)>>",
        ]).bytes
        #expect(PDFExport.tidy(pdf, staging: staging) == pdf)
    }
}

@Suite("render --pdf on the command line")
struct PDFCommandTests {
    let garden = TestPaths.repo("examples/garden/conversation.json")

    func hint() -> String { HeadlessChromium.installHint }

    @Test func noChromiumExits69WithTheInstallHintAndWritesNothing() throws {
        let dir = TestPaths.temporaryFolder("pdf")
        let run = try CLIRun.run(
            ["render", garden, "--out", "o", "--pdf"], in: dir,
            environment: ["CHATRENDER_CHROMIUM": dir + "/no-such-chromium"])
        #expect(run.status == 69)
        #expect(run.stderr.contains("--pdf needs headless Chromium"))
        #expect(run.stderr.contains("CHATRENDER_CHROMIUM is \"\(dir)/no-such-chromium\", which is not an executable file"))
        #expect(run.stderr.contains(hint()))
        #expect(run.stderr.hasSuffix("Nothing was written.\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test func noChromiumOnPathExits69AndNamesWhatItLookedFor() throws {
        let dir = TestPaths.temporaryFolder("pdf")
        let emptyBin = dir + "/bin"
        try FileManager.default.createDirectory(atPath: emptyBin, withIntermediateDirectories: true)
        let run = try CLIRun.run(
            ["render", garden, "--out", "o", "--pdf", "--paper", "letter"], in: dir,
            environment: ["CHATRENDER_CHROMIUM": "", "PATH": emptyBin])
        #expect(run.status == 69)
        #expect(run.stderr.contains("looked for chromium, chromium-browser, google-chrome and google-chrome-stable on PATH"))
        #expect(run.stderr.contains(hint()))
        #expect(!FileManager.default.fileExists(atPath: dir + "/o"))
    }

    @Test func aChromiumThatFailsLeavesThePreviousOutputAsItWas() throws {
        let dir = TestPaths.temporaryFolder("pdf")
        let first = try CLIRun.run(["render", garden, "--out", "o", "-q"], in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        let before = try Data(contentsOf: URL(fileURLWithPath: dir + "/o/index.html"))
        let listing = try FileManager.default.contentsOfDirectory(atPath: dir + "/o").sorted()
        // An executable that exits at once, as a broken browser install would.
        let run = try CLIRun.run(
            ["render", garden, "--out", "o", "--pdf", "--markup", "full"], in: dir,
            environment: ["CHATRENDER_CHROMIUM": "/bin/false"])
        #expect(run.status == 69)
        #expect(run.stderr.hasPrefix("/bin/false: error: Chromium did not start"))
        #expect(!run.stderr.contains("wrote"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/o/index.html")) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/o").sorted() == listing)
        #expect(!listing.contains("index.pdf"))
        // No staging folder is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["o"])
    }

    @Test func paperAndCombinationsAreCheckedFirst() throws {
        let dir = TestPaths.temporaryFolder("pdf")
        let bad = try CLIRun.run(["render", garden, "--out", "o", "--pdf", "--paper", "a5"], in: dir)
        #expect(bad.status == 64)
        #expect(bad.stderr == "chatrender: error: --paper must be a4 or letter, not \"a5\"\n")
        let alone = try CLIRun.run(["render", garden, "--out", "o", "--paper", "letter"], in: dir)
        #expect(alone.status == 64)
        #expect(alone.stderr == "chatrender: error: --paper applies only with --pdf\n")
        let single = try CLIRun.run(["render", garden, "--out", "o", "--pdf", "--single-file"], in: dir)
        #expect(single.status == 64)
        #expect(single.stderr.contains("does not work with --single-file"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test func theBrowserIsFoundBeforeAnyWork() throws {
        let environment = ["CHATRENDER_CHROMIUM": "/bin/sh", "PATH": "/nonexistent"]
        #expect(try CLI.pdfOptions(paper: .letter, environment: environment) == PDFOptions(chromium: "/bin/sh", paper: .letter))
        do {
            _ = try CLI.pdfOptions(paper: .a4, environment: ["CHATRENDER_CHROMIUM": "", "PATH": "/nonexistent"])
            Issue.record("found a browser where there is none")
        } catch {
            #expect(error.kind == .unavailable)
            #expect(CLI.ExitCode(error.kind) == .unavailable)
            #expect(error.description.hasPrefix("chatrender: error: --pdf needs headless Chromium"))
        }
    }

    @Test func helpDescribesPDFAndItsExitCode() throws {
        let help = try CLIRun.run(["render", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("\n  --pdf "))
        #expect(help.stdout.contains("\n  --paper a4|letter "))
        #expect(help.stdout.contains("\n  69  Chromium missing or not starting (--pdf, check --png)\n"))
        #expect(help.stdout.contains("\n  --paper applies only with --pdf\n"))
    }
}
