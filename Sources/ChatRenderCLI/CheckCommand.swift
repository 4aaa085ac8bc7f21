import ChatRender
import Foundation

extension CLI {
    /// The `check` section of `chatrender --help`.
    public static let checkUsage = """
    CHECK (snapshot testing)
      chatrender check FIXTURE.json… --snapshots DIR [--record] [--png [--widths 390,1024]]
      Renders each fixture (in a temporary folder) and compares the page with the snapshot in
      DIR/NAME/: index.html by a unified diff, the assets by name, size and SHA-256 (assets.txt),
      and with --png the screenshots. NAME is the file name without .json (for conversation.json,
      its folder's name). Exits 0 when everything matches, 1 when a fixture differs or has no
      snapshot, and the usual codes for errors.
      --snapshots DIR        where the snapshots live (required)
      --record               write missing snapshots and update the ones that differ, then exit 0
      --png                  also screenshot each page with headless Chromium (CHATRENDER_CHROMIUM,
                             or chromium on PATH) in light and dark and compare pixel by pixel;
                             exits 69 when no Chromium is found
      --widths W,W…          screenshot widths in CSS pixels (default 390,1024)
      --tolerance N          largest per-channel difference (0–255) still counted as equal (default 2)
      --exact-edges          also count slight differences on strong edges (by default a pixel
                             on an edge in both images that differs by at most 48 is anti-aliasing
                             noise, not a change)
      --diffs DIR            for fixtures that differ: the rendered page, the whole diff, new
                             screenshots and diff images (changes in magenta); default out/check-diffs
      --max-diff-lines N     lines of each HTML diff to print (default 80; the whole diff is in --diffs)
      -q, --quiet            print only what differs
      Render options (--theme, --templates, --markup, --no-retry, --locale, --time-zone,
      --image-format, --quality, --keep-metadata, --originals, --max-pixels, --allow-outside,
      --allow-untrusted-loaders, --strict) work as for render.
    """

