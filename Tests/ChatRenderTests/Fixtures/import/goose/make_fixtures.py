#!/usr/bin/env python3
"""Writes the goose fixture: goose.sql (the text of the database) and
.local/share/goose/sessions/sessions.db, as goose keeps it (with the provider and model columns of later versions).

Session one adds a watering schedule: a prompt with a photo, a shell call whose result has a
text for the assistant and one for the person, thinking, a redacted thinking, a file written, an
edit that failed, a content type this reader does not know (`reasoningSummary`). A hidden session
(goose naming the first) is bookkeeping. Session two, unnamed, asks a question. Token counts are
the session's (`accumulated_*`; the second has only the last call's).

Session four delegates a review to a sub-agent (summon's `delegate`, whose response names the
sub-agent's session in `_meta.subagent_session_id`) twice: session five, a `sub_agent` session.
Session six is a sub-agent no call names. Session seven was copied from an older log when goose
made its database; that log is still beside it, and reads the database's way.

The older session logs (.local/share/goose/sessions/<id>.jsonl, before the database): one with
a metadata line, a shell call, thinking, an edit and a content type of that version this reader
does not map (`contextLengthExceeded`); and the log of session seven.

    python3 make_fixtures.py   # from this folder; needs the sqlite3 command
"""
import json
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
CWD = "/home/ana/src/garden"
T0 = 1780390800  # 2026-06-02T09:00:00Z
PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="


def q(text):
    return "NULL" if text is None else "'" + text.replace("'", "''") + "'"


def text(t):
    return {"type": "text", "text": t}


def request(id, name, args):
    return {"type": "toolRequest", "id": id, "toolCall": {"status": "success", "value": {"name": name, "arguments": args}}}


def response(id, *texts, error=None):
    if error:
        return {"type": "toolResponse", "id": id, "toolResult": {"status": "error", "error": error}}
    content = [{"type": "text", "text": t, "annotations": {"audience": [who]}} for (who, t) in texts]
    return {"type": "toolResponse", "id": id, "toolResult": {"status": "success", "value": {"content": content, "isError": False}}}


S1, S2, HIDDEN = "20260602_1", "20260602_2", "20260602_3"
messages = []


def msg(session, role, content, at):
    messages.append((session, role, content, T0 + at))


msg(S1, "user", [text("Add a watering schedule to the garden planner; here is the bed layout."), {"type": "image", "data": PNG, "mimeType": "image/png"}], 0)
msg(S1, "assistant", [text("Let me look at the project first."), request("toolu_01", "developer__shell", {"command": "ls src"})], 4)
msg(S1, "user", [response("toolu_01", ("assistant", "beds.py\nplanner.py\n"), ("user", "beds.py\nplanner.py"))], 6)
msg(S1, "assistant", [
    {"type": "thinking", "thinking": "A schedule module beside planner.py; beds need water every other day.", "signature": "sig"},
    {"type": "redactedThinking", "data": "ZW5jcnlwdGVk"},
    request("toolu_02", "developer__text_editor", {"command": "write", "path": CWD + "/src/schedule.py", "file_text": "EVERY_DAYS = 2\n"}),
], 10)
msg(S1, "user", [response("toolu_02", ("assistant", "Successfully wrote to " + CWD + "/src/schedule.py"))], 12)
msg(S1, "assistant", [
    request("toolu_03", "developer__text_editor", {"command": "str_replace", "path": CWD + "/src/planner.py", "old_str": "import beds", "new_str": "import beds, schedule"}),
    request("toolu_04", "developer__text_editor", {"command": "view", "path": CWD + "/src/beds.py"}),
], 15)
msg(S1, "user", [
    response("toolu_03", error="'import beds' not found in " + CWD + "/src/planner.py"),
    response("toolu_04", ("assistant", "BEDS = ['tomato', 'basil']\n")),
], 17)
msg(S1, "assistant", [
    {"type": "reasoningSummary", "summary": "Checked the beds"},
    text("The schedule is in src/schedule.py: every bed is watered every 2 days."),
], 20)
msg(HIDDEN, "user", [text("Name this session")], 1)
msg(HIDDEN, "assistant", [text("Watering schedule")], 2)
def delegated(id, agent, *texts):
    content = [{"type": "text", "text": t} for t in texts]
    value = {"content": content, "isError": False, "_meta": {"subagent_session_id": agent}}
    return {"type": "toolResponse", "id": id, "toolResult": {"status": "success", "value": value}}


