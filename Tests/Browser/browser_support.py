"""Shared helpers for the browser tests and screenshots.py: finding and running the chatrender
binary, starting headless Chromium, emulating media through the DevTools protocol, waiting for a
page to settle, running axe-core, and reading PNG pixels without extra packages."""

from __future__ import annotations

import glob
import importlib.util
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "Tests" / "ChatRenderTests" / "Fixtures" / "render"

# Conversations the suite renders, by short name.
CONVERSATIONS = {
    "garden": ROOT / "examples" / "garden" / "conversation.json",
    "grids": FIXTURES / "grids.json",
    "hostile": FIXTURES / "hostile.json",
    "loading": FIXTURES / "loading.json",
    "empty": FIXTURES / "empty.json",
    "parts": FIXTURES / "parts.json",
    "code": FIXTURES / "code.json",
    "rich": FIXTURES / "rich.json",
}

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
WINDOW = (1024, 900)


# --- The binary -------------------------------------------------------------------------------

def chatrender_binary() -> Path:
    """`$CHATRENDER_BIN`, else the debug build inside the repository."""
    explicit = os.environ.get("CHATRENDER_BIN")
    return Path(explicit) if explicit else ROOT / ".build" / "debug" / "chatrender"


_CACHE_HOME = None


def render_environment() -> dict:
    """A binary built outside the repository cannot find the bundled templates by itself. The
    renders share one cache of their own for the session, never the user's."""
    global _CACHE_HOME
    if _CACHE_HOME is None:
        _CACHE_HOME = tempfile.mkdtemp(prefix="chatrender-browser-cache-")
    env = dict(os.environ)
    env.setdefault("CHATRENDER_DATA", str(ROOT))
    env["XDG_CACHE_HOME"] = _CACHE_HOME
    return env


def bundled_theme_available() -> bool:
    return (ROOT / "themes" / "sp.resolver.json").is_file()


def render(conversation: Path, out: Path, *extra: str, theme: Path | None = None) -> subprocess.CompletedProcess:
    """Runs `chatrender render`; raises with its stderr when it fails."""
    args = [str(chatrender_binary()), "render", str(conversation), "--out", str(out), "--quiet", *extra]
    if theme is not None:
        args += ["--theme", str(theme)]
    result = subprocess.run(args, env=render_environment(), capture_output=True, text=True, timeout=120)
    if result.returncode != 0 or not (out / "index.html").is_file():
        raise RuntimeError(f"chatrender exited {result.returncode} for {conversation}:\n{result.stderr}")
    return result


def write_fixture_theme(folder: Path) -> Path:
    """A two-mode theme in the bundled theme's format, for checkouts that do not have themes/ yet."""
    folder.mkdir(parents=True, exist_ok=True)

    def dim(value, unit="px"):
        return {"value": value, "unit": unit}

    def color(hex_value):
        h = hex_value.lstrip("#")
        comps = [round(int(h[i:i + 2], 16) / 255, 4) for i in (0, 2, 4)]
        return {"$value": {"colorSpace": "srgb", "components": comps, "hex": hex_value}}

    def typography(size, line_height):
        return {"$value": {"fontFamily": "{font.system}", "fontSize": dim(size), "fontWeight": 400,
                           "lineHeight": line_height, "letterSpacing": dim(0)}}

    def motion(ms):
        return {"$value": {"duration": dim(ms, "ms"), "delay": dim(0, "ms"), "timingFunction": [0.2, 0, 0, 1]}}

    base = {
        "font": {"$type": "fontFamily", "system": {"$value": ["system-ui", "sans-serif"]}},
        "radius": {"$type": "dimension", "xs": {"$value": dim(4)}, "sm": {"$value": dim(8)},
                   "md": {"$value": dim(12)}, "lg": {"$value": dim(16)}},
        "type": {"$type": "typography", "body": typography(17, 1.29), "subhead": typography(15, 1.33),
                 "caption": typography(12, 1.33), "footnote": typography(13, 1.38)},
        "motion": {"$type": "transition", "smooth": motion(350), "snappy": motion(200)},
    }
    roles = ["bg", "surface", "surfaceElevated", "fill", "separator", "textPrimary", "textSecondary",
             "textTertiary", "accent", "accentOn", "danger", "warning", "statusOn"]
    light = ["#ffffff", "#f2f2f7", "#ffffff", "#e9e9eb", "#c6c6c8", "#1c1c1e", "#636366", "#6c6c70",
             "#0066d6", "#ffffff", "#d70015", "#b25000", "#ffffff"]
    dark = ["#000000", "#1c1c1e", "#2c2c2e", "#3a3a3c", "#38383a", "#ffffff", "#aeaeb2", "#8e8e93",
            "#0a6cdb", "#ffffff", "#ff6961", "#ff9f0a", "#000000"]
    (folder / "base.tokens.json").write_text(json.dumps(base))
    for name, values in (("light", light), ("dark", dark)):
        tokens = {"color": {"$type": "color", **{r: color(v) for r, v in zip(roles, values)}}}
        (folder / f"{name}.tokens.json").write_text(json.dumps(tokens))
    resolver = {
        "name": "Browser test fixture", "version": "2025.10",
        "sets": {"base": {"sources": [{"$ref": "base.tokens.json"}]}},
        "modifiers": {"theme": {"contexts": {"light": [{"$ref": "light.tokens.json"}],
                                             "dark": [{"$ref": "dark.tokens.json"}]}, "default": "light"}},
        "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}],
    }
    path = folder / "fixture.resolver.json"
    path.write_text(json.dumps(resolver))
    return path


