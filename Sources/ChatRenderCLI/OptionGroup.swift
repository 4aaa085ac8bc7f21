/// Options that belong together (the theme and templates, the photo options, …), shared by the
/// commands that take them so each is declared once. Help prints one section per group.
struct OptionGroup: Sendable {
    /// The section heading in help, in capitals: `PHOTOS`.
    let title: String
    let options: [Option]

    init(_ title: String, _ options: [Option]) {
        self.title = title
        self.options = options
    }
}
