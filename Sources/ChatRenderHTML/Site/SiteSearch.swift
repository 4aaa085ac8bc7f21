import ChatModel
import ChatPlan
/// Search across every conversation of a site, on the index and on each page: a search field,
/// a live count and a list of results (links to the matching turns), the script that loads the
/// shards of ``SearchIndex`` and searches them, and their stylesheet.
///
/// A page carries only the empty form, `hidden`: without JavaScript there is no search and no
/// dead field, so the script that searches also draws the field, the count and the list into
/// it, with the site's words (``words(_:)``, in the shared script of ``SiteFiles``, not in every
/// page). The results follow WAI-ARIA's advice for a search with a results list: a labelled
/// field, the count in a `status` live region, results as links the arrow keys move through
/// (Escape clears and returns to the field, Enter opens the first). Matches are drawn with
/// `textContent` and `<mark>` elements, never as markup.
package enum SiteSearch {
    /// The form; `root` is the site's folder relative to the page (`""` on the index, `../` on a page).
    package static func form(root: String, shards: Int) -> HTML {
        "<form class=\"cr-search\" data-cr-root=\"\(root)\" data-cr-shards=\"\(shards)\" hidden></form>"
    }

    /// The form of a page in chunks (``ChunkedPage``), which searches its own turns: its shards
    /// (one a chunk) are in the page's folder, its results are links to the page's turns (the
    /// empty slug), and it carries its words (``words(_:label:_:)``) itself, in `data-cr-words`,
    /// as a page alone has no shared script to carry them.
    package static func pageForm(shards: Int, strings: UIStrings) -> HTML {
        "<form class=\"cr-search\" data-cr-root=\"\" data-cr-shards=\"\(shards)\" data-cr-words=\"\(words(strings, label: .searchConversation))\" hidden></form>"
    }

    /// The words the script writes, as a JSON object: the field's label, and the counted ones in
    /// every plural form the language has (the script picks one with `Intl.PluralRules`).
    package static func words(_ s: UIStrings, label: UIKey = .searchConversations, _ options: JSONQuote.Options = []) -> String {
        func forms(_ key: UIKey) -> String {
            let table = s.forms(key) ?? [.one: UIStrings.englishForm(key, 1), .other: UIStrings.englishForm(key, 2)]
            return "{"
                + PluralCategory.allCases.compactMap { c in table[c].map { JSONQuote.quote(c.rawValue, options) + ":" + JSONQuote.quote($0, options) } }.joined(
                    separator: ",") + "}"
        }
        return
            "{\"lang\":\(JSONQuote.quote(s.tag, options)),\"label\":\(JSONQuote.quote(s[label], options)),\"loading\":\(JSONQuote.quote(s[.searchLoading], options)),\"failed\":\(JSONQuote.quote(s[.searchFailed], options)),\"none\":\(JSONQuote.quote(s[.searchNoResults], options)),\"you\":\(JSONQuote.quote(s[.you], options)),\"assistant\":\(JSONQuote.quote(s[.assistant], options)),\"count\":\(forms(.searchResultCount)),\"first\":\(forms(.searchResultsFirst))}"
    }
}
