/// Interface words an importer writes into a part ("Conversation compacted", "Worked for 3 min"):
/// kept beside the importer's English text, so a page in another language shows them in its own
/// words (`--locale`) and an English page stays exactly as the importer wrote it.
package struct UIPhrase: Sendable, Equatable {
    package var key: UIKey
    /// Values for the key's `{placeholders}`, as written (a file's name, a tool's kind).
    package var values: [String: String]
    /// A length of time for `{duration}`, written in the page's language.
    package var seconds: Double?

    package init(_ key: UIKey, _ values: [String: String] = [:], seconds: Double? = nil) {
        self.key = key
        self.values = values
        self.seconds = seconds
    }
}
