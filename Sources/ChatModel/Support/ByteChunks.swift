/// Bytes kept in the buffers they were built in, in order, until they are written.
///
/// A 10k-turn page is about 15 MB, rendered on all cores into a few dozen buffers. Joining those
/// into one array, then into the page template, then into the writer's buffer copied the page
/// three times into fresh memory, every page of which the kernel had to fault in first: about a
/// fifth of the render's serial time. `OutputWriter` writes chunks with one gathering `writev`, so
/// the page is not copied in the process at all (a render goes further and writes each chunk
/// while later ones are still being rendered: ``ByteSink``). ``joined`` is there for callers that
/// need one array.
package struct ByteChunks: Sendable, Equatable {
    /// The non-empty buffers, in order.
    package private(set) var chunks: [[UInt8]] = []
    /// Bytes in all chunks.
    package private(set) var count = 0

    package init() {}

    package init(_ bytes: [UInt8]) { append(bytes) }

    package mutating func append(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        chunks.append(bytes)
        count += bytes.count
    }

    package mutating func append(_ other: ByteChunks) {
        for chunk in other.chunks { append(chunk) }
    }

    /// All bytes in one array.
    package var joined: [UInt8] {
        if chunks.count == 1 { return chunks[0] }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        for chunk in chunks { bytes.append(contentsOf: chunk) }
        return bytes
    }

    package static func == (lhs: ByteChunks, rhs: ByteChunks) -> Bool { lhs.joined == rhs.joined }
}

/// Where bytes go in order, one call after another: a page is handed to one while it is being
/// rendered (see ``ParallelChunks/forEachInOrder(_:_:deliver:)``). Calls never overlap.
package typealias ByteSink = @Sendable ([UInt8]) -> Void

/// A ``ByteSink`` that keeps what it is given, for callers that want the bytes in memory.
package final class ByteCollector: @unchecked Sendable {
    /// Read only after the producer has returned; calls to ``sink`` never overlap.
    private(set) var chunks = ByteChunks()

    var sink: ByteSink { { [self] bytes in chunks.append(bytes) } }

    /// What `produce` sends to the sink.
    package static func collect(_ produce: (@escaping ByteSink) -> Void) -> ByteChunks {
        let collector = ByteCollector()
        produce(collector.sink)
        return collector.chunks
    }
}
