"""Coding agents' sessions rendered by `render SESSION` (each format recognised by itself, VS Code's
Copilot Chat export and Cursor's transcripts among them): every agent's page axe clean in light and dark with every part closed and open. For a Codex rollout:
the header's facts, every command with its exit code, patches as diffs (the added file headed
Created), the plan as a to-do list, the CLI's context for the model nowhere among the person's
turns; for a Gemini CLI session the same of its tools."""

import subprocess

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import browser_support as bs

IMPORT = bs.ROOT / "Tests" / "ChatRenderTests" / "Fixtures" / "import"
SESSIONS = {
    "codex": IMPORT / "codex" / "sessions" / "2026" / "06" / "05" / "rollout-2026-06-05T09-12-00-0197e3a1-5c2b-7d40-9a61-3f0c8e2b1d55.jsonl",
    "gemini": (IMPORT / "gemini" / "tmp" / "6f1c3e0b9d2a4c8e7f5b1a3d9c0e2f4a6b8d0c2e4f6a8b0d2c4e6f8a0b2d4c6e" / "chats"
               / "session-2026-05-20T14-02-3f9a1c2e.json"),
    "copilot": IMPORT / "copilot" / "session-state" / "80575baf-49d5-43f8-924e-8b3440c3f483" / "events.jsonl",
    "opencode": (IMPORT / "opencode" / "data" / "storage" / "session" / "4f2b9c1d7e3a5b8c0d6e2f4a1b3c5d7e9f0a2b4c" / "ses_01.json"),
    "copilot-vscode": IMPORT / "copilot" / "vscode-export" / "chat-export.json",
    "cursor": (IMPORT / "cursor" / "projects" / "home-sample-dev-src-invoice-tools" / "agent-transcripts"
               / "0cf8e760-3644-45cd-ad39-040d543e9ed8" / "0cf8e760-3644-45cd-ad39-040d543e9ed8.jsonl"),
}


def render(tmp_path_factory, theme_args, agent):
    out = tmp_path_factory.mktemp(agent) / "page"
    args = [str(bs.chatrender_binary()), "render", str(SESSIONS[agent]), "--out", str(out), "--quiet"]
    if theme_args.get("theme") is not None:
        args += ["--theme", str(theme_args["theme"])]
    done = subprocess.run(args, capture_output=True, text=True, env=bs.render_environment())
    assert done.returncode == 0, done.stderr
    return out / "index.html"


def test_vscode_export_reads_as_the_editor_showed_it(driver, tmp_path_factory, theme_args):
    """VS Code's Copilot Chat export: the command with its exit code, the edit as a diff where the
    editor's pill stood (no empty code block), the model by the name the editor showed."""
    driver.get(render(tmp_path_factory, theme_args, "copilot-vscode").as_uri())
    bs.settle(driver)
    terms = [t.text.rstrip(":") for t in driver.find_elements(By.CSS_SELECTOR, "header dl.cr-facts dt")]
    assert terms == ["Project", "Editor", "Models", "Time", "Tokens"]
    summaries = [s.get_attribute("textContent") for s in driver.find_elements(By.CSS_SELECTOR, "details > summary")]
    assert any("python -m pytest -q" in s and "exit 0" in s for s in summaries), summaries
    assert any("Edited" in s and "totals.py" in s for s in summaries), summaries
    assert not [p for p in driver.find_elements(By.CSS_SELECTOR, "pre") if not p.get_attribute("textContent").strip()]
    assert "Claude Sonnet 4.6" in driver.find_element(By.TAG_NAME, "main").get_attribute("textContent")


@pytest.fixture(scope="module", params=sorted(SESSIONS))
def agent_page(request, tmp_path_factory, theme_args):
    return render(tmp_path_factory, theme_args, request.param)


@pytest.fixture(scope="module")
def session_page(tmp_path_factory, theme_args):
    return render(tmp_path_factory, theme_args, "codex")


@pytest.fixture(scope="module")
def gemini_page(tmp_path_factory, theme_args):
    return render(tmp_path_factory, theme_args, "gemini")


def open_page(driver, path, opened: bool) -> None:
    driver.get(path.as_uri())
    driver.execute_script("document.querySelectorAll('details').forEach(d => { d.open = arguments[0]; })", opened)
    bs.settle(driver)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("opened", [False, True], ids=["closed", "open"])
