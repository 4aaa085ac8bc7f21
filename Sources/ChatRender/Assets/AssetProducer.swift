import Foundation

/// Produces the page's assets: copies each photo's image and each local file into the staging
/// folder under a content-hash name, and records what the page shows for every attachment.
///
/// Problems with a file never stop the export: they become warnings and a "Photo unavailable"
/// tile or a chip without a link.
public struct AssetProducer {
    public let inspector: ImageInspector
    /// The conversation file's folder; input paths are relative to it and may not leave it.
    public let baseDirectory: String
    /// How the conversation file is named in warnings.
    public let displayPath: String

    public init(inspector: ImageInspector, baseDirectory: String, displayPath: String) {
        self.inspector = inspector
        self.baseDirectory = baseDirectory
        self.displayPath = displayPath
    }

    /// Folder inside the output for copied files.
    public static let assetsFolder = "assets"

    /// Extensions browsers would run as documents (scripts inside them would run from the export);
    /// such files are stored with `.txt` appended so Open shows their text.
    static let activeExtensions: Set<String> = ["html", "htm", "xhtml", "xht", "shtml", "svg", "svgz", "xml", "xsl", "xslt", "mht", "mhtml", "js", "mjs", "php"]

    /// Copies what the conversation refers to into `staging/assets/` and returns the table.
    public func produce(_ conversation: Conversation, staging: String) throws(DiagnosticError) -> (AssetTable, [Diagnostic]) {
        var table = AssetTable()
        var warnings: [Diagnostic] = []
        var written: [String: String] = [:]  // real source path → asset path, so a file is copied once
        var imageCache: [String: ImageAsset?] = [:]
        let assets = FilePath.join(staging, AssetProducer.assetsFolder)
        guard let messages = conversation.messages else { return (table, warnings) }

        func warn(_ path: String, _ message: String) {
            warnings.append(Diagnostic(.warning, file: displayPath, location: SourceLocation(jsonPath: path), message: message))
        }

        for (m, message) in messages.enumerated() {
            for (a, attachment) in message.attachments.enumerated() {
                let path = "messages[\(m)].attachments[\(a)]"
                var entry = AttachmentAssets()
                if attachment.isPhoto {
                    // The picture: the preview, else the file itself when it is local.
                    var source: (field: String, value: String)?
                    if let preview = attachment.preview { source = ("preview", preview) } else if case .local(let local)? = attachment.url { source = ("url", local) }
                    if let source {
                        let key = source.value
                        if let cached = imageCache[key] {
                            entry.image = cached
                        } else {
                            let image = try placeImage(source.value, assets: assets, written: &written) { warn("\(path).\(source.field)", "\(JSONReader.quote(source.value)): \($0); the photo is shown as unavailable") }
                            imageCache[key] = image
                            entry.image = image
                        }
                    }
                    if let image = entry.image { entry.file = .asset(image.path) }
                    if case .remote(let url)? = attachment.url, entry.image == nil { entry.file = .remote(url) }
                } else {
                    switch attachment.url {
                    case .remote(let url)?: entry.file = .remote(url)
                    case .local(let local)?:
                        if let copied = try placeFile(local, name: attachment.name, assets: assets, written: &written, warn: { warn("\(path).url", "\(JSONReader.quote(local)): \($0); the file is shown without Open or Share") }) {
                            entry.file = .asset(copied)
                        }
                    case nil: break
                    }
                }
                table[m, a] = entry
            }
        }
        return (table, warnings)
    }

    private func placeImage(_ relative: String, assets: String, written: inout [String: String],
                            warn: (String) -> Void) throws(DiagnosticError) -> ImageAsset? {
        let real: String
        switch SourcePath.resolve(relative, base: baseDirectory) {
        case .failure(let problem): warn(problem.reason); return nil
        case .success(let path): real = path
        }
        let info: ImageInfo
        do { info = try inspector.inspect(path: real) } catch { warn(error.reason); return nil }
        let digest: String
        do { digest = try AssetProducer.digest(of: real) } catch { warn(error.reason); return nil }
        let name: String
        if let ext = info.format.webExtension {
            name = "\(AssetProducer.assetsFolder)/\(digest).\(ext)"
            if written[real] == nil {
                try copy(real, to: FilePath.join(assets, "\(digest).\(ext)"))
                written[real] = name
            }
        } else {
            name = "\(AssetProducer.assetsFolder)/\(digest).png"
            if written[real] == nil {
                try ensureFolder(assets)
                do { try inspector.convertToPNG(source: real, destination: FilePath.join(assets, "\(digest).png")) } catch { warn(error.reason); return nil }
                written[real] = name
            }
        }
        return ImageAsset(path: name, width: info.width, height: info.height)
    }

    private func placeFile(_ relative: String, name: String, assets: String, written: inout [String: String],
                           warn: (String) -> Void) throws(DiagnosticError) -> String? {
        let real: String
        switch SourcePath.resolve(relative, base: baseDirectory) {
        case .failure(let problem): warn(problem.reason); return nil
        case .success(let path): real = path
        }
        if let existing = written[real] { return existing }
        let digest: String
        do { digest = try AssetProducer.digest(of: real) } catch { warn(error.reason); return nil }
        var ext = AssetProducer.safeExtension(of: name) ?? AssetProducer.safeExtension(of: relative)
        if let e = ext, AssetProducer.activeExtensions.contains(e) { ext = e + ".txt" }
        let fileName = ext.map { "\(digest).\($0)" } ?? digest
        try copy(real, to: FilePath.join(assets, fileName))
        let assetPath = "\(AssetProducer.assetsFolder)/\(fileName)"
        written[real] = assetPath
        return assetPath
    }

    /// A lower-case extension of 1–8 letters and digits, or nil.
    static func safeExtension(of name: String) -> String? {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = name[name.index(after: dot)...].lowercased()
        guard (1...8).contains(ext.count), ext.unicodeScalars.allSatisfy({ ($0 >= "a" && $0 <= "z") || ($0 >= "0" && $0 <= "9") }) else { return nil }
        return ext
    }

    /// First 20 hex digits of the SHA-256 of the file's bytes, read in chunks.
    static func digest(of path: String) throws(ImageProblem) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw ImageProblem("cannot read the file") }
        defer { try? handle.close() }
        var hasher = SHA256()
        while true {
            let chunk: Data
            do { chunk = try handle.read(upToCount: 1 << 20) ?? Data() } catch { throw ImageProblem("cannot read the file: \(error.localizedDescription)") }
            if chunk.isEmpty { break }
            hasher.update([UInt8](chunk))
        }
        return String(hasher.finalize().hexString.prefix(20))
    }

    private func ensureFolder(_ folder: String) throws(DiagnosticError) {
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw DiagnosticError(Diagnostic(file: folder, message: "cannot create the assets folder: \(error.localizedDescription)"), kind: .cannotWrite)
        }
    }

    private func copy(_ source: String, to destination: String) throws(DiagnosticError) {
        try ensureFolder(FilePath.directory(destination))
        if FileManager.default.fileExists(atPath: destination) { return }
        do { try FileManager.default.copyItem(atPath: source, toPath: destination) } catch {
            throw DiagnosticError(Diagnostic(file: destination, message: "cannot copy \(source): \(error.localizedDescription)"), kind: .cannotWrite)
        }
    }
}
