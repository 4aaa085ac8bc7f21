import Foundation
import Testing
@testable import ChatLoad
import TestSupport

/// The stages are SwiftPM targets, so a stage reaching into another's job does not compile.
/// What the compiler cannot see — a pure stage opening a file, a second way to make raw HTML,
/// a new target linking libvips — these tests read from the sources and fail on.
@Suite struct ArchitectureTests {
    /// Every Swift source of a target, as (path relative to the repository, text).
    static func sources(_ target: String) -> [(path: String, text: String)] {
        let root = TestPaths.repo("Sources/" + target)
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [(String, String)] = []
        while let name = walker.nextObject() as? String {
            guard name.hasSuffix(".swift"), let text = try? String(contentsOfFile: root + "/" + name, encoding: .utf8) else { continue }
            files.append(("Sources/\(target)/\(name)", text))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// Code without its comments, so a doc comment that names `FileManager` does not count.
    static func code(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line) }
            .joined(separator: "\n")
    }

    /// The stages as Package.swift lists them (`let stages`, the one list), and ChatRender, which
    /// wires them.
    static let stages: [String] = libraryStages() + ["ChatRender"]

    static func libraryStages() -> [String] {
        let package = (try? String(contentsOfFile: TestPaths.repo("Package.swift"), encoding: .utf8)) ?? ""
        // From `let stages: [Target.Dependency] = [` to the list's `]`, on one line or several.
        guard let start = package.range(of: "\nlet stages: [Target.Dependency] = ["),
            let end = package[start.upperBound...].firstIndex(of: "]")
        else { return [] }
        return package[start.upperBound..<end].matches(of: /"(\w+)"/).map { String($0.1) }
    }