S4, S5, S6, S7 = "20260602_4", "20260602_5", "20260602_6", "20250601_083000"
REVIEW = "Review src/schedule.py for off-by-one errors"
msg(S4, "user", [text("Have a reviewer check the watering schedule.")], 7200)
msg(S4, "assistant", [text("I'll delegate the review."), request("toolu_11", "summon__delegate", {"instructions": REVIEW, "source": "reviewer"})], 7203)
msg(S5, "user", [text(REVIEW)], 7204)
msg(S5, "assistant", [
    {"type": "thinking", "thinking": "Read the file before judging it.", "signature": "sig5"},
    request("toolu_51", "developer__shell", {"command": "cat src/schedule.py"}),
], 7206)
msg(S5, "user", [response("toolu_51", ("assistant", "EVERY_DAYS = 2\n"))], 7207)
msg(S5, "assistant", [text("No off-by-one errors: EVERY_DAYS is used as a count of days.")], 7210)
msg(S4, "user", [delegated("toolu_11", S5, "No off-by-one errors: EVERY_DAYS is used as a count of days.")], 7211)
msg(S4, "assistant", [request("toolu_12", "summon__delegate", {"instructions": "Check the review once more", "source": "reviewer"})], 7212)
msg(S4, "user", [delegated("toolu_12", S5, "Still no errors.")], 7213)
msg(S4, "assistant", [text("The reviewer found no off-by-one errors.")], 7214)
msg(S6, "user", [text("Summarise the README")], 7300)
msg(S6, "assistant", [text("The README explains how to plan beds and water them.")], 7305)
msg(S7, "user", [text("List the plants in beds.py")], -31624200)
msg(S7, "assistant", [text("Tomato and basil.")], -31624195)
msg(S2, "user", [text("How often should basil be watered?")], 3600)
msg(S2, "assistant", [text("When the top of the soil is dry: every one to two days in summer.")], 3603)

sessions = [
    # id, name, type, created, updated, input, output, acc input, acc output
    (S1, "Add a watering schedule", "user", 0, 20, 3100, 210, 12400, 830),
    (HIDDEN, "", "hidden", 1, 2, 40, 5, 40, 5),
    (S2, "", "user", 3600, 3603, 900, 120, None, None),
    (S4, "Review the schedule", "user", 7200, 7214, 1800, 90, 5200, 260),
    (S5, "Delegated task", "sub_agent", 7204, 7210, 1300, 70, 2100, 140),
    (S6, "Delegated task", "sub_agent", 7300, 7305, 300, 40, 300, 40),
    (S7, "Plant list", "user", -31624200, -31624195, 500, 30, None, None),
]

SCHEMA = """CREATE TABLE schema_version (
    version INTEGER PRIMARY KEY,
    applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP
);
CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    user_set_name BOOLEAN DEFAULT FALSE,
    session_type TEXT NOT NULL DEFAULT 'user',
    working_dir TEXT NOT NULL,
    created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
    updated_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
    extension_data TEXT DEFAULT '{}',
    total_tokens INTEGER,
    input_tokens INTEGER,
    output_tokens INTEGER,
    accumulated_total_tokens INTEGER,
    accumulated_input_tokens INTEGER,
    accumulated_output_tokens INTEGER,
    schedule_id TEXT,
    recipe_json TEXT,
    user_recipe_values_json TEXT,
    provider_name TEXT,
    model_config_json TEXT
);
CREATE TABLE messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id TEXT NOT NULL REFERENCES sessions(id),
    role TEXT NOT NULL,
    content_json TEXT NOT NULL,
    created_timestamp INTEGER NOT NULL,
    timestamp TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
    tokens INTEGER,
    metadata_json TEXT
);
CREATE INDEX idx_messages_session ON messages(session_id);
CREATE INDEX idx_sessions_type ON sessions(session_type);
"""


