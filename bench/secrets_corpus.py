"""A labeled corpus of credentials and of the text that only looks like one (issue 29).

Every case is one small file as agent memory holds it (a journal entry, a ``.env``, an
``openclaw.json``, a ledger line), labeled ``secret`` or ``clean`` and with its class. It is
generated, never copied: each credential has its provider's prefix, length and alphabet, with
random characters (none is live). Nothing is written to disk here; ``bench/secrets.py`` writes
the files it scans into a temporary folder.

The split comes first: a case's *template* (shape or false class, where it is placed, how it
is disguised) goes to ``tune`` or ``held-out`` by a seeded hash of its id, and the two parts
draw their random values and the prose around them from different seeds. The detector is tuned
on ``tune`` only; ``held-out`` is what the figures count.

    from secrets_corpus import cases
    for case in cases("held-out"): ...
"""

# A table of generators: one line a shape reads best, whatever its length.
# ruff: noqa: E501, C901, ARG001

from __future__ import annotations

import base64
import hashlib
import json
import random
import string
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass

SPLIT_SEED = "issue29-split-1"
#: Fresh seeds for each part's values: the held-out part is generated with its own.
VALUE_SEEDS = {"tune": "tune-values-7", "held-out": "held-out-values-6271"}

LOWER = string.ascii_lowercase
UPPER = string.ascii_uppercase
DIGITS = string.digits
ALNUM = LOWER + UPPER + DIGITS
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"


@dataclass(frozen=True)
class Case:
    id: str
    secret: bool  # the label
    group: str  # the coarse class (the table's rows)
    shape: str  # the fine class: a provider shape or a false class's variant
    place: str  # where in memory it is written
    disguise: str
    name: str  # the file's name
    data: bytes


