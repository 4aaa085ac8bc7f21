extension SnapshotCheck.FixtureResult {
    /// What `chatrender check` prints for this fixture: one line when it matches, otherwise the
    /// HTML diff (at most `maxDiffLines` lines of it), the asset changes and the screenshot changes.
    /// Render errors are not included (they go to stderr as diagnostics).
    package func report(maxDiffLines: Int = 80) -> String {
        var out = ""
        switch status {
        case .matches:
            return "\(name): matches\n"
        case .unchanged:
            return "\(name): unchanged\n"
        case .failed:
            return "\(name): cannot be rendered from \(fixture)\n"
        case .recorded:
            let shots = screenshots.count
            return "\(name): recorded \(snapshotPath)/ (index.html, assets.txt\(shots == 0 ? "" : ", \(shots) screenshot\(shots == 1 ? "" : "s")"))\n"
        case .updated:
            return "\(name): updated \(snapshotPath)/: \(changeList().joined(separator: ", "))\n"
        case .rerecorded:
            return "\(name): recorded again \(snapshotPath)/ (it matched)\n"
        case .missing:
            if missingFiles.contains("index.html") && missingFiles.contains("assets.txt") {
                out += "\(name): no snapshot in \(snapshotPath)/; run with --record to make one\n"
            } else {
                let needsPNG = missingFiles.contains { $0.hasSuffix(".png") }
                out +=
                    "\(name): the snapshot in \(snapshotPath)/ lacks \(missingFiles.joined(separator: ", ")); run with --record\(needsPNG ? " --png" : "") to add \(missingFiles.count == 1 ? "it" : "them")\n"
            }
        case .differs:
            out += "\(name): differs from \(snapshotPath)/\n"
        }
        if !recordedFiles.isEmpty {
            out += "  recorded \(recordedFiles.joined(separator: ", ")), which the snapshot lacked\n"
        }
        if let htmlDiff, !htmlDiff.isEmpty {
            out += htmlDiff.text(maxLines: maxDiffLines)
        }
        if let assets, !assets.isEmpty {
            for line in assets.lines { out += "  asset \(line)\n" }
        }
        for shot in screenshots {
            guard let comparison = shot.comparison, !comparison.matches else { continue }
            out += "  \(shot.fileName): \(comparison.summary)"
            if let path = shot.diffImagePath { out += "; diff image: \(path)" }
            out += "\n"
        }
        if let diffFolder {
            var kept = ["the rendered page"]
            if htmlDiff != nil { kept.append("the whole diff") }
            if screenshots.contains(where: { !($0.comparison?.matches ?? false) }) { kept.append("the new screenshots") }
            let list = kept.count == 1 ? kept[0] : kept.dropLast().joined(separator: ", ") + " and " + kept.last!
            out += "  \(list) \(kept.count == 1 ? "is" : "are") in \(diffFolder)/\n"
        }
        return out
    }

    /// `index.html (+3 −1 lines)`, `assets.txt (1 changed, 2 added)`, `390-dark.png (1,234 pixels)`.
    func changeList() -> [String] {
        var parts: [String] = []
        if let htmlDiff, !htmlDiff.isEmpty {
            let counts = htmlDiff.counts
            parts.append("index.html (+\(counts.added) −\(counts.removed) lines)")
        } else if missingFiles.contains("index.html") {
            parts.append("index.html (new)")
        }
        if let assets, !assets.isEmpty {
            var kinds: [String] = []
            if !assets.changed.isEmpty { kinds.append("\(assets.changed.count) changed") }
            if !assets.added.isEmpty { kinds.append("\(assets.added.count) added") }
            if !assets.removed.isEmpty { kinds.append("\(assets.removed.count) removed") }
            parts.append("assets.txt (\(kinds.joined(separator: ", ")))")
        } else if missingFiles.contains("assets.txt") {
            parts.append("assets.txt (new)")
        }
        for shot in screenshots {
            if let comparison = shot.comparison {
                if !comparison.matches { parts.append("\(shot.fileName) (\(ScreenshotComparison.grouped(comparison.changedPixels)) pixels)") }
            } else {
                parts.append("\(shot.fileName) (new)")
            }
        }
        for name in removedFiles { parts.append("\(name) (removed)") }
        return parts
    }
}
