"""A machine's worth of agent sessions, seeded: a home folder laid out as Claude Code and Codex
lay theirs out (~/.claude/projects/<project>/<session>.jsonl with its subagents/ folder,
~/.codex/sessions/YYYY/MM/DD/rollout-….jsonl), each session made from the test fixtures' sessions
(their real shapes: tool calls and results, thinking, sub-agents, compactions, token counts),
its ids, dates, project and first prompt its own, and its length drawn so that a few are long
and most are short, as on a machine that has been used for a few months.

usage: python3 bench/agents/make_machine.py HOME [--claude 260] [--codex 250] [--seed 46]
Prints the number of sessions and their size."""
import argparse
import datetime
import json
import os
import random
import re
import shutil
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
IMPORT = os.path.join(ROOT, "Tests", "ChatRenderTests", "Fixtures", "import")
CLAUDE = os.path.join(IMPORT, "claude-code", "projects", "-home-ana-src-shop")
CLAUDE_SID = "7f3c9a12-5b8e-4d21-9c47-0e6a1b2c3d4e"
CODEX = os.path.join(IMPORT, "codex", "sessions", "2026", "06", "05",
                     "rollout-2026-06-05T09-12-00-0197e3a1-5c2b-7d40-9a61-3f0c8e2b1d55.jsonl")
CODEX_SID = "0197e3a1-5c2b-7d40-9a61-3f0c8e2b1d55"
PROJECTS = ["shop", "tides", "garden-api", "garden-site", "ledger", "atlas", "notes", "infra", "billing", "mobile", "docs", "cli"]

parser = argparse.ArgumentParser()
parser.add_argument("home")
parser.add_argument("--claude", type=int, default=260)
parser.add_argument("--codex", type=int, default=250)
parser.add_argument("--seed", type=int, default=46)
args = parser.parse_args()
rng = random.Random(args.seed)


def copies():
    """How many times a session repeats its fixture's turns: most sessions short, a few long."""
    return max(1, min(240, int(rng.paretovariate(1.1) * 6)))


def day(n):
    return datetime.date(2026, 1, 5) + datetime.timedelta(days=n % 150)


def claude_session(k):
    sid = str(uuid.UUID(int=rng.getrandbits(128), version=4))
    project = PROJECTS[k % len(PROJECTS)]
    folder = os.path.join(args.home, ".claude", "projects", "-home-ana-src-" + project)
    os.makedirs(folder, exist_ok=True)
    date = day(k).isoformat()
    lines = open(os.path.join(CLAUDE, CLAUDE_SID + ".jsonl"), encoding="utf-8").read().splitlines()
    n = copies()
    with open(os.path.join(folder, sid + ".jsonl"), "w", encoding="utf-8") as out:
        for c in range(n):
            for line in lines:
                record = json.loads(line)
                kind = record.get("type")
                if kind in ("ai-title", "custom-title", "summary") and c != n - 1:
                    continue
                if kind == "custom-title":
                    record["customTitle"] = f"{record['customTitle']} in {project} ({k})"
                if kind == "ai-title" and "aiTitle" in record:
                    record["aiTitle"] = f"{record['aiTitle']} ({k})"
                text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
                text = text.replace(CLAUDE_SID, sid).replace("/home/ana/src/shop", "/home/ana/src/" + project)
                text = text.replace("2026-03-02", date)
                text = re.sub(r'"(toolu_|msg_|req_)', lambda m: f'"{m.group(1)}s{k}c{c}_', text)
                text = re.sub(r'("(?:uuid|parentUuid|logicalParentUuid|leafUuid)":")([^"]+)"', lambda m: f'{m.group(1)}{m.group(2)}-s{k}c{c}"', text)
                out.write(text + "\n")
    shutil.copytree(os.path.join(CLAUDE, CLAUDE_SID), os.path.join(folder, sid), dirs_exist_ok=True)


def codex_session(k):
    sid = str(uuid.UUID(int=rng.getrandbits(128), version=4))
    project = PROJECTS[(k * 7) % len(PROJECTS)]
    d = day(k * 3 + 1)
    folder = os.path.join(args.home, ".codex", "sessions", f"{d.year:04}", f"{d.month:02}", f"{d.day:02}")
    os.makedirs(folder, exist_ok=True)
    lines = open(CODEX, encoding="utf-8").read().splitlines()
    body = lines[1:]
    n = copies()
    name = f"rollout-{d.isoformat()}T09-12-00-{sid}.jsonl"
    with open(os.path.join(folder, name), "w", encoding="utf-8") as out:
        for c, line in enumerate([lines[0]] + [l for _ in range(n) for l in body]):
            text = line.replace(CODEX_SID, sid).replace("/home/ana/src/tides", "/home/ana/src/" + project)
            text = text.replace("2026-06-05", d.isoformat())
            text = text.replace("The tide table rounds 2.45 m down to 2.4.", f"The tide table rounds 2.45 m down to 2.4 ({k}).")
            text = re.sub(r'"call_([A-Za-z0-9]+)"', lambda m: f'"call_{m.group(1)}_s{k}c{c}"', text)
            out.write(text + "\n")


def size(folder):
    return sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(folder) for f in fs)


if os.path.exists(args.home):
    shutil.rmtree(args.home)
for k in range(args.claude):
    claude_session(k)
for k in range(args.codex):
    codex_session(k)
print(f"{args.claude + args.codex} sessions ({args.claude} Claude Code, {args.codex} Codex), {size(args.home) / 1e6:.0f} MB in {args.home}")
