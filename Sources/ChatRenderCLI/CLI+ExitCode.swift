import ChatRender

extension CLI {
    /// Exit codes from sysexits(3): one per kind of problem, whichever command meets it.
    public enum ExitCode: Int32, Sendable, CaseIterable {
        /// Done (and for `check`, everything matches).
        case ok = 0
        /// `check`: a fixture differs from its snapshot or has none.
        case differs = 1
        /// The command line is wrong (EX_USAGE).
        case usage = 64
        /// An input's content is wrong (EX_DATAERR).
        case dataError = 65
        /// An input is missing or unreadable, or is a folder where a file is expected (EX_NOINPUT).
        case noInput = 66
        /// A program the command needs is not there or will not start: Chromium (EX_UNAVAILABLE).
        case unavailable = 69
        /// A fault of chatrender's own (EX_SOFTWARE).
        case software = 70
        /// The output cannot be written (EX_CANTCREAT).
        case cannotCreate = 73

        /// The one place a library failure becomes an exit code.
        public init(_ kind: DiagnosticError.Kind) {
            switch kind {
            case .usage: self = .usage
            case .badData: self = .dataError
            case .missingInput: self = .noInput
            case .unavailable: self = .unavailable
            case .cannotWrite: self = .cannotCreate
            }
        }

        /// How help names it.
        var meaning: String {
            switch self {
            case .ok: return "done"
            case .differs: return "check: a fixture differs from its snapshot"
            case .usage: return "usage"
            case .dataError: return "bad input data"
            case .noInput: return "input missing or unreadable (or a folder)"
            case .unavailable: return "Chromium missing or not starting (--pdf, check --png)"
            case .software: return "internal error"
            case .cannotCreate: return "cannot write output"
            }
        }
    }
}
