#!/usr/bin/env python3
"""Write hand-authored Cursor agent-transcript fixtures for chatrender.

Usage: python3 make_fixtures.py   (writes next to itself)

Creates (deterministically, stdlib only, no network):
  OUTDIR/projects/<slug>/agent-transcripts/<A>/<A>.jsonl                 nested layout, newer build
                                                                        (<timestamp> tags, tool_use, Task sub-agent)
  OUTDIR/projects/<slug>/agent-transcripts/<A>/subagents/<C>.jsonl       the sub-agent's own transcript
  OUTDIR/projects/<slug>/agent-transcripts/<B>.jsonl                     flat layout, older build (no <timestamp>),
                                                                        string content, an aborted turn, an errored
                                                                        turn, an unknown record kind, and ONE
                                                                        low-confidence tool_result block
  OUTDIR/FIXTURES.md                                                     what each file exercises

Shapes follow NOTES.md. All content is invented (fictional project "invoice-tools").
File mtimes are set to fixed values because the format has no timestamps of its own.
"""
import json
import os
import sys
import uuid
from datetime import datetime, timezone

NS = uuid.UUID("0b7d3e44-51a2-4c69-8f0e-c3d2b1a09e87")


def uid(label):
    return str(uuid.UUID(bytes=uuid.uuid5(NS, label).bytes, version=4))


WORKSPACE = "/home/sample-dev/src/invoice-tools"
SLUG = "home-sample-dev-src-invoice-tools"  # leading "/" dropped, non-alphanumerics -> "-"
A = uid("transcript-a")
B = uid("transcript-b")
C = uid("subagent-c")


def user(text, as_string=False):
    if as_string:
        return {"role": "user", "message": {"content": text}}
    return {"role": "user", "message": {"content": [{"type": "text", "text": text}]}}


def assistant(*blocks):
    return {"role": "assistant", "message": {"content": list(blocks)}}


def text(t):
    return {"type": "text", "text": t}


def tool(name, **inp):
    return {"type": "tool_use", "name": name, "input": inp}


def query(q, stamp=None):
    head = f"<timestamp>{stamp}</timestamp>\n" if stamp else ""
    return f"{head}<user_query>\n{q}\n</user_query>"


SUB_PROMPT = ("Find every place in the repository that formats money values as strings "
              "(f-strings, format(), str() on Decimal). Report file paths and line numbers only; do not edit anything.")


