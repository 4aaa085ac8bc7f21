#!/usr/bin/env python3
"""Writes the OpenHands fixture: ~/.openhands as OpenHands keeps it, in both its layouts.

conversations/ (the software agent SDK's layout: base_state.json, events/event-NNNNN-ID.json):
- 7d2e... adds a --dry-run flag: a terminal call, an edit (str_replace), a failing test run,
  a condensation with its summary, two calls of one response (an MCP tool and a file created),
  a call the agent could not run (an AgentErrorEvent), two events of a kind this reader does not
  know (BrowserScreenshotEvent), a ThinkAction, and a last call still running (no observation).
  Its tokens are per response in base_state.json's stats (the agent's and the condenser's).
- 3b9f... has the agent server's meta.json (a title), and only accumulated stats; its task call
  started an explore agent, whose conversation is under its subagents/ folder.

sessions/ (the first releases' layout: metadata.json, events/N.json, event_cache/):
- 5c1a... fixes a crash: a run that fails, an edit, a delegate to BrowsingAgent whose events
  come between the delegate action and its observation, a condensation, a think, a finish, an
  action of a kind this reader does not know, and a last event file cut off mid-write. Its
  event_cache holds copies of the same events (not to be counted twice). Each action's
  llm_metrics are the session's running totals.
- 9e4d... has no events/ folder: only its event_cache.

    python3 make_fixtures.py   # from this folder
"""
import json
import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
HOME = os.path.join(HERE, ".openhands")
CWD = "/home/ana/src/shop"


def write(path, value, raw=None):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(raw if raw is not None else json.dumps(value, indent=2) + "\n")


def text(t):
    return [{"type": "text", "text": t}]


# ---- The SDK's layout ------------------------------------------------------------------------

C1 = "7d2e4f6a8b0c4d1e9f3a5b7c9d1e3f5a"


def sdk_conversation(cid, events, state, meta=None):
    folder = os.path.join(HOME, "conversations", cid)
    write(os.path.join(folder, "base_state.json"), state)
    if meta:
        write(os.path.join(folder, "meta.json"), meta)
    for index, event in enumerate(events):
        write(os.path.join(folder, "events", "event-%05d-%s.json" % (index, event["id"])), event)


def eid(n, c="1"):
    return "%s0000000-0000-4000-8000-%012d" % (c, n)


def ts(minute, second=0):
    return "2026-05-12T09:%02d:%02d.%06d" % (minute, second, 120000)


def action(n, minute, kind, tool, call, response, fields, thought="", **extra):
    act = dict({"kind": kind}, **fields)
    event = {
        "kind": "ActionEvent", "id": eid(n), "timestamp": ts(minute), "source": "agent",
        "thought": text(thought) if thought else [],
        "action": act, "tool_name": tool, "tool_call_id": call,
        "tool_call": {"id": call, "name": tool, "arguments": json.dumps(fields), "origin": "completion"},
        "llm_response_id": response, "security_risk": "LOW",
    }
    event.update(extra)
    return event


def observation(n, minute, kind, tool, call, action_n, output, **fields):
    obs = dict({"kind": kind, "content": text(output), "is_error": False}, **fields)
    return {
        "kind": "ObservationEvent", "id": eid(n), "timestamp": ts(minute, 30), "source": "environment",
        "tool_name": tool, "tool_call_id": call, "observation": obs, "action_id": eid(action_n),
    }


