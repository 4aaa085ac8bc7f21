"""Every payload of payloads.py in every string the input can carry, rendered and opened in headless
Chromium: no payload may run (each sets window.__pwned to its number if it does), no dialog may
open, and the page may hold no element, attribute, script, style or link that the same input with
harmless strings does not produce.

Strings go into: the title, message ids and text (literal for the person, bold/code or CommonMark
for replies), attachment ids, names, content types, alt text, urls, preview paths and failure
reasons, the three composers' text fields, model and mode lists, theme token names, descriptions
and font stacks, and OpenAI and Anthropic export fields through `chatrender render --from`. Fields
that only take a grammar (dates, a reset time) must refuse every payload with a clean error.

The CSP itself is proven in test_isolation.py."""

from __future__ import annotations

import concurrent.futures
import json
import re
import shutil
import struct
import subprocess
import time
import zlib
from pathlib import Path

import pytest
from selenium.common.exceptions import NoAlertPresentException

import browser_support as bs
from payloads import PAYLOADS
from test_hostile import ATTRIBUTES, ELEMENTS

CHUNK = 20
# What --markup full may add for any reply (Render/FullMarkup.swift): CommonMark blocks, GitHub tables
# and strikethrough, code blocks as a figure with a scrollable pre. Links are checked by scheme and rel.
FULL_MARKUP_ELEMENTS = {"a", "blockquote", "br", "code", "del", "div", "em", "figure", "figcaption", "h1", "h2", "h3",
                        "h4", "h5", "h6", "hr", "li", "ol", "p", "pre", "strong", "table", "tbody", "td", "th", "thead",
                        "tr", "ul"}
# The highlighter's runs (<c-kw>for</c-kw>, Highlight/TokenKind.swift), read from the source so a new kind
# of run is allowed without a second list to keep.
HIGHLIGHT_ELEMENTS = set(re.findall(r'"<(c-[a-z]+)>"', (bs.ROOT / "Sources/ChatRenderHTML/Highlight/TokenKind.swift").read_text()))
assert len(HIGHLIGHT_ELEMENTS) >= 12
FULL_MARKUP_ELEMENTS |= HIGHLIGHT_ELEMENTS
FULL_MARKUP_ATTRIBUTES = {"class", "href", "rel", "scope", "start", "tabindex"}
COMPOSERS = ("attachment", "model", "dictation")
# Tags that may appear (the templates use them) but never more often than with harmless input.
COUNTED = ("script", "style", "meta", "link", "base", "title", "iframe", "object", "embed", "form", "svg", "img")
ALLOWED_SCHEMES = {"http", "https", "mailto"}

DOM_JS = """
return Array.from(document.querySelectorAll('*')).map(e => ({
  tag: e.localName,
  attrs: Array.from(e.attributes).map(a => [a.name, a.value]),
}));
"""


# --- Inputs -----------------------------------------------------------------------------------

