#!/usr/bin/env python3
"""Writes the Gemini CLI fixtures, in the shapes its chat recorder writes them under
~/.gemini/tmp/<project>/: a recorded session as one JSON document (older releases), a recorded
session as JSON lines with a .project_root beside chats/ (newer releases: a header line, message
lines, {"$set": …} updates), and a chat saved with /chat save (checkpoint-TAG.json: the model's
history as contents with parts). Each has a record kind this reader does not know. Deterministic.

    python3 make_fixtures.py   # from this folder
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
HASH = "6f1c3e0b9d2a4c8e7f5b1a3d9c0e2f4a6b8d0c2e4f6a8b0d2c4e6f8a0b2d4c6e"


def write(relative, text):
    path = os.path.join(HERE, relative)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def shell(cid, command, description, stdout, code, ts):
    output = (f"Command: {command}\nDirectory: (root)\nOutput: {stdout}\nError: (none)\nExit Code: {code}\n"
              f"Signal: (none)\nBackground PIDs: (none)\nProcess Group PGID: 41{code}7")
    return {"id": cid, "name": "run_shell_command", "args": {"command": command, "description": description},
            "result": [{"functionResponse": {"id": cid, "name": "run_shell_command", "response": {"output": output}}}],
            "status": "success", "timestamp": ts, "resultDisplay": stdout, "displayName": "Shell",
            "description": f"This tool executes a given shell command as `bash -c <command>`.", "renderOutputAsMarkdown": False}


def call(cid, name, args, output, ts, display=None, status="success", shown=None):
    response = {"output": output} if status == "success" else {"error": output}
    return {"id": cid, "name": name, "args": args,
            "result": [{"functionResponse": {"id": cid, "name": name, "response": response}}],
            "status": status, "timestamp": ts, "resultDisplay": display if display is not None else output,
            "displayName": shown or name, "description": "", "renderOutputAsMarkdown": True}


def document_session():
    t = lambda s: "2026-05-20T14:%02d:%02d.%03dZ" % (2 + s // 60, s % 60, (s * 53) % 1000)
    messages = [
        {"id": "m1", "timestamp": t(0), "type": "user", "content": "The weather widget shows 23.4°F for 23.4°C. Fix the unit conversion."},
        {"id": "m2", "timestamp": t(6), "type": "gemini", "content": "I'll look at how temperatures are converted.",
         "thoughts": [{"subject": "Locating the conversion", "description": "The widget reads `temperature` and formats it; the unit is probably dropped there.", "timestamp": t(3)},
                      {"subject": "Checking the tests", "description": "There may be a test for `format_temperature`.", "timestamp": t(5)}],
         "tokens": {"input": 6210, "output": 88, "cached": 2048, "thoughts": 140, "tool": 0, "total": 6438}, "model": "gemini-2.5-pro",
         "toolCalls": [
             call("read_file-1747749726000-a1", "read_file", {"absolute_path": "/home/ana/src/weather/widget/format.py"},
                  "def format_temperature(value, unit):\n    return f\"{value}°F\"\n", t(7), shown="ReadFile"),
             shell("run_shell_command-1747749730000-b2", "pytest -q tests/test_format.py", "Run the formatting tests",
                   "F\nFAILED tests/test_format.py::test_celsius - AssertionError: '23.4°F' != '23.4°C'\n1 failed in 0.12s", 1, t(11)),
         ]},
        {"id": "m3", "timestamp": t(20), "type": "gemini", "content": "The function ignores `unit`. I'll use it.",
         "tokens": {"input": 7020, "output": 120, "cached": 6144, "thoughts": 0, "tool": 0, "total": 7140}, "model": "gemini-2.5-pro",
         "toolCalls": [
             call("replace-1747749741000-c3", "replace", {"file_path": "/home/ana/src/weather/widget/format.py",
                  "old_string": "    return f\"{value}°F\"", "new_string": "    return f\"{value}°{unit}\"", "instruction": "Use the unit passed in."},
                  "Successfully modified file: /home/ana/src/weather/widget/format.py (1 replacements).", t(21),
                  display={"fileDiff": "Index: format.py\n===================================================================\n--- format.py\tCurrent\n+++ format.py\tProposed\n@@ -1,2 +1,2 @@\n def format_temperature(value, unit):\n-    return f\"{value}°F\"\n+    return f\"{value}°{unit}\"\n",
                           "fileName": "format.py", "originalContent": "def format_temperature(value, unit):\n    return f\"{value}°F\"\n",
                           "newContent": "def format_temperature(value, unit):\n    return f\"{value}°{unit}\"\n"}, shown="Edit"),
             call("write_file-1747749750000-d4", "write_file", {"file_path": "/home/ana/src/weather/CHANGES.md", "content": "- Temperatures keep their unit.\n"},
                  "Successfully created and wrote to new file: /home/ana/src/weather/CHANGES.md.", t(24),
                  display={"fileDiff": "", "fileName": "CHANGES.md", "originalContent": None, "newContent": "- Temperatures keep their unit.\n", "isNewFile": True}, shown="WriteFile"),
             shell("run_shell_command-1747749760000-e5", "pytest -q", "Run all tests", "...\n3 passed in 0.15s", 0, t(28)),
         ]},
        {"id": "m4", "timestamp": t(30), "type": "gemini", "content": "Fixed: `format_temperature` now shows the unit it is given; all three tests pass.",
         "tokens": {"input": 7400, "output": 40, "cached": 6144, "thoughts": 0, "tool": 0, "total": 7440}, "model": "gemini-2.5-pro"},
        {"id": "m5", "timestamp": t(40), "type": "info", "content": "Switched to gemini-2.5-flash for the rest of this session."},
        {"id": "m6", "timestamp": t(45), "type": "user", "content": [{"text": "Is °C the right symbol, or should it be ℃?"}]},
        {"id": "m7", "timestamp": t(52), "type": "gemini", "content": [{"text": "Use °C: the single character ℃ is kept only for compatibility."}],
         "tokens": {"input": 7600, "output": 30, "cached": 7168, "thoughts": 12, "tool": 0, "total": 7642}, "model": "gemini-2.5-flash",
         "toolCalls": [call("google_web_search-1747749800000-f6", "google_web_search", {"query": "degree Celsius sign U+2103 compatibility"},
                            "Search results for \"degree Celsius sign U+2103 compatibility\" returned.", t(50), shown="GoogleSearch")]},
        {"id": "m8", "timestamp": t(58), "type": "error", "content": "[API Error: Quota exceeded for quota metric 'Requests per minute'. Please wait and try again.]"},
        {"id": "m9", "timestamp": t(59), "type": "compression", "content": "Chat history compressed from 9120 to 2048 tokens."},
    ]
    session = {"sessionId": "3f9a1c2e-5b7d-4e8f-9a0b-1c2d3e4f5a6b", "projectHash": HASH, "startTime": t(0), "lastUpdated": t(59), "messages": messages}
    write(f"tmp/{HASH}/chats/session-2026-05-20T14-02-3f9a1c2e.json", json.dumps(session, ensure_ascii=False, indent=2) + "\n")


def lines_session():
    t = lambda s: "2026-09-02T08:%02d:%02d.%03dZ" % (30 + s // 60, s % 60, (s * 17) % 1000)
    calls = [
        {"id": "write_todos-1", "name": "write_todos", "args": {"todos": [
            {"description": "Resize the photos", "status": "completed"}, {"description": "Rewrite the intro", "status": "in_progress"},
            {"description": "Deploy", "status": "pending"}]},
         "result": [{"functionResponse": {"id": "write_todos-1", "name": "write_todos", "response": {"output": "Todo list updated."}}}],
         "status": "success", "timestamp": t(5), "resultDisplay": {"todos": []}, "displayName": "WriteTodos", "description": "", "renderOutputAsMarkdown": True},
        {"id": "mcp-1", "name": "github__list_issues", "args": {"repo": "ana/garden-site", "state": "open"},
         "result": [{"functionResponse": {"id": "mcp-1", "name": "github__list_issues", "response": {"error": "MCP server 'github' is not connected."}}}],
         "status": "error", "timestamp": t(6), "resultDisplay": "MCP server 'github' is not connected.", "displayName": "list_issues (github MCP Server)",
         "description": "", "renderOutputAsMarkdown": True},
        {"id": "run_shell_command-2", "name": "run_shell_command", "args": {"command": "rm -rf dist"}, "status": "cancelled", "timestamp": t(7),
         "resultDisplay": None, "displayName": "Shell", "description": "", "renderOutputAsMarkdown": False},
    ]
    reply = lambda usage, tool_calls: {"id": "g1", "timestamp": t(5), "type": "gemini", "content": "Here is the plan.", "model": "gemini-3-pro-preview",
                                       "thoughts": [{"subject": "Planning the refresh", "description": "Three steps: photos, copy, deploy.", "timestamp": t(3)}],
                                       "tokens": usage, "toolCalls": tool_calls}
    lines = [
        {"sessionId": "b7e2d4c6-1a3f-4b5d-8c7e-9f0a1b2c3d4e", "projectHash": "garden-site", "startTime": t(0), "lastUpdated": t(0), "kind": "main"},
        {"id": "u1", "timestamp": t(1), "type": "user", "content": [{"text": "Add a todo list for the garden page refresh."}]},
        {"$set": {"lastUpdated": t(1)}},
        # The reply as first written, then again with its tool calls and final tokens: the later copy replaces it in place.
        reply({"input": 3000, "output": 60, "cached": 0, "thoughts": 30, "tool": 0, "total": 3090}, []),
        reply({"input": 3000, "output": 75, "cached": 1024, "thoughts": 30, "tool": 0, "total": 3105}, calls),
        {"$set": {"lastUpdated": t(7)}},
        # Since v0.44 the tools' answers are also written as a user record of function responses only.
        {"id": "r1", "timestamp": t(7), "type": "user", "content": [{"functionResponse": {"id": "write_todos-1", "name": "write_todos", "response": {"output": "Todo list updated."}}}]},
        {"id": "x1", "timestamp": t(8), "type": "tool_group_summary", "content": "3 tools"},
        # A prompt the person then rewound: it and everything after it are gone.
        {"id": "u2", "timestamp": t(9), "type": "user", "content": [{"text": "Actually, delete the old photos."}]},
        {"id": "g3", "timestamp": t(10), "type": "gemini", "content": "Deleting them.", "model": "gemini-3-pro-preview"},
        {"$rewindTo": "u2"},
        # /compress rewrites the history the model keeps; the page keeps what the person saw.
        {"$set": {"messages": [{"id": "s1", "timestamp": t(11), "type": "user", "content": [{"text": "<state_snapshot>photos resized</state_snapshot>"}]}],
                  "lastUpdated": t(11)}},
        {"id": "u3", "timestamp": t(12), "type": "user", "content": [{"text": "Now the intro."}]},
        {"id": "g4", "timestamp": t(14), "type": "gemini", "content": "Drafted a shorter intro.", "model": "gemini-3-pro-preview",
         "tokens": {"input": 900, "output": 20, "cached": 0, "thoughts": 0, "tool": 0, "total": 920}},
    ]
    text = "\n".join(json.dumps(l, ensure_ascii=False, separators=(",", ":")) for l in lines) + "\n"
    # A last line still being written when the file was read: no line break yet.
    text += '{"id":"g5","timestamp":"2026-09-02T08:30:15.000Z","type":"gem'
    write("tmp/garden-site/chats/session-2026-09-02T08-30-b7e2d4c6.jsonl", text)
    write("tmp/garden-site/.project_root", "/home/ana/src/garden-site\n")


def checkpoint():
    contents = [
        {"role": "user", "parts": [{"text": "This is the Gemini CLI. We are setting up the context for our chat.\nToday's date is Wednesday, May 20, 2026.\nMy operating system is: linux"}]},
        {"role": "model", "parts": [{"text": "Got it. Thanks for the context!"}]},
        {"role": "user", "parts": [{"text": "What does `make release` do?"}]},
        {"role": "model", "parts": [{"thought": True, "text": "**Reading the Makefile**\n\nThe release target likely tags and builds."},
                                    {"functionCall": {"name": "read_file", "args": {"absolute_path": "/home/ana/src/weather/Makefile"}}}]},
        {"role": "user", "parts": [{"functionResponse": {"name": "read_file", "response": {"output": "release:\n\tgit tag v$(VERSION)\n\tpython -m build\n"}}}]},
        {"role": "model", "parts": [{"text": "It tags the version and builds the package."}]},
    ]
    # Since v0.16 a saved chat is {"history": [...], "authType": …}; before, the bare list.
    write(f"tmp/{HASH}/checkpoint-release.json", json.dumps({"history": contents, "authType": "oauth-personal"}, ensure_ascii=False, indent=2) + "\n")


document_session()
lines_session()
checkpoint()