    @Test func everyStageIsATargetWithSources() throws {
        #expect(Self.stages.count >= 10, "Package.swift's stage list was not read")
        let package = (try? String(contentsOfFile: TestPaths.repo("Package.swift"), encoding: .utf8)) ?? ""
        // The README's layout and the fuzz build name every stage (the fuzz build reads the list).
        let readme = try String(contentsOfFile: TestPaths.repo("README.md"), encoding: .utf8)
        let layout = try #require(readme.firstRange(of: "- Layout: ").map { String(readme[$0.lowerBound...].prefix(600)) })
        for stage in Self.stages { #expect(layout.contains("`\(stage)`"), "README's layout does not name \(stage)") }
        let fuzz = try String(contentsOfFile: TestPaths.repo("fuzz/run.sh"), encoding: .utf8)
        #expect(fuzz.contains("let stages: \\[Target.Dependency\\] = \\["), "fuzz/run.sh does not read the stages from Package.swift")
        for stage in Self.stages {
            #expect(package.contains(".target(name: \"\(stage)\"") || package.contains("name: \"\(stage)\""), "Package.swift has no target \(stage)")
            #expect(!Self.sources(stage).isEmpty, "Sources/\(stage) is empty")
        }
    }

    /// Each target's declared dependencies, read from Package.swift (`name: "X", dependencies: […]`).
    static func declaredDependencies() throws -> [String: Set<String>] {
        let package = try String(contentsOfFile: TestPaths.repo("Package.swift"), encoding: .utf8)
        var result: [String: Set<String>] = [:]
        for target in package.components(separatedBy: "name: \"").dropFirst() {
            let name = String(target.prefix { $0 != "\"" })
            let declaration = target.components(separatedBy: ".target(").first ?? ""
            // `dependencies: stages + […]` is the stage list (`let stages`) and the rest.
            let all = declaration.contains("dependencies: stages + [")
            guard let open = declaration.range(of: all ? "dependencies: stages + [" : "dependencies: ["),
                let close = declaration[open.upperBound...].firstIndex(of: "]")
            else { continue }
            let list = declaration[open.upperBound..<close].split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
            result[name] = Set(list.filter { !$0.isEmpty }).union(all ? libraryStages() : [])
        }
        return result
    }

    /// SwiftPM lets a target import a sibling it does not declare when that sibling happens to be
    /// built first; this closes the hole (and `scripts/test` builds with the import check on).
    @Test func everyImportIsADeclaredDependency() throws {
        let declared = try Self.declaredDependencies()
        for target in Self.stages + ["ChatRenderCLI"] {
            let allowed = declared[target] ?? []
            #expect(!allowed.isEmpty || target == "ChatModel" || declared[target] != nil, "no dependencies read for \(target)")
            for file in Self.sources(target) {
                for line in Self.code(file.text).split(separator: "\n") {
                    let words = line.split(separator: " ")
                    guard let at = words.firstIndex(of: "import"), at + 1 < words.count else { continue }
                    guard words[..<at].allSatisfy({ $0.hasPrefix("@") }) else { continue }
                    let module = String(words[at + 1])
                    guard module.hasPrefix("Chat") || module.hasPrefix("CV") || module.hasPrefix("CC") || module.hasPrefix("CZ") || module.hasPrefix("CP")
                    else { continue }
                    #expect(allowed.contains(module), "\(file.path) imports \(module), which \(target) does not declare")
                }
            }
        }
    }

    /// Reading JSON and files is shared (ChatSupport); importing formats is ChatLoad's alone, so
    /// the theme and the assets, which read files but no export, do not depend on it.
    @Test func theThemeAndTheAssetsDoNotDependOnTheImporters() throws {
        let declared = try Self.declaredDependencies()
        for target in ["ChatTheme", "ChatAssets", "ChatSupport", "ChatPlan", "ChatRenderHTML", "ChatOutput", "ChatBrowser"] {
            #expect(declared[target]?.contains("ChatLoad") == false, "\(target) depends on ChatLoad")
        }
        #expect(declared["ChatSupport"] == ["ChatModel", "CPlatform"])
    }

    @Test func onlyTheAssetStageUsesLibvips() throws {
        let package = try String(contentsOfFile: TestPaths.repo("Package.swift"), encoding: .utf8)
        // Each target's dependency list, as written: `name: "X", dependencies: [ … ]`.
        let targets = package.components(separatedBy: "name: \"").dropFirst()
        var users: [String] = []
        for target in targets {
            let name = String(target.prefix { $0 != "\"" })
            let declaration = target.components(separatedBy: ".target(").first ?? ""
            if name != "CVipsShim", declaration.contains("\"CVipsShim\"") || declaration.contains("\"CVips\"") { users.append(name) }
        }
        #expect(users == ["ChatAssets"], "targets depending on libvips: \(users)")
        for stage in Self.stages where stage != "ChatAssets" {
            for file in Self.sources(stage) {
                #expect(!Self.code(file.text).contains("import CVips"), "\(file.path) imports libvips")
            }
        }
    }

    /// Render and Plan are pure: model values in, markup or plans out. No files, environment,
    /// clock, processes or libvips.
    @Test func renderAndPlanArePure() {
        let forbidden = [
            "FileManager", "fopen(", "FileHandle", "getenv(", "ProcessInfo", "Date()", "Process(",
            "contentsOfFile", ".write(to:", "opendir(", "Data(contentsOf", "URLSession", "CVips",
        ]
        for stage in ["ChatRenderHTML", "ChatPlan"] {
            for file in Self.sources(stage) {
                let code = Self.code(file.text)
                for word in forbidden {
                    #expect(!code.contains(word), "\(file.path) uses \(word); render and plan are pure")
                }
            }
        }
    }

    /// Plan decides, Render draws: ChatPlan holds plain data (layouts, asset tables, names) and
    /// makes no markup. A ChatPlan source that names the `HTML` type (markup reaches a page only
    /// as an `HTML` value) or writes a tag is drawing; that belongs in ChatRenderHTML, where
    /// `AssetMarkup` (an asset's markup, both ways for a single-file page) moved from ChatPlan.
    @Test func planMakesNoMarkup() throws {
        // The type, and a tag as the sources write one: `<p `, `<img>`, `</a>`, `<br/>`, `<!--`
        // (a generic parameter, `Set<PhotoVariant>`, starts with a capital).
        let markup = try NSRegularExpression(pattern: #"\bHTML\b|</?[a-z][a-z0-9]*(\s|>|/>)|<!"#)
        func found(_ text: String) -> [String] {
            let code = Self.code(text)
            return markup.matches(in: code, range: NSRange(code.startIndex..., in: code)).map { (code as NSString).substring(with: $0.range) }
        }
        let plan = Self.sources("ChatPlan")
        #expect(plan.count >= 5, "ChatPlan's sources were not read")
        for file in plan {
            let words = found(file.text)
            #expect(words.isEmpty, "\(file.path) makes markup (\(words.joined(separator: ", "))); draw it in ChatRenderHTML")
        }
        // The test would notice: what moved out of ChatPlan is caught by it.
        let moved = try #require(Self.sources("ChatRenderHTML").first { $0.path.hasSuffix("/SingleFile/AssetMarkup.swift") })
        #expect(found(moved.text).contains("HTML"))
        #expect(found(#"let tag = "<img src=\"a\">" + "</a>""#) == ["<img ", "</a>"])
    }

    /// One output door: every folder chatrender creates comes from ChatOutput (one staging maker,
    /// `StagingFolder.make`, and `ScratchFolder` for work that is not output), and every output
    /// appears through one swap (`AtomicSwap`). Other stages write through an `OutputSink`.
    @Test func oneStagingMakerAndOneSwap() {
        for stage in Self.stages {
            for file in Self.sources(stage) {
                let code = Self.code(file.text)
                if !file.path.hasSuffix("ChatOutput/Sink/StagingFolder.swift") && !file.path.hasSuffix("ChatOutput/Sink/ScratchFolder.swift") {
                    #expect(!code.contains("mkdtemp("), "\(file.path) makes its own staging or scratch folder")
                }
                if !file.path.hasSuffix("ChatOutput/Sink/AtomicSwap.swift") {
                    #expect(!code.contains("rename_exchange"), "\(file.path) swaps an output itself")
                }
                // The asset stage writes by path inside the folder its sink hands out (libvips,
                // copies, the WebP metadata rewrite); nothing else writes files at all.
                if stage != "ChatOutput" {
                    for writer in ["OutputWriter(", "makeStaging(", ".write(to: URL"] + (stage == "ChatAssets" ? [] : ["createFile(atPath"]) {
                        #expect(!code.contains(writer), "\(file.path) writes output without a sink: \(writer)")
                    }
                }
            }
        }
    }

    /// A format is one folder of ChatLoad plus one row of ``ExportReaders/all``: its name (as a
    /// string) and the types its folder declares appear nowhere else in the program, so adding a
    /// format never needs a change elsewhere, and removing one is deleting a folder and a row.
    @Test func aFormatLivesInOneFolderAndOneRow() throws {
        let table = "Sources/ChatLoad/ExportReaders.swift"
        let shared: Set<String> = ["Common", "Load", "Zip", "Composer"]
        let loadFiles = Self.sources("ChatLoad")
        var folders: [String: [String]] = [:]
        for file in loadFiles {
            let parts = file.path.split(separator: "/")
            if parts.count == 4, !shared.contains(String(parts[2])) { folders[String(parts[2]), default: []].append(file.path) }
        }
        let everything = (Self.stages + ["ChatRenderCLI", "chatrender"]).flatMap(Self.sources)
        var readerFolders: Set<String> = []
        for reader in ExportReaders.all {
            let typeName = String(describing: type(of: reader))
            let home = folders.first {
                $0.value.contains { path in
                    Self.code(loadFiles.first { $0.path == path }!.text).contains("struct \(typeName)")
                }
            }?.key
            guard let home else { Issue.record("\(typeName) is not declared in a format folder of ChatLoad"); continue }
            readerFolders.insert(home)
            let inside = "Sources/ChatLoad/\(home)/"
            for file in everything where !file.path.hasPrefix(inside) {
                #expect(!Self.code(file.text).contains("\"\(reader.name)\""), "\(file.path) names the format \(reader.name)")
            }
        }
        for (folder, paths) in folders {
            #expect(readerFolders.contains(folder), "Sources/ChatLoad/\(folder) holds no reader of the table")
            // The types the folder declares, used by nothing outside it but the table's row.
            var declared: Set<String> = []
            for path in paths {
                for line in Self.code(loadFiles.first { $0.path == path }!.text).split(separator: "\n") where !line.hasPrefix(" ") {
                    let words = line.split(separator: " ")
                    if words.contains("private") || words.contains("fileprivate") { continue }
                    if let at = words.firstIndex(where: { ["struct", "enum", "class", "protocol"].contains($0) }), at + 1 < words.count {
                        declared.insert(String(words[at + 1].prefix { $0.isLetter || $0.isNumber }))
                    }
                }
            }
            for file in everything where !file.path.hasPrefix("Sources/ChatLoad/\(folder)/") {
                let words = Set(Self.code(file.text).split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
                for name in declared.intersection(words) {
                    let readerRow = file.path == table && name.hasSuffix("Reader")
                    #expect(readerRow, "\(file.path) uses \(name), declared in the \(folder) format's folder")
                }
            }
        }
        #expect(readerFolders.count >= 4)
    }

    /// The library reads no environment: the command line reads it and passes what it found.
    @Test func theLibraryReadsNoEnvironment() {
        for stage in Self.stages {
            for file in Self.sources(stage) {
                let code = Self.code(file.text)
                #expect(!code.contains("getenv("), "\(file.path) reads the environment")
                #expect(!code.contains("processInfo.environment"), "\(file.path) reads the environment")
            }
        }
    }

    /// One JSON string quoter (`JSONQuote`): each copy used to escape a little differently (one
    /// left DEL or U+2028 as it was, one wrote a tab as `\u0009`). A `\u` escape followed by hex
    /// digits, or built from a `"\\u"` literal, a format or bytes, is an escaper: it belongs
    /// there, as an option if a place needs other output. (Messages show control characters
    /// Swift's way, `\u{1b}`; those are not JSON.)
    @Test func oneJSONQuoter() throws {
        let home = "Sources/ChatModel/Support/JSONQuote.swift"
        #expect(Self.sources("ChatModel").contains { $0.path == home }, "\(home) is gone")
        let escapes = try NSRegularExpression(pattern: #"\\\\u([0-9A-Fa-f%"]|\\\()|ascii: "\\\\"\)[^\n=]{0,40}ascii: "u"\)"#)
        for stage in Self.stages + ["ChatRenderCLI"] {
            for file in Self.sources(stage) where file.path != home {
                let code = Self.code(file.text)
                let found = escapes.firstMatch(in: code, range: NSRange(code.startIndex..., in: code))
                #expect(
                    found == nil,
                    "\(file.path) writes JSON \\u escapes itself: \(found.map { (code as NSString).substring(with: $0.range) } ?? ""); use JSONQuote")
            }
        }
    }

    /// Counts from input are ``Tally`` values, whose `+` and `*` saturate: a token count, a
    /// context window and every sum of them. What the compiler cannot see is a count kept as a
    /// plain `Int` (a tuple of them, a `= 0` default) or a tally unwrapped to do `Int` arithmetic
    /// on; both trapped on a line whose count was 1e18. This keeps them out of every stage.
    @Test func countsFromInputAreTallies() throws {
        let home = "Sources/ChatModel/Usage/Tally.swift"
        #expect(Self.sources("ChatModel").contains { $0.path == home }, "\(home) is gone")
        let checks: [(pattern: String, why: String)] = [
            // `var tokens = (input: 0, …)`, `tokens: (input: Int, …)`, `var tokenCount: Int`.
            (#"\b(tokens|\w+Tokens)\b\s*(:\s*\(?\s*(\w+\s*:\s*)?Int\b|=\s*\(\s*(\w+\s*:\s*)?0\b|=\s*0\b)"#, "a token count kept as an Int"),
            // `struct Usage { var input = 0 … }` or `var input: Int`, the readers' usage records.
            (#"struct \w*Usage\w*\s*\{[^}]*([,{]\s*(var\s+)?\w+\s*=\s*0\b|:\s*Int\b)"#, "a usage record with Int counts"),
            // A tally unwrapped for Int arithmetic: `usage.input.value + …`, `window.value * 4`.
            (
                #"\b(input|output|cacheRead|cacheWrite|cached|context|contextWindow|window|used|total|tokens)\.value\s*[-+*]"#,
                "Int arithmetic on a count's value"
            ),
            // A count's Double turned back into an Int that may not hold it.
            (#"Int(64)?\((usage|tokens|price|cost|amount|dollars)\b"#, "a sum turned into an Int unchecked"),
        ]
        for stage in Self.stages + ["ChatRenderCLI"] {
            for file in Self.sources(stage) where file.path != home {
                let code = Self.code(file.text)
                for check in checks {
                    let regex = try NSRegularExpression(pattern: check.pattern)
                    let found = regex.firstMatch(in: code, range: NSRange(code.startIndex..., in: code))
                    #expect(
                        found == nil,
                        "\(file.path): \(check.why): \(found.map { (code as NSString).substring(with: $0.range) } ?? ""); use Tally")
                }
            }
        }
        // The fields themselves.
        let usage = try String(contentsOfFile: TestPaths.repo("Sources/ChatModel/Usage/TokenUsage.swift"), encoding: .utf8)
        let fields = usage.matches(of: /package var (\w+): (\w+)\??\n/).map { (String($0.1), String($0.2)) }
        // Every count; the one other field is the dollars an agent recorded (a Double, which cannot trap).
        #expect(fields.count == 8 && fields.allSatisfy { $0.1 == "Tally" || $0 == ("recordedCost", "Double") }, "\(fields)")
    }

    /// One lock type (`Locked`): the wrappers that held an `NSLock` beside their values (and were
    /// `@unchecked Sendable` on trust) are `Locked` values now. Another lock, or a condition
    /// variable, belongs there; in the tests as much as in the sources.
    @Test func oneLockType() {
        let home = "Sources/ChatModel/Support/Locked.swift"
        #expect(Self.sources("ChatModel").contains { $0.path == home }, "\(home) is gone")
        var files = (Self.stages + ["ChatRenderCLI", "chatrender"]).flatMap(Self.sources)
        if let walker = FileManager.default.enumerator(atPath: TestPaths.repo("Tests")) {
            while let name = walker.nextObject() as? String {
                guard name.hasSuffix(".swift"), !name.contains("__Goldens__"),
                    let text = try? String(contentsOfFile: TestPaths.repo("Tests/" + name), encoding: .utf8)
                else { continue }
                files.append(("Tests/" + name, text))
            }
        }
        #expect(files.count > 100)
        for file in files where file.path != home && !file.path.hasSuffix("Architecture/ArchitectureTests.swift") && !file.path.contains("/Fixtures/") {
            let code = Self.code(file.text)
            for lock in [
                "NSLock", "NSRecursiveLock", "NSCondition", "pthread_mutex", "pthread_rwlock", "pthread_cond", "os_unfair_lock",
                "OSAllocatedUnfairLock", "import Synchronization",
            ] {
                #expect(!code.contains(lock), "\(file.path) uses \(lock); share the value through Locked")
            }
        }
    }

    /// One containment check for paths from input (`SourcePath`): a photo's path, an export's
    /// file, a theme's `$ref` and a zip entry each had their own walk over `..` and their own
    /// `realpath` comparison. Both live in `SourcePath` now; a component compared with `".."`
    /// or a `realpath` call anywhere else is a second check. (`CheckConfig` tidies the check's
    /// own stored paths, where `..` is kept on purpose: not a containment check.)
    @Test func oneContainmentCheck() {
        let home = "Sources/ChatSupport/SourcePath.swift"
        #expect(Self.sources("ChatSupport").contains { $0.path == home }, "\(home) is gone")
        for stage in Self.stages + ["ChatRenderCLI"] {
            for file in Self.sources(stage) where file.path != home {
                let code = Self.code(file.text)
                #expect(!code.contains("realpath("), "\(file.path) resolves links itself; use SourcePath.realPath and SourcePath.lies")
                if file.path != "Sources/ChatRender/Check/CheckConfig.swift" {
                    for walk in ["== \"..\"", "case \"..\""] {
                        #expect(!code.contains(walk), "\(file.path) walks `..` itself: \(walk); use SourcePath.components")
                    }
                }
            }
        }
    }

    /// One page shell (`PageShell`, and the `ContentSecurityPolicy` it carries): every page's
    /// `<style>` and `<script>` elements, stylesheet links and policy are written there. The page
    /// head and its policy used to be written in four places, and the preview gallery patched the
    /// policy with a string replace; a block written anywhere else would be one the policy was not
    /// made with. So outside the shell no source may write an element that loads a style or a
    /// script, the policy's `<meta http-equiv>`, or a policy directive.
    @Test func onePageShell() throws {
        let homes = ["Sources/ChatRenderHTML/Shell/PageShell.swift", "Sources/ChatRenderHTML/Shell/ContentSecurityPolicy.swift"]
        for home in homes {
            #expect(Self.sources("ChatRenderHTML").contains { $0.path == home }, "\(home) is gone")
        }
        let pageHead = try NSRegularExpression(
            pattern:
                #"<(style|script)|rel=\\?"stylesheet|http-equiv|content-security-policy|\b(default|script|style|img|media|font|connect|frame|object)-src\b|base-uri|form-action"#,
            options: [.caseInsensitive])
        // Words for a person, not a page: `check` explains that lines differing only in sha256
        // hashes are the policy's (PageDiff). Each exception is a file and the one text it may say.
        let exceptions: Set<String> = ["Sources/ChatRender/Check/PageDiff.swift: content-security-policy"]
        var used: Set<String> = []
        for stage in Self.stages + ["ChatRenderCLI", "chatrender"] {
            for file in Self.sources(stage) where !homes.contains(file.path) {
                var afterMessageLabel = false
                for line in Self.code(file.text).split(separator: "\n") {
                    // A diagnostic's message may name an element to the person reading it (a
                    // template's stylesheet must not end its `<style>` early): it writes no page.
                    // The formatter may put the text on the line after its `message:` label.
                    defer { afterMessageLabel = line.trimmingCharacters(in: .whitespaces).hasSuffix("message:") }
                    if line.contains("message:") || afterMessageLabel { continue }
                    let text = String(line)
                    for match in pageHead.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                        let word = (text as NSString).substring(with: match.range).lowercased()
                        if exceptions.contains("\(file.path): \(word)") { used.insert("\(file.path): \(word)"); continue }
                        Issue.record("\(file.path) writes a page's \(word) itself: `\(text.trimmingCharacters(in: .whitespaces))`; ask PageShell")
                    }
                }
            }
        }
        // An exception nothing uses any more goes from the list.
        #expect(used == exceptions, "exceptions no longer needed: \(exceptions.subtracting(used).sorted())")
        // The shell's own files do write them: the test would not notice if it looked for the wrong text.
        let shell = Self.sources("ChatRenderHTML").filter { homes.contains($0.path) }.map { Self.code($0.text) }.joined()
        for word in ["<style>", "<script", "http-equiv", "default-src"] {
            #expect(shell.contains(word), "the shell no longer writes \(word)")
        }
    }

    /// The `HTML` type's doors: every way to make or extend a value of it. Escaping ones take
    /// `String`s; the only ones that take markup as it is take `StaticString` (source code).
    /// A new door changes this list and fails the test: make it escape, or argue for it here.
    /// The tests mirror the stages: each stage has its test target (ChatRender's is the
    /// pipeline's and the command's), which may depend on that stage, the stages below it and
    /// TestSupport only; Tests/README.md names each.
    @Test func everyStageHasItsTestTarget() throws {
        let package = try String(contentsOfFile: TestPaths.repo("Package.swift"), encoding: .utf8)
        let declared = try Self.declaredDependencies()
        let guide = try String(contentsOfFile: TestPaths.repo("Tests/README.md"), encoding: .utf8)
        for stage in Self.stages {
            let target = stage + "Tests"
            #expect(package.contains(".testTarget(name: \"\(target)\"") || package.contains("name: \"\(target)\""), "no test target \(target)")
            #expect(guide.contains("`\(target)`"), "Tests/README.md does not name \(target)")
            guard stage != "ChatRender", let tests = declared[target] else { continue }
            // What the stage itself may import, the stage, and TestSupport; ChatBrowserTests reads
            // its screenshots with the asset stage's decoder.
            var below: Set<String> = []
            var next = declared[stage] ?? []
            while let module = next.popFirst() {
                if below.insert(module).inserted { next.formUnion(declared[module] ?? []) }
            }
            var allowed = below.union([stage, "TestSupport"])
            if stage == "ChatBrowser" { allowed.insert("ChatAssets") }
            #expect(tests.isSubset(of: allowed), "\(target) depends on \(tests.subtracting(allowed).sorted())")
        }
    }

    /// TestSupport is a plain target that `swift build` builds too, in release as well, where no
    /// module is built for testing: it sees the stages through their package API only.
    @Test func testSupportImportsNothingForTesting() throws {
        let folder = TestPaths.repo("Tests/TestSupport")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }
        #expect(files.count >= 5)
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            #expect(!text.contains("@testable"), "Tests/TestSupport/\(file) imports a stage for testing")
        }
    }

    /// The README re-records goldens with `--filter Golden`: every test that compares with a
    /// golden must be found by it, through its own name or its suite's.
    @Test func everyGoldenTestIsFoundByTheFilter() throws {
        let folder = TestPaths.repo("Tests")
        let files = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
        var checked = 0
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            guard text.contains("Golden.assertMatches("), !file.hasSuffix("ArchitectureTests.swift") else { continue }
            let suite = text.firstRange(of: /struct (\w+)/).map { String(text[$0]) } ?? ""
            // Each test runs from its attribute to the next test's.
            for test in text.split(separator: "@Test").dropFirst() where test.contains("Golden.assertMatches(") {
                let name = test.firstMatch(of: /func (\w+)/).map { String($0.1) } ?? "?"
                #expect(name.contains("Golden") || suite.contains("Golden"), "\(file): \(name) compares with a golden that --filter Golden does not re-record")
                checked += 1
            }
        }
        #expect(checked >= 10)
    }

    /// The package claims only the platform it is built and tested on. Its browser, output and
    /// memory code use Linux's calls (socket flags, renameat2, syncfs, glibc's malloc settings),
    /// so a `platforms:` entry or a setting for another system would promise a build nobody makes.
    @Test func thePlatformClaimIsLinuxAlone() throws {
        let package = Self.code(try String(contentsOfFile: TestPaths.repo("Package.swift"), encoding: .utf8))
        // `platforms: [...]` of the package itself; a setting's `.when(platforms: [.linux])` is Linux's own.
        #expect(!package.contains("    platforms:"), "Package.swift declares a platform")
        for other in [".macOS", ".iOS", ".windows", ".watchOS", ".tvOS", ".visionOS", ".android", ".wasi"] {
            #expect(!package.contains(other), "Package.swift names \(other)")
        }
        let readme = try String(contentsOfFile: TestPaths.repo("README.md"), encoding: .utf8)
        #expect(readme.contains("chatrender runs on Linux"))
        #expect(!readme.contains("macOS"), "the README speaks of macOS")
    }

    @Test func htmlHasOneRawDoor() throws {
        let text = try String(contentsOfFile: TestPaths.repo("Sources/ChatModel/HTML/HTML.swift"), encoding: .utf8)
        let doors = Self.code(text).split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.contains("init(") || trimmed.contains("func append") || trimmed.contains("-> HTML") else { return nil }
            var signature = trimmed.firstIndex(of: "{").map { trimmed[..<$0].trimmingCharacters(in: .whitespaces) } ?? trimmed
            for access in ["public ", "package "] where signature.hasPrefix(access) { signature.removeFirst(access.count) }
            return signature
        }
        #expect(Set(doors).count == doors.count)
        let expected: Set<String> = [
            "init()",
            "init(stringLiteral value: StaticString)",
            "init(stringInterpolation: StringInterpolation)",
            "static func trusted(_ markup: StaticString) -> HTML",
            "static func text(_ string: String) -> HTML",
            "mutating func append(_ other: HTML)",
            "mutating func append(_ literal: StaticString)",
            "mutating func appendEscaped(_ string: String)",
            "mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, lineBreaks: Bool)",
            "mutating func appendEscaped(cString: UnsafePointer<CChar>)",
            // An element's content: `& < >` escaped, quotes (inert between tags) left as they are.
            "static func content(_ string: String) -> HTML",
            "mutating func appendContent(_ string: String)",
            "mutating func appendContent(_ utf8: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, lineBreaks: Bool)",
            "mutating func appendContent(cString: UnsafePointer<CChar>)",
            "static func + (lhs: HTML, rhs: HTML) -> HTML",
            "init(literalCapacity: Int, interpolationCount: Int)",
            "mutating func appendLiteral(_ literal: StaticString)",
            "mutating func appendInterpolation(_ string: String)",
            "mutating func appendInterpolation(_ string: Substring)",
            "mutating func appendInterpolation(_ html: HTML)",
            "mutating func appendInterpolation(_ html: HTML?)",
            "mutating func appendInterpolation(_ list: [HTML])",
            "mutating func appendInterpolation(_ value: Int)",
            "mutating func appendInterpolation(_ value: Double)",
            // A single-file page's asset slots: no markup goes in with them; what fills them later
            // is escaped (SlottedPage writes the address and the data URL through `text`).
            "static func slot(url key: String) -> HTML",
            "static func slot(key: String, inside: HTML, beside: HTML) -> HTML",
        ]
        #expect(Set(doors).symmetricDifference(expected).isEmpty, "doors added or gone: \(Set(doors).symmetricDifference(expected).sorted())")
        // The bytes themselves are read-only outside the type.
        #expect(Self.code(text).contains("private(set) var bytes"))
        // No other file builds HTML from bytes or a string as it is.
        for stage in Self.stages {
            for file in Self.sources(stage) where !file.path.hasSuffix("HTML/HTML.swift") {
                let code = Self.code(file.text)
                for door in ["HTML(rawBytes", "HTML(bytes", "HTML(unsafe", "extension HTML"] {
                    #expect(!code.contains(door), "\(file.path) opens another raw-HTML door: \(door)")
                }
            }
        }
    }
}

