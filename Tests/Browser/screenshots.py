"""Renders the garden example and saves full-page screenshots, light and dark, at phone and tablet
widths: OUTDIR/garden-{light,dark}-{390,1024}.png.

    python Tests/Browser/screenshots.py OUTDIR

Uses $CHATRENDER_BIN (else the repository's debug build) and headless Chromium; waits for every
image and animation before each capture."""

from __future__ import annotations

import argparse
import base64
import sys
import tempfile
from pathlib import Path

import browser_support as bs

WIDTHS = (390, 1024)
SCHEMES = ("light", "dark")


def capture(outdir: Path, conversation: str = "garden") -> list[Path]:
    outdir.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory(prefix="chatrender-shots-") as scratch:
        scratch = Path(scratch)
        theme = None if bs.bundled_theme_available() else bs.write_fixture_theme(scratch / "theme")
        page = scratch / "page"
        bs.render(bs.CONVERSATIONS[conversation], page, theme=theme)
        driver = bs.start_chrome(logging=False)
        try:
            for scheme in SCHEMES:
                for width in WIDTHS:
                    bs.emulate_media(driver, prefers_color_scheme=scheme)
                    bs.set_viewport(driver, width, 800)
                    bs.open_page(driver, page / "index.html")
                    height = driver.execute_script("return Math.ceil(document.documentElement.scrollHeight)")
                    bs.set_viewport(driver, width, height)
                    bs.settle(driver)
                    # The taller viewport may have changed the layout; follow it once more.
                    height = driver.execute_script("return Math.ceil(document.documentElement.scrollHeight)")
                    bs.set_viewport(driver, width, height)
                    bs.settle(driver)
                    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "fromSurface": True})
                    path = outdir / f"{conversation}-{scheme}-{width}.png"
                    path.write_bytes(base64.b64decode(shot["data"]))
                    written.append(path)
        finally:
            driver.quit()
    return written


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir", type=Path)
    args = parser.parse_args(argv)
    for path in capture(args.outdir):
        width, height = bs.png_size(path.read_bytes())
        print(f"{path} ({width}×{height})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
