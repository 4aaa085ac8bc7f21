import Foundation
import ChatModel
import ChatSupport
import ChatPlan
import ChatOutput

/// Produces the page's assets in the staging folder: web images for every photo (thumbnails
/// sized for the layout it sits in, at 1x and 2x, and a display image for the viewer) and a
/// copy of every local file, all under content-hash names.
///
/// Names come from the source bytes and the settings, so a re-export finds what an earlier
/// export made (in the folder it is about to replace) and links it instead of calling libvips;
/// the earlier export's source index (`assets/.sources`, see `SourceIndex`) spares it reading
/// sources that have not changed since.
/// Photos are made two (or as many as there are cores) at a time, each with one libvips thread.
/// Problems with a file never stop the export: they become warnings and a "Photo unavailable"
/// tile or a chip without a link.
public struct AssetProducer: Sendable {
    package let inspector: ImageInspector
    /// The conversation file's folder; input paths are relative to it and may not leave it.
    public let baseDirectory: String
    /// How the conversation file is named in warnings.
    public let displayPath: String
    public var settings: ImageSettings
    /// The assets folder of the output being replaced, whose images can be reused.
    public var previousAssets: String?
    /// Called as photos finish: (done, total). May be called from worker threads.
    public var progress: (@Sendable (Int, Int) -> Void)?
    /// Web images made by earlier renders into any folder (`--cache`): linked instead of made,
    /// and every image this render makes is put there for the next.
    package var cache: RenderCache?

    package init(
        inspector: ImageInspector, baseDirectory: String, displayPath: String,
        settings: ImageSettings = .init(), previousAssets: String? = nil
    ) {
        self.inspector = inspector
        self.baseDirectory = baseDirectory
        self.displayPath = displayPath
        self.settings = settings
        self.previousAssets = previousAssets
    }

    /// Folder inside the output for copied files.
    public static let assetsFolder = AssetNames.assetsFolder
    /// Bumped when the way web images are made changes, so caches from older versions are not
    /// reused. 2: photos without a profile or with an sRGB one keep their pixels (no sRGB transform).
    static let imagePipelineVersion = "2"
    /// The same for kept PNGs, which libvips never touches.
    static let keptPNGVersion = "1"

    /// What happened, for the summary line and for tests.
    public struct Statistics: Sendable, Equatable {
        public var photos = 0
        public var imagesMade = 0
        public var imagesReused = 0
        /// Source files read and hashed; the rest were recognised, unread, from the previous
        /// export's source index (see `SourceIndex`).
        public var sourcesRead = 0
        public var sourcesRecognised = 0
    }

    /// Makes and copies what the conversation refers to into `staging/assets/`.
    package func produce(_ conversation: Conversation, into output: OutputSink) throws(DiagnosticError) -> (AssetTable, [Diagnostic]) {
        let (table, warnings, _) = try produceWithStatistics(conversation, into: output)
        return (table, warnings)
    }

