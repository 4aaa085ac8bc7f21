import ChatRender

/// Options more than one command takes, each declared once, and the groups help shows them in.
/// `render` and `check` take the same theme, page and photo options, so a fixture is checked as
/// it would be rendered.
enum SharedOptions {
    // MARK: Theme and templates

    static let theme = Option.text(
        "--theme", valueName: "THEME",
        help: "a DTCG .resolver.json (light and dark) or .tokens.json (one mode), or - to read it from standard "
            + "input; default: the bundled SP theme (themes/sp.resolver.json)")
    static let templates = Option.value(
        "--templates", valueName: "DIR",
        help: "the folder to build the page from: its page.html, and every *.css and *.js in it inlined "
            + "(chatrender.* first, then by name); default: the bundled templates/",
        kind: .folder, read: OptionReader.folder)

    // MARK: The page

    static let markup = Option.choice(
        "--markup", valueName: "inline|full|auto",
        help: "replies: bold and code only, CommonMark with tables and math, or auto (full for a reply "
            + "with block Markdown or math); default: the file's \"markup\" (imported chats: full), else auto",
        Markup.self
    ) { name, raw in "\(name) takes inline, full or auto, not \"\(raw)\"" }
    static let noRetry = Option.flag("--no-retry", help: "hide Retry on failed uploads")
    static let locale = Option.text(
        "--locale", valueName: "LOCALE",
        help:
            "the reader's language: interface words, dates and numbers from the templates' strings/ tables (en, de, fr, es, pt, it, nl, pl, ja, zh-Hans, ko, ar; ar right to left). en-US is the default (\"May 2, 2026 at 9:12 AM\"), de-DE reads \"2. Mai 2026, 09:12\"; a locale without a table falls back with a warning",
        kind: .locale)
    static let timeZone = Option.value(
        "--time-zone", valueName: "ZONE", help: "UTC (default) or a fixed offset such as +02:00",
        kind: .text, read: OptionReader.timeZone)

    // MARK: Photos

    static let imageFormat = Option.choice(
        "--image-format", valueName: "FORMAT", help: "webp (default), jpeg or avif for thumbnails and viewer images",
        OutputImageFormat.self
    ) { name, raw in "\(name) must be webp, jpeg or avif, not \"\(raw)\"" }
    static let quality = Option.value(
        "--quality", valueName: "N", help: "1–100; default 80 for webp, 82 for jpeg, 55 for avif",
        kind: .text, read: OptionReader.integer(in: 1...100, "a whole number from 1 to 100"))
    static let keepMetadata = Option.flag(
        "--keep-metadata", help: "keep EXIF/XMP/IPTC (GPS position, camera serial); stripped by default")
    static let originals = Option.flag(
        "--originals", help: "give the viewer full-size images instead of a 2560 px long edge")
    static let maxPixels = Option.value(
        "--max-pixels", valueName: "N", help: "photos with more pixels become \"Photo unavailable\" (default 100000000)",
        kind: .text, read: OptionReader.integer(in: 1...Int.max, "a positive whole number"))
    static let allowUntrustedLoaders = Option.flag(
        "--allow-untrusted-loaders", help: "let libvips read SVG, PDF and other untrusted formats as photos")
    static let allowOutside = Option.value(
        "--allow-outside", valueName: "PATH",
        help: "let photo and file paths point into PATH; by default they must stay inside the conversation "
            + "file's folder (the current folder for a conversation read from standard input).",
        repeatable: true, kind: .folder, read: OptionReader.folder)

    // MARK: Messages

    static let strict = Option.flag("--strict", help: "treat warnings (an unreadable image, a theme failing a contrast check) as errors")
    static let quiet = Option.flag("--quiet", "-q", help: "print nothing but errors")
    /// Every command takes it; the parser answers it before reading anything else.
    static let help = Option.flag("--help", "-h", help: "print this help (the same as chatrender help COMMAND)")

    // MARK: Groups

    static let themeAndTemplates = OptionGroup("THEME AND TEMPLATES", [theme.option, templates.option])
    static let page = OptionGroup("PAGE", [markup.option, noRetry.option, locale.option, timeZone.option])
    static let photos = OptionGroup(
        "PHOTOS",
        [
            imageFormat.option, quality.option, keepMetadata.option, originals.option,
            maxPixels.option, allowUntrustedLoaders.option, allowOutside.option,
        ])
    /// Strictness, quietness and help, last in every command that renders.
    static let messages = OptionGroup("MESSAGES", [strict.option, quiet.option, help.option])

    /// `--out`: every command that writes takes it, each with its own default.
    static func out(_ help: String) -> OptionKey<String> {
        Option.value("--out", "-o", valueName: "DIR", help: help, kind: .file, read: OptionReader.outputPath)
    }
}
