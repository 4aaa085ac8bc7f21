"""Huge sessions: a generated Claude Code session and a Codex rollout of --mb megabytes each
(bench/huge/make_session.py, seeded), rendered by chatrender, and the Claude Code one by
claude-code-log, side by side in one run. For each: wall and CPU time, peak resident memory
(the child's ru_maxrss), the bytes written, and for chatrender's pages the first paint and
first contentful paint in headless Chromium, opened cold from file:// (median of --loads), and
the page's own search: how long its index takes to load on the first search, how long a query
takes, and how long following a result into a chunk not loaded takes until its turn is on screen
(the query is the first three words of the first prompt of the middle chunk, read from that
chunk's script, and the link followed is that prompt's); and scrolling:
three chunks from the middle of the page, each arrived at four screens above and scrolled down a
screen every 50 ms until it loaded and ten screens on, with the longest gap between two frames,
the longest task the main thread ran (a chunk put in place is the work) and how many ran over 50 ms.

claude-code-log gets --ccl-timeout seconds (default: an hour) and --ccl-memory GiB of address
space (default 12, half the machine); past either, or when it fails, the row says so and the
ratio is against the time it took.

usage: .venv/bin/python bench/huge/huge.py CHATRENDER_BINARY WORK_DIR CCL_VENV_BIN [--mb 500]
       [--loads 5] [--ccl-timeout 3600] [--skip-ccl]
(bench/run.sh makes the venv with the pinned claude-code-log; the browser runs with the test
suite's pinned selenium.)"""
import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Browser"))

parser = argparse.ArgumentParser()
parser.add_argument("binary")
parser.add_argument("work")
parser.add_argument("venv_bin")
parser.add_argument("--mb", type=float, default=500)
parser.add_argument("--loads", type=int, default=5)
parser.add_argument("--ccl-timeout", type=int, default=3600)
parser.add_argument("--ccl-memory", type=float, default=12, help="GiB of address space claude-code-log may take")
parser.add_argument("--skip-ccl", action="store_true")
args = parser.parse_args()
args.binary = os.path.abspath(args.binary)
args.work = os.path.abspath(os.path.join(args.work, "huge"))
env = dict(os.environ, CHATRENDER_DATA=ROOT)


def session(kind):
    """The generated session of `kind` ("claude-code" or "codex"), made once per size."""
    folder = os.path.join(args.work, f"{kind}-{args.mb:g}mb")
    name = "9e1f4c2a-7b3d-4e58-a6c0-2d8f5b1e3a97.jsonl" if kind == "claude-code" else \
        "rollout-2026-10-01T00-00-00-019a2b3c-4d5e-7f60-8a71-b2c3d4e5f607.jsonl"
    path = os.path.join(folder, name)
    if not os.path.exists(path):
        os.makedirs(folder, exist_ok=True)
        extra = ["--codex"] if kind == "codex" else []
        subprocess.run([sys.executable, os.path.join(HERE, "make_session.py"), path, "--mb", str(args.mb), *extra], check=True)
    return path


def size_of(target):
    if os.path.isdir(target):
        return sum(os.path.getsize(os.path.join(r, f)) for r, _, fs in os.walk(target) for f in fs)
    return os.path.getsize(target) if os.path.exists(target) else 0


