"""Values assigned to a secret's key that are no secret, as found in public agent memory: a
fill-in naming the key ("your NVIDIA key"), a value its author cut short, one read from the
environment at run time. Each beside a real-looking value of the same shape, still found."""

from __future__ import annotations

import pytest

from continuity.formats.secrets import find_credentials


@pytest.mark.parametrize("text", [
    '"api_key": "你的NVIDIA_API_KEY"',            # a fill-in: "your NVIDIA_API_KEY"
    "OPENAI_API_KEY=YOUR_API_KEY",
    "password: <your-password>",
    "#access_token=eyJhbGciOiJI...",              # elided by the author
    "client_secret = 'a1b2c3d4e5f6…'",
    "apiKey: process.env.OPENAI_API_KEY",
    'token = os.environ["GITHUB_TOKEN"]',
    'export X_API_SECRET="your_api_secret"',
    "api_key = env.get('MINIMAX_API_KEY')",
    'api_key = line.strip().split("=", 1)[1]',
    "password = settings.DB_PASSWORD",
    "x.jpeg?dr=9640&refresh_token=14e067dc&x-expires=1773298800",  # a CDN's signed link
    # Found on the survey's public repositories, each judged false by hand:
    "- `TestEventStore` 1/1 PASS: VERIFIED",                     # test output
    "async function validateNeonApiKey(apiKey: string): Promise<R> {",   # a type
    '"apiKey": "qwen-oauth"',                                    # a mode, in words
    "config = config with { ApiKey = envValue };",               # code
    "this.accessToken = accessToken;",
    "`https://user:token@github.com/...`",
    "`#access_token=eyJ...`)",
    "with Authorization Bearer SUPABASE_SERVICE_ROLE_KEY, Content-Type image/jpeg",
    "returns 401 for `Authorization: Bearer some-valid-looking-token`",
    'echo "ADMIN_PASSWORD=admin123" >> .env',                  # a tutorial's demo password
    'echo "ADMIN_SESSION_SECRET=$(openssl rand -base64 32)" >> .env',
    "| SSH_KEY | -----BEGIN OPENSSH PRIVATE KEY-----... |",
    'password=secret123 and api_key="abcd1234efgh5678"',
    "DB_PASSWORD=super-secret-password",
    "| Hardcoded Secrets | `password: hunter2` |",
    "DATABASE_URL=postgres://docora:docora@localhost:5432/docora",
    'client = SimmerClient(api_key=simmer_key, venue="simmer")',
    "print(f\"KIMI_API_KEY = {os.environ.get('KIMI_API_KEY', 'not set')}\")",
    '"apiKey": "你的API Key",',
    'const apiKey = (process.env.TAVILY_API_KEY ?? "").trim()',
    # Survey 2 (2026-12-02), judged false by hand:
    "state.overviewShowGatewayPassword = !state.overviewShowGatewayPassword;",  # a toggle
    "const password = await vault.read(path);",
    'accessToken: "refreshed"',                                  # a state, in a word
    'api_key = "not-configured-yet"',
    "POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:-changeme}",        # a variable, its default a fill-in
    "secret: ${NUTRIAI_JWT_SECRET:default-dev-secret-change-in-production-must-be-at-least-256-bits-long}",
    """curl -d '{"email":"test@example.com","password":"senha1234"}'""",  # "password1234"
    '| 2.2 | Senha errada | `password: "wrongpass"` | 401 |',     # a wrong one, on purpose
    "JWT_SECRET=CHANGE_ME_IN_PRODUCTION",
    # Survey 3 (2026-12-02), a GSD planning folder, judged false by hand:
    "const FIXTURE_PASSWORD = 'playwright-fixture-only-do-not-use-in-prod'",  # a sentence
    "supabase secrets set CLOSE_SWEEPER_SECRET=<generate: openssl rand -hex 32>",
    "access_token: session?.access_token ? session.access_token.slice(0, 8) + '…' : null",
    "(not SENTRY_AUTH_TOKEN= pattern) | **RESOLVED**",                # words, as a reader sees it
    "`SENTRY_AUTH_TOKEN= VITE_SUPABASE_URL= ... npm run build`",     # the next assignment
    "## Auth Pass = Local-Build (Pattern 2 Option A)",               # a heading
    # Survey 4, the last held-out set: a column described in prose
    "- profiles.cardtrader_api_token: Encrypted token, decrypted server-side by Edge Function",
])
def test_a_value_that_is_no_secret_is_not_flagged(text: str):
    assert find_credentials(text) == []


@pytest.mark.parametrize("text", [
    '"api_key": "nvapi-8fj3k2l1m0n9b8v7c6x5z4a3s2d1f0g9h8"',
    "password: MySECRET_2024",
    "password = !Xk9mQ2pL7vR4",  # an operator's mark before no code: still a password
    'password: "correct horse battery staple"',  # a password in words still counts
    "accessToken: refreshed2024tokenvalue",      # a token with digits is no word
    "api_token: EncryptedXk9mQ2",                # a capital inside is no word either
    "DB_PASSWORD: ${DB_PASSWORD:-Xk9mQ2pL7vR4wT}",  # a variable whose default is a password
    "SESSION_SECRET=dev-Xk9mQ2pL7vR4wTz",          # "dev" before a random value
    "SESSION_SECRET=<Xk9mQ2pL7vR4wTz",             # an angle bracket that never closes
    "password: correct-horse-battery-staple",     # a passphrase has no sentence's words
    "Password: Kermit123!",                        # in a daily note, judged real
    "client_secret = 'a1b2c3d4e5f6a7b8'",
    "DB_PASSWORD=hunter2hunter2",
    "https://api.example.org/v1?api_key=Zq8vR2xW9tY4uI1oP6aS3dF7",  # a long one still is
    '"apiKey": "9b620f51-d6b9-45f0-93ea-1cf6d1dedff1"',
    '"appSecret":  "vMlrptwsjEXWQj922kMkHh7ZyxRqfVNd",',
    'TELEGRAM_BOT_TOKEN="8244872479:AAHuzDb0xQdixsDCEEzjjWQ9vHr5bRv0Gwk"',
    "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9abcdefghijklmnop1234",
    "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ",
    "AKIAIOSFODNN7ABCDEFG",
])
def test_a_real_looking_value_is_still_flagged(text: str):
    assert find_credentials(text), text
