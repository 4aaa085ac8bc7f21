import ChatModel

/// Choices that change the markup.
public struct RenderOptions: Sendable, Equatable {
    /// Show Retry on failed uploads (off with `--no-retry`).
    public var showRetry: Bool
    /// How assistant replies are read: the spec's bold and code, or full CommonMark (`--markup`).
    public var markup: Markup

    /// How dates and times read (`--locale`, `--time-zone`): en-US and UTC by default.
    public var locale: PageLocale = .standard

    /// The words of the page (`--locale`): its interface text, numbers and dates. They travel
    /// with the locale, so the composers, which take only a locale, write the same language.
    package var strings: UIStrings {
        get { locale.strings }
        set { locale.strings = newValue }
    }

    /// Set for a page of a site: it links to the site's index and searches every conversation.
    package var site: SiteLink?

    /// What models cost, for the estimates on the page (`templates/prices.json` or `--prices`);
    /// empty: no estimate, every model unknown.
    package var prices: PriceTable = .empty

    /// Set for a watched session's page (`render --watch`): it loads its updates as they are
    /// written (see ``LiveStatus``).
    package var live: LiveStatus?

    /// A page alone whose turns weigh more than this (about bytes of text) is written in chunks
    /// loaded as the reader scrolls (`--split-over`; see `ChunkedPage`); 0 writes every page whole.
    package var splitOver: Int = RenderOptions.defaultSplitOver

    /// 32 MB of text: a page of about 10,000 long turns still opens whole.
    package static let defaultSplitOver = 32_000_000

    public init(showRetry: Bool = true, markup: Markup = .auto) {
        self.showRetry = showRetry
        self.markup = markup
    }
}

/// Where a watched session's page is (`render --watch`): the number of the next update it loads
/// (`live/N.js`, see `LivePage`), and whether the session is still watched.
package struct LiveStatus: Sendable, Equatable {
    /// The update the page asks for next; the page holds every update before it.
    package var next: Int
    /// False once watching stopped: the page's last form, which asks for nothing more.
    package var watching: Bool

    package init(next: Int, watching: Bool = true) {
        self.next = next
        self.watching = watching
    }
}
