import Foundation

/// The credentials found by where they stand rather than by their own shape: private key blocks,
/// passwords and keys in URLs, headers, connection strings, and values whose key's name says they
/// are secret. Compiled once. Every repeat that does not start at a fixed prefix is bounded, so a
/// long run of token-like text (a base64 blob in a tool result) costs linear time, not quadratic.
enum RedactionRules {
    /// What a masked private key block becomes: no armour line is left, so a secret scanner run
    /// over the shared page finds nothing to stop on.
    static let privateKeyMask = "[REDACTED PRIVATE KEY]"

    // MARK: Values

    /// Words and placeholders that stand where a secret would, and are not one.
    static let placeholders: Set<String> = [
        "null", "none", "nil", "true", "false", "undefined", "required", "optional", "string", "str", "password", "passwd",
        "secret", "token", "redacted", "hidden", "placeholder", "example", "changeit", "empty", "default", "env", "input",
    ]

    /// A value that stands for one rather than being one: `$VAR`, `${VAR}`, `{{ var }}`, `<token>`,
    /// `%s`, `(…)`, `****`, `xxxx`, `your-key-here`.
    static func isPlaceholder(_ value: String) -> Bool {
        guard let first = value.first else { return true }
        if "${<%([*".contains(first) { return true }
        if value.allSatisfy({ $0 == "*" || $0 == "x" || $0 == "X" || $0 == "." || $0 == "-" || $0 == "_" || $0 == "•" }) { return true }
        let lower = value.lowercased()
        if placeholders.contains(lower) || lower.hasPrefix("your") || lower.contains("example") || lower.contains("placeholder") { return true }
        // A call or an expression in code (`get_token()`, `os.environ[…]`), not a literal.
        if value.contains("(") || value.contains("[") || value.contains("{") { return true }
        return false
    }

    /// A value after a secret's key is masked only when it looks like one: at least 6 characters,
    /// not only digits, not a web address or path, and with a digit, both cases, or a symbol.
    static let secretValue: @Sendable (String) -> Bool = { value in
        guard value.count >= 6, !value.allSatisfy(\.isNumber), !value.contains("://"), !value.hasPrefix("/"), !isPlaceholder(value)
        else { return false }
        let digit = value.contains(where: \.isNumber)
        let mixed = value.contains(where: \.isUppercase) && value.contains(where: \.isLowercase)
        let symbol = value.contains(where: { "!@#%^&*+=/~?".contains($0) })
        return digit || mixed || symbol
    }

    /// A password by its key may be plain lowercase (`PASSWORD=letmein`): four characters or
    /// more, and not a placeholder.
    static let passwordValue: @Sendable (String) -> Bool = { value in
        value.count >= 4 && !value.allSatisfy(\.isNumber) && !value.contains("://") && !isPlaceholder(value)
    }

    // MARK: Names

    /// What a value is, by its key's name: `DATABASE_PASSWORD` a database password, `GITHUB_TOKEN`
    /// an access token, `STRIPE_KEY` an API key, `SESSION_SECRET` a secret.
    static func kind(ofKey name: String) -> RedactionKind {
        // camelCase and kebab-case read as SNAKE_CASE: apiKey → API_KEY, db-password → DB_PASSWORD.
        var snake = ""
        var previous: Character? = nil
        for character in name {
            if character.isUppercase, let previous, previous.isLowercase || previous.isNumber { snake.append("_") }
            snake.append(character == "-" || character == "." ? "_" : character)
            previous = character
        }
        let upper = snake.uppercased()
        let parts = upper.split(separator: "_").map(String.init)
        let compact = parts.joined()
        if compact.contains("PRIVATEKEY") { return compact.hasSuffix("ID") ? .apiKey : .privateKey }
        if compact.contains("PASSWORD") || compact.contains("PASSWD") || compact.contains("PWD") || parts.contains("PASS") || compact.hasSuffix("PASS") {
            let databases = ["DB", "DATABASE", "POSTGRES", "PG", "MYSQL", "MARIADB", "MONGO", "REDIS", "SQL", "MSSQL", "ORACLE", "CLICKHOUSE"]
            let isDatabase = parts.contains { part in databases.contains { part == $0 || (part.count > 3 && part.hasPrefix($0)) } }
            return isDatabase ? .databasePassword : .password
        }
        if compact.hasSuffix("KEY") || compact.hasSuffix("KEYID") || compact.hasSuffix("APIKEY") { return .apiKey }
        if compact.contains("TOKEN") { return .accessToken }
        if compact.contains("SECRET") { return .secret }
        if compact.contains("KEY") { return .apiKey }
        return .secret
    }

