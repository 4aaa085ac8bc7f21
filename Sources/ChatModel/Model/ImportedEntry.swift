/// What the importer reports for each conversation it wrote.
public struct ImportedEntry: Sendable, Equatable, Codable {
    /// The conversation's title, as shown in the index.
    public var title: String
    /// The native conversation file, relative to the output folder (`weekend-in-lisbon.json`).
    public var file: String
    /// The file's name without `.json`: also the folder `render --from` puts its page in.
    public var slug: String
    public var date: ChatDate?
    public var messageCount: Int
    /// The project the export filed it under; the index groups conversations by it.
    package var project: String?
    /// The agent it was had with, when the site holds several; the index groups by it first.
    package var agent: String?
    /// The first prompt, model, badges and turn texts a site's index and search show.
    package var summary = ConversationSummary()
    /// Whether the log it was read from has since been deleted: a site updated in place keeps
    /// its page, marked so (see `SiteUpdate`).
    package var sourceGone = false

    package init(title: String, file: String, slug: String, date: ChatDate?, messageCount: Int, project: String? = nil, agent: String? = nil) {
        self.title = title
        self.file = file
        self.slug = slug
        self.date = date
        self.messageCount = messageCount
        self.project = project
        self.agent = agent
    }
}
