#!/usr/bin/env python3
"""Writes User/globalStorage/state.vscdb: Cursor's global state database with the editor's chats.

The shape is Cursor's: a key-value table `cursorDiskKV (key TEXT UNIQUE ON CONFLICT REPLACE,
value BLOB)` (beside `ItemTable`), where `composerData:<composer id>` is a chat's header (its
name, times in milliseconds, model, branch, and `fullConversationHeadersOnly`, the ids and types
of its messages in order) and `bubbleId:<composer id>:<bubble id>` each message (`type` 1 the
person's, 2 the assistant's, with `text`, `thinking`, `toolFormerData` and `tokenCount`).

Chats (invented content, workspace /home/ana/src/almanac):
  a chat of an agent: thinking, read_file, run_terminal_cmd (a terminal with its output),
      search_replace (a diff), a cancelled command, tokens on each reply, a message of a type
      this reader does not know (type 3), and a header naming a message the database lacks;
  an empty chat (opened, never used): left out;
  a chat of an older build, its messages inline in `conversation`.
Other keys the editor keeps (checkpointId:…, codeBlockDiff:…) are there too, never read.

    python3 make_state_db.py   # from this folder; deterministic
"""
import json
import os
import sqlite3
from datetime import datetime, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
PATH = os.path.join(HERE, "User", "globalStorage", "state.vscdb")


def ms(*args):
    return int(datetime(*args, tzinfo=timezone.utc).timestamp() * 1000)


def iso(*args):
    return datetime(*args, tzinfo=timezone.utc).isoformat().replace("+00:00", "Z")


AGENT = "6b1f0c2e-3d4a-4e5f-8a9b-0c1d2e3f4a5b"
EMPTY = "0e9d8c7b-6a5f-4e3d-9c2b-1a0f9e8d7c6b"
OLDER = "a4b5c6d7-e8f9-4a0b-8c1d-2e3f4a5b6c7d"


def bubble(bid, kind, when, text="", **more):
    out = {"_v": 3, "type": kind, "bubbleId": bid, "text": text, "createdAt": iso(*when)}
    out.update(more)
    return out


def tool(name, params, result, status="completed"):
    return {"tool": 1, "toolCallId": "toolu_" + name, "name": name, "params": json.dumps(params),
            "result": None if result is None else json.dumps(result), "status": status}


def agent_chat():
    day = (2026, 9, 3, 8)
    bubbles = [
        bubble("b01", 1, day + (0, 5), "test_parse_date fails on Mondays only. Find out why and fix it."),
        bubble("b02", 2, day + (0, 20), "Let me read the test first.",
               thinking={"text": "A failure on one weekday smells like a date computed from today. I should read the test."},
               tokenCount={"inputTokens": 1840, "outputTokens": 96}),
        bubble("b03", 2, day + (0, 24), toolFormerData=tool("read_file", {"targetFile": "/home/ana/src/almanac/tests/test_dates.py"},
                                                            {"contents": "def test_parse_date():\n    assert parse_date('next monday') == today() + timedelta(days=7)\n"}),
               tokenCount={"inputTokens": 2210, "outputTokens": 41}),
        bubble("b04", 2, day + (1, 2), toolFormerData=tool("run_terminal_cmd", {"command": "python -m pytest -q tests/test_dates.py", "is_background": False},
                                                           {"output": "F\nFAILED tests/test_dates.py::test_parse_date\n1 failed in 0.08s\n", "exitCode": 1}),
               tokenCount={"inputTokens": 2305, "outputTokens": 38}),
        bubble("b05", 2, day + (2, 40), "On a Monday, `next monday` is today + 7, but the parser returns today. I'll make it skip today.",
               toolFormerData=tool("search_replace", {"file_path": "/home/ana/src/almanac/almanac/dates.py",
                                                       "old_string": "    days = (target - now.weekday()) % 7\n",
                                                       "new_string": "    days = (target - now.weekday()) % 7 or 7\n"},
                                   {"diff": {"chunks": [{"linesAdded": 1, "linesRemoved": 1}]}}),
               tokenCount={"inputTokens": 2480, "outputTokens": 170}),
        bubble("b06", 1, day + (4, 0), "Run the whole suite."),
        bubble("b07", 2, day + (4, 12), toolFormerData=tool("run_terminal_cmd", {"command": "python -m pytest -q"}, None, status="cancelled"),
               tokenCount={"inputTokens": 2600, "outputTokens": 22}),
        bubble("b08", 3, day + (4, 30), "", checkpoint={"files": []}),
        bubble("b09", 2, day + (5, 0), "The run was cancelled before it finished; the fix itself is in `almanac/dates.py`.",
               tokenCount={"inputTokens": 2650, "outputTokens": 31}),
    ]
    heads = [{"bubbleId": b["bubbleId"], "type": b["type"]} for b in bubbles]
    heads.insert(7, {"bubbleId": "b99", "type": 2})  # named, but not in the database
    header = {"_v": 10, "composerId": AGENT, "name": "Mondays break test_parse_date", "text": "", "richText": "",
              "createdAt": ms(*day, 0, 0), "lastUpdatedAt": ms(*day, 5, 10), "status": "completed", "unifiedMode": "agent",
              "isAgentic": True, "modelConfig": {"modelName": "claude-4-sonnet", "maxMode": False}, "createdOnBranch": "main",
              "fullConversationHeadersOnly": heads, "conversationMap": {}}
    return header, bubbles


def empty_chat():
    return {"_v": 10, "composerId": EMPTY, "text": "", "fullConversationHeadersOnly": [], "conversationMap": {},
            "status": "none", "createdAt": ms(2026, 9, 4, 10, 0, 0)}


def older_chat():
    return {"_v": 3, "composerId": OLDER, "createdAt": ms(2026, 2, 11, 15, 30, 0), "lastUpdatedAt": ms(2026, 2, 11, 15, 31, 0),
            "conversation": [
                {"type": 1, "bubbleId": "o1", "text": "What does `almanac --week` print?"},
                {"type": 2, "bubbleId": "o2", "text": "The seven days from today, one a line, with sunrise and sunset."},
            ]}


def main():
    os.makedirs(os.path.dirname(PATH), exist_ok=True)
    if os.path.exists(PATH):
        os.remove(PATH)
    db = sqlite3.connect(PATH)
    db.execute("CREATE TABLE ItemTable (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB)")
    db.execute("CREATE TABLE cursorDiskKV (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB)")
    header, bubbles = agent_chat()
    rows = [("composerData:" + AGENT, header)]
    rows += [("bubbleId:%s:%s" % (AGENT, b["bubbleId"]), b) for b in bubbles]
    rows += [("composerData:" + EMPTY, empty_chat()), ("composerData:" + OLDER, older_chat())]
    rows += [("checkpointId:%s:b05" % AGENT, {"files": [], "nonExistentFiles": []}), ("codeBlockDiff:%s:1" % AGENT, {"newModelDiffWrtV0": []})]
    db.executemany("INSERT INTO cursorDiskKV (key, value) VALUES (?, ?)", [(k, json.dumps(v, separators=(",", ":"))) for k, v in rows])
    db.execute("INSERT INTO ItemTable (key, value) VALUES (?, ?)", ("cursorAuth/cachedSignUpType", "Auth_0"))
    db.commit()
    db.execute("VACUUM")
    db.close()
    print(os.path.relpath(PATH, HERE))


if __name__ == "__main__":
    main()
