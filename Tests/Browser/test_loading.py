"""`messages: null` draws grey turns: a busy conversation region whose skeleton is hidden from
assistive technology, with a status message in its place. An empty conversation says so."""

import pytest
from selenium.webdriver.common.by import By

import browser_support as bs


@pytest.fixture
def loading(driver, page_url):
    bs.open_page(driver, page_url("loading"))
    return driver


def conversation_region(driver):
    [region] = [s for s in driver.find_elements(By.TAG_NAME, "section") if s.accessible_name == "Conversation"]
    assert region.aria_role == "region"
    return region


def test_conversation_region_is_busy(loading):
    assert conversation_region(loading).get_attribute("aria-busy") == "true"


def test_skeleton_is_drawn_but_hidden_from_assistive_technology(loading):
    region = conversation_region(loading)
    blocks = loading.execute_script(
        "return Array.from(arguments[0].querySelectorAll('*')).filter(e => e.getBoundingClientRect().height > 0"
        " && getComputedStyle(e).backgroundColor !== 'rgba(0, 0, 0, 0)')", region)
    assert len(blocks) >= 4, "no grey turns are drawn"
    for block in blocks:
        assert loading.execute_script("return arguments[0].closest('[aria-hidden=\"true\"]') !== null", block), \
            f"a skeleton block is exposed: {block.get_attribute('outerHTML')[:120]}"
    assert region.find_elements(By.TAG_NAME, "article") == []
    assert loading.find_elements(By.TAG_NAME, "h2") == []


def test_status_text_announces_loading(loading):
    status = loading.find_elements(By.CSS_SELECTOR, "[role='status']")
    assert len(status) == 1
    assert status[0].get_attribute("textContent") == "Loading conversation…"
    assert status[0].aria_role == "status"
    region = conversation_region(loading)
    assert loading.execute_script("return arguments[0].contains(arguments[1])", region, status[0])
    # Visually hidden, yet in the accessibility tree (not display:none or aria-hidden).
    assert loading.execute_script(
        "const s = getComputedStyle(arguments[0]); return s.display !== 'none' && s.visibility !== 'hidden'"
        " && arguments[0].closest('[aria-hidden=\"true\"]') === null", status[0])


def test_empty_conversation_says_so_and_is_not_busy(driver, page_url):
    bs.open_page(driver, page_url("empty"))
    region = conversation_region(driver)
    assert region.get_attribute("aria-busy") in (None, "false")
    assert region.text == "No messages yet."
    assert driver.find_element(By.TAG_NAME, "h1").text == driver.title != ""