    /// Images and copies go into the output's `assets/` folder, which the sink hands out: libvips
    /// and the copies write by path.
    package func produceWithStatistics(_ conversation: Conversation, into output: OutputSink) throws(DiagnosticError) -> (AssetTable, [Diagnostic], Statistics)
    {
        var table = AssetTable()
        var warnings: [(order: Int, diagnostic: Diagnostic)] = []
        var statistics = Statistics()
        let messages = conversation.messages ?? []
        if messages.isEmpty && conversation.composer == nil { return (table, [], statistics) }
        // Made when the first file or image needs it: a conversation of words has no assets/ folder.
        var assetsFolder: String?
        func assets() throws(DiagnosticError) -> String {
            if let assetsFolder { return assetsFolder }
            let made = try output.folder(AssetProducer.assetsFolder)
            assetsFolder = made
            return made
        }
        // What the output being replaced and the cache know about the sources, together.
        var known = previousAssets.map(SourceIndex.read(folder:)) ?? SourceIndex()
        let cached = settings.remembersSources ? self.cache.map { SourceIndex.read(folder: $0.sourceIndexFolder) } : nil
        if let cached { known.entries.merge(cached.entries) { mine, _ in mine } }
        let digester = SourceDigester(previous: known)

        func warn(_ order: Int, _ path: String, _ message: String) {
            warnings.append((order, Diagnostic(.warning, file: displayPath, location: SourceLocation(jsonPath: path), message: message)))
        }

        // 1. Plan: which source each photo uses and which sizes its layout needs. One job per file.
        var plan = JobPlan()
        var photoJobs: [(m: Int, a: Int, job: Int)] = []
        var previewJobs: [(m: Int, a: Int, job: Int)] = []
        var order = 0
        var copied: [String: String] = [:]  // real path → asset path, so a file is copied once
        // Messages without attachments (most of a long chat) cost one check: nothing is copied,
        // counted or allocated for them.
        for m in messages.indices where !messages[m].attachments.isEmpty {
            let attachments = messages[m].attachments
            let photoCount = attachments.reduce(0) { $0 + ($1.isPhoto ? 1 : 0) }
            let sizes = PhotoLayout(count: photoCount).variants
            for (a, attachment) in attachments.enumerated() {
                order += 1
                let path = "messages[\(m)].attachments[\(a)]"
                if attachment.isPhoto {
                    if case .remote(let url)? = attachment.url { table[m, a].file = .remote(url) }
                    if let source = AssetProducer.imageSource(of: attachment) {
                        photoJobs.append((m, a, plan.add(source.value, jsonPath: "\(path).\(source.field)", order: order, variants: sizes, needsDisplay: true)))
                    }
                } else {
                    // A file with a preview image shows it in place of the type icon.
                    if let preview = attachment.preview {
                        previewJobs.append(
                            (
                                m, a,
                                plan.add(preview, jsonPath: "\(path).preview", order: order, variants: PhotoLayout.filePreview.variants, needsDisplay: false)
                            ))
                    }
                    switch attachment.url {
                    case .remote(let url)?: table[m, a].file = .remote(url)
                    case .local(let local)?:
                        let result = try placeFile(local, name: attachment.name, assets: try assets(), digester: digester, copied: &copied)
                        switch result {
                        case .success(let assetPath): table[m, a].file = .asset(assetPath)
                        case .failure(let problem):
                            warn(order, "\(path).url", "\(JSONReader.quote(local)): \(problem.reason); the file is shown without Open or Share")
                        }
                    case nil: break
                    }
                }
            }
        }

        // The composer's tray: 64 px tiles (1x and 2x) for photos that have an image.
        var trayJobs: [(item: Int, job: Int)] = []
        if case .attachment(let composer)? = conversation.composer {
            for (i, item) in composer.attachments.enumerated() where item.attachment.isPhoto {
                order += 1
                guard let source = AssetProducer.imageSource(of: item.attachment) else { continue }
                trayJobs.append(
                    (
                        i,
                        plan.add(
                            source.value, jsonPath: "composer.attachments[\(i)].\(source.field)", order: order, variants: PhotoLayout.tray.variants,
                            needsDisplay: false)
                    ))
            }
        }
        let jobs = plan.jobs

        // 2. Make the images, several photos at once.
        let cache = previousAssets.map(ImageCache.init(folder:)) ?? ImageCache(entries: [:])
        let outcomes = jobs.isEmpty ? [] : runJobs(jobs, assets: try assets(), cache: cache, digester: digester)
        if let reason = outcomes.lazy.compactMap(\.outputFailure).first {
            throw DiagnosticError(Diagnostic(file: displayPath, message: "cannot write the web images: \(reason)"), kind: .cannotWrite)
        }
        statistics.photos = jobs.count
        statistics.sourcesRead = digester.reads
        statistics.sourcesRecognised = digester.trusted
        try writeSourceIndex(digester.index, into: output)
        if let renderCache = self.cache, let cached { rememberSources(digester.index, cached: cached, in: renderCache) }
        // A missing image library fails every photo the same way: one warning, at the first.
        let libraryFailures = outcomes.filter { if case .failure(let problem) = $0.result { problem.isLibraryProblem } else { false } }.count
        var libraryReported = false
        for (job, outcome) in zip(jobs, outcomes) {
            switch outcome.result {
            case .failure(let problem) where problem.isLibraryProblem && libraryFailures > 1:
                if !libraryReported {
                    warn(job.order, job.jsonPath, "\(problem.reason); \(libraryFailures) photos are shown as unavailable")
                    libraryReported = true
                }
            case .failure(let problem):
                warn(job.order, job.jsonPath, "\(JSONReader.quote(job.source)): \(problem.reason); the photo is shown as unavailable")
            case .success: break
            }
            statistics.imagesMade += outcome.made
            statistics.imagesReused += outcome.reused
        }
        for entry in photoJobs {
            if case .success(let photo) = outcomes[entry.job].result {
                table[entry.m, entry.a].image = photo
                table[entry.m, entry.a].file = .asset(photo.display.path)
            }
        }
        for entry in trayJobs {
            if case .success(let photo) = outcomes[entry.job].result { table[trayItem: entry.item] = photo }
        }
        for entry in previewJobs {
            if case .success(let photo) = outcomes[entry.job].result { table[entry.m, entry.a].image = photo }
        }
        let ordered = warnings.sorted { $0.order < $1.order }.map(\.diagnostic)
        return (table, ordered, statistics)
    }

