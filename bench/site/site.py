"""A whole account as one site, side by side with convoviz: chatrender (`render --from chatgpt
EXPORT --out site/`: every conversation's page, the themed index and the search shards) and
convoviz (PyPI; its Markdown step only: one .md per conversation, no graphs or word clouds) turn the
same seeded ChatGPT export (bench/site/make_chatgpt_export.py, zipped as ChatGPT ships it) in one
run, alternately. For each: wall time and CPU (median of --repeat runs, each in a fresh output
folder), peak memory, and the bytes written; then chatrender's time as a fraction of convoviz's
and its site's size against the export's JSON (#18's goals: at most 0.5× and 2×). chatrender runs
with --no-cache there, every page and image made afresh.

Then the incremental re-export: with a cache filled by one render of the export, the same export
rendered into a new folder, and a newer export (1% of the conversations with an edited reply, as
after a week of use) rendered into another; each run in a fresh folder, the cache refilled before
each round.

usage: python3 bench/site/site.py CHATRENDER_BINARY WORK_DIR CONVOVIZ_VENV_BIN [--conversations 2000] [--messages 40000] [--repeat 3]
       [--check FILE]
(bench/run.sh makes the venv from bench/site/requirements.txt.)

--check FILE: the speed guard's row instead (bench/run.sh --check, bench/check/): chatrender's time
÷ convoviz's, each the best of the --repeat alternating rounds, added to FILE
(bench/check/rows.py); no tables, no re-rendering with the cache."""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

parser = argparse.ArgumentParser()
parser.add_argument("binary")
parser.add_argument("work")
parser.add_argument("venv_bin")
parser.add_argument("--conversations", type=int, default=2000)
parser.add_argument("--messages", type=int, default=40000)
parser.add_argument("--repeat", type=int, default=3)
parser.add_argument("--check", metavar="FILE", help="the speed guard's row into FILE (see above)")
args = parser.parse_args()
args.binary = os.path.abspath(args.binary)
work = os.path.abspath(os.path.join(args.work, f"site-{args.conversations}"))

# convoviz's Markdown step, as its command line runs it after the prompts (default settings).
# It reads the newest zip in ~/Downloads when imported, so HOME points at a folder holding the export.
CONVOVIZ = """
import sys
from convoviz.configuration import UserConfigs
from convoviz.models import ConversationSet
configs = UserConfigs()
configs.set_model_configs()
ConversationSet.from_zip(sys.argv[1]).save(sys.argv[2])
"""


def export():
    """The seeded export and its zip (made once, kept in WORK)."""
    folder = os.path.join(work, "export")
    json_path = os.path.join(folder, "conversations.json")
    downloads = os.path.join(work, "home", "Downloads")
    zip_path = os.path.join(downloads, "export.zip")
    if not os.path.exists(zip_path):
        subprocess.run([sys.executable, os.path.join(HERE, "make_chatgpt_export.py"), folder,
                        "--conversations", str(args.conversations), "--messages", str(args.messages)],
                       check=True, stdout=subprocess.DEVNULL)
        os.makedirs(downloads, exist_ok=True)
        with zipfile.ZipFile(zip_path, "w", zipfile.ZIP_DEFLATED) as z:
            z.write(json_path, "conversations.json")
    return json_path, zip_path


def run(command, env=None):
    """Wall seconds, CPU seconds (user + system) and peak RSS (MiB) of one process."""
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    error = process.stderr.read().decode(errors="replace")
    process.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{command[0]} failed:\n{error}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def size(path):
    total = 0
    for folder, _, files in os.walk(path):
        total += sum(os.path.getsize(os.path.join(folder, f)) for f in files)
    return total


