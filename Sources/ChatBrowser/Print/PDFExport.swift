import Foundation
import ChatModel
import ChatOutput

/// How `render --pdf` prints the page.
public struct PDFOptions: Sendable, Equatable {
    /// The Chromium or Chrome executable to print with (``HeadlessChromium/locate(environment:)``
    /// finds one).
    public var chromium: String
    /// A4 or US Letter; the page's own margins (`templates/print.css`) fit both.
    public var paper: Paper
    /// Extra browser flags (`CHATRENDER_CHROMIUM_FLAGS` on the command line).
    public var chromiumFlags: [String]

    public init(chromium: String, paper: Paper = .a4, chromiumFlags: [String] = []) {
        self.chromium = chromium
        self.paper = paper
        self.chromiumFlags = chromiumFlags
    }
}

/// Prints the finished page to `index.pdf` with headless Chromium, inside the render's staging
/// folder: the PDF is made from the very `index.html` and `assets/` that are about to be
/// committed, and appears together with them in the one atomic swap. If Chromium fails, nothing
/// is committed and the previous output stays as it was — a page without the PDF asked for is not
/// a finished render.
public enum PDFExport {
    /// The PDF's name inside the output folder, beside `index.html`.
    public static let fileName = "index.pdf"

    /// Prints the output's `index.html` into its `index.pdf` and returns the PDF's size in bytes.
    package static func write(into output: OutputSink, options: PDFOptions) throws(DiagnosticError) -> Int {
        // Chromium reads the page by its path: the folder the output is being made in.
        let staging = try output.folder("")
        let destination = output.destination
        let page = FilePath.join(staging, "index.html")
        let url = URL(fileURLWithPath: page).standardizedFileURL.absoluteString
        let shownPDF = FilePath.join(destination, fileName)
        var pdf: [UInt8]
        do throws(DiagnosticError) {
            let browser = try HeadlessChromium(executable: options.chromium, extraFlags: options.chromiumFlags)
            defer { browser.close() }
            pdf = try browser.printToPDF(fileURL: url, paper: options.paper)
        } catch {
            // Name the file the person will look for, not the staging folder that is about to go.
            var renamed = error
            for i in renamed.diagnostics.indices where renamed.diagnostics[i].file == url {
                renamed.diagnostics[i].file = shownPDF
            }
            throw renamed
        }
        guard pdf.starts(with: Array("%PDF-".utf8)) else {
            throw DiagnosticError(Diagnostic(file: shownPDF, message: "Chromium returned something that is not a PDF"), kind: .cannotWrite)
        }
        pdf = tidy(pdf, staging: staging)
        try output.write(pdf, to: fileName)
        return pdf.count
    }

    /// Makes Chromium's PDF fit to keep: no print time, no links into the staging folder, and the
    /// same bytes for the same page wherever it is rendered.
    ///
    /// - Chromium stamps the time it printed (`/CreationDate`, `/ModDate`), the only thing that
    ///   differs between two prints of one page. The entries are dropped: a PDF without dates is
    ///   valid; a made-up date would be wrong.
    /// - Links to the page's own files (photos, attached files) come out as absolute `file:` URLs
    ///   into the staging folder, which is renamed a moment later: dead links that also spell out a
    ///   path on this machine. They become relative (`assets/…`) as in `index.html`, so they work
    ///   beside the page wherever the folder is moved. Web links are left alone.
    ///
    /// Both edits first blank the bytes they free (whitespace, which keeps every offset right); the
    /// blanks are then cut out and the cross-reference table is rewritten to match. If the file's
    /// layout is not the classic table Chromium writes, the blanks stay: still valid, still the same
    /// run to run for one output folder.
    static func tidy(_ input: [UInt8], staging: String) -> [UInt8] {
        var pdf = input
        renumberStructureIDs(&pdf)
        var freed = removeTimestamps(&pdf) + relativizeLinks(&pdf, staging: staging)
        freed.sort { $0.lowerBound < $1.lowerBound }
        return compact(pdf, removing: freed) ?? pdf
    }

