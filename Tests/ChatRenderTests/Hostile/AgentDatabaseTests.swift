import CSQLite
import Foundation
import Testing
@testable import ChatModel
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// An agent's database is read as it is left, without a write beside it: opencode keeps
/// `opencode.db` in WAL mode, and SQLite opened on it (even read-only) made `-wal` and `-shm`
/// beside it and checkpointed a running opencode's `-wal` into it. A FIFO in its place hung the
/// run; a generated column of `hex(zeroblob(1e8))` took 1.87 GB. Each test writes its database
/// itself, runs the real command and looks at the folder afterwards.
@Suite struct AgentDatabaseTests {
    /// A database connection of the test's own, as a running agent holds one.
    final class Writer {
        var db: OpaquePointer?
        init(_ path: String) throws {
            try #require(sqlite3_open(path, &db) == SQLITE_OK)
        }
        func run(_ sql: String) throws {
            var error: UnsafeMutablePointer<CChar>?
            let status = sqlite3_exec(db, sql, nil, nil, &error)
            let message = error.map { String(cString: $0) } ?? ""
            sqlite3_free(error)
            try #require(status == SQLITE_OK, "\(message)")
        }
        deinit { sqlite3_close(db) }
    }

    /// Every file in `folder` with its bytes.
    static func snapshot(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            files[name] = FileManager.default.contents(atPath: folder + "/" + name)
        }
        return files
    }

    @Test func aRunningAgentsWALIsReadAndNothingIsWrittenBesideTheDatabase() throws {
        let temp = TestPaths.temporaryFolder("agent-db-wal")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let data = temp + "/opencode"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestPaths.fixture("import/opencode/data/opencode.db"), toPath: data + "/opencode.db")
        // As opencode leaves it: WAL mode, and a session written after the last checkpoint, held
        // in the -wal by a connection still open.
        let writer = try Writer(data + "/opencode.db")
        try writer.run("PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0;")
        try writer.run(
            """
            INSERT INTO session (id, project_id, slug, directory, title, version, time_created, time_updated)
              VALUES ('ses_9z', 'p', '9z', '/home/ana/src/ledger', 'Written after the last checkpoint', '1.2.10', 1786000000000, 1786000001000);
            INSERT INTO message VALUES ('msg_9z', 'ses_9z', 1786000000000, 1786000000000, '{"role":"user","time":{"created":1786000000000}}');
            INSERT INTO part VALUES ('prt_9z', 'msg_9z', 'ses_9z', 1786000000000, 1786000000000, '{"type":"text","text":"Only in the WAL so far"}');
            """)
        let before = try Self.snapshot(data)
        #expect(before.keys.sorted() == ["opencode.db", "opencode.db-shm", "opencode.db-wal"])
        for input in [data, data + "/opencode.db"] {
            let out = temp + "/out-\(input.count)"
            let run = try CLIRun.run(["render", input, "--out", out, "-q"])
            #expect(run.status == 0, "\(run.stderr)")
            // The rows in the -wal are read …
            let index = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
            #expect(index.contains("Written after the last checkpoint"))
            // … and the folder is as the agent left it, byte for byte.
            #expect(try Self.snapshot(data) == before)
        }
        withExtendedLifetime(writer) {}
    }

    @Test func aDatabaseOnReadOnlyMediaIsRead() throws {
        let temp = TestPaths.temporaryFolder("agent-db-readonly")
        defer {
            _ = chmod(temp + "/ro", 0o755)
            try? FileManager.default.removeItem(atPath: temp)
        }
        let data = temp + "/ro"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestPaths.fixture("import/opencode/data/opencode.db"), toPath: data + "/opencode.db")
        // A folder no one may write in (root may anyway, so the check is that nothing appears).
        #expect(chmod(data + "/opencode.db", 0o444) == 0 && chmod(data, 0o555) == 0)
        let run = try CLIRun.run(["render", data, "--out", temp + "/out", "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: data) == ["opencode.db"])
    }

    @Test(arguments: [[String](), ["--from", "opencode"]])
    func aFIFOInPlaceOfTheDatabaseIsRefusedWithoutWaiting(_ from: [String]) throws {
        let temp = TestPaths.temporaryFolder("agent-db-fifo")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let data = temp + "/opencode"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        #expect(mkfifo(data + "/opencode.db", 0o600) == 0)
        let started = Date()
        let run = try CLIRun.run(["render"] + from + [data, "--out", temp + "/out"])
        #expect(Date().timeIntervalSince(started) < 15)
        #expect(run.status == 65 || run.status == 66, "\(run.status) \(run.stderr)")
        #expect(run.stderr.contains("opencode.db"), "\(run.stderr)")
        #expect(run.stderr.contains("not a regular file"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: data) == ["opencode.db"])
        #expect(!FileManager.default.fileExists(atPath: temp + "/out"))
    }

    /// The command's exit status and its peak memory (kilobytes), from the kernel's own count as
    /// GNU time reads it. (A child spawned straight from this process starts as a copy-free clone
    /// of it, and the kernel keeps this process's size as the child's peak across its exec.)
    static func peakMemory(_ arguments: [String]) throws -> (status: Int32, kilobytes: Int) {
        let time = "/usr/bin/time"
        try #require(FileManager.default.isExecutableFile(atPath: time), "GNU time is needed (Debian's time package; scripts/test installs it)")
        let report = TestPaths.temporaryFolder("peak") + "/peak.txt"
        defer { try? FileManager.default.removeItem(atPath: (report as NSString).deletingLastPathComponent) }
        let run = try CLIRun.run(["-f", "%M", "-o", report, TestPaths.executable] + arguments, executable: time)
        let text = try String(contentsOfFile: report, encoding: .utf8)
        let kilobytes = Int(text.split(separator: "\n").last.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? "") ?? Int.max
        return (run.status, kilobytes)
    }

    @Test func anAmplifyingDatabaseIsRefusedInLittleMemory() throws {
        let temp = TestPaths.temporaryFolder("agent-db-amplify")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let data = temp + "/opencode"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        do {
            // A few kilobytes on disk; 200 MB of text for each message read.
            let writer = try Writer(data + "/opencode.db")
            try writer.run(
                """
                CREATE TABLE session (id text PRIMARY KEY, project_id text, slug text, directory text, title text, version text,
                  parent_id text, time_created integer, time_updated integer);
                CREATE TABLE message (id text PRIMARY KEY, session_id text, time_created integer, time_updated integer,
                  data text GENERATED ALWAYS AS (hex(zeroblob(100000000))) VIRTUAL);
                CREATE TABLE part (id text PRIMARY KEY, message_id text, session_id text, time_created integer, time_updated integer, data text);
                INSERT INTO session VALUES ('ses_1', 'p', '1', '/x', 'Big', '1.2.10', NULL, 1, 2);
                INSERT INTO message (id, session_id, time_created, time_updated) VALUES ('msg_1', 'ses_1', 1, 1), ('msg_2', 'ses_1', 2, 2);
                """)
        }
        let size = try FileManager.default.attributesOfItem(atPath: data + "/opencode.db")[.size] as? Int ?? 0
        #expect(size < 64 * 1024)
        let (status, kilobytes) = try Self.peakMemory(["render", data, "--out", temp + "/out"])
        #expect(status == 65, "exit \(status)")
        #expect(kilobytes < 500 * 1024, "peak \(kilobytes) KB")
        #expect(!FileManager.default.fileExists(atPath: temp + "/out"))
        let run = try CLIRun.run(["render", data, "--out", temp + "/out"])
        #expect(run.stderr.contains("opencode.db: error: a value over the 64 MB limit while reading it"), "\(run.stderr)")
    }

    @Test func aValueOverTheFieldLimitIsCutWithAWarningAndTheRestRenders() throws {
        let temp = TestPaths.temporaryFolder("agent-db-cut")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let data = temp + "/opencode"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestPaths.fixture("import/opencode/data/opencode.db"), toPath: data + "/opencode.db")
        do {
            let writer = try Writer(data + "/opencode.db")
            // 20 MB of text in one part of a session that has others.
            try writer.run(
                """
                INSERT INTO part SELECT 'prt_zz', message_id, session_id, time_created, time_updated,
                  '{"type":"text","text":"' || hex(zeroblob(10000000)) || '"}' FROM part LIMIT 1;
                """)
        }
        let run = try CLIRun.run(["render", data, "--out", temp + "/out"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("a value of column \"data\" over the 16 MB limit for one value; cut there"), "\(run.stderr)")
        #expect(run.stderr.contains("part prt_zz: its data is not JSON"), "\(run.stderr)")
    }
}
