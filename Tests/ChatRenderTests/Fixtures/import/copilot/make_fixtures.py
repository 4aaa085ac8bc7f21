#!/usr/bin/env python3
"""Write hand-authored Copilot fixtures for chatrender.

Usage: python3 make_fixtures.py   # writes next to this file

Creates (deterministically, stdlib only, no network):
  session-state/<uuid>/events.jsonl   Copilot CLI event log (shape of CLI ~1.0.8x)
  session-state/<uuid>/workspace.yaml sidecar metadata
  session-state/<uuid>.jsonl          an older CLI's flat log (~0.0.40x): no shell_exit block,
                                      a `terminal` block, the exit marker only, an abort
  vscode-export/chat-export.json      VS Code "Chat: Export Chat..." document

All content is invented (fictional project "invoice-tools", user "sample-dev").
Shapes follow NOTES.md (github/copilot-sdk session-events schema; microsoft/vscode chatModel.toExport).
"""
import json
import os
import uuid
from datetime import datetime, timedelta, timezone

NS = uuid.UUID("6f1c9a52-8d7e-4b1a-9c3e-2a5b7d0e4f11")


def uid(label):
    # deterministic, but shaped like the UUID v4 values the CLI writes
    return str(uuid.UUID(bytes=uuid.uuid5(NS, label).bytes, version=4))


SESSION_ID = uid("session")
CWD = "/home/sample-dev/src/invoice-tools"
T0 = datetime(2026, 8, 14, 9, 12, 3, tzinfo=timezone.utc)


def iso(dt):
    return dt.strftime("%Y-%m-%dT%H:%M:%S.") + f"{dt.microsecond // 1000:03d}Z"


class Log:
    def __init__(self):
        self.events = []
        self.t = T0
        self.prev = None

    def add(self, etype, data, ms=150, **extra):
        self.t += timedelta(milliseconds=ms)
        eid = uid(f"event-{len(self.events)}")
        ev = {"type": etype, "data": data, "id": eid, "timestamp": iso(self.t), "parentId": self.prev}
        ev.update(extra)
        self.events.append(ev)
        self.prev = eid
        return ev


DIFF_EDIT = (
    "\ndiff --git a" + CWD + "/invoice_tools/totals.py b" + CWD + "/invoice_tools/totals.py\n"
    "index 0000000..0000000 100644\n"
    "--- a" + CWD + "/invoice_tools/totals.py\n"
    "+++ b" + CWD + "/invoice_tools/totals.py\n"
    "@@ -8,7 +8,9 @@ def average_line_total(lines):\n"
    '     """Return the mean of line totals, or 0.0 for an empty invoice."""\n'
    "-    return sum(l.total for l in lines) / len(lines)\n"
    "+    if not lines:\n"
    "+        return 0.0\n"
    "+    return sum(l.total for l in lines) / len(lines)\n"
    " \n"
    " \n"
    " def grand_total(lines, tax_rate):\n"
)

VIEW_OUT = (
    '1. """Totals for invoices."""\n2. \n3. from decimal import Decimal\n4. \n5. \n'
    "6. def average_line_total(lines):\n7. \n"
    '8.     """Return the mean of line totals, or 0.0 for an empty invoice."""\n'
    "9.     return sum(l.total for l in lines) / len(lines)\n10. \n11. \n"
    "12. def grand_total(lines, tax_rate):\n13.     subtotal = sum(l.total for l in lines)\n"
    "14.     return subtotal * (1 + tax_rate)\n"
)

PYTEST_FAIL = (
    "....F.\n=================================== FAILURES ===================================\n"
    "________________________ test_average_of_empty_invoice _________________________\n"
    "    def test_average_of_empty_invoice():\n>       assert average_line_total([]) == 0.0\n"
    "E       ZeroDivisionError: division by zero\n\ninvoice_tools/totals.py:9: ZeroDivisionError\n"
    "=========================== short test summary info ============================\n"
    "FAILED tests/test_totals.py::test_average_of_empty_invoice - ZeroDivisionError\n"
    "1 failed, 5 passed in 0.21s\n<exited with exit code 1>"
)
PYTEST_OK = "......\n6 passed in 0.19s\n<exited with exit code 0>"


