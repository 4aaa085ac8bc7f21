"""Print: the page under `media: print` (as Chrome prints it, with the reader's system in dark mode)
and `chatrender render --pdf`, read back with pypdf.

The conversation is written by the suite: enough turns that the later ones start off screen (lazy
photos, content-visibility), a grid of five photos, a long code block, a table, web and relative
links, a web file card, a long file name, a failed upload with Retry, and a composer."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest
from pypdf import PdfReader
from selenium.webdriver.common.by import By

import browser_support as bs

PHOTOS = bs.FIXTURES / "photos"
LONG_CODE = "let total = " + " + ".join(f"measurement{i}" for i in range(60)) + "  // " + "x" * 120
FILLER_TURNS = 24  # enough to push the last turns far below the first screen


def _photo(i: int, n: int) -> dict:
    return {"id": f"p{i}-{n}", "name": f"photo-{n}.png", "byteCount": 2000 + n, "contentType": "image/png",
            "preview": f"photos/p{n}.png", "alt": f"Test photo {n}"}


def write_conversation(folder: Path) -> Path:
    """The print fixture and its photos, in `folder`."""
    shutil.copytree(PHOTOS, folder / "photos")
    (folder / "notes.txt").write_text("notes\n")
    messages = [
        {"id": "m0", "role": "user", "date": "2026-05-02T09:00:00Z", "text": "Five photos from the walk.",
         "attachments": [_photo(0, n) for n in range(1, 6)]},
        {"id": "m1", "role": "assistant", "date": "2026-05-02T09:01:00Z",
         "text": ("Here is the loop, and the [trail map](https://example.org/trails/map?id=42) "
                  "and [my notes](notes.txt); the guide is https://example.net/guide.\n\n```swift\n" + LONG_CODE + "\n```\n\n"
                  "| Stage | Distance | Climb |\n| --- | --- | --- |\n| One | 4.2 km | 120 m |\n| Two | 6.8 km | 340 m |\n"),
         "attachments": [
             {"id": "f1", "name": "route-" + "extremely-long-name-" * 6 + "final.gpx", "byteCount": 48213,
              "contentType": "application/gpx+xml", "url": "notes.txt"},
             {"id": "f2", "name": "booking.pdf", "byteCount": 245760, "contentType": "application/pdf",
              "url": "https://example.com/files/booking.pdf"},
         ]},
        {"id": "m2", "role": "user", "date": "2026-05-02T09:02:00Z", "text": "The permit did not upload.",
         "attachments": [{"id": "f3", "name": "permit.pdf", "byteCount": 91234, "contentType": "application/pdf",
                          "upload": {"state": "failed", "reason": "The network connection was lost."}}]},
    ]
    for i in range(FILLER_TURNS):
        role = "user" if i % 2 == 0 else "assistant"
        messages.append({"id": f"t{i}", "role": role, "date": f"2026-05-02T10:{i:02d}:00Z",
                         "text": f"Filler turn {i}: " + "a sentence about the trail and the weather. " * 6})
    messages.append({"id": "last", "role": "user", "date": "2026-05-02T11:00:00Z",
                     "text": "Last turn, far down the page, with two photos.",
                     "attachments": [_photo(9, 6), _photo(9, 7)]})
    conversation = {"title": "Print fixture", "messages": messages,
                    "composer": {"type": "dictation", "text": "Thanks!", "state": "recording", "elapsed": 7,
                                 "levels": [0.2, 0.5, 0.8, 0.4], "transcript": "See you there"}}
    path = folder / "print.json"
    path.write_text(json.dumps(conversation, indent=1))
    return path


PHOTO_COUNT = 7  # five in the grid (four and "+1" on screen), two in the last turn


@pytest.fixture(scope="module")
def conversation(tmp_path_factory) -> Path:
    return write_conversation(tmp_path_factory.mktemp("print-source"))


@pytest.fixture(scope="module")
def page(conversation, tmp_path_factory, theme_args) -> Path:
    out = tmp_path_factory.mktemp("print-page") / "page"
    bs.render(conversation, out, "--markup", "full", **theme_args)
    return out / "index.html"


def emulate(driver, media: str, scheme: str) -> None:
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "media": media, "features": [{"name": "prefers-color-scheme", "value": scheme}]})


def style(driver, element, prop: str, pseudo: str | None = None) -> str:
    return driver.execute_script("return getComputedStyle(arguments[0], arguments[2]).getPropertyValue(arguments[1])",
                                 element, prop, pseudo)


def colours(driver) -> dict:
    """The colours a reader sees: the page, a bubble, a chip, a reply's text, and the tokens."""
    return driver.execute_script("""
      const s = e => getComputedStyle(document.querySelector(e));
      const root = getComputedStyle(document.documentElement);
      return {
        bg: root.getPropertyValue('--color-bg').trim(),
        text: root.getPropertyValue('--color-text-primary').trim(),
        scheme: root.colorScheme,
        body: s('body').color,
        bubble: s('.cr-bubble').backgroundColor,
        chip: s('.cr-chip').backgroundColor,
        reply: s('.cr-reply').color,
      };
    """)