SYNC_OLD = "def sync(args):\n    push(args.files)\n"
SYNC_NEW = "def sync(args):\n    if args.dry_run:\n        return plan(args.files)\n    push(args.files)\n"
TEST = "def test_dry_run():\n    assert sync(Args(dry_run=True)) == ['a.txt']\n"
events1 = [
    {"kind": "SystemPromptEvent", "id": eid(0), "timestamp": ts(0), "source": "agent",
     "system_prompt": {"type": "text", "text": "You are OpenHands agent, a helpful AI assistant."},
     "tools": [{"type": "function", "function": {"name": "terminal", "description": "Run a command", "parameters": {}}}]},
    {"kind": "MessageEvent", "id": eid(1), "timestamp": ts(1), "source": "user",
     "llm_message": {"role": "user", "content": text("## Add a `--dry-run` flag to the **sync** command\n\nIt should print what it would push.")},
     "activated_skills": [], "extended_content": []},
    action(2, 2, "TerminalAction", "terminal", "toolu_01", "resp-1", {"command": "grep -n 'def ' src/sync.py", "is_input": False, "reset": False},
           thought="I'll look at the command first.",
           reasoning_content="The sync command lives in src/sync.py; find its definition before editing."),
    observation(3, 2, "TerminalObservation", "terminal", "toolu_01", 2, "12:def sync(args):", command="grep -n 'def ' src/sync.py", exit_code=0,
                timeout=False, metadata={"exit_code": 0, "pid": -1, "working_dir": CWD}),
    action(4, 3, "FileEditorAction", "file_editor", "toolu_02", "resp-2",
           {"command": "str_replace", "path": CWD + "/src/sync.py", "old_str": SYNC_OLD, "new_str": SYNC_NEW},
           thinking_blocks=[{"type": "thinking", "thinking": "Add the flag check at the top of sync().", "signature": "c2lnbmF0dXJl"}]),
    observation(5, 3, "FileEditorObservation", "file_editor", "toolu_02", 4, "The file " + CWD + "/src/sync.py has been edited.",
                command="str_replace", path=CWD + "/src/sync.py", prev_exist=True, old_content=SYNC_OLD, new_content=SYNC_NEW),
    action(6, 4, "TerminalAction", "terminal", "toolu_03", "resp-3", {"command": "pytest -q", "is_input": False, "reset": False},
           thought="Running the tests."),
    observation(7, 4, "TerminalObservation", "terminal", "toolu_03", 6, "F.\n1 failed, 1 passed in 0.12s", command="pytest -q", exit_code=1,
                timeout=False, metadata={"exit_code": 1, "pid": -1, "working_dir": CWD}),
    {"kind": "Condensation", "id": eid(8), "timestamp": ts(5), "source": "environment",
     "forgotten_event_ids": [eid(2), eid(3), eid(4), eid(5)],
     "summary": "The user wants a --dry-run flag on sync. sync() in src/sync.py now returns plan() on a dry run; one test fails.",
     "summary_offset": 1, "llm_response_id": "resp-c1"},
    action(9, 6, "MCPToolAction", "fetch_fetch", "toolu_04", "resp-4", {"data": {"url": "https://docs.example.org/sync"}},
           thought="Check the documented output, and add a test."),
    action(10, 6, "FileEditorAction", "file_editor", "toolu_05", "resp-4",
           {"command": "create", "path": CWD + "/tests/test_dry_run.py", "file_text": TEST}),
    {"kind": "ActionEvent", "id": eid(11), "timestamp": ts(6), "source": "agent", "thought": [], "action": None,
     "tool_name": "file_edtior", "tool_call_id": "toolu_06",
     "tool_call": {"id": "toolu_06", "name": "file_edtior", "arguments": "{\"path\": \"README.md\"}", "origin": "completion"},
     "llm_response_id": "resp-4", "security_risk": "UNKNOWN"},
    {"kind": "ObservationEvent", "id": eid(12), "timestamp": ts(6, 40), "source": "environment", "tool_name": "fetch_fetch",
     "tool_call_id": "toolu_04", "action_id": eid(9),
     "observation": {"kind": "MCPToolObservation", "content": text("A dry run lists the files it would push, one a line."), "is_error": False,
                     "tool_name": "fetch_fetch"}},
    observation(13, 6, "FileEditorObservation", "file_editor", "toolu_05", 10, "File created successfully at " + CWD + "/tests/test_dry_run.py",
                command="create", path=CWD + "/tests/test_dry_run.py", prev_exist=False, new_content=TEST),
    {"kind": "AgentErrorEvent", "id": eid(14), "timestamp": ts(6, 50), "source": "agent", "tool_name": "file_edtior", "tool_call_id": "toolu_06",
     "error": "Tool 'file_edtior' not found. Available: ['terminal', 'file_editor', 'task_tracker', 'finish', 'think']"},
    {"kind": "BrowserScreenshotEvent", "id": eid(15), "timestamp": ts(7), "source": "environment", "image": "iVBORw0KGgo="},
    {"kind": "BrowserScreenshotEvent", "id": eid(16), "timestamp": ts(7, 5), "source": "environment", "image": "iVBORw0KGgo="},
    {"kind": "MessageEvent", "id": eid(17), "timestamp": ts(8), "source": "agent", "llm_response_id": "resp-5",
     "llm_message": {"role": "assistant", "content": text("Added `--dry-run`: it prints the files and pushes nothing. The new test passes."),
                     "reasoning_content": "Both tests pass after the fix; summarise for the user."},
     "activated_skills": [], "extended_content": []},
    {"kind": "MessageEvent", "id": eid(18), "timestamp": ts(9), "source": "user",
     "llm_message": {"role": "user", "content": text("Also run the linter.")}, "activated_skills": [], "extended_content": []},
    action(19, 10, "ThinkAction", "think", "toolu_07", "resp-6", {"thought": "The project lints with ruff; run it on src and tests."}),
    observation(20, 10, "ThinkObservation", "think", "toolu_07", 19, "Your thought has been logged."),
    action(21, 11, "TerminalAction", "terminal", "toolu_08", "resp-7", {"command": "ruff check src tests", "is_input": False, "reset": False},
           thought="Linting now."),
]

