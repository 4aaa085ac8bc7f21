"""Page ready, pages side by side: loads each page given in turn (a new headless Chromium each
load), for a number of rounds, so that every page meets the same moments of a busy machine, and
reports per page the best and median time to ready (the first frame drawn after the load event,
as bench/text/page.py measures it), Chromium's style recalc and layout time, and the ratio of
each page's ready time to the first reference page's and the second's, per round (best and
median). For before/after comparisons: the same conversation rendered by two versions, against
pandoc's and claude-code-log's pages that bench/text/page.py made.

usage: .venv/bin/python bench/text/page_ab.py --rounds 3 --ref PANDOC.html --ref CCL.html NAME=PAGE.html ..."""
import argparse
import os
import statistics
import sys

from selenium import webdriver

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Browser"))
import browser_support  # noqa: E402  (the browser tests' way to start Chromium)

parser = argparse.ArgumentParser()
parser.add_argument("--rounds", type=int, default=3)
parser.add_argument("--ref", action="append", default=[], help="a reference page (pandoc's, claude-code-log's)")
parser.add_argument("pages", nargs="+", help="NAME=PATH")
args = parser.parse_args()


def load(path):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--window-size=1024,900", "--disable-extensions", "--no-first-run"):
        options.add_argument(a)
    d = browser_support.start_chrome(options=options)
    try:
        d.set_page_load_timeout(300)
        d.set_script_timeout(300)
        d.execute_cdp_cmd("Performance.enable", {})
        d.get("file://" + os.path.abspath(path))
        ready = d.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now())));")
        metrics = {m["name"]: m["value"] for m in d.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]}
        return {"ready": ready, "style": metrics["RecalcStyleDuration"] * 1000, "layout": metrics["LayoutDuration"] * 1000}
    finally:
        d.quit()


pages = [tuple(p.split("=", 1)) for p in args.pages]
refs = [(os.path.basename(r), r) for r in args.ref]
runs = {name: [] for name, _ in pages + refs}
for _ in range(args.rounds):
    for name, path in pages + refs:
        runs[name].append(load(path))
        print(f"{name}: {runs[name][-1]['ready']:,.0f} ms", file=sys.stderr, flush=True)

print(f"| page | ready, best (ms) | ready, median | style recalc | layout | " + " | ".join(f"÷ {r} (best, median of rounds)" for r, _ in refs) + " |")
print("| --- | ---: | ---: | ---: | ---: | " + " | ".join("---:" for _ in refs) + " |")
for name, _ in pages:
    r = runs[name]
    ready = [x["ready"] for x in r]
    cells = []
    for ref, _ in refs:
        ratios = [a["ready"] / b["ready"] for a, b in zip(r, runs[ref])]
        cells.append(f"{min(ratios):.3f}, {statistics.median(ratios):.3f}")
    print(f"| {name} | {min(ready):,.0f} | {statistics.median(ready):,.0f} | {statistics.median(x['style'] for x in r):,.0f} | "
          f"{statistics.median(x['layout'] for x in r):,.0f} | " + " | ".join(cells) + " |")
for ref, _ in refs:
    print(f"\n{ref}: ready best {min(x['ready'] for x in runs[ref]):,.0f} ms, median {statistics.median(x['ready'] for x in runs[ref]):,.0f} ms", end="")
print()
