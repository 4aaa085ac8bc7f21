"""Fixtures for the browser suite: rendered pages (once per session, in pytest's temp folders), one
headless Chromium for the session, axe-core, and a per-test reset of everything a test may change
in the shared browser (emulated media, viewport, storage).

Run with `python -m pytest -q Tests/Browser` from the repository root. CHATRENDER_BIN picks the
binary (default: the debug build); CHATRENDER_DATA, if unset, is pointed at the repository so a
binary built elsewhere finds the bundled templates and themes."""

from __future__ import annotations

import pytest
from selenium.common.exceptions import WebDriverException

import browser_support as bs


def pytest_report_header(config):
    return f"chatrender: {bs.chatrender_binary()}  chromium: {bs.CHROMIUM}"


@pytest.fixture(scope="session")
def theme_args(tmp_path_factory) -> dict:
    """The bundled theme when it exists; a fixture theme in the same format otherwise."""
    if bs.bundled_theme_available():
        return {}
    return {"theme": bs.write_fixture_theme(tmp_path_factory.mktemp("theme"))}


@pytest.fixture(scope="session")
def render(tmp_path_factory, theme_args):
    """`render("garden")` or `render("garden", "--no-retry")` → folder holding index.html.
    Each distinct render runs once per session."""
    binary = bs.chatrender_binary()
    if not binary.is_file():
        pytest.fail(f"chatrender binary not found at {binary}; run `swift build` or set CHATRENDER_BIN")
    cache: dict = {}

    def _render(name: str, *extra: str):
        key = (name, extra)
        if key not in cache:
            out = tmp_path_factory.mktemp(name) / "page"
            bs.render(bs.CONVERSATIONS[name], out, *extra, **theme_args)
            cache[key] = out
        return cache[key]

    return _render


@pytest.fixture(scope="session")
def page_url(render):
    """`page_url("garden")` → the file: path of the rendered index.html."""
    return lambda name, *extra: render(name, *extra) / "index.html"


@pytest.fixture(scope="session")
def axe_source() -> str:
    return bs.axe_source()


@pytest.fixture(scope="session")
def session_driver():
    driver = bs.start_chrome()
    yield driver
    driver.quit()


@pytest.fixture
def driver(session_driver):
    """The shared browser, reset before and after each test."""
    _reset(session_driver)
    # Drop requests and console messages of earlier tests: axe-core run on one page asks for its
    # stylesheets (refused under file: by the page's CSP), which is no message of the next test's.
    session_driver.get_log("performance")
    session_driver.get_log("browser")
    yield session_driver
    _reset(session_driver)


def _reset(driver) -> None:
    try:
        if driver.current_url.startswith("file:"):
            # file: pages share one storage area: a remembered theme would leak into later tests.
            driver.execute_script("try { localStorage.clear(); } catch (e) {}")
        bs.emulate_media(driver)
        bs.clear_viewport(driver)
    except WebDriverException:
        pass
