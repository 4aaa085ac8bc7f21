#!/usr/bin/env python3
"""Seeded ChatGPT-shaped exports of the shapes that weigh most on a site against its JSON, for
bench/site/size.py: each a `conversations.json` as ChatGPT writes it (the same lean nodes as
make_chatgpt_export.py, non-ASCII written as UTF-8, not as \\u escapes: the JSON at its smallest).

- bench: make_chatgpt_export.py's own export (2,000 conversations, 40,000 messages);
- short: 2,000 conversations of 2 to 4 turns, a sentence or two each: a page's fixed cost
  (head, search form, header) and the index's entry against a small conversation;
- one-liners: 2,000 conversations of one short prompt and one short reply ("hi", "Hello!");
- long-lines: replies of one long paragraph (2 to 6 KB, no line breaks), prompts pasted text;
- code: replies mostly fenced code (Python, JavaScript, shell, JSON), highlighted on the page;
- tools: Code Interpreter runs with their output, web searches with results, DALL·E images and
  uploads the export lacks, thinking, file chips: every reply made of tool messages;
- attachments: prompts with 1 to 6 files the export lacks (photos and documents), short text;
- cjk: Chinese, Japanese and Korean prompts and replies with emoji (3 and 4 bytes a character).

usage: make_shapes.py OUT_FOLDER [SHAPE …] [--scale 1.0]   (default: every shape; OUT/SHAPE/conversations.json)
"""

import argparse
import json
import random
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import make_chatgpt_export as base  # noqa: E402

SEED = 31
START = 1_700_000_000.0

