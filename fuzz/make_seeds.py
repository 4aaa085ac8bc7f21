#!/usr/bin/env python3
"""Makes the seeds of the fuzz targets whose inputs are several files in one (fuzz/seeds/NAME/),
from the test fixtures: a mode byte, then the files as each target reads them (see the comment
at the top of fuzz/targets/NAME.swift). Single-file seeds come from the fixtures directly
(fuzz/run.sh). Run again when those fixtures change: `python3 fuzz/make_seeds.py`.
"""
import json
import os
import shutil
import sqlite3
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIXTURES = HERE.parent / "Tests" / "ChatRenderTests" / "Fixtures" / "import"


def write(target, name, mode, *pieces, separator=b"\0"):
    folder = HERE / "seeds" / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(bytes([mode]) + separator.join(pieces))


def compact(path):
    """A JSON file without its indentation (smaller seeds, the same structure)."""
    return json.dumps(json.loads(path.read_text()), separators=(",", ":"), ensure_ascii=False).encode()


def codex():
    day = FIXTURES / "codex" / "sessions" / "2026" / "06" / "09"
    parent, child = sorted(day.glob("rollout-*.jsonl"))
    # Bit 1: written as files; bit 2: the folder read, else the first rollout with the others beside it.
    write("codex", "spawn-beside", 3, parent.read_bytes(), child.read_bytes())
    write("codex", "spawn-folder", 6, parent.read_bytes(), child.read_bytes())
    first = next((FIXTURES / "codex" / "first-release").glob("*.jsonl"))
    write("codex", "first-release-freeing", 4, first.read_bytes())


def copilot():
    session = FIXTURES / "copilot" / "session-state" / "80575baf-49d5-43f8-924e-8b3440c3f483"
    write("copilot", "events-workspace-folder", 5, (session / "events.jsonl").read_bytes(), (session / "workspace.yaml").read_bytes())
    export = FIXTURES / "copilot" / "vscode-export" / "chat-export.json"
    write("copilot", "export-folder", 6, compact(export))


def cursor():
    # The project whose transcript has sub-agents.
    parent = next((FIXTURES / "cursor" / "projects").glob("*/agent-transcripts/0cf8e760-3644-45cd-ad39-040d543e9ed8"))
    children = sorted((parent / "subagents").glob("*.jsonl"))
    write("cursor", "with-subagent", 1, (parent / (parent.name + ".jsonl")).read_bytes(), *[c.read_bytes() for c in children])


def opencode():
    storage = FIXTURES / "opencode" / "data" / "storage"
    records = []
    for session in sorted((storage / "session").glob("*/*.json")):
        records.append(b"S" + compact(session))
        for message in sorted((storage / "message" / session.stem).glob("*.json")):
            records.append(b"M" + compact(message))
            for part in sorted((storage / "part" / message.stem).glob("*.json")):
                records.append(b"P" + compact(part))
    write("opencode", "storage", 1, *records)
    # The first session alone, as `render storage/session/PROJECT/ses_01.json` reads it.
    write("opencode", "one-session-file", 2, *records)


