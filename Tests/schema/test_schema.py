"""Checks schemas/conversation.schema.json against the conversation fixtures.

The Swift suite (ConversationFixtureTests) loads the same folders with chatrender's loader: every
file in valid/ must pass both, every file in invalid/ must fail both. A fixture that passes one and
fails the other means the schema and the loader have drifted apart.

A few rules cannot be written in JSON Schema. They are checked here by hand, and the tests below
make sure the lists of fixtures that rely on them stay exact:
  * JSON syntax as chatrender reads it: RFC 8259 strictly (no NaN/Infinity, no numbers that
    overflow a double, no lone surrogates, no duplicate member names), an optional UTF-8 byte order
    mark, and at most 128 nested arrays and objects;
  * message ids unique in the conversation, attachment ids unique in their message.
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

# Invalid fixtures that only the JSON syntax check rejects.
SYNTAX_ERRORS = {"trailing-comma.json", "duplicate-member.json", "line-break-in-string.json"}
# Invalid fixtures that only the unique-id check rejects (JSON Schema cannot say "unique by id").
DUPLICATE_IDS = {"duplicate-message-id.json", "duplicate-attachment-id.json"}


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


def duplicate_id_problems(document):
    """The rules the schema cannot express: unique message ids, unique attachment ids per message."""
    problems = []
    messages = document.get("messages") if isinstance(document, dict) else None
    if not isinstance(messages, list):
        return problems
    seen = {}
    for index, message in enumerate(messages):
        if not isinstance(message, dict):
            continue
        message_id = message.get("id")
        if isinstance(message_id, str):
            if message_id in seen:
                problems.append(f"messages[{index}].id duplicates messages[{seen[message_id]}]")
            else:
                seen[message_id] = index
        attachments = message.get("attachments")
        if isinstance(attachments, list):
            seen_attachments = {}
            for position, attachment in enumerate(attachments):
                attachment_id = attachment.get("id") if isinstance(attachment, dict) else None
                if not isinstance(attachment_id, str):
                    continue
                if attachment_id in seen_attachments:
                    problems.append(f"messages[{index}].attachments[{position}].id duplicates an earlier one")
                else:
                    seen_attachments[attachment_id] = position
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
    assert duplicate_id_problems(document) == []


@pytest.mark.parametrize("name", fixture_names("invalid"))
def test_invalid_fixture_fails(validator, name):
    path = FIXTURES / "invalid" / name
    if name in SYNTAX_ERRORS:
        with pytest.raises(ValueError):  # json.JSONDecodeError and SyntaxProblem are both ValueErrors
            load_strict(path)
        return
    document = load_strict(path)
    if name in DUPLICATE_IDS:
        # The schema alone accepts it (which is why the list exists); the id check must not.
        assert schema_errors(validator, document) == []
        assert duplicate_id_problems(document) != []
    else:
        assert schema_errors(validator, document) != [], f"{name} passes the schema but chatrender rejects it"


def test_hand_written_lists_name_real_fixtures():
    invalid = set(fixture_names("invalid"))
    assert SYNTAX_ERRORS <= invalid
    assert DUPLICATE_IDS <= invalid


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
