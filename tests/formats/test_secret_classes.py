"""The false classes of issue 29 stay silent, the shapes of issue 34 (item 4) and OpenClaw's
state files are found, and a token split by a link reads whole (issue 34, round 3).

Every credential is assembled at run time from pieces, so that this file holds none.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from continuity.formats.seen import find_seen
from tests.support.common import check_json, minimal_tree, write_files

HEX40 = "0f1e2d3c4b5a6978" * 2 + "8796a5b4"
HEX48 = HEX40 + "c3d2e1f0"
MIXED = "Q7r2T4v6X8z0B3d5F7h9K1m3"
B64_32 = "q3Jx0vZ8" + "mW2kT5yA" + "L9dR4sF1" + "hN6cP0gE" + "u7Bi3oK5" + "Yw0="
GHP = "ghp_" + "A1b2C3d4E5f6G7h8I9j0" + "K1l2M3n4O5p6Q7r8"


def _jwt(claims: dict[str, str]) -> str:
    def part(value: dict[str, str]) -> str:
        return base64.urlsafe_b64encode(json.dumps(value).encode()).decode().rstrip("=")
    # (an HS256 signature: 32 bytes, 43 characters; a shorter one is no algorithm's)
    signature = MIXED + "Zp0Lk9Mj8Nh7Bg6Vf5C"
    return part({"alg": "HS256", "typ": "JWT"}) + "." + part({"iss": "supabase", **claims}) + "." + signature


def kinds(text: str) -> list[str]:
    return [finding.kind for finding in find_seen(text)]


# ------------------------------------------------------------------ issue 29's false classes

FALSE_CLASSES = {
    "key-file path": "kubectl create secret generic git-ssh "
                     "--from-file=ssh-privatekey=$HOME/.ssh/id_ed25519",
    "key-file path in JSON": '"privateKeyPath": "~/.openclaw/identity/device.pem"',
    "OpenClaw's redaction marker": '"botToken": "__OPENCLAW_REDACTED__"',
    "OpenClaw's marker in a text file": 'token: "__OPENCLAW_REDACTED__"',
    "[REDACTED]": "api_key: [REDACTED]",
    "stars": "password: ********",
    "PEM header quoted in prose": "the first line should show: -----BEGIN OPENSSH PRIVATE KEY-----",
    "PEM header in an error": "error: expected -----BEGIN EC PRIVATE KEY----- but the file was empty",
    "PEM header and footer, no body": "-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----",
    "jq template": "export SIGNER_UUID=\\(.signerUuid)",
    "placeholder in a provider's shape": "STRIPE_KEY=sk_live_" + "YOUR_KEY_HERE",
    "angle placeholder": "OPENAI_API_KEY=<your-api-key>",
    "x placeholder": "GITHUB_TOKEN=ghp_" + "x" * 36,
    "AWS's example key id": "aws_access_key_id = AKIA" + "IOSFODNN7" + "EXAMPLE",
    "AWS's example secret": "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/" + "bPxRfiCY" + "EXAMPLEKEY",
    "masked OpenAI key": "the key sk-…9f2a was revoked",
    "masked GitHub token": "GITHUB_TOKEN=ghp_****",
    "masked with four stars in Markdown": "OPENAI_API_KEY=sk-proj-****fd74",
    "secret manager reference": "DB_PASSWORD=op://Production/postgres/password",
    "commit sha under a name": "HEAD_SHA=" + HEX40,
    "hash under a cache key": "cache_key: " + HEX48,
    "public key under a key's name": '"publicKey": "' + MIXED + "Zq8Lw3Nx5Pv7Rt9" + '"',
    "publishable key": "STRIPE_PUBLISHABLE_KEY=pk_live_" + MIXED,
    "code producing a secret": "const secret = crypto.randomBytes(32).toString('hex');",
    "prose about a key": "Note to self: the key is kept in the vault, not here.",
    # Found on public agent-memory repositories (issue 29's held-out survey), each a class:
    "a type in a signature": "privateKey: KeyExportResult<T[\"privateKeyEncoding\"], KeyObject>;",
    "a type after a colon": "password: BinaryLike,",
    "a record's key in JSON": '{"_key":"' + HEX40[:32] + '","_type":"link"}',
    "Cloudflare's beacon token": "data-cf-beacon='{\"version\":\"2024.11.0\",\"token\":\""
                                 + HEX40[:32] + "\"}'",
    "a badge's token": "[![ci](https://circleci.com/gh/x/y/tree/main.svg?style=svg&circle-token="
                       + HEX40 + ")](https://circleci.com/gh/x/y)",
    "an escaped reference": 'export OPENAI_API_KEY="\\$OPENAI_API_KEY"',
    "a template with a dotted name": "xi-api-key: ${CONFIG.elevenLabsApiKey}",
    "a placeholder in braces": "trakt-api-key: {client_id}",
    "a sed replacement": "sed -i '' \"s/BRAVE_API_KEY=.*/BRAVE_API_KEY=$BRAVE_KEY/\" .env",
    "a concatenation": "sh('PGPASSWORD=' + PGPW + ' ' + sql)",
    "code reading a property": "dataKey = _this$props4.dataKey,",
    "a comparison": '"password"===a.type||"textarea"===b',
    "a path after a key's name": "grep -E 'BOT_TOKEN|ODDS_API_KEY' .planning/phases/01-TIMING-EVIDENCE.md",
    "a snake_case name with digits": "aws_access_key_id=r2_access_key_id,",
    "a fill-in in capitals": 'SECRET_KEY="YOURSECRETKEYGOESHERE"',
    "a run of one character": 'password: "aaaaaaaa",',
    "timestamps in a row": "2026-03-05T10:18:21.276Z2026-03-05T12:50:05.401Z",
    "bytes before ://": "LZQt[o#iZq0DE3ThKp8eDq(^_L]bO840E://!H<,#!!:abc1234@x.io",
    "a fill-in user in a URL": "socks://your-name%40gmail.com:" + MIXED + "@proxy.acme-corp.io",
    "a Supabase anon key (public by design)": 'SUPABASE_ANON_KEY="' + _jwt({"role": "anon"}) + '"',
    "a variable that must be set": 'BOT_TOKEN="${TELEGRAM_BOT_TOKEN:?TELEGRAM_BOT_TOKEN not set}"',
    "a WebSocket handshake nonce": '--header "Sec-WebSocket-Key: SGVsbG8sIHdvcmxkIQ9x=="',
    "a heading about a secret": "- **The 10x Secret**: Delegate the mechanical parts",
    "an instruction after a key's name": "# - JWT_SECRET: generate new with openssl rand -hex 32",
    "a key cut short in the middle": "Julian provided a new key: `sk-ant-api03-" + MIXED[:6] + "...8QAA`",
    "the visible ends of a masked key": "new key: `sk-ant-api03-" + MIXED + "...8QAA`",
    # Set 11 of the conventions survey: a shape written out, a type closing it.
    "a type closing a shape": "Nested JSON: {instance_key: {secret_key: SecretEntry}}",
    "a type closing a shape in a code span": "storage: `{instance_key: {secret_key: SecretEntry}}`",
    "curl's -u elsewhere": 'echo "\\"timestamp\\": \\"$(date -u +%Y-%m-%dT%H:%M:%SZ)\\""',
}


@pytest.mark.parametrize("text", FALSE_CLASSES.values(), ids=FALSE_CLASSES.keys())
def test_a_false_class_of_issue_29_is_not_a_secret(text: str) -> None:
    for written in (text, f"# Notes\n\n- {text}\n", f"```sh\n{text}\n```\n"):
        assert kinds(written) == [], written


# ------------------------------------------------------------------ issue 34's shapes

SHAPES = {
    "RAILS_MASTER_KEY": ("RAILS_MASTER_KEY=" + HEX40[:32], "keyed-secret"),
    "Laravel APP_KEY": ("APP_KEY=base64:" + B64_32, "keyed-secret"),
    "ENCRYPTION_KEY": ("ENCRYPTION_KEY=" + HEX48 + "0a1b2c3d4e5f6a7b", "keyed-secret"),
    "SIGNING_KEY in YAML": ("webhook_signing_key: " + B64_32, "keyed-secret"),
    "GITHUB_TOKEN of 40 hex digits": ("GITHUB_TOKEN=" + HEX40, "keyed-secret"),
    "MEILI_MASTER_KEY": ("MEILI_MASTER_KEY=" + MIXED + "aB3dE5gH", "keyed-secret"),
    "JWT_KEY": ('JWT_KEY="' + HEX48 + '"', "keyed-secret"),
    "a key in a table": ("| RAILS_MASTER_KEY | `" + HEX40[:32] + "` | 2026-11-02 |", "keyed-secret"),
    "a key in bold": ("- **SECRET_KEY_BASE:** " + HEX48 * 2, "keyed-secret"),
    "Discord bot token": ("MTE4" + "NzY1NDMyMTA5ODc2NTQz" + ".Gh7kQz."
                          + "aB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0uV1wX", "discord-bot-token"),
    "Vault s. token": ("VAULT_TOKEN=s." + MIXED, "vault-legacy-token"),
    "Vault hvs. token": ("hvs." + "CAESIJ3xY7wV2uT9sR4qP1oN6mL8kJ5hG0fE", "vault-token"),
    "Mapbox sk. token": ("sk.eyJ1Ijoi" + "YWNtZS1tYXBzIiwiYSI6ImNrMXh5" + "." + "aB1cD2eF3gH4iJ5kL6mN7o",
                         "mapbox-token"),
    ".netrc password": ("machine api.heroku.com\n  login deploy\n  password " + MIXED, "netrc-password"),
    ".pgpass line": ("db.prod.acme-corp.io:5432:app:app_owner:" + MIXED + "!x", "pgpass-password"),
    "a Supabase service key": ('SUPABASE_SERVICE_KEY="' + _jwt({"role": "service_role"}) + '"', "jwt"),
    "curl -u": ("curl -u deploy:" + MIXED + " https://registry.acme-corp.io/v2/", "curl-user"),
}


@pytest.mark.parametrize(("text", "kind"), SHAPES.values(), ids=SHAPES.keys())
def test_a_shape_of_issue_34_is_found(text: str, kind: str) -> None:
    assert kinds(text) == [kind]
    assert kinds(f"# Deploy\n\nThe service now uses {text} (rotated monthly).\n") == [kind]


def test_a_word_or_a_uuid_under_a_bare_key_is_no_secret() -> None:
    assert kinds('{"key": "3f2c8a9e-1b7d-4c6e-9a0f-5d4e3c2b1a09"}') == []
    assert kinds("token: refreshed-every-hour") == []
    assert kinds("API_KEY=" + "3f2c8a9e-1b7d-4c6e-9a0f-5d4e3c2b1a09") == ["keyed-secret"]


# ------------------------------------------------------------------ OpenClaw's state files

def _json(value: object) -> str:
    return json.dumps(value, indent=2) + "\n"


OPENCLAW = {
    "gateway token (48 hex)": (_json({"gateway": {"auth": {"mode": "token", "token": HEX48}}}),
                               "keyed-secret"),
    "gateway token, flat": (_json({"gateway": {"token": HEX48}}), "keyed-secret"),
    "Telegram botToken": (_json({"channels": {"telegram": {"botToken": "8123456789:AA"
                                                           + "Fh3Kx9Lm2Np5Qr8St1Uv4Wx7Yz0Ab3Cd6"}}}),
                          "telegram-token"),
    "device token": (_json({"tokens": {"operator": {"token": "kV3" + MIXED + "x9Lm2Np5Qr8_St1",
                                                    "role": "operator"}}}), "keyed-secret"),
    "device private key in JSON": (_json({"privateKeyPem": "-----BEGIN PRIVATE KEY-----\n"
                                          "MC4CAQAwBQYDK2VwBCIEI" + MIXED + "q3Jx0vZ8mW2\n"
                                          "-----END PRIVATE KEY-----\n"}), "private-key"),
}


@pytest.mark.parametrize(("text", "kind"), OPENCLAW.values(), ids=OPENCLAW.keys())
def test_an_openclaw_state_file_credential_is_found(text: str, kind: str) -> None:
    assert kinds(text) == [kind]


# ------------------------------------------------------------------ the reader's view

@pytest.mark.parametrize("split", [
    lambda t: t[:9] + "[" + t[9:] + "]()",  # the rest of the token is an empty link's text
    lambda t: t[:9] + "[" + t[9:15] + "](#k)" + t[15:],  # part of it is a link's text
])
def test_a_token_split_by_a_link_reads_whole(split) -> None:  # type: ignore[no-untyped-def]
    hidden = split(GHP)
    text = f"Deploy token: {hidden} end\n"
    found = find_seen(text)
    assert [f.kind for f in found] == ["github-token"]
    start = text.index(hidden)
    assert start <= found[0].start and found[0].end <= start + len(hidden)


def test_four_stars_are_a_mask_not_emphasis() -> None:
    assert kinds("GITHUB_TOKEN=ghp_****" + MIXED[:12]) == []
    assert kinds("ghp_" + MIXED[:10] + "**" + MIXED[10:] + "**" + "A1b2C3d4E5f6") == ["github-token"]


# ------------------------------------------------------------------ CT601 on a real tree

def test_ct601_reports_a_keyed_secret_and_not_a_key_file_path(tmp_path: Path) -> None:
    write_files(tmp_path, minimal_tree())
    write_files(tmp_path, {"CONTEXT.md": (
        "# CONTEXT\n\n"
        "kubectl create secret generic git-ssh --from-file=ssh-privatekey=$HOME/.ssh/id_ed25519\n\n"
        '"botToken": "__OPENCLAW_REDACTED__"\n\n'
        f"RAILS_MASTER_KEY={HEX40[:32]}\n")})
    result = check_json(tmp_path, "--no-git")
    found = [(d["code"], d["path"], d["line"]) for d in result.json["diagnostics"] if d["code"] == "CT601"]
    assert found == [("CT601", "CONTEXT.md", 7)]
    assert HEX40[:32] not in result.out
