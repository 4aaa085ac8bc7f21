import Foundation
import Testing
import TestSupport

/// libvips is opened on first use, not linked: a run without photos never loads it, and a
/// missing libvips is reported, not a crash. Run in the built executable, because this test
/// process loads libvips for its photo tests.
@Suite struct LazyLibvipsTests {
    let textOnly = TestPaths.fixture("render/days.json")
    let photos = TestPaths.fixture("render/grids.json")

    #if os(Linux)
    /// glibc's loader lists every library it opens on stderr under LD_DEBUG=files.
    func loadedLibraries(_ arguments: [String], environment: [String: String] = [:]) throws -> (run: CLIRun, libvips: Bool) {
        let run = try CLIRun.run(arguments, environment: environment.merging(["LD_DEBUG": "files"]) { $1 })
        return (run, run.stderr.contains("file=libvips"))
    }

    @Test func textOnlyRunsNeverLoadLibvips() throws {
        let dir = TestPaths.temporaryFolder("lazyvips")
        let version = try loadedLibraries(["--version"])
        #expect(version.run.status == 0)
        #expect(!version.libvips)
        let text = try loadedLibraries(["render", textOnly, "--out", dir + "/text"])
        #expect(text.run.status == 0)
        #expect(!text.libvips, "a render without photos loaded libvips")
        // The same check sees libvips when a photo needs it.
        let photo = try loadedLibraries(["render", photos, "--out", dir + "/photos"])
        #expect(photo.run.status == 0)
        #expect(photo.libvips, "LD_DEBUG did not report libvips: the check above proves nothing")
    }

    @Test func missingLibvipsMakesPhotosUnavailableWithAnInstallHint() throws {
        // Unloadable files found first stand in for a machine without libvips.
        let libraries = TestPaths.temporaryFolder("novips")
        for name in ["libvips.so.42", "libvips.so"] {
            try "not a library".write(toFile: libraries + "/" + name, atomically: true, encoding: .utf8)
        }
        let dir = TestPaths.temporaryFolder("novips-out")
        let run = try CLIRun.run(["render", photos, "--out", dir + "/o"], environment: ["LD_LIBRARY_PATH": libraries])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("libvips (libvips.so.42) cannot be loaded"), "\(run.stderr)")
        #expect(run.stderr.contains("apt-get install libvips42"), "\(run.stderr)")
        // Said once for the whole render, not once per photo; the fixture's missing photo keeps
        // its own warning.
        let warnings = run.stderr.split(separator: "\n").filter { $0.contains("warning:") }
        let library = warnings.filter { $0.contains("libvips") }
        #expect(library.count == 1, "\(run.stderr)")
        #expect(library.first?.contains("; 8 photos are shown as unavailable") == true, "\(run.stderr)")
        #expect(warnings.contains { $0.contains("\"photos/nope.jpg\": no such file; the photo is shown as unavailable") }, "\(run.stderr)")
        let page = try String(contentsOfFile: dir + "/o/index.html", encoding: .utf8)
        #expect(page.contains("Photo unavailable"))
        // Text-only renders do not notice.
        let text = try CLIRun.run(["render", textOnly, "--out", dir + "/text"], environment: ["LD_LIBRARY_PATH": libraries])
        #expect(text.status == 0)
        #expect(!text.stderr.contains("warning"), "\(text.stderr)")
    }
    #endif
}