def by_name(driver, tag: str, name: str):
    """The element of `tag` whose accessible name is `name`."""
    for element in driver.find_elements(By.TAG_NAME, tag):
        if bs.name_of(driver, element) == name:
            return element
    raise AssertionError(f"no <{tag}> named {name!r}")


# --- Print media in the browser ----------------------------------------------------------------

def test_print_is_light_even_when_the_system_and_the_switch_say_dark(driver, page):
    bs.open_page(driver, page)
    emulate(driver, "screen", "light")
    light = colours(driver)
    emulate(driver, "screen", "dark")
    dark = colours(driver)
    assert dark["bg"] != light["bg"] and dark["bubble"] != light["bubble"], "the fixture theme has no dark mode"

    emulate(driver, "print", "dark")
    assert colours(driver) == light
    # The reader picked Dark on the page's own switch: paper stays light all the same.
    emulate(driver, "screen", "light")
    driver.find_element(By.CSS_SELECTOR, "label[for='cr-theme-dark']").click()
    assert colours(driver)["bg"] == dark["bg"], "the Dark switch did not apply on screen"
    emulate(driver, "print", "light")
    assert colours(driver) == light


def test_controls_that_do_nothing_on_paper_are_hidden(driver, page):
    bs.open_page(driver, page)
    retry = by_name(driver, "button", "Retry uploading permit.pdf")
    share = by_name(driver, "a", "Share booking.pdf")
    open_local = driver.find_element(By.CSS_SELECTOR, ".cr-open:not([href^='http'])")
    switch = driver.find_element(By.CSS_SELECTOR, ".cr-theme-switch")
    dock = driver.find_element(By.CSS_SELECTOR, ".cr-dock")
    # Open the photo viewer, so its dialog exists and is showing when the page is printed.
    first_photo = driver.find_element(By.CSS_SELECTOR, ".cr-photo-link")
    first_photo.click()
    viewer = driver.find_element(By.CSS_SELECTOR, "dialog.cr-viewer")
    assert viewer.get_attribute("open") is not None
    controls = [retry, share, open_local, switch, dock, viewer]
    assert all(style(driver, e, "display") != "none" for e in controls)

    emulate(driver, "print", "light")
    hidden = {bs.name_of(driver, e) or e.get_attribute("class"): style(driver, e, "display") for e in controls}
    assert all(value == "none" for value in hidden.values()), hidden
    # The text of the conversation is all still there.
    for turn in driver.find_elements(By.CSS_SELECTOR, ".cr-turn"):
        assert style(driver, turn, "display") != "none"


