import Testing
@testable import ChatModel
@testable import ChatPlan
@testable import ChatRenderHTML
import TestSupport

/// A long conversation's table of contents of the person's prompts, and the jumps: only from
/// eight prompts, each the first line of its prompt, escaped, linking to its turn.
@Suite struct PromptIndexTests {
    func conversation(prompts: Int, text: (Int) -> String = { "Prompt \($0)" }) -> [Message] {
        (0..<prompts).flatMap { i in
            [Message(id: "u\(i)", role: .user, text: text(i)), Message(id: "a\(i)", role: .assistant, text: "Reply \(i)")]
        }
    }

    func page(_ messages: [Message], strings: UIStrings = .english) -> String {
        var options = RenderOptions()
        options.strings = strings
        return PageBody.render(Conversation(title: "T", messages: messages), assets: AssetTable(), options: options, hasDarkMode: true).description
    }

    @Test func aShortConversationHasNeitherListNorJumps() {
        let html = page(conversation(prompts: PromptIndex.threshold - 1))
        #expect(!html.contains("cr-toc"))
        #expect(!html.contains("cr-jump"))
    }

    @Test func fromTheThresholdEveryPromptIsListedInOrderLinkingToItsTurn() {
        let html = page(conversation(prompts: PromptIndex.threshold))
        #expect(html.contains("<nav class=\"cr-toc\" aria-label=\"Your prompts\">"))
        #expect(html.contains("<span class=\"cr-toc-count\">8</span>"))
        let links = html.components(separatedBy: "<li><a href=\"#").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(links == (0..<8).map { "cr-t\($0 * 2)" })
        #expect(html.contains("<a href=\"#cr-t14\" dir=\"auto\">Prompt 7</a>"))
        // "Jump to latest" goes to the last turn, the assistant's; "Back to top" after the turns.
        #expect(html.contains("<a class=\"cr-toc-latest\" href=\"#cr-t15\">Jump to latest</a>"))
        #expect(html.contains("<p class=\"cr-jump\"><a class=\"cr-jump-top\" href=\"#top\">"))
        #expect(html.contains("<a class=\"cr-jump-end\" href=\"#cr-t15\" hidden>"))
        // The list comes before the conversation, the jumps after it.
        let toc = html.range(of: "cr-toc")!.lowerBound, chat = html.range(of: "<section class=\"cr-chat\"")!.lowerBound
        let jump = html.range(of: "cr-jump")!.lowerBound, end = html.range(of: "</section>")!.lowerBound
        #expect(toc < chat && end < jump)
    }

