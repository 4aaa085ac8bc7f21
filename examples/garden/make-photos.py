"""Draws the garden example's stand-in photos (the spec's example draws its photos too).

Run from this folder: python3 make-photos.py  (needs numpy and the `vips` command).
The JPEGs it writes are committed; this script only documents how they were made.
"""
import subprocess
import numpy as np

W, H = 1200, 900
rng = np.random.default_rng(7)
y, x = np.mgrid[0:H, 0:W].astype(np.float32)


def lerp(a, b, t):
    a, b = np.array(a, np.float32), np.array(b, np.float32)
    return a + (b - a) * t[..., None]


def noise(scale, amount):
    small = rng.random((H // scale + 2, W // scale + 2)).astype(np.float32)
    big = np.kron(small, np.ones((scale, scale), np.float32))[:H, :W]
    return (big - 0.5) * amount


def scene(horizon, sky_top, sky_low, ground_near, ground_far, sun=None, fence=False, beds=0, tree=None, shade=0.0):
    img = np.zeros((H, W, 3), np.float32)
    sky = y < horizon
    t = np.clip(y / horizon, 0, 1)
    img[sky] = lerp(sky_top, sky_low, t)[sky]
    g = np.clip((y - horizon) / (H - horizon), 0, 1)
    ground = lerp(ground_far, ground_near, g)
    ground += noise(6, 26)[..., None] * np.array([0.6, 1.0, 0.5])
    img[~sky] = ground[~sky]
    if sun:
        cx, cy, r = sun
        d = np.hypot(x - cx, y - cy)
        glow = np.clip(1 - d / (r * 4), 0, 1) ** 2
        img += glow[..., None] * np.array([90, 80, 40])
        img[d < r] = [255, 244, 214]
    if fence:
        top = horizon - 120
        band = (y > top) & (y < horizon + 30)
        img[band] = lerp([150, 112, 78], [120, 86, 58], np.clip((y - top) / 150, 0, 1))[band]
        for px in range(0, W, 48):
            img[band & (np.abs(x - px) < 2)] = [92, 64, 42]
    for i in range(beds):
        bx = 140 + i * 480
        bed = (x > bx) & (x < bx + 380) & (y > horizon + 140) & (y < horizon + 330)
        img[bed] = [112, 78, 50]
        soil = (x > bx + 16) & (x < bx + 364) & (y > horizon + 156) & (y < horizon + 314)
        img[soil] = np.array([74, 52, 36]) + noise(3, 30)[soil][..., None]
        for k in range(6):
            sx = bx + 50 + k * 55
            leaf = np.hypot(x - sx, (y - horizon - 230) * 1.4) < 22
            img[leaf & soil] = [70, 150, 64]
    if tree:
        tx, ty, tr = tree
        trunk = (np.abs(x - tx) < 22) & (y > ty) & (y < horizon + 60)
        img[trunk] = [86, 60, 40]
        crown = np.hypot(x - tx, (y - ty) * 1.15) < tr
        img[crown] = np.array([48, 104, 52]) + noise(8, 40)[crown][..., None] * np.array([0.4, 1.0, 0.4])
    if shade:
        img *= (1 - shade * np.clip((W - x) / W, 0, 1))[..., None]
    return np.clip(img, 0, 255).astype(np.uint8)


def save(name, pixels, quality=82):
    raw = name.replace(".jpg", ".raw")
    pixels.tofile(raw)
    subprocess.run(["vips", "rawload", raw, "tmp.v", str(W), str(H), "3"], check=True)
    subprocess.run(["vips", "copy", "tmp.v", f"{name}[Q={quality},strip]"], check=True)
    subprocess.run(["rm", "-f", raw, "tmp.v"], check=True)


save("backyard-lawn.jpg", scene(360, [110, 160, 220], [200, 225, 240], [70, 130, 60], [120, 170, 90], sun=(980, 120, 40), fence=True))
save("backyard-maple.jpg", scene(420, [120, 170, 225], [210, 230, 240], [60, 120, 55], [110, 160, 85], tree=(420, 170, 210), fence=True, shade=0.25))
save("backyard-fence.jpg", scene(300, [140, 180, 230], [220, 232, 240], [80, 135, 62], [130, 175, 95], fence=True, beds=1))
save("corner-noon.jpg", scene(280, [90, 150, 230], [190, 220, 245], [90, 150, 64], [140, 185, 100], sun=(600, 90, 46), fence=True))
save("trellis.jpg", scene(340, [150, 185, 225], [225, 235, 242], [72, 126, 58], [118, 165, 88], fence=True, beds=2))
save("shed-door.jpg", scene(500, [160, 190, 230], [230, 238, 244], [96, 140, 70], [140, 176, 100], tree=(900, 260, 160), shade=0.15))
