"""Sub-agents a Claude Code reply started at once, on their timeline where the reply started them:
a list named by its caption, a row per agent (a link to its transcript) with its name, times and
length, its bar placed by when it ran; none for agents that ran one after the other. Axe clean in
light and dark, closed and open; it fits a phone, honours reduced motion and prints with its bars."""

import subprocess

import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import browser_support as bs

PARALLEL = bs.ROOT / "Tests" / "ChatRenderTests" / "Fixtures" / "import" / "claude-code" / "parallel"
SESSION = PARALLEL / "9a4c2e71-3b5d-4f86-a1c7-2d8e6f0b4a93.jsonl"
INTERLEAVED = PARALLEL / "4e8b1f60-7c2a-4d95-b813-6a0f2c9e5d17.jsonl"
CAPTION = "Sub-agents, 2 running in parallel"


def render(tmp_path_factory, theme_args, session):
    out = tmp_path_factory.mktemp("parallel") / "page"
    args = [str(bs.chatrender_binary()), "render", "--from", "claude-code", str(session), "--out", str(out), "--quiet"]
    if theme_args.get("theme") is not None:
        args += ["--theme", str(theme_args["theme"])]
    done = subprocess.run(args, capture_output=True, text=True, env=bs.render_environment())
    assert done.returncode == 0, done.stderr
    return out / "index.html"


@pytest.fixture(scope="module")
def session_page(tmp_path_factory, theme_args):
    return render(tmp_path_factory, theme_args, SESSION)


@pytest.fixture(scope="module", params=["2.1", "1.0"])
def any_page(request, tmp_path_factory, theme_args):
    return render(tmp_path_factory, theme_args, SESSION if request.param == "2.1" else INTERLEAVED)


def rails(driver):
    """The timelines' lists, found by their accessible names."""
    return [ol for ol in driver.find_elements(By.TAG_NAME, "ol") if bs.name_of(driver, ol) == CAPTION]


def rows(driver, rail):
    """Each row's link and its accessible name."""
    links = rail.find_elements(By.CSS_SELECTOR, "li > a")
    return [(link, bs.name_of(driver, link)) for link in links]


def bars(driver, rail):
    """Each row's bar as (left, right) in pixels, and its track's (left, width)."""
    return driver.execute_script("""
        return Array.from(arguments[0].querySelectorAll('li')).map(li => {
          const bar = li.querySelector('svg rect').getBoundingClientRect();
          const track = li.querySelector('svg').getBoundingClientRect();
          return {left: bar.left, right: bar.right, trackLeft: track.left, trackWidth: track.width};
        });""", rail)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("opened", [False, True], ids=["closed", "open"])
def test_no_axe_violations(driver, any_page, axe_source, scheme, opened):
    bs.emulate_media(driver, prefers_color_scheme=scheme)
    driver.get(any_page.as_uri())
    driver.execute_script("document.querySelectorAll('details').forEach(d => { d.open = arguments[0]; })", opened)
    bs.settle(driver)
    assert len(rails(driver)) == 1
    violations = bs.run_axe(driver, axe_source)["violations"]
    assert not violations, f"axe on {any_page.name} ({scheme}, {'open' if opened else 'closed'}):\n" + bs.format_violations(violations)


def test_both_agents_are_on_the_timeline_named_with_their_times(driver, session_page):
    bs.open_page(driver, session_page)
    found = rails(driver)
    # The second reply's agents ran one after the other: one timeline on the page.
    assert len(found) == 1
    names = [name for _, name in rows(driver, found[0])]
    assert names == [
        "Explore agent: Find callers of total() 10:02:06 AM–10:03:12 AM (1 min 6 s)",
        "general-purpose agent: Review discount tests 10:02:07 AM–10:04:17 AM (2 min 10 s)",
    ]
    # Where the reply started them: after its words, before the first transcript.
    order = driver.execute_script("""
        const rail = arguments[0].closest('.cr-rail');
        const first = document.getElementById('cr-t1-p1');
        return [rail.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING,
                rail.closest('article').id];""", found[0])
    assert order == [Node_FOLLOWING, "cr-t1"]


