#!/usr/bin/env python3
"""Writes the Crush fixture: crush.sql (the text of the database) and ledger/.crush/crush.db.

The schema is Crush's after all its migrations (sessions, messages, files, read_files). Session
one fixes a failing test: a prompt with a file, reasoning, bash with a failure, view, edit, an
`agent` call whose sub-agent session (`<message>$$<call>`) greps, write, todos, a part type this
reader does not know (`citation`), and Crush's title session (bookkeeping). Session two asks a
question and was interrupted. Times are Unix seconds, as Crush writes them.

    python3 make_fixtures.py   # from this folder; needs the sqlite3 command
"""
import base64
import json
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
CWD = "/home/ana/src/ledger"
T0 = 1780300800  # 2026-06-01T08:00:00Z

S1 = "6b1f0c2e-4a7d-4c1e-9f3a-2d8e5b7c9a01"
S2 = "0d9e8f7a-1b2c-4d3e-8f5a-6b7c8d9e0f12"


def q(text):
    return "NULL" if text is None else "'" + text.replace("'", "''") + "'"


def part(kind, **data):
    return {"type": kind, "data": data}


def call(id, name, args):
    return part("tool_call", id=id, name=name, input=json.dumps(args), provider_executed=False, finished=True)


def result(id, name, content, is_error=False, metadata=""):
    return part("tool_result", tool_call_id=id, name=name, content=content, data="", mime_type="", metadata=metadata, is_error=is_error)


def finish(reason, at, **more):
    return part("finish", reason=reason, time=T0 + at, **more)


rows = []  # (id, session, role, parts, model, provider, at)


def msg(id, session, role, parts, at, model=None, provider=None):
    rows.append((id, session, role, parts, model, provider, at))


