"""Makes the text benchmark's inputs: one conversation of N turns, deterministic for a seed, written
in every tool's input format so each renders the same turns.

  conversation.json  chatrender's native format (files as chips and cards; no photos)
  conversation.md    plain Markdown (cmark-gfm, pandoc): a heading per turn, the text, the files as a list
  session.jsonl      a Claude Code session (claude-code-log, claude-code-transcripts)

usage: python3 bench/text/make_text.py OUT_DIR TURNS [--seed N] [--rich]
--rich: replies also carry fenced code in a dozen languages and TeX formulas in all four
delimiter styles (one reply in five), for the cost of highlighting and math.
Python standard library only; the same arguments always give the same bytes."""
import argparse
import datetime
import json
import os
import random
import uuid

parser = argparse.ArgumentParser()
parser.add_argument("out")
parser.add_argument("turns", type=int)
parser.add_argument("--seed", type=int, default=7)
parser.add_argument("--rich", action="store_true")
args = parser.parse_args()

rng = random.Random(args.seed * 1_000_003 + args.turns + (1 if args.rich else 0))

WORDS = ("the a raised bed soil compost south fence maple shade noon sun water drip line timber cedar "
         "path width depth corner plan survey measure metre season spring frost seedling tomato basil "
         "mulch layer drainage gravel board screw bracket level string mallet weekend budget order "
         "delivery neighbour garden trellis climbing beans squash watering can hose timer valve").split()
UNICODE = ["café", "naïve", "Zürich", "façade", "smørrebrød", "東京", "庭園", "정원", "сад", "حديقة",
           "גן", "बगीचा", "🌱", "🍅", "☀️", "👩🏽‍🌾", "→", "≈", "½", "×", "—", "“quoted”", "‘single’", "…"]
CODE = ["4.2 m × 3.0 m", "1.2 × 2.4 m", "npm install", "let x = a < b && c > d", "rm -rf ./build",
        "git commit -m \"fix\"", "SELECT * FROM beds;", "<div class=\"x\">", "a & b", "O(n log n)"]
