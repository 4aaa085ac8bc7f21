"""What the page does: Retry tells the host page which upload to restart, the appearance switch
changes the theme (and is remembered), and Reduce Motion turns the turn animation into a short fade."""

import json

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import browser_support as bs

LISTEN_JS = """
window.__retries = [];
document.addEventListener('chatrender:retry-upload', e => window.__retries.push({
  detail: e.detail, bubbles: e.bubbles, cancelable: e.cancelable, type: e.type,
  isCustom: e instanceof CustomEvent, target: e.target.getAttribute('aria-label'),
  phase: e.eventPhase,
}));
"""


def button_named(driver, name):
    matches = [b for b in driver.find_elements(By.TAG_NAME, "button") if bs.name_of(driver, b) == name]
    assert len(matches) == 1, f"{len(matches)} buttons named {name!r}"
    return matches[0]


def root_style(driver):
    return driver.execute_script(
        "const s = getComputedStyle(document.documentElement);"
        "return {bg: s.getPropertyValue('--color-bg').trim(), scheme: s.colorScheme,"
        " body: getComputedStyle(document.body).backgroundColor, theme: document.documentElement.getAttribute('data-theme')}")


# --- Retry ------------------------------------------------------------------------------------

@pytest.mark.parametrize("page, name, ids", [
    ("garden", "Retry uploading soil-report.pdf", {"messageId": "m3", "attachmentId": "a6"}),
    ("grids", "Retry uploading photo-5.png", {"messageId": "states", "attachmentId": "p5"}),
    ("grids", "Retry uploading scan.pdf", {"messageId": "files", "attachmentId": "bad"}),
])
def test_retry_dispatches_a_bubbling_event_with_the_ids(driver, page_url, page, name, ids):
    bs.open_page(driver, page_url(page))
    driver.execute_script(LISTEN_JS)
    button = button_named(driver, name)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    events = driver.execute_script("return window.__retries")
    assert events == [{"detail": ids, "bubbles": True, "cancelable": True, "type": "chatrender:retry-upload",
                       "isCustom": True, "target": name, "phase": 3}]  # 3: bubbling phase at document
    assert driver.current_url.endswith("/index.html"), "Retry navigated away"


def test_retry_works_from_the_keyboard(driver, page_url):
    bs.open_page(driver, page_url("garden"))
    driver.execute_script(LISTEN_JS)
    button = button_named(driver, "Retry uploading soil-report.pdf")
    driver.execute_script("arguments[0].focus()", button)
    assert driver.switch_to.active_element == button
    button.send_keys(Keys.ENTER)
    button.send_keys(Keys.SPACE)
    assert [e["detail"]["attachmentId"] for e in driver.execute_script("return window.__retries")] == ["a6", "a6"]


def test_retry_passes_hostile_ids_through_verbatim(driver, page_url):
    bs.open_page(driver, page_url("hostile"))
    driver.execute_script(LISTEN_JS)
    button_named(driver, "Retry uploading g").click()
    payload = '"><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">'
    [event] = driver.execute_script("return window.__retries")
    assert event["detail"] == {"messageId": payload, "attachmentId": payload + "5"}
    assert driver.execute_script("return typeof window.__pwned") == "undefined"


def test_no_retry_render_has_no_retry_buttons(driver, page_url):
    bs.open_page(driver, page_url("garden", "--no-retry"))
    assert driver.find_elements(By.TAG_NAME, "button") == []
    assert driver.find_elements(By.CSS_SELECTOR, "[data-cr-retry]") == []
    chip = driver.find_element(By.XPATH, "//*[@role='group'][starts-with(@aria-label,'soil-report.pdf')]")
    assert "Upload failed" in chip.text and "Retry" not in chip.text
    bs.open_page(driver, page_url("grids", "--no-retry"))
    assert driver.find_elements(By.TAG_NAME, "button") == []


# --- Appearance switch ------------------------------------------------------------------------

