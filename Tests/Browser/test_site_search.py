"""A site made from an export (`render --from chatgpt EXPORT --out site/`) in the browser: the themed
index is axe clean in light and dark, the search finds a word from one reply from `file://` (its
shards load under the page's strict CSP), shows the escaped snippet with the match marked, and
opens that conversation at that turn; the same search works from a conversation page, by keyboard,
with case and accents folded, and right to left."""

import json
import subprocess

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

import browser_support as bs

FIXTURE = bs.ROOT / "Tests" / "ChatRenderTests" / "Fixtures" / "import" / "chatgpt-2025"


def conversation(title: str, created: float, turns: list[tuple[str, str]], model: str = "gpt-4o") -> dict:
    """One conversation shaped as ChatGPT's export writes it: a chain of nodes under a root."""
    mapping = {"root": {"id": "root", "message": None, "parent": None, "children": []}}
    parent = "root"
    for n, (role, text) in enumerate(turns):
        node = f"n{n}"
        mapping[node] = {"id": node, "parent": parent, "children": [], "message": {
            "id": node, "author": {"role": role, "name": None, "metadata": {}}, "create_time": created + n * 60,
            "content": {"content_type": "text", "parts": [text]}, "status": "finished_successfully",
            "metadata": {"model_slug": model} if role == "assistant" else {}, "recipient": "all"}}
        mapping[parent]["children"].append(node)
        parent = node
    return {"title": title, "create_time": created, "update_time": created, "mapping": mapping, "current_node": parent}


def render_site(folder, export, *extra: str):
    out = folder / "site"
    args = [str(bs.chatrender_binary()), "render", "--from", "chatgpt", str(export), "--out", str(out), "--quiet", *extra]
    result = subprocess.run(args, env=bs.render_environment(), capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return render_site(tmp_path_factory.mktemp("site"), FIXTURE)


@pytest.fixture(scope="module")
def made_site(tmp_path_factory):
    """An export made here: accents, a hostile reply, a long conversation with the word far down."""
    folder = tmp_path_factory.mktemp("made")
    export = folder / "export"
    export.mkdir()
    long_turns = []
    for n in range(60):
        long_turns.append(("user", f"Question {n} about the garden"))
        long_turns.append(("assistant", "The marigolds need water." if n == 47 else f"Answer {n}: mulch and patience."))
    conversations = [
        conversation("Crème brûlée", 1_767_000_000, [("user", "How do I make a crème brûlée?"),
                                                     ("assistant", "Bake the CUSTARD gently, then caramelise the sugar.")]),
        conversation("<img src=x onerror=alert(3)> Hostile", 1_766_000_000, [("user", "Show me <img src=x onerror=alert(1)> as text"),
                                                ("assistant", "Here it is: <script>alert(2)</script> stays text.")]),
        conversation("Garden", 1_765_000_000, long_turns),
    ]
    (export / "conversations.json").write_text(json.dumps(conversations), encoding="utf-8")
    return render_site(folder, export), export


def search(driver, text: str):
    field = driver.find_element(By.CSS_SELECTOR, "input[type='search']")
    field.click()
    field.clear()
    field.send_keys(text)
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".cr-search").get_attribute("data-cr-query") == text)
    return field


def results(driver):
    return driver.find_elements(By.CSS_SELECTOR, ".cr-search-results a")


def test_a_word_from_one_reply_is_found_from_disk_and_opens_that_turn(driver, site):
    bs.open_page(driver, site / "index.html")
    field = search(driver, "confirmation")
    assert driver.find_element(By.CSS_SELECTOR, ".cr-search-status").text == "1 match"
    hits = results(driver)
    assert len(hits) == 1
    assert "Book a table for Friday" in hits[0].text
    assert hits[0].find_element(By.CSS_SELECTOR, "mark").text == "confirmation"
    # The field names its results; the count is a live status.
    assert field.accessible_name == "Search conversations"
    assert driver.find_element(By.CSS_SELECTOR, ".cr-search-status").get_attribute("role") == "status"
    # By keyboard: down to the result, Enter opens it.
    field.send_keys(Keys.ARROW_DOWN)
    assert driver.switch_to.active_element == hits[0]
    hits[0].send_keys(Keys.ENTER)
    WebDriverWait(driver, 10).until(lambda d: "book-a-table-for-friday/index.html#cr-t1" in d.current_url)
    turn = driver.find_element(By.ID, "cr-t1")
    assert "confirmation" in turn.text
    top = driver.execute_script("return arguments[0].getBoundingClientRect().top", turn)
    assert 0 <= top < driver.execute_script("return innerHeight")
    # No request was refused: the shards loaded under the CSP.
    assert not [r for r in bs.drain_requests(driver) if r["blocked"]]
    assert not [e for e in driver.get_log("browser") if "Content Security Policy" in e["message"]]