usages = [
    ("resp-1", 5200, 140, 0, 5000, 0.0213),
    ("resp-2", 5600, 310, 5000, 400, 0.0102),
    ("resp-3", 6100, 90, 5400, 500, 0.0071),
    ("resp-4", 3900, 420, 0, 3700, 0.0198),
    ("resp-5", 4500, 60, 3700, 600, 0.0049),
    ("resp-6", 4700, 80, 4300, 200, 0.0031),
    ("resp-7", 4900, 70, 4500, 250, 0.0033),
]
MODEL = "litellm_proxy/claude-sonnet-4-5-20250929"


def token_usage(model, response, prompt, completion, read, written):
    return {"model": model, "prompt_tokens": prompt, "completion_tokens": completion, "cache_read_tokens": read, "cache_write_tokens": written,
            "reasoning_tokens": 0, "context_window": 200000, "per_turn_token": prompt + completion, "response_id": response}


def metrics(model, rows, costs=True):
    usage_list = [token_usage(model, *row[:5]) for row in rows]
    total = {"model": model, "prompt_tokens": sum(r[1] for r in rows), "completion_tokens": sum(r[2] for r in rows),
             "cache_read_tokens": sum(r[3] for r in rows), "cache_write_tokens": sum(r[4] for r in rows), "reasoning_tokens": 0,
             "context_window": 200000, "per_turn_token": rows[-1][1] + rows[-1][2], "response_id": ""}
    return {"model_name": model, "accumulated_cost": round(sum(r[5] for r in rows), 6), "max_budget_per_task": None,
            "accumulated_token_usage": total,
            "costs": [{"model": model, "cost": r[5], "timestamp": 1778576400.0 + i} for i, r in enumerate(rows)] if costs else [],
            "response_latencies": [{"model": model, "latency": 2.5, "response_id": r[0]} for r in rows],
            "token_usages": usage_list}


def state(cid, stats, status="running"):
    return {
        "id": cid[:8] + "-" + cid[8:12] + "-" + cid[12:16] + "-" + cid[16:20] + "-" + cid[20:],
        "agent": {"kind": "Agent", "llm": {"model": MODEL, "api_key": "**********", "base_url": "https://llm-proxy.example.org", "usage_id": "agent",
                                           "temperature": 0.0, "max_output_tokens": 64000},
                  "tools": [{"name": "terminal", "params": {}}, {"name": "file_editor", "params": {}}],
                  "condenser": {"kind": "LLMSummarizingCondenser", "max_size": 80, "keep_first": 4,
                                "llm": {"model": "litellm_proxy/claude-haiku-4-5", "usage_id": "condenser"}}},
        "workspace": {"kind": "LocalWorkspace", "working_dir": CWD},
        "persistence_dir": "/home/ana/.openhands/conversations/" + cid,
        "max_iterations": 500, "stuck_detection": True, "execution_status": status,
        "confirmation_policy": {"kind": "NeverConfirm"}, "activated_knowledge_skills": [],
        "stats": stats, "secret_registry": {"secret_sources": {}},
    }


