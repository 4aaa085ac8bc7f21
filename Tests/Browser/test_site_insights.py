"""A site's insights page (`insights/index.html`) in the browser: a site of the test fixtures'
agents (Claude Code, Codex, Gemini CLI, GitHub Copilot, Cursor, opencode), rendered by the built
command. The index links to it by name; every chart is an image found by its accessible name, with
a table of its figures folded under it that opens by keyboard; the year of days has a mark per day,
each with its own title; the page is axe clean in light and dark, tables closed and open, follows
the site's theme switch, and reads whole with JavaScript off; its data files load."""

import csv
import json
import shutil
import subprocess

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import browser_support as bs

IMPORT = bs.ROOT / "Tests" / "ChatRenderTests" / "Fixtures" / "import"
AGENTS = [("codex", IMPORT / "codex" / "sessions"), ("gemini", IMPORT / "gemini" / "tmp"),
          ("claude", IMPORT / "claude-code" / "projects"), ("cursor", IMPORT / "cursor" / "projects"),
          ("copilot", IMPORT / "copilot"), ("opencode", IMPORT / "opencode" / "data")]
CHARTS = ["Activity by day", "Hour of the week", "Conversations by agent", "Tokens by agent", "Cost by agent",
          "Conversations by model", "Tokens by model", "Cost by model", "Top projects", "Tool use",
          "Conversation length", "Duration", "Sub-agent runs", "Compactions"]


@pytest.fixture(scope="module")
def site(tmp_path_factory, theme_args):
    root = tmp_path_factory.mktemp("insights")
    logs = root / "logs"
    for name, source in AGENTS:
        shutil.copytree(source, logs / name)
    args = [str(bs.chatrender_binary()), "render", str(logs), "--out", str(root / "site"), "--quiet"]
    if theme_args.get("theme") is not None:
        args += ["--theme", str(theme_args["theme"])]
    done = subprocess.run(args, capture_output=True, text=True, env=bs.render_environment())
    assert done.returncode == 0, done.stderr
    return root / "site"


def charts(driver) -> dict:
    return {bs.name_of(driver, svg): svg for svg in driver.find_elements(By.CSS_SELECTOR, "svg[role='img']")}


def test_the_index_links_to_the_insights(driver, site):
    bs.open_page(driver, site / "index.html")
    link = next(a for a in driver.find_elements(By.TAG_NAME, "a") if bs.name_of(driver, a) == "Insights")
    link.click()
    assert driver.current_url.endswith("insights/index.html")
    assert driver.find_element(By.TAG_NAME, "h1").text == "Insights"
    back = next(a for a in driver.find_elements(By.TAG_NAME, "a") if bs.name_of(driver, a) == "Conversations")
    assert back.get_attribute("href").endswith("/index.html") and "/insights/" not in back.get_attribute("href")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("opened", [False, True], ids=["closed", "open"])
def test_no_axe_violations(driver, site, axe_source, scheme, opened):
    bs.emulate_media(driver, prefers_color_scheme=scheme)
    bs.open_page(driver, site / "insights" / "index.html")
    driver.execute_script("document.querySelectorAll('details').forEach(d => { d.open = arguments[0]; })", opened)
    bs.settle(driver)
    violations = bs.run_axe(driver, axe_source)["violations"]
    assert not violations, f"axe ({scheme}, {'open' if opened else 'closed'}):\n" + bs.format_violations(violations)


def test_every_chart_is_named_and_has_its_table(driver, site):
    bs.open_page(driver, site / "insights" / "index.html")
    found = charts(driver)
    assert list(found) == CHARTS
    for name, svg in found.items():
        figure = svg.find_element(By.XPATH, "ancestor::figure[1]")
        # Drawn: a visible size, and marks in it.
        assert svg.size["width"] > 150 and svg.size["height"] > 60, name
        assert svg.find_elements(By.CSS_SELECTOR, "rect"), name
        details = figure.find_element(By.CSS_SELECTOR, "details")
        summary = details.find_element(By.TAG_NAME, "summary")
        assert summary.text == f"{name}: table"
        table = details.find_element(By.TAG_NAME, "table")
        assert not table.is_displayed()
        # Opened by keyboard, the table shows its figures.
        driver.execute_script("arguments[0].focus()", summary)
        summary.send_keys(Keys.ENTER)
        assert table.is_displayed(), name
        assert table.find_elements(By.CSS_SELECTOR, "tbody tr"), name
        assert table.find_elements(By.CSS_SELECTOR, "th[scope='col']") and table.find_elements(By.CSS_SELECTOR, "th[scope='row']")


