/// Every piece of interface text chatrender writes, with its English text. The case name is the
/// key in a string table (`templates/strings/de.json`: `"retry": "Erneut versuchen"`).
///
/// Adding a key is one line here (and one line in each table; a table missing it falls back to
/// this English text with a warning). `{name}` marks a value filled in when the text is used.
/// A counted text gives its English `one|other` forms split by `|`; a table gives an object of
/// CLDR plural categories (`{"one": …, "few": …, "many": …, "other": …}`). A list (month names)
/// is `|`-separated here and a JSON array in a table.
package enum UIKey: String, CaseIterable, Sendable {
    // Page chrome.
    case conversation = "Conversation"
    case noMessages = "No messages yet."
    case loadingConversation = "Loading conversation…"
    case appearance = "Appearance"
    case themeAuto = "Auto"
    case themeLight = "Light"
    case themeDark = "Dark"
    // A turn.
    case you = "You"
    case assistant = "Assistant"
    case permalink = "Link to this turn"
    case files = "Files"
    case sources = "Sources"
    case sourceNumber = "Source {number}"
    // Photos and files.
    case photo = "Photo"
    case photoUnavailable = "Photo unavailable"
    case morePhotos = "{count} more photo|{count} more photos"
    case photoCount = "{count} photo|{count} photos"
    case fileUnavailable = "File unavailable"
    case uploading = "Uploading {percent}%"
    case uploadFailed = "Upload failed"
    case uploadFailedReason = "Upload failed: {reason}"
    case retry = "Retry"
    case retryUploading = "Retry uploading {name}"
    case open = "Open"
    case openFile = "Open {name}"
    case share = "Share"
    case shareFile = "Share {name}"
    // File kinds, as a screen reader says them.
    case kindPDF = "PDF document"
    case kindSpreadsheet = "Spreadsheet"
    case kindPresentation = "Presentation"
    case kindImage = "Image"
    case kindMovie = "Movie"
    case kindAudio = "Audio"
    case kindArchive = "Archive"
    case kindSourceCode = "Source code"
    case kindText = "Text document"
    case kindDocument = "Document"
    // Sizes.
    case zeroBytes = "Zero KB"
    case bytes = "{count} byte|{count} bytes"
    // Parts of a turn.
    case thinking = "Thinking"
    case thoughtFor = "Thought for {duration}"
    case lessThanASecond = "less than a second"
    case durationSeconds = "{s}s"
    case durationMinutes = "{m}m"
    case durationMinutesSeconds = "{m}m {s}s"
    case durationHours = "{h}h"
    case durationHoursMinutes = "{h}h {m}m"
    case ranCommand = "Ran {command}"
    case usedTool = "Used {tool}"
    case toolNamed = "Tool {tool}"
    case input = "Input"
    case result = "Result"
    case output = "Output"
    case error = "Error"
    case noResultYet = "No result yet."
    case statusFailed = "failed"
    case statusRejected = "rejected"
    case statusRunning = "running"
    case exitCode = "exit {code}"
    case terminalOutput = "Terminal output"
    case ranCode = "Ran code"
    case ranLanguageCode = "Ran {language} code"
    // How apps title their code runs (see `CodeRunTitle`): ChatGPT, then claude.ai's analysis tool.
    case analyzed = "Analyzed"
    case analyzing = "Analyzing"
    case analysisErrored = "Analysis errored"
    case analyzedData = "Analyzed data"
    case analyzingData = "Analyzing data"
    case editedFile = "Edited {name}"
    case editedFiles = "Edited {count} file|Edited {count} files"
    case editedAFile = "Edited a file"
    case noChanges = "No changes."
    case changes = "Changes"
    case changesTo = "Changes to {name}"
    case showAllOutput = "Show all output"
    case showAllLines = "Show all {count} line|Show all {count} lines"
    case showFewerLines = "Show fewer lines"
    case firstLines = "{label}, first {count} line|{label}, first {count} lines"
    case allLines = "{label}, all {count} line|{label}, all {count} lines"
    case linesChanged = "{count} line added, {removed} removed|{count} lines added, {removed} removed"
    case turnCount = "{count} turn|{count} turns"
    case textKind = "Text"
    case codeKind = "Code"
    case codeInLanguage = "Code · {language}"
    case version = "Version {number}"
    case earlierVersions = "{count} earlier version|{count} earlier versions"
    // Scripts (handed to them through the page, see `UIStrings.scriptStrings`).
    case copy = "Copy"
    case copyCode = "Copy code"
    case copied = "Copied"
    case copyFailed = "Copy failed: select the code to copy it"
    case close = "Close"
    case previousPhoto = "Previous photo"
    case nextPhoto = "Next photo"
    case photoOf = "{name}, {number} of {count}"
    // The composer.
    case composer = "Message composer"
    case message = "Message"
    case send = "Send"
    case stop = "Stop"
    case attachments = "Attachments"
    case addAttachment = "Add attachment"
    case addAttachmentFull = "Add attachment, off: the limit of {count} is reached"
    case photos = "Photos"
    case camera = "Camera"
    case remove = "Remove {name}"
    case retryUploadOf = "Retry upload of {name}"
    case loading = "Loading"
    case uploaded = "Uploaded"
    case uploadingSpoken = "Uploading, {percent} percent"
    case characters = "{count} of {limit} characters"
    case charactersOver = "{count} of {limit} characters, {over} over the limit"
    case modes = "Modes"
    case model = "Model, {name}"
    case on = "On"
    case off = "Off"
    case upgrade = "Upgrade"
    case listening = "Listening…"
    case recording = "Recording, {time}"
    case cancelDictation = "Cancel dictation"
    case done = "Done"
    case cancelHint = "Puts the field back as it was"
    case doneHint = "Keeps the dictated words"
    case openSettings = "Open Settings"
    // The import index.
    case conversations = "Conversations"
    case conversationCount = "{count} conversation|{count} conversations"
    case messageCount = "{count} message|{count} messages"
    // Dates: used for every language but English, whose dates are written in code (en-US
    // "May 2, 2026 at 9:12 AM", other English "2 May 2026, 09:12").
    case months = "January|February|March|April|May|June|July|August|September|October|November|December"
    case monthsShort = "Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec"
    case weekdays = "Sunday|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday"
    case dateFormat = "{day} {monthShort} {year}"
    case dateTimeFormat = "{date}, {time}"
    case dayFormat = "{weekday} {day} {month} {year}"
    case shortDateFormat = "{day} {monthShort}"
    // Numbers.
    case decimalSeparator = "."
    case groupSeparator = ","

    /// The key in a string table: the case's name.
    package var name: String { String(describing: self) }

    /// What a table gives for this key.
    package enum Shape: Sendable { case text, counted, list }

    package var shape: Shape {
        switch self {
        case .morePhotos, .photoCount, .bytes, .editedFiles, .showAllLines, .firstLines, .allLines, .linesChanged, .turnCount,
             .earlierVersions, .messageCount, .conversationCount: return .counted
        case .months, .monthsShort, .weekdays: return .list
        default: return .text
        }
    }

    /// The English text (one form for a counted text: see ``UIStrings/english``).
    package var english: String { rawValue }

    /// The key named `name` in a table.
    package static func named(_ name: String) -> UIKey? { byName[name] }
    private static let byName: [String: UIKey] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })
}
