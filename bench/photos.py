"""Photo benchmark: chatrender's thumbnailing against the same work done by a `vipsthumbnail`
shell loop (one process per photo and size, as a script would) and by ImageMagick's
`convert -thumbnail`, side by side in one run. Prints a Markdown table of wall time, ratios and
peak memory, and the cached re-export.

usage: python3 bench/photos.py CHATRENDER_BINARY PHOTO_DIR [--magick-count N] [--repeat N]"""
import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import tempfile
import time

parser = argparse.ArgumentParser()
parser.add_argument("binary")
parser.add_argument("photos")
parser.add_argument("--magick-count", type=int, default=24,
                    help="photos for the ImageMagick comparison (it is slow; both tools get the same subset)")
parser.add_argument("--repeat", type=int, default=3)
args = parser.parse_args()

conversation = os.path.join(args.photos, "conversation.json")
data = json.load(open(conversation))


def variants_of(messages):
    """(photo, variant) pairs: what chatrender makes for these turns (see Assets/ImageSettings.swift)."""
    jobs = []
    for m in messages:
        photos = [a for a in m.get("attachments", []) if a["contentType"].startswith("image/")]
        for a in photos:
            sizes = [("fit", 416), ("fit", 832)] if len(photos) == 1 else [("square", 206), ("square", 412)]
            for kind, size in sizes + [("long", 2560)]:
                jobs.append((os.path.join(args.photos, a["preview"]), kind, size))
    return jobs


def subset(count):
    """A conversation with the first `count` photos, in the same turn shapes."""
    out, taken = [], 0
    for m in data["messages"]:
        atts = m.get("attachments", [])
        if taken >= count:
            break
        if atts:
            atts = atts[: count - taken]
            taken += len(atts)
        out.append(dict(m, attachments=atts) if atts else m)
    return out


def timed(command, **kw):
    """(seconds, peak KB) of one command, via GNU time."""
    result = subprocess.run(["/usr/bin/time", "-f", "%e %M"] + command, capture_output=True, text=True, **kw)
    if result.returncode != 0:
        raise SystemExit(f"failed: {' '.join(command)}\n{result.stderr[-2000:]}")
    seconds, kb = result.stderr.strip().splitlines()[-1].split()
    return float(seconds), int(kb)


def run_chatrender(messages, work, cached=False):
    folder = os.path.join(work, "chatrender")
    conv = os.path.join(args.photos, f"_bench-{len(messages)}.json")
    json.dump({"title": "bench", "messages": messages}, open(conv, "w"))
    out = os.path.join(folder, "out")
    if not cached:
        shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder, exist_ok=True)
    return timed([args.binary, "render", conv, "--out", out, "--quiet"])


def run_loop(jobs, work, tool):
    """A shell loop: one process per photo and size, one after another."""
    folder = os.path.join(work, tool)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    script = ["set -e"]
    for i, (path, kind, size) in enumerate(jobs):
        out = os.path.join(folder, f"{i}.webp")
        if tool == "vipsthumbnail":
            box = {"fit": f"{size}x100000>", "square": f"{size}x{size}", "long": f"{size}x{size}>"}[kind]
            crop = ["--smartcrop", "centre"] if kind == "square" else []
            script.append(" ".join(["vipsthumbnail", f"'{path}'", "--size", f"'{box}'"] + crop +
                                   ["--export-profile", "srgb", "-o", f"'{out}[Q=80,strip]'"]))
        else:
            geometry = {"fit": f"'{size}x>'", "square": f"'{size}x{size}^' -gravity center -extent {size}x{size}",
                        "long": f"'{size}x{size}>'"}[kind]
            script.append(f"convert '{path}' -auto-orient -thumbnail {geometry} -strip -quality 80 '{out}'")
    return timed(["bash", "-c", "\n".join(script)])


def median_run(fn, *a):
    runs = [fn(*a) for _ in range(args.repeat)]
    return statistics.median(r[0] for r in runs), max(r[1] for r in runs)


def machine():
    cpu = "unknown CPU"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    vips = subprocess.run(["vips", "--version"], capture_output=True, text=True).stdout.strip()
    magick = subprocess.run(["convert", "-version"], capture_output=True, text=True).stdout.splitlines()[0]
    return f"{os.cpu_count()} cores ({cpu}), {mem:.0f} GiB, {platform.system()}; {vips}; {magick}"


work = tempfile.mkdtemp(prefix="chatrender-bench-")
all_jobs = variants_of(data["messages"])
photo_count = sum(len(m.get("attachments", [])) for m in data["messages"])
print(f"machine: {machine()}")
print(f"{photo_count} photos, {len(all_jobs)} images to make; median of {args.repeat} runs\n")

cr_time, cr_mem = median_run(run_chatrender, data["messages"], work)
cached = [run_chatrender(data["messages"], work, True) for _ in range(args.repeat)]
cached_time, cached_mem = statistics.median(c[0] for c in cached), max(c[1] for c in cached)
vt_time, vt_mem = median_run(run_loop, all_jobs, work, "vipsthumbnail")

small = subset(args.magick_count)
small_jobs = variants_of(small)
cr_small, cr_small_mem = median_run(run_chatrender, small, work)
im_time, im_mem = median_run(run_loop, small_jobs, work, "convert")

rows = [
    ("chatrender render", photo_count, len(all_jobs), cr_time, cr_mem, "1.00"),
    ("vipsthumbnail loop", photo_count, len(all_jobs), vt_time, vt_mem, f"{cr_time / vt_time:.2f}"),
    ("chatrender, cached re-export", photo_count, 0, cached_time, cached_mem, f"{cached_time / cr_time:.3f}"),
    ("chatrender render (subset)", len([1 for m in small for _ in m.get('attachments', [])]), len(small_jobs), cr_small, cr_small_mem, "1.00"),
    ("ImageMagick convert loop (subset)", len([1 for m in small for _ in m.get('attachments', [])]), len(small_jobs), im_time, im_mem, f"{cr_small / im_time:.3f}"),
]
print("| run | photos | images made | wall time (s) | peak memory (MB) | chatrender ÷ this |")
print("|---|---:|---:|---:|---:|---:|")
for name, photos, images, seconds, kb, ratio in rows:
    print(f"| {name} | {photos} | {images} | {seconds:.2f} | {kb / 1024:.0f} | {ratio} |")
print()
print(f"- vs the vipsthumbnail loop: ratio {cr_time / vt_time:.2f} (target below 0.7): {'met' if cr_time / vt_time < 0.7 else 'NOT met'}")
print(f"- vs ImageMagick: {im_time / cr_small:.1f}x faster (target at least 8x): {'met' if im_time / cr_small >= 8 else 'NOT met'}")
print(f"- cached re-export of {photo_count} photos: {cached_time:.2f} s")
shutil.rmtree(work, ignore_errors=True)