/// The library's public API stays what a Swift user needs; stages talk through `package`.
@Suite struct PublicAPITests {
    @Test func publicDeclarationsStayFew() {
        var count = 0
        var perTarget: [String: Int] = [:]
        for target in ArchitectureTests.stages + ["ChatRenderCLI"] {
            for file in ArchitectureTests.sources(target) {
                for line in ArchitectureTests.code(file.text).split(separator: "\n") {
                    let trimmed = line.drop { $0 == " " }
                    let words = trimmed.split(separator: " ").prefix { $0.hasPrefix("@") || $0 == "public" }
                    if words.contains("public") { count += 1; perTarget[target, default: 0] += 1 }
                }
            }
        }
        // 252: the import format became a type of its own (a name and a lookup) when the formats became a table.
        // 253: a render names its price table (`RenderRequest.pricesPath`, as `--prices` does).
        #expect(count <= 253, "\(count) public declarations: \(perTarget.sorted { $0.key < $1.key })")
        // What a Swift user needs stays public: render a request (folder, single file, an
        // export), load the model, load a theme, import.
        // Whitespace runs as one space: the formatter may wrap a declaration.
        let api = (ArchitectureTests.sources("ChatRender").map(\.text).joined() + ArchitectureTests.sources("ChatTheme").map(\.text).joined())
            .replacing(/\s+/, with: " ").replacing("( ", with: "(")
        for declaration in [
            "public static func render(_ request: RenderRequest) throws(DiagnosticError) -> RenderResult",
            "public static func loadConversation(path: String)",
            "public static func render(_ request: ImportRequest, render: RenderRequest)",
            "public static func run(_ request: ImportRequest) throws(DiagnosticError) -> ImportResult",
            "public static func load(path: String, displayPath: String, bundledThemes: BundledThemes = .unknown) throws(DiagnosticError) -> Theme",
            "public init(folder: String)",
            "public init(conversationPath: String, themePath: String, templatesDirectory: String, outputDirectory: String",
        ] {
            #expect(api.contains(declaration), "the public API lost \(declaration)")
        }
        // Stages that only serve other stages have no public API at all.
        for target in ["ChatLoad", "ChatOutput", "ChatRenderHTML"] {
            #expect(perTarget[target, default: 0] == 0, "\(target) declares public API")
        }
    }
}
