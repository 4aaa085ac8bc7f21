"""The composers in headless Chromium: axe in light and dark, 44 px targets, and the live
behaviours of composer.js with the events they send (all bubbling to the document)."""

from __future__ import annotations

import time

import pytest
from selenium.webdriver.support.ui import WebDriverWait
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import browser_support as bs
import composer_support as cs

RECORD_EVENTS_JS = """
window.__events = [];
['send','stop','attach','remove-attachment','retry-upload','model-change','locked-model','mode-change',
 'upgrade','dictation-start','dictation-done','dictation-cancel','open-settings'].forEach(function (name) {
  document.addEventListener('chatrender:' + name, function (e) {
    window.__events.push({name: name, detail: e.detail, bubbles: e.bubbles, target: e.target.tagName});
  });
});
"""


@pytest.fixture(scope="session")
def composer_page(tmp_path_factory, theme_args):
    cache = {}

    def _page(name: str):
        if name not in cache:
            out = tmp_path_factory.mktemp(name) / "page"
            bs.render(cs.COMPOSER_PAGES[name], out, **theme_args)
            cache[name] = out / "index.html"
        return cache[name]

    return _page


@pytest.fixture(scope="session")
def gallery(tmp_path_factory):
    return cs.preview(tmp_path_factory.mktemp("preview") / "gallery") / "index.html"


def events(driver):
    return driver.execute_script("return window.__events")


def by_name(driver, name, root=None):
    root = root or driver
    matches = [e for e in root.find_elements(By.CSS_SELECTOR, "button, textarea, [role=group]") if e.accessible_name == name]
    assert matches, f"nothing named {name!r}"
    return matches[0]


def open_live(driver, path):
    bs.open_page(driver, path)
    driver.execute_script(RECORD_EVENTS_JS)


# --- Accessibility ------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["planning", "research", "kitchen", "dictation-idle"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_pages_with_a_composer_are_axe_clean(driver, composer_page, axe_source, name, scheme):
    bs.emulate_media(driver, prefers_color_scheme=scheme)
    bs.open_page(driver, composer_page(name))
    violations = bs.run_axe(driver, axe_source)["violations"]
    assert not violations, f"axe on {name} ({scheme}):\n" + bs.format_violations(violations)


@pytest.mark.parametrize("theme", [0, 1])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_gallery_is_axe_clean_for_each_theme(driver, gallery, axe_source, theme, scheme):
    # The gallery now holds the sample reply (photos, code, a table, maths) per theme and mode:
    # settling and axe take longer over it than the default script timeout on a busy machine.
    driver.set_script_timeout(180)
    bs.emulate_media(driver, prefers_color_scheme=scheme)
    bs.open_page(driver, gallery)
    driver.find_element(By.CSS_SELECTOR, f"label[for='cr-pv-pick-{theme}']").click()
    bs.settle(driver)
    shown = driver.execute_script("return Array.from(document.querySelectorAll('.cr-pv-theme')).filter(s => s.offsetParent !== null).map(s => s.id)")
    assert shown == [f"cr-pv-t{theme}"]
    violations = bs.run_axe(driver, axe_source)["violations"]
    assert not violations, f"axe on the gallery, theme {theme} ({scheme}):\n" + bs.format_violations(violations)


MEASURE_TARGETS_JS = """
return Array.from(document.querySelectorAll('.cr-composer button, .cr-pv-pick label'))
  .filter(b => b.offsetParent !== null && getComputedStyle(b).visibility !== 'hidden')
  .map(b => { const r = b.getBoundingClientRect(); return [b.getAttribute('aria-label') || b.textContent.trim(), r.width, r.height]; })
  .filter(([name, w, h]) => w < 44 - 0.01 || h < 44 - 0.01);
"""


@pytest.mark.parametrize("width", [390, 1024])
def test_every_control_has_a_44px_target(driver, gallery, width):
    bs.set_viewport(driver, width, 900)
    bs.open_page(driver, gallery)
    count = driver.execute_script("return document.querySelectorAll('.cr-pv-theme:not([hidden]) .cr-composer button').length")
    assert count > 100
    small = driver.execute_script(MEASURE_TARGETS_JS)
    assert not small, f"targets under 44 px: {small[:10]}"


