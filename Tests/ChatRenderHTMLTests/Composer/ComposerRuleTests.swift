import Testing
@testable import ChatModel
@testable import ChatTheme
@testable import ChatPlan
@testable import ChatRenderHTML

@Suite struct ComposerRuleTests {
    typealias A = AttachmentComposerState

    func text(_ count: Int) -> String { String(repeating: "a", count: count) }

    @Test(arguments: [(3560, false, false), (3599, false, false), (3600, true, false), (4000, true, false), (4001, true, true), (4040, true, true)])
    func counterThresholdsAtEightyNineNinetyHundredAndHundredOne(count: Int, shown: Bool, over: Bool) {
        let state = A(text: text(count))
        switch state.counter {
        case .hidden: #expect(!shown)
        case .shown(let c, let limit): #expect(shown && !over && c == count && limit == 4000)
        case .over(let c, let limit): #expect(over && c == count && limit == 4000)
        }
        #expect((state.sendBlock == nil) == !over, "Send is off only past the limit")
    }

    @Test func percentagesOfAHundredCharacterLimit() {
        #expect(A(text: text(89), characterLimit: 100).counter == .hidden)
        #expect(A(text: text(90), characterLimit: 100).counter == .shown(count: 90, limit: 100))
        #expect(A(text: text(100), characterLimit: 100).counter == .shown(count: 100, limit: 100))
        #expect(A(text: text(101), characterLimit: 100).counter == .over(count: 101, limit: 100))
        #expect(A(text: text(101), characterLimit: 100).sendLabel == "Send, off: 1 character over the limit")
        #expect(A(text: text(5000), characterLimit: nil).counter == .hidden)
    }

    @Test func charactersAreCountedAsPeopleSeeThem() {
        // One flag and one family emoji are two characters, as Intl.Segmenter counts them.
        #expect(A(text: "🇫🇷👨‍👩‍👧", characterLimit: 2).counter == .shown(count: 2, limit: 2))
    }

    func item(_ upload: UploadState, loading: Bool = false, photo: Bool = false) -> A.TrayItem {
        .init(
            Attachment(
                id: UUIDish.next(), name: photo ? "p.jpeg" : "f.pdf", byteCount: 10, contentType: photo ? "image/jpeg" : "application/pdf", upload: upload),
            isLoading: loading)
    }

    enum UUIDish { nonisolated(unsafe) static var n = 0; static func next() -> String { n += 1; return "id\(n)" } }

    @Test func sendIsOnWithTextOrAnAttachmentAndEveryUploadDone() {
        #expect(A().sendLabel == "Send, off until you type a message or add an attachment")
        #expect(A(text: "  \n ").sendBlock == .empty)
        #expect(A(text: "hi").sendBlock == nil)
        #expect(A(attachments: [item(.done)]).sendBlock == nil)
        #expect(A(text: "hi", attachments: [item(.uploading(0.4))]).sendLabel == "Send, off until the upload finishes")
        #expect(A(text: "hi", attachments: [item(.uploading(0.4)), item(.uploading(0.1))]).sendLabel == "Send, off until 2 uploads finish")
        #expect(A(attachments: [item(.done, loading: true, photo: true)]).sendLabel == "Send, off until the photo has loaded")
        #expect(A(attachments: [item(.failed(reason: ""))]).sendLabel == "Send, off until the failed upload is retried or removed")
        #expect(A(text: "hi", sending: true).sendBlock == .sending)
        #expect(A(text: "hi").sendLabel == "Send")
    }

