#!/usr/bin/env python3
"""Writes the Codex CLI rollout fixtures: sessions in the shapes Codex writes them.

The shapes follow the rollout recorder of the Codex CLI (lines of {"timestamp", "type",
"payload"}): a 0.13x-era session (shell_command with plain "Exit code" output, apply_patch as a
custom tool, web search, plan updates, token counts, a model change, a compaction, an aborted
turn, and record types this version of chatrender does not know), a 0.77-era session (the
`shell` tool with a command array and JSON-string outputs with metadata.exit_code), a session of
the first releases (a bare meta line and bare items), the one-document rollouts of the first
TypeScript releases (Responses API items) and of the open-codex fork (Chat Completions
messages), a 0.13x session that spawned a sub-agent
(the parent's `spawn_agent` and `wait` calls, and the child's own rollout beside it, whose meta
names its parent thread), a session of the Every Code fork (just-every/code), which writes
Codex's rollouts under its own home, `~/.code/sessions`, and a broken one. Deterministic: run it again and nothing changes.

    python3 make_fixtures.py   # from this folder
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def line(ts, kind, payload):
    return json.dumps({"timestamp": ts, "type": kind, "payload": payload}, ensure_ascii=False, separators=(",", ":"))


def write(relative, lines):
    path = os.path.join(HERE, relative)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


def msg(role, text, kind="input_text"):
    return {"type": "message", "role": role, "content": [{"type": kind, "text": text}]}


def t(second):
    return "2026-06-05T09:%02d:%02d.%03dZ" % (12 + second // 60, second % 60, (second * 37) % 1000)


def new_session():
    cwd = "/home/ana/src/tides"
    out = [
        line(t(0), "session_meta", {
            "id": "0197e3a1-5c2b-7d40-9a61-3f0c8e2b1d55", "timestamp": t(0), "cwd": cwd, "originator": "codex_cli_rs",
            "cli_version": "0.134.0", "source": "cli", "model_provider": "openai",
            "base_instructions": {"text": "You are Codex, a coding agent."},
            "git": {"commit_hash": "4be1d0c9a7f2e3b8", "branch": "fix-rounding", "repository_url": "git@example.com:ana/tides.git"}}),
        line(t(0), "response_item", {"type": "message", "role": "developer", "content": [{"type": "input_text", "text": "<permissions instructions>\nFilesystem sandboxing: workspace-write.\n</permissions instructions>"}]}),
        line(t(0), "response_item", msg("user", "# AGENTS.md instructions for /home/ana/src/tides\n\n<INSTRUCTIONS>\nRun `pytest -q` before you finish. Keep functions small.\n</INSTRUCTIONS>")),
        line(t(0), "response_item", msg("user", "<environment_context>\n  <cwd>/home/ana/src/tides</cwd>\n  <shell>bash</shell>\n</environment_context>")),
        line(t(1), "turn_context", {"cwd": cwd, "approval_policy": "on-request", "sandbox_policy": {"type": "workspace-write"},
                                     "model": "gpt-5.3-codex", "effort": "medium", "summary": "auto"}),
        line(t(1), "response_item", msg("user", "The tide table rounds 2.45 m down to 2.4. Find out why and fix it.")),
        line(t(1), "event_msg", {"type": "user_message", "message": "The tide table rounds 2.45 m down to 2.4. Find out why and fix it.", "images": []}),
        line(t(2), "event_msg", {"type": "task_started", "model_context_window": 272000}),
        line(t(4), "response_item", {"type": "reasoning", "summary": [{"type": "summary_text", "text": "**Looking for the rounding**\n\nI'll search the code for where heights are formatted."}],
                                      "content": None, "encrypted_content": "gAAAAABo3x-encrypted-reasoning-not-for-people"}),
        line(t(4), "event_msg", {"type": "agent_reasoning", "text": "**Looking for the rounding**\n\nI'll search the code for where heights are formatted."}),
        line(t(5), "response_item", {"type": "function_call", "name": "shell_command", "arguments": json.dumps({"command": "rg -n \"round\\(\" src", "workdir": cwd, "timeout_ms": 10000}),
                                      "call_id": "call_rg01"}),
        line(t(6), "response_item", {"type": "function_call_output", "call_id": "call_rg01",
                                      "output": "Exit code: 0\nWall time: 0.1 seconds\nOutput:\nsrc/tides/format.py:12:    return f\"{round(height, 1)} m\"\n"}),
        line(t(6), "event_msg", {"type": "token_count", "info": {"total_token_usage": {"input_tokens": 9120, "cached_input_tokens": 4096, "output_tokens": 310, "reasoning_output_tokens": 128, "total_tokens": 9430},
                                                                  "last_token_usage": {"input_tokens": 9120, "cached_input_tokens": 4096, "output_tokens": 310, "reasoning_output_tokens": 128, "total_tokens": 9430},
                                                                  "model_context_window": 272000}, "rate_limits": {"primary": {"used_percent": 3.0}}}),
        line(t(8), "response_item", {"type": "reasoning", "summary": [], "content": None, "encrypted_content": "gAAAAABo3x-second-block"}),
        line(t(9), "response_item", {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Python's `round` rounds half to even, and 2.45 is stored as 2.4499…, so it goes down. I'll use `Decimal` with `ROUND_HALF_UP`."}]}),
        line(t(9), "event_msg", {"type": "agent_message", "message": "Python's `round` rounds half to even…"}),
        line(t(10), "response_item", {"type": "custom_tool_call", "status": "completed", "call_id": "call_patch1", "name": "apply_patch",
                                       "input": "*** Begin Patch\n*** Update File: src/tides/format.py\n@@ def height(height):\n-    return f\"{round(height, 1)} m\"\n+    value = Decimal(str(height)).quantize(Decimal(\"0.1\"), rounding=ROUND_HALF_UP)\n+    return f\"{value} m\"\n*** Add File: tests/test_format.py\n+from tides.format import height\n+\n+\n+def test_half_rounds_up():\n+    assert height(2.45) == \"2.5 m\"\n*** End Patch\n"}),
        line(t(11), "response_item", {"type": "custom_tool_call_output", "call_id": "call_patch1",
                                       "output": json.dumps({"output": "Success. Updated the following files:\nM src/tides/format.py\nA tests/test_format.py\n", "metadata": {"exit_code": 0, "duration_seconds": 0.0}})}),
        line(t(11), "event_msg", {"type": "patch_apply_end", "call_id": "call_patch1", "success": True, "stdout": "", "stderr": ""}),
        line(t(12), "response_item", {"type": "function_call", "name": "shell_command", "arguments": json.dumps({"command": "pytest -q", "workdir": cwd}), "call_id": "call_test1"}),
        line(t(20), "response_item", {"type": "function_call_output", "call_id": "call_test1",
                                       "output": "Exit code: 1\nWall time: 7.9 seconds\nOutput:\nF.\n=== FAILURES ===\nNameError: name 'Decimal' is not defined\n1 failed, 1 passed in 0.41s\n"}),
        line(t(20), "event_msg", {"type": "exec_command_end", "call_id": "call_test1", "stdout": "", "stderr": "", "exit_code": 1, "duration": {"secs": 7, "nanos": 900000000}, "formatted_output": "F."}),
        line(t(21), "response_item", {"type": "custom_tool_call", "status": "completed", "call_id": "call_patch2", "name": "apply_patch",
                                       "input": "*** Begin Patch\n*** Update File: src/tides/format.py\n@@\n+from decimal import Decimal, ROUND_HALF_UP\n+\n \n def height(height):\n*** End Patch\n"}),
        line(t(21), "response_item", {"type": "custom_tool_call_output", "call_id": "call_patch2", "output": json.dumps({"output": "Success. Updated the following files:\nM src/tides/format.py\n", "metadata": {"exit_code": 0, "duration_seconds": 0.0}})}),
        line(t(22), "response_item", {"type": "function_call", "name": "shell_command", "arguments": json.dumps({"command": "pytest -q", "workdir": cwd}), "call_id": "call_test2"}),
        line(t(26), "response_item", {"type": "function_call_output", "call_id": "call_test2", "output": "Exit code: 0\nWall time: 3.2 seconds\nOutput:\n..\n2 passed in 0.38s\n"}),
        line(t(27), "response_item", {"type": "function_call", "name": "update_plan", "arguments": json.dumps({"explanation": "Rounding fixed; docs next.", "plan": [
            {"step": "Find where heights are rounded", "status": "completed"}, {"step": "Round half up with Decimal", "status": "completed"},
            {"step": "Note the change in CHANGELOG.md", "status": "in_progress"}]}), "call_id": "call_plan1"}),
        line(t(27), "response_item", {"type": "function_call_output", "call_id": "call_plan1", "output": "Plan updated"}),
        line(t(28), "response_item", {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Fixed: heights now round half up (2.45 m → 2.5 m), and a test holds it. Both tests pass."}]}),
        line(t(28), "event_msg", {"type": "token_count", "info": {"total_token_usage": {"input_tokens": 48210, "cached_input_tokens": 30720, "output_tokens": 2140, "reasoning_output_tokens": 960, "total_tokens": 50350},
                                                                   "last_token_usage": {"input_tokens": 12000, "cached_input_tokens": 9000, "output_tokens": 400, "reasoning_output_tokens": 100, "total_tokens": 12400},
                                                                   "model_context_window": 272000}}),
        line(t(28), "event_msg", {"type": "task_complete", "last_agent_message": "Fixed: heights now round half up…"}),
        # The second turn: a faster model, a web search, a compaction, then the person stops it.
        line(t(60), "turn_context", {"cwd": cwd, "approval_policy": "on-request", "sandbox_policy": {"type": "workspace-write"}, "model": "gpt-5.3-codex-mini", "effort": "low", "summary": "auto"}),
        line(t(60), "response_item", msg("user", "Is ROUND_HALF_UP what tide tables use? Check the official guidance.")),
        line(t(61), "response_item", {"type": "web_search_call", "status": "completed", "action": {"type": "search", "query": "tide table height rounding convention"}}),
        line(t(63), "response_item", {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Hydrographic offices round heights to the nearest 0.1 m, halves up, so the fix matches."}]}),
        line(t(64), "compacted", {"message": "The person asked to fix rounding in src/tides/format.py; heights now use Decimal with ROUND_HALF_UP, tests pass.",
                                   "replacement_history": [msg("user", "The tide table rounds 2.45 m down to 2.4.")]}),
        line(t(64), "event_msg", {"type": "context_compacted"}),
        line(t(70), "response_item", msg("user", "Now add the CHANGELOG entry.")),
        line(t(71), "response_item", {"type": "function_call", "name": "shell_command", "arguments": json.dumps({"command": "sed -n 1,20p CHANGELOG.md"}), "call_id": "call_cl1"}),
        line(t(74), "event_msg", {"type": "turn_aborted", "reason": "interrupted"}),
        # Record kinds a newer CLI writes that this reader does not know: one warning per kind.
        line(t(75), "event_msg", {"type": "thread_goal_updated", "goal": "ship the fix"}),
        line(t(76), "event_msg", {"type": "thread_goal_updated", "goal": "ship the fix today"}),
        line(t(77), "session_note", {"text": "pinned"}),
    ]
    write("sessions/2026/06/05/rollout-2026-06-05T09-12-00-0197e3a1-5c2b-7d40-9a61-3f0c8e2b1d55.jsonl", out)


def session_077():
    cwd = "/home/ana/src/garden-api"
    ts = lambda s: "2025-12-18T16:%02d:%02d.000Z" % (4 + s // 60, s % 60)
    out = [
        line(ts(0), "session_meta", {"id": "019b3c2e-11aa-7e00-8c1d-5a6b7c8d9e0f", "timestamp": ts(0), "cwd": cwd, "originator": "codex_cli_rs",
                                      "cli_version": "0.77.0", "instructions": None, "source": "cli", "model_provider": "openai",
                                      "git": {"commit_hash": "9c0ffee", "branch": "main", "repository_url": "https://example.com/ana/garden-api"}}),
        line(ts(0), "response_item", msg("user", "<user_instructions>\n\nPrefer small commits.\n\n</user_instructions>")),
        line(ts(0), "response_item", msg("user", "<environment_context>\n  <cwd>/home/ana/src/garden-api</cwd>\n  <approval_policy>on-request</approval_policy>\n</environment_context>")),
        line(ts(1), "turn_context", {"cwd": cwd, "approval_policy": "on-request", "sandbox_policy": {"mode": "workspace-write"}, "model": "gpt-5.1-codex", "effort": "high", "summary": "auto"}),
        line(ts(1), "response_item", msg("user", "Why does `make test` fail on a clean checkout?")),
        line(ts(1), "event_msg", {"type": "user_message", "message": "Why does `make test` fail on a clean checkout?", "kind": "plain"}),
        line(ts(3), "response_item", {"type": "reasoning", "summary": [{"type": "summary_text", "text": "**Running the tests**\n\nFirst I'll reproduce the failure."}], "content": None, "encrypted_content": "gAAAAABk-077"}),
        line(ts(4), "response_item", {"type": "function_call", "name": "shell", "arguments": json.dumps({"command": ["bash", "-lc", "make test"], "workdir": cwd, "timeout_ms": 120000}), "call_id": "call_mk1"}),
        line(ts(9), "response_item", {"type": "function_call_output", "call_id": "call_mk1",
                                       "output": json.dumps({"output": "python -m pytest\nImportError: No module named 'garden.settings'\nmake: *** [Makefile:4: test] Error 2\n", "metadata": {"exit_code": 2, "duration_seconds": 4.8}})}),
        line(ts(10), "response_item", {"type": "function_call", "name": "shell", "arguments": json.dumps({"command": ["ls", "garden"], "workdir": cwd}), "call_id": "call_ls1"}),
        line(ts(10), "response_item", {"type": "function_call_output", "call_id": "call_ls1", "output": json.dumps({"output": "__init__.py\nsettings.example.py\nviews.py\n", "metadata": {"exit_code": 0, "duration_seconds": 0.0}})}),
        line(ts(12), "response_item", {"type": "function_call", "name": "apply_patch", "arguments": json.dumps({"input": "*** Begin Patch\n*** Update File: Makefile\n@@ test:\n-\tpython -m pytest\n+\tcp -n garden/settings.example.py garden/settings.py\n+\tpython -m pytest\n*** Delete File: garden/settings.py.orig\n*** End Patch\n"}), "call_id": "call_ap1"}),
        line(ts(12), "response_item", {"type": "function_call_output", "call_id": "call_ap1", "output": json.dumps({"output": "Success. Updated the following files:\nM Makefile\nD garden/settings.py.orig\n", "metadata": {"exit_code": 0, "duration_seconds": 0.0}})}),
        line(ts(14), "response_item", {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "`garden/settings.py` is not in the repository, only its example. `make test` now copies the example first."}]}),
        line(ts(14), "event_msg", {"type": "token_count", "info": {"total_token_usage": {"input_tokens": 20480, "cached_input_tokens": 12288, "output_tokens": 905, "reasoning_output_tokens": 512, "total_tokens": 21385},
                                                                   "last_token_usage": {"input_tokens": 7000, "cached_input_tokens": 6000, "output_tokens": 200, "reasoning_output_tokens": 0, "total_tokens": 7200},
                                                                   "model_context_window": 272000}}),
        line(ts(15), "event_msg", {"type": "token_count", "info": None, "rate_limits": {"primary": {"used_percent": 9.0}}}),
    ]
    write("sessions/2025/12/18/rollout-2025-12-18T16-04-00-019b3c2e-11aa-7e00-8c1d-5a6b7c8d9e0f.jsonl", out)


def first_release():
    # The first releases: a bare meta line, then bare response items and state lines.
    out = [
        json.dumps({"id": "5c9e1f2a-0000-4b1c-9d2e-000000000001", "timestamp": "2025-05-02T08:00:00.000Z", "instructions": None}),
        json.dumps({"record_type": "state"}),
        json.dumps({"type": "message", "role": "user", "content": [{"type": "input_text", "text": "List the files."}]}),
        json.dumps({"type": "function_call", "name": "shell", "arguments": json.dumps({"command": ["ls"]}), "call_id": "call_1"}),
        json.dumps({"type": "function_call_output", "call_id": "call_1", "output": json.dumps({"output": "README.md\n", "metadata": {"exit_code": 0, "duration_seconds": 0.0}})}),
        json.dumps({"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "There is one file: README.md."}]}),
        json.dumps({"record_type": "state"}),
    ]
    write("first-release/rollout-2025-05-02T08-00-00-5c9e1f2a.jsonl", out)


def write_document(relative, document):
    # The TypeScript releases wrote the whole session again at every save, as JSON.stringify(…, null, 2).
    path = os.path.join(HERE, relative)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(document, ensure_ascii=False, indent=2))


def typescript_releases():
    shell_out = lambda text, code: json.dumps({"output": text, "metadata": {"exit_code": code, "duration_seconds": 0.1}})
    # openai/codex's TypeScript CLI: {"session": {timestamp, id, instructions}, "items": [Responses API items]}.
    codex = {
        "session": {
            "timestamp": "2025-04-18T09:41:27.512Z",
            "id": "8f3b2c1d-4e5a-4b6c-9d7e-0a1b2c3d4e5f",
            "instructions": "Prefer small commits. Run the tests before you say you are done.",
        },
        "items": [
            {"id": "msg_u1", "type": "message", "role": "user", "content": [{"type": "input_text", "text": "The tide table rounds heights to whole metres. Keep one decimal."}]},
            {"id": "rs_1", "type": "reasoning", "summary": [{"type": "summary_text", "text": "**Finding the rounding**\n\nThe table is printed by tides/table.py; the rounding is probably there."}]},
            {"id": "fc_1", "type": "function_call", "call_id": "call_grep1", "name": "shell", "arguments": json.dumps({"command": ["rg", "-n", "round(", "tides"]}), "status": "completed"},
            {"type": "function_call_output", "call_id": "call_grep1", "output": shell_out("tides/table.py:18:        height = round(reading.height)\n", 0)},
            {"id": "fc_2", "type": "function_call", "call_id": "call_patch1", "name": "shell", "status": "completed",
             "arguments": json.dumps({"command": ["apply_patch", "*** Begin Patch\n*** Update File: tides/table.py\n@@\n-        height = round(reading.height)\n+        height = round(reading.height, 1)\n*** End Patch\n"]})},
            {"type": "function_call_output", "call_id": "call_patch1", "output": shell_out("Done!", 0)},
            {"id": "mcp_1", "type": "mcp_list_tools", "server_label": "docs", "tools": []},
            {"id": "fc_3", "type": "function_call", "call_id": "call_test1", "name": "shell", "arguments": json.dumps({"command": ["python", "-m", "pytest", "-q"]}), "status": "completed"},
            {"type": "function_call_output", "call_id": "call_test1", "output": shell_out("F..\nFAILED tests/test_table.py::test_whole_metres\n1 failed, 2 passed\n", 1)},
            {"id": "msg_a1", "type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Heights keep one decimal now. One test still expects whole metres: `test_whole_metres`; it needs the new value."}]},
        ],
    }
    write_document("typescript/sessions/rollout-2025-04-18-8f3b2c1d-4e5a-4b6c-9d7e-0a1b2c3d4e5f.json", codex)
    # open-codex: the same layout with the model and provider, its items Chat Completions messages.
    fork = {
        "session": {
            "timestamp": "2025-04-25T16:02:10.004Z",
            "id": "3c2d1e0f-9a8b-4c7d-8e6f-5a4b3c2d1e0f",
            "instructions": "",
            "model": "gemini-2.5-pro-preview-03-25",
            "provider": "gemini",
        },
        "items": [
            {"role": "user", "content": [{"type": "text", "text": "What does the station file look like? Here is the error I get."},
                                         {"type": "image_url", "image_url": {"url": "https://example.com/screens/station-error.png"}}]},
            {"role": "assistant", "content": None, "reasoning": "I should read the station file before guessing at the format.",
             "tool_calls": [{"id": "call_st1", "type": "function", "function": {"name": "shell", "arguments": json.dumps({"command": ["cat", "data/stations.csv"]})}},
                            {"id": "call_st2", "type": "function", "function": {"name": "shell", "arguments": json.dumps({"command": ["wc", "-l", "data/stations.csv"]})}}]},
            {"role": "tool", "tool_call_id": "call_st1", "content": shell_out("id,name,units\nBRS,Bristol,m\nPLY,Plymouth,ft\n", 0)},
            {"role": "tool", "tool_call_id": "call_st2", "content": shell_out("3 data/stations.csv\n", 0)},
            {"role": "function", "name": "legacy", "content": "{}"},
            {"role": "assistant", "content": "A header and one row a station: `id,name,units`. Plymouth is in feet, which is where the error comes from."},
        ],
    }
    write_document("typescript/sessions/rollout-2025-04-25-3c2d1e0f-9a8b-4c7d-8e6f-5a4b3c2d1e0f.json", fork)


def broken():
    out = [
        line("2026-06-07T10:00:00.000Z", "session_meta", {"id": "b", "timestamp": "2026-06-07T10:00:00.000Z", "cwd": "/home/ana/src/x", "cli_version": "0.134.0"}),
        line("2026-06-07T10:00:01.000Z", "response_item", msg("user", "Hello")),
        "{\"timestamp\":\"2026-06-07T10:00:02.000Z\",\"type\":\"response_item\",\"payload\":{\"type\":\"message\"",
        "[1, 2]",
        line("2026-06-07T10:00:03.000Z", "response_item", msg("assistant", "Hi.", "output_text")),
    ]
    write("broken/rollout-2026-06-07T10-00-00-b.jsonl", out)


def sub_agents():
    cwd = "/home/ana/src/tides"
    parent, child = "019e5b10-2c3d-7a40-8e61-4f0a9b8c7d6e", "019e5b10-7f21-7c00-9a42-0d1e2f3a4b5c"
    day = "2026-06-09T14:%02d:%02d.%03dZ"

    def at(second):
        return day % (second // 60, second % 60, (second * 53) % 1000)

    ask = "Explore how the tide table reads its station file, then tell me where the units come from."
    task = "Read src/tides/stations.py and report where the height units are decided. Do not edit anything."
    out = [
        line(at(0), "session_meta", {"id": parent, "timestamp": at(0), "cwd": cwd, "originator": "codex_cli_rs", "cli_version": "0.135.0",
                                      "source": "cli", "model_provider": "openai", "base_instructions": {"text": "You are Codex, a coding agent."}}),
        line(at(1), "turn_context", {"cwd": cwd, "approval_policy": "on-request", "sandbox_policy": {"type": "workspace-write"},
                                      "model": "gpt-5.3-codex", "effort": "medium", "summary": "auto"}),
        line(at(1), "response_item", msg("user", ask)),
        line(at(1), "event_msg", {"type": "user_message", "message": ask, "images": []}),
        line(at(3), "response_item", {"type": "function_call", "name": "spawn_agent", "call_id": "call_spawn1",
                                       "arguments": json.dumps({"message": task, "agent_type": "explorer"})}),
        line(at(4), "response_item", {"type": "function_call_output", "call_id": "call_spawn1",
                                       "output": json.dumps({"agent_id": child, "nickname": "Noether"})}),
        line(at(5), "response_item", {"type": "function_call", "name": "wait", "call_id": "call_wait1",
                                       "arguments": json.dumps({"ids": [child], "timeout_ms": 120000})}),
        line(at(31), "response_item", {"type": "function_call_output", "call_id": "call_wait1",
                                        "output": json.dumps({"status": {child: {"completed": "Units come from STATION_UNITS in stations.py (metres unless the file says ft)."}}, "timed_out": False})}),
        line(at(31), "response_item", msg("user", "<subagent_notification>\n" + json.dumps({"agent_id": child, "status": {"completed": "Units come from STATION_UNITS."}}) + "\n</subagent_notification>")),
        line(at(33), "response_item", msg("assistant", "The explorer found it: heights are in metres unless a station file declares `ft`; `STATION_UNITS` in `stations.py` decides.", "output_text")),
        line(at(33), "event_msg", {"type": "token_count", "info": {"total_token_usage": {"input_tokens": 9100, "cached_input_tokens": 4000, "output_tokens": 410, "reasoning_output_tokens": 120, "total_tokens": 9510}}}),
    ]
    write("sessions/2026/06/09/rollout-2026-06-09T14-00-00-%s.jsonl" % parent, out)

    kid = [
        line(at(4), "session_meta", {"id": child, "timestamp": at(4), "cwd": cwd, "originator": "codex_cli_rs", "cli_version": "0.135.0",
                                      "source": {"subagent": {"thread_spawn": {"parent_thread_id": parent, "depth": 1, "agent_nickname": "Noether", "agent_role": "explorer"}}},
                                      "agent_nickname": "Noether", "agent_role": "explorer", "model_provider": "openai",
                                      "base_instructions": {"text": "You are Codex, a coding agent."}}),
        line(at(4), "turn_context", {"cwd": cwd, "approval_policy": "never", "sandbox_policy": {"type": "read-only"},
                                      "model": "gpt-5.3-codex-mini", "effort": "low", "summary": "auto"}),
        line(at(4), "response_item", msg("user", task)),
        line(at(6), "response_item", {"type": "function_call", "name": "shell_command", "call_id": "call_k1",
                                       "arguments": json.dumps({"command": "rg -n STATION_UNITS src", "workdir": cwd})}),
        line(at(7), "response_item", {"type": "function_call_output", "call_id": "call_k1",
                                       "output": "Exit code: 0\nWall time: 0.1 seconds\nOutput:\nsrc/tides/stations.py:12:STATION_UNITS = {\"default\": \"m\"}\n"}),
        line(at(29), "response_item", msg("assistant", "Units come from STATION_UNITS in stations.py (metres unless the file says ft).", "output_text")),
        line(at(29), "event_msg", {"type": "token_count", "info": {"total_token_usage": {"input_tokens": 3000, "cached_input_tokens": 1000, "output_tokens": 90, "reasoning_output_tokens": 0, "total_tokens": 3090}}}),
        line(at(30), "event_msg", {"type": "sub_agent_activity", "agent_id": child, "activity": "finished"}),
    ]
    write("sessions/2026/06/09/rollout-2026-06-09T14-00-04-%s.jsonl" % child, kid)


def every_code():
    """A session of Every Code, the fork that keeps Codex's rollouts in ~/.code/sessions."""
    cwd = "/home/ana/src/tides"
    session = "019e7a20-3b4c-7d10-8e2f-6a7b8c9d0e1f"
    at = lambda s: "2026-06-11T08:%02d:%02d.000Z" % (30 + s // 60, s % 60)
    out = [
        line(at(0), "session_meta", {"id": session, "timestamp": at(0), "cwd": cwd, "originator": "codex_cli_rs", "cli_version": "0.4.7",
                                     "instructions": None, "source": "cli", "model_provider": "openai"}),
        line(at(1), "turn_context", {"cwd": cwd, "approval_policy": "on-request", "sandbox_policy": {"mode": "workspace-write"}, "model": "gpt-5.1-codex", "effort": "medium", "summary": "auto"}),
        line(at(1), "response_item", msg("user", "List the stations whose units are feet.")),
        line(at(1), "event_msg", {"type": "user_message", "message": "List the stations whose units are feet.", "kind": "plain"}),
        line(at(2), "response_item", {"type": "reasoning", "summary": [{"type": "summary_text", "text": "**Finding the units**\n\nThe station table says which use feet."}], "content": None, "encrypted_content": "gAAAAABk-code"}),
        line(at(3), "response_item", {"type": "function_call", "name": "shell", "arguments": json.dumps({"command": ["rg", "-n", "\"ft\"", "src/tides/stations.py"], "workdir": cwd}), "call_id": "call_ft1"}),
        line(at(3), "response_item", {"type": "function_call_output", "call_id": "call_ft1", "output": json.dumps({"output": "31:    \"LA JOLLA\": \"ft\",\n", "metadata": {"exit_code": 0, "duration_seconds": 0.1}})}),
        line(at(5), "response_item", msg("assistant", "Only LA JOLLA is in feet (src/tides/stations.py, line 31).", "output_text")),
        line(at(5), "event_msg", {"type": "token_count", "info": {"total_token_usage": {"input_tokens": 6200, "cached_input_tokens": 2048, "output_tokens": 240, "reasoning_output_tokens": 64, "total_tokens": 6440},
                                                                 "last_token_usage": {"input_tokens": 3300, "cached_input_tokens": 2048, "output_tokens": 120, "reasoning_output_tokens": 0, "total_tokens": 3420},
                                                                 "model_context_window": 272000}}),
    ]
    write("every-code/.code/sessions/2026/06/11/rollout-2026-06-11T08-30-00-%s.jsonl" % session, out)


new_session()
session_077()
sub_agents()
first_release()
typescript_releases()
every_code()
broken()
