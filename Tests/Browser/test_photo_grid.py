"""Photo layouts measured in the browser: one large, two side by side, three or more in a grid of
four with +N on the last tile; 4 px gaps, the group clipped at radius.md, tiles at radius.xs."""

import pytest
from selenium.webdriver.common.by import By

import browser_support as bs

GAP = 4
TOLERANCE = 0.6  # sub-pixel layout rounding

GEOMETRY_JS = """
const ul = arguments[0];
ul.scrollIntoView({block: 'center'});
const rect = e => { const r = e.getBoundingClientRect(); return {x: r.left, y: r.top, r: r.right, b: r.bottom, w: r.width, h: r.height}; };
return {
  group: rect(ul),
  tiles: Array.from(ul.children).map(li => ({
    rect: rect(li), display: getComputedStyle(li).display, hidden: li.hidden,
    radius: ['borderTopLeftRadius', 'borderTopRightRadius', 'borderBottomLeftRadius', 'borderBottomRightRadius'].map(p => getComputedStyle(li)[p]),
  })),
};
"""


@pytest.fixture(params=[1024, 390], ids=["1024px", "390px"])
def grids(request, driver, page_url):
    bs.set_viewport(driver, request.param, 900)
    bs.open_page(driver, page_url("grids"))
    return driver


def group_for(driver, text):
    """The photo list of the turn whose text is `text`."""
    return driver.find_element(By.XPATH, f"//article[.//p[normalize-space()='{text}']]//ul[li[contains(@class,'cr-photo')]]")


def geometry(driver, text):
    ul = group_for(driver, text)
    return ul, driver.execute_script(GEOMETRY_JS, ul)


def close(a, b):
    return abs(a - b) <= TOLERANCE


def assert_two_by_two(group, tiles):
    """tiles[0..3] (3 or 4 of them) sit in a 2×2 grid of equal cells with 4 px gaps, filling the group."""
    first = tiles[0]["rect"]
    for tile in tiles:
        assert close(tile["rect"]["w"], first["w"]) and close(tile["rect"]["h"], first["h"]), f"unequal tiles: {tiles}"
    a, b, c = (t["rect"] for t in tiles[:3])
    assert close(a["x"], group["x"]) and close(a["y"], group["y"]), "first tile not in the top-left cell"
    assert close(b["y"], a["y"]) and close(b["x"] - a["r"], GAP), f"column gap {b['x'] - a['r']} px, expected {GAP}"
    assert close(b["r"], group["r"]), "second tile does not reach the group's end edge"
    assert close(c["x"], a["x"]) and close(c["y"] - a["b"], GAP), f"row gap {c['y'] - a['b']} px, expected {GAP}"
    assert close(group["w"], 2 * first["w"] + GAP) and close(group["h"], 2 * first["h"] + GAP), \
        f"group {group['w']}×{group['h']} is not two cells of {first['w']}×{first['h']} plus one gap each way"


def test_one_photo_is_one_tile_the_full_group_width(grids):
    ul, g = geometry(grids, "One photo.")
    assert "cr-photos--single" in ul.get_attribute("class")
    assert len(g["tiles"]) == 1
    tile = g["tiles"][0]["rect"]
    assert close(tile["x"], g["group"]["x"]) and close(tile["w"], g["group"]["w"]), f"tile {tile} vs group {g['group']}"
    assert close(tile["h"], g["group"]["h"]) and tile["h"] > 100
    img = ul.find_element(By.TAG_NAME, "img")
    assert grids.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", img)
    assert close(img.rect["width"], tile["w"])


def test_two_photos_are_equal_tiles_side_by_side(grids):
    ul, g = geometry(grids, "Two photos.")
    assert "cr-photos--pair" in ul.get_attribute("class")
    assert len(g["tiles"]) == 2
    a, b = (t["rect"] for t in g["tiles"])
    assert close(a["y"], b["y"]) and close(a["h"], b["h"]) and close(a["w"], b["w"]), f"{a} vs {b}"
    assert close(a["x"], g["group"]["x"]) and close(b["r"], g["group"]["r"])
    assert close(b["x"] - a["r"], GAP), f"gap {b['x'] - a['r']} px, expected {GAP}"
    assert close(g["group"]["h"], a["h"])