# --- The browser ------------------------------------------------------------------------------

def chrome_options(default_font_size: int | None = None, logging: bool = True) -> webdriver.ChromeOptions:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={WINDOW[0]},{WINDOW[1]}", "--force-device-scale-factor=1",
                     "--hide-scrollbars", "--lang=en-US", "--font-render-hinting=none"):
        options.add_argument(argument)
    if default_font_size is not None:
        options.add_experimental_option("prefs", {"webkit.webprefs.default_font_size": default_font_size})
    if logging:
        options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    return options


def start_chrome(default_font_size: int | None = None, logging: bool = True,
                 options: webdriver.ChromeOptions | None = None) -> webdriver.Chrome:
    # Chromium leaves a folder for its singleton socket in the temporary folder when chromedriver
    # ends it; each browser gets its own temporary folder, removed when it quits.
    temporary = tempfile.mkdtemp(prefix="chatrender-chromium-")
    service = Service(CHROMEDRIVER, env={**os.environ, "TMPDIR": temporary})
    driver = webdriver.Chrome(service=service, options=options or chrome_options(default_font_size, logging))
    driver.set_script_timeout(120)
    quit_browser = driver.quit

    def quit() -> None:
        try:
            quit_browser()
        finally:
            shutil.rmtree(temporary, ignore_errors=True)

    driver.quit = quit
    return driver


def emulate_media(driver, **features: str) -> None:
    """`emulate_media(d, prefers_color_scheme="dark")`; no arguments resets to the real media."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "media": "",
        "features": [{"name": name.replace("_", "-"), "value": value} for name, value in features.items()],
    })


def set_viewport(driver, width: int, height: int) -> None:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})


def clear_viewport(driver) -> None:
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


SETTLE_JS = """
const done = arguments[arguments.length - 1];
(async () => {
  await document.fonts.ready;
  // Lazy images load as they near the screen: pass over the page once so they all start.
  const step = Math.max(200, innerHeight);
  for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
    scrollTo(0, y);
    await new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }
  scrollTo(0, 0);
  // Images in hidden tiles (photos past the fourth) never load lazily; they are not waited for.
  const images = Array.from(document.images).filter(img => img.loading !== 'lazy' || img.getClientRects().length > 0);
  await Promise.all(images.map(img => img.complete ? null :
    new Promise(resolve => { img.addEventListener('load', resolve); img.addEventListener('error', resolve); })));
  // Finite animations and transitions only: the loading skeleton pulses forever. Their `finished`
  // promises are not awaited: Chrome does not tick animations inside content-visibility-skipped
  // turns, so a chevron's transition far down the page never resolves its promise. The play state,
  // read each frame, is computed from the timeline and does reach "finished"; anything still running
  // after ten seconds is finished by hand, so the page is measured in its end state.
  const finite = document.getAnimations().filter(a => Number.isFinite(a.effect.getComputedTiming().endTime));
  const deadline = performance.now() + 10000;
  while (finite.some(a => a.playState === 'running') && performance.now() < deadline) {
    await new Promise(resolve => requestAnimationFrame(resolve));
  }
  finite.filter(a => a.playState === 'running').forEach(a => a.finish());
  await new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  return images.filter(img => !img.complete).length;
})().then(done, error => done('error: ' + error));
"""


def settle(driver) -> None:
    """Waits for fonts, every image, and every finite animation or transition."""
    result = driver.execute_async_script(SETTLE_JS)
    if result != 0:
        raise AssertionError(f"page did not settle: {result!r}")


def open_page(driver, path: Path) -> None:
    driver.get(path.as_uri())
    settle(driver)


def name_of(driver, element) -> str:
    """The accessible name Chrome computes, read with the element on screen: turns far down the
    page use content-visibility: auto, and Chrome fills in names of skipped content lazily."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    return element.accessible_name


