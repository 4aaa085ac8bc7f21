#!/usr/bin/env python3
"""Writes Aider fixtures (invented content) as its terminal appends them in the folder it works
in: .aider.chat.history.md (a "# aider chat started at" line a session; "#### " lines for what
is sent as the person's, each line of a message prefixed and ended with two spaces; "> " lines
for the tool's output, a two-line usage report quoted on its first line only; the reply as it
is) and .aider.input.history (prompt_toolkit's: "# date" then "+" lines).

- src/shop: three sessions (one empty), with the input history: edit blocks applied and one
  that failed to match, an /ask whose text is sent again, an /architect answer handed to the
  editor, reasoning in Aider's thinking tags, a usage report with and without a cost; text
  before the first session and a line in the input history of no known shape.
- src/garden: one session and no input history.

    python3 make_fixtures.py   # from this folder
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
TAG = "thinking-content-7bbeb8e1441453ad999a0bbba8a46d4b"


class History:
    def __init__(self):
        self.text = ""

    def started(self, when):
        self.text += f"\n# aider chat started at {when}\n\n"

    def user(self, message):
        lines = message.splitlines() or ["<blank>"]
        self.text += "\n#### " + "  \n#### ".join(lines) + "  \n"

    def ai(self, content):
        self.text += "\n" + content.strip() + "\n\n"

    def tool(self, *lines):
        for line in lines:
            self.text += "> " + line.strip() + "  \n"

    def report(self, report):
        # A report of two lines is one message: only its first line is quoted.
        self.text += "> " + report.strip() + "  \n"


def write(relative, text):
    path = os.path.join(HERE, relative)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def block(path, search, replace):
    return f"{path}\n```python\n<<<<<<< SEARCH\n{search}=======\n{replace}>>>>>>> REPLACE\n```"


def shop():
    h = History()
    h.text = "...ed the rendering.\n"
    h.started("2026-12-07 10:00:00")
    h.tool("/home/ana/.local/bin/aider --model sonnet", "Aider v0.86.1",
           "Main model: anthropic/claude-sonnet-4-5 with diff edit format, infinite output",
           "Weak model: anthropic/claude-3-5-haiku-20241022", "Git repo: .git with 42 files", "Repo-map: using 4096 tokens, auto refresh")
    h.user("Add a --dry-run flag to export.py that prints instead of writing.")
    h.tool("Add export.py to the chat? (Y)es/(N)o/(D)on't ask again [Yes]: y")
    h.ai("I'll add the flag to the exporter and to the command line.\n\n"
         + block("export.py", "def export(out):\n    write(out, render())\n",
                 "def export(out, dry_run=False):\n    if dry_run:\n        print(render())\n        return\n    write(out, render())\n")
         + "\n\n" + block("cli.py", "parser.add_argument(\"out\")\n", "parser.add_argument(\"out\")\nparser.add_argument(\"--dry-run\", action=\"store_true\")\n"))
    h.report("Tokens: 4.2k sent, 1.1k cache write, 2.0k cache hit, 310 received.\nCost: $0.02 message, $0.02 session.")
    h.tool("Applied edit to export.py")
    h.tool("The LLM did not conform to the edit format.", "https://aider.chat/docs/troubleshooting/edit-errors.html",
           "# 1 SEARCH/REPLACE block failed to match!")
    h.ai("The argument has a help text; here is that block again.\n\n"
         + block("cli.py", "parser.add_argument(\"out\", help=\"where to write\")\n",
                 "parser.add_argument(\"out\", help=\"where to write\")\nparser.add_argument(\"--dry-run\", action=\"store_true\", help=\"print instead\")\n"))
    h.report("Tokens: 5.1k sent, 2.9k cache hit, 120 received. Cost: $0.0061 message, $0.03 session.")
    h.tool("Applied edit to cli.py", "Commit 3f9a1c2 feat: Add --dry-run flag to the exporter")
    h.user("/ask does anything else call export() with two arguments?")
    h.user("does anything else call export() with two arguments?")
    h.ai(f"<{TAG}>\n\nLook for export( in the repo map: cli.py is the only caller.\n\n</{TAG}>\n\n"
         "No: `export()` is called only from `cli.py`, with one argument.")
    h.report("Tokens: 3.0k sent, 85 received. Cost: $0.0098 message, $0.04 session.")
    plan = ("Move `render()` into a module of its own:\n\n1. Create render.py holding `render()`.\n"
            "2. In export.py, replace its definition with `from render import render`.")
    h.user("/architect move the rendering into its own module")
    h.user("move the rendering into its own module")
    h.ai(plan)
    h.report("Tokens: 3.4k sent, 140 received. Cost: $0.01 message, $0.05 session.")
    h.tool("Edit the files? (Y)es/(N)o [Yes]: y")
    h.user(plan)
    h.ai(block("render.py", "", "def render():\n    return \"\\n\".join(lines())\n") + "\n\n"
         + block("export.py", "def render():\n    return \"\\n\".join(lines())\n", "from render import render\n"))
    h.report("Tokens: 2.2k sent, 160 received. Cost: $0.0089 message, $0.06 session.")
    h.tool("Applied edit to render.py", "Applied edit to export.py", "Commit 8d1f0a3 refactor: Move render into render.py")
    h.started("2026-12-07 15:30:00")
    h.tool("Aider v0.86.1", "Main model: anthropic/claude-sonnet-4-5 with diff edit format, infinite output")
    h.started("2026-12-08 09:00:00")
    h.tool("Aider v0.86.1", "Model: ollama_chat/qwen2.5-coder:14b with whole edit format")
    h.user("What does lines() return?\nAnd is it ever empty?")
    h.ai("`lines()` returns the invoice's lines as strings, one per item; it is empty for an invoice with no items.")
    h.report("Tokens: 1.5k sent, 60 received.")
    write("src/shop/.aider.chat.history.md", h.text)
    typed = ""
    for when, text in [("2026-12-07 10:00:31.120441", "Add a --dry-run flag to export.py that prints instead of writing."),
                       ("2026-12-07 10:03:02.550120", "/ask does anything else call export() with two arguments?"),
                       ("2026-12-07 10:05:40.013377", "/architect move the rendering into its own module"),
                       ("2026-12-08 09:00:12.000001", "What does lines() return?\nAnd is it ever empty?")]:
        typed += f"\n# {when}\n" + "".join("+" + line + "\n" for line in text.split("\n"))
    typed += "~merged 2026-12-06\n"
    write("src/shop/.aider.input.history", typed)


def garden():
    h = History()
    h.started("2026-12-09 08:15:00")
    h.tool("Aider v0.85.2", "Main model: gpt-4.1 with diff edit format")
    h.user("Fix the typo in README.md: \"recieve\".")
    h.ai("README.md\n```\n<<<<<<< SEARCH\nYou will recieve a copy.\n=======\nYou will receive a copy.\n>>>>>>> REPLACE\n```")
    h.report("Tokens: 2.8k sent, 45 received. Cost: $0.0060 message, $0.0060 session.")
    h.tool("Applied edit to README.md")
    write("src/garden/.aider.chat.history.md", h.text)


if __name__ == "__main__":
    shop()
    garden()
