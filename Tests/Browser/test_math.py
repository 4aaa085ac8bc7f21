"""Math in replies (`--markup full`): the MathML the page carries is laid out by Chromium
itself (no script, no web font), every formula has a size, and axe finds nothing wrong."""

from __future__ import annotations

import json

import pytest

import browser_support as bs

REPLY = r"""# Formulas

Inline $x^2 + y^2 = r^2$ and \(\alpha_1\), displayed:

$$\int_0^\infty e^{-x^2}\,dx = \frac{\sqrt{\pi}}{2}$$

\[ A = \begin{pmatrix} a & b \\ c & d \end{pmatrix}, \quad f(x) = \begin{cases} 1 & x > 0 \\ 0 & \text{else} \end{cases} \]

A price stays text: $5 and $10. One that cannot be converted: $\foo{x}$.

A sum wider than a phone:

$$\frac{x_{0}}{y_{0}} + \frac{x_{1}}{y_{1}} + \frac{x_{2}}{y_{2}} + \frac{x_{3}}{y_{3}} + \frac{x_{4}}{y_{4}} + \frac{x_{5}}{y_{5}} + \frac{x_{6}}{y_{6}} + \frac{x_{7}}{y_{7}} + \frac{x_{8}}{y_{8}} + \frac{x_{9}}{y_{9}} + \frac{x_{10}}{y_{10}} + \frac{x_{11}}{y_{11}} + \frac{x_{12}}{y_{12}} + \frac{x_{13}}{y_{13}} + \frac{x_{14}}{y_{14}} + \frac{x_{15}}{y_{15}} + \frac{x_{16}}{y_{16}} + \frac{x_{17}}{y_{17}} + \frac{x_{18}}{y_{18}} + \frac{x_{19}}{y_{19}} + \frac{x_{20}}{y_{20}} + \frac{x_{21}}{y_{21}} + \frac{x_{22}}{y_{22}} + \frac{x_{23}}{y_{23}} + \frac{x_{24}}{y_{24}} + \frac{x_{25}}{y_{25}} + \frac{x_{26}}{y_{26}} + \frac{x_{27}}{y_{27}} + \frac{x_{28}}{y_{28}} + \frac{x_{29}}{y_{29}}$$
"""


@pytest.fixture(scope="module")
def math_page(tmp_path_factory, theme_args):
    folder = tmp_path_factory.mktemp("math")
    source = folder / "math.json"
    source.write_text(json.dumps({"title": "Math", "messages": [
        {"id": "u", "role": "user", "text": "Formulas, please"},
        {"id": "a", "role": "assistant", "text": REPLY},
    ]}), encoding="utf-8")
    out = folder / "page"
    bs.render(source, out, "--markup", "full", **theme_args)
    return out / "index.html"


def test_every_formula_is_laid_out_with_a_size(driver, math_page):
    bs.open_page(driver, math_page)
    sizes = driver.execute_script(
        "return [...document.querySelectorAll('math')].map(m => {"
        " const r = m.getBoundingClientRect();"
        " return [m.getAttribute('display') || 'inline', r.width, r.height, m.namespaceURI]; })")
    assert len(sizes) == 5
    for display, width, height, namespace in sizes:
        assert namespace == "http://www.w3.org/1998/Math/MathML"
        assert width > 0 and height > 0, (display, width, height)
    # Display formulas sit on lines of their own, taller than a line of text for the fraction.
    blocks = [s for s in sizes if s[0] == "block"]
    assert len(blocks) == 3 and all(h > 20 for _, _, h, _ in blocks)
    # The TeX rides along as an annotation the browser does not show.
    hidden = driver.execute_script(
        "return [...document.querySelectorAll('annotation')].every(a => a.getBoundingClientRect().width === 0)")
    assert hidden
    text = driver.find_element("css selector", ".cr-reply").text
    assert "$5 and $10" in text
    assert "\\frac" not in text and "\\begin" not in text
    assert "$\\foo{x}$" in text


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_page_with_math_has_no_axe_violations(driver, math_page, axe_source, scheme):
    bs.emulate_media(driver, prefers_color_scheme=scheme)
    bs.open_page(driver, math_page)
    result = bs.run_axe(driver, axe_source)
    assert result["passes"] > 10
    assert not result["violations"], f"axe on the math page ({scheme}):\n" + bs.format_violations(result["violations"])


def test_a_wide_formula_scrolls_by_keyboard_at_phone_width(driver, math_page, axe_source):
    bs.set_viewport(driver, 390, 844)
    bs.open_page(driver, math_page)
    wide = driver.execute_script(
        "return [...document.querySelectorAll('math[display=block]')].filter(m => m.scrollWidth > m.clientWidth + 1)")
    assert len(wide) == 1, "the long sum should be wider than the reply at 390 px"
    assert driver.execute_script("arguments[0].focus(); return document.activeElement === arguments[0]", wide[0]), \
        "a formula that scrolls must take focus so arrow keys can scroll it"
    violations = bs.run_axe(driver, axe_source)["violations"]
    assert not violations, "axe at 390 px:\n" + bs.format_violations(violations)
