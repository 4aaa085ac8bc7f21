"""The scaling row of the text benchmark (100k turns ÷ 10k turns, `render --markup full --no-cache`
as bench/text/text.py runs it), for one build or several side by side: each build's renders of
10k turns (whole, and in chunks with --split-over 1MB) and of 100k turns (in chunks, the default
at that size, and whole with --split-over 1000MB), in interleaved rounds so that a busy moment
falls on every build alike. Prints each case's best and median wall and CPU time (user + system,
every thread, from wait4), its peak memory and the load average, then the ratios.

usage: python3 bench/text/scaling.py WORK_DIR NAME=BINARY[,NAME=BINARY…] [--rounds 3]

The inputs are WORK_DIR/text-10000 and WORK_DIR/text-100000 (made with make_text.py when
missing); outputs go to the temporary folder (point TMPDIR at a memory file system)."""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
parser = argparse.ArgumentParser()
parser.add_argument("work")
parser.add_argument("builds", help="NAME=BINARY, comma-separated")
parser.add_argument("--rounds", type=int, default=3)
args = parser.parse_args()
builds = dict(b.split("=", 1) for b in args.builds.split(","))
env = dict(os.environ, CHATRENDER_DATA=ROOT)


def inputs(turns):
    d = os.path.join(os.path.abspath(args.work), f"text-{turns}")
    if not os.path.exists(os.path.join(d, "conversation.json")):
        subprocess.run([sys.executable, os.path.join(HERE, "make_text.py"), d, str(turns)], check=True)
    return d


cases = [(10000, []), (10000, ["--split-over", "1MB"]), (100000, []), (100000, ["--split-over", "1000MB"])]
out = os.path.join(tempfile.mkdtemp(prefix="chatrender-scaling-"), "out")
runs = {}
for _ in range(args.rounds):
    for name, binary in builds.items():
        for turns, extra in cases:
            shutil.rmtree(out, ignore_errors=True)
            cmd = [os.path.abspath(binary), "render", "conversation.json", "--out", out, "--markup", "full", "--quiet", "--no-cache"] + extra
            start = time.perf_counter()
            p = subprocess.Popen(cmd, cwd=inputs(turns), env=env)
            _, status, usage = os.wait4(p.pid, 0)
            wall = time.perf_counter() - start
            if os.waitstatus_to_exitcode(status) != 0:
                sys.exit(f"{' '.join(cmd)} failed")
            runs.setdefault((name, turns, " ".join(extra)), []).append(
                (wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, os.getloadavg()[0]))
shutil.rmtree(os.path.dirname(out), ignore_errors=True)

for (name, turns, extra), rs in runs.items():
    wall, cpu = [r[0] for r in rs], [r[1] for r in rs]
    print(f"{name:10} {turns:>7,} {extra or 'default':22} wall best {min(wall):.3f} s (median {statistics.median(wall):.3f})  "
          f"CPU best {min(cpu):.3f} s (median {statistics.median(cpu):.3f})  peak {max(r[2] for r in rs):.0f} MiB  "
          f"load {min(r[3] for r in rs):.1f}–{max(r[3] for r in rs):.1f}")
for name in builds:
    def best(turns, extra, i):
        return min(r[i] for r in runs[(name, turns, extra)])
    print(f"{name}: 100k ÷ 10k (the bench's row) wall {best(100000, '', 0) / best(10000, '', 0):.2f}×, "
          f"CPU {best(100000, '', 1) / best(10000, '', 1):.2f}×; 100k whole ÷ 10k wall {best(100000, '--split-over 1000MB', 0) / best(10000, '', 0):.2f}×, "
          f"CPU {best(100000, '--split-over 1000MB', 1) / best(10000, '', 1):.2f}×; in chunks ÷ whole, CPU: 10k "
          f"{best(10000, '--split-over 1MB', 1) / best(10000, '', 1):.2f}×, 100k {best(100000, '', 1) / best(100000, '--split-over 1000MB', 1):.2f}×")
