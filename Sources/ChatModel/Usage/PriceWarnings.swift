/// The warnings for models that have tokens but no price: one per model, however many turns or
/// pages use it, so that an estimate that leaves something out says so, and never guesses.
package enum PriceWarnings {
    /// `usages`: each page's tokens by model; `file`: what the warnings name (the conversation,
    /// or the site's input).
    package static func diagnostics(for usages: [[ModelUsage]], prices: PriceTable, file: String) -> [Diagnostic] {
        var unknown: [String?] = []
        for usage in usages {
            for model in ModelUsage.cost(usage, prices).unknown where !unknown.contains(model) { unknown.append(model) }
        }
        let table = prices.date.isEmpty ? "the price table" : "the price table of \(prices.date)"
        return unknown.map { model in
            let what = model.map { "no price for model \(Diagnostic.quote($0)) in \(table)" } ?? "tokens recorded on turns that name no model"
            return Diagnostic(.warning, file: file, message: "\(what); the estimated cost leaves their tokens out (give its prices with --prices FILE)")
        }
    }
}
