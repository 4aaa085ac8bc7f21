# Shared set-up for scripts/example and scripts/test: installs what is missing, and nothing else,
# so running either command again is quick and changes nothing.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# Installs the Debian packages that are not installed yet.
ensure_apt() {
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "installing: ${missing[*]}" >&2
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
}

# What building chatrender needs: libvips, cmark-gfm (with its GitHub extensions), zlib, SQLite
# (opencode's sessions) and zstd (Zed's agent threads) through pkg-config.
BUILD_PACKAGES=(libvips-dev libcmark-gfm-dev libcmark-gfm-extensions-dev zlib1g-dev libdeflate-dev libsqlite3-dev libzstd-dev pkg-config)

ensure_swift() {
  if ! command -v swift >/dev/null 2>&1; then
    echo "chatrender needs the Swift 6 toolchain on PATH (swift.org/install)." >&2
    exit 69
  fi
}

build_release() {
  ensure_swift
  # A failed build must stop the caller: command substitution does not inherit `set -e`.
  local log
  log="$(mktemp)"
  # --static-swift-stdlib: the Swift runtime and Foundation are linked in, so the binary starts
  # without loading and binding a dozen shared libraries (4 M instructions instead of 15 M, about
  # 8 ms of a 40 ms 1k-turn render) and runs on machines without the Swift toolchain.
  # --disable-local-rpath: with the runtime linked in, the binary loads nothing from beside itself,
  # and a search path of its own ($ORIGIN) is what Debian's policy forbids a packaged binary.
  if ! (cd "$ROOT" && swift build -c release --product chatrender --static-swift-stdlib --disable-local-rpath >"$log" 2>&1); then
    grep -v "prohibited flag" "$log" >&2 || true
    rm -f "$log"
    echo "chatrender: the release build failed" >&2
    exit 70
  fi
  grep -v "prohibited flag" "$log" | tail -1 >&2 || true
  rm -f "$log"
  echo "$ROOT/.build/release/chatrender"
}