def test_three_photos_fill_three_cells_of_a_two_by_two_grid(grids):
    ul, g = geometry(grids, "Three photos.")
    assert "cr-photos--grid" in ul.get_attribute("class")
    assert len(g["tiles"]) == 3
    assert_two_by_two(g["group"], g["tiles"])
    # The fourth cell is empty: what is drawn there is the list itself, not a tile.
    a, b, c = (t["rect"] for t in g["tiles"])
    x, y = (b["x"] + b["r"]) / 2, (c["y"] + c["b"]) / 2
    hit = grids.execute_script("const e = document.elementFromPoint(arguments[0], arguments[1]); return e && e.closest('li') ? 'tile' : e === arguments[2] ? 'group' : (e && e.outerHTML.slice(0, 80))", x, y, ul)
    assert hit == "group", f"the fourth cell holds {hit!r}"


def test_seven_photos_show_four_tiles_and_plus_three(grids):
    ul, g = geometry(grids, "Seven photos.")
    assert "cr-photos--grid" in ul.get_attribute("class")
    tiles = g["tiles"]
    assert len(tiles) == 7, "every photo stays in the markup"
    visible, rest = tiles[:4], tiles[4:]
    assert all(t["display"] != "none" and not t["hidden"] for t in visible)
    assert_two_by_two(g["group"], visible)
    assert close(visible[3]["rect"]["x"], visible[1]["rect"]["x"]) and close(visible[3]["rect"]["y"], visible[2]["rect"]["y"])
    assert all(t["hidden"] and t["display"] == "none" and t["rect"]["w"] == 0 for t in rest), rest
    items = ul.find_elements(By.XPATH, "./li")
    assert [item.is_displayed() for item in items] == [True] * 4 + [False] * 3
    # +3 on the fourth tile, covering it.
    more = items[3].find_element(By.XPATH, ".//*[normalize-space()='+3']")
    assert more.is_displayed()
    fourth = visible[3]["rect"]
    assert close(more.rect["x"], fourth["x"]) and close(more.rect["width"], fourth["w"]) and close(more.rect["height"], fourth["h"])
    assert all("+" not in item.text for item in items[:3])


def test_groups_clip_at_radius_md_and_tiles_use_radius_xs(grids):
    radius_md, radius_xs = grids.execute_script(
        "const s = getComputedStyle(document.documentElement); return [s.getPropertyValue('--radius-md').trim(), s.getPropertyValue('--radius-xs').trim()]")
    assert radius_md.endswith("px") and radius_xs.endswith("px"), (radius_md, radius_xs)
    assert radius_md != radius_xs
    groups = grids.find_elements(By.XPATH, "//ul[li[contains(@class,'cr-photo')]]")
    assert len(groups) >= 4
    for ul in groups:
        style = grids.execute_script(
            "const s = getComputedStyle(arguments[0]); return [s.overflowX, s.overflowY, s.borderTopLeftRadius, s.borderTopRightRadius, s.borderBottomLeftRadius, s.borderBottomRightRadius]", ul)
        assert style[0] in ("hidden", "clip") and style[1] in ("hidden", "clip"), f"group not clipped: {style}"
        assert style[2:] == [radius_md] * 4, f"group radius {style[2:]}, expected {radius_md}"
        for tile in grids.execute_script(GEOMETRY_JS, ul)["tiles"]:
            assert tile["radius"] == [radius_xs] * 4, f"tile radius {tile['radius']}, expected {radius_xs}"


def test_group_corners_are_really_clipped(grids):
    # Pixels, not styles: the single photo is a coral square, so its top-left corner pixel must be
    # the page background (cut away by the radius) while a pixel one radius in is the photo.
    ul = group_for(grids, "One photo.")
    grids.execute_script("arguments[0].scrollIntoView({block: 'center'})", ul)
    radius = round(float(grids.execute_script("return getComputedStyle(arguments[0]).borderTopLeftRadius", ul).rstrip("px")))
    bg = bs.css_rgb(grids.execute_script("return getComputedStyle(document.body).backgroundColor"))
    image = bs.read_png(ul.screenshot_as_png, max_rows=radius + 2)
    corner, inside = bs.pixel(image, 0, 0), bs.pixel(image, radius, radius)
    assert max(abs(p - q) for p, q in zip(corner, bg)) <= 8, f"corner pixel {corner} is not the background {bg}"
    assert max(abs(p - q) for p, q in zip(inside, bg)) > 40, f"pixel inside the corner {inside} is not the photo"