HAN = "的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内加化由却代军产入先山五太水万市眼体别处总才场师书比住员九笑性通目华报立马命张活难神数件安表原车白应路期叫死常提感金何更反合放做系计或司利受光王果亲界及今京务制解各任至清物台象记边共风战干接它许八特觉望直服毛林题建南度统色字请交爱让认算论百吃义科怎元社术结六功指思非流每青管夫连远资队跟带花快条院变联言权往展该领传近留红治决周保达办运武半候七必城父强步完革深区即求品士转量空甚众技轻程告江语英基派满式李息写呢识极令黄德收脸钱党倒未持取设始版双历越史商千片容研像找友孩站广改议形委早房音火际则首单亲"
KANA = "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをんアイウエオカキクケコサシスセソタチツテト"
HANGUL = "가나다라마바사아자차카타파하고노도로모보소오조초코토포호구누두루무부수우주추쿠투푸후한국어서울날씨음식여행"
EMOJI = ["😀", "🎉", "👍", "🚀", "🌸", "🍜", "☕", "✈️", "🏯", "🌧️", "📚", "💡", "🙏", "🔥", "👨‍👩‍👧"]
CJK_PUNCT = "。、！？"
CODE_LANGS = ("python", "javascript", "bash", "json")
DOCUMENTS = [("pdf", "application/pdf"), ("docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
             ("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"), ("txt", "text/plain")]


def uid(rng: random.Random) -> str:
    return str(uuid.UUID(int=rng.getrandbits(128)))


def chat(rng: random.Random, created: float, messages: list, title: str | None = None, model: str | None = None) -> dict:
    """One conversation: `messages` are (role, content, metadata, recipient, author_name) in thread
    order, under a hidden system message as ChatGPT writes them."""
    model = model or rng.choice(base.MODELS)
    title = title or " ".join(rng.choice(base.WORDS) for _ in range(rng.randint(2, 6))).capitalize()
    root = uid(rng)
    mapping = {root: {"id": root, "message": None, "parent": None, "children": []}}
    parent = root
    nodes = [("system", {"content_type": "text", "parts": [""]}, {"is_visually_hidden_from_conversation": True}, "all", None)]
    for n, (role, content, metadata, recipient, name) in enumerate(nodes + messages):
        node_id = uid(rng)
        meta = dict(metadata)
        if role == "assistant":
            meta.setdefault("model_slug", model)
        mapping[node_id] = {
            "id": node_id,
            "message": {
                "id": node_id, "author": {"role": role, "name": name, "metadata": {}}, "create_time": created + n * 30.5,
                "content": content, "status": "finished_successfully",
                "end_turn": True if role == "assistant" and recipient == "all" else None, "weight": 1.0,
                "metadata": meta, "recipient": recipient,
            },
            "parent": parent, "children": [],
        }
        mapping[parent]["children"].append(node_id)
        parent = node_id
    return {
        "title": title, "create_time": created, "update_time": created + len(messages) * 30.5, "mapping": mapping,
        "moderation_results": [], "current_node": parent, "plugin_ids": None, "conversation_id": uid(rng),
        "conversation_template_id": None, "gizmo_id": None, "is_archived": False, "safe_urls": [],
        "default_model_slug": model, "id": root,
    }


def text(role: str, words: str, metadata: dict | None = None) -> tuple:
    return (role, {"content_type": "text", "parts": [words]}, metadata or {}, "all", None)


# Shapes ------------------------------------------------------------------------------------------

def short(rng, n, created):
    turns = []
    for t in range(rng.choice((2, 2, 4))):
        turns.append(text("user", base.sentence(rng)) if t % 2 == 0 else
                     text("assistant", " ".join(base.sentence(rng) for _ in range(rng.randint(1, 2)))))
    return chat(rng, created, turns)


GREETINGS = ["hi", "hello", "thanks!", "ok", "test", "yes", "why?", "more", "continue", "translate this", "what time is it in Tokyo"]
ANSWERS = ["Hello! How can I help you today?", "You're welcome!", "Sure.", "Hi! What would you like to talk about?",
           "Could you tell me a bit more?", "Of course, here it is."]


def one_liners(rng, n, created):
    return chat(rng, created, [text("user", rng.choice(GREETINGS)), text("assistant", rng.choice(ANSWERS))],
                title=rng.choice(["Greeting", "New chat", "Quick question", "Hello", "Test"]))


def long_lines(rng, n, created):
    turns = []
    for t in range(2 * rng.randint(1, 3)):
        if t % 2 == 0:
            pasted = " ".join(base.sentence(rng) for _ in range(rng.randint(5, 40)))
            turns.append(text("user", "Summarise this: " + pasted))
        else:
            turns.append(text("assistant", " ".join(base.sentence(rng) for _ in range(rng.randint(25, 70)))))
    return chat(rng, created, turns)


def code_block(rng) -> str:
    lang = rng.choice(CODE_LANGS)
    lines = []
    for k in range(rng.randint(8, 40)):
        w = rng.choice(base.WORDS)
        if lang == "python":
            lines.append(rng.choice([f"    {w}_{k} = compute({k}, '{w}')", f"    if {w}_{k} > {k}:", f"        return {w}_{k} * 2",
                                     f"def {w}_{k}(items, limit={k}):", f"    for item in items:  # {w}"]))
        elif lang == "javascript":
            lines.append(rng.choice([f"const {w}{k} = await fetch(`/api/{w}/${{id}}`);", f"  if ({w}{k}.length > {k}) return null;",
                                     f"function {w}{k}(a, b) {{ return a + b * {k}; }}", f"  console.log('{w}', {w}{k});"]))
        elif lang == "bash":
            lines.append(rng.choice([f"for f in *.{w}; do echo \"$f\"; done", f"grep -rn '{w}' src/ | head -n {k}",
                                     f"export {w.upper()}_{k}=\"$HOME/{w}\"", f"tar -czf {w}.tar.gz ./{w}  # {k}"]))
        else:
            lines.append(f'  "{w}_{k}": {{"count": {k}, "enabled": {rng.choice(["true", "false"])}, "name": "{w}"}},')
    return f"```{lang}\n" + "\n".join(lines) + "\n```"


def code(rng, n, created):
    turns = []
    for t in range(2 * rng.randint(1, 4)):
        if t % 2 == 0:
            ask = base.sentence(rng)
            if rng.random() < 0.4:
                ask += "\n\n" + code_block(rng)
            turns.append(text("user", ask))
        else:
            parts = [base.sentence(rng)] + [code_block(rng) for _ in range(rng.randint(1, 3))] + [base.sentence(rng)]
            turns.append(text("assistant", "\n\n".join(parts)))
    return chat(rng, created, turns)


def tool_messages(rng) -> list:
    """One reply made of tool messages, as ChatGPT writes them, then its closing text."""
    out = []
    kind = rng.choice(("python", "web", "dalle", "thoughts", "python"))
    if kind == "python":
        for _ in range(rng.randint(1, 3)):
            src = "\n".join(f"df_{k} = df[df['{rng.choice(base.WORDS)}'] > {k}]" for k in range(rng.randint(2, 10))) + "\nprint(df.describe())"
            out.append(("assistant", {"content_type": "code", "language": "unknown", "response_format_name": None, "text": src}, {}, "python", None))
            printed = "\n".join(f"{rng.choice(base.WORDS):>10} {rng.random() * 1000:10.2f}" for _ in range(rng.randint(2, 12)))
            chart = f"file-service://file-{uid(rng)[:22]}"
            out.append(("tool", {"content_type": "execution_output", "text": printed},
                        {"aggregate_result": {"status": "success", "run_id": uid(rng), "code": src, "start_time": 0, "end_time": 1,
                                              "messages": [{"message_type": "stream", "stream_name": "stdout", "sender": "server", "text": printed}]
                                              + ([{"message_type": "image", "sender": "server", "image_payload": None, "image_url": chart}] if rng.random() < 0.3 else []),
                                              "jupyter_messages": [], "timeout_triggered": None, "final_expression_output": None,
                                              "in_kernel_exception": None, "system_exception": None}}, "all", "python"))
    elif kind == "web":
        query = " ".join(rng.choice(base.WORDS) for _ in range(4))
        out.append(("assistant", {"content_type": "code", "language": "unknown", "response_format_name": None,
                                  "text": json.dumps({"search_query": [{"q": query}]})}, {}, "web.run", None))
        result = "\n".join(f"【{k}†{base.sentence(rng)[:40]}†example{k}.com】\n{base.sentence(rng)}" for k in range(rng.randint(2, 5)))
        out.append(("tool", {"content_type": "tether_browsing_display", "result": result, "summary": "", "assets": None, "tether_id": None},
                    {}, "all", "web.run"))
    elif kind == "dalle":
        prompt = base.sentence(rng)
        out.append(("assistant", {"content_type": "code", "language": "unknown", "response_format_name": None,
                                  "text": json.dumps({"prompt": prompt, "size": "1024x1024"})}, {}, "dalle.text2im", None))
        out.append(("tool", {"content_type": "multimodal_text", "parts": [
            {"content_type": "image_asset_pointer", "asset_pointer": f"file-service://file-{uid(rng)[:22]}", "size_bytes": 150000,
             "width": 1024, "height": 1024, "fovea": 512, "metadata": {"dalle": {"gen_id": uid(rng)[:8], "prompt": prompt, "seed": 7}}}]},
            {}, "all", "dalle.text2im"))
    else:
        out.append(("assistant", {"content_type": "thoughts", "thoughts": [
            {"summary": base.sentence(rng)[:50], "content": " ".join(base.sentence(rng) for _ in range(rng.randint(1, 4))), "chunks": [], "finished": True}
            for _ in range(rng.randint(1, 3))], "source_analysis_msg_id": uid(rng)}, {"reasoning_status": "is_reasoning"}, "all", None))
        out.append(("assistant", {"content_type": "reasoning_recap", "content": f"Thought for {rng.randint(2, 90)}s"}, {}, "all", None))
    out.append(text("assistant", base.reply(rng)))
    return out


def tools(rng, n, created):
    turns = []
    for _ in range(rng.randint(1, 4)):
        meta = {}
        if rng.random() < 0.3:
            meta = {"attachments": [{"id": f"file-{uid(rng)[:22]}", "name": f"{rng.choice(base.WORDS)}.csv", "size": rng.randint(100, 99999), "mime_type": "text/csv"}]}
        turns.append(("user", {"content_type": "multimodal_text" if meta else "text", "parts": [base.sentence(rng)]}, meta, "all", None))
        turns.extend(tool_messages(rng))
    return chat(rng, created, turns, model=rng.choice(("gpt-4o", "o3")))


def attachments(rng, n, created):
    turns = []
    for _ in range(rng.randint(1, 2)):
        parts, listed = [], []
        for k in range(rng.randint(1, 6)):
            file_id = f"file-{uid(rng)[:22]}"
            if rng.random() < 0.5:
                parts.append({"content_type": "image_asset_pointer", "asset_pointer": f"file-service://{file_id}", "size_bytes": rng.randint(20000, 900000),
                              "width": 1024, "height": 768, "fovea": None, "metadata": None})
                listed.append({"id": file_id, "name": f"IMG_{rng.randint(1000, 9999)}.jpeg", "size": 1, "mime_type": "image/jpeg", "width": 1024, "height": 768})
            else:
                ext, mime = rng.choice(DOCUMENTS)
                listed.append({"id": file_id, "name": f"{rng.choice(base.WORDS)}-{k}.{ext}", "size": rng.randint(1000, 999999), "mime_type": mime})
        parts.append(base.sentence(rng))
        turns.append(("user", {"content_type": "multimodal_text", "parts": parts}, {"attachments": listed}, "all", None))
        turns.append(text("assistant", " ".join(base.sentence(rng) for _ in range(rng.randint(1, 3)))))
    return chat(rng, created, turns)


def cjk_sentence(rng) -> str:
    script = rng.choice((HAN, HAN, KANA + HAN, HANGUL))
    words = []
    for _ in range(rng.randint(3, 10)):
        words.append("".join(rng.choice(script) for _ in range(rng.randint(1, 4))))
        if rng.random() < 0.2:
            words.append(rng.choice(EMOJI))
    sep = " " if script is HANGUL else ""
    return sep.join(words) + rng.choice(CJK_PUNCT)


def cjk(rng, n, created):
    turns = []
    for t in range(2 * rng.randint(1, 5)):
        count = rng.randint(1, 3) if t % 2 == 0 else rng.randint(2, 12)
        body = "".join(cjk_sentence(rng) for _ in range(count))
        if t % 2 == 1 and rng.random() < 0.3:
            body += "\n\n" + "\n".join(f"- {cjk_sentence(rng)}" for _ in range(rng.randint(2, 4)))
        turns.append(text("user" if t % 2 == 0 else "assistant", body))
    return chat(rng, created, turns, title="".join(rng.choice(HAN) for _ in range(rng.randint(3, 8))))


SHAPES = {"short": (short, 2000), "one-liners": (one_liners, 2000), "long-lines": (long_lines, 600),
          "code": (code, 600), "tools": (tools, 800), "attachments": (attachments, 1500), "cjk": (cjk, 1500)}


def make(shape: str, out: Path, scale: float = 1.0) -> Path:
    folder = out / shape
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "conversations.json"
    if shape == "bench":
        import subprocess
        subprocess.run([sys.executable, str(Path(__file__).resolve().parent / "make_chatgpt_export.py"), str(folder),
                        "--conversations", str(max(1, round(2000 * scale))), "--messages", str(max(2, round(40000 * scale)) // 2 * 2)],
                       check=True, stdout=subprocess.DEVNULL)
        return path
    make_one, count = SHAPES[shape]
    rng = random.Random(f"{SEED}-{shape}")
    conversations = [make_one(rng, n, START + n * 5_400 + rng.random() * 3_600) for n in range(max(1, round(count * scale)))]
    path.write_text(json.dumps(conversations, ensure_ascii=False), encoding="utf-8")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path)
    parser.add_argument("shapes", nargs="*", default=["bench", *SHAPES])
    parser.add_argument("--scale", type=float, default=1.0)
    args = parser.parse_args()
    for shape in args.shapes:
        path = make(shape, args.out, args.scale)
        print(f"{path}: {path.stat().st_size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
