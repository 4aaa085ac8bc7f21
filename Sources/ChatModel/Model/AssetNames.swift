/// How files are named in the output, shared by every stage that names or reads an asset.
package enum AssetNames {
    /// Folder inside the output for copied files and web images.
    package static let assetsFolder = "assets"

    /// Extensions browsers would run as documents (scripts inside them would run from the export);
    /// such files are stored with `.txt` appended so Open shows their text.
    package static let activeExtensions: Set<String> = [
        "html", "htm", "xhtml", "xht", "shtml", "svg", "svgz", "xml", "xsl", "xslt", "mht", "mhtml", "js", "mjs", "php",
    ]

    /// A lower-case extension of 1–8 letters and digits, or nil.
    package static func safeExtension(of name: String) -> String? {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = name[name.index(after: dot)...].lowercased()
        guard (1...8).contains(ext.count), ext.unicodeScalars.allSatisfy({ ($0 >= "a" && $0 <= "z") || ($0 >= "0" && $0 <= "9") }) else { return nil }
        return ext
    }
}
