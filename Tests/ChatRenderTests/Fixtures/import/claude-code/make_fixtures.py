"""Writes the Claude Code fixtures: a 2.1 session shaped like the real logs (thinking, twelve
tool calls of nine kinds with two edit diffs, a failing and a rejected command, a sub-agent in
its sidecar file and forwarded in progress lines too, a compaction with its own log, slash
commands, a pasted and a returned screenshot), an older session with its sub-agent in sidechain
lines and an agent-<id>.jsonl beside it, a 2.0 session whose sub-agent is only in agent_progress
lines, a session rewound once and edited once (two forks of one parentUuid each, and two
tool calls in one message whose results hang from different lines), a log with bad lines, and
in parallel/ two sessions that start sub-agents at once (a 2.1 one with their own logs, whose
times overlap, then two one after the other; a 1.0 one whose agents' sidechain lines interleave).
Deterministic: run it again and nothing changes.

usage: python3 make_fixtures.py   (from anywhere; writes beside this file)"""
import base64
import json
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
PROJECT = os.path.join(HERE, "projects", "-home-ana-src-shop")
SID = "7f3c9a12-5b8e-4d21-9c47-0e6a1b2c3d4e"
OLD = "2b1d0c9e-8f7a-4e65-b432-10fedcba9876"
CWD = "/home/ana/src/shop"
OPUS = "claude-opus-4-5-20251101"
HAIKU = "claude-haiku-4-5-20251001"
SONNET = "claude-sonnet-4-5-20250929"
PROGRESS_SID = "3c5e7a90-1d2f-4b68-8e19-5a7b3c9d0e2f"