def test_file_cards_show_name_size_and_the_web_address(driver, page):
    bs.open_page(driver, page)
    emulate(driver, "print", "light")
    cards = {card.get_attribute("aria-label"): card for card in driver.find_elements(By.CSS_SELECTOR, ".cr-card")}
    assert len(cards) == 2
    for card in cards.values():
        name = card.find_element(By.CSS_SELECTOR, ".cr-card-name")
        size = card.find_element(By.CSS_SELECTOR, ".cr-card-line")
        assert name.is_displayed() and size.is_displayed()
        assert re.fullmatch(r"\d+(\.\d)? (KB|MB)", size.text), size.text
        # The whole name, wrapped: nothing cut off with an ellipsis.
        assert driver.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth + 1", name)
        assert style(driver, name, "white-space") == "normal"
    long_card = next(c for label, c in cards.items() if label.startswith("route-"))
    assert long_card.find_element(By.CSS_SELECTOR, ".cr-card-name").text.endswith("final.gpx")
    # A file on the web: its address is printed where Open was.
    web = cards[next(label for label in cards if label.startswith("booking.pdf"))]
    web_open = web.find_element(By.CSS_SELECTOR, ".cr-open")
    assert style(driver, web_open, "display") != "none"
    assert style(driver, web_open, "content", "::after") == '"https://example.com/files/booking.pdf"'
    assert all(style(driver, child, "display") == "none" for child in web_open.find_elements(By.XPATH, "./*"))


def test_web_links_print_their_address_and_others_do_not(driver, page):
    bs.open_page(driver, page)
    emulate(driver, "screen", "light")
    web = driver.find_element(By.CSS_SELECTOR, ".cr-reply a[href^='https://example.org']")
    local = driver.find_element(By.CSS_SELECTOR, ".cr-reply a[href='notes.txt']")
    assert style(driver, web, "content", "::after") in ("none", "normal")
    emulate(driver, "print", "light")
    assert style(driver, web, "content", "::after") == '" (https://example.org/trails/map?id=42)"'
    assert style(driver, local, "content", "::after") in ("none", "normal")
    # An autolink's text is already its address: printed once, not twice.
    autolink = driver.find_element(By.CSS_SELECTOR, ".cr-reply a.cr-md-autolink[href='https://example.net/guide']")
    assert style(driver, autolink, "content", "::after") in ("none", "normal")
    for photo in driver.find_elements(By.CSS_SELECTOR, ".cr-photo-link"):
        assert style(driver, photo, "content", "::after") in ("none", "normal")


def test_long_code_wraps_instead_of_scrolling(driver, page):
    bs.set_viewport(driver, 800, 900)
    bs.open_page(driver, page)
    pre = driver.find_element(By.CSS_SELECTOR, ".cr-code pre")
    overflow = "return arguments[0].scrollWidth - arguments[0].clientWidth"
    assert driver.execute_script(overflow, pre) > 100, "the fixture's code line should scroll on screen"
    emulate(driver, "print", "light")
    assert driver.execute_script(overflow, pre) <= 1
    assert style(driver, pre, "white-space") in ("pre-wrap", "break-spaces")
    # Nothing on the page is wider than the paper.
    assert driver.execute_script("return document.documentElement.scrollWidth <= innerWidth + 1")
    table = driver.find_element(By.CSS_SELECTOR, ".cr-md-table")
    assert driver.execute_script(overflow, table) <= 1


def test_photos_code_and_files_are_never_split_across_pages(driver, page):
    bs.open_page(driver, page)
    emulate(driver, "print", "light")
    for selector in (".cr-photo", ".cr-photos--pair", ".cr-code", ".cr-card", ".cr-chip", ".cr-bubble"):
        elements = driver.find_elements(By.CSS_SELECTOR, selector)
        assert elements, selector
        assert {style(driver, e, "break-inside") for e in elements} == {"avoid"}, selector
    # A turn's header stays with its first block, and so does a day separator.
    heads = driver.find_elements(By.CSS_SELECTOR, ".cr-turn-head")
    assert {style(driver, h, "break-after") for h in heads} == {"avoid"}


