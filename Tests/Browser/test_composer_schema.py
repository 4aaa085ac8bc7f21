"""The composer part of schemas/conversation.schema.json against the composer fixtures and the
composer examples: valid ones pass, invalid ones fail. ComposerDecoderTests loads the same files
with chatrender's loader, so the schema and the loader cannot drift apart unnoticed."""

import json

import pytest
from jsonschema import Draft202012Validator

import composer_support as cs

SCHEMA = json.loads((cs.ROOT / "schemas" / "conversation.schema.json").read_text())
VALID = sorted((cs.COMPOSER_FIXTURES / "valid").glob("*.json")) + sorted((cs.ROOT / "examples" / "composers").glob("*.json"))
INVALID = sorted((cs.COMPOSER_FIXTURES / "invalid").glob("*.json"))


def test_schema_is_valid():
    Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_valid_fixture_passes(path):
    errors = list(Draft202012Validator(SCHEMA).iter_errors(json.loads(path.read_text())))
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors)


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.name)
def test_invalid_fixture_fails(path):
    assert list(Draft202012Validator(SCHEMA).iter_errors(json.loads(path.read_text())))