def opencodedb():
    fixture = FIXTURES / "opencode" / "data" / "opencode.db"
    source = sqlite3.connect(f"file:{fixture}?mode=ro", uri=True)
    dump = "\n".join(source.iterdump()).encode()
    # Bit 1: SQL that builds the database; with journal_mode WAL the rows stay in the -wal.
    write("opencodedb", "sql-dump", 3, dump)
    write("opencodedb", "sql-dump-wal", 2, b"PRAGMA journal_mode=WAL;\n" + dump)
    # The file itself, small: 512-byte pages, the three tables with the columns read.
    sessions = source.execute("SELECT id, parent_id, directory, title, version, time_created, time_updated FROM session").fetchall()
    messages = source.execute("SELECT id, session_id, time_created, data FROM message").fetchall()
    parts = source.execute("SELECT id, message_id, session_id, data FROM part").fetchall()
    folder = Path(tempfile.mkdtemp())
    try:
        def database(name, wal_rows):
            db = sqlite3.connect(folder / name, isolation_level=None)
            db.execute("PRAGMA page_size = 512")
            db.execute("CREATE TABLE session (id text PRIMARY KEY, parent_id text, directory text, title text, version text, time_created integer, time_updated integer)")
            db.execute("CREATE TABLE message (id text PRIMARY KEY, session_id text, time_created integer, data text)")
            db.execute("CREATE TABLE part (id text PRIMARY KEY, message_id text, session_id text, data text)")
            if wal_rows:
                db.execute("PRAGMA journal_mode = WAL")
                db.execute("PRAGMA wal_autocheckpoint = 0")
            # A session with a few of its messages and parts: a small file with every table in use.
            db.execute("INSERT INTO session VALUES (?, ?, ?, ?, ?, ?, ?)", sessions[1])
            kept = [m for m in messages if m[1] == sessions[1][0]]
            db.executemany("INSERT INTO message VALUES (?, ?, ?, ?)", kept)
            db.executemany("INSERT INTO part VALUES (?, ?, ?, ?)", [p for p in parts if p[1] in {m[0] for m in kept}])
            files = [(folder / name).read_bytes(), (folder / (name + "-wal")).read_bytes() if wal_rows else None]
            db.close()
            return files
        plain, _ = database("plain.db", False)
        write("opencodedb", "file", 1, plain)
        write("opencodedb", "file-in-folder", 8, plain)
        base, wal = database("wal.db", True)
        write("opencodedb", "file-and-wal", 5, len(base).to_bytes(2, "little") + base + wal, separator=b"")
    finally:
        shutil.rmtree(folder)


def agents():
    """Every reader's fixture folder (Fixtures/import/NAME/, NAME the reader's `--from` name; a
    `-YEAR` suffix is the same reader's older shape) as trees of files for fuzz/targets/agents.swift:
    the whole folder when it is small, else a tree for each folder that holds files."""
    limit = 64 * 1024
    for folder in sorted(p for p in FIXTURES.iterdir() if p.is_dir()):
        reader = folder.name.rsplit("-", 1)[0] if folder.name.rsplit("-", 1)[-1].isdigit() else folder.name
        # Fixture folders named for the agent rather than the reader's `--from` name.
        reader = {"pi": "pi-agent", "qwen": "qwen-code"}.get(reader, reader)
        # The agents' files, hidden ones too (Aider's are); not the scripts that make them.
        files = sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix not in (".py", ".sql") and not p.name.startswith("README"))
        groups = [files] if sum(p.stat().st_size for p in files) <= limit else [
            [p for p in files if p.parent == parent] for parent in sorted({p.parent for p in files})]
        for n, group in enumerate(groups):
            tree, size = b"", 0
            for path in group:
                data = path.read_bytes()
                if size + len(data) > limit:
                    continue
                name = str(path.relative_to(folder)).encode()
                tree += len(name).to_bytes(2, "little") + name + len(data).to_bytes(3, "little") + data
                size += len(data)
            if tree:
                (HERE / "seeds" / "agents").mkdir(parents=True, exist_ok=True)
                (HERE / "seeds" / "agents" / f"{reader}.{folder.name}.{n}").write_bytes(reader.encode() + b"\0.\0" + tree)


if __name__ == "__main__":
    for target in ["codex", "copilot", "cursor", "opencode", "opencodedb", "agents"]:
        shutil.rmtree(HERE / "seeds" / target, ignore_errors=True)
    codex()
    copilot()
    cursor()
    opencode()
    opencodedb()
    agents()
    for target in ["codex", "copilot", "cursor", "opencode", "opencodedb", "agents"]:
        for seed in sorted((HERE / "seeds" / target).iterdir()):
            print(f"{seed.relative_to(HERE)}: {seed.stat().st_size} bytes")
