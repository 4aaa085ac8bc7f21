"""`--redact` against a secret scanner: a Claude Code session holding credentials of 60 kinds,
each pasted in prose and printed as `KEY=value` (secret_corpus.py writes them from the published
formats), is rendered into every kind of output chatrender writes: a page, a site with its
search, a page long enough to be split into chunks, a single file, and a PDF. detect-secrets
(pinned in requirements.txt) is run over every file of each, with what a file holds inside it
made readable first: the search shards inflated, data: URLs decoded, markup stripped, the PDF's
text extracted.

With `--redact` neither the scanner nor a plain search finds any planted value. Without it, the
same outputs show every planted value, and the scanner finds each value it finds in the session
itself: so the test can see, and a pass is not the scanner looking at nothing."""

from __future__ import annotations

import base64
import binascii
import html
import json
import re
import subprocess
import tempfile
import zlib
from pathlib import Path

import pytest
from detect_secrets import SecretsCollection
from detect_secrets.settings import default_settings
from pypdf import PdfReader

import browser_support as bs
import secret_corpus as sc

SESSION_ID = "45a0c0de-5eed-4c0d-9e1a-000000000045"
#: Exchanges before and after the credentials in the long session: more than 32 groups of 16
#: prompts, so the page is split and the credentials fall in a chunk loaded later.
FILLER = 280

OUTPUTS = ["page", "site", "chunks", "single-file", "pdf"]


@pytest.fixture(scope="module")
def planted() -> list[sc.Planted]:
    return sc.plant()


