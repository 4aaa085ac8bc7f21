"""Claude Code sessions, side by side: chatrender (`render --from claude-code`), claude-code-log and
claude-code-transcripts render the same session logs in one run. For each: wall and CPU time (median of
--repeat rounds, each round running every tool once, interleaved), the bytes of HTML written, and page-ready time in headless Chromium (the first frame
after the load event, median of cold loads).

Sessions:
  fixture   the 2.1 session of the tests (Tests/ChatRenderTests/Fixtures/import/claude-code):
            thinking, twelve tool calls of nine kinds, a sidecar sub-agent, a compaction, images
  long-N    the fixture's session repeated N times with fresh ids (one long working day), written
            to WORK/claude-code/long-N/ with the sub-agent's sidecar beside it

usage: .venv/bin/python bench/claude_code.py CHATRENDER_BINARY WORK_DIR VENV_BIN [--long 40,200] [--repeat 3]
(bench/run.sh makes the venv with the pinned claude-code-log and claude-code-transcripts.)"""
import argparse
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FIXTURE = os.path.join(ROOT, "Tests", "ChatRenderTests", "Fixtures", "import", "claude-code", "projects", "-home-ana-src-shop")
SID = "7f3c9a12-5b8e-4d21-9c47-0e6a1b2c3d4e"

parser = argparse.ArgumentParser()
parser.add_argument("binary")
parser.add_argument("work")
parser.add_argument("venv_bin")
parser.add_argument("--long", default="40,200", help="repeat counts for the long sessions")
parser.add_argument("--repeat", type=int, default=3)
parser.add_argument("--no-browser", action="store_true", help="skip page-ready times")
args = parser.parse_args()
args.binary = os.path.abspath(args.binary)
args.work = os.path.abspath(os.path.join(args.work, "claude-code"))
args.venv_bin = os.path.abspath(args.venv_bin)
env = dict(os.environ, CHATRENDER_DATA=ROOT)


def long_session(copies):
    """The fixture session `copies` times over, each copy's ids made its own."""
    folder = os.path.join(args.work, f"long-{copies}")
    path = os.path.join(folder, SID + ".jsonl")
    if os.path.exists(path):
        return path
    os.makedirs(folder, exist_ok=True)
    lines = open(os.path.join(FIXTURE, SID + ".jsonl"), encoding="utf-8").read().splitlines()
    with open(path, "w", encoding="utf-8") as out:
        for c in range(copies):
            for line in lines:
                record = json.loads(line)
                if record.get("type") in ("ai-title", "custom-title", "summary") and c != copies - 1:
                    continue
                text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
                text = re.sub(r'"(toolu_|msg_|req_)', lambda m: f'"{m.group(1)}c{c}_', text)
                text = re.sub(r'("(?:uuid|parentUuid|logicalParentUuid|leafUuid)":")([^"]+)"', lambda m: f'{m.group(1)}{m.group(2)}-c{c}"', text)
                out.write(text + "\n")
    shutil.copytree(os.path.join(FIXTURE, SID), os.path.join(folder, SID), dirs_exist_ok=True)
    return path


def html_bytes(target):
    if os.path.isdir(target):
        return sum(os.path.getsize(os.path.join(r, f)) for r, _, fs in os.walk(target) for f in fs if f.endswith(".html"))
    return os.path.getsize(target)


def run(cmd, target):
    if os.path.isdir(target):
        shutil.rmtree(target)
    elif os.path.exists(target):
        os.remove(target)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(f"{cmd[0]} failed ({done.returncode}): {done.stderr.decode(errors='replace')[-600:]}")
    # CPU (user + system) as well as wall time: on a shared machine the wall clock waits for others.
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def tools(session, out):
    vb = args.venv_bin
    return [
        ("chatrender", [args.binary, "render", "--from", "claude-code", session, "--out", f"{out}/chatrender", "--quiet", "--no-cache"],
         f"{out}/chatrender", f"{out}/chatrender/index.html"),
        ("claude-code-log", [f"{vb}/claude-code-log", session, "--no-cache", "-o", f"{out}/ccl.html"], f"{out}/ccl.html", f"{out}/ccl.html"),
        ("claude-code-transcripts", [f"{vb}/claude-code-transcripts", "json", session, "-o", f"{out}/cct"], f"{out}/cct", f"{out}/cct/index.html"),
    ]


def page_ready(paths):
    """Median first-frame-after-load time per page, cold loads in a fresh browser each."""
    sys.path.insert(0, os.path.join(ROOT, "Tests", "Browser"))
    import browser_support  # noqa: E402
    from selenium import webdriver  # noqa: E402
    ready = {}
    for name, path in paths:
        times = []
        for _ in range(args.repeat):
            options = webdriver.ChromeOptions()
            options.binary_location = "/usr/bin/chromium"
            for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1024,900"):
                options.add_argument(a)
            d = browser_support.start_chrome(options=options)
            try:
                d.set_page_load_timeout(300)
                d.set_script_timeout(300)
                d.get("file://" + path)
                times.append(d.execute_async_script(
                    "const done = arguments[arguments.length - 1];"
                    "const after = () => requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now())));"
                    "if (document.readyState === 'complete') after(); else addEventListener('load', after);"))
            finally:
                d.quit()
        ready[name] = statistics.median(times)
    return ready


sessions = [("fixture", os.path.join(FIXTURE, SID + ".jsonl"))]
for copies in [int(c) for c in args.long.split(",") if c]:
    sessions.append((f"long-{copies}", long_session(copies)))

rows = []
for label, session in sessions:
    out = os.path.join(args.work, f"out-{label}")
    os.makedirs(out, exist_ok=True)
    lines = sum(1 for _ in open(session, encoding="utf-8"))
    measured = {}
    # Interleaved: each round runs every tool once, so a shared machine's load, which drifts over
    # seconds, weighs on all of them alike rather than on whichever ran while it lasted.
    runs = {name: [] for name, _, _, _ in tools(session, out)}
    for _ in range(args.repeat):
        for name, cmd, target, _ in tools(session, out):
            runs[name].append(run(cmd, target))
    for name, cmd, target, page in tools(session, out):
        measured[name] = {"wall": statistics.median(r[0] for r in runs[name]), "cpu": statistics.median(r[1] for r in runs[name]),
                          "bytes": html_bytes(target), "page": page}
        print(f"{label:>10} {name:<24} {measured[name]['wall']:8.3f} s  cpu {measured[name]['cpu']:8.3f} s  {measured[name]['bytes']:>11,} B",
              file=sys.stderr, flush=True)
    if not args.no_browser:
        ready = page_ready([(n, m["page"]) for n, m in measured.items()])
        for n in measured:
            measured[n]["ready"] = ready[n]
    rows.append((label, lines, os.path.getsize(session), measured))

print("### Claude Code sessions: the same logs, three renderers\n")
print("| session | lines | log | tool | wall (s) | × chatrender | CPU (s) | × chatrender | HTML | page ready (ms) |")
print("| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
for label, lines, size, measured in rows:
    base, base_cpu = measured["chatrender"]["wall"], measured["chatrender"]["cpu"]
    for name, m in measured.items():
        ready = f"{m['ready']:.0f}" if "ready" in m else "–"
        print(f"| {label} | {lines:,} | {size / 1024:,.0f} KiB | {name} | {m['wall']:.3f} | {m['wall'] / base:.1f} | "
              f"{m['cpu']:.3f} | {m['cpu'] / base_cpu:.1f} | {m['bytes'] / 1024:,.0f} KiB | {ready} |")
