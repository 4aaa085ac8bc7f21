#!/usr/bin/env python3
"""A site's size against its export's JSON, shape by shape (bench/site/make_shapes.py), and where
the bytes go: each page's head (`<head>` and what comes before), its bar (the link to the index and
the search form), its header (title, appearance switch, facts), its turns (split into the text a
reader sees and the markup around it) and the rest (the `<main>` frame, the prompts' list, the
script tag); the files beside the pages; `index.html`; the search shards (split into the list of
conversations and turns, and the turns' texts); `static/`; `insights/` (the insights page and its
data files: a part of about a fixed size, a year of days and the charts' tables, and a row of
`sessions.csv` per conversation). Sizes are bytes on disk and the same from run to run: nothing
here is timed.

usage: python3 bench/site/size.py CHATRENDER_BINARY WORK_DIR [SHAPE …] [--scale 1.0] [--locale TAG]
(templates and themes from this checkout, or from CHATRENDER_DATA when set: another build's own)
"""
import argparse
import html
import os
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
import make_shapes  # noqa: E402

TAG = re.compile(rb"<[^>]*>")
COMPONENTS = ["head", "bar", "header", "turn text", "turn markup", "page rest", "page files", "index.html",
              "search list", "search text", "static", "insights"]


def between(page: bytes, start: bytes, end: bytes) -> tuple[int, int] | None:
    a = page.find(start)
    if a < 0:
        return None
    b = page.find(end, a)
    return (a, b + len(end)) if b >= 0 else None


def page_parts(page: bytes, sizes: dict) -> None:
    head_end = page.find(b"</head>")
    head = head_end + len(b"</head>\n") if head_end >= 0 else 0
    sizes["head"] += head
    rest = len(page) - head
    for name, start, end in (("bar", b'<nav class="cr-site-bar"', b"</nav>\n"), ("header", b'<header class="cr-page-head"', b"</header>\n")):
        span = between(page, start, end)
        if span:
            sizes[name] += span[1] - span[0]
            rest -= span[1] - span[0]
    chat = between(page, b'<section class="cr-chat"', b"\n</section>\n")
    if chat:
        turns = page[chat[0]:chat[1]]
        # The words a reader sees: the text between the tags, entities decoded (as a browser has it).
        visible = len(html.unescape(TAG.sub(b"", turns).decode("utf-8")).encode("utf-8"))
        sizes["turn text"] += visible
        sizes["turn markup"] += len(turns) - visible
        rest -= len(turns)
    sizes["page rest"] += rest


def measure(site: Path) -> dict:
    sizes = dict.fromkeys(COMPONENTS, 0)
    for entry in site.iterdir():
        if entry.name == "index.html":
            sizes["index.html"] += entry.stat().st_size
        elif entry.name == "insights":
            sizes["insights"] += sum(p.stat().st_size for p in entry.rglob("*") if p.is_file())
        elif entry.name == "static":
            sizes["static"] += sum(p.stat().st_size for p in entry.rglob("*") if p.is_file())
        elif entry.name == "search":
            for shard in entry.glob("*.js"):
                data = shard.read_bytes()
                # crSearchShard(N,[…],"texts"); the texts (compressed, in base64) are the last literal.
                cut = data.rfind(b',"')
                sizes["search list"] += cut + 1
                sizes["search text"] += len(data) - cut - 1
        elif entry.is_dir():
            for path in entry.rglob("*"):
                if not path.is_file():
                    continue
                if path == entry / "index.html":
                    page_parts(path.read_bytes(), sizes)
                else:
                    sizes["page files"] += path.stat().st_size
        elif entry.is_file() and not entry.name.startswith("."):
            sizes["page rest"] += entry.stat().st_size
    return sizes


def render(binary: str, export: Path, out: Path, locale: str | None) -> None:
    subprocess.run(["rm", "-rf", str(out)], check=True)
    extra = ["--locale", locale] if locale else []
    result = subprocess.run([binary, "render", "--from", "chatgpt", str(export), "--out", str(out), "--quiet", "--no-cache", *extra],
                            env=dict(os.environ, CHATRENDER_DATA=os.environ.get("CHATRENDER_DATA", str(ROOT))), capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"render of {export} failed:\n{result.stderr}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binary")
    parser.add_argument("work", type=Path)
    parser.add_argument("shapes", nargs="*", default=["bench", *make_shapes.SHAPES])
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--locale", help="render the sites in this language (a page's words weigh more than English's)")
    args = parser.parse_args()
    exports = args.work / f"shapes-{args.scale:g}"
    rows = []
    for shape in args.shapes:
        path = exports / shape / "conversations.json"
        if not path.exists():
            make_shapes.make(shape, exports, args.scale)
        site = args.work / f"site-{shape}"
        render(args.binary, path.parent, site, args.locale)
        sizes = measure(site)
        pages = sum(1 for p in site.glob("*/index.html") if p.parent.name != "insights")
        rows.append((shape, path.stat().st_size, pages, sizes))

    print("| shape | conversations | JSON | site | site ÷ JSON |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for shape, json_bytes, pages, sizes in rows:
        total = sum(sizes.values())
        print(f"| {shape} | {pages:,} | {json_bytes / 1e6:.2f} MB | {total / 1e6:.2f} MB | **{total / json_bytes:.2f}×** |")
    print()
    print("Each part of the site as a share of the JSON (the parts add up to the ratio above):")
    print()
    print("| part | " + " | ".join(r[0] for r in rows) + " |")
    print("| --- |" + " ---: |" * len(rows))
    for part in COMPONENTS:
        print(f"| {part} | " + " | ".join(f"{r[3][part] / r[1]:.3f}" for r in rows) + " |")
    print("| per page: head + bar + header | " + " | ".join(
        f"{(r[3]['head'] + r[3]['bar'] + r[3]['header']) / max(r[2], 1):,.0f} B" for r in rows) + " |")


if __name__ == "__main__":
    main()
