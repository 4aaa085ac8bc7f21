"""Text grows with the reader's font size (the web's Dynamic Type): with Chromium's default font
size at 24 px instead of 16 px, every text style is 1.5 times larger."""

import pytest

import browser_support as bs

MEASURE_JS = """
const size = sel => { const e = document.querySelector(sel); return e ? parseFloat(getComputedStyle(e).fontSize) : null; };
return {
  root: parseFloat(getComputedStyle(document.documentElement).fontSize),
  title: size('h1'),
  body: size('.cr-bubble p'),
  reply: size('.cr-reply p'),
  chipName: size('[role=group] .cr-chip-name'),
  footnote: size('[role=group] .cr-chip-line'),
  caption: size('article time'),
  retry: size('button'),
  groupWidth: document.querySelector('ul[aria-label="3 photos"]').getBoundingClientRect().width,
};
"""


@pytest.fixture(scope="module")
def sizes(page_url):
    page = page_url("garden")
    measured = {}
    for font_size in (16, 24):
        driver = bs.start_chrome(default_font_size=font_size, logging=False)
        try:
            bs.set_viewport(driver, 1400, 900)  # wide enough that rem widths are not capped by vw
            bs.open_page(driver, page)
            measured[font_size] = driver.execute_script(MEASURE_JS)
        finally:
            driver.quit()
    return measured


def test_preference_reaches_the_page(sizes):
    assert sizes[16]["root"] == 16 and sizes[24]["root"] == 24


@pytest.mark.parametrize("style", ["title", "body", "reply", "chipName", "footnote", "caption", "retry"])
def test_text_scales_with_the_default_font_size(sizes, style):
    small, large = sizes[16][style], sizes[24][style]
    assert small and large, f"no element measured for {style}"
    assert large / small == pytest.approx(1.5, abs=0.02), f"{style}: {small}px at 16, {large}px at 24"


def test_the_text_column_grows_too(sizes):
    # The person's photo group is min(85vw, 26rem): rem-based, so it widens with the text.
    assert sizes[24]["groupWidth"] / sizes[16]["groupWidth"] == pytest.approx(1.5, abs=0.02)