    // MARK: Photos

    package struct PhotoJob: Sendable {
        var order: Int
        var jsonPath: String
        var source: String
        var variants: Set<PhotoVariant>
        /// Photos get a viewer image; file previews only their small tiles.
        var needsDisplay = true
    }

    /// Where a photo's picture comes from: its preview, else its file when that is local.
    package static func imageSource(of attachment: Attachment) -> (field: String, value: String)? {
        if let preview = attachment.preview { return ("preview", preview) }
        if case .local(let local)? = attachment.url { return ("url", local) }
        return nil
    }

    /// One job per source path, however many places show it: each place adds the sizes it needs.
    package struct JobPlan {
        private(set) var jobs: [PhotoJob] = []
        private var index: [String: Int] = [:]  // source as written → job

        /// The job for `source`, made on first sight; returns its position.
        mutating func add(_ source: String, jsonPath: String, order: Int, variants: Set<PhotoVariant>, needsDisplay: Bool) -> Int {
            if let existing = index[source] {
                jobs[existing].variants.formUnion(variants)
                if needsDisplay { jobs[existing].needsDisplay = true }
                return existing
            }
            index[source] = jobs.count
            jobs.append(PhotoJob(order: order, jsonPath: jsonPath, source: source, variants: variants, needsDisplay: needsDisplay))
            return jobs.count - 1
        }
    }

    package struct JobOutcome: Sendable {
        var result: Result<PhotoAsset, ImageProblem>
        var made = 0
        var reused = 0
        /// Set when writing failed because the output's file system is full or read-only: not the photo's fault.
        var outputFailure: String? = nil
    }

    /// Why writing into `folder` cannot work, if its file system is read-only or (nearly) full.
    /// Asked right after a failed write, before its partial file is removed: a full disk then has
    /// almost no space left, and libvips's "write error" does not say why it failed.
    static func outputFailure(_ folder: String) -> String? {
        var info = statvfs()
        guard statvfs(folder, &info) == 0 else { return nil }
        if info.f_flag & UInt(ST_RDONLY) != 0 { return String(cString: strerror(EROFS)) }
        if UInt64(info.f_bavail) * UInt64(info.f_frsize) < 256 * 1024 { return String(cString: strerror(ENOSPC)) }
        return nil
    }

