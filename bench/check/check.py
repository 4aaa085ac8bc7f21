"""The speed guard's verdict (bench/run.sh --check): compares the rows one run measured
(bench/check/rows.py) with the recorded ones in bench/check/baseline.json, and fails when a row's
ratio is more than LIMIT (1.5) times its recorded value.

usage: python3 bench/check/check.py compare MEASURED.json [--baseline FILE]
       python3 bench/check/check.py record MEASURED.json [MEASURED.json …] [--baseline FILE]

compare: prints every row (measured, recorded, limit) and exits 1 naming each row past its limit;
a recorded row that was not measured fails too, and a measured row not recorded yet is reported
(record it). Given several runs, each row is judged by its best (lowest) ratio among them
(bench/run.sh measures a second time before failing). Exits 2 when there is nothing to compare. record: writes the baseline from one or more runs, each row's recorded ratio the
median of the runs, with every run's value kept beside it so the spread stays visible.
Python standard library only."""
import argparse
import datetime
import json
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
LIMIT = 1.5
# What is compared: CPU time (user + system) of every thread and child. See baseline.json's
# "about" and bench/RESULTS.md for why not wall time on a shared machine.
METRICS = ("cpu",)
NAMES = {"cpu": "CPU", "wall": "wall"}

parser = argparse.ArgumentParser()
parser.add_argument("mode", choices=("compare", "record"))
parser.add_argument("measured", nargs="+")
parser.add_argument("--baseline", default=os.path.join(HERE, "baseline.json"))
args = parser.parse_args()


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def record():
    runs = [load(p) for p in args.measured]
    names = list(runs[0])
    for n, run in enumerate(runs[1:], 2):
        if set(run) != set(names):
            sys.exit(f"{args.measured[n - 1]}: not the same rows as {args.measured[0]}")
    rows = {}
    for name in names:
        rows[name] = {"measured": runs[0][name]["measured"], "reference": runs[0][name]["reference"]}
        for metric in ("cpu", "wall"):
            values = [run[name][metric] for run in runs]
            rows[name][metric] = {"recorded": round(statistics.median(values), 5), "runs": [round(v, 5) for v in values]}
    baseline = {
        "about": "The speed guard's recorded ratios (chatrender's time ÷ the reference's, the best of a few interleaved "
                 "rounds). bench/run.sh --check fails when a row's CPU ratio is more than limit × recorded. "
                 "Re-record on the machine that runs the guard, when a change makes chatrender faster or a reference "
                 "is updated: bench/run.sh --check --record (several runs, the median of each row kept, every run "
                 "beside it). See bench/check/README.md.",
        "limit": LIMIT,
        "metrics": list(METRICS),
        "recorded_on": f"{datetime.date.today().isoformat()}, {os.cpu_count()} cores, {len(runs)} runs",
        "rows": rows,
    }
    with open(args.baseline, "w", encoding="utf-8") as f:
        json.dump(baseline, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"recorded {len(rows)} rows from {len(runs)} runs in {os.path.relpath(args.baseline)}:")
    for name, row in rows.items():
        spread = ", ".join(f"{NAMES[m]} {row[m]['recorded']:.4g}× ({min(row[m]['runs']):.4g}–{max(row[m]['runs']):.4g})"
                           for m in ("cpu", "wall"))
        print(f"  {name}: {spread}")


def compare():
    if not os.path.exists(args.baseline):
        print(f"speed guard: no recorded values in {args.baseline}; record them with bench/run.sh --check --record",
              file=sys.stderr)
        sys.exit(2)
    baseline = load(args.baseline)
    measured = {}
    for path in args.measured:
        for name, row in load(path).items():
            if name not in measured:
                measured[name] = dict(row)
            else:
                for metric in ("cpu", "wall"):
                    measured[name][metric] = min(measured[name][metric], row[metric])
    runs = f" (the better of {len(args.measured)} runs)" if len(args.measured) > 1 else ""
    limit = baseline.get("limit", LIMIT)
    metrics = baseline.get("metrics", list(METRICS))
    failures = []
    print(f"| row | {' | '.join(f'{NAMES[m]} ratio | recorded | limit ({limit}×)' for m in metrics)} | wall ratio (not guarded) |")
    print(f"| --- |{' ---: | ---: | ---: |' * len(metrics)} ---: |")
    for name, row in baseline["rows"].items():
        if name not in measured:
            failures.append(f"row \"{name}\" was not measured (is a benchmark script's --check missing a row?)")
            continue
        cells = []
        for metric in metrics:
            value, recorded = measured[name][metric], row[metric]["recorded"]
            cells += [f"{value:.4g}×", f"{recorded:.4g}×", f"{limit * recorded:.4g}×"]
            if value > limit * recorded:
                failures.append(
                    f"row \"{name}\": {NAMES[metric]} ratio {value:.4g}×{runs} ({measured[name]['measured']} ÷ "
                    f"{measured[name]['reference']}) is {value / recorded:.2f} times the recorded {recorded:.4g}×, "
                    f"past the limit {limit * recorded:.4g}× ({limit} × recorded)")
        wall = measured[name]["wall"] if "wall" not in metrics else None
        print(f"| {name} | {' | '.join(cells)} | {'' if wall is None else f'{wall:.4g}×'} |")
    for name in measured:
        if name not in baseline["rows"]:
            print(f"note: row \"{name}\" is measured but not recorded; record it with bench/run.sh --check --record")
    if failures:
        print("\nspeed guard FAILED:", file=sys.stderr)
        for failure in failures:
            print(f"- {failure}", file=sys.stderr)
        print("(a real slowdown: find and fix it; a deliberate trade or a faster reference: re-record with "
              "bench/run.sh --check --record, and say why in the commit)", file=sys.stderr)
        sys.exit(1)
    print(f"\nspeed guard passed: {len(baseline['rows'])} rows within {limit}× of their recorded ratios.")


record() if args.mode == "record" else compare()
