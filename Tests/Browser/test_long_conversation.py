"""A long conversation: End reaches the end on the first press on a 3,000-turn page, "Jump to
latest" and "Back to top" float while useful and move focus with them, the table of contents of
the person's prompts links to each turn and marks the one being read, the page is axe-clean in
light and dark with the list open, and Reduce Motion turns smooth scrolling off."""

from __future__ import annotations

import json
import random
import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import browser_support as bs

TURNS = 3000
WORDS = ("the garden bed needs more compost and water before spring planting tomatoes basil soil "
         "drainage raised cedar frame mulch slugs trellis seedlings harvest").split()

# Where the window is, and whether the last turn is on screen.
POSITION_JS = """
const turns = document.querySelectorAll('.cr-chat > .cr-turn, .cr-turns > .cr-turn');
const last = turns[turns.length - 1];
const box = last.getBoundingClientRect();
return {y: scrollY, height: innerHeight, total: document.documentElement.scrollHeight,
        lastTop: box.top, lastBottom: box.bottom, lastId: last.id};
"""


def long_conversation(turns: int) -> dict:
    """A deterministic conversation of `turns` turns whose replies vary a lot in height: one
    line to several paragraphs, lists, code blocks of 3 to 40 lines, unavailable photos."""
    rng = random.Random(18)

    def sentence(n: int) -> str:
        return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."

    messages = []
    for i in range(turns // 2):
        prompt = {"id": f"u{i}", "role": "user", "text": sentence(rng.randint(3, 40))}
        if i % 7 == 3:
            prompt["text"] += "\n\n" + sentence(rng.randint(10, 60))
        if i % 23 == 5:
            prompt["attachments"] = [{"id": f"p{i}-{k}", "name": f"bed-{k}.jpg", "byteCount": 90000,
                                      "contentType": "image/jpeg", "status": "unavailable"}
                                     for k in range(rng.randint(1, 4))]
        messages.append(prompt)
        kind = rng.random()
        if kind < 0.2:
            reply = sentence(rng.randint(4, 12))
        else:
            blocks = [sentence(rng.randint(10, 120)) for _ in range(rng.randint(1, 6))]
            if kind > 0.7:
                blocks.append("\n".join(f"- {sentence(rng.randint(3, 12))}" for _ in range(rng.randint(2, 8))))
            if kind > 0.85:
                lines = "\n".join(f"beds[{j}] = plant({j}, 'basil')" for j in range(rng.randint(3, 40)))
                blocks.append(f"```python\n{lines}\n```")
            reply = "\n\n".join(blocks)
        messages.append({"id": f"a{i}", "role": "assistant", "text": reply})
    return {"title": "Three thousand turns about a garden", "markup": "full", "messages": messages}


@pytest.fixture(scope="module")
def long_page(tmp_path_factory, theme_args):
    folder = tmp_path_factory.mktemp("long-conversation")
    source = folder / "conversation.json"
    source.write_text(json.dumps(long_conversation(TURNS)), encoding="utf-8")
    out = folder / "page"
    bs.render(source, out, **theme_args)
    return out / "index.html"


@pytest.fixture(scope="module")
def small_page(tmp_path_factory, theme_args):
    """The Swift golden's page: 20 turns, 10 prompts (hostile, right-to-left, photo- and file-only)."""
    out = tmp_path_factory.mktemp("long-small") / "page"
    bs.render(bs.FIXTURES / "long.json", out, **theme_args)
    return out / "index.html"


@pytest.fixture(scope="module")
def arabic_page(tmp_path_factory, theme_args):
    out = tmp_path_factory.mktemp("long-ar") / "page"
    bs.render(bs.FIXTURES / "long.json", out, "--locale", "ar", **theme_args)
    return out / "index.html"


def open_unsettled(driver, path) -> None:
    """Opens the page as a reader does: no pass over it first (bs.settle scrolls through the
    whole page, which would lay out every turn and hide what the first press of End meets)."""
    driver.get(path.as_uri())
    driver.execute_async_script("""
      const done = arguments[arguments.length - 1];
      document.fonts.ready.then(() => requestAnimationFrame(() => requestAnimationFrame(() => done(0))));
    """)


def wait_frames(driver, frames: int = 3) -> None:
    driver.execute_async_script("""
      const done = arguments[arguments.length - 1]; let n = arguments[0];
      const tick = () => (--n <= 0 ? done(0) : requestAnimationFrame(tick)); requestAnimationFrame(tick);
    """, frames)


def wait_until_still(driver, timeout: float = 5.0) -> dict:
    """The position once scrolling has stopped (a smooth scroll or a keyboard scroll's animation)."""
    deadline = time.monotonic() + timeout
    previous = None
    while time.monotonic() < deadline:
        wait_frames(driver, 6)
        now = driver.execute_script(POSITION_JS)
        if previous is not None and now["y"] == previous["y"] and now["total"] == previous["total"]:
            return now
        previous = now
    return previous


def assert_at_end(position: dict) -> None:
    assert position["y"] + position["height"] >= position["total"] - 2, position
    assert position["lastTop"] < position["height"] and position["lastBottom"] > 0, position


def press(driver, *keys) -> None:
    chain = ActionChains(driver)
    if len(keys) == 2:
        chain.key_down(keys[0]).send_keys(keys[1]).key_up(keys[0])
    else:
        chain.send_keys(keys[0])
    chain.perform()


# --- End and Home ------------------------------------------------------------------------------

def test_the_page_has_three_thousand_turns_in_groups(driver, long_page):
    open_unsettled(driver, long_page)
    counts = driver.execute_script(
        "return [document.querySelectorAll('.cr-chat article.cr-turn').length, document.querySelectorAll('.cr-turns').length]")
    assert counts == [TURNS, TURNS // 16 + 1]


@pytest.mark.parametrize("keys", [(Keys.END,), (Keys.CONTROL, Keys.END)], ids=["End", "Ctrl+End"])
def test_one_press_of_end_reaches_the_end_and_home_the_top(driver, long_page, keys):
    open_unsettled(driver, long_page)
    assert driver.execute_script("return scrollY") == 0
    press(driver, *keys)
    position = wait_until_still(driver)
    assert_at_end(position)
    assert position["lastId"] == f"cr-t{TURNS - 1}"
    # It stays there: nothing laid out on arrival moves the end away.
    time.sleep(0.5)
    assert_at_end(driver.execute_script(POSITION_JS))
    press(driver, Keys.HOME) if len(keys) == 1 else press(driver, Keys.CONTROL, Keys.HOME)
    assert wait_until_still(driver)["y"] == 0


def test_end_reaches_the_end_on_a_narrow_screen_too(driver, long_page):
    bs.set_viewport(driver, 390, 844)
    open_unsettled(driver, long_page)
    press(driver, Keys.END)
    assert_at_end(wait_until_still(driver))


def test_end_in_the_open_list_scrolls_the_list_not_the_page(driver, long_page):
    open_unsettled(driver, long_page)
    driver.execute_script("document.querySelector('.cr-toc-details').open = true")
    first = driver.find_element(By.CSS_SELECTOR, ".cr-toc-list a")
    driver.execute_script("arguments[0].focus()", first)
    press(driver, Keys.END)
    wait_until_still(driver)
    list_at_end, page_y = driver.execute_script("""
      const list = document.querySelector('.cr-toc-list');
      return [list.scrollTop + list.clientHeight >= list.scrollHeight - 2, scrollY];""")
    assert list_at_end and page_y < 400, (list_at_end, page_y)


# --- Jump to latest, Back to top ----------------------------------------------------------------

def jump_buttons(driver) -> dict:
    links = driver.find_elements(By.CSS_SELECTOR, ".cr-jump a")
    return {link.accessible_name: link for link in links if link.is_displayed()}


def test_jumps_show_only_while_useful_and_reach_the_end_and_the_top(driver, long_page):
    open_unsettled(driver, long_page)
    # At the top: only "Jump to latest", floating in the window's bottom corner.
    assert list(jump_buttons(driver)) == ["Jump to latest"]
    latest = jump_buttons(driver)["Jump to latest"]
    box = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.bottom, r.right, r.height, innerHeight, innerWidth]", latest)
    assert box[3] - 40 <= box[0] <= box[3] and box[4] - 40 <= box[1] <= box[4], box
    assert box[2] >= 44
    latest.click()
    position = wait_until_still(driver)
    assert_at_end(position)
    # Focus went with it, to the last turn's heading, so Tab goes on from there.
    assert driver.execute_script("return document.activeElement.id") == f"cr-t{TURNS - 1}-h"
    wait_frames(driver)
    # At the end: only "Back to top".
    buttons = jump_buttons(driver)
    assert list(buttons) == ["Back to top"]
    buttons["Back to top"].click()
    assert wait_until_still(driver)["y"] == 0
    assert driver.execute_script("return document.activeElement.classList.contains('cr-title')")
    wait_frames(driver)
    # Half way down: both.
    driver.execute_script("document.getElementById('cr-t1500').scrollIntoView()")
    wait_frames(driver)
    assert sorted(jump_buttons(driver)) == ["Back to top", "Jump to latest"]


def test_jump_to_latest_beside_the_list_reaches_the_end(driver, long_page):
    open_unsettled(driver, long_page)
    link = driver.find_element(By.CSS_SELECTOR, "nav.cr-toc > a")
    assert link.accessible_name == "Jump to latest"
    assert link.get_attribute("href").endswith(f"#cr-t{TURNS - 1}")
    link.click()
    assert_at_end(wait_until_still(driver))


def test_on_a_narrow_screen_the_jumps_are_round_and_leave_the_last_turn_uncovered(driver, long_page):
    bs.set_viewport(driver, 390, 844)
    open_unsettled(driver, long_page)
    press(driver, Keys.END)
    assert_at_end(wait_until_still(driver))
    top = jump_buttons(driver)["Back to top"]
    rect = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return {w: r.width, h: r.height, top: r.top, right: r.right}", top)
    assert 44 <= rect["w"] <= 48 and 44 <= rect["h"] <= 48, rect
    assert rect["right"] <= 390
    # At the end of the page the button sits below the last turn, not over it.
    last_bottom = driver.execute_script(POSITION_JS)["lastBottom"]
    assert last_bottom <= rect["top"], (last_bottom, rect)


def test_reduce_motion_jumps_at_once_and_otherwise_a_short_way_is_smooth(driver, small_page):
    def jump_and_read():
        driver.execute_script("scrollTo(0, document.documentElement.scrollHeight - 3 * innerHeight)")
        wait_frames(driver)
        return driver.execute_script("""
          const start = scrollY; document.querySelector('.cr-jump-end').click();
          return [start, scrollY, document.documentElement.scrollHeight - innerHeight];""")

    bs.set_viewport(driver, 700, 400)
    open_unsettled(driver, small_page)
    start, right_after, end = jump_and_read()
    assert start < end - 100
    assert right_after < end - 1, "without Reduce Motion a short jump scrolls smoothly"
    assert_at_end(wait_until_still(driver))

    bs.emulate_media(driver, prefers_reduced_motion="reduce")
    open_unsettled(driver, small_page)
    start, right_after, end = jump_and_read()
    assert start < end - 100
    assert right_after >= end - 1, "with Reduce Motion the jump is immediate"


# --- The table of contents ------------------------------------------------------------------------

def test_the_list_names_every_prompt_and_each_link_opens_its_turn(driver, long_page):
    open_unsettled(driver, long_page)
    nav = driver.find_element(By.CSS_SELECTOR, "nav.cr-toc")
    assert nav.accessible_name == "Your prompts"
    summary = nav.find_element(By.TAG_NAME, "summary")
    assert " ".join(summary.text.split()) == "Your prompts 1,500"
    links = nav.find_elements(By.CSS_SELECTOR, "ol a")
    assert len(links) == TURNS // 2
    assert not links[0].is_displayed()  # closed until asked for
    summary.click()
    assert links[0].is_displayed()
    # The 700th prompt: its link goes to its turn, at the top of the window.
    target = links[699]
    driver.execute_script("arguments[0].scrollIntoView({block: 'nearest'})", target)
    assert target.get_attribute("href").endswith("#cr-t1398")
    target.click()
    position = wait_until_still(driver)
    top = driver.execute_script("return document.getElementById('cr-t1398').getBoundingClientRect().top")
    assert -2 <= top <= 2, (top, position)
    assert driver.execute_script("return location.hash") == "#cr-t1398"


def test_the_prompt_being_read_is_marked(driver, long_page):
    open_unsettled(driver, long_page)

    def current():
        wait_frames(driver, 4)
        return driver.execute_script(
            "return [...document.querySelectorAll('.cr-toc-list a[aria-current]')].map(a => [a.getAttribute('href'), a.getAttribute('aria-current')])")

    # The rule, checked one turn at a time here (the page finds it by halving): the last prompt
    # whose turn starts above a line a third down the window.
    expected_js = """
      const line = innerHeight / 3; let found = null;
      for (const a of document.querySelectorAll('.cr-toc-list a')) {
        const turn = document.getElementById(a.getAttribute('href').slice(1));
        const top = turn.getBoundingClientRect().top;
        if (top > line) break;
        found = a.getAttribute('href');
      }
      return found;"""

    for where in ("document.getElementById('cr-t0').scrollIntoView()",
                  "document.getElementById('cr-t2001').scrollIntoView()",
                  "document.getElementById('cr-t1200').scrollIntoView(); scrollBy(0, innerHeight / 2)",
                  "scrollTo(0, document.documentElement.scrollHeight)"):
        driver.execute_script(where)
        marked = current()
        assert len(marked) == 1 and marked[0][1] == "location", (where, marked)
        assert marked[0][0] == driver.execute_script(expected_js), where
    # Reading the middle of a long reply: its prompt.
    driver.execute_script("document.getElementById('cr-t2001').scrollIntoView()")
    assert current()[0][0] in ("#cr-t2000", "#cr-t2002")
    # Opening the list shows the current prompt inside it.
    driver.execute_script("scrollTo(0, document.documentElement.scrollHeight)")
    current()
    driver.execute_script("document.querySelector('.cr-toc-details').open = true")
    wait_frames(driver)
    inside = driver.execute_script("""
      const list = document.querySelector('.cr-toc-list').getBoundingClientRect();
      const link = document.querySelector('.cr-toc-list a[aria-current]').getBoundingClientRect();
      return link.top >= list.top && link.bottom <= list.bottom;""")
    assert inside


def test_a_short_conversation_has_neither(driver, page_url):
    bs.open_page(driver, page_url("garden"))
    assert driver.find_elements(By.CSS_SELECTOR, ".cr-toc, .cr-jump") == []


def test_small_page_lists_hostile_and_right_to_left_prompts_as_text(driver, small_page):
    bs.open_page(driver, small_page)
    driver.execute_script("document.querySelector('.cr-toc-details').open = true")
    texts = [a.text for a in driver.find_elements(By.CSS_SELECTOR, ".cr-toc-list a")]
    assert texts[3] == '<script>alert(1)</script> & is this "escaped"?'
    assert texts[4] == "ما هو أفضل وقت لزراعة الريحان؟"
    assert texts[5:7] == ["2 photos", "1 file"]
    assert not driver.execute_script("return window.__pwned === 1")


def test_right_to_left_the_jumps_float_on_the_left(driver, arabic_page):
    bs.set_viewport(driver, 700, 400)
    bs.open_page(driver, arabic_page)
    driver.execute_script("scrollTo(0, document.documentElement.scrollHeight / 2)")
    wait_frames(driver)
    buttons = jump_buttons(driver)
    assert sorted(buttons) == sorted(["العودة إلى الأعلى", "الانتقال إلى الأحدث"])
    for link in buttons.values():
        left = driver.execute_script("return arguments[0].getBoundingClientRect().left", link)
        assert left <= 40, left
    assert driver.find_element(By.CSS_SELECTOR, "nav.cr-toc").accessible_name == "رسائلك"


# --- Accessibility --------------------------------------------------------------------------------

@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_clean_with_the_list_open(driver, small_page, arabic_page, axe_source, scheme):
    for page in (small_page, arabic_page):
        bs.emulate_media(driver, prefers_color_scheme=scheme)
        bs.open_page(driver, page)
        driver.execute_script("document.querySelector('.cr-toc-details').open = true; scrollTo(0, innerHeight * 1.5)")
        wait_frames(driver, 4)
        violations = bs.run_axe(driver, axe_source)["violations"]
        assert not violations, f"axe on {page} ({scheme}):\n" + bs.format_violations(violations)


AXE_PARTS_JS = """
const done = arguments[arguments.length - 1];
axe.run({include: [['.cr-toc'], ['.cr-jump']]}, {resultTypes: ['violations']})
  .then(r => done({violations: r.violations}))
  .catch(e => done({error: String(e)}));
"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_clean_on_three_thousand_turns(driver, long_page, axe_source, scheme):
    """The list of 1,500 prompts and the floating jumps (axe over all 3,000 turns takes minutes;
    the turns themselves are the ones test_accessibility checks)."""
    bs.emulate_media(driver, prefers_color_scheme=scheme)
    open_unsettled(driver, long_page)
    driver.execute_script("document.querySelector('.cr-toc-details').open = true;"
                          "document.getElementById('cr-t1500').scrollIntoView()")
    wait_frames(driver, 4)
    driver.execute_script(axe_source)
    result = driver.execute_async_script(AXE_PARTS_JS)
    assert "error" not in result, result
    assert not result["violations"], f"axe ({scheme}):\n" + bs.format_violations(result["violations"])


def test_print_leaves_out_the_list_and_the_jumps(driver, small_page):
    bs.open_page(driver, small_page)
    bs.emulate_media(driver)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print", "features": []})
    shown = driver.execute_script(
        "return [...document.querySelectorAll('.cr-toc, .cr-jump')].map(e => getComputedStyle(e).display)")
    assert shown == ["none", "none"]
