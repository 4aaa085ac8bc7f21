import Foundation
import Testing

/// Golden-file snapshots in `Tests/ChatRenderTests/__Goldens__/`. Set `RECORD_GOLDENS=1` to
/// write them: recording always fails the test, so a fresh recording can never pass CI silently.
enum Golden {
    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }

    static func assertMatches(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let path = TestPaths.repo("Tests/ChatRenderTests/__Goldens__/\(name)")
        if recording {
            try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try! actual.write(toFile: path, atomically: true, encoding: .utf8)
            Issue.record("recorded \(name); unset RECORD_GOLDENS and run again", sourceLocation: sourceLocation)
            return
        }
        guard let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
            Issue.record("no golden \(name); record it with RECORD_GOLDENS=1", sourceLocation: sourceLocation)
            return
        }
        if expected != actual {
            Issue.record("\(name) differs from its golden:\n\(firstDifference(expected, actual))", sourceLocation: sourceLocation)
        }
    }

    /// The first differing line with a little context, so a failure is readable.
    static func firstDifference(_ expected: String, _ actual: String) -> String {
        let e = expected.components(separatedBy: "\n"), a = actual.components(separatedBy: "\n")
        for i in 0..<max(e.count, a.count) {
            let el = i < e.count ? e[i] : "<end of file>", al = i < a.count ? a[i] : "<end of file>"
            if el != al {
                func clip(_ s: String) -> String { s.count > 400 ? String(s.prefix(400)) + "…" : s }
                return "line \(i + 1):\n- \(clip(el))\n+ \(clip(al))"
            }
        }
        return "(no line differs; line endings?)"
    }
}
