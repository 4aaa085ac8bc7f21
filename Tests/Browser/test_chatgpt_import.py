"""The pages of a real-shaped ChatGPT export (`render --from chatgpt`) in the browser: axe clean in
light and dark with every part closed and open, the "‹ 2/3 ›" version label read as words, nothing
private-use in what a reader sees, and no sideways scrolling on a phone."""

import subprocess

import pytest
from selenium.webdriver.common.by import By

import browser_support as bs

FIXTURE = bs.ROOT / "Tests" / "ChatRenderTests" / "Fixtures" / "import" / "chatgpt-2025"
SLUGS = ["tram-passes-in-lisbon", "compound-interest", "quarterly-sales-chart", "a-fox-for-the-poster",
         "train-to-porto", "cover-letter-draft", "weekend-plans-voice", "book-a-table-for-friday"]


@pytest.fixture(scope="module")
def site(tmp_path_factory, theme_args):
    out = tmp_path_factory.mktemp("chatgpt") / "site"
    args = [str(bs.chatrender_binary()), "render", "--from", "chatgpt", str(FIXTURE), "--out", str(out), "--quiet"]
    if "theme" in theme_args:
        args += ["--theme", str(theme_args["theme"])]
    result = subprocess.run(args, env=bs.render_environment(), capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    return out


def set_all_open(driver, value: bool) -> None:
    driver.execute_script("document.querySelectorAll('details').forEach(d => { d.open = arguments[0]; })", value)
    bs.settle(driver)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("opened", [False, True], ids=["closed", "open"])
def test_no_axe_violations(driver, site, axe_source, scheme, opened):
    bs.emulate_media(driver, prefers_color_scheme=scheme)
    failures = []
    for slug in SLUGS:
        bs.open_page(driver, site / slug / "index.html")
        set_all_open(driver, opened)
        violations = bs.run_axe(driver, axe_source)["violations"]
        if violations:
            failures.append(f"{slug}:\n" + bs.format_violations(violations))
    assert not failures, f"axe ({scheme}, {'open' if opened else 'closed'}):\n" + "\n".join(failures)


def test_version_label_is_read_as_words(driver, site):
    bs.open_page(driver, site / "tram-passes-in-lisbon" / "index.html")
    # On the path shown, the edited question and the regenerated reply are each the second
    # version; the first versions are in the branches folded where they part.
    labels = driver.find_elements(By.CSS_SELECTOR, ".cr-turn-version")
    folded = driver.find_elements(By.CSS_SELECTOR, "details.cr-branch .cr-turn-version")
    labels = [label for label in labels if label not in folded]
    assert len(labels) == 2, "the edited question and the regenerated reply each say which version they are"
    assert len(folded) == 2
    for label in folded:
        assert label.find_element(By.CSS_SELECTOR, ".cr-visually-hidden").get_attribute("textContent") == "Version 1 of 2"
    for label in labels:
        shown = label.find_element(By.CSS_SELECTOR, "[aria-hidden='true']")
        assert shown.text == "‹ 2/2 ›"
        assert shown.is_displayed() and shown.size["height"] > 0
        spoken = label.find_element(By.CSS_SELECTOR, ".cr-visually-hidden")
        assert spoken.get_attribute("textContent") == "Version 2 of 2"
        # Read in the turn's header, after who speaks.
        header = label.find_element(By.XPATH, "ancestor::header")
        assert "Version 2 of 2" in header.get_attribute("textContent")
    # Its colour is the secondary text colour, which passes contrast in both modes (axe checks it).
    colour = driver.execute_script("return getComputedStyle(arguments[0]).color", labels[0])
    assert colour != "rgba(0, 0, 0, 0)"


def test_nothing_private_use_reaches_the_reader(driver, site):
    for slug in SLUGS:
        bs.open_page(driver, site / slug / "index.html")
        set_all_open(driver, True)
        text = driver.execute_script("return document.body.innerText")
        found = [hex(ord(c)) for c in text if 0xE000 <= ord(c) <= 0xF8FF]
        assert not found, f"{slug}: {found}"
        for raw in ("【", "†source", "turn0search", "{{file:", "sandbox:"):
            assert raw not in text, f"{slug} shows {raw}"


def test_no_sideways_scrolling_on_a_phone(driver, site):
    bs.set_viewport(driver, 390, 844)
    try:
        for slug in SLUGS:
            bs.open_page(driver, site / slug / "index.html")
            set_all_open(driver, True)
            width = driver.execute_script("return document.documentElement.scrollWidth")
            assert width <= 390, f"{slug} is {width}px wide at 390"
    finally:
        bs.clear_viewport(driver)
