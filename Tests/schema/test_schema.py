"""Checks schemas/conversation.schema.json against the conversation fixtures.

The Swift suite (ConversationFixtureTests) loads the same folders with chatrender's loader: every
file in valid/ must pass both, every file in invalid/ must fail both. A fixture that passes one and
fails the other means the schema and the loader have drifted apart.

A few rules cannot be written in JSON Schema. They are checked here by hand, and the tests below
make sure the lists of fixtures that rely on them stay exact:
  * JSON syntax as chatrender reads it: RFC 8259 strictly (no NaN/Infinity, no numbers that
    overflow a double, no lone surrogates, no duplicate member names), an optional UTF-8 byte order
    mark, and at most 128 nested arrays and objects;
  * message ids unique in the conversation (and in each transcript), attachment and source ids
    unique in their message;
  * attachment ids named by parts exist in the top-level message and are shown by one part only;
  * transcripts nest at most 8 deep.
"""

import json
import math
import pathlib
import re

import pytest
from jsonschema import Draft202012Validator

REPO = pathlib.Path(__file__).resolve().parents[2]
SCHEMA_PATH = REPO / "schemas" / "conversation.schema.json"
FIXTURES = REPO / "Tests" / "ChatRenderTests" / "Fixtures" / "conversations"
MAX_DEPTH = 128  # JSONParser.Limits.maxDepth
MAX_TRANSCRIPT_DEPTH = 8  # ConversationLoader.maxTranscriptDepth

# Invalid fixtures that only the JSON syntax check rejects.
SYNTAX_ERRORS = {"trailing-comma.json", "duplicate-member.json", "line-break-in-string.json"}
# Invalid fixtures that only the unique-id check rejects (JSON Schema cannot say "unique by id").
DUPLICATE_IDS = {"duplicate-message-id.json", "duplicate-attachment-id.json", "duplicate-ids-in-parts.json"}
# Invalid fixtures that only the attachment-reference check rejects.
REFERENCE_ERRORS = {"part-attachment-references.json"}
# Invalid fixtures that only the transcript depth check rejects.
TOO_DEEP = {"transcript-too-deep.json"}
# Invalid fixtures with one problem in every message, each of which the schema must find on its own
# (so one bad message cannot hide another that the schema lets through).
EVERY_MESSAGE_INVALID_PREFIXES = ("part-", "sources-", "speaker-", "version-")


class SyntaxProblem(ValueError):
    pass


def _reject_duplicates(pairs):
    seen = set()
    for key, _ in pairs:
        if key in seen:
            raise SyntaxProblem(f'duplicate member name "{key}"')
        seen.add(key)
    return dict(pairs)


def _reject_constant(name):
    raise SyntaxProblem(f"{name} is not JSON")


def _finite_float(text):
    value = float(text)
    if not math.isfinite(value):
        raise SyntaxProblem(f"number {text} is out of range")
    return value


def _check_tree(value, depth=0):
    if isinstance(value, (list, dict)):
        depth += 1
        if depth > MAX_DEPTH:
            raise SyntaxProblem(f"nesting is deeper than {MAX_DEPTH} levels")
        children = value.values() if isinstance(value, dict) else value
        keys = value.keys() if isinstance(value, dict) else ()
        for key in keys:
            _check_tree(key, depth)
        for child in children:
            _check_tree(child, depth)
    elif isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as error:
            raise SyntaxProblem("lone surrogate in a \\u escape") from error


def load_strict(path):
    """Parses a file the way chatrender's JSONParser does, or raises."""
    text = path.read_bytes().decode("utf-8-sig")  # strict UTF-8; a leading BOM is allowed
    document = json.loads(
        text,
        object_pairs_hook=_reject_duplicates,
        parse_constant=_reject_constant,
        parse_float=_finite_float,
    )
    _check_tree(document)
    return document


def _messages(document):
    messages = document.get("messages") if isinstance(document, dict) else None
    return messages if isinstance(messages, list) else []


def _parts(message):
    parts = message.get("parts") if isinstance(message, dict) else None
    return [part for part in parts if isinstance(part, dict)] if isinstance(parts, list) else []