def test_chips_keep_to_their_symbols_at_large_text_sizes(composer_page):
    for size, shows_title in ((16, True), (32, False)):
        driver = bs.start_chrome(default_font_size=size, logging=False)
        try:
            bs.set_viewport(driver, 390, 800)
            bs.open_page(driver, composer_page("research"))
            title = driver.find_element(By.CSS_SELECTOR, ".cr-mode--on .cr-mode-title")
            assert title.is_displayed() == shows_title, f"at {size}px the on chip's title shows: {title.is_displayed()}"
            row = driver.find_element(By.CSS_SELECTOR, ".cr-composer--model .cr-composer-row")
            assert driver.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth + 1", row), "the row stays on one line"
            small = driver.execute_script(MEASURE_TARGETS_JS)
            assert not small
        finally:
            driver.quit()


# --- Static rules as the browser reads them ----------------------------------------------------------

def test_accessible_names_follow_the_specs(driver, composer_page):
    bs.open_page(driver, composer_page("planning"))
    by_name(driver, "Photo, terrace.heic, Uploading, 40 percent")
    by_name(driver, "floor-plan.pdf, PDF document, 845 KB, Uploading, 72 percent")
    by_name(driver, "Send, off until 2 uploads finish")
    by_name(driver, "Retry upload of budget-fail.xlsx")
    by_name(driver, "Remove venue-hall.jpeg")
    bs.open_page(driver, composer_page("research"))
    by_name(driver, "Model, Atlas 3")
    assert by_name(driver, "Search, On").get_attribute("aria-pressed") == "true"
    assert by_name(driver, "Think, Off").get_attribute("aria-pressed") == "false"
    assert driver.find_element(By.CSS_SELECTOR, ".cr-usage").text == "12 messages left until 9:00 AM"
    bs.open_page(driver, composer_page("kitchen"))
    by_name(driver, "Recording, 0:07")
    by_name(driver, "Cancel dictation")
    assert by_name(driver, "Message").get_attribute("value") == "Thanks! Can I add chilli flakes at the start"


@pytest.mark.parametrize("count,shown,over,send_on", [(3599, False, False, True), (3600, True, False, True),
                                                      (4000, True, False, True), (4001, True, True, False)])
def test_counter_and_send_follow_the_limit_live(driver, composer_page, count, shown, over, send_on):
    # 89 %, 90 %, 100 % and 101 % of the 4,000-character limit (3,599 is just under 90 %).
    open_live(driver, composer_page("planning"))
    # Clear the tray so only the text decides.
    for button in driver.find_elements(By.CSS_SELECTOR, "[data-cr-remove]"):
        driver.execute_script("arguments[0].click()", button)
    field = by_name(driver, "Message")
    driver.execute_script("arguments[0].value = 'a'.repeat(arguments[1]); arguments[0].dispatchEvent(new Event('input', {bubbles: true}))", field, count)
    counter = driver.find_element(By.CSS_SELECTOR, ".cr-counter")
    assert counter.is_displayed() == shown
    assert ("cr-counter--over" in counter.get_attribute("class")) == over
    if shown:
        assert counter.find_element(By.CSS_SELECTOR, "[aria-hidden=true]").text == f"{count:,}/4,000"
    send = driver.find_element(By.CSS_SELECTOR, "[data-cr-send]")
    assert send.is_enabled() == send_on
    if not send_on:
        assert send.accessible_name == "Send, off: 1 character over the limit"
    if shown:
        colour = driver.execute_script("return getComputedStyle(arguments[0]).color", counter)
        danger = driver.execute_script("return getComputedStyle(document.documentElement).getPropertyValue('--color-danger').trim()")
        assert (bs.css_rgb(colour) == bs.css_rgb(danger)) == over


# --- Live behaviours -------------------------------------------------------------------------------

def test_field_grows_to_six_lines_then_scrolls(driver, composer_page):
    open_live(driver, composer_page("dictation-idle"))
    field = by_name(driver, "Message")
    heights = []
    for lines in range(1, 9):
        driver.execute_script("arguments[0].value = Array(arguments[1]).fill('line').join('\\n'); arguments[0].dispatchEvent(new Event('input', {bubbles: true}))", field, lines)
        heights.append(field.size["height"])
    assert heights[0] < heights[1] < heights[2] < heights[5], heights
    assert heights[5] == heights[6] == heights[7], heights
    line = (heights[5] - heights[0]) / 5
    assert 18 < line < 32
    assert driver.execute_script("return arguments[0].scrollHeight > arguments[0].clientHeight", field)


