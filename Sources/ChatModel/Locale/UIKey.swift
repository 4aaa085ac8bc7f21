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
    // A long conversation: the table of contents of the person's prompts, and the jumps.
    case yourPrompts = "Your prompts"
    case jumpToLatest = "Jump to latest"
    case backToTop = "Back to top"
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
    // ChatGPT's own words for turns and parts it adds.
    case speakerSystem = "System"
    case youVoice = "You · voice"
    case assistantVoice = "Assistant · voice"
    case memoryUpdated = "Updated saved memory"
    case workedOnTask = "Worked on the task · {count} step|Worked on the task · {count} steps"
    case untitledProject = "Untitled project"
    case toolGrepGlob = "Searched for “{pattern}” ({glob})"
    case toolGrepInGlob = "Searched for “{pattern}” in {scope} ({glob})"
    case timeSpan = "{span} ({duration})"
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
    // The site index: months, badges and the search across conversations.
    case monthYearFormat = "{month} {year}"
    case monthsStandalone = "Month names standing alone"  // a heading's month (Polish "grudzień", not "grudnia"): see `english`
    case undated = "Undated"
    case fileCount = "{count} file|{count} files"
    case generatedImageCount = "{count} generated image|{count} generated images"
    case searchConversations = "Search conversations"
    case searchLoading = "Loading the search index…"
    case searchFailed = "The search index could not be loaded."
    case searchNoResults = "No matches."
    case searchResultCount = "{count} match|{count} matches"
    case searchResultsFirst = "Showing the first {shown} of {count} match|Showing the first {shown} of {count} matches"
    // Imported conversations: the header, the turn's version, redaction, tool results, the index.
    case versionOf = "Version {number} of {count}"
    case aboutConversation = "About this conversation"
    case factProject = "Project"
    case factBranch = "Branch"
    case factModel = "Model"
    case models = "Models"
    case factTime = "Time"
    case factTokens = "Tokens"
    case redactedNothing = "Redacted on import; nothing needed masking."
    case redactedNoneFound = "Redacted on import; no {kinds} were found."
    case redactedMasked = "Redacted on import: {list} masked."
    case credentialCount = "{count} credential|{count} credentials"
    case homePathCount = "{count} home folder path|{count} home folder paths"
    case emailCount = "{count} email address|{count} email addresses"
    case credentialsKind = "credentials"
    case homePathsKind = "home folder paths"
    case emailsKind = "email addresses"
    case listSeparator = ", "
    case listAnd = "{list} and {last}"
    case listOr = "{list} or {last}"
    case matches = "Matches"
    case todoList = "To-do list"
    case todoDone = "Done (a to-do item)"  // English "Done": see `english`
    case todoInProgress = "In progress"
    case todoPending = "To do"
    case fileLines = "{name}, lines {first}–{last}"
    case unnamedFile = "file"
    case noProject = "No project"
    case conversationCompacted = "Conversation compacted"
    case compactedAutomatically = "Conversation compacted automatically"
    case compactedAt = "Conversation compacted at {tokens} tokens"
    case compactedAutomaticallyAt = "Conversation compacted automatically at {tokens} tokens"
    case interruptedByPerson = "Interrupted by the person"
    case apiError = "API error"
    case workedFor = "Worked for {duration}"
    case planTitle = "Plan"
    case planNotApproved = "Plan not approved"
    case commandOutput = "Command output"
    case agentOfKind = "{kind} agent"
    case agentGeneric = "Agent"
    case subAgent = "Sub-agent"
    case agentTask = "Agent: {task}"
    case agentOfKindTask = "{kind} agent: {task}"
    case artifactChangeFailed = "An artifact change failed"
    case toolRunCommand = "Run a command"
    case toolEdit = "Edit {path}"
    case toolWrite = "Write {path}"
    case toolRead = "Read {path}"
    case toolReadAFile = "Read a file"
    case toolReadLines = "Read {path} · lines {first}–{last} of {total}"
    case toolGrep = "Searched for “{pattern}”"
    case toolGrepIn = "Searched for “{pattern}” in {scope}"
    case toolGlob = "Found files matching {pattern}"
    case toolGlobIn = "Found files matching {pattern} in {scope}"
    case toolTodos = "Updated the to-do list"
    case toolTodosDone = "Updated the to-do list · {done} of {count} done"
    case toolFetched = "Fetched {host}"
    case toolWebSearch = "Searched the web for “{query}”"
    case toolPresentedPlan = "Presented a plan"
    case webSearched = "Searched the web"
    case webSearchedQuery = "Searched the web: {query}"
    case fetchedAPage = "Fetched a page"
    case tokensIn = "{count} in"
    case tokensOut = "{count} out"
    case tokensCacheRead = "{count} cache read"
    case tokensCacheWritten = "{count} cache written"
    // The composers' states.
    case pro = "Pro"
    case limitPlaceholder = "You've reached today's limit"
    case messagesLeftToday = "{count} message left today|{count} messages left today"
    case messagesLeftUntil = "{count} message left until {time}|{count} messages left until {time}"
    case usedAllMessages = "You've used all {count} message.|You've used all {count} messages."
    case moreAt = "More at {time}."
    case sendOffType = "Send, off until you type a message"
    case sendOffTypeOrAttach = "Send, off until you type a message or add an attachment"
    case sendOffUploads = "Send, off until the upload finishes|Send, off until {count} uploads finish"
    case sendOffLoading = "Send, off until the photo has loaded|Send, off until {count} photos have loaded"
    case sendOffFailed = "Send, off until the failed upload is retried or removed"
    case sendOffOver = "Send, off: {count} character over the limit|Send, off: {count} characters over the limit"
    case sendOffLimit = "Send, off: you've reached today's limit"
    case sendOffDictate = "Send, off until you type or dictate a message"
    case sendFailed = "Couldn't send. Try again."
    case dictate = "Dictate"
    case dictateDenied = "Dictate, off: microphone and speech recognition are turned off"
    case dictateRestricted = "Dictate, off: dictation is restricted"
    case dictateUnavailable = "Dictate, off: dictation isn't available"
    case accessDenied = "Turn on Microphone and Speech Recognition in Settings to dictate."
    case accessRestricted = "Dictation is restricted on this device."
    case accessUnavailable = "Dictation isn't available on this device."
    case dictationInterrupted = "Dictation stopped. Try again."
    case dictationUnavailableNow = "Dictation isn't available right now."
    // The time of day for every language but English (CLDR's short time pattern): `{HH}` 09,
    // `{H}` 9, `{h}` 9 on a 12-hour clock, `{mm}` 05, `{period}` the language's AM or PM.
    case timeFormat = "{HH}:{mm}"
    case am = "AM"
    case pm = "PM"
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

    /// The placeholders a table may use for this key: the English text's, and for `timeFormat`
    /// every part of a clock (a language picks 24 or 12 hours, with or without a leading zero).
    package var placeholderNames: Set<String> {
        self == .timeFormat ? ["HH", "H", "h", "mm", "period"] : UIStrings.placeholders(in: english)
    }

    /// The key in a string table: the case's name.
    package var name: String { String(describing: self) }

    /// What a table gives for this key.
    package enum Shape: Sendable { case text, counted, list }

    package var shape: Shape {
        switch self {
        case .morePhotos, .photoCount, .bytes, .editedFiles, .showAllLines, .firstLines, .allLines, .linesChanged, .turnCount,
             .earlierVersions, .messageCount, .conversationCount, .credentialCount, .homePathCount, .emailCount, .messagesLeftToday,
             .messagesLeftUntil, .usedAllMessages, .sendOffUploads, .sendOffLoading, .sendOffOver, .workedOnTask,
             .fileCount, .generatedImageCount, .searchResultCount, .searchResultsFirst: return .counted
        case .months, .monthsShort, .monthsStandalone, .weekdays: return .list
        default: return .text
        }
    }

    /// The English text (one form for a counted text: see ``UIStrings/english``).
    package var english: String {
        switch self {
        // Raw values must differ; the to-do state reads as the dictation button does in English only.
        case .todoDone: return "Done"
        case .monthsStandalone: return UIKey.months.rawValue
        default: return rawValue
        }
    }

    /// The key named `name` in a table.
    package static func named(_ name: String) -> UIKey? { byName[name] }
    private static let byName: [String: UIKey] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })
}