def test_every_photo_and_turn_is_laid_out_and_still(driver, page):
    bs.open_page(driver, page)
    emulate(driver, "print", "light")
    turns = driver.find_elements(By.CSS_SELECTOR, ".cr-turn")
    assert len(turns) == 3 + FILLER_TURNS + 1
    assert {style(driver, t, "content-visibility") for t in turns} == {"visible"}
    assert {style(driver, t, "animation-name") for t in turns} == {"none"}
    # More than 16 turns come in groups of 16, which skip rendering on screen: never on paper.
    groups = driver.find_elements(By.CSS_SELECTOR, ".cr-turns")
    assert len(groups) == -(-len(turns) // 16)
    assert {style(driver, g, "content-visibility") for g in groups} == {"visible"}
    assert driver.execute_script("return document.getAnimations().filter(a => a.playState === 'running').length") == 0
    # All five photos of the grid, not four and "+1".
    grid = driver.find_element(By.CSS_SELECTOR, ".cr-photos--grid")
    tiles = grid.find_elements(By.CSS_SELECTOR, ".cr-photo")
    assert len(tiles) == 5
    assert all(style(driver, t, "display") != "none" for t in tiles)
    assert all(driver.execute_script("return arguments[0].getBoundingClientRect().height", t) > 50 for t in tiles)
    more = driver.find_elements(By.CSS_SELECTOR, ".cr-photo-more")
    assert more and all(style(driver, m, "display") == "none" for m in more)
    # The last turn, far down, is drawn: it has a real height, not the placeholder size.
    last = turns[-1]
    assert driver.execute_script("return arguments[0].querySelector('.cr-bubble').getBoundingClientRect().height", last) > 10


def test_the_paper_is_the_background_unless_the_theme_is_dark_only(driver, page, conversation, tmp_path):
    bs.open_page(driver, page)
    emulate(driver, "print", "dark")
    body = driver.find_element(By.TAG_NAME, "body")
    assert style(driver, body, "background-color") == "rgba(0, 0, 0, 0)"
    bubble = driver.find_element(By.CSS_SELECTOR, ".cr-bubble")
    assert style(driver, bubble, "print-color-adjust") == "exact"
    # A one-mode dark theme keeps its dark page, printed exactly, so its light text stays readable.
    mono = tmp_path / "mono"
    bs.render(conversation, mono, theme=bs.ROOT / "themes" / "mono.tokens.json")
    bs.open_page(driver, mono / "index.html")
    emulate(driver, "print", "light")
    body = driver.find_element(By.TAG_NAME, "body")
    page_colour = bs.css_rgb(style(driver, body, "background-color"))
    text_colour = bs.css_rgb(style(driver, body, "color"))
    assert sum(page_colour) < sum(text_colour), (page_colour, text_colour)
    assert style(driver, body, "print-color-adjust") == "exact"


# --- render --pdf ---------------------------------------------------------------------------------

def render_pdf(conversation: Path, out: Path, *extra: str, theme_args: dict) -> subprocess.CompletedProcess:
    args = [str(bs.chatrender_binary()), "render", str(conversation), "--out", str(out), "--pdf", *extra]
    if theme_args.get("theme"):
        args += ["--theme", str(theme_args["theme"])]
    env = bs.render_environment()
    env["CHATRENDER_CHROMIUM"] = bs.CHROMIUM
    result = subprocess.run(args, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    return result


def pdf_images(reader: PdfReader) -> list[tuple[int, int]]:
    """(width, height) of every image drawn on every page, without decoding any."""
    found = []
    for page in reader.pages:
        resources = page.get("/Resources") or {}
        xobjects = resources.get("/XObject") or {}
        for name in xobjects:
            obj = xobjects[name].get_object()
            if obj.get("/Subtype") == "/Image":
                found.append((int(obj["/Width"]), int(obj["/Height"])))
    return found


def pdf_text(reader: PdfReader) -> str:
    """All pages' text, ligatures (ﬁ) undone and white space collapsed."""
    text = " ".join(page.extract_text() or "" for page in reader.pages)
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text))


