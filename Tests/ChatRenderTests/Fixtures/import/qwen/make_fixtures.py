#!/usr/bin/env python3
"""Writes Qwen Code's fixture sessions in the shapes its chat recorder writes: the log of records
joined by uuid/parentUuid (~/.qwen/projects/<cwd>/chats/<id>.jsonl), and the older recorded
session of Gemini CLI's shape (~/.qwen/tmp/<hash>/chats/session-….json). Run from this folder."""
import json, os

cwd = "/home/ana/src/tidepool"
session = "8d2f4a6c-1b3e-4f5a-9c7d-0e2b4d6f8a0c"

def record(kind, uuid, parent, second, **rest):
    r = {"uuid": uuid, "parentUuid": parent, "sessionId": session, "timestamp": "2026-07-04T10:%02d:%02d.000Z" % divmod(second, 60),
         "type": kind, "cwd": cwd, "version": "0.9.1", "gitBranch": "fix-tz"}
    r.update(rest)
    return r

def usage(prompt, out, cached, thoughts):
    return {"promptTokenCount": prompt, "candidatesTokenCount": out, "cachedContentTokenCount": cached,
            "thoughtsTokenCount": thoughts, "totalTokenCount": prompt + out + thoughts}

def model(parts):
    return {"role": "model", "parts": parts}

def answer(call, name, output, status="success", display=""):
    return {"message": {"role": "user", "parts": [{"functionResponse": {"id": call, "name": name, "response": {"output": output}}}]},
            "toolCallResult": {"callId": call, "status": status, "resultDisplay": display}}

chart = cwd + "/tidepool/chart.py"
lines = [
    record("system", "s0", None, 0, subtype="session_model", systemPayload={"modelId": "qwen3-coder-plus", "authType": "qwen-oauth"}),
    record("user", "u1", "s0", 5, message={"role": "user", "parts": [{"text": "<system-reminder>\nThe user's files are in /home/ana/src/tidepool.\n</system-reminder>\nWhy does the tide chart lag by an hour?"}]}),
    record("assistant", "a1", "u1", 12, model="qwen3-coder-plus", usageMetadata=usage(5200, 60, 4096, 45), message=model([
        {"text": "**Checking the time zone**\n\nThe chart may plot UTC times as local.", "thought": True},
        {"text": "Let me look at the chart code."},
        {"functionCall": {"id": "call_read_1", "name": "read_file", "args": {"absolute_path": chart}}}])),
    record("tool_result", "t1", "a1", 13, **answer("call_read_1", "read_file", "def plot(tides):\n    for t in tides:\n        x = t.time_utc\n")),
    record("assistant", "a2", "t1", 20, model="qwen3-coder-plus", usageMetadata=usage(5600, 40, 5120, 0), message=model([
        {"functionCall": {"id": "call_shell_2", "name": "run_shell_command", "args": {"command": "pytest -q tests/test_chart.py", "description": "Run the chart tests"}}}])),
    record("tool_result", "t2", "a2", 24, **answer("call_shell_2", "run_shell_command",
        "Command: pytest -q tests/test_chart.py\nDirectory: (root)\nOutput: F\nFAILED tests/test_chart.py::test_local_time\nError: (none)\nExit Code: 1\nSignal: (none)\nBackground PIDs: (none)\nProcess Group PGID: 4242")),
    record("assistant", "a3", "t2", 30, model="qwen3-coder-plus", usageMetadata=usage(6000, 90, 5120, 30), message=model([
        {"functionCall": {"id": "call_edit_3", "name": "edit", "args": {"file_path": chart, "old_string": "x = t.time_utc", "new_string": "x = t.time_utc.astimezone()"}}}])),
    record("tool_result", "t3", "a3", 31, **answer("call_edit_3", "edit", "Successfully modified file: " + chart + " (1 replacements).",
        display={"fileDiff": "Index: chart.py\n===================================================================\n--- chart.py\tCurrent\n+++ chart.py\tProposed\n@@ -1,3 +1,3 @@\n def plot(tides):\n     for t in tides:\n-        x = t.time_utc\n+        x = t.time_utc.astimezone()\n",
                 "fileName": "chart.py", "originalContent": "def plot(tides):\n    for t in tides:\n        x = t.time_utc\n", "newContent": "def plot(tides):\n    for t in tides:\n        x = t.time_utc.astimezone()\n"})),
    record("assistant", "a4", "t3", 36, model="qwen3-coder-plus", usageMetadata=usage(6200, 25, 6144, 0), message=model([{"text": "Fixed: the chart converts each time to local time before plotting."}])),
    record("system", "c4", "a4", 40, subtype="chat_compression", systemPayload={"info": {"originalTokenCount": 6200, "newTokenCount": 900}, "compressedHistory": []}),
    record("system", "m4", "c4", 41, subtype="memory_snapshot", systemPayload={"files": 2}),
    # The person rewound to before the first prompt and asked again.
    record("system", "r5", "m4", 50, subtype="rewind", systemPayload={"truncatedCount": 6}),
    record("user", "u5", "s0", 55, message={"role": "user", "parts": [{"text": "Only explain where the chart gets its times."}]}),
    record("system", "k5", "u5", 56, subtype="slash_command", systemPayload={"phase": "invocation", "rawCommand": "/stats"}),
    record("assistant", "a5", "k5", 60, model="qwen3-coder-plus", usageMetadata=usage(1200, 30, 0, 0), message=model([{"text": "From `t.time_utc`, which is UTC."}])),
]
path = ".qwen/projects/-home-ana-src-tidepool/chats/" + session + ".jsonl"
os.makedirs(os.path.dirname(path), exist_ok=True)
with open(path, "w") as f:
    for line in lines:
        f.write(json.dumps(line, ensure_ascii=False) + "\n")

