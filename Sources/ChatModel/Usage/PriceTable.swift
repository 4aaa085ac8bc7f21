/// What models cost per million tokens, as of a date (`templates/prices.json`, or `--prices`):
/// an estimated cost is the usage times these prices, and a model the table does not know has
/// no cost at all (never a guess).
package struct PriceTable: Sendable, Equatable {
    /// One model's list prices in US dollars per million tokens, and its context window.
    package struct ModelPrice: Sendable, Equatable {
        package var input: Double
        package var output: Double
        package var cacheRead: Double
        /// The five-minute cache write (the price of a write the log does not say more of).
        package var cacheWrite: Double
        /// The one-hour cache write, when the table gives it.
        package var cacheWrite1h: Double?
        /// Tokens the model reads at most, for the context-window fill bar; nil: not drawn.
        package var contextWindow: Tally?

        package init(input: Double, output: Double, cacheRead: Double, cacheWrite: Double, cacheWrite1h: Double? = nil, contextWindow: Tally? = nil) {
            self.input = input
            self.output = output
            self.cacheRead = cacheRead
            self.cacheWrite = cacheWrite
            self.cacheWrite1h = cacheWrite1h
            self.contextWindow = contextWindow
        }

        /// What a one-hour write costs when a table gives only the five-minute price: 1.6 times
        /// it, Anthropic's published rule (a one-hour write is twice the input price, a
        /// five-minute one 1.25 times), which every one of its models with a prompt cache follows.
        package static let oneHourOverFiveMinutes = 1.6

        /// The one-hour write's price: the table's, else by ``oneHourOverFiveMinutes``.
        package var oneHourWrite: Double { cacheWrite1h ?? cacheWrite * Self.oneHourOverFiveMinutes }

        /// The cost of `usage` in dollars: each kind of token at its price, the one-hour cache
        /// writes apart from the five-minute ones.
        package func cost(of usage: TokenUsage) -> Double {
            (usage.input.double * input + usage.output.double * output + usage.cacheRead.double * cacheRead
                + (usage.cacheWrite - usage.cacheWrite1h).double * cacheWrite + usage.cacheWrite1h.double * oneHourWrite) / 1_000_000
        }
    }

    /// The day the prices were taken (`"2025-12-15"`), shown beside every estimate.
    package var date: String
    /// By model name as the table writes it.
    package var models: [String: ModelPrice]
    /// The names again, each in the form ``key(_:)`` makes, for lookups.
    private var byKey: [String: ModelPrice]

    package init(date: String, models: [String: ModelPrice]) {
        self.date = date
        self.models = models
        // Where several names meet at one key (LiteLLM's `gpt-4o` and `azure/gpt-4o`), the name
        // without a provider wins, then the first in order: the same table, the same prices.
        var byKey: [String: ModelPrice] = [:]
        for name in models.keys.sorted(by: { ($0.contains("/") ? 1 : 0, $0) < ($1.contains("/") ? 1 : 0, $1) }) {
            let key = Self.key(name)
            if byKey[key] == nil { byKey[key] = models[name] }
        }
        self.byKey = byKey
    }

    /// No prices: every model is unknown.
    package static let empty = PriceTable(date: "", models: [:])

    package static func == (a: PriceTable, b: PriceTable) -> Bool { a.date == b.date && a.models == b.models }

    /// The prices of `model` as a log names it: the name itself, or the name with what logs add
    /// to it taken off (a provider, `anthropic/`; a release date, `-20250929`), dots and hyphens
    /// alike (`claude-sonnet-4.5` is `claude-sonnet-4-5`). Nil when the table does not know it.
    package func price(for model: String) -> ModelPrice? {
        byKey[Self.key(model)]
    }

    /// A model name as looked up: lower case, no provider, no release date, `.` as `-`.
    static func key(_ model: String) -> String {
        var name = Substring(model.lowercased())
        if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
        var text = name.replacingDots()
        // "-20250929" or "-2025-09-29" at the end: a dated snapshot of the same model.
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count > 1, let last = parts.last, last.count == 8, last.allSatisfy(\.isASCIIDigit) {
            text = parts.dropLast().joined(separator: "-")
        } else if parts.count > 3, parts[parts.count - 3].count == 4, parts.suffix(3).allSatisfy({ $0.allSatisfy(\.isASCIIDigit) && !$0.isEmpty }),
            parts[parts.count - 2].count == 2, parts[parts.count - 1].count == 2
        {
            text = parts.dropLast(3).joined(separator: "-")
        }
        return text
    }
}

private extension Substring {
    func replacingDots() -> String { String(map { $0 == "." ? "-" : $0 }) }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
