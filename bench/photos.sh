#!/usr/bin/env bash
# The photo benchmark, one command: installs what it needs, builds chatrender (release), makes
# the input photos once (bench/work/, deterministic), runs every tool side by side and prints
# the table that bench/RESULTS.md records.   usage: bench/photos.sh [PHOTO_COUNT]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/setup.sh"
ensure_apt "${BUILD_PACKAGES[@]}" libvips-tools imagemagick time libimage-exiftool-perl
bin="$(build_release)" || exit 70
count="${1:-120}"
photos="$ROOT/bench/work/photos-$count"
python3 "$ROOT/bench/make_photos.py" "$photos" "$count" >&2
python3 "$ROOT/bench/photos.py" "$bin" "$photos"
