"""What a screen reader hears: accessible names computed by Chromium (WebDriver's computed label),
headings per turn, and machine-readable dates."""

import json

import pytest
from selenium.webdriver.common.by import By

import browser_support as bs


@pytest.fixture
def garden(driver, page_url):
    bs.open_page(driver, page_url("garden"))
    return driver


def names(driver, css):
    return [bs.name_of(driver, e) for e in driver.find_elements(By.CSS_SELECTOR, css)]


def test_photos_are_named_photo_name_alt_and_state(garden):
    photos = [n for n in names(garden, "a") if n.startswith("Photo")]
    assert photos == [
        "Photo, backyard-lawn.jpg, The lawn along the cedar fence, sun high on the right",
        "Photo, backyard-maple.jpg, The maple throwing shade over the west side",
        "Photo, backyard-fence.jpg, An old bed by the south fence",
        "Photo, corner-noon.jpg, The south-east corner in full midday sun",
        "Photo, trellis.jpg, Uploading 45%",
        "Photo, shed-door.jpg, Uploading 12%",
    ]


def test_chips_and_cards_are_named_name_kind_size_and_state(garden):
    assert names(garden, "[role='group']") == [
        "Property survey.pdf, PDF document, 2.4 MB",
        "soil-report.pdf, PDF document, 845 KB, Upload failed: The network connection was lost.",
        "Raised bed plan.pdf, PDF document, 1.3 MB",
        "planting-calendar.csv, Spreadsheet, 4 KB",
    ]


def test_open_and_share_carry_the_file_name_and_a_card_without_url_has_neither(garden):
    card = garden.find_element(By.XPATH, "//*[@role='group'][starts-with(@aria-label,'Raised bed plan.pdf')]")
    assert [a.accessible_name for a in card.find_elements(By.TAG_NAME, "a")] == ["Open Raised bed plan.pdf", "Share Raised bed plan.pdf"]
    assert all(a.is_displayed() for a in card.find_elements(By.TAG_NAME, "a"))
    no_url = garden.find_element(By.XPATH, "//*[@role='group'][starts-with(@aria-label,'planting-calendar.csv')]")
    assert no_url.find_elements(By.CSS_SELECTOR, "a, button") == []
    assert "Open" not in no_url.text and "Share" not in no_url.text


def test_retry_is_a_button_named_with_the_file(garden):
    buttons = garden.find_elements(By.TAG_NAME, "button")
    assert [b.accessible_name for b in buttons] == ["Retry uploading soil-report.pdf"]
    assert buttons[0].aria_role == "button" and buttons[0].is_displayed()


def test_grids_names_cover_every_kind_state_and_unavailable_photos(driver, page_url):
    bs.open_page(driver, page_url("grids"))
    groups = names(driver, "[role='group']")
    for expected in ["report.pdf, PDF document, 2.3 MB", "budget.xlsx, Spreadsheet, 48 KB",
                     "deck.key, Presentation, 12.5 MB", "clip.mov, Movie, 1.5 GB", "memo.m4a, Audio, 812 KB",
                     "site.zip, Archive, 1 MB", "main.swift, Source code, 1 byte", "blob.bin, Document, 999 bytes",
                     "notes.txt, Text document, Zero KB", "scan.pdf, PDF document, 5.2 MB, Upload failed",
                     "remote.pdf, PDF document, 1.2 MB", "no-link.csv, Spreadsheet, 4 KB"]:
        assert expected in groups, f"{expected!r} not among {json.dumps(groups, indent=1)}"
    # 0.999 uploaded reads 99%, never 100% before it is done. (Which kind a .docx is, is not pinned here.)
    draft = [g for g in groups if g.startswith("draft.docx, ")]
    assert len(draft) == 1 and draft[0].endswith(", 52 KB, Uploading 99%"), draft
    images = names(driver, "[role='img']")
    assert images == ["Photo unavailable, gone.jpg", "Photo unavailable, junk.jpg"]
    links = names(driver, "a")
    assert "Photo, photo-4.png, 3 more photos" in links
    assert "Photo, photo-4.png, Uploading 45%" in links
    assert "Photo, photo-5.png, Upload failed: Too large to upload." in links
    assert {"Open remote.pdf", "Share remote.pdf"} <= set(links)
    assert set(names(driver, "button")) == {"Retry uploading photo-5.png", "Retry uploading scan.pdf"}


def test_one_h2_per_turn_naming_the_speaker_and_h1_is_the_title(garden):
    articles = garden.find_elements(By.TAG_NAME, "article")
    assert len(articles) == 5
    assert len(garden.find_elements(By.TAG_NAME, "h2")) == len(articles)
    assert [a.accessible_name for a in articles] == ["You", "Assistant", "You", "Assistant", "You"]
    for article in articles:
        assert len(article.find_elements(By.TAG_NAME, "h2")) == 1
    h1 = garden.find_elements(By.TAG_NAME, "h1")
    assert [h.text for h in h1] == ["Raised beds for the backyard"] == [garden.title]
    # Headings in order: the title, then one per turn.
    levels = garden.execute_script("return Array.from(document.querySelectorAll('h1,h2,h3,h4,h5,h6')).map(h => h.tagName)")
    assert levels == ["H1"] + ["H2"] * 5


def test_every_dated_turn_has_a_machine_readable_time(garden):
    times = garden.find_elements(By.CSS_SELECTOR, "article time")
    assert [t.get_attribute("datetime") for t in times] == [
        "2026-05-02T09:12:00Z", "2026-05-02T09:12:40Z", "2026-05-02T12:04:00Z", "2026-05-02T12:04:31Z", "2026-05-02T12:09:00Z"]
    for t in times:
        assert t.is_displayed() and t.text.strip(), "the time shows a human-readable date"
        assert "2026" in t.text


def test_theme_switch_is_a_named_group_of_radios(garden):
    radios = garden.find_elements(By.CSS_SELECTOR, "input[type='radio']")
    assert [r.accessible_name for r in radios] == ["Auto", "Light", "Dark"]
    fieldset = garden.find_element(By.TAG_NAME, "fieldset")
    assert fieldset.accessible_name == "Appearance"
