#!/bin/sh
# Builds the libFuzzer targets (Swift's -sanitize=fuzzer with AddressSanitizer) and runs them.
#
#   fuzz/run.sh                  build, then run every target for $FUZZ_SECONDS (default 180) each
#   fuzz/run.sh theme inline     only these targets
#   FUZZ_SECONDS=3600 fuzz/run.sh conversation    a long run
#   FUZZ_TIMEOUT=30 fuzz/run.sh theme    seconds before one input counts as a hang (default 10;
#                                        raise it on a busy machine, where slow units are artefacts)
#   fuzz/run.sh --ci             what CI runs (scripts/test): every target for $FUZZ_CI_SECONDS
#                                (default 15) from its kept corpus; fails on a crash, hang or blow-up
#   fuzz/run.sh --keep codex     choose the kept corpus (fuzz/corpus-kept/NAME/) anew from itself and
#                                the growing corpus, within $FUZZ_KEEP_BYTES (24 KB); commit it
#   fuzz/run.sh --build-only     just build (stages of one depth side by side, targets linked
#                                $FUZZ_BUILD_JOBS at a time: one a core by default)
#   fuzz/run.sh --replay         run every file in fuzz/crashers/ and the seeds once through every target
#
# Targets (fuzz/targets/NAME.swift; what each reads and its mode byte are at its top): conversation,
# inline, theme, the readers openai, anthropic, chatgpt, claudeai, claudecode, codex, gemini,
# copilot, cursor, opencode (its JSON storage) and opencodedb (its SQLite database), agents (every
# reader in the table by name, from a tree of files made of its fixture folder), and zip, shards.
# fuzz/support/ is compiled into every target. Each stage target of the library that the
# targets import is compiled once, instrumented, into its own module and static library, after
# the stages it depends on; each target links them. Corpora grow in fuzz/corpus/NAME/ (not
# committed), seeded from fuzz/seeds/NAME/ and the test fixtures; fuzz/corpus-kept/NAME/ is the
# committed one every run also starts from. A crash leaves crash-* (a hang timeout-*, a blow-up
# oom-*) in fuzz/crashers/NAME/: keep it there, fix the bug, and the Swift test
# FuzzCrasherReplayTests replays it on every `swift test`.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
ALL="conversation inline theme openai anthropic chatgpt claudeai claudecode zip shards codex gemini copilot cursor opencode opencodedb agents"
TARGETS=""
MODE=run
for arg in "$@"; do
    case $arg in
        --build-only) MODE=build ;;
        --replay) MODE=replay ;;
        --ci) MODE=ci ;;
        --keep) MODE=keep ;;
        *) TARGETS="$TARGETS $arg" ;;
    esac
done
[ -n "$TARGETS" ] || TARGETS=$ALL
# Optimised (-O) for runs that last: 2.6 times the executions a second of -Onone. CI builds with
# -Onone, in a folder of its own: the optimiser makes the instrumented build four times longer
# (5 minutes of CPU instead of 1.3), which a run of 15 s a target does not win back.
if [ "$MODE" = ci ]; then
    OPT=${FUZZ_OPT:--Onone}
    BUILD=${FUZZ_BUILD:-$ROOT/.build/fuzz-ci}
else
    OPT=${FUZZ_OPT:--O}
    BUILD=${FUZZ_BUILD:-$ROOT/.build/fuzz}
