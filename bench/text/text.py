"""Text benchmark: the same turns rendered by chatrender and by the reference tools, side by side in
one run, then chatrender's scaling. Prints Markdown tables (median wall time of the repeats, peak
memory from /usr/bin/time, ratios to chatrender) and writes them as JSON too.

usage: python3 bench/text/text.py CHATRENDER_BINARY WORK_DIR VENV_BIN [--sizes 1000,10000,100000]
       [--compare-sizes 1000,10000] [--repeat 3] [--slow-budget 240]

A tool slower than --slow-budget seconds at one size is run once (not repeated) at the next and
skipped at sizes past that, so one run stays within minutes on two cores; skipped cells say so.

--check FILE: the speed guard's text rows instead (bench/run.sh --check, bench/check/): at the two
--check-sizes (small, large), in --repeat interleaved rounds, chatrender `--markup full` against
pandoc and claude-code-log at the small size and against cmark-gfm at the large one; the large
size in chunks (`--split-over 1MB`, the path a page past 32 MB of text takes) against the small
size whole (the scaling) and against the large size whole (the cost of the chunks and their search
shards). Each side's best round; the rows are added to FILE (bench/check/rows.py)."""
import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
ENV = dict(os.environ, CHATRENDER_DATA=ROOT)  # a binary built outside the repository finds the templates here

parser = argparse.ArgumentParser()
parser.add_argument("binary")
parser.add_argument("work")
parser.add_argument("venv_bin")
parser.add_argument("--sizes", default="1000,10000,100000")
parser.add_argument("--compare-sizes", default="1000,10000")
parser.add_argument("--repeat", type=int, default=3)
parser.add_argument("--slow-budget", type=float, default=240)
parser.add_argument("--rich-sizes", default="",
                    help="also time chatrender against cmark-gfm on replies with code in a dozen languages and "
                         "TeX math (make_text.py --rich) at these sizes, e.g. 10000")
parser.add_argument("--check", metavar="FILE", help="the speed guard's rows into FILE (see above)")
parser.add_argument("--check-sizes", default="1000,10000", help="--check: the small and the large size")
args = parser.parse_args()
args.venv_bin = os.path.abspath(args.venv_bin)
args.work = os.path.abspath(args.work)  # the tools run in the input's folder
args.binary = os.path.abspath(args.binary)
sizes = [int(s) for s in args.sizes.split(",")]
compare_sizes = [int(s) for s in args.compare_sizes.split(",")]


def inputs(turns, rich=False):
    d = os.path.join(args.work, f"text-{'rich-' if rich else ''}{turns}")
    if not os.path.exists(os.path.join(d, "session.jsonl")):
        subprocess.run([sys.executable, os.path.join(HERE, "make_text.py"), d, str(turns)] + (["--rich"] if rich else []), check=True)
    return d


