#!/usr/bin/env python3
"""Writes the Cline family's fixtures (invented content), laid out as VS Code keeps the
extensions' global storage (Code/User/globalStorage/<extension>/tasks/<taskId>/) and as the
Cline CLI keeps its sessions (data/sessions/<id>/, under ~/.cline):

- Cline (saoudrizwan.claude-dev): native tool calls (tool_use / tool_result blocks), thinking
  blocks, message metrics, a panel (ui_messages.json) whose requests name the history index,
  checkpoints, command output, a declined write with feedback, history_item.json and
  task_metadata.json.
- Roo Code (rooveterinaryinc.roo-cline): an older shape, calls written as tags in the reply's
  text, <thinking> tags, results as the person's text in two blocks ("[tool for '…'] Result:"
  then the output), feedback on attempt_completion, a follow-up question answered, a panel with
  no history index and a kind of message this reader does not know (api_req_retry_delayed).
- Kilo Code (kilocode.kilo-code): tags, results in one text block, no panel.
- Cline CLI: <id>.messages.json with metrics on each message, and its manifest <id>.json.

    python3 make_fixtures.py   # from this folder
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
STORAGE = "Code/User/globalStorage"
ENV = ("<environment_details>\n# VSCode Visible Files\n{file}\n\n# Current Time\n12/7/2026, 10:00:00 AM (UTC, UTC+0:00)\n\n"
       "# Current Working Directory ({cwd}) Files\npackage.json\nsrc/\n\n# Current Mode\nACT MODE\n</environment_details>")


def write(relative, value, indent=None):
    path = os.path.join(HERE, relative)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(value, indent=indent, ensure_ascii=False))


def text(t):
    return {"type": "text", "text": t}


def say(ts, kind, body="", **extra):
    return dict({"ts": ts, "type": "say", "say": kind, "text": body}, **extra)


def ask(ts, kind, body="", **extra):
    return dict({"ts": ts, "type": "ask", "ask": kind, "text": body}, **extra)


def request(ts, tokens_in, tokens_out, writes, reads, cost, index=None):
    # Said before the message it sends is added: the index of the history's last message then.
    info = {"request": "…", "tokensIn": tokens_in, "tokensOut": tokens_out, "cacheWrites": writes, "cacheReads": reads, "cost": cost}
    extra = {} if index is None else {"conversationHistoryIndex": index}
    return say(ts, "api_req_started", json.dumps(info), **extra)


def cline():
    base = f"{STORAGE}/saoudrizwan.claude-dev/tasks/1796623200000"
    cwd = "/home/ana/src/shop"
    t0 = 1796623200000
    model = {"modelId": "claude-sonnet-4-5", "providerId": "anthropic", "mode": "act"}
    diff1 = ("------- SEARCH\nexport function exportInvoices(out: string) {\n  writeFileSync(out, render())\n=======\n"
             "export function exportInvoices(out: string, dryRun = false) {\n  if (dryRun) { console.log(render()); return }\n"
             "  writeFileSync(out, render())\n+++++++ REPLACE")
    diff2 = "------- SEARCH\n## Export\n=======\n## Export\n\nPass `--dry-run` to print the invoices instead of writing them.\n+++++++ REPLACE"
    history = [
        {"role": "user", "ts": t0, "content": [
            text("<task>\nAdd a --dry-run flag to the invoice exporter so it prints what it would write.\n</task>"),
            text(ENV.format(file="src/export.ts", cwd=cwd))]},
        {"role": "assistant", "ts": t0 + 4000, "modelInfo": model, "content": [
            {"type": "thinking", "thinking": "The exporter is in src/export.ts; read it before changing the signature.", "signature": "sig-fixture-1"},
            text("I'll read the exporter first."),
            {"type": "tool_use", "id": "toolu_fx01", "name": "read_file", "input": {"path": "src/export.ts"}}]},
        {"role": "user", "ts": t0 + 5000, "content": [
            {"type": "tool_result", "tool_use_id": "toolu_fx01",
             "content": "[read_file for 'src/export.ts'] Result:\nexport function exportInvoices(out: string) {\n  writeFileSync(out, render())\n}\n"},
            text(ENV.format(file="src/export.ts", cwd=cwd))]},
        {"role": "assistant", "ts": t0 + 9000, "modelInfo": model, "content": [
            text("Adding the flag as an optional parameter."),
            {"type": "tool_use", "id": "toolu_fx02", "name": "replace_in_file", "input": {"path": "src/export.ts", "diff": diff1}}]},
        {"role": "user", "ts": t0 + 10000, "content": [
            {"type": "tool_result", "tool_use_id": "toolu_fx02",
             "content": [text("[replace_in_file for 'src/export.ts'] Result:\nThe content was successfully saved to src/export.ts.")]}]},
        {"role": "assistant", "ts": t0 + 14000, "modelInfo": model, "content": [
            {"type": "thinking", "thinking": "Run the tests to be sure nothing else calls it with two arguments.", "signature": "sig-fixture-2"},
            {"type": "tool_use", "id": "toolu_fx03", "name": "execute_command", "input": {"command": "npm test", "requires_approval": False}}]},
        {"role": "user", "ts": t0 + 30000, "content": [
            {"type": "tool_result", "tool_use_id": "toolu_fx03",
             "content": "[execute_command for 'npm test'] Result:\nCommand executed.\nOutput:\n> shop@1.0.0 test\n> vitest run\n\n12 passed"}]},
        {"role": "assistant", "ts": t0 + 34000, "modelInfo": model, "content": [
            {"type": "tool_use", "id": "toolu_fx04", "name": "write_to_file",
             "input": {"path": "docs/dry-run.md", "content": "# Dry run\n\nPass --dry-run to print instead of writing.\n"}}]},
        {"role": "user", "ts": t0 + 60000, "content": [
            {"type": "tool_result", "tool_use_id": "toolu_fx04",
             "content": "[write_to_file for 'docs/dry-run.md'] Result:\nThe user denied this operation. The user provided the following feedback:\n"
                        "<feedback>\nNo new docs file; add a line to the README instead.\n</feedback>"}]},
        {"role": "assistant", "ts": t0 + 64000, "modelInfo": model, "content": [
            text("Understood, the README then."),
            {"type": "tool_use", "id": "toolu_fx05", "name": "replace_in_file", "input": {"path": "README.md", "diff": diff2}}]},
        {"role": "user", "ts": t0 + 65000, "content": [
            {"type": "tool_result", "tool_use_id": "toolu_fx05",
             "content": "[replace_in_file for 'README.md'] Result:\nThe content was successfully saved to README.md."}]},
        {"role": "assistant", "ts": t0 + 69000, "modelInfo": model, "content": [
            {"type": "tool_use", "id": "toolu_fx06", "name": "attempt_completion",
             "input": {"result": "Added `--dry-run` to the exporter and described it in the README."}}]},
    ]
    write(f"{base}/api_conversation_history.json", history)
    ui = [
        say(t0, "task", "Add a --dry-run flag to the invoice exporter so it prints what it would write."),
        request(t0 + 1000, 4, 212, 14210, 0, 0.0599, index=-1),
        say(t0 + 3000, "reasoning", "The exporter is in src/export.ts; read it before changing the signature."),
        say(t0 + 4000, "text", "I'll read the exporter first."),
        say(t0 + 4500, "tool", json.dumps({"tool": "readFile", "path": "src/export.ts", "content": f"{cwd}/src/export.ts"})),
        request(t0 + 6000, 6, 301, 420, 14210, 0.0104, index=1),
        ask(t0 + 8000, "tool", json.dumps({"tool": "editedExistingFile", "path": "src/export.ts", "diff": diff1})),
        say(t0 + 9500, "checkpoint_created", lastCheckpointHash="4b2c9e1f"),
        request(t0 + 11000, 5, 96, 380, 14630, 0.0073, index=3),
        ask(t0 + 14000, "command", "npm test"),
        say(t0 + 20000, "command_output", "> shop@1.0.0 test\n> vitest run"),
        say(t0 + 29000, "command_output", "✓ 12 tests passed (340ms)"),
        request(t0 + 31000, 5, 140, 520, 15010, 0.0084, index=5),
        ask(t0 + 34000, "tool", json.dumps({"tool": "newFileCreated", "path": "docs/dry-run.md", "content": "# Dry run\n"})),
        say(t0 + 59000, "user_feedback", "No new docs file; add a line to the README instead."),
        request(t0 + 61000, 31, 188, 610, 15530, 0.0097, index=7),
        say(t0 + 64000, "tool", json.dumps({"tool": "editedExistingFile", "path": "README.md", "diff": diff2})),
        say(t0 + 64500, "checkpoint_created", lastCheckpointHash="8d1f0a37"),
        request(t0 + 66000, 6, 74, 300, 16140, 0.0069, index=9),
        say(t0 + 69000, "completion_result", "Added `--dry-run` to the exporter and described it in the README."),
        ask(t0 + 69500, "completion_result", ""),
    ]
    write(f"{base}/ui_messages.json", ui)
    write(f"{base}/history_item.json", {
        "id": "1796623200000", "ts": t0 + 69500, "task": "Add a --dry-run flag to the invoice exporter so it prints what it would write.",
        "tokensIn": 57, "tokensOut": 1011, "cacheWrites": 16440, "cacheReads": 75520, "totalCost": 0.1026, "size": 48213,
        "cwdOnTaskInitialization": cwd, "modelId": "claude-sonnet-4-5"})
    write(f"{base}/task_metadata.json", {
        "files_in_context": [{"path": "src/export.ts", "record_state": "active", "record_source": "read_tool",
                              "cline_read_date": t0 + 5000, "cline_edit_date": t0 + 10000}],
        "model_usage": [{"ts": t0 + 1000, "model_id": "claude-sonnet-4-5", "model_provider_id": "anthropic", "mode": "act"}],
        "environment_history": [{"ts": t0, "os_name": "linux", "os_version": "6.8", "os_arch": "x64", "host_name": "Visual Studio Code",
                                 "host_version": "1.106.0", "cline_version": "3.38.2"}]})


def roo():
    base = f"{STORAGE}/rooveterinaryinc.roo-cline/tasks/5d0f1e3a-7c42-4b6e-9a18-2f7c0d9e4b61"
    cwd = "/home/ana/src/garden"
    t0 = 1796709600000
    env = ENV.format(file="src/index.ts", cwd=cwd).replace("Current Working Directory", "Current Workspace Directory")
    history = [
        {"role": "user", "content": [text("<task>\nWhy does `npm run build` fail with \"Cannot find module './config'\"?\n</task>"), text(env)]},
        {"role": "assistant", "content": [text(
            "<thinking>\nThe error names ./config: check whether src/config.ts exists at all.\n</thinking>\n\n"
            "<list_files>\n<path>src</path>\n<recursive>false</recursive>\n</list_files>")]},
        {"role": "user", "content": [text("[list_files for 'src'] Result:"), text("config.example.ts\nindex.ts"), text(env)]},
        {"role": "assistant", "content": [text(
            "There is no src/config.ts, only the example.\n\n<read_file>\n<path>src/config.example.ts</path>\n</read_file>")]},
        {"role": "user", "content": [text("[read_file for 'src/config.example.ts'] Result:"), text("export const config = { port: 8080 }\n"), text(env)]},
        {"role": "assistant", "content": [text(
            "<apply_diff>\n<path>src/index.ts</path>\n<diff>\n<<<<<<< SEARCH\n:start_line:1\n-------\nimport { config } from './config'\n"
            "=======\nimport { config } from './config.example'\n>>>>>>> REPLACE\n</diff>\n</apply_diff>")]},
        {"role": "user", "content": [text("[apply_diff for 'src/index.ts'] Result:"), text("Changes successfully applied to src/index.ts"), text(env)]},
        {"role": "assistant", "content": [text("<execute_command>\n<command>npm run build</command>\n</execute_command>")]},
        {"role": "user", "content": [
            text("[execute_command for 'npm run build'] Result:"),
            text(f"Command executed in terminal  within working directory '{cwd}'. Exit code: 0\nOutput:\nbuilt in 1.2s"), text(env)]},
        {"role": "assistant", "content": [text(
            "<attempt_completion>\n<result>\nThe import named a file the repository does not have; it now uses config.example.ts and the build passes.\n"
            "</result>\n</attempt_completion>")]},
        {"role": "user", "content": [
            text("[attempt_completion] Result:"),
            text("The user has provided feedback on the results. Consider their input to continue the task, and then attempt completion again.\n"
                 "<feedback>\nBetter to copy the example to config.ts than to change the import.\n</feedback>"), text(env)]},
        {"role": "assistant", "content": [text(
            "<thinking>\nA copied config.ts holds local settings; ask whether it belongs in git.\n</thinking>\n"
            "<ask_followup_question>\n<question>Should src/config.ts be committed, or ignored by git?</question>\n"
            "<follow_up>\n<suggest>Ignore it</suggest>\n<suggest>Commit it</suggest>\n</follow_up>\n</ask_followup_question>")]},
        {"role": "user", "content": [
            text("[ask_followup_question for 'Should src/config.ts be committed, or ignored by git?'] Result:"),
            text("<answer>\nIgnore it\n</answer>"), text(env)]},
        {"role": "assistant", "content": [text("I'll copy the example to src/config.ts, add it to .gitignore and restore the import.")]},
    ]
    write(f"{base}/api_conversation_history.json", history, indent=2)
    ui = [
        say(t0, "task", "Why does `npm run build` fail with \"Cannot find module './config'\"?"),
        request(t0 + 1000, 9120, 160, 0, 0, 0.0297),
        say(t0 + 3000, "text", "…"),
        request(t0 + 5000, 9410, 84, 0, 0, 0.0295),
        say(t0 + 5200, "api_req_retry_delayed", "Rate limited; retrying in 5 seconds"),
        say(t0 + 5400, "api_req_retry_delayed", "Rate limited; retrying in 4 seconds"),
        request(t0 + 12000, 9650, 131, 0, 0, 0.0309),
        say(t0 + 14000, "checkpoint_saved", "a91c03e7"),
        request(t0 + 16000, 9800, 40, 0, 0, 0.0300),
        ask(t0 + 17000, "command", "npm run build"),
        say(t0 + 20000, "command_output", "built in 1.2s"),
        request(t0 + 22000, 9900, 88, 0, 0, 0.0310),
        say(t0 + 40000, "user_feedback", "Better to copy the example to config.ts than to change the import."),
        request(t0 + 42000, 10100, 120, 0, 0, 0.0321),
        say(t0 + 43000, "reasoning", "A copied config.ts holds local settings; ask whether it belongs in git."),
        ask(t0 + 44000, "followup", json.dumps({"question": "Should src/config.ts be committed, or ignored by git?", "suggest": ["Ignore it", "Commit it"]})),
        say(t0 + 50000, "user_feedback", "Ignore it"),
        request(t0 + 52000, 10300, 45, 0, 0, 0.0316),
    ]
    write(f"{base}/ui_messages.json", ui, indent=2)


def kilo():
    base = f"{STORAGE}/kilocode.kilo-code/tasks/9b3e27c4-0a61-4f8d-b5c2-6e1d8a7f3c90"
    cwd = "/home/ana/src/notes"
    history = [
        {"role": "user", "content": [text("<task>\nWhat does the sync script do?\n</task>"), text(ENV.format(file="sync.sh", cwd=cwd))]},
        {"role": "assistant", "content": [text("<read_file>\n<path>sync.sh</path>\n</read_file>")]},
        {"role": "user", "content": [text("[read_file for 'sync.sh'] Result:\n#!/bin/sh\nrsync -a notes/ backup:notes/\n")]},
        {"role": "assistant", "content": [text("It copies the notes folder to the backup host with rsync, keeping permissions and times.")]},
    ]
    write(f"{base}/api_conversation_history.json", history)


def cli():
    sid = "sess_01k8fixture7d3c"
    base = f"data/sessions/{sid}"
    messages = [
        {"role": "user", "content": "Rename the `total` helper to `grandTotal` everywhere.", "ts": 1796796000000},
        {"role": "assistant", "ts": 1796796004000, "modelInfo": {"id": "claude-sonnet-4-5", "provider": "anthropic"},
         "metrics": {"inputTokens": 2400, "outputTokens": 180, "cacheReadTokens": 0, "cacheWriteTokens": 9100, "cost": 0.0442},
         "content": [{"type": "thinking", "thinking": "Find the uses first."},
                     {"type": "tool_use", "id": "call_1", "name": "search_files", "input": {"path": "src", "regex": "\\btotal\\("}}]},
        {"role": "user", "ts": 1796796005000, "content": [
            {"type": "tool_result", "tool_use_id": "call_1", "name": "search_files", "content": "src/cart.ts:3: return total(items)"}]},
        {"role": "assistant", "ts": 1796796009000, "modelInfo": {"id": "claude-sonnet-4-5", "provider": "anthropic"},
         "metrics": {"inputTokens": 120, "outputTokens": 95, "cacheReadTokens": 9100, "cacheWriteTokens": 310, "cost": 0.0061},
         "content": [{"type": "tool_use", "id": "call_2", "name": "execute_command", "input": {"command": "npm run lint"}}]},
        {"role": "user", "ts": 1796796012000, "content": [
            {"type": "tool_result", "tool_use_id": "call_2", "name": "execute_command", "content": "lint: 1 error", "is_error": True}]},
        {"role": "assistant", "ts": 1796796015000, "modelInfo": {"id": "claude-sonnet-4-5", "provider": "anthropic"},
         "metrics": {"inputTokens": 80, "outputTokens": 40, "cacheReadTokens": 9410, "cacheWriteTokens": 0, "cost": 0.0035},
         "content": [{"type": "text", "text": "One use, in src/cart.ts; lint fails before the rename, so I'll fix that first."}]},
    ]
    write(f"{base}/{sid}.messages.json", {"version": 1, "updated_at": "2026-12-09T06:00:15.000Z", "agent": "lead", "sessionId": sid,
                                          "origin": "cli", "messages": messages}, indent=2)
    write(f"{base}/{sid}.json", {"version": 1, "session_id": sid, "source": "cli", "pid": 4242, "started_at": "2026-12-09T06:00:00.000Z",
                                 "ended_at": "2026-12-09T06:00:16.000Z", "status": "completed", "interactive": True,
                                 "provider": "anthropic", "model": "claude-sonnet-4-5", "cwd": "/home/ana/src/shop",
                                 "workspace_root": "/home/ana/src/shop"}, indent=2)


if __name__ == "__main__":
    cline()
    roo()
    kilo()
    cli()
