#!/usr/bin/env python3
"""Writes the opencode fixtures: the same two sessions in both of opencode's storages.

- data/opencode.db: the SQLite database of opencode 1.2 and later (tables project, session,
  message, part, todo; message and part rows carry their JSON in `data`);
- data/storage/: the JSON files of earlier versions (session/<project>/<id>.json,
  message/<session>/<id>.json, part/<message>/<id>.json).

- kilo/.local/share/kilo/: Kilo Code's CLI, a fork of opencode that keeps the same store in its own
  data folder (kilo.db, and storage/ before), holding one session.

A session fixes a failing test (text, reasoning, bash with exit codes, edit with a diff, write of
a new file, read, grep, todowrite, step bookkeeping, an aborted reply) and holds a part type this
reader does not know; a second, short session asks a question. Deterministic: the database is
written anew each run with fixed ids and times.

    python3 make_fixtures.py   # from this folder
"""
import json
import os
import shutil
import sqlite3

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "data")
PROJECT = "4f2b9c1d7e3a5b8c0d6e2f4a1b3c5d7e9f0a2b4c"
CWD = "/home/ana/src/ledger"
T0 = 1780300800000  # 2026-06-01T08:00:00Z in milliseconds


def tool(call, name, status, input, output=None, title="", metadata=None, start=0, end=0):
    state = {"status": status, "input": input, "time": {"start": T0 + start, "end": T0 + end}}
    if status == "completed":
        state.update({"output": output or "", "title": title, "metadata": metadata or {}})
    elif status == "error":
        state.update({"error": output or "", "metadata": metadata or {}})
    return {"type": "tool", "callID": call, "tool": name, "state": state}


