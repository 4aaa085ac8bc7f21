#!/usr/bin/env bash
# The photo benchmark, one command: installs what it needs, builds chatrender (release), makes
# the input photos once (bench/work/, deterministic), runs every tool side by side and prints
# the tables that bench/RESULTS.md records.
#   usage: bench/photos.sh [PHOTO_COUNT] [photos.py options, e.g. --repeat 1]
# PHOTO_COUNT phone photos (default 60) are compared with the in-process libvips floor
# (bench/floor/vips_floor.c, compiled here, with and without colour management), the
# vipsthumbnail loop and ImageMagick;
# 1,000 smaller JPEGs are rendered once and then re-exported over that output (the cached run).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/setup.sh"
# ImageMagick only for the comparisons that --floor-only (the speed guard's) leaves out.
if [[ " $* " == *" --floor-only "* ]]; then
  ensure_apt "${BUILD_PACKAGES[@]}" libvips-tools time libimage-exiftool-perl
else
  ensure_apt "${BUILD_PACKAGES[@]}" libvips-tools imagemagick time libimage-exiftool-perl
fi
bin="$(build_release)" || exit 70
count="${1:-60}"
shift || true
photos="$ROOT/bench/work/photos-$count"
large="$ROOT/bench/work/photos-small-1000"
floor="$ROOT/bench/work/vips_floor"
mkdir -p "$ROOT/bench/work"
# shellcheck disable=SC2046  # pkg-config's flags are meant to split
cc -O2 -o "$floor" "$ROOT/bench/floor/vips_floor.c" $(pkg-config --cflags --libs vips) -lpthread
python3 "$ROOT/bench/make_photos.py" "$photos" "$count" >&2
# --floor-only compares with the floor alone: the 1,000 photos for the cached run are not needed.
cached=()
if [[ " $* " != *" --floor-only "* ]]; then
  python3 "$ROOT/bench/make_photos.py" "$large" 1000 --size 1600x1200 --formats jpg >&2
  cached=(--cached-photos "$large")
fi
python3 "$ROOT/bench/photos.py" "$bin" "$photos" --floor "$floor" "${cached[@]}" "$@"
