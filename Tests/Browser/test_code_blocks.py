"""Code blocks: the colours are in the page itself, and the script adds a Copy button to each
block that is reachable from the keyboard, copies the code's text and says so politely."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import browser_support as bs

PYTHON = 'def greet(name):\n    return f"Hello, {name}!"  # friendly\n'
PLAIN = "plain <text> & more\n"

# The clipboard is stubbed so the test reads back exactly what was written.
STUB_CLIPBOARD = """
window.__copied = [];
Object.defineProperty(navigator, 'clipboard', {configurable: true, value: {
  writeText: text => { window.__copied.push(text); return Promise.resolve(); }
}});
"""


def copy_buttons(driver):
    return [b for b in driver.find_elements(By.TAG_NAME, "button") if bs.name_of(driver, b) == "Copy code"]


def test_code_is_highlighted_without_the_script(driver, page_url):
    bs.open_page(driver, page_url("code", "--markup", "full"))
    kinds = driver.execute_script(
        "return [...document.querySelectorAll('code.language-python > *')].map(s => s.localName.slice(2) + ':' + s.textContent)")
    assert "kw:def" in kinds and "fn:greet" in kinds and "cm:# friendly" in kinds
    # The coloured block's text is the code as written.
    assert driver.execute_script("return document.querySelector('code.language-python').textContent") == PYTHON


def test_every_code_block_gets_a_copy_button_reachable_by_keyboard(driver, page_url):
    bs.open_page(driver, page_url("code", "--markup", "full"))
    buttons = copy_buttons(driver)
    assert len(buttons) == 2
    for button in buttons:
        assert button.tag_name == "button" and button.get_attribute("type") == "button"
        assert button.is_displayed()
    # Tab order reaches it: from the element before it, one Tab lands on the button.
    first = buttons[0]
    driver.execute_script("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.TAB)
    for _ in range(30):
        if driver.switch_to.active_element == first:
            break
        driver.switch_to.active_element.send_keys(Keys.TAB)
    assert driver.switch_to.active_element == first
    # Keyboard focus is drawn.
    outline = driver.execute_script("return getComputedStyle(arguments[0]).outlineStyle", first)
    assert outline != "none"


def test_copy_writes_the_code_and_announces_it(driver, page_url):
    bs.open_page(driver, page_url("code", "--markup", "full"))
    driver.execute_script(STUB_CLIPBOARD)
    first, second = copy_buttons(driver)
    driver.execute_script("arguments[0].focus()", first)
    first.send_keys(Keys.ENTER)
    second.click()
    assert driver.execute_script("return window.__copied") == [PYTHON, PLAIN]
    status = driver.find_element(By.CSS_SELECTOR, "[role=status][aria-live=polite]")
    said = driver.execute_async_script("const done = arguments[1]; setTimeout(() => done(arguments[0].textContent), 300)", status)
    assert said == "Copied"


def test_copy_falls_back_without_the_clipboard_api(driver, page_url):
    bs.open_page(driver, page_url("code", "--markup", "full"))
    driver.execute_script("""
      Object.defineProperty(navigator, 'clipboard', {configurable: true, value: undefined});
      window.__selected = [];
      document.execCommand = function (command) {
        if (command === 'copy') window.__selected.push(document.activeElement.value);
        return true;
      };""")
    copy_buttons(driver)[1].click()
    assert driver.execute_script("return window.__selected") == [PLAIN]
    # The helper textarea is gone again.
    assert driver.find_elements(By.TAG_NAME, "textarea") == []


def test_without_script_there_is_no_button(driver, page_url):
    html = (page_url("code", "--markup", "full")).read_text()
    body = html.split("<body", 1)[1].split("<script>", 1)[0]
    assert "<button" not in body and "cr-code-copy" not in body