EXTS = [("pdf", "application/pdf"), ("txt", "text/plain"), ("csv", "text/csv"), ("zip", "application/zip"),
        ("docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
        ("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
        ("mp3", "audio/mpeg"), ("mp4", "video/mp4"), ("swift", "public.swift-source"), ("json", "application/json")]


def word():
    return rng.choice(UNICODE) if rng.random() < 0.06 else rng.choice(WORDS)


def sentence():
    parts = []
    for _ in range(rng.randint(6, 22)):
        r = rng.random()
        if r < 0.05:
            parts.append("**" + " ".join(word() for _ in range(rng.randint(1, 3))) + "**")
        elif r < 0.09:
            parts.append("`" + rng.choice(CODE) + "`")
        else:
            parts.append(word())
    s = " ".join(parts)
    return s[0].upper() + s[1:] + rng.choice([".", ".", ".", "?", "!"])


def paragraph(long=False):
    return " ".join(sentence() for _ in range(rng.randint(6, 14) if long else rng.randint(1, 4)))


def user_text():
    return "\n\n".join(paragraph() for _ in range(rng.randint(1, 2)))


RICH_CODE = [
    ("python", "def plant(bed, seeds=3):\n    \"\"\"Sow a bed.\"\"\"\n    for i in range(seeds):  # one per hole\n        bed.sow(i * 0.25, f\"{bed.name}-{i}\")\n    return None"),
    ("javascript", "const beds = await fetch(`/api/beds?year=${year}`).then(r => r.json());\n// sunny ones first\nbeds.sort((a, b) => b.sun - a.sun);"),
    ("typescript", "interface Bed { id: number; sun?: number }\nexport function sunny(beds: Bed[]): Bed[] {\n  return beds.filter(b => (b.sun ?? 0) > 6);\n}"),
    ("swift", "struct Bed: Identifiable {\n    let id: Int\n    var depth: Double = 0.3 // metres\n}\nlet deep = beds.filter { $0.depth > 0.25 }"),
    ("bash", "for f in beds/*.csv; do\n  echo \"importing $f\" && ./import \"$f\" || exit 1\ndone"),
    ("json", "{\n  \"bed\": \"south\",\n  \"depth\": 0.3,\n  \"mulched\": true,\n  \"notes\": null\n}"),
    ("sql", "SELECT bed, SUM(litres) AS water\nFROM watering WHERE day >= '2025-05-01'\nGROUP BY bed ORDER BY water DESC;"),
    ("rust", "fn area(w: f64, d: f64) -> f64 {\n    // rectangle\n    w * d\n}\nprintln!(\"{}\", area(4.2, 3.0));"),
    ("go", "func area(w, d float64) float64 {\n\treturn w * d // metres\n}"),
    ("yaml", "beds:\n  - name: south\n    depth: 0.3  # metres\n    mulched: true"),
    ("css", ".bed:hover { outline: 2px solid var(--accent); /* focus */ }"),
    ("diff", "--- a/plan.txt\n+++ b/plan.txt\n@@ -1,2 +1,2 @@\n-tomatoes south\n+tomatoes west\n basil south"),
]
RICH_MATH = ["$$A = w \\times d = 4.2 \\times 3.0 = 12.6\\,\\text{m}^2$$",
             "\\[ V = \\sum_{i=1}^{n} w_i d_i h_i \\]",
             "the slope \\( \\frac{\\Delta h}{\\Delta x} \\le \\frac{1}{50} \\)",
             "about $\\sqrt{a^2 + b^2}$ metres",
             "\\[ \\begin{pmatrix} 1 & 0 \\\\ 0 & 1 \\end{pmatrix} \\]"]


def rich_block():
    if rng.random() < 0.6:
        language, code = rng.choice(RICH_CODE)
        return f"```{language}\n{code}\n```"
    return f"{sentence()} {rng.choice(RICH_MATH)} {sentence()}"


def assistant_text():
    blocks = []
    if args.rich and rng.random() < 0.2:
        blocks.append(rich_block())
    for _ in range(rng.randint(1, 4)):
        r = rng.random()
        if r < 0.12:
            blocks.append("\n".join("- " + sentence() for _ in range(rng.randint(2, 5))))
        elif r < 0.18:
            blocks.append("```python\n" + "\n".join(f"bed_{i} = {rng.randint(1, 99)} * width  # {word()}"
                                                   for i in range(rng.randint(2, 6))) + "\n```")
        else:
            blocks.append(paragraph(long=rng.random() < 0.35))
    return "\n\n".join(blocks)


def attachment(turn, i, role):
    ext, mime = rng.choice(EXTS)
    a = {"id": f"a{turn}-{i}", "name": f"{word().strip('.')}-{turn}-{i}.{ext}",
         "byteCount": rng.randint(200, 40_000_000), "contentType": mime}
    if role == "assistant":
        a["url"] = f"https://example.com/files/{turn}/{i}.{ext}"
    else:
        r = rng.random()
        if r < 0.05:
            a["upload"] = {"state": "uploading", "progress": round(rng.random(), 2)}
        elif r < 0.08:
            a["upload"] = {"state": "failed", "reason": "The network connection was lost."}
    return a


start = datetime.datetime(2025, 1, 1, 8, 0, tzinfo=datetime.timezone.utc)
messages = []
clock = start
for t in range(args.turns):
    role = "user" if t % 2 == 0 else "assistant"
    clock += datetime.timedelta(seconds=rng.randint(20, 4000))
    m = {"id": f"m{t}", "role": role, "date": clock.strftime("%Y-%m-%dT%H:%M:%SZ"),
         "text": user_text() if role == "user" else assistant_text()}
    if rng.random() < (0.15 if role == "user" else 0.05):
        m["attachments"] = [attachment(t, i, role) for i in range(rng.randint(1, 3))]
    messages.append(m)

title = f"A year of garden planning ({args.turns} turns)"
os.makedirs(args.out, exist_ok=True)
with open(os.path.join(args.out, "conversation.json"), "w", encoding="utf-8") as f:
    json.dump({"title": title, "messages": messages}, f, ensure_ascii=False, indent=1)
    f.write("\n")


def files_markdown(m):
    return "\n".join(f"- [{a['name']}]({a['url']}) ({a['byteCount']} bytes)" if "url" in a
                     else f"- {a['name']} ({a['byteCount']} bytes)" for a in m.get("attachments", []))


with open(os.path.join(args.out, "conversation.md"), "w", encoding="utf-8") as f:
    f.write(f"# {title}\n\n")
    for m in messages:
        f.write(f"## {'You' if m['role'] == 'user' else 'Assistant'}\n\n{m['text']}\n\n")
        if m.get("attachments"):
            f.write(files_markdown(m) + "\n\n")

# Claude Code session: one JSON object per line, each turn a "user" or "assistant" entry chained by
# parentUuid, with the Anthropic Messages API message in "message" (text content blocks).
session_id = str(uuid.UUID(int=rng.getrandbits(128), version=4))
with open(os.path.join(args.out, "session.jsonl"), "w", encoding="utf-8") as f:
    parent = None
    clock = start
    for t, m in enumerate(messages):
        this = str(uuid.UUID(int=rng.getrandbits(128), version=4))
        text = m["text"]
        if m.get("attachments"):
            text += "\n\n" + files_markdown(m)
        stamp = m["date"].replace("Z", ".000Z")
        entry = {"parentUuid": parent, "isSidechain": False, "userType": "external", "cwd": "/home/user/garden",
                 "sessionId": session_id, "version": "1.0.0", "gitBranch": "main", "type": m["role"],
                 "uuid": this, "timestamp": stamp}
        if m["role"] == "user":
            entry["message"] = {"role": "user", "content": text}
        else:
            entry["requestId"] = f"req_{t:08d}"
            entry["message"] = {"id": f"msg_{t:08d}", "type": "message", "role": "assistant",
                                "model": "claude-sonnet-4-20250514",
                                "content": [{"type": "text", "text": text}],
                                "stop_reason": "end_turn", "stop_sequence": None,
                                "usage": {"input_tokens": 100, "output_tokens": len(text) // 4,
                                          "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}}
        f.write(json.dumps(entry, ensure_ascii=False) + "\n")
        parent = this
