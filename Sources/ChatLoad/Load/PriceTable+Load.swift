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
        for key in ["input", "output", "cacheRead", "cacheWrite"] {
            guard node[key] != nil else {
                reader.error(
                    "missing required field \"\(key)\"; expected US dollars per million tokens (a number ≥ 0)", at: node, path: JSONReader.join(path, key))
                continue
            }
            if let value = reader.optionalNumber(node, key, path: path, expected: "US dollars per million tokens (a number ≥ 0)", minimum: 0) {
                prices.append(value)
            } else if node[key]?.value == .null {
                reader.error("expected US dollars per million tokens (a number ≥ 0), found null", at: node[key], path: JSONReader.join(path, key))
            }
        }
        let window = reader.optionalInteger(node, "contextWindow", path: path)
        if let window, window <= 0 {
            reader.error(
                "expected the model's context window in tokens (a whole number > 0), found \(window)", at: node["contextWindow"],
                path: JSONReader.join(path, "contextWindow"))
        }
        guard reader.errorCount == errors, prices.count == 4 else { return nil }
        return ModelPrice(input: prices[0], output: prices[1], cacheRead: prices[2], cacheWrite: prices[3], contextWindow: window)
    }
}