fi
SECONDS_EACH=${FUZZ_SECONDS:-180}
TIMEOUT=${FUZZ_TIMEOUT:-10}
JOBS=${FUZZ_JOBS:-1}
CI_SECONDS=${FUZZ_CI_SECONDS:-15}
KEEP_BYTES=${FUZZ_KEEP_BYTES:-24576}
# The targets that read files write each input into a private folder under TMPDIR: in memory
# (/dev/shm) where there is one, as a disk makes them four times slower.
SCRATCH=${FUZZ_SCRATCH:-$( [ -d /dev/shm ] && [ -w /dev/shm ] && echo /dev/shm || echo "$BUILD/tmp" )}/chatrender-fuzz-$$
SAN="-sanitize=fuzzer,address"
CMO=""
[ "$OPT" = -O ] && CMO=-cross-module-optimization
# The library's stage targets, read from Package.swift's one list (`let stages`), then ChatRender,
# which wires them; and the one package name they share so `package` declarations reach across
# them (any name works, if the same).
STAGES="$(sed -n '/^let stages: \[Target.Dependency\] = \[/,/\]/p' "$ROOT/Package.swift" | tail -n +2 | grep -o '"[A-Za-z]*"' | tr -d '"' | tr '\n' ' ')ChatRender"
PACKAGE=chatrender

# The stages `stage` imports, as its `.target(name: "STAGE", dependencies: [...])` in Package.swift
# declares them; ChatRender, which wires the library, depends on every stage.
stage_dependencies() {
    if [ "$1" = ChatRender ]; then
        echo "$STAGES" | sed 's/ChatRender//'
        return
    fi
    # On one line, as a formatter may wrap a long declaration after `.target(`.
    tr '\n' ' ' < "$ROOT/Package.swift" | sed 's/  */ /g' \
        | grep -oE "\.target\( ?name: \"$1\", dependencies: \[[^]]*\]" | sed 's/.*dependencies: //' \
        | grep -o '"Chat[A-Za-z]*"' | tr -d '"' | tr '\n' ' ' || true
}

# The stages the chosen targets import and those they depend on, each after its dependencies.
stage_order() {
    wanted=$(for target in $TARGETS; do grep -ho '^@testable import Chat[A-Za-z]*\|^import Chat[A-Za-z]*' "$HERE/targets/$target.swift" | sed 's/.*import //'; done | sort -u | tr '\n' ' ')
    # Close over the dependencies.
    while :; do
        more=$(for stage in $wanted; do echo "$stage"; stage_dependencies "$stage" | tr ' ' '\n'; done | grep . | sort -u | tr '\n' ' ')
        [ "$more" = "$wanted" ] && break
        wanted=$more
    done
    # Package.swift's list, each stage placed once every stage it depends on is.
    placed=" "
    left=$(for stage in $STAGES; do case " $wanted " in *" $stage "*) printf '%s ' "$stage" ;; esac; done)
    while [ -n "$left" ]; do
        rest=""
        progress=""
        for stage in $left; do
            ready=yes
            for dependency in $(stage_dependencies "$stage"); do case "$placed" in *" $dependency "*) ;; *) ready="" ;; esac; done
            if [ -n "$ready" ]; then placed="$placed$stage "; progress=yes; else rest="$rest$stage "; fi
        done
        [ -n "$progress" ] || { echo "fuzz/run.sh: the stages' dependencies in Package.swift form a cycle: $left" >&2; exit 70; }
        left=$rest
    done
    echo "$placed"
}

