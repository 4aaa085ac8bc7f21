"""Photo benchmark: chatrender's web images against the same work done by the reference tools, side
by side in one run (the runs of each round are interleaved, so a busy machine slows every tool
alike). Every tool makes, for every photo, the two thumbnails of its layout and the 2560 px
display image, as WebP at quality 80 without metadata (3 images a photo).

- `vipsthumbnail` loop: one process per photo and size, one after another, as a shell script would
  (vipsthumbnail makes one size per run; it shrinks on load by itself).
- ImageMagick, as a competent user runs it: one `convert` per photo making all three sizes from one
  decode (`-define jpeg:size=` shrink-on-load hint, `-auto-orient`, `-strip`, `-thumbnail` to the
  display size, then each thumbnail from an in-memory `+clone` of it, as chatrender does), either
  one photo at a time with ImageMagick's own threads on every core, or two photos at a time with
  one thread each (`xargs -P 2`, `MAGICK_THREAD_LIMIT=1`). ImageMagick is slow, so it runs on a
  subset and chatrender is timed on the same subset for the ratio.
- Per format: chatrender, the vipsthumbnail loop and ImageMagick on JPEG-only, PNG-only and
  HEIC-only subsets, to show where the time goes.
- The in-process libvips floor (`bench/floor/vips_floor.c`, `--floor BINARY`): the same images made
  with the same library in one process and nothing else — one decode per photo (libvips's
  thumbnail operation with chatrender's loader options), the smaller sizes from that image in
  memory, WebP at quality 80 stripped, two photos at a time with one libvips thread each. No
  hashing, naming, page or cache. The sizes it is given are read from the conversation as
  chatrender lays it out, and the run fails unless both made the same number of images of the
  same pixel sizes. It runs twice in the same rounds: without colour management (the pixels as
  decoded, what chatrender does for these photos, which have no ICC profile) and with every photo
  converted to libvips's sRGB profile (what chatrender once did for every photo). Ratio =
  chatrender ÷ the floor without colour management (the goal: at most 1.05). `--floor-baseline
  BIN` times another chatrender build in the same rounds (before and after a change).
- Cached re-export: chatrender rendering over its own previous output, for this set and, with
  `--cached-photos DIR`, for a large set (1,000 photos) against the one-second target.

Prints Markdown tables of wall time (median), CPU time (user + system, median), peak memory and
ratios.

`--check FILE` (with `--floor`): the speed guard's row instead (bench/run.sh --check,
bench/check/): chatrender ÷ the floor without colour management on every photo, each the best of
the --repeat interleaved rounds, added to FILE (bench/check/rows.py); nothing else is run.

usage: python3 bench/photos.py CHATRENDER_BINARY PHOTO_DIR [--floor VIPS_FLOOR [--floor-baseline BIN]] [--floor-only]
                               [--cached-photos DIR] [--magick-count N] [--format-count N] [--repeat N] [--check FILE]"""
import argparse
import json
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import tempfile

parser = argparse.ArgumentParser()
parser.add_argument("binary")
parser.add_argument("photos")
parser.add_argument("--cached-photos", help="a folder made by make_photos.py, for the large cached re-export")
parser.add_argument("--magick-count", type=int, default=12,
                    help="photos for the ImageMagick comparison (both tools get the same subset)")
parser.add_argument("--format-count", type=int, default=4, help="photos of each format for the per-format rows")
parser.add_argument("--repeat", type=int, default=3)
parser.add_argument("--floor", help="the vips_floor binary (bench/floor/vips_floor.c), for the in-process libvips floor")
parser.add_argument("--floor-baseline", help="another chatrender binary (an earlier build) timed in the same rounds against the floor")
parser.add_argument("--floor-only", action="store_true", help="only chatrender against the libvips floor")
parser.add_argument("--skip-full", action="store_true", help="leave out the full set against the vipsthumbnail loop")
parser.add_argument("--check", metavar="FILE", help="with --floor: the speed guard's row into FILE (see above)")
args = parser.parse_args()
if args.check and not args.floor:
    parser.error("--check compares with the floor: give --floor too")

