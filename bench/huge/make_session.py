"""A Claude Code session log of a given size, seeded, in the shape Claude Code 2.x writes: one
thread of prompts, assistant messages split into one line per content block (thinking, text,
tool_use) with their usage, tool results as user lines with `toolUseResult`, bookkeeping lines
(file-history-snapshot, system), and now and then a compaction. Every parentUuid links to the
line before, so the session is one long working thread, as a real multi-day session is.

usage: python3 bench/huge/make_session.py OUT.jsonl --mb 500 [--seed 7] [--codex]
With --codex, writes a Codex rollout of the same size instead (session_meta, turn_context,
response_item messages, function calls and outputs, event_msg token counts)."""
import argparse
import json
import random

WORDS = ("the cart total service applies each coupon after the bulk discount so a rounding step "
         "must run once per line item before tax and the test fixture needs twelve mugs with two "
         "coupons while the queue worker retries failed webhooks with exponential backoff and a "
         "migration adds an index to orders created_at because the report query scans the table").split()
CODE = [
    "def total(items, coupons):\n    subtotal = sum(i.price * i.qty for i in items)\n    for c in coupons:\n        subtotal = c.apply(subtotal)\n    return round(subtotal, 2)\n",
    "func apply(_ discount: Discount, to cart: inout Cart) {\n    cart.lines = cart.lines.map { $0.discounted(by: discount) }\n}\n",
    "SELECT id, total FROM orders WHERE created_at > now() - interval '7 days' ORDER BY created_at DESC;\n",
]


def sentence(rng, n):
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."


def paragraph(rng, sentences):
    return " ".join(sentence(rng, rng.randint(6, 24)) for _ in range(sentences))


class Clock:
    def __init__(self):
        self.seconds = 0

    def tick(self, rng):
        self.seconds += rng.randint(1, 40)
        s = self.seconds
        day = 1 + s // 86400
        return f"2026-10-{min(day, 28):02d}T{s // 3600 % 24:02d}:{s // 60 % 60:02d}:{s % 60:02d}.{rng.randint(0, 999):03d}Z"


def claude_code(out, target, rng):
    sid = "9e1f4c2a-7b3d-4e58-a6c0-2d8f5b1e3a97"
    clock = Clock()
    parent = None
    n = 0
    written = 0
    base = {"isSidechain": False, "userType": "external", "cwd": "/home/ana/src/shop", "sessionId": sid,
            "version": "2.1.30", "gitBranch": "main"}

    def line(record):
        nonlocal parent, n, written
        n += 1
        uuid = f"{n:08x}-4b2c-4d3e-8f40-{n:012x}"
        full = {"parentUuid": parent, **base, **record, "uuid": uuid, "timestamp": clock.tick(rng)}
        parent = uuid
        text = json.dumps(full, ensure_ascii=False, separators=(",", ":")) + "\n"
        out.write(text)
        written += len(text.encode("utf-8"))

    turn = 0
    while written < target:
        turn += 1
        if turn % 40 == 1:
            out.write(json.dumps({"type": "file-history-snapshot", "messageId": f"snap-{turn}",
                                  "snapshot": {"messageId": f"snap-{turn}", "trackedFileBackups": {},
                                               "timestamp": clock.tick(rng)}, "isSnapshotUpdate": False}) + "\n")
        line({"type": "user", "message": {"role": "user", "content": sentence(rng, rng.randint(8, 60))}})
        msg = f"msg_01{turn:020d}"
        usage = {"input_tokens": rng.randint(3, 40), "cache_creation_input_tokens": rng.randint(0, 4000),
                 "cache_read_input_tokens": rng.randint(10000, 150000), "output_tokens": rng.randint(50, 2000),
                 "service_tier": "standard"}
        def assistant(block):
            line({"type": "assistant", "requestId": f"req_{turn:016d}", "message": {
                "id": msg, "type": "message", "role": "assistant", "model": "claude-sonnet-4-5-20250929",
                "content": [block], "stop_reason": None, "stop_sequence": None, "usage": usage}})
        if rng.random() < 0.5:
            assistant({"type": "thinking", "thinking": paragraph(rng, rng.randint(1, 5)), "signature": "EqMBCkYIBxgCKkB" + "x" * 80})
        assistant({"type": "text", "text": paragraph(rng, rng.randint(1, 4))})
        for k in range(rng.randint(0, 4)):
            tool = f"toolu_01{turn:012d}{k:08d}"
            kind = rng.choice(["Bash", "Read", "Edit", "Grep"])
            if kind == "Bash":
                inp = {"command": "pytest -q tests/test_cart.py", "description": "Run the cart tests"}
                output = "\n".join(f"tests/test_cart.py::test_{rng.choice(WORDS)}_{i} PASSED" for i in range(rng.randint(3, 60)))
                record = {"stdout": output, "stderr": "", "interrupted": False, "isImage": False}
            elif kind == "Read":
                inp = {"file_path": "/home/ana/src/shop/cart/total.py"}
                body = "".join(rng.choice(CODE) for _ in range(rng.randint(2, 30)))
                output = "\n".join(f"{i + 1:>6}→{l}" for i, l in enumerate(body.splitlines()))
                record = {"type": "text", "file": {"filePath": inp["file_path"], "content": body,
                                                   "numLines": body.count("\n"), "startLine": 1, "totalLines": body.count("\n")}}
            elif kind == "Edit":
                old, new = rng.choice(CODE), rng.choice(CODE)
                inp = {"file_path": "/home/ana/src/shop/cart/total.py", "old_string": old, "new_string": new}
                output = "The file /home/ana/src/shop/cart/total.py has been updated."
                record = {"filePath": inp["file_path"], "oldString": old, "newString": new, "replaceAll": False,
                          "structuredPatch": [], "userModified": False}
            else:
                inp = {"pattern": rng.choice(WORDS), "path": "/home/ana/src/shop", "output_mode": "files_with_matches"}
                files = [f"cart/{rng.choice(WORDS)}.py" for _ in range(rng.randint(1, 12))]
                output = "\n".join(files)
                record = {"mode": "files_with_matches", "filenames": files, "numFiles": len(files)}
            assistant({"type": "tool_use", "id": tool, "name": kind, "input": inp})
            line({"type": "user", "message": {"role": "user", "content": [
                {"tool_use_id": tool, "type": "tool_result", "content": output, "is_error": rng.random() < 0.03}]},
                "toolUseResult": record})
        if turn % 500 == 0:
            line({"type": "system", "subtype": "compact_boundary", "content": "Conversation compacted",
                  "level": "info", "isMeta": False, "compactMetadata": {"trigger": "auto", "preTokens": 155000}})
    return turn


