"""Page benchmark: opens the pages made from the same N turns in headless Chromium and reports
first paint, first contentful paint, the load event and the layout/style cost (DevTools
`Performance.getMetrics`), median of a few cold loads; then checks that text far down the
chatrender page is still found by the browser's find (`window.find`).

Pages: chatrender (`--markup full`) as shipped (turns get `content-visibility: auto` with an
intrinsic size), the same page without those two declarations (built from a copy of templates/
with them removed), `pandoc -s` and claude-code-log.

usage: .venv/bin/python bench/text/page.py CHATRENDER_BINARY WORK_DIR VENV_BIN [--turns 10000] [--repeat 3]"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

from selenium import webdriver

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Browser"))
import browser_support  # noqa: E402  (the browser tests' way to start Chromium)

parser = argparse.ArgumentParser()
parser.add_argument("binary")
parser.add_argument("work")
parser.add_argument("venv_bin")
parser.add_argument("--turns", type=int, default=10000)
parser.add_argument("--repeat", type=int, default=3)
args = parser.parse_args()
args.venv_bin = os.path.abspath(args.venv_bin)
args.binary = os.path.abspath(args.binary)
args.work = os.path.abspath(args.work)  # pages are opened as file: URLs, which need absolute paths

src = os.path.join(args.work, f"text-{args.turns}")
if not os.path.exists(os.path.join(src, "session.jsonl")):
    subprocess.run([sys.executable, os.path.join(HERE, "make_text.py"), src, str(args.turns)], check=True)
out = os.path.join(args.work, f"page-{args.turns}")
os.makedirs(out, exist_ok=True)
env = dict(os.environ, CHATRENDER_DATA=ROOT)

# The long-page optimisation off: the same templates without content-visibility / contain-intrinsic-*.
plain_templates = os.path.join(out, "templates-without-cv")
shutil.rmtree(plain_templates, ignore_errors=True)
shutil.copytree(os.path.join(ROOT, "templates"), plain_templates)
css_path = os.path.join(plain_templates, "chatrender.css")
css = open(css_path, encoding="utf-8").read()
stripped = re.sub(r"\s*(content-visibility|contain-intrinsic-[a-z-]+)\s*:[^;}]*;?", "", css)
assert stripped != css, "templates/chatrender.css has no content-visibility rule to remove"
open(css_path, "w", encoding="utf-8").write(stripped)


def run(cmd, **kw):
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env, **kw)


def chatrender(name, *extra):
    d = os.path.join(out, name)
    shutil.rmtree(d, ignore_errors=True)
    run([args.binary, "render", os.path.join(src, "conversation.json"), "--out", d, "--markup", "full", "--quiet", *extra])
    return os.path.join(d, "index.html")


pages = [
    ("chatrender (content-visibility)", chatrender("chatrender")),
    ("chatrender without content-visibility", chatrender("chatrender-no-cv", "--templates", plain_templates)),
]
pandoc = os.path.join(out, "pandoc.html")
run(["pandoc", "-s", "-f", "gfm", "-t", "html5", "--metadata", "title=Conversation",
     os.path.join(src, "conversation.md"), "-o", pandoc])
pages.append(("pandoc -s", pandoc))
ccl = os.path.join(out, "claude-code-log.html")
run([os.path.join(args.venv_bin, "claude-code-log"), os.path.join(src, "session.jsonl"), "--no-cache", "-o", ccl],
    stderr=subprocess.DEVNULL)
pages.append(("claude-code-log", ccl))


def driver():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--window-size=1024,900", "--disable-extensions", "--no-first-run"):
        options.add_argument(a)
    options.page_load_strategy = "normal"
    # The browser tests' start: its own temporary folder, removed when the browser quits.
    return browser_support.start_chrome(options=options)


TIMING_JS = """
const nav = performance.getEntriesByType('navigation')[0];
const paint = {};
for (const e of performance.getEntriesByType('paint')) paint[e.name] = e.startTime;
return {fp: paint['first-paint'] ?? null, fcp: paint['first-contentful-paint'] ?? null,
        dcl: nav.domContentLoadedEventEnd, load: nav.loadEventEnd,
        height: document.documentElement.scrollHeight, nodes: document.getElementsByTagName('*').length};
