"""The full-screen photo viewer in a real browser: opening by click and keyboard, Esc and Close,
focus return, zoom (double-click, keys, Ctrl+wheel) capped at 4x, panning when zoomed, stepping
between the photos of a turn, the cancelable open-image event, and no layout shift."""

import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import browser_support as bs


def photo_links(driver):
    return driver.find_elements(By.CSS_SELECTOR, "a[data-cr-photo]")


def viewer_state(driver):
    return driver.execute_script("""
        const d = document.querySelector('dialog.cr-viewer');
        if (!d) return {open: false};
        const img = d.querySelector('.cr-viewer-image');
        return {open: d.open, title: document.getElementById('cr-viewer-title').textContent,
                scale: Number(d.dataset.scale || 1), transform: img.style.transform, src: img.getAttribute('src') || ''};
    """)


def wait_for(predicate, timeout=3.0):
    end = time.time() + timeout
    while time.time() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    return predicate()


@pytest.fixture
def garden(driver, page_url):
    bs.set_viewport(driver, 1024, 800)
    bs.open_page(driver, page_url("garden"))
    return driver


def open_second(driver):
    photo_links(driver)[1].click()
    assert wait_for(lambda: viewer_state(driver)["open"])


def test_opens_by_click_as_a_labelled_modal_with_focus_inside(garden):
    open_second(garden)
    state = viewer_state(garden)
    assert state["title"] == "backyard-maple.jpg, 2 of 3"
    dialog = garden.find_element(By.CSS_SELECTOR, "dialog.cr-viewer")
    assert dialog.accessible_name == "backyard-maple.jpg, 2 of 3"
    assert garden.execute_script("return document.querySelector('dialog.cr-viewer').matches(':modal')")
    assert garden.switch_to.active_element.accessible_name == "Close"
    # The display image replaces the thumbnail once it has loaded.
    display = photo_links(garden)[1].get_attribute("data-cr-display")
    assert wait_for(lambda: viewer_state(garden)["src"].endswith("/" + display))


def test_opens_by_keyboard_and_esc_returns_focus(garden):
    link = photo_links(garden)[0]
    garden.execute_script("arguments[0].focus()", link)
    garden.switch_to.active_element.send_keys(Keys.ENTER)
    assert wait_for(lambda: viewer_state(garden)["open"])
    assert viewer_state(garden)["title"] == "backyard-lawn.jpg, 1 of 3"
    garden.switch_to.active_element.send_keys(Keys.ESCAPE)
    assert wait_for(lambda: not viewer_state(garden)["open"])
    assert garden.switch_to.active_element == link


def test_close_button_closes_and_returns_focus(garden):
    open_second(garden)
    garden.find_element(By.CSS_SELECTOR, ".cr-viewer-close").click()
    assert wait_for(lambda: not viewer_state(garden)["open"])
    assert garden.switch_to.active_element == photo_links(garden)[1]


def test_focus_stays_in_the_dialog(garden):
    open_second(garden)
    for _ in range(6):
        ActionChains(garden).send_keys(Keys.TAB).perform()
        inside = garden.execute_script("return document.querySelector('dialog.cr-viewer').contains(document.activeElement) || document.activeElement === document.body")
        assert inside


def test_double_click_zooms_and_back(garden):
    open_second(garden)
    stage = garden.find_element(By.CSS_SELECTOR, ".cr-viewer-stage")
    ActionChains(garden).double_click(stage).perform()
    assert wait_for(lambda: viewer_state(garden)["scale"] == 2.5)
    ActionChains(garden).double_click(stage).perform()
    assert wait_for(lambda: viewer_state(garden)["scale"] == 1)
    assert viewer_state(garden)["transform"] == ""


def test_zoom_is_capped_at_four_and_zero_resets(garden):
    open_second(garden)
    for _ in range(8):
        garden.switch_to.active_element.send_keys("+")
    assert viewer_state(garden)["scale"] == 4
    garden.switch_to.active_element.send_keys("-")
    assert viewer_state(garden)["scale"] == pytest.approx(4 / 1.5, abs=0.01)
    garden.switch_to.active_element.send_keys("0")
    assert viewer_state(garden)["scale"] == 1