def codex(out, target, rng):
    clock = Clock()
    written = 0

    def line(kind, payload):
        nonlocal written
        text = json.dumps({"timestamp": clock.tick(rng), "type": kind, "payload": payload},
                          ensure_ascii=False, separators=(",", ":")) + "\n"
        out.write(text)
        written += len(text.encode("utf-8"))

    line("session_meta", {"id": "019a2b3c-4d5e-7f60-8a71-b2c3d4e5f607", "timestamp": "2026-10-01T00:00:00.000Z",
                          "cwd": "/home/ana/src/shop", "originator": "codex_cli_rs", "cli_version": "0.63.0",
                          "instructions": None, "source": "cli", "model_provider": "openai"})
    turn = 0
    total = 0
    while written < target:
        turn += 1
        line("turn_context", {"cwd": "/home/ana/src/shop", "approval_policy": "on-request", "model": "gpt-5.1-codex",
                              "effort": "medium", "summary": "auto"})
        prompt = sentence(rng, rng.randint(8, 60))
        line("response_item", {"type": "message", "role": "user", "content": [{"type": "input_text", "text": prompt}]})
        line("event_msg", {"type": "user_message", "message": prompt, "images": []})
        for k in range(rng.randint(0, 4)):
            call = f"call_{turn:010d}{k:04d}"
            line("response_item", {"type": "function_call", "name": "shell", "call_id": call,
                                   "arguments": json.dumps({"command": ["bash", "-lc", "pytest -q"], "workdir": "/home/ana/src/shop"})})
            output = "\n".join(f"tests/test_cart.py::test_{rng.choice(WORDS)}_{i} PASSED" for i in range(rng.randint(3, 60)))
            line("response_item", {"type": "function_call_output", "call_id": call,
                                   "output": json.dumps({"output": output, "metadata": {"exit_code": 0, "duration_seconds": 1.2}})})
        reply = paragraph(rng, rng.randint(1, 4))
        line("response_item", {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": reply}]})
        line("event_msg", {"type": "agent_message", "message": reply})
        used = rng.randint(2000, 30000)
        total += used
        line("event_msg", {"type": "token_count", "info": {
            "total_token_usage": {"input_tokens": total, "cached_input_tokens": total // 2, "output_tokens": total // 10,
                                  "reasoning_output_tokens": 0, "total_tokens": total + total // 10},
            "last_token_usage": {"input_tokens": used, "cached_input_tokens": used // 2, "output_tokens": used // 10,
                                 "reasoning_output_tokens": 0, "total_tokens": used + used // 10},
            "model_context_window": 272000}})
    return turn


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--mb", type=float, default=500)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--codex", action="store_true")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with open(args.out, "w", encoding="utf-8") as out:
        turns = (codex if args.codex else claude_code)(out, int(args.mb * 1024 * 1024), rng)
    print(f"{args.out}: {turns} prompts")


if __name__ == "__main__":
    main()
