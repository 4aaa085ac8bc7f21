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
        .systemLibrary(
            name: "CVips",
            pkgConfig: "vips",
            providers: [.apt(["libvips-dev"])]
        ),
        .target(
            name: "CVipsShim",
            dependencies: ["CVips"],
            cSettings: [.unsafeFlags(["-Werror=sentinel", "-Werror=format"])]
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