stats1 = {"usage_to_metrics": {
    "agent": metrics(MODEL, usages),
    "condenser": metrics("litellm_proxy/claude-haiku-4-5", [("resp-c1", 2600, 180, 0, 0, 0.0035)], costs=False),
}}

C2 = "3b9f1d7c5e2a4b6c8d0e1f2a3b4c5d6e"
PROMPT = "Find where the login token's expiry is set in src/auth, and report the value."
events2 = [
    {"kind": "MessageEvent", "id": eid(0, "2"), "timestamp": "2026-05-14T16:00:00.000000", "source": "user",
     "llm_message": {"role": "user", "content": text("Why is test_login flaky?")}, "activated_skills": [], "extended_content": []},
    {"kind": "ActionEvent", "id": eid(1, "2"), "timestamp": "2026-05-14T16:00:05.000000", "source": "agent",
     "thought": text("An explore agent can find where the expiry is set."),
     "action": {"kind": "TaskAction", "description": "Find the token expiry", "prompt": PROMPT, "subagent_type": "explore"},
     "tool_name": "task", "tool_call_id": "toolu_b1",
     "tool_call": {"id": "toolu_b1", "name": "task", "arguments": json.dumps({"description": "Find the token expiry", "prompt": PROMPT,
                                                                               "subagent_type": "explore"}), "origin": "completion"},
     "llm_response_id": "resp-b1", "security_risk": "LOW"},
    {"kind": "ObservationEvent", "id": eid(2, "2"), "timestamp": "2026-05-14T16:00:15.000000", "source": "environment", "tool_name": "task",
     "tool_call_id": "toolu_b1", "action_id": eid(1, "2"),
     "observation": {"kind": "TaskObservation", "content": text("Task ID: t1\nSubagent: explore\nStatus: completed\n\nsrc/auth/token.py sets EXPIRY = 1 (seconds)."),
                     "is_error": False, "task_id": "t1", "subagent": "explore", "status": "completed"}},
    {"kind": "MessageEvent", "id": eid(3, "2"), "timestamp": "2026-05-14T16:00:20.000000", "source": "agent", "llm_response_id": "resp-b2",
     "llm_message": {"role": "assistant", "content": text("It depends on the clock: the token expires within the same second it is made.")}},
]
SUB = "6a1f3c5e7b9d4f2a8c0e1b3d5f7a9c2e"
sub_events = [
    {"kind": "MessageEvent", "id": eid(0, "3"), "timestamp": "2026-05-14T16:00:06.000000", "source": "user",
     "llm_message": {"role": "user", "content": text(PROMPT)}, "activated_skills": [], "extended_content": []},
    {"kind": "ActionEvent", "id": eid(1, "3"), "timestamp": "2026-05-14T16:00:08.000000", "source": "agent", "thought": text("Search for EXPIRY."),
     "action": {"kind": "GrepAction", "pattern": "EXPIRY", "path": CWD + "/src/auth"}, "tool_name": "grep", "tool_call_id": "toolu_s1",
     "tool_call": {"id": "toolu_s1", "name": "grep", "arguments": json.dumps({"pattern": "EXPIRY", "path": CWD + "/src/auth"}), "origin": "completion"},
     "llm_response_id": "resp-s1", "security_risk": "LOW"},
    {"kind": "ObservationEvent", "id": eid(2, "3"), "timestamp": "2026-05-14T16:00:09.000000", "source": "environment", "tool_name": "grep",
     "tool_call_id": "toolu_s1", "action_id": eid(1, "3"),
     "observation": {"kind": "GrepObservation", "content": text(CWD + "/src/auth/token.py"), "is_error": False, "matches": [CWD + "/src/auth/token.py"],
                     "pattern": "EXPIRY", "search_path": CWD + "/src/auth", "truncated": False}},
    {"kind": "MessageEvent", "id": eid(3, "3"), "timestamp": "2026-05-14T16:00:12.000000", "source": "agent", "llm_response_id": "resp-s2",
     "llm_message": {"role": "assistant", "content": text("src/auth/token.py sets EXPIRY = 1 (seconds).")}},
]
stats2 = {"usage_to_metrics": {"agent": {
    "model_name": MODEL, "accumulated_cost": 0.0125, "max_budget_per_task": None,
    "accumulated_token_usage": token_usage(MODEL, "", 3100, 95, 0, 2900),
    "costs": [], "response_latencies": [], "token_usages": []}}}

