"""Helpers for the composer browser tests and for looking at composer pages: the composer
examples, `chatrender preview`, and full-page screenshots in headless Chromium."""

from __future__ import annotations

import base64
import subprocess
import sys
from pathlib import Path

import browser_support as bs

ROOT = bs.ROOT
COMPOSER_FIXTURES = ROOT / "Tests" / "ChatRenderTests" / "Fixtures" / "composer"

# Conversations with a composer, by short name.
COMPOSER_PAGES = {
    "planning": ROOT / "examples" / "composers" / "planning.json",
    "research": ROOT / "examples" / "composers" / "research.json",
    "kitchen": ROOT / "examples" / "composers" / "kitchen.json",
    "dictation-idle": COMPOSER_FIXTURES / "valid" / "dictation-idle.json",
}


def preview(out: Path, *themes: Path) -> Path:
    """Runs `chatrender preview` for the given themes (the bundled SP and Paper themes when none)."""
    if not themes:
        themes = (ROOT / "themes" / "sp.resolver.json", ROOT / "themes" / "paper.resolver.json")
    args = [str(bs.chatrender_binary()), "preview", "--out", str(out), "--quiet"]
    for theme in themes:
        args += ["--theme", str(theme)]
    result = subprocess.run(args, env=bs.render_environment(), capture_output=True, text=True, timeout=120)
    if result.returncode != 0 or not (out / "index.html").is_file():
        raise RuntimeError(f"chatrender preview exited {result.returncode}:\n{result.stderr}")
    return out


def screenshot(driver, page: Path, target: Path, width: int, scheme: str = "light") -> Path:
    """A full-page PNG of `page` at `width` px in `scheme`."""
    bs.emulate_media(driver, prefers_color_scheme=scheme)
    bs.set_viewport(driver, width, 800)
    bs.open_page(driver, page)
    for _ in range(2):
        height = driver.execute_script("return Math.ceil(document.documentElement.scrollHeight)")
        bs.set_viewport(driver, width, min(height, 16000))
        bs.settle(driver)
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "fromSurface": True})
    target.write_bytes(base64.b64decode(shot["data"]))
    return target


def main(argv: list[str]) -> int:
    """`python composer_support.py OUTDIR [page.html …]`: screenshots of pages at 390 and 1024 px."""
    outdir = Path(argv[0])
    outdir.mkdir(parents=True, exist_ok=True)
    driver = bs.start_chrome(logging=False)
    try:
        for page in argv[1:]:
            path = Path(page)
            for width in (390, 1024):
                for scheme in ("light", "dark"):
                    name = f"{path.parent.name}-{scheme}-{width}.png"
                    screenshot(driver, path, outdir / name, width, scheme)
                    print(outdir / name)
    finally:
        driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
