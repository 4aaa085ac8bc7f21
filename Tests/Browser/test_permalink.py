"""A turn's link (`index.html#cr-tN`) opened cold: the reader sees that turn at once, at the top of
the window, and it stays there while the page settles.

Two things stood in the way. The turns read first move in (opacity 0 and half a rem lower at the
start), so a link to one of them landed on a blank window that faded in and ended 8 px off. And
turns off screen are laid out only as they near it (`content-visibility`), each group of 16 then
taking its real height in place of its estimate: Chrome and Firefox keep the target in place by
scroll anchoring, a browser without it (Safari before 27) let the target slide away, 11,940 px on
a phone. Pages made from the templates plus `:root { overflow-anchor: none }` stand for such a
browser here, with the script and without.

A note for screenshots of such a link: `chromium --headless --screenshot 'page.html#cr-t4'` is no
witness. It draws the page from its top while painting only what the scrolled window shows, so
any target more than a window down comes out blank, on any page, even plain HTML. These tests
capture through the DevTools protocol instead, which shows what the window shows."""

from __future__ import annotations

import base64
import json
import random
import shutil
import subprocess
import time

import pytest

import browser_support as bs

TURNS = 400
WORDS = ("the garden bed needs more compost and water before spring planting tomatoes basil soil "
         "drainage raised cedar frame mulch slugs trellis seedlings harvest").split()
PHOTOS = ["backyard-fence.jpg", "backyard-lawn.jpg", "backyard-maple.jpg", "corner-noon.jpg", "shed-door.jpg", "trellis.jpg"]

# Where the target is, what is drawn at the top of the window, and how visible the target is.
STATE_JS = """
const target = document.getElementById(arguments[0]);
const box = target.getBoundingClientRect();
const column = document.querySelector('.cr-chat').getBoundingClientRect();
const hits = [box.top + 4, box.top + 24].map(y => {
  const e = document.elementFromPoint(column.left + column.width / 2, Math.max(1, Math.min(innerHeight - 1, y)));
  const turn = e && e.closest('.cr-turn');
  return turn ? turn.id : (e ? e.tagName : null);
});
let opacity = 1;
for (let e = target; e && e.nodeType === 1; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
return {top: box.top, y: scrollY, height: innerHeight, total: document.documentElement.scrollHeight,
        hits: hits, opacity: opacity, margin: parseFloat(getComputedStyle(target).scrollMarginTop) || 0};
"""