def build_events():
    L = Log()
    model = "claude-sonnet-4.5"
    ia1 = uid("interaction-1")
    L.add("session.start", {
        "sessionId": SESSION_ID, "version": 1, "producer": "copilot-agent",
        "copilotVersion": "1.0.81", "startTime": iso(T0), "contextTier": None,
        "context": {"cwd": CWD, "gitRoot": CWD, "branch": "fix/empty-invoice",
                    "headCommit": "3f9a1c2e7b5d4a6f8e0c1b2a3d4e5f6a7b8c9d0e",
                    "repository": "sample-org/invoice-tools", "repositoryHost": "github.com",
                    "hostType": "github"},
        "alreadyInUse": False, "remoteSteerable": False,
    }, ms=0)
    L.add("session.model_change", {"contextTier": None, "newModel": model, "reasoningEffort": None}, ms=20)
    L.add("system.message", {"role": "system", "content": "You are the GitHub Copilot CLI, a terminal assistant. (system prompt abbreviated in this fixture)", "interactionId": ia1}, ms=90)
    L.add("session.info", {"infoType": "folder_trust", "message": f"Folder {CWD} has been added to trusted folders."}, ms=40)
    # --- prompt 1 -------------------------------------------------------
    p1 = "The test for empty invoices fails with ZeroDivisionError. Find the cause and fix it, then rerun the tests."
    L.add("user.message", {
        "content": p1,
        "transformedContent": f"<current_datetime>{iso(L.t)}</current_datetime>\n\n{p1}\n\n<system_reminder>\n<sql_tables>Available tables: todos, todo_deps</sql_tables>\n</system_reminder>",
        "attachments": [{"type": "file", "path": f"{CWD}/tests/test_totals.py", "displayName": "tests/test_totals.py"}],
        "supportedNativeDocumentMimeTypes": [], "delivery": "idle", "interactionId": ia1, "agentMode": "interactive",
    }, ms=1200)
    L.add("assistant.turn_start", {"turnId": "0", "interactionId": ia1, "model": model}, ms=30)
    L.add("assistant.reasoning", {"reasoningId": uid("reasoning-0"), "content": "The user reports a ZeroDivisionError for empty invoices. I should run the test suite first to see the failure."}, ms=2100)
    L.add("assistant.message", {
        "messageId": uid("msg-0"), "model": model, "content": "",
        "toolRequests": [
            {"toolCallId": "toolu_01report", "name": "report_intent", "arguments": {"intent": "Running the test suite"}, "type": "function"},
            {"toolCallId": "toolu_01pytest", "name": "bash", "arguments": {"command": "python -m pytest -q", "description": "Run the test suite", "mode": "sync", "initial_wait": 60},
             "type": "function", "intentionSummary": "Run the test suite", "toolTitle": "Run shell command"},
        ],
        "reasoningText": "The user reports a ZeroDivisionError for empty invoices. I should run the test suite first to see the failure.",
        "interactionId": ia1, "turnId": "0", "outputTokens": 143, "apiCallId": "msg_01fixture0",
    }, ms=400)
    L.add("tool.execution_start", {"toolCallId": "toolu_01report", "toolName": "report_intent", "arguments": {"intent": "Running the test suite"}, "turnId": "0", "model": model}, ms=5)
    L.add("tool.execution_complete", {"toolCallId": "toolu_01report", "model": model, "interactionId": ia1, "turnId": "0", "success": True, "result": {"content": "Intent logged", "detailedContent": "Running the test suite"}, "toolTelemetry": {}}, ms=3)
    L.add("tool.execution_start", {"toolCallId": "toolu_01pytest", "toolName": "bash", "arguments": {"command": "python -m pytest -q", "description": "Run the test suite", "mode": "sync", "initial_wait": 60}, "turnId": "0", "model": model,
                                   "shellToolInfo": {"possiblePaths": [], "hasWriteFileRedirection": False}}, ms=5)
    L.add("tool.execution_complete", {
        "toolCallId": "toolu_01pytest", "model": model, "interactionId": ia1, "turnId": "0", "success": True,
        "result": {"content": PYTEST_FAIL, "detailedContent": PYTEST_FAIL,
                   "contents": [{"type": "shell_exit", "exitCode": 1, "shellId": "0", "cwd": CWD, "outputPreview": "1 failed, 5 passed in 0.21s", "outputTruncated": True}]},
        "toolTelemetry": {"properties": {"command": "bash"}, "metrics": {"exitCode": 1}},
    }, ms=1900)
    L.add("assistant.turn_end", {"turnId": "0", "model": model}, ms=20)
    # turn 1: view
    L.add("assistant.turn_start", {"turnId": "1", "interactionId": ia1, "model": model}, ms=10)
    L.add("assistant.message", {
        "messageId": uid("msg-1"), "model": model, "content": "One test fails: `average_line_total([])` divides by zero. Let me look at the function.",
        "toolRequests": [{"toolCallId": "toolu_02view", "name": "view", "arguments": {"path": f"{CWD}/invoice_tools/totals.py"}, "type": "function", "intentionSummary": "view the file at invoice_tools/totals.py."}],
        "reasoningText": "The traceback points at totals.py line 9. Read the file before editing.",
        "interactionId": ia1, "turnId": "1", "outputTokens": 96, "apiCallId": "msg_01fixture1",
    }, ms=2600)
    L.add("tool.execution_start", {"toolCallId": "toolu_02view", "toolName": "view", "arguments": {"path": f"{CWD}/invoice_tools/totals.py"}, "turnId": "1", "model": model}, ms=5)
    L.add("tool.execution_complete", {"toolCallId": "toolu_02view", "model": model, "interactionId": ia1, "turnId": "1", "success": True, "result": {"content": VIEW_OUT, "detailedContent": VIEW_OUT}, "toolTelemetry": {"properties": {"command": "view"}}}, ms=12)
    L.add("assistant.turn_end", {"turnId": "1", "model": model}, ms=20)
    # turn 2: edit
    L.add("assistant.turn_start", {"turnId": "2", "interactionId": ia1, "model": model}, ms=10)
    edit_args = {"path": f"{CWD}/invoice_tools/totals.py",
                 "old_str": "    return sum(l.total for l in lines) / len(lines)\n\n\ndef grand_total",
                 "new_str": "    if not lines:\n        return 0.0\n    return sum(l.total for l in lines) / len(lines)\n\n\ndef grand_total"}
    L.add("assistant.message", {
        "messageId": uid("msg-2"), "model": model, "content": "",
        "toolRequests": [{"toolCallId": "toolu_03edit", "name": "edit", "arguments": edit_args, "type": "function", "intentionSummary": "edit the file at invoice_tools/totals.py."}],
        "interactionId": ia1, "turnId": "2", "outputTokens": 121, "apiCallId": "msg_01fixture2",
    }, ms=2300)
    L.add("tool.execution_start", {"toolCallId": "toolu_03edit", "toolName": "edit", "arguments": edit_args, "turnId": "2", "model": model}, ms=5)
    L.add("permission.requested", {"requestId": uid("perm-1"), "permissionRequest": {"kind": "write", "canOfferSessionApproval": True, "toolCallId": "toolu_03edit", "intention": "Edit file", "fileName": f"{CWD}/invoice_tools/totals.py", "diff": DIFF_EDIT}}, ms=10)
    L.add("permission.completed", {"requestId": uid("perm-1"), "toolCallId": "toolu_03edit", "result": {"kind": "approved"}}, ms=2500)
    L.add("tool.execution_complete", {
        "toolCallId": "toolu_03edit", "model": model, "interactionId": ia1, "turnId": "2", "success": True,
        "result": {"content": f"File {CWD}/invoice_tools/totals.py updated with changes.", "detailedContent": DIFF_EDIT},
        "toolTelemetry": {"properties": {"command": "edit", "options": "{}", "fileExtension": "[\".py\"]"},
                          "restrictedProperties": {"filePaths": json.dumps([f"{CWD}/invoice_tools/totals.py"])},
                          "metrics": {"linesAdded": 2, "linesRemoved": 0}},
    }, ms=30)
    L.add("assistant.turn_end", {"turnId": "2", "model": model}, ms=20)
    # drift: an event type a reader will not know
    L.add("session.workspace_indexed", {"fileCount": 42, "durationMs": 310, "indexKind": "lexical"}, ms=15)
    # turn 3: rerun tests
    L.add("assistant.turn_start", {"turnId": "3", "interactionId": ia1, "model": model}, ms=10)
    L.add("assistant.message", {
        "messageId": uid("msg-3"), "model": model, "content": "",
        "toolRequests": [{"toolCallId": "toolu_04pytest", "name": "bash", "arguments": {"command": "python -m pytest -q", "description": "Rerun the test suite", "mode": "sync", "initial_wait": 60}, "type": "function", "intentionSummary": "Rerun the test suite"}],
        "interactionId": ia1, "turnId": "3", "outputTokens": 58, "apiCallId": "msg_01fixture3",
    }, ms=1500)
    L.add("tool.execution_start", {"toolCallId": "toolu_04pytest", "toolName": "bash", "arguments": {"command": "python -m pytest -q", "description": "Rerun the test suite", "mode": "sync", "initial_wait": 60}, "turnId": "3", "model": model,
                                   "shellToolInfo": {"possiblePaths": [], "hasWriteFileRedirection": False}}, ms=5)
    L.add("tool.execution_complete", {
        "toolCallId": "toolu_04pytest", "model": model, "interactionId": ia1, "turnId": "3", "success": True,
        "result": {"content": PYTEST_OK, "detailedContent": PYTEST_OK,
                   "contents": [{"type": "shell_exit", "exitCode": 0, "shellId": "0", "cwd": CWD, "outputPreview": "6 passed in 0.19s"}]},
        "toolTelemetry": {"properties": {"command": "bash"}, "metrics": {"exitCode": 0}},
    }, ms=1700)
    L.add("assistant.turn_end", {"turnId": "3", "model": model}, ms=20)
    # turn 4: final answer
    L.add("assistant.turn_start", {"turnId": "4", "interactionId": ia1, "model": model}, ms=10)
    L.add("assistant.message", {
        "messageId": uid("msg-4"), "model": model, "phase": "final_answer", "toolRequests": [],
        "content": "Fixed. `average_line_total` divided by `len(lines)` without checking for an empty list.\n\n"
                   "```python\nif not lines:\n    return 0.0\n```\n\nAll 6 tests pass now.",
        "interactionId": ia1, "turnId": "4", "outputTokens": 74, "apiCallId": "msg_01fixture4",
    }, ms=1900)
    L.add("assistant.turn_end", {"turnId": "4", "model": model}, ms=20)
    # --- prompt 2: denied shell command ----------------------------------
    ia2 = uid("interaction-2")
    p2 = "Commit it and push the branch."
    L.add("user.message", {"content": p2, "transformedContent": f"<current_datetime>{iso(L.t)}</current_datetime>\n\n{p2}",
                           "attachments": [], "supportedNativeDocumentMimeTypes": [], "delivery": "idle", "interactionId": ia2, "agentMode": "interactive"}, ms=41000)
    L.add("assistant.turn_start", {"turnId": "0", "interactionId": ia2, "model": model}, ms=30)
    push_args = {"command": "git commit -am \"Handle empty invoices in average_line_total\" && git push origin fix/empty-invoice", "description": "Commit and push", "mode": "sync"}
    L.add("assistant.message", {
        "messageId": uid("msg-5"), "model": model, "content": "I'll commit the change and push the branch.",
        "toolRequests": [{"toolCallId": "toolu_05push", "name": "bash", "arguments": push_args, "type": "function", "intentionSummary": "Commit and push"}],
        "interactionId": ia2, "turnId": "0", "outputTokens": 81, "apiCallId": "msg_01fixture5",
    }, ms=1800)
    L.add("tool.execution_start", {"toolCallId": "toolu_05push", "toolName": "bash", "arguments": push_args, "turnId": "0", "model": model,
                                   "shellToolInfo": {"possiblePaths": [], "hasWriteFileRedirection": False}}, ms=5)
    L.add("permission.requested", {"requestId": uid("perm-2"), "permissionRequest": {"kind": "shell", "toolCallId": "toolu_05push", "fullCommandText": push_args["command"], "intention": "Commit and push",
                                                                                       "commands": [{"identifier": "git commit", "readOnly": False}, {"identifier": "git push", "readOnly": False}],
                                                                                       "possiblePaths": [], "possibleUrls": [], "hasWriteFileRedirection": False, "canOfferSessionApproval": True}}, ms=10)
    L.add("permission.completed", {"requestId": uid("perm-2"), "toolCallId": "toolu_05push", "result": {"kind": "denied-interactively-by-user"}}, ms=6200)
    L.add("tool.execution_complete", {
        "toolCallId": "toolu_05push", "model": model, "interactionId": ia2, "turnId": "0", "success": False,
        "error": {"message": "The user rejected this tool call.", "code": "rejected"},
        "toolTelemetry": {"properties": {"shell_error_category": "permission_denied"}},
    }, ms=10)
    L.add("assistant.turn_end", {"turnId": "0", "model": model}, ms=20)
    L.add("assistant.turn_start", {"turnId": "1", "interactionId": ia2, "model": model}, ms=10)
    L.add("assistant.message", {
        "messageId": uid("msg-6"), "model": model, "phase": "final_answer", "toolRequests": [],
        "content": "You declined the commit/push, so nothing was committed. The fix is still in your working tree; run `git push` yourself when ready.",
        "interactionId": ia2, "turnId": "1", "outputTokens": 47, "apiCallId": "msg_01fixture6",
    }, ms=1400)
    L.add("assistant.turn_end", {"turnId": "1", "model": model}, ms=20)
    # drift: second unknown event type (non-ephemeral)
    L.add("session.memory_suggested", {"subject": "testing", "fact": "Run `python -m pytest -q` to test this repo.", "accepted": False}, ms=50)
    L.add("session.usage_checkpoint", {"totalNanoAiu": 2460000000, "totalPremiumRequests": 7}, ms=30)
    start_ms = int(T0.timestamp() * 1000)
    L.add("session.shutdown", {
        "shutdownType": "routine", "totalPremiumRequests": 7, "totalNanoAiu": 2460000000,
        "totalApiDurationMs": 13900, "sessionStartTime": start_ms, "eventsFileSizeBytes": 0,
        "codeChanges": {"linesAdded": 2, "linesRemoved": 0, "filesModified": [f"{CWD}/invoice_tools/totals.py"]},
        "modelMetrics": {model: {"requests": {"count": 7, "cost": 7}, "usage": {"inputTokens": 118230, "outputTokens": 620, "cacheReadTokens": 96400, "cacheWriteTokens": 15100, "reasoningTokens": 210}}},
        "currentModel": model, "currentTokens": 21480, "systemTokens": 6120, "conversationTokens": 7940, "toolDefinitionsTokens": 7420,
    }, ms=4000)
    return L.events