def test_x_removes_a_tile_and_send_follows(driver, composer_page):
    open_live(driver, composer_page("planning"))
    tiles = lambda: driver.find_elements(By.CSS_SELECTOR, ".cr-tile")
    assert len(tiles()) == 4
    by_name(driver, "Remove budget-fail.xlsx").click()
    assert len(tiles()) == 3
    assert events(driver)[-1] == {"name": "remove-attachment", "detail": {"attachmentId": "c4"}, "bubbles": True, "target": "BUTTON"}
    by_name(driver, "Remove terrace.heic").click()
    by_name(driver, "Remove floor-plan.pdf").click()
    send = driver.find_element(By.CSS_SELECTOR, "[data-cr-send]")
    assert send.is_enabled() and send.accessible_name == "Send"


def test_retry_and_attach_menu_send_events(driver, composer_page):
    open_live(driver, composer_page("planning"))
    by_name(driver, "Retry upload of budget-fail.xlsx").click()
    assert events(driver)[-1]["detail"] == {"composer": True, "attachmentId": "c4"}
    plus = by_name(driver, "Add attachment")
    menu = driver.find_element(By.CSS_SELECTOR, ".cr-menu")
    assert not menu.is_displayed()
    plus.click()
    # The menu fades in over motion.snappy; Selenium counts a transparent element as hidden.
    WebDriverWait(driver, 3).until(lambda d: menu.is_displayed())
    assert plus.get_attribute("aria-expanded") == "true"
    assert [i.text for i in menu.find_elements(By.CSS_SELECTOR, "[role=menuitem]")] == ["Photos", "Camera", "Files"]
    menu.find_element(By.XPATH, ".//button[normalize-space()='Files']").click()
    assert events(driver)[-1]["name"] == "attach" and events(driver)[-1]["detail"] == {"source": "files"}
    assert not menu.is_displayed()
    plus.click()
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    assert not menu.is_displayed()


def test_chips_toggle_aria_pressed(driver, composer_page):
    open_live(driver, composer_page("research"))
    think = by_name(driver, "Think, Off")
    think.click()
    assert think.get_attribute("aria-pressed") == "true" and think.accessible_name == "Think, On"
    assert driver.find_element(By.CSS_SELECTOR, "[data-cr-mode='think'] .cr-mode-title").is_displayed()
    think.click()
    assert think.get_attribute("aria-pressed") == "false" and think.accessible_name == "Think, Off"
    assert [e["detail"] for e in events(driver)] == [{"mode": "think", "on": True}, {"mode": "think", "on": False}]


def test_model_menu_switches_and_locked_model_calls_out(driver, composer_page):
    open_live(driver, composer_page("research"))
    pill = by_name(driver, "Model, Atlas 3")
    menu = driver.find_element(By.CSS_SELECTOR, ".cr-model-menu")

    def open_menu() -> None:
        pill.click()
        # The menu fades in over motion.snappy; Selenium counts a transparent element as hidden.
        WebDriverWait(driver, 3).until(lambda d: menu.is_displayed())

    open_menu()
    locked = menu.find_element(By.CSS_SELECTOR, "[data-locked]")
    assert "Pro" in locked.text and locked.get_attribute("aria-checked") == "false"
    locked.click()
    assert events(driver)[-1] == {"name": "locked-model", "detail": {"model": "atlas-3-max"}, "bubbles": True, "target": "BUTTON"}
    assert pill.accessible_name == "Model, Atlas 3", "a locked model does not switch"
    open_menu()
    menu.find_element(By.CSS_SELECTOR, "[data-cr-model='atlas-3-mini']").click()
    assert pill.accessible_name == "Model, Atlas 3 Mini"
    assert events(driver)[-1]["detail"] == {"model": "atlas-3-mini"}
    open_menu()
    checked = menu.find_elements(By.CSS_SELECTOR, "[aria-checked='true']")
    assert [c.get_attribute("data-cr-model") for c in checked] == ["atlas-3-mini"]
    assert checked[0].find_elements(By.CSS_SELECTOR, ".cr-menu-check")