def tall_conversation(turns: int) -> dict:
    """Turns far taller than the page's estimate of 8rem: photos, long replies, code of 10 to 40 lines."""
    rng = random.Random(31)

    def sentence(n: int) -> str:
        return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."

    messages = []
    for i in range(turns // 2):
        prompt = {"id": f"u{i}", "role": "user", "text": sentence(rng.randint(5, 40))}
        if i % 3 == 0:
            prompt["attachments"] = [{"id": f"p{i}-{k}", "name": name, "byteCount": 90000, "contentType": "image/jpeg",
                                      "preview": name, "alt": f"Garden photo {k + 1}"}
                                     for k, name in enumerate(rng.sample(PHOTOS, rng.randint(1, 4)))]
        messages.append(prompt)
        blocks = [sentence(rng.randint(20, 120)) for _ in range(rng.randint(2, 6))]
        if i % 2 == 0:
            lines = "\n".join(f"beds[{j}] = plant({j}, 'basil')" for j in range(rng.randint(10, 40)))
            blocks.append(f"```python\n{lines}\n```")
        messages.append({"id": f"a{i}", "role": "assistant", "text": "\n\n".join(blocks)})
    return {"title": "Four hundred tall turns about a garden", "markup": "full", "messages": messages}


def templates_without_anchoring(folder):
    """The bundled templates and one rule more: a page made from them behaves as in a browser
    without scroll anchoring, script or not."""
    templates = folder / "templates"
    shutil.copytree(bs.ROOT / "templates", templates)
    (templates / "zz-no-anchoring.css").write_text(":root { overflow-anchor: none; }\n", encoding="utf-8")
    return templates


def write_page(folder, turns: int, theme_args: dict, *extra: str):
    for name in PHOTOS:
        shutil.copy(bs.ROOT / "examples" / "garden" / name, folder / name)
    source = folder / "conversation.json"
    source.write_text(json.dumps(tall_conversation(turns)), encoding="utf-8")
    bs.render(source, folder / "page", *extra, **theme_args)
    return folder / "page" / "index.html"


@pytest.fixture(scope="module")
def tall_page(tmp_path_factory, theme_args):
    """400 turns in 25 groups of 16."""
    return write_page(tmp_path_factory.mktemp("permalink-long"), TURNS, theme_args)


@pytest.fixture(scope="module")
def unanchored_page(tmp_path_factory, theme_args):
    """The same 400 turns as in a browser without scroll anchoring."""
    folder = tmp_path_factory.mktemp("permalink-unanchored")
    return write_page(folder, TURNS, theme_args, "--templates", str(templates_without_anchoring(folder)))


@pytest.fixture(scope="module")
def short_page(tmp_path_factory, theme_args):
    """16 turns: not grouped, each turn skipped on its own while off screen."""
    return write_page(tmp_path_factory.mktemp("permalink-short"), 16, theme_args)


# Something above the turn that settles late (as a group further up may in a browser whose margin
# for laying out turns near the window is wider): two frames after the page has loaded, when the
# browser no longer keeps to the link's turn by itself, the turn before the target grows by
# 3,000 px. Filled in with the target's id, and whether the reader turns the wheel first.
GROWS_LATE_JS = """
addEventListener('load', () => requestAnimationFrame(() => requestAnimationFrame(() => {
  const target = document.getElementById(%(turn)s);
  if (%(wheel)s) dispatchEvent(new WheelEvent('wheel', {deltaY: 40}));
  target.previousElementSibling.style.paddingBlockEnd = '3000px';
  document.documentElement.dataset.grew = String(scrollY);
})));
"""


def open_cold(driver, path, turn: str, width: int = 1024, height: int = 900, reduce_motion: bool = False,
              also: str | None = None) -> dict:
    """Opens the link as a reader does, from another page, and returns the state right after load."""
    bs.set_viewport(driver, width, height)
    if reduce_motion:
        bs.emulate_media(driver, prefers_reduced_motion="reduce")
    driver.get("about:blank")
    script = None
    if also:
        script = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": also})["identifier"]
    try:
        driver.get(f"{path.as_uri()}#{turn}")
        return driver.execute_script(STATE_JS, turn)
    finally:
        if script is not None:
            driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script})


def assert_unanchored(driver) -> None:
    assert driver.execute_script("return getComputedStyle(document.documentElement).overflowAnchor") == "none"


def settled(driver, turn: str, seconds: float = 1.5) -> dict:
    """The state once images and the turns near the window have had time to arrive."""
    time.sleep(seconds)
    driver.execute_async_script("""
      const done = arguments[arguments.length - 1];
      document.fonts.ready.then(() => requestAnimationFrame(() => requestAnimationFrame(() => done(0))));
    """)
    return driver.execute_script(STATE_JS, turn)


def assert_shown(state: dict, turn: str, when: str) -> None:
    # At the top of the window (below its scroll margin), fully drawn, and what is drawn up there.
    assert abs(state["top"] - state["margin"]) <= 2, f"{when}: {turn} is {state['top']:.1f} px from the top: {state}"
    assert state["opacity"] == 1, f"{when}: {turn} is drawn at opacity {state['opacity']:.2f}: {state}"
    assert state["hits"] == [turn, turn], f"{when}: the window's top shows {state['hits']}"


def screenshot_rows(driver, rows: int):
    data = base64.b64decode(driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})["data"])
    return bs.read_png(data, max_rows=rows)


def assert_not_blank(driver, state: dict) -> None:
    """The window's top, captured as the reader sees it, holds more than the page's background."""
    image = screenshot_rows(driver, 160)
    width = image[0]
    background = bs.css_rgb(driver.execute_script("return getComputedStyle(document.body).backgroundColor"))
    inked = sum(1 for y in range(0, 160, 2) for x in range(0, width, 2)
                if max(abs(a - b) for a, b in zip(bs.pixel(image, x, y), background)) > 40)
    assert inked > 150, f"the top of the window is blank ({inked} inked samples): {state}"


