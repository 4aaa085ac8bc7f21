import ChatRender
import Foundation

/// `render --pdf [--paper a4|letter]`: Chromium is found before any work is done, so a missing
/// browser costs nothing and touches no output. (How `--pdf` combines with other options is in
/// render's table.)
extension CLI {
    /// Print options with the Chromium found (`CHATRENDER_CHROMIUM`, then `chromium`,
    /// `chromium-browser`, `google-chrome`, `google-chrome-stable` on `PATH`). A missing browser is
    /// unavailable (69: a program the command needs is not there), with the way to install one.
    static func pdfOptions(
        paper: Paper,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(DiagnosticError) -> PDFOptions {
        guard let chromium = HeadlessChromium.locate(environment: environment) else {
            var message = "--pdf needs headless Chromium to print the page, and none was found"
            if let explicit = environment["CHATRENDER_CHROMIUM"], !explicit.isEmpty {
                message += " (CHATRENDER_CHROMIUM is \"\(explicit)\", which is not an executable file)"
            } else {
                message += " (looked for chromium, chromium-browser, google-chrome and google-chrome-stable on PATH)"
            }
            throw DiagnosticError(
                Diagnostic(file: "chatrender", message: message + ". " + HeadlessChromium.installHint + " Nothing was written."),
                kind: .unavailable)
        }
        return PDFOptions(chromium: chromium, paper: paper, chromiumFlags: chromiumFlags(environment))
    }

    /// `CHATRENDER_CHROMIUM_FLAGS`, split on spaces: extra flags for the browser (for example
    /// `--no-sandbox` in a container without user namespaces). The library reads no environment.
    static func chromiumFlags(_ environment: [String: String]) -> [String] {
        (environment["CHATRENDER_CHROMIUM_FLAGS"] ?? "").split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    }
}
