import ChatModel

/// `--redact-report FILE`: what was masked and where, for a person to check before sharing. One
/// finding a line, so the file reads well in a pager and greps well:
///
/// ```json
/// {
///   "redacted": {"API key": 2, "home folder": 1},
///   "findings": [
///     {"conversation": 1, "title": "Fix the deploy", "turn": 3, "anchor": "cr-t2", "part": "part 2 (tool call “Bash”): result", "kind": "API key", "format": "npm access token", "checksum": "valid"},
///     …
///   ]
/// }
/// ```
///
/// `turn` is the turn's number on the page and `anchor` its id there (`page.html#cr-t2`); the
/// conversation's title and facts have neither. `checksum` is there only for a format that
/// carries one: `valid`, or `invalid` (the shape of a token, but not a live one: an example, or
/// a typo). The value itself is never written.
extension RedactionReport {
    package func json() -> [UInt8] {
        var out = "{\n  \"redacted\": {"
        out += counts.byKind.sorted { $0.key < $1.key }.map { "\(JSONQuote.quote($0.key.rawValue)): \($0.value)" }.joined(separator: ", ")
        out += "},\n  \"findings\": ["
        for (index, finding) in findings.enumerated() {
            out += index == 0 ? "\n    " : ",\n    "
            var fields = ["\"conversation\": \(finding.conversation)", "\"title\": \(JSONQuote.quote(finding.title))"]
            if let turn = finding.turn { fields += ["\"turn\": \(turn)", "\"anchor\": \"cr-t\(turn - 1)\""] }
            fields += [
                "\"part\": \(JSONQuote.quote(finding.part))", "\"kind\": \(JSONQuote.quote(finding.hit.kind.rawValue))",
                "\"format\": \(JSONQuote.quote(finding.hit.format))",
            ]
            if let checksum = finding.hit.checksum { fields.append("\"checksum\": \"\(checksum ? "valid" : "invalid")\"") }
            out += "{" + fields.joined(separator: ", ") + "}"
        }
        out += findings.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return Array(out.utf8)
    }
}
