"""The hostile fixture puts HTML and script payloads (and odd Unicode) in every string field; each
payload sets window.__pwned if it ever runs. The page must show them as text and nothing else."""

import time

import re

import pytest
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By

import browser_support as bs

PAYLOAD = '"><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">'

# Everything the templates and Render/*.swift can emit. Anything else came from input.
ELEMENTS = {
    "html", "head", "meta", "title", "style", "script", "body", "header", "h1", "fieldset", "legend", "input",
    "label", "main", "section", "article", "h2", "time", "p", "br", "strong", "code", "div", "span", "ul", "li",
    "a", "img", "button", "svg", "path", "circle", "rect",
}
ATTRIBUTES = {
    "lang", "dir", "charset", "name", "content", "http-equiv", "class", "id", "for", "type", "value", "checked", "hidden",
    "role", "aria-label", "aria-labelledby", "aria-hidden", "aria-busy", "datetime", "href", "src", "alt", "width",
    "height", "decoding", "target", "rel", "download", "data-message-id", "data-attachment-id", "data-name",
    "data-cr-photo", "data-cr-photo-count", "data-cr-retry", "data-cr-share", "viewBox", "fill", "stroke",
    "stroke-width", "stroke-linecap", "stroke-linejoin", "focusable", "d", "cx", "cy", "r", "rx", "x", "y",
    "pathLength", "stroke-dasharray", "transform", "srcset", "sizes", "loading", "data-cr-display",
    "data-cr-display-width", "data-cr-display-height", "data-cr-name", "title",
}

# Attributes whose values come from the templates alone.
FIXED_VALUES = {
    "dir": {"auto"}, "target": {"_blank"}, "rel": {"noopener", "noopener noreferrer"}, "type": {"radio", "button"},
    "role": {"group", "img", "status"}, "aria-hidden": {"true"}, "aria-busy": {"true"}, "decoding": {"async"},
    "loading": {"lazy"},
}

DOM_JS = """
return Array.from(document.querySelectorAll('*')).map(e => ({
  tag: e.localName,
  attrs: Array.from(e.attributes).map(a => [a.name, a.value]),
}));
"""


@pytest.fixture
def hostile(driver, page_url):
    bs.open_page(driver, page_url("hostile"))
    time.sleep(0.3)  # give any deferred payload (timers, error events) its chance
    return driver


def test_no_payload_ran_and_no_alert_opened(hostile):
    assert hostile.execute_script("return typeof window.__pwned") == "undefined"
    with pytest.raises(NoAlertPresentException):
        hostile.switch_to.alert.text


def test_only_the_page_script_exists(hostile):
    scripts = hostile.execute_script("return Array.from(document.scripts).map(s => [s.src, s.textContent])")
    assert len(scripts) == 1, f"{len(scripts)} scripts in the DOM"
    src, text = scripts[0]
    assert src == ""
    # The hostile conversation has photos and no composer card: the composer's script is left out.
    assert text == bs.page_script(without=frozenset({"composer.js"}))


def test_every_element_and_attribute_is_one_the_templates_produce(hostile):
    dom = hostile.execute_script(DOM_JS)
    strange_elements = {e["tag"] for e in dom} - ELEMENTS
    assert not strange_elements, f"elements no template makes: {strange_elements}"
    strange_attributes = {name for e in dom for name, _ in e["attrs"]} - ATTRIBUTES
    assert not strange_attributes, f"attributes no template makes: {strange_attributes}"
    for element in dom:
        for name, value in element["attrs"]:
            if name in FIXED_VALUES and element["tag"] not in ("svg", "path", "circle", "rect"):
                assert value in FIXED_VALUES[name], f"<{element['tag']} {name}={value!r}>"
    handlers = [(e["tag"], name) for e in dom for name, _ in e["attrs"] if name.lower().startswith("on")]
    assert handlers == []
    assert not [e for e in dom if e["tag"] == "img" and any(n == "onerror" for n, _ in e["attrs"])]


def test_links_and_sources_are_only_local_assets_or_https(hostile):
    dom = hostile.execute_script(DOM_JS)
    for element in dom:
        for name, value in element["attrs"]:
            if name not in ("href", "src"):
                continue
            if element["tag"] == "a" and re.fullmatch(r"#cr-t[0-9]+(-p[0-9]+-t[0-9]+)*(-src-[0-9]+)?", value):
                continue  # a permalink or a citation: this page, made by chatrender, never from the input
            squeezed = "".join(ch for ch in value if ch > " ").lower()
            assert not squeezed.startswith(("javascript:", "data:", "vbscript:", "file:")), f"{element['tag']} {name}={value!r}"
            assert value.startswith(("assets/", "https://")), f"{element['tag']} {name}={value!r}"
            if value.startswith("assets/"):
                assert not value.lower().endswith((".html", ".htm", ".xhtml", ".svg")), \
                    f"an attachment opens as an active document from the page's folder: {value}"


def test_payloads_show_as_literal_text(hostile):
    title = '"><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"></title><script>window.__pwned=3</script>'
    assert hostile.title == title
    assert hostile.find_element(By.TAG_NAME, "h1").text == title
    bubble = hostile.find_element(By.XPATH, "//article[1]//p")
    assert bubble.is_displayed() and bubble.text.startswith(PAYLOAD)
    assert "**" + PAYLOAD + "**" in bubble.text, "the person's text is not formatted: ** stays literal"
    reply = hostile.find_element(By.XPATH, "//article[2]//p")
    assert reply.find_element(By.TAG_NAME, "strong").text == "<b>x</b>"
    assert reply.find_element(By.TAG_NAME, "code").text == "</code><script>window.__pwned=6</script>"
    body = hostile.find_element(By.TAG_NAME, "body").text
    assert "<svg onload=alert(1)>" in body
    # Identifiers round-trip through attributes unchanged.
    ids = hostile.execute_script("return Array.from(document.querySelectorAll('article')).map(a => a.dataset.messageId)")
    assert ids == [PAYLOAD, "a" + PAYLOAD]


def test_odd_unicode_survives_as_text(hostile):
    text = hostile.find_element(By.XPATH, "//article[1]//p").get_attribute("textContent")
    assert "\u202eevil\u200b" in text and "𝕏 é" in text
    assert "\x00" not in text, "a NUL reached the page"
