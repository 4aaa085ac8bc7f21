"""Makes the photo benchmark's inputs: phone-sized photos (4032×3024, 12 MP) in a mix of JPEG,
PNG and HEIC, with EXIF (orientation, GPS) like a phone's, and a conversation that shows them in
every layout. Deterministic: the same seed gives the same files.

usage: python3 bench/make_photos.py OUTDIR [COUNT]"""
import json
import os
import subprocess
import sys

out = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 120
os.makedirs(out, exist_ok=True)
W, H = 4032, 3024


def run(*args):
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


# One base scene per colour, made with vips so no Python imaging package is needed: a gradient
# with noise (so encoders have real work to do) and a tint per photo.
base = os.path.join(out, "_base.v")
if not os.path.exists(base):
    run("vips", "xyz", os.path.join(out, "_xyz.v"), str(W), str(H))
    run("vips", "gaussnoise", os.path.join(out, "_noise.v"), str(W), str(H), "--sigma", "24", "--mean", "128")
    # bands: x/16, y/12, noise → a colourful, noisy 3-band image
    run("vips", "linear", os.path.join(out, "_xyz.v"), os.path.join(out, "_lin.v"), "0.0625 0.084", "0 0")
    run("vips", "bandjoin", f"{os.path.join(out, '_lin.v')} {os.path.join(out, '_noise.v')}", os.path.join(out, "_j.v"))
    run("vips", "cast", os.path.join(out, "_j.v"), base, "uchar")

names = []
for i in range(count):
    # Mostly JPEG, a third PNG, one in ten HEIC (HEIC is slow to encode, not to decode).
    kind = "heic" if i % 10 == 3 else ("png" if i % 3 == 1 else "jpg")
    name = f"photo-{i:03d}.{kind}"
    path = os.path.join(out, name)
    if not os.path.exists(path):
        tinted = os.path.join(out, "_t.v")
        run("vips", "linear", base, tinted, f"{0.7 + (i % 7) * 0.05} {0.8 + (i % 5) * 0.04} {0.9 - (i % 3) * 0.1}", f"{i % 40} {(i * 7) % 30} {(i * 13) % 50}", "--uchar")
        option = {"jpg": "[Q=90]", "png": "[compression=3]", "heic": "[Q=60]"}[kind]
        run("vips", "copy", tinted, path + option)
        if kind == "jpg":
            run("exiftool", "-q", "-overwrite_original", f"-Orientation#={6 if i % 4 == 1 else 1}",
                "-GPSLatitude=51.5", "-GPSLatitudeRef=N", "-GPSLongitude=0.12", "-GPSLongitudeRef=W", path)
    names.append(name)

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
for tmp in ("_xyz.v", "_noise.v", "_lin.v", "_j.v", "_t.v"):
    p = os.path.join(out, tmp)
    if os.path.exists(p):
        os.remove(p)
print(f"{len(names)} photos in {out}")