# --- Far down a long page ------------------------------------------------------------------------

@pytest.mark.parametrize("width,height", [(1024, 900), (390, 844)])
@pytest.mark.parametrize("turn", ["cr-t97", "cr-t250"])
def test_a_link_far_down_shows_its_turn_at_once_and_keeps_it(driver, tall_page, turn, width, height):
    state = open_cold(driver, tall_page, turn, width, height)
    assert state["y"] > 20000, state  # far down: thousands of pixels of skipped turns above
    assert_shown(state, turn, "right after load")
    assert_not_blank(driver, state)
    assert_shown(settled(driver, turn), turn, "once settled")


@pytest.mark.parametrize("width,height", [(1024, 900), (390, 844)])
@pytest.mark.parametrize("turn", ["cr-t97", "cr-t161", "cr-t250"])
def test_without_scroll_anchoring_the_turn_stays_too(driver, unanchored_page, turn, width, height):
    """The group above the target's would take its real height after the jump; in a browser
    without scroll anchoring only the page itself keeps the target in the window."""
    state = open_cold(driver, unanchored_page, turn, width, height)
    assert_unanchored(driver)
    assert_shown(state, turn, "right after load")
    assert_shown(settled(driver, turn), turn, "once settled")


@pytest.mark.parametrize("width,height", [(1024, 900), (390, 844)])
def test_what_settles_above_after_the_jump_does_not_move_the_turn(driver, unanchored_page, width, height):
    grows = GROWS_LATE_JS % {"turn": json.dumps("cr-t97"), "wheel": "false"}
    open_cold(driver, unanchored_page, "cr-t97", width, height, also=grows)
    assert_unanchored(driver)
    state = settled(driver, "cr-t97")
    assert driver.execute_script("return document.documentElement.dataset.grew") is not None
    assert_shown(state, "cr-t97", "after a late change above")


def test_the_reader_scrolling_ends_the_hold(driver, unanchored_page):
    """A wheel, touch, key or click is the reader's: the page no longer moves to the turn."""
    grows = GROWS_LATE_JS % {"turn": json.dumps("cr-t97"), "wheel": "true"}
    open_cold(driver, unanchored_page, "cr-t97", also=grows)
    state = settled(driver, "cr-t97")
    assert driver.execute_script("return document.documentElement.dataset.grew") is not None
    assert state["top"] > 2500, f"the page took the window back from the reader: {state}"


def test_a_reload_is_not_taken_back_to_the_turn(driver, tall_page):
    """Reload restores where the reader was (the browser's own doing, and not to the pixel on a
    page whose groups forget their heights on reload), never the turn the link named."""
    open_cold(driver, tall_page, "cr-t97")
    settled(driver, "cr-t97", seconds=0.5)
    driver.execute_script("scrollBy(0, -5000)")
    settled(driver, "cr-t97", seconds=0.3)
    driver.refresh()
    assert driver.execute_script("return performance.getEntriesByType('navigation')[0].type") == "reload"
    after = settled(driver, "cr-t97")
    assert abs(after["top"] - after["margin"]) > 500, f"the reload was taken back to the turn: {after}"


# --- The turns read first -------------------------------------------------------------------------

@pytest.mark.parametrize("reduce_motion", [False, True])
@pytest.mark.parametrize("page,turn", [("tall", "cr-t4"), ("tall", "cr-t9"), ("short", "cr-t11")])
def test_a_link_to_one_of_the_first_turns_shows_it_without_the_entrance(driver, tall_page, short_page, page, turn, reduce_motion):
    """The first twelve turns move in when the page opens at its top; opened at a turn, nothing
    fades: the target is drawn at once and ends where it landed, not half a rem off."""
    path = tall_page if page == "tall" else short_page
    state = open_cold(driver, path, turn, reduce_motion=reduce_motion)
    assert_shown(state, turn, "right after load")
    assert_not_blank(driver, state)
    assert_shown(settled(driver, turn), turn, "once settled")