    private func runJobs(_ jobs: [PhotoJob], assets: String, cache: ImageCache, digester: SourceDigester) -> [JobOutcome] {
        let results = Locked([JobOutcome?](repeating: nil, count: jobs.count))
        guard !jobs.isEmpty else { return [] }
        let workers = max(1, min(ParallelChunks.cores, jobs.count))
        // Two photos at once with one libvips thread each beat one photo with both cores.
        VipsRuntime.setConcurrency(workers > 1 ? 1 : 0)
        let done = Locked(0)
        let total = jobs.count
        let progress = self.progress
        // The same bytes in many places (a screenshot pasted into every copy of a prompt, one
        // photo in two turns) are decoded once: every source is hashed first, the first job of
        // each content is run, and the others then find its images in `shared`.
        let digests = Locked([String?](repeating: nil, count: jobs.count))
        parallel(jobs.indices.map { $0 }, workers: workers) { index in
            if case .success(let real) = SourcePath.resolve(jobs[index].source, base: baseDirectory, allowedOutside: settings.allowedOutside),
                let digest = try? digester.digest(of: real)
            {
                digests.withLock { $0[index] = digest }
            }
        }
        var firsts: [Int] = [], repeats: [Int] = []
        var seen: Set<String> = []
        for index in jobs.indices {
            if let digest = digests.withLock({ $0[index] }), !seen.insert(digest).inserted { repeats.append(index) } else { firsts.append(index) }
        }
        let shared = SharedImages()
        for batch in [firsts, repeats] where !batch.isEmpty {
            parallel(batch, workers: min(workers, batch.count)) { index in
                let outcome = makePhoto(jobs[index], digest: digests.withLock { $0[index] }, assets: assets, cache: cache, digester: digester, shared: shared)
                results.withLock { $0[index] = outcome }
                let finished = done.withLock { done in
                    done += 1
                    return done
                }
                progress?(finished, total)
            }
        }
        return results.withLock { $0.map { $0 ?? JobOutcome(result: .failure(ImageProblem("not made"))) } }
    }

    /// Runs `body` for every index of `indices` on `workers` threads.
    private func parallel(_ indices: [Int], workers: Int, _ body: @Sendable (Int) -> Void) {
        let next = Locked(0)
        DispatchQueue.concurrentPerform(iterations: max(1, workers)) { _ in
            while true {
                let k = next.withLock { next in
                    next += 1
                    return next - 1
                }
                guard k < indices.count else { break }
                body(indices[k])
            }
        }
    }