    /// Numbers the tagged PDF's structure ids (`/ID (node00000071)`, which table headers get so
    /// cells can point at them) from 1, in the order of their numbers.
    ///
    /// Chromium takes them from the page's DOM node ids, handed out when something first asks
    /// for a node: whether the page was drawn once before the print decides where they start,
    /// so two prints of one page differed in them now and then. Renumbered in order, they keep
    /// their width (every offset stays right) and their sort order (the `/IDTree` name tree stays
    /// sorted), and the file is the same on every run.
    static func renumberStructureIDs(_ pdf: inout [UInt8]) {
        let key = Array("/ID (node".utf8), open = Array("(node".utf8)
        let digits = 8
        func number(at index: Int) -> Int? {
            guard index + digits < pdf.count, pdf[index + digits] == UInt8(ascii: ")") else { return nil }
            var value = 0
            for k in index..<(index + digits) {
                guard pdf[k] >= UInt8(ascii: "0"), pdf[k] <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(pdf[k] - UInt8(ascii: "0"))
            }
            return value
        }
        var ids: Set<Int> = []
        var index = 0
        while let start = find(key, in: pdf, from: index) {
            index = start + key.count
            if let value = number(at: index) { ids.insert(value) }
        }
        guard !ids.isEmpty else { return }
        var renumbered: [Int: Int] = [:]
        for (position, value) in ids.sorted().enumerated() { renumbered[value] = position + 1 }
        index = 0
        while let start = find(open, in: pdf, from: index) {
            index = start + open.count
            guard let value = number(at: index), let new = renumbered[value] else { continue }
            var rest = new
            for k in stride(from: index + digits - 1, through: index, by: -1) {
                pdf[k] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
        }
    }

    /// Blanks each `/CreationDate (D:…)` and `/ModDate (D:…)` entry; returns the blanked ranges.
    static func removeTimestamps(_ pdf: inout [UInt8]) -> [Range<Int>] {
        var freed: [Range<Int>] = []
        for key in ["/CreationDate", "/ModDate"] {
            let pattern = Array(key.utf8)
            var index = 0
            while let start = find(pattern, in: pdf, from: index) {
                index = start + pattern.count
                // `/Key (D:…)`: a literal string of date characters only, so nothing else is touched.
                var i = index
                while i < pdf.count, pdf[i] == UInt8(ascii: " ") { i += 1 }
                guard i < pdf.count, pdf[i] == UInt8(ascii: "(") else { continue }
                var end = i + 1
                while end < pdf.count, end - i <= 40, isDateByte(pdf[end]) { end += 1 }
                guard end < pdf.count, pdf[end] == UInt8(ascii: ")") else { continue }
                for j in start...end { pdf[j] = UInt8(ascii: " ") }
                freed.append(start..<(end + 1))
                index = end + 1
            }
        }
        return freed
    }

    /// Rewrites `/URI (file:///…/.NAME.chatrender-staging-XXXXXX/assets/x)` as `/URI (assets/x)`
    /// followed by blanks; returns the blanked ranges.
    static func relativizeLinks(_ pdf: inout [UInt8], staging: String) -> [Range<Int>] {
        let folder = FilePath.lastComponent(staging)
        guard let infix = folder.range(of: OutputWriter.stagingInfix) else { return [] }
        // The random part of the staging name is ASCII, so it reads the same however the URL
        // encoded the rest of the path.
        let marker = Array((String(folder[infix.lowerBound...]) + "/").utf8)
        let key = Array("/URI (".utf8)
        var freed: [Range<Int>] = []
        var index = 0
        while let start = find(key, in: pdf, from: index) {
            let open = start + key.count
            // The end of the literal string: `)` not escaped by a backslash.
            var close = open
            var escaped = false
            while close < pdf.count {
                if escaped { escaped = false } else if pdf[close] == UInt8(ascii: "\\") { escaped = true } else if pdf[close] == UInt8(ascii: ")") { break }
                close += 1
            }
            index = close
            guard close < pdf.count, let hit = find(marker, in: Array(pdf[open..<close]), from: 0) else { continue }
            var relative = Array(pdf[(open + hit + marker.count)..<close])
            if relative.isEmpty { relative = Array("./".utf8) }
            guard open + relative.count < close else { continue }
            for (k, byte) in relative.enumerated() { pdf[open + k] = byte }
            pdf[open + relative.count] = UInt8(ascii: ")")
            for k in (open + relative.count + 1)...close { pdf[k] = UInt8(ascii: " ") }
            freed.append((open + relative.count + 1)..<(close + 1))
        }
        return freed
    }

    /// `pdf` without the `removing` ranges (sorted, disjoint, none inside the cross-reference
    /// table), with every offset in its classic `xref` table and `startxref` moved to match; nil
    /// when the file does not end in exactly that structure.
    static func compact(_ pdf: [UInt8], removing ranges: [Range<Int>]) -> [UInt8]? {
        if ranges.isEmpty { return pdf }
        // `startxref\nOFFSET\n%%EOF` at the end.
        guard let keyword = findLast(Array("startxref".utf8), in: pdf) else { return nil }
        var i = keyword + "startxref".utf8.count
        while i < pdf.count, pdf[i] == 10 || pdf[i] == 13 || pdf[i] == 32 { i += 1 }
        var xref = 0, digits = 0
        while i < pdf.count, pdf[i] >= 48, pdf[i] <= 57, digits < 12 { xref = xref * 10 + Int(pdf[i] - 48); i += 1; digits += 1 }
        guard digits > 0, xref < keyword, pdf[xref...].starts(with: Array("xref".utf8)),
            let last = ranges.last, last.upperBound <= xref
        else { return nil }
        func shifted(_ offset: Int) -> Int {
            var removed = 0
            for range in ranges where range.upperBound <= offset { removed += range.count }
            return offset - removed
        }
        // Subsections: `FIRST COUNT` lines, then COUNT entries of exactly 20 bytes
        // (`OOOOOOOOOO GGGGG n` plus a two-byte line end).
        var table = Array(pdf[xref..<keyword])
        var p = 4
        func skipLineEnd() { while p < table.count, table[p] == 10 || table[p] == 13 || table[p] == 32 { p += 1 } }
        func number() -> Int? {
            var value = 0, count = 0
            while p < table.count, table[p] >= 48, table[p] <= 57, count < 12 { value = value * 10 + Int(table[p] - 48); p += 1; count += 1 }
            return count > 0 ? value : nil
        }
        skipLineEnd()
        while p < table.count, table[p] != UInt8(ascii: "t") {
            guard number() != nil, p < table.count, table[p] == 32 else { return nil }
            p += 1
            guard let count = number() else { return nil }
            skipLineEnd()
            for _ in 0..<count {
                guard p + 20 <= table.count, table[p + 10] == 32, table[p + 16] == 32 else { return nil }
                if table[p + 17] == UInt8(ascii: "n") {
                    var offset = 0
                    for k in 0..<10 {
                        let byte = table[p + k]
                        guard byte >= 48, byte <= 57 else { return nil }
                        offset = offset * 10 + Int(byte - 48)
                    }
                    let moved = Array(String(shifted(offset)).utf8)
                    guard moved.count <= 10 else { return nil }
                    for k in 0..<10 { table[p + k] = k < 10 - moved.count ? 48 : moved[k - (10 - moved.count)] }
                } else if table[p + 17] != UInt8(ascii: "f") {
                    return nil
                }
                p += 20
            }
        }
        guard table[p...].starts(with: Array("trailer".utf8)) else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(pdf.count)
        var from = 0
        for range in ranges {
            out.append(contentsOf: pdf[from..<range.lowerBound])
            from = range.upperBound
        }
        out.append(contentsOf: pdf[from..<xref])
        out.append(contentsOf: table)
        out.append(contentsOf: Array("startxref\n\(shifted(xref))\n%%EOF\n".utf8))
        return out
    }

    private static func isDateByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "D"), UInt8(ascii: ":"), UInt8(ascii: "+"),
            UInt8(ascii: "-"), UInt8(ascii: "'"), UInt8(ascii: "Z"):
            return true
        default:
            return false
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        var i = start
        let last = haystack.count - needle.count
        while i <= last {
            if haystack[i] == needle[0] {
                var match = true
                for k in 1..<needle.count where haystack[i + k] != needle[k] { match = false; break }
                if match { return i }
            }
            i += 1
        }
        return nil
    }

    private static func findLast(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var i = haystack.count - needle.count
        while i >= 0 {
            if haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i -= 1
        }
        return nil
    }
}
