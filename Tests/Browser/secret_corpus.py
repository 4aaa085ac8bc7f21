"""Fake credentials in the published formats of the tokens and keys that secret scanners know
(gitleaks' default rules, detect-secrets' plugins): the right prefix, alphabet and length, and
the right check where a format has one (GitHub's and npm's CRC-32 in base62, age's Bech32).

Every value is made at run time from a seeded generator, so the repository holds no string a
scanner would stop on, and no value is anyone's secret. `KINDS` lists each kind with how it is
written in prose and as `KEY=value`; `session()` writes a Claude Code session that pastes them
where people paste them: a prompt, a command printing `.env`, a key file, a service-account
file, URLs and headers."""

from __future__ import annotations

import base64
import json
import random
import string
import zlib
from dataclasses import dataclass, field
from typing import Callable

ALNUM = string.ascii_letters + string.digits
UPPER_DIGITS = string.ascii_uppercase + string.digits
LOWER_DIGITS = string.ascii_lowercase + string.digits
HEX = "0123456789abcdef"
WORD_DASH = ALNUM + "_-"
BASE64 = ALNUM + "+/"
BASE62 = string.digits + string.ascii_uppercase + string.ascii_lowercase
BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


class Maker:
    """Random text of a given alphabet, from one seeded generator."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def of(self, alphabet: str, count: int) -> str:
        return "".join(self.rng.choice(alphabet) for _ in range(count))

    def bytes(self, count: int) -> bytes:
        return bytes(self.rng.randrange(256) for _ in range(count))


# --- Checks some formats carry ------------------------------------------------------------------

def base62(value: int, width: int) -> str:
    digits = ""
    while value:
        value, rest = divmod(value, 62)
        digits = BASE62[rest] + digits
    return digits.rjust(width, "0")


def crc32_base62_token(prefix: str, make: Maker) -> str:
    """GitHub's (and npm's) token: 30 random base62 characters, then their CRC-32 in base62."""
    random_part = make.of(ALNUM, 30)
    return prefix + random_part + base62(zlib.crc32(random_part.encode()), 6)


def bech32_polymod(values: list[int]) -> int:
    generators = [0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3]
    check = 1
    for value in values:
        top = check >> 25
        check = (check & 0x1FFFFFF) << 5 ^ value
        for bit, generator in enumerate(generators):
            if (top >> bit) & 1:
                check ^= generator
    return check


def bech32(hrp: str, data: bytes) -> str:
    """Bech32 (BIP 173) of `data` under the human-readable part `hrp`."""
    groups, accumulator, bits = [], 0, 0
    for byte in data:
        accumulator = (accumulator << 8) | byte
        bits += 8
        while bits >= 5:
            bits -= 5
            groups.append((accumulator >> bits) & 31)
    if bits:
        groups.append((accumulator << (5 - bits)) & 31)
    expanded = [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]
    polymod = bech32_polymod(expanded + groups + [0] * 6) ^ 1
    checksum = [(polymod >> 5 * (5 - i)) & 31 for i in range(6)]
    return hrp + "1" + "".join(BECH32[g] for g in groups + checksum)


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def pem_body(make: Maker, lines: int, width: int = 64) -> list[str]:
    text = base64.b64encode(make.bytes(lines * width * 3 // 4)).decode()
    return [text[i:i + width] for i in range(0, len(text), width)]


# --- The kinds ----------------------------------------------------------------------------------

@dataclass
class Kind:
    """A credential kind: its name, the key it has in `.env`, how a value is made, and how a
    value is written in prose and as the value of its key (the value by default)."""

    name: str
    key: str
    make: Callable[[Maker], str]
    prose: Callable[[str], str] = lambda v: v
    value: Callable[[str], str] = lambda v: v
    #: The parts of a written value that are secret (default: the value itself).
    secrets: Callable[[str], list[str]] = field(default=lambda v: [v])


def _pem(label: str, lines: int) -> Callable[[Maker], str]:
    def make(m: Maker) -> str:
        body = pem_body(m, lines, 70 if label == "OPENSSH " else 64)
        return f"-----BEGIN {label}PRIVATE KEY-----\n" + "\n".join(body) + f"\n-----END {label}PRIVATE KEY-----"
    return make


def _pem_secrets(block: str) -> list[str]:
    return [line for line in block.replace("\\n", "\n").splitlines() if line and not line.startswith("-----") and len(line) >= 16]


def _service_account(m: Maker) -> str:
    key = "-----BEGIN PRIVATE KEY-----\n" + "\n".join(pem_body(m, 8)) + "\n-----END PRIVATE KEY-----\n"
    return json.dumps({
        "type": "service_account", "project_id": "demo-garden-4471", "private_key_id": m.of(HEX, 40), "private_key": key,
        "client_email": "renderer@demo-garden-4471.iam.gserviceaccount.com", "client_id": "1" + m.of("0123456789", 20),
        "token_uri": "https://oauth2.googleapis.com/token",
    }, indent=2)


def _service_account_secrets(text: str) -> list[str]:
    data = json.loads(text)
    return [data["private_key_id"]] + _pem_secrets(data["private_key"])


def _jwt(m: Maker) -> str:
    header = b64url(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
    payload = b64url(json.dumps({"sub": m.of("0123456789", 10), "name": "Ana", "iat": 1767225600}).encode())
    return f"{header}.{payload}.{b64url(m.bytes(32))}"


def _sentry_dsn(m: Maker) -> str:
    return f"https://{m.of(HEX, 32)}@o{m.of('0123456789', 6)}.ingest.sentry.io/{m.of('0123456789', 7)}"


def _dsn_key(url: str) -> list[str]:
    return [url.split("//")[1].split("@")[0]]


def _database_url(m: Maker) -> str:
    return f"postgres://shop_app:{m.of(ALNUM, 18)}@db.internal.example:5432/shop"


def _url_password(url: str) -> list[str]:
    return [url.split("//")[1].split("@")[0].split(":")[1]]


KINDS: list[Kind] = [
    Kind("GitHub personal access token", "GITHUB_TOKEN", lambda m: crc32_base62_token("ghp_", m)),
    Kind("GitHub OAuth token", "GH_OAUTH_TOKEN", lambda m: crc32_base62_token("gho_", m)),
    Kind("GitHub fine-grained token", "GH_PAT", lambda m: "github_pat_" + m.of(ALNUM, 22) + "_" + m.of(ALNUM, 59)),
    Kind("GitLab personal access token", "GITLAB_TOKEN", lambda m: "glpat-" + m.of(WORD_DASH, 20)),
    Kind("GitLab runner token", "CI_RUNNER_TOKEN", lambda m: "glrt-" + m.of(WORD_DASH, 20)),
    Kind("Slack bot token", "SLACK_BOT_TOKEN", lambda m: f"xoxb-{m.of('0123456789', 12)}-{m.of('0123456789', 13)}-{m.of(ALNUM, 24)}"),
    Kind("Slack user token", "SLACK_USER_TOKEN",
         lambda m: f"xoxp-{m.of('0123456789', 12)}-{m.of('0123456789', 12)}-{m.of('0123456789', 13)}-{m.of(HEX, 32)}"),
    Kind("Slack webhook", "SLACK_WEBHOOK_URL",
         lambda m: f"https://hooks.slack.com/services/T{m.of(UPPER_DIGITS, 8)}/B{m.of(UPPER_DIGITS, 10)}/{m.of(ALNUM, 24)}"),
    Kind("Discord webhook", "DISCORD_WEBHOOK",
         lambda m: f"https://discord.com/api/webhooks/{m.of('0123456789', 18)}/{m.of(WORD_DASH, 68)}"),
    Kind("AWS access key ID", "AWS_ACCESS_KEY_ID", lambda m: "AKIA" + m.of("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)),
    Kind("Google API key", "GOOGLE_API_KEY", lambda m: "AIza" + m.of(WORD_DASH, 35)),
    Kind("Google OAuth access token", "GOOGLE_ACCESS_TOKEN", lambda m: "ya29." + m.of(WORD_DASH, 120)),
    Kind("OpenAI project key", "OPENAI_API_KEY", lambda m: "sk-proj-" + m.of(WORD_DASH, 58) + "T3BlbkFJ" + m.of(WORD_DASH, 58)),
    Kind("Anthropic API key", "ANTHROPIC_API_KEY", lambda m: "sk-ant-api03-" + m.of(WORD_DASH, 93) + "AA"),
    Kind("Hugging Face token", "HF_TOKEN", lambda m: "hf_" + m.of(string.ascii_letters, 34)),
    Kind("Perplexity API key", "PPLX_KEY", lambda m: "pplx-" + m.of(ALNUM, 48)),
    Kind("Stripe secret key", "STRIPE_SECRET_KEY", lambda m: "sk_live_" + m.of(ALNUM, 24)),
    Kind("Stripe restricted key", "STRIPE_RESTRICTED", lambda m: "rk_live_" + m.of(ALNUM, 24)),
    Kind("Square access token", "SQUARE_TOKEN", lambda m: "sq0atp-" + m.of(WORD_DASH, 22)),
    Kind("Square OAuth secret", "SQUARE_SECRET", lambda m: "sq0csp-" + m.of(WORD_DASH, 43)),
    Kind("Shopify access token", "SHOPIFY_TOKEN", lambda m: "shpat_" + m.of(HEX, 32)),
    Kind("Shippo API token", "SHIPPO_TOKEN", lambda m: "shippo_live_" + m.of(HEX, 40)),
    Kind("Flutterwave secret key", "FLW_SECRET", lambda m: "FLWSECK_TEST-" + m.of(HEX, 32) + "-X"),
    Kind("npm access token", "NPM_TOKEN", lambda m: crc32_base62_token("npm_", m)),
    Kind("PyPI upload token", "PYPI_TOKEN", lambda m: "pypi-AgEIcHlwaS5vcmc" + m.of(WORD_DASH, 80)),
    Kind("RubyGems API key", "GEM_HOST_API_KEY", lambda m: "rubygems_" + m.of(HEX, 48)),
    Kind("Clojars token", "CLOJARS_TOKEN", lambda m: "CLOJARS_" + m.of(LOWER_DIGITS, 60)),
    Kind("SendGrid API key", "SENDGRID_API_KEY", lambda m: f"SG.{m.of(WORD_DASH, 22)}.{m.of(WORD_DASH, 43)}"),
    Kind("Twilio API key", "TWILIO_API_KEY", lambda m: "SK" + m.of(HEX, 32)),
    Kind("Mailchimp API key", "MAILCHIMP_KEY", lambda m: m.of(HEX, 32) + "-us14"),
    Kind("Discord bot token", "DISCORD_BOT", lambda m: "M" + m.of(WORD_DASH, 23) + "." + m.of(WORD_DASH, 6) + "." + m.of(WORD_DASH, 27)),
    Kind("Telegram bot token", "TELEGRAM_BOT", lambda m: m.of("123456789", 9) + ":AA" + m.of(WORD_DASH, 33)),
    Kind("DigitalOcean token", "DO_TOKEN", lambda m: "dop_v1_" + m.of(HEX, 64)),
    Kind("Databricks token", "DATABRICKS_TOKEN", lambda m: "dapi" + m.of(HEX, 32)),
    Kind("Doppler token", "DOPPLER_TOKEN", lambda m: "dp.pt." + m.of(ALNUM, 43)),
    Kind("Dynatrace token", "DT_API_TOKEN", lambda m: "dt0c01." + m.of(UPPER_DIGITS, 24) + "." + m.of(UPPER_DIGITS, 64)),
    Kind("Linear API key", "LINEAR_API_KEY", lambda m: "lin_api_" + m.of(ALNUM, 40)),
    Kind("Notion token", "NOTION_TOKEN", lambda m: "ntn_" + m.of("0123456789", 11) + m.of(ALNUM, 35)),
    Kind("Postman API key", "POSTMAN_API_KEY", lambda m: "PMAK-" + m.of(HEX, 24) + "-" + m.of(HEX, 34)),
    Kind("Vault token", "VAULT_TOKEN", lambda m: "hvs." + m.of(WORD_DASH, 95)),
    Kind("Grafana service account token", "GRAFANA_SA_TOKEN", lambda m: "glsa_" + m.of(ALNUM, 32) + "_" + m.of(HEX, 8)),
    Kind("Sentry user token", "SENTRY_AUTH_TOKEN", lambda m: "sntryu_" + m.of(HEX, 64)),
    Kind("Heroku API key", "HEROKU_API_KEY", lambda m: "HRKU-AA" + m.of(WORD_DASH, 58)),
    Kind("Atlassian API token", "JIRA_API_TOKEN", lambda m: "ATATT3" + m.of(WORD_DASH, 186)),
    Kind("Alibaba access key ID", "ALIBABA_KEY_ID", lambda m: "LTAI" + m.of(ALNUM, 20)),
    Kind("PlanetScale password", "PLANETSCALE_PW", lambda m: "pscale_pw_" + m.of(WORD_DASH, 43)),
    Kind("Prefect API key", "PREFECT_API_KEY", lambda m: "pnu_" + m.of(ALNUM, 36)),
    Kind("New Relic user key", "NEW_RELIC_KEY", lambda m: "NRAK-" + m.of(UPPER_DIGITS, 27)),
    Kind("Infracost token", "INFRACOST_API_KEY", lambda m: "ico-" + m.of(ALNUM, 32)),
    Kind("Fly.io token", "FLY_API_TOKEN", lambda m: "fo1_" + m.of(WORD_DASH, 43)),
    Kind("OpenShift token", "OC_TOKEN", lambda m: "sha256~" + m.of(WORD_DASH, 43)),
    Kind("age secret key", "AGE_KEY", lambda m: bech32("age-secret-key-", m.bytes(32)).upper()),
    Kind("JSON Web Token", "SESSION_JWT", _jwt),
    Kind("Sentry DSN", "SENTRY_DSN", _sentry_dsn, prose=lambda v: f"errors go to {v} now", secrets=_dsn_key),
    Kind("Postgres URL", "DATABASE_URL", _database_url, prose=lambda v: f"connect with {v} and run the migration", secrets=_url_password),
    Kind("Bearer token", "AUTH_HEADER", lambda m: m.of(WORD_DASH, 40),
         prose=lambda v: f"curl -H 'Authorization: Bearer {v}' https://api.example.com/v1/me", value=lambda v: f"'Authorization: Bearer {v}'"),
    Kind("Azure storage key", "AZURE_STORAGE_CONNECTION_STRING", lambda m: base64.b64encode(m.bytes(64)).decode(),
         prose=lambda v: f"DefaultEndpointsProtocol=https;AccountName=gardenstore;AccountKey={v};EndpointSuffix=core.windows.net",
         value=lambda v: f"\"DefaultEndpointsProtocol=https;AccountName=gardenstore;AccountKey={v};EndpointSuffix=core.windows.net\""),
    Kind("RSA private key", "TLS_KEY", _pem("RSA ", 10), value=lambda v: '"' + v.replace("\n", "\\n") + '"', secrets=_pem_secrets),
    Kind("OpenSSH private key", "DEPLOY_KEY", _pem("OPENSSH ", 7), value=lambda v: '"' + v.replace("\n", "\\n") + '"', secrets=_pem_secrets),
    Kind("GCP service account", "GOOGLE_CREDENTIALS", _service_account, value=lambda v: "'" + json.dumps(json.loads(v)) + "'",
         secrets=_service_account_secrets),
]


@dataclass
class Planted:
    """One kind's two values, the one in prose and the one as `KEY=value`, and the secret parts of each."""

    kind: Kind
    prose: str
    value: str

    @property
    def secrets(self) -> list[str]:
        return self.kind.secrets(self.prose) + self.kind.secrets(self.value)