class Gen:
    """Random values of one case (seeded by the part's seed and the case id)."""

    def __init__(self, seed: str) -> None:
        self.rng = random.Random(seed)

    def s(self, alphabet: str, n: int) -> str:
        return "".join(self.rng.choice(alphabet) for _ in range(n))

    def mixed(self, n: int) -> str:
        """Random alphanumerics with at least one digit, one upper and one lower letter."""
        while True:
            value = self.s(ALNUM, n)
            if any(c.isdigit() for c in value) and any(c.isupper() for c in value) and \
                    any(c.islower() for c in value):
                return value

    def pick(self, options: list[str] | tuple[str, ...]) -> str:
        return self.rng.choice(list(options))

    def n(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def b64(self, raw_bytes: int) -> str:
        return base64.b64encode(self.rng.randbytes(raw_bytes)).decode()

    def b64url(self, raw_bytes: int) -> str:
        return base64.urlsafe_b64encode(self.rng.randbytes(raw_bytes)).decode().rstrip("=")

    def uuid(self) -> str:
        return str(uuid.UUID(bytes=self.rng.randbytes(16), version=4))

    def password(self) -> str:
        # A generated password (what a password manager makes): letters, digits, symbols.
        return self.mixed(self.n(14, 22)) + self.pick(["!", "#", "%", "^", "*", "@9", "$x"])

    def host(self) -> str:
        return self.pick(["db.prod.acme-corp.io", "pg-7.internal.tidewater.net",
                          "mongo1.cluster.kestrel.cloud", "10.42.7.19", "rds.eu-west-1.fernly.app",
                          "cache.harborlight.dev", "mq.orbitfield.com"])


# --------------------------------------------------------------------------- credentials

Shape = Callable[[Gen], str]


def _jwt(g: Gen) -> str:
    def part(obj: dict[str, object]) -> str:
        return base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")
    header = part({"alg": g.pick(["HS256", "RS256"]), "typ": "JWT"})
    body = part({"sub": g.uuid(), "iat": g.n(1700000000, 1800000000), "role": "service"})
    return f"{header}.{body}.{g.b64url(32)}"


def _discord_bot(g: Gen) -> str:
    user_id = str(g.n(10**17, 10**18 * 2))
    return base64.b64encode(user_id.encode()).decode().rstrip("=") + "." + g.s(B64URL, 6) + \
        "." + g.s(B64URL, 38)


def _sentry(g: Gen) -> str:
    claims = {"iat": g.n(1700000000, 1800000000) + 0.5, "url": "https://sentry.io",
              "region_url": "https://us.sentry.io", "org": g.pick(["acme", "fernly", "tidewater"])}
    return "sntrys_" + base64.b64encode(json.dumps(claims, separators=(",", ":")).encode()
                                        ).decode().rstrip("=") + "_" + g.b64(32)[:43]


def _azure_sas(g: Gen) -> str:
    sig = g.b64(32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
    return (f"https://{g.s(LOWER, 10)}.blob.core.windows.net/backups?sv=2022-11-02&ss=b&srt=co"
            f"&sp=rl&se=2027-03-01T00:00:00Z&st=2026-11-01T00:00:00Z&spr=https&sig={sig}")


#: Provider tokens: (shape, the variable that usually holds it, generator).
TOKENS: dict[str, tuple[str, Shape]] = {
    "github-pat": ("GITHUB_TOKEN", lambda g: "ghp_" + g.mixed(36)),
    "github-oauth": ("GH_OAUTH_TOKEN", lambda g: "gho_" + g.mixed(36)),
    "github-fine-grained": ("GITHUB_PAT", lambda g: "github_pat_" + g.mixed(22) + "_" + g.mixed(59)),
    "gitlab-pat": ("GITLAB_TOKEN", lambda g: "glpat-" + g.s(B64URL, 20)),
    "aws-access-key-id": ("AWS_ACCESS_KEY_ID", lambda g: "AKIA" + g.s(UPPER + "234567", 16)),
    "google-api-key": ("GOOGLE_API_KEY", lambda g: "AIza" + g.s(B64URL, 35)),
    "google-oauth-secret": ("GOOGLE_CLIENT_SECRET", lambda g: "GOCSPX-" + g.s(B64URL, 28)),
    "slack-bot-token": ("SLACK_BOT_TOKEN", lambda g: f"xoxb-{g.s(DIGITS, 12)}-{g.s(DIGITS, 13)}-"
                                                     + g.mixed(24)),
    "slack-webhook": ("SLACK_WEBHOOK_URL", lambda g: "https://hooks.slack.com/services/T"
                      + g.s(UPPER + DIGITS, 8) + "/B" + g.s(UPPER + DIGITS, 10) + "/" + g.mixed(24)),
    "discord-webhook": ("DISCORD_WEBHOOK", lambda g: "https://discord.com/api/webhooks/"
                        + g.s(DIGITS, 19) + "/" + g.s(B64URL, 68)),
    "telegram-bot-token": ("TELEGRAM_BOT_TOKEN", lambda g: str(g.n(10**9, 8 * 10**9)) + ":AA"
                           + g.s(B64URL, 33)),
    "stripe-secret-key": ("STRIPE_SECRET_KEY", lambda g: "sk_live_" + g.mixed(g.n(24, 99))),
    "stripe-restricted-key": ("STRIPE_RESTRICTED_KEY", lambda g: "rk_live_" + g.mixed(g.n(24, 99))),
    "stripe-webhook-secret": ("STRIPE_WEBHOOK_SECRET", lambda g: "whsec_" + g.mixed(32)),
    "sendgrid-key": ("SENDGRID_API_KEY", lambda g: "SG." + g.s(B64URL, 22) + "." + g.s(B64URL, 43)),
    "mailgun-key": ("MAILGUN_API_KEY", lambda g: "key-" + g.s(HEX, 32)),
    "twilio-api-key": ("TWILIO_API_KEY", lambda g: "SK" + g.s(HEX, 32)),
    # A project key has OpenAI's marker (``T3BlbkFJ``, "openai" in base64) in its middle.
    "openai-project-key": ("OPENAI_API_KEY", lambda g: "sk-proj-" + g.s(B64URL, 74) + "T3BlbkFJ"
                           + g.s(B64URL, 74)),
    "openai-legacy-key": ("OPENAI_API_KEY", lambda g: "sk-" + g.mixed(20) + "T3BlbkFJ" + g.mixed(20)),
    "anthropic-key": ("ANTHROPIC_API_KEY", lambda g: "sk-ant-api03-" + g.s(B64URL, 93) + "AA"),
    "huggingface-token": ("HF_TOKEN", lambda g: "hf_" + g.s(LOWER + UPPER, 34)),
    "nvidia-key": ("NVIDIA_API_KEY", lambda g: "nvapi-" + g.s(B64URL, 64)),
    "npm-token": ("NPM_TOKEN", lambda g: "npm_" + g.mixed(36)),
    "pypi-token": ("PYPI_TOKEN", lambda g: "pypi-AgEIcHlwaS5vcmc" + g.s(B64URL, g.n(60, 140))),
    "shopify-token": ("SHOPIFY_ACCESS_TOKEN", lambda g: "shpat_" + g.s(HEX, 32)),
    "square-token": ("SQUARE_ACCESS_TOKEN", lambda g: "sq0atp-" + g.s(B64URL, 22)),
    "digitalocean-token": ("DIGITALOCEAN_TOKEN", lambda g: "dop_v1_" + g.s(HEX, 64)),
    "vault-hvs-token": ("VAULT_TOKEN", lambda g: "hvs." + g.mixed(24)),
    "vault-legacy-token": ("VAULT_TOKEN", lambda g: "s." + g.mixed(24)),
    "terraform-token": ("TF_TOKEN_app_terraform_io", lambda g: g.s(LOWER + DIGITS, 14)
                        + ".atlasv1." + g.s(B64URL, 67)),
    "atlassian-token": ("JIRA_API_TOKEN", lambda g: "ATATT3xFfGF0" + g.s(B64URL, 180) + "="
                        + g.s(HEX.upper(), 8)),
    "linear-key": ("LINEAR_API_KEY", lambda g: "lin_api_" + g.mixed(40)),
    "postman-key": ("POSTMAN_API_KEY", lambda g: "PMAK-" + g.s(HEX, 24) + "-" + g.s(HEX, 34)),
    "databricks-token": ("DATABRICKS_TOKEN", lambda g: "dapi" + g.s(HEX, 32)),
    "newrelic-key": ("NEW_RELIC_API_KEY", lambda g: "NRAK-" + g.s(UPPER + DIGITS, 27)),
    "grafana-token": ("GRAFANA_TOKEN", lambda g: "glsa_" + g.mixed(32) + "_" + g.s(HEX, 8)),
    "sentry-token": ("SENTRY_AUTH_TOKEN", _sentry),
    "doppler-token": ("DOPPLER_TOKEN", lambda g: "dp.pt." + g.mixed(43)),
    "age-secret-key": ("SOPS_AGE_KEY", lambda g: "AGE-SECRET-KEY-1" + g.s("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)),
    "alibaba-key": ("ALIBABA_ACCESS_KEY_ID", lambda g: "LTAI" + g.mixed(20)),
    "azure-client-secret": ("AZURE_CLIENT_SECRET", lambda g: g.mixed(3) + str(g.n(0, 9)) + "Q~"
                            + g.s(ALNUM + "_~.-", 34)),
    "azure-sas-url": ("AZURE_SAS_URL", _azure_sas),
    "jwt": ("SESSION_JWT", _jwt),
    # The keys agents hand their MCP servers and providers (issue 29, fifth survey)
    "supabase-access-token": ("SUPABASE_ACCESS_TOKEN", lambda g: "sbp_" + g.s(HEX, 40)),
    "neon-api-key": ("NEON_API_KEY", lambda g: "napi_" + g.s(LOWER + DIGITS, 64)),
    "langsmith-key": ("LANGSMITH_API_KEY", lambda g: "lsv2_pt_" + g.s(HEX, 32) + "_" + g.s(HEX, 10)),
    "tavily-key": ("TAVILY_API_KEY", lambda g: "tvly-" + g.pick(["", "dev-"]) + g.mixed(32)),
    "perplexity-key": ("PERPLEXITY_API_KEY", lambda g: "pplx-" + g.mixed(48)),
    "groq-key": ("GROQ_API_KEY", lambda g: "gsk_" + g.mixed(52)),
    "xai-key": ("XAI_API_KEY", lambda g: "xai-" + g.mixed(80)),
    "replicate-token": ("REPLICATE_API_TOKEN", lambda g: "r8_" + g.mixed(37)),
    "elevenlabs-key": ("ELEVENLABS_API_KEY", lambda g: "sk_" + g.s(HEX, 48)),
    "firecrawl-key": ("FIRECRAWL_API_KEY", lambda g: "fc-" + g.s(HEX, 32)),
    "brave-search-key": ("BRAVE_API_KEY", lambda g: "BSA" + g.mixed(27)),
    "figma-token": ("FIGMA_ACCESS_TOKEN", lambda g: "figd_" + g.s(B64URL, 40)),
    "apify-token": ("APIFY_TOKEN", lambda g: "apify_api_" + g.mixed(36)),
    "notion-token": ("NOTION_TOKEN", lambda g: "ntn_" + g.mixed(46)),
    "airtable-token": ("AIRTABLE_API_KEY", lambda g: "pat" + g.mixed(14) + "." + g.s(HEX, 64)),
    "pinecone-key": ("PINECONE_API_KEY", lambda g: "pcsk_" + g.mixed(5) + "_" + g.mixed(60)),
    "docker-hub-token": ("DOCKERHUB_TOKEN", lambda g: "dckr_pat_" + g.s(B64URL, 27)),
    "google-oauth-token": ("GOOGLE_ACCESS_TOKEN", lambda g: "ya29.a0" + g.s(B64URL, 150)),
    # More services by their documented prefixes (gitleaks' families)
    "onepassword-token": ("OP_SERVICE_ACCOUNT_TOKEN", lambda g: "ops_eyJ" + g.s(B64, 300)),
    "onepassword-secret-key": ("OP_SECRET_KEY",
                               lambda g: "A3-" + "-".join(g.s(UPPER + DIGITS, n) for n in (6, 11, 5, 5, 5))),
    "artifactory-key": ("ARTIFACTORY_API_KEY", lambda g: "AKCp" + g.mixed(69)),
    "aws-bedrock-key": ("AWS_BEARER_TOKEN_BEDROCK", lambda g: "ABSK" + g.s(ALNUM, 132)),
    "cloudflare-origin-ca-key": ("CF_ORIGIN_CA_KEY", lambda g: "v1.0-" + g.s(HEX, 24) + "-" + g.s(HEX, 146)),
    "clojars-token": ("CLOJARS_PASSWORD", lambda g: "CLOJARS_" + g.s(LOWER + DIGITS, 60)),
    "dynatrace-token": ("DT_API_TOKEN",
                        lambda g: "dt0c01." + g.s(UPPER + DIGITS, 24) + "." + g.s(UPPER + DIGITS, 64)),
    "easypost-key": ("EASYPOST_API_KEY", lambda g: "EZAK" + g.mixed(54)),
    "flutterwave-key": ("FLW_SECRET_KEY", lambda g: "FLWSECK-" + g.s("abcdefgh0123456789", 32) + "-X"),
    "grafana-api-key": ("GRAFANA_API_KEY", lambda g: "eyJrIjoi" + g.mixed(80)),
    "heroku-key": ("HEROKU_API_KEY", lambda g: "HRKU-AA" + g.s(B64URL, 58)),
    "mailchimp-key": ("MAILCHIMP_API_KEY", lambda g: g.s(HEX, 32) + "-us" + str(g.n(1, 21))),
    "teams-webhook": ("TEAMS_WEBHOOK_URL",
                      lambda g: "https://acme.webhook.office.com/webhookb2/" + "-".join(g.s(HEX, n) for n in (8, 4, 4, 4, 12)) + "@" + "-".join(g.s(HEX, n) for n in (8, 4, 4, 4, 12)) + "/IncomingWebhook/" + g.s(HEX, 32) + "/" + "-".join(g.s(HEX, n) for n in (8, 4, 4, 4, 12))),
    "openshift-token": ("OPENSHIFT_TOKEN", lambda g: "sha256~" + g.s(B64URL, 43)),
    "plaid-token": ("PLAID_ACCESS_TOKEN",
                    lambda g: "access-production-" + "-".join(g.s(HEX, n) for n in (8, 4, 4, 4, 12))),
    "prefect-key": ("PREFECT_API_KEY", lambda g: "pnu_" + g.mixed(36)),
    "pulumi-token": ("PULUMI_ACCESS_TOKEN", lambda g: "pul-" + g.s(HEX, 40)),
    "rubygems-key": ("GEM_HOST_API_KEY", lambda g: "rubygems_" + g.s(HEX, 48)),
    "brevo-key": ("BREVO_API_KEY", lambda g: "xkeysib-" + g.s(HEX, 64) + "-" + g.mixed(16)),
    "shippo-token": ("SHIPPO_API_TOKEN", lambda g: "shippo_live_" + g.s(HEX, 40)),
    "sourcegraph-token": ("SRC_ACCESS_TOKEN", lambda g: "sgp_" + g.s(HEX, 16) + "_" + g.s(HEX, 40)),
    "typeform-token": ("TYPEFORM_TOKEN", lambda g: "tfp_" + g.mixed(59)),
    # issue 34 item 4: shapes with a prefix of their own
    "discord-bot-token": ("DISCORD_BOT_TOKEN", _discord_bot),
    "mapbox-secret-token": ("MAPBOX_SECRET_TOKEN", lambda g: "sk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6Im"
                            + g.s(B64URL, 22) + "." + g.s(B64URL, 22)),
}

#: Secrets with no prefix of their own: only the key that names them says what they are.
KEYED: dict[str, tuple[tuple[str, ...], Shape]] = {
    "rails-master-key": (("RAILS_MASTER_KEY",), lambda g: g.s(HEX, 32)),
    "laravel-app-key": (("APP_KEY",), lambda g: "base64:" + g.b64(32)),
    "encryption-key": (("ENCRYPTION_KEY", "DATA_ENCRYPTION_KEY", "encryption_key"),
                       lambda g: g.pick([g.s(HEX, 64), g.b64(32)])),
    "signing-key": (("SIGNING_KEY", "WEBHOOK_SIGNING_KEY", "signing_key"),
                    lambda g: g.pick([g.s(HEX, 64), g.b64(32)])),
    "github-token-hex": (("GITHUB_TOKEN", "GH_TOKEN"), lambda g: g.s(HEX, 40)),
    "meili-master-key": (("MEILI_MASTER_KEY",), lambda g: g.pick([g.mixed(32), g.b64url(24)])),
    "jwt-key": (("JWT_KEY", "JWT_SECRET", "jwt_secret"), lambda g: g.pick([g.s(HEX, 64), g.mixed(40)])),
    "aws-secret-key": (("AWS_SECRET_ACCESS_KEY", "aws_secret_access_key"), lambda g: g.s(ALNUM + "+/", 40)),
    "db-password": (("DB_PASSWORD", "POSTGRES_PASSWORD", "password", "MYSQL_ROOT_PASSWORD"),
                    lambda g: g.password()),
    "client-secret": (("CLIENT_SECRET", "client_secret", "OAUTH_CLIENT_SECRET"), lambda g: g.mixed(40)),
    "secret-key-base": (("SECRET_KEY_BASE", "DJANGO_SECRET_KEY", "SECRET_KEY"),
                        lambda g: g.pick([g.s(HEX, 128), g.s(ALNUM + "!@#%^&*(-_=+)", 50)])),
    "session-secret": (("SESSION_SECRET", "COOKIE_SECRET", "NEXTAUTH_SECRET"), lambda g: g.b64(32)),
    "api-key-generic": (("API_KEY", "apiKey", "X_API_KEY", "WEATHER_API_KEY"), lambda g: g.mixed(32)),
}


def _camel(key: str) -> str:
    words = key.lower().split("_")
    return words[0] + "".join(w.title() for w in words[1:])


# Placements of a (key, value) pair. Each returns (file name, text, whether the value is where
# a reader sees Markdown: then a disguise may be applied to it).
def _filler(g: Gen) -> str:
    return g.pick([
        "Worked through the deploy checklist; CI is green again.",
        "Paired on the importer. Next: the retry budget for the sync job.",
        "The nightly export ran in 41 minutes, down from 58.",
        "Moved the staging bot to the new host and checked the health endpoint.",
        "Decided to keep the cache warm-up in the release job for now.",
        "Reviewed the open pull requests and closed two stale ones.",
        "Rebuilt the search index after the schema change; results look right.",
    ])


def _date(g: Gen) -> str:
    return f"2026-{g.n(1, 12):02d}-{g.n(1, 28):02d}"


Place = Callable[[Gen, str, str], tuple[str, str]]


def _prose(g: Gen, key: str, value: str) -> tuple[str, str]:
    line = g.pick([f"Set `{key}` to {value} on the new host.",
                   f"The service now uses {key}={value} (rotated on {_date(g)}).",
                   f"Credentials for the bot: {key} {value}",
                   f"Note to self: the key is {value}, keep it out of the logs."])
    return f"journal/{_date(g)}.md", f"# {_date(g)}\n\n{_filler(g)}\n\n{line}\n"


def _bullet(g: Gen, key: str, value: str) -> tuple[str, str]:
    return "MEMORY.md", (f"# Memory\n\n## Access\n\n- {_filler(g)}\n- **{key}:** {value}\n"
                         f"- Owner: the platform team\n")


def _table(g: Gen, key: str, value: str) -> tuple[str, str]:
    return "STATE.md", (f"# State\n\n{_filler(g)}\n\n| Name | Value | Since |\n|---|---|---|\n"
                        f"| {key} | `{value}` | {_date(g)} |\n")


def _env(g: Gen, key: str, value: str) -> tuple[str, str]:
    quote = g.pick(["", '"', "'"])
    return ".env", f"NODE_ENV=production\nPORT=8080\n{key.upper()}={quote}{value}{quote}\n"


def _shell(g: Gen, key: str, value: str) -> tuple[str, str]:
    return "notes/setup.md", (f"# Setup\n\n{_filler(g)}\n\n```sh\nexport {key.upper()}=\"{value}\"\n"
                              "./bin/deploy --env prod\n```\n")


def _yaml(g: Gen, key: str, value: str) -> tuple[str, str]:
    return "notes/config.md", (f"# Config\n\n```yaml\nservice:\n  name: sync\n  {key.lower()}: "
                               f"{value}\n  retries: 3\n```\n")


def _json(g: Gen, key: str, value: str) -> tuple[str, str]:
    body = json.dumps({"service": "sync", "env": {key: value}, "retries": 3}, indent=2)
    return g.pick(["config.json", "notes/config.md"]), body + "\n"


def _toml(g: Gen, key: str, value: str) -> tuple[str, str]:
    return "notes/settings.md", (f"# Settings\n\n```toml\n[service]\nname = \"sync\"\n"
                                 f"{key.lower()} = \"{value}\"\n```\n")


def _ini(g: Gen, key: str, value: str) -> tuple[str, str]:
    return g.pick(["settings.ini", "credentials.cfg"]), (f"[default]\nregion = eu-west-1\n"
                                                         f"{key.lower()} = {value}\n")


def _frontmatter(g: Gen, key: str, value: str) -> tuple[str, str]:
    return f"journal/{_date(g)}.md", (f"---\ndate: {_date(g)}\ntitle: Deploy notes\n"
                                      f"{key.lower()}: {value}\n---\n\n{_filler(g)}\n")


def _jsonl(g: Gen, key: str, value: str) -> tuple[str, str]:
    record = {"ts": f"{_date(g)}T10:00:00Z", "kind": "note",
              "text": g.pick([f"{key}={value}", f"new {key.lower().replace('_', ' ')}: {value}"])}
    clean = {"ts": f"{_date(g)}T09:00:00Z", "kind": "note", "text": _filler(g)}
    return "ledger.jsonl", json.dumps(clean) + "\n" + json.dumps(record) + "\n"


PLACES: dict[str, Place] = {
    "prose": _prose, "bullet": _bullet, "table": _table, "env": _env, "shell": _shell,
    "yaml": _yaml, "json": _json, "toml": _toml, "ini": _ini, "frontmatter": _frontmatter,
    "jsonl": _jsonl,
}
#: Places where the page shows the value as Markdown (where a reader-side disguise works).
MARKDOWN_PLACES = ("prose", "bullet")


# Disguises: what a reader sees whole and a pattern does not.
def _split_at(g: Gen, value: str) -> int:
    return g.n(max(5, len(value) // 3), max(6, len(value) - 4))


DISGUISES: dict[str, Callable[[Gen, str], str]] = {
    "entity": lambda g, v: "&#" + str(ord(v[0])) + ";" + v[1:],
    "hex-entity": lambda g, v: v[:3] + "&#x" + format(ord(v[3]), "x") + ";" + v[4:],
    "escape": lambda g, v: v.replace("_", "\\_") if "_" in v else v.replace(".", "\\.", 1)
    if "." in v else v[:4] + "\\" + v[4:] if not v[4].isalnum() else "&#" + str(ord(v[0])) + ";" + v[1:],
    "zero-width": lambda g, v: (lambda i: v[:i] + "\u200b" + v[i:])(_split_at(g, v)),
    "soft-hyphen": lambda g, v: (lambda i: v[:i] + "\u00ad" + v[i:])(_split_at(g, v)),
    "bold-split": lambda g, v: (lambda i: v[:i] + "**" + v[i:i + 4] + "**" + v[i + 4:])(_split_at(g, v)),
    "span-split": lambda g, v: (lambda i: v[:i] + "<span></span>" + v[i:])(_split_at(g, v)),
    "empty-link-split": lambda g, v: (lambda i: v[:i] + "[" + v[i:] + "]()")(_split_at(g, v)),
    "link-split": lambda g, v: (lambda i: v[:i] + "[" + v[i:i + 6] + "](#k)" + v[i + 6:])(_split_at(g, v)),
    "comment-split": lambda g, v: (lambda i: v[:i] + "<!-- -->" + v[i:])(_split_at(g, v)),
}


# --------------------------------------------------------------------------- whole-file shapes

def _pem(g: Gen, kind: str) -> str:
    body = g.b64(g.n(300, 900))
    lines = [body[i:i + 64] for i in range(0, len(body), 64)]
    return f"-----BEGIN {kind}PRIVATE KEY-----\n" + "\n".join(lines) + f"\n-----END {kind}PRIVATE KEY-----"


def _file_shapes() -> dict[str, tuple[str, Callable[[Gen], tuple[str, str]]]]:
    """Shapes that are a whole file or a block: shape -> (group, generator of (name, text))."""
    def private_key_md(g: Gen) -> tuple[str, str]:
        kind = g.pick(["OPENSSH ", "RSA ", "EC ", ""])
        return "notes/deploy-key.md", f"# Deploy key\n\n{_filler(g)}\n\n```\n{_pem(g, kind)}\n```\n"

    def private_key_file(g: Gen) -> tuple[str, str]:
        return g.pick(["keys/deploy_ed25519", "id_rsa", "backup/server.key"]), _pem(g, g.pick(["OPENSSH ", "RSA ", ""])) + "\n"

    def putty(g: Gen) -> tuple[str, str]:
        pub = g.b64(51)
        priv = g.b64(48)
        return "keys/deploy.ppk", (f"PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: deploy\n"
                                   f"Public-Lines: 2\n{pub[:64]}\n{pub[64:]}\nPrivate-Lines: 1\n{priv}\n"
                                   f"Private-MAC: {g.s(HEX, 64)}\n")

    def curl_bearer(g: Gen) -> tuple[str, str]:
        token = g.pick([g.b64url(30), g.mixed(40), g.s(HEX, 48)])
        return "notes/api.md", (f"# API\n\n{_filler(g)}\n\n```sh\ncurl -s https://api.{g.pick(['fernly.app', 'acme-corp.io'])}"
                                f"/v2/jobs \\\n  -H \"Authorization: Bearer {token}\"\n```\n")

    def curl_basic(g: Gen) -> tuple[str, str]:
        pair = base64.b64encode(f"{g.pick(['deploy', 'admin', 'svc-sync'])}:{g.password()}".encode()).decode()
        return "notes/api.md", (f"# API\n\n```sh\ncurl https://ci.{g.pick(['fernly.app', 'acme-corp.io'])}/job/build "
                                f"-H 'Authorization: Basic {pair}'\n```\n")

    def curl_user(g: Gen) -> tuple[str, str]:
        return "notes/api.md", (f"# API\n\n```sh\ncurl -u deploy:{g.password()} "
                                f"https://registry.{g.pick(['fernly.app', 'acme-corp.io'])}/v2/_catalog\n```\n")

    def connection(g: Gen) -> tuple[str, str]:
        scheme = g.pick(["postgres", "postgresql", "mysql", "mongodb+srv", "redis", "amqp"])
        user = "" if scheme == "redis" and g.n(0, 1) else g.pick(["app", "sync_user", "admin"])
        url = f"{scheme}://{user}:{g.password().replace('@', '9').replace('#', 'q')}@{g.host()}:5432/app"
        return g.pick(["STATE.md", ".env", "notes/db.md"]), f"DATABASE_URL={url}\n"

    def netrc(g: Gen) -> tuple[str, str]:
        return g.pick([".netrc", "notes/netrc.md"]), (
            f"machine {g.pick(['api.heroku.com', 'git.acme-corp.io', 'registry.fernly.app'])}\n"
            f"  login {g.pick(['deploy@acme-corp.io', 'svc-sync'])}\n  password {g.pick([g.password(), g.mixed(40)])}\n")

    def pgpass(g: Gen) -> tuple[str, str]:
        return g.pick([".pgpass", "notes/pgpass.md"]), (
            f"{g.host()}:5432:app:app_owner:{g.password().replace(':', '9')}\n")

    def docker_config(g: Gen) -> tuple[str, str]:
        auth = base64.b64encode(f"deploy:{g.password()}".encode()).decode()
        return ".docker/config.json", json.dumps({"auths": {"ghcr.io": {"auth": auth}}}, indent=2) + "\n"

    def kubeconfig(g: Gen) -> tuple[str, str]:
        return "kubeconfig.yaml", (f"apiVersion: v1\nkind: Config\nusers:\n- name: admin\n  user:\n"
                                   f"    client-certificate-data: {g.b64(600)}\n    client-key-data: {g.b64(900)}\n")

    def azure_storage(g: Gen) -> tuple[str, str]:
        return "notes/storage.md", (f"AZURE_STORAGE_CONNECTION_STRING=DefaultEndpointsProtocol=https;"
                                    f"AccountName={g.s(LOWER, 12)};AccountKey={g.b64(64)};"
                                    "EndpointSuffix=core.windows.net\n")

    def npmrc(g: Gen) -> tuple[str, str]:
        return ".npmrc", f"registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken={g.uuid()}\n"

    def openclaw_gateway(g: Gen) -> tuple[str, str]:
        return "openclaw.json", json.dumps({"gateway": {"port": 18789, "mode": "local", "auth": {
            "mode": "token", "token": g.s(HEX, 48)}}, "agents": {"defaults": {"model": "anthropic/claude"}}},
            indent=2) + "\n"

    def openclaw_gateway_flat(g: Gen) -> tuple[str, str]:
        return "openclaw.json.backup", json.dumps({"gateway": {"token": g.s(HEX, 48)}}, indent=2) + "\n"

    def openclaw_bot(g: Gen) -> tuple[str, str]:
        token = TOKENS["telegram-bot-token"][1](g) if g.n(0, 1) else _discord_bot(g)
        return "openclaw.json", json.dumps({"channels": {"telegram": {"enabled": True, "botToken": token,
                                                                      "dmPolicy": "pairing"}}}, indent=2) + "\n"

    def openclaw_device_auth(g: Gen) -> tuple[str, str]:
        return "identity/device-auth.json", json.dumps({"version": 1, "deviceId": g.s(HEX, 64), "tokens": {
            "operator": {"token": g.b64url(32), "role": "operator",
                         "scopes": ["operator.admin"], "updatedAtMs": g.n(1_700_000_000_000, 1_800_000_000_000)}}}, indent=2) + "\n"

    def openclaw_paired(g: Gen) -> tuple[str, str]:
        device = g.s(HEX, 64)
        return "devices/paired.json", json.dumps({device: {"deviceId": device, "platform": "darwin",
                                                           "tokens": {"node": {"token": g.b64url(32), "role": "node"}}}},
                                                 indent=2) + "\n"

    def openclaw_identity(g: Gen) -> tuple[str, str]:
        pem = "-----BEGIN PRIVATE KEY-----\n" + "MC4CAQAwBQYDK2VwBCIEI" + g.b64(32)[:27] + "\n-----END PRIVATE KEY-----\n"
        return "identity/device.json", json.dumps({"version": 1, "deviceId": g.s(HEX, 64),
                                                   "publicKeyPem": "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA"
                                                   + g.b64(32)[:28] + "\n-----END PUBLIC KEY-----\n",
                                                   "privateKeyPem": pem}, indent=2) + "\n"

    def openclaw_models(g: Gen) -> tuple[str, str]:
        key = g.pick(["sk-" + g.mixed(48), "sk-or-v1-" + g.s(HEX, 64), "gsk_" + g.mixed(52)])
        return "agents/main/agent/models.json", json.dumps({"providers": {"custom": {
            "baseUrl": "https://api.fernly.app/v1", "apiKey": key}}}, indent=2) + "\n"

    def mcp_json(g: Gen) -> tuple[str, str]:
        return ".mcp.json", json.dumps({"mcpServers": {"github": {"command": "npx", "args": ["-y", "gh-mcp"],
                                                                  "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "ghp_" + g.mixed(36)}}}},
                                       indent=2) + "\n"

    def claude_settings(g: Gen) -> tuple[str, str]:
        return ".claude/settings.local.json", json.dumps({"env": {"ANTHROPIC_API_KEY": "sk-ant-api03-"
                                                                  + g.s(B64URL, 93) + "AA"}}, indent=2) + "\n"

    return {
        "private-key-fenced": ("key-block", private_key_md),
        "private-key-file": ("key-block", private_key_file),
        "putty-key": ("key-block", putty),
        "openclaw-device-identity": ("openclaw", openclaw_identity),
        "curl-bearer": ("http-credential", curl_bearer),
        "curl-basic": ("http-credential", curl_basic),
        "curl-user": ("http-credential", curl_user),
        "connection-string": ("connection-string", connection),
        "azure-storage-connection": ("connection-string", azure_storage),
        "netrc-password": ("issue34-shape", netrc),
        "pgpass-line": ("issue34-shape", pgpass),
        "docker-auth": ("config-file", docker_config),
        "kubeconfig-key": ("config-file", kubeconfig),
        "npmrc-token": ("config-file", npmrc),
        "mcp-json-token": ("config-file", mcp_json),
        "claude-settings-key": ("config-file", claude_settings),
        "openclaw-gateway-token": ("openclaw", openclaw_gateway),
        "openclaw-gateway-backup": ("openclaw", openclaw_gateway_flat),
        "openclaw-bot-token": ("openclaw", openclaw_bot),
        "openclaw-device-auth": ("openclaw", openclaw_device_auth),
        "openclaw-paired-device": ("openclaw", openclaw_paired),
        "openclaw-models-key": ("openclaw", openclaw_models),
    }


ISSUE34_TOKENS = {"discord-bot-token", "mapbox-secret-token", "vault-legacy-token", "vault-hvs-token"}
ISSUE34_KEYED = {"rails-master-key", "laravel-app-key", "encryption-key", "signing-key",
                 "github-token-hex", "meili-master-key", "jwt-key"}


def _positive_templates() -> Iterator[tuple[str, str, str, str, Callable[[Gen], tuple[str, str]]]]:
    """(group, shape, place, disguise, generator of (name, text))."""
    for shape, (key, make) in TOKENS.items():
        group = "issue34-shape" if shape in ISSUE34_TOKENS else "provider-token"
        for place, put in PLACES.items():
            yield group, shape, place, "none", (lambda g, put=put, key=key, make=make: put(g, key, make(g)))
    for shape, (keys, make) in KEYED.items():
        group = "issue34-shape" if shape in ISSUE34_KEYED else "assigned-key"
        for place, put in PLACES.items():
            yield group, shape, place, "none", (
                lambda g, put=put, keys=keys, make=make: put(g, g.pick(keys), make(g)))
    for shape, (group, make_file) in _file_shapes().items():
        for variant in range(4):
            yield group, shape, f"file-{variant}", "none", make_file
    # What a reader sees whole: every disguise on every third token shape, in one of the
    # places where a page shows it as Markdown (so that disguises do not outweigh the rest).
    for shape, (key, make) in list(TOKENS.items())[::3]:
        for number, (disguise, hide) in enumerate(DISGUISES.items()):
            place = MARKDOWN_PLACES[(number + len(shape)) % len(MARKDOWN_PLACES)]
            put = PLACES[place]
            yield "reader-disguise", shape, place, disguise, (
                lambda g, put=put, key=key, make=make, hide=hide: put(g, key, hide(g, make(g))))


# --------------------------------------------------------------------------- hard negatives

def _negatives() -> dict[str, dict[str, Callable[[Gen], str]]]:
    """false class -> variant -> generator of one or a few lines (placed by the caller)."""
    return {
        "key-file-path": {
            "kubectl-from-file": lambda g: "kubectl create secret generic git-ssh "
            "--from-file=ssh-privatekey=$HOME/.ssh/id_ed25519",
            "ssh-identity": lambda g: f"IdentityFile ~/.ssh/{g.pick(['id_ed25519', 'deploy_key', 'id_rsa'])}",
            "private-key-path": lambda g: f"private_key_path: /etc/ssl/private/{g.pick(['server', 'api', 'edge'])}.key",
            "credentials-path": lambda g: "GOOGLE_APPLICATION_CREDENTIALS=/run/secrets/service-account.json",
            "ssh-i": lambda g: f"ssh -i ~/.ssh/{g.pick(['deploy_key', 'id_ed25519'])} deploy@{g.host()}",
            "private-key-file-flag": lambda g: "--private-key-file=./keys/signer.pem",
            "json-key-path": lambda g: '"privateKeyPath": "~/.openclaw/identity/device.pem"',
            "secret-file": lambda g: "client_secret_file: ./secrets/client_secret.json",
        },
        "redaction-marker": {
            "openclaw": lambda g: f'"{g.pick(["botToken", "token", "apiKey", "password"])}": "__OPENCLAW_REDACTED__"',
            "bracketed": lambda g: f"{g.pick(['token', 'api_key', 'password', 'GITHUB_TOKEN'])}: [REDACTED]",
            "stars": lambda g: f"{g.pick(['password', 'DB_PASSWORD', 'secret'])}: ********",
            "angle": lambda g: f"{g.pick(['api_key', 'client_secret'])} = <redacted>",
            "our-marker": lambda g: f"token: [redacted:{g.pick(['github-token', 'openai-key'])}]",
            "word": lambda g: f"{g.pick(['SECRET_KEY', 'STRIPE_SECRET_KEY'])}=REDACTED",
            "json-stars": lambda g: '"apiKey": "***"',
            "removed": lambda g: "GITHUB_TOKEN=<removed>",
        },
        "pem-header-prose": {
            "should-show": lambda g: "the first line should show: -----BEGIN OPENSSH PRIVATE KEY-----",
            "starts-ends": lambda g: "Check the file starts with `-----BEGIN RSA PRIVATE KEY-----` and ends "
            "with `-----END RSA PRIVATE KEY-----`.",
            "grep": lambda g: 'grep -rl "BEGIN PRIVATE KEY" ~/projects',
            "error": lambda g: "error: expected -----BEGIN EC PRIVATE KEY----- but the file was empty",
            "header-only-fence": lambda g: "```\n-----BEGIN OPENSSH PRIVATE KEY-----\n...\n"
            "-----END OPENSSH PRIVATE KEY-----\n```",
            "format-doc": lambda g: "A PEM file is `-----BEGIN PRIVATE KEY-----`, base64 lines, then the END line.",
        },
        "template": {
            "jq-signer": lambda g: "export SIGNER_UUID=\\(.signerUuid)",
            "jq-token": lambda g: "jq -r '\"TOKEN=\\(.token)\"' creds.json",
            "helm": lambda g: "password: {{ .Values.db.password }}",
            "jinja": lambda g: 'token = "{{ vault_token }}"',
            "printf": lambda g: "API_KEY=%(api_key)s",
            "fstring": lambda g: 'headers = {"Authorization": f"Bearer {token}"}',
            "erb": lambda g: "secret_key_base: <%= ENV['SECRET_KEY_BASE'] %>",
            "mustache": lambda g: "apiKey: '{{API_KEY}}'",
        },
        "placeholder": {
            "stripe-your-key": lambda g: "STRIPE_KEY=sk_live_YOUR_KEY_HERE",
            "angle": lambda g: f"{g.pick(['API_KEY', 'OPENAI_API_KEY', 'token'])}=<your-api-key>",
            "xs": lambda g: "GITHUB_TOKEN=ghp_" + "x" * 36,
            "your-here": lambda g: "api_key: your-api-key-here",
            "changeme": lambda g: "password: changeme",
            "todo": lambda g: 'token: "TODO"',
            "ellipsis": lambda g: "OPENAI_API_KEY=sk-...",
            "anthropic-x": lambda g: "ANTHROPIC_API_KEY=sk-ant-xxxxxxxxxxxx",
            "aws-x": lambda g: "AWS_ACCESS_KEY_ID=AKIAXXXXXXXXXXXXXXXX",
            "pgpass-doc": lambda g: "hostname:port:database:username:password",
        },
        "aws-example": {
            "key-id": lambda g: "aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
            "secret": lambda g: "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
            "prose": lambda g: "AWS documents AKIAIOSFODNN7EXAMPLE as its example key id.",
        },
        "hash": {
            "sha256": lambda g: f"sha256: {g.s(HEX, 64)}",
            "md5": lambda g: f"md5 of the export: {g.s(HEX, 32)}",
            "sha1": lambda g: f"- file hash {g.s(HEX, 40)}",
            "lock": lambda g: f'"hash": "{g.s(HEX, 64)}"',
            "content-hash": lambda g: f"content_hash={g.s(HEX, 64)}",
            "etag": lambda g: f'ETag: "{g.s(HEX, 32)}"',
        },
        "commit-sha": {
            "fixed-in": lambda g: f"Fixed in {g.s(HEX, 40)}.",
            "checkout": lambda g: f"git checkout {g.s(HEX, 40)}",
            "json": lambda g: f'"commit": "{g.s(HEX, 40)}"',
            "precommit-rev": lambda g: f"rev: {g.s(HEX, 40)}",
            "short": lambda g: f"reverted {g.s(HEX, 7)} and {g.s(HEX, 12)}",
            "head-sha": lambda g: f"HEAD_SHA={g.s(HEX, 40)}",
        },
        "uuid": {
            "device": lambda g: f'"deviceId": "{g.uuid()}"',
            "session": lambda g: f"session_id: {g.uuid()}",
            "request": lambda g: f"request id {g.uuid()} failed with 502",
            "upper": lambda g: f"TENANT_ID={g.uuid().upper()}",
            "client-id": lambda g: f"client_id: {g.uuid()}",
        },
        "checksum": {
            "sha256sum": lambda g: f"{g.s(HEX, 64)}  dist/app-1.4.2.tar.gz",
            "digest": lambda g: f"image: ghcr.io/acme/sync@sha256:{g.s(HEX, 64)}",
            "go-sum": lambda g: f"golang.org/x/text v0.14.0 h1:{g.b64(32)}",
            "cargo": lambda g: f'checksum = "{g.s(HEX, 64)}"',
            "sri-script": lambda g: f'<script src="/a.js" integrity="sha384-{g.b64(48)}"></script>',
        },
        "integrity": {
            "npm-lock": lambda g: f'"integrity": "sha512-{g.b64(64)}"',
            "yarn": lambda g: f"  integrity sha512-{g.b64(64)}",
            "sha1": lambda g: f'"integrity": "sha1-{g.b64(20)}"',
        },
        "data-uri": {
            "png": lambda g: f"![chart](data:image/png;base64,{g.b64(g.n(120, 300))})",
            "json": lambda g: f'"icon": "data:image/svg+xml;base64,{g.b64(g.n(90, 200))}"',
            "font": lambda g: f"src: url(data:font/woff2;base64,{g.b64(150)})",
        },
        "public-key": {
            "ssh-ed25519": lambda g: f"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{g.b64(32)[:43]} deploy@laptop",
            "ssh-rsa": lambda g: f"ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ{g.b64(256)} ci@runner",
            "pem-public": lambda g: "-----BEGIN PUBLIC KEY-----\n" + "\n".join(
                (lambda b: [b[i:i + 64] for i in range(0, len(b), 64)])(g.b64(294))) + "\n-----END PUBLIC KEY-----",
            "certificate": lambda g: "-----BEGIN CERTIFICATE-----\n" + "\n".join(
                (lambda b: [b[i:i + 64] for i in range(0, len(b), 64)])(g.b64(600))) + "\n-----END CERTIFICATE-----",
            "json-public": lambda g: f'"publicKey": "{g.b64url(32)}"',
            "age-recipient": lambda g: "age1" + g.s("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58),
            "known-hosts": lambda g: f"github.com ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAI{g.b64(100)}",
        },
        "env-reference": {
            "dollar-brace": lambda g: f"GITHUB_TOKEN=${{{g.pick(['GH_TOKEN', 'GITHUB_TOKEN_CI'])}}}",
            "pass": lambda g: "export OPENAI_API_KEY=$(pass show openai/api-key)",
            "os-environ": lambda g: 'api_key = os.environ["OPENAI_API_KEY"]',
            "actions": lambda g: "NPM_TOKEN: ${{ secrets.NPM_TOKEN }}",
            "process-env": lambda g: "const secret = process.env.STRIPE_SECRET_KEY;",
            "json-ref": lambda g: '"apiKey": "${OPENAI_API_KEY}"',
            "op-ref": lambda g: "DB_PASSWORD=op://Production/postgres/password",
            "secret-ref": lambda g: "valueFrom:\n  secretKeyRef:\n    name: db\n    key: password",
            "gh-auth": lambda g: "export GITHUB_TOKEN=$(gh auth token)",
            "keychain": lambda g: "token=$(security find-generic-password -s deploy -w)",
        },
        "code-expression": {
            "getpass": lambda g: "password = getpass.getpass()",
            "headers-get": lambda g: 'token = request.headers.get("Authorization")',
            "settings": lambda g: "api_key=settings.API_KEY",
            "random-bytes": lambda g: "const secret = crypto.randomBytes(32).toString('hex');",
            "self": lambda g: "self.token = token",
            "bearer-var": lambda g: 'curl -H "Authorization: Bearer $TOKEN" https://api.fernly.app/v2/me',
            "type": lambda g: "apiKey: string;",
            "none": lambda g: "password: Optional[str] = None",
            "compare": lambda g: "if secret_key != expected_secret_key:",
        },
        "masked-key": {
            "openai": lambda g: f"the key sk-…{g.s(HEX, 4)} was revoked",
            "github": lambda g: "GITHUB_TOKEN=ghp_****",
            "proj": lambda g: f"OPENAI_API_KEY=sk-proj-****{g.s(HEX, 4)}",
            "aws": lambda g: "AKIA************MPLE is the old key id",
            "slack": lambda g: "SLACK_BOT_TOKEN=xoxb-***",
            "ending": lambda g: f"rotated the token ending in ...{g.s(HEX, 4)}",
        },
        "prose-password": {
            "policy": lambda g: "The password policy requires 12 characters and a symbol.",
            "reset": lambda g: "Reset the admin password from the console; no secret is kept here.",
            "passwordless": lambda g: "Switched login to passwordless magic links.",
            "stored": lambda g: "API keys live in 1Password under 'Deploy'; never paste them here.",
            "rotate": lambda g: "Rotate the secret key quarterly (next: March).",
            "see-vault": lambda g: "Token: see the vault entry `deploy/github`.",
            "password-see": lambda g: "password: stored in the team vault",
            "secret-actions": lambda g: "secret: kept in GitHub Actions secrets as NPM_TOKEN",
            "bypass": lambda g: "The bypass flag skips the token check in tests.",
        },
        "identifier": {
            "slack-channel": lambda g: f"Posted to channel C0{g.s(UPPER + DIGITS, 9)}.",
            "telegram-chat": lambda g: f'"chatId": "-100{g.s(DIGITS, 10)}"',
            "discord-user": lambda g: f"allowFrom: [\"{g.s(DIGITS, 18)}\"]",
            "stripe-object": lambda g: f"refund for {g.pick(['pi_', 'cus_', 'ch_'])}{g.mixed(24)}",
            "stripe-publishable": lambda g: f"STRIPE_PUBLISHABLE_KEY=pk_live_{g.mixed(24)}",
            "git-remote": lambda g: "git@github.com:acme-corp/sync.git",
            "medium-url": lambda g: f"https://medium.com/@{g.s(LOWER, 8)}/notes-{g.s(HEX, 12)}",
            "youtube": lambda g: f"https://www.youtube.com/watch?v={g.s(B64URL, 11)}",
            "ga": lambda g: f"GA_MEASUREMENT_ID=G-{g.s(UPPER + DIGITS, 10)}",
            "ulid": lambda g: f"run 01J{g.s('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 23)} finished",
            "arn": lambda g: f"arn:aws:iam::{g.s(DIGITS, 12)}:role/deploy",
            "version": lambda g: f"bumped to v{g.n(1, 9)}.{g.n(0, 40)}.{g.n(0, 9)}",
            "s3-etag-url": lambda g: f"https://cdn.fernly.app/assets/{g.s(HEX, 20)}/{g.mixed(10)}.png",
        },
        "local-url": {
            "localhost": lambda g: "DATABASE_URL=postgres://postgres:postgres@localhost:5432/app",
            "compose": lambda g: "REDIS_URL=redis://:devpass@redis:6379/0",
            "no-password": lambda g: f"https://deploy@{g.host()}/repo.git",
            "example": lambda g: "mysql://user:password@db.example.com/app",
        },
    }


NEGATIVE_PLACES = ("prose", "bullet", "fence", "env-file", "json-file", "jsonl")


def _place_negative(g: Gen, place: str, line: str) -> tuple[str, str]:
    if place == "prose":
        return f"journal/{_date(g)}.md", f"# {_date(g)}\n\n{_filler(g)}\n\n{line}\n"
    if place == "bullet":
        return "MEMORY.md", f"# Memory\n\n- {_filler(g)}\n- {line}\n"
    if place == "fence":
        return "notes/howto.md", f"# How to\n\n{_filler(g)}\n\n```sh\n{line}\n```\n"
    if place == "env-file":
        return g.pick(["notes.txt", "runbook.txt"]), f"{_filler(g)}\n{line}\n"
    if place == "json-file":
        return "log.json", json.dumps({"date": _date(g), "note": line}, indent=2) + "\n"
    record = {"ts": f"{_date(g)}T10:00:00Z", "text": line}
    return "ledger.jsonl", json.dumps(record) + "\n"


# --------------------------------------------------------------------------- the corpus

def _part_of(case_id: str) -> str:
    digest = hashlib.sha256(f"{SPLIT_SEED}:{case_id}".encode()).digest()
    return "tune" if digest[0] % 2 == 0 else "held-out"


def cases(part: str) -> list[Case]:
    """Every case of ``part`` ("tune" or "held-out"), in a stable order."""
    if part not in VALUE_SEEDS:
        raise ValueError(f"unknown part {part!r}: tune or held-out")
    seed = VALUE_SEEDS[part]
    found = []
    for group, shape, place, disguise, make in _positive_templates():
        case_id = f"secret/{shape}/{place}/{disguise}"
        if _part_of(case_id) != part:
            continue
        g = Gen(f"{seed}:{case_id}")
        name, text = make(g)
        found.append(Case(case_id, True, group, shape, place, disguise, name,
                          _encode(g, case_id, text)))
    for group, variants in _negatives().items():
        for variant, make_line in variants.items():
            for place in NEGATIVE_PLACES:
                case_id = f"clean/{group}/{variant}/{place}"
                if _part_of(case_id) != part:
                    continue
                g = Gen(f"{seed}:{case_id}")
                name, text = _place_negative(g, place, make_line(g))
                found.append(Case(case_id, False, group, f"{group}/{variant}", place, "none", name,
                                  _encode(g, case_id, text)))
    return found


def _encode(g: Gen, case_id: str, text: str) -> bytes:
    """Most files are UTF-8; one in twelve positives is saved as UTF-16 or UTF-32 (an editor's
    choice on Windows): the reader still sees the text."""
    roll = int(hashlib.sha256(case_id.encode()).hexdigest(), 16) % 12
    if roll == 0:
        return text.encode(g.pick(["utf-16", "utf-16-le"]))
    if roll == 1:
        return text.encode("utf-32")
    return text.encode()


def encoding_of(case: Case) -> str:
    raw = case.data
    if raw.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        return "utf-32"
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")) or (len(raw) > 2 and raw[1] == 0):
        return "utf-16"
    return "utf-8"
