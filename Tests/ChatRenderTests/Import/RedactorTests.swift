import Foundation
import Testing
@testable import ChatModel
@testable import ChatLoad
@testable import ChatRenderHTML
@testable import ChatRender
@testable import ChatRenderCLI
import TestSupport

/// `--redact`: every credential shape and home folder form is masked and counted; ordinary prose
/// and code are left exactly as written.
@Suite struct RedactorTests {
    func redact(_ text: String, emails: Bool = false) -> (String, Redactor.Counts) {
        var counts = Redactor.Counts()
        let out = Redactor.redact(text, emails: emails, counts: &counts)
        return (out, counts)
    }

    /// Made at run time so the repository holds no string a secret scanner would stop.
    static func token(_ prefix: String, _ count: Int, alphabet: String = "aB3dE5fG7hJ9kL2mN4pQ6rS8tUvWxYz") -> String {
        let letters = Array(alphabet)
        return prefix + String((0..<count).map { letters[($0 * 7 + 3) % letters.count] })
    }

    static let credentials: [(name: String, text: String, masked: String)] = [
        ("AWS access key", "key " + token("AKIA", 16, alphabet: "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") + " here", "key [REDACTED] here"),
        ("GitHub token", "use " + token("ghp_", 36), "use [REDACTED]"),
        ("GitHub fine-grained", token("github_pat_", 40) + ".", "[REDACTED]."),
        ("GitLab token", token("glpat-", 20), "[REDACTED]"),
        ("Slack token", "bot " + token("xoxb-1234-", 24), "bot [REDACTED]"),
        ("OpenAI key", "\"" + token("sk-proj-", 40) + "\"", "\"[REDACTED]\""),
        ("Anthropic key", token("sk-ant-api03-", 40), "[REDACTED]"),
        ("Google API key", token("AIza", 35), "[REDACTED]"),
        ("Stripe key", token("sk_live_", 24), "[REDACTED]"),
        ("JWT", token("eyJ", 20) + "." + token("eyJ", 30) + "." + token("", 30), "[REDACTED]"),
        ("bearer token", "Authorization: Bearer " + token("", 32) + "\n", "Authorization: Bearer [REDACTED]\n"),
        ("URL password", "postgres://app:s3cretPass@db.internal:5432/shop", "postgres://app:[REDACTED]@db.internal:5432/shop"),
        ("env secret", "export DATABASE_PASSWORD=hunter22", "export DATABASE_PASSWORD=[REDACTED]"),
        ("env quoted", "AWS_SECRET_ACCESS_KEY=\"wJalrXUtnFEMI/K7MDENG/bPxRfiCY\"", "AWS_SECRET_ACCESS_KEY=\"[REDACTED]\""),
        ("JSON password", "{\"password\": \"Tr0ub4dor&3\"}", "{\"password\": \"[REDACTED]\"}"),
        ("code literal", "api_key = 'a1b2c3d4e5f6'", "api_key = '[REDACTED]'"),
        ("YAML secret", "client_secret: \"Xy7Zq9Wv\"", "client_secret: \"[REDACTED]\""),
        (
            "PEM key", "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA1\nabc\n-----END RSA PRIVATE KEY-----",
            "[REDACTED PRIVATE KEY]"
        ),
    ]

    @Test(arguments: credentials.map(\.name))
    func masksCredential(_ name: String) {
        let item = Self.credentials.first { $0.name == name }!
        let (out, counts) = redact(item.text)
        #expect(out == item.masked)
        #expect(counts.credentials == 1 && counts.homeFolders == 0)
        // Masking twice changes nothing more.
        #expect(redact(out).0 == out && redact(out).1.credentials == 0)
    }

