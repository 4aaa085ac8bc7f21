"""A reply with code in every highlighted language, formulas in all four TeX delimiter styles and a
table: highlighted, typeset as MathML, nothing raw left in the text, readable at phone width, and
axe clean in light and dark."""

import re

import pytest
from selenium.webdriver.common.by import By

import browser_support as bs

LANGUAGES = ["python", "javascript", "typescript", "swift", "bash", "json", "sql", "rust", "go", "html",
             "css", "yaml", "java", "cpp", "kotlin", "ruby", "php", "diff"]


def reply(driver):
    return driver.find_elements(By.CSS_SELECTOR, ".cr-turn--assistant .cr-reply")[0]


def test_every_language_is_highlighted(driver, page_url):
    bs.open_page(driver, page_url("rich"))
    figures = driver.find_elements(By.CSS_SELECTOR, ".cr-reply figure.cr-code")
    assert len(figures) == len(LANGUAGES)
    for figure, language in zip(figures, LANGUAGES):
        # Each run is an element of its own name (<c-kw>, <c-st>, …; Highlight/TokenKind.swift).
        spans = [e for e in figure.find_elements(By.CSS_SELECTOR, "code *") if e.tag_name.startswith("c-")]
        assert len(spans) >= 3, f"{language}: only {len(spans)} highlighted tokens"
        colours = {s.value_of_css_property("color") for s in spans}
        assert len(colours) >= 2, f"{language}: every token the same colour"


def test_formulas_are_mathml_with_no_tex_left(driver, page_url):
    bs.open_page(driver, page_url("rich"))
    maths = driver.find_elements(By.CSS_SELECTOR, ".cr-reply math")
    assert len(maths) == 17
    for math in maths:
        size = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.width, r.height]", math)
        assert size[0] > 0 and size[1] > 0, f"formula drawn with no size: {math.get_attribute('outerHTML')[:200]}"
    text = driver.execute_script(
        "const r = arguments[0].cloneNode(true); r.querySelectorAll('math, figure').forEach(n => n.remove());"
        "return r.textContent", reply(driver))
    for raw in ["\\frac", "\\[", "\\]", "\\(", "\\)", "$$", "\\begin", "\\sqrt", "^{"]:
        assert raw not in text, f"raw TeX {raw!r} left in the text"
    assert "$5 and a day pass $10" in text, "prices were read as maths"
    assert not driver.find_elements(By.CSS_SELECTOR, ".cr-reply .cr-math-source"), "a formula fell back to its source"


def test_table_keeps_words_whole_at_phone_width(driver, page_url):
    bs.set_viewport(driver, 390, 844)
    bs.open_page(driver, page_url("rich"))
    cells = driver.find_elements(By.CSS_SELECTOR, ".cr-md-table td, .cr-md-table th")
    assert cells
    broken = driver.execute_script("""
        const broken = [];
        for (const cell of arguments[0]) {
          const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
          for (let node; (node = walker.nextNode()); ) {
            for (const m of node.data.matchAll(/\\S+/g)) {
              const range = document.createRange();
              range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
              const tops = new Set(Array.from(range.getClientRects()).map(r => Math.round(r.top)));
              if (tops.size > 1) broken.push(m[0]);
            }
          }
        }
        return broken;""", cells)
    assert not broken, f"words broken across lines in table cells: {broken}"
    scroller = driver.find_element(By.CSS_SELECTOR, ".cr-md-table")
    assert driver.execute_script("return arguments[0].scrollWidth > arguments[0].clientWidth", scroller), \
        "a wide table should scroll sideways at 390 px"
    page_wide = driver.execute_script("return document.documentElement.scrollWidth > innerWidth")
    assert not page_wide, "the page itself scrolls sideways at 390 px"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_clean(driver, page_url, axe_source, scheme):
    bs.emulate_media(driver, prefers_color_scheme=scheme)
    bs.open_page(driver, page_url("rich"))
    violations = bs.run_axe(driver, axe_source)["violations"]
    assert not violations, f"axe on rich ({scheme}):\n" + bs.format_violations(violations)
