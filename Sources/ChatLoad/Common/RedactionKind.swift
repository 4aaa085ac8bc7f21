/// What `--redact` masked, in the words the person reads in the summary line and the report
/// ("redacted 7 API keys, 2 private keys, 1 database password and 16 home folder paths").
///
/// A page says less (``RedactionSummary``: credentials, home folder paths, email addresses), in
/// its own language; these finer kinds are for the person who shares it, before they do.
package enum RedactionKind: String, Sendable, CaseIterable, Comparable {
    /// A service's key by its documented shape, or the value of a `*_KEY`.
    case apiKey = "API key"
    /// A token that acts as a signed-in person or app: GitHub, GitLab, Slack, OAuth, JWT, bearer.
    case accessToken = "access token"
    /// A PEM, OpenSSH, PGP or PuTTY private key, or an age secret key.
    case privateKey = "private key"
    /// A password: by its key (`PASSWORD=`), in a URL, in a header's basic credentials.
    case password = "password"
    /// A password in a database's URL or connection string.
    case databasePassword = "database password"
    /// An address that posts into a chat as whoever made it (Slack, Discord, Teams).
    case webhook = "webhook URL"
    /// Any other value whose key says it is secret (`SESSION_SECRET=`, `"client_secret": …`).
    case secret = "secret"
    /// `/home/NAME`, `/Users/NAME`, `C:\Users\NAME`: masked as `~`.
    case homeFolder = "home folder"
    /// With `--redact-emails`.
    case email = "email"

    /// A kind of credential (masked as `[REDACTED]`), not a home folder or an address.
    package var isCredential: Bool { self != .homeFolder && self != .email }

    /// The noun the summary line counts with: "API key", "home folder path", "email address".
    package var noun: String {
        switch self {
        case .homeFolder: "home folder path"
        case .email: "email address"
        default: rawValue
        }
    }

    /// "1 API key", "2 email addresses".
    package func counted(_ count: Int) -> String {
        if count == 1 { return "1 \(noun)" }
        return "\(count) \(noun)\(noun.hasSuffix("s") ? "es" : "s")"
    }

    package static func < (a: RedactionKind, b: RedactionKind) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