def transcript_a():
    p = f"{WORKSPACE}/invoice_tools"
    return [
        user(query("Add a `to_csv(invoice, path)` function that writes one row per line item "
                   "(description, quantity, unit_price, total). Add a test.",
                   "Friday, Aug 14, 2026, 11:20 AM (UTC+2)")),
        assistant(text("[REDACTED]"), text("I'll look at the invoice model first."),
                  tool("Glob", glob_pattern="**/*.py", target_directory=WORKSPACE)),
        assistant(tool("Read", path=f"{p}/models.py")),
        assistant(tool("Task", description="Find money formatting",
                       prompt=SUB_PROMPT, subagent_type="explore", run_in_background=False)),
        assistant(text("The sub-agent found two formatting helpers; I'll reuse `format_amount` for consistency.\n\n[REDACTED]"),
                  tool("Read", path=f"{p}/formatting.py", offset=1, limit=40)),
        assistant(tool("Write", path=f"{p}/export.py",
                       contents='"""CSV export for invoices."""\n\nimport csv\n\nfrom .formatting import format_amount\n\n'
                                'HEADER = ["description", "quantity", "unit_price", "total"]\n\n\n'
                                'def to_csv(invoice, path):\n    with open(path, "w", newline="") as fh:\n'
                                '        writer = csv.writer(fh)\n        writer.writerow(HEADER)\n'
                                '        for line in invoice.lines:\n            writer.writerow([\n'
                                '                line.description,\n                line.quantity,\n'
                                '                format_amount(line.unit_price),\n                format_amount(line.total),\n'
                                '            ])\n')),
        assistant(tool("StrReplace", path=f"{p}/__init__.py",
                       old_string="from .totals import average_line_total, grand_total\n",
                       new_string="from .export import to_csv\nfrom .totals import average_line_total, grand_total\n")),
        assistant(tool("Write", path=f"{WORKSPACE}/tests/test_export.py",
                       contents="from invoice_tools import to_csv\nfrom invoice_tools.models import Invoice, Line\n\n\n"
                                "def test_to_csv_writes_header_and_rows(tmp_path):\n"
                                "    inv = Invoice(lines=[Line('Widget', 2, '3.50')])\n"
                                "    out = tmp_path / 'inv.csv'\n    to_csv(inv, out)\n"
                                "    assert out.read_text().splitlines() == [\n"
                                "        'description,quantity,unit_price,total',\n        'Widget,2,3.50,7.00',\n    ]\n")),
        assistant(text("Running the tests."),
                  tool("Shell", command="python -m pytest -q tests/test_export.py", description="Run the new test")),
        assistant(tool("Shell", command="python -m pytest -q", description="Run the full suite")),
        assistant(text("Added `invoice_tools/export.py` with `to_csv`, exported it from the package, and added "
                       "`tests/test_export.py`. Amounts go through the existing `format_amount` helper, so the CSV "
                       "uses the same two-decimal formatting as the PDF output.")),
        {"type": "turn_ended", "status": "success"},
        user(query("Also make the delimiter configurable.", "Friday, Aug 14, 2026, 11:31 AM (UTC+2)")),
        assistant(tool("StrReplace", path=f"{p}/export.py",
                       old_string="def to_csv(invoice, path):\n    with open(path, \"w\", newline=\"\") as fh:\n        writer = csv.writer(fh)\n",
                       new_string="def to_csv(invoice, path, delimiter=\",\"):\n    with open(path, \"w\", newline=\"\") as fh:\n        writer = csv.writer(fh, delimiter=delimiter)\n")),
        assistant(tool("ReadLints", paths=[f"{p}/export.py"])),
        assistant(text("`to_csv` now takes `delimiter=\",\"`; pass `delimiter=\";\"` for spreadsheet locales that expect semicolons.")),
        {"type": "turn_ended", "status": "success"},
    ]


def subagent_c():
    p = f"{WORKSPACE}/invoice_tools"
    return [
        user(query(SUB_PROMPT, "Friday, Aug 14, 2026, 11:21 AM (UTC+2)")),
        assistant(tool("Grep", pattern=r"format\(|f\"|str\(.*Decimal", path=WORKSPACE, glob="*.py", output_mode="content")),
        assistant(tool("Read", path=f"{p}/formatting.py")),
        assistant(text(f"- {p}/formatting.py:7 `format_amount` uses `f\"{{value:.2f}}\"`\n"
                       f"- {p}/pdf.py:31 calls `format_amount(line.total)`\n"
                       f"- {p}/pdf.py:44 uses `str(invoice.tax)` directly (inconsistent)")),
        {"type": "turn_ended", "status": "success"},
    ]


def transcript_b():
    p = f"{WORKSPACE}/invoice_tools"
    return [
        user(query("Why is the PDF footer showing the tax as 0.2 instead of 20%?"), as_string=True),
        assistant(text("Let me find where the footer is rendered."),
                  tool("Grep", pattern="tax", path=f"{p}/pdf.py")),
        assistant(tool("Read", path=f"{p}/pdf.py", offset=30, limit=20)),
        assistant(text("Line 44 prints `str(invoice.tax_rate)`, which is the raw fraction. "
                       "Formatting it with `:.0%` gives `20%`."),
                  tool("StrReplace", path=f"{p}/pdf.py",
                       old_string='footer = f"Tax: {invoice.tax_rate}"',
                       new_string='footer = f"Tax: {invoice.tax_rate:.0%}"')),
        assistant(tool("Shell", command="python -m pytest -q tests/test_pdf.py", description="Run PDF tests")),
        # LOW-CONFIDENCE shape: most captures contain no tool results at all (see NOTES.md "Tool results").
        {"role": "user", "message": {"content": [{"type": "tool_result",
                                                   "content": [{"type": "text", "text": "...\n3 passed in 0.42s"}]}]}},
        assistant(text("Fixed: the footer now renders the rate as a percentage (`Tax: 20%`). PDF tests pass.")),
        {"type": "turn_ended", "status": "success"},
        # A record kind no reader knows about (drift).
        {"type": "checkpoint_created", "checkpointId": uid("checkpoint-1"), "files": [f"{p}/pdf.py"]},
        user(query("Now regenerate all the sample PDFs in examples/.")),
        assistant(text("Regenerating the examples."),
                  tool("Shell", command="python scripts/render_examples.py --out examples/", description="Regenerate example PDFs")),
        {"type": "turn_ended", "status": "aborted", "error": "User aborted/interrupted manually."},
        user(query("Skip that. Just tell me how many example files there are.")),
        {"type": "turn_ended", "status": "error", "error": "Connection to the model provider was lost. Please try again."},
    ]