def markdown(text):
    return {"value": text, "supportThemeIcons": False, "supportHtml": False}


def file_uri(path):
    return {"$mid": 1, "fsPath": path, "external": "file://" + path, "path": path, "scheme": "file"}


def text_part(text):
    return {"kind": "text", "range": {"start": 0, "endExclusive": len(text)},
            "editorRange": {"startLineNumber": 1, "startColumn": 1, "endLineNumber": 1, "endColumn": len(text) + 1}, "text": text}


def build_export():
    ws = "/home/sample-dev/src/invoice-tools"
    agent = {"id": "github.copilot.editsAgent", "name": "agent", "fullName": "GitHub Copilot",
             "extensionId": {"value": "GitHub.copilot-chat", "_lower": "github.copilot-chat"},
             "isDefault": True, "locations": ["panel"], "modes": ["agent"], "metadata": {}, "slashCommands": [], "disambiguation": []}
    ts = 1786698000000  # 2026-08-14T07:40:00Z
    q1 = "What does grand_total do with the tax rate?"
    r1 = {
        "requestId": "request_" + uid("vs-req-1"),
        "message": {"text": q1, "parts": [text_part(q1)]},
        "variableData": {"variables": [{"id": "vscode.implicit.viewport", "name": "file:totals.py", "kind": "implicit", "isFile": True, "value": file_uri(ws + "/invoice_tools/totals.py"), "modelDescription": "User's active file"}]},
        "response": [
            markdown("`grand_total` sums the line totals and multiplies by `(1 + tax_rate)`, so the rate is a fraction (0.2 means 20%). See "),
            {"kind": "inlineReference", "inlineReference": {"uri": file_uri(ws + "/invoice_tools/totals.py"), "range": {"startLineNumber": 12, "startColumn": 1, "endLineNumber": 14, "endColumn": 40}}, "name": "grand_total"},
            markdown(".\n\nIt does not round, so pass `Decimal` amounts if you need exact cents."),
        ],
        "agent": agent, "timestamp": ts, "modelId": "copilot/gpt-4.1",
        "modeInfo": {"kind": "ask", "isBuiltin": True, "modeId": "ask", "modeName": "ask"},
        "responseId": "response_" + uid("vs-resp-1"),
        "result": {"timings": {"firstProgress": 812, "totalElapsed": 2304},
                   "metadata": {"modelMessageId": uid("vs-mm-1"), "responseId": uid("vs-r-1"), "sessionId": uid("vs-s"), "agentId": "github.copilot.editsAgent", "toolCallRounds": [], "toolCallResults": {}}},
        "followups": [], "modelState": {"value": 1, "completedAt": ts + 2304},
        "contentReferences": [{"kind": "reference", "reference": file_uri(ws + "/invoice_tools/totals.py")}], "codeCitations": [],
        "responseTimestamp": ts + 40, "timeSpentWaiting": 0, "promptTokens": 4810, "completionTokens": 64, "elapsedMs": 2264,
    }
    ts2 = ts + 95000
    q2 = "Run the tests and tell me which ones fail."
    cmd = "python -m pytest -q"
    r2 = {
        "requestId": "request_" + uid("vs-req-2"),
        "message": {"text": q2, "parts": [text_part(q2)]},
        "variableData": {"variables": []},
        "response": [
            {"kind": "thinking", "value": "Need to run the suite in the integrated terminal and read the summary line.", "id": "thinking_0", "generatedTitle": "Planning test run", "reasoningDurationMs": 1400},
            markdown("Running the test suite."),
            {"kind": "toolInvocationSerialized", "invocationMessage": "Running `python -m pytest -q`", "pastTenseMessage": "Ran `python -m pytest -q`",
             "isConfirmed": {"type": 4}, "isComplete": True, "source": {"type": "internal", "label": "Built-In"},
             "toolSpecificData": {"kind": "terminal", "commandLine": {"original": cmd}, "language": "sh", "cwd": file_uri(ws),
                                  "terminalCommandOutput": {"text": "......\r\n6 passed in 0.19s", "truncated": False},
                                  "terminalCommandState": {"exitCode": 0, "timestamp": ts2 + 3000, "duration": 1840}},
             "toolCallId": "call_vs_run_1", "toolId": "run_in_terminal", "generatedTitle": "Run tests"},
            {"kind": "toolInvocationSerialized", "presentation": None,
             "invocationMessage": markdown("Reading [totals.py](file://" + ws + "/invoice_tools/totals.py)"),
             "pastTenseMessage": markdown("Read [totals.py](file://" + ws + "/invoice_tools/totals.py)"),
             "isConfirmed": {"type": 1}, "isComplete": True, "source": {"type": "internal", "label": "Built-In"},
             "resultDetails": [file_uri(ws + "/invoice_tools/totals.py")],
             "toolCallId": "call_vs_read_1", "toolId": "copilot_readFile"},
            markdown("All 6 tests pass; nothing fails at the moment."),
            {"kind": "hostDiagnosticSnapshot", "snapshotId": "diag-7", "entries": 3},
        ],
        "agent": agent, "timestamp": ts2, "modelId": "copilot/claude-sonnet-4.6",
        "modeInfo": {"kind": "agent", "isBuiltin": True, "modeId": "agent", "modeName": "agent"},
        "responseId": "response_" + uid("vs-resp-2"),
        "result": {"timings": {"firstProgress": 1020, "totalElapsed": 9870},
                   "metadata": {"modelMessageId": uid("vs-mm-2"), "responseId": uid("vs-r-2"), "sessionId": uid("vs-s"), "agentId": "github.copilot.editsAgent",
                                "toolCallRounds": [
                                    {"id": "round_1", "response": "Running the test suite.", "toolInputRetry": 0, "timestamp": ts2 + 1100,
                                     "toolCalls": [{"id": "call_vs_run_1", "name": "run_in_terminal", "arguments": json.dumps({"command": cmd, "explanation": "Run the tests", "isBackground": False})}]},
                                    {"id": "round_2", "response": "", "toolInputRetry": 0, "timestamp": ts2 + 5200,
                                     "toolCalls": [{"id": "call_vs_read_1", "name": "read_file", "arguments": json.dumps({"filePath": ws + "/invoice_tools/totals.py", "startLine": 1, "endLine": 20})}]},
                                    {"id": "round_3", "response": "All 6 tests pass; nothing fails at the moment.", "toolInputRetry": 0, "toolCalls": []}],
                                "toolCallResults": {}}},
        "followups": [], "modelState": {"value": 1, "completedAt": ts2 + 9870},
        "contentReferences": [], "codeCitations": [], "responseTimestamp": ts2 + 35, "timeSpentWaiting": 0,
        "promptTokens": 15620, "completionTokens": 212, "elapsedMs": 9835,
    }
    ts3 = ts2 + 140000
    q3 = "Round grand_total to two decimals."
    target = ws + "/invoice_tools/totals.py"
    r3 = {
        "requestId": "request_" + uid("vs-req-3"),
        "message": {"text": q3, "parts": [text_part(q3)]},
        "variableData": {"variables": [{"id": "file://" + target, "name": "totals.py", "kind": "file", "value": file_uri(target)}]},
        "response": [
            markdown("I'll quantize the result to cents with `Decimal.quantize`.\n\n"),
            {"kind": "toolInvocationSerialized", "presentation": "hidden", "invocationMessage": "Using \"Replace String in File\"", "pastTenseMessage": "Used \"Replace String in File\"",
             "isConfirmed": {"type": 1}, "isComplete": True, "source": {"type": "internal", "label": "Built-In"},
             "toolCallId": "call_vs_edit_1", "toolId": "copilot_replaceString"},
            markdown("\n````\n"),
            {"kind": "undoStop", "id": "call_vs_edit_1"},
            {"kind": "codeblockUri", "uri": file_uri(target), "isEdit": True, "undoStopId": "call_vs_edit_1"},
            {"kind": "textEditGroup", "uri": file_uri(target),
             "edits": [[{"text": "    subtotal = sum(l.total for l in lines)\n    return (subtotal * (1 + tax_rate)).quantize(Decimal(\"0.01\"))\n",
                         "range": {"startLineNumber": 13, "startColumn": 1, "endLineNumber": 15, "endColumn": 1}}], []],
             "done": True},
            markdown("\n````\n"),
            markdown("`grand_total` now returns a `Decimal` rounded to two places."),
        ],
        "agent": agent, "timestamp": ts3, "modelId": "copilot/claude-sonnet-4.6",
        "modeInfo": {"kind": "agent", "isBuiltin": True, "modeId": "agent", "modeName": "agent"},
        "editedFileEvents": [],
        "responseId": "response_" + uid("vs-resp-3"),
        "result": {"timings": {"firstProgress": 950, "totalElapsed": 7420}, "details": "Claude Sonnet 4.6 • 1x",
                   "metadata": {"modelMessageId": uid("vs-mm-3"), "responseId": uid("vs-r-3"), "sessionId": uid("vs-s"), "agentId": "github.copilot.editsAgent",
                                "toolCallRounds": [{"id": "round_1", "response": "I'll quantize the result to cents with `Decimal.quantize`.", "toolInputRetry": 0,
                                                    "toolCalls": [{"id": "call_vs_edit_1", "name": "replace_string_in_file", "arguments": json.dumps({"filePath": target, "oldString": "    subtotal = sum(l.total for l in lines)\n    return subtotal * (1 + tax_rate)\n", "newString": "    subtotal = sum(l.total for l in lines)\n    return (subtotal * (1 + tax_rate)).quantize(Decimal(\"0.01\"))\n"})}]}],
                                "toolCallResults": {}}},
        "followups": [], "modelState": {"value": 1, "completedAt": ts3 + 7420},
        "contentReferences": [], "codeCitations": [], "responseTimestamp": ts3 + 30, "timeSpentWaiting": 2100,
        "promptTokens": 17240, "completionTokens": 188, "elapsedMs": 5290,
    }
    return {
        "requesterUsername": "sample-dev",
        "requesterAvatarIconUri": {"$mid": 1, "path": "/u/0", "scheme": "https", "authority": "avatars.example.invalid", "query": "v=4"},
        "responderUsername": "GitHub Copilot",
        "responderAvatarIconUri": {"id": "copilot"},
        "initialLocation": "panel",
        "requests": [r1, r2, r3],
    }


