"""Codex CLI sessions, side by side: chatrender (`render ROLLOUT`, recognised by itself) and
claude-code-log (`--provider codex`), the one reference renderer that reads Codex rollouts
(claude-code-transcripts 0.6 reads only Claude Code's logs), on the same rollouts in one run.
For each: wall and CPU time (median of --repeat rounds, each round running every tool once,
interleaved) and the bytes of HTML written.

Sessions:
  fixture   the 0.13x rollout of the tests (Tests/ChatRenderTests/Fixtures/import/codex):
            reasoning, shell commands with exit codes, apply_patch, a web search, a plan,
            token counts, a model change, a compaction, an aborted turn
  long-N    its prompts and replies repeated N times with fresh call ids (one long working day),
            written to WORK/codex/long-N/

usage: python3 bench/codex.py CHATRENDER_BINARY WORK_DIR VENV_BIN [--long 40,200] [--repeat 3]
(bench/run.sh makes the venv with the pinned claude-code-log.)"""
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
FIXTURE = os.path.join(ROOT, "Tests", "ChatRenderTests", "Fixtures", "import", "codex", "sessions", "2026", "06", "05",
                       "rollout-2026-06-05T09-12-00-0197e3a1-5c2b-7d40-9a61-3f0c8e2b1d55.jsonl")

parser = argparse.ArgumentParser()
parser.add_argument("binary")
parser.add_argument("work")
parser.add_argument("venv_bin")
parser.add_argument("--long", default="40,200", help="repeat counts for the long sessions")
parser.add_argument("--repeat", type=int, default=3)
args = parser.parse_args()
args.binary = os.path.abspath(args.binary)
args.work = os.path.abspath(os.path.join(args.work, "codex"))
args.venv_bin = os.path.abspath(args.venv_bin)
env = dict(os.environ, CHATRENDER_DATA=ROOT)


def long_session(copies):
    """The fixture's turns `copies` times over after its one meta line, each copy's call ids its own."""
    folder = os.path.join(args.work, f"long-{copies}")
    path = os.path.join(folder, os.path.basename(FIXTURE))
    if os.path.exists(path):
        return path
    os.makedirs(folder, exist_ok=True)
    lines = open(FIXTURE, encoding="utf-8").read().splitlines()
    # The records a newer CLI writes that chatrender does not know stay out: both tools read the rest.
    body = [l for l in lines[1:] if '"thread_goal_updated"' not in l and '"session_note"' not in l]
    with open(path, "w", encoding="utf-8") as out:
        out.write(lines[0] + "\n")
        for c in range(copies):
            for line in body:
                out.write(re.sub(r'"call_([A-Za-z0-9]+)"', lambda m: f'"call_{m.group(1)}_c{c}"', line) + "\n")
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
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def tools(session, out):
    return [
        ("chatrender", [args.binary, "render", session, "--out", f"{out}/chatrender", "--quiet", "--no-cache"], f"{out}/chatrender"),
        ("claude-code-log", [f"{args.venv_bin}/claude-code-log", "--provider", "codex", session, "-o", f"{out}/ccl.html"],
         f"{out}/ccl.html"),
    ]


sessions = [("fixture", FIXTURE)]
for copies in [int(c) for c in args.long.split(",") if c]:
    sessions.append((f"long-{copies}", long_session(copies)))

rows = []
for label, session in sessions:
    out = os.path.join(args.work, f"out-{label}")
    os.makedirs(out, exist_ok=True)
    lines = sum(1 for _ in open(session, encoding="utf-8"))
    runs = {name: [] for name, _, _ in tools(session, out)}
    # Interleaved: each round runs every tool once, so the machine's drifting load weighs on both alike.
    for _ in range(args.repeat):
        for name, cmd, target in tools(session, out):
            runs[name].append(run(cmd, target))
    measured = {}
    for name, _, target in tools(session, out):
        measured[name] = {"wall": statistics.median(r[0] for r in runs[name]), "cpu": statistics.median(r[1] for r in runs[name]),
                          "bytes": html_bytes(target)}
        print(f"{label:>10} {name:<16} {measured[name]['wall']:8.3f} s  cpu {measured[name]['cpu']:8.3f} s  {measured[name]['bytes']:>11,} B",
              file=sys.stderr, flush=True)
    rows.append((label, lines, os.path.getsize(session), measured))

print("### Codex sessions: the same rollouts, two renderers\n")
print("| session | lines | log | tool | wall (s) | × chatrender | CPU (s) | × chatrender | HTML |")
print("| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |")
for label, lines, size, measured in rows:
    base, base_cpu = measured["chatrender"]["wall"], measured["chatrender"]["cpu"]
    for name, m in measured.items():
        print(f"| {label} | {lines:,} | {size / 1024:,.0f} KiB | {name} | {m['wall']:.3f} | {m['wall'] / base:.1f} | "
              f"{m['cpu']:.3f} | {m['cpu'] / base_cpu:.1f} | {m['bytes'] / 1024:,.0f} KiB |")