def tiny_png() -> bytes:
    """A 2×2 RGB PNG, so photos with payload alt text are real photos."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + b"\x80\x40\x20" * 2 for _ in range(2))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def chunks(items: list, size: int = CHUNK) -> list[list]:
    return [items[i:i + size] for i in range(0, len(items), size)]


def attachment(prefix: str, n: int, p: str, **fields) -> dict:
    return {"id": f"{prefix}{n}{p}", "name": p, "byteCount": n, "contentType": p, **fields}


def conversation(batch: list[tuple[int, str]], composer: str) -> dict:
    """One message pair per payload, every string field carrying it; a composer of the given type."""
    messages = []
    for n, p in batch:
        messages.append({
            "id": f"u{n}{p}", "role": "user", "text": p, "date": "2026-01-02T03:04:05Z",
            "attachments": [
                attachment("photo", n, p, contentType="image/png", preview="photo.png", alt=p),
                attachment("missing", n, p, contentType="image/jpeg", preview=p, alt=p),
                attachment("link", n, p, url=p),
                attachment("local", n, p, url="files/" + p.replace("/", "_")),
                attachment("failed", n, p, upload={"state": "failed", "reason": p}),
                attachment("busy", n, p, upload={"state": "uploading", "progress": 0.5}),
                attachment("https", n, p, contentType="application/pdf", url="https://example.com/" + p),
            ],
        })
        messages.append({"id": f"a{n}{p}", "role": "assistant", "text": f"{p}\n\n**{p}** `{p}`\n{p}",
                         "attachments": [attachment("reply", n, p, url="file.txt")]})
    joined = "\n".join(p for _, p in batch)
    first = batch[0][1]
    if composer == "attachment":
        box = {"type": "attachment", "text": joined, "placeholder": first, "error": joined, "characterLimit": 10,
               "maxAttachments": len(batch) + 1,
               "attachments": [attachment("tray", n, p, preview="photo.png", alt=p) for n, p in batch]}
    elif composer == "model":
        box = {"type": "model", "text": joined, "placeholder": first, "error": joined,
               "models": [{"id": f"model{n}{p}", "name": p, "detail": p} for n, p in batch],
               "model": f"model{batch[0][0]}{first}",
               "availableModes": [{"id": f"mode{n}{p}", "title": p, "symbol": p} for n, p in batch],
               "modes": [f"mode{n}{p}" for n, p in batch[:3]],
               "usage": {"remaining": 1, "limit": 5, "resets": "2026-01-02T03:04:05Z"}, "menuOpen": True}
    else:
        box = {"type": "dictation", "text": joined, "placeholder": first, "transcript": joined,
               "state": "recording", "levels": [0.5, 0.25]}
    return {"title": " ".join(p for _, p in batch), "messages": messages, "composer": box}


def theme(batch: list[tuple[int, str]], folder: Path) -> Path:
    """The fixture theme with payloads as token names, descriptions and the theme's name (font stacks
    and values only take a grammar: see test_payload_theme_values_are_refused_with_a_clean_error)."""
    path = bs.write_fixture_theme(folder)
    base = json.loads((folder / "base.tokens.json").read_text())
    base["font"]["system"]["$description"] = " ".join(p for _, p in batch)
    names = [p for _, p in batch if not set(p) & set(".{}") and not any(ord(ch) < 0x20 or ord(ch) == 0x7F for ch in p)]
    base["x"] = {"$type": "color", "$description": batch[0][1],
                 **{name: {"$value": "{color.accent}", "$description": name} for name in names}}
    (folder / "base.tokens.json").write_text(json.dumps(base))
    resolver = json.loads(path.read_text())
    resolver["name"] = next(p for _, p in batch if len(p) <= 100 and not any(ord(ch) < 0x20 for ch in p))
    resolver["description"] = batch[0][1]
    path.write_text(json.dumps(resolver))
    return path


def openai_export(batch: list[tuple[int, str]]) -> list:
    png = "data:image/png;base64," + __import__("base64").b64encode(tiny_png()).decode()
    messages = []
    for n, p in batch:
        messages += [
            {"role": "system", "content": p},
            {"role": "user", "content": p},
            {"role": "user", "content": [
                {"type": "text", "text": p},
                {"type": "image_url", "image_url": {"url": p}},
                {"type": "image_url", "image_url": {"url": png}},
                {"type": "image_url", "image_url": {"url": "https://example.com/" + p}},
                {"type": "file", "file": {"filename": p, "file_data": "data:text/html;base64,PHNjcmlwdD4xPC9zY3JpcHQ+"}},
                {"type": "file", "file": {"file_id": p, "filename": p}},
            ]},
            {"role": "assistant", "content": None,
             "tool_calls": [{"id": p, "type": "function", "function": {"name": p, "arguments": p}}]},
            {"role": "tool", "tool_call_id": p, "name": p, "content": p},
            {"role": "assistant", "content": [{"type": "text", "text": p}, {"type": "refusal", "refusal": p}]},
        ]
    return messages


def anthropic_export(batch: list[tuple[int, str]]) -> dict:
    png = __import__("base64").b64encode(tiny_png()).decode()
    messages = []
    for n, p in batch:
        messages += [
            {"role": "user", "content": [
                {"type": "text", "text": p},
                {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": png}},
                {"type": "image", "source": {"type": "url", "url": p}},
                {"type": "document", "title": p, "source": {"type": "text", "media_type": p, "data": p}},
                {"type": "document", "title": p, "source": {"type": "url", "url": "https://example.com/" + p}},
                {"type": "document", "title": p, "source": {"type": "content", "content": [{"type": "text", "text": p}]}},
            ]},
            {"role": "assistant", "content": [{"type": "text", "text": p},
                                              {"type": "tool_use", "id": "t", "name": p, "input": {"p": p}}]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t", "content": p}]},
        ]
    return {"system": " ".join(p for _, p in batch), "messages": messages}


# --- Running chatrender -----------------------------------------------------------------------

def run(*args: str, timeout: int = 180) -> subprocess.CompletedProcess:
    return subprocess.run([str(bs.chatrender_binary()), *args], env=bs.render_environment(),
                          capture_output=True, text=True, timeout=timeout)


def assert_clean_failure(result: subprocess.CompletedProcess, expected: str) -> None:
    """Exit 65 with a diagnostic naming the place; no crash, no trap, no stack trace."""
    assert result.returncode == 65, f"exit {result.returncode}: {result.stderr[-800:]}"
    assert expected in result.stderr, result.stderr[-800:]
    assert re.search(r":\d+:\d+: error: ", result.stderr), result.stderr[-800:]
    for crash in ("Fatal error", "Stack dump", "Segmentation", "Illegal instruction", "💣"):
        assert crash not in result.stderr


def write_inputs(folder: Path, composer: str, batch: list[tuple[int, str]]) -> Path:
    folder.mkdir(parents=True)
    (folder / "photo.png").write_bytes(tiny_png())
    (folder / "file.txt").write_text("a file\n")
    (folder / "files").mkdir()
    path = folder / "conversation.json"
    path.write_text(json.dumps(conversation(batch, composer)), encoding="utf-8")
    return path


def render_all(root: Path, harmless: bool) -> list[Path]:
    """Every rendered page for the whole corpus (or for harmless strings in the same places)."""
    corpus = [(n, f"harmless text {n}") for n, _, _ in PAYLOADS] if harmless else [(n, p) for n, _, p in PAYLOADS]
    jobs = []
    for index, batch in enumerate(chunks(corpus)):
        composer = COMPOSERS[index % 3]
        folder = root / f"chunk{index}"
        source = write_inputs(folder / "in", composer, batch)
        theme_path = theme(batch, folder / "theme")
        markup = "full" if index % 2 else "inline"
        jobs.append(("render", str(source), "--out", str(folder / "page"), "--theme", str(theme_path),
                     "--markup", markup, "--quiet"))
        # The other markup, with the bundled theme, so both reply formats meet every payload.
        jobs.append(("render", str(source), "--out", str(folder / "page-other"),
                     "--markup", "inline" if markup == "full" else "full", "--quiet"))
        (folder / "openai.json").write_text(json.dumps(openai_export(batch)))
        (folder / "anthropic.json").write_text(json.dumps(anthropic_export(batch)))
        jobs.append(("render", "--from", "openai", str(folder / "openai.json"), "--out", str(folder / "openai"), "--quiet"))
        jobs.append(("import", "anthropic", str(folder / "anthropic.json"), "--out", str(folder / "anthropic-import"),
                     "--include-system", "--quiet"))
        jobs.append(("render", "--from", "anthropic", str(folder / "anthropic.json"), "--out", str(folder / "anthropic"), "--quiet"))
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda job: (job, run(*job)), jobs))
    failures = [f"{' '.join(job)}\n  exit {r.returncode}: {r.stderr[-600:]}" for job, r in results if r.returncode != 0]
    assert not failures, "\n".join(failures)
    return sorted(root.rglob("*.html"))


@pytest.fixture(scope="module")
def harmless_pages(tmp_path_factory) -> list[Path]:
    return render_all(tmp_path_factory.mktemp("harmless"), harmless=True)


@pytest.fixture(scope="module")
def hostile_pages(tmp_path_factory) -> list[Path]:
    return render_all(tmp_path_factory.mktemp("payloads"), harmless=False)


# --- The browser ------------------------------------------------------------------------------

def is_page(path: Path) -> bool:
    """Rendered pages only: attachments copied into assets/ are served as text, never opened here."""
    return "assets" not in path.parts and "files" not in path.parts


def inventory(driver, pages: list[Path]) -> dict:
    """Elements, attributes, per-tag counts (the largest on any page) and script texts."""
    seen = {"elements": set(), "attributes": set(), "counts": {}, "scripts": set()}
    for page in filter(is_page, pages):
        driver.get(page.as_uri())
        for element in driver.execute_script(DOM_JS):
            seen["elements"].add(element["tag"])
            seen["attributes"].update(name for name, _ in element["attrs"])
        for tag in COUNTED:
            count = driver.execute_script(f"return document.getElementsByTagName('{tag}').length")
            seen["counts"][tag] = max(seen["counts"].get(tag, 0), count)
        seen["scripts"].update(driver.execute_script("return Array.from(document.scripts).map(s => s.textContent)"))
    return seen


def test_the_corpus_is_large_and_covers_every_family():
    assert len(PAYLOADS) >= 200
    families = {family for _, family, _ in PAYLOADS}
    assert families == {"tag breakout", "event handler", "attribute breakout", "url scheme", "svg/mathml", "css",
                        "template/entity", "unicode/nul"}


def test_no_payload_runs_and_the_pages_hold_only_what_the_templates_make(driver, harmless_pages, hostile_pages):
    baseline = inventory(driver, harmless_pages)
    allowed_elements = baseline["elements"] | ELEMENTS | FULL_MARKUP_ELEMENTS
    allowed_attributes = baseline["attributes"] | ATTRIBUTES | FULL_MARKUP_ATTRIBUTES
    pages = [p for p in hostile_pages if is_page(p)]
    assert len(pages) >= 5 * len(list(chunks(PAYLOADS))), f"only {len(pages)} pages rendered"
    problems = []
    for page in pages:
        driver.get(page.as_uri())
        bs.settle(driver)
        time.sleep(0.05)  # timers and error events get their turn
        where = page.relative_to(page.parents[2])
        with pytest.raises(NoAlertPresentException):
            problems.append(f"{where}: a dialog opened: {driver.switch_to.alert.text!r}")
        marker = driver.execute_script("return window.__pwned")
        if marker is not None:
            problems.append(f"{where}: payload {marker} ran: {PAYLOADS[int(marker) - 1][2]!r}")
        dom = driver.execute_script(DOM_JS)
        strange = {e["tag"] for e in dom} - allowed_elements
        if strange:
            problems.append(f"{where}: elements no template makes: {strange}")
        strange = {name for e in dom for name, _ in e["attrs"]} - allowed_attributes
        if strange:
            problems.append(f"{where}: attributes no template makes: {strange}")
        handlers = {(e["tag"], n) for e in dom for n, _ in e["attrs"] if n.lower().startswith("on")}
        if handlers:
            problems.append(f"{where}: event handlers: {handlers}")
        for tag in COUNTED:
            count = driver.execute_script(f"return document.getElementsByTagName('{tag}').length")
            if count > baseline["counts"].get(tag, 0):
                problems.append(f"{where}: {count} <{tag}> elements, harmless input makes at most {baseline['counts'].get(tag, 0)}")
        scripts = set(driver.execute_script("return Array.from(document.scripts).map(s => s.src + s.textContent)"))
        if scripts - baseline["scripts"]:
            problems.append(f"{where}: a script harmless input does not make")
        for element in dom:
            for name, value in element["attrs"]:
                if name not in ("href", "src", "srcset", "action", "formaction", "xlink:href", "poster", "data"):
                    continue
                squeezed = "".join(ch for ch in value if ch > " ").lower()
                scheme = re.match(r"^([a-z][a-z0-9+.-]*):", squeezed)
                if scheme and scheme.group(1) not in ALLOWED_SCHEMES:
                    problems.append(f"{where}: <{element['tag']} {name}={value[:120]!r}>")
                if element["tag"] == "a" and value.startswith(("http:", "https:")):
                    rel = dict(element["attrs"]).get("rel", "")
                    if not {"noopener", "noreferrer"} <= set(rel.split()):
                        problems.append(f"{where}: external link without rel=noopener noreferrer: {value[:80]!r}")
    assert not problems, "\n".join(problems[:60]) + (f"\n… {len(problems) - 60} more" if len(problems) > 60 else "")


def test_literal_text_shows_every_payload_as_typed(driver, hostile_pages):
    """The person's own text is literal: each payload without control characters reads back verbatim."""
    shown = ""
    for page in hostile_pages:
        if page.name == "index.html" and page.parent.name == "page":
            driver.get(page.as_uri())
            shown += driver.execute_script("return document.body.textContent")
    missing = [n for n, _, p in PAYLOADS if not any(ord(ch) < 0x20 or ord(ch) == 0x7F for ch in p) and p not in shown]
    assert missing == [], f"payloads not shown literally: {missing[:20]}"