    /// `digest`: the source's content digest when already known.
    private func makePhoto(
        _ job: PhotoJob, digest known: String?, assets: String, cache: ImageCache, digester: SourceDigester,
        shared: SharedImages
    ) -> JobOutcome {
        let real: String
        switch SourcePath.resolve(job.source, base: baseDirectory, allowedOutside: settings.allowedOutside) {
        case .failure(let problem): return JobOutcome(result: .failure(problem))
        case .success(let path): real = path
        }
        let digest: String
        if let known {
            digest = known
        } else {
            do { digest = try digester.digest(of: real) } catch { return JobOutcome(result: .failure(error)) }
        }
        // The same content already failed in this run: the same answer, without a second try.
        if let problem = shared.failure(digest) { return JobOutcome(result: .failure(problem)) }
        let display: PhotoVariant =
            job.needsDisplay
            ? .longEdge(settings.originals ? 0 : PhotoVariant.displayLongEdge)
            : job.variants.sorted().last ?? .square(PhotoVariant.previewSide * 2)
        let wanted = job.needsDisplay ? job.variants.sorted() + [display] : job.variants.sorted()
        var outcome = JobOutcome(result: .failure(ImageProblem("not made")))
        var made: [PhotoVariant: ImageAsset] = [:]
        var missing: [(variant: PhotoVariant, key: String)] = []
        for variant in wanted {
            let key = cacheKey(digest: digest, variant: variant)
            if let asset = shared.image(key) {
                made[variant] = asset
            } else if let hit = cache.entries[key], let asset = cache.reuse(hit, into: assets) {
                made[variant] = asset
                shared.set(key, asset)
                outcome.reused += 1
                self.cache?.keepImage(at: FilePath.join(assets, hit.name), name: hit.name, key: key, width: hit.width, height: hit.height)
            } else if let hit = self.cache?.image(key), let asset = reuseCached(hit, into: assets) {
                made[variant] = asset
                shared.set(key, asset)
                outcome.reused += 1
            } else {
                missing.append((variant, key))
            }
        }
        // A PNG kept as it is in the output being replaced: linked, not read and written again.
        if !missing.isEmpty, let hit = cache.entries[keptKey(digest: digest)], hit.width * hit.height <= settings.maxPixels,
            wanted.allSatisfy({ hit.width <= Int($0.box.width) && hit.height <= Int($0.box.height) }),
            let asset = cache.reuse(hit, into: assets)
        {
            for entry in missing {
                made[entry.variant] = asset
                shared.set(entry.key, asset)
            }
            outcome.reused += 1
            missing = []
        }
        if !missing.isEmpty, let kept = keptPNG(real, wanted: wanted) {
            // No layout shrinks it: the file itself is every size, and libvips is not needed.
            let name = "\(keptKey(digest: digest))-\(kept.width)x\(kept.height).png"
            let destination = FilePath.join(assets, name)
            if access(destination, F_OK) != 0 {
                let partial = FilePath.join(assets, ".\(name).\(job.order).partial")
                guard OutputWriter.writeFile(kept.bytes, to: partial) == 0, rename(partial, destination) == 0 else {
                    unlink(partial)
                    let full = AssetProducer.outputFailure(assets)
                    return JobOutcome(
                        result: .failure(ImageProblem("cannot write the web image: \(String(cString: strerror(errno)))")),
                        reused: outcome.reused, outputFailure: full)
                }
            }
            let asset = ImageAsset(path: "\(AssetProducer.assetsFolder)/\(name)", width: kept.width, height: kept.height)
            for entry in missing {
                made[entry.variant] = asset
                shared.set(entry.key, asset)
            }
            outcome.made += 1
            missing = []
        }
        if !missing.isEmpty {
            do throws(ImageProblem) {
                let info = try inspector.inspect(path: real)
                if info.width.multipliedReportingOverflow(by: info.height).overflow || info.width * info.height > settings.maxPixels {
                    throw ImageProblem("the image is \(info.width)×\(info.height) pixels, over the limit of \(settings.maxPixels) pixels")
                }
            } catch {
                shared.fail(digest, error)
                return JobOutcome(result: .failure(error))
            }
            // Largest first, so the engine can decode once and make the rest from memory.
            missing.sort { a, b in
                let (x, y): (Int, Int) = (a.variant.bound, b.variant.bound)
                return x != y ? x > y : a.variant < b.variant
            }
            // Written under temporary names first: sizes are only known once the files exist.
            // Two sources with the same bytes share keys (a repeat made after its first, above, or
            // a source also found in the cache): each job writes its own temporary files, and
            // renaming equal content is harmless.
            let requests = missing.map {
                (variant: $0.variant, destination: FilePath.join(assets, ".\($0.key).\(job.order).partial.\(settings.format.fileExtension)"))
            }
            do throws(ImageProblem) {
                let sizes = try inspector.thumbnails(source: real, requests: requests, settings: settings)
                for ((entry, request), size) in zip(zip(missing, requests), sizes) {
                    let name = "\(entry.key)-\(size.width)x\(size.height).\(settings.format.fileExtension)"
                    guard rename(request.destination, FilePath.join(assets, name)) == 0 else {
                        throw ImageProblem("cannot write the web image: \(String(cString: strerror(errno)))")
                    }
                    let asset = ImageAsset(path: "\(AssetProducer.assetsFolder)/\(name)", width: size.width, height: size.height)
                    made[entry.variant] = asset
                    shared.set(entry.key, asset)
                    outcome.made += 1
                    self.cache?.keepImage(at: FilePath.join(assets, name), name: name, key: entry.key, width: size.width, height: size.height)
                }
            } catch {
                let full = AssetProducer.outputFailure(assets)
                for request in requests { unlink(request.destination) }
                // A full disk is not the photo's fault: its repeats try again (and say so).
                if full == nil { shared.fail(digest, error) }
                return JobOutcome(result: .failure(error), made: outcome.made, reused: outcome.reused, outputFailure: full)
            }
        }
        guard let displayAsset = made[display] else { return outcome }
        if job.needsDisplay { made[display] = nil }
        outcome.result = .success(PhotoAsset(display: displayAsset, sizes: made))
        return outcome
    }