build() {
    mkdir -p "$BUILD/stages"
    # A build made with other flags (FUZZ_OPT) is made again.
    if [ "$(cat "$BUILD/flags" 2>/dev/null)" != "$OPT $CMO $SAN" ]; then
        rm -f "$BUILD/stages"/*.a "$BUILD"/fuzz-*
        echo "$OPT $CMO $SAN" > "$BUILD/flags"
    fi
    CFLAGS="$(pkg-config --cflags libcmark-gfm zlib)"
    # libvips is not linked: the shim opens it with dlopen when a photo needs it (-ldl for older libcs).
    LIBS="$(pkg-config --libs libcmark-gfm zlib libdeflate sqlite3 libzstd) -lcmark-gfm-extensions -ldl"
    XCC=$(for f in $CFLAGS; do printf -- '-Xcc %s ' "$f"; done)
    CMODULES="-I $ROOT/Sources/CCmarkGFM -I $ROOT/Sources/CZlib -I $ROOT/Sources/CDeflate -I $ROOT/Sources/CSQLite -I $ROOT/Sources/CZstd -I $BUILD/modules/CVipsShim -I $BUILD/modules/CPlatform"
    if [ ! -f "$BUILD/cplatform.o" ] || [ -n "$(find "$ROOT/Sources/CVipsShim" "$ROOT/Sources/CPlatform" -newer "$BUILD/cplatform.o" -name '*.[ch]' | head -1)" ]; then
        echo "building the instrumented C shims in $BUILD"
        clang -c -O1 -g -fsanitize=fuzzer-no-link,address -Werror=sentinel -Werror=format -I"$ROOT/Sources/CVipsShim/include" \
            "$ROOT/Sources/CVipsShim/cvips_shim.c" -o "$BUILD/cvips_shim.o"
        # Compiles to nothing; fails when the shim's libvips declarations differ from libvips's headers.
        # shellcheck disable=SC2046
        clang -fsyntax-only $(pkg-config --cflags vips) -I"$ROOT/Sources/CVipsShim/include" \
            "$ROOT/Sources/CVipsShim/cvips_header_check.c"
        mkdir -p "$BUILD/modules/CVipsShim" "$BUILD/modules/CPlatform"
        printf 'module CVipsShim {\n  header "%s"\n  export *\n}\n' "$ROOT/Sources/CVipsShim/include/cvips_shim.h" > "$BUILD/modules/CVipsShim/module.modulemap"
        printf 'module CPlatform {\n  header "%s"\n  export *\n}\n' "$ROOT/Sources/CPlatform/include/cplatform.h" > "$BUILD/modules/CPlatform/module.modulemap"
        # Every C file of CPlatform, cplatform.c last: its time stamp is what the check above compares against.
        mkdir -p "$BUILD/cplatform"
        rm -f "$BUILD/cplatform"/*.o
        for source in "$ROOT/Sources/CPlatform"/*.c; do
            name=$(basename "$source" .c)
            [ "$name" = cplatform ] && continue
            clang -c -O1 -g -fsanitize=fuzzer-no-link,address -I"$ROOT/Sources/CPlatform/include" "$source" -o "$BUILD/cplatform/$name.o"
        done
        clang -c -O1 -g -fsanitize=fuzzer-no-link,address -I"$ROOT/Sources/CPlatform/include" \
            "$ROOT/Sources/CPlatform/cplatform.c" -o "$BUILD/cplatform.o"
    fi
    # Each stage is its own module, as in Package.swift, built after the stages it depends on so it
    # finds their .swiftmodule; all share one package name, so `package` declarations are visible
    # across them and to the targets. Only the stages the targets import (and what those depend
    # on) are built. A stage is rebuilt when a Swift file in its folder, a C shim's header or a
    # stage it depends on is newer than its library (a C file's change only relinks the targets).
    ORDER=$(stage_order)
    [ -n "$ORDER" ] || exit 70
    # Each stage's depth: 0 for one that depends on no other, else one more than its deepest
    # dependency. The stages of one depth need none of each other: they are built side by side.
    deepest=0
    for stage in $ORDER; do
        depth=0
        for dependency in $(stage_dependencies "$stage"); do
            d=$(eval "echo \${depth_$dependency:-}")
            if [ -n "$d" ] && [ "$d" -ge "$depth" ]; then depth=$((d + 1)); fi
        done
        eval "depth_$stage=$depth"
        if [ "$depth" -gt "$deepest" ]; then deepest=$depth; fi
    done
    level=0
    while [ "$level" -le "$deepest" ]; do
        running=""
        for stage in $ORDER; do
            [ "$(eval "echo \$depth_$stage")" = "$level" ] || continue
            build_stage "$stage" &
            running="$running $!"
        done
        failed=""
        for job in $running; do wait "$job" || failed=yes; done
        [ -z "$failed" ] || exit 1
        level=$((level + 1))
    done
    # Dependents before their dependencies on the link line.
    STAGELIBS=$(for stage in $ORDER; do echo "$BUILD/stages/lib$stage.a"; done | sed '1!G;h;$!d')
    # The targets are linked a core's worth at a time (on a shared machine, more processes also
    # get more of its time).
    cores=${FUZZ_BUILD_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
    running=""
    failed=""
    for target in $TARGETS; do
        if [ ! -x "$BUILD/fuzz-$target" ] || [ "$HERE/targets/$target.swift" -nt "$BUILD/fuzz-$target" ] \
            || [ -n "$(find "$HERE/support" -name '*.swift' -newer "$BUILD/fuzz-$target" | head -1)" ] \
            || [ "$BUILD/cplatform.o" -nt "$BUILD/fuzz-$target" ] \
            || [ -n "$(find "$BUILD/stages" -name '*.a' -newer "$BUILD/fuzz-$target" | head -1)" ]; then
            echo "linking fuzz-$target"
            link "$target" &
            running="$running $!"
            # shellcheck disable=SC2086
            set -- $running
            if [ $# -ge "$cores" ]; then
                wait "$1" || failed=yes
                shift
                running="$*"
            fi
        fi
    done
    for job in $running; do wait "$job" || failed=yes; done
    [ -z "$failed" ] || exit 1
}

# Builds the stage $1 into $BUILD/stages/lib$1.a when it is stale; the compiler's output is shown
# when it fails (its warnings are the package build's too).
build_stage() {
    lib="$BUILD/stages/lib$1.a"
    stale=""
    [ -f "$lib" ] || stale=yes
    for dependency in $(stage_dependencies "$1"); do
        if [ "$BUILD/stages/lib$dependency.a" -nt "$lib" ]; then stale=yes; fi
    done
    [ -n "$(find "$ROOT/Sources/$1" -name '*.swift' -newer "$lib" 2>/dev/null | head -1)" ] && stale=yes
    [ -n "$(find "$ROOT/Sources/CVipsShim" "$ROOT/Sources/CPlatform" -name '*.h' -newer "$lib" 2>/dev/null | head -1)" ] && stale=yes
    [ -n "$stale" ] || return 0
    echo "building the instrumented $1 module"
    rm -f "$lib"
    # shellcheck disable=SC2046,SC2086
    swiftc -module-name "$1" -package-name "$PACKAGE" -swift-version 6 -parse-as-library -enable-testing \
        $OPT $CMO -wmo -g $SAN \
        -emit-library -static -emit-module -emit-module-path "$BUILD/stages/$1.swiftmodule" -o "$lib" \
        -I "$BUILD/stages" $CMODULES $XCC \
        $(find "$ROOT/Sources/$1" -name '*.swift' | sort) > "$BUILD/build-$1.log" 2>&1 \
        || { cat "$BUILD/build-$1.log" >&2; return 1; }
}

# Compiles and links fuzz/targets/$1.swift with fuzz/support/ and the stages into $BUILD/fuzz-$1;
# the linker's output is shown when it fails.
link() {
    # shellcheck disable=SC2046,SC2086
    swiftc -package-name "$PACKAGE" -swift-version 6 -parse-as-library $OPT -g $SAN \
        -I "$BUILD/stages" $CMODULES $XCC \
        "$HERE/targets/$1.swift" "$HERE"/support/*.swift $STAGELIBS "$BUILD/cvips_shim.o" "$BUILD/cplatform.o" "$BUILD/cplatform"/*.o \
        $(for f in $LIBS; do printf -- '-Xlinker %s ' "$f"; done | sed 's/-Xlinker -l/-l/g') \
        -o "$BUILD/fuzz-$1" > "$BUILD/link-$1.log" 2>&1 \
        || { grep -v 'Cannot export local symbol' "$BUILD/link-$1.log" >&2; return 1; }
}

# Each target's longest input: a few files' worth; a database, a Copilot session or a claude.ai
# export is larger (the claude.ai fixture is 24 KB: cut at 16 KB, it was no JSON at all).
max_len() {
    case $1 in
        copilot | opencodedb | claudeai) echo 32768 ;;
        agents) echo 98304 ;;
        *) echo 16384 ;;
    esac
}

# Copies the target's seeds (fuzz/seeds/NAME/) and test fixtures into the folder $2 (its growing
# corpus, fuzz/corpus/NAME/, when not given).
seed() {
    target=$1
    corpus=${2:-$HERE/corpus/$target}
    mkdir -p "$corpus"
    [ -d "$HERE/seeds/$target" ] && cp -n "$HERE/seeds/$target"/* "$corpus"/ 2>/dev/null || true
    fixtures="$ROOT/Tests/ChatRenderTests/Fixtures"
    case $target in
        conversation) files=$(find "$fixtures/conversations" "$fixtures/render" "$fixtures/composer" "$ROOT/examples" -name '*.json') ;;
        theme) files=$(find "$fixtures/themes" "$ROOT/themes" -name '*.json') ;;
        openai) files=$(find "$fixtures/import/openai" -name '*.json') ;;
        anthropic) files=$(find "$fixtures/import/anthropic" -name '*.json') ;;
        chatgpt) files=$(find "$fixtures/import/chatgpt" -name 'conversations.json') ;;
        claudeai) files=$(find "$fixtures/import/claude-ai" -name 'conversations.json') ;;
        claudecode) files=$(find "$fixtures/import/claude-code" -name '*.jsonl') ;;
        codex) files=$(find "$fixtures/import/codex" -name '*.jsonl') ;;
        gemini) files=$(find "$fixtures/import/gemini" -name 'session-*.json*' -o -name 'checkpoint-*.json') ;;
        copilot) files=$(find "$fixtures/import/copilot" -name '*.jsonl' -o -name '*.json') ;;
        cursor) files=$(find "$fixtures/import/cursor" -name '*.jsonl') ;;
        zip) files=$(find "$fixtures/import" -name '*.zip') ;;
        # Their seeds (a mode byte, then several files in one) are in fuzz/seeds/NAME/ (fuzz/make_seeds.py).
        inline | shards | opencode | opencodedb | agents) files="" ;;
    esac
    n=0
    for f in $files; do
        n=$((n + 1))
        # The mode byte (see fuzz/targets/NAME.swift): --include-system where there is one; Gemini's
        # bit 0 is JSON lines; Copilot's bit 1 is VS Code's export.
        case $target:$f in
            conversation:* | zip:*) cp "$f" "$corpus/fixture-$n"; continue ;;
            gemini:*.json) mode='\000' ;;
            copilot:*.json) mode='\003' ;;
            *) mode='\001' ;;
        esac
        { printf "$mode"; cat "$f"; } > "$corpus/fixture-$n"
    done
}

# A short run of every target for CI: each starts from its seeds and its kept corpus
# (fuzz/corpus-kept/NAME/, committed), runs for $FUZZ_CI_SECONDS, and fails on a crash, a hang
# (over $FUZZ_TIMEOUT s) or running out of memory, leaving the input in fuzz/crashers/NAME/. What
# the run finds is not kept: the kept corpus changes only by `--keep`, so every CI run starts from
# the same place.
ci() {
    failed=""
    for target in $TARGETS; do
        kept="$HERE/corpus-kept/$target"
        if [ -z "$(ls -A "$kept" 2>/dev/null)" ]; then
            echo "fuzz: $target has no kept corpus (fuzz/corpus-kept/$target/): make one with fuzz/run.sh --keep $target and commit it" >&2
            failed="$failed $target"
            continue
        fi
        work="$BUILD/ci/$target"
        rm -rf "$work" "$BUILD/ci/seeds-$target" "$SCRATCH/$target"
        mkdir -p "$work" "$SCRATCH/$target" "$HERE/crashers/$target"
        seed "$target" "$BUILD/ci/seeds-$target"
        marker="$BUILD/ci/.started-$target"
        touch "$marker"
        dict=""
        [ -f "$HERE/$target.dict" ] && dict="-dict=$HERE/$target.dict"
        code=0
        # shellcheck disable=SC2086
        TMPDIR="$SCRATCH/$target" "$BUILD/fuzz-$target" "$work" "$BUILD/ci/seeds-$target" "$kept" $dict -max_total_time="$CI_SECONDS" \
            -max_len="$(max_len "$target")" -timeout="$TIMEOUT" -rss_limit_mb=2048 -print_final_stats=1 \
            -artifact_prefix="$HERE/crashers/$target/" > "$BUILD/ci-$target.log" 2>&1 || code=$?
        rm -rf "$SCRATCH/$target"
        # (A log may lack any of these: a crash while the corpus loads stops before INITED.)
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$BUILD/ci-$target.log")
        start=$(grep -o 'INITED cov: [0-9]*' "$BUILD/ci-$target.log" | grep -o '[0-9]*$' || true)
        end=$(grep -o 'cov: [0-9]*' "$BUILD/ci-$target.log" | tail -1 | grep -o '[0-9]*$' || true)
        if [ "$code" -eq 0 ]; then
            echo "fuzz: $target: ${runs:-?} inputs in ${CI_SECONDS} s, ${start:-?} edges from the seeds and $(ls "$kept" | wc -l) kept inputs, ${end:-?} at the end; no crash, hang or blow-up"
            continue
        fi
        failed="$failed $target"
        found=$(find "$HERE/crashers/$target" -type f -newer "$marker" | head -1)
        kind=$(grep -o 'ERROR: libFuzzer: [a-z-]*\|ERROR: AddressSanitizer: [a-z-]*\|Fatal error: .*\|SUMMARY: [A-Za-z]*: [a-z-]*' "$BUILD/ci-$target.log" | head -1 || true)
        echo "fuzz: $target FAILED (exit $code): ${kind:-see the log}" >&2
        if [ -n "$found" ]; then
            echo "fuzz: the input is kept in ${found#"$ROOT"/}: fix the bug and keep the file there (FuzzCrasherReplayTests" >&2
            echo "      replays it on every swift test); fuzz/run.sh --replay $target runs it through the target again" >&2
        fi
        echo "fuzz: the end of its log ($BUILD/ci-$target.log):" >&2
        grep -v '^#[0-9]\|^INFO: \|^MS: \|^stat::\|^Dictionary\|^ *$' "$BUILD/ci-$target.log" | tail -25 | sed 's/^/    /' >&2
    done
    [ -z "$failed" ] || { echo "fuzz: failed:$failed" >&2; return 1; }
}

# Chooses each target's kept corpus (fuzz/corpus-kept/NAME/) from itself and the growing corpus
# (fuzz/corpus/NAME/, after long runs): libFuzzer's merge (-merge=1, edges only) finds the inputs
# that reach edges the seeds do not, and fuzz/keep.py keeps those with the most such edges per
# byte, within $FUZZ_KEEP_BYTES (default 24 KB) a target. Commit the result.
keep() {
    for target in $TARGETS; do
        kept="$HERE/corpus-kept/$target"
        work="$BUILD/keep/$target"
        rm -rf "$work" "$BUILD/keep/seeds-$target" "$BUILD/keep/$target.control" "$SCRATCH/$target"
        mkdir -p "$work" "$SCRATCH/$target"
        seed "$target" "$BUILD/keep/seeds-$target"
        # The seeds first, so the edges counted for every other input are those the seeds miss.
        cp "$BUILD/keep/seeds-$target"/* "$work"/ 2>/dev/null || true
        inputs=""
        for folder in "$kept" "$HERE/corpus/$target"; do [ -d "$folder" ] && inputs="$inputs $folder"; done
        # shellcheck disable=SC2086
        TMPDIR="$SCRATCH/$target" "$BUILD/fuzz-$target" -merge=1 -use_counters=0 -merge_control_file="$BUILD/keep/$target.control" \
            -max_len="$(max_len "$target")" -timeout="$TIMEOUT" -rss_limit_mb=2048 "$work" $inputs > "$BUILD/keep-$target.log" 2>&1 \
            || { tail -20 "$BUILD/keep-$target.log" >&2; exit 1; }
        chosen=$(python3 "$HERE/keep.py" "$BUILD/keep/$target.control" "$kept" "$KEEP_BYTES")
        seeded=$(TMPDIR="$SCRATCH/$target" "$BUILD/fuzz-$target" -runs=0 -use_counters=0 -max_len="$(max_len "$target")" \
            "$BUILD/keep/seeds-$target" 2>&1 | grep -o 'INITED cov: [0-9]*' | grep -o '[0-9]*$' || true)
        with=$(TMPDIR="$SCRATCH/$target" "$BUILD/fuzz-$target" -runs=0 -use_counters=0 -max_len="$(max_len "$target")" \
            "$BUILD/keep/seeds-$target" "$kept" 2>&1 | grep -o 'INITED cov: [0-9]*' | grep -o '[0-9]*$' || true)
        all=$(grep -o '[0-9]* new coverage edges' "$BUILD/keep-$target.log" | grep -o '^[0-9]*' || true)
        rm -rf "$SCRATCH/$target"
        echo "fuzz: $target keeps $chosen: the seeds reach ${seeded:-?} edges, the kept inputs $((${with:-0} - ${seeded:-0})) more, of the ${all:-?} more all the inputs reach"
    done
}

build
[ "$MODE" = build ] && exit 0

trap 'rm -rf "$SCRATCH"' EXIT
trap 'exit 130' INT TERM
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}"
export SWIFT_BACKTRACE=enable=no  # Swift's backtracer and ASan trip over each other
[ "$MODE" = ci ] && { ci; exit $?; }
[ "$MODE" = keep ] && { keep; exit 0; }
status=0
for target in $TARGETS; do
    mkdir -p "$HERE/crashers/$target" "$SCRATCH/$target"
    if [ "$MODE" = replay ]; then
        inputs=$(find "$HERE/crashers/$target" "$HERE/seeds/$target" -type f 2>/dev/null || true)
        [ -z "$inputs" ] && continue
        # shellcheck disable=SC2086
        TMPDIR="$SCRATCH/$target" "$BUILD/fuzz-$target" -runs=1 $inputs || status=1
        continue
    fi
    seed "$target"
    parallel=""
    [ "$JOBS" -gt 1 ] && parallel="-fork=$JOBS"
    dict=""
    [ -f "$HERE/$target.dict" ] && dict="-dict=$HERE/$target.dict"
    kept=""
    [ -d "$HERE/corpus-kept/$target" ] && kept="$HERE/corpus-kept/$target"
    echo "fuzzing $target for ${SECONDS_EACH}s"
    # New inputs go to the first folder, fuzz/corpus/NAME/; the kept corpus is read, not written.
    # shellcheck disable=SC2086
    TMPDIR="$SCRATCH/$target" "$BUILD/fuzz-$target" "$HERE/corpus/$target" $kept $dict -max_total_time="$SECONDS_EACH" -max_len="$(max_len "$target")" \
        -timeout="$TIMEOUT" -rss_limit_mb=2048 $parallel -print_final_stats=1 \
        -artifact_prefix="$HERE/crashers/$target/" 2>&1 | tee "$BUILD/$target.log" | grep -E '^#[0-9]+.*(DONE|pulse)|ERROR|SUMMARY|stat::' || true
    grep -q 'ERROR: \|Fatal error' "$BUILD/$target.log" && status=1
done
exit $status