def build_flat():
    """An older CLI's session, written as a flat <uuid>.jsonl: results with `content` only or a
    deprecated `terminal` block, no turn ids, a sub-agent whose events carry the deprecated
    `parentToolCallId`, and an abort (Ctrl+C) at the end."""
    L = Log()
    L.t = T0 - timedelta(days=30)
    sid = uid("flat-session")
    cwd = "/home/sample-dev/src/garden"
    model = "gpt-5"
    L.add("session.start", {"sessionId": sid, "version": 1, "producer": "copilot-agent", "copilotVersion": "0.0.401",
                            "startTime": iso(L.t), "selectedModel": model, "context": {"cwd": cwd}}, ms=0)
    p = "Why does make lint fail?"
    L.add("user.message", {"content": p, "transformedContent": f"<current_datetime>{iso(L.t)}</current_datetime>\n\n{p}", "attachments": []}, ms=900)
    L.add("assistant.turn_start", {"turnId": "0"}, ms=30)
    L.add("assistant.message", {"messageId": uid("flat-msg-0"), "content": "",
                                "toolRequests": [{"toolCallId": "call_lint", "name": "bash", "arguments": {"command": "make lint", "description": "Run the linter", "sessionId": "main", "async": False}}]}, ms=1200)
    L.add("tool.execution_start", {"toolCallId": "call_lint", "toolName": "bash", "arguments": {"command": "make lint", "description": "Run the linter", "sessionId": "main", "async": False}}, ms=5)
    L.add("tool.execution_complete", {"toolCallId": "call_lint", "success": True,
                                      "result": {"content": "garden/views.py:12:1: F401 'os' imported but unused\nmake: *** [lint] Error 2\n<exited with exit code 2>"}}, ms=2100)
    L.add("tool.execution_start", {"toolCallId": "call_ls", "toolName": "bash", "arguments": {"command": "ls garden", "description": "List the package"}}, ms=5)
    L.add("tool.execution_complete", {"toolCallId": "call_ls", "success": True,
                                      "result": {"content": "__init__.py\nviews.py\n<exited with exit code 0>",
                                                 "contents": [{"type": "terminal", "text": "__init__.py\nviews.py", "exitCode": 0, "cwd": cwd}]}}, ms=400)
    task_args = {"agent_type": "explore", "description": "Find the flake8 config",
                 "prompt": "Find where flake8 is configured for this repo and which rules it selects."}
    L.add("assistant.message", {"messageId": uid("flat-msg-t"), "content": "",
                                "toolRequests": [{"toolCallId": "call_task", "name": "task", "arguments": task_args}]}, ms=600)
    L.add("tool.execution_start", {"toolCallId": "call_task", "toolName": "task", "arguments": task_args}, ms=5)
    L.add("subagent.started", {"toolCallId": "call_task", "agentName": "explore", "agentDisplayName": "Explore",
                               "agentDescription": "Fast read-only exploration of the codebase"}, ms=5)
    grep_args = {"pattern": "flake8", "path": cwd}
    L.add("assistant.message", {"messageId": uid("flat-sub-0"), "content": "", "parentToolCallId": "call_task", "model": "claude-haiku-4.5",
                                "toolRequests": [{"toolCallId": "call_sub_grep", "name": "grep", "arguments": grep_args}]}, ms=700)
    L.add("tool.execution_start", {"toolCallId": "call_sub_grep", "toolName": "grep", "arguments": grep_args, "parentToolCallId": "call_task"}, ms=5)
    L.add("tool.execution_complete", {"toolCallId": "call_sub_grep", "success": True, "parentToolCallId": "call_task",
                                      "result": {"content": "setup.cfg:1:[flake8]\nsetup.cfg:2:select = E,F,W"}}, ms=300)
    L.add("assistant.message", {"messageId": uid("flat-sub-1"), "parentToolCallId": "call_task", "model": "claude-haiku-4.5",
                                "content": "flake8 is configured in `setup.cfg` (`[flake8]`, `select = E,F,W`)."}, ms=900)
    L.add("subagent.completed", {"toolCallId": "call_task", "agentName": "explore", "agentDisplayName": "Explore", "durationMs": 1900, "totalToolCalls": 1}, ms=5)
    L.add("tool.execution_complete", {"toolCallId": "call_task", "success": True,
                                      "result": {"content": "flake8 is configured in setup.cfg ([flake8], select = E,F,W)."}}, ms=5)
    L.add("assistant.message", {"messageId": uid("flat-msg-1"), "content": "`garden/views.py` imports `os` without using it; flake8 reports F401.",
                                "reasoningText": "Lint output names the unused import."}, ms=1500)
    L.add("assistant.turn_end", {"turnId": "0"}, ms=20)
    p2 = "Remove it and run the linter again."
    L.add("user.message", {"content": p2, "transformedContent": p2, "attachments": []}, ms=20000)
    L.add("assistant.turn_start", {"turnId": "0"}, ms=30)
    L.add("assistant.message", {"messageId": uid("flat-msg-2"), "content": "Removing the import.",
                                "toolRequests": [{"toolCallId": "call_edit", "name": "str_replace_editor",
                                                  "arguments": {"command": "str_replace", "path": cwd + "/garden/views.py", "old_str": "import os\n", "new_str": ""}}]}, ms=1300)
    L.add("tool.execution_start", {"toolCallId": "call_edit", "toolName": "str_replace_editor",
                                   "arguments": {"command": "str_replace", "path": cwd + "/garden/views.py", "old_str": "import os\n", "new_str": ""}}, ms=5)
    L.add("abort", {"reason": "user_initiated"}, ms=800)
    return sid, L.events


