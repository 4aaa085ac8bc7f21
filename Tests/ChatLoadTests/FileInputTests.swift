import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension LoadTests {
    /// Reading the conversation file through `ConversationLoader.load(path:)`: only regular files,
    /// never blocking, with the right failure kind for the exit code.
    @Suite("Conversation file input")
    struct FileInputTests {
        /// A fresh empty directory, removed when `body` returns.
        private static func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
            let path = NSTemporaryDirectory() + "chatrender-load-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: path) }
            return try body(path)
        }

        /// The error thrown when loading `path`, or nil (after recording an issue) when it loads.
        private static func failure(_ path: String, displayPath: String) -> DiagnosticError? {
            do {
                let (conversation, _) = try ConversationLoader.load(path: path, displayPath: displayPath)
                Issue.record("loaded \(conversation)")
                return nil
            } catch {
                return error
            }
        }

        /// A large input is mapped rather than read: the same bytes, the same refusals.
        @Test func aMappedFileHoldsTheFilesBytes() throws {
            try Self.withTemporaryDirectory { dir in
                let path = dir + "/s.jsonl"
                let bytes = (0..<(3 * 4096 + 123)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                let mapped = try FileInput.map(path: path, displayPath: "s.jsonl", limit: 1 << 20, what: "session")
                #expect(mapped.withBytes { Array($0) } == bytes)
                #expect(!mapped.wasCut)
                // An empty file cannot be mapped: it is read, as nothing.
                try Data().write(to: URL(fileURLWithPath: path))
                #expect(try FileInput.map(path: path, displayPath: "s.jsonl", limit: 1 << 20, what: "session").withBytes { $0.count } == 0)
                do throws(DiagnosticError) {
                    _ = try FileInput.map(path: dir + "/missing.jsonl", displayPath: "missing.jsonl", limit: 1 << 20, what: "session")
                    Issue.record("mapped a missing file")
                } catch {
                    #expect(error.kind == .missingInput)
                    #expect(error.description.contains("missing.jsonl: error: no such file"))
                }
                do throws(DiagnosticError) {
                    _ = try FileInput.map(path: dir, displayPath: "dir", limit: 1 << 20, what: "session")
                    Issue.record("mapped a folder")
                } catch {
                    #expect(error.kind == .badData)
                }
            }
        }

        /// Another program cutting a mapped file short would stop the process with SIGBUS when
        /// the lost pages are read; they read as zeros instead, and the mapping says it was cut.
        @Test func aFileCutShortWhileMappedReadsAsZerosAndSaysSo() throws {
            try Self.withTemporaryDirectory { dir in
                let path = dir + "/s.jsonl"
                let page = Int(sysconf(Int32(_SC_PAGESIZE)))
                try Data(repeating: UInt8(ascii: "x"), count: 5 * page).write(to: URL(fileURLWithPath: path))
                let other = dir + "/other.jsonl"
                try Data(repeating: UInt8(ascii: "y"), count: 2 * page).write(to: URL(fileURLWithPath: other))
                let mapped = try FileInput.map(path: path, displayPath: "s.jsonl", limit: 1 << 20, what: "session")
                let untouched = try FileInput.map(path: other, displayPath: "other.jsonl", limit: 1 << 20, what: "session")
                #expect(truncate(path, off_t(page)) == 0)
                let seen = mapped.withBytes { Array($0) }
                #expect(seen.count == 5 * page)
                #expect(seen[..<page].allSatisfy { $0 == UInt8(ascii: "x") })
                #expect(seen[page...].allSatisfy { $0 == 0 })
                #expect(mapped.wasCut)
                #expect(!untouched.wasCut)
                #expect(untouched.withBytes { $0.allSatisfy { $0 == UInt8(ascii: "y") } })
            }
        }

        @Test func loadsARegularFileAndNamesItByTheDisplayPath() throws {
            try Self.withTemporaryDirectory { dir in
                let path = dir + "/c.json"
                try Data(#"{"messages": [], "title": 3}"#.utf8).write(to: URL(fileURLWithPath: path))
                let error = Self.failure(path, displayPath: "my chat.json")
                #expect(error?.description == "my chat.json:1:27: error: title: expected a string or null, found a number")
                try Data(#"{"messages": []}"#.utf8).write(to: URL(fileURLWithPath: path))
                let (conversation, _) = try ConversationLoader.load(path: path)
                #expect(conversation.messages == [])
            }
        }

        @Test func withoutADisplayPathDiagnosticsNameThePathAsGiven() throws {
            try Self.withTemporaryDirectory { dir in
                let path = dir + "/c.json"
                try Data("[".utf8).write(to: URL(fileURLWithPath: path))
                do {
                    _ = try ConversationLoader.load(path: path)
                    Issue.record("loaded")
                } catch let error as DiagnosticError {
                    #expect(error.description == "\(path):1:2: error: unexpected end of file; expected a JSON value")
                }
            }
        }

        @Test func aMissingFileIsMissingInput() throws {
            try Self.withTemporaryDirectory { dir in
                let error = Self.failure(dir + "/nope.json", displayPath: "nope.json")
                #expect(error?.kind == .missingInput)
                #expect(error?.description == "nope.json: error: no such file; expected the conversation file")
            }
        }

        @Test func aPathThroughAFileIsMissingInput() throws {
            try Self.withTemporaryDirectory { dir in
                try Data("{}".utf8).write(to: URL(fileURLWithPath: dir + "/plain"))
                let error = Self.failure(dir + "/plain/c.json", displayPath: "plain/c.json")
                #expect(error?.kind == .missingInput)
                #expect(error?.description == "plain/c.json: error: no such file; expected the conversation file")
            }
        }

        @Test func anEmptyFileIsBadDataAtLineOneColumnOne() throws {
            try Self.withTemporaryDirectory { dir in
                #expect(FileManager.default.createFile(atPath: dir + "/empty.json", contents: Data()))
                let error = Self.failure(dir + "/empty.json", displayPath: "empty.json")
                #expect(error?.kind == .badData)
                #expect(error?.description == "empty.json:1:1: error: the file is empty; expected a JSON value")
            }
        }

        @Test func aDirectoryIsBadData() throws {
            try Self.withTemporaryDirectory { dir in
                let error = Self.failure(dir, displayPath: "chats/")
                #expect(error?.kind == .badData)
                #expect(error?.description == "chats/: error: is a directory; expected the conversation file")
            }
        }

        /// The head of an input, for recognising its format: a prefix of a regular file, all of a
        /// short one, and nothing for a folder or a FIFO (never waited on).
        @Test func theHeadOfAFileAndNothingElse() throws {
            try Self.withTemporaryDirectory { dir in
                let path = dir + "/log.jsonl"
                try Data("0123456789".utf8).write(to: URL(fileURLWithPath: path))
                let part = FileInput.head(path: path, count: 4)
                #expect(part?.bytes == Array("0123".utf8) && part?.whole == false)
                let whole = FileInput.head(path: path, count: 64)
                #expect(whole?.bytes.count == 10 && whole?.whole == true)
                #expect(FileInput.head(path: dir, count: 4) == nil)
                #expect(FileInput.head(path: dir + "/missing", count: 4) == nil)
                try #require(mkfifo(dir + "/pipe", 0o600) == 0)
                #expect(FileInput.head(path: dir + "/pipe", count: 4) == nil)
            }
        }

        @Test func aFIFOIsBadDataAndDoesNotWaitForAWriter() throws {
            try Self.withTemporaryDirectory { dir in
                let path = dir + "/pipe.json"
                try #require(mkfifo(path, 0o600) == 0)
                // Load on another thread so a regression (blocking in open or read) fails the test
                // instead of hanging the suite; opening the write end afterwards releases a stuck reader.
                let result = LoadResult()
                let finished = DispatchSemaphore(value: 0)
                Thread.detachNewThread {
                    result.set(Self.failure(path, displayPath: "pipe.json"))
                    finished.signal()
                }
                if finished.wait(timeout: .now() + 10) == .timedOut {
                    Issue.record("loading a FIFO blocked")
                    let writer = open(path, O_WRONLY)
                    if writer >= 0 { close(writer) }
                    _ = finished.wait(timeout: .now() + 10)
                    return
                }
                let error = result.get()
                #expect(error?.kind == .badData)
                #expect(error?.description == "pipe.json: error: is not a regular file (a device, FIFO or socket); expected the conversation file")
            }
        }

        @Test func aDeviceIsBadDataAndIsNotReadForever() {
            let error = Self.failure("/dev/zero", displayPath: "/dev/zero")
            #expect(error?.kind == .badData)
            #expect(error?.description == "/dev/zero: error: is not a regular file (a device, FIFO or socket); expected the conversation file")
        }

        @Test func aFileOverTheSizeLimitIsRefusedBeforeReading() throws {
            try Self.withTemporaryDirectory { dir in
                let path = dir + "/huge.json"
                // A sparse file: its size is over the limit without using the disk space.
                let fd = open(path, O_WRONLY | O_CREAT, 0o600)
                try #require(fd >= 0)
                defer { close(fd) }
                try #require(ftruncate(fd, off_t(ConversationLoader.maxFileSize + 1)) == 0)
                let error = Self.failure(path, displayPath: "huge.json")
                #expect(error?.kind == .badData)
                #expect(error?.description == "huge.json: error: is 268.4 MB, over the 268.4 MB limit for a conversation file")
            }
        }

        @Test func aSymlinkToARegularFileIsFollowed() throws {
            try Self.withTemporaryDirectory { dir in
                try Data(#"{"messages": null}"#.utf8).write(to: URL(fileURLWithPath: dir + "/real.json"))
                try #require(symlink(dir + "/real.json", dir + "/link.json") == 0)
                let (conversation, _) = try ConversationLoader.load(path: dir + "/link.json")
                #expect(conversation.messages == nil)
            }
        }
    }
}

/// Hands the FIFO test's result from the loading thread back to the test.
private final class LoadResult: Sendable {
    private let value = Locked<DiagnosticError?>(nil)
    func set(_ error: DiagnosticError?) { value.withLock { $0 = error } }
    func get() -> DiagnosticError? { value.withLock { $0 } }
}