    /// Links (or copies) a web image from the render cache into the assets folder.
    private func reuseCached(_ hit: (path: String, name: String, width: Int, height: Int), into assets: String) -> ImageAsset? {
        let destination = FilePath.join(assets, hit.name)
        if access(destination, F_OK) != 0 {
            guard RenderCache.place(hit.path, at: destination) else { return nil }
        }
        return ImageAsset(path: "\(AssetProducer.assetsFolder)/\(hit.name)", width: hit.width, height: hit.height)
    }

    /// The source as a ``KeptPNG`` when it is one and fits every size in `wanted` (and the
    /// pixel limit) as it is.
    func keptPNG(_ path: String, wanted: [PhotoVariant]) -> KeptPNG? {
        var info = stat()
        guard stat(path, &info) == 0, Int(info.st_size) <= KeptPNG.byteLimit,
            let bytes = try? FileInput.read(path: path, displayPath: path, limit: KeptPNG.byteLimit, what: "photo"),
            let kept = KeptPNG.check(bytes, keepMetadata: settings.keepMetadata),
            kept.width * kept.height <= settings.maxPixels
        else { return nil }
        for variant in wanted {
            let box = variant.box
            if kept.width > Int(box.width) || kept.height > Int(box.height) { return nil }
        }
        return kept
    }

    /// The name of a kept PNG: its own key, so no setting's web image is ever taken for it.
    func keptKey(digest: String) -> String {
        let text = ["kept", AssetProducer.keptPNGVersion, digest, settings.keepMetadata ? "meta" : "strip"].joined(separator: "|")
        return String(SHA256.hash(Array(text.utf8)).hexString.prefix(20))
    }

    /// First 20 hex digits of SHA-256 over the source's digest and everything that shapes the
    /// output image, so any change to either makes a new name.
    func cacheKey(digest: String, variant: PhotoVariant) -> String {
        let text = [
            AssetProducer.imagePipelineVersion, digest, variant.spec, settings.format.rawValue,
            String(settings.effectiveQuality), settings.keepMetadata ? "meta" : "strip",
        ].joined(separator: "|")
        return String(SHA256.hash(Array(text.utf8)).hexString.prefix(20))
    }

    // MARK: Files

    private func placeFile(_ relative: String, name: String, assets: String, digester: SourceDigester, copied: inout [String: String]) throws(DiagnosticError)
        -> Result<String, ImageProblem>
    {
        let real: String
        switch SourcePath.resolve(relative, base: baseDirectory, allowedOutside: settings.allowedOutside) {
        case .failure(let problem): return .failure(problem)
        case .success(let path): real = path
        }
        if let existing = copied[real] { return .success(existing) }
        let digest: String
        do { digest = try digester.digest(of: real) } catch { return .failure(error) }
        var ext = AssetNames.safeExtension(of: name) ?? AssetNames.safeExtension(of: relative)
        if let e = ext, AssetNames.activeExtensions.contains(e) { ext = e + ".txt" }
        let fileName = ext.map { "\(digest).\($0)" } ?? digest
        let destination = FilePath.join(assets, fileName)
        if !FileManager.default.fileExists(atPath: destination) {
            let reused = previousAssets.map { FilePath.join($0, fileName) }.map { AssetProducer.linkRegularFile($0, to: destination) } ?? false
            if !reused {
                do { try FileManager.default.copyItem(atPath: real, toPath: destination) } catch {
                    try? FileManager.default.removeItem(atPath: destination)
                    if let reason = AssetProducer.outputFailure(assets) {
                        throw DiagnosticError(Diagnostic(file: displayPath, message: "cannot write the output: \(reason)"), kind: .cannotWrite)
                    }
                    return .failure(ImageProblem("cannot copy the file: \(OutputWriter.reason(error))"))
                }
            }
        }
        let assetPath = "\(AssetProducer.assetsFolder)/\(fileName)"
        copied[real] = assetPath
        return .success(assetPath)
    }