def _transcripts(message):
    """The message lists of the message's transcript parts."""
    for part in _parts(message):
        if part.get("type") == "transcript" and isinstance(part.get("messages"), list):
            yield part["messages"]


def _unique_ids(items, where, problems):
    seen = {}
    for position, item in enumerate(items if isinstance(items, list) else []):
        item_id = item.get("id") if isinstance(item, dict) else None
        if not isinstance(item_id, str):
            continue
        if item_id in seen:
            problems.append(f"{where}[{position}].id duplicates {where}[{seen[item_id]}]")
        else:
            seen[item_id] = position


def duplicate_id_problems(document):
    """Ids the schema cannot check: messages unique in the conversation and in each transcript,
    attachments and sources unique in their message."""
    problems = []

    def check(messages, where):
        _unique_ids(messages, where, problems)
        for index, message in enumerate(messages):
            if not isinstance(message, dict):
                continue
            _unique_ids(message.get("attachments"), f"{where}[{index}].attachments", problems)
            _unique_ids(message.get("sources"), f"{where}[{index}].sources", problems)
            for transcript in _transcripts(message):
                check(transcript, f"{where}[{index}] transcript")

    check(_messages(document), "messages")
    return problems


def reference_problems(document):
    """Attachment ids named by parts, at any depth, must be attachments of the top-level message,
    each shown by one part only."""
    problems = []
    for index, message in enumerate(_messages(document)):
        if not isinstance(message, dict):
            continue
        attachments = message.get("attachments") if isinstance(message.get("attachments"), list) else []
        known = {item.get("id") for item in attachments if isinstance(item, dict)}
        shown = set()

        def walk(turn):
            for part in _parts(turn):
                if part.get("type") in ("toolCall", "codeExecution") and isinstance(part.get("attachments"), list):
                    for attachment_id in part["attachments"]:
                        if attachment_id not in known:
                            problems.append(f"messages[{index}]: no attachment {attachment_id!r}")
                        elif attachment_id in shown:
                            problems.append(f"messages[{index}]: attachment {attachment_id!r} shown twice")
                        shown.add(attachment_id)
            for transcript in _transcripts(turn):
                for inner in transcript:
                    walk(inner)

        walk(message)
    return problems


def transcript_depth(document):
    """How many transcripts sit inside one another at most."""
    def depth(messages):
        deepest = 0
        for message in messages:
            for transcript in _transcripts(message):
                deepest = max(deepest, 1 + depth(transcript))
        return deepest

    return depth(_messages(document))


def hand_problems(document):
    """Everything chatrender checks that the schema cannot."""
    problems = duplicate_id_problems(document) + reference_problems(document)
    if transcript_depth(document) > MAX_TRANSCRIPT_DEPTH:
        problems.append(f"transcripts nest {transcript_depth(document)} deep")
    return problems


@pytest.fixture(scope="module")
def schema():
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def validator(schema):
    return Draft202012Validator(schema)


def fixture_names(folder):
    return sorted(path.name for path in (FIXTURES / folder).glob("*.json"))


def schema_errors(validator, document):
    return sorted(validator.iter_errors(document), key=lambda error: list(error.absolute_path))


def test_schema_is_a_valid_2020_12_schema(schema):
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)


def test_every_property_has_a_description(schema):
    missing = []

    def walk(node, where):
        if isinstance(node, dict):
            for name, child in node.get("properties", {}).items():
                if "description" not in child:
                    missing.append(f"{where}.properties.{name}")
            for key, child in node.items():
                walk(child, f"{where}.{key}")
        elif isinstance(node, list):
            for index, child in enumerate(node):
                walk(child, f"{where}[{index}]")

    walk(schema, "$")
    for name, definition in schema["$defs"].items():
        if "description" not in definition:
            missing.append(f"$.$defs.{name}")
    assert missing == []


def test_unknown_top_level_members_stay_allowed(schema, validator):
    # Members this version does not know (a later version may add them) must not be rejected.
    assert "additionalProperties" not in schema
    assert schema_errors(validator, {"messages": [], "keyboard": {"placeholder": "Message"}}) == []


