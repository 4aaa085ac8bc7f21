"""`render --single-file` in a real browser: the page is opened from a folder that holds nothing
else (as from a mail attachment) and still shows every image, opens the viewer, saves its files
from Open and Share, makes no request and breaks no CSP rule, and passes axe; a page with files
left beside it (`--inline-limit`) finds them through relative links."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

import browser_support as bs

GARDEN = bs.CONVERSATIONS["garden"]
PLAN_PDF = GARDEN.parent / "bed-plan.pdf"


def render_single(tmp: Path, name: str, *extra: str, theme_args: dict) -> subprocess.CompletedProcess:
    binary = bs.chatrender_binary()
    if not binary.is_file():
        pytest.fail(f"chatrender binary not found at {binary}")
    args = [str(binary), "render", str(GARDEN), "--single-file", "--out", str(tmp / name), *extra]
    if theme_args.get("theme"):
        args += ["--theme", str(theme_args["theme"])]
    result = subprocess.run(args, env=bs.render_environment(), capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return result


@pytest.fixture(scope="module")
def alone(tmp_path_factory, theme_args) -> Path:
    """The garden as one file, copied alone into an otherwise empty folder."""
    made = tmp_path_factory.mktemp("single-made")
    render_single(made, "garden.html", theme_args=theme_args)
    assert sorted(p.name for p in made.iterdir()) == ["garden.html"], "something was written beside the page"
    folder = tmp_path_factory.mktemp("single-alone")
    shutil.copy(made / "garden.html", folder / "garden.html")
    return folder / "garden.html"


@pytest.fixture(scope="module")
def spilled(tmp_path_factory, theme_args):
    """`spilled("185KB")` → (page, stderr): the garden with that limit, the page and the folder
    beside it then moved together to another folder."""
    made: dict = {}

    def _spilled(limit: str) -> tuple[Path, str]:
        if limit not in made:
            folder = tmp_path_factory.mktemp("single-spill")
            result = render_single(folder, "garden.html", "--inline-limit", limit, theme_args=theme_args)
            moved = tmp_path_factory.mktemp("single-spill-moved")
            shutil.copy(folder / "garden.html", moved / "garden.html")
            shutil.copytree(folder / "garden_files", moved / "garden_files")
            made[limit] = (moved / "garden.html", result.stderr)
        return made[limit]

    return _spilled


IMAGES_JS = """
const done = arguments[arguments.length - 1];
(async () => {
  const out = [];
  for (const img of document.images) {
    // Every image, hidden tiles included: decode each source the page names.
    const probe = new Image();
    probe.src = img.currentSrc || img.src;
    try { await probe.decode(); } catch (e) { /* naturalWidth stays 0 */ }
    out.push({src: img.getAttribute('src').slice(0, 40), width: probe.naturalWidth, shown: img.naturalWidth});
  }
  return out;
})().then(done, e => done('error: ' + e));
"""


def images(driver) -> list[dict]:
    result = driver.execute_async_script(IMAGES_JS)
    assert isinstance(result, list), result
    return result


def csp_reports(driver) -> list[str]:
    return [e["message"] for e in driver.get_log("browser") if "Content Security Policy" in e["message"]]


def test_alone_every_image_decodes_with_no_request_and_no_csp_report(driver, alone):
    driver.get_log("browser")
    bs.open_page(driver, alone)
    found = images(driver)
    assert len(found) >= 6
    assert all(i["src"].startswith("data:image/webp;base64,") for i in found), found
    assert all(i["width"] > 0 for i in found), f"an image did not decode: {found}"
    requests = bs.drain_requests(driver)
    outside = [r["url"] for r in requests if not r["url"].startswith("data:") and r["url"] != alone.as_uri()]
    assert outside == [], f"the single file requested: {outside}"
    assert all(r["blocked"] is None for r in requests), requests
    assert csp_reports(driver) == []


def test_alone_viewer_opens_the_inlined_display_image(driver, alone):
    bs.set_viewport(driver, 1024, 800)
    bs.open_page(driver, alone)
    link = driver.find_elements(By.CSS_SELECTOR, "a[data-cr-photo]")[1]
    href = link.get_attribute("href")
    assert href.startswith("data:image/webp;base64,")
    assert link.get_attribute("data-cr-display") is None, "the display image is written twice"
    link.click()
    end = time.time() + 5
    state = {}
    while time.time() < end:
        state = driver.execute_script("""
            const d = document.querySelector('dialog.cr-viewer');
            const img = d && d.querySelector('.cr-viewer-image');
            return d ? {open: d.open, title: document.getElementById('cr-viewer-title').textContent,
                        src: img.getAttribute('src') || '', width: img.naturalWidth} : {open: false};
        """)
        if state.get("open") and state["src"] == href and state["width"] > 0:
            break
        time.sleep(0.05)
    assert state["open"] and state["title"] == "backyard-maple.jpg, 2 of 3"
    assert state["src"] == href and state["width"] == 1200, {k: v for k, v in state.items() if k != "src"}
    driver.execute_script("document.querySelector('dialog.cr-viewer').close()")
    assert csp_reports(driver) == []


def wait_for_download(path, seconds: float = 10) -> bytes:
    """The bytes of a finished download. Chromium reserves the name with an empty file first and
    writes the content beside it (`.crdownload`), so existing is not enough: wait until no part
    file is left and the size stops changing."""
    end = time.time() + seconds
    last = None
    while time.time() < end:
        if path.is_file() and not list(path.parent.glob("*.crdownload")):
            size = path.stat().st_size
            if size > 0 and size == last:
                return path.read_bytes()
            last = size
        time.sleep(0.1)
    return path.read_bytes() if path.is_file() else b""


def test_alone_open_and_share_save_the_file(driver, alone, tmp_path):
    bs.open_page(driver, alone)
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    try:
        open_link = driver.find_element(By.CSS_SELECTOR, "a.cr-open")
        assert open_link.accessible_name == "Open Raised bed plan.pdf"
        assert open_link.get_attribute("download") == "Raised bed plan.pdf"
        assert open_link.get_attribute("href").startswith("data:application/pdf;base64,")
        share = driver.find_element(By.CSS_SELECTOR, "button.cr-share")
        assert share.is_displayed(), "the script did not show Share"
        assert share.accessible_name == "Share Raised bed plan.pdf"
        open_link.click()
        saved = downloads / "Raised bed plan.pdf"
        assert wait_for_download(saved) == PLAN_PDF.read_bytes()
        saved.unlink()
        # Headless Chromium on Linux has no Web Share API: Share saves the file as Open does.
        assert driver.execute_script("return typeof navigator.canShare") == "undefined"
        share.click()
        assert wait_for_download(saved) == PLAN_PDF.read_bytes()
    finally:
        driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "default"})
    assert csp_reports(driver) == []


def test_alone_without_javascript_share_stays_hidden(driver, alone):
    driver.get("about:blank")
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        driver.get(alone.as_uri() + "?without-script")  # a fresh document, never one from a cache
        assert driver.find_element(By.CSS_SELECTOR, "h1").is_displayed()
        share = driver.find_element(By.CSS_SELECTOR, "button.cr-share")
        assert not share.is_displayed(), "Share shows without the script that makes it work"
        assert driver.find_element(By.CSS_SELECTOR, "a.cr-open").is_displayed()
    finally:
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_alone_axe_passes(driver, alone, axe_source, scheme):
    bs.emulate_media(driver, prefers_color_scheme=scheme)
    bs.open_page(driver, alone)
    violations = bs.run_axe(driver, axe_source)["violations"]
    assert not violations, f"axe on the single file ({scheme}):\n" + bs.format_violations(violations)


def no_request_outside(driver, page: Path) -> None:
    requests = bs.drain_requests(driver)
    folder = page.parent.as_uri() + "/"
    outside = [r["url"] for r in requests if not r["url"].startswith("data:") and not r["url"].startswith(folder)]
    assert outside == [], outside
    assert csp_reports(driver) == []


def test_over_the_limit_images_load_from_the_folder_beside(driver, spilled):
    # A limit some photos over the page's own size (its stylesheets and scripts, about 118 KB: the
    # composer's files are not on it).
    page, stderr = spilled("158KB")
    assert "stays beside the page as garden_files/" in stderr and "--inline-limit 158 KB" in stderr
    assert page.stat().st_size <= 158_000
    bs.open_page(driver, page)
    found = images(driver)
    assert all(i["width"] > 0 for i in found), found
    inline = [i for i in found if i["src"].startswith("data:")]
    beside = [i for i in found if i["src"].startswith("garden_files/")]
    assert inline and len(inline) + len(beside) == len(found), found
    # Thumbnails go in before viewer images: the photo links point into the folder.
    links = driver.execute_script("return Array.from(document.querySelectorAll('a[data-cr-photo]'), a => a.getAttribute('href'))")
    assert links and all(h.startswith("garden_files/") for h in links), links
    # A later, smaller asset still goes in when it fits: the 1 KB plan is inlined.
    assert driver.find_element(By.CSS_SELECTOR, "a.cr-open").get_attribute("href").startswith("data:application/pdf;")
    no_request_outside(driver, page)


def test_limit_zero_leaves_everything_beside_and_links_it_relatively(driver, spilled):
    page, stderr = spilled("0")
    bs.open_page(driver, page)
    found = images(driver)
    assert found and all(i["src"].startswith("garden_files/") and i["width"] > 0 for i in found), found
    assert driver.execute_script("return document.querySelectorAll('[src^=\"data:\"], [href^=\"data:\"]').length") == 0
    open_link = driver.find_element(By.CSS_SELECTOR, "a.cr-open")
    assert not driver.execute_script("return arguments[0].hasAttribute('download')", open_link), "a file beside the page opens, as in an output folder"
    href = open_link.get_attribute("href")
    assert href.startswith(page.parent.as_uri() + "/garden_files/")
    assert Path(href[len("file://"):]).read_bytes() == PLAN_PDF.read_bytes()
    assert driver.find_element(By.CSS_SELECTOR, "a.cr-share").get_attribute("href") == href
    no_request_outside(driver, page)
