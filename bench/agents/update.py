"""A machine's worth of sessions kept current: chatrender's site against agentsview's index.

The sessions (bench/agents/make_machine.py: at least 500 Claude Code and Codex sessions in a home
folder laid out as the agents lay theirs out) are rendered as one site as a person runs it
(`render --agents claude-code,codex --home HOME`), cold (a fresh --out, no cache), then again after one session grew (two lines appended, as the agent appends them). The
same files are indexed by agentsview (pinned in bench/usage/requirements.txt), with HOME and its
data folder in a temporary folder, as bench/usage/compare.py runs it: `agentsview sync` cold (a
fresh data folder), then again after the same session grew. Each figure is the median of
--repeat runs; the goals are those of the issue: cold at most 0.3× agentsview's, the re-run at
most 0.15× chatrender's own cold run and no slower than agentsview's re-sync. Wall time is
judged, as a person waits for it; CPU time (user and system, of the command and its children) is
printed beside chatrender's, since the machine the bench runs on may be shared; not beside
agentsview's, whose process reports 0.1–0.2 s of CPU for a sync that takes seconds (its work is
waiting on its database, or is not its own process's), so that no ratio of CPU times is made.

usage: python3 bench/agents/update.py CHATRENDER_BINARY WORK [--agentsview PATH] [--repeat 3]"""
import argparse
import os
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

parser = argparse.ArgumentParser()
parser.add_argument("binary")
parser.add_argument("work")
parser.add_argument("--agentsview", default=shutil.which("agentsview") or "agentsview")
parser.add_argument("--repeat", type=int, default=3)
args = parser.parse_args()
binary = os.path.abspath(args.binary)
if os.path.exists(args.agentsview):
    args.agentsview = os.path.abspath(args.agentsview)
work = os.path.abspath(os.path.join(args.work, "agents"))
home = os.path.join(work, "home")
env = dict(os.environ, CHATRENDER_DATA=ROOT)

LINES = (
    '{{"parentUuid":null,"isSidechain":false,"userType":"external","cwd":"/home/ana/src/shop","sessionId":"{sid}",'
    '"version":"2.1.12","type":"user","message":{{"role":"user","content":"One more question ({n})."}},'
    '"uuid":"grow-{n}-u","timestamp":"2026-06-30T10:00:{s:02}.000Z"}}\n'
    '{{"parentUuid":"grow-{n}-u","isSidechain":false,"userType":"external","cwd":"/home/ana/src/shop","sessionId":"{sid}",'
    '"version":"2.1.12","type":"assistant","message":{{"model":"claude-opus-4-5-20251101","id":"msg_grow{n}","type":"message",'
    '"role":"assistant","content":[{{"type":"text","text":"One more answer ({n})."}}],"stop_reason":"end_turn",'
    '"usage":{{"input_tokens":4,"cache_creation_input_tokens":100,"cache_read_input_tokens":900,"output_tokens":12}}}},'
    '"uuid":"grow-{n}-a","timestamp":"2026-06-30T10:00:{s:02}.500Z"}}\n')


def grown_session():
    folder = os.path.join(home, ".claude", "projects", "-home-ana-src-shop")
    return os.path.join(folder, sorted(f for f in os.listdir(folder) if f.endswith(".jsonl"))[0])


def grow(n):
    path = grown_session()
    sid = os.path.basename(path)[:-len(".jsonl")]
    with open(path, "a", encoding="utf-8") as out:
        out.write(LINES.format(sid=sid, n=n, s=n % 60))


cpu = {}


def timed(argv, **kw):
    """The command's wall time; its CPU time (user + system, children included) is kept in cpu."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, **kw)
    took = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.strip()[-2000:]}")
    cpu[took] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return took


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def agentsview_env(box):
    data = os.path.join(box, "agentsview")
    os.makedirs(data)
    with open(os.path.join(data, "config.toml"), "w") as f:
        f.write(f"port = {free_port()}\n")
    tmp = os.path.join(box, "tmp")
    os.makedirs(tmp)
    return {
        "HOME": home, "PATH": "/usr/bin:/bin", "TMPDIR": tmp, "AGENTSVIEW_DATA_DIR": data,
        "XDG_CONFIG_HOME": os.path.join(box, ".config"), "XDG_DATA_HOME": os.path.join(box, ".local/share"),
        "XDG_CACHE_HOME": os.path.join(box, ".cache"), "XDG_STATE_HOME": os.path.join(box, ".local/state"),
        "AGENTSVIEW_DISABLE_UPDATE_CHECK": "1", "AGENTSVIEW_TELEMETRY_ENABLED": "0", "AGENTSVIEW_NO_BROWSER": "1",
    }


os.makedirs(work, exist_ok=True)
if not os.path.isdir(home):
    subprocess.run([sys.executable, os.path.join(HERE, "make_machine.py"), home], check=True)
# chatrender finds the agents in the same home folder agentsview is given, as a person runs it.
render = [binary, "render", "--agents", "claude-code,codex", "--home", home, "--no-cache", "-q", "--out"]
sessions = sum(1 for d, _, fs in os.walk(home) for f in fs if f.endswith(".jsonl") and "subagents" not in d and not f.startswith("agent-"))
size = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(home) for f in fs)

cold, update, unchanged, av_cold, av_again = [], [], [], [], []
n = 0
for run in range(args.repeat):
    box = tempfile.mkdtemp(prefix="agents-bench-", dir=work)
    try:
        site = os.path.join(box, "site")
        cold.append(timed(render + [site], env=env))
        unchanged.append(timed(render + [site], env=env))
        n += 1
        grow(n)
        update.append(timed(render + [site], env=env))
        if os.path.exists(args.agentsview) or shutil.which(args.agentsview):
            av = agentsview_env(box)
            av_cold.append(timed([args.agentsview, "sync"], env=av, cwd=box))
            n += 1
            grow(n)
            av_again.append(timed([args.agentsview, "sync"], env=av, cwd=box))
    finally:
        shutil.rmtree(box, ignore_errors=True)

med = statistics.median


def med_cpu(runs):
    return med(cpu[r] for r in runs)


print(f"{sessions} sessions (Claude Code and Codex), {size / 1e6:.0f} MB; median of {args.repeat} runs; "
      f"load average {os.getloadavg()[0]:.1f}\n")
print("| | chatrender wall (CPU) | agentsview sync wall | chatrender / agentsview (wall) |")
print("| --- | ---: | ---: | ---: |")
if av_cold:
    print(f"| cold | {med(cold):.2f} s ({med_cpu(cold):.2f} s) | {med(av_cold):.2f} s | {med(cold) / med(av_cold):.2f}× |")
    print(f"| one session grew | {med(update):.3f} s ({med_cpu(update):.3f} s) | {med(av_again):.3f} s | "
          f"{med(update) / med(av_again):.2f}× |")
else:
    print(f"| cold | {med(cold):.2f} s ({med_cpu(cold):.2f} s) | – | – |")
    print(f"| one session grew | {med(update):.3f} s ({med_cpu(update):.3f} s) | – | – |")
print(f"| nothing changed | {med(unchanged):.3f} s ({med_cpu(unchanged):.3f} s) | | |")
print(f"\nchatrender's re-run after one session grew: {med(update) / med(cold):.3f}× its cold run "
      f"({med_cpu(update) / med_cpu(cold):.3f}× in CPU time)")