# ---- The first releases' layout -------------------------------------------------------------

S1 = "5c1a9e7b3d2f4a6c8e0b1d3f5a7c9e2b"
WCWD = "/home/ana/src/weather"
MODEL0 = "anthropic/claude-3-7-sonnet-20250219"
totals = {"prompt": 0, "completion": 0, "read": 0, "write": 0, "cost": 0.0}


def llm_metrics(prompt, completion, read, written, cost):
    totals["prompt"] += prompt
    totals["completion"] += completion
    totals["read"] += read
    totals["write"] += written
    totals["cost"] = round(totals["cost"] + cost, 6)
    return {"accumulated_cost": totals["cost"], "max_budget_per_task": None,
            "accumulated_token_usage": {"model": MODEL0, "prompt_tokens": totals["prompt"], "completion_tokens": totals["completion"],
                                        "cache_read_tokens": totals["read"], "cache_write_tokens": totals["write"], "context_window": 200000,
                                        "per_turn_token": prompt + completion, "response_id": ""},
            "costs": [], "response_latencies": [], "token_usages": []}


def t0(n):
    return "2026-03-02T14:%02d:%02d.%06d" % (n // 6, (n % 6) * 10, 500000)


def tool_meta(function, call):
    return {"function_name": function, "tool_call_id": call,
            "model_response": {"id": "chatcmpl-" + call, "created": 1772460000, "model": "claude-3-7-sonnet-20250219", "object": "chat.completion",
                               "choices": [{"finish_reason": "tool_calls", "index": 0, "message": {"role": "assistant", "content": None}}]},
            "total_calls_in_response": 1}


def act(n, name, args, source="agent", message="", metrics=None, meta=None):
    event = {"id": n, "timestamp": t0(n), "source": source, "message": message, "action": name, "args": args}
    if meta:
        event["tool_call_metadata"] = meta
    if metrics:
        event["llm_metrics"] = metrics
    return event


def obs(n, name, cause, content, extras, source="agent", success=None, meta=None):
    event = {"id": n, "timestamp": t0(n), "source": source, "message": "", "cause": cause, "observation": name, "content": content, "extras": extras}
    if meta:
        event["tool_call_metadata"] = meta
    if success is not None:
        event["success"] = success
    return event


CITY_OLD = "    city = CITIES[name]\n"
CITY_NEW = "    if not name:\n        raise SystemExit('weather: give a city name')\n    city = CITIES[name]\n"
legacy1 = [
    act(0, "system", {"content": "You are OpenHands agent, a helpful AI assistant.", "tools": [], "openhands_version": "0.38.0", "agent_class": "CodeActAgent"}),
    act(1, "message", {"content": "Why does `weather today` crash on an empty city?", "file_urls": [], "image_urls": [], "wait_for_response": False},
        source="user", message="Why does `weather today` crash on an empty city?"),
    act(2, "recall", {"recall_type": "workspace_context", "query": "Why does weather today crash?", "thought": ""}, source="user"),
    obs(3, "recall", 2, "Added workspace context", {"recall_type": "workspace_context", "repo_name": "", "microagent_knowledge": []}, source="environment"),
    act(4, "run", {"command": "python -m weather today ''", "is_input": False, "thought": "Let me reproduce it first.", "blocking": False,
                   "is_static": False, "cwd": None, "hidden": False, "confirmation_state": "confirmed", "security_risk": 0},
        message="Running command: python -m weather today ''", metrics=llm_metrics(4200, 150, 0, 4000, 0.0172), meta=tool_meta("execute_bash", "toolu_a1")),
    obs(5, "run", 4, "Traceback (most recent call last):\n  File \"weather/cli.py\", line 14, in today\nKeyError: ''",
        {"command": "python -m weather today ''", "metadata": {"exit_code": 1, "pid": -1, "username": "ana", "hostname": "laptop",
                                                             "working_dir": WCWD, "py_interpreter_path": "/usr/bin/python3", "prefix": "", "suffix": ""},
         "hidden": False}, success=False, meta=tool_meta("execute_bash", "toolu_a1")),
    act(6, "edit", {"path": WCWD + "/weather/cli.py", "command": "str_replace", "file_text": None, "old_str": CITY_OLD, "new_str": CITY_NEW,
                    "insert_line": None, "content": "", "start": 1, "end": -1, "thought": "Guard against an empty name.", "impl_source": "oh_aci",
                    "security_risk": 0},
        metrics=llm_metrics(4600, 260, 4000, 500, 0.0098), meta=tool_meta("str_replace_editor", "toolu_a2")),
    obs(7, "edit", 6, "The file " + WCWD + "/weather/cli.py has been edited.",
        {"path": WCWD + "/weather/cli.py", "prev_exist": True, "old_content": CITY_OLD, "new_content": CITY_NEW, "impl_source": "oh_aci", "diff": ""},
        meta=tool_meta("str_replace_editor", "toolu_a2")),
    act(8, "delegate", {"agent": "BrowsingAgent", "inputs": {"task": "Find the API's rule for empty city names"},
                        "thought": "I'll ask the browsing agent what the API expects."},
        metrics=llm_metrics(5000, 90, 4500, 300, 0.0061), meta=tool_meta("delegate_to_browsing_agent", "toolu_a3")),
    act(9, "message", {"content": "TASK: Find the API's rule for empty city names", "image_urls": None, "wait_for_response": False}, source="user"),
    act(10, "browse", {"url": "https://api.example.org/docs/cities", "thought": "Open the API's page on cities.", "return_axtree": False},
        metrics=llm_metrics(1800, 70, 0, 1700, 0.0069)),
    obs(11, "browse", 10, "Cities: a name must be non-empty; an empty name is answered with 400 Bad Request.",
        {"url": "https://api.example.org/docs/cities", "trigger_by_action": "browse", "screenshot": "", "error": False, "goal": ""}, source="environment"),
    act(12, "finish", {"final_thought": "Empty names are rejected with 400.", "outputs": {"content": "Empty names are rejected with 400."}, "thought": ""},
        metrics=llm_metrics(2100, 40, 1700, 200, 0.0021)),
    obs(13, "delegate", 8, "BrowsingAgent finishes task with content: Empty names are rejected with 400.",
        {"outputs": {"content": "Empty names are rejected with 400."}}, source="agent", meta=tool_meta("delegate_to_browsing_agent", "toolu_a3")),
    act(14, "condensation", {"forgotten_event_ids": None, "forgotten_events_start_id": 4, "forgotten_events_end_id": 7,
                             "summary": "Reproduced the KeyError on an empty city and guarded cli.py against it.", "summary_offset": 1}),
    act(15, "think", {"thought": "The API rejects empty names too, so failing early in the CLI is right."},
        metrics=llm_metrics(5400, 60, 5000, 250, 0.0032), meta=tool_meta("think", "toolu_a4")),
    obs(16, "think", 15, "Your thought has been logged.", {}, meta=tool_meta("think", "toolu_a4")),
    act(17, "run", {"command": "pytest -q", "is_input": False, "thought": "", "blocking": False, "is_static": False, "cwd": None, "hidden": False,
                    "confirmation_state": "confirmed", "security_risk": 0},
        metrics=llm_metrics(5600, 40, 5300, 200, 0.0027), meta=tool_meta("execute_bash", "toolu_a5")),
    obs(18, "run", 17, "....\n4 passed in 0.31s", {"command": "pytest -q", "metadata": {"exit_code": 0, "pid": -1, "working_dir": WCWD}, "hidden": False},
        success=True, meta=tool_meta("execute_bash", "toolu_a5")),
    act(19, "vision_capture", {"region": "full", "thought": ""}),
    act(20, "finish", {"final_thought": "Fixed: an empty city name now prints an error instead of a traceback.", "outputs": {},
                       "thought": "The tests pass.", "task_completed": "true"},
        metrics=llm_metrics(5800, 70, 5500, 150, 0.0024), meta=tool_meta("finish", "toolu_a6")),
    obs(21, "agent_state_changed", None, "", {"agent_state": "finished", "reason": ""}, source="environment"),
]

S2 = "9e4d2b6f8a0c4e1d3b5f7a9c1e3d5b7f"
legacy2 = [
    act(0, "message", {"content": "List the cities the CLI knows.", "image_urls": [], "wait_for_response": False}, source="user"),
    act(1, "message", {"content": "Berlin, Lagos, Lima and Osaka: the four in weather/cities.py.", "image_urls": None, "wait_for_response": True,
                       "thought": "cities.py holds a dict of four."}),
]


def main():
    if os.path.exists(HOME):
        shutil.rmtree(HOME)
    sdk_conversation(C1, events1, state(C1, stats1))
    sdk_conversation(C2, events2, state(C2, stats2, status="finished"),
                     meta={"id": C2, "title": "Flaky login test", "created_at": "2026-05-14T16:00:00Z", "updated_at": "2026-05-14T16:00:20Z"})
    # The explore agent the task tool started, kept under the caller's folder.
    sub_folder = os.path.join(HOME, "conversations", C2, "subagents", SUB)
    write(os.path.join(sub_folder, "base_state.json"), state(SUB, {"usage_to_metrics": {"agent": metrics(MODEL, [
        ("resp-s1", 2400, 60, 0, 2200, 0.0091), ("resp-s2", 2600, 50, 2200, 150, 0.0019)])}}, status="finished"))
    for index, event in enumerate(sub_events):
        write(os.path.join(sub_folder, "events", "event-%05d-%s.json" % (index, event["id"])), event)

    s1 = os.path.join(HOME, "sessions", S1)
    write(os.path.join(s1, "metadata.json"), {
        "conversation_id": S1, "github_user_id": None, "selected_repository": "ana/weather", "selected_branch": None, "user_id": None,
        "title": "Conversation 5c1a9", "last_updated_at": "2026-03-02T14:04:00Z", "trigger": "gui", "pr_number": [],
        "created_at": "2026-03-02T14:00:00Z", "llm_model": MODEL0, "accumulated_cost": totals["cost"], "prompt_tokens": totals["prompt"],
        "completion_tokens": totals["completion"], "total_tokens": totals["prompt"] + totals["completion"]})
    for event in legacy1:
        if event.get("cause") is None:
            event.pop("cause", None)
        write(os.path.join(s1, "events", "%d.json" % event["id"]), event)
    # The last event, cut off as it was written.
    write(os.path.join(s1, "events", "22.json"), None, raw='{"id": 22, "timestamp": "2026-03-02T14:03:40.500000", "source": "age')
    # The cache: a page of up to 25 copies of the same events.
    write(os.path.join(s1, "event_cache", "0-25.json"), None, raw=json.dumps(legacy1))

    s2 = os.path.join(HOME, "sessions", S2)
    write(os.path.join(s2, "metadata.json"), {"conversation_id": S2, "title": "Cities the CLI knows", "selected_repository": None,
                                              "created_at": "2026-03-03T10:00:00Z", "llm_model": MODEL0})
    write(os.path.join(s2, "event_cache", "0-25.json"), None, raw=json.dumps(legacy2))


main()
