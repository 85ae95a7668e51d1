"""Secrets: every family of the detector table is caught in a real file, in a file's name and
in a binary artifact; `note` redacts the same table; and no output (every check format, the
step summary, the report, recall, the site) ever prints a value a detector flags (issue 14,
cases 7 and 8).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from continuity.authoring.capture import capture
from continuity.formats.secrets import CREDENTIALS, find_credentials, redact
from tests.support.common import GitRepo, minimal_tree, write_files
from tests.support.site_support import write_mkdocs_yml

from .conftest import run_command, run_mkdocs

# Made-up credentials, one per family (none is real; each is built so no scanner of this
# repository takes the test file itself for a leak).
_B64 = "Zm9vYmFyYmF6cXV4" * 6
SAMPLES: dict[str, str] = {
    "private-key": "-----BEGIN OPENSSH PRIVATE KEY-----\n" + _B64[:64] + "\n" + _B64[:40],
    "putty-key": "PuTTY-User-Key-File-3: ssh-ed25519",
    "aws-key": "AKIA" + "Q7R2T4V6X8Z0B3D5",
    "aws-secret": "aws_secret_access_key = " + "wJalrXUtnFEMI/K7MDENG/bPxRfiCY" + "Q7R2T4V6X8",
    "azure-storage-key": "AccountKey=" + _B64[:86] + "==",
    "azure-sas": "https://x.blob.core.windows.net/c?sv=2024-01-01&sig="
                 + "aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1g%3D",
    "mnemonic": 'MNEMONIC="' + " ".join(["orbit", "velvet", "cradle", "lumber", "tissue",
                                         "harbor", "fringe", "nephew", "quiz", "salmon",
                                         "tongue", "walnut"]) + '"',
    "address-keyed-key": '{"0x' + "4d7A9c2E" * 5 + '": "0x' + "3b9F1e6C" * 8 + '"}',
    "google-key": "AIza" + "SyD3x9Q7w2E5r8T1y4U6i9O2p5A8s1D4f7G",
    "google-oauth-secret": "GOCSPX-" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4",
    "github-token": "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8",
    "gitlab-token": "glpat-" + "x1Y2z3A4b5C6d7E8f9G0",
    "npm-token": "npm_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8",
    "npmrc-auth": "//registry.npmjs.org/:_authToken=" + "f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b",
    "huggingface-token": "hf_" + "aB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0uVwX",
    "nvidia-key": "nvapi-" + "Q7r2T4v6X8z0B3d5F7h9J1l3N5p7R9t1V3x5Z7b9D1f3H5j7L9n1P3r5T7v9X1z3",
    "supabase-token": "sbp_" + "15c80f93a1a27d897414732030881619fc0c6a19",
    "neon-key": "napi_" + "zjamfwck8c3ce67fjie54p7vdfkjr7qae4vr78gk9nmp7w0x5akxqp4izh3h"
        + "zbys",
    "langsmith-key": "lsv2_pt_" + "092e6a6cc43fb8daabafc86e5cb4a614_77ffdf6dba",
    "tavily-key": "tvly-dev-" + "5yEqSOcFrfsABc9OAwbExWt8SJ8p1gLu",
    "perplexity-key": "pplx-" + "tr9NUaoA4YdjDZc1lMz2q3iT1RBI9zTr1MNnZoZ4JlztKstb",
    "groq-key": "gsk_" + "GfDrqbweYDGY2ABUjFuhfJmuYiZKLGliu6NO5ekYF2XkNs3OmHIe",
    "kimi-key": "sk-kimi-" + "Vq7LwT3nBz9RkX2mHf5JcP8sYd4GtN6aUe1QhW0oZr3Ki7MbF",
    "xai-key": "xai-" + "ZgyC9y9zhjHOKLNV6Galb6mYkgm9FIB1qjJihvuIAplBGjNGJJzxi6cvmAWK"
        + "uMYHHvLmjDH3FXYm7ULU",
    "replicate-token": "r8_" + "GnLwpn8nsQP1PCYopdJ7RApALzEQ4LQQtiQnc",
    "together-key": "tgp_v1_" + "nU4zPZJJI2nmPOeq42LgLjqiQyXNoF8lXbisAMGy6ZV",
    "cerebras-key": "csk-" + "njmpgbtf5ywgu3ss7nlvynt8dzqh6ak21ndciuh2jm9obqf7",
    "jina-key": "jina_" + "5FR3hp1cHrGGqFVRMEJRFHmB2wIevGOT9nPT5SqhMERuW3umHzgZ51eotgbW",
    "elevenlabs-key": "sk_" + "ef94742736ed9f6129ed61a2b4f5ab1dd6c4ddee282599e0",
    "firecrawl-key": "fc-" + "91bc1fd3b17daa37c948ca5858124209",
    "context7-key": "ctx7sk-" + "b40c27bb-2b01-122b-e835-1524a3140457",
    "brave-key": "BSA" + "qjJsvzsTnAO35fNOPiO4lsn0Wgn7",
    "figma-token": "figd_" + "pMmpHcKYAKdjourxG1qyLHHG1xIsmuA6xTo8rh5n",
    "apify-token": "apify_api_" + "v4rWzjriOpI5sMLH5njAQdSqkxeuxnQuQnVG",
    "notion-token": "ntn_" + "6ZHycPMuo56RoGpav6nMfCDcpoITfoBoofbDBUKyJSn463",
    "clawhub-token": "clh_" + "Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe" + "aB1cD2eF3gH",
    "airtable-token": "pat" + "7LaFETXCEKmXre.22a3872a63dce162af70422429b13cc90b89569589d74"
        + "793ea000018028ed984",
    "resend-key": "re_" + "Q54inL0p_OdZ8q6mlqydEQAZ4VdTPBbf5",
    "pinecone-key": "pcsk_" + "aBsiD_MQgjpKwrlEHVQ1h5JlzKND6OkjAF1pJqX9WxnfRAt7bTFGwVy6OeW3"
        + "4Vdpr3",
    "posthog-personal-key": "phx_" + "YgpicxBBialcrmQv819Sd5uqtf1Dn9gQMBWH0DVY1Aunvx8",
    "planetscale-token": "pscale_tkn_" + "i9rlsscN6dG0E6rM4LTHLXuWtYa6lJYVND0JTFWi5um",
    "docker-hub-token": "dckr_pat_" + "zX90FW1BMDuDHP5ik8dj4knGnCU",
    "vercel-token": "vcp_" + "KXaOOvhdeFOrJEygrJoVJBFXxd5lqdM99Vc4Ht9LEhzxCyanz3BygHMt",
    "netlify-token": "nfp_" + "DBdimOvvv8qYhcgrMBZSZoWuuEBji29gRZfO",
    "render-key": "rnd_" + "wutgwU0Cyu4y13Zf6iVvbsZdBtw9u8qg",
    "fly-token": "fo1_" + "H01c1CO3rw3fPzYdwxTjoLySDzMBV4QgTRgwNYVNiko",
    "browserbase-key": "bb_live_" + "kQpO4yaPkgK1Uz4CPXEgVzZC8bV",
    "google-oauth-token": "ya29.a0" + "5m80HJslEyIzsEiYbmqgWQao5tppiyYRCP7817Vfbc7xun6AekOlS7vSVpMG"
        + "zqLrVLTLVavkMhisK4D0K2Km4BTfP2oFWt6s4CvFNnZPOkfvrJXORH7LhYho",
    "onepassword-token": "ops_eyJ" + "Srcdyt4CFp3Awlp0IiNPGkDZbFeqCB2kg7f0Lj2hCPYoWYDzaXYbVo0dPEfE"
        + "GUmxxkernbQmwI05j8Ogp9EtqmnQJCrzLcQHJWGJ62EC62VaBBQhIs01moWr"
        + "SJamhmYfJTmrMvp2bOOG9g2hObn397HWTGWOmzFHVEEaFQ1rcmrfwH81Sf5q"
        + "bVcFfzXjYt5Dwy8MciG7Ke39ZZ5HFJchKrEhiH1BGRna5V2dzwejuKBLympi"
        + "MW8NEicuUWeXa0KgdeZMLYiuKtwVHN7ic91lxJsXkfAaD4VEgkuIWBSnSM39",
    "onepassword-secret-key": "A3-" + "ON5O2L-SVQFWIT7XNW-XEB29-2I10Q-K0KHY",
    "artifactory-key": "AKCp" + "LnsaDVp7SqwSiq8nz47Jmp8eDlINp0zLSQmd7BO0haz7Njr6knkwDj0WmQJR"
        + "9xYe5JM7J",
    "aws-bedrock-key": "ABSK" + "l7Agrjlxwpp6fiUdaLKT3GGuQlL5DWY17JbRezOqy6mnyONWaRffl1oTVfd7"
        + "c7A9VNjjrEqa67DSvxIzRhu4ZcMLaiPRM3mlfP98UEpH0ThlloR1pgxA1Lau"
        + "7evFIChREWgL",
    "cloudflare-origin-ca-key": "v1.0-" + "72482a32a95da4760d3130da-73b3dca6413249477710576896882e15ce4"
        + "5f886e24dfbaae502051d297935604c32ed40e30e650df028d244004d25b"
        + "a903e0407bed7b070da88b66b1f1d6f7418472fe2a210c79d65",
    "clojars-token": "CLOJARS_" + "xap4ac724gj39uvjd1l3zmj5k3nuoynzkal424ovseoh658gjk0ns4j18f35",
    "defined-networking-token": "dnkey-" + "zml3zziddz8clugmmlzu4hsnpy-m1mmc2vwey45l0pslw32wqrmbvfksiag2"
        + "i2ptx173pbg63fhf7ot",
    "duffel-token": "duffel_live_" + "YHJaxfEpag59vHFYiobbVdVZcNYkEWYYr3QbdmRc3Ln",
    "dynatrace-token": "dt0c01." + "0WCVLDZLTQUQIJJJZJU6O7RH.QELKAHA0WDK3RKTUAJE8BYQY2PIFS5SR2FE"
        + "CBKNKBLJ9MW6IWO0IE8M6NSGQG0FO",
    "easypost-key": "EZAK" + "MU6Po98a93JGfkPUwTd8H1L43IHcPSDjcvjjxPxoFA4hhuuE8lMuHJ",
    "flutterwave-key": "FLWSECK-" + "72eaec067ee5f3gc6d893f16g29feafg-X",
    "frameio-token": "fio-u-" + "uWbfwM6GaMRm6Q1w4dyymPaQL8SFxvzebTRHJM7vXRPAh7SjDJmEi0TXWRrj"
        + "LYPi",
    "gitlab-session": "_gitlab_session=" + "3dab7bc862923ceea24792a462374ae2",
    "grafana-api-key": "eyJrIjoi" + "hmAQ9maBTFHj0KgxwTuhr6EQQppPpxuHcDWhZMI1HTqQR3IZjCxqusseoXDH"
        + "baxyd3nWJzKarVYJDcu1",
    "harness-token": "pat." + "CGTsdHpcB6xe2kashRKlYG.kljST7ZHkzNbxWW7a1mzaB0X.35q03vDRAyfA"
        + "o7weeiez",
    "heroku-key": "HRKU-AA" + "cW58d4kEg3SVaf5VzTv4RNnNr0lEeENzTusxtQVtmK23nWLEz9BXNh4k11",
    "infracost-token": "ico-" + "hQErwQzeiXr629BoyqnJjzMnAxWpWXuq",
    "intra42-secret": "s-s4t2ud-" + "f496f79ceb520978f3ab32afcc3c34728fcaba83ab4cb84454acd7fff814"
        + "e1e0",
    "mailchimp-key": "" + "3da7dacef0ad0063b4859475325e484a-us14",
    "maxmind-key": "" + "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",
    "teams-webhook": "https://acme.webhook.office.com/webhookb2/"
        + "de028ecd-65e9-7063-4484-d4159d459ba4@b81ced03-2e67-6f45-da4d"
        + "-e16b6704ec59/IncomingWebhook/7c01c20cc41f2eaaf9ef4a61d158f8"
        + "fc/0607468a-f453-474d-fca2-cd2059efb4ee",
    "octopus-key": "API-" + "8T4R9M4GCPWY5D6DARN3QXD4N7",
    "openshift-token": "sha256~" + "4M0uevpg7lNzUMz2XSvCWaocjdqRjwGC01QKRRGZz5Y",
    "plaid-token": "access-production-" + "b06e816a-44e1-107b-37f7-b46478349423",
    "prefect-key": "pnu_" + "kYWd6T0jZ3j0Rhu4cRO1eJ0clOxEwPzSj7fF",
    "pulumi-token": "pul-" + "339e54926ae922939a2eb58749ac7a0e9c3a5ee9",
    "readme-key": "rdme_" + "exp5iuqe7t4ah4bqeu8qb8s28nrit17hkksw4y4ghi0g7u2zlvtoepb7pqm6"
        + "58ygez9lsb",
    "rubygems-key": "rubygems_" + "a8d2ab5ca8100dc5e093edd66f1e6ec05af17166023517c8",
    "scalingo-token": "tk-us-" + "ij6ftVxMocDSyyZCVutB7koGivQlPqnk9UFvbmhCsfIx1GZx",
    "brevo-key": "xkeysib-" + "796d4a37092c53a844477464dde7289f56399ea11a37bf27e1fa90d6bb8c"
        + "fb41-xIFEyRKR3DGpEJFd",
    "settlemint-token": "sm_pat_" + "iBqGuSPsweU5v9sD",
    "shippo-token": "shippo_live_" + "cfb505eb7345d1ef4b52b9ab7ce09084bf8cf1f5",
    "sourcegraph-token": "sgp_" + "c1e53562002a8553_a87aa83395b1d60e9c03c755b8bfd5158320c44b",
    "typeform-token": "tfp_" + "jJEgjUuqD3MtNQkn0O4ql3q5N16n8Z0a0kNk9DMELtaA5Aqj7BvI5tQTZPE",
    "yandex-token": "AQVN" + "Lziagv3DvKM9XT46cPmWtPpL4p8wr26CbmFX",
    "twitter-bearer-token": "AAAAAAAAAAAAAAAAAAAAAA"
        + "e5A6WWSHakpBUWU8Wxd64qt84tTSamZewtAmYRpzXVaa7qmOpKJMUAsJQeXF"
        + "uRK1taBVzKrRrZ7C20MeG2DRnkymOi",
    "env-default-secret": 'os.environ.get("BRAVE_API_KEY", "' + "Wq7R2t4V6x8Z0b3D5f7H9j1L3n5P"
                          + '")',
    "login-password": "server.login('bot@acme-corp.io', '" + "Vq8#Lm2" + "pZ4wX9tR')",
    "login-pair": "Login: bot@acme-corp.io / " + "Vq8#Lm2" + "pZ4wX9tR",
    "slack-token": "xoxb-" + "1234567890-0987654321-AbCdEfGhIjKlMnOp",
    "slack-webhook": "https://hooks.slack.com/services/" + "T0ABCDEF1/B0ABCDEF2/aBcDeFgHiJkLmNoPqRsTuVwX",
    "sendgrid-key": "SG." + "aB1cD2eF3gH4iJ5kL6mN7o" + "." + "pQ8rS9tU0vW1xY2zA3bC4dE5fG6hI7jK8lM9nO0pQ1r",
    "stripe-key": "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc",
    "stripe-webhook-secret": "whsec_" + "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    "anthropic-key": "sk-ant-" + "api03-aB1cD2eF3gH4iJ5kL6mN7oP8",
    "openai-key": "sk-proj-" + "aB1cD2eF3gH4iJ5kL6mN7oP8qR9s",
    "jwt": "eyJ" + "hbGciOiJIUzI1NiJ9" + ".eyJ" + "zdWIiOiIxMjM0NTY3ODkwIn0"
           + ".dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
    "bearer-token": "Authorization: Bearer " + "aB1cD2eF3gH4iJ5kL6mN7oP8qR9",
    "basic-auth": "Authorization: Basic " + "ZGVwbG95OldxN1IydDRWNng4WjBiM0Q=",
    "url-password": "postgres://deploy:" + "Tr0ub4dor3xyz" + "@db.example.internal/prod",
    "assigned-secret": "DB_PASSWORD=" + "hunter2hunter2",
    "chinese-password": "密碼：" + "Lanternfish0429",
    "keyring-password": 'GOG_KEYRING_PASSWORD="' + "tq" + 'wbm" gog calendar list',
    "app-password": "SMTP_APP_PASSWORD=" + "qwrt-zxkv-plmn-bhgf",  # Apple's, with hyphens
    "age-key": "AGE-SECRET-KEY-1" + "QYZ8PLW3M5N7R9T2V4X6Z8B1D3F5H7K9M2P4R6T8V1X3Z5B7D9F2H4J6L8N0",
    "azure-client-secret": "client: " + "abc" + "8Q~" + "Zx7Yw6Vu5Ts4Rq3Po2Nm1Lk0Ji9Hg8Fe",
    "alibaba-key": "LTAI" + "5tQ9wE3rT7yU1iO4pA8s",
    "digitalocean-token": "dop_v1_" + "0f1e2d3c4b5a6978" * 4,
    "vault-token": "hvs." + "CAESIJ3xY7wV2uT9sR4qP1oN6mL8kJ5hG0fE",
    "vault-legacy-token": "VAULT_TOKEN: s." + "Q7r2T4v6X8z0B3d5F7h9K1m3",
    "discord-bot-token": "MTE4" + "NzY1NDMyMTA5ODc2NTQz" + ".Gh7kQz." + "aB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0uV1wX",
    "mapbox-token": "sk.eyJ1Ijoi" + "YWNtZS1tYXBzIiwiYSI6ImNrMXh5" + "." + "aB1cD2eF3gH4iJ5kL6mN7o",
    "netrc-password": "machine git.acme-corp.io login deploy password " + "Q7r2T4v6X8z0B3d5",
    "pgpass-password": "db.acme-corp.io:5432:app:app_owner:" + "Q7r2T4v6X8z0B3d5",
    "curl-user": "curl -u deploy:" + "Q7r2T4v6X8z0B3d5" + " https://registry.acme-corp.io/v2/",
    "sudo-password": 'echo "' + "Q7r2T4v6X8z0B3d5" + '" | sudo -S mkdir -p /data',
    "openssl-pass": "openssl enc -d -aes-256-cbc -pass pass:" + "Q7r2T4v6X8z0B3d5" + " -in a.enc",
    "keyed-secret": "RAILS_MASTER_KEY=" + "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
    "terraform-token": "a1b2c3d4e5f6g7" + ".atlasv1." + "Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe" * 2,
    "pypi-token": "pypi-AgEIcHlwaS5vcmc" + "CJDk3ZjY1YTIyLWQ0NTgtNDcwYi05MzE2LTcwZGI4YjA1YjEyZQ",
    "discord-webhook": "https://discord.com/api/webhooks/" + "112233445566778899/"
                       + "aB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0uV",
    "feishu-webhook": "https://open.feishu.cn/open-apis/bot/v2/hook/" + "3f2c8a9e-1b7d-4c6e-"
                      + "9a0f-5d4e3c2b1a09",
    "wecom-webhook": "https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=" + "7c1e4a2b-9d3f-"
                     + "4b6a-8e5c-0f2d1a3b4c5d",
    "telegram-token": "bot " + "123456789" + ":AA" + "Fh3Kx9Lm2Np5Qr8St1Uv4Wx7Yz0Ab3Cd6",
    "mailgun-key": "key-" + "3ax6xnjp29jd6fds4gc373sgvjxteol0",
    "twilio-key": "SK" + "0123456789abcdef0123456789abcdef",
    "shopify-token": "shpat_" + "0123456789abcdef0123456789abcdef",
    "square-token": "sq0atp-" + "aB1cD2eF3gH4iJ5kL6mN7o",
    "atlassian-token": "ATATT3" + "xFfGF0aB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0uV1wX2yZ3aB4cD5eF6gH7iJ8kL9m",
    "linear-key": "lin_api_" + "aB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0uV1wX2yZ3a",
    "postman-key": "PMAK-" + "0123456789abcdef01234567" + "-" + "0123456789abcdef0123456789abcdef01",
    "databricks-token": "dapi" + "0123456789abcdef0123456789abcdef",
    "newrelic-key": "NRAK-" + "A1B2C3D4E5F6G7H8I9J0K1L2M3N",
    "grafana-token": "glsa_" + "aB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0uV_0a1b2c3d",
    "sentry-token": "sntrys_" + "eyJpYXQiOjE3MDAwMDAwMDAuMCwidXJsIjoiaHR0cHM6Ly9zZW50cnkuaW8ifQ",
    "doppler-token": "dp.pt." + "aB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0uV1wX2yZ3a",
    "docker-auth": '{"auths": {"registry.example.internal": {"auth": "'
                   + "ZGVwbG95OnMzY3IzdC1yZWdpc3RyeS1wYXNz" + '"}}}',
    "kubeconfig-key": "    client-key-data: " + "LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQ"
                      + "pNSUlFcEFJQkFBS0NBUUVB",
    "cookie-record": '{"domain": ".acme-corp.io", "name": "sessionid", "path": "/", "value": "'
                     + "0f1e2d3c4b5a6978" + "8796a5b4c3d2e1f0" + '"}',
    "cookie-named": '# cookies\nCOOKIES = {"web_session": "' + "0f1e2d3c4b5a6978" + "8796a5b4c3d2e1f0"
                    + '"}',
}
#: More shapes of ``assigned-secret`` that a ``\\b`` before the key word used to miss.
ASSIGNED = [
    "SECRET_KEY=" + "django-insecure-9x8y7z6w",
    "PGPASSWORD=" + "s3cr3t-pg-pass", "MYSQL_PWD=" + "s3cr3t-my-pass", "DB_PASS=" + "s3cr3tpass99",
    "SECRET_KEY_BASE=" + "0a1b2c3d4e5f6a7b8c9d", "dbPassword: " + "s3cr3t-camel-case",
    'password = "' + "correct horse battery staple" + '"',
    '{"password": "' + "correct-horse-battery" + '"}',
    "client_secret: " + "Q1w2E3r4T5y6U7i8",
    "export API_KEY=" + "a1b2c3d4e5f6g7h8",
]


def secret_part(sample: str) -> str:
    """The part of a sample that must never be printed (what the detector marks)."""
    finding = find_credentials(sample)[0]
    return sample[finding.start:finding.end]


def test_every_detector_of_the_table_has_a_sample():
    assert {d.kind for d in CREDENTIALS} - set(SAMPLES) == set()


@pytest.mark.parametrize("detector", CREDENTIALS, ids=lambda d: d.kind)
def test_each_detector_finds_its_own_sample(detector):
    """Parametrised over the table: a detector added without a sample fails here; and the
    sample is this detector's finding, not only another's."""
    sample = SAMPLES.get(detector.kind)
    assert sample is not None, f"{detector.kind}: add a realistic fake sample to SAMPLES"
    assert list(detector.spans(sample)), detector.kind
    assert find_credentials(sample)[0].kind == detector.kind


@pytest.mark.parametrize("key", ["password", "passwd", "secret", "api_key", "auth_token"])
def test_a_key_word_after_a_letter_is_no_key_but_after_a_separator_it_is(key: str):
    value = "=" + "hunter2hunter2"
    for text in (f"{key}{value}", f"x_{key}{value}", f"DB-{key.upper()}{value}",
                 f"export {key.upper()}{value}"):
        assert [f.kind for f in find_credentials(text)] == ["assigned-secret"], text
    for text in (f"x{key}{value}", f"X{key.upper()}{value}", f"my{key}{value}"):
        assert find_credentials(text) == [], text


@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_each_family_is_found_where_a_file_would_hold_it(kind: str):
    sample = SAMPLES[kind]
    for text in (sample, f"Deploy note: {sample} (rotate monthly)", f"`{sample}`"):
        found = find_credentials(text)
        assert found, (kind, text)
        # A key word before a value is also an assignment: either detector may mark it.
        assert found[0].kind in (kind, "assigned-secret"), (kind, text)


@pytest.mark.parametrize("text", ASSIGNED)
def test_keys_with_a_prefix_or_in_json_are_assignments(text: str):
    assert [f.kind for f in find_credentials(text)] == ["assigned-secret"]


@pytest.mark.parametrize("text", [
    "The password is kept in the vault.", "passwordless login is enabled", "secret_sauce: tomatoes",
    "password: ${DB_PASSWORD}", "api_key = <your key here>", "token: [redacted:github-token]",
    "See https://docs.example.org/guide for details.", "The skeleton key opened it.",
    "compass=north-north-west", "bypass = every-cache-layer", '"auth": "required"',
    "İİİİbot", "İ" * 50 + "password",
    # a provider's prefix before a fill-in word in capitals (survey 41)
    "STRIPE_SECRET_KEY=sk_test_PLACEHOLDER", "PRIVATE_KEY=prv_test_PLACEHOLDER",
])
def test_prose_and_placeholders_are_not_secrets(text: str):
    assert find_credentials(text) == []


def test_note_redacts_with_the_same_table(tmp_path: Path):
    for kind, sample in SAMPLES.items():
        store = tmp_path / f"{kind}.jsonl"
        done = capture(f"The deploy job for tidewater authenticates with {sample} nightly.",
                       "tidewater", store=store)
        written = store.read_text("utf-8") if store.exists() else ""
        assert secret_part(sample) not in written, kind
        assert done.exit_status in (0, 3), (kind, done.reason)


def _tree_with_secrets(root: Path) -> None:
    tree = minimal_tree()
    lines = "\n".join(f"- {sample}" for sample in (*SAMPLES.values(), *ASSIGNED))
    tree["CONTEXT.md"] += f"\n## Credentials\n\n{lines}\n"
    # CT204 echoes the value it refuses: a token as the turn.
    tree["journal/2026-01-02-turn-1.md"] = tree["journal/2026-01-02-turn-1.md"].replace(
        "turn: 1", f"turn: {SAMPLES['github-token']}")
    write_files(root, tree)


def _leaks(text: str) -> list[str]:
    return [kind for kind, sample in (*SAMPLES.items(), *(("assigned", a) for a in ASSIGNED))
            if secret_part(sample) in text]


@pytest.mark.parametrize("fmt", ["text", "json", "github", "sarif", "junit"])
def test_no_output_format_echoes_a_flagged_value(tmp_path: Path, fmt: str):
    root = tmp_path / "memory"
    _tree_with_secrets(root)
    summary = tmp_path / "summary.md"
    done = run_command("check", "--no-git", "--output-format", fmt, cwd=root,
                       env={"GITHUB_STEP_SUMMARY": str(summary)}, codes=(1,))
    assert "CT204" in done.out and "CT601" in done.out
    assert _leaks(done.output) == []
    if fmt == "github":
        assert "CT204" in summary.read_text("utf-8")
        assert _leaks(summary.read_text("utf-8")) == []


def test_report_and_recall_echo_no_flagged_value(tmp_path: Path):
    root = tmp_path / "memory"
    _tree_with_secrets(root)
    # A store written by hand, with a credential in a fact and a tag (CT503 reports it).
    note = {"time": "2026-01-02T10:00:00Z", "project": "tidewater",
            "fact": f"The parser token is {SAMPLES['slack-token']} for now.",
            "tags": [SAMPLES["npm-token"]]}
    write_files(root, {"notes.jsonl": json.dumps(note) + "\n"})
    for form in ("md", "html", "json"):
        done = run_command("report", "--no-git", "--format", form, cwd=root, codes=(0,))
        assert _leaks(done.output) == [], form
    done = run_command("report", "--no-git", "--write-audit", cwd=root, codes=(0,))
    audit = next((root / "audits").glob("*-lint-report.md"))
    assert _leaks(audit.read_text("utf-8")) == []
    for form in ("text", "json"):
        recalled = run_command("recall", "parser", "--format", form, cwd=root, codes=(0,))
        assert "[redacted:slack-token]" in recalled.out and _leaks(recalled.output) == []


def test_a_secret_in_a_file_name_is_found_withheld_and_never_printed(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    root = repo.path / "memory"
    token = SAMPLES["slack-token"]
    tree = minimal_tree()
    tree["KNOWLEDGE.md"] = tree["CONTEXT.md"].replace("# Context", "# Knowledge").replace(
        "`journal/`", "`knowledge/`")
    tree[f"knowledge/{token}.md"] = "# Bot\n\nThe bot posts daily.\n"
    write_files(root, tree)
    write_mkdocs_yml(repo.path, options={"root": "memory"})
    repo.commit("tree")
    checked = run_command("check", "--no-git", "--output-format", "json", cwd=root, codes=(1,))
    found = [d for d in json.loads(checked.out)["diagnostics"] if d["code"] == "CT601"]
    assert found and "file's name" in found[0]["message"]
    assert token not in checked.output
    built = run_mkdocs("build", cwd=repo.path)
    assert token not in built.output
    site = repo.path / "site"
    assert not [p for p in site.rglob("*") if token in p.name]
    assert not [p for p in site.rglob("*.html") if token in p.read_text("utf-8", "replace")]


def test_a_binary_artifact_is_scanned(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    root = repo.path / "memory"
    tree = minimal_tree()
    tree["ARTIFACTS.md"] = tree["CONTEXT.md"].replace("# Context", "# Artifacts").replace(
        "`journal/`", "`artifacts/`")
    write_files(root, tree)
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR" + b"\x00" * 13 + b"tEXtComment\x00" + \
        SAMPLES["aws-key"].encode() + b"\x00IEND"
    write_files(root, {"artifacts/2026-01-02-screen.png": png})
    write_mkdocs_yml(repo.path, options={"root": "memory"})
    repo.commit("tree")
    checked = run_command("check", "--no-git", "--output-format", "json", cwd=root, codes=(1,))
    found = [d for d in json.loads(checked.out)["diagnostics"] if d["code"] == "CT601"]
    assert [d["path"] for d in found] == ["artifacts/2026-01-02-screen.png"]
    run_mkdocs("build", cwd=repo.path)
    copies = [p for p in (repo.path / "site").rglob("*.png") if "screen" in p.name]
    assert copies == []  # withheld: the copy is not made


def test_redaction_is_idempotent_and_leaves_no_finding():
    text = " ".join((*SAMPLES.values(), *ASSIGNED))
    once, found = redact(text, CREDENTIALS)
    assert found and find_credentials(once) == []
    assert redact(once, CREDENTIALS)[0] == once


@pytest.mark.parametrize("text", [
    '"args": ["run", "exa", "--key", "' + "1b2c3d4e-5f60-4a7b-8c9d-" + '0e1f2a3b4c5d"]',
    "npx @smithery/cli run exa --key " + "1b2c3d4e-5f60-4a7b-8c9d-" + "0e1f2a3b4c5d",
])
def test_a_uuid_handed_over_by_a_key_flag_is_a_credential(text: str):
    """A UUID under a bare ``key`` is a record's, but a flag names no record (survey 41:
    Smithery's CLI given its API key in an MCP config)."""
    assert [f.kind for f in find_credentials(text)] == ["keyed-secret"]
