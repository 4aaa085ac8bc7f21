// swift-tools-version:6.0
// chatrender: conversation JSON + design tokens -> static, accessible HTML.
// No package dependencies by design: the toolchain plus Debian's C libraries.
// Linux only: the browser and file code use Linux's calls (socket flags, renameat2, syncfs, glibc's
// malloc settings), and nothing else is built or tested, so no other platform is declared.
import PackageDescription

// The page is built from many small HTML fragments across the stage targets; whole-program
// cross-module optimisation lets the compiler inline them as it did when they were one module.
let stage: [SwiftSetting] = [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]

// The command links its Swift runtime and Foundation in, and the dynamic loader then applied
// 79,000 relative relocations one 24-byte entry at a time on every start (a quarter of `--version`).
// lld packs them (DT_RELR, 15 KB instead of 1.8 MB), which glibc reads from 2.36 on; an older
// glibc gets the linker's defaults.
#if canImport(Glibc)
import Glibc
let packsRelocations: Bool = {
    // "glibc 2.36"
    var text = [CChar](repeating: 0, count: 64)
    guard confstr(Int32(_CS_GNU_LIBC_VERSION), &text, text.count) > 0 else { return false }
    let version = String(cString: text).split(separator: " ").last?.split(separator: ".").compactMap { Int($0) } ?? []
    return version.count >= 2 && (version[0], version[1]) >= (2, 36)
}()
#else
let packsRelocations = false
#endif
let commandLinking: [LinkerSetting] =
    packsRelocations
    ? [.unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"], .when(platforms: [.linux]))] : []

// The library's stages, in dependency order: the one list. ChatRender wires them all, and its
// tests see them all; ArchitectureTests and the fuzz build (fuzz/run.sh) read the list from here.
let stages: [Target.Dependency] = [
    "ChatModel", "ChatSupport", "ChatLoad", "ChatTheme", "ChatPlan", "ChatRenderHTML", "ChatOutput", "ChatAssets", "ChatBrowser",
]

let package = Package(
    name: "chatrender",
    products: [
        .library(name: "ChatRender", targets: ["ChatRender"]),
        .executable(name: "chatrender", targets: ["chatrender"]),
    ],
    targets: [
        // libvips's headers (libvips-dev) check the shim's declarations at build time, but the
        // library is not linked: the shim opens it with dlopen on first use, so a run without photos
        // never loads it. pkg-config's -lvips still reaches the link line; nothing references it, so
        // --as-needed (see Sources/CVipsShim/cvips_link.c) leaves it, GObject and GLib out of the
        // binary.
        .systemLibrary(
            name: "CVips",
            pkgConfig: "vips",
            providers: [.apt(["libvips-dev"])]
        ),
        .target(
            name: "CVipsShim",
            dependencies: ["CVips"],
            cSettings: [.unsafeFlags(["-Werror=sentinel", "-Werror=format"])],
            linkerSettings: [.linkedLibrary("dl")]
        ),
        .target(name: "CPlatform"),
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        // SQLite, to read opencode's session database in place (read-only).
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // libdeflate, to pack the search shards of a page in chunks (a whole buffer at a time,
        // faster than zlib at the same stream format).
        .systemLibrary(
            name: "CDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]
        ),
        // zstd, to read the compressed threads of Zed's agent (threads.db).
        .systemLibrary(
            name: "CZstd",
            pkgConfig: "libzstd",
            providers: [.apt(["libzstd-dev"])]
        ),
        // The stages, each a target, so the package states the architecture: a stage that reaches
        // into another's job does not compile. Data flows one way (see docs/architecture.md):
        // ChatModel ← ChatSupport ← ChatLoad, ChatTheme; ChatModel ← ChatPlan ← ChatRenderHTML (pure);
        // ChatAssets is the only target that sees libvips; ChatOutput holds every way output is
        // written (the OutputSink implementations, the one staging maker, the one swap);
        // ChatRender wires them into the one pipeline and is the library's public face.
        .target(name: "ChatModel", dependencies: ["CPlatform"], swiftSettings: stage),
        // What several stages read input with: JSON with positions, the checked file reader, the
        // one containment check for paths from input. ChatTheme and ChatAssets read files but
        // import no format: they depend on this, not on ChatLoad.
        .target(name: "ChatSupport", dependencies: ["ChatModel", "CPlatform"], swiftSettings: stage),
        .target(
            name: "ChatLoad", dependencies: ["ChatModel", "ChatSupport", "ChatOutput", "CPlatform", "CZlib", "CZstd", "CSQLite"], swiftSettings: stage),
        .target(name: "ChatTheme", dependencies: ["ChatModel", "ChatSupport"], swiftSettings: stage),
        .target(name: "ChatPlan", dependencies: ["ChatModel"], swiftSettings: stage),
        .target(
            name: "ChatRenderHTML", dependencies: ["ChatModel", "ChatPlan", "ChatTheme", "CCmarkGFM", "CPlatform", "CZlib", "CDeflate"], swiftSettings: stage),
        .target(name: "ChatOutput", dependencies: ["ChatModel", "CPlatform"], swiftSettings: stage),
        .target(name: "ChatAssets", dependencies: ["ChatModel", "ChatSupport", "ChatPlan", "ChatOutput", "CVipsShim", "CZlib"], swiftSettings: stage),
        .target(name: "ChatBrowser", dependencies: ["ChatModel", "ChatOutput"], swiftSettings: stage),
        .target(
            name: "ChatRender",
            dependencies: stages + ["CPlatform"],
            swiftSettings: stage
        ),
        // Writes the commit being built into ChatRenderCLI, for `chatrender --version`.
        .plugin(name: "BuildCommit", capability: .buildTool()),
        .target(
            name: "ChatRenderCLI",
            dependencies: ["ChatRender"],
            plugins: ["BuildCommit"]
        ),
        .executableTarget(
            name: "chatrender",
            dependencies: ["ChatRenderCLI"],
            linkerSettings: commandLinking
        ),
        // What the test targets share: the repository's paths, running the built command, a seeded
        // generator, outputs a test reads back. Built only with the tests.
        .target(
            name: "TestSupport", dependencies: ["ChatModel", "ChatSupport", "ChatLoad", "ChatTheme", "ChatPlan", "ChatOutput", "ChatAssets", "CZlib"],
            path: "Tests/TestSupport"),
        // A test target per stage, for the tests that need that stage alone (and the ones below it);
        // ChatRenderTests holds the pipeline's, the command line's and the end-to-end tests.
        .testTarget(name: "ChatModelTests", dependencies: ["ChatModel", "TestSupport"]),
        .testTarget(name: "ChatSupportTests", dependencies: ["ChatModel", "ChatSupport", "TestSupport"]),
        .testTarget(name: "ChatLoadTests", dependencies: ["ChatModel", "ChatSupport", "ChatLoad", "TestSupport"]),
        .testTarget(name: "ChatThemeTests", dependencies: ["ChatModel", "ChatSupport", "ChatTheme", "TestSupport"]),
        .testTarget(name: "ChatPlanTests", dependencies: ["ChatModel", "ChatPlan", "TestSupport"]),
        .testTarget(name: "ChatRenderHTMLTests", dependencies: ["ChatModel", "ChatPlan", "ChatTheme", "ChatSupport", "ChatRenderHTML", "TestSupport"]),
        .testTarget(name: "ChatOutputTests", dependencies: ["ChatModel", "ChatOutput", "TestSupport"]),
        .testTarget(name: "ChatAssetsTests", dependencies: ["ChatModel", "ChatSupport", "ChatPlan", "ChatOutput", "ChatAssets", "TestSupport"]),

        // The browser's screenshots are read back with the asset stage's PNG decoder.
        .testTarget(name: "ChatBrowserTests", dependencies: ["ChatModel", "ChatOutput", "ChatBrowser", "ChatAssets", "TestSupport"]),
        .testTarget(
            name: "ChatRenderTests",
            dependencies: stages + ["ChatRender", "ChatRenderCLI", "CPlatform", "CZlib", "CZstd", "CSQLite", "TestSupport"],
            exclude: ["__Goldens__", "Fixtures"]
        ),
    ]
)