def test_fixture_folders_are_found():
    assert len(fixture_names("valid")) >= 10
    assert len(fixture_names("invalid")) >= 25


@pytest.mark.parametrize("name", fixture_names("valid"))
def test_valid_fixture_passes(validator, name):
    document = load_strict(FIXTURES / "valid" / name)
    assert [error.message for error in schema_errors(validator, document)] == []
    assert hand_problems(document) == []


@pytest.mark.parametrize("name", fixture_names("invalid"))
def test_invalid_fixture_fails(validator, name):
    path = FIXTURES / "invalid" / name
    if name in SYNTAX_ERRORS:
        with pytest.raises(ValueError):  # json.JSONDecodeError and SyntaxProblem are both ValueErrors
            load_strict(path)
        return
    document = load_strict(path)
    if name in DUPLICATE_IDS | REFERENCE_ERRORS | TOO_DEEP:
        # The schema alone accepts it (which is why the lists exist); the hand checks must not.
        assert schema_errors(validator, document) == []
        assert hand_problems(document) != []
        return
    errors = schema_errors(validator, document)
    assert errors != [], f"{name} passes the schema but chatrender rejects it"
    if name.startswith(EVERY_MESSAGE_INVALID_PREFIXES):
        flagged = {error.absolute_path[1] for error in errors if len(error.absolute_path) > 1 and error.absolute_path[0] == "messages"}
        assert flagged == set(range(len(document["messages"]))), f"{name}: the schema lets some messages through"


def test_hand_written_lists_name_real_fixtures():
    invalid = set(fixture_names("invalid"))
    assert SYNTAX_ERRORS <= invalid
    assert DUPLICATE_IDS <= invalid
    assert REFERENCE_ERRORS <= invalid
    assert TOO_DEEP <= invalid


@pytest.fixture(scope="module")
def date_pattern(schema):
    return re.compile(schema["$defs"]["message"]["properties"]["date"]["pattern"])