def link_uris(reader: PdfReader) -> list[str]:
    uris = []
    for page in reader.pages:
        for annotation in page.get("/Annots") or []:
            action = annotation.get_object().get("/A")
            if action and "/URI" in action:
                uris.append(str(action["/URI"]))
    return uris


@pytest.fixture(scope="module")
def printed(conversation, tmp_path_factory, theme_args):
    out = tmp_path_factory.mktemp("print-pdf") / "page"
    result = render_pdf(conversation, out, theme_args=theme_args)
    return out, result


def test_pdf_is_written_beside_the_page(printed):
    out, result = printed
    assert (out / "index.html").is_file() and (out / "index.pdf").is_file()
    assert f"wrote {out}/index.pdf (" in result.stderr
    assert not [p for p in out.parent.iterdir() if "staging" in p.name]
    reader = PdfReader(out / "index.pdf")
    assert len(reader.pages) >= 2
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (596, 842)  # A4 in points


def test_pdf_holds_every_turn_and_no_controls(printed):
    out, _ = printed
    text = pdf_text(PdfReader(out / "index.pdf"))
    for phrase in ("Print fixture", "Five photos from the walk.", "The permit did not upload.",
                   "Last turn, far down the page, with two photos.", "Upload failed: The network connection was lost.",
                   "booking.pdf", "246 KB", "https://example.com/files/booking.pdf", "https://example.org/trails/map?id=42"):
        assert phrase in text, phrase
    for i in range(FILLER_TURNS):
        assert f"Filler turn {i}:" in text
    # The code line, wrapped but whole.
    assert "measurement59" in text
    for control in ("Retry", "Share", "Auto Light Dark", "Thanks!", "See you there"):
        assert control not in text, control


def test_pdf_shows_every_photo(printed):
    out, _ = printed
    images = pdf_images(PdfReader(out / "index.pdf"))
    # Every photo, including the grid's hidden one and the lazily loaded ones at the end (the file
    # chips and cards here have vector icons, not preview images).
    assert len(images) == PHOTO_COUNT, images
    assert all(w >= 200 and h >= 200 for w, h in images), images


def test_pdf_links_are_relative_and_the_file_is_deterministic(printed, conversation, tmp_path, theme_args):
    out, _ = printed
    uris = link_uris(PdfReader(out / "index.pdf"))
    assert uris, "the PDF keeps the page's links"
    assert not [u for u in uris if u.startswith("file:") or "staging" in u], uris
    assert "https://example.com/files/booking.pdf" in uris
    assert any(u.startswith("assets/") for u in uris)
    data = (out / "index.pdf").read_bytes()
    assert b"/CreationDate" not in data and b"/ModDate" not in data
    # Another folder, another run: the same bytes.
    again = tmp_path / "elsewhere" / "copy"
    render_pdf(conversation, again, theme_args=theme_args)
    assert (again / "index.pdf").read_bytes() == data


def test_pdf_on_letter_paper(conversation, tmp_path, theme_args):
    out = tmp_path / "letter"
    render_pdf(conversation, out, "--paper", "letter", theme_args=theme_args)
    box = PdfReader(out / "index.pdf").pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)


def test_pdf_of_the_garden_example_has_its_six_photos(tmp_path, theme_args):
    out = tmp_path / "garden"
    render_pdf(bs.CONVERSATIONS["garden"], out, theme_args=theme_args)
    reader = PdfReader(out / "index.pdf")
    assert len(pdf_images(reader)) == 6
    text = pdf_text(reader)
    assert "Raised beds for the backyard" in text and "south-east corner" in text and "Uploading 45%" in text