def sessions():
    user = lambda mid, t, text: (
        {"id": mid, "sessionID": "ses_01", "role": "user", "time": {"created": T0 + t}, "agent": "build",
         "model": {"providerID": "anthropic", "modelID": "claude-sonnet-4-5"}},
        [{"type": "text", "text": text}])
    assistant = lambda mid, parent, t, done, parts, tokens, error=None: (
        dict({"id": mid, "sessionID": "ses_01", "role": "assistant", "time": {"created": T0 + t, "completed": T0 + done},
              "parentID": parent, "modelID": "claude-sonnet-4-5", "providerID": "anthropic", "mode": "build", "agent": "build",
              "path": {"cwd": CWD, "root": CWD}, "cost": 0.0123, "tokens": tokens, "finish": "stop"}, **({"error": error} if error else {})),
        parts)
    tokens = lambda i, o, r, cr, cw: {"input": i, "output": o, "reasoning": r, "cache": {"read": cr, "write": cw}}
    s1 = [
        user("msg_01a", 0, "The monthly total test fails after the rounding change. Fix it."),
        assistant("msg_01b", "msg_01a", 2000, 9000, [
            {"type": "step-start", "snapshot": "a1b2c3"},
            {"type": "reasoning", "text": "The test expects 10.01 but the sum of floats gives 10.009999."},
            tool("call_1", "bash", "completed", {"command": "pytest -q tests/test_totals.py", "description": "Run the totals tests"},
                 "F\nE   assert 10.009999999999998 == 10.01\n1 failed in 0.08s\n", "Run the totals tests",
                 {"output": "F\nE   assert 10.009999999999998 == 10.01\n1 failed in 0.08s\n", "exit": 1, "description": "Run the totals tests"}, 2500, 3600),
            tool("call_2", "read", "completed", {"filePath": CWD + "/ledger/totals.py"}, "<file>\n00001| def monthly_total(items):\n00002|     return sum(i.amount for i in items)\n</file>",
                 "ledger/totals.py", {"preview": "def monthly_total(items):"}, 3700, 3800),
            tool("call_3", "edit", "completed", {"filePath": CWD + "/ledger/totals.py", "oldString": "    return sum(i.amount for i in items)",
                                                  "newString": "    return round(sum(Decimal(str(i.amount)) for i in items), 2)"}, "", "ledger/totals.py",
                 {"diff": "Index: " + CWD + "/ledger/totals.py\n===================================================================\n--- " + CWD + "/ledger/totals.py\n+++ " + CWD + "/ledger/totals.py\n@@ -1,2 +1,2 @@\n def monthly_total(items):\n-    return sum(i.amount for i in items)\n+    return round(sum(Decimal(str(i.amount)) for i in items), 2)\n"}, 3900, 4000),
            tool("call_4", "write", "completed", {"filePath": CWD + "/NOTES.md", "content": "Totals are summed as Decimal.\n"}, "", "NOTES.md",
                 {"exists": False, "filepath": CWD + "/NOTES.md"}, 4100, 4200),
            tool("call_5", "grep", "completed", {"pattern": "monthly_total", "path": CWD}, "Found 2 matches", "monthly_total", {"matches": 2}, 4300, 4400),
            tool("call_6", "bash", "completed", {"command": "pytest -q", "description": "Run all tests"}, "....\n4 passed in 0.11s\n", "Run all tests",
                 {"output": "....\n4 passed in 0.11s\n", "exit": 0, "description": "Run all tests"}, 4500, 5600),
            tool("call_7", "todowrite", "completed", {"todos": [{"id": "1", "content": "Fix the rounding", "status": "completed", "priority": "high"},
                                                                 {"id": "2", "content": "Note it", "status": "completed", "priority": "low"},
                                                                 {"id": "3", "content": "Release 1.4.1", "status": "pending", "priority": "medium"}]},
                 "[]", "2 todos", {"todos": []}, 5700, 5800),
            {"type": "text", "text": "Fixed: the total is summed as `Decimal` and rounded to cents; all four tests pass."},
            {"type": "step-finish", "reason": "stop", "cost": 0.0123, "tokens": tokens(4200, 380, 120, 18000, 2400)},
            {"type": "timeline-note", "text": "a part type from a later version"},
        ], tokens(4200, 380, 120, 18000, 2400)),
        user("msg_01c", 20000, "Also release it."),
        assistant("msg_01d", "msg_01c", 21000, 23000, [
            tool("call_8", "bash", "error", {"command": "git push --tags", "description": "Push the tag"}, "Tool execution aborted", "", {}, 21500, 22000),
        ], tokens(900, 10, 0, 20000, 0), {"name": "MessageAbortedError", "data": {"message": "The operation was aborted."}}),
    ]
    s2 = [
        ({"id": "msg_02a", "sessionID": "ses_02", "role": "user", "time": {"created": T0 + 3600000}, "agent": "plan",
          "model": {"providerID": "openai", "modelID": "gpt-5.1"}}, [{"type": "text", "text": "What does `ledger import` read?"}]),
        ({"id": "msg_02b", "sessionID": "ses_02", "role": "assistant", "time": {"created": T0 + 3602000, "completed": T0 + 3604000},
          "parentID": "msg_02a", "modelID": "gpt-5.1", "providerID": "openai", "mode": "plan", "path": {"cwd": CWD, "root": CWD},
          "cost": 0, "tokens": tokens(1500, 90, 0, 0, 0)}, [
            # The task tool runs a sub-agent in a session of its own (ses_03, parentID ses_02); its
            # metadata names that session.
            tool("call_9", "task", "completed", {"description": "Find the importer", "prompt": "Find where `ledger import` parses statements and which formats it accepts.",
                                                 "subagent_type": "explore"},
                 "`ledger/importer.py` reads CSV statements only.\n\n<task_metadata>\nsession_id: ses_03\n</task_metadata>", "Find the importer",
                 {"sessionId": "ses_03", "summary": [{"id": "prt_03b_00", "tool": "read", "state": {"status": "completed", "title": "ledger/importer.py"}}]},
                 3602100, 3603500),
            {"type": "text", "text": "CSV bank statements, one file per account."}]),
    ]
    s3 = [
        ({"id": "msg_03a", "sessionID": "ses_03", "role": "user", "time": {"created": T0 + 3602200}, "agent": "explore",
          "model": {"providerID": "anthropic", "modelID": "claude-haiku-4-5"}},
         [{"type": "text", "text": "Find where `ledger import` parses statements and which formats it accepts."}]),
        ({"id": "msg_03b", "sessionID": "ses_03", "role": "assistant", "time": {"created": T0 + 3602300, "completed": T0 + 3603400},
          "parentID": "msg_03a", "modelID": "claude-haiku-4-5", "providerID": "anthropic", "mode": "explore", "agent": "explore",
          "path": {"cwd": CWD, "root": CWD}, "cost": 0, "tokens": tokens(800, 40, 0, 0, 0)}, [
            tool("call_10", "read", "completed", {"filePath": CWD + "/ledger/importer.py"}, "<file>\n00001| import csv\n</file>", "ledger/importer.py",
                 {"preview": "import csv"}, 3602400, 3602500),
            {"type": "text", "text": "`ledger/importer.py` reads CSV statements only."}]),
    ]
    return [
        ({"id": "ses_01", "projectID": PROJECT, "directory": CWD, "title": "Fix monthly total rounding", "version": "1.2.4",
          "time": {"created": T0, "updated": T0 + 23000}}, s1),
        ({"id": "ses_02", "projectID": PROJECT, "directory": CWD, "title": "New session - 2026-06-01T09:00:00.000Z", "version": "1.2.4",
          "time": {"created": T0 + 3600000, "updated": T0 + 3604000}}, s2),
        ({"id": "ses_03", "projectID": PROJECT, "parentID": "ses_02", "directory": CWD, "title": "Find the importer (@explore subagent)", "version": "1.2.4",
          "time": {"created": T0 + 3602200, "updated": T0 + 3603400}}, s3),
    ]