    /// Adds what this render learnt about its sources to the cache's index. Past 100,000 sources
    /// the older entries are dropped: the next render reads those files once more.
    private func rememberSources(_ learnt: SourceIndex, cached: SourceIndex, in cache: RenderCache) {
        if learnt.entries.allSatisfy({ cached.entries[$0.key] == $0.value }) { return }
        var merged = cached
        if merged.entries.count + learnt.entries.count > 100_000 { merged = SourceIndex() }
        merged.entries.merge(learnt.entries) { _, new in new }
        _ = RenderCache.writeWhole(merged.serialized(), to: FilePath.join(cache.sourceIndexFolder, SourceIndex.fileName))
    }

    /// Records what this export learnt about its sources for the next one (see `SourceIndex`).
    private func writeSourceIndex(_ index: SourceIndex, into output: OutputSink) throws(DiagnosticError) {
        if index.entries.isEmpty || !settings.remembersSources { return }
        try output.write(index.serialized(), to: FilePath.join(AssetProducer.assetsFolder, SourceIndex.fileName))
    }
}

/// Web images an earlier export made, by cache key (`KEY-WxH.ext`).
package struct ImageCache: Sendable {
    var entries: [String: (name: String, width: Int, height: Int)]
    var folder: String = ""

    init(entries: [String: (name: String, width: Int, height: Int)]) { self.entries = entries }

    init(folder: String) {
        self.folder = folder
        entries = RenderCache.listImages(folder)
    }

    /// Hard-links (or copies) the earlier image into the new assets folder.
    func reuse(_ entry: (name: String, width: Int, height: Int), into assets: String) -> ImageAsset? {
        let source = FilePath.join(folder, entry.name)
        let destination = FilePath.join(assets, entry.name)
        if !FileManager.default.fileExists(atPath: destination) {
            guard AssetProducer.linkRegularFile(source, to: destination) else { return nil }
        }
        return ImageAsset(path: "\(AssetProducer.assetsFolder)/\(entry.name)", width: entry.width, height: entry.height)
    }
}

package extension AssetProducer {
    /// Hard-links `source` from the previous output to `destination`, only when it is a regular
    /// file there. The previous output is a folder on disk like any other: a symbolic link planted
    /// in it under an image's name would otherwise be carried into the new output (`link` does not
    /// follow it), pointing anywhere. Anything else is made afresh instead.
    static func linkRegularFile(_ source: String, to destination: String) -> Bool {
        var info = stat()
        guard lstat(source, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        return link(source, destination) == 0
    }
}

/// Images made (or reused) so far in this run, by cache key, and contents that failed, by
/// digest: jobs with the same bytes share them instead of decoding again.
package struct SharedImages: Sendable {
    private struct Made {
        var images: [String: ImageAsset] = [:]
        var failures: [String: ImageProblem] = [:]
    }
    private let made = Locked(Made())
    func image(_ key: String) -> ImageAsset? { made.withLock { $0.images[key] } }
    func set(_ key: String, _ asset: ImageAsset) { made.withLock { $0.images[key] = asset } }
    func failure(_ digest: String) -> ImageProblem? { made.withLock { $0.failures[digest] } }
    func fail(_ digest: String, _ problem: ImageProblem) { made.withLock { $0.failures[digest] = problem } }
}
