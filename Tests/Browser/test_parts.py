"""Turn parts in the browser: axe in light and dark with every part closed and open, disclosures
by keyboard, and every part unfolded on paper."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import browser_support as bs


@pytest.fixture
def parts_page(page_url):
    path = page_url("parts")
    assert "cr-part" in path.read_text(encoding="utf-8"), "the parts fixture rendered without its parts"
    return path


def set_all_open(driver, value: bool) -> None:
    driver.execute_script("document.querySelectorAll('details').forEach(d => { d.open = arguments[0]; })", value)
    bs.settle(driver)


def summary_named(driver, prefix: str):
    for summary in driver.find_elements(By.TAG_NAME, "summary"):
        if bs.name_of(driver, summary).startswith(prefix):
            return summary
    raise AssertionError(f"no summary named {prefix!r}…")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("opened", [False, True], ids=["closed", "open"])
def test_no_axe_violations(driver, parts_page, axe_source, scheme, opened):
    bs.emulate_media(driver, prefers_color_scheme=scheme)
    bs.open_page(driver, parts_page)
    set_all_open(driver, opened)
    violations = bs.run_axe(driver, axe_source)["violations"]
    assert not violations, f"axe on parts ({scheme}, {'open' if opened else 'closed'}):\n" + bs.format_violations(violations)


def test_parts_are_closed_with_one_line_summaries(driver, parts_page):
    bs.open_page(driver, parts_page)
    names = [bs.name_of(driver, s) for s in driver.find_elements(By.CSS_SELECTOR, "summary.cr-part-summary")]
    assert "Thought for 41 s" in names
    assert any(n.startswith("Ran pytest -q") and "failed" in n for n in names), names
    assert any(n.startswith("Edited src/x.py") for n in names), names
    assert any(n.startswith("Explore the test suite (2 turns)") for n in names), names
    assert driver.execute_script("return document.querySelectorAll('details.cr-part[open]').length") == 0
    # The document is an answer: open, not behind a disclosure.
    assert driver.find_element(By.CSS_SELECTOR, ".cr-part--document .cr-doc-body").is_displayed()


@pytest.mark.parametrize("key", [Keys.ENTER, Keys.SPACE], ids=["enter", "space"])
def test_keyboard_opens_and_closes_a_part(driver, parts_page, key):
    bs.open_page(driver, parts_page)
    summary = summary_named(driver, "Thought for 41 s")
    details = summary.find_element(By.XPATH, "..")
    # Reach it with Tab, as a keyboard user does, from the title (a click in the middle of the
    # page could land on a summary and open it).
    driver.find_element(By.CSS_SELECTOR, "h1.cr-title").click()
    for _ in range(60):
        driver.switch_to.active_element.send_keys(Keys.TAB)
        if driver.switch_to.active_element == summary:
            break
    assert driver.switch_to.active_element == summary, "Tab never reached the summary"
    summary.send_keys(key)
    assert details.get_attribute("open") is not None
    summary.send_keys(key)
    assert details.get_attribute("open") is None


def test_print_unfolds_every_part(driver, parts_page):
    bs.open_page(driver, parts_page)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    bs.settle(driver)
    # Selenium's is_displayed calls anything in a closed <details> hidden; ask the layout instead.
    def laid_out(selector: str) -> bool:
        return driver.execute_script("var e = document.querySelector(arguments[0]); return e.getBoundingClientRect().height > 0", selector)
    assert laid_out(".cr-thinking-text"), "a closed part's content must print"
    assert laid_out(".cr-long-all > .cr-output")
    assert not laid_out(".cr-long-preview")
    # Browsers without ::details-content: the page script opens parts for printing and closes
    # them again after.
    driver.execute_script("window.dispatchEvent(new Event('beforeprint'))")
    assert driver.execute_script("return document.querySelectorAll('details:not([open])').length") == 0
    driver.execute_script("window.dispatchEvent(new Event('afterprint'))")
    assert driver.execute_script("return document.querySelectorAll('details[open]').length") == 0


def test_permalink_is_reachable_and_named(driver, parts_page):
    bs.open_page(driver, parts_page)
    links = driver.find_elements(By.CSS_SELECTOR, "article[data-message-id] > header > a.cr-permalink")
    assert links and all(bs.name_of(driver, a) == "Link to this turn" for a in links)
    turn = driver.find_element(By.CSS_SELECTOR, "article.cr-turn")
    assert links[0].get_attribute("href").endswith("#" + turn.get_attribute("id"))
    driver.execute_script("arguments[0].focus()", links[0])
    assert float(driver.execute_script("return getComputedStyle(arguments[0]).opacity", links[0])) == 1
