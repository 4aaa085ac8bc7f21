#!/usr/bin/env python3
"""Writes the Continue fixture: ~/.continue/sessions/ as Continue keeps it, two sessions and the
index sessions.json (which alone holds each session's dateCreated, in milliseconds, as a string).

Session one scales recipes: a prompt with a photo and a file as context, reasoning, read_file,
a thinking message, single_find_and_replace, a terminal command that failed, create_new_file,
usage on each reply, and a message role this reader does not know (`summary`). Session two,
"New Session", asks a question; only the session records its tokens.

    python3 make_fixtures.py   # from this folder
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SESSIONS = os.path.join(HERE, ".continue", "sessions")
CWD = "/home/ana/src/recipes"
PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
S1 = "3f6c1a2b-7d4e-4f80-9a1b-2c3d4e5f6a7b"
S2 = "8a9b0c1d-2e3f-4a5b-8c6d-7e8f9a0b1c2d"
T1 = 1780477200000  # 2026-06-03T09:00:00Z
MODEL = "Claude Sonnet 4.5"


def call(id, name, args):
    return {"id": id, "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}


def state(id, name, args, status, output=None):
    s = {"toolCallId": id, "toolCall": call(id, name, args), "status": status, "parsedArgs": args}
    if output is not None:
        s["output"] = [{"name": name, "description": name, "content": output, "hidden": False}]
    return s


def log():
    return [{"modelTitle": MODEL, "modelProvider": "anthropic", "completionOptions": {"model": "claude-sonnet-4-5"}, "prompt": "…", "completion": "…"}]


def assistant(id, content, calls=(), usage=None, reasoning=None):
    message = {"id": id, "role": "assistant", "content": content}
    if calls:
        message["toolCalls"] = [call(*c[:3]) for c in calls]
    if usage:
        message["usage"] = usage
    item = {"message": message, "contextItems": [], "promptLogs": log()}
    if calls:
        item["toolCallStates"] = [state(*c) for c in calls]
    if reasoning:
        item["reasoning"] = {"active": False, "text": reasoning, "startAt": T1 + 2000, "endAt": T1 + 4000}
    return item


def tool(id, call_id, content):
    return {"message": {"id": id, "role": "tool", "content": content, "toolCallId": call_id}, "contextItems": []}


recipe = "def scale(recipe):\n    return recipe\n"
session1 = {
    "sessionId": S1,
    "title": "Scale recipes by servings",
    "workspaceDirectory": "file://" + CWD,
    "mode": "agent",
    "chatModelTitle": MODEL,
    "history": [
        {
            "message": {"id": "u1", "role": "user", "content": [
                {"type": "text", "text": "Let scale() take a number of servings, like the card in the photo."},
                {"type": "imageUrl", "imageUrl": {"url": PNG}},
            ]},
            "contextItems": [{"name": "recipe.py", "description": "src/recipe.py", "content": recipe, "id": {"providerTitle": "file", "itemId": "c1"}}],
            "editorState": {"type": "doc", "content": []},
        },
        assistant("a1", "", [("call_read", "read_file", {"filepath": CWD + "/src/recipe.py"}, "done", recipe)],
                  {"promptTokens": 4200, "completionTokens": 180, "promptTokensDetails": {"cachedTokens": 3000}},
                  reasoning="First read recipe.py to see what scale() returns."),
        tool("t1", "call_read", recipe),
        {"message": {"id": "k1", "role": "thinking", "content": "Multiply every quantity by servings / recipe.servings.", "signature": "sig"}, "contextItems": []},
        assistant("a2", "I'll add a servings factor and run the tests.", [
            ("call_edit", "single_find_and_replace", {"filepath": CWD + "/src/recipe.py", "old_string": "def scale(recipe):\n    return recipe", "new_string": "def scale(recipe, servings):\n    return recipe.times(servings / recipe.servings)"}, "done", "Edited src/recipe.py"),
            ("call_test", "run_terminal_command", {"command": "pytest -q", "waitForCompletion": True}, "errored", "1 failed: test_scale_half"),
        ], {"promptTokens": 5100, "completionTokens": 260, "promptTokensDetails": {"cachedTokens": 4200}}),
        tool("t2", "call_edit", "Edited src/recipe.py"),
        tool("t3", "call_test", "1 failed: test_scale_half"),
        assistant("a3", "", [("call_new", "create_new_file", {"filepath": CWD + "/tests/test_servings.py", "contents": "def test_double():\n    assert True\n"}, "done", "Created tests/test_servings.py")],
                  {"promptTokens": 5600, "completionTokens": 90}),
        tool("t4", "call_new", "Created tests/test_servings.py"),
        {"message": {"id": "s1", "role": "summary", "content": "Scaled recipes."}, "contextItems": []},
        assistant("a4", "Done: scale() takes servings; the half-serving test still fails on rounding.", usage={"promptTokens": 5900, "completionTokens": 40}),
    ],
}
session2 = {
    "sessionId": S2,
    "title": "New Session",
    "workspaceDirectory": "file://" + CWD,
    "chatModelTitle": "gpt-4o",
    "usage": {"promptTokens": 800, "completionTokens": 120},
    "history": [
        {"message": {"id": "u1", "role": "user", "content": "What does functools.cache do?"}, "contextItems": []},
        {"message": {"id": "a1", "role": "assistant", "content": "It remembers a function's results by its arguments."}, "contextItems": []},
    ],
}
index = [
    {"sessionId": S1, "title": session1["title"], "dateCreated": str(T1), "workspaceDirectory": "file://" + CWD, "messageCount": len(session1["history"])},
    {"sessionId": S2, "title": session2["title"], "dateCreated": str(T1 + 3600000), "workspaceDirectory": "file://" + CWD, "messageCount": 2},
]
os.makedirs(SESSIONS, exist_ok=True)
for name, value in [(S1 + ".json", session1), (S2 + ".json", session2), ("sessions.json", index)]:
    with open(os.path.join(SESSIONS, name), "w") as out:
        json.dump(value, out, indent=2, ensure_ascii=False)
        out.write("\n")
