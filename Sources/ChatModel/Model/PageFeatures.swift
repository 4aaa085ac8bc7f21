/// The parts of a page that need a stylesheet or script of their own beyond what every page
/// carries: a page carries a template file tied to a feature only when it uses that feature, so a
/// plain text page is not slowed by the composer's and the photo viewer's code it never runs.
/// Which file serves which feature is one table (``files``); a file the table does not name (the
/// base styles and script, a file a custom template adds) is carried by every page.
package struct PageFeatures: OptionSet, Sendable, Hashable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// Photos in a grid, which open in the full-screen viewer.
    package static let photos = PageFeatures(rawValue: 1 << 0)
    /// A composer card pinned under the last turn (a preview's fixture, `check`).
    package static let composer = PageFeatures(rawValue: 1 << 1)

    /// Every feature: a page that may show anything (the preview gallery, a watched session's
    /// page, whose later turns may bring photos, and a site's shared files).
    package static let all: PageFeatures = [.photos, .composer]

    /// Every set of features, from none to ``all``: what a page can carry.
    package static var every: [PageFeatures] {
        (0...all.rawValue).map(PageFeatures.init(rawValue:)).filter { all.isSuperset(of: $0) }
    }

    /// The template files (top-level `*.css` and `*.js` of `templates/`) tied to a feature, by
    /// file name. Every other file goes on every page.
    package static let files: [String: PageFeatures] = [
        "composer.css": .composer, "composer.js": .composer,
        "viewer.css": .photos, "viewer.js": .photos,
    ]

    /// Whether a page with these features carries the template file `name`.
    package func carries(_ name: String) -> Bool {
        guard let needs = Self.files[name] else { return true }
        return isSuperset(of: needs)
    }

    /// What the page of `conversation` uses, decided from the model before its head is written
    /// (the head carries the styles): photos when a turn has a photo attachment (parts show only
    /// their own message's attachments, so the turns' lists are all there is), the composer when
    /// one is pinned under the last turn.
    package static func used(by conversation: Conversation) -> PageFeatures {
        var features: PageFeatures = []
        if conversation.composer != nil { features.insert(.composer) }
        if conversation.messages?.contains(where: { $0.attachments.contains(where: \.isPhoto) }) == true { features.insert(.photos) }
        return features
    }
}
