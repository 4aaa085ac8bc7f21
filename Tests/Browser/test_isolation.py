"""The page is self-contained and locked down: nothing comes from the network, and its
Content-Security-Policy (a <meta http-equiv>) is really enforced, not just present."""

import re

import pytest
from selenium.webdriver.common.by import By

import browser_support as bs


@pytest.mark.parametrize("page", ["garden", "grids", "hostile", "loading"])
def test_every_request_is_local(driver, page_url, page):
    bs.drain_requests(driver)
    driver.get_log("browser")
    bs.open_page(driver, page_url(page))
    driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")  # lazy images, if any
    bs.settle(driver)
    requests = bs.drain_requests(driver)
    urls = [r["url"] for r in requests]
    assert any(u.endswith("/index.html") for u in urls), f"the performance log saw no page load: {urls}"
    remote = [u for u in urls if not u.startswith(("file:", "data:"))]
    assert remote == [], f"{page} fetched from the network: {remote}"
    # The page never trips its own policy, and logs no errors.
    assert [r for r in requests if r["blocked"]] == []
    errors = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    assert errors == [], f"{page} logged errors: {errors}"
    if page in ("garden", "grids"):
        assert sum(u.startswith("file:") and "/assets/" in u for u in urls) >= 3, "the photos were loaded locally"


def test_csp_meta_denies_by_default_and_comes_before_any_style_or_script(driver, page_url):
    bs.open_page(driver, page_url("garden"))
    metas = driver.find_elements(By.CSS_SELECTOR, "meta[http-equiv='Content-Security-Policy' i]")
    assert len(metas) == 1
    policy = metas[0].get_attribute("content")
    directives = {d.split()[0]: d.split()[1:] for d in (p.strip() for p in policy.split(";")) if d}
    assert directives["default-src"] == ["'none'"]
    assert all(re.fullmatch(r"'sha256-[A-Za-z0-9+/]+=*'", s) for s in directives["script-src"]), directives["script-src"]
    assert all(re.fullmatch(r"'sha256-[A-Za-z0-9+/]+=*'", s) for s in directives["style-src"]), directives["style-src"]
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
    assert not any(s.startswith(("http", "*")) for values in directives.values() for s in values), policy
    # A meta CSP only governs what comes after it.
    before = driver.execute_script(
        "const m = arguments[0]; return Array.from(document.querySelectorAll('style, script, link, img'))"
        ".every(e => m.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING)", metas[0])
    assert before, "a style, script or image precedes the CSP meta"


INJECTED = (
    "<script>window.__csp_broken=1</script>"
    '<script src="https://csp-probe.invalid/x.js"></script>'
    '<img src="https://csp-probe.invalid/x.png" alt="">'
    '<div id="csp-probe-style" style="color: rgb(1, 2, 3)">probe</div>'
)


def test_csp_blocks_injected_markup_while_the_page_script_runs(driver, render, tmp_path):
    page = bs.copy_page(render("garden"), tmp_path / "tampered")
    html = (page / "index.html").read_text(encoding="utf-8")
    assert html.count("</main>") == 1
    (page / "index.html").write_text(html.replace("</main>", "</main>" + INJECTED), encoding="utf-8")
    driver.get_log("browser")
    bs.drain_requests(driver)
    bs.emulate_media(driver, prefers_color_scheme="light")
    bs.open_page(driver, page / "index.html")

    assert driver.execute_script("return typeof window.__csp_broken") == "undefined", "an injected inline script ran"
    assert driver.execute_script("return document.getElementById('csp-probe-style') !== null"), "the injection did not land"
    color = driver.execute_script("return getComputedStyle(document.getElementById('csp-probe-style')).color")
    assert color != "rgb(1, 2, 3)", "an injected inline style attribute applied"
    # Chromium logs a request it refuses, then fails it with blockedReason "csp" before sending.
    probes = [r for r in bs.drain_requests(driver) if "csp-probe" in r["url"]]
    assert len(probes) == 2, f"the injected script and image were not attempted: {probes}"
    assert all(r["blocked"] == "csp" for r in probes), f"CSP let a remote request out: {probes}"
    messages = " ".join(e["message"] for e in driver.get_log("browser"))
    assert "Content Security Policy" in messages, f"no CSP report in the console: {messages[:500]}"

    # The page's own script (allowed by hash) still runs: the switch mirrors the choice as data-theme.
    assert driver.execute_script("return document.documentElement.getAttribute('data-theme')") is None
    driver.find_element(By.CSS_SELECTOR, "label[for='cr-theme-dark']").click()
    assert driver.execute_script("return document.documentElement.getAttribute('data-theme')") == "dark"