    /// `chatrender check …`
    static func check(_ arguments: [String], output: Output) -> ExitCode {
        var fixtures: [String] = []
        var snapshots: String?
        var record = false, png = false, quiet = false
        var widths = [390, 1024]
        var tolerance = 2, exactEdges = false
        var diffs = "out/check-diffs"
        var maxDiffLines = 80
        var shared = RenderFlags()  // render's options: --theme, --templates, --markup, photo and date options, --strict
        var index = 0
        func value(for flag: String) -> String? {
            index += 1
            guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                output.err("chatrender: error: \(flag) needs a value\n")
                return nil
            }
            return arguments[index]
        }
        func number(_ flag: String, _ raw: String, _ range: ClosedRange<Int>, _ what: String) -> Int? {
            guard let n = Int(raw), range.contains(n) else {
                output.err("chatrender: error: \(flag) must be \(what), not \"\(raw)\"\n")
                return nil
            }
            return n
        }
        while index < arguments.count {
            let argument = arguments[index]
            var flag = argument
            var inline: String?
            if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
                flag = String(argument[..<eq])
                inline = String(argument[argument.index(after: eq)...])
            }
            if let taken = shared.take(flag, value: { inline ?? value(for: flag) }, output: output) {
                guard taken else { return .usage }
                index += 1
                continue
            }
            switch flag {
            case "--snapshots": guard let v = inline ?? value(for: flag) else { return .usage }; snapshots = v
            case "--record": record = true
            case "--png": png = true
            case "--widths":
                guard let v = inline ?? value(for: flag) else { return .usage }
                let parts = v.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                let parsed = parts.compactMap { Int($0) }.filter { (64...8192).contains($0) }
                guard !parts.isEmpty, parsed.count == parts.count else {
                    output.err("chatrender: error: --widths takes CSS widths from 64 to 8192 separated by commas, such as 390,1024; not \"\(v)\"\n")
                    return .usage
                }
                var unique: [Int] = []
                for width in parsed where !unique.contains(width) { unique.append(width) }
                widths = unique
            case "--tolerance":
                guard let v = inline ?? value(for: flag), let n = number(flag, v, 0...255, "a whole number from 0 to 255") else { return .usage }
                tolerance = n
            case "--exact-edges": exactEdges = true
            case "--diffs": guard let v = inline ?? value(for: flag) else { return .usage }; diffs = v
            case "--max-diff-lines":
                guard let v = inline ?? value(for: flag), let n = number(flag, v, 0...1_000_000, "a whole number ≥ 0") else { return .usage }
                maxDiffLines = n
            case "--quiet", "-q": quiet = true
            case "-h", "--help": output.out(checkUsage + "\n"); return .ok
            default:
                if argument.hasPrefix("-") {
                    output.err("chatrender: error: unknown option \"\(argument)\" for check (see chatrender check --help)\n")
                    return .usage
                }
                fixtures.append(argument)
            }
            index += 1
        }
        guard !fixtures.isEmpty else {
            output.err("chatrender: error: check needs at least one fixture (a conversation .json file)\n\n" + checkUsage + "\n")
            return .usage
        }
        guard let snapshots else {
            output.err("chatrender: error: check needs --snapshots DIR, the folder that holds (or will hold) the snapshots\n")
            return .usage
        }
        guard let (themePath, templatesPath) = shared.paths(output: output) else { return .noInput }
        var request = SnapshotCheck.Request(fixtures: fixtures, snapshotsDirectory: snapshots, record: record,
                                            diffsDirectory: diffs, themePath: themePath, templatesDirectory: templatesPath,
                                            options: shared.options, images: shared.images, strict: shared.strict)
        request.markupGiven = shared.markupGiven
        if png {
            guard let executable = HeadlessChromium.locate() else {
                output.err("chatrender: error: --png needs headless Chromium and none was found. \(HeadlessChromium.installHint)\n")
                return .unavailable
            }
            request.screenshots = SnapshotCheck.Screenshots(widths: widths, tolerance: tolerance) { () throws(DiagnosticError) in
                try HeadlessChromium(executable: executable)
            }
            request.screenshots?.exactEdges = exactEdges
        }

        var counts: [SnapshotCheck.FixtureResult.Status: Int] = [:]
        var errorCode: ExitCode?
        do {
            try SnapshotCheck.run(request) { result in
                counts[result.status, default: 0] += 1
                for warning in result.warnings where !quiet { output.err(warning.description + "\n") }
                for error in result.errors { output.err(error.description + "\n") }
                if let kind = result.errorKind, errorCode == nil { errorCode = exitCode(for: kind) }
                if quiet && !result.failed { return }
                output.out(result.report(maxDiffLines: maxDiffLines))
            }
        } catch {
            return report(error, output: output)
        }
        let differing = (counts[.differs] ?? 0) + (counts[.missing] ?? 0)
        if !quiet || differing > 0 || errorCode != nil {
            output.out(summary(counts, total: fixtures.count, record: record) + "\n")
        }
        if let errorCode { return errorCode }
        return differing > 0 ? .differs : .ok
    }

    /// `3 fixtures: 2 match, 1 differs; run with --record to accept the changes`
    static func summary(_ counts: [SnapshotCheck.FixtureResult.Status: Int], total: Int, record: Bool) -> String {
        let order: [(SnapshotCheck.FixtureResult.Status, String, String)] = [
            (.matches, "matches", "match"), (.differs, "differs", "differ"), (.missing, "has no snapshot", "have no snapshot"),
            (.recorded, "recorded", "recorded"), (.updated, "updated", "updated"), (.unchanged, "unchanged", "unchanged"),
            (.failed, "cannot be rendered", "cannot be rendered"),
        ]
        let parts = order.compactMap { status, one, many -> String? in
            guard let n = counts[status], n > 0 else { return nil }
            return "\(n) \(n == 1 ? one : many)"
        }
        var text = "\(total) fixture\(total == 1 ? "" : "s"): \(parts.joined(separator: ", "))"
        if !record && ((counts[.differs] ?? 0) + (counts[.missing] ?? 0)) > 0 {
            text += "; if the changes are intended, run again with --record"
        }
        return text
    }

    static func exitCode(for kind: DiagnosticError.Kind) -> ExitCode {
        switch kind {
        case .badData: return .dataError
        case .missingInput: return .noInput
        case .cannotWrite: return .cannotCreate
        case .usage: return .usage
        case .unavailable: return .unavailable
        }
    }
}
