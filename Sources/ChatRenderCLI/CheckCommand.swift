import ChatRender
import Foundation

/// `chatrender check FIXTURE.json… --snapshots DIR`: the table and the run.
enum CheckCommand {
    static let snapshots = Option.value(
        "--snapshots", valueName: "DIR", help: "where the snapshots live (required)", kind: .folder, read: OptionReader.folder)
    static let record = Option.flag(
        "--record", help: "write missing snapshots and update the ones that differ, then exit 0 (--record-mode failed)")
    static let recordMode = Option.choice(
        "--record-mode", valueName: "MODE",
        help: "which snapshot files to write: missing (only those not stored yet; a difference still exits 1), "
            + "failed (missing and differing ones, as --record), all (every one, even one that matches) or never "
            + "(the default: compare only, and a missing snapshot exits 1, as CI wants)",
        RecordMode.self
    ) { name, raw in "\(name) must be missing, failed, all or never, not \"\(raw)\"" }
    static let png = Option.flag(
        "--png",
        help: "also screenshot each page with headless Chromium (CHATRENDER_CHROMIUM, or chromium on PATH) "
            + "in light and dark and compare pixel by pixel; exits 69 when no Chromium is found")
    static let widths = Option.value(
        "--widths", valueName: "W,W…", help: "screenshot widths in CSS pixels (default: the recorded ones, else 390,1024)", kind: .text,
        read: OptionReader.widths)
    static let tolerance = Option.value(
        "--tolerance", valueName: "N", help: "largest per-channel difference (0–255) still counted as equal (default 2)",
        kind: .text, read: OptionReader.integer(in: 0...255, "a whole number from 0 to 255"))
    static let exactEdges = Option.flag(
        "--exact-edges",
        help: "also count slight differences on strong edges (by default a pixel on an edge in both "
            + "images that differs by at most 48 is anti-aliasing noise, not a change)")
    static let diffs = Option.value(
        "--diffs", valueName: "DIR",
        help: "for fixtures that differ: the rendered page, the whole diff, new screenshots "
            + "and diff images (changes in magenta); default out/check-diffs", kind: .folder, read: OptionReader.outputPath)
    static let maxDiffLines = Option.value(
        "--max-diff-lines", valueName: "N", help: "lines of each HTML diff to print (default 80; the whole diff is in --diffs)",
        kind: .text, read: OptionReader.integer(in: 0...1_000_000, "a whole number ≥ 0"))

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
                + "A record writes DIR/chatrender.check.json with the theme, templates, locale and screenshot widths it used; "
                + "later runs use those for flags left out, and a flag that disagrees is an error unless recording (which "
                + "changes the baseline on purpose). A record also takes screenshots again whenever the snapshots hold them. "
                + "See docs/snapshots.md."
        ],
        arguments: [
            .init(
                name: "FIXTURE.json…",
                help: "conversation files; each is read by name, which names its snapshot, so "
                    + "standard input (-) is not one")
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
        var settings = RenderSettings(parsed)
        let quiet = parsed.has(SharedOptions.quiet)
        let fixtures = parsed.positionals
        let snapshotsDirectory = parsed[snapshots]!
        let mode = parsed[recordMode] ?? (parsed.has(record) ? .failed : .never)
        var request: SnapshotCheck.Request
        var baseline: Baseline
        do throws(DiagnosticError) {
            // A folder among the fixtures (a glob that caught one) stops the run before any render;
            // `-` was refused with the arguments, so nothing is copied here.
            for fixture in fixtures { _ = try inputs.path(for: fixture, what: "conversation", role: "a fixture", copyName: "fixture.json") }
            baseline = try Baseline(parsed, mode: mode, snapshots: snapshotsDirectory, fixtures: fixtures, inputs: inputs)
            settings.options.locale.tag = baseline.config.locale
            let (themePath, templatesPath) = try RenderSettings.themeAndTemplates(
                theme: baseline.themeArgument, templates: baseline.templatesArgument, inputs: inputs)
            request = SnapshotCheck.Request(
                fixtures: fixtures, snapshotsDirectory: snapshotsDirectory, recordMode: mode,
                diffsDirectory: parsed[diffs] ?? "out/check-diffs", themePath: themePath,
                templatesDirectory: templatesPath, options: settings.options,
                images: settings.images, strict: settings.strict)
            request.markupGiven = settings.markupGiven
            request.bundledThemes = DataDirectory.bundledThemes()
            if let shotWidths = baseline.screenshotWidths {
                let environment = ProcessInfo.processInfo.environment
                guard let executable = HeadlessChromium.locate(environment: environment) else {
                    let why =
                        parsed.has(png)
                        ? "--png needs headless Chromium and none was found."
                        : "\(baseline.screenshotsReason) and recording refreshes every kind of file a snapshot holds, but no "
                            + "headless Chromium was found to take them again (to keep pages only, delete the screenshots and the \"screenshots\" entry of \(CheckConfig.fileName))."
                    throw DiagnosticError(Diagnostic(file: "chatrender", message: "\(why) \(HeadlessChromium.installHint)"), kind: .unavailable)
                }
                request.screenshots = SnapshotCheck.Screenshots(widths: shotWidths, tolerance: parsed[tolerance] ?? 2) { () throws(DiagnosticError) in
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
        // The settings go with the snapshots they were recorded with.
        var configProblem: String?
        if mode != .never && baseline.config != baseline.stored {
            do throws(DiagnosticError) {
                try baseline.config.write(in: snapshotsDirectory)
                if !quiet {
                    output.out("\(baseline.stored == nil ? "wrote" : "updated") \(CheckConfig.path(in: snapshotsDirectory)): \(baseline.describe())\n")
                }
            } catch {
                return CLI.report(error, output: output)
            }
        } else if mode == .never && baseline.stored == nil && (counts[.matches] ?? 0) + (counts[.differs] ?? 0) > 0 {
            configProblem =
                "\(snapshotsDirectory) has no \(CheckConfig.fileName), so nothing says which theme, locale and widths "
                + "its snapshots were recorded with; run again with --record-mode missing to write it with this run's settings"
        }
        let differing = (counts[.differs] ?? 0) + (counts[.missing] ?? 0)
        if let configProblem { output.out(configProblem + "\n") }
        if !quiet || differing > 0 || errorCode != nil || configProblem != nil {
            var line = summary(counts, total: fixtures.count)
            if mode == .never && baseline.screenshotWidths == nil && !baseline.screenshotsReason.isEmpty {
                line += "; screenshots were not compared (\(baseline.screenshotsReason); add --png)"
            }
            output.out(line + "\n")
        }
        if let errorCode { return errorCode }
        return differing > 0 || configProblem != nil ? .differs : .ok
    }

    /// The settings a run compares with: those recorded in the snapshots folder's
    /// `chatrender.check.json`, each replaced by a flag that agrees with it, or (when recording
    /// with `failed` or `all`) by any flag, which changes the baseline on purpose.
    struct Baseline {
        /// What the file says now (nil: there is none).
        var stored: CheckConfig?
        /// What this run renders with, as the file will say it.
        var config: CheckConfig
        /// The `--theme` and `--templates` paths to render with (nil: the bundled ones).
        var themeArgument: String?
        var templatesArgument: String?
        /// Widths to screenshot, or nil for no screenshots this run.
        var screenshotWidths: [Int]?
        /// Why the snapshots hold screenshots (empty when they hold none).
        var screenshotsReason = ""

        init(_ parsed: ParsedArguments, mode: RecordMode, snapshots: String, fixtures: [String], inputs: InputFiles) throws(DiagnosticError) {
            let file = CheckConfig.path(in: snapshots)
            let stored = try CheckConfig.read(in: snapshots)
            self.stored = stored
            let changesBaseline = mode == .failed || mode == .all
            func conflict(_ flag: String, given: String, recorded: String) -> DiagnosticError {
                DiagnosticError(
                    Diagnostic(
                        file: file,
                        message: "\(flag) \(given) differs from the \(flag.dropFirst(2)) the snapshots were "
                            + "recorded with (\(recorded)); leave \(flag) out to check against the recorded one, or run with --record "
                            + "to record with \(given) on purpose"), kind: .usage)
            }
            let bundled = try? RenderSettings.themeAndTemplates(theme: nil, templates: nil, inputs: inputs)

            // Theme and templates: paths, stored relative to the snapshots folder; nil is the bundled one.
            func path(_ option: OptionKey<String>, recorded: String?, bundledPath: String?, describeBundled: String) throws(DiagnosticError) -> (
                argument: String?, stored: String?
            ) {
                let flag = option.option.name
                let given = parsed[option]
                if given == "-" {
                    throw DiagnosticError(
                        Diagnostic(
                            file: "chatrender",
                            message: "check records the \(flag.dropFirst(2)) by its path in \(CheckConfig.fileName); "
                                + "\(flag) - (standard input) has none, so give the file"), kind: .usage)
                }
                let recordedPath = recorded.map { CheckConfig.resolve($0, in: snapshots) }
                let isBundled = { (path: String) in bundledPath.map { CheckConfig.sameFile($0, path) } ?? false }
                guard let given else {
                    return (recordedPath, recorded)
                }
                let givenIsBundled = isBundled(given)
                if stored != nil && !changesBaseline {
                    let same = recordedPath.map { CheckConfig.sameFile($0, given) } ?? givenIsBundled
                    if !same { throw conflict(flag, given: given, recorded: recorded.map { "\($0), from \(file)" } ?? "\(describeBundled), in \(file)") }
                }
                return (given, givenIsBundled ? nil : CheckConfig.relative(given, from: snapshots))
            }
            let theme = try path(SharedOptions.theme, recorded: stored?.theme, bundledPath: bundled?.theme, describeBundled: "the bundled SP theme")
            let templates = try path(
                SharedOptions.templates, recorded: stored?.templates, bundledPath: bundled?.templates, describeBundled: "the bundled templates")
            themeArgument = theme.argument
            templatesArgument = templates.argument

            var locale = RenderOptions().locale.tag
            if let given = parsed[SharedOptions.locale] {
                if let stored, !changesBaseline, stored.locale != given { throw conflict("--locale", given: given, recorded: stored.locale) }
                locale = given
            } else if let stored {
                locale = stored.locale
            }

            // Screenshots: taken with --png, and whenever a record would otherwise leave stored
            // ones stale.
            let storedShots = SnapshotCheck.storedScreenshots(fixtures: fixtures, snapshotsDirectory: snapshots)
            var screenshotsReason = ""
            if let widths = stored?.widths {
                screenshotsReason = "\(file) records screenshots at \(widths.map(String.init).joined(separator: ", ")) px"
            } else if let first = storedShots.first {
                screenshotsReason = "the snapshots hold screenshots (\(first)\(storedShots.count > 1 ? " and \(storedShots.count - 1) more" : ""))"
            }
            self.screenshotsReason = screenshotsReason
            let recordedWidths = stored?.widths ?? (storedShots.isEmpty ? nil : SnapshotCheck.widths(ofScreenshots: storedShots))
            let givenWidths = parsed[CheckCommand.widths]
            if let givenWidths, let recorded = stored?.widths, givenWidths != recorded, !changesBaseline {
                throw conflict(
                    "--widths", given: givenWidths.map(String.init).joined(separator: ","),
                    recorded: recorded.map(String.init).joined(separator: ","))
            }
            var screenshotWidths: [Int]?
            if parsed.has(CheckCommand.png) || (mode != .never && recordedWidths != nil) {
                screenshotWidths = givenWidths ?? recordedWidths ?? [390, 1024]
            }
            self.screenshotWidths = screenshotWidths
            config = CheckConfig(
                theme: theme.stored, templates: templates.stored, locale: locale,
                widths: screenshotWidths ?? stored?.widths)
            if mode == .never { config = stored ?? config }
        }

        /// `theme sp (bundled), locale en-US, screenshots at 390, 1024 px in light and dark`
        func describe() -> String {
            var parts = ["theme \(config.theme ?? "SP (bundled)")"]
            if let templates = config.templates { parts.append("templates \(templates)") }
            parts.append("locale \(config.locale)")
            if let widths = config.widths {
                parts.append("screenshots at \(widths.map(String.init).joined(separator: ", ")) px in \(config.modes.joined(separator: " and "))")
            } else {
                parts.append("no screenshots")
            }
            return parts.joined(separator: ", ")
        }
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
