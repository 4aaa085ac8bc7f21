import Foundation
import Testing
@testable import ChatModel
@testable import ChatLoad
import TestSupport

/// The zip reader on honest archives (stored, deflate, ZIP64, UTF-8 and CP437 names, archives
/// made by Info-ZIP's `zip`) and on every hostile one it must refuse with the archive's name,
/// the entry's name and what is wrong.
@Suite struct ZipArchiveTests {
    typealias Entry = ZipBuilder.Entry

    /// Opens `builder`'s archive from a temporary file.
    func open(_ builder: ZipBuilder, limits: ZipLimits = .standard) throws(DiagnosticError) -> ZipArchive {
        try open(bytes: builder.build(), limits: limits)
    }

    func open(bytes: [UInt8], limits: ZipLimits = .standard) throws(DiagnosticError) -> ZipArchive {
        let folder = TestPaths.temporaryFolder("zip")
        let path = folder + "/t.zip"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The descriptor stays open after the file is removed: reads still work.
        return try ZipArchive(path: path, displayPath: "t.zip", limits: limits)
    }

    /// The messages `body` throws, as printed.
    func errors(_ body: () throws(DiagnosticError) -> Void) -> [String] {
        do {
            try body()
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    func openErrors(_ builder: ZipBuilder, limits: ZipLimits = .standard) -> [String] {
        errors { () throws(DiagnosticError) in _ = try open(builder, limits: limits) }
    }

    /// The entry, or a diagnostic saying the test's archive lacks it.
    func named(_ archive: ZipArchive, _ name: String) throws(DiagnosticError) -> ZipEntry {
        guard let entry = archive.entry(named: name) else { throw DiagnosticError(Diagnostic(file: "test", message: "no entry \(name)")) }
        return entry
    }

    func readErrors(_ builder: ZipBuilder, entry: String) -> [String] {
        errors { () throws(DiagnosticError) in
            let archive = try open(builder)
            _ = try archive.read(try named(archive, entry), limit: 1 << 20, what: "a test")
        }
    }

    // MARK: Honest archives

    @Test func storedAndDeflatedEntriesReadBackWithTheirCRC() throws {
        let text = String(repeating: "Lisbon trams climb the hills. ", count: 400)
        let archive = try open(ZipBuilder([Entry("a.txt", "stored"), Entry("dir/b.txt", text, deflate: true), Entry("empty", "")]))
        #expect(archive.entries.map(\.name) == ["a.txt", "dir/b.txt", "empty"])
        #expect(archive.entries.map(\.method) == [0, 8, 0])
        #expect(try archive.read(#require(archive.entry(named: "a.txt")), limit: 100, what: "x") == Array("stored".utf8))
        let b = try #require(archive.entry(named: "dir/b.txt"))
        #expect(b.compressedSize < b.uncompressedSize / 10)
        #expect(try archive.read(b, limit: 1 << 20, what: "x") == Array(text.utf8))
        #expect(try archive.read(#require(archive.entry(named: "empty")), limit: 1, what: "x") == [])
        #expect(archive.head(b, count: 6) == Array("Lisbon".utf8))
    }

    @Test func zip64RecordsAndExtraFields() throws {
        var big = Entry("photos/big.bin", bytes: (0..<70_000).map { UInt8($0 % 251) }, deflate: true)
        big.zip64 = true
        var small = Entry("note.txt", "hello")
        small.zip64 = true
        let archive = try open(ZipBuilder([big, small, Entry("plain.txt", "plain")], zip64End: true))
        #expect(archive.entries.count == 3)
        let entry = try #require(archive.entry(named: "photos/big.bin"))
        #expect(entry.uncompressedSize == 70_000)
        #expect(try archive.read(entry, limit: 1 << 20, what: "x") == (0..<70_000).map { UInt8($0 % 251) })
        #expect(try archive.read(#require(archive.entry(named: "note.txt")), limit: 10, what: "x") == Array("hello".utf8))
    }

    @Test func archivesMadeByInfoZIP() throws {
        let export = TestPaths.fixture("import/chatgpt/export")
        for (fixture, prefix) in [("export-zip64.zip", "export/"), ("export-deflated.zip", "")] {
            let archive = try ZipArchive(path: TestPaths.fixture("import/chatgpt/" + fixture))
            for name in ["conversations.json", "file-Img001-tram.png", "user-abc/file_00000000aa11-3f2c.png"] {
                let entry = try #require(archive.entry(named: prefix + name), "\(fixture): \(name)")
                #expect(entry.method == 8)
                let original = try #require(FileManager.default.contents(atPath: export + "/" + name))
                #expect(try archive.read(entry, limit: 1 << 20, what: "x") == [UInt8](original), "\(fixture): \(name)")
            }
        }
    }

    @Test func namesFlaggedUTF8OrInCodePage437OrInfoZIPUnicode() throws {
        var cp437 = Entry(rawName: [0x63, 0x61, 0x66, 0x82, 0x2E, 0x74, 0x78, 0x74], bytes: [1])  // "caf\x82.txt"
        cp437.flags = 0
        var unicode = Entry(rawName: Array("ascii-fallback.txt".utf8), bytes: [2])
        let real = Array("日本.txt".utf8)
        unicode.centralExtra = ZipBuilder.extra(0x7075, [1] + ZipBuilder.u32(ZipCRC.checksum(Array("ascii-fallback.txt".utf8))) + real)
        let archive = try open(ZipBuilder([Entry("Ünïcode — plan.txt", "x"), cp437, unicode]))
        #expect(archive.entries.map(\.name) == ["Ünïcode — plan.txt", "café.txt", "日本.txt"])
        // A name flagged UTF-8 that is not.
        var broken = Entry(rawName: [0x61, 0xC3, 0x28], bytes: [])
        broken.flags = 0x0800
        #expect(openErrors(ZipBuilder([broken])) == ["t.zip: error: entry \"a\u{FFFD}(\": the name is flagged UTF-8 but is not valid UTF-8"])
    }

    @Test func aCommentAfterTheEndRecordIsSkipped() throws {
        var builder = ZipBuilder([Entry("a.txt", "a")])
        builder.comment = Array("PK\u{5}\u{6} not a record, just a comment".utf8)
        #expect(try open(builder).entries.map(\.name) == ["a.txt"])
    }

    // MARK: Hostile names

    @Test func unsafeNamesAreRefusedWithTheEntryNamed() {
        let cases: [(String, String)] = [
            ("../../etc/passwd", "the name contains \"..\", which would leave the folder it is extracted into"),
            ("a/../../b", "the name contains \"..\", which would leave the folder it is extracted into"),
            ("/etc/passwd", "the name is an absolute path; expected a path relative to the archive"),
            ("C:/Windows/win.ini", "the name starts with a drive letter; expected a path relative to the archive"),
            ("a\\..\\b.txt", "the name contains a backslash; expected '/' between folders"),
            ("a\u{0}.png", "the name contains a NUL character"),
            ("a\u{1B}[31m.txt", "the name contains a control character"),
            ("a//b.txt", "the name contains an empty component (\"//\"); expected a plain relative path"),
            ("./a.txt", "the name contains a \".\" component; expected a plain relative path"),
            ("", "the name is empty; expected a relative path"),
        ]
        for (name, why) in cases {
            let shown = ZipEntry.describe(name)
            #expect(openErrors(ZipBuilder([Entry("ok.txt", "x"), Entry(name, "evil")])) == ["t.zip: error: \(shown): \(why)"], "\(name)")
        }
    }

    @Test func duplicateNamesAreRefused() {
        #expect(
            openErrors(ZipBuilder([Entry("a.png", "1"), Entry("b.png", "2"), Entry("a.png", "3")]))
                == ["t.zip: error: entry \"a.png\": the name appears twice (entries 1 and 3); expected each name once"])
    }

    // MARK: Zip bombs and lies

    @Test func overlappingEntriesAreRefused() {
        var twin = Entry("b.bin", bytes: Array(repeating: 0, count: 100))
        twin.sharesDataWith = 0
        #expect(
            openErrors(ZipBuilder([Entry("a.bin", bytes: Array(repeating: 0, count: 100)), twin])).first?
                .contains("its data overlaps entry \"") == true)
        // Data that would run into the central directory.
        var long = Entry("a.bin", "abc")
        long.compressedSize = 500
        long.uncompressedSize = 500
        #expect(
            openErrors(ZipBuilder([long])) == [
                "t.zip: error: entry \"a.bin\": its data runs into the central directory; the zip archive is truncated or damaged"
            ])
    }

    @Test func sizeCountAndRatioLimits() {
        var limits = ZipLimits()
        limits.maxEntries = 2
        #expect(
            openErrors(ZipBuilder([Entry("a", "1"), Entry("b", "2"), Entry("c", "3")]), limits: limits)
                == ["t.zip: error: 3 entries; expected at most 2 in a zip archive"])
        // The count is checked before the directory is read, so a claimed billion costs nothing.
        var claims = ZipBuilder([Entry("a", "1")], zip64End: true)
        claims.claimedCount = 1_000_000_000
        #expect(openErrors(claims) == ["t.zip: error: 1000000000 entries; expected at most 100000 in a zip archive"])

        limits = ZipLimits()
        limits.maxEntrySize = 1000
        #expect(
            openErrors(ZipBuilder([Entry("big.bin", bytes: Array(repeating: 7, count: 1001))]), limits: limits)
                == ["t.zip: error: entry \"big.bin\": 1 KB uncompressed; expected at most 1 KB for one entry"])
        limits = ZipLimits()
        limits.maxTotalSize = 1500
        #expect(
            openErrors(
                ZipBuilder([Entry("a.bin", bytes: Array(repeating: 7, count: 1000)), Entry("b.bin", bytes: Array(repeating: 7, count: 1000))]), limits: limits)
                == ["t.zip: error: the entries add up to 2 KB uncompressed; expected at most 2 KB"])

        // 2 MB of zeros deflates about 1000:1: a bomb's ratio.
        let zeros = Entry("zeros.bin", bytes: Array(repeating: 0, count: 2 << 20), deflate: true)
        let message = openErrors(ZipBuilder([zeros]))
        #expect(
            message.count == 1 && message[0].hasPrefix("t.zip: error: entry \"zeros.bin\": compressed ")
                && message[0].hasSuffix(":1, over the 200:1 limit (a zip bomb?)"))
    }

    @Test func anEntryThatInflatesPastItsDeclaredSizeStops() {
        var liar = Entry("liar.txt", String(repeating: "a", count: 5000), deflate: true)
        liar.uncompressedSize = 10
        #expect(
            readErrors(ZipBuilder([liar]), entry: "liar.txt")
                == ["t.zip: error: entry \"liar.txt\": inflates past its declared 10 bytes (a zip bomb or a damaged archive)"])
        var short = Entry("short.txt", "abc", deflate: true)
        short.uncompressedSize = 9
        #expect(
            readErrors(ZipBuilder([short]), entry: "short.txt")
                == ["t.zip: error: entry \"short.txt\": inflates to 3 bytes but the central directory says 9; the zip archive is damaged"])
    }

    @Test func crcMismatchUnsupportedMethodAndLocalNameMismatch() {
        var bad = Entry("photo.png", "not what was stored")
        bad.crc = 0x1234_5678
        #expect(readErrors(ZipBuilder([bad]), entry: "photo.png").first?.hasPrefix("t.zip: error: entry \"photo.png\": CRC-32 mismatch (0x") == true)
        var bzip = Entry("a.txt", "x")
        bzip.method = 12
        #expect(
            readErrors(ZipBuilder([bzip]), entry: "a.txt")
                == ["t.zip: error: entry \"a.txt\": compression method 12 (bzip2) is not supported; expected stored (0) or deflate (8)"])
        var disguised = Entry("safe.txt", "x")
        disguised.localName = Array("../x.txt".utf8)
        #expect(
            readErrors(ZipBuilder([disguised]), entry: "safe.txt")
                == [
                    "t.zip: error: entry \"safe.txt\": the local header names entry \"../x.txt\"; the two copies of the name must agree (a hostile or damaged archive)"
                ])
        var damaged = ZipBuilder([Entry("d.txt", String(repeating: "xyz", count: 300), deflate: true)]).build()
        damaged[40] ^= 0xFF  // inside the deflate stream
        damaged[41] ^= 0xFF
        let messages = errors { () throws(DiagnosticError) in
            let archive = try open(bytes: damaged)
            _ = try archive.read(try named(archive, "d.txt"), limit: 1 << 20, what: "x")
        }
        #expect(messages.count == 1 && messages[0].hasPrefix("t.zip: error: entry \"d.txt\": "))
    }

    @Test func encryptedArchivesAreNotSupported() {
        var secret = Entry("conversations.json", "xx")
        secret.flags = 0x0001
        #expect(
            openErrors(ZipBuilder([secret]))
                == [
                    "t.zip: error: entry \"conversations.json\": encrypted zip is not supported; export again without a password, or unzip it and pass the folder"
                ])
    }

    // MARK: Truncated and not zips

    @Test func truncatedAndForeignFiles() {
        let whole = ZipBuilder([Entry("a.txt", "hello"), Entry("b.txt", String(repeating: "b", count: 300), deflate: true)]).build()
        // Every prefix and every one-byte change fails with a diagnostic or reads back; never a trap.
        for length in 0..<whole.count {
            let result = errors { () throws(DiagnosticError) in
                let archive = try open(bytes: Array(whole[0..<length]))
                for entry in archive.entries { _ = try archive.read(entry, limit: 1 << 20, what: "x") }
            }
            #expect(!result.isEmpty, "a \(length)-byte prefix was accepted")
        }
        for index in 0..<whole.count {
            var changed = whole
            changed[index] ^= 0x5A
            _ = errors { () throws(DiagnosticError) in
                let archive = try open(bytes: changed)
                for entry in archive.entries where !entry.isDirectory { _ = try archive.read(entry, limit: 1 << 20, what: "x") }
            }
        }
        #expect(
            errors { () throws(DiagnosticError) in _ = try open(bytes: Array(whole[0..<40])) }
                == ["t.zip: error: no end-of-central-directory record; the zip archive is truncated or damaged"])
        #expect(errors { () throws(DiagnosticError) in _ = try open(bytes: []) } == ["t.zip: error: the file is empty; expected a zip archive"])
        #expect(
            errors { () throws(DiagnosticError) in _ = try open(bytes: Array("{\"not\": \"a zip at all, just some JSON text\"}".utf8)) }
                == ["t.zip: error: not a zip archive (no end-of-central-directory record)"])
        #expect(
            errors { () throws(DiagnosticError) in _ = try ZipArchive(path: "/nonexistent/x.zip", displayPath: "x.zip") }
                == ["x.zip: error: no such file; expected a zip archive"])
    }
}
