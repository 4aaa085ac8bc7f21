"""A Claude Code session that was rewound and re-prompted: each fork is a named group where the
conversation split, the branch shown goes on below it, and the other branch opens from the
keyboard without JavaScript; axe clean in light and dark, closed and open; a link to a turn
inside a closed branch opens it."""

import subprocess

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import browser_support as bs

SESSION = (bs.ROOT / "Tests" / "ChatRenderTests" / "Fixtures" / "import" / "claude-code" / "rewind"
           / "5d2e8f41-6a3b-4c7d-9e10-2f4a6b8c0d1e.jsonl")


@pytest.fixture(scope="module")
def rewound_page(tmp_path_factory):
    out = tmp_path_factory.mktemp("rewind") / "page"
    done = subprocess.run([str(bs.chatrender_binary()), "render", "--from", "claude-code", str(SESSION), "--out", str(out), "--quiet"],
                          capture_output=True, text=True, env=bs.render_environment())
    assert done.returncode == 0, done.stderr
    return out / "index.html"


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("opened", [False, True], ids=["closed", "open"])
def test_no_axe_violations(driver, rewound_page, axe_source, scheme, opened):
    bs.emulate_media(driver, prefers_color_scheme=scheme)
    bs.open_page(driver, rewound_page)
    driver.execute_script("document.querySelectorAll('details.cr-branch').forEach(d => { d.open = arguments[0]; })", opened)
    bs.settle(driver)
    violations = bs.run_axe(driver, axe_source)["violations"]
    assert not violations, f"axe on the rewound session ({scheme}, {'open' if opened else 'closed'}):\n" + bs.format_violations(violations)


def test_forks_are_named_regions_and_the_shown_branch_goes_on(driver, rewound_page):
    bs.open_page(driver, rewound_page)
    forks = driver.find_elements(By.CSS_SELECTOR, "div.cr-fork")
    assert len(forks) == 2
    for fork in forks:
        assert bs.name_of(driver, fork) == "The conversation branches here"
        assert fork.find_element(By.CSS_SELECTOR, ".cr-fork-shown").text == "Branch 1 of 2 is the one shown; it goes on below."
        # The other branch is closed, its turns hidden until it is opened.
        branch = fork.find_element(By.CSS_SELECTOR, "details.cr-branch")
        assert branch.get_attribute("open") is None
        assert not branch.find_element(By.CSS_SELECTOR, "article.cr-turn").is_displayed()
    # The shown branch is whole: the last prompt and reply are after both forks.
    turns = driver.find_elements(By.CSS_SELECTOR, "main article.cr-turn")
    visible = [t for t in turns if t.is_displayed()]
    assert "All 14 tests pass." in visible[-1].text


def test_a_branch_opens_from_the_keyboard_and_shows_its_turns(driver, rewound_page):
    bs.open_page(driver, rewound_page)
    summary = driver.find_element(By.CSS_SELECTOR, "div.cr-fork details.cr-branch > summary")
    name = bs.name_of(driver, summary)
    assert name.startswith("Branch 2 of 2 (2 turns)") and "dry-run the default" in name
    # A summary is in the tab order; focused, Enter opens it and Space closes it.
    driver.execute_script("arguments[0].focus()", summary)
    assert driver.switch_to.active_element == summary
    summary.send_keys(Keys.ENTER)
    branch = summary.find_element(By.XPATH, "..")
    assert branch.get_attribute("open") is not None
    turns = [t for t in branch.find_elements(By.CSS_SELECTOR, "article.cr-turn") if t.is_displayed()]
    assert len(turns) == 2
    group = branch.find_element(By.CSS_SELECTOR, ".cr-branch-turns")
    assert group.get_attribute("role") == "group" and bs.name_of(driver, group) == "Branch 2 of 2"
    summary.send_keys(Keys.SPACE)
    assert branch.get_attribute("open") is None


def test_a_link_to_a_turn_in_a_closed_branch_opens_it(driver, rewound_page):
    bs.open_page(driver, rewound_page)
    inner = driver.find_element(By.CSS_SELECTOR, "details.cr-branch article.cr-turn").get_attribute("id")
    driver.get(rewound_page.as_uri() + "#" + inner)
    bs.settle(driver)
    opened = driver.execute_script("return document.getElementById(arguments[0]).closest('details').open", inner)
    assert opened, "the branch holding the linked turn stayed closed"