    @Test func plusDimsAtTheAttachmentLimit() {
        #expect(!A(attachments: (1...5).map { _ in item(.done) }).isAtAttachmentLimit)
        #expect(A(attachments: (1...6).map { _ in item(.done) }).isAtAttachmentLimit)
        let html = AttachmentComposerView.render(A(maxAttachments: 2, attachments: [item(.done), item(.done)]), id: "c", label: "Composer").description
        #expect(
            html.contains(
                "aria-label=\"Add attachment, off: the limit of 2 is reached\" aria-haspopup=\"menu\" aria-expanded=\"false\" aria-controls=\"c-menu\" disabled"
            ))
    }

    @Test func tilesReadTheirState() {
        #expect(AttachmentComposerView.accessibleName(item(.uploading(0.4), photo: true)) == "Photo, p.jpeg, Uploading, 40 percent")
        #expect(AttachmentComposerView.accessibleName(item(.done)) == "f.pdf, PDF document, 10 bytes, Uploaded")
        #expect(AttachmentComposerView.accessibleName(item(.failed(reason: "Lost"))) == "f.pdf, PDF document, 10 bytes, Upload failed: Lost")
        #expect(AttachmentComposerView.accessibleName(item(.done, loading: true, photo: true)) == "Photo, p.jpeg, Loading")
    }

    @Test func fieldGrowsFromOneLineToSix() {
        #expect(ComposerRules.fieldLines("") == 1)
        #expect(ComposerRules.fieldLines("one") == 1)
        #expect(ComposerRules.fieldLines("one\ntwo") == 2)
        #expect(ComposerRules.fieldLines(String(repeating: "word ", count: 20)) == 3)
        #expect(ComposerRules.fieldLines((1...9).map(String.init).joined(separator: "\n")) == 6)
        let html = ComposerParts.field(id: "c", text: "\nstarts with a break", placeholder: "Message").description
        #expect(html.contains("rows=\"2\""))
        #expect(html.contains(">\n\nstarts with a break</textarea>"), "the parser drops one newline after the start tag")
    }

    // MARK: Model composer

    typealias M = ModelComposerState

    @Test func unknownModelFallsBackToTheFirstUnlockedOne() {
        #expect(M(model: "atlas-3").currentModel?.name == "Atlas 3")
        #expect(M(model: "atlas-3-max").currentModel?.name == "Atlas 3 Max", "a known locked id stays")
        #expect(M(model: "nope").currentModel?.id == "atlas-3-mini")
        let lockedFirst = [M.Model(id: "a", name: "A", isLocked: true), M.Model(id: "b", name: "B")]
        #expect(M(models: lockedFirst, model: "zzz").currentModel?.id == "b")
        #expect(M(models: lockedFirst, model: nil).currentModel?.id == "b")
    }

    @Test func usageSentencesAsTheSpecWordsThem() {
        let nine = ChatDate(iso: "2026-04-04T09:00:00Z")
        #expect(M.Usage(remaining: 12, limit: 40).sentence() == "12 messages left today")
        #expect(M.Usage(remaining: 1, limit: 40).sentence() == "1 message left today")
        #expect(M.Usage(remaining: 12, limit: 40, resets: nine).sentence() == "12 messages left until 9:00 AM")
        #expect(M.Usage(remaining: 0, limit: 40, resets: nine).sentence() == "You've used all 40 messages. More at 9:00 AM.")
        #expect(M.Usage(remaining: 0, limit: 1500).sentence() == "You've used all 1,500 messages.")
        #expect(M.Usage(remaining: 5, limit: 40).isLow)
        #expect(!M.Usage(remaining: 6, limit: 40).isLow)
        #expect(M.Usage(remaining: 2, limit: 40, warnAt: 1).isLow == false)
        #expect(M.Usage(remaining: 0, limit: 40).isExhausted && !M.Usage(remaining: 0, limit: 40).isLow)
    }

    @Test func timesFollowTheClock() {
        let date = ChatDate(iso: "2026-04-04T21:05:00Z")!
        #expect(PageLocale.standard.time(date) == "9:05 PM")
        #expect(PageLocale.standard.time(ChatDate(iso: "2026-04-04T00:30:00Z")!) == "12:30 AM")
        #expect(PageLocale(tag: "de-DE").time(date) == "21:05")
        #expect(PageLocale(tag: "en-GB").time(date) == "21:05")
        #expect(PageLocale(offsetSeconds: 2 * 3600).time(date) == "11:05 PM")
        #expect(PageLocale(offsetSeconds: 3 * 3600).time(date) == "12:05 AM")
        #expect(PageLocale(offsetSeconds: -5 * 3600 - 1800).time(date) == "3:35 PM")
        #expect(PageLocale.offset(timeZone: "UTC") == 0)
        #expect(PageLocale.offset(timeZone: "+02:00") == 7200)
        #expect(PageLocale.offset(timeZone: "-0530") == -19800)
        #expect(PageLocale.offset(timeZone: "Europe/Paris") == nil)
    }

    @Test func atTheLimitTheFieldAndControlsTurnOff() {
        let state = M(text: "more", model: "atlas-3", modes: ["search"], usage: .init(remaining: 0, limit: 40), upgrade: true)
        #expect(!state.isSendEnabled)
        #expect(state.sendLabel == "Send, off: you've reached today's limit")
        let html = ModelComposerView.render(state, id: "c", label: "Composer", locale: .standard).description
        #expect(html.contains("placeholder=\"You&#39;ve reached today&#39;s limit\""))
        #expect(html.contains("data-cr-field aria-describedby=\"c-usage\" disabled>"))
        #expect(html.contains("aria-label=\"Model, Atlas 3\" aria-haspopup=\"menu\" aria-expanded=\"false\" aria-controls=\"c-menu\" disabled"))
        #expect(html.contains(">Upgrade</button>"))
        #expect(html.contains("cr-usage cr-usage--warning"))
    }

    @Test func chipsReadOnOrOffWithAriaPressed() {
        let html = ModelComposerView.render(M(modes: ["think"]), id: "c", label: "Composer", locale: .standard).description
        #expect(html.contains("aria-pressed=\"false\" aria-label=\"Search, Off\""))
        #expect(html.contains("class=\"cr-mode cr-mode--on\" aria-pressed=\"true\" aria-label=\"Think, On\""))
        #expect(!ModelComposerView.render(M(availableModes: []), id: "c", label: "Composer", locale: .standard).description.contains("cr-modes"))
    }

    // MARK: Dictation composer

    typealias D = DictationComposerState

    @Test func dictatedWordsLandAfterTheTypedText() {
        #expect(D(text: "Thanks!", transcript: "Can I").fieldText == "Thanks! Can I")
        #expect(D(text: "Thanks! ", transcript: "Can I").fieldText == "Thanks! Can I")
        #expect(D(transcript: " Can I ").fieldText == "Can I")
        #expect(D(text: "typed").fieldText == "typed")
    }

    @Test func elapsedTimeIsMinutesAndSeconds() {
        #expect(D(elapsed: 7.9).elapsedText == "0:07")
        #expect(D(elapsed: 60).elapsedText == "1:00")
        #expect(D(elapsed: 75).elapsedText == "1:00", "dictation stops at one minute")
    }

    @Test func accessAndErrorLinesUseTheSpecsWords() {
        #expect(D.Access.denied.message == "Turn on Microphone and Speech Recognition in Settings to dictate.")
        #expect(D.Failure.unavailable.message == "Dictation isn't available right now.")
        #expect(D.Failure.interrupted.message == "Dictation stopped. Try again.")
        let denied = DictationComposerView.render(D(access: .denied), id: "c", label: "Composer").description
        #expect(denied.contains(">Open Settings</button>"))
        #expect(denied.contains("aria-label=\"Dictate, off: microphone and speech recognition are turned off\" disabled"))
        #expect(!DictationComposerView.render(D(access: .restricted), id: "c", label: "Composer").description.contains("Open Settings"))
    }

    @Test func sendNeedsTextAndIsHiddenWhileRecording() {
        #expect(!D().isSendEnabled)
        #expect(D(text: "hi").isSendEnabled)
        #expect(!D(text: "hi", state: .recording).isSendEnabled)
        let html = DictationComposerView.render(D(state: .recording, levels: [0, 1]), id: "c", label: "Composer").description
        #expect(html.contains("data-cr-idle-row hidden>"))
        #expect(html.contains("placeholder=\"Listening…\""))
        #expect(html.contains("aria-label=\"Recording, 0:00\""))
        #expect(html.contains("height=\"22\""), "a full level draws a full bar")
    }
}
