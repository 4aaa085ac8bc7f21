import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
@testable import ChatRender
import TestSupport

/// What each structure of a real ChatGPT export (2023–2026) becomes: one reply per question with
/// its parts in ChatGPT's order, sources for both citation generations, images, code runs,
/// canvas documents, memory, voice, agent steps — and no private-use character anywhere.
@Suite struct ChatGPTContentTests {
    static let fixture = "import/chatgpt-2025"

    static func read(_ relative: String = fixture) throws -> ([ImportedChat], [String]) {
        let folder = TestPaths.fixture("import")
        let (chats, warnings) = try Importer.read(ImportRequest(format: .chatgpt, inputPath: TestPaths.fixture(relative), outputDirectory: "unused"))
        return (chats, warnings.map { $0.description.replacingOccurrences(of: folder + "/", with: "") })
    }

    /// One conversation given as JSON, read with an empty export folder; its turns and warnings.
    static func conversation(_ json: String, includeSystem: Bool = false) throws -> ([ImportedTurn], [String]) {
        let folder = TestPaths.temporaryFolder("gpt")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let root = try JSONParser.parse(Array(json.utf8))
        let (chats, diagnostics) = ChatGPTImporter.read(root, source: .folder(folder), file: "c.json", includeSystem: includeSystem)
        return (chats?.first?.turns ?? [], diagnostics.map(\.description))
    }