QUALITY = 80
DISPLAY = 2560
work = tempfile.mkdtemp(prefix="chatrender-bench-")


def load(folder):
    return json.load(open(os.path.join(folder, "conversation.json")))["messages"]


def photos_in(messages):
    return [a for m in messages for a in m.get("attachments", []) if a["contentType"].startswith("image/")]


def sizes_of(count_in_turn):
    """The thumbnails chatrender makes for a photo in a turn of `count_in_turn` photos (see
    Assets/ImageSettings.swift), and the display image."""
    thumbs = [("fit", 416), ("fit", 832)] if count_in_turn == 1 else [("square", 206), ("square", 412)]
    return thumbs + [("long", DISPLAY)]


def jobs_of(folder, messages):
    """(photo path, [(kind, size), …]) for every photo, in order."""
    jobs = []
    for m in messages:
        photos = [a for a in m.get("attachments", []) if a["contentType"].startswith("image/")]
        for a in photos:
            jobs.append((os.path.join(folder, a["preview"]), sizes_of(len(photos))))
    return jobs


def subset(messages, keep, count):
    """A conversation with the first `count` photos for which keep(attachment) holds, in turns of
    the original shapes (photos that are left out leave their turn smaller)."""
    out, taken = [], 0
    for m in messages:
        if taken >= count:
            break
        atts = [a for a in m.get("attachments", []) if keep(a)][: count - taken]
        taken += len(atts)
        if atts:
            out.append(dict(m, attachments=atts))
    return out


def grouped(messages, keep, count, turn=4):
    """`count` photos for which keep(attachment) holds, in turns of `turn` (a grid)."""
    chosen = [a for a in photos_in(messages) if keep(a)][:count]
    return [{"id": f"g{i}", "role": "user", "text": "", "attachments": chosen[i:i + turn]} for i in range(0, len(chosen), turn)]


def timed(command, env=None):
    """(wall seconds, CPU seconds user + system, peak KB) of one command, via GNU time."""
    result = subprocess.run(["/usr/bin/time", "-f", "%e %U %S %M"] + command, capture_output=True, text=True,
                            env=dict(os.environ, **(env or {})))
    if result.returncode != 0:
        raise SystemExit(f"failed: {' '.join(command)}\n{result.stderr[-2000:]}")
    wall, user, system, kb = result.stderr.strip().splitlines()[-1].split()
    return float(wall), float(user) + float(system), int(kb)


def chatrender(folder, messages, label, cached=False, binary=None):
    """Renders `messages` (photos relative to `folder`); `cached`: over the previous output."""
    conv = os.path.join(folder, f"_bench-{label}.json")
    with open(conv, "w") as f:
        json.dump({"title": "bench", "messages": messages}, f)
    out = os.path.join(work, "chatrender", label)
    if not cached:
        shutil.rmtree(out, ignore_errors=True)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    return timed([binary or args.binary, "render", conv, "--out", out, "--quiet", "--no-cache"])


def chatrender_sizes(label):
    """Sorted (width, height) of every web image in chatrender's output `label` (from the names)."""
    assets = os.path.join(work, "chatrender", label, "assets")
    sizes = []
    for name in os.listdir(assets):
        if name.startswith(".") or not name.endswith(".webp"):
            continue
        w, h = name.rsplit("-", 1)[1].split(".")[0].split("x")
        sizes.append((int(w), int(h)))
    return sorted(sizes)


def floor_jobs(jobs, label):
    """Writes vips_floor's job list: each photo's path and its boxes, largest (display) first."""
    box = {"fit": lambda s: f"{s}x100000", "square": lambda s: f"{s}x{s}c", "long": lambda s: f"{s}x{s}"}
    listing = os.path.join(work, f"floor-{label}.txt")
    with open(listing, "w") as f:
        for path, sizes in jobs:
            ordered = sorted(sizes, key=lambda ks: -ks[1])
            f.write("\t".join([path] + [box[kind](size) for kind, size in ordered]) + "\n")
    return listing