def write_lines(path, events):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for ev in events:
            f.write(json.dumps(ev, ensure_ascii=False, separators=(",", ":")) + "\n")


def main():
    out = os.path.dirname(os.path.abspath(__file__))
    sdir = os.path.join(out, "session-state", SESSION_ID)
    os.makedirs(sdir, exist_ok=True)
    events = build_events()
    path = os.path.join(sdir, "events.jsonl")
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for ev in events:
            f.write(json.dumps(ev, ensure_ascii=False, separators=(",", ":")) + "\n")
    # fill the self-referential file size like the CLI does (approximate: size before the last line)
    with open(path, "rb") as f:
        lines = f.read().splitlines(keepends=True)
    last = json.loads(lines[-1])
    last["data"]["eventsFileSizeBytes"] = sum(len(l) for l in lines[:-1])
    lines[-1] = (json.dumps(last, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
    with open(path, "wb") as f:
        f.writelines(lines)
    with open(os.path.join(sdir, "workspace.yaml"), "w", encoding="utf-8", newline="\n") as f:
        f.write(f"id: {SESSION_ID}\ncwd: {CWD}\ngit_root: {CWD}\nrepository: sample-org/invoice-tools\nbranch: fix/empty-invoice\n"
                f"client_name: github/cli\nname: Fix ZeroDivisionError for empty invoices\nuser_named: false\n"
                f"created_at: {iso(T0)}\nupdated_at: {events[-1]['timestamp']}\n")
    vdir = os.path.join(out, "vscode-export")
    os.makedirs(vdir, exist_ok=True)
    with open(os.path.join(vdir, "chat-export.json"), "w", encoding="utf-8", newline="\n") as f:
        f.write(json.dumps(build_export(), indent=2, ensure_ascii=False))
    flat_id, flat = build_flat()
    write_lines(os.path.join(out, "session-state", flat_id + ".jsonl"), flat)
    print(f"wrote {len(events)} events to {path}")
    print(f"wrote {os.path.join(vdir, 'chat-export.json')}")


if __name__ == "__main__":
    main()