    @Test func replacesHomeFoldersWithATilde() {
        let cases: [(String, String)] = [
            ("/home/alice/src/app.py", "~/src/app.py"),
            ("cd /Users/Bob.Smith/Projects && ls", "cd ~/Projects && ls"),
            ("File \"/home/alice\", line 1", "File \"~\", line 1"),
            (#"C:\Users\carol\AppData\x.log"#, #"~\AppData\x.log"#),
            (#"path = "C:\\Users\\carol\\repo""#, #"path = "~\\repo""#),
            ("C:/Users/dave/notes.txt", "~/notes.txt"),
            ("file:///home/erin/report.html", "file://~/report.html"),
        ]
        for (input, expected) in cases {
            let (out, counts) = redact(input)
            #expect(out == expected, "\(input)")
            #expect(counts.homeFolders == 1, "\(input)")
        }
    }

    @Test func emailsOnlyWhenAsked() {
        let text = "Write to ana.silva+chat@example.pt or git@github.com:org/repo.git"
        #expect(redact(text).0 == text)
        let (out, counts) = redact(text, emails: true)
        #expect(out == "Write to [email] or git@github.com:org/repo.git")
        #expect(counts.emails == 1)
    }

    /// The rule that matters most for a tool people share from: nothing ordinary is touched.
    @Test func ordinaryProseAndCodeStayAsWritten() {
        let untouched = [
            "The password must be at least 12 characters; a bearer token expires after an hour.",
            "password = input(\"Password: \")\ntoken = get_token()\nif password == stored: login()",
            "MAX_TOKENS=4096\nTOKENIZER=sentencepiece\nPASSWORD_MIN_LENGTH=12\nSECRET_KEY=$SECRET_KEY",
            "{\"token_type\": \"bearer\", \"max_tokens\": \"100000\", \"password\": \"********\"}",
            "interface Login { password: string; apiKey?: string }",
            "const secret = process.env.SECRET;\nlet token = localStorage.getItem('token');",
            "See https://example.com/home/alice/profile and https://docs.example.org/Users/guide",
            "The /home directory and /Users/Shared are shared; ~/src is yours.",
            "task-force-7 and desk-lamp-42 are names, not keys; so is skeleton-key-2024.",
            "The AKIA prefix marks AWS access keys. eyJ starts every base64 JSON object.",
            "Authorization: Bearer <token>",
            "ssh git@github.com and mail me at ana@example.pt",
            "sha256: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
            "uuid 019d416b-1e2c-718e-b692-4b454905001f and C:\\Program Files\\App",
        ]
        for text in untouched {
            let (out, counts) = redact(text)
            #expect(out == text, "\(text)")
            #expect(counts == Redactor.Counts(), "\(text)")
        }
    }

    /// A tool result holding a long base64 blob next to an `@`, `=` and `:`: every pattern's
    /// repeats are bounded, so this finishes at once (an unbounded one took minutes) and masks nothing.
    @Test func aLongTokenLikeBlobIsLeftAloneQuickly() {
        let blob = String(repeating: "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0NTY3ODkrL2FiY2RlZmdo", count: 4_000)
        let text = "data: " + blob + " sent by a@b and key=" + blob.prefix(5_000) + " PASSWORD_" + blob.prefix(3_000)
        let (out, counts) = redact(text, emails: true)
        #expect(out == text)
        #expect(counts == Redactor.Counts())
    }

    @Test func everyFieldOfAChatIsMaskedAndCounted() {
        let key = Self.token("ghp_", 36)
        var turn = ImportedTurn(id: "t", role: .assistant, text: "")
        turn.parts = [
            .text("cd /home/alice"), .toolCall(ToolCallPart(name: "Bash", input: "{\"command\": \"cat /home/alice/.env\"}", result: "TOKEN=\(key)")),
            .document(DocumentPart(title: "notes", content: key, versions: ["/Users/alice"])),
            .transcript(TranscriptPart(title: "agent", messages: [Message(id: "n", role: .assistant, text: key)])),
        ]
        turn.sources = [Source(id: "1", title: "/home/alice/notes", url: "https://x.example/?token=1")]
        turn.attachments = [
            ImportedAttachment(name: "alice.txt", contentType: "text/plain", byteCount: 4, content: .bytes(Array("token \(key)".utf8))),
            ImportedAttachment(name: "photo.png", contentType: "image/png", byteCount: 3, content: .bytes([1, 2, 3])),
        ]
        var chat = ImportedChat(title: "Fix /home/alice/app", date: nil, turns: [turn])
        chat.facts = [ConversationFact(label: "Project", value: "/home/alice/src/shop")]
        let (out, total) = Redactor.redact([chat], emails: false)
        let masked = out[0]
        #expect(masked.title == "Fix ~/app")
        #expect(masked.facts[0].value == "~/src/shop")
        #expect(masked.turns[0].parts[0] == .text("cd ~"))
        guard case .toolCall(let call) = masked.turns[0].parts[1] else { Issue.record("tool call"); return }
        #expect(call.input == "{\"command\": \"cat ~/.env\"}" && call.result == "TOKEN=[REDACTED]")
        #expect(masked.turns[0].parts[2] == .document(DocumentPart(title: "notes", content: "[REDACTED]", versions: ["~"])))
        guard case .transcript(let nested) = masked.turns[0].parts[3] else { Issue.record("transcript"); return }
        #expect(nested.messages[0].text == "[REDACTED]")
        #expect(masked.turns[0].sources[0].title == "~/notes")
        #expect(masked.turns[0].attachments[0].content == .bytes(Array("token [REDACTED]".utf8)))
        #expect(masked.turns[0].attachments[0].byteCount == 16)
        #expect(masked.turns[0].attachments[1].content == .bytes([1, 2, 3]))
        #expect(total == RedactionSummary(counts: [("credential", 4), ("home folder", 6)]))
        #expect(masked.redaction == total)
    }

    @Test func interfaceWordsAndAPagesAddressAreMaskedButCountedOnce() {
        let key = Self.token("ghp_", 36)
        var call = ToolCallPart(name: "browser", title: "Searched the web for “\(key)”", url: "https://x.example/?t=\(key)")
        call.titlePhrase = UIPhrase(.toolWebSearch, ["query": key])
        var read = ToolCallPart(name: "Read", title: "Read /home/alice/notes.md")
        read.titlePhrase = UIPhrase(.toolRead, ["path": "/home/alice/notes.md"])
        var turn = ImportedTurn(id: "t", role: .assistant, text: "")
        turn.parts = [.toolCall(call), .toolCall(read)]
        let (out, total) = Redactor.redact([ImportedChat(title: "T", date: nil, turns: [turn])], emails: false)
        guard case .toolCall(let masked) = out[0].turns[0].parts[0], case .toolCall(let maskedRead) = out[0].turns[0].parts[1] else {
            Issue.record("tool calls"); return
        }
        // A page in another language shows the phrase, not the title: it is masked too.
        #expect(masked.titlePhrase?.values["query"] == "[REDACTED]" && masked.title == "Searched the web for “[REDACTED]”")
        #expect(masked.url == "https://x.example/?t=[REDACTED]")
        #expect(maskedRead.titlePhrase?.values["path"] == "~/notes.md")
        // The title, the address and the read's title: three, not five.
        #expect(total == RedactionSummary(counts: [("credential", 2), ("home folder", 1)]))
    }

    /// Files the export holds (an uploaded `.env`, a log in a zip) are masked too: their masked
    /// bytes replace them. Files that are not text are copied as they are and named, so the
    /// person sharing knows; photos are not named.
    @Test func textFilesInTheExportAreMaskedAndOthersAreNamed() throws {
        let key = Self.token("ghp_", 36)
        let folder = TestPaths.temporaryFolder("redact")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func file(_ name: String, _ bytes: [UInt8]) -> ImportedAttachment.Content {
            let path = folder + "/" + name
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            return .file(path)
        }
        let zipPath = folder + "/export.zip"
        _ = FileManager.default.createFile(
            atPath: zipPath, contents: Data(ZipBuilder([.init("logs/run.log", "cd /home/alice && deploy --token \(key)", deflate: true)]).build()))
        let archive = try ZipArchive(path: zipPath, displayPath: "export.zip")
        let entry = try #require(archive.entry(named: "logs/run.log"))
        var turn = ImportedTurn(id: "t", role: .user, text: "")
        turn.attachments = [
            ImportedAttachment(
                name: ".env", contentType: "application/octet-stream", byteCount: 0, content: file("env.dat", Array("GITHUB_TOKEN=\(key)\n".utf8))),
            ImportedAttachment(name: "app.py", contentType: "text/x-python", byteCount: 0, content: file("app.py", Array("print('ok')\n".utf8))),
            ImportedAttachment(name: "run.log", contentType: "text/plain", byteCount: 0, content: .zipEntry(archive, entry)),
            ImportedAttachment(name: "report.pdf", contentType: "application/pdf", byteCount: 0, content: file("r.pdf", Array("%PDF-1.7 \(key)".utf8))),
            ImportedAttachment(name: "blob.bin", contentType: "application/octet-stream", byteCount: 0, content: file("b.bin", [0, 1, 2, 0xFF])),
            ImportedAttachment(name: "photo.jpg", contentType: "image/jpeg", byteCount: 0, content: file("p.jpg", [0xFF, 0xD8, 0xFF])),
        ]
        let chat = ImportedChat(title: "Deploy for /home/alice", date: nil, turns: [turn])
        var unscanned: [Redactor.Unscanned] = []
        let (out, total) = Redactor.redact([chat], emails: false, unscanned: &unscanned)
        let files = out[0].turns[0].attachments
        #expect(files[0].content == .bytes(Array("GITHUB_TOKEN=[REDACTED]\n".utf8)))
        #expect(files[0].byteCount == 24)
        // Nothing to mask: the file is copied from where it is.
        #expect(files[1].content == turn.attachments[1].content)
        #expect(files[2].content == .bytes(Array("cd ~ && deploy --token [REDACTED]".utf8)))
        #expect(files[3].content == turn.attachments[3].content)
        #expect(files[5].content == turn.attachments[5].content)
        #expect(total.summary == RedactionSummary(counts: [("credential", 2), ("home folder", 2)]))
        #expect(unscanned == [Redactor.Unscanned(chat: "Deploy for ~", files: ["report.pdf", "blob.bin"])])
        #expect(unscanned[0].message == "“Deploy for ~”: 2 files are copied as they are, not scanned: report.pdf, blob.bin (--redact masks text only)")
        #expect(Redactor.Unscanned(chat: "T", files: ["a.pdf"]).message == "“T”: 1 file is copied as it is, not scanned: a.pdf (--redact masks text only)")
    }

    @Test func theNoteSaysWhatWasMasked() {
        #expect(
            RedactionNote.text(RedactionSummary(counts: [("credential", 1), ("home folder", 3)]))
                == "Redacted on import: 1 credential and 3 home folder paths masked.")
        #expect(
            RedactionNote.text(RedactionSummary(counts: [("credential", 0), ("home folder", 2), ("email", 1)]))
                == "Redacted on import: 2 home folder paths and 1 email address masked.")
        #expect(
            RedactionNote.text(RedactionSummary(counts: [("credential", 0), ("home folder", 0)]))
                == "Redacted on import; no credentials or home folder paths were found.")
        #expect(RedactionNote.render(nil).description.isEmpty)
        var conversation = Conversation(title: "T", messages: [])
        conversation.redaction = RedactionSummary(counts: [("credential", 2)])
        let bytes = NativeJSON.encode(conversation)
        #expect(String(decoding: bytes, as: UTF8.self).contains("\n  \"redaction\": {\"credential\": 2},\n"))
        let loaded = try? ConversationLoader.decode(bytes: bytes, file: "r.json").0
        #expect(loaded?.redaction == conversation.redaction)
    }

    @Test func theCommandLinePrintsTheCountsByKind() {
        var report = RedactionReport(emails: true)
        report.counts.add(.homeFolder, 16)
        report.counts.add(.apiKey, 7)
        report.counts.add(.databasePassword)
        report.counts.add(.privateKey, 2)
        #expect(ImportCommand.redactionLine(report) == "redacted 7 API keys, 2 private keys, 1 database password and 16 home folder paths")
        report.counts.add(.email)
        #expect(ImportCommand.redactionLine(report) == "redacted 7 API keys, 2 private keys, 1 database password, 16 home folder paths and 1 email address")
        #expect(ImportCommand.redactionLine(RedactionReport(emails: false)) == "redacted nothing: no credentials or home folder paths were found")
        #expect(
            ImportCommand.redactionLine(RedactionReport(emails: true)) == "redacted nothing: no credentials, home folder paths or email addresses were found")
        #expect(ImportCommand.redactionLine(nil) == nil)
    }

    /// `--redact-report FILE` (implying --redact) writes where each masked value was, for
    /// `import` and `render` alike; it is refused where there is nothing to redact on import.
    @Test func theReportFileSaysWhereAndIsWrittenWhole() throws {
        let temp = TestPaths.temporaryFolder("redact-report")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let session = TestPaths.fixture("import/claude-code/projects/-home-ana-src-shop/7f3c9a12-5b8e-4d21-9c47-0e6a1b2c3d4e.jsonl")
        for command in [["render", session, "--out", temp + "/page"], ["import", "auto", session, "--out", temp + "/files"]] {
            let report = temp + "/\(command[0]).json"
            let run = try CLIRun.run(command + ["--redact-report", report])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("redacted ") && run.stderr.contains(" home folder path"), "\(run.stderr)")
            let data = try Data(contentsOf: URL(fileURLWithPath: report))
            let parsed = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let counts = try #require(parsed["redacted"] as? [String: Int])
            let findings = try #require(parsed["findings"] as? [[String: Any]])
            #expect(counts.values.reduce(0, +) == findings.count && !findings.isEmpty)
            #expect(findings.allSatisfy { $0["kind"] is String && $0["part"] is String && $0["format"] is String })
            #expect(!String(decoding: data, as: UTF8.self).contains("/home/ana"))
        }
        let garden = TestPaths.repo("examples/garden/conversation.json")
        let native = try CLIRun.run(["render", garden, "--redact-report", temp + "/r.json"])
        #expect(native.status == 64 && native.stderr.contains("--redact, --redact-emails and --redact-report apply to an export or session log"))
        // A folder where the report would go is refused before anything is written.
        try FileManager.default.createDirectory(atPath: temp + "/taken", withIntermediateDirectories: true)
        let taken = try CLIRun.run(["render", session, "--out", temp + "/page2", "--redact-report", temp + "/taken"])
        #expect(taken.status == 73 && taken.stderr.contains("/taken: error: exists and is not a file; --redact-report writes a file"), "\(taken.stderr)")
        #expect(!FileManager.default.fileExists(atPath: temp + "/page2"))
    }
}