def test_send_shows_stop_then_clears_and_counts_down(driver, composer_page):
    open_live(driver, composer_page("research"))
    by_name(driver, "Send").click()
    stop = by_name(driver, "Stop")
    assert stop.is_displayed()
    sent = events(driver)[-1]
    assert sent["name"] == "send" and sent["bubbles"]
    assert sent["detail"] == {"composer": "model", "text": "Compare three cold-climate models with prices",
                              "attachments": [], "model": "atlas-3", "modes": ["search"]}
    assert by_name(driver, "Message").get_attribute("value") == ""
    assert driver.find_element(By.CSS_SELECTOR, ".cr-usage").text == "11 messages left until 9:00 AM"
    time.sleep(1.8)
    assert by_name(driver, "Send, off until you type a message")
    assert not driver.find_elements(By.CSS_SELECTOR, "[data-cr-stop]")


def test_stop_frees_the_composer_at_once(driver, composer_page):
    open_live(driver, composer_page("planning"))
    for button in driver.find_elements(By.CSS_SELECTOR, "[data-cr-remove]"):
        driver.execute_script("arguments[0].click()", button)
    by_name(driver, "Send").click()
    by_name(driver, "Stop").click()
    assert [e["name"] for e in events(driver)][-2:] == ["send", "stop"]
    assert driver.find_elements(By.CSS_SELECTOR, "[data-cr-send]")


def test_scripted_dictation_done_keeps_and_cancel_restores(driver, composer_page):
    open_live(driver, composer_page("dictation-idle"))
    field = by_name(driver, "Message")
    by_name(driver, "Dictate").click()
    assert driver.find_element(By.CSS_SELECTOR, "[data-cr-recording-row]").is_displayed()
    assert not driver.find_element(By.CSS_SELECTOR, "[data-cr-idle-row]").is_displayed()
    heights = driver.execute_script("return Array.from(document.querySelectorAll('[data-cr-meter] rect')).map(r => r.getAttribute('height'))")
    time.sleep(1.2)
    value = field.get_attribute("value")
    assert value.startswith("Thanks! ") and len(value.split()) >= 3, value
    assert driver.find_element(By.CSS_SELECTOR, "[data-cr-rec-time]").text == "0:01"
    moved = driver.execute_script("return Array.from(document.querySelectorAll('[data-cr-meter] rect')).map(r => r.getAttribute('height'))")
    assert moved != heights, "the meter moves"
    by_name(driver, "Done").click()
    kept = field.get_attribute("value")
    assert kept == value or kept.startswith(value)
    assert by_name(driver, "Send").is_enabled()
    by_name(driver, "Dictate").click()
    time.sleep(0.8)
    assert field.get_attribute("value") != kept
    by_name(driver, "Cancel dictation").click()
    assert field.get_attribute("value") == kept, "Cancel puts the field back"
    names = [e["name"] for e in events(driver)]
    assert names == ["dictation-start", "dictation-done", "dictation-start", "dictation-cancel"]
    assert all(e["bubbles"] for e in events(driver))


def test_open_settings_and_upgrade_send_events(driver, gallery):
    open_live(driver, gallery)
    driver.find_element(By.CSS_SELECTOR, "#cr-pv-t0 [data-cr-settings]").click()
    driver.find_element(By.CSS_SELECTOR, "#cr-pv-t0 [data-cr-upgrade]").click()
    assert [e["name"] for e in events(driver)] == ["open-settings", "upgrade"]


def test_page_works_without_javascript(tmp_path, composer_page):
    options = bs.chrome_options(logging=False)
    options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    driver = bs.start_chrome(options=options)
    try:
        driver.get(composer_page("research").as_uri())
        assert driver.find_element(By.CSS_SELECTOR, ".cr-usage").text == "12 messages left until 9:00 AM"
        assert driver.find_element(By.CSS_SELECTOR, "[data-cr-send]").is_enabled()
        assert not driver.find_element(By.CSS_SELECTOR, ".cr-model-menu").is_displayed()
    finally:
        driver.quit()