"""


def load_once(path):
    d = driver()
    try:
        d.set_page_load_timeout(300)
        d.set_script_timeout(300)
        d.execute_cdp_cmd("Performance.enable", {})
        start = time.perf_counter()
        d.get("file://" + path)
        wall = (time.perf_counter() - start) * 1000
        # Paint entries are queued after the first frame; wait for them briefly.
        for _ in range(50):
            t = d.execute_script(TIMING_JS)
            if t["fcp"] is not None:
                break
            time.sleep(0.1)
        # Ready: the first frame drawn after the load event (two animation frames later), in ms
        # from navigation start like the rest.
        t["ready"] = d.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now())));")
        metrics = {m["name"]: m["value"] for m in d.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]}
        t.update(wall=wall, layout=metrics.get("LayoutDuration", 0) * 1000,
                 style=metrics.get("RecalcStyleDuration", 0) * 1000, layouts=metrics.get("LayoutCount", 0),
                 script=metrics.get("ScriptDuration", 0) * 1000, task=metrics.get("TaskDuration", 0) * 1000)
        return t
    finally:
        d.quit()


def find_check(path):
    """Text from the last turn: does the browser's find reach it without scrolling there first?"""
    d = driver()
    try:
        d.get("file://" + path)
        phrase = d.execute_script(
            "const t = document.querySelectorAll('.cr-turn'); const p = t[t.length - 1].querySelector('p');"
            "return p ? p.textContent.trim().split(/\\s+/).slice(0, 4).join(' ') : null;")
        found = d.execute_script("return window.find(arguments[0], false, false, true);", phrase)
        scrolled = d.execute_script("return window.scrollY;")
        return phrase, found, scrolled
    finally:
        d.quit()


rows = []
for name, path in pages:
    runs = [load_once(path) for _ in range(args.repeat)]
    med = {k: statistics.median(r[k] for r in runs if r[k] is not None) if any(r[k] is not None for r in runs) else None
           for k in runs[0]}
    med["bytes"] = os.path.getsize(path)
    rows.append((name, med))
    print(f"{name}: {med}", file=sys.stderr, flush=True)

pandoc = next(m for n, m in rows if n == "pandoc -s")
print(f"### The page: {args.turns:,} turns in headless Chromium\n")
print(f"Median of {args.repeat} cold loads (new browser each) of the local file, window 1024×900. "
      "Times in ms from navigation start; layout and style = Chromium's `LayoutDuration` and "
      "`RecalcStyleDuration` until ready (DevTools `Performance.getMetrics`). Ready = the first frame drawn "
      "after the load event: the page is loaded and on screen.\n")
print("| page | first paint | first contentful paint | load event | ready | × pandoc (ready) | layout | style recalc | layouts | HTML bytes per turn |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")


def ms(v):
    return "n/a" if v is None else f"{v:,.0f}"


for name, m in rows:
    print(f"| {name} | {ms(m['fp'])} | {ms(m['fcp'])} | {ms(m['load'])} | {ms(m['ready'])} | {m['ready'] / pandoc['ready']:.2f} | "
          f"{ms(m['layout'])} | {ms(m['style'])} | {m['layouts']:.0f} | {m['bytes'] / args.turns:,.0f} |")
print()
phrase, found, scrolled = find_check(pages[0][1])
print(f"Find in page: `window.find({phrase!r})` on the chatrender page (text of the last turn, off screen and "
      f"not yet rendered under `content-visibility: auto`) → **{found}**, and the page scrolled to y = {scrolled:,} px "
      "to show it.\n")
