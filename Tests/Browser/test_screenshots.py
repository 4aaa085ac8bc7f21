"""screenshots.py runs as documented and writes real full-page light and dark captures."""

import os
import subprocess
import sys
from pathlib import Path

import browser_support as bs

SCRIPT = Path(__file__).with_name("screenshots.py")


def test_screenshots_script_writes_light_and_dark_at_both_widths(tmp_path, render):
    render("garden")  # fails early with the binary's message if it cannot render
    result = subprocess.run([sys.executable, str(SCRIPT), str(tmp_path)], capture_output=True, text=True,
                            timeout=120, env=dict(os.environ))
    assert result.returncode == 0, result.stderr
    heights = {}
    top_left = {}
    for scheme in ("light", "dark"):
        for width in (390, 1024):
            path = tmp_path / f"garden-{scheme}-{width}.png"
            assert path.is_file(), f"{path.name} missing; wrote {sorted(p.name for p in tmp_path.iterdir())}"
            data = path.read_bytes()
            png_width, png_height = bs.png_size(data)
            assert png_width == width
            assert png_height > 1200, f"{path.name} is {png_height} px tall: not the full page"
            heights[scheme, width] = png_height
            image = bs.read_png(data, max_rows=120)
            top_left[scheme, width] = bs.pixel(image, 0, 0)
            # Not blank: the title is drawn within the first rows.
            colours = {bs.pixel(image, x, y) for y in range(0, 120, 3) for x in range(0, width, 3)}
            assert len(colours) > 8, f"{path.name} looks blank"
    # A narrow window wraps more, so the page is taller; the scheme does not change the layout.
    assert heights["light", 390] > heights["light", 1024]
    assert heights["light", 390] == heights["dark", 390] and heights["light", 1024] == heights["dark", 1024]
    for width in (390, 1024):
        assert sum(top_left["light", width]) > 600 and sum(top_left["dark", width]) < 150, top_left