def main():
    json_path, zip_path = export()
    json_bytes = os.path.getsize(json_path)
    tools = {
        "chatrender": (lambda out: [args.binary, "render", "--from", "chatgpt", zip_path, "--out", out, "--quiet", "--no-cache"],
                       dict(os.environ, CHATRENDER_DATA=ROOT)),
        "convoviz": (lambda out: [os.path.join(args.venv_bin, "python"), "-c", CONVOVIZ, zip_path, out],
                     dict(os.environ, HOME=os.path.join(work, "home"), MPLBACKEND="Agg")),
    }
    results = {name: [] for name in tools}
    sizes = {}
    # --check: outputs in the temporary folder (bench/run.sh --check points it at a memory file
    # system: making 500 folders on a disk other builds are writing to costs 0.1 to 0.9 s).
    outputs = tempfile.mkdtemp(prefix="chatrender-check-site-") if args.check else work
    for _ in range(args.repeat):
        for name, (command, env) in tools.items():
            out = os.path.join(outputs, "out-" + name)
            shutil.rmtree(out, ignore_errors=True)
            results[name].append(run(command(out), env))
            sizes[name] = size(out)
    if args.check:
        sys.path.insert(0, os.path.join(ROOT, "bench", "check"))
        import rows
        rows.add(os.path.abspath(args.check), f"site of {args.conversations:,} conversations ÷ convoviz",
                 "chatrender render --from chatgpt", "convoviz (Markdown)", results["chatrender"], results["convoviz"])
        shutil.rmtree(outputs)
        return
    print(f"### A whole account as one site ({args.conversations:,} conversations, {args.messages:,} messages, "
          f"{json_bytes / 1e6:.1f} MB of JSON; median of {args.repeat})")
    print()
    print("| tool | wall | CPU | peak memory | output | output ÷ JSON |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    medians = {}
    for name, runs in results.items():
        wall = statistics.median(r[0] for r in runs)
        cpu = statistics.median(r[1] for r in runs)
        peak = max(r[2] for r in runs)
        medians[name] = (wall, cpu)
        print(f"| {name} | {wall:.2f} s | {cpu:.2f} s | {peak:.0f} MiB | {sizes[name] / 1e6:.1f} MB | {sizes[name] / json_bytes:.2f}× |")
    print()
    wall_ratio = medians["chatrender"][0] / medians["convoviz"][0]
    cpu_ratio = medians["chatrender"][1] / medians["convoviz"][1]
    print(f"chatrender's time as a fraction of convoviz's (Markdown only): wall {wall_ratio:.2f}×, CPU {cpu_ratio:.2f}× "
          f"(goal ≤ 0.5×); its site is {sizes['chatrender'] / json_bytes:.2f}× the JSON (goal ≤ 2×).")
    print(f"Load average at the end: {' '.join(open('/proc/loadavg').read().split()[:3])}")
    incremental(zip_path, json_path, medians["chatrender"])


def newer_export(json_path):
    """The export a week later: every hundredth conversation's last message edited."""
    path = os.path.join(work, "newer", "export.zip")
    if os.path.exists(path):
        return path
    import json
    with open(json_path, encoding="utf-8") as f:
        conversations = json.load(f)
    for n, conversation in enumerate(conversations):
        if n % 100 != 0:
            continue
        mapping = conversation["mapping"]
        node = mapping[conversation["current_node"]]
        while node.get("message") is None or node["message"]["content"].get("content_type") != "text":
            node = mapping[node["parent"]]
        node["message"]["content"]["parts"] = ["Edited a week later: " + str(p) for p in node["message"]["content"]["parts"]]
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("conversations.json", json.dumps(conversations))
    return path


def incremental(zip_path, json_path, cold):
    newer = newer_export(json_path)
    cache = os.path.join(work, "cache")
    env = dict(os.environ, CHATRENDER_DATA=ROOT)
    def render(source, out):
        shutil.rmtree(out, ignore_errors=True)
        return run([args.binary, "render", "--from", "chatgpt", source, "--out", out, "--quiet", "--cache", cache], env)
    runs = {"first render, filling the cache": [], "same export, into a new folder": [], "newer export (1% changed)": []}
    for _ in range(args.repeat):
        shutil.rmtree(cache, ignore_errors=True)
        runs["first render, filling the cache"].append(render(zip_path, os.path.join(work, "out-cache-1")))
        runs["same export, into a new folder"].append(render(zip_path, os.path.join(work, "out-cache-2")))
        runs["newer export (1% changed)"].append(render(newer, os.path.join(work, "out-cache-3")))
    print()
    print(f"### Re-rendering with the cache (median of {args.repeat}; × = against the render without a cache above)")
    print()
    print("| run | wall | CPU | peak memory | × wall |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, results in runs.items():
        wall = statistics.median(r[0] for r in results)
        cpu = statistics.median(r[1] for r in results)
        print(f"| {name} | {wall:.2f} s | {cpu:.2f} s | {max(r[2] for r in results):.0f} MiB | {wall / cold[0]:.2f}× |")
    print(f"Cache size: {size(cache) / 1e6:.1f} MB")


main()