floor_made = {}


def floor(jobs, label, colour_management=False):
    """The in-process libvips floor on `jobs`, by default without colour management (what
    chatrender does for photos without a profile or with an sRGB one); records the sizes it made
    for the check."""
    listing = floor_jobs(jobs, label)
    folder = os.path.join(work, "floor", label + ("-cm" if colour_management else ""))
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    out = os.path.join(folder, "_sizes")
    mode = "" if colour_management else "--no-colour-management "
    result = timed(["bash", "-c", f"exec {shlex.quote(args.floor)} {mode}{shlex.quote(listing)} {shlex.quote(folder)} {QUALITY} 2 > {shlex.quote(out)}"])
    made = sorted((int(w), int(h)) for _, _, w, h in (line.split() for line in open(out)))
    if label in floor_made and floor_made[label] != made:
        raise SystemExit(f"the floor made different sizes with and without colour management ({label})")
    floor_made[label] = made
    return result


def vips_loop(jobs, label):
    folder = os.path.join(work, "vipsthumbnail", label)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    script = ["set -e"]
    for i, (path, sizes) in enumerate(jobs):
        for kind, size in sizes:
            box = {"fit": f"{size}x100000>", "square": f"{size}x{size}", "long": f"{size}x{size}>"}[kind]
            crop = ["--smartcrop", "centre"] if kind == "square" else []
            out = os.path.join(folder, f"{i}-{kind}{size}.webp")
            script.append(shlex.join(["vipsthumbnail", path, "--size", box] + crop +
                                     ["--export-profile", "srgb", "-o", f"{out}[Q={QUALITY},strip]"]))
    return timed(["bash", "-c", "\n".join(script)])


def magick_command(path, sizes, folder, i):
    """One convert for one photo: decode once, the display image, then each thumbnail from it."""
    def geometry(kind, size):
        if kind == "square":
            return ["-thumbnail", f"{size}x{size}^", "-gravity", "center", "-extent", f"{size}x{size}"]
        return ["-thumbnail", f"{size}x>" if kind == "fit" else f"{size}x{size}>"]
    out = lambda kind, size: os.path.join(folder, f"{i}-{kind}{size}.webp")
    (first, second, display) = sizes
    command = ["convert", "-define", f"jpeg:size={DISPLAY}x{DISPLAY}", path, "-auto-orient", "-strip",
               "-quality", str(QUALITY)]
    command += geometry(*display) + ["-write", out(*display)]
    command += ["("] + ["+clone"] + geometry(*second) + ["-write", out(*second), "+delete", ")"]
    command += geometry(*first) + [out(*first)]
    return command


def magick(jobs, label, parallel):
    folder = os.path.join(work, "magick", label)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    lines = [shlex.join(magick_command(path, sizes, folder, i)) for i, (path, sizes) in enumerate(jobs)]
    if not parallel:
        return timed(["bash", "-c", "set -e\n" + "\n".join(lines)])
    listing = os.path.join(folder, "_commands")
    with open(listing, "w") as f:
        f.write("\n".join(lines) + "\n")
    # Two photos at once, one thread each (as chatrender does).
    return timed(["bash", "-c", f"xargs -P 2 -d '\\n' -I CMD bash -c CMD < {shlex.quote(listing)}"],
                 env={"MAGICK_THREAD_LIMIT": "1", "OMP_NUM_THREADS": "1"})


last_rounds = {}


def rounds(runners):
    """Runs each (name, fn) once per round, interleaved, each round starting one run later (so no
    run always goes first, when a shared machine may be busiest); returns name → (median wall,
    median CPU, peak KB). Every run's figures are kept in `last_rounds`."""
    results = {name: [] for name, _ in runners}
    for round_index in range(args.repeat):
        shift = round_index % len(runners)
        for name, fn in runners[shift:] + runners[:shift]:
            results[name].append(fn())
    last_rounds.clear()
    last_rounds.update(results)
    return {name: (statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs), max(r[2] for r in runs))
            for name, runs in results.items()}


