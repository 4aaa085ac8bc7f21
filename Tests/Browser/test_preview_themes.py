"""A designer's workflow in a browser: a two-token partial theme over SP renders with its accent and
radius in both modes, and `preview --conversation` shows the given chat, with its photos, in every
theme and mode, axe-clean."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import browser_support as bs

ROSE = {
    "$extends": "sp",
    "color": {"accent": {"$value": {"colorSpace": "srgb", "components": [0.8314, 0.2157, 0.4706], "hex": "#d43778"}}},
    "radius": {"md": {"$value": {"value": 18, "unit": "px"}}},
}

pytestmark = pytest.mark.skipif(not bs.bundled_theme_available(), reason="needs the bundled themes")


def run(*args: str) -> subprocess.CompletedProcess:
    result = subprocess.run([str(bs.chatrender_binary()), *args], env=bs.render_environment(),
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    return result


@pytest.fixture(scope="module")
def rose_page(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("rose")
    theme = folder / "rose.tokens.json"
    theme.write_text(json.dumps(ROSE))
    bs.render(bs.CONVERSATIONS["garden"], folder / "page", theme=theme)
    return folder / "page" / "index.html"


@pytest.fixture(scope="module")
def conversation_gallery(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("pvc")
    theme = folder / "rose.tokens.json"
    theme.write_text(json.dumps(ROSE))
    run("preview", "--theme", str(bs.ROOT / "themes" / "sp.resolver.json"), "--theme", str(theme),
        "--conversation", str(bs.CONVERSATIONS["garden"]), "--out", str(folder / "pv"), "--quiet")
    return folder / "pv" / "index.html"


COMPUTED_JS = """
const root = getComputedStyle(document.documentElement);
const bubble = document.querySelector('.cr-bubble');
return [root.getPropertyValue('--color-accent').trim(), getComputedStyle(bubble).borderTopLeftRadius,
        root.getPropertyValue('--color-bg').trim()];
"""


@pytest.mark.parametrize("scheme, background", [("light", "#ffffff"), ("dark", "#000000")])
def test_two_token_partial_theme_renders_with_its_accent(driver, rose_page, scheme, background):
    bs.emulate_media(driver, prefers_color_scheme=scheme)
    bs.open_page(driver, rose_page)
    accent, radius, bg = driver.execute_script(COMPUTED_JS)
    assert accent == "#d43778"
    assert radius == "18px"
    assert bg == background, "every other token is SP's, in each mode"
    # The accent as the page draws it: the keyboard focus ring of the first photo.
    body = driver.find_element(By.TAG_NAME, "body")
    for _ in range(40):
        body.send_keys(Keys.TAB) if driver.switch_to.active_element.tag_name == "body" else \
            driver.switch_to.active_element.send_keys(Keys.TAB)
        if driver.execute_script("return document.activeElement.matches('.cr-photo-link')"):
            break
    ring = driver.execute_script("return getComputedStyle(document.activeElement).outlineColor")
    assert ring == "rgb(212, 55, 120)"


def conversation_columns(driver):
    return driver.execute_script("""
      return Array.from(document.querySelectorAll('.cr-pv-theme')).map(section => {
        const heading = Array.from(section.querySelectorAll('h3')).find(h => h.textContent.startsWith('Your conversation:'));
        if (!heading) return null;
        const figure = heading.parentElement;
        return Array.from(figure.querySelectorAll('.cr-pv-mode')).map(column => ({
          scheme: column.classList.contains('cr-pv-mode--dark') ? 'dark' : 'light',
          turns: column.querySelectorAll('article').length,
          photos: Array.from(column.querySelectorAll('img')).map(img => img.naturalWidth),
          bg: getComputedStyle(column).getPropertyValue('--color-bg').trim(),
          accent: getComputedStyle(column).getPropertyValue('--color-accent').trim(),
        }));
      });""")


def test_preview_shows_the_given_conversation_in_every_theme_and_mode(driver, conversation_gallery):
    bs.open_page(driver, conversation_gallery)
    themes = conversation_columns(driver)
    assert len(themes) == 2 and all(themes)
    for index, columns in enumerate(themes):
        assert [c["scheme"] for c in columns] == ["light", "dark"]
        assert [c["bg"] for c in columns] == ["#ffffff", "#000000"]
        for column in columns:
            assert column["turns"] >= 5
            assert column["photos"] and all(width > 0 for width in column["photos"]), "every photo loads"
        if index == 1:
            assert {c["accent"] for c in columns} == {"#d43778"}


AXE_ON_CONVERSATIONS_JS = """
const done = arguments[arguments.length - 1];
axe.run({include: [['#cr-pv-t0 .cr-pv-conversation']]}, {resultTypes: ['violations']})
  .then(r => done({violations: r.violations}))
  .catch(e => done({error: String(e)}));
"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_sample_and_conversation_are_axe_clean(driver, conversation_gallery, axe_source, scheme):
    """The sample and the given chat in the first theme (the whole gallery is checked by test_composer)."""
    bs.emulate_media(driver, prefers_color_scheme=scheme)
    bs.open_page(driver, conversation_gallery)
    driver.execute_script(axe_source)
    driver.set_script_timeout(300)
    result = driver.execute_async_script(AXE_ON_CONVERSATIONS_JS)
    assert "error" not in result, result
    assert not result["violations"], bs.format_violations(result["violations"])


def test_watched_page_reloads_itself_when_a_token_changes(driver, tmp_path):
    """`preview --watch`: edit the token file, and the open page (from the file system) shows the
    new accent by itself; Ctrl-C then stops the command cleanly."""
    import signal
    import time

    theme = tmp_path / "rose.tokens.json"
    theme.write_text(json.dumps(ROSE))
    process = subprocess.Popen([str(bs.chatrender_binary()), "preview", "--theme", str(theme), "--out", str(tmp_path / "pv"),
                                "--watch"], env=bs.render_environment(), stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.time() + 120
        while not (tmp_path / "pv" / "reload.js").is_file():
            assert time.time() < deadline and process.poll() is None, "the first render did not come"
            time.sleep(0.2)
        bs.open_page(driver, tmp_path / "pv" / "index.html")
        accent = "return getComputedStyle(document.documentElement).getPropertyValue('--color-accent').trim()"
        assert driver.execute_script(accent) == "#d43778"
        driver.execute_script("window.crStillHere = true")
        changed = json.loads(json.dumps(ROSE))
        changed["color"]["accent"]["$value"] = "#8e3a8c"
        theme.write_text(json.dumps(changed))
        deadline = time.time() + 120
        while driver.execute_script(accent) != "#8e3a8c":
            assert time.time() < deadline, "the page did not reload"
            time.sleep(0.5)
        assert driver.execute_script("return window.crStillHere") is None, "it reloaded, not patched"
    finally:
        process.send_signal(signal.SIGINT)
        _, errors = process.communicate(timeout=60)
    assert process.returncode == 0, errors
    assert errors.endswith("stopped watching\n")
    assert "rose.tokens.json changed: wrote" in errors
