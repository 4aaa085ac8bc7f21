/// The scripts of a `preview --watch` page. `watch.js` asks for `reload.js` every second, as a
/// script element (a `fetch` of a `file:` URL is refused); `reload.js` names the version of the
/// preview now on disk, and the page reloads when it is not the one it shows. Both are files of
/// the output, allowed by `script-src 'self'` in the watching page's policy only.
package enum PreviewReloadScript {
    /// The file the page polls.
    package static let versionFile = "reload.js"
    /// The page's own watcher.
    package static let watcherFile = "watch.js"

    /// `reload.js` for a version (made by chatrender: digits and dashes).
    package static func versionScript(_ version: String) -> String {
        "window.crPreviewVersion && window.crPreviewVersion(\"\(version.filter { $0.isNumber || $0 == "-" })\");\n"
    }

    package static let watcher = """
        // chatrender preview --watch: reload when the preview on disk is newer than this page.
        (() => {
          const main = document.querySelector('[data-cr-pv-version]');
          if (!main) return;
          const shown = main.getAttribute('data-cr-pv-version');
          let count = 0;
          window.crPreviewVersion = (version) => { if (version !== shown) location.reload(); };
          setInterval(() => {
            const old = document.getElementById('cr-pv-reload');
            if (old) old.remove();
            const script = document.createElement('script');
            script.id = 'cr-pv-reload';
            script.src = 'reload.js?' + (++count);
            document.head.appendChild(script);
          }, 1000);
        })();

        """
}