def test_a_year_of_days_each_with_its_title(driver, site):
    bs.open_page(driver, site / "insights" / "index.html")
    calendar = charts(driver)["Activity by day"]
    titles = [t.get_attribute("textContent") for t in calendar.find_elements(By.CSS_SELECTOR, "rect > title")]
    assert len(titles) == 365
    data = json.loads((site / "insights" / "data.json").read_text(encoding="utf-8"))
    last = data["days"][-1]
    assert titles[-1].startswith(last["date"] + ": ")
    busy = [t for t in titles if not t.endswith(": 0 conversations")]
    assert len(busy) == len([d for d in data["days"] if d["date"] >= titles[0][:10]])
    # The busiest day is drawn darkest.
    shades = {r.get_attribute("class") for r in calendar.find_elements(By.CSS_SELECTOR, "rect")}
    assert "cr-heat-0" in shades and "cr-heat-4" in shades


def test_the_charts_follow_the_theme_switch(driver, site):
    bs.open_page(driver, site / "insights" / "index.html")
    bar = charts(driver)["Tool use"].find_element(By.CSS_SELECTOR, "rect.cr-s1")
    empty = charts(driver)["Hour of the week"].find_element(By.CSS_SELECTOR, "rect.cr-heat-0")

    def colours():
        return (driver.execute_script("return getComputedStyle(arguments[0]).fill", bar),
                driver.execute_script("return getComputedStyle(arguments[0]).fill", empty),
                driver.execute_script("return getComputedStyle(document.body).backgroundColor"))

    light = colours()
    driver.find_element(By.CSS_SELECTOR, "label[for='cr-theme-dark']").click()
    dark = colours()
    assert light[1] != dark[1] and light[2] != dark[2], (light, dark)
    # Marks are drawn in the theme's colours, never the default black.
    assert all(c not in ("rgb(0, 0, 0)", "none", "") for c in (light[0], light[1], dark[0], dark[1])), (light, dark)


def test_the_page_reads_whole_without_javascript(driver, site):
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        driver.get((site / "insights" / "index.html").as_uri())
        assert list(charts(driver)) == CHARTS
        summary = driver.find_element(By.CSS_SELECTOR, "#cr-i-tools details > summary")
        summary.click()
        rows = driver.find_elements(By.CSS_SELECTOR, "#cr-i-tools table tbody tr")
        assert rows and all(r.is_displayed() for r in rows)
    finally:
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


def test_the_figures_as_files(driver, site):
    bs.open_page(driver, site / "insights" / "index.html")
    links = driver.find_elements(By.CSS_SELECTOR, ".cr-insights-files a")
    names = [a.text for a in links]
    assert names == ["data.json", "sessions.csv", "days.csv", "hours.csv", "periods.csv", "projects.csv", "tools.csv"]
    data = json.loads((site / "insights" / "data.json").read_text(encoding="utf-8"))
    with open(site / "insights" / "sessions.csv", encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f))
    assert rows[0][:4] == ["slug", "title", "started", "agent"]
    assert all(len(r) == len(rows[0]) for r in rows)
    # A row per conversation of the index, in its order; the totals are their sums.
    assert data["totals"]["conversations"] == len(rows) - 1
    assert sum(int(r[rows[0].index("tool_calls")]) for r in rows[1:]) == data["totals"]["toolCalls"]
    shown = driver.find_element(By.CSS_SELECTOR, ".cr-insights-stats .cr-stat-value").text
    assert shown == str(len(rows) - 1)
    bs.open_page(driver, site / "index.html")
    listed = [a.get_attribute("href").split("/")[-2] for a in driver.find_elements(By.CSS_SELECTOR, "a.cr-site-link")]
    assert sorted(r[0] for r in rows[1:]) == sorted(listed)
