#!/usr/bin/env python3
"""Writes Kimi CLI's fixture sessions as it keeps them (~/.kimi/sessions/<work dir hash>/<id>/):
a wire of messages as the CLI showed them, one that begins with the result of a call made before
it, and a session with only its context. Run from this folder."""
import json, os

root = ".kimi/sessions/5f0c2e8a9b1d3f4e6a7c8b9d0e1f2a3b"
harbor = "/home/ana/src/harbor"
clock = [1783000000.0]

def rec(kind, payload, step=2.5):
    clock[0] += step
    return {"timestamp": round(clock[0], 3), "message": {"type": kind, "payload": payload}}

def usage(other, out, read, made):
    return rec("StatusUpdate", {"context_usage": 0.1, "token_usage": {"input_other": other, "output": out, "input_cache_read": read, "input_cache_creation": made}, "message_id": "chatcmpl-%d" % other})

def call(id, name, arguments):
    return rec("ToolCall", {"type": "function", "id": id, "function": {"name": name, "arguments": arguments}})

def result(id, output, message, error=False, display=None):
    return rec("ToolResult", {"tool_call_id": id, "return_value": {"is_error": error, "output": output, "message": message, "display": display or []}})

def write(folder, name, lines):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "w") as f:
        for line in lines:
            f.write(json.dumps(line, ensure_ascii=False) + "\n")

def state(folder, title):
    with open(os.path.join(folder, "state.json"), "w") as f:
        json.dump({"version": 1, "approval": {"yolo": False}, "custom_title": title, "archived": False}, f, indent=2)
        f.write("\n")

one = root + "/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"
write(one, "wire.jsonl", [
    {"type": "metadata", "protocol_version": "1.3"},
    rec("TurnBegin", {"user_input": "Add a --dry-run flag to backup.sh"}),
    rec("StepBegin", {"n": 1}),
    rec("ContentPart", {"type": "think", "think": "The script calls rsync;"}),
    rec("ContentPart", {"type": "think", "think": " -n makes it a dry run."}),
    rec("ContentPart", {"type": "text", "text": "Let me read "}),
    rec("ContentPart", {"type": "text", "text": "the script first."}),
    call("ReadFile:0", "ReadFile", json.dumps({"path": harbor + "/backup.sh"})),
    usage(1800, 60, 0, 1024),
    result("ReadFile:0", "1\t#!/bin/sh\n2\trsync -a src/ /mnt/backup/\n", "2 lines read from file starting from line 1."),
    rec("StepBegin", {"n": 2}),
    call("StrReplaceFile:1", "StrReplaceFile", "{\"path\": \"" + harbor + "/backup.sh\", "),
    rec("ToolCallPart", {"arguments_part": "\"edit\": {\"old\": \"rsync -a\", \"new\": \"rsync -a ${DRY_RUN:+-n}\"}}"}),
    rec("ApprovalRequest", {"id": "ap-1", "tool_call_id": "StrReplaceFile:1", "sender": "StrReplaceFile", "action": "edit file", "description": "Edit backup.sh", "display": []}),
    rec("ApprovalResponse", {"request_id": "ap-1", "response": "approve"}),
    result("StrReplaceFile:1", "", "File successfully edited. Applied 1 edit(s) with 1 total replacement(s).",
           display=[{"type": "diff", "path": harbor + "/backup.sh", "old_text": "#!/bin/sh\nrsync -a src/ /mnt/backup/\n", "new_text": "#!/bin/sh\nrsync -a ${DRY_RUN:+-n} src/ /mnt/backup/\n", "old_start": 1, "new_start": 1}]),
    usage(300, 90, 2048, 0),
    rec("StepBegin", {"n": 3}),
    call("Shell:2", "Shell", json.dumps({"command": "shellcheck backup.sh"})),
    result("Shell:2", "In backup.sh line 2:\nrsync -a ${DRY_RUN:+-n} src/ /mnt/backup/\n         ^-- SC2086: Double quote to prevent globbing.\n", "Command failed with exit code: 1.", error=True,
           display=[{"type": "shell", "language": "bash", "command": "shellcheck backup.sh"}]),
    usage(420, 75, 2304, 0),
    rec("ReplayMarker", {"upto": 12}),
    rec("ContentPart", {"type": "text", "text": "Added the flag: `DRY_RUN=1 ./backup.sh` only lists what would be copied."}),
    usage(150, 40, 2560, 0),
    rec("TurnEnd", {}),
])
state(one, None)

# The wire of a session that went on from an earlier one: its first line is a call's result.
two = root + "/6e7f8a9b-0c1d-4e2f-8a3b-4c5d6e7f8a9b"
write(two, "wire.jsonl", [
    {"type": "metadata", "protocol_version": "1.3"},
    result("Shell:7", "sent 12 files\n", "Command executed successfully."),
    rec("ContentPart", {"type": "text", "text": "The backup finished: 12 files were sent."}),
    usage(90, 15, 4096, 0),
    rec("TurnEnd", {}),
    rec("TurnBegin", {"user_input": [{"type": "text", "text": "Now run it every night at 02:00."}]}),
    rec("ContentPart", {"type": "text", "text": "Add `0 2 * * * /home/ana/src/harbor/backup.sh` to your crontab."}),
    usage(120, 30, 4096, 0),
    rec("TurnEnd", {}),
])
state(two, "Nightly backups")

# A session of an older release: its context only.
three = root + "/1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f"
write(three, "context.jsonl", [
    {"role": "_system_prompt", "content": "You are Kimi CLI."},
    {"role": "_checkpoint", "id": 0},
    {"role": "user", "content": [{"type": "text", "text": "<system>CHECKPOINT 0</system>"}]},
    {"role": "user", "content": "What does harbor back up?"},
    {"role": "assistant", "content": [{"type": "text", "text": "Let me look."}], "tool_calls": [{"type": "function", "id": "Glob:0", "function": {"name": "Glob", "arguments": "{\"pattern\": \"*.sh\"}"}}]},
    {"role": "tool", "content": [{"type": "text", "text": "backup.sh"}], "tool_call_id": "Glob:0"},
    {"role": "assistant", "content": [{"type": "text", "text": "Only `src/`, with backup.sh."}]},
    {"role": "_usage", "token_count": 2210},
])