def measure(cmd, cwd, out):
    """Wall seconds (perf_counter around the process), CPU seconds (user + system) and peak RSS in
    MiB, the last two from /usr/bin/time."""
    if os.path.isdir(out):
        shutil.rmtree(out)
    elif os.path.exists(out):
        os.remove(out)
    # The child's own resource usage (wait4), to the microsecond: a 1k-turn render takes 20 ms,
    # which /usr/bin/time's hundredths would round to nothing.
    with tempfile.TemporaryFile() as errors:
        start = time.perf_counter()
        p = subprocess.Popen(cmd, cwd=cwd, env=ENV, stdout=subprocess.DEVNULL, stderr=errors)
        _, status, usage = os.wait4(p.pid, 0)
        wall = time.perf_counter() - start
        p.returncode = os.waitstatus_to_exitcode(status)
        if p.returncode != 0:
            errors.seek(0)
            raise RuntimeError(f"{cmd[0]} failed ({p.returncode}): {errors.read().decode(errors='replace')[-500:]}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def tools(d, out):
    vb = args.venv_bin
    return [
        ("chatrender --markup full", [args.binary, "render", "conversation.json", "--out", f"{out}/cr-full", "--markup", "full", "--quiet", "--no-cache"], f"{out}/cr-full"),
        ("chatrender --markup inline", [args.binary, "render", "conversation.json", "--out", f"{out}/cr-inline", "--markup", "inline", "--quiet", "--no-cache"], f"{out}/cr-inline"),
        ("cmark-gfm", ["sh", "-c", f"cmark-gfm -e table -e autolink -e strikethrough conversation.md > {out}/cmark.html"], f"{out}/cmark.html"),
        ("pandoc -s", ["pandoc", "-s", "-f", "gfm", "-t", "html5", "--metadata", "title=Conversation", "conversation.md", "-o", f"{out}/pandoc.html"], f"{out}/pandoc.html"),
        ("claude-code-log", [f"{vb}/claude-code-log", "session.jsonl", "--no-cache", "-o", f"{out}/ccl.html"], f"{out}/ccl.html"),
        ("claude-code-transcripts", [f"{vb}/claude-code-transcripts", "json", "session.jsonl", "-o", f"{out}/cct"], f"{out}/cct"),
    ]


def check(path):
    """The speed guard's text rows (see the module's doc)."""
    sys.path.insert(0, os.path.join(ROOT, "bench", "check"))
    import rows
    small, large = (int(s) for s in args.check_sizes.split(","))
    cases = {}  # name -> (command, folder it runs in, output to clear)
    # Outputs in the temporary folder (bench/run.sh --check points it at a memory file system).
    scratch = tempfile.mkdtemp(prefix="chatrender-check-text-")
    for turns in (small, large):
        d = inputs(turns)
        out = os.path.join(scratch, str(turns))
        os.makedirs(out, exist_ok=True)
        for name, cmd, target in tools(d, out):
            cases[(name, turns)] = (cmd, d, target)
        # The same render into its own folder, in chunks.
        cmd, d, target = cases[("chatrender --markup full", turns)]
        chunked_out = target + "-chunks"
        cases[("chatrender --markup full, in chunks", turns)] = (
            [chunked_out if part == target else part for part in cmd] + ["--split-over", "1MB"], d, chunked_out)
    plan = [("chatrender --markup full", small), ("pandoc -s", small), ("claude-code-log", small),
            ("chatrender --markup full", large), ("cmark-gfm", large), ("chatrender --markup full, in chunks", large)]
    runs = {case: [] for case in plan}
    for round_index in range(args.repeat):
        # Each round starts one case later, so no case always runs first.
        shift = round_index % len(plan)
        for case in plan[shift:] + plan[:shift]:
            cmd, d, target = cases[case]
            runs[case].append(measure(cmd, d, target))
    if not os.path.isdir(os.path.join(scratch, str(large), "cr-full-chunks", "chunks")):
        sys.exit(f"--split-over 1MB did not put the {large:,}-turn page in chunks: the check would not time the chunked path")
    shutil.rmtree(scratch)
    cr_small, cr_large = ("chatrender --markup full", small), ("chatrender --markup full", large)
    chunked = ("chatrender --markup full, in chunks", large)
    rows.add(path, f"text {small:,} turns ÷ pandoc -s", "chatrender --markup full", "pandoc -s", runs[cr_small], runs[("pandoc -s", small)])
    rows.add(path, f"text {small:,} turns ÷ claude-code-log", "chatrender --markup full", "claude-code-log",
             runs[cr_small], runs[("claude-code-log", small)])
    rows.add(path, f"text {large:,} turns ÷ cmark-gfm", "chatrender --markup full", "cmark-gfm", runs[cr_large], runs[("cmark-gfm", large)])
    rows.add(path, f"scaling: {large:,} turns in chunks ÷ {small:,} turns", f"{large:,} turns, --split-over 1MB",
             f"{small:,} turns", runs[chunked], runs[cr_small])
    rows.add(path, f"chunks: {large:,} turns in chunks ÷ whole", "--split-over 1MB", "whole (the default at this size)",
             runs[chunked], runs[cr_large])


if args.check:
    check(os.path.abspath(args.check))
    sys.exit(0)

results = {}  # (tool, turns) -> dict
slow = {}     # tool -> "once" | "skip"
for turns in sorted(set(sizes) | set(compare_sizes)):
    d = inputs(turns)
    out = os.path.join(args.work, f"text-out-{turns}")
    os.makedirs(out, exist_ok=True)
    for name, cmd, target in tools(d, out):
        is_chatrender = name.startswith("chatrender")
        if not is_chatrender and turns not in compare_sizes:
            continue
        if slow.get(name) == "skip":
            results[(name, turns)] = {"skipped": True}
            continue
        repeat = 1 if slow.get(name) == "once" else args.repeat
        runs = [measure(cmd, d, target) for _ in range(repeat)]
        wall = statistics.median(r[0] for r in runs)
        cpu = statistics.median(r[1] for r in runs)
        peak = max(r[2] for r in runs)
        if is_chatrender:
            size = os.path.getsize(os.path.join(target, "index.html"))
        else:
            size = (sum(os.path.getsize(os.path.join(r, f)) for r, _, fs in os.walk(target) for f in fs)
                    if os.path.isdir(target) else os.path.getsize(target))
        results[(name, turns)] = {"wall": wall, "cpu": cpu, "peak_mib": peak, "runs": len(runs), "bytes": size}
        print(f"{turns:>7} {name:<28} {wall:8.3f} s  cpu {cpu:8.3f} s  {peak:8.1f} MiB  n={len(runs)}", file=sys.stderr, flush=True)
        if not is_chatrender and wall > args.slow_budget:
            slow[name] = "skip"
        elif not is_chatrender and wall * 10 > args.slow_budget:
            slow[name] = "once" if slow.get(name) is None else "skip"

print("### Text: the same turns, every tool\n")
print(f"Median of {args.repeat} runs (n=1 where a tool is slow); ratio = tool time ÷ chatrender `--markup full` time, "
      "so > 1 means chatrender is faster. Peak = maximum resident memory.\n")
for turns in compare_sizes:
    base = results[("chatrender --markup full", turns)]["wall"]
    print(f"**{turns:,} turns**\n")
    cpu_base = results[("chatrender --markup full", turns)]["cpu"]
    print("| tool | wall (s) | × chatrender full (wall) | CPU user+sys (s) | × chatrender full (CPU) | peak memory (MiB) | output (MB) | runs |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, _, _ in tools("", ""):
        r = results.get((name, turns))
        if r is None or r.get("skipped"):
            print(f"| {name} | skipped (too slow at the size before) | | | | | | |")
            continue
        print(f"| {name} | {r['wall']:.3f} | {r['wall'] / base:.2f} | {r['cpu']:.2f} | {r['cpu'] / cpu_base:.2f} | "
              f"{r['peak_mib']:.0f} | {r['bytes'] / 1e6:.1f} | {r['runs']} |")
    print()

print("### Scaling: chatrender at every size\n")
print("| turns | mode | wall (s) | CPU (s) | µs per turn (wall) | µs per turn (CPU) | peak memory (MiB) | KiB per turn (peak) | HTML bytes per turn |")
print("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for mode in ("full", "inline"):
    for turns in sizes:
        r = results[(f"chatrender --markup {mode}", turns)]
        print(f"| {turns:,} | {mode} | {r['wall']:.3f} | {r['cpu']:.2f} | {r['wall'] / turns * 1e6:.1f} | {r['cpu'] / turns * 1e6:.1f} | {r['peak_mib']:.0f} | "
              f"{r['peak_mib'] * 1024 / turns:.1f} | {r['bytes'] / turns:.0f} |")
print()

rich_sizes = [int(x) for x in args.rich_sizes.split(",") if x]
if rich_sizes:
    print("### Rich text: fenced code in a dozen languages and TeX math\n")
    print(f"One reply in five carries highlighted code or formulas (`make_text.py --rich`). Median of {args.repeat} runs; "
          "ratio = chatrender time ÷ cmark-gfm time, so < 1 means chatrender is faster (cmark-gfm neither "
          "highlights nor typesets math).\n")
    print("| turns | tool | wall (s) | CPU (s) | peak memory (MiB) | × cmark-gfm (wall) |")
    print("| ---: | --- | ---: | ---: | ---: | ---: |")
    for turns in rich_sizes:
        d = inputs(turns, rich=True)
        out = os.path.join(args.work, f"text-rich-out-{turns}")
        os.makedirs(out, exist_ok=True)
        rich_tools = [
            ("chatrender --markup full", [args.binary, "render", "conversation.json", "--out", f"{out}/cr-full", "--markup", "full", "--quiet", "--no-cache"], f"{out}/cr-full"),
            ("chatrender (auto, the default)", [args.binary, "render", "conversation.json", "--out", f"{out}/cr-auto", "--quiet"], f"{out}/cr-auto"),
            ("cmark-gfm", ["sh", "-c", f"cmark-gfm -e table -e autolink -e strikethrough conversation.md > {out}/cmark.html"], f"{out}/cmark.html"),
        ]
        rows = {}
        # Interleaved, so a noisy moment on the machine falls on every tool alike.
        runs = {name: [] for name, _, _ in rich_tools}
        for _ in range(args.repeat):
            for name, cmd, target in rich_tools:
                runs[name].append(measure(cmd, d, target))
        for name, _, _ in rich_tools:
            rows[name] = (statistics.median(r[0] for r in runs[name]), statistics.median(r[1] for r in runs[name]),
                          max(r[2] for r in runs[name]))
        base = rows["cmark-gfm"][0]
        for name, (wall, cpu, peak) in rows.items():
            print(f"| {turns:,} | {name} | {wall:.3f} | {cpu:.2f} | {peak:.0f} | {wall / base:.2f} |")
    print()

with open(os.path.join(args.work, "text-results.json"), "w") as f:
    json.dump({f"{k[0]}@{k[1]}": v for k, v in results.items()}, f, indent=1)
