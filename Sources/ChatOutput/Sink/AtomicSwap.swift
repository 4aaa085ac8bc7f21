import CPlatform
import Foundation
import ChatModel

/// The one way an output appears: a finished replacement takes the target's name in one step.
/// Where the file system allows, the two names are exchanged atomically (`renameat2` with
/// `RENAME_EXCHANGE`), so both stay valid at every instant; elsewhere the previous one is moved
/// aside first and put back if the second rename fails.
package enum AtomicSwap {
    /// Puts `replacement` at `target`. Returns where the previous `target` now is (for the caller
    /// to remove, or to put back with ``restore(_:to:)``), or nil when there was none. `what`
    /// names the target in messages ("the output", "the snapshot").
    package static func swap(_ replacement: String, into target: String, what: String) throws(DiagnosticError) -> String? {
        var info = stat()
        if lstat(target, &info) != 0 {
            guard rename(replacement, target) == 0 else {
                throw failure(target, "cannot move \(what) into place: \(String(cString: strerror(errno)))")
            }
            return nil
        }
        if cplatform_rename_exchange(replacement, target) == 0 {
            return replacement  // the previous one now sits at the replacement's name
        }
        let aside = replacement + ".previous"
        guard rename(target, aside) == 0 else {
            throw failure(target, "cannot replace \(what): \(String(cString: strerror(errno)))")
        }
        guard rename(replacement, target) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = rename(aside, target)
            throw failure(target, "cannot move \(what) into place: \(reason)")
        }
        return aside
    }

    /// Undoes a ``swap(_:into:what:)`` whose previous target sits at `previous`: puts it back at
    /// `target`, removing what replaced it.
    package static func restore(_ previous: String, to target: String) {
        if cplatform_rename_exchange(previous, target) == 0 {
            try? FileManager.default.removeItem(atPath: previous)
        } else {
            try? FileManager.default.removeItem(atPath: target)
            _ = rename(previous, target)
        }
    }

    private static func failure(_ path: String, _ message: String) -> DiagnosticError {
        DiagnosticError(Diagnostic(file: path, message: message), kind: .cannotWrite)
    }
}
