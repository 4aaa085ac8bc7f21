import ChatRender
import Foundation

/// `chatrender check FIXTURE.json… --snapshots DIR`: the table and the run.
enum CheckCommand {
    static let snapshots = Option.value(
        "--snapshots", valueName: "DIR", help: "where the snapshots live (required)", read: OptionReader.folder)
    static let record = Option.flag(
        "--record", help: "write missing snapshots and update the ones that differ, then exit 0 (--record-mode failed)")
    static let recordMode = Option.value(
        "--record-mode", valueName: "MODE",
        help: "which snapshot files to write: missing (only those not stored yet; a difference still exits 1), "
            + "failed (missing and differing ones, as --record), all (every one, even one that matches) or never "
            + "(the default: compare only, and a missing snapshot exits 1, as CI wants)",
        read: OptionReader.choice(RecordMode.self) { name, raw in "\(name) must be missing, failed, all or never, not \"\(raw)\"" })
    static let png = Option.flag(
        "--png", help: "also screenshot each page with headless Chromium (CHATRENDER_CHROMIUM, or chromium on PATH) "
            + "in light and dark and compare pixel by pixel; exits 69 when no Chromium is found")
    static let widths = Option.value(
        "--widths", valueName: "W,W…", help: "screenshot widths in CSS pixels (default 390,1024)", read: OptionReader.widths)
    static let tolerance = Option.value(
        "--tolerance", valueName: "N", help: "largest per-channel difference (0–255) still counted as equal (default 2)",
        read: OptionReader.integer(in: 0...255, "a whole number from 0 to 255"))
    static let exactEdges = Option.flag(
        "--exact-edges", help: "also count slight differences on strong edges (by default a pixel on an edge in both "
            + "images that differs by at most 48 is anti-aliasing noise, not a change)")
    static let diffs = Option.value(
        "--diffs", valueName: "DIR", help: "for fixtures that differ: the rendered page, the whole diff, new screenshots "
            + "and diff images (changes in magenta); default out/check-diffs", read: OptionReader.outputPath)
    static let maxDiffLines = Option.value(
        "--max-diff-lines", valueName: "N", help: "lines of each HTML diff to print (default 80; the whole diff is in --diffs)",
        read: OptionReader.integer(in: 0...1_000_000, "a whole number ≥ 0"))

    static let command = Command(
        path: ["check"],
        summary: "render fixtures and compare them with their snapshots (snapshot testing)",
        synopsis: ["check FIXTURE.json… --snapshots DIR [--record | --record-mode MODE] [--png] [options]"],
        about: [
            "Renders each fixture (in a temporary folder, with the render options) and compares the page with the "
                + "snapshot in DIR/NAME/: index.html by a unified diff, the assets by name, size and SHA-256 "
                + "(assets.txt), and with --png the screenshots. NAME is the file name without .json (for "
                + "conversation.json, its folder's name). Exits 0 when everything matches, 1 when a fixture differs "
                + "or has no snapshot, and the usual codes for errors. --record-mode says which snapshot files are written "
                + "instead (a file written counts as matching); --record is --record-mode failed. With --quiet it prints only what differs. "
                + "See docs/snapshots.md.",
        ],
        arguments: [
            .init(name: "FIXTURE.json…", help: "conversation files; each is read by name, which names its snapshot, so "
                    + "standard input (-) is not one"),
        ],
        checkArguments: { arguments in
            if arguments.isEmpty { return "check needs at least one fixture (a conversation .json file)" }
            if arguments.contains("-") { return "check reads each fixture by its name, which names its snapshot; - (standard input) cannot be a fixture" }
            return nil
        },
        groups: [
            OptionGroup("SNAPSHOTS", [snapshots.option, record.option, recordMode.option, diffs.option, maxDiffLines.option]),
            OptionGroup("SCREENSHOTS", [png.option, widths.option, tolerance.option, exactEdges.option]),
            SharedOptions.themeAndTemplates,
            SharedOptions.page,
            SharedOptions.photos,
            SharedOptions.messages,
        ],
        rules: [
            .required(snapshots.option, "check needs --snapshots DIR, the folder that holds (or will hold) the snapshots"),
            .excludes(record.option, recordMode.option, "--record is --record-mode failed; give one or the other"),
        ],
        exitCodes: [.ok, .differs, .usage, .dataError, .noInput, .unavailable, .cannotCreate],
        run: run)

