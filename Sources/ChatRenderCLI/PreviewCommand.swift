import ChatRender

extension CLI {
    /// The `preview` section of `chatrender --help`.
    public static let previewUsage = """
    PREVIEW
      chatrender preview --theme THEME [--theme OTHER …] [--out DIR] [--locale LOCALE] [--time-zone ZONE]
      Writes one gallery page: the chat block and each composer in each state, light and dark side
      by side, a switch between the themes and a contrast report per theme.
      --theme THEME          a theme to show (repeat for several); default: the bundled SP theme
      --out DIR              output folder; default: out/preview
      --templates DIR        templates to build the page from; default: the bundled templates/
      --locale LOCALE        how times read: en-US (default, "9:00 AM") or another locale ("09:00")
      --time-zone ZONE       UTC (default) or a fixed offset such as +02:00
    """

    /// `chatrender preview …`
    static func preview(_ arguments: [String], output: Output) -> ExitCode {
        var themes: [String] = []
        var out: String?
        var templates: String?
        var clock = ComposerClock.standard
        var quiet = false
        var index = 0
        func value(for flag: String) -> String? {
            index += 1
            guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                output.err("chatrender: error: \(flag) needs a value\n")
                return nil
            }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            var flag = argument
            var inline: String?
            if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
                flag = String(argument[..<eq])
                inline = String(argument[argument.index(after: eq)...])
            }
            switch flag {
            case "--theme": guard let v = inline ?? value(for: flag) else { return .usage }; themes.append(v)
            case "--out", "-o": guard let v = inline ?? value(for: flag) else { return .usage }; out = v
            case "--templates": guard let v = inline ?? value(for: flag) else { return .usage }; templates = v
            case "--locale": guard let v = inline ?? value(for: flag) else { return .usage }; clock.locale = v
            case "--time-zone":
                guard let v = inline ?? value(for: flag) else { return .usage }
                guard let offset = ComposerClock.offset(timeZone: v) else {
                    output.err("chatrender: error: --time-zone \"\(v)\": expected UTC or a fixed offset such as +02:00 or -05:30\n")
                    return .usage
                }
                clock.offsetSeconds = offset
            case "--quiet", "-q": quiet = true
            case "-h", "--help": output.out(previewUsage + "\n"); return .ok
            default:
                output.err("chatrender: error: unknown argument \"\(argument)\" for preview (see chatrender preview --help)\n")
                return .usage
            }
            index += 1
        }
        let data = DataDirectory.locate()
        if themes.isEmpty, let data { themes = [FilePath.join(data, "themes/sp.resolver.json")] }
        guard !themes.isEmpty, let templatesPath = templates ?? data.map({ FilePath.join($0, "templates") }) else {
            output.err("chatrender: error: cannot find the bundled themes/ and templates/; set CHATRENDER_DATA to the folder that holds them, or pass --theme and --templates\n")
            return .noInput
        }
        let request = ThemePreview.Request(themePaths: themes, templatesDirectory: templatesPath,
                                           outputDirectory: out ?? "out/preview", clock: clock)
        do {
            let result = try ThemePreview.render(request)
            if !quiet {
                output.err("wrote \(result.outputDirectory)/index.html (\(ByteCountFormat.string(Int64(result.pageSize)))), \(result.themeNames.count) theme\(result.themeNames.count == 1 ? "" : "s")\n")
            }
            return .ok
        } catch {
            return report(error, output: output)
        }
    }
}
