"""A Claude Code session rendered with `render --from claude-code`: axe clean in light and dark
with every part closed and open, the header's facts as a description list that fits a phone,
and the per-tool views (numbered source, checklist, match list, nested sub-agent) in place."""

import subprocess

import pytest
from selenium.webdriver.common.by import By

import browser_support as bs

SESSION = (bs.ROOT / "Tests" / "ChatRenderTests" / "Fixtures" / "import" / "claude-code" / "projects"
           / "-home-ana-src-shop" / "7f3c9a12-5b8e-4d21-9c47-0e6a1b2c3d4e.jsonl")


@pytest.fixture(scope="module")
def session_page(tmp_path_factory, theme_args):
    out = tmp_path_factory.mktemp("claude-code") / "page"
    args = [str(bs.chatrender_binary()), "render", "--from", "claude-code", str(SESSION), "--out", str(out), "--quiet"]
    if theme_args.get("theme") is not None:
        args += ["--theme", str(theme_args["theme"])]
    done = subprocess.run(args, capture_output=True, text=True, env=bs.render_environment())
    assert done.returncode == 0, done.stderr
    return out / "index.html"


def open_session(driver, path) -> None:
    """Opens the page with every part open while it settles: a screenshot a tool returned is a
    lazy image inside a closed part, which Chromium loads only when the part opens."""
    driver.get(path.as_uri())
    driver.execute_script("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    bs.settle(driver)
    driver.execute_script("document.querySelectorAll('details').forEach(d => { d.open = false; })")
    bs.settle(driver)


def set_all_open(driver, value: bool) -> None:
    driver.execute_script("document.querySelectorAll('details').forEach(d => { d.open = arguments[0]; })", value)
    bs.settle(driver)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("opened", [False, True], ids=["closed", "open"])
def test_no_axe_violations(driver, session_page, axe_source, scheme, opened):
    bs.emulate_media(driver, prefers_color_scheme=scheme)
    open_session(driver, session_page)
    set_all_open(driver, opened)
    violations = bs.run_axe(driver, axe_source)["violations"]
    assert not violations, f"axe on the session ({scheme}, {'open' if opened else 'closed'}):\n" + bs.format_violations(violations)


def test_facts_are_terms_and_values_that_fit_a_phone(driver, session_page):
    bs.set_viewport(driver, 390, 844)
    open_session(driver, session_page)
    facts = driver.find_element(By.CSS_SELECTOR, "header dl.cr-facts")
    terms = [t.text.rstrip(":") for t in facts.find_elements(By.TAG_NAME, "dt")]
    assert terms == ["Project", "Branch", "Claude Code", "Models", "Time", "Tokens"]
    assert facts.find_elements(By.TAG_NAME, "dd")[0].text == "/home/ana/src/shop"
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways at 390 px ({width} px wide)"
    right = driver.execute_script("return Math.max(...[...document.querySelectorAll('.cr-fact')].map(e => e.getBoundingClientRect().right))")
    assert right <= 390


def test_summaries_say_what_each_tool_did(driver, session_page):
    open_session(driver, session_page)
    names = [bs.name_of(driver, s) for s in driver.find_elements(By.CSS_SELECTOR, "summary.cr-part-summary")]
    expected = ["Searched for “def total” in /home/ana/src/shop", "Read cart/totals.py", "Updated the to-do list · 1 of 3 done",
                "Edited cart/totals.py", "Explore agent: Review coupon test coverage (2 turns)", "Fetched docs.python.org"]
    for prefix in expected:
        assert any(n.startswith(prefix) for n in names), f"no summary starting {prefix!r} in {names}"
    assert any(n.startswith("Ran git push --force") and "rejected" in n for n in names), names
    assert any("python -m pytest -q cart/tests" in n and "exit 1" in n for n in names), names
    assert driver.execute_script("return document.querySelectorAll('details.cr-part[open]').length") == 0


def test_tool_views_read_well(driver, session_page):
    open_session(driver, session_page)
    set_all_open(driver, True)
    # Read: numbers in a gutter the reader's tools skip, beside highlighted code on the same rows.
    gutter = driver.find_element(By.CSS_SELECTOR, ".cr-numbered-gutter")
    assert gutter.get_attribute("aria-hidden") == "true"
    rows = driver.execute_script("""
        const fig = document.querySelector('.cr-numbered');
        const [g, c] = fig.querySelectorAll('pre');
        return [g.getBoundingClientRect().height, c.querySelector('code').getBoundingClientRect().height,
                fig.querySelectorAll('.cr-numbered-rows code c-kw').length];""")
    assert abs(rows[0] - rows[1]) < 30, f"gutter and code are not the same height: {rows}"
    assert rows[2] > 0, "the source is not highlighted"
    # TodoWrite: each item's state is read out in words.
    items = [li.get_attribute("textContent") for li in driver.find_elements(By.CSS_SELECTOR, ".cr-checklist li")]
    assert items == ["Done: Reproduce the wrong total in a test", "In progress: Apply the coupon before the bulk discount", "To do: Run the cart tests"]
    # Grep: a list of matches under its caption.
    assert len(driver.find_elements(By.CSS_SELECTOR, ".cr-match-list li")) >= 4
    # The returned screenshot is shown once, in its call; the pasted one once, in the person's turn.
    assert len(driver.find_elements(By.CSS_SELECTOR, ".cr-part--tool .cr-photo img")) == 1
    assert len(driver.find_elements(By.CSS_SELECTOR, ".cr-turn--user .cr-photo img")) == 1
    assert len(driver.find_elements(By.CSS_SELECTOR, ".cr-photo img")) == 2
