"""The sessions the huge-session bench renders (bench/huge/make_session.py) are in the real shape:
a small one of each kind renders with no warning (a line the reader did not know would be one),
every prompt of the generator is a turn of the page, and past --split-over the page is written in
chunks, each a script of the page's folder. Nothing here is timed.

Run with `python -m pytest -q Tests/bench` from the repository root; CHATRENDER_BIN picks the
binary (the debug build by default)."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GENERATOR = ROOT / "bench" / "huge" / "make_session.py"


@pytest.fixture(scope="module")
def binary() -> str:
    path = Path(os.environ.get("CHATRENDER_BIN", ROOT / ".build" / "debug" / "chatrender"))
    if not path.exists():
        pytest.fail(f"chatrender binary not found at {path}; run `swift build` or set CHATRENDER_BIN")
    return str(path)


@pytest.mark.parametrize("kind", ["claude-code", "codex"])
def test_a_generated_session_renders_whole_and_in_chunks(binary, tmp_path, kind):
    name = "9e1f4c2a-7b3d-4e58-a6c0-2d8f5b1e3a97.jsonl" if kind == "claude-code" else \
        "rollout-2026-10-01T00-00-00-019a2b3c-4d5e-7f60-8a71-b2c3d4e5f607.jsonl"
    log = tmp_path / name
    made = subprocess.run([sys.executable, str(GENERATOR), str(log), "--mb", "3", "--seed", "11"]
                          + (["--codex"] if kind == "codex" else []), capture_output=True, text=True, check=True)
    prompts = int(re.search(r": (\d+) prompts", made.stdout).group(1))
    assert prompts > 100
    out = tmp_path / "out"
    env = dict(os.environ, CHATRENDER_DATA=str(ROOT), XDG_CACHE_HOME=str(tmp_path / "cache"))
    done = subprocess.run([binary, "render", str(log), "--out", str(out), "--split-over", "200KB"],
                          capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "warning" not in done.stderr, done.stderr
    page = (out / "index.html").read_text(encoding="utf-8")
    chunks = sorted((out / "chunks").iterdir(), key=lambda p: int(p.stem))
    assert len(chunks) >= 1
    # Every prompt is a turn: on the page, or in a chunk loaded later.
    text = page + "".join(c.read_text(encoding="utf-8") for c in chunks)
    users = len(re.findall(r'class=\\?"cr-turn cr-turn--user\\?"', text))
    assert users == prompts
    holders = re.findall(r'id="cr-chunk-(\d+)"', page)
    assert [int(n) for n in holders] == [int(c.stem) for c in chunks]
