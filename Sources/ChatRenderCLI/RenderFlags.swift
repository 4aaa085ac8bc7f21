import ChatRender

/// The options `render` and `check` share — the theme, the templates, and how the page and its
/// images are made — parsed in one place so both commands read them, and word their errors, alike.
struct RenderFlags {
    var theme: String?
    var templates: String?
    var options = RenderOptions()
    var images = ImageSettings()
    /// `--markup` was on the command line (it then wins over the file's own `"markup"`).
    var markupGiven = false
    var strict = false

    /// Takes `flag` when it is one of these, reading its value through `value` (which prints its
    /// own error when the value is missing). nil: not one of these; false: a usage error, printed.
    mutating func take(_ flag: String, value: () -> String?, output: CLI.Output) -> Bool? {
        func number(_ raw: String, _ range: ClosedRange<Int>, _ what: String) -> Int? {
            guard let n = Int(raw), range.contains(n) else {
                output.err("chatrender: error: \(flag) must be \(what), not \"\(raw)\"\n")
                return nil
            }
            return n
        }
        switch flag {
        case "--theme": guard let v = value() else { return false }; theme = v
        case "--templates": guard let v = value() else { return false }; templates = v
        case "--no-retry": options.showRetry = false
        case "--markup":
            guard let v = value(), let m = CLI.markupOption(v, output: output) else { return false }
            options.markup = m; markupGiven = true
        case "--locale": guard let v = value() else { return false }; options.clock.locale = v
        case "--time-zone":
            guard let v = value() else { return false }
            guard let offset = ComposerClock.offset(timeZone: v) else {
                output.err("chatrender: error: --time-zone \"\(v)\": expected UTC or a fixed offset such as +02:00 or -05:30\n")
                return false
            }
            options.clock.offsetSeconds = offset
        case "--image-format":
            guard let v = value() else { return false }
            guard let format = OutputImageFormat(rawValue: v) else {
                output.err("chatrender: error: --image-format must be webp, jpeg or avif, not \"\(v)\"\n")
                return false
            }
            images.format = format
        case "--quality":
            guard let v = value(), let q = number(v, 1...100, "a whole number from 1 to 100") else { return false }
            images.quality = q
        case "--max-pixels":
            guard let v = value(), let n = number(v, 1...Int.max, "a positive whole number") else { return false }
            images.maxPixels = n
        case "--allow-outside": guard let v = value() else { return false }; images.allowedOutside.append(v)
        case "--keep-metadata": images.keepMetadata = true
        case "--originals": images.originals = true
        case "--allow-untrusted-loaders": images.allowUntrustedLoaders = true
        case "--strict": strict = true
        default: return nil
        }
        return true
    }

    /// The theme and templates given, else the bundled ones; nil (with the error printed) when
    /// the bundled ones cannot be found.
    func paths(output: CLI.Output) -> (theme: String, templates: String)? {
        let data = DataDirectory.locate()
        guard let themePath = theme ?? data.map({ FilePath.join($0, "themes/sp.resolver.json") }),
              let templatesPath = templates ?? data.map({ FilePath.join($0, "templates") }) else {
            output.err("chatrender: error: cannot find the bundled themes/ and templates/; set CHATRENDER_DATA to the folder that holds them, or pass --theme and --templates\n")
            return nil
        }
        return (themePath, templatesPath)
    }
}
