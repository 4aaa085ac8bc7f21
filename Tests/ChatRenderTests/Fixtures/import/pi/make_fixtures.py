#!/usr/bin/env python3
"""Writes the Pi family's fixture sessions (Pi, Oh My Pi, OpenClaw) in the shape their session
managers write: a header line, then entries joined by id/parentId. Run from this folder."""
import json, os

def write(path, lines):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        for line in lines:
            f.write(json.dumps(line, ensure_ascii=False) + "\n")

def ts(minute, second=0):
    return "2026-06-01T09:%02d:%02d.000Z" % (minute, second)

def entry(kind, id, parent, minute, **rest):
    return {"type": kind, "id": id, "parentId": parent, "timestamp": ts(minute), **rest}

def usage(inp, out, read, wrote, cost):
    return {"input": inp, "output": out, "cacheRead": read, "cacheWrite": wrote, "totalTokens": inp + out + read + wrote,
            "cost": {"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "total": cost}}

def assistant(content, u, stop="stop", model="claude-sonnet-4-5", provider="anthropic", **rest):
    return {"role": "assistant", "content": content, "api": "anthropic-messages", "provider": provider, "model": model,
            "usage": u, "stopReason": stop, "timestamp": 1780304400000, **rest}

def result(call, name, text, error=False, details=None):
    m = {"role": "toolResult", "toolCallId": call, "toolName": name, "content": [{"type": "text", "text": text}],
         "isError": error, "timestamp": 1780304400000}
    if details is not None:
        m["details"] = details
    return m

# Pi: a session whose person went back (/tree) to before the first prompt and asked again.
garden = "/home/ana/src/garden"
write(".pi/agent/sessions/--home-ana-src-garden--/2026-06-01T09-00-00-000Z_5b0e2c1a-7d3f-4e8b-9a61-0c2d4e6f8a1b.jsonl", [
    {"type": "session", "version": 3, "id": "5b0e2c1a-7d3f-4e8b-9a61-0c2d4e6f8a1b", "timestamp": ts(0), "cwd": garden},
    entry("model_change", "c0a1b2c3", None, 0, provider="anthropic", modelId="claude-sonnet-4-5"),
    entry("thinking_level_change", "c1a1b2c3", "c0a1b2c3", 0, thinkingLevel="medium"),
    entry("message", "u1000001", "c1a1b2c3", 1, message={"role": "user", "content": [{"type": "text", "text": "Why does `make test` fail on the sundial module?"}], "timestamp": 1780304460000}),
    entry("message", "a1000001", "u1000001", 1, message=assistant([
        {"type": "thinking", "thinking": "**Running the tests**\n\nStart with the failing target to see the error."},
        {"type": "text", "text": "Let me run the tests first."},
        {"type": "toolCall", "id": "toolu_01", "name": "bash", "arguments": {"command": "make test"}}], usage(12, 40, 2048, 512, 0.0121))),
    entry("message", "r1000001", "a1000001", 2, message=result("toolu_01", "bash",
        "pytest -q\nF.\nFAILED tests/test_sundial.py::test_noon_shadow\n1 failed, 1 passed\n\nCommand exited with code 2", error=True)),
    entry("message", "a1000002", "r1000001", 2, message=assistant([
        {"type": "toolCall", "id": "toolu_02", "name": "read", "arguments": {"path": garden + "/sundial/shadow.py"}}], usage(9, 30, 2560, 300, 0.0082))),
    entry("message", "r1000002", "a1000002", 2, message=result("toolu_02", "read", "def length(height, elevation):\n    return height * tan(elevation)\n")),
    entry("message", "a1000003", "r1000002", 3, message=assistant([
        {"type": "thinking", "thinking": "The shadow is height over tan, not times."},
        {"type": "toolCall", "id": "toolu_03", "name": "edit", "arguments": {"path": garden + "/sundial/shadow.py", "oldText": "return height * tan(elevation)", "newText": "return height / tan(elevation)"}}],
        usage(7, 52, 2860, 0, 0.0064))),
    entry("message", "r1000003", "a1000003", 3, message=result("toolu_03", "edit", "Successfully replaced text in sundial/shadow.py.", details={"diff": "-2     return height * tan(elevation)\n+2     return height / tan(elevation)", "firstChangedLine": 2})),
    entry("message", "a1000004", "r1000003", 4, message=assistant([{"type": "text", "text": "Fixed: the shadow length divides by tan(elevation)."}], usage(5, 18, 2900, 0, 0.0031))),
    entry("label", "l1000001", "a1000004", 4, targetId="a1000004", label="first-fix"),
    # Back to before the first prompt, with a summary of what was left.
    entry("branch_summary", "b2000001", "c1a1b2c3", 5, fromId="l1000001", summary="Ran make test, found the shadow formula multiplied by tan; fixed it to divide."),
    entry("message", "u2000001", "b2000001", 5, message={"role": "user", "content": "Explain the shadow formula before changing anything.", "timestamp": 1780304700000}),
    entry("message", "a2000001", "u2000001", 6, message=assistant([
        {"type": "thinking", "thinking": "Find where elevation is computed."},
        {"type": "toolCall", "id": "toolu_04", "name": "grep", "arguments": {"pattern": "def elevation", "path": "sundial"}}], usage(20, 25, 3000, 0, 0.0052))),
    entry("message", "r2000001", "a2000001", 6, message=result("toolu_04", "grep", "sundial/sun.py:14:def elevation(lat, decl, hour):")),
    entry("message", "a2000002", "r2000001", 7, message=assistant([{"type": "text", "text": "A shadow of an object of height h, with the sun at elevation e, is h / tan(e) long."}], usage(6, 33, 3100, 0, 0.0040))),
    entry("checkpoint_snapshot", "k2000001", "a2000002", 7, files=["sundial/shadow.py"]),
    entry("message", "x2000001", "k2000001", 8, message={"role": "bashExecution", "command": "git status --short", "output": " M sundial/shadow.py\n", "exitCode": 0, "cancelled": False, "truncated": False, "timestamp": 1780304880000}),
])

# Oh My Pi: its own folder, a title in the header, models named provider/model, its own entries.
kiln = "/home/ana/src/kiln"
write(".omp/agent/sessions/--home-ana-src-kiln--/2026-06-02T14-10-00-000Z_9c8b7a65.jsonl", [
    {"type": "session", "version": 3, "id": "9c8b7a65", "timestamp": "2026-06-02T14:10:00.000Z", "cwd": kiln, "title": "Kiln controller PID tuning"},
    {"type": "model_change", "id": "m0", "parentId": None, "timestamp": "2026-06-02T14:10:00.000Z", "model": "openai/gpt-5", "role": "default"},
    {"type": "ttsr_injection", "id": "t0", "parentId": "m0", "timestamp": "2026-06-02T14:10:01.000Z", "injectedRules": ["no-float-eq"]},
    {"type": "mode_change", "id": "d0", "parentId": "t0", "timestamp": "2026-06-02T14:10:01.000Z", "mode": "plan", "data": {}},
    {"type": "message", "id": "u1", "parentId": "d0", "timestamp": "2026-06-02T14:10:05.000Z", "message": {"role": "user", "content": "<system-reminder>Plan mode is on.</system-reminder>\nWrite the PID gains to config/pid.toml", "timestamp": 1}},
    {"type": "message", "id": "a1", "parentId": "u1", "timestamp": "2026-06-02T14:10:20.000Z", "message": assistant([
        {"type": "thinking", "thinking": "Conservative gains for a slow thermal mass."},
        {"type": "toolCall", "id": "call_w1", "name": "write", "arguments": {"path": kiln + "/config/pid.toml", "content": "kp = 2.0\nki = 0.05\nkd = 10.0\n"}}],
        usage(800, 120, 0, 0, 0), model="gpt-5", provider="openai")},
    {"type": "message", "id": "r1", "parentId": "a1", "timestamp": "2026-06-02T14:10:21.000Z", "message": result("call_w1", "write", "Successfully wrote 31 bytes to config/pid.toml")},
    {"type": "compaction", "id": "p1", "parentId": "r1", "timestamp": "2026-06-02T14:30:00.000Z", "summary": "Wrote conservative PID gains to config/pid.toml.", "shortSummary": "PID gains", "firstKeptEntryId": "r1", "tokensBefore": 91000},
    {"type": "message", "id": "a2", "parentId": "p1", "timestamp": "2026-06-02T14:30:10.000Z", "message": assistant([{"type": "text", "text": "The gains are in place; try a ramp to 600 °C."}], usage(400, 60, 256, 0, 0), model="gpt-5", provider="openai")},
])

# OpenClaw: an agent's sessions beside its index; a reply that stopped on the provider's error.
write(".openclaw/agents/main/sessions/3e1d5c7b-2a4f-4b6d-8e0a-1c3e5a7b9d2f.jsonl", [
    {"type": "session", "version": 3, "id": "3e1d5c7b-2a4f-4b6d-8e0a-1c3e5a7b9d2f", "timestamp": "2026-06-03T07:00:00.000Z", "cwd": "/home/ana/.openclaw/workspace"},
    {"type": "message", "id": "o1", "parentId": None, "timestamp": "2026-06-03T07:00:02.000Z", "message": {"role": "user", "content": [{"type": "text", "text": "What is on my calendar this morning?"}], "timestamp": 1}},
    {"type": "message", "id": "o2", "parentId": "o1", "timestamp": "2026-06-03T07:00:05.000Z", "message": assistant([
        {"type": "toolCall", "id": "call_c1", "name": "calendar_list", "arguments": {"day": "2026-06-03"}}], usage(1500, 40, 0, 0, 0.0051))},
    {"type": "message", "id": "o3", "parentId": "o2", "timestamp": "2026-06-03T07:00:06.000Z", "message": result("call_c1", "calendar_list", "09:30 Standup\n11:00 Dentist")},
    {"type": "message", "id": "o4", "parentId": "o3", "timestamp": "2026-06-03T07:00:09.000Z", "message": assistant([], usage(0, 0, 0, 0, 0), stop="error", errorMessage="429 rate_limit_error: Number of request tokens has exceeded your per-minute rate limit")},
    {"type": "custom", "id": "o5", "parentId": "o4", "timestamp": "2026-06-03T07:00:10.000Z", "customType": "openclaw.cache-ttl", "data": {"ttl": 300}},
    {"type": "message", "id": "o6", "parentId": "o5", "timestamp": "2026-06-03T07:01:00.000Z", "message": {"role": "user", "content": "try again", "timestamp": 2}},
    {"type": "message", "id": "o7", "parentId": "o6", "timestamp": "2026-06-03T07:01:04.000Z", "message": assistant([{"type": "text", "text": "Standup at 09:30, then the dentist at 11:00."}], usage(1600, 22, 0, 0, 0.0052))},
])
with open(".openclaw/agents/main/sessions/sessions.json", "w") as f:
    json.dump({"agent:main:main": {"sessionId": "3e1d5c7b-2a4f-4b6d-8e0a-1c3e5a7b9d2f", "updatedAt": 1780470064000}}, f, indent=2)
    f.write("\n")
