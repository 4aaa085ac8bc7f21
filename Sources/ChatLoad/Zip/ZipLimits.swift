import ChatModel
/// What a zip archive may ask for before chatrender refuses it. Exports come from strangers, so
/// every size the archive declares is checked against these before a byte is inflated, and the
/// inflater stops the moment an entry grows past what it declared.
package struct ZipLimits: Sendable, Equatable {
    /// Entries in the central directory (files and folders). A ChatGPT export of years holds a
    /// few thousand.
    var maxEntries = 100_000
    /// One entry, uncompressed.
    var maxEntrySize: UInt64 = 4 << 30
    /// All entries together, uncompressed (exports with years of photos pass 4 GB; ZIP64 is read).
    var maxTotalSize: UInt64 = 64 << 30
    /// Uncompressed ÷ compressed size for an entry larger than ``ratioFloor``: deflate reaches
    /// about 1000:1 on a run of zeros and real exports stay far below 100:1, so more is a zip bomb.
    var maxRatio: UInt64 = 200
    /// Entries at most this large are never refused for their ratio (a small file of repeats is harmless).
    var ratioFloor: UInt64 = 1 << 20
    /// The central directory itself, read into memory.
    var maxCentralDirectorySize: UInt64 = 256 << 20

    static let standard = ZipLimits()
}