def test_ctrl_wheel_zooms(garden):
    open_second(garden)
    garden.execute_script("""
        const stage = document.querySelector('.cr-viewer-stage');
        const r = stage.getBoundingClientRect();
        stage.dispatchEvent(new WheelEvent('wheel', {deltaY: -100, ctrlKey: true, clientX: r.width / 2, clientY: r.height / 2, bubbles: true, cancelable: true}));
    """)
    assert viewer_state(garden)["scale"] > 2


def test_arrow_keys_pan_when_zoomed_and_step_when_not(garden):
    open_second(garden)
    garden.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    assert viewer_state(garden)["title"] == "backyard-fence.jpg, 3 of 3"
    garden.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    garden.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    assert viewer_state(garden)["title"] == "backyard-lawn.jpg, 1 of 3"
    garden.switch_to.active_element.send_keys(Keys.ARROW_LEFT)  # no photo before the first
    assert viewer_state(garden)["title"] == "backyard-lawn.jpg, 1 of 3"
    garden.switch_to.active_element.send_keys("+", "+")
    before = viewer_state(garden)["transform"]
    garden.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    after = viewer_state(garden)
    assert after["title"] == "backyard-lawn.jpg, 1 of 3"  # panned, not stepped
    assert after["transform"] != before and "translate(" in after["transform"]


def test_drag_pans_when_zoomed(garden):
    open_second(garden)
    garden.switch_to.active_element.send_keys("+", "+")
    before = viewer_state(garden)["transform"]
    stage = garden.find_element(By.CSS_SELECTOR, ".cr-viewer-stage")
    ActionChains(garden).move_to_element(stage).click_and_hold().move_by_offset(-120, -60).release().perform()
    assert viewer_state(garden)["transform"] != before


def test_swipe_steps_between_photos(garden):
    open_second(garden)
    stage = garden.find_element(By.CSS_SELECTOR, ".cr-viewer-stage")
    ActionChains(garden).move_to_element(stage).click_and_hold().move_by_offset(-200, 0).release().perform()
    assert wait_for(lambda: viewer_state(garden)["title"] == "backyard-fence.jpg, 3 of 3")


def test_host_page_can_take_over_with_the_cancelable_event(garden):
    garden.execute_script("""
        window.__opened = [];
        document.addEventListener('chatrender:open-image', e => { window.__opened.push(e.detail); e.preventDefault(); });
    """)
    photo_links(garden)[2].click()
    time.sleep(0.3)
    assert not viewer_state(garden)["open"]
    detail = garden.execute_script("return window.__opened")[0]
    assert detail["messageId"] == "m1" and detail["attachmentId"] == "a3" and detail["index"] == 2
    assert garden.current_url.endswith("index.html")  # the link did not navigate either


def test_every_photo_links_to_its_display_image_without_javascript(garden, page_url):
    folder = page_url("garden").parent
    for link in photo_links(garden):
        href = link.get_attribute("href")
        assert link.get_attribute("data-cr-display") in href
        assert (folder / link.get_attribute("data-cr-display")).is_file()


def test_no_layout_shift_while_images_load(driver, page_url):
    bs.set_viewport(driver, 390, 800)
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 4})
    try:
        driver.get(page_url("garden").as_uri())
        shift = driver.execute_script("""
            return new Promise(resolve => {
                let total = 0;
                new PerformanceObserver(list => { for (const e of list.getEntries()) total += e.value; })
                    .observe({type: 'layout-shift', buffered: true});
                const done = () => setTimeout(() => resolve(total), 300);
                Promise.all([...document.images].map(i => i.complete ? 0 : new Promise(r => { i.onload = i.onerror = r; }))).then(done);
            });
        """)
    finally:
        driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 1})
    assert shift == 0


def test_reduced_motion_drops_the_zoom_animation(garden):
    bs.emulate_media(garden, prefers_reduced_motion="reduce")
    open_second(garden)
    duration = garden.execute_script("return getComputedStyle(document.querySelector('.cr-viewer-image')).transitionDuration")
    assert duration in ("0s", "")