def png(width, height, colour, stripe):
    """A small PNG: a flat colour with a darker stripe, so it is a real picture."""
    rows = b""
    for y in range(height):
        row = b"\x00"
        for x in range(width):
            row += bytes(stripe if height // 3 <= y < 2 * height // 3 else colour)
        rows += row
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


PASTED = base64.b64encode(png(48, 30, (236, 240, 245), (200, 60, 60))).decode()
RETURNED = base64.b64encode(png(48, 30, (245, 245, 235), (40, 140, 80))).decode()


class Log:
    def __init__(self, session, sidechain=False, agent=None, start=0, version="2.1.12"):
        self.version = version
        self.lines = []
        self.session = session
        self.sidechain = sidechain
        self.agent = agent
        self.n = start
        self.parent = None

    def stamp(self):
        self.n += 1
        minute, second = divmod(self.n * 17, 60)
        hour, minute = divmod(9 * 60 + 14 + minute, 60)
        return f"2026-03-02T{hour:02d}:{minute:02d}:{second:02d}.{self.n * 37 % 1000:03d}Z"

    def uuid(self):
        return f"{self.session[:8]}-{'s' if self.sidechain else 'm'}{self.n:03d}-4000-8000-{self.n:012d}"

    def base(self, kind, **extra):
        line = {"parentUuid": self.parent, "isSidechain": self.sidechain, "userType": "external", "cwd": CWD,
                "sessionId": self.session, "version": self.version, "gitBranch": "fix/cart-totals"}
        if self.agent:
            line["agentId"] = self.agent
        line["type"] = kind
        line.update(extra)
        line["timestamp"] = self.stamp()
        line["uuid"] = self.uuid()
        self.parent = line["uuid"]
        self.lines.append(line)
        return line

    def user(self, content, **extra):
        return self.base("user", message={"role": "user", "content": content}, **extra)

    def assistant(self, mid, block, model=OPUS, usage=None, stop=None):
        usage = usage or {"input_tokens": 6, "cache_creation_input_tokens": 1200, "cache_read_input_tokens": 18000, "output_tokens": 240}
        return self.base("assistant", message={"model": model, "id": mid, "type": "message", "role": "assistant",
                                               "content": [block], "stop_reason": stop, "stop_sequence": None,
                                               "usage": dict(usage, service_tier="standard")},
                         requestId="req_" + mid[4:])

    def call(self, mid, tid, name, args, **kw):
        return self.assistant(mid, {"type": "tool_use", "id": tid, "name": name, "input": args}, stop="tool_use", **kw)

    def result(self, tid, content, record, error=False):
        block = {"tool_use_id": tid, "type": "tool_result", "content": content}
        if error:
            block["is_error"] = True
        return self.user([block], toolUseResult=record)

    def system(self, subtype, **extra):
        return self.base("system", subtype=subtype, **extra)

    def progress(self, call, data, tool_use_id):
        """A progress line: what the tool `call` reported while it ran."""
        return self.base("progress", data=data, toolUseID=tool_use_id, parentToolUseID=call)

    def raw(self, line):
        self.lines.append(line)

    def write(self, path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            for line in self.lines:
                f.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")


TOTALS_BEFORE = """from decimal import Decimal


def total(lines, coupon=None, bulk_threshold=10):
    subtotal = sum(line.price * line.quantity for line in lines)
    if coupon:
        subtotal -= coupon.amount
    if sum(line.quantity for line in lines) >= bulk_threshold:
        subtotal *= Decimal("0.9")
    return subtotal.quantize(Decimal("0.01"))
"""


def numbered(text):
    return "\n".join(f"{i + 1:>6}\u2192{line}" for i, line in enumerate(text.rstrip("\n").split("\n")))


def forwarded(kind, body, uuid, stamp, **extra):
    """A sub-agent's message as an agent_progress line carries it: one content block, as the
    session's own lines would be, with its uuid and time."""
    message = {"type": kind, "message": body}
    message.update(extra)
    message["uuid"] = uuid
    message["timestamp"] = stamp
    return message


def progress_line(log, call, tool_use_id, data, n):
    """A progress line in `log` that leaves its counters alone (the lines after it keep their
    uuids and times)."""
    return {"parentUuid": log.parent, "isSidechain": False, "userType": "external", "cwd": CWD, "sessionId": log.session,
            "version": "2.1.12", "gitBranch": "fix/cart-totals", "type": "progress", "data": data, "toolUseID": tool_use_id,
            "parentToolUseID": call, "uuid": f"{log.session[:8]}-p{n:03d}-4000-8000-{n:012d}", "timestamp": log.lines[-1]["timestamp"]}


def main_session():
    log = Log(SID)
    log.raw({"type": "file-history-snapshot", "messageId": "snap-1", "snapshot": {"messageId": "snap-1", "trackedFileBackups": {}, "timestamp": "2026-03-02T09:14:00.000Z"}, "isSnapshotUpdate": False})
    log.user("<command-name>/model</command-name>\n            <command-message>model</command-message>\n            <command-args>opus</command-args>")
    log.user("<local-command-stdout>Set model to \u001b[1mopus (claude-opus-4-5-20251101)\u001b[22m</local-command-stdout>")
    log.user("<local-command-caveat>Caveat: The messages below were generated by the user while running local commands. DO NOT respond to these messages or otherwise consider them in your response unless the user explicitly asks you to.</local-command-caveat>", isMeta=True)
    log.user([{"type": "text", "text": "The cart total is wrong when a coupon and a bulk discount both apply: 12 mugs at 4.50 with a 5.00 coupon should be 44.10, the page says 43.60. Screenshot attached. [Image #1]"},
              {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PASTED}},
              {"type": "text", "text": "<system-reminder>\nThe user opened the file /home/ana/src/shop/cart/totals.py in the IDE.\n</system-reminder>"}],
             imagePasteIds=[1])
    u1 = {"input_tokens": 10, "cache_creation_input_tokens": 4200, "cache_read_input_tokens": 16000, "output_tokens": 310}
    log.assistant("msg_01A", {"type": "thinking", "thinking": "The user says 12 × 4.50 = 54.00, minus the 5.00 coupon = 49.00, times 0.9 = 44.10. The page shows 43.60, which is 54.00 × 0.9 − 5.00 = 43.60. So the bulk discount is applied before the coupon somewhere. Let me find the totals code.", "signature": "EqQBCkgIBxABGAIiQE5vdCBhIHJlYWwgc2lnbmF0dXJl"}, usage=u1)
    log.assistant("msg_01A", {"type": "text", "text": "The numbers say the bulk discount is applied **before** the coupon. Let me find where totals are computed."}, usage=u1)
    log.call("msg_01A", "toolu_01Grep", "Grep", {"pattern": "def total", "path": CWD, "output_mode": "files_with_matches"}, usage=u1)
    log.result("toolu_01Grep", f"Found 2 files\n{CWD}/cart/totals.py\n{CWD}/web/checkout.py",
               {"mode": "files_with_matches", "filenames": [f"{CWD}/cart/totals.py", f"{CWD}/web/checkout.py"], "numFiles": 2})
    log.call("msg_02B", "toolu_02Read", "Read", {"file_path": f"{CWD}/cart/totals.py"})
    log.result("toolu_02Read", numbered(TOTALS_BEFORE),
               {"type": "text", "file": {"filePath": f"{CWD}/cart/totals.py", "content": TOTALS_BEFORE, "numLines": 10, "startLine": 1, "totalLines": 10}})
    log.call("msg_03C", "toolu_03Glob", "Glob", {"pattern": "cart/tests/test_*.py"})
    log.result("toolu_03Glob", f"{CWD}/cart/tests/test_coupons.py\n{CWD}/cart/tests/test_totals.py",
               {"filenames": [f"{CWD}/cart/tests/test_coupons.py", f"{CWD}/cart/tests/test_totals.py"], "durationMs": 14, "numFiles": 2, "truncated": False})
    todos = [{"content": "Reproduce the wrong total in a test", "status": "completed", "activeForm": "Reproducing the wrong total"},
             {"content": "Apply the coupon before the bulk discount", "status": "in_progress", "activeForm": "Fixing the order of discounts"},
             {"content": "Run the cart tests", "status": "pending", "activeForm": "Running the cart tests"}]
    log.call("msg_04D", "toolu_04Todo", "TodoWrite", {"todos": todos})
    log.result("toolu_04Todo", "Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress. Please proceed with the current tasks if applicable",
               {"oldTodos": [], "newTodos": todos})
    log.call("msg_05E", "toolu_05Bash", "Bash", {"command": "python -m pytest -q cart/tests", "description": "Run the cart tests"})
    failing = ("\u001b[31mF\u001b[0m\u001b[32m..........\u001b[0m\n=================================== FAILURES ===================================\n"
               "________________________ test_coupon_then_bulk_discount ________________________\n"
               "    def test_coupon_then_bulk_discount():\n>       assert total(mugs(12), coupon=Coupon(5)) == Decimal(\"44.10\")\n"
               "\u001b[1m\u001b[31mE       AssertionError: assert Decimal('43.60') == Decimal('44.10')\u001b[0m\n"
               "\u001b[31m1 failed\u001b[0m, \u001b[32m10 passed\u001b[0m in 0.42s")
    log.result("toolu_05Bash", "Exit code 1\n" + failing, "Error: Exit code 1\n" + failing, error=True)
    log.assistant("msg_06F", {"type": "thinking", "thinking": "", "signature": "EqQBCkgIBxABGAIiQEVtcHR5IHRoaW5raW5n"})
    log.assistant("msg_06F", {"type": "text", "text": "The test fails as reported. The fix is to take the coupon off first and apply the bulk discount to what is left."})
    new_totals = TOTALS_BEFORE.replace("    if coupon:\n        subtotal -= coupon.amount\n    if sum(line.quantity for line in lines) >= bulk_threshold:\n        subtotal *= Decimal(\"0.9\")\n",
                                       "    if coupon:\n        subtotal -= coupon.amount\n    if sum(line.quantity for line in lines) >= bulk_threshold:\n        subtotal = subtotal * Decimal(\"0.9\")\n    subtotal = max(subtotal, Decimal(0))\n")
    log.call("msg_06F", "toolu_06Edit", "Edit", {"file_path": f"{CWD}/cart/totals.py", "old_string": "        subtotal *= Decimal(\"0.9\")\n    return", "new_string": "        subtotal = subtotal * Decimal(\"0.9\")\n    subtotal = max(subtotal, Decimal(0))\n    return"})
    log.result("toolu_06Edit", f"The file {CWD}/cart/totals.py has been updated. Here's the result of running `cat -n` on a snippet of the edited file:\n     8→        subtotal = subtotal * Decimal(\"0.9\")\n     9→    subtotal = max(subtotal, Decimal(0))",
               {"filePath": f"{CWD}/cart/totals.py", "oldString": "        subtotal *= Decimal(\"0.9\")\n    return", "newString": "        subtotal = subtotal * Decimal(\"0.9\")\n    subtotal = max(subtotal, Decimal(0))\n    return",
                "originalFile": TOTALS_BEFORE, "structuredPatch": [{"oldStart": 6, "oldLines": 5, "newStart": 6, "newLines": 6, "lines": [
                    "     if coupon:", "         subtotal -= coupon.amount", "     if sum(line.quantity for line in lines) >= bulk_threshold:",
                    "-        subtotal *= Decimal(\"0.9\")", "+        subtotal = subtotal * Decimal(\"0.9\")", "+    subtotal = max(subtotal, Decimal(0))",
                    "     return subtotal.quantize(Decimal(\"0.01\"))"]}], "userModified": False, "replaceAll": False})
    log.call("msg_07G", "toolu_07Push", "Bash", {"command": "git push --force origin fix/cart-totals", "description": "Force-push the branch"})
    log.result("toolu_07Push", "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.",
               "User rejected tool use", error=True)
    log.user([{"type": "text", "text": "[Request interrupted by user for tool use]"}])
    log.system("turn_duration", durationMs=48210, isMeta=False)
    log.user("Don't push. Ask an agent to check the coupon tests for cases we miss, then run the tests again.")
    log.call("msg_08H", "toolu_08Task", "Task", {"description": "Review coupon test coverage", "prompt": "Read cart/tests/test_coupons.py and list discount combinations it does not test. Report in under 100 words.", "subagent_type": "Explore"})
    report = "Two combinations are untested: a coupon larger than the subtotal (the total should stop at 0.00), and a coupon with exactly 10 items, the bulk threshold. Both belong in test_coupons.py."
    # 2.1.12 still forwards the sub-agent's steps as progress lines; its own log is read instead.
    task_prompt = "Read cart/tests/test_coupons.py and list discount combinations it does not test. Report in under 100 words."
    stamp = log.lines[-1]["timestamp"]
    first = forwarded("user", {"role": "user", "content": [{"type": "text", "text": task_prompt}]}, "7f3c9a12-s201-4000-8000-000000000201", stamp)
    log.raw(progress_line(log, "toolu_08Task", "agent_msg_08H", {"message": first, "type": "agent_progress", "prompt": task_prompt, "agentId": "a3f9c21"}, 1))
    read_call = forwarded("assistant", {"model": HAIKU, "id": "msg_A1", "type": "message", "role": "assistant",
                                        "content": [{"type": "tool_use", "id": "toolu_A1Read", "name": "Read", "input": {"file_path": f"{CWD}/cart/tests/test_coupons.py", "offset": 1, "limit": 40}}],
                                        "usage": {"input_tokens": 4, "cache_creation_input_tokens": 3000, "cache_read_input_tokens": 0, "output_tokens": 90}},
                          "7f3c9a12-s202-4000-8000-000000000202", stamp, requestId="req_A1")
    log.raw(progress_line(log, "toolu_08Task", "agent_msg_08H", {"message": read_call, "type": "agent_progress", "prompt": "", "agentId": "a3f9c21"}, 2))
    log.raw(progress_line(log, "toolu_08Task", "toolu_A1Read", {"type": "hook_progress", "hookEvent": "PostToolUse", "hookName": "PostToolUse:Read", "command": "true"}, 3))
    log.result("toolu_08Task", [{"type": "text", "text": report}],
               {"status": "completed", "prompt": "Read cart/tests/test_coupons.py and list discount combinations it does not test. Report in under 100 words.", "agentId": "a3f9c21",
                "content": [{"type": "text", "text": report}], "totalDurationMs": 9120, "totalTokens": 14210, "totalToolUseCount": 2,
                "usage": {"input_tokens": 12, "output_tokens": 180}})
    log.system("api_error", level="error", error={"status": 529, "headers": {}, "requestID": "req_011CUX", "error": {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}},
               retryInMs=1148, retryAttempt=1, maxRetries=10)
    boundary = log.system("compact_boundary", content="Conversation compacted", level="info", compactMetadata={"trigger": "auto", "preTokens": 167392})
    compacted_at = log.n - 2  # the compaction's log is written just before its boundary
    boundary["logicalParentUuid"] = boundary["parentUuid"]
    boundary["parentUuid"] = None
    log.user("This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:\nAnalysis:\nThe person reported a wrong cart total with a coupon and a bulk discount.\n\nSummary:\n1. Primary request: fix the order of discounts in `cart/totals.py`.\n2. Done: the failing test reproduces it; the edit applies the bulk discount after the coupon and stops at zero.\n3. Next: add the two cases the agent found and run the tests.",
             isCompactSummary=True, isVisibleInTranscriptOnly=True)
    log.call("msg_09I", "toolu_09Edit", "Edit", {"file_path": f"{CWD}/cart/tests/test_coupons.py", "old_string": "def test_coupon_only():", "new_string": "def test_coupon_larger_than_subtotal():\n    assert total(mugs(1), coupon=Coupon(10)) == Decimal(\"0.00\")\n\n\ndef test_coupon_only():"})
    log.result("toolu_09Edit", f"The file {CWD}/cart/tests/test_coupons.py has been updated.",
               {"filePath": f"{CWD}/cart/tests/test_coupons.py", "oldString": "def test_coupon_only():", "newString": "…", "originalFile": None,
                "structuredPatch": [{"oldStart": 12, "oldLines": 3, "newStart": 12, "newLines": 7, "lines": [
                    " ", " ", "+def test_coupon_larger_than_subtotal():", "+    assert total(mugs(1), coupon=Coupon(10)) == Decimal(\"0.00\")", "+", "+", " def test_coupon_only():"]}],
                "userModified": False, "replaceAll": False})
    log.call("msg_10J", "toolu_10Bash", "Bash", {"command": "python -m pytest -q cart/tests", "description": "Run the cart tests again"})
    passing = "\u001b[32m............\u001b[0m\n\u001b[32m12 passed\u001b[0m in 0.40s\n"
    log.result("toolu_10Bash", passing.rstrip("\n"), {"stdout": passing, "stderr": "", "interrupted": False, "isImage": False})
    log.call("msg_11K", "toolu_11Shot", "mcp__playwright__browser_take_screenshot", {"filename": "checkout.png", "fullPage": False})
    log.result("toolu_11Shot", [{"type": "text", "text": "Took the screenshot of the current page and saved it as checkout.png"},
                                {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": RETURNED}}],
               [{"type": "text", "text": "Took the screenshot of the current page and saved it as checkout.png"}, {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": RETURNED}}])
    log.call("msg_12L", "toolu_12Fetch", "WebFetch", {"url": "https://docs.python.org/3/library/decimal.html", "prompt": "How does Decimal.quantize round by default?"})
    log.result("toolu_12Fetch", "Decimal.quantize uses the context's rounding, ROUND_HALF_EVEN by default, unless a rounding argument is given.",
               {"bytes": 241876, "code": 200, "codeText": "OK", "result": "Decimal.quantize uses the context's rounding, ROUND_HALF_EVEN by default, unless a rounding argument is given.", "durationMs": 2210, "url": "https://docs.python.org/3/library/decimal.html"})
    u13 = {"input_tokens": 8, "cache_creation_input_tokens": 900, "cache_read_input_tokens": 21000, "output_tokens": 420}
    log.assistant("msg_13M", {"type": "text", "text": "Fixed. The coupon now comes off first and the bulk discount applies to what is left:\n\n```python\nif coupon:\n    subtotal -= coupon.amount\nif quantity >= bulk_threshold:\n    subtotal = subtotal * Decimal(\"0.9\")\nsubtotal = max(subtotal, Decimal(0))\n```\n\n| case | before | after |\n| --- | ---: | ---: |\n| 12 mugs, 5.00 coupon | 43.60 | 44.10 |\n| 1 mug, 10.00 coupon | −5.50 | 0.00 |\n\nAll 12 cart tests pass, and the checkout page shows 44.10. I did not push: the branch is ready when you are."}, usage=u13, stop="end_turn")
    log.system("turn_duration", durationMs=95400, isMeta=False)
    log.raw({"type": "ai-title", "aiTitle": "Cart total with coupon", "sessionId": SID})
    log.raw({"type": "summary", "summary": "Coupon and bulk discount order", "leafUuid": log.parent})
    log.raw({"type": "ai-title", "aiTitle": "Fix the cart total when a coupon and a bulk discount both apply", "sessionId": SID})
    log.raw({"type": "queue-operation", "operation": "enqueue", "timestamp": "2026-03-02T09:40:00.000Z", "sessionId": SID, "content": "also check the page"})
    log.raw({"type": "permission-mode", "permissionMode": "acceptEdits", "sessionId": SID})
    log.write(os.path.join(PROJECT, SID + ".jsonl"))

    agent = Log(SID, sidechain=True, agent="a3f9c21", start=200)
    agent.user("Read cart/tests/test_coupons.py and list discount combinations it does not test. Report in under 100 words.")
    hu = {"input_tokens": 4, "cache_creation_input_tokens": 3000, "cache_read_input_tokens": 0, "output_tokens": 90}
    agent.call("msg_A1", "toolu_A1Read", "Read", {"file_path": f"{CWD}/cart/tests/test_coupons.py", "offset": 1, "limit": 40}, model=HAIKU, usage=hu)
    tests = "from decimal import Decimal\n\nfrom cart.totals import total\nfrom cart.testing import Coupon, mugs\n\n\ndef test_no_coupon():\n    assert total(mugs(2)) == Decimal(\"9.00\")\n\n\n\n\ndef test_coupon_only():\n    assert total(mugs(2), coupon=Coupon(1)) == Decimal(\"8.00\")\n"
    agent.result("toolu_A1Read", numbered(tests), {"type": "text", "file": {"filePath": f"{CWD}/cart/tests/test_coupons.py", "content": tests, "numLines": 14, "startLine": 1, "totalLines": 14}})
    agent.call("msg_A2", "toolu_A2Grep", "Grep", {"pattern": "bulk_threshold", "path": f"{CWD}/cart", "output_mode": "content", "-n": True}, model=HAIKU, usage=hu)
    agent.result("toolu_A2Grep", f"{CWD}/cart/totals.py:4:def total(lines, coupon=None, bulk_threshold=10):\n{CWD}/cart/totals.py:8:    if sum(line.quantity for line in lines) >= bulk_threshold:",
                 {"mode": "content", "numFiles": 0, "filenames": [], "content": "…", "numLines": 2})
    agent.assistant("msg_A3", {"type": "text", "text": report}, model=HAIKU, usage=hu, stop="end_turn")
    agent.write(os.path.join(PROJECT, SID, "subagents", "agent-a3f9c21.jsonl"))
    with open(os.path.join(PROJECT, SID, "subagents", "agent-a3f9c21.meta.json"), "w", encoding="utf-8") as f:
        json.dump({"agentType": "Explore"}, f)
        f.write("\n")

    # The compaction ran as a sub-agent of its own: its log opens with the session's messages it
    # was given (their API message ids kept), then the request to sum up and the summary, the
    # only new call.
    compact = Log(SID, sidechain=True, agent="acompact-5e02b7", start=compacted_at)
    by_id = {}
    for line in log.lines:
        if line.get("type") == "assistant" and line["message"]["id"] in ("msg_06F", "msg_07G", "msg_08H"):
            by_id.setdefault(line["message"]["id"], []).append(line)
    for mid in ("msg_06F", "msg_07G", "msg_08H"):
        for line in by_id[mid]:
            compact.raw(dict(line, isSidechain=True, agentId="acompact-5e02b7"))
    compact.user("Your task is to write a detailed summary of the conversation so far, paying close attention to the person's requests and the work done. Wrap it in <summary> tags.")
    summary = ("<analysis>The person reported a wrong cart total; the fix and a sub-agent's review are done.</analysis>\n<summary>\n"
               "1. Primary request: fix the order of discounts in `cart/totals.py`.\n2. Done: the failing test reproduces it.\n"
               "3. Next: add the two cases the agent found and run the tests.\n</summary>")
    compact.assistant("msg_C1", {"type": "text", "text": summary}, usage={"input_tokens": 3, "cache_creation_input_tokens": 1500, "cache_read_input_tokens": 160000, "output_tokens": 640}, stop="end_turn")
    compact.write(os.path.join(PROJECT, SID, "subagents", "agent-acompact-5e02b7.jsonl"))


def older_session():
    """A 1.0-era session: the sub-agent's lines are sidechain lines in the session file, and a
    second agent's log sits beside the session as agent-<id>.jsonl."""
    log = Log(OLD, start=400)
    log.user("Which files import the payment client?")
    log.call("msg_O1", "toolu_O1Task", "Task", {"description": "Find payment client imports", "prompt": "List every file that imports payments.client.", "subagent_type": "general-purpose"})
    side = Log(OLD, sidechain=True, start=420)
    side.user("List every file that imports payments.client.")
    side.call("msg_S1", "toolu_S1Grep", "Grep", {"pattern": "payments.client", "output_mode": "files_with_matches"})
    side.result("toolu_S1Grep", f"Found 1 file\n{CWD}/web/checkout.py", {"mode": "files_with_matches", "filenames": [f"{CWD}/web/checkout.py"], "numFiles": 1})
    side.assistant("msg_S2", {"type": "text", "text": "Only web/checkout.py imports it."}, stop="end_turn")
    for line in side.lines:
        log.raw(line)
    log.result("toolu_O1Task", [{"type": "text", "text": "Only web/checkout.py imports it."}], {"status": "completed", "content": [{"type": "text", "text": "Only web/checkout.py imports it."}]})
    log.call("msg_O2", "toolu_O2Task", "Task", {"description": "Check the client's tests", "prompt": "Do the payment client tests cover refunds?", "subagent_type": "general-purpose"})
    log.result("toolu_O2Task", [{"type": "text", "text": "Yes: test_refund_full and test_refund_partial."}], {"status": "completed", "agentId": "b77e01", "content": [{"type": "text", "text": "Yes: test_refund_full and test_refund_partial."}]})
    log.assistant("msg_O3", {"type": "text", "text": "Only `web/checkout.py` imports the payment client, and its tests cover full and partial refunds."}, stop="end_turn")
    log.raw({"type": "custom-title", "customTitle": "Payment client imports", "sessionId": OLD})
    log.write(os.path.join(PROJECT, OLD + ".jsonl"))
    beside = Log(OLD, sidechain=True, agent="b77e01", start=460)
    beside.user("Do the payment client tests cover refunds?")
    beside.assistant("msg_B1", {"type": "text", "text": "Yes: test_refund_full and test_refund_partial."}, stop="end_turn")
    beside.write(os.path.join(PROJECT, "agent-b77e01.jsonl"))


def progress_session():
    """A 2.0 session whose Plan agent has no log of its own: its nine tool calls are only in the
    agent_progress lines of the session, shaped as that version wrote them (the prompt first,
    then each tool call and result as it happened, the messages so far in normalizedMessages,
    replies' text only there). Drift: a line forwarded twice, lines without normalizedMessages,
    progress for a call that is not in the log, and a progress type nobody knows."""
    log = Log(PROGRESS_SID, version="2.0.64")
    log.user("Plan how to add gift cards to checkout. Don't change anything yet.")
    log.assistant("msg_G0", {"type": "text", "text": "I'll have a Plan agent look at the checkout code first."})
    prompt = "Study the checkout code (checkout/, cart/) and plan how to add gift cards as a payment method. Name the files to change and the tests to add."
    log.call("msg_G0", "toolu_G1Task", "Task", {"description": "Plan gift card support", "prompt": prompt, "subagent_type": "Plan"})
    agent_id, tool_use_id = "a7c04e1", "agent_msg_G0"
    n = [0]

    def ids():
        n[0] += 1
        return f"{PROGRESS_SID[:8]}-f{n[0]:03d}-4000-8000-{n[0]:012d}", log.stamp()

    so_far = []

    def send(message, with_so_far=True):
        data = {"message": message}
        if with_so_far:
            data["normalizedMessages"] = list(so_far)
        data.update({"type": "agent_progress", "prompt": prompt, "agentId": agent_id})
        log.progress("toolu_G1Task", data, tool_use_id)

    uuid, stamp = ids()
    ask = forwarded("user", {"role": "user", "content": [{"type": "text", "text": prompt}]}, uuid, stamp)
    so_far.append(ask)
    send(ask)
    usage = {"input_tokens": 5, "cache_creation_input_tokens": 800, "cache_read_input_tokens": 12000, "output_tokens": 120}

    def said(mid, block):
        uuid, stamp = ids()
        message = forwarded("assistant", {"model": SONNET, "id": mid, "type": "message", "role": "assistant", "content": [block],
                                          "stop_reason": None, "stop_sequence": None, "usage": usage}, uuid, stamp, requestId="req_" + mid[4:])
        so_far.append(message)
        return message

    def use(mid, tid, name, args, with_so_far=True):
        message = said(mid, {"type": "tool_use", "id": tid, "name": name, "input": args})
        send(message, with_so_far)
        return message

    def answer(tid, content, record, with_so_far=True):
        uuid, stamp = ids()
        message = forwarded("user", {"role": "user", "content": [{"tool_use_id": tid, "type": "tool_result", "content": content}]},
                            uuid, stamp, toolUseResult=record)
        send(message, with_so_far)

    flow = "def checkout(cart, payment):\n    total = cart.total()\n    payment.charge(total)\n    return Receipt(cart, total)\n"
    # Thinking and text are never forwarded on their own: only in the later lines' normalizedMessages.
    said("msg_P1", {"type": "thinking", "thinking": "Gift cards are a payment method; find where payments are chosen.", "signature": "RXhhbXBsZSBzaWduYXR1cmU="})
    said("msg_P1", {"type": "text", "text": "I'll start with the checkout flow."})
    use("msg_P1", "toolu_P1Glob", "Glob", {"pattern": "checkout/**/*.py"})
    answer("toolu_P1Glob", f"{CWD}/checkout/flow.py\n{CWD}/checkout/payments.py", {"filenames": [f"{CWD}/checkout/flow.py", f"{CWD}/checkout/payments.py"], "numFiles": 2, "truncated": False})
    use("msg_P2", "toolu_P2Read", "Read", {"file_path": f"{CWD}/checkout/flow.py"})
    answer("toolu_P2Read", numbered(flow), {"type": "text", "file": {"filePath": f"{CWD}/checkout/flow.py", "content": flow, "numLines": 4, "startLine": 1, "totalLines": 4}})
    # Two calls in one reply: two forwarded messages of one API message, its usage counted once.
    use("msg_P3", "toolu_P3Read", "Read", {"file_path": f"{CWD}/cart/totals.py"})
    use("msg_P3", "toolu_P3Grep", "Grep", {"pattern": "def charge", "path": f"{CWD}/checkout", "output_mode": "content"})
    answer("toolu_P3Read", numbered(TOTALS_BEFORE), {"type": "text", "file": {"filePath": f"{CWD}/cart/totals.py", "content": TOTALS_BEFORE, "numLines": 10, "startLine": 1, "totalLines": 10}})
    answer("toolu_P3Grep", f"{CWD}/checkout/payments.py:12:    def charge(self, amount):", {"mode": "content", "numFiles": 0, "filenames": [], "content": "…", "numLines": 1})
    grep = use("msg_P4", "toolu_P4Grep", "Grep", {"pattern": "payment_method", "output_mode": "files_with_matches"})
    # The same message forwarded again as it streamed: one call.
    send(grep)
    answer("toolu_P4Grep", f"Found 1 file\n{CWD}/checkout/payments.py", {"mode": "files_with_matches", "filenames": [f"{CWD}/checkout/payments.py"], "numFiles": 1})
    use("msg_P5", "toolu_P5Bash", "Bash", {"command": "git log --oneline -3 -- checkout", "description": "Recent checkout changes"})
    answer("toolu_P5Bash", "9f1c2ab Split payments out of flow\n41d0e77 Add Receipt\n0c3e5d1 First checkout", {"stdout": "9f1c2ab Split payments out of flow\n41d0e77 Add Receipt\n0c3e5d1 First checkout\n", "stderr": "", "interrupted": False, "isImage": False})
    # Later lines of this session carry no normalizedMessages.
    use("msg_P6", "toolu_P6Read", "Read", {"file_path": f"{CWD}/checkout/payments.py"}, with_so_far=False)
    payments = "class Card:\n    def charge(self, amount):\n        ...\n"
    answer("toolu_P6Read", numbered(payments), {"type": "text", "file": {"filePath": f"{CWD}/checkout/payments.py", "content": payments, "numLines": 3, "startLine": 1, "totalLines": 3}}, with_so_far=False)
    use("msg_P7", "toolu_P7Glob", "Glob", {"pattern": "checkout/tests/test_*.py"}, with_so_far=False)
    answer("toolu_P7Glob", f"{CWD}/checkout/tests/test_flow.py", {"filenames": [f"{CWD}/checkout/tests/test_flow.py"], "numFiles": 1, "truncated": False}, with_so_far=False)
    log.progress("toolu_G1Task", {"type": "sparkle_progress", "level": 3}, "toolu_P7Glob")
    use("msg_P8", "toolu_P8Read", "Read", {"file_path": f"{CWD}/checkout/tests/test_flow.py"}, with_so_far=False)
    log.progress("toolu_G1Task", {"type": "sparkle_progress", "level": 4}, "toolu_P8Read")
    answer("toolu_P8Read", numbered("def test_checkout_charges_the_card():\n    ...\n"), {"type": "text", "file": {"filePath": f"{CWD}/checkout/tests/test_flow.py", "content": "…", "numLines": 2, "startLine": 1, "totalLines": 2}}, with_so_far=False)
    # A sub-agent whose call is not in this log (the log was cut before it).
    uuid, stamp = ids()
    stray = forwarded("assistant", {"model": SONNET, "id": "msg_Z1", "type": "message", "role": "assistant",
                                    "content": [{"type": "tool_use", "id": "toolu_Z1Read", "name": "Read", "input": {"file_path": f"{CWD}/README.md"}}], "usage": usage}, uuid, stamp)
    log.progress("toolu_00Gone", {"message": stray, "type": "agent_progress", "prompt": "", "agentId": "a0d0d0d"}, "agent_msg_Z0")
    log.progress("toolu_00Gone", {"message": stray, "type": "agent_progress", "prompt": "", "agentId": "a0d0d0d"}, "agent_msg_Z0")
    plan = ("Plan: add `GiftCard` beside `Card` in checkout/payments.py with the same `charge(amount)`; let `checkout()` take several payments "
            "and charge the gift card first; add test_gift_card_covers_part and test_gift_card_covers_all to checkout/tests/test_flow.py.")
    log.result("toolu_G1Task", [{"type": "text", "text": plan}],
               {"status": "completed", "prompt": prompt, "agentId": agent_id, "content": [{"type": "text", "text": plan}],
                "totalDurationMs": 41200, "totalTokens": 21840, "totalToolUseCount": 9, "usage": {"input_tokens": 5, "output_tokens": 420}})
    log.assistant("msg_G2", {"type": "text", "text": "The agent's plan: a `GiftCard` payment beside `Card`, charged first, with two new tests. Shall I go ahead?"}, stop="end_turn")
    log.write(os.path.join(HERE, "agent-progress", PROGRESS_SID + ".jsonl"))


def bad_session():
    log = Log("badbadba-0000-4000-8000-000000000000", start=600)
    log.user("Hello")
    log.assistant("msg_X1", {"type": "text", "text": "Hi. What shall we work on?"}, stop="end_turn")
    lines = [json.dumps(line, separators=(",", ":")) for line in log.lines]
    lines.insert(1, '{"type":"user","message":{"role":"user","content":"broken"')
    lines.insert(2, '["not", "an", "object"]')
    lines.insert(3, '{"type":"telemetry-blip","sessionId":"x"}')
    lines.insert(4, '{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_nowhere","content":"?"}]}}')
    lines.insert(5, '{"type":"assistant","message":{"id":"msg_X0","role":"assistant","content":[{"type":"hologram","data":1}]}}')
    with open(os.path.join(HERE, "bad.jsonl"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


REWIND_SID = "5d2e8f41-6a3b-4c7d-9e10-2f4a6b8c0d1e"


def rewind_session():
    """The person asked for one thing, rewound (/rewind, "restore the conversation") and asked
    for another from the same place, then edited a later prompt (Esc Esc): each time the new
    prompt's parentUuid is the line the old prompt hung from. The old lines stay in the file."""
    log = Log(REWIND_SID, start=700)
    log.user("Add a --dry-run flag to scripts/import.py that prints what it would change.")
    log.assistant("msg_R1", {"type": "text", "text": "I'll read the script first."})
    # Two calls in one message: each result hangs from its own call's line, so the first
    # result's line is a leaf off the path (not a branch: no prompt follows it).
    first_call = log.call("msg_R1", "toolu_R1Read", "Read", {"file_path": f"{CWD}/scripts/import.py"})
    second_call = log.call("msg_R1", "toolu_R2Read", "Read", {"file_path": f"{CWD}/scripts/README.md"})
    log.parent = first_call["uuid"]
    log.result("toolu_R1Read", numbered("import sys\n\n\ndef main(argv):\n    apply(read(argv[1]))\n"), {"type": "text"})
    log.parent = second_call["uuid"]
    log.result("toolu_R2Read", numbered("# Scripts\n\n`import.py FILE` loads FILE into the shop.\n"), {"type": "text"})
    log.call("msg_R2", "toolu_R3Edit", "Edit", {"file_path": f"{CWD}/scripts/import.py", "old_string": "    apply(read(argv[1]))", "new_string": "    rows = read(argv[1])\n    if \"--dry-run\" in argv:\n        print(plan(rows))\n        return\n    apply(rows)"})
    log.result("toolu_R3Edit", f"The file {CWD}/scripts/import.py has been updated.", {"filePath": f"{CWD}/scripts/import.py"})
    fork_one = log.assistant("msg_R3", {"type": "text", "text": "Done: `--dry-run` prints the planned changes and stops before `apply`."}, stop="end_turn")
    # The branch left behind by the rewind.
    log.user("Now make dry-run the default, with --apply to write.")
    log.assistant("msg_R4", {"type": "text", "text": "Made dry-run the default: the script writes only with `--apply`."}, stop="end_turn")
    log.system("turn_duration", durationMs=8200, isMeta=False)
    # /rewind to the prompt above, restoring the conversation: the new prompt hangs where it did.
    log.parent = fork_one["uuid"]
    log.user("Now add a test for --dry-run.")
    fork_two = log.assistant("msg_R5", {"type": "text", "text": "Added `tests/test_import.py::test_dry_run_changes_nothing`."}, stop="end_turn")
    # The prompt edited afterwards (Esc Esc): its first wording and what it got stay too.
    log.user("Run it.")
    log.call("msg_R6", "toolu_R6Bash", "Bash", {"command": "python -m pytest -q tests/test_import.py", "description": "Run the new test"})
    log.result("toolu_R6Bash", "1 passed in 0.05s", {"stdout": "1 passed in 0.05s\n", "stderr": "", "interrupted": False, "isImage": False})
    log.assistant("msg_R7", {"type": "text", "text": "The new test passes."}, stop="end_turn")
    log.parent = fork_two["uuid"]
    log.user("Run the whole suite, quietly.")
    log.call("msg_R8", "toolu_R8Bash", "Bash", {"command": "python -m pytest -q", "description": "Run every test"})
    log.result("toolu_R8Bash", "14 passed in 0.61s", {"stdout": "14 passed in 0.61s\n", "stderr": "", "interrupted": False, "isImage": False})
    log.assistant("msg_R9", {"type": "text", "text": "All 14 tests pass."}, stop="end_turn")
    log.system("turn_duration", durationMs=6100, isMeta=False)
    log.raw({"type": "last-prompt", "lastPrompt": "Run the whole suite, quietly.", "sessionId": REWIND_SID})
    log.write(os.path.join(HERE, "rewind", REWIND_SID + ".jsonl"))


PARALLEL_SID = "9a4c2e71-3b5d-4f86-a1c7-2d8e6f0b4a93"
PARALLEL_OLD = "4e8b1f60-7c2a-4d95-b813-6a0f2c9e5d17"


def at(line, clock):
    """Gives a line the time `clock` ("10:02:06.120") of 2026-03-04: these sessions are about when."""
    line["timestamp"] = f"2026-03-04T{clock}Z"
    return line


def parallel_session():
    """A 2.1 session whose first reply starts two sub-agents at once (two Task calls in one API
    message, each result hanging from its own call's line, as Claude Code writes parallel tool
    calls), each with its own log under subagents/ whose times overlap the other's; then a second
    reply that starts two sub-agents one after the other."""
    log = Log(PARALLEL_SID, start=800)
    at(log.user("Before we change checkout: find every caller of total(), and check which tests cover discounts. Do both at once."), "10:02:00.412")
    at(log.assistant("msg_T1", {"type": "text", "text": "I'll run two agents in parallel: one finds the callers, one reviews the discount tests."}), "10:02:04.210")
    callers_prompt = "Find every call of cart.totals.total() outside cart/. Report file:line and what each passes as coupon."
    tests_prompt = "Review the tests that cover discounts (coupons, bulk). Run them and list combinations they miss."
    call_a = at(log.call("msg_T1", "toolu_T1Callers", "Task", {"description": "Find callers of total()", "prompt": callers_prompt, "subagent_type": "Explore"}), "10:02:05.003")
    call_b = at(log.call("msg_T1", "toolu_T2Tests", "Task", {"description": "Review discount tests", "prompt": tests_prompt, "subagent_type": "general-purpose"}), "10:02:05.118")
    callers_report = "Two callers: web/checkout.py:41 passes the session's coupon, api/orders.py:88 passes coupon=None."
    tests_report = "11 discount tests pass. Missing: a coupon larger than the subtotal, and exactly 10 items with a coupon."
    log.parent = call_a["uuid"]
    at(log.result("toolu_T1Callers", [{"type": "text", "text": callers_report}],
                  {"status": "completed", "prompt": callers_prompt, "agentId": "a51c0d2", "content": [{"type": "text", "text": callers_report}],
                   "totalDurationMs": 66240, "totalTokens": 9120, "totalToolUseCount": 2, "usage": {"input_tokens": 8, "output_tokens": 120}}), "10:03:12.900")
    log.parent = call_b["uuid"]
    at(log.result("toolu_T2Tests", [{"type": "text", "text": tests_report}],
                  {"status": "completed", "prompt": tests_prompt, "agentId": "b7e93f4", "content": [{"type": "text", "text": tests_report}],
                   "totalDurationMs": 131530, "totalTokens": 18400, "totalToolUseCount": 3, "usage": {"input_tokens": 10, "output_tokens": 160}}), "10:04:17.760")
    at(log.assistant("msg_T2", {"type": "text", "text": "Both agents are done: two callers pass a coupon through, and two discount cases have no test."}, stop="end_turn"), "10:04:24.051")
    at(log.system("turn_duration", durationMs=143639, isMeta=False), "10:04:24.060")

    # One after the other: the second starts after the first has reported.
    at(log.user("Now have an agent write those two tests, then another check the callers handle a zero total."), "10:05:00.007")
    write_prompt = "Add test_coupon_larger_than_subtotal and test_ten_items_with_coupon to cart/tests/test_coupons.py."
    check_prompt = "Check that web/checkout.py and api/orders.py handle a total of 0.00."
    at(log.call("msg_T3", "toolu_T3Write", "Task", {"description": "Write the two tests", "prompt": write_prompt, "subagent_type": "general-purpose"}), "10:05:03.500")
    at(log.result("toolu_T3Write", [{"type": "text", "text": "Added both tests; they pass."}],
                  {"status": "completed", "prompt": write_prompt, "agentId": "c20d8e5", "content": [{"type": "text", "text": "Added both tests; they pass."}]}), "10:05:41.300")
    at(log.call("msg_T4", "toolu_T4Check", "Task", {"description": "Check zero totals", "prompt": check_prompt, "subagent_type": "Explore"}), "10:05:44.020")
    at(log.result("toolu_T4Check", [{"type": "text", "text": "Both show 0.00 and skip the card charge."}],
                  {"status": "completed", "prompt": check_prompt, "agentId": "d91f3a6", "content": [{"type": "text", "text": "Both show 0.00 and skip the card charge."}]}), "10:06:20.450")
    at(log.assistant("msg_T5", {"type": "text", "text": "The tests are in and pass, and a zero total is handled."}, stop="end_turn"), "10:06:25.000")
    log.raw({"type": "ai-title", "aiTitle": "Callers of total() and discount tests", "sessionId": PARALLEL_SID})
    folder = os.path.join(HERE, "parallel")
    log.write(os.path.join(folder, PARALLEL_SID + ".jsonl"))
    agents = os.path.join(folder, PARALLEL_SID, "subagents")
    hu = {"input_tokens": 4, "cache_creation_input_tokens": 2400, "cache_read_input_tokens": 0, "output_tokens": 80}

    def agent_log(agent_id, kind, lines):
        agent = Log(PARALLEL_SID, sidechain=True, agent=agent_id, start=900)
        for make, clock in lines:
            at(make(agent), clock)
        agent.write(os.path.join(agents, f"agent-{agent_id}.jsonl"))
        with open(os.path.join(agents, f"agent-{agent_id}.meta.json"), "w", encoding="utf-8") as f:
            json.dump({"agentType": kind}, f)
            f.write("\n")

    # The callers agent: 10:02:06 to 10:03:12.
    agent_log("a51c0d2", "Explore", [
        (lambda a: a.user(callers_prompt), "10:02:06.220"),
        (lambda a: a.call("msg_A1", "toolu_A1Grep", "Grep", {"pattern": "total\\(", "path": CWD, "glob": "!cart/**", "output_mode": "content", "-n": True}, model=HAIKU, usage=hu), "10:02:09.514"),
        (lambda a: a.result("toolu_A1Grep", f"{CWD}/web/checkout.py:41:    amount = total(cart.lines, coupon=session.coupon)\n{CWD}/api/orders.py:88:    return total(order.lines)",
                            {"mode": "content", "numFiles": 0, "filenames": [], "content": "…", "numLines": 2}), "10:02:10.031"),
        (lambda a: a.call("msg_A2", "toolu_A2Read", "Read", {"file_path": f"{CWD}/api/orders.py", "offset": 80, "limit": 12}, model=HAIKU, usage=hu), "10:02:14.870"),
        (lambda a: a.result("toolu_A2Read", numbered("def order_total(order):\n    return total(order.lines)\n"), {"type": "text"}), "10:02:15.102"),
        (lambda a: a.assistant("msg_A3", {"type": "text", "text": callers_report}, model=HAIKU, usage=hu, stop="end_turn"), "10:03:12.640"),
    ])
    # The tests agent: 10:02:06 to 10:04:17, running its tests while the other reads.
    agent_log("b7e93f4", "general-purpose", [
        (lambda a: a.user(tests_prompt), "10:02:07.905"),
        (lambda a: a.call("msg_B1", "toolu_B1Glob", "Glob", {"pattern": "cart/tests/test_*.py"}, model=SONNET, usage=hu), "10:02:11.440"),
        (lambda a: a.result("toolu_B1Glob", f"{CWD}/cart/tests/test_coupons.py\n{CWD}/cart/tests/test_totals.py", {"filenames": [], "numFiles": 2, "truncated": False}), "10:02:11.602"),
        (lambda a: a.call("msg_B2", "toolu_B2Bash", "Bash", {"command": "python -m pytest -q cart/tests -k 'coupon or bulk'", "description": "Run the discount tests"}, model=SONNET, usage=hu), "10:02:50.118"),
        (lambda a: a.result("toolu_B2Bash", "...........\n11 passed in 38.92s", {"stdout": "...........\n11 passed in 38.92s\n", "stderr": "", "interrupted": False, "isImage": False}), "10:03:31.077"),
        (lambda a: a.assistant("msg_B3", {"type": "text", "text": tests_report}, model=SONNET, usage=hu, stop="end_turn"), "10:04:17.480"),
    ])
    # One after the other.
    agent_log("c20d8e5", "general-purpose", [
        (lambda a: a.user(write_prompt), "10:05:04.100"),
        (lambda a: a.assistant("msg_C1", {"type": "text", "text": "Added both tests; they pass."}, model=SONNET, usage=hu, stop="end_turn"), "10:05:40.900"),
    ])
    agent_log("d91f3a6", "Explore", [
        (lambda a: a.user(check_prompt), "10:05:44.600"),
        (lambda a: a.assistant("msg_D1", {"type": "text", "text": "Both show 0.00 and skip the card charge."}, model=HAIKU, usage=hu, stop="end_turn"), "10:06:19.800"),
    ])


def parallel_sidechain_session():
    """A 1.0-era session that started two sub-agents at once: their sidechain lines are in the
    session file, written in turn as each agent worked, so one agent's lines come between the
    other's. Each agent's lines hang from its own prompt by parentUuid."""
    log = Log(PARALLEL_OLD, version="1.0.51", start=1000)
    at(log.user("Which modules import the payment client, and which of them have tests?"), "14:20:00.100")
    imports_prompt = "List every module that imports payments.client."
    tests_prompt = "List the test files under tests/ that exercise payments."
    call_a = at(log.call("msg_Q1", "toolu_Q1Imports", "Task", {"description": "Find payment client imports", "prompt": imports_prompt, "subagent_type": "general-purpose"}), "14:20:03.200")
    call_b = at(log.call("msg_Q1", "toolu_Q2Tests", "Task", {"description": "Find payment tests", "prompt": tests_prompt, "subagent_type": "general-purpose"}), "14:20:03.300")
    a = Log(PARALLEL_OLD, sidechain=True, start=1100)
    b = Log(PARALLEL_OLD, sidechain=True, start=1200)
    steps = [
        (a, lambda: a.user(imports_prompt), "14:20:04.000"),
        (b, lambda: b.user(tests_prompt), "14:20:04.050"),
        (a, lambda: a.call("msg_QA1", "toolu_QA1Grep", "Grep", {"pattern": "payments.client", "output_mode": "files_with_matches"}), "14:20:06.400"),
        (b, lambda: b.call("msg_QB1", "toolu_QB1Glob", "Glob", {"pattern": "tests/**/test_pay*.py"}), "14:20:06.900"),
        (a, lambda: a.result("toolu_QA1Grep", f"Found 2 files\n{CWD}/web/checkout.py\n{CWD}/api/refunds.py", {"mode": "files_with_matches", "filenames": [], "numFiles": 2}), "14:20:07.100"),
        (b, lambda: b.result("toolu_QB1Glob", f"{CWD}/tests/test_payments.py", {"filenames": [], "numFiles": 1, "truncated": False}), "14:20:07.300"),
        (b, lambda: b.assistant("msg_QB2", {"type": "text", "text": "Only tests/test_payments.py."}, stop="end_turn"), "14:20:31.000"),
        (a, lambda: a.assistant("msg_QA2", {"type": "text", "text": "web/checkout.py and api/refunds.py."}, stop="end_turn"), "14:20:52.000"),
    ]
    for agent, make, clock in steps:
        log.raw(at(make(), clock))
    log.parent = call_a["uuid"]
    at(log.result("toolu_Q1Imports", [{"type": "text", "text": "web/checkout.py and api/refunds.py."}], {"status": "completed", "content": [{"type": "text", "text": "web/checkout.py and api/refunds.py."}]}), "14:20:52.400")
    log.parent = call_b["uuid"]
    at(log.result("toolu_Q2Tests", [{"type": "text", "text": "Only tests/test_payments.py."}], {"status": "completed", "content": [{"type": "text", "text": "Only tests/test_payments.py."}]}), "14:20:52.500")
    at(log.assistant("msg_Q2", {"type": "text", "text": "Two modules import it; only the checkout is covered, by tests/test_payments.py."}, stop="end_turn"), "14:20:58.000")
    log.write(os.path.join(HERE, "parallel", PARALLEL_OLD + ".jsonl"))


main_session()
older_session()
progress_session()
rewind_session()
bad_session()
parallel_session()
parallel_sidechain_session()