# --- Fields that take a grammar refuse payloads cleanly -------------------------------------

@pytest.fixture(scope="module")
def grammar_folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("grammar")


def _run_many(jobs: list[tuple]) -> list:
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        return list(pool.map(lambda job: (job, run(*job[1:], timeout=60)), jobs))


def test_payload_dates_are_refused_with_a_clean_error(grammar_folder):
    jobs = []
    for n, _, p in PAYLOADS:
        source = grammar_folder / f"date{n}.json"
        source.write_text(json.dumps({"title": "t", "messages": [{"id": "m", "role": "user", "text": "x", "date": p}]}))
        jobs.append((n, "render", str(source), "--out", str(grammar_folder / f"date{n}-out"), "--quiet"))
    for (n, *_), result in _run_many(jobs):
        assert_clean_failure(result, "messages[0].date")
        assert not (grammar_folder / f"date{n}-out").exists(), "a refused input wrote output"


def test_payload_reset_times_and_upload_states_are_refused_with_a_clean_error(grammar_folder):
    jobs = []
    for n, _, p in PAYLOADS:
        source = grammar_folder / f"resets{n}.json"
        source.write_text(json.dumps({"messages": [
            {"id": "m", "role": "user", "text": "x",
             "attachments": [{"id": "a", "name": "n", "byteCount": 1, "contentType": "text/plain", "upload": p}]}],
            "composer": {"type": "model", "models": [{"id": "m", "name": "M"}],
                         "usage": {"remaining": 1, "limit": 2, "resets": p}}}))
        jobs.append((n, "render", str(source), "--out", str(grammar_folder / f"resets{n}-out"), "--quiet"))
    for (n, *_), result in _run_many(jobs):
        assert_clean_failure(result, "composer.usage.resets")
        assert "messages[0].attachments[0].upload" in result.stderr
        assert not (grammar_folder / f"resets{n}-out").exists()


