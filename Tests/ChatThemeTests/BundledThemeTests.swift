import Testing
@testable import ChatModel
@testable import ChatTheme
import TestSupport

@Suite("Bundled themes")
struct BundledThemeTests {
    @Test func spLoadsBothModesWithTheAgreedValues() throws {
        let theme = try ThemeLoader.load(path: ThemeTestSupport.bundled("sp.resolver.json"), displayPath: "themes/sp.resolver.json")
        #expect(theme.name == "SP")
        #expect(theme.hasDarkMode)
        let light = theme.light
        let dark = try #require(theme.dark)
        #expect(ThemeStylesheet.srgbColor(light.color.bg) == "#ffffff")
        #expect(ThemeStylesheet.srgbColor(light.color.surface) == "#f2f2f7")
        #expect(ThemeStylesheet.srgbColor(dark.color.bg) == "#000000")
        #expect(ThemeStylesheet.srgbColor(dark.color.surface) == "#1c1c1e")
        #expect(ThemeStylesheet.srgbColor(dark.color.surfaceElevated) == "#2c2c2e")
        #expect(ThemeStylesheet.srgbColor(dark.color.fill) == "#3a3a3c")
        #expect(light.radius == dark.radius)
        #expect(
            [light.radius.xs, light.radius.sm, light.radius.md, light.radius.lg]
                == [ThemeDimension(4, .px), ThemeDimension(8, .px), ThemeDimension(12, .px), ThemeDimension(16, .px)])
        #expect(light.type.body.fontSize == ThemeDimension(17, .px))
        #expect(light.type.body.lineHeight == 1.29)
        #expect(
            light.type.body.fontFamily.names == [
                .generic(.systemUI), .generic(.appleSystem), .named("Segoe UI"), .named("Roboto"),
                .named("Helvetica Neue"), .generic(.sansSerif),
            ])
        #expect([light.type.subhead, light.type.caption, light.type.footnote].map(\.fontSize.value) == [15, 12, 13])
        #expect(light.motion.smooth == ThemeTransition(duration: .init(milliseconds: 350), timingFunction: .standard))
        #expect(light.motion.snappy.duration.milliseconds == 200)
    }

    @Test func paperIsADifferentSerifThemeWithAnOklchAccent() throws {
        let theme = try ThemeLoader.load(path: ThemeTestSupport.bundled("paper.resolver.json"), displayPath: "themes/paper.resolver.json")
        #expect(theme.name == "Paper")
        #expect(theme.hasDarkMode)
        #expect(theme.light.type.body.fontFamily.names.first == .named("Iowan Old Style"))
        #expect(theme.light.type.body.fontFamily.names.last == .generic(.serif))
        #expect(theme.light.radius.md == ThemeDimension(18, .px))
        #expect(theme.light.radius.lg == ThemeDimension(24, .px))
        #expect(theme.light.color.accent.space == .oklch)
        #expect(ThemeStylesheet.srgbColor(theme.light.color.accent) == "#0f6e63")
        #expect(theme.light.motion.smooth.duration.milliseconds > 350)
    }

    @Test func monoIsOneDarkModeWithPlainDurations() throws {
        let theme = try ThemeLoader.load(path: ThemeTestSupport.bundled("mono.tokens.json"), displayPath: "themes/mono.tokens.json")
        #expect(theme.name == "mono")
        #expect(!theme.hasDarkMode)
        #expect(theme.light.motion.smooth == ThemeTransition(duration: .init(milliseconds: 200)))
        #expect(theme.light.motion.smooth.timingFunction == ThemeCubicBezier(0.2, 0, 0, 1))
        let css = ThemeStylesheet.css(for: theme)
        #expect(css.hasPrefix(":root {\n  color-scheme: dark;\n"))
        #expect(!css.contains("prefers-color-scheme"))
        #expect(!css.contains("data-theme"))
    }

    @Test(arguments: ["sp.resolver.json", "paper.resolver.json", "mono.tokens.json"])
    func everyBundledThemePassesEveryContrastCheck(file: String) throws {
        let theme = try ThemeLoader.load(path: ThemeTestSupport.bundled(file), displayPath: file)
        let checks = ThemeContrast.checks(for: theme)
        #expect(checks.count == ThemeContrast.pairs.count * (theme.hasDarkMode ? 2 : 1))
        for check in checks {
            #expect(check.passes, "\(file) \(check.mode): \(check.foreground) on \(check.background) is \(check.ratio), needs \(check.required)")
        }
        #expect(ThemeContrast.report(for: theme, displayPath: file).passed)
    }
}
