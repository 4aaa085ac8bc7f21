import Foundation
import Testing
@testable import ChatModel
@testable import ChatLoad

/// `--redact`'s knowledge of credentials: every published format it lists is masked wherever it
/// stands, the checks some formats carry are verified, the places only context gives away (URLs,
/// headers, key files, connection strings, keys named like secrets) are masked, and what is
/// masked is told by kind and place. Every value is made here at run time from its format, so
/// the repository holds nothing a secret scanner would stop on.
@Suite struct RedactionFormatsTests {
    func redact(_ text: String, emails: Bool = false) -> (String, [RedactionHit]) {
        var hits: [RedactionHit] = []
        let out = Redactor.redact(text, emails: emails, hits: &hits)
        return (out, hits)
    }

    /// A value of `format`'s shape: each run at its shortest, drawn across its alphabet so it has
    /// digits and both cases where the alphabet allows.
    static func sample(_ format: SecretFormat, seed: Int = 0) -> String {
        var out: [UInt8] = []
        for piece in format.pieces {
            switch piece {
            case .literal(let bytes): out += bytes
            case .run(let alphabet, let min, _):
                let bytes = (UInt8(33)..<UInt8(127)).filter(alphabet.contains)
                out += (0..<min).map { bytes[($0 * 7 + 3 + seed) % bytes.count] }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    @Test func theFormatsAreAHundredAndFiftyAndEachIsMaskedWhereverItStands() {
        #expect(SecretFormats.all.count >= 150)
        for format in SecretFormats.all {
            let value = Self.sample(format)
            for (before, after) in [
                ("use ", " now"), ("TOKEN=", "\n"), ("{\"credential\": \"", "\"}"), ("https://example.com/", "?page=2"), ("(", ")."),
                ("“", "”"), ("\\n", "\\n"), ("`", "`"),
            ] {
                let (out, hits) = redact(before + value + after)
                #expect(out == before + Redactor.mask + after, "\(format.name) in \(before)…\(after): \(out)")
                #expect(hits.count == 1, "\(format.name): \(hits)")
            }
        }
    }

    @Test func aTokenLongerThanItsFormatIsSomeOtherText() {
        let github = SecretFormats.all.first { $0.name == "GitHub personal access token" }!
        let (out, hits) = redact("id " + Self.sample(github) + "Z9 and more")
        #expect(hits.allSatisfy { $0.format != "GitHub personal access token" }, "\(out)")
    }

    @Test func aTokenCutShortInATitleIsStillMasked() {
        #expect(redact("Step 1, the npm token: npm_A1b2C3d4E5f6…").0 == "Step 1, the npm token: [REDACTED]…")
        #expect(redact("Use ghp_x7Qa9Zr2... to push").0 == "Use [REDACTED]... to push")
        // A word cut short is a word.
        let words = "The pattern… and the hf_config… and sk-learn… stay"
        #expect(redact(words).0 == words)
    }

    // MARK: Checks

    @Test func crc32IsZlibsAndGitHubsCheckIsVerified() {
        #expect(TokenChecksum.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        let random = Array("x7Qa9Zr2Lm4Np6Bc8Dv0Fw3Gh5Jk1M".utf8)
        var value = TokenChecksum.crc32(random)
        var digits: [UInt8] = []
        for _ in 0..<6 {
            digits.insert(TokenChecksum.base62[Int(value % 62)], at: 0)
            value /= 62
        }
        let token = Array("ghp_".utf8) + random + digits
        #expect(TokenChecksum.crc32Base62.holds(token) == true)
        var typo = token
        typo[10] = typo[10] == UInt8(ascii: "a") ? UInt8(ascii: "b") : UInt8(ascii: "a")
        #expect(TokenChecksum.crc32Base62.holds(typo) == false)
        #expect(TokenChecksum.crc32Base62.holds(Array(token.prefix(30))) == nil)
        var hits: [RedactionHit] = []
        _ = Redactor.redact("token " + String(decoding: token, as: UTF8.self), emails: false, hits: &hits)
        #expect(hits == [RedactionHit(kind: .accessToken, format: "GitHub personal access token", checksum: true)])
    }

    @Test func bech32IsVerified() {
        // BIP 173's valid examples.
        #expect(TokenChecksum.bech32Holds(Array("A12UEL5L".utf8)))
        #expect(TokenChecksum.bech32Holds(Array("abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw".utf8)))
        #expect(!TokenChecksum.bech32Holds(Array("abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxx".utf8)))
    }

    // MARK: Found by their place

    @Test func urlsHeadersAndCommandsGiveTheirSecretsAway() {
        let hex = String(repeating: "9f86d0818", count: 4).prefix(32)
        let cases: [(String, String, RedactionKind)] = [
            ("SENTRY_DSN=https://\(hex)@o123456.ingest.sentry.io/4507", "SENTRY_DSN=https://[REDACTED]@o123456.ingest.sentry.io/4507", .apiKey),
            ("mysql://root:Sup3rS3cret@db:3306/app", "mysql://root:[REDACTED]@db:3306/app", .databasePassword),
            ("https://deploy:Hunter22x@git.example.com/r.git", "https://deploy:[REDACTED]@git.example.com/r.git", .password),
            ("GET /v1/me?access_token=EAAb9Zx3Qm7Lp2&lang=pt", "GET /v1/me?access_token=[REDACTED]&lang=pt", .accessToken),
            ("https://s3.example/f.png?X-Amz-Signature=3f2a9c1b7d8e&x=1", "https://s3.example/f.png?X-Amz-Signature=[REDACTED]&x=1", .accessToken),
            ("curl -H 'Authorization: token Zq8Xw2Lm4Np6Bc8Dv0Fw' api", "curl -H 'Authorization: token [REDACTED]' api", .accessToken),
            ("curl -H \"X-Api-Key: Zq8Xw2Lm4Np6Bc8Dv0Fw\" api", "curl -H \"X-Api-Key: [REDACTED]\" api", .apiKey),
            ("curl -u admin:Tr0ub4dor&3 https://x", "curl -u admin:[REDACTED] https://x", .password),
            ("Server=db;Database=shop;User Id=sa;Password=Zq8Xw2Lm;", "Server=db;Database=shop;User Id=sa;Password=[REDACTED];", .databasePassword),
            ("//registry.npmjs.org/:_authToken=0b9c1a3e-5f7d-4e2a-9b8c-6d4f2e1a0c3b", "//registry.npmjs.org/:_authToken=[REDACTED]", .apiKey),
            ("password: letmein", "password: [REDACTED]", .password),
            ("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCY", "aws_secret_access_key = [REDACTED]", .apiKey),
            ("STRIPE_KEY=rk9Zq8Xw2Lm4Np6", "STRIPE_KEY=[REDACTED]", .apiKey),
            ("{\\\"password\\\": \\\"Tr0ub4dor&3\\\"}", "{\\\"password\\\": \\\"[REDACTED]\\\"}", .password),
        ]
        for (text, masked, kind) in cases {
            let (out, hits) = redact(text)
            #expect(out == masked, "\(text)")
            #expect(hits.map(\.kind) == [kind], "\(text): \(hits)")
        }
    }

    @Test func keyFilesAreMaskedWhole() {
        let body = (0..<6).map { n in String(repeating: "QUJD\(n)RUZHSElKS0xNTk9Q", count: 3) }.joined(separator: "\n")
        let openssh = "-----BEGIN OPENSSH PRIVATE KEY-----\n\(body)\n-----END OPENSSH PRIVATE KEY-----"
        #expect(redact("key:\n" + openssh + "\ndone").0 == "key:\n[REDACTED PRIVATE KEY]\ndone")
        // A service-account file as printed: the key with \n escapes, its id by its name.
        let escaped = "-----BEGIN PRIVATE KEY-----\\n" + body.replacingOccurrences(of: "\n", with: "\\n") + "\\n-----END PRIVATE KEY-----\\n"
        let account =
            "{\n  \"type\": \"service_account\",\n  \"private_key_id\": \"3f2a9c1b7d8e4f60a1b2c3d4e5f60718293a4b5c\",\n  \"private_key\": \"\(escaped)\"\n}"
        let (out, hits) = redact(account)
        #expect(out == "{\n  \"type\": \"service_account\",\n  \"private_key_id\": \"[REDACTED]\",\n  \"private_key\": \"[REDACTED PRIVATE KEY]\\n\"\n}")
        #expect(Set(hits.map(\.kind)) == [.privateKey, .apiKey])
        // Cut short by a `head`: the armour and the lines of the key after it.
        #expect(redact("-----BEGIN RSA PRIVATE KEY-----\n" + body + "\n").0 == "[REDACTED PRIVATE KEY]\n")
        let putty =
            "PuTTY-User-Key-File-3: ssh-ed25519\nPrivate-Lines: 1\nAAAAIHb5Zx3Qm7Lp2Zq8Xw2Lm4Np6Bc8Dv0Fw3Gh5Jk1M\nPrivate-MAC: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b"
        #expect(redact(putty).0 == "PuTTY-User-Key-File-3: ssh-ed25519\nPrivate-Lines: [REDACTED PRIVATE KEY]")
    }

    @Test func aKeysNameSaysWhatItsValueIs() {
        let cases: [(String, RedactionKind)] = [
            ("DATABASE_PASSWORD", .databasePassword), ("PGPASSWORD", .databasePassword), ("db-password", .databasePassword),
            ("FEEDBACK_PASSWORD", .password), ("password", .password), ("SMTP_PASS", .password), ("GITHUB_TOKEN", .accessToken),
            ("apiKey", .apiKey), ("AWS_SECRET_ACCESS_KEY", .apiKey), ("SESSION_SECRET", .secret), ("client_secret", .secret),
            ("private_key", .privateKey), ("private_key_id", .apiKey), ("credentials", .secret),
        ]
        for (name, kind) in cases { #expect(RedactionRules.kind(ofKey: name) == kind, "\(name)") }
        #expect(RedactionRules.keyed("export DATABASE_PASSWORD=x").1 == "value of DATABASE_PASSWORD")
        #expect(RedactionRules.keyed("  \"api_key\": \"x\"").1 == "value of api_key")
    }

    @Test func ordinaryTextStaysAsWritten() {
        let untouched = [
            "A key-value store keeps API-first designs simple; the pat.json file and sk-learn are fine.",
            "Question 12: how long should the tomato seedlings harden off?",
            "commit 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b and sha256~ is a prefix",
            "Authorization: Bearer <token>\nAuthorization: Basic $CREDENTIALS",
            "password: ${{ secrets.DB_PASSWORD }}\ntoken: {{ .Values.token }}\napi_key: <your-api-key>",
            "curl -u $USER:$TOKEN https://x and docker run -u 1000:1000 img",
            "postgres://app:${DB_PASSWORD}@db/shop and https://user@example.com/path",
            "SORT_KEY=created_at PRIMARY_KEY=id token_type=bearer",
            "version 1.0-beta, see https://example.com/?page=2&sort=name",
        ]
        for text in untouched {
            let (out, hits) = redact(text)
            #expect(out == text, "\(text)")
            #expect(hits.isEmpty, "\(text): \(hits)")
        }
    }

    // MARK: Where

    @Test func theReportSaysWhereEachWasNeverWhat() throws {
        let npm = Self.sample(SecretFormats.all.first { $0.name == "npm access token" }!)
        var turn = ImportedTurn(id: "t", role: .assistant, text: "")
        turn.parts = [
            .text("ok"),
            .toolCall(ToolCallPart(name: "Bash", input: "cat .env", result: "NPM_TOKEN=\(npm)\nHOME=/home/ana")),
        ]
        turn.attachments = [
            ImportedAttachment(name: "\(npm).txt", contentType: "text/plain", byteCount: 3, content: .bytes(Array("x".utf8))),
            ImportedAttachment(name: "shot.png", contentType: "image/png", byteCount: 3, content: .remote("https://cdn.example/s.png?sig=3f2a9c1b7d8e4f60")),
        ]
        let chat = ImportedChat(title: "Deploy with \(npm)", date: nil, turns: [ImportedTurn(id: "u", role: .user, text: "hi"), turn])
        var unscanned: [Redactor.Unscanned] = []
        let (out, report) = Redactor.redact([chat], emails: false, unscanned: &unscanned)
        #expect(out[0].title == "Deploy with [REDACTED]")
        #expect(out[0].turns[1].attachments[0].name == "[REDACTED].txt")
        #expect(out[0].turns[1].attachments[1].content == .remote("https://cdn.example/s.png?sig=[REDACTED]"))
        #expect(report.counts.byKind == [.accessToken: 4, .homeFolder: 1])
        #expect(
            report.findings.map { "\($0.turn.map(String.init) ?? "-") \($0.part) \($0.hit.kind.rawValue)" } == [
                "- title access token", "2 part 2 (tool call “Bash”): result access token", "2 part 2 (tool call “Bash”): result home folder",
                "2 attachment name access token", "2 attachment “shot.png” address access token",
            ])
        #expect(report.findings.allSatisfy { $0.title == "Deploy with [REDACTED]" })
        let json = String(decoding: report.json(), as: UTF8.self)
        #expect(!json.contains(npm) && !json.contains("3f2a9c1b7d8e4f60"))
        #expect(
            json.hasPrefix(
                "{\n  \"redacted\": {\"access token\": 4, \"home folder\": 1},\n  \"findings\": [\n    {\"conversation\": 1, \"title\": \"Deploy with [REDACTED]\", \"part\": \"title\", \"kind\": \"access token\", \"format\": \"npm access token\""
            ))
        #expect(
            json.contains(
                "{\"conversation\": 1, \"title\": \"Deploy with [REDACTED]\", \"turn\": 2, \"anchor\": \"cr-t1\", \"part\": \"part 2 (tool call “Bash”): result\", \"kind\": \"home folder\", \"format\": \"home folder\"}"
            ))
        let parsed = try JSONSerialization.jsonObject(with: Data(report.json())) as? [String: Any]
        #expect((parsed?["findings"] as? [Any])?.count == 5)
    }
}
