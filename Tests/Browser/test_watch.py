"""`render --watch`: a page opened from file:// follows a Claude Code session as lines are appended
to it. A new turn shows within 2 s of its line being written, the reader's place on the page is
kept, a part the reader opened stays open, the policy stays strict (no inline script beyond the
page's own hashes, scripts only from the page's folder), a line still being written waits for its
line break, and Ctrl-C leaves a complete page, which the open page also takes as its last form.
The same page served over HTTP (by any static server; here Python's, on 127.0.0.1) follows too."""

from __future__ import annotations

import functools
import http.server
import json
import re
import threading
import signal
import subprocess
import time
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

import browser_support as bs

SESSION = "4b7d2e10-9c3a-4f58-8e21-6a0c5d9f3b72"
WORDS = ("the seedlings need light before the last frost so the tray sits by the south window "
         "while the compost warms and the beds are turned").split()


class Session:
    """A Claude Code session log written line by line, in the shape Claude Code writes."""

    def __init__(self, path: Path):
        self.path = path
        self.parent = None
        self.count = 0
        self.clock = 0
        path.write_text("", encoding="utf-8")

    def _line(self, kind: str, message: dict) -> str:
        self.count += 1
        self.clock += 7
        uuid = f"{SESSION[:8]}-{self.count:04d}-4000-8000-{self.count:012d}"
        record = {
            "parentUuid": self.parent, "isSidechain": False, "userType": "external",
            "cwd": "/home/sam/src/garden", "sessionId": SESSION, "version": "2.1.30",
            "gitBranch": "main", "type": kind, "message": message, "uuid": uuid,
            "timestamp": f"2026-11-03T09:{self.clock // 60 % 60:02d}:{self.clock % 60:02d}.000Z",
        }
        if kind == "assistant":
            record["requestId"] = f"req_{self.count:08d}"
        self.parent = uuid
        return json.dumps(record) + "\n"

    def prompt(self, text: str) -> str:
        return self._line("user", {"role": "user", "content": text})

    def reply(self, text: str, tool: dict | None = None) -> str:
        content = [{"type": "text", "text": text}]
        if tool:
            content.append(tool)
        return self._line("assistant", {
            "id": f"msg_{self.count:08d}", "type": "message", "role": "assistant",
            "model": "claude-sonnet-4-5-20250929", "content": content, "stop_reason": "end_turn",
            "stop_sequence": None,
            "usage": {"input_tokens": 40, "cache_creation_input_tokens": 100,
                      "cache_read_input_tokens": 2000, "output_tokens": 60}})

    def tool_result(self, tool_id: str, text: str) -> str:
        return self._line("user", {"role": "user", "content": [
            {"tool_use_id": tool_id, "type": "tool_result", "content": text}]})

    def append(self, text: str) -> None:
        with self.path.open("a", encoding="utf-8") as f:
            f.write(text)
            f.flush()


def words(n: int, seed: int) -> str:
    return " ".join(WORDS[(seed * 7 + i * 3) % len(WORDS)] for i in range(n)).capitalize() + "."


def exchange(session: Session, i: int) -> str:
    paragraphs = "\n\n".join(words(30, i * 5 + k) for k in range(3))
    return session.prompt(f"Question {i}: {words(8, i)}") + session.reply(f"Answer {i}. {paragraphs}")


