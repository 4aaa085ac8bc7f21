import ChatModel
import ChatPlan
/// Search across every conversation of a site, on the index and on each page: a search field,
/// a live count and a list of results (links to the matching turns), the script that loads the
/// shards of ``SearchIndex`` and searches them, and their stylesheet.
///
/// The form is `hidden` until the script shows it: without JavaScript there is no search and no
/// dead field. The results follow WAI-ARIA's advice for a search with a results list: a labelled
/// field, the count in a `status` live region, results as links the arrow keys move through
/// (Escape clears and returns to the field, Enter opens the first). Matches are drawn with
/// `textContent` and `<mark>` elements, never as markup.
package enum SiteSearch {
    /// The form; `root` is the site's folder relative to the page (`""` on the index, `../` on a page).
    package static func form(root: String, shards: Int, strings s: UIStrings) -> HTML {
        let label = s[.searchConversations]
        let icon = Icon.svg("<circle cx=\"10.5\" cy=\"10.5\" r=\"6\"/><path d=\"M15 15l5 5\"/>")
        return "<form class=\"cr-search\" role=\"search\" aria-label=\"\(label)\" data-cr-root=\"\(root)\" data-cr-shards=\"\(shards)\" data-cr-search-strings=\"\(scriptStrings(s))\" hidden><div class=\"cr-search-field\">\(icon)<input id=\"cr-search-input\" type=\"search\" aria-label=\"\(label)\" placeholder=\"\(label)\" autocomplete=\"off\" spellcheck=\"false\" enterkeyhint=\"search\" aria-controls=\"cr-search-results\" aria-describedby=\"cr-search-status\"></div><p class=\"cr-search-status\" id=\"cr-search-status\" role=\"status\"></p><ol class=\"cr-search-results\" id=\"cr-search-results\" aria-label=\"\(label)\"></ol></form>"
    }

    /// The words the script writes, with the counted ones in every plural form the language has
    /// (the script picks one with `Intl.PluralRules`). Data in an attribute, not script.
    static func scriptStrings(_ s: UIStrings) -> String {
        func forms(_ key: UIKey) -> String {
            let table = s.forms(key) ?? [.one: UIStrings.englishForm(key, 1), .other: UIStrings.englishForm(key, 2)]
            return "{" + PluralCategory.allCases.compactMap { c in table[c].map { JSONQuote.quote(c.rawValue) + ":" + JSONQuote.quote($0) } }.joined(separator: ",") + "}"
        }
        return "{\"lang\":\(JSONQuote.quote(s.tag)),\"loading\":\(JSONQuote.quote(s[.searchLoading])),\"failed\":\(JSONQuote.quote(s[.searchFailed])),\"none\":\(JSONQuote.quote(s[.searchNoResults])),\"you\":\(JSONQuote.quote(s[.you])),\"assistant\":\(JSONQuote.quote(s[.assistant])),\"count\":\(forms(.searchResultCount)),\"first\":\(forms(.searchResultsFirst))}"
    }


}
