"""A page in chunks (`render --split-over`): it opens on its first and last turns with a
placeholder for each chunk between, loads a chunk as it nears the window, from file://, under
the strict policy; a link from the list of prompts or an address into a chunk not loaded yet
goes to its turn; the page's search finds turns in chunks not loaded and a result goes to its
turn; "Print every turn" and Ctrl+P load every chunk and then print; on paper an unloaded chunk
says what is missing; the page is axe-clean."""

from __future__ import annotations

import json
import random
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import browser_support as bs

TURNS = 1200
WORDS = ("the garden bed needs more compost and water before spring planting tomatoes basil soil "
         "drainage raised cedar frame mulch slugs trellis seedlings harvest").split()


@pytest.fixture(scope="module")
def chunked(tmp_path_factory):
    rng = random.Random(32)

    def sentence(n: int) -> str:
        return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."

    messages = []
    for i in range(TURNS // 2):
        messages.append({"id": f"u{i}", "role": "user", "text": f"Prompt {i}: {sentence(rng.randint(4, 20))}"})
        reply = "\n\n".join(sentence(rng.randint(10, 40)) for _ in range(rng.randint(1, 4)))
        if i % 9 == 4:
            reply += "\n\n```python\nprint('bed %d')\n```" % i
        messages.append({"id": f"a{i}", "role": "assistant", "text": f"Reply {i}. {reply}"})
    folder = tmp_path_factory.mktemp("chunked")
    source = folder / "long.json"
    source.write_text(json.dumps({"title": "A long season", "markup": "full", "messages": messages}), encoding="utf-8")
    out = folder / "page"
    bs.render(source, out, "--split-over", "100KB")
    return out


def open_page(driver, path) -> None:
    """Opens the page without bs.settle, which scrolls over the whole page (and so would load
    every chunk)."""
    driver.get(path.as_uri())
    driver.execute_async_script("const done = arguments[0]; document.fonts.ready.then(() => requestAnimationFrame(() => done()))")


def loaded(driver, turn: int) -> bool:
    return driver.execute_script(f"return !!document.getElementById('cr-t{turn}')")


def test_the_page_opens_on_its_ends_with_placeholders_between(driver, chunked):
    files = sorted(p.name for p in (chunked / "chunks").iterdir())
    assert files == ["1.js", "2.js", "3.js"]
    open_page(driver, chunked / "index.html")
    assert loaded(driver, 0) and loaded(driver, 255) and not loaded(driver, 256)
    assert loaded(driver, TURNS - 1) and not loaded(driver, 1023)
    holders = driver.execute_script(
        "return [...document.querySelectorAll('.cr-chat > .cr-chunk')].map(h => [h.id, h.dataset.crTurns, h.offsetHeight])")
    assert [h[:2] for h in holders] == [["cr-chunk-1", "256 511"], ["cr-chunk-2", "512 767"], ["cr-chunk-3", "768 1023"]]
    # Each holds its place at about 16 groups' height: the scroll bar stands for the whole page.
    assert all(h[2] > 10 * driver.execute_script("return innerHeight") for h in holders)
    # A page too tall for the browser has them scaled (ChunkedPage.stylesheet sets the scale).
    halved = driver.execute_script(
        "const h = document.getElementById('cr-chunk-1'); h.style.setProperty('--cr-chunk-scale', '0.5');"
        "const height = h.offsetHeight; h.style.removeProperty('--cr-chunk-scale'); return height")
    assert abs(halved - holders[0][2] / 2) <= 1
    policy = driver.find_element(By.CSS_SELECTOR, "meta[http-equiv='Content-Security-Policy']").get_attribute("content")
    assert "script-src 'self' 'sha256-" in policy and "'unsafe-inline'" not in policy


def test_a_chunk_loads_as_it_nears_the_window(driver, chunked):
    open_page(driver, chunked / "index.html")
    driver.get_log("browser")
    driver.execute_script("document.getElementById('cr-chunk-2').scrollIntoView()")
    start = time.monotonic()
    while not loaded(driver, 600) and time.monotonic() - start < 5:
        time.sleep(0.05)
    assert loaded(driver, 600), "chunk 2 did not load"
    # Its code blocks got their Copy buttons like the rest of the page.
    assert driver.execute_script(
        "return [...document.querySelectorAll('#cr-t601 figure.cr-code, #cr-t619 figure.cr-code')]"
        ".every(f => f.querySelector('button.cr-code-copy'))")
    errors = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    assert errors == []


def test_a_link_into_a_chunk_not_loaded_goes_to_its_turn(driver, chunked):
    open_page(driver, chunked / "index.html")
    assert not loaded(driver, 700)
    driver.find_element(By.CSS_SELECTOR, ".cr-toc-summary").click()
    link = driver.find_element(By.CSS_SELECTOR, ".cr-toc-list a[href='#cr-t700']")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    link.click()
    start = time.monotonic()
    while time.monotonic() - start < 5:
        top = driver.execute_script("const t = document.getElementById('cr-t700'); return t ? t.getBoundingClientRect().top : null")
        if top is not None and -2 <= top < driver.execute_script("return innerHeight") / 2:
            break
        time.sleep(0.05)
    else:
        pytest.fail(f"turn 700 not in view: {top}")
    assert driver.execute_script("return location.hash") == "#cr-t700"
    assert driver.execute_script("return document.activeElement.id") == "cr-t700-h"


def test_an_address_into_a_chunk_opens_on_its_turn(driver, chunked):
    driver.get((chunked / "index.html").as_uri() + "#cr-t900")
    start = time.monotonic()
    while not loaded(driver, 900) and time.monotonic() - start < 5:
        time.sleep(0.05)
    assert loaded(driver, 900)
    time.sleep(0.3)
    top = driver.execute_script("return document.getElementById('cr-t900').getBoundingClientRect().top")
    assert abs(top) < driver.execute_script("return innerHeight") / 2


def wait_for(driver, script, seconds=5.0):
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.05)
    return driver.execute_script(script)


