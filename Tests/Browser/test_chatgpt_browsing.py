"""ChatGPT's web browsing and a reply's remote image, in the browser (`render --from chatgpt` of
the 2023-2024 browsing fixture): axe clean in light and dark with every step closed and open; each
page a step opened is a real link with a name; the image is one link named "Image not loaded: …"
and never an image; and the page makes no request, whatever is opened."""

import subprocess

import pytest
from selenium.webdriver.common.by import By

import browser_support as bs

FIXTURE = bs.ROOT / "Tests" / "ChatRenderTests" / "Fixtures" / "import" / "chatgpt-2023"
SLUGS = ["tram-28-first-departure", "carris-fares-page", "seoul-weather-in-october"]
IMAGE = "https://photos.example/tram-28/graca.jpg"


def render_site(out, theme_args, *extra):
    args = [str(bs.chatrender_binary()), "render", "--from", "chatgpt", str(FIXTURE), "--out", str(out), "--quiet", *extra]
    if "theme" in theme_args:
        args += ["--theme", str(theme_args["theme"])]
    result = subprocess.run(args, env=bs.render_environment(), capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture(scope="module")
def site(tmp_path_factory, theme_args):
    return render_site(tmp_path_factory.mktemp("browsing") / "site", theme_args)


@pytest.fixture(scope="module")
def german(tmp_path_factory, theme_args):
    return render_site(tmp_path_factory.mktemp("browsing-de") / "site", theme_args, "--locale", "de")


def set_all_open(driver, value: bool) -> None:
    driver.execute_script("document.querySelectorAll('details').forEach(d => { d.open = arguments[0]; })", value)
    bs.settle(driver)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("opened", [False, True], ids=["closed", "open"])
def test_no_axe_violations(driver, site, axe_source, scheme, opened):
    bs.emulate_media(driver, prefers_color_scheme=scheme)
    failures = []
    for slug in SLUGS:
        bs.open_page(driver, site / slug / "index.html")
        set_all_open(driver, opened)
        violations = bs.run_axe(driver, axe_source)["violations"]
        if violations:
            failures.append(f"{slug}:\n" + bs.format_violations(violations))
    assert not failures, f"axe ({scheme}, {'open' if opened else 'closed'}):\n" + "\n".join(failures)


def test_the_remote_image_is_one_named_link_and_never_an_image(driver, site):
    bs.open_page(driver, site / "tram-28-first-departure" / "index.html")
    links = driver.find_elements(By.CSS_SELECTOR, f".cr-reply a[href='{IMAGE}']")
    assert len(links) == 1, "one link to the image"
    link = links[0]
    assert bs.name_of(driver, link) == "Image not loaded: Tram 28 on Rua da Graça"
    assert set(link.get_attribute("rel").split()) >= {"noopener", "noreferrer"}
    # On screen: the alt text once, and the quiet note; an icon, not a picture.
    assert link.find_element(By.CSS_SELECTOR, ".cr-md-image-alt").text == "Tram 28 on Rua da Graça"
    assert link.get_attribute("textContent") == "Tram 28 on Rua da Graça image not loaded"
    assert link.find_elements(By.CSS_SELECTOR, "img") == []
    assert driver.execute_script("return [...document.images].filter(i => /^https?:/.test(i.src)).length") == 0
    note = link.find_element(By.CSS_SELECTOR, ".cr-md-image-note")
    assert note.is_displayed()
    # The note is quieter than the link: smaller, and not the link's colour.
    style = driver.execute_script(
        "const n = getComputedStyle(arguments[0]), l = getComputedStyle(arguments[1]);"
        "return [parseFloat(n.fontSize), parseFloat(l.fontSize), n.color, l.color]", note, link)
    assert style[0] < style[1] and style[2] != style[3]


def test_each_page_opened_is_a_named_link(driver, site):
    bs.open_page(driver, site / "tram-28-first-departure" / "index.html")
    set_all_open(driver, True)
    failed = driver.find_element(By.CSS_SELECTOR, ".cr-part--error")
    summary = " ".join(failed.find_element(By.CSS_SELECTOR, "summary").text.split())
    assert summary == "Opened visitlisboa.example — failed"
    link = failed.find_element(By.CSS_SELECTOR, "a.cr-page-link")
    assert bs.name_of(driver, link) == "https://www.visitlisboa.example/tram-28"
    assert link.get_attribute("href") == "https://www.visitlisboa.example/tram-28"
    assert link.get_attribute("target") == "_blank"
    assert set(link.get_attribute("rel").split()) >= {"noopener", "noreferrer"}
    titles = [t.text for t in driver.find_elements(By.CSS_SELECTOR, ".cr-part--tool > summary .cr-part-title > [dir='auto']")]
    assert titles == ["Searched the web for “tram 28 first departure Lisbon”", "Clicked a link", "Quoted carris.pt",
                      "Went back", "Scrolled", "Opened visitlisboa.example"]
    bs.open_page(driver, site / "seoul-weather-in-october" / "index.html")
    set_all_open(driver, True)
    pages = [bs.name_of(driver, a) for a in driver.find_elements(By.CSS_SELECTOR, "a.cr-page-link")]
    assert pages == ["https://weatherspark.example/seoul-october", "https://www.weather-atlas.example/seoul-october",
                     "https://weatherspark.example/seoul-october"]


def test_no_request_is_made_with_every_step_open(driver, site):
    for slug in SLUGS:
        bs.drain_requests(driver)
        driver.get_log("browser")
        bs.open_page(driver, site / slug / "index.html")
        set_all_open(driver, True)
        driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        bs.settle(driver)
        urls = [r["url"] for r in bs.drain_requests(driver)]
        assert any(u.endswith("/index.html") for u in urls), f"the performance log saw no page load: {urls}"
        remote = [u for u in urls if not u.startswith(("file:", "data:"))]
        assert remote == [], f"{slug} fetched from the network: {remote}"
        errors = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        assert errors == [], f"{slug} logged errors: {errors}"


def test_names_in_the_pages_language(driver, german):
    bs.open_page(driver, german / "tram-28-first-departure" / "index.html")
    link = driver.find_element(By.CSS_SELECTOR, f".cr-reply a[href='{IMAGE}']")
    assert bs.name_of(driver, link) == "Bild nicht geladen: Tram 28 on Rua da Graça"
    titles = [t.text for t in driver.find_elements(By.CSS_SELECTOR, ".cr-part--tool > summary .cr-part-title > [dir='auto']")]
    assert titles[-1] == "visitlisboa.example geöffnet" and titles[1] == "Auf einen Link geklickt"