def test_opened_at_its_top_the_page_still_moves_in(driver, tall_page):
    """Without a link to a turn the entrance is as before, and it does not play again when the
    reader follows a permalink and comes Back."""
    bs.set_viewport(driver, 1024, 900)
    driver.get("about:blank")
    driver.get(tall_page.as_uri())
    durations = driver.execute_script(
        "return Array.from(document.querySelectorAll('.cr-turns:first-child > .cr-turn')).slice(0, 3)"
        ".map(t => getComputedStyle(t).animationDuration)")
    assert len(durations) == 3 and "0s" not in durations, durations
    settled(driver, "cr-t0", seconds=0.5)
    link = driver.find_element("css selector", "#cr-t2 .cr-permalink")
    driver.execute_script("arguments[0].click()", link)
    assert driver.execute_script("return location.hash") == "#cr-t2"
    driver.back()
    time.sleep(0.1)
    replaying = driver.execute_script(
        "return document.getAnimations().filter(a => a.playState === 'running' && a.effect.target.matches('.cr-turn')).length")
    assert replaying == 0, "the entrance played again after Back"


# --- What is laid out with the target ---------------------------------------------------------------

# Each group's (or, on a page without groups, each turn's) content-visibility and the first
# turn's entrance duration, read when the page has been parsed (DOMContentLoaded: after the
# page's script, before the browser's jump is counted as done) and now.
LAYOUT_JS = """
const boxes = document.querySelector('.cr-chat > .cr-turns') ? '.cr-chat > .cr-turns' : '.cr-chat > .cr-turn';
return {parsed: JSON.parse(document.documentElement.dataset.parsed || 'null'),
        now: [...document.querySelectorAll(boxes)].map(e => getComputedStyle(e).contentVisibility),
        entrance: getComputedStyle(document.querySelector('.cr-chat .cr-turn')).animationDuration};
"""
AT_PARSED_JS = """
addEventListener('DOMContentLoaded', () => {
  const boxes = document.querySelector('.cr-chat > .cr-turns') ? '.cr-chat > .cr-turns' : '.cr-chat > .cr-turn';
  document.documentElement.dataset.parsed = JSON.stringify(
    [...document.querySelectorAll(boxes)].map(e => getComputedStyle(e).contentVisibility));
});
"""


def laid_out(values: list) -> list:
    return [i for i, value in enumerate(values) if value == "visible"]


@pytest.mark.parametrize("script", [True, False])
def test_what_sits_above_the_target_is_laid_out_before_the_jump(driver, tall_page, short_page, script):
    """The page's script does what the stylesheet does without it: opened at a turn, the group
    right above the turn's is laid out (and the last two, as always), on a page without groups
    every turn above it; the first turns' entrance is cut. Followed from the page, a link moves
    that to its own turn, and Back to the top takes it away."""
    driver.get("about:blank")
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": not script})
    try:
        state = open_cold(driver, tall_page, "cr-t97", also=AT_PARSED_JS if script else None)
        assert_shown(state, "cr-t97", "right after load")
        layout = driver.execute_script(LAYOUT_JS)
        groups = len(layout["now"])
        assert laid_out(layout["now"]) == [5, groups - 2, groups - 1], layout  # cr-t97 is in group 6 of 16 turns
        assert layout["entrance"] == "0s", layout
        if script:
            assert layout["parsed"] == layout["now"], "the script marked the group only after the page was parsed"
            link = driver.find_element("css selector", "#cr-t97 .cr-permalink")
            driver.execute_script("location.hash = '#cr-t250'")
            assert laid_out(driver.execute_script(LAYOUT_JS)["now"]) == [14, groups - 2, groups - 1]
            driver.back()
            assert driver.execute_script("return location.hash") == "#cr-t97"
            assert laid_out(driver.execute_script(LAYOUT_JS)["now"]) == [5, groups - 2, groups - 1]
            driver.execute_script("history.replaceState(null, '', location.pathname); dispatchEvent(new HashChangeEvent('hashchange'))")
            layout = driver.execute_script(LAYOUT_JS)
            assert laid_out(layout["now"]) == [groups - 2, groups - 1] and layout["entrance"] != "0s", layout
            driver.execute_script("arguments[0].click()", link)
            assert laid_out(driver.execute_script(LAYOUT_JS)["now"]) == [5, groups - 2, groups - 1]
        state = open_cold(driver, short_page, "cr-t11", also=AT_PARSED_JS if script else None)
        assert_shown(state, "cr-t11", "right after load, a page without groups")
        layout = driver.execute_script(LAYOUT_JS)
        assert laid_out(layout["now"]) == list(range(11)) + [13, 14, 15], layout
        if script:
            assert layout["parsed"] == layout["now"]
    finally:
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


