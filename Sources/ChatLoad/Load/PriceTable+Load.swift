import ChatModel
import ChatSupport
import Foundation

/// Reading a price table is loading, like the string tables beside it: `templates/prices.json`,
/// or the file `--prices` names, in the same shape:
///
/// ```json
/// {"date": "2025-12-15",
///  "models": {"claude-sonnet-4-5": {"input": 3, "output": 15, "cacheRead": 0.3, "cacheWrite": 3.75, "contextWindow": 200000}}}
/// ```
///
/// Prices are US dollars per million tokens. Every problem in the file is reported at once,
/// each with its line:column and JSON path.
extension PriceTable {
    /// The highest price a table may give, in US dollars per million tokens: a thousand times
    /// the dearest model's. Past it a price is a mistake (or an attack), not a price.
    package static let largestPrice = 1_000_000

    /// The bundled table's name in a templates folder.
    package static let fileName = "prices.json"

    /// The table in `templates/`; none (every model unknown) when the folder has no table.
    package static func load(templates: String) throws(DiagnosticError) -> PriceTable {
        let path = FilePath.join(templates, fileName)
        guard FileManager.default.fileExists(atPath: path) else { return .empty }
        return try load(path: path, displayPath: path)
    }

    /// The table at `path`, named `displayPath` in messages.
    package static func load(path: String, displayPath: String) throws(DiagnosticError) -> PriceTable {
        let bytes = try FileInput.read(path: path, displayPath: displayPath, limit: 4 * 1024 * 1024, what: "price table")
        return try load(bytes: bytes, displayPath: displayPath)
    }

    /// A table from bytes already read.
    package static func load(bytes: [UInt8], displayPath: String) throws(DiagnosticError) -> PriceTable {
        let root: JSONNode
        do { root = try JSONParser.parse(bytes) } catch {
            throw DiagnosticError(
                Diagnostic(
                    file: displayPath, location: SourceLocation(line: error.line, column: error.column),
                    message: "invalid JSON: \(error.message)"))
        }
        var reader = JSONReader(file: displayPath)
        guard reader.object(root, path: "", expected: "an object with \"date\" and \"models\"") != nil else {
            throw DiagnosticError(reader.diagnostics)
        }
        let date = reader.requiredString(root, "date", path: "", nonEmpty: true)
        if let date, ChatDate(iso: date) == nil {
            reader.error("expected the day the prices were taken, as \"2025-12-15\", found \(JSONReader.quote(date))", at: root["date"], path: "date")
        }
        var models: [String: ModelPrice] = [:]
        if let list = root["models"] {
            if let members = reader.object(list, path: "models", expected: "an object of models by name") {
                for (name, node) in members {
                    let path = JSONReader.join("models", name)
                    if let price = modelPrice(node, path: path, reader: &reader) { models[name] = price }
                }
            }
        } else {
            reader.error("missing required field \"models\"; expected an object of models by name", at: root, path: "models")
        }
        if reader.hasErrors || date == nil { throw DiagnosticError(reader.diagnostics) }
        return PriceTable(date: date!, models: models)
    }

    private static func modelPrice(_ node: JSONNode, path: String, reader: inout JSONReader) -> ModelPrice? {
        guard reader.object(node, path: path, expected: "an object with \"input\", \"output\", \"cacheRead\" and \"cacheWrite\"") != nil else { return nil }
        let errors = reader.errorCount
        var prices: [Double] = []
        let expected = "US dollars per million tokens (a number from 0 to \(Self.largestPrice))"
        for key in ["input", "output", "cacheRead", "cacheWrite"] {
            guard node[key] != nil else {
                reader.error("missing required field \"\(key)\"; expected \(expected)", at: node, path: JSONReader.join(path, key))
                continue
            }
            if let value = reader.optionalNumber(node, key, path: path, expected: expected, minimum: 0) {
                // Bounded, so that no sum of costs made with it runs past what a page can show.
                if value <= Double(Self.largestPrice) {
                    prices.append(value)
                } else {
                    reader.error("expected \(expected), found \(JSONReader.format(value))", at: node[key], path: JSONReader.join(path, key))
                }
            } else if node[key]?.value == .null {
                reader.error("expected \(expected), found null", at: node[key], path: JSONReader.join(path, key))
            }
        }
        var window: Tally?
        if let written = node["contextWindow"], written.value != .null {
            window = written.tallyReading.tally
            if window == nil || window == .zero {
                let found = if case .number(let value, _) = written.value { JSONReader.format(value) } else { written.kindDescription }
                reader.error(
                    "expected the model's context window in tokens (a whole number from 1 to \(Tally.inputLimit)), found \(found)", at: written,
                    path: JSONReader.join(path, "contextWindow"))
            }
        }
        guard reader.errorCount == errors, prices.count == 4 else { return nil }
        return ModelPrice(input: prices[0], output: prices[1], cacheRead: prices[2], cacheWrite: prices[3], contextWindow: window)
    }
}
