"""axe-core on the rendered pages, in light and dark, by system preference and by the page's switch."""

import pytest
from selenium.webdriver.common.by import By

import browser_support as bs

# The three the page must pass, plus the empty and hostile pages for good measure.
PAGES = ["garden", "grids", "loading", "empty", "hostile"]


def test_axe_injection_works_despite_the_page_csp(driver, page_url, axe_source):
    # The page's CSP allows only its own script by hash; WebDriver's execute_script is not subject
    # to it, so axe runs. Prove it rather than trust it: axe must load, run and pass checks.
    bs.open_page(driver, page_url("garden"))
    assert driver.execute_script("return typeof window.axe") == "undefined"
    result = bs.run_axe(driver, axe_source)
    assert driver.execute_script("return typeof window.axe.run") == "function"
    assert result["version"].startswith("4.")
    assert result["passes"] > 10, "axe ran no real checks"


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_axe_violations_by_system_scheme(driver, page_url, axe_source, page, scheme):
    bs.emulate_media(driver, prefers_color_scheme=scheme)
    bs.open_page(driver, page_url(page))
    bg = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    assert (sum(bs.css_rgb(bg)) < 200) == (scheme == "dark"), f"{scheme} preference not applied: body bg {bg}"
    violations = bs.run_axe(driver, axe_source)["violations"]
    assert not violations, f"axe on {page} ({scheme}):\n" + bs.format_violations(violations)


@pytest.mark.parametrize("page", PAGES)
def test_no_axe_violations_with_switch_forced_dark(driver, page_url, axe_source, page):
    bs.emulate_media(driver, prefers_color_scheme="light")
    bs.open_page(driver, page_url(page))
    driver.find_element(By.CSS_SELECTOR, "label[for='cr-theme-dark']").click()
    bs.settle(driver)
    assert driver.execute_script("return getComputedStyle(document.documentElement).colorScheme") == "dark"
    violations = bs.run_axe(driver, axe_source)["violations"]
    assert not violations, f"axe on {page} (switch: dark):\n" + bs.format_violations(violations)
