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
import TestSupport

/// The page is written from the buffers it was rendered in (`ByteChunks`, `OutputWriter.writeAll`):
/// the bytes on disk must be exactly the chunks in order, however the system splits the writes.
struct ChunkedWriteTests {
    /// Chunks of many sizes, some empty, more of them than one `writev` takes (1024).
    static func chunks(seed: UInt64, count: Int) -> [[UInt8]] {
        var random = SplitMix(seed: seed)
        return (0..<count).map { index in
            let size = Int(random.next() % 3) == 0 ? 0 : Int(random.next() % 700)
            return (0..<size).map { UInt8(truncatingIfNeeded: $0 &+ index) }
        }
    }

    @Test func byteChunksKeepOrderAndSkipEmptyBuffers() {
        var chunks = ByteChunks()
        chunks.append([])
        chunks.append(Array("<p>".utf8))
        chunks.append(ByteChunks(Array("text".utf8)))
        chunks.append([])
        chunks.append(Array("</p>".utf8))
        #expect(chunks.chunks.count == 3)
        #expect(chunks.count == 11)
        #expect(chunks.joined == Array("<p>text</p>".utf8))
        #expect(ByteChunks().joined.isEmpty)
    }

    @Test func aFileWrittenFromChunksHoldsExactlyTheirBytes() throws {
        let chunks = Self.chunks(seed: 7, count: 2_500)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chunked-write-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = try TestFolderOutput(folder).create("nested/index.html")
        file.write(chunks)
        #expect(try file.finish() == chunks.reduce(0) { $0 + $1.count })
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/nested/index.html")))
        #expect(written == chunks.flatMap { $0 })
    }

    @Test func shortWritesAndInterruptionsResumeWhereTheyStopped() {
        let chunks = Self.chunks(seed: 11, count: 1_500)
        var random = SplitMix(seed: 3)
        var sink: [UInt8] = []
        var calls = 0, interrupted = 0
        let status = OutputWriter.writeAll(chunks) { iovecs in
            calls += 1
            #expect(iovecs.count <= 1024)
            if random.next() % 5 == 0 {
                interrupted += 1
                errno = EINTR
                return -1
            }
            // Takes a random prefix of what was offered, as a full pipe or a signal would.
            var budget = Int(random.next() % 2_000)
            let before = sink.count
            for iovec in iovecs where budget > 0 {
                let take = min(budget, iovec.iov_len)
                sink.append(contentsOf: UnsafeRawBufferPointer(start: iovec.iov_base, count: take))
                budget -= take
            }
            return sink.count - before
        }
        #expect(status == 0)
        #expect(sink == chunks.flatMap { $0 })
        #expect(calls > 100 && interrupted > 10)
    }

    @Test func aWriteThatMakesNoProgressIsAnErrorNotALoop() {
        #expect(OutputWriter.writeAll([[1, 2, 3]]) { _ in 0 } == EIO)
        // Only empty chunks left: done, whatever the call returns.
        #expect(OutputWriter.writeAll([[], []]) { _ in 0 } == 0)
    }

    @Test func aFailedWriteReportsItsError() {
        let status = OutputWriter.writeAll([[1, 2, 3]]) { _ in
            errno = ENOSPC
            return -1
        }
        #expect(status == ENOSPC)
    }

    @Test func theRenderedPageIsTheSameAsChunksOrJoined() throws {
        let messages = (0..<600).map { index in
            Message(id: "m\(index)", role: index % 2 == 0 ? .user : .assistant, text: "Turn **\(index)** with `code` <b>")
        }
        let conversation = Conversation(title: "Chunks", messages: messages)
        let body = PageBody.renderChunks(conversation, assets: AssetTable(), options: .init(), hasDarkMode: true)
        #expect(body.chunks.count > 2, "a long conversation is rendered in several chunks")
        #expect(body.joined == PageBody.render(conversation, assets: AssetTable(), options: .init(), hasDarkMode: true).bytes)
        let turns = TurnList.renderChunks(messages, assets: AssetTable(), options: .init())
        #expect(turns.joined == TurnList.render(messages, assets: AssetTable(), options: .init()).bytes)
        #expect(body.chunks.count == turns.chunks.count + 2, "the page's head, each chunk of turns, its end")
    }

