#!/usr/bin/env python3
"""Chooses a fuzz target's kept corpus (fuzz/corpus-kept/NAME/) within a byte budget.

fuzz/run.sh --keep runs libFuzzer's merge (-merge=1, edges only) with the seeds as the first
corpus, then the kept corpus and the growing one: its control file records, for each input in
turn (the seeds first, then the rest smallest first), the edges it reached that no input before it
did. The seeds are not kept (every run makes them from the test fixtures and fuzz/seeds/); this
keeps the inputs with the most such edges per byte until the budget is spent.

    keep.py CONTROL_FILE OUT_FOLDER BUDGET_BYTES
"""
import hashlib
import os
import shutil
import sys


def main():
    control, out, budget = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with open(control) as f:
        lines = f.read().splitlines()
    count, seeds = int(lines[0]), int(lines[1])
    files = lines[2 : 2 + count]
    new = {}
    for line in lines[2 + count :]:
        if line.startswith("COV "):
            index, *edges = line.split()[1:]
            new[int(index)] = len(edges)
    candidates = [(files[i], os.path.getsize(files[i]), n) for i, n in new.items() if i >= seeds and n > 0]
    # A file costs a little more than its bytes.
    candidates.sort(key=lambda c: c[2] / (c[1] + 64), reverse=True)
    kept, spent = {}, 0
    for path, size, _ in candidates:
        if spent + size > budget:
            continue
        with open(path, "rb") as f:
            data = f.read()
        name = hashlib.sha1(data).hexdigest()
        if name in kept:
            continue
        kept[name] = data
        spent += len(data)
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    for name, data in kept.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
    print(f"{len(kept)} inputs ({spent} bytes)")


if __name__ == "__main__":
    main()