Node_FOLLOWING = 4


def test_bars_are_placed_by_when_each_agent_ran(driver, session_page):
    bs.open_page(driver, session_page)
    rail = rails(driver)[0]
    first, second = bars(driver, rail)
    # One clock for every row: the tracks line up.
    assert abs(first["trackLeft"] - second["trackLeft"]) < 1 and abs(first["trackWidth"] - second["trackWidth"]) < 1
    left, width = first["trackLeft"], first["trackWidth"]
    assert width > 100

    def share(x):
        return (x - left) / width

    # The group ran 131 s: the callers agent from its start for 66 s, the tests agent from 1 s in to the end.
    assert share(first["left"]) == pytest.approx(0, abs=0.01)
    assert share(first["right"]) == pytest.approx(66 / 131, abs=0.01)
    assert share(second["left"]) == pytest.approx(1 / 131, abs=0.01)
    assert share(second["right"]) == pytest.approx(1, abs=0.01)
    assert first["left"] <= second["left"] and first["right"] < second["right"]


def test_each_row_goes_to_its_transcript_and_opens_it(driver, session_page):
    driver.get_log("browser")
    bs.open_page(driver, session_page)
    # The page's script ran to its end (a numbered listing among the agents' reads once stopped it).
    errors = [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert not errors, errors
    for index, title in [(1, "general-purpose agent: Review discount tests"), (0, "Explore agent: Find callers of total()")]:
        link, _ = rows(driver, rails(driver)[0])[index]
        target = link.get_attribute("href").split("#", 1)[1]
        part = driver.find_element(By.ID, target)
        assert part.tag_name == "details" and "cr-part--transcript" in part.get_attribute("class")
        assert part.find_element(By.TAG_NAME, "summary").get_attribute("textContent").startswith(title)
        assert not part.get_attribute("open")
        # Followed from the keyboard: the page may still be holding the last transcript followed
        # in place (see chatrender.js), which a pointer aimed a moment earlier would miss.
        driver.execute_script("arguments[0].focus()", link)
        link.send_keys(Keys.ENTER)
        for _ in range(40):
            if driver.execute_script("return location.hash") == "#" + target:
                break
            time.sleep(0.05)
        assert driver.execute_script("return location.hash") == "#" + target
        assert part.get_attribute("open") is not None, f"{target} stayed closed"
        # The agent's own turns are there to read.
        assert part.find_element(By.CSS_SELECTOR, ".cr-transcript article").is_displayed()


def test_it_fits_a_phone(driver, session_page):
    bs.set_viewport(driver, 320, 800)
    bs.open_page(driver, session_page)
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= 320, f"the page scrolls sideways at 320 px ({width} px wide)"
    rail = rails(driver)[0]
    box = driver.execute_script("const r = arguments[0].closest('.cr-rail').getBoundingClientRect(); return [r.left, r.right];", rail)
    assert box[0] >= 0 and box[1] <= 320
    for bar in bars(driver, rail):
        assert bar["trackWidth"] > 150 and bar["right"] - bar["left"] > 10
        assert bar["trackLeft"] >= box[0] and bar["trackLeft"] + bar["trackWidth"] <= box[1]


def test_reduced_motion_moves_nothing(driver, session_page):
    bs.emulate_media(driver, prefers_reduced_motion="reduce")
    bs.open_page(driver, session_page)
    link = rails(driver)[0].find_element(By.TAG_NAME, "a")
    assert driver.execute_script("return getComputedStyle(arguments[0]).transitionDuration", link) == "0s"


def test_it_prints_whole_with_its_bars(driver, session_page):
    bs.open_page(driver, session_page)
    bs.emulate_media(driver)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    rail = driver.find_element(By.CSS_SELECTOR, ".cr-rail")
    style = driver.execute_script("""
        const s = getComputedStyle(arguments[0]);
        const bar = arguments[0].querySelector('rect').getBoundingClientRect();
        return [s.display, s.breakInside, bar.width > 10];""", rail)
    assert style == ["block", "avoid", True]
