"""A/B: two chatrender builds on the same inputs, interleaved in one run, so a change that should
not move the figures (a refactor) can be shown to stay within noise on a shared, noisy machine.

usage: python3 bench/ab.py BEFORE_BINARY AFTER_BINARY WORK_DIR [--turns 1000,10000] [--runs 11]
       [--photos DIR] [--cached-photos DIR]

For each input, the two binaries run alternately (A B A B …, starting with the other one each
round), --runs times each. Prints the median and the interquartile range of wall time and the
median peak memory per binary, and after/before ratios. Inputs: the text benchmark's conversation
(bench/text/make_text.py) at each --turns; with --photos, a photo folder made by
bench/make_photos.py (a fresh render); with --cached-photos, a re-export over a previous output.
Python standard library only."""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ENV = dict(os.environ, CHATRENDER_DATA=ROOT)

parser = argparse.ArgumentParser()
parser.add_argument("before")
parser.add_argument("after")
parser.add_argument("work")
parser.add_argument("--turns", default="1000,10000")
parser.add_argument("--runs", type=int, default=11)
parser.add_argument("--photos")
parser.add_argument("--cached-photos")
args = parser.parse_args()
binaries = {"before": os.path.abspath(args.before), "after": os.path.abspath(args.after)}
os.makedirs(args.work, exist_ok=True)


def run(cmd, cwd):
    with tempfile.NamedTemporaryFile("r", suffix=".time") as tf:
        # Each run's cache (--cache) is empty: builds with and without one do the same work.
        cache = tempfile.mkdtemp(prefix="ab-cache-")
        start = time.perf_counter()
        p = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", tf.name] + cmd, cwd=cwd, env=dict(ENV, XDG_CACHE_HOME=cache),
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        wall = time.perf_counter() - start
        shutil.rmtree(cache, ignore_errors=True)
        if p.returncode != 0:
            sys.exit(f"{cmd[0]} failed ({p.returncode}): {p.stderr.decode(errors='replace')[-400:]}")
        return wall, int(tf.read().split()[-1]) / 1024


def case(label, folder, conversation, extra, fresh=True):
    samples = {name: [] for name in binaries}
    order = list(binaries)
    for i in range(args.runs):
        for name in (order if i % 2 == 0 else order[::-1]):
            out = os.path.join(args.work, f"out-{name}-{label}")
            if fresh and os.path.exists(out):
                shutil.rmtree(out)
            samples[name].append(run([binaries[name], "render", conversation, "--out", out, "--quiet"] + extra, folder))
    row = [label]
    medians = {}
    for name in binaries:
        walls = sorted(w for w, _ in samples[name])
        q = statistics.quantiles(walls, n=4) if len(walls) >= 4 else [walls[0], walls[-1], walls[-1]]
        medians[name] = statistics.median(walls)
        peak = statistics.median(m for _, m in samples[name])
        row += [f"{medians[name]:.3f}", f"{q[0]:.3f}–{q[2]:.3f}", f"{peak:.0f}"]
    row.append(f"{medians['after'] / medians['before']:.3f}")
    print("| " + " | ".join(row) + " |", flush=True)


print(f"{args.runs} runs each, interleaved. Wall seconds: median and interquartile range; "
      "peak memory in MiB (median); ratio = after ÷ before (< 1: after is faster).\n")
print("| input | before (s) | before IQR | before MiB | after (s) | after IQR | after MiB | after ÷ before |")
print("| --- | ---: | --- | ---: | ---: | --- | ---: | ---: |")
for turns in [int(t) for t in args.turns.split(",") if t]:
    folder = os.path.join(args.work, f"text-{turns}")
    if not os.path.exists(os.path.join(folder, "conversation.json")):
        subprocess.run([sys.executable, os.path.join(HERE, "text", "make_text.py"), folder, str(turns)], check=True)
    for markup in ("full", "inline"):
        case(f"text {turns} turns, --markup {markup}", folder, "conversation.json", ["--markup", markup])
if args.photos:
    case(f"photos ({os.path.basename(args.photos)}), fresh", args.photos, "conversation.json", [])
if args.cached_photos:
    # The first run of each binary makes its output; every run after re-exports over it.
    case(f"cached re-export ({os.path.basename(args.cached_photos)})", args.cached_photos, "conversation.json", [], fresh=False)