M = "claude-sonnet-4-5"
A = "6b1f0c2e-m06"
CHILD = A + "$$toolu_agent_01"
note = base64.b64encode(b"balance = 10.005\nexpected 10.00 (half-even)\n").decode()
msg("6b1f0c2e-m01", S1, "user", [
    part("text", text="The ledger balance test fails since the rounding change. Please fix it."),
    part("binary", Path=CWD + "/notes/rounding.txt", MIMEType="text/plain", Data=note),
], 0)
msg("6b1f0c2e-m02", S1, "assistant", [
    part("reasoning", thinking="The failure is probably in Balance.rounded: the change switched to half-up.", signature="", started_at=T0 + 2, finished_at=T0 + 4),
    part("text", text="Let me run the ledger tests first."),
    call("toolu_bash_01", "bash", {"command": "swift test --filter LedgerTests", "description": "Run the ledger tests"}),
    finish("tool_use", 6),
], 2, M, "anthropic")
msg("6b1f0c2e-m03", S1, "tool", [
    result("toolu_bash_01", "bash", "✘ balanceRoundsHalfEven(): 10.01 is not 10.00\nExit code 1", is_error=True),
], 9)
msg("6b1f0c2e-m04", S1, "assistant", [
    call("toolu_view_01", "view", {"file_path": CWD + "/Sources/Ledger/Balance.swift"}),
    call("toolu_edit_01", "edit", {"file_path": CWD + "/Sources/Ledger/Balance.swift", "old_string": "value.rounded(.toNearestOrAwayFromZero)", "new_string": "value.rounded(.toNearestOrEven)"}),
    finish("tool_use", 14),
], 10, M, "anthropic")
msg("6b1f0c2e-m05", S1, "tool", [
    result("toolu_view_01", "view", "<file>\n     1|struct Balance {\n     2|    func rounded() -> Decimal { value.rounded(.toNearestOrAwayFromZero) }\n     3|}\n</file>"),
    result("toolu_edit_01", "edit", "<result>\nContent replaced in file: " + CWD + "/Sources/Ledger/Balance.swift\n</result>", metadata=json.dumps({"additions": 1, "removals": 1})),
], 15)
msg(A, S1, "assistant", [
    part("reasoning", thinking="Other callers may rely on the old rounding; a sub-agent can look."),
    call("toolu_agent_01", "agent", {"prompt": "Find every caller of Balance.rounded and list them"}),
    finish("tool_use", 18),
], 16, M, "anthropic")
msg("c-m01", CHILD, "user", [part("text", text="Find every caller of Balance.rounded and list them")], 18)
msg("c-m02", CHILD, "assistant", [
    call("toolu_grep_01", "grep", {"pattern": "rounded(", "path": CWD + "/Sources"}),
    finish("tool_use", 20),
], 19, "claude-haiku-4-5", "anthropic")
msg("c-m03", CHILD, "tool", [result("toolu_grep_01", "grep", "Found 2 matches\n" + CWD + "/Sources/Ledger/Report.swift:\n  Line 12: total.rounded()\n" + CWD + "/Sources/Ledger/Invoice.swift:\n  Line 40: amount.rounded()")], 21)
msg("c-m04", CHILD, "assistant", [
    part("text", text="Two callers: Report.swift line 12 and Invoice.swift line 40."),
    finish("end_turn", 23),
], 22, "claude-haiku-4-5", "anthropic")
msg("6b1f0c2e-m07", S1, "tool", [result("toolu_agent_01", "agent", "Two callers: Report.swift line 12 and Invoice.swift line 40.")], 24)
msg("6b1f0c2e-m08", S1, "assistant", [
    call("toolu_bash_02", "bash", {"command": "swift test --filter LedgerTests", "description": "Run the ledger tests again"}),
    finish("tool_use", 27),
], 25, M, "anthropic")
msg("6b1f0c2e-m09", S1, "tool", [result("toolu_bash_02", "bash", "✔ 14 tests passed")], 31)
msg("6b1f0c2e-m10", S1, "assistant", [
    part("text", text="Fixed: Balance.rounded rounds half to even again, and both callers expect that."),
    part("citation", url="https://example.com/rounding", title="Rounding rules"),
    finish("end_turn", 34),
], 32, M, "anthropic")
msg("6b1f0c2e-m11", S1, "user", [part("text", text="Thanks. Add a changelog entry and a to-do for the docs.")], 60)
msg("6b1f0c2e-m12", S1, "assistant", [
    call("toolu_write_01", "write", {"file_path": CWD + "/CHANGELOG.md", "content": "## Unreleased\n\n- Balances round half to even again.\n"}),
    call("toolu_todos_01", "todos", {"todos": [
        {"content": "Write the changelog entry", "status": "completed", "active_form": "Writing the changelog entry"},
        {"content": "Document rounding in the guide", "status": "pending", "active_form": "Documenting rounding"},
    ]}),
    finish("tool_use", 64),
], 62, M, "anthropic")
msg("6b1f0c2e-m13", S1, "tool", [
    result("toolu_write_01", "write", "File successfully written: " + CWD + "/CHANGELOG.md"),
    result("toolu_todos_01", "todos", "Todo list updated: 1 of 2 done"),
], 65)
msg("6b1f0c2e-m14", S1, "assistant", [part("text", text="Done: the changelog has the entry, and the docs are on the to-do list."), finish("end_turn", 68)], 66, M, "anthropic")
msg("t-m01", "title-" + S1, "user", [part("text", text="Generate a title for: The ledger balance test fails")], 1)
msg("t-m02", "title-" + S1, "assistant", [part("text", text="Fix ledger rounding"), finish("end_turn", 2)], 2, "claude-haiku-4-5", "anthropic")
msg("7c2a-m01", S2, "user", [part("text", text="What does --strict change in swift format lint?")], 3600)
msg("7c2a-m02", S2, "assistant", [
    part("text", text="It makes every lint finding an error, so the exit status is not zero."),
    finish("canceled", 3604),
], 3602, "gpt-5", "openai")

