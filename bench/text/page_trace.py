"""Where a page's time to ready goes: loads each page given once in headless Chromium with a
performance trace (the DevTools timeline categories) and sums the renderer main thread's time
by kind of work until the first frame after the load event: parsing HTML, style recalculation,
layout, script (compile and run), paint, and the rest. Times are the main thread's CPU time
(the trace's thread durations), not wall time: on a busy machine they still count only the
work the page made, where the wall time counts the waits for a core too.

usage: .venv/bin/python bench/text/page_trace.py PAGE.html [PAGE.html ...]"""
import json
import os
import sys
import time
from collections import defaultdict

from selenium import webdriver

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Browser"))
import browser_support  # noqa: E402  (the browser tests' way to start Chromium)

# Trace event names by the kind of work they are; a slice inside another of a named kind counts
# once, for the outer one (only top-level slices of the main thread are summed).
KINDS = {
    "ParseHTML": "parse HTML", "ParseAuthorStyleSheet": "parse CSS",
    "UpdateLayoutTree": "style recalc", "RecalcStyle": "style recalc", "ScheduleStyleRecalculation": "style recalc",
    "Layout": "layout", "UpdateLayerTree": "layers", "PrePaint": "paint", "Paint": "paint", "Layerize": "paint",
    "EvaluateScript": "script", "v8.compile": "script", "FunctionCall": "script", "v8.evaluateModule": "script",
    "EventDispatch": "script", "TimerFire": "script", "FireAnimationFrame": "script",
    "HitTest": "other", "CommitLoad": "other",
}


def trace(path):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--window-size=1024,900", "--disable-extensions", "--no-first-run"):
        options.add_argument(a)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    options.add_experimental_option("perfLoggingPrefs", {
        "enableNetwork": False, "enablePage": False,
        "traceCategories": "devtools.timeline,v8,blink,disabled-by-default-devtools.timeline"})
    d = browser_support.start_chrome(options=options)
    try:
        d.set_page_load_timeout(300)
        d.set_script_timeout(300)
        d.get("file://" + os.path.abspath(path))
        ready = d.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now())));")
        time.sleep(1)
        events = []
        for entry in d.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message.get("method") == "Tracing.dataCollected":
                events.append(message["params"])
        return ready, events
    finally:
        d.quit()


def summarise(events):
    # The renderer's main thread: the one with the most ParseHTML time.
    threads = defaultdict(float)
    for e in events:
        if e.get("name") == "ParseHTML" and e.get("ph") == "X":
            threads[(e["pid"], e["tid"])] += e.get("dur", 0)
    if not threads:
        return {}
    main = max(threads, key=threads.get)
    slices = sorted((e for e in events if (e.get("pid"), e.get("tid")) == main and e.get("ph") == "X" and "dur" in e),
                    key=lambda e: (e["ts"], -e["dur"]))
    by_kind = defaultdict(float)
    open_until = -1
    for e in slices:
        kind = KINDS.get(e["name"])
        if kind is None:
            continue
        if e["ts"] < open_until:  # inside a counted slice
            continue
        by_kind[kind] += e.get("tdur", e["dur"]) / 1000
        open_until = e["ts"] + e["dur"]
    # Every top-level task of the main thread: its whole CPU time for the load.
    tasks, task_until = 0.0, -1
    for e in slices:
        if e["name"] == "RunTask" and e["ts"] >= task_until:
            tasks += e.get("tdur", e["dur"]) / 1000
            task_until = e["ts"] + e["dur"]
    by_kind["all tasks (CPU)"] = tasks
    return by_kind


for path in sys.argv[1:]:
    ready, events = trace(path)
    kinds = summarise(events)
    total = sum(v for k, v in kinds.items() if k != "all tasks (CPU)")
    line = ", ".join(f"{k} {v:,.0f}" for k, v in sorted(kinds.items(), key=lambda kv: -kv[1]))
    print(f"{os.path.basename(os.path.dirname(path)) or path} ({os.path.getsize(path) / 1e6:.1f} MB): ready {ready:,.0f} ms; "
          f"main thread CPU by kind (ms): {line}; counted {total:,.0f}")