def kilo_sessions():
    """One session of Kilo Code's CLI: a prompt, and a reply with reasoning, a bash call and text."""
    cwd = "/home/ana/src/atlas"
    t0 = T0 + 86400000
    messages = [
        ({"id": "msg_k1a", "sessionID": "ses_k1", "role": "user", "time": {"created": t0}, "agent": "code",
          "model": {"providerID": "kilo", "modelID": "anthropic/claude-sonnet-4.5"}},
         [{"type": "text", "text": "Which Python does the atlas CI use?"}]),
        ({"id": "msg_k1b", "sessionID": "ses_k1", "role": "assistant", "time": {"created": t0 + 1000, "completed": t0 + 6000},
          "parentID": "msg_k1a", "modelID": "anthropic/claude-sonnet-4.5", "providerID": "kilo", "mode": "code", "agent": "code",
          "path": {"cwd": cwd, "root": cwd}, "cost": 0.0042, "tokens": {"input": 2100, "output": 95, "reasoning": 30, "cache": {"read": 1024, "write": 0}},
          "finish": "stop"},
         [{"type": "step-start"},
          {"type": "reasoning", "text": "The workflow file names the Python version."},
          tool("call_k1", "bash", "completed", {"command": "grep -n python-version .github/workflows/ci.yml", "description": "Find the Python version"},
               "14:          python-version: \"3.12\"\n", "Find the Python version",
               {"output": "14:          python-version: \"3.12\"\n", "exit": 0, "description": "Find the Python version"}, 87402000, 87402300),
          {"type": "text", "text": "The CI runs Python 3.12 (`.github/workflows/ci.yml`, line 14)."},
          {"type": "step-finish", "reason": "stop", "cost": 0.0042, "tokens": {"input": 2100, "output": 95, "reasoning": 30, "cache": {"read": 1024, "write": 0}}}]),
    ]
    return [({"id": "ses_k1", "projectID": PROJECT, "directory": cwd, "title": "Which Python the CI uses", "version": "1.0.9",
              "time": {"created": t0, "updated": t0 + 6000}}, messages)]