def test_switch_overrides_the_system_scheme_both_ways(driver, page_url):
    page = page_url("garden")
    bs.emulate_media(driver, prefers_color_scheme="dark")
    bs.open_page(driver, page)
    system_dark = root_style(driver)
    bs.emulate_media(driver, prefers_color_scheme="light")
    bs.settle(driver)
    system_light = root_style(driver)
    assert system_light["scheme"] == "light" and system_dark["scheme"] == "dark"
    assert system_light["bg"] != system_dark["bg"] and system_light["body"] != system_dark["body"]

    driver.find_element(By.CSS_SELECTOR, "label[for='cr-theme-dark']").click()
    bs.settle(driver)
    forced_dark = root_style(driver)
    assert forced_dark == {**system_dark, "theme": "dark"}, "the switch's dark differs from the system's dark"

    bs.emulate_media(driver, prefers_color_scheme="dark")
    driver.find_element(By.CSS_SELECTOR, "label[for='cr-theme-light']").click()
    bs.settle(driver)
    assert root_style(driver) == {**system_light, "theme": "light"}, "Light does not override a dark system"

    driver.find_element(By.CSS_SELECTOR, "label[for='cr-theme-auto']").click()
    bs.settle(driver)
    assert root_style(driver) == system_dark, "Auto does not follow the system again"


def test_switch_choice_survives_reload(driver, page_url):
    bs.emulate_media(driver, prefers_color_scheme="light")
    bs.open_page(driver, page_url("garden"))
    if not driver.execute_script(
            "try { localStorage.setItem('__probe', '1'); const ok = localStorage.getItem('__probe') === '1';"
            " localStorage.removeItem('__probe'); return ok; } catch (e) { return false; }"):
        pytest.skip("this Chromium gives file: pages no localStorage")
    light = root_style(driver)
    driver.find_element(By.CSS_SELECTOR, "label[for='cr-theme-dark']").click()
    bs.settle(driver)
    dark = root_style(driver)
    driver.refresh()
    bs.settle(driver)
    assert driver.find_element(By.ID, "cr-theme-dark").is_selected()
    assert root_style(driver) == dark != light


# --- Motion -----------------------------------------------------------------------------------

def turn_animation(driver):
    return driver.execute_script("""
        const article = document.querySelector('article');
        const s = getComputedStyle(article);
        const animation = article.getAnimations()[0];
        const keyframes = animation ? animation.effect.getKeyframes() : [];
        return {name: s.animationName, duration: s.animationDuration,
                properties: [...new Set(keyframes.flatMap(k => Object.keys(k)))]
                  .filter(k => !['offset', 'computedOffset', 'easing', 'composite'].includes(k)).sort(),
                smooth: getComputedStyle(document.documentElement).getPropertyValue('--motion-smooth-duration').trim()};
    """)


def seconds(css_time):
    return float(css_time[:-2]) / 1000 if css_time.endswith("ms") else float(css_time[:-1])


def test_turns_move_in_with_motion_smooth(driver, page_url):
    bs.open_page(driver, page_url("garden"))
    animation = turn_animation(driver)
    assert animation["name"] != "none"
    assert seconds(animation["duration"]) == pytest.approx(seconds(animation["smooth"]))
    assert "transform" in animation["properties"] and "opacity" in animation["properties"]


def test_only_the_first_turns_animate(driver, tmp_path):
    """A long page animates the turns seen at load, not thousands more."""
    turns = [{"id": f"t{i}", "role": "user" if i % 2 == 0 else "assistant", "text": f"Turn {i}"} for i in range(40)]
    conversation = tmp_path / "long.json"
    conversation.write_text(json.dumps({"title": "Long", "messages": turns}))
    bs.render(conversation, tmp_path / "out")
    bs.open_page(driver, tmp_path / "out" / "index.html")
    animated = driver.execute_script("""
        return [...document.querySelectorAll('article.cr-turn')].map(a => getComputedStyle(a).animationName !== 'none');""")
    assert animated[:12] == [True] * 12
    assert not any(animated[12:]), animated


def test_reduced_motion_makes_turns_a_short_fade(driver, page_url):
    bs.emulate_media(driver, prefers_reduced_motion="reduce")
    bs.open_page(driver, page_url("garden"))
    animation = turn_animation(driver)
    assert animation["name"] != "none"
    assert 0 < seconds(animation["duration"]) <= 0.150, animation
    assert animation["properties"] == ["opacity"], f"not a pure fade: {animation}"


def test_reduced_motion_stops_the_skeleton_pulse(driver, page_url):
    bs.open_page(driver, page_url("loading"))
    assert driver.execute_script("return document.getAnimations().length") > 0, "the skeleton should pulse normally"
    bs.emulate_media(driver, prefers_reduced_motion="reduce")
    driver.refresh()
    assert driver.execute_script("return document.getAnimations().filter(a => a.playState === 'running').length") == 0