# --- Without the script ----------------------------------------------------------------------------

@pytest.mark.parametrize("unanchored", [False, True])
@pytest.mark.parametrize("turn", ["cr-t9", "cr-t97", "cr-t250"])
def test_without_javascript_the_link_still_lands_on_its_turn(driver, tall_page, unanchored_page, turn, unanchored):
    """Only the stylesheet then: the first turns do not fade, and what sits right above the turn is
    laid out with it, with scroll anchoring or without."""
    driver.get("about:blank")
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        state = open_cold(driver, unanchored_page if unanchored else tall_page, turn, 390, 844)
        assert driver.execute_script("return document.querySelectorAll('button.cr-code-copy').length") == 0, "the script ran"
    finally:
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    assert_shown(state, turn, "without the script, right after load")
    assert_shown(settled(driver, turn), turn, "without the script, once settled")


# --- A site's page --------------------------------------------------------------------------------

def test_a_site_page_opened_at_a_turn_shows_it(driver, tmp_path, theme_args):
    """A site's conversation page, opened cold at a turn far down (what a search result opens)."""
    export = tmp_path / "export"
    export.mkdir()
    mapping, parent = {"root": {"id": "root", "message": None, "parent": None, "children": []}}, "root"
    rng = random.Random(8)
    for n in range(240):
        role = "user" if n % 2 == 0 else "assistant"
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(10, 160 if role == "assistant" else 30)))
        if role == "assistant" and n % 4 == 1:
            text += "\n\n```python\n" + "\n".join(f"beds[{j}] = plant({j})" for j in range(rng.randint(5, 30))) + "\n```"
        node = f"n{n}"
        mapping[node] = {"id": node, "parent": parent, "children": [], "message": {
            "id": node, "author": {"role": role, "name": None, "metadata": {}}, "create_time": 1_765_000_000 + n * 60,
            "content": {"content_type": "text", "parts": [text]}, "status": "finished_successfully",
            "metadata": {}, "recipient": "all"}}
        mapping[parent]["children"].append(node)
        parent = node
    (export / "conversations.json").write_text(json.dumps([{
        "title": "Garden", "create_time": 1_765_000_000, "update_time": 1_765_000_000,
        "mapping": mapping, "current_node": parent}]), encoding="utf-8")
    pages = {}
    for anchoring in (True, False):
        out = tmp_path / f"site-{anchoring}"
        extra = [] if anchoring else ["--templates", str(templates_without_anchoring(tmp_path))]
        result = subprocess.run([str(bs.chatrender_binary()), "render", "--from", "chatgpt", str(export), "--out", str(out),
                                 "--quiet", *extra], env=bs.render_environment(), capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, result.stderr
        pages[anchoring] = next(p for p in out.glob("*/index.html") if p.parent.name not in ("search", "static"))
    for anchoring, page in pages.items():
        state = open_cold(driver, page, "cr-t181", 390, 844)
        if not anchoring:
            assert_unanchored(driver)
        assert state["margin"] > 0, "a site marks the turn a result opened and keeps it off the window's edge"
        assert_shown(state, "cr-t181", f"site page, anchoring={anchoring}, right after load")
        assert_not_blank(driver, state)
        assert_shown(settled(driver, "cr-t181"), "cr-t181", f"site page, anchoring={anchoring}, once settled")