    @Test func fewHeavyTurnsAreSharedByWorkAndGiveTheSameBytes() throws {
        // Forty turns, far below the turn count that goes to other threads, but a coding
        // session's worth of work: long replies, and one turn holding a sub-agent's transcript.
        let reply = String(repeating: "A line of the reply with `code` and <b>markup</b>.\n\n", count: 300)
        var messages = (0..<40).map { index in
            Message(id: "m\(index)", role: index % 2 == 0 ? .user : .assistant, text: index % 2 == 0 ? "Prompt \(index)" : reply)
        }
        let inner = (0..<60).map { Message(id: "s\($0)", role: $0 % 2 == 0 ? .user : .assistant, text: "Step \($0) of the agent") }
        messages[5].parts = [.text("Sent an agent."), .transcript(TranscriptPart(title: "Explore", messages: inner))]
        #expect(messages.count < TurnList.parallelThreshold)
        #expect(messages.reduce(0) { $0 + TurnList.weight(of: $1) } >= TurnList.parallelWeight)
        let turns = TurnList.renderChunks(messages, assets: AssetTable(), options: .init())
        #expect(turns.chunks.count > 1, "heavy turns are rendered in several chunks")
        #expect(turns.joined == TurnList.render(messages, assets: AssetTable(), options: .init()).bytes)
        // A few light turns stay on one thread.
        let light = Array(messages.prefix(6))
        #expect(TurnList.renderChunks(light, assets: AssetTable(), options: .init()).chunks.count == 1)
    }
}

/// `ParallelChunks.forEachInOrder`, which lets a render write its page while still making it.
struct OrderedDeliveryTests {
    /// Thread-safe log of what happened, in the order it happened.
    final class Log: Sendable {
        private struct State {
            var events: [String] = []
            var inside = false
            var overlaps = 0
        }
        private let state = Locked(State())
        var overlaps: Int { state.withLock { $0.overlaps } }
        func record(_ event: String) { state.withLock { $0.events.append(event) } }
        func enter() {
            state.withLock {
                if $0.inside { $0.overlaps += 1 }; $0.inside = true
            }
        }
        func leave() { state.withLock { $0.inside = false } }
        var all: [String] { state.withLock { $0.events } }
    }

    @Test(arguments: [1, 2, 7, 64, 300])
    func everyResultArrivesOnceInOrderAndDeliveriesNeverOverlap(count: Int) {
        let log = Log()
        let delays = (0..<count).map { UInt32(($0 &* 2_654_435_761) % 400) }  // up to 0.4 ms, scrambled
        ParallelChunks.forEachInOrder(
            count,
            { chunk in
                usleep(delays[chunk])
                return chunk
            },
            deliver: { chunk in
                log.enter()
                log.record("\(chunk)")
                usleep(50)
                log.leave()
            })
        #expect(log.all == (0..<count).map(String.init))
        #expect(log.overlaps == 0)
    }

    @Test func earlyChunksAreDeliveredWhileALateOneIsStillRunning() {
        let log = Log()
        ParallelChunks.forEachInOrder(
            16,
            { chunk in
                if chunk == 15 { usleep(300_000) }
                log.record("done \(chunk)")
                return chunk
            }, deliver: { chunk in log.record("deliver \(chunk)") })
        let events = log.all
        let firstDelivery = events.firstIndex(of: "deliver 0")!
        let lastDone = events.firstIndex(of: "done 15")!
        #expect(firstDelivery < lastDone, "\(events)")
        #expect(events.filter { $0.hasPrefix("deliver") } == (0..<16).map { "deliver \($0)" })
    }

    @Test func aStreamedRenderWritesTheSamePageAsAJoinedOne() throws {
        let messages = (0..<900).map { index in
            Message(id: "m\(index)", role: index % 2 == 0 ? .user : .assistant, text: "Turn **\(index)** `x` & <i>")
        }
        let conversation = Conversation(title: "Stream", messages: messages)
        let theme = try ThemeLoader.load(path: TestPaths.defaultTheme, displayPath: "sp.resolver.json")
        let template = try PageTemplate.load(directory: TestPaths.templates)
        let joined = PageAssembler.assemble(conversation: conversation, theme: theme, assets: AssetTable(), template: template, options: .init())
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = try TestFolderOutput(folder).create("index.html")
        PageAssembler.assemble(
            conversation: conversation, style: PageStyle(theme: theme, template: template), assets: AssetTable(), options: .init(), into: file.sink)
        let size = try file.finish()
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/index.html")))
        #expect(size == joined.count)
        #expect(written == joined)
    }
}

/// `InBackground`, which makes the page's style while the conversation is read.
struct InBackgroundTests {
    @Test func givesTheValueOrTheErrorAndCanBeAskedTwice() throws {
        let value = InBackground { () throws(DiagnosticError) -> Int in 42 }
        #expect(try value.value() == 42)
        #expect(try value.value() == 42)
        let failing = InBackground { () throws(DiagnosticError) -> Int in
            throw DiagnosticError(Diagnostic(file: "t.json", message: "broken"), kind: .badData)
        }
        #expect(throws: DiagnosticError.self) { try failing.value() }
    }

    /// Callers that are themselves workers of a full pool (a host rendering many chats at once)
    /// still get their values: the work does not wait for a worker of that pool.
    @Test func worksFromEveryWorkerOfABusyPool() {
        let results = ParallelChunks.map(64, placeholder: -1) { index in
            let work = InBackground { () throws(DiagnosticError) -> Int in index * 2 }
            return (try? work.value()) ?? -1
        }
        #expect(results == (0..<64).map { $0 * 2 })
    }
}
