import ChatRender

/// What `render` and `check` read from the shared options: how the page and its images are made,
/// and which theme and templates it is made from.
struct RenderSettings {
    var options = RenderOptions()
    var images = ImageSettings()
    /// `--markup` was on the command line (it then wins over the file's own `"markup"`).
    var markupGiven = false
    var strict = false

    init(_ parsed: ParsedArguments) {
        typealias O = SharedOptions
        if parsed.has(O.noRetry) { options.showRetry = false }
        if let markup = parsed[O.markup] {
            options.markup = markup
            markupGiven = true
        }
        if let locale = parsed[O.locale] { options.locale.tag = locale }
        if let offset = parsed[O.timeZone] { options.locale.offsetSeconds = offset }
        if let format = parsed[O.imageFormat] { images.format = format }
        if let quality = parsed[O.quality] { images.quality = quality }
        if let maxPixels = parsed[O.maxPixels] { images.maxPixels = maxPixels }
        images.allowedOutside = parsed.all(O.allowOutside)
        images.keepMetadata = parsed.has(O.keepMetadata)
        images.originals = parsed.has(O.originals)
        images.allowUntrustedLoaders = parsed.has(O.allowUntrustedLoaders)
        strict = parsed.has(O.strict)
    }

    /// The theme and templates to use: those given, else the bundled ones. A theme given as `-`
    /// is read from standard input; the bundled folder is looked for only when something is missing.
    static func themeAndTemplates(theme: String?, templates: String?, inputs: InputFiles) throws(DiagnosticError) -> (theme: String, templates: String) {
        var themePath = try theme.map { given throws(DiagnosticError) in
            try inputs.path(for: given, what: "theme", role: "--theme", copyName: "theme.json")
        }
        var templatesPath = try templates.map { given throws(DiagnosticError) in try inputs.folder(given, what: "templates") }
        if themePath == nil || templatesPath == nil {
            let data = try DataDirectory.locate().get()
            themePath = themePath ?? FilePath.join(data, "themes/sp.resolver.json")
            templatesPath = templatesPath ?? FilePath.join(data, "templates")
        }
        return (themePath!, templatesPath!)
    }
}
