import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatTheme
@testable import ChatPlan
@testable import ChatRenderHTML
import TestSupport

/// A watched session's page renders again only the groups of turns that changed, and the page it
/// puts together from the groups it kept is byte for byte the page rendered whole.
struct LivePageTests {
    /// A conversation's turns as a session grows: prompts and replies over several days, replies
    /// that grow while they are written (a tool call's result arriving), and now and then a turn
    /// off the shown path (a rewound prompt).
    static func grow(seed: UInt64, steps: Int) -> [[Message]] {
        var random = SplitMix(seed: seed)
        var messages: [Message] = []
        var states: [[Message]] = []
        var day = 1
        for step in 0..<steps {
            switch random.next() % 6 {
            case 0 where !messages.isEmpty:
                // The last reply grows.
                messages[messages.count - 1].text += " And then \(step)."
            case 1:
                day += 1
                fallthrough
            default:
                let count = Int(random.next() % 4) + 1
                for k in 0..<count {
                    let n = messages.count
                    var message = Message(
                        id: "m\(n)", role: n % 2 == 0 ? .user : .assistant, text: "Turn \(n) of step \(step), part \(k).",
                        date: ChatDate(iso: "2026-11-\(String(format: "%02d", min(day, 28)))T09:\(String(format: "%02d", n % 60)):00Z"))
                    if random.next() % 17 == 0 && n > 2 { message.branch = [1] }
                    messages.append(message)
                }
            }
            states.append(messages)
        }
        return states
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func keptGroupsMakeTheSameTurnsAsAWholeRender(seed: UInt64) {
        let options = RenderOptions()
        var page = LivePage()
        var reused = 0
        for messages in Self.grow(seed: seed, steps: 60) {
            let first = page.update(messages, assets: AssetTable(), options: options)
            if first > 0 { reused += 1 }
            #expect(page.turns().description == TurnList.render(messages, assets: AssetTable(), options: options).description)
        }
        // Past the first groups, most updates render only the end again.
        #expect(reused > 20)
    }

    @Test func anAppendedTurnRendersOnlyTheLastGroupsAgain() {
        let options = RenderOptions()
        var messages = (0..<100).map { Message(id: "m\($0)", role: $0 % 2 == 0 ? .user : .assistant, text: "Turn \($0)") }
        var page = LivePage()
        #expect(page.update(messages, assets: AssetTable(), options: options) == 0)
        messages.append(Message(id: "m100", role: .user, text: "Turn 100"))
        // 101 turns are 7 groups of 16 (0 to 6): the old last two, 5 and 6, the new turn's, are
        // made again; 0 to 4 are kept.
        #expect(page.update(messages, assets: AssetTable(), options: options) == 5)
        // A change to an early turn makes its group and every one after it again.
        messages[20].text = "Turn 20, edited"
        #expect(page.update(messages, assets: AssetTable(), options: options) == 1)
        #expect(page.turns().description == TurnList.render(messages, assets: AssetTable(), options: options).description)
    }

    @Test func theWholePageIsThePageAssemblerWrites() throws {
        var options = RenderOptions()
        options.live = LiveStatus(next: 3)
        let messages = (0..<40).map { Message(id: "m\($0)", role: $0 % 2 == 0 ? .user : .assistant, text: "Turn <\($0)> & more") }
        let conversation = Conversation(title: "A <watched> session", messages: messages)
        let template = PageTemplate(
            page: "<html{{html_attributes}}><head>{{csp}}{{styles}}</head><body>{{body}}{{scripts}}</body></html>", stylesheet: "p{}", script: "1;")
        var withLive = template
        withLive.live = FeatureTemplate(stylesheet: ".cr-live{}", script: "2;")
        let style = PageStyle(theme: try ThemeTestSupport.load(ThemeTestSupport.tokens()), template: withLive, live: true)
        var page = LivePage()
        page.update(messages, assets: AssetTable(), options: options)
        let written = ByteCollector.collect { page.write(conversation, style: style, assets: AssetTable(), options: options, into: $0) }.joined
        let whole = ByteCollector.collect {
            PageAssembler.fill(conversation, style: style, strings: options.strings, live: options.live, into: $0) { sink in
                PageBody.render(conversation, assets: AssetTable(), options: options, hasDarkMode: false, into: sink)
            }
        }.joined
        #expect(written == whole)
        let text = String(decoding: written, as: UTF8.self)
        #expect(text.hasPrefix("<html data-cr-live=\"3\">"))
        #expect(text.contains("script-src 'self' 'sha256-"))
        #expect(text.contains("<p class=\"cr-live\">"))
        #expect(text.contains("A &lt;watched&gt; session"))
        // Stopped: no update asked for, and the header says so.
        options.live = LiveStatus(next: 4, watching: false)
        let stopped = String(
            decoding: ByteCollector.collect { page.write(conversation, style: style, assets: AssetTable(), options: options, into: $0) }.joined, as: UTF8.self)
        #expect(stopped.hasPrefix("<html>"))
        #expect(stopped.contains("cr-live--stopped"))
    }

    @Test func anUpdateIsOneCallWithEveryTextQuoted() throws {
        var options = RenderOptions()
        options.live = LiveStatus(next: 2)
        let messages = [
            Message(id: "a", role: .user, text: "</script><script>alert(1)</script>\u{2028}"),
            Message(id: "b", role: .assistant, text: "Fine."),
        ]
        let conversation = Conversation(title: "\"quoted\" </script>", messages: messages)
        var page = LivePage()
        let first = page.update(messages, assets: AssetTable(), options: options)
        let script = String(
            decoding: page.script(number: 1, from: first, conversation: conversation, assets: AssetTable(), options: options, newTurns: 2), as: UTF8.self)
        #expect(script.hasPrefix("window.crLive && window.crLive(1, {\"from\":0,\"watching\":true,\"title\":"))
        #expect(script.hasSuffix("});\n"))
        #expect(!script.contains("</script"))
        #expect(!script.contains("<script"))
        #expect(!script.contains("\u{2028}"))
        #expect(script.contains("\"said\":\"2 new turns\""))
        // The JSON object parses, and its title is the conversation's.
        let json = script.dropFirst("window.crLive && window.crLive(1, ".count).dropLast(3)
        let object = try JSONParser.parse(Array(json.utf8))
        #expect(object["title"].flatMap { if case .string(let s) = $0.value { s } else { nil } } == "\"quoted\" </script>")
    }
}
