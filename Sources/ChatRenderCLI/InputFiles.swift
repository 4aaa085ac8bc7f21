import ChatRender
import Foundation

/// The files one run of a command reads, as the person named them, checked the same way by
/// every command before the library sees them:
///
/// - `-` is standard input, copied into a temporary folder (see ``StandardInputCopy``). It can be
///   read once, so `-` may stand for one input per run; diagnostics call it `<stdin>`.
/// - A folder where a file is expected is missing input (66) with a message saying so, whichever
///   command and whichever file it is.
/// - Missing and unreadable files are left to the library, whose messages say what was expected.
final class InputFiles {
    private let output: CLI.Output
    private var copy: StandardInputCopy?
    /// What `-` was given for, for the message when it is given twice.
    private var standardInputRole: String?

    init(output: CLI.Output) {
        self.output = output
    }

    deinit { removeCopies() }

    /// The path the library should read for `given`: the copy of standard input for `-`,
    /// otherwise `given` itself once it is known not to be a folder.
    ///
    /// - Parameters:
    ///   - what: how messages name the file: `conversation` → "expected the conversation file".
    ///   - role: what `-` was given for (`the conversation`, `--theme`), for the message when
    ///     standard input is asked for twice.
    ///   - copyName: the name the copy gets, so the library reads it as what it is.
    ///   - folderAllowed: a folder is a valid input (a ChatGPT export unzipped).
    func path(for given: String, what: String, role: String, copyName: String, folderAllowed: Bool = false) throws(DiagnosticError) -> String {
        guard given == "-" else {
            if !folderAllowed, Self.isFolder(given) {
                throw DiagnosticError(Diagnostic(file: given, message: "is a folder; expected the \(what) file"), kind: .missingInput)
            }
            return given
        }
        if let earlier = standardInputRole {
            throw DiagnosticError(
                Diagnostic(file: "chatrender", message: "- (standard input) is given for both \(earlier) and \(role); it can be read once"), kind: .usage)
        }
        standardInputRole = role
        if isatty(STDIN_FILENO) == 1 {
            output.err("chatrender: reading \(role) from standard input (end it with Ctrl-D)\n")
        }
        let made = try StandardInputCopy(name: copyName)
        copy = made
        return made.path
    }

    /// `given` once it is known not to be a file where a folder is expected (`--templates`): the
    /// mirror of a folder given for a file, and missing input for the same reason.
    func folder(_ given: String, what: String) throws(DiagnosticError) -> String {
        if FileManager.default.fileExists(atPath: given), !Self.isFolder(given) {
            throw DiagnosticError(Diagnostic(file: given, message: "is a file; expected the \(what) folder"), kind: .missingInput)
        }
        return given
    }

    /// `error` with the copy of standard input named `<stdin>`.
    func rename(_ error: DiagnosticError) -> DiagnosticError {
        DiagnosticError(rename(error.diagnostics), kind: error.kind)
    }

    /// `diagnostics` with the copy of standard input named `<stdin>`.
    func rename(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard let copy else { return diagnostics }
        return diagnostics.map(copy.rename)
    }

    /// Deletes the copy of standard input, if one was made.
    func removeCopies() {
        copy?.remove()
        copy = nil
    }

    /// A folder, or a link to one.
    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
