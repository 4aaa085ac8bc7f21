"""Tokens and cost, side by side: every agent session of the test fixtures that agentsview (the
pinned reference of requirements.txt) also reads, through `agentsview session usage --json` and
through chatrender's site (`insights/sessions.csv`, one row per conversation), with the difference.

The fixtures (Tests/ChatRenderTests/Fixtures/import/) are laid out in a temporary home folder the
way each agent keeps them (~/.claude/projects, ~/.codex/sessions, ~/.gemini/tmp,
~/.copilot/session-state, ~/.cursor/projects, ~/.local/share/opencode), and agentsview runs with
that folder as HOME, its data folder inside it, a port of its own and an environment holding
nothing else: it reads no session of the machine it runs on and writes nowhere else. Its daemon
(which `session list` and `session usage` need) is stopped at the end and the folder removed.

Both count a session's sub-agents in its totals (agentsview: "Totals include archived subagent
usage"; chatrender: a sub-agent's transcript is part of its parent's page), so the rows are the
top-level sessions. Columns: input (not read from the cache), cache read, cache write, output
(reasoning included, as the APIs bill it), reasoning (where agentsview records it apart: its
`usage_events` table; chatrender counts it in output and shows no separate figure) and cost in US
dollars (agentsview: its own price table, offline here; chatrender: the cost the agent recorded,
else its estimate from its price table).

usage: python3 bench/usage/compare.py CHATRENDER_BINARY [--agentsview PATH] [--keep]
(bench/run.sh makes the venv with the pinned agentsview; PATH defaults to `agentsview` on PATH.)"""
import argparse
import csv
import datetime
import json
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
IMPORT = os.path.join(ROOT, "Tests", "ChatRenderTests", "Fixtures", "import")

parser = argparse.ArgumentParser()
parser.add_argument("binary")
parser.add_argument("--agentsview", default=shutil.which("agentsview") or "agentsview")
parser.add_argument("--keep", action="store_true", help="keep the temporary folder (its path is printed)")
args = parser.parse_args()
args.binary = os.path.abspath(args.binary)

# Where each agent keeps its sessions under HOME, and the fixture folders that go there. Claude
# Code's extra fixture folders (sessions run in parallel, with progress records, rewound) become
# projects of their own, and Codex's first-release rollout goes under its date as the CLI files it.
LAYOUT = [
    ("claude", "claude-code", [("projects", ".claude/projects"),
                               ("parallel", ".claude/projects/-home-ana-src-parallel"),
                               ("agent-progress", ".claude/projects/-home-ana-src-progress"),
                               ("rewind", ".claude/projects/-home-ana-src-rewind")]),
    ("codex", "codex", [("sessions", ".codex/sessions"), ("first-release", ".codex/sessions/2025/05/02")]),
    ("gemini", "gemini", [("tmp", ".gemini/tmp")]),
    ("copilot", "copilot", [("session-state", ".copilot/session-state")]),
    ("cursor", "cursor", [("projects", ".cursor/projects")]),
    ("opencode", "opencode", [("data/storage", ".local/share/opencode/storage"),
                              ("data/opencode.db", ".local/share/opencode/opencode.db")]),
]

# The folder of each agent that chatrender renders (one site each).
RENDERED = {"claude-code": ".claude/projects", "codex": ".codex/sessions", "gemini": ".gemini/tmp",
            "copilot": ".copilot/session-state", "cursor": ".cursor/projects", "opencode": ".local/share/opencode"}


def lay_out(home):
    """Copies the fixtures into `home`; returns (agentsview's agent name, chatrender's --from
    name, the folder chatrender renders) for each agent."""
    agents = []
    for agent, fixture, parts in LAYOUT:
        for source, target in parts:
            source = os.path.join(IMPORT, fixture, source)
            if not os.path.exists(source):
                continue
            target = os.path.join(home, target)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            if os.path.isdir(source):
                shutil.copytree(source, target, dirs_exist_ok=True)
            else:
                shutil.copy2(source, target)
        agents.append((agent, fixture, os.path.join(home, RENDERED[fixture])))
    one_hour_copy(home)
    return agents


# No fixture writes to Claude's one-hour cache, which costs 2x the input price where the
# five-minute cache costs 1.25x: the rewound session is copied (three days later, under an id of
# its own) with every cache write made a one-hour write, as `cache_creation` splits them.
ONE_HOUR_SOURCE = "rewind/5d2e8f41-6a3b-4c7d-9e10-2f4a6b8c0d1e.jsonl"
ONE_HOUR_ID = "1a2b3c4d-0e1f-4a5b-8c6d-7e8f9a0b1c2d"


