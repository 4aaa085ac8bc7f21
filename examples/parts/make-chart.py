"""Draws daily-totals.png, the bar chart the example's code run shows: Python standard library only,
the same bytes every time.  usage: python3 examples/parts/make-chart.py"""
import pathlib
import struct
import zlib

WIDTH, HEIGHT = 480, 240
TOTALS = [6120, 7340, 6980, 7710, 8890, 4650, 4480, 2040]  # Mon..Sun, then the split-off "Monday" row
BACKGROUND, BAR, SPLIT, AXIS = (255, 255, 255), (52, 101, 164), (204, 0, 0), (60, 60, 60)

pixels = [[BACKGROUND] * WIDTH for _ in range(HEIGHT)]
for x in range(30, WIDTH - 20):
    pixels[HEIGHT - 30][x] = AXIS
for y in range(20, HEIGHT - 29):
    pixels[y][30] = AXIS
slot = (WIDTH - 60) // len(TOTALS)
for index, total in enumerate(TOTALS):
    height = int(total / 9000 * (HEIGHT - 60))
    colour = SPLIT if index >= 6 else BAR
    for x in range(40 + index * slot, 40 + index * slot + slot - 12):
        for y in range(HEIGHT - 31 - height, HEIGHT - 31):
            pixels[y][x] = colour

raw = b"".join(b"\x00" + bytes(channel for pixel in row for channel in pixel) for row in pixels)


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", WIDTH, HEIGHT, 8, 2, 0, 0, 0))
       + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
(pathlib.Path(__file__).resolve().parent / "daily-totals.png").write_bytes(png)
