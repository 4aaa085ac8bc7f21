import Foundation
import ChatModel

/// A folder inside another output being made (a page of a site, `SLUG/`, inside the site's
/// ``StagingFolder``): written like it, flushed when it is, and made visible with it, by the
/// outer output's one commit. Discarding it removes only the subfolder.
package final class SubfolderOutput: FolderOutput, @unchecked Sendable {
    package let path: String
    package let destination: String
    package let durable: Bool

    /// The folder `relative` (one or more path components, no `..`) inside `parent`.
    package init(_ relative: String, in parent: FolderOutput) throws(DiagnosticError) {
        path = FilePath.join(parent.path, relative)
        destination = FilePath.join(parent.destination, relative)
        durable = parent.durable
        _ = try parent.folder(relative)
    }

    /// Removes the subfolder after a failure; the rest of the outer output stays.
    package func discard() {
        OutputWriter.removeTree(path)
    }
}
