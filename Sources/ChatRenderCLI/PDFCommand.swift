import ChatRender
import Foundation

/// `render --pdf [--paper a4|letter]`: checks the options and finds Chromium before any work is
/// done, so a missing browser costs nothing and touches no output.
extension CLI {
    /// What `--pdf` and `--paper` came to: print options, or the exit code to stop with.
    enum PDFChoice {
        case none
        case print(PDFOptions)
        case stop(ExitCode)
    }

    /// Checks `--pdf` / `--paper` against the other options and locates Chromium
    /// (`CHATRENDER_CHROMIUM`, then `chromium`, `chromium-browser`, `google-chrome`,
    /// `google-chrome-stable` on `PATH`). A missing browser exits 69 (EX_UNAVAILABLE: a program
    /// the command needs is not there) with the way to install it.
    static func pdfChoice(pdf: Bool, paper: String?, singleFile: Bool, from: String?,
                          environment: [String: String] = ProcessInfo.processInfo.environment,
                          output: Output) -> PDFChoice {
        guard pdf || paper != nil else { return .none }
        var chosenPaper = Paper.a4
        if let paper {
            guard let parsed = Paper(rawValue: paper.lowercased()) else {
                output.err("chatrender: error: --paper must be a4 or letter, not \"\(paper)\"\n")
                return .stop(.usage)
            }
            guard pdf else {
                output.err("chatrender: error: --paper applies only with --pdf\n")
                return .stop(.usage)
            }
            chosenPaper = parsed
        }
        if singleFile {
            output.err("chatrender: error: --pdf writes index.pdf into the output folder; it does not work with --single-file (render the folder with --pdf, or print the single file from a browser)\n")
            return .stop(.usage)
        }
        if from != nil {
            output.err("chatrender: error: --pdf prints one conversation; it does not work with --from (import first, then render a conversation with --pdf)\n")
            return .stop(.usage)
        }
        guard let chromium = HeadlessChromium.locate(environment: environment) else {
            var message = "chatrender: error: --pdf needs headless Chromium to print the page, and none was found"
            if let explicit = environment["CHATRENDER_CHROMIUM"], !explicit.isEmpty {
                message += " (CHATRENDER_CHROMIUM is \"\(explicit)\", which is not an executable file)"
            } else {
                message += " (looked for chromium, chromium-browser, google-chrome and google-chrome-stable on PATH)"
            }
            output.err(message + ". " + HeadlessChromium.installHint + " Nothing was written.\n")
            return .stop(.unavailable)
        }
        return .print(PDFOptions(chromium: chromium, paper: chosenPaper))
    }
}
