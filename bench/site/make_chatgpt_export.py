#!/usr/bin/env python3
"""A seeded, ChatGPT-shaped data export for the site benchmarks: `conversations.json` as ChatGPT
writes it (a tree of nodes under a root per conversation, with the metadata its export carries),
by default 2,000 conversations and 40,000 messages, about 30 MB.

Replies are Markdown (bold, code spans, lists, fenced code, a table now and then) with accented
and non-Latin words mixed in. One reply of one conversation holds the word "quillwort" (and
nothing else does), so a search for it must find exactly that turn.

usage: make_chatgpt_export.py OUT_FOLDER [--conversations 2000] [--messages 40000] [--seed 7]
"""

import argparse
import json
import random
import uuid
from pathlib import Path

WORDS = ("the a of to and in is it that for on with as was at by be this from or have an they which one you were "
         "her all she there would their we him been has when who will more no if out so said what up its about into "
         "than them can only other new some could time these two may then do first any my now such like our over man "
         "me even most made after also did many before must through back years where much your way well down should "
         "because each just those people how too little state good very make world still own see men work long get "
         "here between both life being under never day same another know while last might us great old year off come "
         "since against go came right used take three garden river kitchen budget travel recipe python function "
         "server database tram ticket museum harbour bakery invoice schedule").split()
ACCENTED = ["café", "crème", "naïve", "façade", "São Paulo", "Zürich", "smörgåsbord", "piñata", "Kraków", "Ærø"]
OTHER = ["東京", "天気", "مرحبا", "привет", "γεια", "서울", "नमस्ते"]
MODELS = ["gpt-4o", "gpt-4o", "gpt-4o", "o3", "gpt-5", "gpt-4o-mini"]
RARE_WORD = "quillwort"


def sentence(rng: random.Random) -> str:
    words = [rng.choice(WORDS) for _ in range(rng.randint(5, 16))]
    if rng.random() < 0.15:
        words[rng.randrange(len(words))] = rng.choice(ACCENTED)
    if rng.random() < 0.05:
        words[rng.randrange(len(words))] = rng.choice(OTHER)
    if rng.random() < 0.2:
        i = rng.randrange(len(words))
        words[i] = f"**{words[i]}**"
    if rng.random() < 0.15:
        i = rng.randrange(len(words))
        words[i] = f"`{words[i]}()`"
    return " ".join(words).capitalize() + "."


def reply(rng: random.Random) -> str:
    parts = [" ".join(sentence(rng) for _ in range(rng.randint(2, 4)))]
    if rng.random() < 0.3:
        parts.append("\n".join(f"- {sentence(rng)}" for _ in range(rng.randint(2, 4))))
    if rng.random() < 0.12:
        body = "\n".join(f"    value_{n} = compute({n}, '{rng.choice(WORDS)}')" for n in range(rng.randint(2, 8)))
        parts.append(f"```python\ndef step():\n{body}\n    return value_0\n```")
    if rng.random() < 0.05:
        parts.append("| item | count |\n| --- | ---: |\n" + "\n".join(f"| {rng.choice(WORDS)} | {rng.randint(1, 99)} |" for _ in range(4)))
    parts.append(" ".join(sentence(rng) for _ in range(rng.randint(1, 3))))
    return "\n\n".join(parts)


def node(rng, node_id, parent, role, text, created, model):
    return {
        "id": node_id,
        "message": {
            "id": node_id,
            "author": {"role": role, "name": None, "metadata": {}},
            "create_time": created,
            "content": {"content_type": "text", "parts": [text]},
            "status": "finished_successfully",
            "end_turn": True if role == "assistant" else None,
            "weight": 1.0,
            "metadata": ({"model_slug": model, "finish_details": {"type": "stop"}, "citations": [],
                          "request_id": uuid.UUID(int=rng.getrandbits(128)).hex[:16], "parent_id": parent}
                         if role == "assistant" else {"timestamp_": "absolute"}),
            "recipient": "all",
        },
        "parent": parent,
        "children": [],
    }


def conversation(rng: random.Random, index: int, messages: int, created: float, rare: bool) -> dict:
    title = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 6))).capitalize()
    model = rng.choice(MODELS)
    root = str(uuid.UUID(int=rng.getrandbits(128)))
    mapping = {root: {"id": root, "message": None, "parent": None, "children": []}}
    parent = root
    for n in range(messages):
        node_id = str(uuid.UUID(int=rng.getrandbits(128)))
        role = "user" if n % 2 == 0 else "assistant"
        text = sentence(rng) + (" " + sentence(rng) if rng.random() < 0.5 else "") if role == "user" else reply(rng)
        if rare and n == messages - 1:
            text += f"\n\nA last note: the {RARE_WORD} grows under water."
        mapping[node_id] = node(rng, node_id, parent, role, text, created + n * 45.5, model)
        mapping[parent]["children"].append(node_id)
        parent = node_id
    return {
        "title": title, "create_time": created, "update_time": created + messages * 45.5, "mapping": mapping,
        "moderation_results": [], "current_node": parent, "plugin_ids": None,
        "conversation_id": str(uuid.UUID(int=rng.getrandbits(128))), "conversation_template_id": None,
        "gizmo_id": None, "is_archived": False, "safe_urls": [], "default_model_slug": model, "id": root,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path)
    parser.add_argument("--conversations", type=int, default=2000)
    parser.add_argument("--messages", type=int, default=40000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    # Message counts: even (a prompt and its reply), between 2 and 80, summing to --messages.
    counts = [2] * args.conversations
    for _ in range((args.messages - 2 * args.conversations) // 2):
        i = rng.randrange(args.conversations)
        while counts[i] >= 80:
            i = rng.randrange(args.conversations)
        counts[i] += 2
    start = 1_700_000_000.0
    rare_at = args.conversations * 3 // 5
    conversations = [conversation(rng, i, counts[i], start + i * 9_000 + rng.random() * 3_600, i == rare_at)
                     for i in range(args.conversations)]
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "conversations.json"
    path.write_text(json.dumps(conversations, ensure_ascii=False), encoding="utf-8")
    print(f"{path}: {len(conversations)} conversations, {sum(counts)} messages, {path.stat().st_size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
