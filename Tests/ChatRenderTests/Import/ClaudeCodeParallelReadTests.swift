import Foundation
import Testing
@testable import ChatModel
@testable import ChatLoad

/// A session's lines are parsed in chunks on all cores and read in file order on the calling
/// thread: the chat and every warning (text, line:column, order) are those of a one-chunk read.
@Suite struct ClaudeCodeParallelReadTests {
    /// Every line and block shape the reader handles, good and bad, many times over, so that
    /// warnings fall in many chunks and at their edges.
    static func session(copies: Int) -> [UInt8] {
        typealias T = ClaudeCodeImporterTests
        var lines: [String] = []
        for copy in 0..<copies {
            lines += [
                T.user("\"Fix the build, part \(copy) — ünïcödé 🚀\""),
                T.assistant("msg_a\(copy)", "{\"type\":\"thinking\",\"thinking\":\"Looking at \(copy)\",\"signature\":\"x\"}"),
                T.call("c\(copy)", "Bash", "{\"command\":\"make \(copy)\",\"description\":\"Build\"}"),
                T.result("c\(copy)", "\"ok \(copy)\"", record: "{\"stdout\":\"built \(copy)\\n\",\"stderr\":\"\"}"),
                "{\"type\":\"user\",\"uuid\":\"bad-\(copy)\",\"message\":{\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"missing-\(copy)\",\"content\":\"x\"}]}}",
                "{\"type\":\"assistant\", \"message\": {\"content\": [{\"type\":\"mystery\"}, 7]}, \"é\": \"ü\"}",
                "{\"type\":\"progress\",\"data\":{}}",
                "   ",
                "{\"type\":\"weird-\(copy)\"}",
                "{\"type\":\"user\",\"message\":{\"content\":\"ünïcödé \(copy)\"},\"x\":[1,2,tru]}",
                "[1, 2, 3]",
                "{\"type\":\"user\",\"message\":{\"content\":\"dup\"},\"type\":\"assistant\"}",
                "{\"type\":\"system\",\"subtype\":\"turn_duration\",\"durationMs\":\(1000 * (copy + 1))}",
                "not json at all \(copy)",
                "{\"type\":\"user\",\"message\":{\"content\":\"cut off",
            ]
        }
        return Array(lines.joined(separator: copies % 2 == 0 ? "\n" : "\r\n").utf8)
    }

    @Test(arguments: [1, 7, 40])
    func chunkedReadsGiveTheChatAndWarningsOfAOneChunkRead(copies: Int) {
        let bytes = Self.session(copies: copies)
        let (whole, wholeWarnings) = ClaudeCodeImporter.read(bytes: bytes, file: "s.jsonl", chunkBytes: .max)
        #expect(whole != nil)
        #expect(wholeWarnings.count >= 8 * copies, "every bad line and block warns")
        for size in [1, 97, 1000, 64 * 1024] {
            let (chat, warnings) = ClaudeCodeImporter.read(bytes: bytes, file: "s.jsonl", chunkBytes: size)
            #expect(chat == whole, "chunks of \(size) bytes")
            #expect(warnings == wholeWarnings, "chunks of \(size) bytes")
        }
    }