def plant(seed: int = 45) -> list[Planted]:
    make = Maker(seed)
    return [Planted(kind, kind.make(make), kind.make(make)) for kind in KINDS]


# --- A Claude Code session that holds them ------------------------------------------------------

def session(planted: list[Planted], session_id: str = "45a0c0de-5eed-4c0d-9e1a-000000000045", filler: int = 0) -> str:
    """A Claude Code session log (JSON lines): per kind, a prompt pasting one value in prose, and a
    command whose output prints the other as `KEY=value`, as `cat .env` would. With `filler`, that
    many plain exchanges come before them and as many after, so a page split into chunks holds
    the credentials in a chunk of its own, not in the page's first or last turns."""
    lines = []
    parent = None
    clock = [0]

    def add(kind: str, message: dict, **extra) -> None:
        nonlocal parent
        clock[0] += 1
        uuid = f"{session_id[:8]}-{clock[0]:04d}-4000-8000-{clock[0]:012d}"
        line = {
            "parentUuid": parent, "isSidechain": False, "userType": "external", "cwd": "/home/ana/src/garden",
            "sessionId": session_id, "version": "2.1.12", "gitBranch": "main", "type": kind, "message": message,
            "timestamp": f"2026-03-02T11:{clock[0] // 60:02d}:{clock[0] % 60:02d}.000Z", "uuid": uuid, **extra,
        }
        lines.append(json.dumps(line))
        parent = uuid

    def chatter(count: int, start: int) -> None:
        for n in range(start, start + count):
            add("user", {"role": "user", "content": f"Question {n}: how long should the tomato seedlings harden off?"})
            add("assistant", {
                "model": "claude-opus-4-5-20251101", "id": f"msg_f{n:04d}", "type": "message", "role": "assistant",
                "content": [{"type": "text", "text": f"About a week, {n % 5 + 1} hours longer each day."}],
                "stop_reason": "end_turn", "stop_sequence": None,
                "usage": {"input_tokens": 6, "cache_creation_input_tokens": 10, "cache_read_input_tokens": 100, "output_tokens": 12},
            })

    chatter(filler, 0)
    for index, item in enumerate(planted):
        kind = item.kind
        add("user", {"role": "user", "content": f"Step {index + 1}, the {kind.name}: {kind.prose(item.prose)} — why does the deploy reject it?"})
        call = f"toolu_{index:04d}"
        command = f"grep {kind.key} .env"
        add("assistant", {
            "model": "claude-opus-4-5-20251101", "id": f"msg_{index:04d}", "type": "message", "role": "assistant",
            "content": [
                {"type": "text", "text": f"Let me look at how {kind.key} is set."},
                {"type": "tool_use", "id": call, "name": "Bash", "input": {"command": command, "description": f"Show {kind.key}"}},
            ],
            "stop_reason": "tool_use", "stop_sequence": None,
            "usage": {"input_tokens": 6, "cache_creation_input_tokens": 100, "cache_read_input_tokens": 1000, "output_tokens": 40},
        })
        add("user", {"role": "user", "content": [{"tool_use_id": call, "type": "tool_result", "content": f"{kind.key}={kind.value(item.value)}"}]},
            toolUseResult={"stdout": f"{kind.key}={kind.value(item.value)}", "stderr": "", "interrupted": False, "isImage": False})
        add("assistant", {
            "model": "claude-opus-4-5-20251101", "id": f"msg_{index:04d}b", "type": "message", "role": "assistant",
            "content": [{"type": "text", "text": f"{kind.key} is set; the deploy reads it from the environment, so restart the worker."}],
            "stop_reason": "end_turn", "stop_sequence": None,
            "usage": {"input_tokens": 6, "cache_creation_input_tokens": 100, "cache_read_input_tokens": 1000, "output_tokens": 40},
        })
    chatter(filler, filler)
    return "\n".join(lines) + "\n"