@pytest.fixture
def watched(tmp_path):
    """A session of 12 exchanges being watched; yields (session, out folder, process)."""
    session = Session(tmp_path / f"{SESSION}.jsonl")
    session.append("".join(exchange(session, i) for i in range(12)))
    out = tmp_path / "out"
    args = [str(bs.chatrender_binary()), "render", "--watch", str(session.path), "--out", str(out)]
    if not bs.bundled_theme_available():
        args += ["--theme", str(bs.write_fixture_theme(tmp_path / "theme"))]
    process = subprocess.Popen(args, env=bs.render_environment(), stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    while not (out / "index.html").is_file():
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            pytest.fail(f"no page from render --watch:\n{process.communicate()[1]}")
        time.sleep(0.05)
    yield session, out, process
    if process.poll() is None:
        process.kill()
        process.wait()


def turn_count(driver) -> int:
    return driver.execute_script("return document.querySelectorAll('.cr-chat .cr-turn').length")


def wait_for(driver, condition, timeout: float) -> float:
    """Seconds until `condition(driver)` held; fails after `timeout`."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if condition(driver):
            return time.monotonic() - start
        time.sleep(0.02)
    raise AssertionError(f"not within {timeout} s")


def test_a_new_turn_shows_within_two_seconds_and_the_place_is_kept(driver, watched):
    session, out, process = watched
    driver.get((out / "index.html").as_uri())
    bs.settle(driver)
    assert turn_count(driver) == 24
    assert driver.execute_script("return document.documentElement.getAttribute('data-cr-live')") == "1"
    # The policy: inline scripts by hash only, scripts of the page's own folder, nothing else.
    policy = driver.find_element(By.CSS_SELECTOR, "meta[http-equiv='Content-Security-Policy']").get_attribute("content")
    script_src = next(d for d in policy.split(";") if d.strip().startswith("script-src")).split()[1:]
    assert "'unsafe-inline'" not in script_src and "'unsafe-eval'" not in script_src
    assert set(script_src) - {"'self'"} and all(s == "'self'" or s.startswith("'sha256-") for s in script_src)
    assert "default-src 'none'" in policy

    # The reader is in the middle of the page, turn 9 at the top of the window.
    driver.execute_script("document.getElementById('cr-t9').scrollIntoView({block: 'start'})")
    time.sleep(0.2)
    before = driver.execute_script(
        "return {y: scrollY, top: document.getElementById('cr-t9').getBoundingClientRect().top}")

    driver.get_log("browser")
    session.append(exchange(session, 12))
    written = time.monotonic()
    wait_for(driver, lambda d: turn_count(d) == 26, 5)
    elapsed = time.monotonic() - written
    assert elapsed <= 2.0, f"the new turn took {elapsed:.2f} s to show"
    text = driver.execute_script("return document.getElementById('cr-t24').textContent")
    assert "Question 12" in text
    after = driver.execute_script(
        "return {y: scrollY, top: document.getElementById('cr-t9').getBoundingClientRect().top}")
    assert abs(after["top"] - before["top"]) <= 1, (before, after)
    # The turns put back in place do not play the page's entrance again (it moved them half a
    # rem under the reader's eyes), and the place holds once everything has settled.
    assert driver.execute_script(
        "return document.getAnimations().filter(a => a.animationName === 'cr-turn-in' && a.playState === 'running').length") == 0
    time.sleep(0.5)
    settled = driver.execute_script("return document.getElementById('cr-t9').getBoundingClientRect().top")
    assert abs(settled - before["top"]) <= 1, (before, settled)
    # "Jump to latest" leads to the new turn; the screen reader heard of it.
    end = driver.find_element(By.CSS_SELECTOR, ".cr-jump-end")
    assert end.get_attribute("href").endswith("#cr-t25")
    wait_for(driver, lambda d: d.execute_script(
        "return (document.querySelector('[role=status][aria-live]') || {}).textContent") == "2 new turns", 2)
    # One live region on the page: a copy's result is said where the update was.
    driver.execute_script("window.crAnnounce('Copied')")
    wait_for(driver, lambda d: d.execute_script(
        "return [...document.querySelectorAll('[role=status][aria-live]')].map(e => e.textContent)") == ["Copied"], 2)
    errors = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE" and "live/" not in e["message"]]
    assert errors == []


@pytest.fixture
def served(watched):
    """The watched folder served over HTTP on 127.0.0.1 by a static server, not chatrender's."""
    _, out, _ = watched

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(out)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/index.html"
    server.shutdown()
    server.server_close()


def test_over_http_a_new_turn_shows_within_two_seconds(driver, watched, served):
    session, _, _ = watched
    driver.get(served)
    bs.settle(driver)
    assert turn_count(driver) == 24
    driver.get_log("browser")
    session.append(exchange(session, 12))
    written = time.monotonic()
    wait_for(driver, lambda d: turn_count(d) == 26, 5)
    elapsed = time.monotonic() - written
    assert elapsed <= 2.0, f"the new turn took {elapsed:.2f} s to show"
    assert "Question 12" in driver.execute_script("return document.getElementById('cr-t24').textContent")
    # Nothing the policy refused (a missing update, asked for before it is written, is no error
    # of the page's: the server answers 404).
    errors = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE" and "live/" not in e["message"]]
    assert errors == []


def test_a_half_written_line_waits_and_an_opened_part_stays_open(driver, watched):
    session, out, process = watched
    driver.get((out / "index.html").as_uri())
    bs.settle(driver)
    # A tool call whose result is not written yet: the reader opens it.
    call = {"type": "tool_use", "id": "toolu_01watch", "name": "Bash",
            "input": {"command": "ls beds/", "description": "List the beds"}}
    session.append(session.prompt("What beds are there?") + session.reply("Looking.", tool=call))
    wait_for(driver, lambda d: turn_count(d) == 26, 5)
    opened = driver.execute_script("""
        const d = document.querySelector('#cr-t25 details[id]');
        if (!d) return null;
        d.open = true;
        return d.id;""")
    assert opened
    # Half a line: nothing changes until its line break is written.
    result = session.tool_result("toolu_01watch", "north\nsouth\nherbs")
    session.append(result[: len(result) // 2])
    time.sleep(1.2)
    assert "herbs" not in driver.execute_script("return document.getElementById('cr-t25').textContent")
    session.append(result[len(result) // 2:])
    wait_for(driver, lambda d: "herbs" in d.execute_script(
        "return document.getElementById('cr-t25').textContent"), 5)
    assert driver.execute_script(f"return document.getElementById('{opened}').open") is True
    # The process told no warning about the half line.
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=30)
    assert "left out" not in err, err


def test_a_page_further_behind_than_the_updates_kept_reloads(driver, watched):
    session, out, process = watched
    driver.get((out / "index.html").as_uri())
    bs.settle(driver)
    driver.execute_script("window.crMarker = 1")
    # The folder says its first update kept is later than the one this page asks for next.
    driver.execute_script("window.crLiveFirst(5)")
    wait_for(driver, lambda d: d.execute_script("return window.crMarker === undefined && document.readyState === 'complete'"), 5)
    assert turn_count(driver) == 24
    # A page not behind stays as it is.
    driver.execute_script("window.crMarker = 1; window.crLiveFirst(1)")
    time.sleep(0.3)
    assert driver.execute_script("return window.crMarker") == 1
    # And the folder's own first.js names the first update kept.
    assert (out / "live" / "first.js").read_text() == "window.crLiveFirst && window.crLiveFirst(1);\n"


def test_ctrl_c_leaves_a_complete_page_and_the_open_page_stops_asking(driver, watched, axe_source):
    session, out, process = watched
    driver.get((out / "index.html").as_uri())
    bs.settle(driver)
    session.append(exchange(session, 12))
    wait_for(driver, lambda d: turn_count(d) == 26, 5)
    process.send_signal(signal.SIGINT)
    code = process.wait(timeout=30)
    assert code == 0
    # The open page took the last form: no longer live, no longer asking.
    wait_for(driver, lambda d: d.execute_script(
        "return !document.documentElement.hasAttribute('data-cr-live')"), 5)
    assert "No longer live" in driver.find_element(By.CSS_SELECTOR, ".cr-live").text
    # The page on disk is whole: every turn, closed markup, the final status.
    html = (out / "index.html").read_text(encoding="utf-8")
    assert html.rstrip().endswith("</html>")
    assert "data-cr-live=" not in re.search(r"<html[^>]*>", html).group(0) and "cr-live--stopped" in html
    assert html.count('class="cr-turn cr-turn--') == 26
    assert not [p for p in out.parent.iterdir() if p.name.startswith(".out") or p.name.endswith(".tmp")]
    # Opened afresh, the same page, and axe-clean.
    driver.get((out / "index.html").as_uri())
    bs.settle(driver)
    assert turn_count(driver) == 26
    result = bs.run_axe(driver, axe_source)
    assert result["violations"] == [], bs.format_violations(result["violations"])
