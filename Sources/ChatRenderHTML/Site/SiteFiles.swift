import ChatModel
import ChatTheme

/// The stylesheet and the script every page of a site and its index share: one copy of each in
/// `static/`, named by a hash of their content (`static/chatrender-0123456789ab.css`), so a browser
/// keeps them across pages and a site rendered again with another theme, language or version never
/// shows a stale copy. A page alone stays self-contained (``PageShell/alone(styles:script:colorScheme:)``); only a site links.
///
/// The stylesheet holds the theme (with its print colours), the templates' component styles, the
/// search's and the index's; the script holds the site's words, the templates' script and the
/// search's. The words are the same on every page, so the script carries them once for all:
/// the search's (``SiteSearch/words(_:)``), and in a language other than English the templates'
/// scripts' words, which the script puts on `<html data-cr-strings>`, where a page alone carries
/// them (see docs/locales.md), before those scripts read them. A page of a site has no inline
/// style or script at all: its shell links these two files, and its Content-Security-Policy
/// allows styles and scripts from the site itself (`'self'`) and nothing inline (see
/// ``PageShell/sitePage(_:colorScheme:)`` and ``PageShell/siteIndex(_:colorScheme:)``).
package struct SiteFiles: Sendable, Equatable {
    /// Folder of the shared files inside the site (no slug can take this name; see `ImportWriter`).
    package static let folder = "static"

    /// Path of the stylesheet inside the site, and its bytes.
    package let stylesheetPath: String
    package let stylesheet: [UInt8]
    /// Path of the script inside the site, and its bytes.
    package let scriptPath: String
    package let script: [UInt8]
    /// Path of the insights page's own stylesheet inside the site, and its bytes; nil when the
    /// templates have none (`site/insights.css`), and then the site has no insights page.
    package let insightsStylesheetPath: String?
    package let insightsStylesheet: [UInt8]

    package init(theme: Theme, template: PageTemplate, strings: UIStrings) {
        let css =
            ThemeStylesheet.css(for: theme) + PrintStylesheet.themeCSS(for: theme) + "\n" + template.stylesheet
            + "\n" + template.site.searchStylesheet + "\n" + template.site.indexStylesheet + "\n"
        let js = Self.words(strings) + template.script + "\n" + template.site.searchScript + "\n"
        stylesheet = Array(css.utf8)
        script = Array(js.utf8)
        stylesheetPath = Self.name("chatrender", stylesheet, "css")
        scriptPath = Self.name("chatrender", script, "js")
        insightsStylesheet = Array(template.site.insightsStylesheet.utf8)
        insightsStylesheetPath = insightsStylesheet.isEmpty ? nil : Self.name("insights", insightsStylesheet, "css")
    }

    /// The script's first lines: the site's words as data (JSON whose literals escape `<`, `>`
    /// and `&` too, so it stays inert wherever it is read).
    static func words(_ strings: UIStrings) -> String {
        var js = "window.crSiteWords = " + SiteSearch.words(strings, .htmlSafe) + ";\n"
        let pages = strings.scriptStrings(.htmlSafe)
        if !pages.isEmpty {
            js +=
                "if (!document.documentElement.hasAttribute(\"data-cr-strings\")) document.documentElement.setAttribute(\"data-cr-strings\", JSON.stringify("
                + pages + "));\n"
        }
        return js
    }

    /// `static/STEM-HASH.EXT`: the first 12 hex digits (48 bits) of the content's SHA-256.
    static func name(_ stem: String, _ bytes: [UInt8], _ ext: String) -> String {
        "\(folder)/\(stem)-\(String(SHA256.hash(bytes).hexString.prefix(12))).\(ext)"
    }

    /// Every file to write into the site, by path.
    package var files: [(path: String, bytes: [UInt8])] { [(stylesheetPath, stylesheet), (scriptPath, script)] }

    /// The insights page's stylesheet, by path, when the site has one.
    package var insightsFiles: [(path: String, bytes: [UInt8])] { insightsStylesheetPath.map { [($0, insightsStylesheet)] } ?? [] }
}
