"""Makes the photo benchmark's inputs: photos with EXIF (orientation, GPS) like a phone's, and a
conversation that shows them in every layout. Deterministic: the same arguments give the same files.

By default phone-sized photos (4032×3024, 12 MP) in a mix of JPEG, PNG and HEIC. `--size 1600x1200
--formats jpg` makes the smaller JPEGs a messaging app sends (a few hundred KB each), used for the
1,000-photo cached re-export. Every photo has its own bytes (its own tint of the noisy scene), so a
tool that hashes sources has real work to do.

usage: python3 bench/make_photos.py OUTDIR [COUNT] [--size WxH] [--formats jpg,png,heic]"""
import argparse
import json
import os
import subprocess

parser = argparse.ArgumentParser()
parser.add_argument("out")
parser.add_argument("count", type=int, nargs="?", default=120)
parser.add_argument("--size", default="4032x3024")
parser.add_argument("--formats", default="jpg,png,heic",
                    help="the mix to draw from: jpg always; png for a third; heic for one in ten")
args = parser.parse_args()
out, count = args.out, args.count
W, H = (int(v) for v in args.size.split("x"))
formats = set(args.formats.split(","))
os.makedirs(out, exist_ok=True)


def run(*command):
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def tmp(name):
    return os.path.join(out, name)


# One base scene, made with vips so no Python imaging package is needed: a gradient with noise (so
# encoders have real work to do); each photo tints it its own way (one vips process a photo).
base = tmp(f"_base-{W}x{H}.v")
if not os.path.exists(base):
    run("vips", "xyz", tmp("_xyz.v"), str(W), str(H))
    run("vips", "gaussnoise", tmp("_noise.v"), str(W), str(H), "--sigma", "24", "--mean", "128")
    # bands: x and y scaled to 0…255 over the photo, then noise → a colourful, noisy 3-band image
    run("vips", "linear", tmp("_xyz.v"), tmp("_lin.v"), f"{256 / W:.6f} {256 / H:.6f}", "0 0")
    run("vips", "bandjoin", f"{tmp('_lin.v')} {tmp('_noise.v')}", tmp("_j.v"))
    run("vips", "cast", tmp("_j.v"), base, "uchar")


def kind_of(i):
    # Mostly JPEG, a third PNG, one in ten HEIC (HEIC is slow to encode, not to decode).
    if i % 10 == 3 and "heic" in formats:
        return "heic"
    if i % 3 == 1 and "png" in formats:
        return "png"
    return "jpg"


names, new_jpegs = [], {1: [], 6: []}
for i in range(count):
    kind = kind_of(i)
    name = f"photo-{i:04d}.{kind}" if count > 1000 else f"photo-{i:03d}.{kind}"
    path = os.path.join(out, name)
    if not os.path.exists(path):
        option = {"jpg": "[Q=90]", "png": "[compression=3]", "heic": "[Q=60]"}[kind]
        run("vips", "linear", base, path + option,
            f"{0.7 + (i % 7) * 0.05} {0.8 + (i % 5) * 0.04} {0.9 - (i % 3) * 0.1}",
            f"{i % 40} {(i * 7) % 30} {(i * 13) % 50}", "--uchar")
        if kind == "jpg":
            new_jpegs[6 if i % 4 == 1 else 1].append(path)
    names.append(name)

# EXIF like a phone's: orientation (a quarter portrait) and a GPS position. One exiftool per batch.
for orientation, paths in new_jpegs.items():
    for start in range(0, len(paths), 200):
        run("exiftool", "-q", "-overwrite_original", f"-Orientation#={orientation}",
            "-GPSLatitude=51.5", "-GPSLatitudeRef=N", "-GPSLongitude=0.12", "-GPSLongitudeRef=W",
            *paths[start:start + 200])

# Turns of 1, 2, 3, 4 and 7 photos in a cycle, so every layout (and so every size) is made.
messages, i, turn = [], 0, 0
pattern = [1, 2, 3, 4, 7]
while i < len(names):
    n = min(pattern[turn % len(pattern)], len(names) - i)
    attachments = [{"id": f"a{j}", "name": names[j], "byteCount": os.path.getsize(os.path.join(out, names[j])),
                    "contentType": "image/heic" if names[j].endswith("heic") else ("image/png" if names[j].endswith("png") else "image/jpeg"),
                    "preview": names[j]} for j in range(i, i + n)]
    messages.append({"id": f"m{turn}", "role": "user", "text": f"Photos {i + 1} to {i + n}.", "attachments": attachments})
    messages.append({"id": f"r{turn}", "role": "assistant", "text": "Got them."})
    i += n
    turn += 1
with open(os.path.join(out, "conversation.json"), "w") as f:
    json.dump({"title": "Photo benchmark", "messages": messages}, f, indent=1)
for name in ("_xyz.v", "_noise.v", "_lin.v", "_j.v"):
    if os.path.exists(tmp(name)):
        os.remove(tmp(name))
total = sum(os.path.getsize(os.path.join(out, n)) for n in names)
print(f"{len(names)} photos ({total / 2**20:.0f} MB) in {out}")
