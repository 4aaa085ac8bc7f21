"""The speed guard's verdict (bench/check/check.py), on recorded and measured rows written here:
nothing is timed. What it must do: pass a row up to 1.5× its recorded ratio, fail past it with a
message naming the row, the ratio, the recorded value and the limit, fail a recorded row that was
not measured, judge a row measured twice by its better run, and record the median of several runs.

Run with `python -m pytest -q Tests/bench` from the repository root.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECK = ROOT / "bench" / "check" / "check.py"


def rows(**ratios: tuple[float, float]) -> dict:
    """Measured rows as bench/check/rows.py writes them: name → (CPU ratio, wall ratio)."""
    return {
        name.replace("_", " "): {
            "measured": "chatrender", "reference": "a reference tool", "cpu": cpu, "wall": wall,
            "measured_s": {"wall": [1.0], "cpu": [1.0]}, "reference_s": {"wall": [1.0], "cpu": [1.0]},
        }
        for name, (cpu, wall) in ratios.items()
    }


def write(path: Path, value: dict) -> str:
    path.write_text(json.dumps(value), encoding="utf-8")
    return str(path)


def run(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(CHECK), *arguments], capture_output=True, text=True)


def record(tmp_path: Path, *runs: dict) -> str:
    baseline = tmp_path / "baseline.json"
    files = [write(tmp_path / f"recorded-{n}.json", r) for n, r in enumerate(runs)]
    result = run("record", *files, "--baseline", str(baseline))
    assert result.returncode == 0, result.stderr
    return str(baseline)


def test_recording_keeps_the_median_of_the_runs_and_every_run(tmp_path):
    baseline = record(tmp_path, rows(chunks=(3.0, 2.0)), rows(chunks=(3.3, 2.6)), rows(chunks=(2.9, 2.2)))
    row = json.loads(Path(baseline).read_text(encoding="utf-8"))["rows"]["chunks"]
    assert row["cpu"] == {"recorded": 3.0, "runs": [3.0, 3.3, 2.9]}
    assert row["wall"] == {"recorded": 2.2, "runs": [2.0, 2.6, 2.2]}


def test_a_row_up_to_one_and_a_half_times_its_recorded_ratio_passes(tmp_path):
    baseline = record(tmp_path, rows(text=(0.02, 0.02), chunks=(3.0, 3.0)))
    # Wall time is printed, not judged: ten times the recorded wall ratio still passes.
    measured = write(tmp_path / "m.json", rows(text=(0.0299, 0.2), chunks=(4.5, 30.0)))
    result = run("compare", measured, "--baseline", baseline)
    assert result.returncode == 0, result.stderr
    assert "speed guard passed: 2 rows" in result.stdout


def test_a_row_past_its_limit_fails_naming_row_ratio_recorded_value_and_limit(tmp_path):
    baseline = record(tmp_path, rows(text=(0.02, 0.02), chunks=(3.0, 3.0)))
    measured = write(tmp_path / "m.json", rows(text=(0.021, 0.02), chunks=(9.0, 3.0)))
    result = run("compare", measured, "--baseline", baseline)
    assert result.returncode == 1
    assert "speed guard FAILED" in result.stderr
    assert 'row "chunks": CPU ratio 9× (chatrender ÷ a reference tool) is 3.00 times the recorded 3×, ' \
           "past the limit 4.5× (1.5 × recorded)" in result.stderr
    assert 'row "text"' not in result.stderr


def test_a_recorded_row_that_was_not_measured_fails(tmp_path):
    baseline = record(tmp_path, rows(text=(0.02, 0.02), photos=(1.0, 1.0)))
    measured = write(tmp_path / "m.json", rows(text=(0.02, 0.02)))
    result = run("compare", measured, "--baseline", baseline)
    assert result.returncode == 1
    assert 'row "photos" was not measured' in result.stderr


def test_a_row_measured_twice_is_judged_by_its_better_run(tmp_path):
    baseline = record(tmp_path, rows(site=(0.26, 0.26)))
    busy = write(tmp_path / "busy.json", rows(site=(0.5, 0.5)))
    calm = write(tmp_path / "calm.json", rows(site=(0.27, 0.27)))
    assert run("compare", busy, "--baseline", baseline).returncode == 1
    assert run("compare", busy, calm, "--baseline", baseline).returncode == 0
    slow = write(tmp_path / "slow.json", rows(site=(0.45, 0.45)))
    result = run("compare", busy, slow, "--baseline", baseline)
    assert result.returncode == 1
    assert "0.45× (the better of 2 runs)" in result.stderr


def test_without_recorded_values_it_says_how_to_record_them(tmp_path):
    measured = write(tmp_path / "m.json", rows(text=(0.02, 0.02)))
    result = run("compare", measured, "--baseline", str(tmp_path / "missing.json"))
    assert result.returncode == 2
    assert "bench/run.sh --check --record" in result.stderr
