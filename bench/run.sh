#!/usr/bin/env bash
# Every benchmark, one command: installs what it needs, builds chatrender (release), makes the
# inputs (deterministic, seeded; kept in bench/work/), then runs
#   1. text:    the same turns through chatrender, cmark-gfm, pandoc, claude-code-log and
#               claude-code-transcripts, side by side (bench/text/text.py); then replies with
#               highlighted code and math against cmark-gfm at 10k turns
#   2. scaling: chatrender at 1k / 10k / 100k turns (same script)
#   3. page:    the 10k-turn pages in headless Chromium (bench/text/page.py)
#   3b. claude-code: real-shaped Claude Code sessions through chatrender --from claude-code,
#               claude-code-log and claude-code-transcripts (bench/claude_code.py)
#   3c. codex:  real-shaped Codex CLI rollouts through chatrender and claude-code-log --provider
#               codex (bench/codex.py)
#             - 500 MB Claude Code and Codex sessions: time, peak memory and first paint, against
#               claude-code-log (bench/huge/huge.py)
#   3c. site:   a seeded 2,000-conversation ChatGPT export as one site, against convoviz's Markdown
#               (bench/site/site.py), then the site's search in headless Chromium (bench/site/search.py),
#               then the site with and without its insights page (bench/site/insights.py)
#   3d. usage:  every agent fixture's tokens and cost, chatrender against agentsview's
#               `session usage` (bench/usage/compare.py; no timing, a table of differences)
#   3e. agents: a machine's worth of Claude Code and Codex sessions (510, bench/agents/make_machine.py)
#               as one site, cold and re-run after one session grew, against `agentsview sync`
#               cold and again (bench/agents/update.py)
#   4. photos:  bench/photos.sh, when present
# and prints the Markdown tables that bench/RESULTS.md records (also saved in bench/work/).
# usage: bench/run.sh [--quick]     (--quick: 1k and 10k turns only, one run each)
#        bench/run.sh --check [--record [RUNS]]
# --check: the speed guard, a few minutes: the issue-44 ratios at a small size (text against
# cmark-gfm, pandoc and claude-code-log; 10k turns in chunks against 1k and against 10k whole; a
# 500-conversation site against convoviz; 6 photos against the libvips floor), each compared with
# its recorded value in bench/check/baseline.json; exits 1 naming any row more than 1.5× its
# recorded value. --record: measures RUNS times (default 3) and records the medians instead.
# See bench/check/README.md.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/setup.sh"

mode=full
case "${1:-}" in
  --check) mode=check ;;
  --quick | "") ;;
  *) echo "usage: bench/run.sh [--quick | --check [--record [RUNS]]]" >&2; exit 64 ;;
esac
record=0 record_runs=3
if [ "$mode" = check ] && [ "${2:-}" = "--record" ]; then record=1 record_runs="${3:-3}"; fi

if [ "$mode" = check ]; then
  ensure_apt "${BUILD_PACKAGES[@]}" cmark-gfm pandoc time python3-venv libvips-tools libimage-exiftool-perl
else
  ensure_apt "${BUILD_PACKAGES[@]}" cmark-gfm pandoc time python3-venv chromium chromium-driver
fi

WORK="$ROOT/bench/work"
VENV="$WORK/venv"
mkdir -p "$WORK"
# The two PyPI transcript renderers, pinned with their dependencies.
if [ ! -x "$VENV/bin/claude-code-log" ] || [ ! -x "$VENV/bin/claude-code-transcripts" ]; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q -r "$ROOT/bench/text/requirements.txt"
fi
# convoviz for the site benchmark, pinned with its dependencies.
if [ ! -x "$WORK/convoviz-venv/bin/python" ] || ! "$WORK/convoviz-venv/bin/python" -c "import convoviz" 2>/dev/null; then
  python3 -m venv "$WORK/convoviz-venv"
  "$WORK/convoviz-venv/bin/pip" install -q -r "$ROOT/bench/site/requirements.txt"
fi

