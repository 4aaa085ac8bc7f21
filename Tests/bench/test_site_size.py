"""The size a site's claim rests on (bench/RESULTS.md: a site is at most twice its export's JSON),
held by the suite: every export shape bench/site/make_shapes.py makes — the ones that weigh most
on a site against its JSON — is rendered and measured as bench/site/size.py does. Sizes are bytes
on disk and the same from run to run; nothing here is timed.

The exports are a quarter of the bench's (500 conversations, or fewer for long ones) to keep the
suite short. `static/` (the site's one stylesheet and script, about 160 KB whatever the export) is
left out of the ratio: at a quarter of the size it would weigh four times its share. So is
`insights/` (the insights page and its data), which is held to its own bound instead: a part of
about a fixed size (a year of days, the charts and their tables) and a short row per conversation.

Run with `python -m pytest -q Tests/bench` from the repository root; CHATRENDER_BIN picks the binary
(the debug build by default).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench" / "site"))
import make_shapes  # noqa: E402
import size  # noqa: E402

SCALE = 0.25
LIMIT = 2.0
# insights/: at most this, plus this much per conversation (bytes).
INSIGHTS_FIXED = 200_000
INSIGHTS_PER_CONVERSATION = 200


@pytest.fixture(scope="module")
def binary() -> str:
    path = Path(os.environ.get("CHATRENDER_BIN", ROOT / ".build" / "debug" / "chatrender"))
    if not path.exists():
        pytest.fail(f"chatrender binary not found at {path}; run `swift build` or set CHATRENDER_BIN")
    return str(path)


@pytest.fixture(scope="module")
def exports(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("shapes")


@pytest.mark.parametrize("locale", [None, "de"])
@pytest.mark.parametrize("shape", ["bench", *make_shapes.SHAPES])
def test_a_site_is_at_most_twice_its_json(binary, exports, tmp_path, shape, locale):
    export = exports / shape / "conversations.json"
    if not export.exists():
        make_shapes.make(shape, exports, SCALE)
    site = tmp_path / "site"
    size.render(binary, export.parent, site, locale)
    parts = size.measure(site)
    pages = [p for p in site.glob("*/index.html") if p.parent.name != "insights"]
    assert len(pages) == max(1, round((2000 if shape == "bench" else make_shapes.SHAPES[shape][1]) * SCALE))
    assert parts["search text"] > 0 and parts["turn text"] > 0
    json_bytes = export.stat().st_size
    ratio = (sum(parts.values()) - parts["static"] - parts["insights"]) / json_bytes
    breakdown = ", ".join(f"{name} {parts[name] / json_bytes:.3f}" for name in size.COMPONENTS)
    assert ratio <= LIMIT, f"{shape} ({locale or 'en'}): site {ratio:.2f}× its JSON ({breakdown})"
    insights = INSIGHTS_FIXED + INSIGHTS_PER_CONVERSATION * len(pages)
    assert 0 < parts["insights"] <= insights, f"{shape} ({locale or 'en'}): insights/ {parts['insights']:,} bytes, past {insights:,}"