def _date_forms():
    return json.loads((FIXTURES / "date-forms.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("text", _date_forms()["accepted"])
def test_date_pattern_accepts_what_chatdate_accepts(date_pattern, text):
    # The same list is checked against ChatDate(iso:) in ChatDateTests.swift.
    assert date_pattern.search(text)


@pytest.mark.parametrize("text", _date_forms()["rejected"])
def test_date_pattern_rejects_what_chatdate_rejects(date_pattern, text):
    assert not date_pattern.search(text)


def test_date_pattern_is_used_by_the_validator(validator):
    good = {"messages": [{"id": "m1", "role": "user", "text": "", "date": "2024-02-29T10:00Z"}]}
    bad = {"messages": [{"id": "m1", "role": "user", "text": "", "date": "2023-02-29T10:00Z"}]}
    assert schema_errors(validator, good) == []
    assert [list(error.absolute_path) for error in schema_errors(validator, bad)] == [["messages", 0, "date"]]


def test_byte_count_bounds(validator):
    def document(byte_count):
        attachment = {"id": "a1", "name": "a", "byteCount": byte_count, "contentType": "text/plain"}
        return {"messages": [{"id": "m1", "role": "user", "text": "", "attachments": [attachment]}]}

    assert schema_errors(validator, document(0)) == []
    assert schema_errors(validator, document(2**63 - 1)) == []
    assert schema_errors(validator, document(2**63)) != []
    assert schema_errors(validator, document(-1)) != []
    assert schema_errors(validator, document(1.5)) != []


def test_progress_bounds(validator):
    def document(upload):
        attachment = {"id": "a1", "name": "a", "byteCount": 1, "contentType": "image/png", "upload": upload}
        return {"messages": [{"id": "m1", "role": "user", "text": "", "attachments": [attachment]}]}

    for progress in (0, 0.45, 1):
        assert schema_errors(validator, document({"state": "uploading", "progress": progress})) == []
    for progress in (-0.01, 1.01, True, "0.5", None):
        assert schema_errors(validator, document({"state": "uploading", "progress": progress})) != []


def test_the_documented_example_is_the_full_fixture_and_valid(validator):
    # docs/conversation-format.md shows valid/full.json; keep the two identical.
    text = (REPO / "docs" / "conversation-format.md").read_text(encoding="utf-8")
    example = re.search(r"```json\n(.*?)```", text, re.S).group(1)
    document = json.loads(example)
    assert document == load_strict(FIXTURES / "valid" / "full.json")
    assert schema_errors(validator, document) == []


PART_TYPES = ["text", "thinking", "toolCall", "codeExecution", "diff", "terminal", "document", "notice", "transcript"]


def _kebab(name):
    return re.sub(r"([A-Z])", lambda match: "-" + match.group(1).lower(), name)


def _part_types_in(document):
    found = set()

    def walk(messages):
        for message in messages:
            for part in _parts(message):
                found.add(part.get("type"))
            for transcript in _transcripts(message):
                walk(transcript)

    walk(_messages(document))
    return found


def test_the_schema_knows_exactly_the_loaders_part_types(schema):
    # ConversationLoader.partTypes, in the same order.
    branches = schema["$defs"]["part"]["allOf"]
    assert [branch["if"]["properties"]["type"]["const"] for branch in branches] == PART_TYPES


def test_every_part_type_has_valid_and_invalid_fixtures():
    valid = set()
    for name in fixture_names("valid"):
        valid |= _part_types_in(load_strict(FIXTURES / "valid" / name))
    assert set(PART_TYPES) <= valid
    invalid = set(fixture_names("invalid"))
    assert [kind for kind in PART_TYPES if f"part-{_kebab(kind)}.json" not in invalid] == []


def test_an_unknown_part_type_passes_the_schema(validator):
    # chatrender warns and skips it; the schema must not refuse what chatrender loads.
    document = {"messages": [{"id": "m1", "role": "assistant", "parts": [{"type": "hologram", "text": 5}]}]}
    assert schema_errors(validator, document) == []


def test_part_limits(validator, schema):
    # ConversationLoader.maxPartsPerMessage; read from the schema, as 10,000 parts validate slowly.
    assert schema["$defs"]["message"]["properties"]["parts"]["maxItems"] == 10000

    def parts(count):
        return {"messages": [{"id": "m1", "role": "assistant", "parts": [{"type": "text", "text": ""}] * count}]}

    def versions(count):
        return {"messages": [{"id": "m1", "role": "assistant", "parts": [
            {"type": "document", "title": "", "content": "", "versions": ["v"] * count}]}]}

    def sources(count):
        return {"messages": [{"id": "m1", "role": "user", "text": "", "sources": [{"id": f"s{i}"} for i in range(count)]}]}

    assert schema_errors(validator, parts(3)) == []
    assert schema_errors(validator, versions(100)) == []
    assert schema_errors(validator, versions(101)) != []
    assert schema_errors(validator, sources(1000)) == []
    assert schema_errors(validator, sources(1001)) != []


def test_every_json_example_in_the_format_document_is_valid(validator, schema):
    # Whole messages and single parts are checked too, each wrapped in a conversation.
    text = (REPO / "docs" / "conversation-format.md").read_text(encoding="utf-8")
    examples = re.findall(r"```json\n(.*?)```", text, re.S)
    assert len(examples) >= 12
    seen_types = set()
    for example in examples:
        value = json.loads(example)
        if "messages" in value and "type" not in value:
            document = value
        elif "role" in value:
            document = {"messages": [value]}
        elif "byteCount" in value:
            document = {"messages": [{"id": "m1", "role": "user", "text": "", "attachments": [value]}]}
        else:
            seen_types.add(value["type"])
            document = {"messages": [{"id": "m1", "role": "assistant", "parts": [value]}]}
        assert [error.message for error in schema_errors(validator, document)] == [], example
        assert duplicate_id_problems(document) == []
    assert seen_types == set(PART_TYPES)


def test_the_parts_example_is_valid_and_uses_every_part_type(validator):
    document = load_strict(REPO / "examples" / "parts" / "conversation.json")
    assert schema_errors(validator, document) == []
    assert hand_problems(document) == []
    assert _part_types_in(document) == set(PART_TYPES)
