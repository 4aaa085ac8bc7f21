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
        let bytes = try FileInput.read(path: path, displayPath: displayPath, limit: 16 * 1024 * 1024, what: "price table")
        // LiteLLM's table carries no date: the day the file was last written stands for it.
        let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        let day = modified.flatMap { ImportDate.fromEpoch($0.timeIntervalSince1970) }.map { String($0.iso.prefix(10)) }
        return try load(bytes: bytes, displayPath: displayPath, modified: day)
    }

    /// A table from bytes already read: chatrender's own shape, or LiteLLM's
    /// `model_prices_and_context_window.json` (the table ccusage and agentsview read), told apart
    /// by their shape. `modified` is the day a LiteLLM table is dated with.
    package static func load(bytes: [UInt8], displayPath: String, modified: String? = nil) throws(DiagnosticError) -> PriceTable {
        let root: JSONNode
        do { root = try JSONParser.parse(bytes) } catch {
            throw DiagnosticError(
                Diagnostic(
                    file: displayPath, location: SourceLocation(line: error.line, column: error.column),
                    message: "invalid JSON: \(error.message)"))
        }
        if let litellm = liteLLM(root, date: modified ?? "an undated table") { return litellm }
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
        var oneHour: Double?
        if node["cacheWrite1h"] != nil {
            oneHour = reader.optionalNumber(node, "cacheWrite1h", path: path, expected: expected, minimum: 0)
            if let value = oneHour, value > Double(Self.largestPrice) {
                reader.error("expected \(expected), found \(JSONReader.format(value))", at: node["cacheWrite1h"], path: JSONReader.join(path, "cacheWrite1h"))
            }
        }
        guard reader.errorCount == errors, prices.count == 4 else { return nil }
        return ModelPrice(input: prices[0], output: prices[1], cacheRead: prices[2], cacheWrite: prices[3], cacheWrite1h: oneHour, contextWindow: window)
    }

    /// LiteLLM's table, when `root` is one: an object of models by name (with a provider, as
    /// `openai/gpt-4o`, or without), each with prices per token —
    /// `input_cost_per_token`, `output_cost_per_token`, `cache_read_input_token_cost`,
    /// `cache_creation_input_token_cost` and `cache_creation_input_token_cost_above_1hr` — and
    /// `max_input_tokens`. A row without an input and an output price per token (an image
    /// model's, the `sample_spec` row) is not a chat model's and is left out, as is one whose
    /// prices are out of range; a row without cache prices has its cached tokens priced as input
    /// (not as free). Nil when `root` is not shaped so.
    static func liteLLM(_ root: JSONNode, date: String) -> PriceTable? {
        guard case .object(let members) = root.value, root["models"] == nil, root["date"] == nil else { return nil }
        func perMillion(_ node: JSONNode?) -> Double? {
            guard let node, case .number(let value, _) = node.value, value.isFinite, value >= 0 else { return nil }
            let price = value * 1_000_000
            return price <= Double(Self.largestPrice) ? price : nil
        }
        var models: [String: ModelPrice] = [:]
        var rows = 0
        for (name, row) in members {
            guard case .object = row.value, row["input_cost_per_token"] != nil || row["litellm_provider"] != nil else { continue }
            rows += 1
            guard name != "sample_spec", let input = perMillion(row["input_cost_per_token"]), let output = perMillion(row["output_cost_per_token"])
            else { continue }
            let cacheWrite = perMillion(row["cache_creation_input_token_cost"]) ?? input
            let window = row["max_input_tokens"]?.tallyReading.tally.flatMap { $0.isZero ? nil : $0 }
            models[name] = ModelPrice(
                input: input, output: output, cacheRead: perMillion(row["cache_read_input_token_cost"]) ?? input, cacheWrite: cacheWrite,
                cacheWrite1h: perMillion(row["cache_creation_input_token_cost_above_1hr"]), contextWindow: window)
        }
        return rows > 0 ? PriceTable(date: date, models: models) : nil
    }
}
