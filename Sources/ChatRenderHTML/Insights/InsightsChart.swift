import ChatModel

/// What every chart of the insights page shares: the figure around its SVG (named for assistive
/// technology by the SVG's `<title>`), its legend, the table of its figures folded under it, the
/// axes' ticks, and the series' colours, which are classes whose colours the stylesheet takes
/// from the theme's custom properties (`templates/site/insights.css`): no colour is written here.
///
/// Charts are drawn at the size they have on a wide screen (`width` and `height` in CSS pixels,
/// with a `viewBox` of the same size) and scale down with the page; what they say is also in
/// their tables, in text that reflows.
enum InsightsChart {
    /// One chart: `id` prefixes its elements' ids; `name` is its accessible name (and the table's
    /// caption); `caption`, when given, is shown above it.
    struct Figure {
        var id: String
        var name: String
        var caption: String? = nil
        var width: Double
        var height: Double
        var drawing: HTML
        var legend: HTML = HTML()
        var table: Table
    }

    /// A table of figures: a header row, then rows whose first cell names them (a row header).
    struct Table {
        var columns: [String]
        var rows: [Row] = []
        /// Columns after the first hold numbers (aligned to the end).
        struct Row {
            var header: HTML
            var cells: [String]
        }
    }

    /// The figure: caption, SVG, legend, and the folded table.
    static func figure(_ figure: Figure, _ s: UIStrings) -> HTML {
        let titleID = "\(figure.id)-t"
        var html: HTML = "<figure class=\"cr-chart\" id=\"\(figure.id)\">"
        if let caption = figure.caption { html.append("<figcaption class=\"cr-chart-caption\">\(caption)</figcaption>") }
        let svg: HTML =
            "<svg class=\"cr-chart-svg\" role=\"img\" aria-labelledby=\"\(titleID)\" width=\"\(figure.width)\" height=\"\(figure.height)\" viewBox=\"0 0 \(figure.width) \(figure.height)\" dir=\"ltr\"><title id=\"\(titleID)\">\(figure.name)</title>\(figure.drawing)</svg>"
        if figure.width > wide {
            // On a narrow screen a wide chart keeps a legible size and scrolls sideways, by
            // keyboard too.
            html.append("<div class=\"cr-chart-scroll\" tabindex=\"0\" role=\"group\" aria-labelledby=\"\(titleID)\">\(svg)</div>")
        } else {
            html.append(svg)
        }
        html.append(figure.legend)
        html.append(table(figure.table, name: figure.name, s))
        html.append("</figure>\n")
        return html
    }

    /// Charts wider than this scroll sideways on a narrow screen rather than shrink past reading.
    static let wide = 500.0

    /// The table folded under its chart, in a box that scrolls sideways when it is wider than the page.
    static func table(_ table: Table, name: String, _ s: UIStrings) -> HTML {
        var head = HTML()
        for (n, column) in table.columns.enumerated() {
            head.append("<th scope=\"col\"\(n == 0 ? "" : " class=\"cr-num\"")>\(column)</th>")
        }
        var body = HTML()
        for row in table.rows {
            body.append("<tr><th scope=\"row\" dir=\"auto\">\(row.header)</th>")
            for cell in row.cells { body.append("<td class=\"cr-num\">\(cell)</td>") }
            body.append("</tr>")
        }
        let label = s.text(.chartTable, ["chart": name])
        return
            "<details class=\"cr-chart-data\"><summary>\(label)</summary><div class=\"cr-table-wrap\" role=\"region\" aria-label=\"\(label)\" tabindex=\"0\"><table class=\"cr-chart-table\"><caption class=\"cr-visually-hidden\">\(name)</caption><thead><tr>\(head)</tr></thead><tbody>\(body)</tbody></table></div></details>"
    }

    /// A legend of series: each a swatch of its colour and its name.
    static func legend(_ names: [String]) -> HTML {
        var items = HTML()
        for (n, name) in names.enumerated() {
            items.append("<li class=\"cr-key \(seriesClass(n, of: names.count))\" dir=\"auto\">\(name)</li>")
        }
        return "<ul class=\"cr-chart-legend\">\(items)</ul>"
    }

    /// The most series a chart tells apart by colour; the rest are drawn together as "Others".
    static let seriesLimit = 7

    /// The class of the `n`-th of `count` series: `cr-s1` … `cr-s6`, and the last of a list cut
    /// at ``seriesLimit`` (its "Others") the neutral `cr-s0`.
    static func seriesClass(_ n: Int, of count: Int, others: Bool = false) -> String {
        others && n == count - 1 ? "cr-s0" : "cr-s\(n % (seriesLimit - 1) + 1)"
    }

    /// `names` and the values of each item by name, at most ``seriesLimit`` series: past it, the
    /// least go together under `others`. Returns the names, and for each original series its index.
    static func limited(_ names: [String], others: String) -> (names: [String], index: [Int], hasOthers: Bool) {
        guard names.count > seriesLimit else { return (names, Array(names.indices), false) }
        let kept = Array(names.prefix(seriesLimit - 1)) + [others]
        return (kept, names.indices.map { min($0, seriesLimit - 1) }, true)
    }

    /// Round steps from 0 to at least `maximum`, about `count` of them: 1, 2, 2.5 or 5 times a
    /// power of ten (whole steps when `whole`).
    static func ticks(_ maximum: Double, count: Int = 4, whole: Bool = false) -> [Double] {
        guard maximum.isFinite, maximum > 0 else { return [0, 1] }
        let raw = maximum / Double(count)
        var power = 1.0
        while power * 10 <= raw { power *= 10 }
        while power > raw { power /= 10 }
        var step = power
        for factor in [1.0, 2, 2.5, 5, 10] where power * factor >= raw {
            step = power * factor
            break
        }
        if whole { step = max(1, step.rounded(.up)) }
        var values: [Double] = [0]
        while values.last! < maximum - step * 1e-9, values.count < 50 { values.append(values.last! + step) }
        return values
    }

    /// The level, 0 to 4, of `value` in a heatmap whose busiest cell holds `maximum`.
    static func level(_ value: Int, maximum: Int) -> Int {
        guard value > 0, maximum > 0 else { return 0 }
        return min(4, max(1, Int((4.0 * Double(value) / Double(maximum)).rounded(.up))))
    }

    /// "Less ▢▢▢▢▢ More": what the heatmaps' shades mean.
    static func heatLegend(_ s: UIStrings) -> HTML {
        "<p class=\"cr-heat-legend\" aria-hidden=\"true\"><span>\(s[.less])</span><span class=\"cr-heat-key cr-heat-0\"></span><span class=\"cr-heat-key cr-heat-1\"></span><span class=\"cr-heat-key cr-heat-2\"></span><span class=\"cr-heat-key cr-heat-3\"></span><span class=\"cr-heat-key cr-heat-4\"></span><span>\(s[.more])</span></p>"
    }

    /// `text` cut to about `characters` characters, with "…" when cut (an axis label's room).
    static func clipped(_ text: String, _ characters: Int) -> String {
        text.count <= characters ? text : String(text.prefix(max(1, characters - 1))) + "…"
    }
}