def run(cmd, target, timeout=None, memory=None):
    """Runs `cmd` alone: wall and CPU seconds, peak RSS in MiB, bytes written, and how it ended.
    `memory` caps its address space (GiB), so a tool that would take the machine fails instead."""
    if os.path.isdir(target):
        shutil.rmtree(target)
    elif os.path.exists(target):
        os.remove(target)
    # A child of its own, so ru_maxrss is this command's alone.
    wrapper = [sys.executable, "-c", (
        "import resource, subprocess, sys, json\n"
        "cap = float(sys.argv[2])\n"
        "limit = lambda: resource.setrlimit(resource.RLIMIT_AS, (int(cap * 2**30),) * 2) if cap > 0 else None\n"
        "try:\n"
        "    code = subprocess.run(sys.argv[3:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=float(sys.argv[1]), preexec_fn=limit).returncode\n"
        "except subprocess.TimeoutExpired:\n"
        "    code = 'timeout'\n"
        "u = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
        "print(json.dumps({'code': code, 'cpu': u.ru_utime + u.ru_stime, 'rss': u.ru_maxrss}))\n"
    ), str(timeout or 86400), str(memory or 0), *cmd]
    start = time.perf_counter()
    done = subprocess.run(wrapper, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    import json
    result = json.loads(done.stdout.strip().splitlines()[-1])
    return {"wall": wall, "cpu": result["cpu"], "rss": result["rss"] / 1024, "bytes": size_of(target),
            "ended": "ok" if result["code"] == 0 else f"failed ({result['code']})"}


PAINT_JS = """
const done = arguments[arguments.length - 1];
function read() {
  const paints = Object.fromEntries(performance.getEntriesByType('paint').map(e => [e.name, e.startTime]));
  if (paints['first-contentful-paint'] === undefined) return setTimeout(read, 20);
  done(paints);
}
read();
"""


def first_paint(page):
    """Median first paint and first contentful paint (ms) of `page` opened cold, and its turns on screen."""
    import browser_support as bs
    paints, contentful = [], []
    for _ in range(args.loads):
        driver = bs.start_chrome(logging=False)
        try:
            driver.set_page_load_timeout(600)
            driver.get("about:blank")
            driver.get("file://" + page)
            result = driver.execute_async_script(PAINT_JS)
            paints.append(result.get("first-paint", result["first-contentful-paint"]))
            contentful.append(result["first-contentful-paint"])
        finally:
            driver.quit()
    return statistics.median(paints), statistics.median(contentful)


SEARCH_JS = """
const [query, id, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
const started = performance.now();
document.querySelector('.cr-search input').focus();
(function ready() {
  if (!window.crSearch || !window.crSearch.ready()) return setTimeout(ready, 20);
  const load = performance.now() - started;
  const asked = performance.now();
  const result = window.crSearch.search(query);
  const took = performance.now() - asked;
  // Then a result's link into the middle chunk, not loaded: what a click on it does.
  const wasOnPage = !!document.getElementById(id);
  const followed = performance.now();
  location.hash = '#' + id;
  (function there() {
    const turn = document.getElementById(id);
    if (!turn || Math.abs(turn.getBoundingClientRect().top) > innerHeight) return setTimeout(there, 10);
    done({load, query: took, count: result.count, turn: id, wasOnPage, reach: performance.now() - followed});
  })();
})();
"""


def search_reach(folder):
    """The page's search on `folder`'s page: index load, one query, and following its first hit."""
    import browser_support as bs
    import json
    import re
    if not os.path.isdir(os.path.join(folder, "chunks")):
        return None
    chunks = sorted(os.listdir(os.path.join(folder, "chunks")), key=lambda n: int(n.split(".")[0]))
    script = open(os.path.join(folder, "chunks", chunks[len(chunks) // 2]), encoding="utf-8").read()
    markup = json.loads(script[script.index(", ") + 2:script.rindex(");")])
    markup = "".join(markup) if isinstance(markup, list) else markup  # the chunk's groups
    turn = re.search(r'<article class="cr-turn cr-turn--user"[^>]* id="(cr-t\d+)"', markup).group(1)
    words = re.sub(r"<[^>]+>", "", re.search(r'<p class="cr-text">(.*?)</p>', markup).group(1)).split()
    query = " ".join(words[:3])
    driver = bs.start_chrome(logging=False)
    try:
        driver.set_page_load_timeout(600)
        driver.set_script_timeout(600)
        driver.get("file://" + os.path.join(folder, "index.html"))
        result = driver.execute_async_script(SEARCH_JS, query, turn)
    finally:
        driver.quit()
    result["q"] = query
    return result


SCROLL_JS = """
const done = arguments[arguments.length - 1];
const tasks = [];
new PerformanceObserver(list => tasks.push(...list.getEntries().map(e => e.duration))).observe({type: 'longtask'});
// The longest gap between two frames: what a reader sees as a stutter.
let last = 0, gap = 0, frames = true;
(function frame(now) { if (!frames) return; if (last) gap = Math.max(gap, now - last); last = now; requestAnimationFrame(frame); })(0);
// Three chunks from the middle of the page: the reader arrives four screens above each and
// scrolls down a screen every 50 ms until it has loaded and ten screens more.
const all = [...document.querySelectorAll('.cr-chat > .cr-chunk')];
const holders = all.slice(Math.max(0, (all.length >> 1) - 1), (all.length >> 1) + 2);
const started = performance.now();
let steps = 0, at = 0, after = -1;
function arrive() {
  last = 0;
  window.scrollTo(0, holders[at].getBoundingClientRect().top + scrollY - 4 * innerHeight);
  setTimeout(step, 100);
}
function step() {
  window.scrollBy(0, innerHeight);
  steps++;
  if (after < 0 && !holders[at].isConnected) after = 0;
  if (after >= 0 && ++after > 10 || steps > 2000) {
    after = -1;
    if (++at < holders.length && steps <= 2000) return arrive();
    frames = false;
    return done({steps, seconds: (performance.now() - started) / 1000, longest: Math.max(0, ...tasks), over: tasks.length,
                 gap, loaded: holders.filter(h => !h.isConnected).length});
  }
  setTimeout(step, 50);
}
if (holders.length) arrive(); else done(null);
"""


def scrolling(folder):
    """Scrolls `folder`'s page a screen at a time into three chunks from its middle."""
    import browser_support as bs
    if not os.path.isdir(os.path.join(folder, "chunks")):
        return None
    driver = bs.start_chrome(logging=False)
    try:
        driver.set_page_load_timeout(600)
        driver.set_script_timeout(600)
        driver.get("file://" + os.path.join(folder, "index.html"))
        return driver.execute_async_script(SCROLL_JS)
    finally:
        driver.quit()


rows = []
searches = []
scrolls = []
for kind in ("claude-code", "codex"):
    path = session(kind)
    out = os.path.join(args.work, f"out-{kind}")
    measured = run([args.binary, "render", path, "--out", out, "--quiet"], out)
    paint, contentful = first_paint(os.path.join(out, "index.html"))
    searches.append((kind, search_reach(out)))
    scrolls.append((kind, scrolling(out)))
    rows.append((kind, "chatrender", os.path.getsize(path), measured, (paint, contentful)))
    if kind == "claude-code" and not args.skip_ccl:
        target = os.path.join(args.work, "out-ccl.html")
        ccl = run([os.path.join(args.venv_bin, "claude-code-log"), path, "--no-cache", "-o", target], target, timeout=args.ccl_timeout, memory=args.ccl_memory)
        rows.append((kind, "claude-code-log", os.path.getsize(path), ccl, None))

print(f"| session | tool | log | wall s | CPU s | peak RSS | written | first paint | first contentful paint | ended |")
print("|---|---|---|---|---|---|---|---|---|---|")
for kind, tool, log, m, paint in rows:
    paints = f"{paint[0]:.0f} ms | {paint[1]:.0f} ms" if paint else "— | —"
    print(f"| {kind} | {tool} | {log / 2**20:,.0f} MiB | {m['wall']:.1f} | {m['cpu']:.1f} | {m['rss']:,.0f} MiB | "
          f"{m['bytes'] / 2**20:,.0f} MiB | {paints} | {m['ended']} |")
chatrender = next((r for r in rows if r[0] == "claude-code" and r[1] == "chatrender"), None)
ccl = next((r for r in rows if r[1] == "claude-code-log"), None)
if chatrender and ccl:
    bound = "" if ccl[3]["ended"] == "ok" else " (claude-code-log did not finish: against the time it was given)"
    print(f"\nchatrender ÷ claude-code-log, wall: {chatrender[3]['wall'] / ccl[3]['wall']:.3f}×; "
          f"CPU: {chatrender[3]['cpu'] / ccl[3]['cpu']:.3f}×{bound}")

print("\n| session | search index loaded | query | hits | following a result into a chunk not loaded |")
print("|---|---|---|---|---|")
for kind, found in searches:
    if not found:
        print(f"| {kind} | (page not in chunks) | | | |")
        continue
    reach = f"{found['reach']:.0f} ms ({found['turn']}{', already on the page' if found.get('wasOnPage') else ''})"
    print(f"| {kind} | {found['load'] / 1000:.1f} s | {found['query']:.0f} ms | {found['count']:,} | {reach} |")

print("\n| session | scrolled through | screens | longest frame gap | longest main-thread task | tasks over 50 ms |")
print("|---|---|---|---|---|---|")
for kind, scrolled in scrolls:
    if not scrolled:
        print(f"| {kind} | (page not in chunks) | | | | |")
        continue
    print(f"| {kind} | {scrolled['loaded']} chunks loaded in {scrolled['seconds']:.1f} s | {scrolled['steps']:,} | {scrolled['gap']:.0f} ms | "
          f"{scrolled['longest']:.0f} ms | {scrolled['over']} |")