def write_jsonl(path, records, mtime):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for r in records:
            f.write(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n")
    os.utime(path, (mtime, mtime))


def ts(*args):
    return datetime(*args, tzinfo=timezone.utc).timestamp()


README = f"""# Cursor fixtures (hand-authored, invented content)

Workspace `{WORKSPACE}` -> slug `{SLUG}`.

| file | exercises |
| --- | --- |
| `agent-transcripts/{A}/{A}.jsonl` | nested layout; `<timestamp>` + `<user_query>` wrappers; `[REDACTED]` reasoning (own block and appended); tool_use without ids (Glob, Read, Task, Write, StrReplace, Shell, ReadLints); two turns each closed by `turn_ended` success; no tool results (the common real case) |
| `agent-transcripts/{A}/subagents/{C}.jsonl` | sub-agent transcript; first `<user_query>` equals the parent `Task` input.prompt (the only link) |
| `agent-transcripts/{B}.jsonl` | flat layout; older build without `<timestamp>`; user content as a plain string in line 1; ONE low-confidence `tool_result` block in a user line (attach to the preceding unmatched tool_use); unknown record `checkpoint_created` (must be skipped); `turn_ended` aborted and error |

The plain-text transcript `projects/home-ana-src-weather-cli/agent-transcripts/5d1e7c3a-8b42-4f6e-9a1d-2c7b0e9f4a61.txt` is written by hand, not by this script: `<user_info>` before `<user_query>`; `[Thinking]` to a blank line; `<think>` inside a reply; `[Tool call]` inputs as `key=value`, `key: value` with a value over several lines, a JSON object, and a JSON value; results by tool name, two side by side; `[REDACTED]`; unknown markers `[Image]` (twice) and `[Checkpoint]`.

`User/globalStorage/state.vscdb`, the editor's own chats in its state database, is built by `make_state_db.py` (see its docstring).

File mtimes are fixed: A {datetime.fromtimestamp(ts(2026, 8, 14, 9, 33), timezone.utc).isoformat()}, C {datetime.fromtimestamp(ts(2026, 8, 14, 9, 22), timezone.utc).isoformat()}, B {datetime.fromtimestamp(ts(2026, 8, 13, 16, 5), timezone.utc).isoformat()}.
"""


def main():
    out = os.path.dirname(os.path.abspath(__file__))
    root = os.path.join(out, "projects", SLUG, "agent-transcripts")
    write_jsonl(os.path.join(root, A, f"{A}.jsonl"), transcript_a(), ts(2026, 8, 14, 9, 33))
    write_jsonl(os.path.join(root, A, "subagents", f"{C}.jsonl"), subagent_c(), ts(2026, 8, 14, 9, 22))
    write_jsonl(os.path.join(root, f"{B}.jsonl"), transcript_b(), ts(2026, 8, 13, 16, 5))
    with open(os.path.join(out, "FIXTURES.md"), "w", encoding="utf-8", newline="\n") as f:
        f.write(README)
    for dirpath, _, files in sorted(os.walk(out)):
        for name in sorted(files):
            if name.endswith(".jsonl") or name == "FIXTURES.md":
                print(os.path.relpath(os.path.join(dirpath, name), out))


if __name__ == "__main__":
    main()