if [ "$mode" = check ]; then
  bin="$(build_release)"
  export CHATRENDER_DATA="$ROOT"
  started=$SECONDS
  mkdir -p "$WORK/check"
  # Every output in a memory file system where there is one with room (the text rows' outputs
  # take about 50 MB together; a container's /dev/shm may hold 64 MB): on a disk that other builds
  # are writing to, making the 500 folders of a site costs 0.1 s of kernel time one run and 0.9 s
  # the next, which is noise, not chatrender.
  scratch=/dev/shm
  if ! [ -d "$scratch" ] || ! [ -w "$scratch" ] || [ "$(df -Pk "$scratch" | awk 'NR == 2 {print $4}')" -lt 524288 ]; then
    scratch="${TMPDIR:-/tmp}"
    echo "speed guard: no memory file system with 512 MB free; outputs in $scratch (noisier)" >&2
  fi
  TMPDIR="$(mktemp -d "$scratch/chatrender-check.XXXXXX")"
  export TMPDIR
  trap 'rm -rf "$TMPDIR"' EXIT
  echo "speed guard: load average $(cut -d' ' -f1-3 /proc/loadavg) at the start" >&2
  # One run of every row into $1. Text: 1k and 10k turns, five interleaved rounds; a site of 500
  # conversations and 6 photos, three rounds each. The inputs are made once, kept in bench/work/.
  measure() {
    rm -f "$1"
    python3 "$ROOT/bench/text/text.py" "$bin" "$WORK" "$VENV/bin" --check "$1" --check-sizes 1000,10000 --repeat 5
    python3 "$ROOT/bench/site/site.py" "$bin" "$WORK" "$WORK/convoviz-venv/bin" --check "$1" \
      --conversations 500 --messages 10000 --repeat 3
    "$ROOT/bench/photos.sh" 6 --floor-only --check "$1" --repeat 3
  }
  if [ "$record" = 1 ]; then
    measured=()
    for run in $(seq 1 "$record_runs"); do
      echo "speed guard: measuring (run $run of $record_runs)" >&2
      measure "$WORK/check/rows-$run.json"
      measured+=("$WORK/check/rows-$run.json")
    done
    echo "speed guard: measured in $((SECONDS - started)) s; load average $(cut -d' ' -f1-3 /proc/loadavg) at the end" >&2
    python3 "$ROOT/bench/check/check.py" record "${measured[@]}"
    exit
  fi
  measure "$WORK/check/rows-1.json"
  echo "speed guard: measured in $((SECONDS - started)) s; load average $(cut -d' ' -f1-3 /proc/loadavg) at the end" >&2
  status=0
  python3 "$ROOT/bench/check/check.py" compare "$WORK/check/rows-1.json" || status=$?
  if [ "$status" = 1 ]; then
    # A row past its limit once may be a busy moment on a shared machine: it fails only if it is
    # past it again, each row judged by the better of its two runs. A real slowdown is slow twice.
    echo "speed guard: measuring once more, to tell a slowdown from a busy moment" >&2
    measure "$WORK/check/rows-2.json"
    echo "speed guard: measured twice in $((SECONDS - started)) s" >&2
    status=0
    python3 "$ROOT/bench/check/check.py" compare "$WORK/check/rows-1.json" "$WORK/check/rows-2.json" || status=$?
  fi
  exit "$status"
fi

# agentsview for the token and cost comparison, pinned (its wheel holds its own binary).
if [ ! -x "$WORK/agentsview-venv/bin/agentsview" ]; then
  python3 -m venv "$WORK/agentsview-venv"
  "$WORK/agentsview-venv/bin/pip" install -q -r "$ROOT/bench/usage/requirements.txt"
fi

# Selenium for the page benchmark: the browser tests' pinned venv.
if [ ! -x "$ROOT/.venv/bin/python" ] || ! "$ROOT/.venv/bin/python" -c "import selenium" 2>/dev/null; then
  python3 -m venv "$ROOT/.venv"
  "$ROOT/.venv/bin/pip" install -q -r "$ROOT/Tests/Browser/requirements.txt"
fi

bin="$(build_release)"
export CHATRENDER_DATA="$ROOT"

sizes=1000,10000,100000 compare=1000,10000 repeat=3 huge=500
if [ "${1:-}" = "--quick" ]; then sizes=1000,10000 compare=1000,10000 repeat=1 huge=50; fi

{
  echo "## Machine"
  echo
  echo "- CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) cores"
  echo "- Memory: $(free -g | awk '/Mem:/ {print $2}') GiB; $(. /etc/os-release && echo "$PRETTY_NAME"), kernel $(uname -r)"
  echo "- $(swift --version 2>&1 | head -1); cmark-gfm $(cmark-gfm --version | head -1 | awk '{print $2}'); $(pandoc --version | head -1)"
  echo "- claude-code-log $("$VENV/bin/pip" show claude-code-log | awk '/^Version/ {print $2}'); claude-code-transcripts $("$VENV/bin/pip" show claude-code-transcripts | awk '/^Version/ {print $2}'); $(chromium --version 2>/dev/null | head -1)"
  echo "- Load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo
  python3 "$ROOT/bench/text/text.py" "$bin" "$WORK" "$VENV/bin" --sizes "$sizes" --compare-sizes "$compare" --repeat "$repeat" --rich-sizes 10000
  "$ROOT/.venv/bin/python" "$ROOT/bench/text/page.py" "$bin" "$WORK" "$VENV/bin" --turns 10000 --repeat "$repeat"
  "$ROOT/.venv/bin/python" "$ROOT/bench/claude_code.py" "$bin" "$WORK" "$VENV/bin" --repeat "$repeat"
  python3 "$ROOT/bench/codex.py" "$bin" "$WORK" "$VENV/bin" --repeat "$repeat"
  # 500 MB sessions (claude-code-log takes up to an hour and 12 GiB on them); 50 MB with --quick.
  "$ROOT/.venv/bin/python" "$ROOT/bench/huge/huge.py" "$bin" "$WORK" "$VENV/bin" --mb "$huge"
  python3 "$ROOT/bench/site/site.py" "$bin" "$WORK" "$WORK/convoviz-venv/bin" --repeat "$repeat"
  echo
  "$ROOT/.venv/bin/python" "$ROOT/bench/site/search.py" "$WORK/site-2000/out-chatrender"
  echo
  python3 "$ROOT/bench/site/insights.py" "$bin" "$WORK" --repeat "$(( repeat > 5 ? repeat : 5 ))"
  echo
  python3 "$ROOT/bench/usage/compare.py" "$bin" --agentsview "$WORK/agentsview-venv/bin/agentsview"
  echo
  python3 "$ROOT/bench/agents/update.py" "$bin" "$WORK" --agentsview "$WORK/agentsview-venv/bin/agentsview" --repeat "$repeat"
} | tee "$WORK/text-results.md"

if [ -x "$ROOT/bench/photos.sh" ]; then
  echo
  echo "## Photos"
  echo
  "$ROOT/bench/photos.sh"
fi
