import ChatModel

/// The Content-Security-Policy of every page chatrender writes, and the one place its directives
/// are spelled. Everything starts closed (`default-src 'none'`, no `<base>`, no form posts, no
/// plugins); a page opens only what it uses: its stylesheets and scripts (inline ones by their
/// SHA-256, or a site's own files), and, on a conversation's page, its photos and media from its
/// own folder or as data URLs. Nothing is ever allowed from the network. ``PageShell`` makes one
/// for each kind of page.
package struct ContentSecurityPolicy: Sendable, Equatable, CustomStringConvertible {
    /// Where a page may take its stylesheets or scripts from.
    package struct Sources: Sendable, Equatable {
        /// The page's own site or folder (`'self'`): a site's shared files, the watching gallery's scripts.
        package var own = false
        /// Inline blocks, each by the SHA-256 of its text (`'sha256-…'`, base64).
        package var hashes: [String] = []

        /// Only the site's or folder's own files.
        package static let own = Sources(own: true)

        /// Exactly these inline blocks (their text as it stands between the tags), and with
        /// `own`, files of the page's own folder too.
        package static func inline(_ blocks: [String], own: Bool = false) -> Sources {
            Sources(own: own, hashes: blocks.map { "'sha256-\(SHA256.hash(Array($0.utf8)).base64String)'" })
        }

        var text: String {
            let list = (own ? ["'self'"] : []) + hashes
            return list.isEmpty ? "'none'" : list.joined(separator: " ")
        }
    }

    /// Whether the page shows photos and media: from its own folder, or as data URLs (a
    /// single-file page's). An index shows none.
    package var media: Bool
    /// Its stylesheets.
    package var styles: Sources
    /// Its scripts; nil for a page with no script at all (the import index).
    package var scripts: Sources?

    package init(media: Bool, styles: Sources, scripts: Sources?) {
        self.media = media
        self.styles = styles
        self.scripts = scripts
    }

    /// The policy as the page's `<meta http-equiv>` carries it.
    package var description: String {
        let images = media ? "img-src 'self' data:; media-src 'self'" : "img-src 'none'"
        guard let scripts else {
            // A page without script (the import index) keeps the order and the directives it was
            // first written with, so its bytes stay: to a browser it is the same policy, since
            // `script-src` and `object-src` fall back to `default-src 'none'`.
            return "default-src 'none'; style-src \(styles.text); \(images); base-uri 'none'; form-action 'none'"
        }
        return "default-src 'none'; \(images); style-src \(styles.text); script-src \(scripts.text); base-uri 'none'; form-action 'none'; object-src 'none'"
    }
}
