"""Pages in the reader's language (`--locale`): the page declares its language and direction, the
scripts speak it (the Copy button, the photo viewer), and the German and Arabic pages pass axe,
in light and dark."""

import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import browser_support as bs

STUB_CLIPBOARD = """
window.__copied = [];
Object.defineProperty(navigator, 'clipboard', {configurable: true, value: {
  writeText: text => { window.__copied.push(text); return Promise.resolve(); }
}});
"""


def wait_for(predicate, timeout=3.0):
    end = time.time() + timeout
    while time.time() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    return predicate()


def test_german_page_declares_german_and_names_its_parts_in_german(driver, page_url):
    bs.open_page(driver, page_url("garden", "--locale", "de-DE"))
    assert driver.execute_script("return document.documentElement.lang") == "de"
    assert driver.execute_script("return document.documentElement.dir") == ""
    speakers = [h.text for h in driver.find_elements(By.CSS_SELECTOR, "h2.cr-turn-speaker")]
    assert "Du" in speakers and "Assistent" in speakers
    times = [t.text for t in driver.find_elements(By.CSS_SELECTOR, "time.cr-turn-time")]
    assert times[0] == "2. Mai 2026, 09:12"
    permalink = driver.find_element(By.CSS_SELECTOR, "a.cr-permalink")
    assert permalink.accessible_name == "Link zu diesem Beitrag"
    retry = driver.find_element(By.CSS_SELECTOR, "button[data-cr-retry]")
    assert retry.text == "Erneut versuchen"
    assert retry.accessible_name == "soil-report.pdf erneut hochladen"
    labels = [l.text for l in driver.find_elements(By.CSS_SELECTOR, ".cr-theme-switch label")]
    assert labels == ["Automatisch", "Hell", "Dunkel"]


def test_german_viewer_speaks_german(driver, page_url):
    bs.set_viewport(driver, 1024, 800)
    bs.open_page(driver, page_url("garden", "--locale", "de-DE"))
    driver.find_elements(By.CSS_SELECTOR, "a[data-cr-photo]")[1].click()
    assert wait_for(lambda: driver.execute_script("const d = document.querySelector('dialog.cr-viewer'); return d && d.open"))
    dialog = driver.find_element(By.CSS_SELECTOR, "dialog.cr-viewer")
    assert dialog.accessible_name == "backyard-maple.jpg, 2 von 3"
    assert driver.switch_to.active_element.accessible_name == "Schließen"
    names = [b.accessible_name for b in dialog.find_elements(By.CSS_SELECTOR, "button")]
    assert "Vorheriges Foto" in names and "Nächstes Foto" in names
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)


def test_german_copy_button_speaks_german(driver, page_url):
    bs.open_page(driver, page_url("code", "--markup", "full", "--locale", "de"))
    driver.execute_script(STUB_CLIPBOARD)
    buttons = [b for b in driver.find_elements(By.CSS_SELECTOR, "button.cr-code-copy")]
    assert buttons and all(bs.name_of(driver, b) == "Code kopieren" for b in buttons)
    assert buttons[0].text == "Kopieren"
    buttons[0].click()
    assert wait_for(lambda: buttons[0].text == "Kopiert")
    status = driver.find_element(By.CSS_SELECTOR, "[role=status][aria-live=polite]")
    said = driver.execute_async_script("const done = arguments[1]; setTimeout(() => done(arguments[0].textContent), 300)", status)
    assert said == "Kopiert"


def test_arabic_chrome_runs_right_to_left(driver, page_url):
    bs.set_viewport(driver, 1024, 800)
    bs.open_page(driver, page_url("garden", "--locale", "ar"))
    assert driver.execute_script("return document.documentElement.lang") == "ar"
    assert driver.execute_script("return getComputedStyle(document.body).direction") == "rtl"
    # The person's turns sit on the trailing side, which in Arabic is the left.
    user = driver.find_element(By.CSS_SELECTOR, ".cr-turn--user .cr-bubble").rect
    reply = driver.find_element(By.CSS_SELECTOR, ".cr-turn--assistant .cr-reply").rect
    assert user["x"] + user["width"] < reply["x"] + reply["width"] - 50
    # A reply written in English keeps its own direction.
    assert driver.execute_script("return getComputedStyle(document.querySelector('.cr-reply')).direction") == "ltr"
    # Nothing sticks out sideways.
    assert driver.execute_script("return document.documentElement.scrollWidth <= document.documentElement.clientWidth")


@pytest.mark.parametrize("locale", ["de-DE", "ar", "ja"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_axe_violations_in_other_languages(driver, page_url, axe_source, locale, scheme):
    bs.emulate_media(driver, prefers_color_scheme=scheme)
    bs.open_page(driver, page_url("garden", "--locale", locale))
    violations = bs.run_axe(driver, axe_source)["violations"]
    assert not violations, f"axe on garden ({locale}, {scheme}):\n" + bs.format_violations(violations)


def test_german_composer_script_speaks_german(driver, tmp_path):
    """The words composer.js writes as the person types and sends: Send's reasons, counted with the
    language's plural rules, and the usage line as it counts down."""
    out = tmp_path / "research"
    bs.render(bs.ROOT / "examples" / "composers" / "research.json", out, "--locale", "de-DE")
    bs.open_page(driver, out / "index.html")
    field = driver.find_element(By.CSS_SELECTOR, "[data-cr-field]")
    assert field.get_attribute("placeholder") == "Nachricht"
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.DELETE)
    send = driver.find_element(By.CSS_SELECTOR, "[data-cr-send]")
    assert wait_for(lambda: bs.name_of(driver, send) == "Senden, aus, bis du eine Nachricht schreibst")
    field.send_keys("Noch eine Frage")
    assert wait_for(lambda: bs.name_of(driver, send) == "Senden")
    send.click()
    usage = driver.find_element(By.CSS_SELECTOR, ".cr-usage-text")
    assert wait_for(lambda: usage.text.startswith("Noch 11 Nachrichten bis "))
    assert "messages" not in usage.text


def test_arabic_viewer_arrows_point_the_reading_way(driver, page_url):
    bs.set_viewport(driver, 1024, 800)
    bs.open_page(driver, page_url("garden", "--locale", "ar"))
    driver.find_elements(By.CSS_SELECTOR, "a[data-cr-photo]")[1].click()
    assert wait_for(lambda: driver.execute_script("const d = document.querySelector('dialog.cr-viewer'); return d && d.open"))
    prev = driver.find_element(By.CSS_SELECTOR, ".cr-viewer-prev")
    nxt = driver.find_element(By.CSS_SELECTOR, ".cr-viewer-next")
    # Previous sits on the right and its chevron points right (mirrored); Next on the left.
    assert prev.rect["x"] > nxt.rect["x"]
    assert driver.execute_script("return getComputedStyle(arguments[0].querySelector('svg')).scale", prev) == "-1 1"
    title = driver.find_element(By.CSS_SELECTOR, ".cr-viewer-title")
    before = title.text
    # ArrowLeft goes to the next photo, the one on the left.
    driver.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    assert wait_for(lambda: title.text != before and "3" in title.text)
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
