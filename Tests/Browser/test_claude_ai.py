"""A claude.ai export rendered with `render --from claude-ai --redact`: axe clean in light and dark
with every part closed and open, the redaction note under the title, the project index, and no
sideways scrolling at 390 px."""

import subprocess

import pytest
from selenium.webdriver.common.by import By

import browser_support as bs

EXPORT = bs.ROOT / "Tests" / "ChatRenderTests" / "Fixtures" / "import" / "claude-ai" / "export"
PAGES = ["rate-limiter-for-the-api", "nuclear-plant-lifespan", "landing-page-copy"]


@pytest.fixture(scope="session")
def site(tmp_path_factory, theme_args):
    out = tmp_path_factory.mktemp("claude-ai") / "site"
    args = [str(bs.chatrender_binary()), "render", "--from", "claude-ai", str(EXPORT), "--out", str(out), "--redact", "--quiet"]
    if theme_args.get("theme"):
        args += ["--theme", str(theme_args["theme"])]
    result = subprocess.run(args, env=bs.render_environment(), capture_output=True, text=True, timeout=180)
    assert result.returncode == 0, result.stderr
    return out


def set_all_open(driver, value: bool) -> None:
    driver.execute_script("document.querySelectorAll('details').forEach(d => { d.open = arguments[0]; })", value)
    bs.settle(driver)


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("opened", [False, True], ids=["closed", "open"])
def test_no_axe_violations(driver, site, axe_source, page, scheme, opened):
    bs.emulate_media(driver, prefers_color_scheme=scheme)
    bs.open_page(driver, site / page / "index.html")
    set_all_open(driver, opened)
    violations = bs.run_axe(driver, axe_source)["violations"]
    assert not violations, f"axe on {page} ({scheme}, {'open' if opened else 'closed'}):\n" + bs.format_violations(violations)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_index_grouped_by_project_is_axe_clean(driver, site, axe_source, scheme):
    bs.emulate_media(driver, prefers_color_scheme=scheme)
    bs.open_page(driver, site / "index.html")
    headings = [h.text for h in driver.find_elements(By.TAG_NAME, "h2")]
    assert headings == ["Shop backend", "Bakery site", "No project"]
    violations = bs.run_axe(driver, axe_source)["violations"]
    assert not violations, f"axe on the index ({scheme}):\n" + bs.format_violations(violations)


def test_redaction_note_is_under_the_title_and_read_as_a_note(driver, site):
    bs.open_page(driver, site / "rate-limiter-for-the-api" / "index.html")
    note = driver.find_element(By.CSS_SELECTOR, "[role=note]")
    assert note.text == "Redacted on import: 1 credential and 1 home folder path masked."
    title = driver.find_element(By.TAG_NAME, "h1")
    assert note.rect["y"] >= title.rect["y"] + title.rect["height"] - 1, "the note sits below the title"
    body = driver.find_element(By.TAG_NAME, "main").text
    assert "[REDACTED]" in body and "~/src/shop/api.py" in body
    assert "/home/alice" not in driver.page_source and "sk-proj-" not in driver.page_source


def test_citations_link_to_their_sources(driver, site):
    bs.open_page(driver, site / "nuclear-plant-lifespan" / "index.html")
    markers = driver.find_elements(By.CSS_SELECTOR, "sup.cr-cite a")
    assert [bs.name_of(driver, m) for m in markers] == ["Source 1", "Source 2", "Source 1"]
    target = markers[1].get_attribute("href").split("#", 1)[1]
    assert "Going Long Term" in driver.find_element(By.ID, target).text


@pytest.mark.parametrize("page", PAGES)
def test_nothing_scrolls_sideways_at_390(driver, site, page):
    bs.set_viewport(driver, 390, 844)
    try:
        bs.open_page(driver, site / page / "index.html")
        set_all_open(driver, True)
        wide = driver.execute_script("return document.documentElement.scrollWidth > document.documentElement.clientWidth")
        assert not wide, f"{page} scrolls sideways at 390 px"
    finally:
        bs.clear_viewport(driver)
