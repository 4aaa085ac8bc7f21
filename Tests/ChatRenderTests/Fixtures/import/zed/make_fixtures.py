#!/usr/bin/env python3
"""Writes the Zed fixture: the agent panel's threads database, .local/share/zed/threads/threads.db.

The table is Zed's `threads` (id, summary, updated_at, data_type, data, and the parent_id,
folder_paths, folder_paths_order and created_at columns later versions add); `data` is the
thread as JSON, zstd-compressed when data_type is "zstd" (as Zed writes every thread now) or plain
when "json" (as it wrote them before). The threads are in each shape Zed has saved:

- 0.3.0 (zstd): messages as serde enums, {"User": …}, {"Agent": …} and "Resume"; a prompt with a
  mention; thinking, text, read_file and terminal calls joined to their results by id in
  `tool_results`; an edit_file call whose result's output holds the old and new text; a message
  kind this reader does not know ("Compaction"); tokens per prompt and cumulative;
- 0.2.0 (json): `role`, `segments` (text, thinking), `tool_uses`, `tool_results` on the reply,
  tokens per message position;
- 0.1.0 (zstd): the same, its tool results on the next user message;
- no version (json): `role`, `text`, `tool_uses`, `tool_results`.

Deterministic: the database is written anew each run. Needs the zstd command.

    python3 make_fixtures.py   # from this folder
"""
import json
import os
import sqlite3
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
FOLDER = os.path.join(HERE, ".local", "share", "zed", "threads")
CWD = "/home/ana/src/harbor"


def usage(i, o, cr=0, cw=0):
    return {"input_tokens": i, "output_tokens": o, "cache_read_input_tokens": cr, "cache_creation_input_tokens": cw}


def tool_use(id, name, input):
    return {"ToolUse": {"id": id, "name": name, "raw_input": json.dumps(input), "input": input, "is_input_complete": True}}


def result(id, name, text, output=None, error=False):
    return {"tool_use_id": id, "tool_name": name, "is_error": error, "content": {"Text": text}, "output": output}


def current():
    p1, p2 = "6f1a2b3c-0001-4d5e-8f90-a1b2c3d4e5f6", "6f1a2b3c-0002-4d5e-8f90-a1b2c3d4e5f6"
    messages = [
        {"User": {"id": p1, "content": [
            {"Text": "The retry test in "},
            {"Mention": {"uri": {"File": {"abs_path": CWD + "/tests/test_retry.py"}}, "content": "def test_backoff():\n    ..."}},
            {"Text": " fails one run in ten. Find out why."}]}},
        {"Agent": {"content": [
            {"Thinking": {"text": "A test that fails now and then usually depends on time. I will read it first.", "signature": "sig-1"}},
            tool_use("toolu_01", "read_file", {"path": CWD + "/tests/test_retry.py"}),
            tool_use("toolu_02", "terminal", {"command": "pytest -q tests/test_retry.py -p no:randomly --count 20", "cd": "harbor"}),
            {"Text": "The test sleeps for a random jitter and then asserts the elapsed time is under 0.5 s; the jitter can reach 0.6 s."}],
            "tool_results": {
                "toolu_01": result("toolu_01", "read_file", "def test_backoff():\n    start = time.monotonic()\n    retry(flaky, jitter=random.uniform(0, 0.6))\n    assert time.monotonic() - start < 0.5\n"),
                "toolu_02": result("toolu_02", "terminal", "```\n..F.................\n1 failed, 19 passed in 6.02s\n```", error=False)},
            "reasoning_details": None}},
        {"Compaction": {"summary": "The person asked why test_retry is flaky; the jitter exceeds the bound."}},
        {"User": {"id": p2, "content": [{"Text": "Make the jitter bound part of the assertion."}]}},
        {"Agent": {"content": [
            tool_use("toolu_03", "edit_file", {"display_description": "Bound the assertion by the jitter", "path": "harbor/tests/test_retry.py", "mode": "edit"}),
            {"Text": "The assertion now allows for the jitter it passed in."}],
            "tool_results": {"toolu_03": result("toolu_03", "edit_file", "Edited harbor/tests/test_retry.py", {
                "original_path": "tests/test_retry.py",
                "old_text": "    retry(flaky, jitter=random.uniform(0, 0.6))\n    assert time.monotonic() - start < 0.5\n",
                "new_text": "    jitter = random.uniform(0, 0.6)\n    retry(flaky, jitter=jitter)\n    assert time.monotonic() - start < 0.5 + jitter\n",
                "diff": "", "edit_agent_output": {"raw_edits": "", "parser_metrics": {}}})},
            "reasoning_details": None}},
        "Resume",
        {"Agent": {"content": [{"Text": "Twenty runs pass now."}], "tool_results": {}, "reasoning_details": None}},
    ]
    return {
        "title": "Fix the flaky retry test", "messages": messages, "updated_at": "2026-06-03T10:04:30Z", "detailed_summary": None,
        "initial_project_snapshot": {"worktree_snapshots": [{"worktree_path": CWD, "git_state": {"remote_url": None, "head_sha": "4e5f6a7", "current_branch": "main", "diff": None}}],
                                     "unsaved_buffer_paths": [], "timestamp": "2026-06-03T10:00:00Z"},
        "cumulative_token_usage": usage(14200, 1630, 30500, 2200),
        "request_token_usage": {p1: usage(5200, 610, 9800, 1200), p2: usage(4100, 380, 11200, 0)},
        "model": {"provider": "anthropic", "model": "claude-sonnet-4-5"}, "profile": "write", "imported": False,
        "subagent_context": None, "speed": None, "thinking_enabled": True, "thinking_effort": None, "draft_prompt": None,
        "ui_scroll_position": None, "sandboxed_terminal_temp_dir": None, "version": "0.3.0",
    }


