"""The speed guard's rows (bench/run.sh --check), as the benchmark scripts measure them: each script
run with `--check FILE` adds its rows to FILE, and bench/check/check.py compares them with the
recorded ones (bench/check/baseline.json).

A row is a ratio of chatrender's time to a reference's, both timed in the same rounds (each round
runs every command once, interleaved, so a busy moment on the machine falls on every tool alike);
each side's time is the best (minimum) of its rounds, the run least disturbed by the rest of the
machine. Two times per run: wall, and CPU (user + system, every thread and child process).
Python standard library only."""
import json
import os


def best(runs):
    """The least wall and the least CPU time of `runs` ((wall, cpu, …) tuples), each on its own."""
    return min(r[0] for r in runs), min(r[1] for r in runs)


def add(path, name, measured, reference, measured_runs, reference_runs):
    """Adds row `name` to the JSON file at `path` (made if missing): `measured` (chatrender, the
    numerator) against `reference`, from their runs ((wall, cpu, …) tuples, one a round)."""
    rows = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            rows = json.load(f)
    (mw, mc), (rw, rc) = best(measured_runs), best(reference_runs)
    rows[name] = {
        "measured": measured,
        "reference": reference,
        "wall": mw / rw,
        "cpu": mc / rc,
        "measured_s": {"wall": [round(r[0], 4) for r in measured_runs], "cpu": [round(r[1], 4) for r in measured_runs]},
        "reference_s": {"wall": [round(r[0], 4) for r in reference_runs], "cpu": [round(r[1], 4) for r in reference_runs]},
    }
    with open(path, "w", encoding="utf-8") as f:
        json.dump(rows, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"  {name}: wall {mw:.3f} s ÷ {rw:.3f} s = {mw / rw:.4f}×, CPU {mc:.3f} s ÷ {rc:.3f} s = {mc / rc:.4f}×", flush=True)
