// swift-tools-version:6.0
// chatrender: conversation JSON + design tokens -> static, accessible HTML.
// No package dependencies by design: the toolchain plus Debian's C libraries.
import PackageDescription

let package = Package(
    name: "chatrender",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "ChatRender", targets: ["ChatRender"]),
        .executable(name: "chatrender", targets: ["chatrender"]),
    ],
    targets: [
        // libvips's headers (libvips-dev) check the shim's declarations at build time, but the
        // library is not linked: the shim opens it with dlopen on first use, so a run without photos
        // never loads it. pkg-config's -lvips still reaches the link line; nothing references it, so
        // --as-needed (see Sources/CVipsShim/cvips_link.c) or -dead_strip_dylibs on macOS leaves it,
        // GObject and GLib out of the binary.
        .systemLibrary(
            name: "CVips",
            pkgConfig: "vips",
            providers: [.apt(["libvips-dev"])]
        ),
        .target(
            name: "CVipsShim",
            dependencies: ["CVips"],
            cSettings: [.unsafeFlags(["-Werror=sentinel", "-Werror=format"])],
            linkerSettings: [
                .linkedLibrary("dl", .when(platforms: [.linux])),
                .unsafeFlags(["-Xlinker", "-dead_strip_dylibs"], .when(platforms: [.macOS])),
            ]
        ),
        .target(name: "CPlatform"),
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(
            name: "ChatRender",
            dependencies: ["CVipsShim", "CPlatform", "CCmarkGFM", "CZlib"]
        ),
        .target(
            name: "ChatRenderCLI",
            dependencies: ["ChatRender"]
        ),
        .executableTarget(
            name: "chatrender",
            dependencies: ["ChatRenderCLI"]
        ),
        .testTarget(
            name: "ChatRenderTests",
            dependencies: ["ChatRender", "ChatRenderCLI"],
            exclude: ["__Goldens__", "Fixtures"]
        ),
    ]
)