# The first releases: Gemini CLI's recorded session, its replies of type "qwen".
old = {
    "sessionId": "2a4c6e80-1357-49bd-8f01-23456789abcd", "projectHash": "9e7c5a3b1d0f2e4a6c8b0d2f4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c",
    "startTime": "2025-09-12T08:00:00.000Z", "lastUpdated": "2025-09-12T08:03:00.000Z",
    "messages": [
        {"id": "q1", "timestamp": "2025-09-12T08:00:00.000Z", "type": "user", "content": "List the stations in stations.csv"},
        {"id": "q2", "timestamp": "2025-09-12T08:01:00.000Z", "type": "qwen", "content": "There are three stations: Brest, Cherbourg and Dieppe.",
         "thoughts": [{"subject": "Reading the file", "description": "The CSV has a header row."}],
         "tokens": {"input": 900, "output": 20, "cached": 0, "thoughts": 12, "tool": 0, "total": 932}, "model": "qwen3-coder-plus",
         "toolCalls": [{"id": "read_file-1", "name": "read_file", "args": {"absolute_path": cwd + "/stations.csv"}, "status": "success",
                        "result": [{"functionResponse": {"id": "read_file-1", "name": "read_file", "response": {"output": "name\nBrest\nCherbourg\nDieppe\n"}}}],
                        "displayName": "ReadFile"}]},
    ],
}
path = ".qwen/tmp/" + old["projectHash"] + "/chats/session-2025-09-12T08-00-2a4c6e80.json"
os.makedirs(os.path.dirname(path), exist_ok=True)
with open(path, "w") as f:
    json.dump(old, f, indent=2, ensure_ascii=False)
    f.write("\n")


# A session that launches sub-agents, and their logs beside it.
second = "3c5e7a9b-2d4f-4a6c-8e0b-1d3f5a7c9e2b"
FIND = "Find every place tidepool reads a time from a tide record, with file and line."
CHECK = "Check that tests/test_chart.py covers local time."

def rec(kind, uuid, parent, second_, **rest):
    r = {"uuid": uuid, "parentUuid": parent, "sessionId": second, "timestamp": "2026-07-05T09:%02d:%02d.000Z" % divmod(second_, 60),
         "type": kind, "cwd": cwd, "version": "0.15.2", "gitBranch": "fix-tz"}
    r.update(rest)
    return r

def agent_call(call, description, prompt):
    return {"functionCall": {"id": call, "name": "agent", "args": {"description": description, "prompt": prompt, "subagent_type": "Explore"}}}

