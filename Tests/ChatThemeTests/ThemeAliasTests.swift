import Testing
@testable import ChatModel
@testable import ChatTheme
import TestSupport

@Suite("Theme aliases")
struct ThemeAliasTests {
    typealias T = ThemeTestSupport

    @Test func chainsAreFollowedToTheConcreteValue() throws {
        let json = T.tokens(
            ["color.accent": "\"{brand.primary}\""],
            extra: """
                  "brand": {"$type": "color", "primary": {"$value": "{brand.blue}"}, "blue": {"$value": "{brand.deepBlue}"},
                            "deepBlue": {"$value": "#0055b3"}}
                """)
        let theme = try T.load(json)
        #expect(ThemeStylesheet.srgbColor(theme.light.color.accent) == "#0055b3")
    }

    @Test func aCycleIsReportedOnceWithItsChainAndPosition() throws {
        let error = try #require(T.problems(file: T.fixture("cycle.tokens.json"), display: "cycle.tokens.json"))
        #expect(error.kind == .badData)
        let cycles = error.diagnostics.filter { $0.message.contains("cycle") }
        #expect(
            cycles.map(\.description) == [
                "cycle.tokens.json:4:21: error: color.a: aliases form a cycle: color.a → color.b → color.a"
            ])
    }

    @Test func aSelfReferenceIsACycle() {
        let problems = T.problems(T.tokens(["color.fill": "\"{color.fill}\""]))
        #expect(problems.map(\.message) == ["aliases form a cycle: color.fill → color.fill"])
    }

    @Test func anUnknownTargetIsNamedWithASuggestion() {
        let problems = T.problems(T.tokens(["color.accentOn": "\"{color.acent}\""]))
        #expect(problems.count == 1)
        #expect(problems.first?.location.jsonPath == "color.accentOn")
        #expect(problems.first?.message == "alias {color.acent} refers to a token that does not exist; did you mean {color.accent}?")
        #expect(problems.first?.location.line == 13)
    }

    @Test func anAliasToAGroupIsRefused() {
        let problems = T.problems(T.tokens(["color.accent": "\"{radius}\""]))
        #expect(problems.map(\.message) == ["alias {radius} refers to a group, not a token"])
    }

    @Test func anAliasMustKeepItsType() {
        let problems = T.problems(T.tokens(["color.accent": "\"{radius.md}\""]))
        #expect(problems.map(\.message) == ["this color token is an alias of radius.md, which is a dimension"])
    }

    @Test func compositeFieldsMayBeAliases() throws {
        let body =
            #"{"fontFamily": "{font.reading}", "fontSize": "{size.body}", "fontWeight": "{weight.body}", "lineHeight": "{leading.body}", "letterSpacing": "0px"}"#
        let json = T.tokens(
            ["type.body": body, "motion.smooth": #"{"duration": "{time.slow}", "delay": "0ms", "timingFunction": "{ease.out}"}"#],
            extra: """
                  "font": {"$type": "fontFamily", "reading": {"$value": ["Charter", "serif"]}},
                  "size": {"$type": "dimension", "body": {"$value": "18px"}},
                  "weight": {"$type": "fontWeight", "body": {"$value": "medium"}},
                  "leading": {"$type": "number", "body": {"$value": 1.5}},
                  "time": {"$type": "duration", "slow": {"$value": "0.4s"}},
                  "ease": {"$type": "cubicBezier", "out": {"$value": [0, 0, 0.2, 1]}}
                """)
        let theme = try T.load(json)
        #expect(
            theme.light.type.body
                == ThemeTypography(
                    fontFamily: .init([.named("Charter"), .generic(.serif)]),
                    fontSize: .init(18, .px), fontWeight: 500, lineHeight: 1.5,
                    letterSpacing: .init(0, .px)))
        #expect(theme.light.motion.smooth == ThemeTransition(duration: .init(milliseconds: 400), timingFunction: .init(0, 0, 0.2, 1)))
    }

    @Test func aCompositeFieldAliasOfTheWrongTypeIsRefused() {
        let body = #"{"fontFamily": "{radius.md}", "fontSize": "16px", "fontWeight": 400, "lineHeight": 1.2, "letterSpacing": "0px"}"#
        let problems = T.problems(T.tokens(["type.body": body]))
        #expect(
            problems.map(\.description) == [
                "test.tokens.json:27:39: error: type.body: fontFamily: alias {radius.md} must refer to a fontFamily token; it is a dimension"
            ])
    }

    @Test func jsonPointerReferencesWorkLikeAliases() throws {
        let theme = try T.load(T.tokens(["color.accentOn": ##"{"$ref": "#/color/bg/$value"}"##]))
        #expect(theme.light.color.accentOn == theme.light.color.bg)
        let problems = T.problems(T.tokens(["color.accentOn": ##"{"$ref": "#/color/bg/$value/components/0"}"##]))
        #expect(problems.first?.message.contains("must point at a token's whole value") == true)
    }

    @Test func malformedAliasesAreReported() {
        let problems = T.problems(T.tokens(["color.accent": "\"{color.}\""]))
        #expect(problems.map(\.message) == ["malformed alias \"{color.}\"; write an alias as \"{group.token}\""])
    }
}