def table(title, rows, base):
    """rows: (name, photos, images, (wall, cpu, kb)); ratios are this ÷ `base` row's time."""
    print(f"**{title}**\n")
    print("| run | photos | images made | wall (s) | CPU (s) | peak memory (MiB) | × chatrender (wall) | × chatrender (CPU) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    base_wall, base_cpu = base[0], base[1]
    for name, photos, images, (wall, cpu, kb) in rows:
        print(f"| {name} | {photos} | {images} | {wall:.2f} | {cpu:.2f} | {kb / 1024:.0f} | "
              f"{wall / base_wall:.2f} | {cpu / base_cpu if base_cpu else 0:.2f} |")
    print()


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
    im = (subprocess.run(["convert", "-version"], capture_output=True, text=True).stdout.splitlines() or ["no ImageMagick"])[0] \
        if shutil.which("convert") else "no ImageMagick"
    load_avg = open("/proc/loadavg").read().split()[:3]
    return f"{os.cpu_count()} cores ({cpu}), {mem:.0f} GiB, {platform.system()}; {vips}; {im}; load average {' '.join(load_avg)}"


messages = load(args.photos)
photo_count = len(photos_in(messages))

if args.check:
    import sys
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "check"))
    import rows
    jobs = jobs_of(args.photos, messages)
    rounds([("cr", lambda: chatrender(args.photos, messages, "floor")), ("floor", lambda: floor(jobs, "all"))])
    if chatrender_sizes("floor") != floor_made["all"]:
        raise SystemExit("not the same work: chatrender and the floor made images of different pixel sizes")
    rows.add(os.path.abspath(args.check), f"{photo_count} photos ÷ libvips floor", "chatrender render",
             "the in-process libvips floor, no colour management", last_rounds["cr"], last_rounds["floor"])
    shutil.rmtree(work, ignore_errors=True)
    raise SystemExit(0)

print(f"machine: {machine()}")
print(f"median of {args.repeat} interleaved rounds; CPU = user + system time of the whole command\n")
verdicts = []