    /// A conversation whose messages follow one another: `[(role, content JSON, extra members)]`.
    static func thread(_ messages: [(String, String, String)]) -> String {
        var nodes: [String] = []
        var parent = "null"
        for (i, message) in messages.enumerated() {
            // "tool:python": a tool message and the tool's name.
            let (role, name) =
                message.0.contains(":") ? (String(message.0.prefix { $0 != ":" }), String(message.0.drop { $0 != ":" }.dropFirst())) : (message.0, "")
            let author = name.isEmpty ? "{\"role\": \"\(role)\"}" : "{\"role\": \"\(role)\", \"name\": \"\(name)\"}"
            let extra = message.2.isEmpty ? "" : ", " + message.2
            nodes.append(
                "\"n\(i)\": {\"parent\": \(parent), \"children\": [\(i + 1 < messages.count ? "\"n\(i + 1)\"" : "")], \"message\": {\"id\": \"m\(i)\", \"author\": \(author), \"content\": \(message.1)\(extra)}}"
            )
            parent = "\"n\(i)\""
        }
        return "{\"title\": \"T\", \"current_node\": \"n\(messages.count - 1)\", \"mapping\": {\(nodes.joined(separator: ", "))}}"
    }

    static func texts(_ turn: ImportedTurn) -> [String] {
        turn.parts.compactMap { if case .text(let text) = $0 { return text } else { return nil } }
    }

    /// Every string a turn carries to the page.
    static func strings(_ turns: [ImportedTurn]) -> [String] {
        var out: [String] = []
        func add(_ parts: [TurnPart]) {
            for part in parts {
                switch part {
                case .text(let text): out.append(text)
                case .thinking(let t): out.append(t.text); out.append(t.summary ?? "")
                case .toolCall(let c): out += [c.name, c.title ?? "", c.input ?? "", c.result ?? ""]
                case .codeExecution(let r): out += [r.code, r.output ?? ""]
                case .document(let d): out += [d.title, d.content] + d.versions
                case .notice(let n): out += [n.text, n.detail ?? ""]
                case .transcript(let t):
                    out.append(t.title)
                    for message in t.messages {
                        add(message.parts)
                        out.append(message.text)
                    }
                case .diff, .terminal: break
                }
            }
        }
        for turn in turns {
            out.append(turn.text)
            out.append(turn.speaker ?? "")
            add(turn.parts)
            out += turn.sources.flatMap { [$0.title ?? "", $0.url ?? "", $0.snippet ?? ""] }
            out += turn.attachments.flatMap { [$0.name, $0.alt ?? ""] }
        }
        return out
    }

    // MARK: The fixture, structure by structure

    @Test func everyConversationReadsWithOnlyTheMissingFilesWarned() throws {
        let (chats, warnings) = try Self.read()
        #expect(
            chats.map(\.title) == [
                "Tram passes in Lisbon", "Compound interest", "Quarterly sales chart", "A fox for the poster",
                "Train to Porto", "Cover letter draft", "Weekend plans (voice)", "Book a table for Friday",
            ])
        #expect(warnings.count == 2)
        #expect(
            warnings[0].hasSuffix(
                "[2].mapping[\"qua-06\"].message.metadata.aggregate_result.messages[0].image_url: the export has no file for \"file-Chart02Gone\"; shown as unavailable"
            ))
        #expect(
            warnings[1].hasSuffix(
                "[7].mapping[\"boo-07\"].message.content.screenshot.asset_pointer: the export has no file for \"file-Shot02Gone\"; shown as unavailable"))
        // Never two person turns in a row, never two replies in a row, on the shown path.
        for chat in chats {
            let shown = chat.turns.filter(\.branch.isEmpty)
            for (a, b) in zip(shown, shown.dropFirst()) { #expect(a.role != b.role, "\(chat.title): \(a.id), \(b.id)") }
        }
    }

    @Test func noPrivateUseCharacterOrRawMarkerSurvives() throws {
        let (chats, _) = try Self.read()
        for string in Self.strings(chats.flatMap(\.turns)) {
            #expect(!string.unicodeScalars.contains(where: ChatGPTText.isPrivateUse), "\(string)")
            for raw in ["【", "†source", "turn0search", "cite", "{{file:", "sandbox:", "utm_source", "GPT-4o returned", "DALL·E displayed", "Model set context"]
            {
                #expect(!string.contains(raw), "\(raw) in \(string)")
            }
        }
    }

    @Test func searchAnswerCitesItsSourcesAndSaysWhichVersion() throws {
        let chat = try Self.read().0[0]
        // The shown path, and both earlier versions as branches where they part from it: the
        // question's first wording with its reply, then the reply before it was regenerated.
        #expect(chat.turns.map(\.branch) == [[2], [2], [], [2], []])
        #expect(
            chat.turns.map(\.version) == [
                TurnVersion(index: 1, count: 2), nil, TurnVersion(index: 2, count: 2), TurnVersion(index: 1, count: 2), TurnVersion(index: 2, count: 2),
            ])
        let shown = chat.turns.filter(\.branch.isEmpty)
        #expect(shown.count == 2)
        let (question, reply) = (shown[0], shown[1])
        #expect(question.version == TurnVersion(index: 2, count: 2))  // the question was edited
        #expect(reply.version == TurnVersion(index: 2, count: 2))  // the reply was regenerated
        guard case .toolCall(let search) = reply.parts.first else { Issue.record("\(reply.parts)"); return }
        #expect(search.name == "web.run" && search.title == "Searched the web for “Lisbon Carris 24 hour ticket price 2025”")
        #expect(
            Self.texts(reply) == [
                "The Carris/Metro 24-hour ticket costs **€11.60** in 2025 and covers every tram, including tram 28 [^s1][^s2].\n\n"
                    + "- Carris sells it at every kiosk and on board is more expensive [^s3].\n- The Navegante zapping card also works [^s1].\n\n"
                    + "Tram 28 runs every 10–15 minutes [^s4]."
            ])
        #expect(
            reply.sources.map(\.url) == [
                "https://www.carris.pt/en/tickets/", "https://news.example.pt/lisbon-fares-2025",
                "https://www.visitlisboa.example/tram-28?lang=en", "https://www.carris.pt/en/timetables/tram-28/",
            ])
        #expect(reply.sources[0].snippet == "24-hour ticket: €11.60, valid on buses, trams and the Santa Justa lift.")
        #expect(reply.model == "GPT-4o" && reply.modelID == "gpt-4o")
    }

    @Test func citationsOf2024AndFileSearch() throws {
        let reply = try Self.read().0[1].turns[1]
        #expect(reply.sources.map(\.title) == ["rates.pdf", "ECB cuts rates again", "Effective annual rate"])
        #expect(reply.sources[0].url == nil)
        #expect(reply.sources[1].snippet == "The Governing Council expects further cuts in 2025.")
        let text = Self.texts(reply).joined()
        #expect(text.hasPrefix("Your sheet gives 3.5% a year, compounded monthly[^s1]."))
        #expect(text.contains("fall in 2025[^s2], and") && text.hasSuffix("\\approx 3.56\\% \\)[^s3]."))
        // Math is kept as ChatGPT wrote it, for the renderer's TeX.
        #expect(text.contains("\\[\nA = P\\left(1 + \\frac{r}{n}\\right)^{nt}\n\\]"))
        guard case .toolCall(let quote) = reply.parts.first else { Issue.record("\(reply.parts)"); return }
        #expect(quote.title == "Searched the files" && quote.result == "rates.pdf\n\nSavings account: 3.5% per year, compounded monthly.")
        #expect(try Self.read().0[1].turns[0].attachments.map(\.name) == ["rates.pdf"])
    }

    @Test func codeInterpreterRunsWithOutputAndCharts() throws {
        let reply = try Self.read().0[2].turns[1]
        guard reply.parts.count == 3, case .codeExecution(let first) = reply.parts[0], case .codeExecution(let second) = reply.parts[1] else {
            Issue.record("\(reply.parts)"); return
        }
        #expect(first.language == "python" && first.code.hasPrefix("import pandas as pd\n") && first.status == .ok)
        // Titled as ChatGPT titles Code Interpreter runs: "Analyzed", not "Ran Python code".
        #expect(first.title == .analyzed && second.title == .analyzed)
        #expect(first.output == "       revenue\ncount     3.00\nmean   1386.67")
        #expect(first.attachmentIDs == ["a1"] && second.attachmentIDs == ["a2"])
        #expect(reply.attachments.map(\.id) == ["a1", "a2"])
        #expect(reply.attachments[0].contentType == "image/png" && reply.attachments[0].alt == "Chart drawn by the code")
        #expect(reply.attachments.map(\.name) == ["chart-1.png", "chart-2.png"])
        #expect(reply.attachments[1].content == .unavailable)
        #expect(
            Self.texts(reply).last == "Revenue grew every month, from €1,200 in January to €1,610 in March (+34%).\n\n"
                + "Download the cleaned data (`sales_clean.csv`, not included in the export) or see `growth.png` (not included in the export).")
    }

    @Test func generatedImagesArePhotosDescribedByTheirPrompt() throws {
        let chat = try Self.read().0[3]
        #expect(chat.turns.map(\.role) == [.user, .assistant, .user, .assistant])
        let dalle = chat.turns[1]
        #expect(dalle.parts == [.text("Here is the fox poster.")])  // the call itself is not shown
        #expect(dalle.attachments.map(\.alt) == ["A flat-style poster of a red fox reading a paper map under a lamp, warm oranges, simple shapes"])
        guard case .file(let path) = dalle.attachments[0].content else { Issue.record("DALL·E image not found"); return }
        #expect(path.contains("/dalle-generations/file-Dalle01-"))
        #expect(dalle.attachments[0].name == "A flat-style poster of a red fox reading a paper map under.png")
        // The upload keeps its name from metadata.attachments, not the file's.
        #expect(chat.turns[2].attachments.map(\.name) == ["my-cat.jpg"])
        let gpt4o = chat.turns[3]
        #expect(gpt4o.parts.isEmpty)
        #expect(gpt4o.attachments.map(\.alt) == ["The same flat poster, with a grey tabby cat reading the map instead of the fox"])
        #expect(gpt4o.attachments[0].contentType == "image/png")
        guard case .file(let sediment) = gpt4o.attachments[0].content else { Issue.record("GPT-4o image not found"); return }
        #expect(sediment.contains("/user-u8Kd2/file_00000000f0x5b2c3d4e5-"))
        #expect(gpt4o.attachments[0].name == "The same flat poster, with a grey tabby cat reading the map.png")
    }

    @Test func thinkingPreambleAndRecapAreOneCollapsedPart() throws {
        let chat = try Self.read().0[4]
        #expect(chat.turns.count == 2)
        let reply = chat.turns[1]
        guard reply.parts.count == 2, case .thinking(let thinking) = reply.parts[0], case .text(let answer) = reply.parts[1] else {
            Issue.record("\(reply.parts)"); return
        }
        #expect(thinking.duration == 41 && thinking.summary == nil)
        #expect(
            thinking.text == "**Comparing the two services**\n\nThe Alfa Pendular is the tilting train; the Intercidades stops more often.\n\n"
                + "**Checking travel times**\n\nTypical times: about 2 h 50 min against 3 h 15 min.\n\nI’ll compare the timetables of both services first.")
        #expect(answer.hasPrefix("The **Alfa Pendular** is faster"))
        #expect(reply.model == "GPT-5 Thinking" && reply.modelID == "gpt-5-thinking")
    }

    @Test func canvasDocumentsKeepTheirVersions() throws {
        let chat = try Self.read().0[5]
        let first = chat.turns[1], second = chat.turns[3]
        guard case .document(let created) = first.parts.first else { Issue.record("\(first.parts)"); return }
        #expect(created.title == "Cover letter – Studio Norte" && created.kind == .markdown && created.versions.isEmpty)
        #expect(created.content.contains("I love clear, warm design."))
        guard second.parts.count == 3, case .document(let updated) = second.parts[0], case .toolCall(let comment) = second.parts[1] else {
            Issue.record("\(second.parts)"); return
        }
        #expect(updated.versions == [created.content])
        #expect(updated.content.contains("After three years of freelance work for local shops, I love clear, warm design."))
        #expect(comment.title == "Commented on Cover letter – Studio Norte" && comment.result == "- Consider “Kind regards” for a studio this size.")
    }

    @Test func voiceTurnsAndMemoryWrites() throws {
        let chat = try Self.read().0[6]
        #expect(chat.turns.count == 2)
        #expect(chat.turns[0].speaker == "You · voice" && chat.turns[0].text == "Remember that I am vegetarian, and suggest a dinner spot for Friday.")
        let reply = chat.turns[1]
        #expect(reply.speaker == "Assistant · voice")
        var memory = NoticePart(kind: .memory, text: "Updated saved memory", detail: "Is vegetarian.")
        memory.phrase = UIPhrase(.memoryUpdated)
        #expect(chat.turns[0].speakerPhrase == UIPhrase(.youVoice) && reply.speakerPhrase == UIPhrase(.assistantVoice))
        #expect(
            reply.parts == [
                .notice(memory),
                .text("Noted! For Friday, try Tasca Verde in Alfama: all vegetarian, book ahead."),
            ])
    }

    @Test func agentStepsFoldIntoOneActivityWithScreenshots() throws {
        let reply = try Self.read().0[7].turns[1]
        guard reply.parts.count == 3, case .thinking(let preamble) = reply.parts[0], case .transcript(let activity) = reply.parts[1] else {
            Issue.record("\(reply.parts)"); return
        }
        #expect(preamble.text == "I’ll open the restaurant’s booking page.")
        #expect(activity.title == "Worked on the task · 2 steps")
        let steps = activity.messages[0].parts.compactMap { if case .toolCall(let call) = $0 { return call } else { return nil } }
        #expect(steps.map(\.name) == ["computer.do", "computer.do"])
        #expect(steps.map(\.title) == ["Went to tascaverde.example", "Clicked, typed “2”"])
        #expect(steps.map(\.result) == ["Book – Tasca Verde\nhttps://tascaverde.example/book", "Confirmed\nhttps://tascaverde.example/book/confirm"])
        #expect(steps.map(\.attachmentIDs) == [["a1"], ["a2"]])
        #expect(reply.attachments[0].alt == "Screenshot" && reply.attachments[1].content == .unavailable)
        #expect(reply.attachments.map(\.name) == ["screenshot-1.png", "screenshot-2.png", "dinner-plan.md"])
        // {{file:…}} became a file card.
        #expect(reply.attachments[2].name == "dinner-plan.md")
        #expect(Self.texts(reply) == ["Your table for two at Tasca Verde is booked for Friday at 20:00 (confirmation TV-2291)."])
    }

    // MARK: Structures one at a time

    @Test func aCitationWithoutItsSourceIsDroppedWithAWarning() throws {
        let (turns, warnings) = try Self.conversation(
            Self.thread([
                ("user", #"{"content_type": "text", "parts": ["Q"]}"#, ""),
                (
                    "assistant",
                    #"{"content_type": "text", "parts": ["Lisbon \uE200cite\uE202turn0search7\uE201. \uE200entity\uE202[\"city\",\"Porto\",\"north\"]\uE201 too \uE200weird\uE202x\uE201!"]}"#,
                    ""
                ),
            ]))
        #expect(Self.texts(turns[1]) == ["Lisbon. Porto too!"])
        #expect(
            warnings == [
                "c.json:1:307: warning: mapping.n1.message.content.parts: citation \"turn0search7\", marker \"weirdx\" left out: the export has no source or text for them"
            ])
    }

    @Test func unknownToolsAreReadableCallsAndUnknownContentIsWarned() throws {
        let (turns, warnings) = try Self.conversation(
            Self.thread([
                ("user", #"{"content_type": "text", "parts": ["Q"]}"#, ""),
                ("assistant", #"{"content_type": "code", "language": "json", "text": "{\"repo\": \"shop\"}"}"#, #""recipient": "api_tool.call_tool""#),
                ("tool", #"{"content_type": "text", "parts": ["3 open issues"]}"#, ""),
                ("assistant", #"{"content_type": "super_widget", "text": "Widget text"}"#, ""),
                ("assistant", #"{"content_type": "text", "parts": ["There are 3."]}"#, ""),
            ]))
        #expect(turns.count == 2)
        #expect(
            turns[1].parts == [
                .toolCall(ToolCallPart(name: "api_tool.call_tool", input: "{\"repo\": \"shop\"}", result: "3 open issues")),
                .text("Widget text"), .text("There are 3."),
            ])
        #expect(
            warnings.count == 1
                && warnings[0].hasSuffix(
                    ": warning: mapping.n3.message.content.content_type: unknown content_type \"super_widget\" in a reply; expected \"text\", \"multimodal_text\", \"thoughts\", \"reasoning_recap\" or \"code\"; its text is shown"
                ))
    }

    @Test func aReplyOnlyInToolMessagesStillFollowsTheQuestion() throws {
        // The 2024 shape that showed two questions in a row: the images were the whole reply.
        let (turns, _) = try Self.conversation(
            Self.thread([
                ("user", #"{"content_type": "text", "parts": ["Draw a cat"]}"#, ""),
                ("assistant", #"{"content_type": "code", "text": "{\"prompt\": \"a cat\"}"}"#, #""recipient": "dalle.text2im""#),
                (
                    "tool:dalle.text2im",
                    #"{"content_type": "multimodal_text", "parts": [{"content_type": "image_asset_pointer", "asset_pointer": "file-service://file-Nope"}]}"#,
                    #""metadata": {}"#
                ),
                ("user", #"{"content_type": "text", "parts": ["Another"]}"#, ""),
            ]))
        #expect(turns.map(\.role) == [.user, .assistant, .user])
        #expect(turns[1].attachments.map(\.alt) == ["a cat"] && turns[1].attachments[0].content == .unavailable)
    }

    @Test func systemMessagesOnlyWhenAsked() throws {
        let json = Self.thread([
            ("system", #"{"content_type": "text", "parts": ["You are ChatGPT."]}"#, ""),
            ("user", #"{"content_type": "text", "parts": ["Hi"]}"#, ""),
        ])
        #expect(try Self.conversation(json).0.map(\.id) == ["m1"])
        let shown = try Self.conversation(json, includeSystem: true).0
        #expect(shown.map(\.speaker) == ["System", nil] && Self.texts(shown[0]) == ["You are ChatGPT."])
    }

    @Test func messagesInAnyOrderNeverCrashOrLeakMarkers() throws {
        // Every message of the fixture, in random orders and mixes, as one thread: replies that
        // start with a tool result, images before their call, canvas updates with no document,
        // markers in thoughts. Each must read with every private-use character gone.
        let root = try JSONParser.parse(Array(try String(contentsOfFile: TestPaths.fixture(Self.fixture + "/conversations.json"), encoding: .utf8).utf8))
        guard case .array(let conversations) = root.value else { Issue.record("no array"); return }
        var messages: [JSONNode] = []
        for conversation in conversations {
            guard case .object(let nodes)? = conversation["mapping"]?.value else { continue }
            for node in nodes { if let message = node.node["message"], message.value != .null { messages.append(message) } }
        }
        #expect(messages.count > 60)
        var random = SplitMix(seed: 16)
        for round in 0..<150 {
            let picked = (0..<Int.random(in: 2...24, using: &random)).map { _ in messages[Int.random(in: 0..<messages.count, using: &random)] }
            var members: [(key: String, node: JSONNode)] = []
            for (i, message) in picked.enumerated() {
                var node: [(key: String, node: JSONNode)] = [("message", message)]
                node.append(("parent", i == 0 ? JSONNode(.null) : JSONNode(.string("x\(i - 1)"))))
                members.append(("x\(i)", JSONNode(.object(node))))
            }
            let conversation = JSONNode(
                .object([
                    ("title", JSONNode(.string("Round \(round)"))), ("mapping", JSONNode(.object(members))),
                    ("current_node", JSONNode(.string("x\(picked.count - 1)"))),
                ]))
            let folder = TestPaths.fixture(Self.fixture)
            let (chats, _) = ChatGPTImporter.read(conversation, source: .folder(folder), file: "c.json", includeSystem: round % 2 == 0)
            let turns = chats?.first?.turns ?? []
            for string in Self.strings(turns) {
                #expect(!string.unicodeScalars.contains(where: ChatGPTText.isPrivateUse), "round \(round): \(string)")
            }
            for turn in turns {
                let named = Set(turn.attachments.compactMap(\.id))
                for part in turn.parts {
                    if case .codeExecution(let run) = part { #expect(Set(run.attachmentIDs).isSubset(of: named), "round \(round)") }
                    if case .toolCall(let call) = part { #expect(Set(call.attachmentIDs).isSubset(of: named), "round \(round)") }
                }
            }
        }
    }

    @Test func markersOfEveryKind() {
        var book = ChatGPTSourceBook()
        var reader = JSONReader(file: "x")
        let metadata = try! JSONParser.parse(
            Array(
                #"{"search_result_groups": [{"entries": [{"url": "https://a.example/?utm_source=chatgpt.com", "title": "A", "ref_id": {"turn_index": 0, "ref_type": "news", "ref_index": 1}}]}]}"#
                    .utf8))
        let citations = ChatGPTCitations(text: "", metadata: metadata)
        let text =
            "\u{E203}Supported\u{E204} claim \u{E200}cite\u{E202}turn0news1\u{E201}\u{E206}. \u{E200}i\u{E202}turn0image0\u{E201}\u{E200}navlist\u{E202}Reading\u{E202}turn0news1\u{E201}"
        #expect(citations.resolve(text, book: &book, at: nil, path: "p", reader: &reader) == "Supported claim [^s1]. Reading[^s1]")
        #expect(book.sources == [Source(id: "s1", title: "A", url: "https://a.example/")])
        #expect(reader.diagnostics.isEmpty)
        // A marker left open at the end of the text loses nothing else.
        #expect(citations.resolve("Tail \u{E200}cite\u{E202}turn0news1", book: &book, at: nil, path: "p", reader: &reader) == "Tail [^s1]")
    }

    @Test func trackingIsTakenOffCitedLinks() {
        #expect(ChatGPTSourceBook.withoutTracking("https://a.example/x?utm_source=chatgpt.com") == "https://a.example/x")
        #expect(ChatGPTSourceBook.withoutTracking("https://a.example/x?id=3&utm_source=chatgpt.com#top") == "https://a.example/x?id=3#top")
        #expect(ChatGPTSourceBook.withoutTracking("https://a.example/x") == "https://a.example/x")
    }

    @Test func browsingResultsLoseTheirBracketMarkers() {
        #expect(
            ChatGPTText.browsingResult("# 【0†Tram 28 – Carris†www.carris.pt】\nEvery 10 minutes.\n# 【1†Fares】")
                == "# Tram 28 – Carris (www.carris.pt)\nEvery 10 minutes.\n# Fares")
        #expect(ChatGPTText.browsingResult("plain \u{E206}text") == "plain text")
    }

    @Test func sandboxLinksAndFileTokens() {
        #expect(
            ChatGPTText.sandboxLinks("[Download it](sandbox:/mnt/data/report%20v2.xlsx).").text == "Download it (`report v2.xlsx`, not included in the export)."
        )
        #expect(ChatGPTText.sandboxLinks("![Chart](sandbox:/mnt/data/chart.png)").text == "Chart (`chart.png`, an image, not included in the export)")
        #expect(ChatGPTText.sandboxLinks("Saved to sandbox:/mnt/data/out.csv.").text == "Saved to `out.csv` (not included in the export).")
        #expect(ChatGPTText.sandboxLinks("no links").count == 0)
        let tokens = ChatGPTText.fileTokens("Here:\n\n{{file:file-A1}} and {{file:file-B2}}{{file:file-A1}}")
        #expect(tokens.ids == ["file-A1", "file-B2"] && tokens.text == "Here:\n\n and")
    }

    /// An agent's reply names the files it made in the message's file references: the sentence
    /// reads with the name where the token stood, and the card carries it.
    @Test func anAgentsFileIsNamedByItsReferences() throws {
        let metadata = try JSONParser.parse(
            Array(
                #"{"n7jupd_crefs": [{"type": "file", "id": "file-EYKWhn6BzMbymMTvKA4W8y", "name": "dentists_boavista.md", "source": "agent"}], "other": 1}"#
                    .utf8))
        #expect(ChatGPTText.referencedName("file-EYKWhn6BzMbymMTvKA4W8y", metadata: metadata) == "dentists_boavista.md")
        #expect(ChatGPTText.referencedName("file-Other", metadata: metadata) == nil)
        let named = ChatGPTText.fileTokens("I've saved the details here: {{file:file-EYKWhn6BzMbymMTvKA4W8y}}.") {
            ChatGPTText.referencedName($0, metadata: metadata)
        }
        #expect(named.text == "I've saved the details here: **dentists_boavista.md**.")
        // A later export's list under another *crefs key, nested, the name with a folder.
        let nested = try JSONParser.parse(Array(#"{"content_crefs": {"items": [{"file_id": "file-Z9", "file_name": "reports/plan.pdf"}]}}"#.utf8))
        #expect(ChatGPTText.referencedName("file-Z9", metadata: nested) == "plan.pdf")
    }

    @Test func canvasUpdatesAsChatGPTAppliesThem() {
        let doc = "# Title\n\nFirst line.\nSecond line."
        #expect(ChatGPTCanvasDocument.apply(pattern: ".*", replacement: "All new", multiple: false, to: doc) == "All new")
        #expect(
            ChatGPTCanvasDocument.apply(pattern: "(\\w+) line", replacement: "\\1 row $5", multiple: true, to: doc)
                == "# Title\n\nFirst row $5.\nSecond row $5.")
        #expect(ChatGPTCanvasDocument.apply(pattern: "line", replacement: "row", multiple: false, to: doc) == "# Title\n\nFirst row.\nSecond line.")
        #expect(ChatGPTCanvasDocument.apply(pattern: "absent", replacement: "x", multiple: false, to: doc) == nil)
        #expect(ChatGPTCanvasDocument.apply(pattern: "(unclosed", replacement: "x", multiple: false, to: doc) == nil)
        // Text with escaped punctuation is replaced as text; a replacement's \\ and \n are read.
        #expect(
            ChatGPTCanvasDocument.apply(pattern: "First line\\.", replacement: "1. a\\nb $1", multiple: false, to: doc)
                == "# Title\n\n1. a\nb $1\nSecond line.")
        // A file cannot hang the import with a pattern that backtracks exponentially.
        #expect(ChatGPTCanvasDocument.apply(pattern: "(a+)+$", replacement: "x", multiple: false, to: String(repeating: "a", count: 40) + "!") == nil)
        let code = ChatGPTCanvasDocument(title: "app.py", type: "code/python", versions: ["a", "b"]).part
        #expect(code == DocumentPart(title: "app.py", kind: .code, language: "python", content: "b", versions: ["a"]))
    }

    @Test func thinkingDurations() {
        #expect(ChatGPTThread.seconds(in: "Thought for 41s") == 41)
        #expect(ChatGPTThread.seconds(in: "Thought for 1m 5s") == 65)
        #expect(ChatGPTThread.seconds(in: "8s 동안 생각함") == 8)
        #expect(ChatGPTThread.seconds(in: "Thought for a few seconds") == nil)
    }

    @Test func versionsFromChildrenOrFromParentLinks() throws {
        let listed = try JSONParser.parse(
            Array(#"{"r": {"children": ["a", "b", "c"]}, "a": {"parent": "r"}, "b": {"parent": "r"}, "c": {"parent": "r"}}"#.utf8))
        #expect(ChatGPTVersions(mapping: listed).version(of: "b", parent: "r") == TurnVersion(index: 2, count: 3))
        // 2026's slimmer nodes have no children: the parent links say the same.
        let slim = try JSONParser.parse(Array(#"{"r": {}, "a": {"parent": "r"}, "b": {"parent": "r"}, "x": {"parent": "a"}}"#.utf8))
        let versions = ChatGPTVersions(mapping: slim)
        #expect(versions.version(of: "b", parent: "r") == TurnVersion(index: 2, count: 2))
        #expect(versions.version(of: "x", parent: "a") == nil)
    }

    /// A reply is read scalar by scalar only when its bytes may hold a marker: the quick test
    /// lets none through (every private-use range, `【`), and passes other non-Latin text.
    @Test func aReplyIsSearchedForMarkersOnlyWhenItMayHoldOne() {
        for text in ["in Lisbon", "東京の天気 (crème)", "emoji 🌿", ""] {
            #expect(!ChatGPTCitations.mayHoldMarkers(text), "\(text)")
        }
        for text in ["a \u{E200}cite\u{E202}turn0search3\u{E201}", "【7:0†source】", "x\u{F8FF}", "x\u{F0000}", "x\u{10FFFD}", "end \u{E206}"] {
            #expect(ChatGPTCitations.mayHoldMarkers(text), "\(text)")
        }
        let citations = ChatGPTCitations(text: "", metadata: nil)
        var book = ChatGPTSourceBook()
        var reader = JSONReader(file: "conversations.json")
        #expect(citations.resolve("東京 and crème", book: &book, at: nil, path: "", reader: &reader) == "東京 and crème")
        #expect(citations.resolve("in Lisbon\u{E206}.", book: &book, at: nil, path: "", reader: &reader) == "in Lisbon.")
    }
}
