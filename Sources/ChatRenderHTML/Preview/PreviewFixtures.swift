import ChatModel
import ChatTheme
import ChatPlan
/// The gallery's built-in examples, which double as the examples from the specs: the Planning
/// thread (attachment composer), the Research thread (model composer) and the Kitchen thread
/// (dictation composer), each followed by its composer in every state the spec describes.
package enum PreviewFixtures {
    /// One state of one composer, as the gallery shows it.
    package struct Example: Sendable {
        package var name: String
        package var note: String
        package var composer: ComposerState
    }

    /// One composer with its thread and its states.
    package struct Section: Sendable {
        package var id: String
        package var title: String
        package var thread: [Message]
        package var examples: [Example]
    }

    static func file(_ id: String, _ name: String, _ bytes: Int64, _ type: String, _ upload: UploadState = .done, loading: Bool = false)
        -> AttachmentComposerState.TrayItem
    {
        .init(Attachment(id: id, name: name, byteCount: bytes, contentType: type, upload: upload), isLoading: loading)
    }

    static let hall = file("c1", "venue-hall.jpeg", 2_411_520, "image/jpeg")
    static let terrace = file("c2", "terrace.heic", 3_120_000, "public.heic", .uploading(0.4))
    static let picked = file("c5", "IMG_0142.jpeg", 0, "image/jpeg", loading: true)
    static let plan = file("c3", "floor-plan.pdf", 845_120, "application/pdf", .uploading(0.72))
    static let planDone = file("c3", "floor-plan.pdf", 845_120, "application/pdf")
    static let budgetFailed = file(
        "c4", "budget-fail.xlsx", 48_211, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        .failed(reason: "The network connection was lost."))

    /// A draft of `count` characters, in words.
    static func draft(_ count: Int) -> String {
        let words =
            "We could keep the Friday morning free for travel and start with lunch on the terrace, then split into three groups for the afternoon workshops before dinner in town. "
        var text = ""
        while text.count < count { text += words }
        return String(text.prefix(count))
    }

    package static let planning = Section(
        id: "attachment", title: "Attachment composer — the Planning thread",
        thread: [
            Message(
                id: "p1", role: .user, text: "Can you draft a two-day agenda for the spring offsite? Twelve people, one workshop room.",
                date: ChatDate(iso: "2026-04-02T14:05:00Z")),
            Message(
                id: "p2", role: .assistant,
                text:
                    "Here is a start: **day one** for goals and a long walk, **day two** for workshops. Send me the venue's floor plan and the budget and I'll fit the sessions to the rooms.",
                attachments: [Attachment(id: "r1", name: "offsite-agenda.pdf", byteCount: 212_480, contentType: "application/pdf")],
                date: ChatDate(iso: "2026-04-02T14:05:20Z")),
        ],
        examples: [
            Example(
                name: "Empty", note: "The prompt in textTertiary; Send is off until there is text or an attachment.",
                composer: .attachment(.init())),
            Example(
                name: "Typing, focused", note: "The field grows line by line; the hairline turns to ink while focused.",
                composer: .attachment(.init(text: "Here are the floor plan and this year's budget.\nCan the workshops fit in the hall?", focused: true))),
            Example(
                name: "Six lines, then it scrolls", note: "The field stops growing at six lines.",
                composer: .attachment(.init(text: (1...8).map { "Line \($0) of a long note about the offsite" }.joined(separator: "\n")))),
            Example(
                name: "90% of the limit", note: "The counter shows from 90% of the character limit (here 200).",
                composer: .attachment(.init(text: draft(180), characterLimit: 200))),
            Example(
                name: "Past the limit", note: "Past the limit the counter turns to danger and Send turns off.",
                composer: .attachment(.init(text: draft(202), characterLimit: 200))),
            Example(
                name: "Uploading", note: "A picked photo still loading, a photo at 40% and a PDF at 72%: Send waits for every upload.",
                composer: .attachment(.init(text: "Here are the floor plan and this year's budget.", attachments: [picked, terrace, plan]))),
            Example(
                name: "Upload failed", note: "The failed tile has a danger outline and Retry in place of its ring.",
                composer: .attachment(.init(attachments: [hall, budgetFailed]))),
            Example(
                name: "Ready to send", note: "Every upload has finished: Send is the one accent.",
                composer: .attachment(.init(text: "Here are the floor plan and this year's budget.", attachments: [hall, planDone]))),
            Example(
                name: "Plus menu open", note: "Photos, Camera (when there is one) and Files.",
                composer: .attachment(.init(hasCamera: true, menuOpen: true))),
            Example(
                name: "Attachment limit", note: "At six attachments the plus button dims.",
                composer: .attachment(.init(attachments: (1...6).map { file("l\($0)", "photo-\($0).jpeg", 1_200_000, "image/jpeg") }))),
            Example(
                name: "Sending", note: "Stop takes Send's place while the reply runs; the field and tray are clear.",
                composer: .attachment(.init(sending: true))),
            Example(
                name: "Send failed", note: "The text and attachments come back with the error under the card.",
                composer: .attachment(.init(text: "Here are the floor plan and this year's budget.", attachments: [planDone], error: ComposerRules.sendFailed))),
        ])

    static let resets = ChatDate(iso: "2026-04-04T09:00:00Z")

    package static let research = Section(
        id: "model", title: "Model composer — the Research thread",
        thread: [
            Message(id: "r1", role: .user, text: "How well do air-source heat pumps work below −15 °C?", date: ChatDate(iso: "2026-04-03T08:30:00Z")),
            Message(
                id: "r2", role: .assistant,
                text:
                    "Modern cold-climate models keep a **coefficient of performance around 2** at −15 °C and still run at −25 °C, with less output. Look for units rated to `-25 °C` and size them for your coldest week.",
                date: ChatDate(iso: "2026-04-03T08:30:40Z")),
        ],
        examples: [
            Example(
                name: "Atlas 3, 12 of 40 left", note: "The pill names the model; chips are rings while off.",
                composer: .model(.init(model: "atlas-3", usage: .init(remaining: 12, limit: 40)))),
            Example(
                name: "Typing with modes on", note: "Chips that are on fill and show their name.",
                composer: .model(
                    .init(
                        text: "Compare three cold-climate models with prices", model: "atlas-3", modes: ["search", "think"],
                        usage: .init(remaining: 12, limit: 40), focused: true))),
            Example(
                name: "Model menu", note: "A check on the current model; a lock and Pro on the one the plan doesn't include.",
                composer: .model(.init(model: "atlas-3", usage: .init(remaining: 12, limit: 40), menuOpen: true))),
            Example(
                name: "With a reset time", note: "The line says when more messages arrive (en-US, UTC).",
                composer: .model(.init(model: "atlas-3", modes: ["search"], usage: .init(remaining: 12, limit: 40, resets: resets)))),
            Example(
                name: "Running low", note: "From five left the line turns to the warning colour with a symbol.",
                composer: .model(.init(model: "atlas-3", usage: .init(remaining: 3, limit: 40, resets: resets)))),
            Example(
                name: "Limit reached", note: "The field and controls are off; Upgrade is the one accent left.",
                composer: .model(.init(model: "atlas-3", usage: .init(remaining: 0, limit: 40, resets: resets), upgrade: true))),
            Example(
                name: "Unknown model, no chips", note: "An unknown id falls back to the first unlocked model; no modes hide the chips.",
                composer: .model(.init(model: "atlas-9", availableModes: []))),
            Example(
                name: "Sending", note: "Stop in Send's place.",
                composer: .model(.init(model: "atlas-3", modes: ["search"], usage: .init(remaining: 11, limit: 40), sending: true))),
            Example(
                name: "Send failed", note: "The text comes back with the error under the card.",
                composer: .model(
                    .init(
                        text: "Compare three cold-climate models with prices", model: "atlas-3", usage: .init(remaining: 12, limit: 40),
                        error: ComposerRules.sendFailed))),
        ])

    static let levels: [Double] = [
        0.1, 0.25, 0.4, 0.3, 0.6, 0.8, 0.55, 0.35, 0.5, 0.7, 0.9, 0.6, 0.4, 0.3, 0.45, 0.65, 0.5, 0.3, 0.2, 0.35, 0.55, 0.4, 0.25, 0.15,
    ]

    package static let kitchen = Section(
        id: "dictation", title: "Dictation composer — the Kitchen thread",
        thread: [
            Message(
                id: "k1", role: .user, text: "I have tinned tomatoes, an onion, garlic and half a lemon. Dinner in thirty minutes?",
                date: ChatDate(iso: "2026-04-03T18:02:00Z")),
            Message(
                id: "k2", role: .assistant,
                text:
                    "Soften the onion in olive oil for eight minutes, add the garlic for one, then the tomatoes. Simmer **fifteen minutes**, season, and finish with a squeeze of lemon.",
                date: ChatDate(iso: "2026-04-03T18:02:15Z")),
        ],
        examples: [
            Example(
                name: "Idle", note: "The mic and Send; Send is off until there is text.",
                composer: .dictation(.init())),
            Example(
                name: "Typed", note: "Words typed first; dictated words land after them.",
                composer: .dictation(.init(text: "Thanks!", focused: true))),
            Example(
                name: "Listening", note: "Recording before any words: Cancel, the red dot, the time, the meter and Done.",
                composer: .dictation(.init(state: .recording, elapsed: 2, levels: Array(levels.prefix(6))))),
            Example(
                name: "Recording", note: "The transcript fills the field after the typed text.",
                composer: .dictation(.init(text: "Thanks!", state: .recording, elapsed: 7, levels: levels, transcript: "Can I add chilli flakes at the start"))),
            Example(
                name: "Access denied", note: "The line under the card, with Open Settings.",
                composer: .dictation(.init(access: .denied))),
            Example(
                name: "Restricted", note: "Dictation is off on this device.",
                composer: .dictation(.init(access: .restricted))),
            Example(
                name: "Unavailable", note: "No dictation here at all.",
                composer: .dictation(.init(access: .unavailable))),
            Example(
                name: "Interrupted", note: "A failure keeps what was heard so far.",
                composer: .dictation(.init(text: "Can I add chilli flakes", error: .interrupted))),
            Example(
                name: "Sending", note: "Stop in Send's place.",
                composer: .dictation(.init(sending: true))),
        ])

    /// The three sections in gallery order.
    package static let sections: [Section] = [planning, research, kitchen]
}