    /// Calls of every kind, images returned by some, sub-agents among them, past the count that
    /// makes their parts on all cores: the turns (and image ids) of a read in order.
    @Test func partsMadeOnAllCoresAreThoseMadeInOrder() {
        typealias T = ClaudeCodeImporterTests
        let png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
        var lines: [String] = []
        for k in 0..<120 {
            switch k % 6 {
            case 0:
                lines += [T.call("b\(k)", "Bash", "{\"command\":\"ls \(k)\"}"), T.result("b\(k)", "\"a\\nb\"")]
            case 1:
                lines += [
                    T.call("r\(k)", "Read", "{\"file_path\":\"/home/ana/src/shop/f\(k).py\"}"),
                    T.result("r\(k)", "[{\"type\":\"image\",\"source\":{\"type\":\"base64\",\"media_type\":\"image/png\",\"data\":\"\(png)\"}}]"),
                ]
            case 2:
                lines += [
                    T.call("e\(k)", "Edit", "{\"file_path\":\"/home/ana/src/shop/e.py\",\"old_string\":\"a\(k)\",\"new_string\":\"b\"}"),
                    T.result("e\(k)", "\"ok\""),
                ]
            case 3:
                lines += [T.call("t\(k)", "Task", "{\"description\":\"Look \(k)\",\"prompt\":\"Find it\"}"), T.result("t\(k)", "\"found\"")]
            case 4:
                lines += [T.call("m\(k)", "mcp__github__create_pull_request", "{\"title\":\"t\(k)\"}"), T.result("m\(k)", "\"done\"", error: k % 4 == 0)]
            default:
                lines += [T.call("w\(k)", "WebFetch", "{\"url\":\"https://example.com/\(k)\"}")]
            }
            lines.append(T.user("\"next \(k)\""))
        }
        let bytes = Array(lines.joined(separator: "\n").utf8)
        let (inOrder, inOrderWarnings) = ClaudeCodeImporter.read(bytes: bytes, file: "s.jsonl", chunkBytes: .max, partsOnAllCores: false)
        let (parallel, parallelWarnings) = ClaudeCodeImporter.read(bytes: bytes, file: "s.jsonl", chunkBytes: 512)
        #expect(inOrder != nil)
        #expect(parallel == inOrder)
        #expect(parallelWarnings == inOrderWarnings)
        #expect(inOrder?.turns.flatMap(\.attachments).count == 20, "one image id per Read result")
        // Read as a long session is (lines freed as read, independent calls' parts made as their
        // results come, parsing a few chunks ahead at most): the same conversation.
        let (long, longWarnings) = ClaudeCodeImporter.read(bytes: bytes, file: "s.jsonl", chunkBytes: 512, long: true)
        #expect(long == inOrder)
        #expect(longWarnings == inOrderWarnings)

        // A call logged twice (a log copied into itself) and a sub-agent met after the last
        // image: the same turns and ids whichever thread makes the sub-agents' and images' parts.
        let again =
            lines + [
                T.assistant("msg_again", "{\"type\":\"tool_use\",\"id\":\"r1\",\"name\":\"Read\",\"input\":{\"file_path\":\"/x.png\"}}"),
                T.result("r1", "[{\"type\":\"image\",\"source\":{\"type\":\"base64\",\"media_type\":\"image/png\",\"data\":\"\(png)\"}}]"),
                T.assistant("msg_task_again", "{\"type\":\"tool_use\",\"id\":\"t3\",\"name\":\"Task\",\"input\":{\"description\":\"Again\"}}"),
            ]
        let twice = Array(again.joined(separator: "\n").utf8)
        let (twiceInOrder, twiceInOrderWarnings) = ClaudeCodeImporter.read(bytes: twice, file: "s.jsonl", chunkBytes: .max, partsOnAllCores: false)
        let (twiceParallel, twiceParallelWarnings) = ClaudeCodeImporter.read(bytes: twice, file: "s.jsonl", chunkBytes: 512)
        #expect(twiceParallel == twiceInOrder)
        #expect(twiceParallelWarnings == twiceInOrderWarnings)
        let (twiceLong, twiceLongWarnings) = ClaudeCodeImporter.read(bytes: twice, file: "s.jsonl", chunkBytes: 512, long: true)
        #expect(twiceLong == twiceInOrder)
        #expect(twiceLongWarnings == twiceInOrderWarnings)
        let ids = twiceInOrder?.turns.flatMap(\.attachments).compactMap(\.id) ?? []
        #expect(ids == (1...20).map { "i\($0)" }, "the call logged twice is one call, with one id")
    }

    @Test func linesAreCutIntoRunsThatCoverEveryLineOnce() {
        let lines = (0..<500).map { (start: $0 * 10, end: $0 * 10 + 9) }
        for size in [1, 25, 1000, 4999, .max] {
            let chunks = ClaudeCodeSession.chunks(of: lines, bytes: 5000, size: size)
            #expect(chunks.first?.lowerBound == 0)
            #expect(chunks.last?.upperBound == 500)
            #expect(zip(chunks, chunks.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound && !$0.isEmpty })
        }
        #expect(ClaudeCodeSession.chunks(of: [], bytes: 0, size: 10).isEmpty)
        // A chunk is never smaller than the share of the bytes that keeps their number bounded.
        #expect(ClaudeCodeSession.chunks(of: lines, bytes: 0, size: 1).count == 500)
        #expect(ClaudeCodeSession.chunks(of: lines, bytes: 5000, size: 1).count <= ParallelChunks.cores * 48)
        #expect(ClaudeCodeSession.chunks(of: lines, bytes: 5000, size: .max).count == 1)
    }
}

/// `ParallelChunks.forEachInOrderOnCaller`: a session's lines are parsed on the workers and read
/// on the calling thread.
struct InOrderOnCallerTests {
    final class Box: @unchecked Sendable {
        var value: [Int] = []
    }

    @Test(arguments: [0, 1, 2, 7, 64, 300])
    func everyResultArrivesOnceInOrderOnTheCallingThread(count: Int) {
        let caller = pthread_self()
        let delays = (0..<count).map { UInt32(($0 &* 2_654_435_761) % 300) }  // up to 0.3 ms, scrambled
        var delivered: [Int] = []
        var elsewhere = 0
        ParallelChunks.forEachInOrderOnCaller(
            count,
            { chunk in
                usleep(delays[chunk])
                return chunk * 3
            },
            deliver: { value in
                if pthread_equal(pthread_self(), caller) == 0 { elsewhere += 1 }
                delivered.append(value)
                usleep(40)
            })
        #expect(delivered == (0..<count).map { $0 * 3 })
        #expect(elsewhere == 0)
    }