def test_search_finds_turns_in_chunks_not_loaded_and_goes_to_one(driver, chunked):
    open_page(driver, chunked / "index.html")
    assert not loaded(driver, 601)
    field = driver.find_element(By.CSS_SELECTOR, ".cr-search input")
    assert field.get_attribute("aria-label") == "Search this conversation"
    field.send_keys("Reply 300.")
    assert wait_for(driver, "return document.querySelector('.cr-search').dataset.crQuery === 'Reply 300.'")
    hits = driver.execute_script(
        "return [...document.querySelectorAll('.cr-search-results a')].map(a => [a.getAttribute('href'), a.textContent])")
    assert [h[0] for h in hits] == ["#cr-t601"]
    assert hits[0][1].startswith("AssistantReply 300.")
    assert driver.find_element(By.CSS_SELECTOR, ".cr-search-status").text == "1 match"
    # Two words: every turn holding both, from every chunk, loaded or not.
    field.clear()
    field.send_keys("prompt 1")
    assert wait_for(driver, "return document.querySelector('.cr-search').dataset.crQuery === 'prompt 1'")
    count = driver.execute_script("return document.querySelectorAll('.cr-search-results a').length")
    # Every prompt with a 1 in its number (the words are found inside others, as typed).
    holding = sum("1" in str(i) for i in range(TURNS // 2))
    assert count == 50
    assert driver.find_element(By.CSS_SELECTOR, ".cr-search-status").text == f"Showing the first 50 of {holding} matches"
    field.clear()
    field.send_keys("Reply 300.")
    assert wait_for(driver, "return document.querySelector('.cr-search').dataset.crQuery === 'Reply 300.'")
    driver.find_element(By.CSS_SELECTOR, ".cr-search-results a").click()
    assert wait_for(driver, "const t = document.getElementById('cr-t601'); return t && Math.abs(t.getBoundingClientRect().top) < innerHeight / 2")
    assert driver.execute_script("return [location.hash, document.activeElement.id, document.querySelector(':target').id]") == [
        "#cr-t601", "cr-t601-h", "cr-t601"]


@pytest.mark.parametrize("how", ["button", "keyboard"])
def test_printing_loads_every_chunk_first(driver, chunked, how):
    open_page(driver, chunked / "index.html")
    # What the print dialog would print: the turns on the page when it is asked to.
    driver.execute_script(
        "window.__printed = null; window.print = () => { window.__printed = [document.querySelectorAll('.cr-chat .cr-turn').length, "
        "document.querySelectorAll('.cr-chunk').length]; }")
    assert driver.execute_script("return document.querySelectorAll('.cr-chunk').length") == 3
    if how == "button":
        button = driver.find_element(By.CSS_SELECTOR, ".cr-print-all")
        assert button.is_displayed() and button.text == "Print every turn"
        button.click()
    else:
        driver.find_element(By.CSS_SELECTOR, "body").send_keys(Keys.CONTROL, "p")
    assert wait_for(driver, "return window.__printed") == [TURNS, 0]
    # Printed once, and the button is itself again.
    assert driver.execute_script("return document.querySelector('.cr-print-all').getAttribute('aria-disabled')") is None


def test_on_paper_an_unloaded_chunk_says_what_is_missing(driver, chunked):
    open_page(driver, chunked / "index.html")
    # On paper the placeholders shrink to their note and come near the window, where they would
    # start loading; a printout is made before that, so here the chunks are not put in place.
    driver.execute_script("window.crChunk = function () {}")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print", "features": []})
    notes = driver.execute_script(
        "return [...document.querySelectorAll('.cr-chunk-note')].filter(n => n.offsetHeight > 0).map(n => n.textContent)")
    assert notes[0].startswith("Turns 257 to 512 were not loaded when this page was printed")
    assert len(notes) == 3


def test_the_page_in_chunks_is_axe_clean(driver, chunked, axe_source):
    open_page(driver, chunked / "index.html")
    # The first turns' entrance is finished, as a reader sees them once it has played.
    driver.execute_script("document.getAnimations().filter(a => Number.isFinite(a.effect.getComputedTiming().endTime)).forEach(a => a.finish())")
    result = bs.run_axe(driver, axe_source)
    assert result["violations"] == [], bs.format_violations(result["violations"])
