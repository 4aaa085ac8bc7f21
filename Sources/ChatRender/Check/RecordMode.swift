/// When a snapshot is written instead of only compared, shared by `chatrender check` and the
/// golden tests so the two cannot drift. The four modes are those of snapshot-testing libraries:
///
/// | mode      | no snapshot yet | snapshot differs | snapshot matches |
/// | --------- | --------------- | ---------------- | ---------------- |
/// | `never`   | fail            | fail             | pass             |
/// | `missing` | write           | fail             | pass             |
/// | `failed`  | write           | write            | pass             |
/// | `all`     | write           | write            | write            |
///
/// `never` is the mode for CI: a missing snapshot is a failure, so nothing passes by recording
/// silently. Each snapshot file is decided on its own, so `missing` fills in the parts of a
/// snapshot that are absent without touching the parts that differ.
package enum RecordMode: String, CaseIterable, Sendable {
    /// Write only snapshots that do not exist yet; a difference still fails.
    case missing
    /// Write snapshots that do not exist or differ (`check --record`, `RECORD_GOLDENS=1`).
    case failed
    /// Write every snapshot again, even one that matches (re-baselining after a tool upgrade).
    case all
    /// Write nothing: compare only, and a missing snapshot is a failure.
    case never

    /// Whether a snapshot file is written: `exists` says whether it is stored, `matches` whether
    /// the stored one equals what was made now (ignored when it does not exist).
    package func shouldRecord(exists: Bool, matches: Bool) -> Bool {
        switch self {
        case .never: false
        case .missing: !exists
        case .failed: !exists || !matches
        case .all: true
        }
    }
}
