import Testing
@testable import ChatModel
@testable import ChatTheme
import TestSupport

/// Theme values end up inside `<style>`: nothing from the file may reach the CSS unchecked.
@Suite("Theme safety")
struct ThemeSafetyTests {
    typealias T = ThemeTestSupport

    static func body(family: String) -> String {
        #"{"fontFamily": \#(family), "fontSize": "16px", "fontWeight": 400, "lineHeight": 1.2, "letterSpacing": "0px"}"#
    }

    @Test(arguments: [
        #""Arial; } body { display:none""#,
        #"["Georgia", "\"</style><script>alert(1)</script>"]"#,
        #""Font\\\"Name""#,
        #""Tab\tName""#,
        #""url(x)""#,
    ])
    func hostileFontFamiliesAreRefusedNamingTheToken(family: String) {
        let problems = T.problems(T.tokens(["type.subhead": Self.body(family: family)]))
        #expect(problems.count == 1)
        #expect(problems.first?.location.jsonPath == "type.subhead")
        #expect(problems.first?.message.hasPrefix("fontFamily: font family \"") == true)
        #expect(problems.first?.message.contains("is not allowed; a font name may contain only letters, digits, spaces, '-' and '_'") == true)
    }

    @Test func theExactHostileFamilyMessage() {
        let problems = T.problems(T.tokens(["type.body": Self.body(family: #""Arial; } body { display:none""#)]))
        #expect(
            problems.map(\.description) == [
                #"test.tokens.json:27:39: error: type.body: fontFamily: font family "Arial; } body { display:none" is not allowed; a font name may contain only letters, digits, spaces, '-' and '_'"#
            ])
    }

    @Test func aCommaListInOneStringGetsAHint() {
        let problems = T.problems(T.tokens(["type.body": Self.body(family: #""Georgia, serif""#)]))
        #expect(problems.first?.message.hasSuffix("(write a list of fonts as an array)") == true)
    }

    @Test func internationalFontNamesAreAllowedAndQuoted() throws {
        let theme = try T.load(T.tokens(["type.body": Self.body(family: #"["Hiragino Kaku Gothic ProN", "ヒラギノ角ゴ ProN", "Noto_Sans-2", "SYSTEM-UI"]"#)]))
        let css = ThemeStylesheet.css(for: theme)
        #expect(css.contains(#"  --type-body-family: "Hiragino Kaku Gothic ProN", "ヒラギノ角ゴ ProN", "Noto_Sans-2", system-ui;"#))
    }

    @Test(arguments: ["bg}", "a{b", "a.b", ""])
    func hostileTokenNamesAreRefused(name: String) {
        let json = T.tokens(extra: "  \"extra\": {\"$type\": \"color\", \"\(name)\": {\"$value\": \"#000000\"}}")
        let problems = T.problems(json)
        #expect(problems.count == 1)
        #expect(problems.first?.location.jsonPath == "extra")
        #expect(problems.first?.message.hasPrefix("name \"\(name)\"") == true)
    }

    @Test func reservedNamesAreRefused() {
        let problems = T.problems(T.tokens(extra: ##"  "extra": {"$type": "color", "$color": {"$value": "#000000"}}"##))
        #expect(problems.map(\.message) == [#"unknown property "$color"; names starting with $ are reserved"#])
    }

    @Test func controlCharactersInMessagesAreEscaped() {
        #expect(ThemeDiagnostics.quoted("a\u{1B}[31mb\"") == #""a\u{1b}[31mb\"""#)
        #expect(ThemeDiagnostics.quoted(String(repeating: "x", count: 50)) == "\"" + String(repeating: "x", count: 40) + "…\"")
    }

    @Test func deeplyNestedOrCyclicInputEndsWithErrorsNotACrash() {
        var nested = ""
        for _ in 0..<200 { nested += "{\"g\": " }
        nested += "{}" + String(repeating: "}", count: 200)
        #expect(!T.problems(nested).isEmpty)
        let loop = T.tokens(extra: #"  "loop": {"$type": "color", "a": {"$value": "{loop.b}"}, "b": {"$value": "{loop.c}"}, "c": {"$value": "{loop.a}"}}"#)
        #expect(T.problems(loop).map(\.message) == ["aliases form a cycle: loop.a → loop.b → loop.c → loop.a"])
    }
}