def test_payload_theme_values_are_refused_with_a_clean_error(grammar_folder):
    """A payload as a colour, a dimension or an alias target never reaches CSS: the theme is refused."""
    jobs = []
    for n, _, p in PAYLOADS:
        folder = grammar_folder / f"theme{n}"
        path = bs.write_fixture_theme(folder)
        light = json.loads((folder / "light.tokens.json").read_text())
        light["color"]["accent"]["$value"] = p
        light["color"]["bg"] = {"$value": {"colorSpace": "srgb", "components": [1, 1, 1], "hex": p}}
        (folder / "light.tokens.json").write_text(json.dumps(light))
        base = json.loads((folder / "base.tokens.json").read_text())
        base["radius"]["md"]["$value"] = {"value": p, "unit": "px"}
        base["radius"]["lg"]["$value"] = {"value": 4, "unit": p}
        base["font"]["system"]["$value"] = [p, "sans-serif"]
        (folder / "base.tokens.json").write_text(json.dumps(base))
        jobs.append((n, "theme", "check", str(path)))
    for (n, *_), result in _run_many(jobs):
        assert_clean_failure(result, "color.accent")
        assert "radius.lg" in result.stderr and "radius.md" in result.stderr and "font.system" in result.stderr


def test_invalid_text_encodings_are_refused_with_a_clean_error(grammar_folder):
    cases = {
        "lone-surrogate": b'{"messages": [{"id": "m", "role": "user", "text": "\\ud800<script>"}]}',
        "overlong-utf8": b'{"messages": [{"id": "m", "role": "user", "text": "\xc0\xbcscript\xc0\xbe"}]}',
        "raw-nul": b'{"messages": [{"id": "m", "role": "user", "text": "\x00<script>"}]}',
        "cesu-surrogate": b'{"messages": [{"id": "m", "role": "user", "text": "\xed\xa0\x80"}]}',
    }
    for name, data in cases.items():
        source = grammar_folder / f"{name}.json"
        source.write_bytes(data)
        result = run("render", str(source), "--out", str(grammar_folder / f"{name}-out"), "--quiet")
        assert_clean_failure(result, "")
        assert not (grammar_folder / f"{name}-out").exists()