    static func run(_ parsed: ParsedArguments, output: CLI.Output) -> CLI.ExitCode {
        let inputs = InputFiles(output: output)
        defer { inputs.removeCopies() }
        let settings = RenderSettings(parsed)
        let quiet = parsed.has(SharedOptions.quiet)
        let fixtures = parsed.positionals
        var request: SnapshotCheck.Request
        do throws(DiagnosticError) {
            // A folder among the fixtures (a glob that caught one) stops the run before any render;
            // `-` was refused with the arguments, so nothing is copied here.
            for fixture in fixtures { _ = try inputs.path(for: fixture, what: "conversation", role: "a fixture", copyName: "fixture.json") }
            let (themePath, templatesPath) = try RenderSettings.themeAndTemplates(
                theme: parsed[SharedOptions.theme], templates: parsed[SharedOptions.templates], inputs: inputs)
            request = SnapshotCheck.Request(fixtures: fixtures, snapshotsDirectory: parsed[snapshots]!, recordMode: parsed[recordMode] ?? (parsed.has(record) ? .failed : .never),
                                            diffsDirectory: parsed[diffs] ?? "out/check-diffs", themePath: themePath,
                                            templatesDirectory: templatesPath, options: settings.options,
                                            images: settings.images, strict: settings.strict)
            request.markupGiven = settings.markupGiven
            if parsed.has(png) {
                let environment = ProcessInfo.processInfo.environment
                guard let executable = HeadlessChromium.locate(environment: environment) else {
                    throw DiagnosticError(Diagnostic(file: "chatrender", message: "--png needs headless Chromium and none was found. \(HeadlessChromium.installHint)"),
                                          kind: .unavailable)
                }
                request.screenshots = SnapshotCheck.Screenshots(widths: parsed[widths] ?? [390, 1024], tolerance: parsed[tolerance] ?? 2) { () throws(DiagnosticError) in
                    try HeadlessChromium(executable: executable, extraFlags: CLI.chromiumFlags(environment))
                }
                request.screenshots?.exactEdges = parsed.has(exactEdges)
            }
        } catch {
            return CLI.report(inputs.rename(error), output: output)
        }

        let maxLines = parsed[maxDiffLines] ?? 80
        var counts: [SnapshotCheck.FixtureResult.Status: Int] = [:]
        var errorCode: CLI.ExitCode?
        do {
            try SnapshotCheck.run(request) { result in
                counts[result.status, default: 0] += 1
                for warning in result.warnings where !quiet { output.err(warning.description + "\n") }
                for error in result.errors { output.err(error.description + "\n") }
                if let kind = result.errorKind, errorCode == nil { errorCode = CLI.ExitCode(kind) }
                if quiet && !result.failed { return }
                output.out(result.report(maxDiffLines: maxLines))
            }
        } catch {
            return CLI.report(error, output: output)
        }
        let differing = (counts[.differs] ?? 0) + (counts[.missing] ?? 0)
        if !quiet || differing > 0 || errorCode != nil {
            output.out(summary(counts, total: fixtures.count) + "\n")
        }
        if let errorCode { return errorCode }
        return differing > 0 ? .differs : .ok
    }

    /// `3 fixtures: 2 match, 1 differs; if the changes are intended, run again with --record`
    /// (a fixture still differs or lacks a snapshot only when the record mode left it alone).
    static func summary(_ counts: [SnapshotCheck.FixtureResult.Status: Int], total: Int) -> String {
        let order: [(SnapshotCheck.FixtureResult.Status, String, String)] = [
            (.matches, "matches", "match"), (.differs, "differs", "differ"), (.missing, "has no snapshot", "have no snapshot"),
            (.recorded, "recorded", "recorded"), (.updated, "updated", "updated"),
            (.rerecorded, "recorded again", "recorded again"), (.unchanged, "unchanged", "unchanged"),
            (.failed, "cannot be rendered", "cannot be rendered"),
        ]
        let parts = order.compactMap { status, one, many -> String? in
            guard let n = counts[status], n > 0 else { return nil }
            return "\(n) \(n == 1 ? one : many)"
        }
        var text = "\(CLI.count(total, "fixture")): \(parts.joined(separator: ", "))"
        if ((counts[.differs] ?? 0) + (counts[.missing] ?? 0)) > 0 {
            text += "; if the changes are intended, run again with --record"
        }
        return text
    }
}