    /// The kind and format of a match whose value follows a key's name and a `:` or `=`: the
    /// name is the last word before the first of them.
    static func keyed(_ match: String) -> (RedactionKind, String) {
        let head = match.prefix(while: { $0 != ":" && $0 != "=" })
        let trimmed = head.reversed().drop(while: { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "'" || $0 == "\\" })
        let name = String(trimmed.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }).reversed())
        return (kind(ofKey: name), "value of \(name)")
    }

    /// Databases whose URLs carry a password: a password in one is a database password.
    static let databaseSchemes: Set<String> = [
        "postgres", "postgresql", "mysql", "mysql2", "mariadb", "mongodb", "mongodb+srv", "redis", "rediss", "amqp", "amqps",
        "mssql", "sqlserver", "oracle", "clickhouse", "cockroachdb", "couchdb", "neo4j", "neo4j+s", "bolt", "cassandra",
        "memcached", "influxdb", "jdbc:postgresql", "jdbc:mysql", "jdbc:sqlserver", "jdbc:oracle", "postgis", "timescaledb",
    ]

    static func urlPassword(_ match: String) -> (RedactionKind, String) {
        let scheme = match.prefix(while: { $0 != "/" }).dropLast().lowercased()
        return databaseSchemes.contains(String(scheme)) ? (.databasePassword, "password in a \(scheme) URL") : (.password, "password in a URL")
    }

    static func urlKey(_ match: String) -> (RedactionKind, String) {
        let lower = match.lowercased()
        return (.apiKey, lower.contains("sentry") ? "Sentry DSN key" : "key in a URL")
    }

    static func queryValue(_ match: String) -> (RedactionKind, String) {
        let name = String(match.dropFirst().prefix(while: { $0 != "=" }))
        let lower = name.lowercased()
        if lower.hasPrefix("x-amz") || lower.hasPrefix("x-goog") || lower == "sig" || lower == "signature" {
            return (.accessToken, "signature in a URL (\(name))")
        }
        return (kind(ofKey: name), "\(name) in a URL")
    }

    // MARK: Key names

    /// `UPPER_CASE` names of secrets in environments and `.env` files: `*_TOKEN`, `*_KEY`,
    /// `*_SECRET`, `PASSWORD`, `*_PASSWORD_*` …
    static let envKey =
        #"(?:[A-Z0-9]{1,40}_){0,8}(?:SECRET|PASSWORD|PASSWD|PASS|PWD|TOKEN|CREDENTIALS?|APIKEY|DSN|KEY)S?(?:_[A-Z0-9]{1,40}){0,8}"#
    /// Names in code and configuration: `password`, `apiKey`, `client_secret`, `access-token` …
    static let codeKey =
        #"[A-Za-z0-9_.-]{0,40}(?:[Pp]assword|PASSWORD|[Pp]asswd|PASSWD|[Ss]ecret|SECRET|[Tt]oken|TOKEN|[Aa]pi_?[Kk]ey|API_?KEY|[Aa]pikey|[Aa]ccess_?[Kk]ey|ACCESS_?KEY|[Pp]rivate_?[Kk]ey|PRIVATE_?KEY|[Aa]uth_?[Kk]ey|[Cc]lient_?[Ss]ecret|[Cc]redentials?)[A-Za-z0-9_-]{0,40}"#
    /// The same names, any case, at the start of a line of YAML, TOML, INI or a properties file.
    static let configKey =
        #"[A-Za-z0-9_.-]{0,40}(?i:password|passwd|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|auth[_-]?key|credentials?)[A-Za-z0-9_.-]{0,40}"#

    /// What every match of a rule by names holds, in the cases the names are written in: a text
    /// with none of them is not searched (most of a long session's texts).
    static let envHints = ["SECRET", "PASS", "PWD", "TOKEN", "CREDENTIAL", "KEY", "DSN"]
    static let nameHints = [
        "ass", "ASS", "wd", "WD", "ecret", "ECRET", "oken", "OKEN", "ey", "EY", "redential", "REDENTIAL",
    ]
    static let headerHints = ["ey", "EY", "oken", "OKEN", "ecret", "ECRET"]

    // MARK: The rules, in the order they run

    /// Blocks first: a key's body is never taken for tokens.
    static let blocks: [RedactionRule] = [
        // A PEM, OpenSSH or PGP private key: the whole block, armour and all.
        RedactionRule(
            #"-----BEGIN ((?:[A-Z0-9]{1,20} ){0,4})PRIVATE KEY((?: BLOCK)?)-----[\s\S]{0,65536}?-----END \1PRIVATE KEY\2-----"#, replacement: privateKeyMask,
            hints: ["PRIVATE KEY-----"], names: { match in (.privateKey, privateKeyFormat(match)) }),
        // One cut short (a `head` of the file, a truncated tool result): the armour line and the
        // lines of base64 and headers after it.
        RedactionRule(
            #"-----BEGIN (?:[A-Z0-9]{1,20} ){0,4}PRIVATE KEY(?: BLOCK)?-----(?:(?:\r?\n|\\r?\\n)(?:[A-Za-z][A-Za-z-]{0,30}: [^\r\n\\]{0,200}|[A-Za-z0-9+/=]{1,200})(?=\r?\n|\\r?\\n|["'`]|$))*"#,
            replacement: privateKeyMask, hints: ["PRIVATE KEY-----"], names: { match in (.privateKey, privateKeyFormat(match)) }),
        // PuTTY's key file: the private lines and their MAC.
        RedactionRule(
            #"(?<=Private-Lines: )\d{1,4}(?:\r?\n|\\r?\\n)(?:[A-Za-z0-9+/=]{1,200}(?:\r?\n|\\r?\\n|$))+(?:Private-MAC: [0-9a-fA-F]{20,128})?"#,
            replacement: privateKeyMask, hints: ["Private-Lines: "], kind: .privateKey, format: "PuTTY private key"),
    ]

    static func privateKeyFormat(_ match: String) -> String {
        if match.hasPrefix("-----BEGIN OPENSSH") { return "OpenSSH private key" }
        if match.hasPrefix("-----BEGIN PGP") { return "PGP private key" }
        if match.hasPrefix("-----BEGIN SSH2") { return "SSH2 private key" }
        return "PEM private key"
    }

    /// After the token formats: what only its place gives away.
    static let credentials: [RedactionRule] = [
        // A password inside a URL: scheme://user:PASSWORD@host.
        RedactionRule(
            #"\b[a-zA-Z][a-zA-Z0-9+.:-]{0,30}://[^\s:/@"'<>]{1,256}:([^\s:/@"'<>]{3,256})@"#, group: 1, hints: ["://"],
            accepts: { !isPlaceholder($0) }, names: urlPassword),
        // A key as a URL's user (a Sentry DSN: https://KEY@o1.ingest.sentry.io/2): 32 hex
        // digits, or 20 characters or more with at least four digits.
        RedactionRule(
            #"\b(?:https?|wss?)://([A-Za-z0-9_-]{16,128})(?::[^\s:/@"'<>]{0,256})?@[A-Za-z0-9.-]{1,253}"#, group: 1, hints: ["://"],
            accepts: { value in
                (value.count == 32 && value.allSatisfy(\.isHexDigit)) || (value.count >= 20 && value.filter(\.isNumber).count >= 4)
            }, names: urlKey),
        // Connection strings: Password=…; AccountKey=…; SharedAccessKey=…
        RedactionRule(
            #"(?i)(?:^|[;\s"'])(?:password|pwd)\s*=\s*([^;"'\s]{3,256})(?=;)"#, group: 1, hints: ["=;", "=", ";"],
            accepts: { !isPlaceholder($0) }, kind: .databasePassword, format: "password in a connection string"),
        RedactionRule(
            #"\bAccountKey=([A-Za-z0-9+/]{80,88}={0,2})"#, group: 1, hints: ["AccountKey="], kind: .apiKey, format: "Azure storage account key"),
        RedactionRule(
            #"\bSharedAccessKey=([A-Za-z0-9+/]{40,88}={0,2})"#, group: 1, hints: ["SharedAccessKey="], kind: .apiKey, format: "Azure shared access key"),
        // Secrets in a URL's query: ?access_token=…, &api_key=…, &X-Amz-Signature=…
        RedactionRule(
            #"(?i)[?&;](?:access_?token|refresh_?token|id_?token|auth_?token|token|api_?key|apikey|api-key|key|secret|client_?secret|password|passwd|pwd|pass|sig|signature|x-amz-signature|x-amz-security-token|x-amz-credential|x-goog-signature|x-goog-credential|code_verifier)=([^&#;\s"'<>]{4,4096})"#,
            group: 1, hints: ["="], accepts: { value in secretValue(value) || (value.count >= 16 && !isPlaceholder(value)) },
            names: queryValue),
        // Bearer tokens and other schemes' credentials in headers.
        RedactionRule(
            #"(?i)\bbearer\s+([A-Za-z0-9._~+/-]{16,}=*)"#, group: 1, hints: ["earer", "EARER"], accepts: secretValue,
            kind: .accessToken, format: "bearer token"),
        RedactionRule(
            #"(?i)authorization:\s*basic\s+([A-Za-z0-9+/]{12,}={0,2})"#, group: 1, hints: ["asic", "ASIC"], kind: .password,
            format: "basic authentication credentials"),
        RedactionRule(
            #"(?i)authorization:\s*(?:token|bot|apikey|api-key|sso-key|ssws|key|dsn)\s+([A-Za-z0-9._~+/:=-]{8,})"#, group: 1,
            hints: ["uthorization", "UTHORIZATION"], accepts: secretValue, kind: .accessToken, format: "token in an Authorization header"),
        RedactionRule(
            #"(?i)authorization:\s*["']?([A-Za-z0-9._~+/-]{20,}=*)"#, group: 1, hints: ["uthorization", "UTHORIZATION"], accepts: secretValue,
            kind: .accessToken, format: "key in an Authorization header"),
        RedactionRule(
            #"(?i)\b(?:x-)?(?:api-?key|api-?token|auth-?token|access-?token|private-token|goog-api-key|api-?secret|secret-?key|token)\s*:\s*["']?([A-Za-z0-9._~+/=-]{8,})"#,
            group: 1, hints: headerHints, accepts: secretValue, kind: .apiKey, format: "key in a request header"),
        // curl -u user:password, --user=user:password
        RedactionRule(
            #"(?:^|\s)(?:-u|--user)(?:\s+|=)["']?[^\s:"']{1,128}:([^\s"']{3,256})"#, group: 1, hints: ["-u"], accepts: secretValue,
            kind: .password, format: "password given with -u"),
        // .npmrc: //registry.example/:_authToken=…, :_auth=…, :_password=…
        RedactionRule(
            #":_(?:authToken|auth|password)\s*=\s*["']?([^\s"']{8,})"#, group: 1, hints: [":_"], accepts: { !isPlaceholder($0) }, kind: .apiKey,
            format: "registry token in .npmrc"),
        // KEY=value for environment-style keys, quoted or not.
        RedactionRule(
            #"\b"# + envKey + #"\b\s*[:=]\s*["']?([^\s"'`$(){}\[\]<>,;]+)"#, group: 1, hints: envHints, accepts: secretValue, names: keyed),
        RedactionRule(
            #"\b(?:[A-Z0-9]{1,40}_){0,8}(?:PASSWORD|PASSWD|PASS|PWD)(?:_[A-Z0-9]{1,40}){0,8}\b\s*[:=]\s*["']?([^\s"'`$(){}\[\]<>,;]+)"#, group: 1,
            hints: ["PASS", "PWD"], accepts: passwordValue, names: keyed),
        // "password": "…", password = '…', apiKey: "…" in code and config: a quoted literal, in
        // JSON printed as text too (\"password\": \"…\").
        RedactionRule(
            #"\\?["']?\b"# + codeKey + #"\b\\?["']?\s*(?::|=|=>|:=)\s*\\?(["'])([^"'\s\\]+)\\?\1"#, group: 2, hints: nameHints, accepts: secretValue,
            names: keyed),
        // The same names at the start of a line of YAML, TOML, INI, or a properties file, unquoted;
        // a password's even in plain words.
        RedactionRule(
            #"(?m)^[ \t]*(?:export[ \t]+|set[ \t]+|-[ \t]+)?["']?"# + configKey + #"["']?[ \t]*[:=][ \t]*["']?([^\s"'#;,]+)"#, group: 1,
            hints: nameHints, accepts: secretValue, names: keyed),
        RedactionRule(
            #"(?m)^[ \t]*(?:export[ \t]+|set[ \t]+|-[ \t]+)?["']?[A-Za-z0-9_.-]{0,40}(?i:password|passwd|pwd)["']?[ \t]*[:=][ \t]*["']?([^\s"'#;,]+)[ \t]*$"#,
            group: 1, hints: ["ass", "ASS", "wd", "WD"], accepts: passwordValue, names: keyed),
    ]

    static let home: [RedactionRule] = [
        RedactionRule(
            #"(?:(?<=file://)|(?<![A-Za-z0-9._~/:-]))/(?:home|Users)/(?!Shared(?![A-Za-z0-9._-]))[A-Za-z0-9._-]+(?![A-Za-z0-9._-])"#,
            replacement: "~", hints: ["/home/", "/Users/"], kind: .homeFolder, format: "home folder"),
        RedactionRule(
            #"(?<![A-Za-z0-9])[A-Za-z]:(?:\\\\|\\|/)Users(?:\\\\|\\|/)(?!Public(?![^\\/\s"'<>:|?*]))[^\\/\s"'<>:|?*]+"#,
            replacement: "~", hints: ["Users"], kind: .homeFolder, format: "home folder"),
    ]

    static let email = RedactionRule(
        #"(?<![A-Za-z0-9._%+-])(?!git@)[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z]{2,24}(?![A-Za-z0-9-])"#,
        replacement: "[email]", hints: ["@"], kind: .email, format: "email address")
}