def one_hour_copy(home):
    target = os.path.join(home, ".claude/projects/-home-ana-src-onehour", ONE_HOUR_ID + ".jsonl")
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(os.path.join(IMPORT, "claude-code", ONE_HOUR_SOURCE)) as f, open(target, "w") as out:
        for line in f:
            record = json.loads(line)
            text = json.dumps(record, separators=(",", ":"))
            text = text.replace("5d2e8f41-6a3b-4c7d-9e10-2f4a6b8c0d1e", ONE_HOUR_ID).replace("2026-03-02T", "2026-03-05T")
            record = json.loads(text)
            usage = (record.get("message") or {}).get("usage") if isinstance(record.get("message"), dict) else None
            if isinstance(usage, dict) and usage.get("cache_creation_input_tokens"):
                usage["cache_creation"] = {"ephemeral_5m_input_tokens": 0,
                                           "ephemeral_1h_input_tokens": usage["cache_creation_input_tokens"]}
            out.write(json.dumps(record, separators=(",", ":")) + "\n")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class AgentsView:
    """The agentsview binary in a sealed environment: HOME and its data folder in `home`."""

    def __init__(self, binary, home):
        self.binary = binary
        self.data = os.path.join(home, "agentsview")
        os.makedirs(self.data)
        with open(os.path.join(self.data, "config.toml"), "w") as f:
            f.write(f"port = {free_port()}\n")
        tmp = os.path.join(home, "tmp")
        os.makedirs(tmp)
        self.env = {
            "HOME": home, "PATH": "/usr/bin:/bin", "TMPDIR": tmp, "AGENTSVIEW_DATA_DIR": self.data,
            "XDG_CONFIG_HOME": os.path.join(home, ".config"), "XDG_DATA_HOME": os.path.join(home, ".local/share"),
            "XDG_CACHE_HOME": os.path.join(home, ".cache"), "XDG_STATE_HOME": os.path.join(home, ".local/state"),
            "AGENTSVIEW_DISABLE_UPDATE_CHECK": "1", "AGENTSVIEW_TELEMETRY_ENABLED": "0", "AGENTSVIEW_NO_BROWSER": "1",
        }
        self.home = home

    def run(self, *argv, allowed=(0,)):
        done = subprocess.run([self.binary, *argv], env=self.env, cwd=self.home, capture_output=True, text=True, timeout=300)
        if done.returncode not in allowed:
            sys.exit(f"agentsview {' '.join(argv)} failed ({done.returncode}): {done.stderr.strip()}")
        return done.stdout

    def json(self, *argv, allowed=(0,)):
        return json.loads(self.run(*argv, "--json", allowed=allowed))

    def version(self):
        return self.run("--version").split()[1]

    def reasoning(self):
        """Reasoning tokens by session, where agentsview records them apart (its usage_events)."""
        db = sqlite3.connect(f"file:{os.path.join(self.data, 'sessions.db')}?mode=ro", uri=True)
        try:
            return dict(db.execute("select session_id, sum(reasoning_tokens) from usage_events group by session_id"))
        finally:
            db.close()


def agentsview_rows(av):
    av.run("daemon", "start")
    av.run("sync")
    listed = av.json("session", "list", "--include-children", "--include-one-shot", "--include-automated",
                     "--include-source", "--limit", "500")["sessions"]
    reasoning = av.reasoning()
    children = {}
    for s in listed:
        if s.get("parent_session_id"):
            children.setdefault(s["parent_session_id"], []).append(s["id"])
    rows = {}
    for s in listed:
        if s.get("parent_session_id"):
            continue
        # Exit 3: a session with no token data (its JSON says so).
        usage = av.json("session", "usage", s["id"], "--no-sync", allowed=(0, 3))
        counts = {"input": 0, "cache_read": 0, "cache_write": 0, "output": 0}
        for item in usage.get("breakdown", []):
            counts["input"] += item.get("input_tokens", 0)
            counts["cache_read"] += item.get("cache_read_input_tokens", 0)
            counts["cache_write"] += item.get("cache_creation_input_tokens", 0)
            counts["output"] += item.get("output_tokens", 0)
        counts["reasoning"] = sum(reasoning.get(i, 0) or 0 for i in [s["id"], *children.get(s["id"], [])])
        counts["cost"] = usage.get("cost_usd") if usage.get("has_cost") else None
        counts["models"] = ", ".join(usage.get("models") or [])
        counts["first"] = s.get("first_message") or ""
        counts["started"] = s.get("started_at") or ""
        rows[s["id"]] = (s["agent"], counts)
    return rows


def chatrender_rows(agents, out):
    """chatrender's row of each conversation of each agent's folder (one site each), by its slug:
    the page names no session id, so `pair` matches the rows to agentsview's sessions."""
    rows = {}
    env = dict(os.environ, CHATRENDER_DATA=ROOT)
    for agent, fixture, folder in agents:
        site = os.path.join(out, fixture)
        done = subprocess.run([args.binary, "render", folder, "--from", fixture, "--out", site],
                              env=env, capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"chatrender render {folder} failed ({done.returncode}): {done.stderr.strip()}")
        with open(os.path.join(site, "insights", "sessions.csv"), newline="") as f:
            for row in csv.DictReader(f):
                rows[(agent, row["slug"])] = {
                    "input": int(row["input_tokens"] or 0), "cache_read": int(row["cache_read_tokens"] or 0),
                    "cache_write": int(row["cache_write_tokens"] or 0), "output": int(row["output_tokens"] or 0),
                    "reasoning": None,
                    "cost": float(row["cost_recorded"] or 0) + float(row["cost_estimated"] or 0),
                    "title": row["title"], "started": row["started"],
                }
    return rows


