"""Long-page benchmark: the browser tests' generated 3,000-turn conversation (replies from a line
to several paragraphs, lists, code, unavailable photos), rendered once, opened cold in headless
Chromium a few times: when the page is ready (the first frame after the load event), its layout
and style cost, and whether one press of End reaches the end (scrollY + innerHeight ≥
scrollHeight − 2). With --templates-before DIR the same is measured for a page built from other
templates (say, a checkout's before a change), side by side.

usage: .venv/bin/python bench/text/long_page.py CHATRENDER_BINARY WORK_DIR [--turns 3000] [--repeat 5] [--templates-before DIR]"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Browser"))
import browser_support as bs  # noqa: E402
from test_long_conversation import long_conversation  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("binary")
parser.add_argument("work")
parser.add_argument("--turns", type=int, default=3000)
parser.add_argument("--repeat", type=int, default=5)
parser.add_argument("--templates-before")
args = parser.parse_args()
work = os.path.abspath(args.work)
os.makedirs(work, exist_ok=True)
source = os.path.join(work, f"long-{args.turns}.json")
with open(source, "w", encoding="utf-8") as f:
    json.dump(long_conversation(args.turns), f)
env = dict(os.environ, CHATRENDER_DATA=ROOT)


def render(name, *extra):
    out = os.path.join(work, name)
    subprocess.run([os.path.abspath(args.binary), "render", source, "--out", out, "--quiet", *extra], check=True, env=env)
    return os.path.join(out, "index.html")


pages = [("chatrender", render("page"))]
if args.templates_before:
    pages.append(("before", render("page-before", "--templates", os.path.abspath(args.templates_before))))


def load_once(path):
    d = bs.start_chrome(logging=False)
    try:
        d.execute_cdp_cmd("Performance.enable", {})
        d.get("file://" + path)
        ready = d.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now())));")
        metrics = {m["name"]: m["value"] for m in d.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]}
        ActionChains(d).send_keys(Keys.END).perform()
        time.sleep(1.5)
        y, h, total = d.execute_script("return [scrollY, innerHeight, document.documentElement.scrollHeight]")
        return {"ready": ready, "layout": metrics.get("LayoutDuration", 0) * 1000,
                "style": metrics.get("RecalcStyleDuration", 0) * 1000, "end": y + h >= total - 2}
    finally:
        d.quit()


print(f"### A {args.turns:,}-turn page: ready, and End on the first press\n")
print(f"Median of {args.repeat} cold loads (new browser each, the pages taking turns), window {bs.WINDOW[0]}×{bs.WINDOW[1]}; ms from navigation start.\n")
print("| page | HTML | ready | layout | style recalc | End reaches the end on the first press |")
print("| --- | ---: | ---: | ---: | ---: | --- |")
# Loads alternate between the pages, so a busy moment on the machine falls on both alike.
results = {name: [] for name, _ in pages}
for _ in range(args.repeat):
    for name, path in pages:
        results[name].append(load_once(path))
for name, path in pages:
    runs = results[name]
    med = {k: statistics.median(r[k] for r in runs) for k in ("ready", "layout", "style")}
    ends = sum(r["end"] for r in runs)
    print(f"| {name} | {os.path.getsize(path) / 1e6:.1f} MB | {med['ready']:,.0f} | {med['layout']:,.0f} | {med['style']:,.0f} | {ends} of {len(runs)} |", flush=True)