# 0. The in-process libvips floor: the same images, nothing but decode, resize and encode.
if args.floor:
    jobs = jobs_of(args.photos, messages)
    images = sum(len(s) for _, s in jobs)
    runners = [("cr", lambda: chatrender(args.photos, messages, "floor")), ("floor", lambda: floor(jobs, "all")),
               ("floor-cm", lambda: floor(jobs, "all", colour_management=True))]
    if args.floor_baseline:
        runners.append(("before", lambda: chatrender(args.photos, messages, "floor-before", binary=args.floor_baseline)))
    r = rounds(runners)
    made = chatrender_sizes("floor")
    if made != floor_made["all"] or len(made) != images:
        raise SystemExit(f"not the same work: chatrender made {len(made)} images and the floor "
                         f"{len(floor_made['all'])} (expected {images} each), or their pixel sizes differ")
    print(f"**{photo_count} phone photos against the in-process libvips floor** (both made the same "
          f"{images} images, of the same pixel sizes)\n")
    print("| run | photos | images made | wall (s) | CPU (s) | peak memory (MiB) |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, key in (("chatrender render", "cr"), ("libvips floor, no colour management (one process, two at a time)", "floor"),
                      ("libvips floor, every photo converted to sRGB", "floor-cm")):
        wall, cpu, kb = r[key]
        print(f"| {name} | {photo_count} | {images} | {wall:.2f} | {cpu:.2f} | {kb / 1024:.0f} |")
    if args.floor_baseline:
        wall, cpu, kb = r["before"]
        print(f"| chatrender, the baseline build | {photo_count} | {images} | {wall:.2f} | {cpu:.2f} | {kb / 1024:.0f} |")
        print(f"| baseline ÷ floor | | | {wall / r['floor'][0]:.3f} | {cpu / r['floor'][1]:.3f} | |")
    print(f"| chatrender ÷ floor with every photo converted | | | {r['cr'][0] / r['floor-cm'][0]:.3f} | {r['cr'][1] / r['floor-cm'][1]:.3f} | |")
    ratio_wall, ratio_cpu = r["cr"][0] / r["floor"][0], r["cr"][1] / r["floor"][1]
    print(f"| **chatrender ÷ floor without colour management** | | | **{ratio_wall:.3f}** | **{ratio_cpu:.3f}** | |\n")
    for name, runs in last_rounds.items():
        print(f"- {name}, every round (wall / CPU s): {', '.join(f'{w:.2f} / {c:.2f}' for w, c, _ in runs)}")
    print()
    verdicts.append(f"- within 1.05x of the in-process libvips floor without colour management: {ratio_wall:.3f}x wall, "
                    f"{ratio_cpu:.3f}x CPU: {'met' if max(ratio_wall, ratio_cpu) <= 1.05 else 'NOT met'}")
    # Per format, so one format's overhead cannot hide behind another's decode time.
    print(f"**Per format against the floor without colour management: {args.format_count} photos of each in grid turns**\n")
    print("| format | photos | chatrender wall (s) | CPU (s) | floor wall (s) | CPU (s) | chatrender ÷ floor, wall | CPU |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for label, mime in {"JPEG": "image/jpeg", "PNG": "image/png", "HEIC": "image/heic"}.items():
        chosen = grouped(messages, lambda a: a["contentType"] == mime, args.format_count)
        if not chosen:
            continue
        chosen_jobs = jobs_of(args.photos, chosen)
        r = rounds([("cr", lambda: chatrender(args.photos, chosen, f"floor-{label}")),
                    ("floor", lambda: floor(chosen_jobs, label))])
        if chatrender_sizes(f"floor-{label}") != floor_made[label]:
            raise SystemExit(f"not the same work on the {label} photos: the pixel sizes differ")
        print(f"| {label} | {len(photos_in(chosen))} | {r['cr'][0]:.2f} | {r['cr'][1]:.2f} | {r['floor'][0]:.2f} | "
              f"{r['floor'][1]:.2f} | {r['cr'][0] / r['floor'][0]:.3f} | {r['cr'][1] / r['floor'][1]:.3f} |")
    print()

if args.floor_only:
    print("Targets:")
    print("\n".join(verdicts))
    shutil.rmtree(work, ignore_errors=True)
    raise SystemExit(0)

# 1. The full set against the vipsthumbnail loop, and its cached re-export.
if not args.skip_full:
    jobs = jobs_of(args.photos, messages)
    images = sum(len(s) for _, s in jobs)
    r = rounds([("cr", lambda: chatrender(args.photos, messages, "all")),
                ("vt", lambda: vips_loop(jobs, "all")),
                ("cached", lambda: chatrender(args.photos, messages, "all", cached=True))])
    table(f"{photo_count} phone photos", [
        ("chatrender render", photo_count, images, r["cr"]),
        ("vipsthumbnail loop", photo_count, images, r["vt"]),
        ("chatrender, cached re-export", photo_count, 0, r["cached"]),
    ], r["cr"])
    speedup = r["vt"][0] / r["cr"][0]
    verdicts.append(f"- ahead of the vipsthumbnail loop by {speedup:.2f}x wall, {r['vt'][1] / r['cr'][1]:.2f}x CPU "
                    f"(target at least 1.4x): {'met' if speedup >= 1.4 else 'NOT met'}")

# 2. ImageMagick on a subset, both ways of running it.
small = subset(messages, lambda a: True, args.magick_count)
small_jobs = jobs_of(args.photos, small)
n, images = len(photos_in(small)), sum(len(s) for _, s in small_jobs)
r = rounds([("cr", lambda: chatrender(args.photos, small, "subset")),
            ("im", lambda: magick(small_jobs, "subset", parallel=False)),
            ("im2", lambda: magick(small_jobs, "subset", parallel=True))])
table(f"ImageMagick, the first {n} photos", [
    ("chatrender render", n, images, r["cr"]),
    ("ImageMagick, one convert per photo, one at a time", n, images, r["im"]),
    ("ImageMagick, one convert per photo, two at a time", n, images, r["im2"]),
], r["cr"])
best = min(r["im"][0], r["im2"][0])
verdicts.append(f"- ahead of ImageMagick (its faster way) by {best / r['cr'][0]:.2f}x wall, "
                f"{min(r['im'][1], r['im2'][1]) / r['cr'][1]:.2f}x CPU (target at least 8x): "
                f"{'met' if best / r['cr'][0] >= 8 else 'NOT met'}")

# 3. Per format.
rows, formats = [], {"JPEG": "image/jpeg", "PNG": "image/png", "HEIC": "image/heic"}
for label, mime in formats.items():
    chosen = grouped(messages, lambda a: a["contentType"] == mime, args.format_count)
    if not chosen:
        continue
    chosen_jobs = jobs_of(args.photos, chosen)
    n, images = len(photos_in(chosen)), sum(len(s) for _, s in chosen_jobs)
    r = rounds([("cr", lambda: chatrender(args.photos, chosen, label)),
                ("vt", lambda: vips_loop(chosen_jobs, label)),
                ("im", lambda: magick(chosen_jobs, label, parallel=False))])
    rows.append((label, n, r))
if rows:
    print(f"**Per format: {args.format_count} photos of each in grid turns**\n")
    print("| format | photos | chatrender wall (s) | CPU (s) | vipsthumbnail loop wall (s) | CPU (s) | × | "
          "ImageMagick wall (s) | CPU (s) | × |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for label, n, r in rows:
        print(f"| {label} | {n} | {r['cr'][0]:.2f} | {r['cr'][1]:.2f} | {r['vt'][0]:.2f} | {r['vt'][1]:.2f} | "
              f"{r['vt'][0] / r['cr'][0]:.2f} | {r['im'][0]:.2f} | {r['im'][1]:.2f} | {r['im'][0] / r['cr'][0]:.2f} |")
    print("\n× = that tool's wall time ÷ chatrender's\n")

# 4. The large cached re-export.
if args.cached_photos:
    big = load(args.cached_photos)
    count = len(photos_in(big))
    first = chatrender(args.cached_photos, big, "cached-large")
    again = [chatrender(args.cached_photos, big, "cached-large", cached=True) for _ in range(max(5, args.repeat))]
    wall = statistics.median(a[0] for a in again)
    cpu = statistics.median(a[1] for a in again)
    peak = max(a[2] for a in again)
    size = sum(os.path.getsize(os.path.join(args.cached_photos, a["preview"])) for a in photos_in(big))
    print(f"**Cached re-export of {count} photos ({size / 2**20:.0f} MB of sources)**\n")
    print("| run | wall (s) | CPU (s) | peak memory (MiB) |")
    print("|---|---:|---:|---:|")
    print(f"| first render (makes {count * 3} images) | {first[0]:.2f} | {first[1]:.2f} | {first[2] / 1024:.0f} |")
    print(f"| re-export over it, median of {len(again)} | {wall:.2f} | {cpu:.2f} | {peak / 1024:.0f} |")
    print(f"\nall re-exports (s): {', '.join(f'{a[0]:.2f}' for a in again)}\n")
    verdicts.append(f"- cached re-export of {count} photos: {wall:.2f} s wall, {cpu:.2f} s CPU "
                    f"(target under 1 s): {'met' if wall < 1 else 'NOT met'}")

print("Targets:")
print("\n".join(verdicts))
shutil.rmtree(work, ignore_errors=True)