def test_every_page_of_the_site_searches_too(driver, site):
    bs.open_page(driver, site / "train-to-porto" / "index.html")
    back = driver.find_element(By.CSS_SELECTOR, ".cr-site-bar > a")
    assert back.text == "Conversations"
    search(driver, "PENDULAR")
    hits = results(driver)
    assert [h.find_element(By.CSS_SELECTOR, ".cr-search-hit-title").text for h in hits] == ["Train to Porto", "Train to Porto"]
    hits[1].click()
    WebDriverWait(driver, 10).until(lambda d: d.current_url.endswith("train-to-porto/index.html#cr-t1"))


def test_case_and_accents_fold_and_matches_stay_text(driver, made_site):
    out, _ = made_site
    bs.open_page(driver, out / "index.html")
    search(driver, "CREME brulee")
    hits = results(driver)
    assert len(hits) == 1
    assert [m.text for m in hits[0].find_elements(By.CSS_SELECTOR, "mark")] == ["crème", "brûlée"]
    search(driver, "custard")
    assert results(driver)[0].find_element(By.CSS_SELECTOR, "mark").text == "CUSTARD"
    search(driver, "onerror")
    hit = results(driver)[0]
    assert "<img src=x onerror=alert(1)>" in hit.text
    assert not driver.find_elements(By.CSS_SELECTOR, ".cr-search-results img, .cr-search-results script")
    # The title and the snippet are text on the index and in the results: nothing ran, no image.
    assert not driver.find_elements(By.CSS_SELECTOR, "main img")
    assert "<img src=x onerror=alert(3)> Hostile" in driver.find_element(By.TAG_NAME, "main").text
    assert not [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    search(driver, "zzz-nothing")
    assert driver.find_element(By.CSS_SELECTOR, ".cr-search-status").text == "No matches."
    assert results(driver) == []


def test_a_turn_far_down_a_long_page_is_reached(driver, made_site):
    out, _ = made_site
    bs.open_page(driver, out / "index.html")
    search(driver, "marigolds")
    results(driver)[0].click()
    WebDriverWait(driver, 10).until(lambda d: d.current_url.endswith("#cr-t95"))
    turn = driver.find_element(By.ID, "cr-t95")
    WebDriverWait(driver, 5).until(lambda d: 0 <= d.execute_script("return arguments[0].getBoundingClientRect().top", turn)
                                   < d.execute_script("return innerHeight"))


def test_escape_clears_and_arrows_walk_the_results(driver, site):
    bs.open_page(driver, site / "index.html")
    field = search(driver, "porto")
    hits = results(driver)
    assert len(hits) >= 2
    field.send_keys(Keys.ARROW_DOWN)
    driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    assert driver.switch_to.active_element == hits[1]
    driver.switch_to.active_element.send_keys(Keys.ARROW_UP, Keys.ARROW_UP)
    assert driver.switch_to.active_element == field
    field.send_keys(Keys.ESCAPE)
    assert field.get_attribute("value") == ""
    assert results(driver) == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_index_and_its_results_have_no_axe_violations(driver, site, axe_source, scheme):
    bs.emulate_media(driver, prefers_color_scheme=scheme)
    bs.open_page(driver, site / "index.html")
    violations = bs.run_axe(driver, axe_source)["violations"]
    assert not violations, bs.format_violations(violations)
    search(driver, "porto")
    violations = bs.run_axe(driver, axe_source)["violations"]
    assert not violations, "with results:\n" + bs.format_violations(violations)


def test_right_to_left_index_and_search(driver, made_site, tmp_path, axe_source):
    _, export = made_site
    out = render_site(tmp_path, export, "--locale", "ar")
    bs.open_page(driver, out / "index.html")
    assert driver.execute_script("return document.documentElement.dir") == "rtl"
    search(driver, "custard")
    assert driver.find_element(By.CSS_SELECTOR, ".cr-search-status").text == "نتيجة واحدة"
    violations = bs.run_axe(driver, axe_source)["violations"]
    assert not violations, bs.format_violations(violations)


def test_no_sideways_scrolling_on_a_phone(driver, site):
    bs.set_viewport(driver, 390, 844)
    bs.open_page(driver, site / "index.html")
    search(driver, "porto")
    assert driver.execute_script("return document.documentElement.scrollWidth <= innerWidth")


def test_the_search_works_over_http(driver, site):
    server = subprocess.Popen(["python3", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", str(site)],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        line = server.stdout.readline()
        port = int(line.split("port ")[1].split(" ")[0])
        driver.get(f"http://127.0.0.1:{port}/index.html")
        search(driver, "confirmation")
        assert len(results(driver)) == 1
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_the_site_shares_one_stylesheet_and_script_and_the_theme_choice(driver, site):
    """Every page and the index link the same two hashed files in static/ and have nothing inline
    (the insights page also links its own stylesheet, the one other file there); they load under
    the CSP from disk, and Dark chosen on the index is what a page opens in."""
    files = [p.name for p in (site / "static").iterdir()]
    own = [name for name in files if name.startswith("insights-")]
    shared = sorted((name for name in files if name not in own), key=lambda name: not name.endswith(".css"))
    assert len(shared) == 2 and shared[0].endswith(".css") and shared[1].endswith(".js"), shared
    assert len(own) == 1 and own[0].endswith(".css"), own
    assert f'<link rel="stylesheet" href="../static/{own[0]}">' in (site / "insights" / "index.html").read_text(encoding="utf-8")
    pages = [site / "index.html"] + sorted(site.glob("*/index.html"))
    assert len(pages) == 10
    for page in pages:
        html = page.read_text(encoding="utf-8")
        root = "" if page.parent == site else "../"
        assert f'<link rel="stylesheet" href="{root}static/{shared[0]}">' in html, page
        assert f'<script src="{root}static/{shared[1]}"></script>' in html, page
        assert "<style" not in html and "<script>" not in html, page
    driver.get_log("browser")  # only this test's messages count below
    bs.open_page(driver, site / "index.html")
    driver.find_element(By.CSS_SELECTOR, "label[for='cr-theme-dark']").click()
    assert driver.execute_script("return document.documentElement.dataset.theme") == "dark"
    bs.open_page(driver, site / "train-to-porto" / "index.html")
    assert driver.find_element(By.ID, "cr-theme-dark").is_selected()
    background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    assert background not in ("rgb(255, 255, 255)", "rgba(0, 0, 0, 0)"), background
    driver.find_element(By.CSS_SELECTOR, "label[for='cr-theme-auto']").click()
    assert not [r for r in bs.drain_requests(driver) if r["blocked"]]
    assert not [e for e in driver.get_log("browser") if "Content Security Policy" in e["message"]]


def test_results_are_newest_first_across_every_shard(driver, tmp_path):
    """A site's shards are chosen by a hash of each page's folder, so a shard holds conversations
    of any date: the results of all of them are merged by date, newest first, whichever shard
    holds each, and the first 50 are the 50 newest."""
    export = tmp_path / "export"
    export.mkdir()
    day = 86_400
    conversations = [
        conversation(f"Day {n:02d}", 1_760_000_000 + n * day,
                     [("user", f"zebra question {n}"), ("assistant", f"zebra answer {n} " + "lorem ipsum dolor " * 7_000)])
        for n in range(30)
    ]
    (export / "conversations.json").write_text(json.dumps(conversations), encoding="utf-8")
    out = render_site(tmp_path, export)
    bs.open_page(driver, out / "index.html")
    assert int(driver.find_element(By.CSS_SELECTOR, ".cr-search").get_attribute("data-cr-shards")) > 1
    search(driver, "zebra")
    titles = [h.find_element(By.CSS_SELECTOR, ".cr-search-hit-title").text for h in results(driver)]
    assert len(titles) == 50
    expected = [f"Day {n:02d}" for n in range(29, -1, -1) for _ in range(2)][:50]
    assert titles == expected
    assert driver.find_element(By.CSS_SELECTOR, ".cr-search-status").text == "Showing the first 50 of 60 matches"
