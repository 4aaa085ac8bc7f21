"""What a site's insights page costs (issue 41: at most 5% of the site's time): the same site
rendered with and without it (`--no-insights`), alternately, each run in a fresh output folder,
with no cache. For each input: wall and CPU time (user + system), medians of --repeat rounds, and
the insights' share of the site's time; the CPU share is the one to read on a shared machine.

Inputs:
  chatgpt   the seeded ChatGPT export of bench/site/site.py (make_chatgpt_export.py, 2,000
            conversations, 40,000 messages): a site of chats, no tools or tokens;
  agents    a folder of Claude Code and Codex sessions (--sessions of them, half each): the test
            fixtures' sessions copied with fresh ids and dates spread over a year, so every chart
            has work to draw (tools, failures, tokens, costs, sub-agents, compactions).

With --instructions, each site is also rendered once each way under callgrind (valgrind, Debian's
package) and its instructions counted: a figure the machine's load does not move, which on a
shared machine is the one to trust. callgrind reads no Swift debug information of a static
binary, so it runs a copy with the debug sections stripped (objcopy --strip-debug).

usage: python3 bench/site/insights.py CHATRENDER_BINARY WORK_DIR [--repeat 5] [--sessions 1000]
       [--conversations 2000] [--messages 40000] [--only chatgpt|agents] [--instructions]"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
IMPORT = os.path.join(ROOT, "Tests", "ChatRenderTests", "Fixtures", "import")

parser = argparse.ArgumentParser()
parser.add_argument("binary")
parser.add_argument("work")
parser.add_argument("--repeat", type=int, default=5)
parser.add_argument("--sessions", type=int, default=1000)
parser.add_argument("--conversations", type=int, default=2000)
parser.add_argument("--messages", type=int, default=40000)
parser.add_argument("--only", choices=["chatgpt", "agents"])
parser.add_argument("--instructions", action="store_true", help="also count instructions with callgrind")
args = parser.parse_args()
args.binary = os.path.abspath(args.binary)
work = os.path.abspath(os.path.join(args.work, "insights"))
env = dict(os.environ, CHATRENDER_DATA=ROOT)


def chatgpt_export():
    """The seeded export of bench/site/site.py, made once."""
    folder = os.path.join(os.path.abspath(args.work), f"site-{args.conversations}", "export")
    path = os.path.join(folder, "conversations.json")
    if not os.path.exists(path):
        subprocess.run([sys.executable, os.path.join(HERE, "make_chatgpt_export.py"), folder,
                        "--conversations", str(args.conversations), "--messages", str(args.messages)],
                       check=True, stdout=subprocess.DEVNULL)
    return ["--from", "chatgpt", path]


TIMESTAMP = re.compile(r'"(timestamp|created_at)":"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z)"')


def shifted(text, days):
    """Every ISO timestamp of a JSON-lines log moved back by `days` days."""
    from datetime import datetime, timedelta

    def move(match):
        stamp = match.group(2)
        fraction = ""
        if "." in stamp:
            stamp, fraction = stamp[:-1].split(".")
            fraction = "." + fraction
        else:
            stamp = stamp[:-1]
        moved = datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%S") - timedelta(days=days)
        return f'"{match.group(1)}":"{moved.strftime("%Y-%m-%dT%H:%M:%S")}{fraction}Z"'
    return TIMESTAMP.sub(move, text)


def agent_logs():
    """Claude Code and Codex sessions, a folder each, made once: the fixtures' sessions with
    fresh ids, each moved back a number of days so they spread over a year."""
    logs = os.path.join(work, f"agents-{args.sessions}")
    if os.path.exists(os.path.join(logs, ".done")):
        return [logs]
    shutil.rmtree(logs, ignore_errors=True)
    claude = os.path.join(IMPORT, "claude-code", "projects", "-home-ana-src-shop")
    codex = os.path.join(IMPORT, "codex", "sessions", "2026", "06")
    claude_sessions = [f for f in sorted(os.listdir(claude)) if f.endswith(".jsonl") and not f.startswith("agent-")]
    codex_sessions = [os.path.join(root, f) for root, _, files in sorted(os.walk(codex)) for f in sorted(files) if f.endswith(".jsonl")]
    for n in range(args.sessions):
        days = (n * 37) % 365
        if n % 2 == 0:
            name = claude_sessions[(n // 2) % len(claude_sessions)]
            old = name[:-len(".jsonl")]
            new = str(uuid.UUID(int=n + 1))
            project = os.path.join(logs, "claude", f"-home-ana-src-project-{n % 7}")
            os.makedirs(project, exist_ok=True)
            text = open(os.path.join(claude, name), encoding="utf-8").read().replace(old, new)
            open(os.path.join(project, new + ".jsonl"), "w", encoding="utf-8").write(shifted(text, days))
            sidecars = os.path.join(claude, old)
            if os.path.isdir(sidecars):
                shutil.copytree(sidecars, os.path.join(project, new))
        else:
            source = codex_sessions[(n // 2) % len(codex_sessions)]
            match = re.search(r"rollout-(.+?)-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$", source)
            stamp, old = match.group(1), match.group(2)
            new = str(uuid.UUID(int=10**9 + n))
            folder = os.path.join(logs, "codex", "2026", f"{n % 12 + 1:02d}", "01")
            os.makedirs(folder, exist_ok=True)
            text = open(source, encoding="utf-8").read().replace(old, new)
            open(os.path.join(folder, f"rollout-{stamp}-{new}.jsonl"), "w", encoding="utf-8").write(shifted(text, days))
    open(os.path.join(logs, ".done"), "w").close()
    return [logs]


def run(command):
    """Wall seconds and CPU seconds (user + system) of one process."""
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    error = process.stderr.read().decode(errors="replace")
    process.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{command[0]} failed:\n{error}")
    return wall, usage.ru_utime + usage.ru_stime


def measure(name, source):
    results = {"with insights": [], "--no-insights": []}
    out = os.path.join(work, "out")
    pages = 0
    for _ in range(args.repeat):
        for mode in results:
            shutil.rmtree(out, ignore_errors=True)
            extra = ["--no-insights"] if mode == "--no-insights" else []
            results[mode].append(run([args.binary, "render", *source, "--out", out, "--quiet", "--no-cache", *extra]))
            if mode == "with insights":
                pages = len([p for p in os.listdir(out) if os.path.exists(os.path.join(out, p, "index.html"))]) - 1
                size = sum(os.path.getsize(os.path.join(out, "insights", f)) for f in os.listdir(os.path.join(out, "insights")))
    shutil.rmtree(out, ignore_errors=True)
    wall = {m: statistics.median(r[0] for r in runs) for m, runs in results.items()}
    cpu = {m: statistics.median(r[1] for r in runs) for m, runs in results.items()}
    spread = {m: (min(r[1] for r in runs), max(r[1] for r in runs)) for m, runs in results.items()}
    print(f"| {name} ({pages:,} conversations) | {wall['--no-insights']:.2f} s | {wall['with insights']:.2f} s | "
          f"{(wall['with insights'] / wall['--no-insights'] - 1) * 100:+.1f}% | {cpu['--no-insights']:.2f} s | {cpu['with insights']:.2f} s | "
          f"{(cpu['with insights'] / cpu['--no-insights'] - 1) * 100:+.1f}% | "
          f"{spread['--no-insights'][0]:.2f}–{spread['--no-insights'][1]:.2f} / {spread['with insights'][0]:.2f}–{spread['with insights'][1]:.2f} s | "
          f"{size / 1e3:.0f} kB |")


def instructions(name, source):
    """Instructions of one render each way, counted by callgrind (every thread's)."""
    stripped = os.path.join(work, "chatrender-nodebug")
    subprocess.run(["objcopy", "--strip-debug", args.binary, stripped], check=True)
    counts = {}
    out = os.path.join(work, "out")
    for mode, extra in (("--no-insights", ["--no-insights"]), ("with insights", [])):
        shutil.rmtree(out, ignore_errors=True)
        log = os.path.join(work, "callgrind.out")
        done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={log}", stripped, "render", *source,
                               "--out", out, "--quiet", "--no-cache", *extra], env=env, capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"callgrind failed:\n{done.stderr[-2000:]}")
        counts[mode] = int(re.search(r"refs:\s+([\d,]+)", done.stderr).group(1).replace(",", ""))
        os.remove(log)
    shutil.rmtree(out, ignore_errors=True)
    without, with_ = counts["--no-insights"], counts["with insights"]
    print(f"| {name} | {without / 1e6:,.0f} M | {with_ / 1e6:,.0f} M | {(with_ - without) / 1e6:,.1f} M | {(with_ / without - 1) * 100:+.2f}% |")


def main():
    os.makedirs(work, exist_ok=True)
    print(f"### The insights page's cost (median of {args.repeat} alternating rounds, --no-cache)")
    print()
    print("| site | wall without | wall with | wall cost | CPU without | CPU with | CPU cost | CPU range (without / with) | insights/ size |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    if args.only in (None, "chatgpt"):
        measure("ChatGPT export", chatgpt_export())
    if args.only in (None, "agents"):
        measure("Claude Code and Codex sessions", agent_logs())
    print()
    print(f"Load average at the end: {' '.join(open('/proc/loadavg').read().split()[:3])}")
    if args.instructions:
        print()
        print("Instructions (callgrind, one render each way, every thread):")
        print()
        print("| site | without | with | the insights | share |")
        print("| --- | ---: | ---: | ---: | ---: |")
        if args.only in (None, "chatgpt"):
            instructions("ChatGPT export", chatgpt_export())
        if args.only in (None, "agents"):
            instructions(f"Claude Code and Codex sessions ({args.sessions:,})", agent_logs())


main()
