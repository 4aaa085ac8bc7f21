import ChatModel

/// The names ChatGPT shows for the model slugs its export records: "text-davinci-002-render-sha"
/// was "GPT-3.5" in the model menu, "gpt-4-browsing" was "GPT-4" with Browsing. A slug not in
/// the table is shown as it is. The slug stays on the turn (`modelID`) for the tooltip.
enum ChatGPTModels {
    static let names: [String: String] = [
        "text-davinci-002-render": "GPT-3.5",
        "text-davinci-002-render-sha": "GPT-3.5",
        "text-davinci-002-render-sha-mobile": "GPT-3.5",
        "text-davinci-002-render-paid": "GPT-3.5 (legacy)",
        "text-davinci-002": "GPT-3.5",
        "gpt-3.5-turbo": "GPT-3.5",
        "gpt-4": "GPT-4",
        "gpt-4-mobile": "GPT-4",
        "gpt-4-browsing": "GPT-4 (Browsing)",
        "gpt-4-plugins": "GPT-4 (Plugins)",
        "gpt-4-code-interpreter": "GPT-4 (Advanced Data Analysis)",
        "gpt-4-dalle": "GPT-4 (DALL·E)",
        "gpt-4-gizmo": "GPT-4 (GPTs)",
        "gpt-4-magic-create": "GPT-4 (GPT builder)",
        "gpt-4o": "GPT-4o",
        "gpt-4o-mini": "GPT-4o mini",
        "gpt-4o-canmore": "GPT-4o with canvas",
        "gpt-4-5": "GPT-4.5",
        "gpt-4-1": "GPT-4.1",
        "gpt-4-1-mini": "GPT-4.1 mini",
        "o1-preview": "o1-preview",
        "o1-mini": "o1-mini",
        "o3-mini-high": "o3-mini-high",
        "gpt-5": "GPT-5",
        "gpt-5-instant": "GPT-5 Instant",
        "gpt-5-thinking": "GPT-5 Thinking",
        "gpt-5-t-mini": "GPT-5 Thinking mini",
        "gpt-5-pro": "GPT-5 Pro",
    ]

    /// The name people know the model by, and the slug when they differ.
    static func display(_ slug: String) -> (name: String, id: String?) {
        guard let name = names[slug.lowercased()], name != slug else { return (slug, nil) }
        return (name, slug)
    }
}
