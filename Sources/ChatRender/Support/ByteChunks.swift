/// Bytes kept in the buffers they were built in, in order, until they are written.
///
/// A 10k-turn page is about 15 MB, rendered on all cores into a few dozen buffers. Joining those
/// into one array, then into the page template, then into the writer's buffer copied the page
/// three times into fresh memory, every page of which the kernel had to fault in first: about a
/// fifth of the render's serial time. `OutputWriter` writes chunks with one gathering `writev`, so
/// the page is not copied in the process at all. ``joined`` is there for callers that need one array.
public struct ByteChunks: Sendable, Equatable {
    /// The non-empty buffers, in order.
    public private(set) var chunks: [[UInt8]] = []
    /// Bytes in all chunks.
    public private(set) var count = 0

    public init() {}

    public init(_ bytes: [UInt8]) { append(bytes) }

    public mutating func append(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        chunks.append(bytes)
        count += bytes.count
    }

    public mutating func append(_ other: ByteChunks) {
        for chunk in other.chunks { append(chunk) }
    }

    /// All bytes in one array.
    public var joined: [UInt8] {
        if chunks.count == 1 { return chunks[0] }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        for chunk in chunks { bytes.append(contentsOf: chunk) }
        return bytes
    }

    public static func == (lhs: ByteChunks, rhs: ByteChunks) -> Bool { lhs.joined == rhs.joined }
}