sessions = [
    # id, parent, title, prompt_tokens, completion_tokens, cost, created, updated
    (S1, None, "Fix ledger rounding", 18250, 640, 0.0421, 0, 68),
    (CHILD, S1, "New Agent Session", 5200, 180, 0.0063, 18, 23),
    ("title-" + S1, S1, "Generate a title", 40, 6, 0.0001, 1, 2),
    (S2, None, "New Session", 2100, 35, 0, 3600, 3604),
]

SCHEMA = """CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    parent_session_id TEXT,
    title TEXT NOT NULL,
    message_count INTEGER NOT NULL DEFAULT 0 CHECK (message_count >= 0),
    prompt_tokens INTEGER NOT NULL DEFAULT 0 CHECK (prompt_tokens >= 0),
    completion_tokens INTEGER NOT NULL DEFAULT 0 CHECK (completion_tokens >= 0),
    cost REAL NOT NULL DEFAULT 0.0 CHECK (cost >= 0.0),
    updated_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    summary_message_id TEXT,
    todos TEXT
);
CREATE TABLE files (
    id TEXT PRIMARY KEY,
    session_id TEXT NOT NULL,
    path TEXT NOT NULL,
    content TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    FOREIGN KEY (session_id) REFERENCES sessions (id) ON DELETE CASCADE,
    UNIQUE(path, session_id, version)
);
CREATE TABLE messages (
    id TEXT PRIMARY KEY,
    session_id TEXT NOT NULL,
    role TEXT NOT NULL,
    parts TEXT NOT NULL DEFAULT '[]',
    model TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    finished_at INTEGER,
    provider TEXT,
    is_summary_message INTEGER DEFAULT 0 NOT NULL,
    FOREIGN KEY (session_id) REFERENCES sessions (id) ON DELETE CASCADE
);
CREATE TABLE read_files (
    session_id TEXT NOT NULL CHECK (session_id != ''),
    path TEXT NOT NULL CHECK (path != ''),
    read_at INTEGER NOT NULL,
    PRIMARY KEY (path, session_id)
);
CREATE INDEX idx_messages_session_id ON messages (session_id);
CREATE INDEX idx_messages_created_at ON messages (created_at);
"""

count = {}
for row in rows:
    count[row[1]] = count.get(row[1], 0) + 1
lines = ["-- Crush's crush.db for the tests, written by make_fixtures.py.", "BEGIN;", SCHEMA.strip()]
for (id, parent, title, p, c, cost, created, updated) in sessions:
    lines.append(
        f"INSERT INTO sessions (id, parent_session_id, title, message_count, prompt_tokens, completion_tokens, cost, updated_at, created_at) "
        f"VALUES ({q(id)}, {q(parent)}, {q(title)}, {count.get(id, 0)}, {p}, {c}, {cost}, {T0 + updated}, {T0 + created});")
for (id, session, role, parts, model, provider, at) in rows:
    lines.append(
        f"INSERT INTO messages (id, session_id, role, parts, model, created_at, updated_at, finished_at, provider) "
        f"VALUES ({q(id)}, {q(session)}, {q(role)}, {q(json.dumps(parts, ensure_ascii=False))}, {q(model)}, {T0 + at}, {T0 + at}, "
        f"{'NULL' if role != 'assistant' else T0 + at + 2}, {q(provider)});")
lines.append(f"INSERT INTO read_files VALUES ({q(S1)}, {q(CWD + '/Sources/Ledger/Balance.swift')}, {T0 + 12});")
lines.append("COMMIT;")
sql = os.path.join(HERE, "crush.sql")
with open(sql, "w") as out:
    out.write("\n".join(lines) + "\n")
db = os.path.join(HERE, "ledger", ".crush", "crush.db")
os.makedirs(os.path.dirname(db), exist_ok=True)
if os.path.exists(db):
    os.remove(db)
with open(sql) as text:
    subprocess.run(["sqlite3", db], stdin=text, check=True)