lines = [
    rec("user", "b1", None, 0, message={"role": "user", "parts": [{"text": "Where does tidepool read times? Send an explorer."}]}),
    rec("assistant", "b2", "b1", 4, model="qwen3-coder-plus", usageMetadata=usage(4000, 30, 2048, 0), message=model([
        {"text": "I'll send an explorer."}, agent_call("call_agent_1", "Find where times are read", FIND)])),
    rec("tool_result", "b3", "b2", 40, **answer("call_agent_1", "agent", "One place: tidepool/chart.py line 3 reads t.time_utc.")),
    rec("assistant", "b4", "b3", 44, model="qwen3-coder-plus", usageMetadata=usage(4300, 20, 4096, 0), message=model([
        agent_call("call_agent_2", "Check the chart test", CHECK)])),
    rec("tool_result", "b5", "b4", 70, **answer("call_agent_2", "agent", "The test covers local time.")),
    rec("assistant", "b6", "b5", 75, model="qwen3-coder-plus", usageMetadata=usage(4500, 25, 4096, 0), message=model([
        {"text": "Times are read in tidepool/chart.py, and the chart test covers local time."}])),
]
path = ".qwen/projects/-home-ana-src-tidepool/chats/" + second + ".jsonl"
with open(path, "w") as f:
    for line in lines:
        f.write(json.dumps(line, ensure_ascii=False) + "\n")

def agent_log(agent, description, records, meta_extra):
    folder = ".qwen/projects/-home-ana-src-tidepool/subagents/" + second
    os.makedirs(folder, exist_ok=True)
    with open(folder + "/agent-" + agent + ".jsonl", "w") as f:
        parent = None
        for (i, (kind, at, rest)) in enumerate(records):
            r = rec(kind, agent + "-" + str(i + 1), parent, at, agentId=agent, agentName="Explore", agentColor="cyan", isSidechain=True)
            r.update(rest)
            parent = r["uuid"]
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    meta = {"agentId": agent, "agentType": "Explore", "description": description, "parentSessionId": second, "parentAgentId": None,
            "createdAt": "2026-07-05T09:00:%02d.000Z" % records[0][1], "status": "completed", "lastUpdatedAt": "2026-07-05T09:01:00.000Z",
            "resolvedApprovalMode": "default", "subagentName": "Explore", "agentColor": "cyan", "resumeCount": 0}
    meta.update(meta_extra)
    with open(folder + "/agent-" + agent + ".meta.json", "w") as f:
        json.dump(meta, f, indent=2)

agent_log("explore-7f3c", "Find where times are read", [
    ("user", 5, {"message": {"role": "user", "parts": [{"text": FIND}]}}),
    ("assistant", 8, {"message": model([{"functionCall": {"id": "call_grep_a1", "name": "grep_search", "args": {"pattern": "time_utc"}}}])}),
    ("tool_result", 9, {"message": {"role": "user", "parts": [{"functionResponse": {"id": "call_grep_a1", "name": "grep_search",
        "response": {"output": "Found 1 match\n---\nFile: tidepool/chart.py\nL3: x = t.time_utc\n---"}}}]}, "toolCallResult": {"callId": "call_grep_a1", "durationMs": 12}}),
    ("system", 10, {"subtype": "agent_progress", "systemPayload": {"round": 1}}),
    ("assistant", 30, {"message": model([{"text": "Only chart.py reads the record's time.", "thought": True}, {"text": "One place: tidepool/chart.py line 3 reads t.time_utc."}]),
        "usageMetadata": usage(3000, 50, 1024, 20), "agentRunId": "run-1", "agentRound": 1}),
], {})
agent_log("explore-9a2d", "Check the chart test", [
    ("user", 45, {"message": {"role": "user", "parts": [{"text": CHECK}]}}),
    ("assistant", 50, {"message": model([{"functionCall": {"id": "call_shell_b1", "name": "run_shell_command", "args": {"command": "pytest -q tests/test_chart.py"}}}])}),
    ("tool_result", 60, {"message": {"role": "user", "parts": [{"functionResponse": {"id": "call_shell_b1", "name": "run_shell_command",
        "response": {"output": "Command: pytest -q tests/test_chart.py\nDirectory: (root)\nOutput: .\n1 passed\nError: (none)\nExit Code: 0\nSignal: (none)\nBackground PIDs: (none)\nProcess Group PGID: 4343"}}}]},
        "toolCallResult": {"callId": "call_shell_b1", "durationMs": 900}}),
    ("assistant", 65, {"message": model([{"text": "The test covers local time."}]), "usageMetadata": usage(2000, 15, 0, 0), "agentRunId": "run-2", "agentRound": 1}),
], {"toolUseId": "call_agent_2", "isBackgrounded": False})