@pytest.fixture(scope="module")
def sessions(planted, tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("secret-sessions")
    # A project folder, as Claude Code keeps them: rendered as a site with its search.
    project = folder / "projects" / "-home-ana-src-garden"
    project.mkdir(parents=True)
    one = project / f"{SESSION_ID}.jsonl"
    one.write_text(sc.session(planted, SESSION_ID), encoding="utf-8")
    long = folder / "long" / f"{SESSION_ID}.jsonl"
    long.parent.mkdir()
    long.write_text(sc.session(planted, SESSION_ID, filler=FILLER), encoding="utf-8")
    return {"one": one, "project": project, "long": long}


def run(arguments: list[str]) -> subprocess.CompletedProcess:
    env = bs.render_environment()
    env["CHATRENDER_CHROMIUM"] = bs.CHROMIUM
    result = subprocess.run([str(bs.chatrender_binary()), *arguments], env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, f"{arguments}:\n{result.stderr}"
    return result


@pytest.fixture(scope="module")
def rendered(sessions, tmp_path_factory) -> dict[tuple[str, bool], tuple[list[Path], str]]:
    """(output kind, redacted) → (the files written, what the command said)."""
    out: dict = {}
    for redact in (False, True):
        base = tmp_path_factory.mktemp("redacted" if redact else "plain")
        flags = ["--redact"] if redact else []
        for kind in OUTPUTS:
            target = base / kind
            if kind == "page":
                said = run(["render", str(sessions["one"]), "--out", str(target), *flags])
            elif kind == "site":
                said = run(["render", str(sessions["project"]), "--out", str(target), *flags])
            elif kind == "chunks":
                said = run(["render", str(sessions["long"]), "--out", str(target), "--split-over", "64KB", *flags])
                assert (target / "chunks").is_dir(), "the long session's page was not split"
            elif kind == "single-file":
                target = base / "session.html"
                said = run(["render", str(sessions["one"]), "--single-file", "--out", str(target), *flags])
            else:
                said = run(["render", str(sessions["one"]), "--pdf", "--out", str(target), *flags])
                assert (target / "index.pdf").is_file()
            files = [target] if target.is_file() else sorted(p for p in target.rglob("*") if p.is_file())
            out[(kind, redact)] = (files, said.stderr)
    return out


# --- What a file holds, made readable --------------------------------------------------------------

BASE64_STRING = re.compile(r'"([A-Za-z0-9+/]{24,}={0,2})"')
DATA_URL = re.compile(r"data:[^;,\"'\s]*(;base64)?,([A-Za-z0-9+/=%._~-]+)")
TAG = re.compile(r"<[^>]+>")
JS_ESCAPE = re.compile(r"\\(u[0-9a-fA-F]{4}|[\\/\"'nrt])")


def unescape_js(text: str) -> str:
    def one(match: re.Match) -> str:
        code = match.group(1)
        if code.startswith("u"):
            return chr(int(code[1:], 16))
        return {"n": "\n", "r": "\r", "t": "\t"}.get(code, code)
    return JS_ESCAPE.sub(one, text)


def views(path: Path) -> list[tuple[str, str]]:
    """(suffix, text) for everything a reader or a script of the file could get out of it."""
    if path.suffix == ".pdf":
        text = "\n".join(page.extract_text() or "" for page in PdfReader(str(path)).pages)
        # A long token wraps across lines on paper: looked for with the white space taken out too.
        return [(".ini", text), (".txt", re.sub(r"\s+", "", text))]
    raw = path.read_bytes()
    text = raw.decode("utf-8", errors="replace")
    found = [(path.suffix or ".txt", text)]
    # Read as a configuration file, the scanner takes KEY=value without quotes.
    found.append((".ini", html.unescape(TAG.sub("", unescape_js(text)))))
    found.append((".ini", html.unescape(TAG.sub("", text))))
    # The search shards: zlib, then base64, inside the script.
    for match in BASE64_STRING.finditer(text):
        try:
            inflated = zlib.decompress(base64.b64decode(match.group(1)))
        except (binascii.Error, zlib.error, ValueError):
            continue
        found.append((".ini", inflated.decode("utf-8", errors="replace").replace("\x01", "\n")))
    # Files inlined in a single-file page.
    for match in DATA_URL.finditer(text):
        try:
            data = base64.b64decode(match.group(2)) if match.group(1) else match.group(2).encode()
        except (binascii.Error, ValueError):
            continue
        if b"\0" not in data[:4096]:
            found.append((".ini", data.decode("utf-8", errors="replace")))
    return found


def scan(texts: list[tuple[str, str]], folder: Path) -> list[tuple[str, str]]:
    """What detect-secrets reports in `texts`, each scanned as a file of its kind: (the value it
    reports, the line it found it on)."""
    found: list[tuple[str, str]] = []
    with default_settings():
        collection = SecretsCollection()
        lines = {}
        for index, (suffix, text) in enumerate(texts):
            file = folder / f"{index}{suffix}"
            file.write_text(text, encoding="utf-8")
            lines[str(file)] = text.splitlines()
            collection.scan_file(str(file))
        for filename, secret in collection:
            line = lines[filename][secret.line_number - 1] if 0 < secret.line_number <= len(lines[filename]) else ""
            found.append((secret.secret_value or "", line))
    return found


def sees(finding: tuple[str, str], secret: str) -> bool:
    """Whether a finding is the planted `secret`: its value holds it, or is a long enough piece of
    it, or (for a plugin that reports only the part its pattern groups, such as `ghp`) is part of
    it on a line that holds it."""
    value, line = finding
    if secret in value or (len(value) >= 8 and value in secret):
        return True
    return bool(value) and value in secret and secret in line


def seen(found: list[tuple[str, str]], secret: str) -> bool:
    return any(sees(finding, secret) for finding in found)


@pytest.fixture(scope="module")
def baseline(planted, tmp_path_factory) -> set[str]:
    """The planted values detect-secrets finds when each is written alone on a line, as in the
    session: in a sentence, and as `KEY=value`."""
    lines = []
    for item in planted:
        lines.append(f"Step 1, the {item.kind.name}: {item.kind.prose(item.prose)} — why does the deploy reject it?")
        lines.append(f"{item.kind.key}={item.kind.value(item.value)}")
    found = scan([(".ini", "\n".join(lines))], tmp_path_factory.mktemp("baseline"))
    return {secret for item in planted for secret in item.secrets if seen(found, secret)}


@pytest.fixture(scope="module")
def examined(rendered, tmp_path_factory):
    """(output kind, redacted) → (its texts, what the scanner reports in them)."""
    out = {}
    for key, (files, _) in rendered.items():
        texts = [view for file in files for view in views(file)]
        out[key] = (texts, scan(texts, tmp_path_factory.mktemp("scan")))
    return out


# --- The tests -------------------------------------------------------------------------------------

def test_the_corpus_has_forty_kinds_or_more_each_in_prose_and_as_key_value(planted, sessions):
    assert len({item.kind.name for item in planted}) >= 40
    log = sessions["one"].read_text(encoding="utf-8")
    for item in planted:
        assert item.prose != item.value
        for secret in item.secrets:
            assert secret in log.replace("\\\\n", "\\n").replace("\\n", "\n").replace('\\"', '"'), item.kind.name


def test_the_formats_carry_their_checks(planted):
    by_name = {item.kind.name: item for item in planted}
    for name in ("GitHub personal access token", "npm access token"):
        token = by_name[name].prose
        random_part = token[4:34]
        assert token[34:] == sc.base62(zlib.crc32(random_part.encode()), 6)
    age = by_name["age secret key"].prose.lower()
    hrp, data = age.rsplit("1", 1)
    values = [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp] + [sc.BECH32.index(c) for c in data]
    assert sc.bech32_polymod(values) == 1


@pytest.mark.parametrize("kind", OUTPUTS)
def test_without_redact_every_planted_value_shows_and_the_scanner_sees_them(kind, examined, planted, baseline):
    texts, found = examined[(kind, False)]
    everything = "\n".join(text for _, text in texts)
    missing = [(item.kind.name, secret[:12]) for item in planted for secret in item.secrets if secret not in everything]
    assert not missing, f"{kind}: planted values not in the output, so the test could not see them: {missing}"
    assert baseline, "detect-secrets found nothing in the session itself"
    if kind == "pdf":
        # On paper a long token is cut at the line's end; the scanner reads lines.
        assert any(seen(found, secret) for secret in baseline), "the scanner sees none of the planted values in the PDF"
        return
    unseen = [secret[:12] for secret in baseline if not seen(found, secret)]
    assert not unseen, f"{kind}: the scanner missed values it finds in the session: {unseen}"


@pytest.mark.parametrize("kind", OUTPUTS)
def test_with_redact_the_scanner_finds_none_of_the_planted_values(kind, examined, planted, rendered):
    texts, found = examined[(kind, True)]
    everything = "\n".join(text for _, text in texts)
    leaked = [(item.kind.name, secret[:12]) for item in planted for secret in item.secrets if secret in everything]
    assert not leaked, f"{kind}: planted values in the redacted output: {leaked}"
    flagged = sorted({(item.kind.name, f[0][:16]) for f in found for item in planted for s in item.secrets if sees(f, s)})
    assert not flagged, f"{kind}: the scanner finds planted values in the redacted output: {flagged}"
    # Not a pass by emptiness: the conversation is there, with its masks.
    assert "why does the deploy reject it" in everything and "[REDACTED]" in everything and "[REDACTED PRIVATE KEY]" in everything


def test_the_summary_counts_by_kind_and_the_report_says_where_never_what(sessions, planted, tmp_path):
    report = tmp_path / "report.json"
    result = run(["render", str(sessions["one"]), "--single-file", "--out", str(tmp_path / "s.html"), "--redact-report", str(report)])
    line = next(l for l in result.stderr.splitlines() if l.startswith("redacted "))
    assert re.match(r"redacted \d+ API keys, \d+ access tokens, \d+ private keys, \d+ database passwords, \d+ webhook URLs, ", line), line
    assert "private keys" in line and "home folder path" in line
    data = json.loads(report.read_text(encoding="utf-8"))
    assert sum(data["redacted"].values()) == len(data["findings"])
    assert all(set(f) >= {"conversation", "title", "part", "kind", "format"} for f in data["findings"])
    turns = [f for f in data["findings"] if "turn" in f]
    assert turns and all(f["anchor"] == f"cr-t{f['turn'] - 1}" for f in turns)
    # Where each was: the prompt's text and the command's result, for every kind.
    assert {f["part"] for f in turns} >= {"text", "part 2 (terminal): output"}
    github = [f for f in turns if f["format"] == "GitHub personal access token"]
    assert len(github) == 2 and all(f["checksum"] == "valid" for f in github)
    text = report.read_text(encoding="utf-8")
    leaked = [item.kind.name for item in planted for secret in item.secrets if secret in text]
    assert not leaked, leaked
