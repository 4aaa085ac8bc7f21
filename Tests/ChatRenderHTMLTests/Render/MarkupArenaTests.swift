import CPlatform
import Foundation
import XCTest
@testable import ChatModel
@testable import ChatTheme
@testable import ChatPlan
@testable import ChatRenderHTML

/// The bump region cmark-gfm parses in (cplatform.h): what cmark relies on from an allocator.
final class MarkupArenaTests: XCTestCase {
    func testCallocClearsReusedMemoryAndReallocKeepsContents() throws {
        XCTAssertEqual(cplatform_arena_begin(), 1)
        let first = try XCTUnwrap(cplatform_arena_calloc(64, 1)).assumingMemoryBound(to: UInt8.self)
        for i in 0..<64 { first[i] = 0xAB }
        cplatform_arena_end()

        // The same memory comes back after end(): calloc must clear it.
        XCTAssertEqual(cplatform_arena_begin(), 1)
        defer { cplatform_arena_end() }
        let again = try XCTUnwrap(cplatform_arena_calloc(16, 4)).assumingMemoryBound(to: UInt8.self)
        XCTAssertTrue((0..<64).allSatisfy { again[$0] == 0 })
        XCTAssertEqual(Int(bitPattern: UnsafeRawPointer(again)) % 16, 0, "blocks are 16-byte aligned like malloc's")

        // The newest block grows in place; an older one moves, keeping its bytes.
        for i in 0..<64 { again[i] = UInt8(i) }
        let grown = try XCTUnwrap(cplatform_arena_realloc(again, 200)).assumingMemoryBound(to: UInt8.self)
        XCTAssertEqual(grown, again)
        let other = try XCTUnwrap(cplatform_arena_calloc(1, 8))
        let moved = try XCTUnwrap(cplatform_arena_realloc(grown, 400)).assumingMemoryBound(to: UInt8.self)
        XCTAssertNotEqual(moved, grown)
        XCTAssertNotEqual(UnsafeMutableRawPointer(moved), other)
        XCTAssertTrue((0..<64).allSatisfy { moved[$0] == UInt8($0) })
        // realloc(NULL, n) allocates; free is a no-op until end().
        let fresh = try XCTUnwrap(cplatform_arena_realloc(nil, 10))
        cplatform_arena_free(fresh)
    }

    func testGrowsPastItsFirstBlockAndNestingFallsBack() throws {
        XCTAssertEqual(cplatform_arena_begin(), 1)
        XCTAssertEqual(cplatform_arena_begin(), 0, "one parse at a time per thread; a nested one uses malloc")
        // More than the first block (256 KiB), in small and large pieces, all distinct and writable.
        var blocks: [UnsafeMutablePointer<UInt8>] = []
        for size in [100_000, 300_000, 5, 2_000_000, 70_000] {
            let block = try XCTUnwrap(cplatform_arena_calloc(1, size)).assumingMemoryBound(to: UInt8.self)
            block[0] = 1
            block[size - 1] = 2
            blocks.append(block)
        }
        XCTAssertEqual(Set(blocks).count, blocks.count)
        cplatform_arena_end()
        XCTAssertEqual(cplatform_arena_begin(), 1)
        cplatform_arena_end()
    }

    /// Replies above the size limit parse with malloc; both paths give the same markup.
    func testLongRepliesRenderTheSameAsShortOnes() {
        let paragraph = "Some **bold**, `code`, a [link](https://example.com) and a table:\n\n| a | b |\n|---|:-:|\n| 1 | 2 |\n\n- item\n- item\n\n"
        let short = FullMarkup.render(paragraph).description
        let repeats = FullMarkup.arenaTextLimit / paragraph.utf8.count + 2
        let long = FullMarkup.render(String(repeating: paragraph, count: repeats)).description
        XCTAssertGreaterThan(long.utf8.count, short.utf8.count * (repeats - 1))
        XCTAssertTrue(long.hasPrefix(short))
        XCTAssertTrue(long.hasSuffix(short))
    }

    /// Replies on several threads at once each use their own region, and none loses its
    /// strikethrough or autolinks to another thread's parse (cmark-gfm's global table of special
    /// characters; see FullMarkup.extensions). Parses finish on all threads at once, unlocked.
    func testConcurrentRepliesMatchSerialOnes() {
        let texts = (0..<64).map { "Reply \($0): **bold \($0)** and `code \($0)`\n\n1. one\n2. two ~~gone~~ https://example.com/\($0)\n" }
        let serial = texts.map { FullMarkup.render($0).description }
        #if os(Linux)
        // cmark-gfm's calls reach CPlatform's definition, so parses finish without the lock.
        XCTAssertTrue(FullMarkup.finishesInParallel)
        #endif
        // Both extensions that need special characters work at all, here and below on threads.
        XCTAssertTrue(serial.allSatisfy { $0.contains("<del>gone</del>") && $0.contains("href=\"https://example.com/") }, serial[0])
        let results = UnsafeMutableBufferPointer<String>.allocate(capacity: texts.count)
        results.initialize(repeating: "")
        defer { results.deallocate() }
        let box = UncheckedResults(results)
        for _ in 0..<20 {
            DispatchQueue.concurrentPerform(iterations: texts.count) { box.buffer[$0] = FullMarkup.render(texts[$0]).description }
            let differing = (0..<texts.count).filter { results[$0] != serial[$0] }
            XCTAssertEqual(differing, [], "replies rendered differently on threads: \(differing.map { results[$0] })")
        }
    }
}

private struct UncheckedResults: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<String>
    init(_ buffer: UnsafeMutableBufferPointer<String>) { self.buffer = buffer }
}
