import ChatModel

/// Where a stage puts what becomes output. Every stage that makes output files (the page, the
/// asset stage's images and copies, the PDF, an import's conversation files, a snapshot, the
/// preview gallery) writes through one of these; only this target's implementations decide where
/// the bytes land and when they become visible:
///
/// - ``StagingFolder``: a folder built beside `--out` and swapped into place in one step;
/// - `MemoryOutput` (in the tests' TestSupport target): kept aside for a test to read;
/// - the single-file page (``SingleFileWriter``) packs a ``StagingFolder`` into one file.
package protocol OutputSink: AnyObject, Sendable {
    /// The output as the person named it, for messages.
    var destination: String { get }

    /// Writes a whole file at `relative`, flushed before it returns.
    func write(_ bytes: [UInt8], to relative: String) throws(DiagnosticError)

    /// A file at `relative` to write in pieces while its content is still being made.
    func create(_ relative: String) throws(DiagnosticError) -> OutputFile

    /// A folder at `relative` for producers that can only write by path (libvips, Chromium, a zip
    /// extractor, a hard link), created if needed: its path on disk. What they leave there is part
    /// of the output.
    func folder(_ relative: String) throws(DiagnosticError) -> String

    /// Copies the regular file `source` to `relative`.
    func copy(_ source: String, to relative: String) throws(DiagnosticError)
}