def write_storage(root=ROOT, made=sessions):
    storage = os.path.join(root, "storage")
    for info, messages in made():
        os.makedirs(os.path.join(storage, "session", PROJECT), exist_ok=True)
        with open(os.path.join(storage, "session", PROJECT, info["id"] + ".json"), "w") as f:
            json.dump(info, f, indent=2)
        for message, parts in messages:
            os.makedirs(os.path.join(storage, "message", info["id"]), exist_ok=True)
            with open(os.path.join(storage, "message", info["id"], message["id"] + ".json"), "w") as f:
                json.dump(message, f, indent=2)
            for n, part in enumerate(parts):
                part = dict({"id": "prt_%s_%02d" % (message["id"][4:], n), "sessionID": info["id"], "messageID": message["id"]}, **part)
                os.makedirs(os.path.join(storage, "part", message["id"]), exist_ok=True)
                with open(os.path.join(storage, "part", message["id"], part["id"] + ".json"), "w") as f:
                    json.dump(part, f, indent=2)


def write_database(path, made=sessions):
    if os.path.exists(path):
        os.remove(path)
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE project (id text PRIMARY KEY, worktree text NOT NULL, vcs text, name text, icon_url text, icon_color text,
                              time_created integer NOT NULL, time_updated integer NOT NULL, time_initialized integer, sandboxes text NOT NULL);
        CREATE TABLE session (id text PRIMARY KEY, project_id text NOT NULL, parent_id text, slug text NOT NULL, directory text NOT NULL,
                              title text NOT NULL, version text NOT NULL, share_url text, summary_additions integer, summary_deletions integer,
                              summary_files integer, summary_diffs text, revert text, permission text, time_created integer NOT NULL,
                              time_updated integer NOT NULL, time_compacting integer, time_archived integer);
        CREATE TABLE message (id text PRIMARY KEY, session_id text NOT NULL, time_created integer NOT NULL, time_updated integer NOT NULL, data text NOT NULL);
        CREATE TABLE part (id text PRIMARY KEY, message_id text NOT NULL, session_id text NOT NULL, time_created integer NOT NULL,
                           time_updated integer NOT NULL, data text NOT NULL);
        CREATE TABLE todo (session_id text NOT NULL, content text NOT NULL, status text NOT NULL, priority text NOT NULL, position integer NOT NULL,
                           time_created integer NOT NULL, time_updated integer NOT NULL);
        CREATE INDEX message_session_idx ON message (session_id);
        CREATE INDEX part_message_idx ON part (message_id);
    """)
    db.execute("INSERT INTO project VALUES (?, ?, 'git', 'ledger', NULL, NULL, ?, ?, ?, '[]')", (PROJECT, CWD, T0, T0, T0))
    for info, messages in made():
        db.execute("INSERT INTO session VALUES (?, ?, ?, ?, ?, ?, ?, NULL, 0, 0, 0, NULL, NULL, NULL, ?, ?, NULL, NULL)",
                   (info["id"], PROJECT, info.get("parentID"), info["id"][4:], info["directory"], info["title"], info["version"], info["time"]["created"], info["time"]["updated"]))
        for message, parts in messages:
            data = {k: v for k, v in message.items() if k not in ("id", "sessionID")}
            db.execute("INSERT INTO message VALUES (?, ?, ?, ?, ?)", (message["id"], info["id"], message["time"]["created"],
                                                                     message["time"].get("completed", message["time"]["created"]), json.dumps(data)))
            for n, part in enumerate(parts):
                db.execute("INSERT INTO part VALUES (?, ?, ?, ?, ?, ?)", ("prt_%s_%02d" % (message["id"][4:], n), message["id"], info["id"],
                                                                         message["time"]["created"] + n, message["time"]["created"] + n, json.dumps(part)))
    db.commit()
    db.execute("VACUUM")
    db.close()


if os.path.exists(ROOT):
    shutil.rmtree(ROOT)
write_storage()
write_database(os.path.join(ROOT, "opencode.db"))
KILO = os.path.join(HERE, "kilo", ".local", "share", "kilo")
if os.path.exists(KILO):
    shutil.rmtree(KILO)
write_storage(KILO, kilo_sessions)
write_database(os.path.join(KILO, "kilo.db"), kilo_sessions)