def stamp(at):
    import datetime
    return datetime.datetime.fromtimestamp(T0 + at, datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S")


MODEL = json.dumps({"model_name": "claude-sonnet-4-5", "context_limit": 200000, "temperature": None, "max_tokens": None, "toolshim": False})


def n(value):
    return "NULL" if value is None else str(value)


lines = ["-- goose's sessions.db for the tests, written by make_fixtures.py.", "BEGIN;", SCHEMA.strip(), "INSERT INTO schema_version (version) VALUES (5);"]
for (id, name, kind, created, updated, i, o, ai, ao) in sessions:
    total = None if ai is None else ai + ao
    lines.append(
        "INSERT INTO sessions (id, name, session_type, working_dir, created_at, updated_at, total_tokens, input_tokens, output_tokens, "
        "accumulated_total_tokens, accumulated_input_tokens, accumulated_output_tokens, provider_name, model_config_json) "
        f"VALUES ({q(id)}, {q(name)}, {q(kind)}, {q(CWD)}, {q(stamp(created))}, {q(stamp(updated))}, {i + o}, {i}, {o}, {n(total)}, {n(ai)}, {n(ao)}, 'anthropic', {q(MODEL)});")
for (session, role, content, at) in messages:
    meta = json.dumps({"userVisible": True, "agentVisible": True})
    lines.append(
        "INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json) "
        f"VALUES ({q(session)}, {q(role)}, {q(json.dumps(content, ensure_ascii=False))}, {at}, {q(meta)});")
lines.append("COMMIT;")
sql = os.path.join(HERE, "goose.sql")
with open(sql, "w") as out:
    out.write("\n".join(lines) + "\n")
db = os.path.join(HERE, ".local", "share", "goose", "sessions", "sessions.db")
os.makedirs(os.path.dirname(db), exist_ok=True)
if os.path.exists(db):
    os.remove(db)
with open(sql) as source:
    subprocess.run(["sqlite3", db], stdin=source, check=True)


# The older logs: a metadata line, then one message a line (role, created, content), as goose
# wrote them before the database.
def log(id, metadata, lines):
    path = os.path.join(HERE, ".local", "share", "goose", "sessions", id + ".jsonl")
    with open(path, "w") as out:
        out.write(json.dumps(metadata) + "\n")
        for (role, at, content) in lines:
            out.write(json.dumps({"role": role, "created": T0 + at, "content": content}, ensure_ascii=False) + "\n")


def old_response(id, t):
    # Earlier versions kept a result as the list of its contents.
    return {"type": "toolResponse", "id": id, "toolResult": {"status": "success", "value": [
        {"type": "text", "text": t, "annotations": {"audience": ["assistant"], "priority": 0.0}}]}}


L0 = -1640 * 3600  # 2026-06-02 minus 1640 hours: 2026-03-26, before the database
log("20260326_010000", {
    "working_dir": CWD, "description": "Fix the frost alert", "schedule_id": None, "message_count": 6,
    "total_tokens": 2300, "input_tokens": 2100, "output_tokens": 200,
    "accumulated_total_tokens": 5400, "accumulated_input_tokens": 5000, "accumulated_output_tokens": 400,
}, [
    ("user", L0, [text("The frost alert fires in July; find out why.")]),
    ("assistant", L0 + 5, [text("Let me look at the alert code."), request("toolu_a1", "developer__shell", {"command": "grep -n frost src/alerts.py"})]),
    ("user", L0 + 6, [old_response("toolu_a1", "12:    if temp < 5:  # frost\n")]),
    ("assistant", L0 + 12, [
        {"type": "thinking", "thinking": "The sensor reports Fahrenheit; 5 is a Celsius threshold.", "signature": "sig-a"},
        request("toolu_a2", "developer__text_editor", {"command": "str_replace", "path": CWD + "/src/alerts.py", "old_str": "temp < 5", "new_str": "to_celsius(temp) < 5"}),
    ]),
    ("user", L0 + 13, [old_response("toolu_a2", "The file " + CWD + "/src/alerts.py has been edited.")]),
    ("assistant", L0 + 20, [
        {"type": "contextLengthExceeded", "msg": "The context length of the model has been exceeded."},
        text("The alert compared Fahrenheit readings with a Celsius threshold; it converts them now."),
    ]),
])
log(S7, {"working_dir": CWD, "description": "Plant list", "schedule_id": None, "message_count": 2, "total_tokens": 530, "input_tokens": 500, "output_tokens": 30}, [
    ("user", -31624200, [text("List the plants in beds.py")]),
    ("assistant", -31624195, [text("Tomato, basil and mint.")]),
])