def test_no_axe_violations(driver, agent_page, axe_source, scheme, opened):
    bs.emulate_media(driver, prefers_color_scheme=scheme)
    open_page(driver, agent_page, opened)
    violations = bs.run_axe(driver, axe_source)["violations"]
    assert not violations, f"axe on {agent_page} ({scheme}, {'open' if opened else 'closed'}):\n" + bs.format_violations(violations)


def test_header_commands_patches_and_plan(driver, session_page):
    open_page(driver, session_page, False)
    facts = driver.find_element(By.CSS_SELECTOR, "header dl.cr-facts")
    terms = [t.text.rstrip(":") for t in facts.find_elements(By.TAG_NAME, "dt")]
    assert terms == ["Project", "Branch", "Codex", "Models", "Time", "Tokens"]
    summaries = [s.get_attribute("textContent") for s in driver.find_elements(By.CSS_SELECTOR, "details > summary")]
    joined = "\n".join(summaries)
    assert "pytest -q" in joined and "exit 1" in joined
    assert "Created" in joined and "tests/test_format.py" in joined
    assert "Updated the to-do list · 2 of 3 done" in joined
    assert "Searched the web for “tide table height rounding convention”" in joined
    text = driver.find_element(By.TAG_NAME, "main").get_attribute("textContent")
    assert "environment_context" not in text and "permissions instructions" not in text
    assert "gAAAA" not in driver.page_source


def test_gemini_tools(driver, gemini_page):
    open_page(driver, gemini_page, False)
    terms = [t.text.rstrip(":") for t in driver.find_elements(By.CSS_SELECTOR, "header dl.cr-facts dt")]
    assert terms == ["Models", "Time", "Tokens"]
    joined = "\n".join(s.get_attribute("textContent") for s in driver.find_elements(By.CSS_SELECTOR, "details > summary"))
    assert "pytest -q tests/test_format.py" in joined and "exit 1" in joined
    assert "Created" in joined and "CHANGES.md" in joined
    assert "Read format.py" in joined


@pytest.fixture(scope="module")
def mixed_site(tmp_path_factory, theme_args):
    """A folder of several agents' sessions, a folder each, rendered as one site."""
    import shutil
    root = tmp_path_factory.mktemp("mixed")
    logs = root / "logs"
    for name, source in [("codex", IMPORT / "codex" / "sessions"), ("gemini", IMPORT / "gemini" / "tmp"),
                         ("claude", IMPORT / "claude-code" / "projects"), ("cursor", IMPORT / "cursor" / "projects"),
                         ("copilot", IMPORT / "copilot")]:
        shutil.copytree(source, logs / name)
    args = [str(bs.chatrender_binary()), "render", str(logs), "--out", str(root / "site"), "--quiet"]
    if theme_args.get("theme") is not None:
        args += ["--theme", str(theme_args["theme"])]
    done = subprocess.run(args, capture_output=True, text=True, env=bs.render_environment())
    assert done.returncode == 0, done.stderr
    return root / "site" / "index.html"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_mixed_agents_site_groups_by_agent_then_project_then_month(driver, mixed_site, axe_source, scheme):
    bs.emulate_media(driver, prefers_color_scheme=scheme)
    driver.get(mixed_site.as_uri())
    bs.settle(driver)
    violations = bs.run_axe(driver, axe_source)["violations"]
    assert not violations, bs.format_violations(violations)
    agents = [h.text for h in driver.find_elements(By.CSS_SELECTOR, "section.cr-site-agent > h2")]
    assert sorted(agents) == ["Claude Code", "Codex", "Cursor", "Gemini CLI", "GitHub Copilot"]
    codex = driver.find_element(By.XPATH, "//section[@class='cr-site-agent'][h2='Codex']")
    assert sorted(h.text for h in codex.find_elements(By.CSS_SELECTOR, "section.cr-site-project > h3")) == ["garden-api", "tides"]
    assert codex.find_elements(By.CSS_SELECTOR, "section.cr-site-project section.cr-site-month > h4")
    # One search over every agent's sessions: a Codex rollout's words are found from the index.
    field = driver.find_element(By.CSS_SELECTOR, "input[type='search']")
    field.click()
    field.send_keys("tide table")
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".cr-search-results a"))
    hits = driver.find_elements(By.CSS_SELECTOR, ".cr-search-results a")
    assert any("tide table" in h.text.lower() for h in hits), [h.text for h in hits]