    /// A session rewound twice: a fork after prompt 2 whose other branch holds three prompts, and
    /// one at the very end whose other branch is what was written last but not kept.
    @Test func onlyTheShownBranchsPromptsAreListedAsTheReaderSeesThem() {
        var messages = conversation(prompts: 3)
        var folded = conversation(prompts: 3) { "Folded \($0)" }
        for i in folded.indices { folded[i].id = "f\(i)"; folded[i].branch = [2] }
        messages +=
            folded
            + conversation(prompts: 6) { "Prompt \($0 + 3)" }.map { m in
                var m = m
                m.id += "-later"
                return m
            }
        var end = [Message(id: "e", role: .user, text: "Rewound away"), Message(id: "e2", role: .assistant, text: "Gone")]
        for i in end.indices { end[i].branch = [2] }
        messages += end
        let html = page(messages)
        // Nine prompts shown, three folded at the first fork and one at the last: nine listed.
        #expect(html.contains("<span class=\"cr-toc-count\">9</span>"))
        let labels = html.components(separatedBy: "<li><a href=\"#").dropFirst().map { String($0.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" }) }
        #expect(labels == (0..<9).map { "Prompt \($0)" })
        #expect(!html.contains("\">Folded 0</a>") && !html.contains("\">Rewound away</a>"))
        // The folded prompts are still on the page, at their fork, one click away.
        #expect(html.contains("<details class=\"cr-branch\"") && html.contains("Folded 0"))
        // "Jump to latest" goes to the shown branch's last turn, not into the folded one at the end.
        let latest = messages.lastIndex { $0.branch.isEmpty }!
        #expect(latest == messages.count - 3)
        #expect(html.contains("<a class=\"cr-toc-latest\" href=\"#cr-t\(latest)\">"))
        #expect(html.contains("<a class=\"cr-jump-end\" href=\"#cr-t\(latest)\" hidden>"))
        // Seven shown prompts and any number folded: too short for a list.
        #expect(!page(Array(messages.dropLast(6))).contains("cr-toc"))
    }

    @Test func anEntryIsThePromptsFirstLineEscaped() {
        let texts = ["\n  \n   first   words\nsecond line", "<img src=x onerror=alert(1)> & \"q\"", "ما هذا؟"]
        let html = page(conversation(prompts: 8) { i in i < texts.count ? texts[i] : "p\(i)" })
        #expect(html.contains(">first words</a>"))
        #expect(!html.contains("second line</a>"))
        #expect(html.contains(">&lt;img src=x onerror=alert(1)&gt; &amp; &quot;q&quot;</a>"))
        #expect(!html.contains("<img src=x"))
        #expect(html.contains("dir=\"auto\">ما هذا؟</a>"))
    }

    @Test func aLongFirstLineIsCutAtAWord() {
        let line = String(repeating: "raised bed ", count: 20)
        let label = PromptIndex.firstLine(line)!
        #expect(label.hasSuffix("…"))
        #expect(label.count <= PromptIndex.maxCharacters + 1)
        #expect(label.dropLast().hasSuffix("raised") || label.dropLast().hasSuffix("bed"))
        // A line with no space in it is cut where it reaches the limit.
        let word = String(repeating: "x", count: 300)
        #expect(PromptIndex.firstLine(word) == String(repeating: "x", count: PromptIndex.maxCharacters) + "…")
        #expect(PromptIndex.firstLine(" \n\t ") == nil)
    }

    /// The label as first specified: every line split, every word joined, then cut.
    static func wholeTextLabel(_ text: String) -> String? {
        for line in text.split(whereSeparator: \.isNewline) {
            let words = line.split(whereSeparator: \.isWhitespace)
            guard !words.isEmpty else { continue }
            let joined = words.joined(separator: " ")
            guard joined.count > PromptIndex.maxCharacters else { return joined }
            var cut = String(joined.prefix(PromptIndex.maxCharacters))
            if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > PromptIndex.maxCharacters / 2 {
                cut = String(cut[..<space])
            }
            return cut + "…"
        }
        return nil
    }

    @Test func theFirstLineIsReadAloneAndGivesTheWholeTextsLabel() {
        // Pieces that meet the grapheme rules at a cut or a join: combining marks after a space,
        // a prepended mark before one, flags, ZWJ emoji, CR LF, the Unicode line separators.
        let pieces = [
            "word", " ", "  ", "\t", "\n", "\r\n", "\u{2028}", "\u{85}", "\u{0B}", "e\u{301}", " \u{301}", "\u{0600}",
            "\u{0600} ", "🇫🇷", "🇩🇪🇫", "👩‍👩‍👧", "ما هذا", "漢字", "x", "yy ", " zzz", "#\u{FE0F}\u{20E3}", "\u{0600}a", "\u{0308}", "\u{3000}", "\u{A0}",
        ]
        var random = SplitMix(seed: 0x5EED)
        for _ in 0..<3000 {
            let text = random.text(from: pieces, fewerThan: 120)
            #expect(PromptIndex.firstLine(text) == Self.wholeTextLabel(text), "\(text.debugDescription)")
        }
        for length in 95...105 {
            let line = String(repeating: "ab ", count: length / 3) + String(repeating: "c", count: length % 3)
            #expect(PromptIndex.firstLine(line + "\nnext") == Self.wholeTextLabel(line + "\nnext"))
            #expect(PromptIndex.firstLine(String(repeating: "x", count: length)) == Self.wholeTextLabel(String(repeating: "x", count: length)))
        }
    }

    @Test func aPromptOfOnlyPhotosOrFilesSaysHowManyAndAnEmptyOneIsLeftOut() {
        var messages = conversation(prompts: 9)
        messages[0].text = ""
        messages[0].attachments = [
            Attachment(id: "p1", name: "a.jpg", byteCount: 1, contentType: "image/jpeg"),
            Attachment(id: "p2", name: "b.jpg", byteCount: 1, contentType: "image/jpeg"),
        ]
        messages[2].text = ""
        messages[2].attachments = [Attachment(id: "f1", name: "a.pdf", byteCount: 1, contentType: "application/pdf")]
        messages[4].text = ""
        let html = page(messages)
        #expect(html.contains("<a href=\"#cr-t0\" dir=\"auto\">2 photos</a>"))
        #expect(html.contains("<a href=\"#cr-t2\" dir=\"auto\">1 file</a>"))
        #expect(!html.contains("href=\"#cr-t4\" dir=\"auto\""))
        #expect(html.contains("<span class=\"cr-toc-count\">8</span>"))
        // Eight prompts with nothing to show in one of them: seven, so no list.
        messages.removeLast(2)
        #expect(!page(messages).contains("cr-toc"))
    }

    @Test func aPromptWithPartsIsListedByItsFirstText() {
        var messages = conversation(prompts: 8)
        messages[0].text = ""
        messages[0].parts = [.text("From the parts\nmore")]
        #expect(page(messages).contains("<a href=\"#cr-t0\" dir=\"auto\">From the parts</a>"))
    }

    @Test func theWordsAreTheLocales() throws {
        let (german, _) = try UIStrings.load(locale: "de", templates: TestPaths.templates)
        let html = page(conversation(prompts: 8), strings: german)
        #expect(html.contains("aria-label=\"Deine Nachrichten\""))
        #expect(html.contains(">Zum Neuesten</a>"))
        #expect(html.contains(">Nach oben</span>"))
    }
}