    @Test(arguments: [1, 3, 6])
    func withALimitAheadNoMoreChunksAreStartedThanDelivered(ahead: Int) {
        let started = Locked(0)
        let done = Locked(0)
        let most = Locked(0)
        var delivered: [Int] = []
        ParallelChunks.forEachInOrderOnCaller(
            200, ahead: ahead,
            { chunk in
                // Fast work, slow delivery: without the limit the workers would run far ahead.
                let now = started.withLock { started in
                    started += 1
                    return started
                }
                let finished = done.withLock { $0 }
                most.withLock { $0 = max($0, now - finished) }
                return chunk
            },
            deliver: { value in
                usleep(200)
                delivered.append(value)
                done.withLock { $0 += 1 }
            })
        #expect(delivered == Array(0..<200))
        // At least one chunk a core can be under way; never more than the limit allows.
        #expect(most.withLock { $0 } <= max(ahead, ParallelChunks.cores) + 1)
    }

    @Test func aSlowChunkDoesNotHoldUpTheWorkAfterIt() {
        let ran = Box()
        let lock = Locked(())
        var firstDeliveredAfter = -1
        ParallelChunks.forEachInOrderOnCaller(
            12, ahead: nil,
            { chunk in
                if chunk == 0 { usleep(200_000) }
                lock.withLock { _ in ran.value.append(chunk) }
                return chunk
            },
            deliver: { chunk in
                if chunk == 0 { lock.withLock { _ in firstDeliveredAfter = ran.value.count } }
            })
        // With more than one core, the other chunks ran while chunk 0 slept.
        if ParallelChunks.cores > 1 { #expect(firstDeliveredAfter == 12) }
        #expect(Set(ran.value) == Set(0..<12))
    }

    /// By default the other cores stop a few chunks ahead of the one delivered: a page's chunks
    /// rendered while a write waits for a busy disk are not all held at once.
    @Test func byDefaultASlowChunkHoldsTheOthersAFewAhead() {
        let count = ParallelChunks.deliveredAhead * 3
        let ran = Box()
        let lock = Locked(())
        var firstDeliveredAfter = -1
        var delivered: [Int] = []
        ParallelChunks.forEachInOrderOnCaller(
            count,
            { chunk in
                if chunk == 0 { usleep(200_000) }
                lock.withLock { _ in ran.value.append(chunk) }
                return chunk
            },
            deliver: { chunk in
                if chunk == 0 { lock.withLock { _ in firstDeliveredAfter = ran.value.count } }
                delivered.append(chunk)
            })
        #expect(firstDeliveredAfter <= ParallelChunks.deliveredAhead)
        if ParallelChunks.cores > 1 { #expect(firstDeliveredAfter > 1) }
        #expect(delivered == Array(0..<count))
    }
}

/// `ParallelChunks.map(_:placeholder:_:alongside:)`: a session's independent calls are made on
/// the workers while the calling thread makes the others.
struct MapAlongsideTests {
    @Test(arguments: [0, 1, 2, 7, 64])
    func everyChunkRunsOnceAndTheCallersWorkRunsOnTheCaller(count: Int) {
        let caller = pthread_self()
        let runs = InOrderOnCallerTests.Box()
        let lock = Locked(())
        var alongsideOnCaller = false
        var alongsideRuns = 0
        let results = ParallelChunks.map(
            count, placeholder: -1,
            { chunk in
                usleep(UInt32((chunk &* 2_654_435_761) % 300))
                lock.withLock { _ in runs.value.append(chunk) }
                return chunk * 5
            },
            alongside: {
                alongsideOnCaller = pthread_equal(pthread_self(), caller) != 0
                alongsideRuns += 1
                usleep(2_000)
            })
        #expect(results == (0..<count).map { $0 * 5 })
        #expect(runs.value.sorted() == Array(0..<count))
        #expect(alongsideRuns == 1 && alongsideOnCaller)
    }

    /// The other cores do not wait for the caller's work: with more than one, chunks are done
    /// while it runs.
    @Test func theChunksDoNotWaitForTheCallersWork() {
        guard ParallelChunks.cores > 1 else { return }
        let runs = InOrderOnCallerTests.Box()
        let lock = Locked(())
        var doneDuringAlongside = 0
        _ = ParallelChunks.map(
            8, placeholder: 0,
            { chunk in
                lock.withLock { _ in runs.value.append(chunk) }
                return chunk
            },
            alongside: {
                usleep(200_000)
                lock.withLock { _ in doneDuringAlongside = runs.value.count }
            })
        #expect(doneDuringAlongside == 8)
    }
}