def page_script(without: frozenset[str] = frozenset()) -> str:
    """The page's one script: every templates/*.js joined, chatrender.js first, then by name,
    but for the files named in `without` (a page carries only the files its features use:
    composer.js with a composer card, viewer.js with photos)."""
    folder = ROOT / "templates"
    names = sorted(p.name for p in folder.glob("*.js") if not p.name.startswith(".") and p.name not in without)
    names = (["chatrender.js"] if "chatrender.js" in names else []) + [n for n in names if n != "chatrender.js"]
    text = ""
    for name in names:
        part = (folder / name).read_text(encoding="utf-8")
        text += part if part.endswith("\n") else part + "\n"
    return text


def axe_source() -> str:
    """axe.min.js from the axe-playwright-python wheel, found without importing the package."""
    spec = importlib.util.find_spec("axe_playwright_python")
    folders = list(spec.submodule_search_locations) if spec and spec.submodule_search_locations else []
    folders += glob.glob(os.path.join(sys.prefix, "lib", "python3*", "site-packages", "axe_playwright_python"))
    for folder in folders:
        candidate = Path(folder) / "axe.min.js"
        if candidate.is_file():
            return candidate.read_text(encoding="utf-8")
    raise FileNotFoundError("axe.min.js not found (the axe-playwright-python wheel is not installed)")


AXE_RUN_JS = """
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ['violations']})
  .then(r => done({violations: r.violations, passes: r.passes.length, version: axe.version}))
  .catch(e => done({error: String(e)}));
"""


def run_axe(driver, source: str) -> dict:
    if not driver.execute_script("return typeof window.axe === 'object'"):
        driver.execute_script(source)
    result = driver.execute_async_script(AXE_RUN_JS)
    if "error" in result:
        raise AssertionError(f"axe.run failed: {result['error']}")
    return result


def format_violations(violations: list) -> str:
    lines = []
    for v in violations:
        lines.append(f"[{v['impact']}] {v['id']}: {v['help']} ({v['helpUrl']})")
        for node in v["nodes"][:8]:
            lines.append(f"    at {', '.join(map(str, node['target']))}")
            lines.append(f"       {node['html'][:160]}")
            summary = node.get("failureSummary", "").replace("\n", " / ")
            if summary:
                lines.append(f"       {summary[:240]}")
        if len(v["nodes"]) > 8:
            lines.append(f"    … and {len(v['nodes']) - 8} more")
    return "\n".join(lines)


def drain_requests(driver) -> list[dict]:
    """Every request since the last call, from the performance log: {"url", "blocked"} where
    `blocked` is Chromium's blocked reason ("csp", …) for requests it refused to send, else None."""
    requests, order = {}, []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        params = message.get("params", {})
        if message["method"] == "Network.requestWillBeSent":
            requests[params["requestId"]] = {"url": params["request"]["url"], "blocked": None}
            order.append(params["requestId"])
        elif message["method"] == "Network.loadingFailed" and params.get("requestId") in requests:
            requests[params["requestId"]]["blocked"] = params.get("blockedReason")
    return [requests[i] for i in dict.fromkeys(order)]


def copy_page(source: Path, target: Path) -> Path:
    shutil.copytree(source, target)
    return target


# --- PNG --------------------------------------------------------------------------------------

def read_png(data: bytes, max_rows: int | None = None) -> tuple[int, int, int, list[bytes]]:
    """(width, height, channels, rows) of an 8-bit RGB or RGBA, non-interlaced PNG; only the first
    `max_rows` rows are decoded when given (pure Python is slow on whole screenshots)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat = 8, b""
    width = height = channels = 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color_type, _, _, interlace = struct.unpack(">IIBBBBB", chunk)
            if depth != 8 or interlace != 0 or color_type not in (2, 6):
                raise ValueError(f"unsupported PNG (depth {depth}, colour type {color_type})")
            channels = 4 if color_type == 6 else 3
        elif kind == b"IDAT":
            idat += chunk
        elif kind == b"IEND":
            break
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height if max_rows is None else min(height, max_rows)):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            up_left = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + ((left + up) >> 1)) & 0xFF
            elif kind == 4:
                p = left + up - up_left
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - up_left)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else up_left)) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def png_size(data: bytes) -> tuple[int, int]:
    return struct.unpack(">II", data[16:24])


def pixel(image: tuple[int, int, int, list[bytes]], x: int, y: int) -> tuple[int, int, int]:
    _, _, channels, rows = image
    row = rows[y]
    return tuple(row[x * channels:x * channels + 3])


def css_rgb(value: str) -> tuple[int, int, int]:
    """'rgb(1, 2, 3)' / 'rgba(…)' / '#rrggbb' → (r, g, b)."""
    value = value.strip()
    if value.startswith("#") and len(value) == 7:
        return tuple(int(value[i:i + 2], 16) for i in (1, 3, 5))
    inside = value[value.index("(") + 1:value.rindex(")")].replace("/", " ").replace(",", " ").split()
    return tuple(round(float(part)) for part in inside[:3])