def v020():
    return {
        "version": "0.2.0", "summary": "How is the config loaded?", "updated_at": "2025-07-14T16:21:00Z",
        "messages": [
            {"id": 0, "role": "user", "segments": [{"type": "text", "text": "How is the config loaded?"}], "tool_uses": [], "tool_results": [],
             "context": "", "creases": [], "is_hidden": False},
            {"id": 1, "role": "assistant", "segments": [
                {"type": "thinking", "text": "The loader is probably in config.py.", "signature": "sig-2"},
                {"type": "text", "text": "Looking for the loader."}],
             "tool_uses": [{"id": "toolu_11", "name": "grep", "input": {"regex": "def load_config"}}],
             "tool_results": [{"tool_use_id": "toolu_11", "is_error": False, "content": "harbor/config.py:12: def load_config(path):", "output": None}],
             "context": "", "creases": [], "is_hidden": False},
            {"id": 2, "role": "assistant", "segments": [{"type": "text", "text": "`load_config` in harbor/config.py reads TOML and then the environment."}],
             "tool_uses": [], "tool_results": [], "context": "", "creases": [], "is_hidden": False},
        ],
        "initial_project_snapshot": {"worktree_snapshots": [{"worktree_path": CWD, "git_state": {"remote_url": None, "head_sha": "1a2b3c4", "current_branch": "main", "diff": None}}], "unsaved_buffer_paths": []},
        "cumulative_token_usage": usage(0, 0),
        "request_token_usage": [usage(0, 0), usage(3100, 140, 0, 0), usage(3400, 60, 0, 0)],
        "detailed_summary_state": "NotGenerated", "model": {"provider": "zed.dev", "model": "claude-3-7-sonnet-latest"},
        "completion_mode": "normal", "tool_use_limit_reached": False, "profile": "ask",
    }


def v010():
    return {
        "version": "0.1.0", "summary": "List the migrations", "updated_at": "2025-05-02T09:10:00Z",
        "messages": [
            {"id": 0, "role": "user", "segments": [{"type": "text", "text": "List the migrations."}], "tool_uses": [], "tool_results": [], "context": "", "creases": [], "is_hidden": False},
            {"id": 1, "role": "assistant", "segments": [{"type": "text", "text": ""}],
             "tool_uses": [{"id": "toolu_21", "name": "list_directory", "input": {"path": "harbor/migrations"}}], "tool_results": [], "context": "", "creases": [], "is_hidden": False},
            {"id": 2, "role": "user", "segments": [], "tool_uses": [],
             "tool_results": [{"tool_use_id": "toolu_21", "is_error": False, "content": "0001_initial.py\n0002_ports.py", "output": None}],
             "context": "", "creases": [], "is_hidden": False},
            {"id": 3, "role": "assistant", "segments": [{"type": "text", "text": "Two: 0001_initial and 0002_ports."}], "tool_uses": [], "tool_results": [],
             "context": "", "creases": [], "is_hidden": False},
        ],
        "initial_project_snapshot": None, "cumulative_token_usage": usage(2600, 90), "request_token_usage": [],
    }


def unversioned():
    return {
        "summary": "Say hello", "updated_at": "2025-03-20T12:00:00Z",
        "messages": [
            {"id": 0, "role": "user", "text": "Print hello from the CLI."},
            {"id": 1, "role": "assistant", "text": "Running it.", "tool_uses": [{"id": "toolu_31", "name": "bash", "input": {"command": "harbor hello"}}], "tool_results": []},
            {"id": 2, "role": "user", "text": "", "tool_results": [{"tool_use_id": "toolu_31", "is_error": False, "content": "hello", "output": None}]},
            {"id": 3, "role": "assistant", "text": "It printed hello."},
        ],
    }


def zstd(data):
    return subprocess.run(["zstd", "-q", "-c", "-3", "--no-check"], input=data, stdout=subprocess.PIPE, check=True).stdout


def main():
    os.makedirs(FOLDER, exist_ok=True)
    path = os.path.join(FOLDER, "threads.db")
    if os.path.exists(path):
        os.remove(path)
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE threads (id TEXT PRIMARY KEY, summary TEXT NOT NULL, updated_at TEXT NOT NULL, data_type TEXT NOT NULL, data BLOB NOT NULL,
                              parent_id TEXT, folder_paths TEXT, folder_paths_order TEXT, created_at TEXT);
    """)
    rows = [
        ("b1d0c8e2-3f4a-4b5c-9d6e-7f8091a2b3c4", current(), "zstd", CWD, "2026-06-03T10:00:00Z"),
        ("a0c9b7d1-2e3f-4a4b-8c5d-6e7f8091a2b3", v020(), "json", None, "2025-07-14T16:20:00Z"),
        ("90b8a6c0-1d2e-4f3a-7b4c-5d6e7f8091a2", v010(), "zstd", None, "2025-05-02T09:09:00Z"),
        ("8fa795bf-0c1d-4e2f-6a3b-4c5d6e7f8091", unversioned(), "json", None, None),
    ]
    for id, thread, kind, folders, created in rows:
        data = json.dumps(thread).encode()
        blob = zstd(data) if kind == "zstd" else data
        db.execute("INSERT INTO threads VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?)",
                   (id, thread.get("title") or thread.get("summary"), thread["updated_at"], kind, blob, folders, "0" if folders else None, created))
    db.commit()
    db.execute("VACUUM")
    db.close()


main()