def words(text):
    """Lower-case letters and digits, one space between words: a title and a prompt compared
    whatever their punctuation and Markdown."""
    return " ".join("".join(c if c.isalnum() else " " for c in text.lower()).split())


def seconds(stamp):
    try:
        return datetime.datetime.fromisoformat(stamp[:19]).timestamp()
    except ValueError:
        return None


def score(theirs, row):
    """How sure it is that chatrender's row is agentsview's session (0: not at all): started in
    the same second (3) or within two minutes (1: agentsview may date a session by its first
    record, chatrender by its first turn), and a title that starts the first prompt (2; a title
    the log gives, as Claude Code's summaries, does not have to)."""
    points = 0
    a, b = seconds(theirs["started"]), seconds(row["started"])
    if a is not None and b is not None:
        points += 3 if a == b else 1 if abs(a - b) <= 120 else 0
    title, first = words(row["title"]), words(theirs["first"])
    if title and first and (first.startswith(title) or title.startswith(first[:40])):
        points += 2
    return points


def pair(theirs, ours):
    """Each agentsview session with at most one chatrender row of its agent, surest pairs first."""
    candidates = sorted(((score(t, o), av_id, key) for av_id, (agent, t) in theirs.items()
                         for key, o in ours.items() if key[0] == agent), reverse=True)
    paired, taken = {}, set()
    for points, av_id, key in candidates:
        if points > 0 and av_id not in paired and key not in taken:
            paired[av_id] = key
            taken.add(key)
    return paired


def cell(a, b, money=False):
    if a is None and b is None:
        return "—"
    fa = "—" if a is None else (f"{a:.4f}" if money else f"{a:,}")
    fb = "—" if b is None else (f"{b:.4f}" if money else f"{b:,}")
    if a is None or b is None:
        return f"{fa} / {fb}"
    diff = b - a
    same = abs(diff) < 0.00005 if money else diff == 0
    if same:
        return fa
    sign = "+" if diff > 0 else "−"
    return f"{fa} / {fb} ({sign}{abs(diff):.4f})" if money else f"{fa} / {fb} ({sign}{abs(diff):,})"


def main():
    temp = tempfile.mkdtemp(prefix="usage-compare-")
    home = os.path.join(temp, "home")
    os.makedirs(home)
    agents = lay_out(home)
    av = AgentsView(args.agentsview, home)
    try:
        version = av.version()
        theirs = agentsview_rows(av)
    finally:
        subprocess.run([av.binary, "daemon", "stop"], env=av.env, cwd=home, capture_output=True, timeout=120)
    ours = chatrender_rows(agents, os.path.join(temp, "out"))
    print(f"Tokens and cost of each session: agentsview {version} (`session usage`) first, chatrender second,")
    print("the difference (chatrender − agentsview) in brackets; one figure where they agree.")
    print()
    print("| Session | Agent | Input | Cache read | Cache write | Output | Reasoning | Cost (USD) |")
    print("|---|---|--:|--:|--:|--:|--:|--:|")
    paired = pair(theirs, ours)
    seen = set(paired.values())
    for av_id, (agent, t) in sorted(theirs.items(), key=lambda kv: (kv[1][0], kv[0])):
        slug = paired.get(av_id, (agent, None))[1]
        o = ours.get((agent, slug))
        name = av_id.split(":", 1)[-1][:13]
        if o is None:
            print(f"| {name} | {agent} | {t['input']:,} / no row | {t['cache_read']:,} | {t['cache_write']:,} | {t['output']:,} | "
                  f"{t['reasoning']:,} | {t['cost'] if t['cost'] is not None else '—'} |")
            continue
        print(f"| {name} | {agent} | {cell(t['input'], o['input'])} | {cell(t['cache_read'], o['cache_read'])} | "
              f"{cell(t['cache_write'], o['cache_write'])} | {cell(t['output'], o['output'])} | "
              f"{t['reasoning']:,} / in output | {cell(t['cost'], o['cost'], money=True)} |")
    for (agent, slug), o in sorted(ours.items()):
        if (agent, slug) not in seen and agent in {a for a, _ in theirs.values()}:
            print(f"| {slug[:13]} | {agent} | no session / {o['input']:,} | {o['cache_read']:,} | {o['cache_write']:,} | "
                  f"{o['output']:,} | — | {o['cost']:.4f} |")
    if args.keep:
        print(f"\n(kept: {temp})", file=sys.stderr)
    else:
        shutil.rmtree(temp, ignore_errors=True)


main()
