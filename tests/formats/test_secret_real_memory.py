"""The false classes a held-out survey of real agent memory found (issue 29, second survey),
each silent as a class, and the credentials beside them still found.

Every credential is assembled at run time from pieces, so that this file holds none.
"""

from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path

import pytest

from continuity.formats.seen import find_seen
from continuity.formats.textfile import read_text
from continuity.model.tree import TreeFile
from tests.support.common import GitRepo, check_json, minimal_tree, write_files
from tests.support.conventions import roots

HEX32 = "0f1e2d3c4b5a6978" + "8796a5b4c3d2e1f0"
MIXED = "Q7r2T4v6X8z0B3d5F7h9K1m3"
STRIPE_TEST = "sk_" + "test_" + "4eC39HqLyjWDarjt" + "T1zdp7dc"
UUID = "3f2c8a9e-1b7d-4c6e-" + "9a0f-5d4e3c2b1a09"
GHP = "ghp_" + "A1b2C3d4E5f6G7h8I9j0" + "K1l2M3n4O5p6Q7r8"



def secret_findings(repo: GitRepo) -> tuple[list[tuple[str, str]], str]:
    """CT601 and CT605 at ``repo``'s top: each finding's (code, path), sorted, and the output."""
    result = check_json(repo.path, "--select", "CT601,CT605")
    return sorted((d["code"], d["path"]) for d in result.json["diagnostics"]), result.out


def assert_no_secret_found(repo: GitRepo) -> None:
    found, out = secret_findings(repo)
    assert found == [], out

def kinds(text: str) -> list[str]:
    return [finding.kind for finding in find_seen(text)]


# ------------------------------------------------------------ an API contract's examples

CONTRACT_YAML = f"""openapi: 3.0.3
info:
  title: Billing
paths:
  /login:
    post:
      requestBody:
        content:
          application/json:
            examples:
              login:
                value:
                  email: ada@acme-corp.io
                  password: "P@ssw0rd123"
                  api_key: "{MIXED}"
components:
  schemas:
    Charge:
      properties:
        key:
          type: string
          example: "{STRIPE_TEST}"
        password:
          type: string
          example: "{MIXED}!x"
"""

CONTRACT_JSON = json.dumps({
    "openapi": "3.1.0",
    "components": {"examples": {"login": {"value": {"password": "P@ssw0rd123",
                                                    "token": MIXED + "aB"}}},
                   "schemas": {"Key": {"type": "string", "example": STRIPE_TEST}}}})


@pytest.mark.parametrize("text", [CONTRACT_YAML, CONTRACT_JSON,
                                  json.dumps(json.loads(CONTRACT_JSON), indent=2)],
                         ids=["yaml", "json", "json, indented"])
def test_an_api_contracts_documented_examples_are_no_credentials(text: str) -> None:
    assert kinds(text) == []


def test_a_credential_outside_a_contracts_examples_is_found() -> None:
    text = CONTRACT_YAML + f"servers:\n  - url: https://api.acme-corp.io\n    x-token: {GHP}\n"
    assert kinds(text) == ["github-token"]
    # an ``example:`` key in a file that is no contract (a note) says nothing
    assert kinds(f"example:\n  GITHUB_TOKEN: {GHP}\n") == ["github-token"]


# ------------------------------------------------------------ a test account's password

@pytest.mark.parametrize("text", [
    "3. Log in as `qa@acme-corp.io` with the password `TestPassword123!`",
    "TEST_USER_PASSWORD=TestPassword123!",
    "        'password': 'StrongPass123!'",
    '  --db-password "Str0ngP@ssw0rd!" \\',
    "password: P@ssw0rd123",
])
def test_a_setup_guides_test_password_is_no_credential(text: str) -> None:
    assert kinds(text) == []


@pytest.mark.parametrize("text", [
    # a compose file's database, by the image's documented default (a public Spec Kit tree)
    "ConnectionStrings__DefaultConnection=Host=postgres;Port=5432;Database=fitness;"
    "Username=postgres;Password=postgres\r",
    "MYSQL_ROOT_PASSWORD=root",
    "RABBITMQ_DEFAULT_PASS=guest",
    "DB_USER=root\nDB_PASSWORD=rootroot",  # a Roo-bank project's local .env
    # a fill-in that says how long the real one must be (a Cline-bank project's .env)
    "JWT_SECRET=production-jwt-secret-key-at-least-32-characters-long",
])
def test_a_database_images_default_password_is_no_credential(text: str) -> None:
    assert kinds(text) == []


@pytest.mark.parametrize("text", [
    # an end-to-end test's .env beside a Claude agent memory (a public repository)
    "GEMINI_CHAT_API_KEY=e2e-fake-chat-key",
    "GOOGLE_CLIENT_SECRET=e2e-google-client-secret",
])
def test_an_end_to_end_tests_made_up_values_are_no_credentials(text: str) -> None:
    assert kinds(text) == []


def test_a_quoted_key_given_a_variable_in_code_is_no_credential() -> None:
    """A skill's script (a public OpenClaw workspace): the secret is a variable's, read at
    run time; a value there is still found."""
    code = '        data=json.dumps({"app_id": app_id, "app_secret": app_secret}).encode(),'
    assert kinds(code) == []
    assert kinds('{"app_id": "cli_a1", "app_secret": "6nTq2Lm9Xk4Rv8Wz3Pb7Yc1Hd5Jf0Gs"}') != []


def test_a_fill_in_written_in_another_script_is_no_credential() -> None:
    """A README's .env example (a public Cline-bank repository): "a Slack bot token starting
    with xoxb-" in Japanese, where the token goes."""
    assert kinds('SLACK_API_TOKEN="xoxb-から始まるSlackボットトークン" # Secret Manager') == []
    assert kinds('DB_PASSWORD="contraseña8Kq2!"') != []  # one accented letter: a password


def test_a_chosen_database_password_is_found() -> None:
    assert kinds("Host=db;Username=app;Password=Pg7xK2mQ9vL4wR") != []


# ------------------------------------------------------------ a CDN's signed link

def _signed(separator: str) -> str:
    return ("https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/o4~tplv-photomode.jpeg?dr=1"
            f"{separator}refresh_token={HEX32}{separator}x-expires=1765000000"
            f"{separator}x-signature={MIXED}%3D{separator}ftpl=1")


@pytest.mark.parametrize("separator", ["&", "\\u0026"], ids=["&", "JSON's \\u0026"])
def test_a_signed_expiring_links_parameters_are_no_credential(separator: str) -> None:
    assert kinds(json.dumps({"cover": _signed(separator)}).replace("\\\\u0026", "\\u0026")) == []


def test_a_token_in_a_link_that_is_not_signed_is_found() -> None:
    assert kinds(f"https://api.acme-corp.io/v1/feed?page=2&refresh_token={HEX32}") != []


# ------------------------------------------------------------ public by design, code, ids

@pytest.mark.parametrize("text", [
    f"KAKAO_JS_KEY={HEX32}",  # Kakao's JavaScript key: for the browser, bound to its domains
    f"NEXT_PUBLIC_KAKAO_JAVASCRIPT_KEY={HEX32}",
    f"  - Release GPG key: {HEX32.upper()}ABCD1234",  # a fingerprint
    "    db.save({'email': email, 'password': hashed})",  # code
    "updatePassword(e){this._password=e}terminate(){unreachable()}",
    "  PASSWORD: 0x000004,",
])
def test_public_keys_fingerprints_and_code_are_no_credentials(text: str) -> None:
    assert kinds(text) == []


def test_kakaos_rest_api_key_is_a_secret() -> None:
    assert kinds(f"KAKAO_REST_API_KEY={HEX32}") == ["keyed-secret"]


# ------------------------------------------------------------ a binary database

def test_a_binary_database_is_read_for_credential_shapes_only(tmp_path: Path) -> None:
    rows = (f"session_key={UUID}\0apiKey={UUID}\0secret={MIXED}xY\0" + f"note {GHP}\0").encode()
    path = tmp_path / "memory.sqlite"
    path.write_bytes(b"SQLite format 3\0" + b"\0" * 84 + rows)
    found = TreeFile("memory.sqlite", path, read_text(path)).credentials
    assert [f.kind for f in found] == ["github-token"]


# ------------------------------------------------------------ CT601 on a tree

def _ct601(result_json: dict) -> list[dict]:  # type: ignore[type-arg]
    return [d for d in result_json["diagnostics"] if d["code"] == "CT601"]


def test_one_file_of_many_credentials_of_a_kind_says_so_once(tmp_path: Path) -> None:
    write_files(tmp_path, minimal_tree())
    tokens = "\n".join(f"- bot {n}: {GHP[:-2]}{n:02d}" for n in range(40))
    feed = json.dumps([{"cover": _signed("&")} for _ in range(528)])
    write_files(tmp_path, {"CONTEXT.md": f"# CONTEXT\n\n{tokens}\n",
                           "snapshots/feed.json": feed})
    result = check_json(tmp_path, "--no-git")
    found = _ct601(result.json)
    assert [d["path"] for d in found] == ["CONTEXT.md"] * 5
    assert "35 more of this kind in this file are not listed" in found[-1]["message"]
    assert GHP[:-2] not in result.out


def test_installed_packages_beside_the_memory_are_not_read(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")  # a root below the top: its folder is memory whole
    repo.commit("memory", {**{f"agent/{name}": text for name, text in minimal_tree().items()},
                           "agent/node_modules/pdfjs/README.md": f"_authToken={MIXED}\n",
                           # a skill's copy of a library (a public OpenClaw workspace's
                           # scripts/lib/vendor/, with Twitter's public web-client token)
                           "agent/skills/x/lib/vendor/client.js": f"'Bearer {MIXED}'\n",
                           # another project copied in whole (a workspace's third_party/)
                           "agent/third_party/gitleaks/README.md": f"DEPLOY_TOKEN={GHP}\n",
                           "agent/notes/deploy.txt": f"DEPLOY_TOKEN={GHP}\n"})
    found = _ct601(check_json(repo.path / "agent").json)
    assert [d["path"] for d in found] == ["notes/deploy.txt"]


def test_an_obsidian_plugins_published_files_are_not_read(tmp_path: Path) -> None:
    """Set 43: an OpenClaw workspace kept as an Obsidian vault commits its community plugins:
    the bundled ``main.js`` (node-forge building a PuTTY key file's header, a token assigned
    from a call), ``manifest.json`` and ``styles.css`` are the plugin's published release;
    its ``data.json`` is the user's settings and still read (the vault's REST API key)."""
    plugin = "agent/.obsidian/plugins/local-rest-api/"
    repo = GitRepo(tmp_path / "repo")
    repo.commit("vault", {**{f"agent/{name}": text for name, text in minimal_tree().items()},
                          plugin + "main.js": f'var sample={{token:"{GHP}"}};\n',
                          plugin + "manifest.json": json.dumps({"authToken": GHP}) + "\n",
                          plugin + "styles.css": f"/* token: {GHP} */\n",
                          "agent/.obsidian/themes/dark/theme.css": f"/* token: {GHP} */\n",
                          plugin + "data.json": json.dumps({"apiKey": GHP}) + "\n"})
    found = _ct601(check_json(repo.path / "agent").json)
    assert [d["path"] for d in found] == [".obsidian/plugins/local-rest-api/data.json"]


def test_a_child_root_of_no_convention_inside_a_workspace_is_read_once(tmp_path: Path) -> None:
    """Set 43: a workspace's `_ai/` (a MEMORY.md of no known convention, a root of its own)
    kept deployment notes holding a key beside its MEMORY.md: the workspace leaves a child
    root's folder to the child's check, and a root of no known convention reads only what it
    took for memory, so nobody read them. Now the child's CT601 reads its whole folder, as
    the workspace would: the key is found once, and a root of no convention outside any
    workspace still reads only its memory (the code beside an AGENTS.md is not memory)."""
    key = "sk-" + HEX32 + MIXED
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "agent/SOUL.md": "# Soul\n\nCalm.\n", "agent/AGENTS.md": "# Agents\n\nRead MEMORY.md.\n",
        "agent/HEARTBEAT.md": "# Heartbeat\n", "agent/USER.md": "# User\n\nSam.\n",
        "agent/MEMORY.md": "# Memory\n\n- relay set up\n",
        "agent/_ai/MEMORY.md": "# Shared memory\n\n- see the deployment notes\n",
        "agent/_ai/deploy-notes.md": f"# Deploy\n\n```sh\nexport RELAY_API_KEY={key}\n```\n",
        "tools/MEMORY.md": "# Tools\n\n- a helper\n",
        "tools/deploy-notes.md": f"# Deploy\n\nexport RELAY_API_KEY={key}\n"})
    result = check_json(repo.path)
    assert roots(result) == {"agent": "openclaw", "agent/_ai": None, "tools": None}, result.out
    assert [d["path"] for d in _ct601(result.json)] == ["agent/_ai/deploy-notes.md"], result.out
    assert key not in result.out


# ------------------------------------------------- agents' MCP configurations (fifth survey)

def _basic(user_password: str) -> str:
    import base64
    return "Basic " + base64.b64encode(user_password.encode()).decode()


def test_a_products_default_login_in_a_basic_header_is_no_credential() -> None:
    """A Gemini CLI settings.json of a public repository gives its local Liferay MCP server
    Liferay's documented default login (test@liferay.com, password "test") in a Basic header;
    a chosen password in the same header is still found."""
    header = '"headers": {"Authorization": "%s"}'
    assert kinds(header % _basic("test@liferay.com:test")) == []
    assert kinds(header % _basic("admin:admin")) == []
    assert kinds(header % _basic("deploy:" + MIXED)) == ["basic-auth"]


def test_a_flags_value_in_an_mcp_servers_args_is_found() -> None:
    """``"args": [..., "--api-key", "<key>"]``, one item a line as editors write JSON; a
    list item after no flag is no key's value."""
    listed = json.dumps({"args": ["-y", "server", "--api-key", MIXED]}, indent=2)
    assert kinds(listed) == ["keyed-secret"]
    assert kinds(json.dumps({"args": ["token", MIXED]})) == []


def test_a_services_prefixed_lower_case_key_under_its_name_is_found() -> None:
    """A key of lower-case letters and digits after a service's prefix (Cursor's ``key_`` and
    64 hex, Neon's ``napi_``) under a key's name; a name in words is not one."""
    assert kinds("MY_SERVICE_TOKEN=svc_" + "7f3a9c1e" * 5) == ["keyed-secret"]
    assert kinds("SESSION_TOKEN=build_releasecandidatenumberfive") == []


GOOGLE = "AIza" + "SyD3k5Lm7Np9Qr1St3Uv5Wx7Yz9Ab1Cd3Ef"


def test_a_google_key_a_web_page_ships_by_design_is_no_credential() -> None:
    """A Firebase web app's config and a variable the build puts in the browser's bundle hold
    keys Google documents as not secret; the same key for a server (Gemini) is found."""
    firebase = ("const firebaseConfig = {\n  apiKey: \"" + GOOGLE + "\",\n"
                "  authDomain: \"tide-tables.firebaseapp.com\",\n  projectId: \"tide-tables\",\n};")
    assert kinds(firebase) == []
    assert kinds("NEXT_PUBLIC_GOOGLE_MAPS_API_KEY=" + GOOGLE) == []
    assert kinds("VITE_FIREBASE_API_KEY: " + GOOGLE) == []
    assert kinds("GEMINI_API_KEY=" + GOOGLE) == ["google-key"]
    assert kinds(json.dumps({"env": {"GOOGLE_API_KEY": GOOGLE}})) == ["google-key"]

# ------------------------------------------------------------ set 10 of the conventions survey

OPENROUTER = "sk-or-" + "v1-" + HEX32 + HEX32


def test_a_fill_in_behind_a_versioned_provider_prefix_is_no_credential(tmp_path: Path) -> None:
    # a project's development guide, linked from the TODO.md beside it (a root of no known
    # convention): the environment it documents, with the provider's prefix before "your-key"
    repo = GitRepo(tmp_path / "repo")
    guide = ("# Development guide\n\n## Environment Variables\n\n```bash\n# Required\n"
             "OPENROUTER_API_KEY=sk-or-v1-your-key\nANTHROPIC_API_KEY=sk-ant-api03-your-key-here\n"
             "FLASK_ENV=development\n```\n")
    repo.commit("docs", {"CLAUDE.md": "# Guide\n\nRead docs/TODO.md.\n",
                         "docs/TODO.md": "# TODO\n\n- [ ] [set up](development-guide.md)\n",
                         "docs/development-guide.md": guide})
    result = check_json(repo.path)
    assert _ct601(result.json) == [], result.out
    assert result.code == 0
    # a key of that shape, written out, is still found
    repo.commit("a real key", {"docs/development-guide.md":
                               guide.replace("sk-or-v1-your-key", OPENROUTER)})
    found = _ct601(check_json(repo.path).json)
    assert [d["path"] for d in found] == ["docs/development-guide.md"]

# ------------------------------------------------------------ the seventh survey (OpenClaw skills)

def test_a_passphrase_fill_in_in_capitals_is_no_credential() -> None:
    """An exchange bot's skill (a public OpenClaw workspace's ``.agents/skills/``) shows its
    config file with fill-ins in capitals for each field, ``PASSPHRASE`` among them; a chosen
    passphrase in the same place is found."""
    config = ('[profiles.demo]\napi_key = "DEMO_API_KEY"\nsecret_key = "DEMO_SECRET_KEY"\n'
              'passphrase = "DEMO_PASS' + 'PHRASE"\n[profiles.live]\n'
              'passphrase = "PROD_PASS' + 'PHRASE"\n')
    assert kinds(config) == []
    assert kinds('passphrase = "' + MIXED + '"\n') == ["assigned-secret"]


def test_a_value_shortened_in_the_middle_is_no_credential() -> None:
    """A trading skill lists its example accounts as ``Secret: testsecret...xyz``: the first
    and last letters of a value, the rest left out; written out whole, it is found."""
    accounts = ("### Accounts\n- API Key: testkey" + "...abc\n- Secret: testsecret" + "...xyz\n"
                "- Testnet: true\n- Secret: futuressecret" + "…uvw\n")
    assert kinds(accounts) == []
    assert kinds("- Secret: " + MIXED + "\n") == ["keyed-secret"]


def test_an_apps_label_naming_the_password_is_no_credential() -> None:
    """A Flutter skill's localization reference (``"auth_forgotPassword": "Forgot
    Password?"``) holds an app's strings; a passphrase of plain words is still found, and a
    chosen password beside the labels too."""
    strings = json.dumps({"auth_login": "Log in", "auth_forgotPassword": "Forgot Password?",
                          "auth_confirmPassword": "Confirm your password",
                          "settings_apiKey": "API key settings"}, indent=2)
    assert kinds(strings) == []
    assert kinds('"wifi_password": "correct horse battery staple"') == ["assigned-secret"]
    assert kinds('"admin_password": "' + MIXED[:12] + '!"') == ["assigned-secret"]


def test_an_openclaw_workspaces_skill_examples_are_silent_and_its_keys_found(
        tmp_path: Path) -> None:
    """The three classes as the survey met them, in skills of an OpenClaw workspace committed
    whole, beside a script holding a live-looking key: only the key is reported."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "SOUL.md": "# Soul\n\nCalm.\n", "AGENTS.md": "# Agents\n\nRead MEMORY.md.\n",
        "HEARTBEAT.md": "# Heartbeat\n\n- check mail\n", "USER.md": "# User\n\nSam.\n",
        "MEMORY.md": "# Memory\n\n- trading bot set up\n",
        ".agents/skills/okx/SKILL.md": '```toml\npassphrase = "DEMO_PASS' + 'PHRASE"\n```\n',
        ".agents/skills/spot/SKILL.md": "- API Key: testkey" + "...abc\n- Secret: testsecret"
                                        + "...xyz\n",
        ".agents/skills/flutter/references/l10n.md":
            '```json\n{"auth_forgotPassword": "Forgot Password?"}\n```\n',
        "scripts/trade.sh": "#!/bin/sh\nAPI_SECRET=\"" + MIXED + "\"\n"})
    result = check_json(repo.path)
    assert [d["path"] for d in _ct601(result.json)] == ["scripts/trade.sh"], result.out
    assert MIXED not in result.out


# ------------------------------------------------------------ the ninth survey (issue 29)

def test_a_query_parameters_value_ends_at_the_next_parameter() -> None:
    """A WeCom API call in a setup log (``?access_token=ACCESS_TOKEN&department_id=1``) and a
    Confluence query in a PowerShell test (``?spaceKey=IPM&expand=version,space``): the value
    is the parameter's own, up to ``&``; a generated token there is still found."""
    log = ('curl "https://qyapi.weixin.qq.com/cgi-bin/user/list?access_token=ACCESS_' + 'TOKEN'
           '&department_id=1&fetch_child=1"\n')
    script = '$pagesUri = "$BaseUrl/content?spaceKey=IPM&limit=5&expand=version,space"\n'
    assert kinds(log) == []
    assert kinds(script) == []
    assert kinds('curl "https://api.example.org/v1?access_token=' + MIXED + '&page=2"\n') == \
        ["keyed-secret"]


def test_a_powershell_command_given_to_a_secrets_key_is_code() -> None:
    """``$accessToken = Get-AccessToken``: the script calls a function of its own for the
    token; a literal given to the same variable is still found."""
    script = "$accessToken = Get-Access" + "Token\nif (-not $accessToken) { exit 1 }\n" \
             "$password = Read-Host -AsSecureString\n"
    assert kinds(script) == []
    assert kinds('$accessToken = "' + MIXED + '"\n') != []


def test_a_value_counting_up_is_a_documentations_example() -> None:
    """Clawdbot's README shows a Telegram bot token as ``botToken: "123456:ABCDEF"``: each part
    counts up; a token of the real shape is found."""
    assert kinds('telegram: {\n  botToken: "123456:' + 'ABCDEF"\n}\n') == []
    assert kinds('botToken: "' + "6402" + "91357:" + MIXED[:12] + '"\n') != []


def test_a_password_given_to_a_login_call_is_found() -> None:
    """An email setup summary logs in with ``mail.login('me@…', '…')``: the password is the
    call's second argument, named by no key; a variable there is code, and a placeholder or a
    word is no password."""
    call = "mail.login('ops@acme-corp.io', '" + "Wk7%" + MIXED[:12] + "')\n"
    assert "login-password" in kinds(call)
    assert "login-password" not in kinds("mail.login(user, password)\n")
    assert "login-password" not in kinds("mail.login('me@acme-corp.io', 'your_password')\n")
    assert "login-password" not in kinds("ftp.login('anonymous', 'anonymous')\n")


def test_a_bearer_key_of_a_three_part_prefix_is_found() -> None:
    """AgentMail's keys (``am_us_`` and 64 lower-case letters and digits, or a scope's name
    before them) in a heartbeat script's ``Authorization: Bearer``; a snake_case name stays
    code."""
    body = "k3m9x2p7q1w8e4r6t0y5u2i9o3a7s1d5f"
    header = 'curl -H "Authorization: Bearer ' + "am_" + "us_" + "inbox_" + body[:31] + '"\n'
    assert kinds(header) == ["bearer-token"]
    assert kinds('curl -H "Authorization: Bearer get_user_by_id_and_role_name"\n') == []


def test_an_openclaw_workspaces_ninth_survey_classes(tmp_path: Path) -> None:
    """The classes as the ninth survey met them, in an OpenClaw workspace committed whole: the
    three look-alikes are silent, the login call's password and the bearer key are reported."""
    repo = GitRepo(tmp_path / "repo")
    key = "am_" + "us_" + "inbox_" + "k3m9x2p7q1w8e4r6t0y5u2i9o3a7s1d"
    password = "Wk7%" + MIXED[:12]
    repo.commit("workspace", {
        "SOUL.md": "# Soul\n\nCalm.\n", "AGENTS.md": "# Agents\n\nRead MEMORY.md.\n",
        "HEARTBEAT.md": "# Heartbeat\n\n- check mail\n", "USER.md": "# User\n\nSam.\n",
        "MEMORY.md": "# Memory\n\n- mail set up\n",
        "logs/wecom-setup.md": '```bash\ncurl "https://qyapi.weixin.qq.com/cgi-bin/user/list?'
                               'access_token=ACCESS_' + 'TOKEN&department_id=1&fetch_child=1"\n```\n',
        "scripts/transcripts.ps1": "$accessToken = Get-Access" + "Token\n",
        "README.md": '```json5\n{ channels: { telegram: { botToken: "123456:' + 'ABCDEF" } } }\n```\n',
        "logs/email-setup.md": "```python\nmail.login('ops@acme-corp.io', '" + password + "')\n```\n",
        "heartbeat_check.sh": '#!/bin/sh\ncurl -s "https://api.agentmail.to/v1/inboxes" \\\n'
                              '  -H "Authorization: Bearer ' + key + '"\n'})
    result = check_json(repo.path)
    assert sorted(d["path"] for d in _ct601(result.json)) == \
        ["heartbeat_check.sh", "logs/email-setup.md"], result.out
    assert password not in result.out and key not in result.out


def test_a_file_of_examples_holding_a_value_found_beside_it_is_reported(tmp_path: Path) -> None:
    """A project's ``.env.example`` copies the MySQL password its ``docker-compose.yml`` gives
    (the ninth survey): the example gives the secret away too. An example's own value, found
    nowhere else, is still what to fill in."""
    password = MIXED[:6] + "Tq" + MIXED[8:12]
    other = "Zr4" + MIXED[3:12]
    compose = ("services:\n  db:\n    image: mysql:8\n    environment:\n"
               "      MYSQL_USER: 'user'\n      MYSQL_PASSWORD: '" + password + "'\n")
    repo = GitRepo(tmp_path / "repo")
    repo.commit("app", {
        "SOUL.md": "# Soul\n\nCalm.\n", "AGENTS.md": "# Agents\n\nRead MEMORY.md.\n",
        "HEARTBEAT.md": "# Heartbeat\n\n- check the db\n", "USER.md": "# User\n\nSam.\n",
        "MEMORY.md": "# Memory\n\n- database set up\n",
        "docker-compose.yml": compose,
        ".env.example": "MYSQL_HOST=localhost\nMYSQL_PASSWORD=" + password + "\n",
        "api/.env.example": "SESSION_SECRET=" + other + "!x\n"})
    result = check_json(repo.path)
    assert sorted(d["path"] for d in _ct601(result.json)) == \
        [".env.example", "docker-compose.yml"], result.out
    assert password not in result.out


def test_a_file_of_examples_copying_a_variables_default_is_reported(tmp_path: Path) -> None:
    """Set 40 (issue 30): a Spec Kit project's ``docker-compose.yml`` gives its database
    password as a variable's default (``${POSTGRES_PASSWORD:-…}``) and its ``.env.example``
    copies the default bare; the compose file was reported, the example not (the value
    compared was the whole ``${…}``). An example's value found nowhere else is still what to
    fill in."""
    password = "quiet" + "bird" + "482"
    compose = ("services:\n  db:\n    image: postgres:16\n    environment:\n"
               "      POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:-" + password + "}\n")
    repo = GitRepo(tmp_path / "repo")
    repo.commit("app", {
        "SOUL.md": "# Soul\n\nCalm.\n", "AGENTS.md": "# Agents\n\nRead MEMORY.md.\n",
        "HEARTBEAT.md": "# Heartbeat\n\n- check the db\n", "MEMORY.md": "# Memory\n\n- db up\n",
        "docker-compose.yml": compose,
        ".env.example": "POSTGRES_HOST=localhost\nPOSTGRES_PASSWORD=" + password + "\n",
        "api/.env.example": "POSTGRES_PASSWORD=amber" + "fox" + "913\n"})
    result = check_json(repo.path)
    assert sorted(d["path"] for d in _ct601(result.json)) == \
        [".env.example", "docker-compose.yml"], result.out
    assert password not in result.out


# ------------------------------------------------------------ the tenth survey's classes

WHSEC = "whsec_" + "Kq7TzR2m" + "Vx9LpB4n" + "Hc6WdF8s" + "Jy3GtN5a"


def test_an_ethereum_address_under_a_tokens_name_is_public() -> None:
    """A swap page's ``NATIVE_TOKEN = '0xEeee…EEeE'`` (1inch's stand-in for the native coin) and
    any contract's address (``0x`` and 40 hex digits) are written into every transaction; a
    private key (64 hex digits) under a key's name is still found."""
    address = "0x" + "EeeeeEeeeEeEeeEeEeEe" + "eEEEeeeeEeeeeeeeEEeE"
    assert kinds("const NATIVE_TOKEN = '" + address + "';\n") == []
    assert kinds("USDC_TOKEN=0x" + "A0b86991c6218b36c1d1" + "9D4a2e9Eb0cE3606eB48\n") == []
    private = "0x" + "4c0883a69102937d6231" + "471b5dbb6204fe512961" + "7082" + HEX32[:20]
    assert kinds("PRIVATE_KEY=" + private + "\n") != []


def test_code_reading_a_secrets_variable_is_no_credential() -> None:
    """``const encryptedPassphrase = passphrase ? this.encrypt(passphrase) : undefined`` and
    ``hasApiKey: !!this.apiKey`` (an exchange client's code): the value is a variable read,
    once negated twice; a literal there is still found."""
    assert kinds("const encryptedPassphrase = passphrase ? this.encrypt(passphrase) : x;\n") == []
    assert kinds("logger.info('ready', {\n  hasApiKey: !!this.apiKey\n});\n") == []
    assert kinds("const passphrase = '" + MIXED + "';\n") != []


def test_a_fill_in_of_words_in_capitals_is_no_credential() -> None:
    """A setup guide in Portuguese: ``BTCPAY_WEBHOOK_SECRET=JA_GERADO_NO_PASSO_ANTERIOR``
    ("already made in the step before"): words in capitals joined by ``_``; a generated value
    in capitals with digits is still found."""
    assert kinds("BTCPAY_WEBHOOK_SECRET=JA_GERADO_NO_" + "PASSO_ANTERIOR\n") == []
    assert kinds("WEBHOOK_SECRET=" + "K7Q2T4V6X8Z0B3D5F7H9" + "\n") != []


def test_a_demo_password_with_the_top_rows_marks_is_no_credential() -> None:
    """A testing skill's fixture user: ``password: "Test123!@#"`` (a demo word, digits counting
    up, the marks above them); a chosen password is still found."""
    assert kinds('const user = await createTestUser({\n  password: "Test' + '123!@#",\n});\n') == []
    assert kinds('password: "' + "Wk7%" + MIXED[:12] + '"\n') != []


def test_a_providers_key_cut_short_is_no_credential() -> None:
    """A launch report lists ``STRIPE_SECRET_KEY=sk_live_51…...``: the author wrote the key's
    start and ``...``; the rest is not there. The webhook secret written out below it is
    found, and a whole key too."""
    cut = "sk_" + "live_" + "51Qx9TzR2mVx9Lp" + "..."
    assert kinds("STRIPE_SECRET_KEY=" + cut + "\n") == []
    assert kinds("STRIPE_SECRET_KEY=" + cut + "\nSTRIPE_WEBHOOK_SECRET=" + WHSEC + "\n") == \
        ["stripe-webhook-secret"]
    assert "stripe-key" in kinds("key: " + STRIPE_TEST + "\n")


def test_an_openclaw_workspaces_tenth_survey_classes(tmp_path: Path) -> None:
    """The classes as the tenth survey met them, in a project kept as an OpenClaw workspace:
    the look-alikes in its code, guides and skills are silent; the webhook secret in its
    report and the DingTalk secret in a skill are reported."""
    repo = GitRepo(tmp_path / "repo")
    ding = "FrQ" + MIXED + "-" + MIXED[::-1] + "_Xn7"
    repo.commit("workspace", {
        "SOUL.md": "# Soul\n\nCalm.\n", "AGENTS.md": "# Agents\n\nRead MEMORY.md.\n",
        "HEARTBEAT.md": "# Heartbeat\n\n- check payments\n", "USER.md": "# User\n\nSam.\n",
        "MEMORY.md": "# Memory\n\n- launch checked\n", "openclaw.json": "{}\n",
        "src/swap/route.ts": "const NATIVE_TOKEN = '0x" + "EeeeeEeeeEeEeeEeEeEe"
                             "eEEEeeeeEeeeeeeeEEeE';\n",
        "src/security.ts": "const encryptedPassphrase = passphrase ? enc(passphrase) : undefined;\n"
                           "log({ hasApiKey: !!this.apiKey });\n",
        "BTCPAY_SETUP.md": "```env\nBTCPAY_WEBHOOK_SECRET=JA_GERADO_NO_" + "PASSO_ANTERIOR\n```\n",
        "skills/e2e/SKILL.md": '```ts\nconst user = await createTestUser({ password: "Test'
                               '123!@#" });\n```\n',
        "REPORT.md": "```\nSTRIPE_SECRET_KEY=sk_" + "live_" + "51Qx9TzR2mVx9Lp...\n"
                     "STRIPE_WEBHOOK_SECRET=" + WHSEC + "\n```\n",
        "skills/dingtalk/SKILL.md": '```json\n{ "clientSecret": "' + ding + '",\n'
                                    '  "robotCode": "your_robot_code" }\n```\n'})
    result = check_json(repo.path)
    assert sorted(d["path"] for d in _ct601(result.json)) == \
        ["REPORT.md", "skills/dingtalk/SKILL.md"], result.out
    assert WHSEC not in result.out and ding not in result.out


# ------------------------------------------------------------ the eleventh survey's classes

def test_a_keyboard_rows_demo_password_is_no_credential() -> None:
    """A project spec's seed users, one password for all: a keyboard's row typed from its
    start, capitalised, four digits and a mark (``Asdf…``, nine characters), as ``qwerty``
    and ``admin123`` are demo passwords; a chosen password is still found."""
    for walk in ("Asdfg" + "2468#", "asdf" + "97", "Zxcv" + "5310!", "Qwerty" + "86."):
        assert kinds("4. Password: " + walk + "\n") == [], walk
    assert kinds("4. Password: " + "Asdf" + "7Kq2!" + MIXED[:6] + "\n") != []


def test_a_providers_key_cut_short_without_a_mark_is_no_credential() -> None:
    """``.env.local`` after "Update .env.local security": the author cut each value short,
    ``FIGMA_API_KEY=figd_`` and 13 characters of its 40. What is left opens a provider's key
    and could not be one: no key. The whole key is found, and a value its provider's shape
    does not take is still judged as a generated value (as is a stub whose part after the
    prefix is 16 characters or more)."""
    whole = "figd_" + MIXED + "Kq7TzR2m" + "Vx9LpB4n"
    assert kinds("FIGMA_API_KEY=" + whole[:18] + "\n") == []
    assert "figma-token" in kinds("FIGMA_API_KEY=" + whole + "\n")
    assert kinds("FIGMA_API_KEY=" + whole + "!" + MIXED + "\n") != []
    assert kinds("FIGMA_API_KEY=" + whole[:21] + "\n") != []


def test_a_projects_eleventh_survey_classes(tmp_path: Path) -> None:
    """The classes as the eleventh survey met them: a Cursor rules file's seed users and a
    committed ``.env.local`` whose keys were cut short are silent (and the rules file's
    history too: CT605); an MCP config's GitHub token beside them is reported."""
    repo = GitRepo(tmp_path / "repo")
    spec = ("# Rules\n\n## Seed\n\n1. Super Admin\n    1. Email: admin@example.com\n"
            "    2. Password: Asdfg" + "2468#\n")
    repo.commit("rules", {".cursorrules": spec,
                          ".cursor/rules/app.mdc": "---\nalwaysApply: true\n---\n# App\n"})
    repo.commit("security", {
        ".cursorrules": spec + "\n## Stack\n\n- Next.js\n",
        ".env.local": "FIGMA_API_KEY=figd_" + MIXED[:13] + "\nBAIDU_SECRET_KEY=Be\n",
        ".cursor/mcp.json": json.dumps({"mcpServers": {"github": {
            "command": "npx", "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": GHP}}}}) + "\n"})
    found, out = secret_findings(repo)
    # committed, it stays in the history too (CT605 reads the agent state files' versions)
    assert found == [("CT601", ".cursor/mcp.json"), ("CT605", ".cursor/mcp.json")], out
    assert GHP not in out


def test_a_templates_made_up_values_are_no_credentials(tmp_path: Path) -> None:
    """Set 16's classes (issue 30): a Kiro template's ``.env`` and ``.env.example`` hold values
    written to pass a length check or to show a shape, not secrets: a sentence about the
    length with a number after it, a provider's prefix before ``dummy`` and words, a
    commented example counting ``0123456789abcdef`` over, ``sk-`` and the alphabet counted
    out, ``YourStrongPassword!`` and digits; a Claude agent memory's note names the file
    ``.env.local`` after ``AUTH_SECRET:``. A generated value in the same file is still found,
    once in each file that holds it."""
    generated = HEX32 + HEX32[::-1]
    counted = "0123456789" + "ABCDEFGHIJKLMNOPQRSTUVWXYZ" + "abcdefghijkl"
    env = ("JWT_SECRET=session-secret-with-48-chars-minimum-length-needed-" + "975310\n"
           "CSRF_SECRET=csrf-token-with-48-chars-minimum-length-needed-" + "975310\n"
           "# Example token format (replace with your actual token):\n"
           "# SEMGREP_APP_TOKEN=sgt_" + "123456789abcdef0" * 4 + "\n"
           "FIGMA_PERSONAL_ACCESS_TOKEN=figd_" + "dummy-figma-token-for-tests-" + "975310\n"
           "OPENAI_API_KEY=sk-" + counted + "\n"
           "POSTGRES_PASSWORD=Your" + "SecurePassword!" + "97531\n")
    repo = GitRepo(tmp_path / "repo")
    repo.commit("template", {
        "CLAUDE.md": "# Project\n\nRead the steering files.\n",
        ".kiro/steering/structure.md": "# Structure\n\n- src/\n",
        ".env": env, ".env.example": env,
        ".claude/agent-memory/bug-hunter/MEMORY.md": "# Memory\n\n- [Proxy bug](proxy-bug.md)\n",
        ".claude/agent-memory/bug-hunter/proxy-bug.md":
            "# Proxy bug\n\n**Fix needed (for the coder):** In `src/proxy.ts`, change the admin "
            "config's `requiredRole` to a check using `ADMIN_ROLES` from `@/lib/rbac/roles`: the "
            "check must become `!ADMIN_ROLES.includes(token.role)` instead of "
            "`token.role !== cfg.requiredRole`.\n\n"
            "**NEXTAUTH_SECRET vs AUTH_SECRET:** .env.local has two different values; proxy.ts "
            "reads AUTH_SECRET.\n"})
    result = check_json(repo.path)
    assert _ct601(result.json) == [], result.out
    assert not [d for d in result.json["diagnostics"] if d["code"] == "CT605"], result.out
    repo.commit("a real one", {".env": env + "JWT_REFRESH_SECRET=" + generated + "\n",
                               ".env.example": env + "JWT_REFRESH_SECRET=" + generated + "\n"})
    result = check_json(repo.path)
    assert sorted(d["path"] for d in _ct601(result.json)) == [".env", ".env.example"], result.out
    assert generated not in result.out


def test_a_shell_default_and_an_opencode_substitution_are_no_credentials(tmp_path: Path) -> None:
    """Set 18's classes (issue 30): a table of connection settings gives the password as a
    shell expansion with a default (``${PGPASSWORD:-postgres}``), committed twice; opencode's
    configuration names a key by substitution (``tavilyApiKey={env:TAVILY_API_KEY}``). Neither
    is a value: no CT601 now, no CT605 for the history. A generated value given as the
    expansion's default, or after a substitution, is still found."""
    generated = HEX32 + HEX32[::-1]
    table = ("# Tasks\n\n| setting | local | CI |\n|---|---|---|\n"
             "| user | `postgres` | `${PGUSER:-postgres}` |\n"
             "| password | `postgres` | `${PGPASSWORD:-postgres}` (never commit) |\n")
    opencode = ('{\n  "mcp": {\n    "tavily": {\n      "type": "remote",\n'
                '      "url": "https://mcp.example.invalid/mcp/?tavilyApiKey={env:TAVILY_API_KEY}",\n'
                '      "apiKey": "{file:~/.secrets/tavily}"\n    }\n  }\n}\n')
    repo = GitRepo(tmp_path / "repo")
    repo.commit("tasks", {"CLAUDE.md": "# Project\n\nSee TASKS.md.\n", "TASKS.md": table,
                          "opencode.json": opencode})
    repo.commit("again", {"TASKS.md": table + "\n- [ ] wire the runner\n"})
    result = check_json(repo.path)
    assert [d for d in result.json["diagnostics"] if d["code"] in ("CT601", "CT605")] == [], \
        result.out
    repo.commit("real ones", {
        "TASKS.md": table + "| key | - | `${API_SECRET:-" + generated + "}` |\n",
        "opencode.json": opencode.replace("{file:~/.secrets/tavily}", "{env:X}" + generated)})
    result = check_json(repo.path)
    assert sorted(d["path"] for d in _ct601(result.json)) == ["TASKS.md", "opencode.json"], \
        result.out
    assert generated not in result.out


def _jwt(claims: dict[str, object]) -> str:
    def part(value: dict[str, object]) -> str:
        return base64.urlsafe_b64encode(json.dumps(value).encode()).decode().rstrip("=")
    return part({"alg": "RS256", "typ": "JWT"}) + "." + part(claims) + "." + MIXED + MIXED


TURNSTILE_SITE = "1x" + "0" * 20 + "AA"  # Cloudflare's documented always-passes test keys
TURNSTILE_SECRET = "1x" + "0" * 31 + "AA"


def test_a_documented_test_key_of_one_character_repeated_is_no_credential() -> None:
    """Cloudflare Turnstile's always-passes keys (``1x``, twenty or thirty-one zeros, ``AA``),
    as a GSD plan writes them under a secret's name: one character sixteen times in a row is
    no machine's output. A generated value beside them, a real key's shape of Turnstile's
    (``0x4AAAAAAAA…``: eight of one letter), is still found."""
    plan = ("- name: TURNSTILE_SECRET_KEY\n  source: \"Cloudflare Dashboard; TEST key "
            + TURNSTILE_SECRET + " for Preview\"\n"
            "const TURNSTILE_SITE_KEY = \"" + TURNSTILE_SITE + "\";\n"
            "- Always-passes site key: `" + TURNSTILE_SITE + "` / secret: `" + TURNSTILE_SECRET + "`\n")
    assert kinds(plan) == []
    assert kinds("TURNSTILE_SECRET_KEY=0x4AAAAAAAA" + MIXED + "\n") == ["keyed-secret"]
    assert kinds("PASSWORD=" + "a" * 8 + MIXED + "\n") == ["keyed-secret"]


def test_a_placeholder_tag_where_the_value_goes_is_no_credential() -> None:
    """``secret=<env> response=valid-token``: a plan's request body with a placeholder in angle
    brackets. The reader's view drops it as an HTML tag, and the next word read as the
    secret's value; the page (a code span) shows the placeholder. A value inside a tag's
    element, or under a bold key, is still read."""
    plan = ("# Plan\n\nRead A &amp; B first.\n\n- `verify(\"valid-token\")` POSTs with body "
            "`secret=<env> response=valid-token remoteip=1.2.3.4` and resolves\n")
    assert kinds(plan) == []
    assert kinds(plan + "- **password**: Zq8vN2pL5xR7\n") == ["assigned-secret"]
    assert kinds(plan + "password=<b>Zq8vN2pL5xR7</b>\n") == ["assigned-secret"]


def test_an_expired_json_web_token_is_no_credential() -> None:
    """A Google sign-in's ID token (good for an hour) kept in a link of a scraped RSS page
    since 2021: its ``exp`` has passed, it grants nothing. One with a later ``exp``, or none
    (a service key), is still found."""
    claims = {"iss": "https://accounts.example.com", "aud": "client", "sub": "1098765",
              "iat": 1609542350}
    expired = _jwt({**claims, "exp": 1609545950})
    later = _jwt({**claims, "exp": 4102444800})
    never = _jwt({"iss": "service", "role": "service_role"})
    page = '<a href="https://blog.example.com/post#id_token={}&amp;state=x">post</a>\n'
    assert kinds(page.format(expired)) == []
    assert kinds(page.format(later)) != []
    assert kinds(page.format(never)) != []
    assert kinds("ID_TOKEN=" + later + "\n") != [] and kinds("ID_TOKEN=" + expired + "\n") == []


def test_a_projects_twelfth_survey_classes(tmp_path: Path) -> None:
    """The classes as the twelfth survey met them, in a real git repository: a GSD plan's
    Turnstile test keys and its request body's ``<env>`` placeholder, an expired ID token in
    a scraped page of an OpenClaw workspace's corpus, all silent (CT601 and CT605); an
    e-mail skill's committed ``.env`` beside them is reported."""
    repo = GitRepo(tmp_path / "repo")
    claims = {"iss": "https://accounts.example.com", "aud": "client", "exp": 1609545950}
    repo.commit("plan", {
        "AGENTS.md": "# Agent\n\nRead MEMORY.md.\n",
        "MEMORY.md": "# Memory\n\n- corpus kept in corpus/\n",
        "SOUL.md": "# Soul\n",
        ".planning/STATE.md": "# State\n\nPhase 3.\n",
        ".planning/phases/03/03-05-PLAN.md":
            "# Plan\n\nRead A &amp; B.\n\n- TURNSTILE_SECRET_KEY: TEST key " + TURNSTILE_SECRET
            + "\n- body `secret=<env> response=valid-token remoteip=1.2.3.4`\n",
        "corpus/log/rss-page-5.xml":
            '<a href="https://blog.example.com/p#id_token=' + _jwt(claims) + '">p</a>\n'})
    assert_no_secret_found(repo)
    repo.commit("skill", {"skills/imap-smtp-email/.env": "IMAP_USER=me@example.com\n"
                                                         "IMAP_PASS=Zq8vN2pL5xR7wK3m\n"})
    found, out = secret_findings(repo)
    assert found == [("CT601", "skills/imap-smtp-email/.env"),
                     ("CT605", "skills/imap-smtp-email/.env")], out


def test_a_password_under_its_key_in_another_language_is_found(tmp_path: Path) -> None:
    """An OpenClaw memory kept in its owner's language: ``- Senha: …`` under an institution's
    e-mail (Portuguese), ``Contraseña``, ``Passwort``, ``Kennwort``. Found as ``password`` is;
    the same languages' fill-ins (``sua_senha_aqui``, ``tu_contraseña``), prose and
    references stay silent."""
    password = "@Xyzw" + "Abcd" + "8361"
    for line in ("  - Senha: " + password, "- Senha: `" + password + "`",
                 "Contraseña: " + password, "Passwort: " + password, "KENNWORT=" + password):
        assert kinds(line + "\n") == ["assigned-secret"], line
    for line in ("SENHA=sua_senha_aqui", "contraseña: tu_contraseña", "Passwort: dein-passwort",
                 "- Senha: a mesma do e-mail", "- senha: <sua senha>", "SENHA=${DB_SENHA}",
                 "DB_PASSWORD=senha_do_banco_aqui"):
        assert kinds(line + "\n") == [], line
    repo = GitRepo(tmp_path / "repo")
    repo.commit("memory", {
        "AGENTS.md": "# Agent\n\nRead MEMORY.md.\n", "SOUL.md": "# Soul\n",
        "MEMORY.md": "# Memory\n\n## Institutional Access\n- **Library:**\n"
                     "  - E-mail: someone@example.edu\n  - Senha: " + password + "\n"})
    found, out = secret_findings(repo)
    assert found == [("CT601", "MEMORY.md"), ("CT605", "MEMORY.md")], out
    assert password not in out


def test_a_templates_variable_between_percent_signs_is_no_credential() -> None:
    """A FortiGate backup's replacement message (``Password=%%PASSWORD%%``) and a batch
    file's ``%DB_PASSWORD%`` name the value that goes there; a value after a percent sign,
    or holding them, is still read."""
    assert kinds('    set buffer "UserID=%%USERID%%\nPassword=%%PASSWORD%%\n'
                 'Expires=%%EXPIRE%%"\n') == []
    assert kinds("set PASSWORD=%DB_PASSWORD%\n") == []
    assert kinds("Password=%%Zq8vN2pL5xR7\n") == ["assigned-secret"]
    assert kinds("password: Zq8v%N2pL5xR7%\n") == ["assigned-secret"]


def test_a_demo_password_in_emphasis_and_a_wifi_mode_are_no_credentials() -> None:
    """What the key words in other languages met on earlier surveys' clones: a seeding
    guide's local default, ``a senha: **`Password123!`**`` (a demo password, as it is without
    the marks), and a router plan's ``**Senha:** WPA2-PSK (mínimo 12 caracteres)``, the
    kind of password the network takes. A generated value in the same marks is still read."""
    demo = "Password" + "123!"
    assert kinds("Todos os usuários utilizam a senha: **`" + demo + "`**\n") == []
    assert kinds("All users use the password: **`" + demo + "`**\n") == []
    assert kinds("Read A &amp; B.\n- **Senha:** WPA2-PSK (mínimo 12 caracteres)\n") == []
    assert kinds("password: WPA2-PSK\n") == []
    assert kinds("password: **`Zq8vN2pL5xR7`**\n") == ["assigned-secret"]


def test_a_function_named_in_a_code_span_is_no_credential(tmp_path: Path) -> None:
    """The thirteenth survey's class: an audit in an agent's docs lists how users sign in,
    ``- Email/password: `signUp` and `signInWithPassword` in AuthContext.js.``: the key word
    labels a way to sign in, the code span names a function, prose follows. Silent (CT601 and
    CT605); a generated value in a code span, or the same code span with no prose after it,
    is still read, and a committed password beside the audit is reported."""
    line = "- Email/password: `signUp` and `signInWithPassword` in AuthContext.js.\n"
    assert kinds(line) == []
    assert kinds("- Email/password: `Zq8vN2pL5xR7` and the admin's in AuthContext.js.\n") == \
        ["assigned-secret"]
    assert kinds("password: `signUp`\n") == ["assigned-secret"]
    repo = GitRepo(tmp_path / "repo")
    repo.commit("audit", {"AGENTS.md": "# Agent\n\nRead MEMORY.md.\n", "SOUL.md": "# Soul\n",
                          "MEMORY.md": "# Audit\n\n### Sprint A (Auth)\n" + line})
    assert_no_secret_found(repo)
    repo.commit("env", {"MEMORY.md": "# Audit\n\n" + line + "- DB_PASSWORD=Zq8vN2pL5xR7\n"})
    found, out = secret_findings(repo)
    assert found == [("CT601", "MEMORY.md"), ("CT605", "MEMORY.md")], out


def test_code_and_words_where_a_value_goes_are_no_credentials() -> None:
    """The fourteenth survey's classes, from skills installed in an OpenClaw workspace: code
    where a value would be (Rust's ``pub xai_api_key: Option<String>,`` and ``std::env::var``,
    PowerShell's ``$env:``, a prompt's text closed and code after it), words where a generated
    value goes (a security policy's ``access_token: "memory only (never localStorage)"``), and
    fill-ins in words (``your-key-from-aistudio.google.com``, ``a-secure-password-8chars-min``,
    ``Set GOOGLE_API_KEY, …``, a guide's ``user_password_123!``). The same keys holding a
    generated value are still read."""
    silent = [
        "pub struct Config {\n    pub xai_api_key: Option<String>,\n}\n",
        '        let bearer_token = std::env::var("X_BEARER_TOKEN").ok();\n',
        "param(\n    [string]$ApiKey = $env:EVOLINK_API_KEY,\n)\n",
        "const clientSecret = (await rlQuestion(rl, 'WHOOP Client Secret: ')).trim();\n",
        'storage:\n    access_token: "memory only (never localStorage)"\n'
        '    refresh_token: "httpOnly secure cookie"\n',
        'example: "export GOOGLE_API_KEY=your-key-from-aistudio.google.com"\n',
        '{\n  "username": "my_agent_name",\n  "password": "a-secure-password-8chars-min"\n}\n',
        '"api_key": "Set GOOGLE_API_KEY, GEMINI_API_KEY, or GEMINI_DEEP_RESEARCH_API_KEY",\n',
        '# During registration\npassword = "user_password_123!"\n',
    ]
    for text in silent:
        assert kinds(text) == [], text
    assert kinds("pub xai_api_key: " + MIXED + ",\n") != []
    assert kinds('access_token: "' + MIXED + '"\n') != []
    assert kinds('password = "' + MIXED[:12] + '"\n') != []
    assert kinds("export GOOGLE_API_KEY=" + MIXED + "\n") != []


def test_a_workspaces_skills_fourteenth_survey_classes(tmp_path: Path) -> None:
    """The classes as the fourteenth survey met them, in a real git repository: an OpenClaw
    workspace committed whole with skills installed in it, their code and guides silent
    (CT601 and CT605); a key the agent wrote into its memory beside them is reported."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "AGENTS.md": "# Agent\n\nRead MEMORY.md.\n", "SOUL.md": "# Soul\n",
        "HEARTBEAT.md": "# Heartbeat\n", "USER.md": "# User\n",
        "MEMORY.md": "# Memory\n\n- skills installed in skills/\n",
        "skills/xint/src/config.rs":
            "pub struct Config {\n    pub bearer_token: Option<String>,\n}\n"
            "fn load() {\n    let xai_api_key = std::env::var(\"XAI_API_KEY\").ok();\n}\n",
        "skills/image/references/powershell.md":
            "```powershell\nparam(\n    [string]$ApiKey = $env:EVOLINK_API_KEY,\n)\n```\n",
        "skills/whoop/src/setup.js":
            "const refreshToken = (await rlQuestion(rl, 'refresh_token: ')).trim();\n",
        "skills/security/SKILL.md":
            "# Security\n\n```yaml\nstorage:\n    access_token: \"memory only (never localStorage)\"\n"
            "    refresh_token: \"httpOnly secure cookie\"\n```\n\n```python\n"
            "password = \"user_password_123!\"\n```\n",
        "skills/research/SKILL.md":
            "# Research\n\nexample: \"export GOOGLE_API_KEY=your-key-from-aistudio.google.com\"\n",
        "skills/negotiate/negotiate.md":
            "```json\n{\n  \"username\": \"my_agent_name\",\n"
            "  \"password\": \"a-secure-password-8chars-min\"\n}\n```\n"})
    _silent_then_a_key_found(repo, "memory/2026-02-05.md", "# Day\n\n- **API Key:** ")


def _silent_then_a_key_found(repo: GitRepo, path: str, before_key: str) -> None:
    """No CT601 or CT605 on what ``repo`` holds; then a key committed at ``path`` (after
    ``before_key``) is the one finding."""
    assert_no_secret_found(repo)
    repo.commit("key", {path: before_key + MIXED + "\n"})
    found, out = secret_findings(repo)
    assert found == [("CT601", path)], out


# Fifteenth survey: a Feishu Bitable base's app_token (an id), CSS selectors and rules.
BITABLE_ID = "Qw3rTyUi0pAsDf7hJkLzXcVbN9m"  # made up: 27 letters and digits, a base's id


@pytest.mark.parametrize("text", [
    "### 飞书多维表格\n- app_token: " + BITABLE_ID + "\n- 客户主表: tblAb3Cd4Ef5Gh6Ij7\n",
    'bitable_info={\n    "app_token": "' + BITABLE_ID + '",\n    "table_id": "tblAb3Cd4Ef5Gh6Ij7",\n}\n',
    'FEISHU_APP_TOKEN = os.getenv("FEISHU_APP_TOKEN", "' + BITABLE_ID + '")\n',
    "LOGIN_PASSWORD: '[data-testid=\"password\"]',\n",
    '.codicon-gist-secret:before{content:"\\ea7a"}.codicon-gist:before{content:"x"}\n',
])
def test_bitable_ids_and_css_are_no_secrets(text: str) -> None:
    """A Bitable base's ``app_token`` is its id (the part of its URL after ``/base/``); an
    end-to-end test's selector and a style sheet's rule hold the key words, not secrets."""
    assert kinds(text) == []


@pytest.mark.parametrize("text", [
    "app_token: " + BITABLE_ID + "\n",  # no Bitable beside it: still a token
    'FEISHU_APP_SECRET = os.getenv("FEISHU_APP_SECRET", "' + BITABLE_ID + '")\n',
    "LOGIN_PASSWORD: 'Xk9#mQ2$vL7pW4zR',\n",
])
def test_tokens_and_passwords_beside_them_stay_found(text: str) -> None:
    assert kinds(text) != []


def test_fifteenth_survey_classes_in_a_repository(tmp_path: Path) -> None:
    """The classes as the fifteenth survey met them, in a real git repository: a trade
    workspace's notes naming its Bitable base, a test's selectors, silent (CT601, CT605); a
    key written into the notes beside them is reported."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "AGENTS.md": "# Agent\n\nRead MEMORY.md.\n", "SOUL.md": "# Soul\n",
        "MEMORY.md": "# Memory\n\n- contacts in the Bitable base\n",
        "memory/2026-03-24.md": "# Day\n\n- 飞书多维表格建表\n  - app_token: " + BITABLE_ID + "\n",
        "src/utils.py": 'FEISHU_APP_TOKEN = os.getenv("FEISHU_APP_TOKEN", "' + BITABLE_ID + '")\n',
        "tests/e2e/login.spec.ts": "const S = {\n  LOGIN_PASSWORD: '[data-testid=\"password\"]',\n};\n"})
    _silent_then_a_key_found(repo, "memory/2026-03-25.md", "# Day\n\n- **API Key**: ")


# Seventeenth survey: a bold label whose emphasis closes after its colon (``- **Password:**
# …``), a key's name qualified in brackets (``**Private Key (Base58):** `…```), an API key of
# lower-case letters and digits.
BASE58_KEY = "4Xk9Zq3LmPw7Rt2Yb8Nc5Vd6" + "Hs1Jg4Kf9Qa3We7Ub2Ep5Gr8"  # made up: 48 base58 characters
CHOSEN = "Kest7rel" + "!x"  # made up: a chosen password of ten characters
LOWER_KEY = "qxr4tm8kzw2h" + "pl7nvy3bfd5cj"  # made up: 25 lower-case letters and digits


@pytest.mark.parametrize("text", [
    "### Instagram\n- **Handle:** @gym\n- **Password:** " + CHOSEN + "\n",
    "- __Password:__ " + CHOSEN + "\n",
    "## Wallet\n\n**Private Key (Base58):** `" + BASE58_KEY + "`\n",
    "- API key (production): " + BASE58_KEY + "\n",
    "## Booking\n\n**API Key:** `" + LOWER_KEY + "`  \n**Requested:** Feb 5\n",
    "WODIFY_API_KEY=" + LOWER_KEY + "\n",
])
def test_a_bold_labels_password_and_a_qualified_keys_value_are_found(text: str) -> None:
    """The reader sees ``Password: …`` whatever the file holds elsewhere (it was found only
    when some other line of the file had markup inside a word), a key's name may carry a
    qualifier in brackets before its colon, and under an API key's name lower-case letters
    and digits drawn in many runs are a key."""
    assert kinds(text) != []


@pytest.mark.parametrize("text", [
    "**Public Key (Base58):** `" + BASE58_KEY + "`\n",  # the public half: named so
    "- **Password:** (see the vault)\n",
    "**Pass:** 5/5 checks passed\n",
    "- key (optional): string\n",
    "token (see docs): the one you were given\n",
    "- **API Key:** `project2025release`\n",  # a slug with a year: two runs of letters
    "- **API Key:** `abcd1234abcd1234abcd1234`\n",  # made up: repeated
    "- cache_key: " + LOWER_KEY + "\n",  # no API key's name: lower case alone is not enough
    "- token: " + LOWER_KEY + "\n",
])
def test_a_public_key_and_words_under_such_labels_are_no_credentials(text: str) -> None:
    assert kinds(text) == []


def test_seventeenth_survey_classes_in_a_repository(tmp_path: Path) -> None:
    """The classes as the seventeenth survey met them, in a real git repository: an OpenClaw
    workspace's daily note holding a password under a bold label, alone in a file with no
    other markup, a wallet's note holding its private key under a qualified name, and an
    integration's status holding a lower-case API key; all found (CT601), the wallet's
    public key beside them not."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "AGENTS.md": "# Agent\n\nRead MEMORY.md.\n", "SOUL.md": "# Soul\n",
        "HEARTBEAT.md": "# Heartbeat\n", "USER.md": "# User\n",
        "MEMORY.md": "# Memory\n\n- wallet in memory/wallet.md\n",
        "memory/wallet.md": "# Wallet\n\n**Public Key (Base58):** `" + BASE58_KEY[::-1] + "`\n"})
    assert_no_secret_found(repo)
    repo.commit("notes", {
        "memory/2026-02-15.md": "# Day\n\n### Instagram\n- **Handle:** @gym\n"
                                "- **Password:** " + CHOSEN + "\n- **Followers:** 1,268\n",
        "memory/wallet.md": "# Wallet\n\n**Public Key (Base58):** `" + BASE58_KEY[::-1] + "`\n\n"
                            "**Private Key (Base58):** `" + BASE58_KEY + "`\n",
        "INTEGRATION_STATUS.md": "# Integrations\n\n## Booking\n\n**API Key:** `" + LOWER_KEY
                                 + "`  \n**Requested:** Feb 5\n"})
    result = check_json(repo.path, "--select", "CT601,CT605")
    found = sorted((d["code"], d["path"], d["line"]) for d in result.json["diagnostics"])
    assert found == [("CT601", "INTEGRATION_STATUS.md", 5), ("CT601", "memory/2026-02-15.md", 5),
                     ("CT601", "memory/wallet.md", 5)], result.out


#: Made up, of the issuers' shapes: a Supabase publishable key and its secret half.
PUBLISHABLE = "sb_publishable_" + "Qm7Xr2Kd9Lp4Wz8Nc3Vb6T_" + "hy5Jg1Fs0Q"
SUPABASE_SECRET = "sb_secret_" + "Qm7Xr2Kd9Lp4Wz8Nc3Vb6T" + "hy5Jg1Fs0Qa"


@pytest.mark.parametrize("text", [
    "VITE_SUPABASE_ANON_KEY=" + PUBLISHABLE + "\n",  # under the anon key's name, as shipped
    "SUPABASE_KEY: " + PUBLISHABLE + "\n",
    "NEXT_PUBLIC_CLERK_KEY=pk_test_" + "Y2xlcmsuZXhhbXBsZS5jb20k" + "\n",
    "STRIPE_KEY=pk_live_" + "51Hx7Kd9Lp4Wz8Nc3Vb6TQm7Xr2" + "\n",
])
def test_a_key_its_issuer_makes_public_is_no_credential(text: str) -> None:
    """A publishable key goes into every browser that loads the app (a measurement of Roo
    Code rules' repositories: a chat client's ``.env`` with Supabase's ``sb_publishable_`` key
    under ``VITE_SUPABASE_ANON_KEY``)."""
    assert kinds(text) == []


def test_the_secret_halves_of_publishable_keys_stay_found() -> None:
    assert kinds("SUPABASE_SERVICE_KEY=" + SUPABASE_SECRET + "\n") != []
    assert kinds("STRIPE_KEY=sk_live_" + "51Hx7Kd9Lp4Wz8Nc3Vb6TQm7Xr2" + "\n") != []


# Twenty-fifth conventions survey: a format string's field of code, a prefix before a fill-in
# in angle brackets, a fill-in before a string's escape, PowerShell reading the environment.
TWENTY_FIFTH_SILENT = [
    'print(f"  api_key: {config_info[\'api_key\']}")\n',
    'print("token: {}".format(cfg.api_token))\nprint(f"secret: {settings.client_secret()}")\n',
    'PEXO_API_KEY="sk-<your-api-key>"\n',
    "echo '  PEXO_API_KEY=\"sk-<your-api-key>\"'\n",
    '    "export MX_APIKEY=your_api_key_here\\n"\n',
    "- hydrate first: `$env:JINA_API_KEY = [Environment]::GetEnvironmentVariable("
    "'JINA_API_KEY','User')` then call `jina`.\n",
    "swap env: `$env:JINA_API_KEY = $env:JINA_READER_KEY` before `jina read`\n",
]


@pytest.mark.parametrize("text", TWENTY_FIFTH_SILENT)
def test_twenty_fifth_survey_classes_are_no_secrets(text: str) -> None:
    """Code that prints a key read at run time, a provider's prefix before ``<your-api-key>``,
    ``your_api_key_here`` before the ``\\n`` of the string holding it, PowerShell's
    ``[Environment]::GetEnvironmentVariable(…)`` and ``$env:…`` in a code span."""
    assert kinds(text) == []


@pytest.mark.parametrize("text", [
    'api_key: "{' + MIXED + '"\n',
    'PEXO_API_KEY="sk-' + MIXED + '"\n',
    '    "export MX_APIKEY=' + MIXED + '\\n"\n',
    "`$env:JINA_API_KEY = " + MIXED + "` before\n",
    'print(f"  api_key: ' + MIXED + '")\n',
])
def test_keys_in_the_same_places_stay_found(text: str) -> None:
    assert kinds(text) != []


def test_twenty_fifth_survey_classes_in_a_repository(tmp_path: Path) -> None:
    """The classes as the twenty-fifth survey met them, in a real git repository: an OpenClaw
    workspace's installed skills and scripts, a note on PowerShell's environment, silent
    (CT601, CT605); a key written into the memory beside them is reported."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "AGENTS.md": "# Agent\n\nRead MEMORY.md.\n", "SOUL.md": "# Soul\n",
        "HEARTBEAT.md": "# Heartbeat\n",
        "MEMORY.md": "# Memory\n\n- skills installed in skills/\n",
        "infrastructure/diagnose.py":
            "def show(config_info):\n    print(f\"  api_key: {config_info['api_key']}\")\n",
        "skills/pexo/SKILL.md": "# Pexo\n\n```bash\nexport PEXO_API_KEY=\"sk-<your-api-key>\"\n```\n",
        "skills/pexo/doctor.sh": "echo '  PEXO_API_KEY=\"sk-<your-api-key>\"'\n",
        "skills/mx/mx_search.py":
            "HELP = (\n    \"export MX_APIKEY=your_api_key_here\\n\"\n)\n",
        "memory/2026-05-03.md":
            "# Day\n\n- each PowerShell call must hydrate first: `$env:JINA_API_KEY = "
            "[Environment]::GetEnvironmentVariable('JINA_API_KEY','User')`\n"
            "- or swap env: `$env:JINA_API_KEY = $env:JINA_READER_KEY` before `jina read`\n"})
    _silent_then_a_key_found(repo, "memory/2026-05-04.md", "# Day\n\n- **API Key**: ")


# Eighteenth survey: a CAPTCHA's site key (public: written into every page showing the
# widget), an app access token written as the names of its two halves in template fields.
SITE_KEY = "6LcQ" + "x7TaAAAAAB3kF9mWq2Lr8ZpNd4Yv1Hc5Ju"  # made up: reCAPTCHA's shape
EIGHTEENTH_SILENT = [
    f'        "sitekey": "{SITE_KEY}",\n',
    f"RECAPTCHA_SITE_KEY={SITE_KEY}\n",
    f'<div class="g-recaptcha" data-sitekey="{SITE_KEY}"></div>\n',
    f'siteKey: "{SITE_KEY}",\n',
    'TURNSTILE_SITE_KEY="0x4AAAAAAAB' + 'kLm9Qr2TzX7pW"\n',
    f'hcaptcha_sitekey = "{SITE_KEY}"\n',
    'curl "https://graph.facebook.com/debug_token?input_token={TOKEN_TO_CHECK}'
    '&access_token={APP_ID}|{APP_SECRET}"\n',
    "access_token={app-id}|{app-secret}\n",
]


@pytest.mark.parametrize("text", EIGHTEENTH_SILENT)
def test_a_captchas_site_key_and_template_fields_are_no_secrets(text: str) -> None:
    """reCAPTCHA's, hCaptcha's and Turnstile's site keys under their names; the Graph API's
    ``access_token={APP_ID}|{APP_SECRET}`` (two fill-ins joined by ``|``)."""
    assert kinds(text) == []


@pytest.mark.parametrize("text", [
    f"RECAPTCHA_SECRET_KEY={SITE_KEY}\n",
    f'website_key = "{SITE_KEY}"\n',
    "access_token={APP_ID}|" + MIXED + "\n",
    "access_token=" + MIXED + "\n",
])
def test_a_captchas_secret_key_and_a_token_beside_a_field_stay_found(text: str) -> None:
    assert kinds(text) != []


def test_eighteenth_survey_classes_in_a_repository(tmp_path: Path) -> None:
    """The classes as the eighteenth survey met them, in a real git repository: an OpenClaw
    workspace's CAPTCHA solver and its tests (a site's reCAPTCHA site key), a skill's curl of
    the Graph API with its fill-ins, silent (CT601, CT605); a key in the memory is reported."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "AGENTS.md": "# Agent\n\nRead MEMORY.md.\n", "SOUL.md": "# Soul\n",
        "HEARTBEAT.md": "# Heartbeat\n",
        "MEMORY.md": "# Memory\n\n- the solver is in scripts/\n",
        "scripts/automation/captcha_solver.py":
            "async def main(solver):\n    result = await solver.solve_recaptcha_audio(\n"
            '        "https://www.example.org/login",\n'
            f'        "sitekey": "{SITE_KEY}"\n    )\n',
        "scripts/utils/test_integration.py":
            "tests = [\n    (\"image\", {\n"
            f'        "sitekey": "{SITE_KEY}",\n        "challenge_type": "image",\n    }}),\n]\n',
        "skills/meta-ads/skill.md":
            "# Meta ads\n\n```bash\ncurl \"https://graph.facebook.com/v19.0/debug_token?"
            "input_token={TOKEN_TO_CHECK}&access_token={APP_ID}|{APP_SECRET}\"\n```\n"})
    _silent_then_a_key_found(repo, "memory/2026-03-12.md", "# Day\n\n- **API Key**: ")


# Eighteenth survey, a miss: Zhipu AI's (BigModel's) API key, an id of 32 hex digits, a dot
# and a secret of 16, read as a dotted name in code when its id opens with a letter.
ZHIPU_KEY = "c3f9a1c7e5b2d4f6" + "08e1a9c3b7d5f2e4" + "." + "Xq7LmR2pTz9WbK4n"  # made up


@pytest.mark.parametrize("text", [
    f"const GLM_API_KEY = '{ZHIPU_KEY}';\n",
    f"ZHIPUAI_API_KEY={ZHIPU_KEY}\n",
    f'api_key="{ZHIPU_KEY}"\n',
])
def test_a_zhipu_key_opening_with_a_letter_is_found(text: str) -> None:
    assert kinds(text) == ["keyed-secret"]


@pytest.mark.parametrize("text", [
    "const GLM_API_KEY = 'abcdefabcdefabcdefabcdefabcdefab.XXXXXXXXXXXXXXXX';\n",
    "const GLM_API_KEY = 'your_zhipu_api_key_here';\n",
    "api_key = config.glm_api_key_value\n",
    "token = self.abcdef.getValue\n",
])
def test_dotted_names_and_a_made_up_zhipu_key_stay_silent(text: str) -> None:
    assert kinds(text) == []


def test_a_zhipu_key_in_a_workspaces_skill_is_reported(tmp_path: Path) -> None:
    """In a real git repository: an OpenClaw workspace's skill testing GLM-4.6V with its key
    hard-coded in a script (CT601), silent before the key is added."""
    repo = GitRepo(tmp_path / "repo")
    files = {
        "AGENTS.md": "# Agent\n\nRead MEMORY.md.\n", "SOUL.md": "# Soul\n",
        "HEARTBEAT.md": "# Heartbeat\n", "MEMORY.md": "# Memory\n\n- GLM test in skills/\n",
        "skills/glm-test/quick-test.js":
            "const https = require('https');\n\nconst GLM_API_KEY = process.env.GLM_API_KEY;\n"}
    repo.commit("workspace", files)
    assert_no_secret_found(repo)
    repo.commit("key", {"skills/glm-test/quick-test.js":
                        f"const https = require('https');\n\nconst GLM_API_KEY = '{ZHIPU_KEY}';\n"})
    found, out = secret_findings(repo)
    assert found == [("CT601", "skills/glm-test/quick-test.js")], out


def test_a_seed_users_welcome_password_is_no_credential() -> None:
    """A GSD plan's seed step gives a demo user the classic first password (a blind
    measurement at the end of a round: ``password: `Welcome123` ``); a drawn password in the
    same place stays found."""
    line = "- Email: `hygienist@example.nl`, password: `{}`, role: `HYGIENIST`\n"
    assert kinds(line.format("Welcome" + "123")) == []
    assert kinds(line.format("welcome" + "2024!")) == []
    assert kinds(line.format("Wq7" + "xRt9Lp2Zk")) != []


# -- the nineteenth survey: an app password in a workspace's note, a demo's local database
# An app password as Google shows it: sixteen lower-case letters in four groups (made up).
APP_PASSWORD = "qmvt" + " rkzw" + " hpya" + " jdlc"


@pytest.mark.parametrize("text", [
    f"# SMTP\n\n**Email:** me@mail.example\n**App Password:** {APP_PASSWORD}\n",
    f"- App password: {APP_PASSWORD.replace(' ', '-')}\n",
    f"APP_PASSWORD={APP_PASSWORD.replace(' ', '')}\n",
    f'"app_password": "{APP_PASSWORD.replace(" ", "")}",\n',
])
def test_an_app_password_is_found(text: str) -> None:
    assert kinds(text) == ["app-password"]


@pytest.mark.parametrize("text", [
    "**App Password:** abcd efgh ijkl mnop\n",  # the alphabet counted out
    "App password: xxxx xxxx xxxx xxxx\n",
    "app password: must have been sent to you\n",  # prose
    "Use an app password: from your account settings\n",
    f"app password: {APP_PASSWORD.title()}\n",  # not its shape
])
def test_words_and_fill_ins_after_app_password_stay_silent(text: str) -> None:
    assert kinds(text) == []


def test_nineteenth_survey_classes_in_a_repository(tmp_path: Path) -> None:
    """In a real git repository: an OpenClaw workspace, silent, and then an SMTP note holding
    an app password (CT601)."""
    repo = GitRepo(tmp_path / "repo")
    files = {
        "AGENTS.md": "# Agent\n\nRead MEMORY.md.\n", "SOUL.md": "# Soul\n",
        "HEARTBEAT.md": "# Heartbeat\n", "MEMORY.md": "# Memory\n\n- SMTP set up\n",
        "smtp-credentials.md": "# SMTP\n\n**Email:** me@mail.example\n**App Password:** (in the"
                               " keychain)\n"}
    repo.commit("workspace", files)
    assert_no_secret_found(repo)
    repo.commit("smtp", {"smtp-credentials.md":
                         f"# SMTP\n\n**Email:** me@mail.example\n**App Password:** {APP_PASSWORD}\n"})
    found, out = secret_findings(repo)
    assert found == [("CT601", "smtp-credentials.md")], out


# Thirtieth survey: a designer's workspace lists its Figma files, each a ``file_key`` (the
# file's id, the path segment of its figma.com link) beside the link.
FIGMA_FILE_KEY = "Zx8yWv7UtS6rQp5OnM4lKj"  # made up: 22 letters and digits, a file's id
FIGMA_NOTE = ("## Component library\n\n- **file_key**: `" + FIGMA_FILE_KEY + "`\n"
              "- **URL**: https://www.figma.com/design/" + FIGMA_FILE_KEY + "/Library\n")


@pytest.mark.parametrize("text", [
    FIGMA_NOTE,
    'const FIGMA_FILE_KEY = "' + FIGMA_FILE_KEY + '"; // figma.com/file/…\n',
    '{"fileKey": "' + FIGMA_FILE_KEY + '", "source": "figma"}\n',
])
def test_figma_file_keys_are_no_secrets(text: str) -> None:
    """A Figma file's key is its id (Figma's REST API reads it only with an access token)."""
    assert kinds(text) == []


@pytest.mark.parametrize("text", [
    "file_key: " + FIGMA_FILE_KEY + "\n",  # no Figma beside it: an encryption key, found
    "figma:\n  FIGMA_ACCESS_TOKEN: " + FIGMA_FILE_KEY + "Ab12\n",  # Figma's token stays found
    "# figma\nsecret_key: " + FIGMA_FILE_KEY + "\n",
])
def test_figma_tokens_and_other_file_keys_stay_found(text: str) -> None:
    assert kinds(text) != []


def test_thirtieth_survey_figma_file_keys_in_a_repository(tmp_path: Path) -> None:
    """The class as the thirtieth survey met it, in a real git repository: an OpenClaw
    workspace's skill reference listing Figma files by key and link, silent (CT601, CT605);
    a key written into a daily note beside it is reported."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "SOUL.md": "# Soul\n\nA designer's assistant.\n",
        "AGENTS.md": "# Agents\n\nRead SOUL.md and HEARTBEAT.md first.\n",
        "HEARTBEAT.md": "# Heartbeat\n\n- check the Figma files\n",
        "USER.md": "# User\n\nA product designer.\n",
        "skills/openclaw-figma/references/assets.md": "# Figma assets\n\n" + FIGMA_NOTE,
    })
    _silent_then_a_key_found(repo, "memory/2026-03-30.md", "# Day\n\n- **API Key:** ")


# Twentieth survey: an agent's infrastructure note keeps a Todoist token under a label
# whose last word is ``value``, apart: ``- Token value: `<40 hex>` ``.
TOKEN_VALUE = "0f3a9c1d2e4b5a6978c0d1e2f3a4b5c6d7e8f901"  # made up: 40 hex digits


@pytest.mark.parametrize("text", [
    "**API Access:**\n- Token value: `" + TOKEN_VALUE + "` (updated 2026-02-04)\n",
    "- **API key value:** " + TOKEN_VALUE + "\n",
    "secret value = '" + TOKEN_VALUE + "'\n",
])
def test_a_generated_value_under_a_name_ending_in_value_apart_is_found(text: str) -> None:
    assert kinds(text) == ["keyed-secret"]


@pytest.mark.parametrize("text", [
    "- Token value: refreshed every hour by the cron job\n",  # words, no generated value
    "- Token value: `<your-todoist-token>`\n",  # a fill-in
    "- Token value: kept in ~/.config/todoist/config.json\n",  # a path
    "the key value store keeps sessions\n",
])
def test_words_after_a_name_ending_in_value_stay_silent(text: str) -> None:
    assert kinds(text) == []


def test_twentieth_survey_token_value_in_a_repository(tmp_path: Path) -> None:
    """In a real git repository: an OpenClaw workspace whose infrastructure note says where
    the token lives, silent; then the note giving its value is reported (CT601)."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "AGENTS.md": "# Agent\n\nRead SOUL.md.\n", "SOUL.md": "# Soul\n",
        "HEARTBEAT.md": "# Heartbeat\n", "USER.md": "# User\n",
        "infrastructure.md": "# Infrastructure\n\n**API Access:**\n"
                             "- Token location: `~/.config/todoist/config.json`\n"})
    assert_no_secret_found(repo)
    repo.commit("token", {"infrastructure.md": "# Infrastructure\n\n**API Access:**\n"
                          f"- Token value: `{TOKEN_VALUE}` (updated 2026-02-04)\n"})
    found, out = secret_findings(repo)
    assert found == [("CT601", "infrastructure.md")], out


# Thirty-first survey: a vendored rclone skill quotes ``rclone config show``, which prints
# ``*** ENCRYPTED ***`` where an obscured password was: a mask, no value.
@pytest.mark.parametrize("text", [
    "[koofr]\ntype = koofr\nuser = USERNAME\npassword = *** ENCRYPTED ***\n",
    "- password: *** ENCRYPTED ***\n",
    "api_key = ***REDACTED***\n",
])
def test_a_mask_in_the_values_place_is_no_secret(text: str) -> None:
    assert kinds(text) == []


@pytest.mark.parametrize("text", [
    "password: **" + MIXED + "**\n",  # a value in emphasis stays found
    "password = *** ENCRYPTED ***\napi_key = " + MIXED + "\n",  # a key beside the mask
])
def test_a_value_after_asterisks_stays_found(text: str) -> None:
    assert kinds(text) != []


def test_thirty_first_survey_rclone_masks_in_a_repository(tmp_path: Path) -> None:
    """The class as the thirty-first survey met it, in a real git repository: an OpenClaw
    workspace's rclone skill quoting config output with masked passwords, silent (CT601,
    CT605); a key written into a daily note beside it is reported."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "SOUL.md": "# Soul\n\nA file-sync assistant.\n",
        "AGENTS.md": "# Agents\n\nRead SOUL.md and HEARTBEAT.md first.\n",
        "HEARTBEAT.md": "# Heartbeat\n\n- check the remotes\n",
        "USER.md": "# User\n\nKeeps backups.\n",
        "skills/rclone-cli/references/koofr.md": "# Koofr\n\n```\n[koofr]\ntype = koofr\n"
                                                 "user = USERNAME\npassword = *** ENCRYPTED ***\n```\n",
    })
    _silent_then_a_key_found(repo, "memory/2026-03-31.md", "# Day\n\n- **API Key:** ")


def test_a_mask_is_no_secret_in_the_readers_view_either() -> None:
    """A file with an escape or an entity is read twice, as written and as a reader sees it
    (emphasis gone): ``*** ENCRYPTED ***`` shows as ``ENCRYPTED``, still no value."""
    text = "Use `a \\| b` in a table.\n\n```\n[koofr]\npassword = *** ENCRYPTED ***\n```\n"
    assert kinds(text) == []
    assert kinds(text + "api_key = " + MIXED + "\n") != []


# Thirty-first survey, after the set: a vendored skill library's snippets, code where a
# value would be.
@pytest.mark.parametrize("text", [
    "const validatePassword = (password: string): E.Either<Errors, string> =>\n",
    "const processProductsSinglePass = (products: Product[]): Stats =>\n",
    "      apiToken = .envVar(\"CF_API_TOKEN\")\n",
    "os.system(f\"git clone https://x-access-token:{token}@github.com/{repo}.git\")\n",
    "type UserWithoutPassword = Omit<User, 'password' | 'passwordHash'>;\n",
    "<AppProvider isEmbeddedApp apiKey={apiKey}>\n",
    "    this.#password = this.#hashPassword(newPassword);\n",
    "    let secret_key = Self::derive_key(random.0);\n",
    "static GLOBAL_KEY: LazyLock<ApiKey> = LazyLock::new(|| ApiKey::generate());\n",
    "${URL}    https://%{LT_USERNAME}:%{LT_ACCESS_KEY}@hub.lambdatest.com/wd/hub\n",
    "  --volume /etc/passwd:/etc/passwd:ro \\\n",
    "gcloud run deploy svc --update-secrets=/secrets/api-key=billing-secret:latest\n",
    "gcloud run deploy svc --update-secrets=API_KEY=billing-secret:latest\n",
    '"valueFrom": "arn:aws:secretsmanager:region:account:secret:app/db-creds"\n',
    "  - REDSHIFT_HOST / REDSHIFT_DB / REDSHIFT_USER / REDSHIFT_PASSWORD : connection\n",
    "- `AZURE_CLIENT_CERTIFICATE_PASSWORD`: (optional) password for the\n",
    '(tmp / ".env").write_text("SHOPIFY_API_KEY=skills_key\\nSHOP_DOMAIN=shop.example")\n',
    'secret_id = "prod/billing/database"\n',
    "files saved to `secret:subdir/subfile` are stored in the unencrypted path\n",
])
def test_code_where_a_value_would_be_is_no_secret(text: str) -> None:
    assert kinds(text) == []


@pytest.mark.parametrize("text", [
    "password = (" + MIXED + ":\n",  # no parameter's type after it
    "apiToken = ." + MIXED + "\n",  # no call
    "git clone https://x-access-token:" + MIXED + "@github.com/acme/app.git\n",
    "type_password = Omit" + MIXED + ", 'x'\n",
    "api_key=" + MIXED + "\\nSHOP_DOMAIN=shop.example\n",  # the key before the escape
    "REDSHIFT_USER / password: " + MIXED + "\n",  # one name alone after the slash
    "user/password: " + MIXED + "\n",  # a label, no absolute path
    "secret_id = \"" + MIXED + "/prod\"\n",
    "- `CERT_PASSWORD`: (" + MIXED + ")\n",
])
def test_a_value_beside_code_shapes_stays_found(text: str) -> None:
    assert kinds(text) != []


def test_thirty_first_survey_code_shapes_in_a_repository(tmp_path: Path) -> None:
    """The class as the thirty-first survey met it, in a real git repository: an OpenClaw
    workspace's vendored skills with code where a value would be, silent (CT601, CT605); a key
    written into a daily note beside them is reported."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "SOUL.md": "# Soul\n\nA coding assistant.\n",
        "AGENTS.md": "# Agents\n\nRead SOUL.md and HEARTBEAT.md first.\n",
        "HEARTBEAT.md": "# Heartbeat\n\n- check the builds\n",
        "USER.md": "# User\n\nWrites TypeScript.\n",
        "skills/fp-errors/SKILL.md": "# Errors\n\n```ts\nconst validatePassword = "
                                     "(password: string): E.Either<Errors, string> =>\n```\n",
        "skills/hosted-agents/references/patterns.md":
            "# Sandboxes\n\n```python\nos.system(f\"git clone https://x-access-token:"
            "{token}@github.com/{repo}.git\")\n```\n",
        "skills/cloudflare-deploy/references/configuration.md":
            "# workerd\n\n```capnp\napiToken = .envVar(\"CF_API_TOKEN\")\n```\n",
    })
    _silent_then_a_key_found(repo, "memory/2026-04-01.md", "# Day\n\n- **API Key:** ")


# Thirty-first survey, after the set: a vendored skill library's documentation quotes its
# services' published sample values and its guides' made-up ones.
def _same_shape(value: str) -> str:
    """``value`` with each digit and letter moved on (in its class and case): the same shape,
    none of the published sample left."""
    def moved(char: str) -> str:
        for first, size, step in (("0", 10, 3), ("a", 26, 7), ("A", 26, 7)):
            if first <= char < chr(ord(first) + size):
                return chr(ord(first) + (ord(char) - ord(first) + step) % size)
        return char
    return "".join(moved(char) for char in value)


SAMPLE_CONTEXTS = (
    ("TELEGRAM_BOT_TOKEN=123456:", 0), ("AccessKey: ", 1), ("SecretKey: ", 2),
    ("- api_key: ", 3), ('"resourceKey": "', 4), ("--ftp-pass=", 5), ("pass = ", 6),
)


@pytest.mark.parametrize(("before", "index"), SAMPLE_CONTEXTS)
def test_published_sample_values_are_no_secrets(before: str, index: int) -> None:
    from continuity.formats.secrets import _PUBLISHED_SAMPLES
    assert kinds(before + _PUBLISHED_SAMPLES[index] + "\n") == []


@pytest.mark.parametrize(("before", "index"), SAMPLE_CONTEXTS)
def test_a_value_of_a_published_samples_shape_stays_found(before: str, index: int) -> None:
    from continuity.formats.secrets import _PUBLISHED_SAMPLES
    assert kinds(before + _same_shape(_PUBLISHED_SAMPLES[index]) + "\n") != []


def _signed_token(signature: str) -> str:
    def part(claims: dict[str, str]) -> str:
        return base64.urlsafe_b64encode(json.dumps(claims).encode()).decode().rstrip("=")
    return part({"alg": "HS256", "typ": "JWT"}) + "." + part({"user": "test"}) + "." + signature


@pytest.mark.parametrize("text", [
    "Authorization: Bearer " + _signed_token("sig" + "nature") + "\n",  # no algorithm's signature
    "GET /api/data?api_key=sk-live-" + "abc" + "123" + "def" + "456\n",  # counted in threes
    'API_KEY = "sk-' + "abc123" + 'def456"\n',
    "- Hard-coded for example: `secret: 'keyboard" + " cat'` in repo.\n",  # express-session's
    "  - MINIO_ROOT_PASSWORD=" + "minio" + "admin\n",  # MinIO's default
    "pass = " + "encrypted" + "password\n",  # a value naming what goes there
    "secret_access_key = " + "-".join(d * n for d, n in zip("12345", (7, 4, 4, 5, 14))) + "\n",
])
def test_made_up_and_default_values_in_guides_are_no_secrets(text: str) -> None:
    assert kinds(text) == []


@pytest.mark.parametrize("text", [
    "Authorization: Bearer " + _signed_token("Q7r2T4v6X8z0B3d5F7h9K1m3" + "Zp0Lk9Mj8Nh7Bg6Vf5Cd4") + "\n",
    "GET /api/data?api_key=sk-live-" + "abq" + "193" + "dkf" + "406\n",
    'API_KEY = "sk-' + "abq193" + 'dkf406"\n',
    "secret: 'keyboard" + " dog'\n",
    "  - MINIO_ROOT_PASSWORD=" + "minio" + "7Kq2Zt\n",
    "pass = " + "encrypted" + MIXED + "\n",
    "secret_access_key = " + "-".join(d * n for d, n in zip("12345", (7, 4, 4, 5, 13))) + "6\n",
])
def test_values_of_the_same_shapes_stay_found(text: str) -> None:
    assert kinds(text) != []


def test_thirty_first_survey_documented_samples_in_a_repository(tmp_path: Path) -> None:
    """The class as the thirty-first survey met it, in a real git repository: an OpenClaw
    workspace's vendored skills quoting Telegram's sample token and rclone's sample keys,
    silent (CT601, CT605); a key written into a daily note beside them is reported."""
    from continuity.formats.secrets import _PUBLISHED_SAMPLES
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "SOUL.md": "# Soul\n\nA file-sync assistant.\n",
        "AGENTS.md": "# Agents\n\nRead SOUL.md and HEARTBEAT.md first.\n",
        "HEARTBEAT.md": "# Heartbeat\n\n- check the remotes\n",
        "USER.md": "# User\n\nKeeps backups.\n",
        "skills/telegram/assets/.env.example": "TELEGRAM_BOT_TOKEN=123456:"
                                               + _PUBLISHED_SAMPLES[0] + "\n",
        "skills/rclone-cli/references/s3.md": "# Minio\n\n```text\nAccessKey: "
                                              + _PUBLISHED_SAMPLES[1] + "\nSecretKey: "
                                              + _PUBLISHED_SAMPLES[2] + "\n```\n",
    })
    _silent_then_a_key_found(repo, "memory/2026-04-02.md", "# Day\n\n- **API Key:** ")


# Thirty-first survey, after the set: a Figma skill's worked example names the file's key in
# two words (``File key:``) and passes it to a tool call steps below the link it came from.
FIGMA_FAR = "\n".join(["- step: read the page's structure and list its sections"] * 12)


@pytest.mark.parametrize("text", [
    "- URL: `https://figma.com/design/" + FIGMA_FILE_KEY + "/Dashboard?node-id=42-15`\n"
    "- File key: `" + FIGMA_FILE_KEY + "`\n",
    "User says: build https://figma.com/design/" + FIGMA_FILE_KEY + "/Dashboard\n"
    + FIGMA_FAR + "\n4. Run `get_design_context(fileKey=\"" + FIGMA_FILE_KEY + "\", nodeId=\"1-2\")`\n",
])
def test_a_figma_file_key_in_two_words_or_far_from_its_link_is_no_secret(text: str) -> None:
    assert kinds(text) == []


@pytest.mark.parametrize("text", [
    "- File key: `" + FIGMA_FILE_KEY + "`\n",  # no Figma beside it: found
    "User says: build https://figma.com/design/" + FIGMA_FILE_KEY + "/Dashboard\n"
    + FIGMA_FAR + "\n4. Run `call(fileKey=\"" + FIGMA_FILE_KEY[::-1] + "\")`\n",  # another key
    "https://figma.com/design/" + FIGMA_FILE_KEY + "/x\n" + FIGMA_FAR
    + "\nsecret_key: " + FIGMA_FILE_KEY + "\n",  # another name: found
])
def test_a_file_key_without_its_figma_link_stays_found(text: str) -> None:
    assert kinds(text) != []


def test_thirty_first_survey_figma_skill_in_a_repository(tmp_path: Path) -> None:
    """In a real git repository: an OpenClaw workspace's vendored Figma skill with a worked
    example, silent (CT601, CT605); a key in a daily note beside it is reported."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "SOUL.md": "# Soul\n\nA designer's assistant.\n",
        "AGENTS.md": "# Agents\n\nRead SOUL.md and HEARTBEAT.md first.\n",
        "HEARTBEAT.md": "# Heartbeat\n\n- check the Figma files\n",
        "USER.md": "# User\n\nA product designer.\n",
        "skills/figma-implement-design/SKILL.md":
            "# Implement a design\n\n- URL: `https://figma.com/design/" + FIGMA_FILE_KEY
            + "/Dashboard`\n- File key: `" + FIGMA_FILE_KEY + "`\n\n" + FIGMA_FAR
            + "\n4. Run `get_design_context(fileKey=\"" + FIGMA_FILE_KEY + "\")`\n",
    })
    _silent_then_a_key_found(repo, "memory/2026-04-03.md", "# Day\n\n- **API Key:** ")



# Twenty-first survey: a music agent's workspace keeps yt-dlp's ``.info.json`` of a video,
# whose stream links (googlevideo.com) are signed with ``sig=``: an expiring signature of a
# public video, no Azure SAS.
SIGNATURE = "AJfQdSswRQIhAK" + "7x2Vb9Qe4Lm1Np8Rs5Tu3Wy6Za0Cd"  # made up
YOUTUBE_INFO = json.dumps({"formats": [{"url": (
    "https://rr3---sn-example.googlevideo.com/videoplayback?expire=1771700000&ei=abc&ip=203.0."
    "113.9&id=o-Abc&itag=251&source=youtube&sparams=expire%2Cei%2Cip%2Cid%2Citag%2Csource"
    f"&sig={SIGNATURE}%3D%3D&lsparams=cps%2Cmet&lsig={SIGNATURE}%3D")}]}) + "\n"


def test_a_youtube_stream_signature_is_no_azure_sas() -> None:
    assert kinds(YOUTUBE_INFO) == []


@pytest.mark.parametrize("text", [
    f"https://acct.blob.core.windows.net/backups?sv=2022-11-02&sr=b&sp=r&sig={SIGNATURE}%3D\n",
    f"sas=sp=r&st=2026-01-01&se=2027-01-01&spr=https&sv=2022-11-02&sr=c&sig={SIGNATURE}%3D\n",
    f"SharedAccessSignature sr=ns.servicebus.windows.net&sig={SIGNATURE}%3D&se=1771700000"
    "&skn=RootManageSharedAccessKey\n",
    '{"url": "https://a.blob.core.windows.net/c?sp=r\\u0026sv=2022-11-02&sig=' + SIGNATURE + '"}\n',
])
def test_an_azure_sas_stays_found(text: str) -> None:
    assert kinds(text) == ["azure-sas"]


def test_twenty_first_survey_youtube_signatures_in_a_repository(tmp_path: Path) -> None:
    """In a real git repository: an OpenClaw workspace keeping a video's yt-dlp metadata,
    silent (CT601, CT605); a key written into a daily note beside it is reported."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "SOUL.md": "# Soul\n\nA music digger.\n", "AGENTS.md": "# Agents\n\nRead SOUL.md.\n",
        "HEARTBEAT.md": "# Heartbeat\n\n- dig a song\n", "USER.md": "# User\n",
        "music-dig/song_info.info.json": YOUTUBE_INFO})
    _silent_then_a_key_found(repo, "memory/2026-02-21.md", "# Day\n\n- **API Key:** ")


# Twenty-first survey: an agent's notes name the Feishu document it writes reports into by
# its token (``doc_token``, 文档token): the document's id, the path segment of its link.
DOC_TOKEN = "Pz4QbN7wKc2XyR9sTa5MvL1hJdE"  # made up: 27 letters and digits, a document's id


@pytest.mark.parametrize("text", [
    "- 需在下一轮对话中写入飞书文档（doc_token: " + DOC_TOKEN + "）\n",
    "**飞书写入规则**：\n- 追加到日期块下方\n- 文档token: `" + DOC_TOKEN + "`\n",
    '{"node_token": "' + DOC_TOKEN + '", "url": "https://acme.feishu.cn/wiki/' + DOC_TOKEN + '"}\n',
    "lark:\n  folder_token: " + DOC_TOKEN + "\n",
    # under a heading, the link beside it holding the same id (after the survey: a daily
    # note its memory/MEMORY.md had kept unread)
    "### 飞书文档\n- Token: " + DOC_TOKEN + "\n- 地址: https://feishu.cn/docx/" + DOC_TOKEN + "\n",
])
def test_a_feishu_documents_token_is_no_secret(text: str) -> None:
    assert kinds(text) == []


@pytest.mark.parametrize("text", [
    "doc_token: " + DOC_TOKEN + "\n",  # no Feishu beside it: found
    "飞书\n- access_token: " + DOC_TOKEN + "\n",  # an access token stays found
    "飞书文档\n- token: " + DOC_TOKEN + "\n",  # no document's word before the token
    "飞书\n- doc_token: " + DOC_TOKEN + "-x_Y.z\n",  # not an id's shape
    # a link to another document: the token is not its id
    "### 飞书文档\n- Token: " + DOC_TOKEN + "\n- 地址: https://feishu.cn/docx/" + DOC_TOKEN[::-1] + "\n",
])
def test_other_tokens_beside_feishu_stay_found(text: str) -> None:
    assert kinds(text) != []


def test_twenty_first_survey_feishu_document_tokens_in_a_repository(tmp_path: Path) -> None:
    """In a real git repository: an OpenClaw workspace whose daily note names a Feishu
    document by token, and whose memory once did (a line since removed: CT605 reads it in
    the history), silent; a key written into a daily note is reported."""
    repo = GitRepo(tmp_path / "repo")
    workspace = {
        "SOUL.md": "# Soul\n\nA crawler.\n", "AGENTS.md": "# Agents\n\nRead SOUL.md.\n",
        "HEARTBEAT.md": "# Heartbeat\n\n- write the daily report\n", "USER.md": "# User\n",
        "memory/2026-07-12.md": "# Day\n\n- 需在下一轮对话中写入飞书文档（doc_token: "
                                + DOC_TOKEN + "）\n"}
    repo.commit("workspace", {**workspace, "MEMORY.md": "# Memory\n\n**飞书写入规则**：\n"
                              "- 只在末尾追加\n- 文档token: `" + DOC_TOKEN + "`\n"})
    repo.commit("tidy", {"MEMORY.md": "# Memory\n\n**飞书写入规则**：\n- 只在末尾追加\n"})
    _silent_then_a_key_found(repo, "memory/2026-07-13.md", "# Day\n\n- **API Key:** ")


# Twenty-first survey: an agent's wallet scripts hard-code the wallet's recovery phrase
# (``MNEMONIC = "…"``, twelve BIP-39 words). These words are made up for the test.
PHRASE = " ".join(["orbit", "velvet", "cradle", "lumber", "tissue", "harbor",
                   "fringe", "nephew", "quiz", "salmon", "tongue", "walnut"])
PHRASE_MORE = " ".join(["copper", "meadow", "ritual", "banana", "glimpse", "oyster",
                        "tunnel", "zebra", "pledge", "cactus", "vivid", "lobster"])


@pytest.mark.parametrize("text", [
    'MNEMONIC = "' + PHRASE + '"\naccount = Account.from_mnemonic(MNEMONIC)\n',
    "## Wallet\n\n- **Seed phrase:** " + PHRASE + "\n",
    '{"mnemonic": "' + PHRASE + " " + PHRASE_MORE + '"}\n',  # 24 words
    "const wallet = Wallet.fromMnemonic('" + PHRASE + "');\n",
])
def test_a_wallets_recovery_phrase_is_found(text: str) -> None:
    assert kinds(text) == ["mnemonic"]


@pytest.mark.parametrize("text", [
    "mnemonic: [REDACTED - 别途安全な場所に保管]\n",
    'MNEMONIC = "' + " ".join(["test"] * 11 + ["junk"]) + '"\n',  # Hardhat's and Anvil's
    'mnemonic: "' + " ".join(["abandon"] * 11 + ["about"]) + '"\n',  # BIP-39's test vector
    'mnemonic = "' + " ".join(["myth", "like", "bonus", "scare", "over", "problem", "client",
                               "lizard", "pioneer", "submit", "female", "collect"]) + '"\n',
    "seed phrase: write down these twelve words and keep them somewhere safe from anyone\n",
    "mnemonic: " + " ".join(PHRASE.split()[:11]) + "\n",  # eleven words
    "mnemonic: " + PHRASE + " is what the wallet printed\n",  # prose goes on
    "Mnemonic = " + PHRASE.title() + "\n",  # capitalised words: no phrase
])
def test_fill_ins_published_phrases_and_prose_stay_silent(text: str) -> None:
    assert kinds(text) == []


def test_twenty_first_survey_recovery_phrase_in_a_repository(tmp_path: Path) -> None:
    """In a real git repository: an OpenClaw workspace whose wallet note keeps the phrase
    elsewhere, silent; then a wallet script hard-coding it is reported (CT601)."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "SOUL.md": "# Soul\n\nA trader.\n", "AGENTS.md": "# Agents\n\nRead SOUL.md.\n",
        "HEARTBEAT.md": "# Heartbeat\n\n- check balances\n", "USER.md": "# User\n",
        "wallet/README.md": "# Wallet\n\n**Never publish: mnemonic**\n\n"
                            "mnemonic: [REDACTED - kept elsewhere]\n"})
    assert_no_secret_found(repo)
    repo.commit("deposit", {"wallet/deposit.py": "from eth_account import Account\n\n"
                            f'MNEMONIC = "{PHRASE}"\naccount = Account.from_mnemonic(MNEMONIC)\n'})
    found, out = secret_findings(repo)
    assert found == [("CT601", "wallet/deposit.py")], out


# Thirty-second survey: an OpenClaw workspace's Gmail script, in Swedish, leaves the app
# password for its owner to fill in: ``# password = "HÄR_…_LÖSENORD"``, words in capitals
# joined by ``_`` as ``JA_GERADO_NO_PASSO_ANTERIOR`` is, with letters of Latin-1.
@pytest.mark.parametrize("text", [
    '    # password = "H\u00c4R_SKRIVS_DITT_L\u00d6SENORD"\n',
    "SMTP_PASSWORD=MOT_DE_PASSE_G\u00c9N\u00c9R\u00c9_ICI\n",
])
def test_a_fill_in_in_capitals_of_latin_1_is_no_secret(text: str) -> None:
    assert kinds(text) == []


@pytest.mark.parametrize("text", [
    'password = "' + MIXED + '"\n',  # a chosen password beside them stays found
    'password = "H\u00c4R_' + MIXED + '"\n',  # a value with digits after a word too
])
def test_a_value_beside_a_fill_in_in_capitals_stays_found(text: str) -> None:
    assert kinds(text) != []


def test_thirty_second_survey_swedish_fill_in_in_a_repository(tmp_path: Path) -> None:
    """The class as the thirty-second survey met it, in a real git repository: an OpenClaw
    workspace's Gmail script whose password line is a Swedish fill-in, commented out, silent
    (CT601, CT605); a key written into a daily note beside it is reported."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "SOUL.md": "# Soul\n\nEn assistent.\n",
        "AGENTS.md": "# Agents\n\nRead SOUL.md and HEARTBEAT.md first.\n",
        "HEARTBEAT.md": "# Heartbeat\n\n- sortera e-post\n",
        "USER.md": "# User\n\nAnna.\n",
        "organize_gmail.py": 'def main():\n    email = "anna@example.com"\n'
                             '    # password = "H\u00c4R_BEH\u00d6VS_APP_L\u00d6SENORD"\n'
                             "    print(email)\n",
    })
    _silent_then_a_key_found(repo, "memory/2026-03-29.md", "# Dag\n\n- **API Key:** ")


# Twenty-second survey (met beside it, on a tagged tree of an OpenClaw workspace's project):
# Spring reads a key's value from its properties, ``@Value("${oss.accessKey:#{null}}")``, the
# default after the colon a Spring expression (``#{null}``: no value at all); nothing is
# written here. A default hard-coded in its place still counts when a machine made it.
@pytest.mark.parametrize("text", [
    '    @Value("${file.storage.oss.accessKey:#{null}}")\n    private String ossAccessKey;\n',
    '    @Value("${file.storage.oss.secretKey:#{null}}")\n    private String ossSecretKey;\n',
    "spring:\n  datasource:\n    password: ${DB_PASSWORD:#{null}}\n",
    '    @Value("${app.jwt.secret:#{systemEnvironment[\'JWT_SECRET\']}}")\n',
])
def test_a_spring_placeholders_expression_default_is_no_credential(text: str) -> None:
    assert kinds(text) == []


@pytest.mark.parametrize("text", [
    '    @Value("${app.jwt.secret:' + MIXED + '}")\n',
    "spring:\n  datasource:\n    password: ${DB_PASSWORD:" + MIXED + "}\n",
])
def test_a_generated_default_in_a_spring_placeholder_is_found(text: str) -> None:
    assert kinds(text) == ["assigned-secret"]


def test_twenty_second_survey_spring_placeholders_in_a_repository(tmp_path: Path) -> None:
    """In a real git repository: an OpenClaw workspace's backend reads its storage keys from
    Spring's properties, silent; then a start script hard-coding a key is reported."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "SOUL.md": "# Soul\n\nA builder.\n", "AGENTS.md": "# Agents\n\nRead SOUL.md.\n",
        "HEARTBEAT.md": "# Heartbeat\n\n- check the training\n", "USER.md": "# User\n",
        "backend/src/FileStorageService.java":
            'public class FileStorageService {\n'
            '    @Value("${file.storage.oss.accessKey:#{null}}")\n'
            '    private String ossAccessKey;\n\n'
            '    @Value("${file.storage.oss.secretKey:#{null}}")\n'
            '    private String ossSecretKey;\n}\n'})
    assert_no_secret_found(repo)
    repo.commit("start", {"deploy/start.bat": f"set ANTHROPIC_API_KEY={HEX32}.{MIXED[:16]}\n"})
    found, out = secret_findings(repo)
    assert found == [("CT601", "deploy/start.bat")], out


# Twenty-third survey: an OpenClaw workspace's daily note (and its memory store's copy) lists
# a scan's false findings, ``slack xoxb-test-token``: a Slack token's shape of words alone
# names one, as ``xoxb-your-bot-token`` does; every Slack token holds digits (its team's and
# user's ids). Beside it, in code vendored into the workspace: a notebook's placeholder
# closed by an escaped quote, PostHog's project key (public by design), a type variable.
@pytest.mark.parametrize("text", [
    "- **evomap** audit ✅ (0 real secrets, 10 FPs in vendor test files — slack "
    "xoxb-test-token, test_pii sk-)\n",
    '{"content": "[Episodic] FPs: slack xoxb-test-token, crewai key"}\n',
    "SLACK_BOT_TOKEN=xoxb-your-bot-token-here\n",
])
def test_a_slack_token_of_words_is_no_credential(text: str) -> None:
    assert kinds(text) == []


@pytest.mark.parametrize("text", [
    "SLACK_BOT_TOKEN=xoxb-" + "2210535565" + "-" + "4181646940" + "-" + MIXED + "\n",
    "token: xoxp-" + "1234567890" + "-" + "0987654321" + "-" + HEX32 + "\n",
])
def test_a_slack_token_with_its_ids_stays_found(text: str) -> None:
    assert kinds(text) == ["slack-token"]


@pytest.mark.parametrize("text", [
    '    "!echo \\"OPENAI_API_KEY=<your-openai-api-key>\\" > .env # fmt: skip\\n",\n',
    "    \"!echo 'ANTHROPIC_API_KEY=<your-anthropic-api-key>' >> .env\\n\",\n",
    "    posthog_client_key = 'phc_" + MIXED + "Wm8Pq3Zk5Lr7Xn2Hv9T'\n",
    "_OSS_POSTHOG_KEY = 'phc_" + MIXED + "Wm8Pq3Zk5Lr7Xn2Hv9T'\n",
    "    async def exchange_refresh_token(\n        self,\n        client: OAuthClient,\n"
    "        refresh_token: RefreshTokenT,\n        scopes: list[str],\n    ) -> OAuthToken:\n",
])
def test_vendored_code_of_placeholders_public_keys_and_types_is_silent(text: str) -> None:
    assert kinds(text) == []


@pytest.mark.parametrize("text", [
    '    "!echo \\"OPENAI_API_KEY=' + MIXED + '\\" > .env\\n",\n',
    "POSTHOG_PERSONAL_KEY=phx_" + MIXED + "Wm8Pq3Zk5Lr7Xn2Hv9T0abcd\n",
    "        refresh_token: " + MIXED + ",\n",
])
def test_a_key_beside_those_stays_found(text: str) -> None:
    assert kinds(text) != []


# The misses: a Go ``const`` block aligned by gofmt keeps a key six spaces from its ``=``
# (``FreemodelKey      = "fe_oa_…"``); a file named for a key holds it alone
# (``zhipu_key.txt``: a Zhipu AI key, no name beside it).
FE_KEY = "fe_oa_" + HEX32 + MIXED[:16]


@pytest.mark.parametrize("text", [
    'const (\n\tFreemodelAPI      = "https://api.example.net/v1"\n'
    '\tFreemodelKey      = "' + FE_KEY + '"\n)\n',
    '\tAPISecret                = "' + MIXED + '"\n',
])
def test_a_key_in_an_aligned_block_is_found(text: str) -> None:
    assert kinds(text) == ["keyed-secret"]


def test_twenty_third_survey_workspace_in_a_repository(tmp_path: Path) -> None:
    """In a real git repository: an OpenClaw workspace whose daily note lists a scan's false
    findings, and vendored code's placeholders, public keys and types, silent; then a key
    file and a Go ``const`` block are reported."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "SOUL.md": "# Soul\n\nA builder.\n", "AGENTS.md": "# Agents\n\nRead SOUL.md.\n",
        "HEARTBEAT.md": "# Heartbeat\n\n- audit\n", "USER.md": "# User\n",
        "MEMORY.md": "# Memory\n\n- the audit runs nightly\n",
        "memory/2026-05-26.md": "# 2026-05-26\n\n- audit ✅ (10 FPs in vendor test files — "
                                "slack xoxb-test-token, test_pii sk-)\n",
        "state/sigma_memory.json": '{"content": "FPs: slack xoxb-test-token"}\n',
        "third_party/paper-qa/settings_tutorial.ipynb":
            '{"cells": [{"source": [\n'
            '    "!echo \\"OPENAI_API_KEY=<your-openai-api-key>\\" > .env # fmt: skip\\n"\n'
            ']}]}\n',
        "third_party/openhands/server_config.py":
            "class ServerConfig:\n    posthog_client_key = 'phc_" + MIXED + "Wm8Pq3Zk5Lr7Xn2Hv9T'\n",
        "third_party/mcp/provider.py":
            "    async def exchange_refresh_token(\n        self,\n"
            "        refresh_token: RefreshTokenT,\n    ) -> OAuthToken:\n"})
    assert_no_secret_found(repo)
    repo.commit("keys", {
        "zhipu_key.txt": f"{HEX32}.{MIXED[:16]}\n",
        "gene_selector.go": 'package main\n\nconst (\n\tFreemodelAPI      = "https://api.example.net"\n'
                            '\tFreemodelKey      = "' + FE_KEY + '"\n)\n'})
    found, out = secret_findings(repo)
    assert found == [("CT601", "gene_selector.go"), ("CT601", "zhipu_key.txt")], out


@pytest.mark.parametrize(("name", "text"), [
    ("keyboard.txt", f"{HEX32}\n"),  # no key's name
    ("api_key.txt", "your-api-key-here\n"),  # a fill-in
    ("token.txt", "see the vault entry for the deploy token\n"),  # words
])
def test_a_file_not_named_for_a_key_or_of_no_generated_value_is_silent(
        tmp_path: Path, name: str, text: str) -> None:
    path = tmp_path / name
    path.write_text(text)
    assert TreeFile(name, path, read_text(path)).credentials == ()


# Thirty-third survey: paper-qa's tutorial notebook, vendored into an OpenClaw workspace,
# writes an .env in a cell: ``"!echo \"OPENAI_API_KEY=<your-openai-api-key>\" > .env\n",``.
# As a reader sees it the fill-in is an HTML tag and ``\"`` a quote: ``"OPENAI_API_KEY="``
# closes, and the JSON string's rest (`` > .env\n``) was read as the value.
NOTEBOOK_CELL = ('   "source": [\n    "# Replace <your-openai-api-key> with your key\\n",\n'
                 '    "!echo \\"OPENAI_API_KEY=<your-openai-api-key>\\" > .env # fmt: skip\\n",\n'
                 '    "!echo \\"ANTHROPIC_API_KEY=<your-anthropic-api-key>\\" >> .env\\n",\n'
                 '   ]\n')


def test_a_fill_in_echoed_into_an_env_file_in_a_notebook_is_no_secret() -> None:
    assert kinds(NOTEBOOK_CELL) == []


@pytest.mark.parametrize("value", [MIXED, "sk-" + "proj-aB1cD2eF3gH4iJ5kL6mN7oP8qR9s"])
def test_a_key_echoed_into_an_env_file_in_a_notebook_stays_found(value: str) -> None:
    assert kinds(NOTEBOOK_CELL.replace("<your-openai-api-key>\\", value + "\\", 1)) != []


def test_thirty_third_survey_notebook_fill_in_in_a_repository(tmp_path: Path) -> None:
    """The class as the thirty-third survey met it, in a real git repository: an OpenClaw
    workspace's vendored tutorial notebook echoing fill-ins into an .env, silent (CT601,
    CT605); a key in a daily note beside it is reported."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "SOUL.md": "# Soul\n\nAn assistant.\n",
        "AGENTS.md": "# Agents\n\nRead SOUL.md and HEARTBEAT.md first.\n",
        "HEARTBEAT.md": "# Heartbeat\n\n- audit\n",
        "third_party/paper-qa/docs/settings_tutorial.ipynb": (
            '{\n "cells": [\n  {\n   "cell_type": "code",\n' + NOTEBOOK_CELL + "  }\n ]\n}\n"),
    })
    _silent_then_a_key_found(repo, "memory/2026-05-27.md", "# 2026-05-27\n\n- **API Key:** ")


# Thirty-third survey: a fork of Umami keeps its CLAUDE.md saying what the first build
# creates, "a default admin user (username: `admin`, password: `umami`)", later renamed: the
# product's documented default login, in the history (CT605) and in the file.
DEFAULT_LOGIN = ("### Development Database\nThe build creates the tables on first run and a "
                 "default admin user (username: `admin`, password: `{}`).\n")


@pytest.mark.parametrize("password", ["umami", "superlytics"])
def test_a_default_accounts_documented_password_is_no_secret(password: str) -> None:
    assert kinds(DEFAULT_LOGIN.format(password)) == []
    assert kinds(f"- **Default login:** admin / password: {password}\n") == []


@pytest.mark.parametrize("text", [
    DEFAULT_LOGIN.format(MIXED),  # a generated value as the default stays found
    "Admin user (username: `admin`, password: `superlytics`).\n",  # no default said
    "The default admin user was removed.\nDB_PASSWORD=superlytics\n",  # on another line
])
def test_a_password_not_documented_as_a_default_stays_found(text: str) -> None:
    assert kinds(text) != []


def test_thirty_third_survey_default_login_in_a_repository(tmp_path: Path) -> None:
    """The class as the thirty-third survey met it, in a real git repository: a CLAUDE.md
    documenting the default admin login the build creates, then renamed (the first in the
    history only), silent (CT601, CT605); a key in a daily note beside it is reported."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("docs", {"CLAUDE.md": "# Project\n\n" + DEFAULT_LOGIN.format("umami"),
                         "SOUL.md": "# Soul\n\nAn assistant.\n",
                         "AGENTS.md": "# Agents\n\nRead SOUL.md and HEARTBEAT.md first.\n",
                         "HEARTBEAT.md": "# Heartbeat\n\n- build\n"})
    repo.commit("rebrand", {"CLAUDE.md": "# Project\n\n" + DEFAULT_LOGIN.format("superlytics")})
    _silent_then_a_key_found(repo, "memory/2026-07-08.md", "# 2026-07-08\n\n- **API Key:** ")


# Twenty-fourth survey: an OpenClaw workspace committed whole, its skills' tests beside its
# notes: a wallet's key in a test as ``0x`` and words (``0xdummy_signer_key``, a ``.env``
# written as ``WALLET_PRIVATE_KEY=0xenv_key\n``), a scrubber's test value ``supersecret42``;
# another workspace's setup guide's sample ``MyPassphrase2024`` and a script echoing a
# secret's first characters with a shell's substring (``${HOOK_SIGNING_SECRET:0:6}``).
@pytest.mark.parametrize("text", [
    '    executor_obj.private_key = "0xdummy_signer_key"\n',
    '            "WALLET_PRIVATE_KEY=0xenv_key\\n"\n',
    '        assert private_key == "0xdefault_key"\n',
    "        result = scrub_personal_info('api_key = \"supersecret42\"')\n",
    '  "password": "MyPassphrase2024",\n',
    '  echo "   Secret: ${HOOK_SIGNING_SECRET:0:6}..."\n',
    'echo "token ends ${API_TOKEN: -4}"\n',
])
def test_words_after_a_hex_mark_demo_passwords_and_substrings_are_no_secrets(text: str) -> None:
    assert kinds(text) == []


@pytest.mark.parametrize("text", [
    '    executor_obj.private_key = "0x' + HEX32 + HEX32 + '"\n',  # a key in hexadecimal
    '  "password": "' + MIXED + '",\n',
    "WEBHOOK_SECRET=${WEBHOOK_SECRET:-" + MIXED + "}\n",  # a generated default
])
def test_a_key_beside_those_words_stays_found(text: str) -> None:
    assert kinds(text) != []


# The misses: a trading bot's debug scripts set its exchange's keys in ``os.environ[…]``;
# daily notes keep a ClawHub token after ``Token obtained:``, a password piped to ``sudo
# -S``, and the passphrase of ``openssl enc -pass pass:…`` that decrypts the workspace's
# encrypted credential files.
CLAWHUB = "clh_" + MIXED + "Wm8Pq3Zk5Lr7Xn2Hv9T"
PASSWORD = "Zr7kq2Lm" + "@4091"


@pytest.mark.parametrize(("text", "kind"), [
    ("os.environ['EXCHANGE_API_SECRET'] = '" + MIXED + "'\n", "keyed-secret"),
    ("os.environ['EXCHANGE_PASSPHRASE'] = '" + PASSWORD + "'\n", "assigned-secret"),
    ('ENV["STRIPE_SECRET_KEY"] = "' + MIXED + '"\n', "keyed-secret"),
    ("- **Token obtained:** " + CLAWHUB + "\n", "clawhub-token"),
    ('   echo "' + PASSWORD + '" | sudo -S mkdir -p /data/models\n', "sudo-password"),
    ("openssl enc -d -aes-256-cbc -salt -pass pass:" + PASSWORD + " -in creds.enc\n",
     "openssl-pass"),
])
def test_a_subscripts_key_a_clawhub_token_and_command_line_passwords_are_found(
        text: str, kind: str) -> None:
    assert kinds(text) == [kind]


@pytest.mark.parametrize("text", [
    "os.environ['EXCHANGE_API_KEY'] = args.key\n",
    # a destructuring's bracket after a bare name (a GSD plan's React state)
    "Add `const [showApiKeyId, setShowApiKeyId] = useState<boolean>(false)` to the form\n",
    "clawhub login --token clh_...\n",
    "    return `clh_${Date.now().toString(36)}`\n",
    'echo "$SUDO_PASSWORD" | sudo -S apt-get update\n',
    "echo 'deb http://deb.example.org stable main' | sudo tee /etc/apt/sources.list.d/x.list\n",
    "openssl enc -d -aes-256-cbc -pass env:BACKUP_PASSPHRASE -in creds.enc\n",
    "openssl pkcs12 -export -passout pass:$EXPORT_PASSWORD -out cert.p12\n",
    "openssl enc -aes-256-cbc -pass pass:changeme -in a\n",
])
def test_references_and_fill_ins_in_those_places_are_silent(text: str) -> None:
    assert kinds(text) == []


def test_twenty_fourth_survey_workspace_in_a_repository(tmp_path: Path) -> None:
    """In a real git repository: an OpenClaw workspace whose skill's tests hold ``0x`` and
    words, a scrubber's demo value and a script's substring, silent (CT601, CT605); then a
    debug script's ``os.environ`` key and a daily note's ClawHub token, ``sudo -S`` password
    and ``openssl`` passphrase are reported."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "SOUL.md": "# Soul\n\nA builder.\n", "AGENTS.md": "# Agents\n\nRead SOUL.md.\n",
        "HEARTBEAT.md": "# Heartbeat\n\n- trade\n", "USER.md": "# User\n",
        "MEMORY.md": "# Memory\n\n- keys live in the encrypted store\n",
        "skills/harvester/tests/conftest.py":
            'def executor():\n    obj = Executor()\n    obj.private_key = "0xdummy_signer_key"\n'
            '    return obj\n',
        "tests/test_scrub.py": "def test_key():\n    assert scrub('api_key = \"supersecret42\"')\n",
        "scripts/setup.sh": 'echo "Secret: ${HOOK_SIGNING_SECRET:0:6}..."\n'})
    assert_no_secret_found(repo)
    repo.commit("notes", {
        "scripts/debug_orders.py": "import os\nos.environ['EXCHANGE_API_SECRET'] = '" + MIXED + "'\n",
        "memory/2026-02-05.md": "# 2026-02-05\n\n- **Token obtained:** " + CLAWHUB + "\n",
        "memory/2026-02-25.md": '# 2026-02-25\n\n```bash\necho "' + PASSWORD
                                + '" | sudo -S mkdir -p /data\n```\n',
        "memory/2026-04-23.md": "# 2026-04-23\n\n- `openssl enc -d -aes-256-cbc -pass pass:"
                                + PASSWORD + " -in memory/encrypted/x.enc`\n"})
    found, out = secret_findings(repo)
    assert found == [("CT601", "memory/2026-02-05.md"), ("CT601", "memory/2026-02-25.md"),
                     ("CT601", "memory/2026-04-23.md"),
                     ("CT601", "scripts/debug_orders.py")], out


# Thirty-fifth conventions set: a GSD planning tree's notes on an ``api_keys`` table name a
# key's row by its id (``api_key_id = <uuid>``), a foreign key's column, a fixture's id and a
# function ending in ``ApiKeyId``: which key, never the key itself.
ROW_ID = "7c1e9a42-5b3d-4f60-8e2a-1d9c0b7f3a65"  # made up: a version 4 UUID


@pytest.mark.parametrize("text", [
    f"- `api_key_id = {ROW_ID}` (label \"OKX read-only (/qa)\") is the test row.\n",
    f"  const req = makeReq({{ api_key_id: \"{ROW_ID}\" }});\n",
    "  apiKeyId: \"key-readfailure-1\",\n",
    "| `allocator_holdings.api_key_id` | **RESTRICT** (aborts a set-based DELETE) |\n",
    "| `buildPerKeyReturnsByApiKeyId` | `src/lib/queries.ts:2413` | groups rows |\n",
    "per-key rows, `anchors = {api_key_id: float}`. Then the core's contract holds.\n",
    f"API_KEY_IDS={ROW_ID}\n",
])
def test_the_id_of_an_api_key_is_no_secret(text: str) -> None:
    assert kinds(text) == []


@pytest.mark.parametrize("text", [
    f"- `api_key = {MIXED}` (label \"OKX read-only\")\n",  # the key itself
    f"  apiKeySecret: \"{MIXED}\",\n",
    f"api_key_id = {ROW_ID}\napi_secret = {MIXED}\n",  # its secret on the next line
])
def test_an_api_key_beside_its_id_stays_found(text: str) -> None:
    assert kinds(text) != []


def test_thirty_fifth_set_api_key_ids_in_a_repository(tmp_path: Path) -> None:
    """The class as the thirty-fifth conventions set met it, in a real git repository: a GSD
    planning tree whose phase notes name API keys' rows by id, silent (CT601, CT605); a key
    written into a phase note beside them is reported."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("planning", {
        ".planning/STATE.md": "---\ngsd_state_version: 1.0\n---\n# State\n\nPhase 6.\n",
        ".planning/ROADMAP.md": "# Roadmap\n\n- Phase 6: allocator API ingestion\n",
        ".planning/phases/06-ingestion/06-HANDOFF.md":
            f"# Handoff\n\nSynced 3 holdings. api_key_id = `{ROW_ID}` (left idle after /qa).\n",
        ".planning/phases/06-ingestion/06-03-PLAN.md":
            f"```ts\nconst req = makeReq({{ api_key_id: \"{ROW_ID}\" }});\n```\n",
    })
    repo.commit("move", {".planning/phases/06-ingestion/06-HANDOFF.md":
                         "# Handoff\n\nSynced 3 holdings.\n"})
    _silent_then_a_key_found(repo, ".planning/phases/06-ingestion/06-NOTES.md",
                             "# Notes\n\n- **API Key:** ")


# Thirty-fifth conventions set, the same plans: a key's name quoted alone in a code span with
# its separator (the sentence goes on after the span), a type closing the code span that
# quotes a signature, and a value cut short by an ellipsis right after it.
@pytest.mark.parametrize("text", [
    "- Contains a redacted form (whatever `scrubPii` returns for an `apikey:`-prefixed value)\n",
    "stamped `comp_x`) mitigated by `scrub_freeform_string` (proven by the redacted\n`secret=` "
    "assertion); T-74-06 (guard warning mis-mapped to failed_final) not triggered\n",
    "The type exists: `mintClaim(identity: TenantIdentity | \"public\", secret: "
    "InternalApiToken)`, a branded string\n",
    '  "X-User-Access-Token":"eyJhbGciOiJIUzI1NiIs\u2026"}        \u2190 LEAK\n',
])
def test_a_name_quoted_as_code_a_signature_and_a_cut_value_are_no_secrets(text: str) -> None:
    assert kinds(text) == []


@pytest.mark.parametrize("text", [
    f"`API_KEY=`{MIXED}`\n",  # a generated value after the quoted name
    f"`secret=`{MIXED}\n",
    f"`apikey:`{MIXED}\n",  # a generated value right after the span
    f"secret: {MIXED})`\n",  # no type's shape before the bracket
    f'  "X-User-Access-Token":"{MIXED}" \u2026\n',  # an ellipsis after the quote, not the value
    f"- Password: `SummerHoliday{MIXED[:4]}` for the test account\n",
])
def test_values_beside_those_shapes_stay_found(text: str) -> None:
    assert kinds(text) != []


def test_thirty_fifth_set_quoted_names_in_a_repository(tmp_path: Path) -> None:
    """The three shapes as the thirty-fifth conventions set met them, in a real git
    repository: a GSD planning tree's plans, silent (CT601, CT605); a key written into a
    phase note beside them is reported."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("planning", {
        ".planning/STATE.md": "---\ngsd_state_version: 1.0\n---\n# State\n\nPhase 17.\n",
        ".planning/ROADMAP.md": "# Roadmap\n\n- Phase 17: design contract\n",
        ".planning/phases/17-design/17-04-PLAN.md":
            "# Plan\n\n- Test 6: a redacted form of an `apikey:`-prefixed value, read the "
            "scrubber to confirm.\n",
        ".planning/phases/17-design/17-REVIEW.md":
            "# Review\n\nTake the type: `mintClaim(identity: TenantIdentity | \"public\", "
            "secret: InternalApiToken)`.\n",
        ".planning/phases/17-design/17-SUMMARY.md":
            '# Summary\n\n```\n{"X-User-Access-Token":"eyJhbGciOiJIUzI1NiIs\u2026"}\n```\n',
    })
    _silent_then_a_key_found(repo, ".planning/phases/17-design/17-NOTES.md",
                             "# Notes\n\n- **API Key:** ")


# Survey 25 of agent memory: an OpenClaw workspace's installed skills ship their scripts as
# one line of minified JavaScript each. A quoted key's bare name closing its object with a
# keyword glued on (``"api-key":e}}function``), a destructuring given a call's result
# (``{saveApiKey:Cd}=Oo()``), and a conditional's arm after a subscript
# (``V=H["api-key"]:H.api_key?…``, read since survey 24 read ``os.environ['…'] =``) are code.
@pytest.mark.parametrize("text", [
    'function Gs(t={}){let e=Se();return{...t,"api-key":e}}function Js(){let t=[]}\n',
    "var Y0=ts(),Bo=dd(),{saveApiKey:Cd}=Oo(),{loadGateways:wy}=No();\n",
    'let V=null;if(H["api-key"]?V=H["api-key"]:H.api_key?V=H.api_key:H.result&&H.result.x)\n',
    'function f(pw){let t={"password":pw}return t}\n',
])
def test_minified_codes_names_calls_and_conditionals_are_no_secrets(text: str) -> None:
    assert kinds(text) == []


@pytest.mark.parametrize(("text", "kind"), [
    ("os.environ['EXCHANGE_API_SECRET'] = '" + MIXED + "'\n", "keyed-secret"),
    ('{"password": "' + PASSWORD + '}function"}\n', "assigned-secret"),  # a string's own
    ('const c={"api-key":"' + MIXED + '"};function f(){}\n', "keyed-secret"),
    ("password = " + PASSWORD + "\n", "assigned-secret"),
])
def test_a_key_in_code_beside_those_shapes_stays_found(text: str, kind: str) -> None:
    assert kinds(text) == [kind]


def test_twenty_fifth_survey_workspace_in_a_repository(tmp_path: Path) -> None:
    """In a real git repository: an OpenClaw workspace whose skills hold minified scripts
    and a table of routes, silent (CT601, CT605); then a skill's script given a key in a
    string is reported."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "SOUL.md": "# Soul\n\nA helper.\n", "AGENTS.md": "# Agents\n\nRead SOUL.md.\n",
        "HEARTBEAT.md": "# Heartbeat\n\n- check\n", "USER.md": "# User\n",
        "MEMORY.md": "# Memory\n\n- skills installed\n",
        "skills/quotes/skill-entry.js":
            '"use strict";function Gs(t={}){let e=Se();return{...t,"api-key":e}}function Js()'
            '{var Y0=ts(),{saveApiKey:Cd}=Oo();if(H["api-key"]?V=H["api-key"]:H.api_key?V=1:0)}\n',
        "skills/pdf/SKILL.md":
            "# PDF\n\n| User intent | Route | Scripts used |\n|---|---|---|\n"
            "| Encrypt PDF with password | **ENCRYPT** | `make.sh encrypt` |\n"})
    assert_no_secret_found(repo)
    repo.commit("key", {"skills/travel/cli.cjs": "var Ve='https://api.example.org/mcp',"
                                                 "Me={'api-key':'" + MIXED + "'};\n"})
    found, out = secret_findings(repo)
    assert found == [("CT601", "skills/travel/cli.cjs")], out


# Twenty-sixth survey of agent memory: an OpenClaw workspace kept its sites' session cookies
# as a browser exports them (``{"name": "sessionid", …, "value": "…"}``) in cookie files, the
# scripts that load them and a note; its mail scripts log in with nodemailer's ``auth: {
# user: '…', pass: '…' }``; a workshop's ``.env_prototype`` holds its ``.env``'s keys.
MAIL_CODE = "NKZPWR" + "TQLMVB" + "XCJD"  # made up: a mail provider's 16-letter code
COOKIE_EXPORT = json.dumps([
    {"domain": ".example.com", "expirationDate": 1783696041.99, "hostOnly": False,
     "httpOnly": True, "name": "sessionid", "path": "/", "sameSite": None, "secure": True,
     "session": False, "storeId": None, "value": HEX32},
    {"domain": ".example.com", "name": "lang", "path": "/", "value": "en"}], indent=1)


@pytest.mark.parametrize(("text", "kind"), [
    (COOKIE_EXPORT, "cookie-record"),
    ("await context.addCookies([\n  { domain: '.example.org', value: '" + MIXED
     + "', name: 'UserToken', path: '/' },\n]);\n", "cookie-record"),
    ("const transporter = nodemailer.createTransport({\n  host: 'smtp.example.com',\n"
     "  auth: {\n    user: 'agent@example.com',\n    pass: '" + MAIL_CODE + "'\n  }\n});\n",
     "assigned-secret"),
])
def test_a_login_cookies_record_and_a_mail_logins_pass_are_found(text: str, kind: str) -> None:
    assert kinds(text) == [kind]


@pytest.mark.parametrize("text", [
    '[{"name": "passport_csrf_token", "path": "/", "value": "' + HEX32 + '"}]',
    '[{"name": "theme_preference", "value": "' + HEX32 + '"}]',
    # an analytics session, open to the page's scripts (a job site's cookie jar)
    '[{"domain": ".jobs.example", "httpOnly": false, "name": "_hjSession_162402", "value": "'
    + HEX32 + '"}]',
    "await page.context().addCookies([{ name: 'session', value: 'test-session-value' }]);\n",
    '[{"name": "sessionid"}, {"name": "lang", "value": "' + HEX32 + '"}]',
    "user: 'ada'\nPASS: VERIFIED\n",
    "auth: { user: 'agent@example.com', pass: process.env.SMTP_PASS }\n",
    "auth: { user: 'agent@example.com', pass: 'your-auth-code' }\n",
])
def test_other_cookies_and_a_pass_of_no_login_are_silent(text: str) -> None:
    assert kinds(text) == []


def test_twenty_sixth_survey_workspace_in_a_repository(tmp_path: Path) -> None:
    """In a real git repository: an OpenClaw workspace's cookie file of a CSRF token, a mail
    script reading its code from the environment and an ``.env_example`` of a generated
    sample, silent (CT601, CT605); then the exported session cookie, the mail script's code
    and an ``.env_prototype``'s key are reported."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "SOUL.md": "# Soul\n\nA publisher.\n", "AGENTS.md": "# Agents\n\nRead SOUL.md.\n",
        "HEARTBEAT.md": "# Heartbeat\n\n- check the cookie\n", "USER.md": "# User\n",
        "MEMORY.md": "# Memory\n\n- cookies exported from the browser\n",
        "site/cookie.txt": '[{"name": "csrf_session_id", "value": "' + HEX32 + '"}]\n',
        "send-email.js": "module.exports = {\n  auth: {\n    user: 'agent@example.com',\n"
                         "    pass: process.env.SMTP_PASS\n  }\n};\n",
        ".env_example": "API_KEY=" + MIXED[::-1] + "\n"})
    assert_no_secret_found(repo)
    repo.commit("secrets", {
        "site/cookie.txt": COOKIE_EXPORT + "\n",
        "send-email.js": "module.exports = {\n  auth: {\n    user: 'agent@example.com',\n"
                         "    pass: '" + MAIL_CODE + "'\n  }\n};\n",
        ".env_prototype": "TRADING_API_KEY=" + MIXED + "\n"})
    found, out = secret_findings(repo)
    assert found == [("CT601", ".env_prototype"), ("CT601", "send-email.js"),
                     ("CT601", "site/cookie.txt"), ("CT605", ".env_prototype")], out


# Twenty-seventh survey of agent memory: an OpenClaw workspace (seen in a code index's copy)
# kept a Tavily key as its console issues them now (``tvly-dev-``, a short id, 42
# characters) alone in a fenced block, and a mail account's password under its Chinese name,
# 密碼, in a guide's table row and after a full-width colon.
TAVILY_NOW = "tvly-dev-" + "k3Rq9-" + MIXED + "Zp4Wn8Lc2Hs6GdYf3J"  # made up: 5, then 42
MAIL_PASSWORD = "Lanternfish" + "0429"  # made up


@pytest.mark.parametrize(("text", "kind"), [
    ("## API Key（2026-03-07）\n```\n" + TAVILY_NOW + "\n```\n", "tavily-key"),
    ("| 項目 | 設定值 |\n|---|---|\n| **密碼** | `" + MAIL_PASSWORD + "` |\n", "chinese-password"),
    ("```\n電子郵件地址：ada@example.com\n密碼：" + MAIL_PASSWORD + "\n```\n", "chinese-password"),
    ("- 邮箱密码: " + MAIL_PASSWORD + "\n", "chinese-password"),
])
def test_a_tavily_key_of_now_and_a_password_under_its_chinese_name_are_found(
        text: str, kind: str) -> None:
    assert kinds(text) == [kind]


@pytest.mark.parametrize("text", [
    "密码：请联系管理员获取新的登录凭据\n",
    "密碼：`your_password`\n",
    "密码：123456\n",
    "密码：${MAIL_PASSWORD}\n",
    "| **密碼** | 與帳號相同 |\n",
    "const KEY_CANARY = 'tvly-dev-canary-0123456789abcdef';\n",
])
def test_a_chinese_sentence_or_fill_in_and_a_short_tavily_canary_are_silent(text: str) -> None:
    assert kinds(text) == []


def test_twenty_seventh_survey_workspace_in_a_repository(tmp_path: Path) -> None:
    """In a real git repository: an OpenClaw workspace whose guide says where the password
    goes and whose tools note names Tavily's variable, silent (CT601, CT605); then the
    guide's password under 密碼 and the tools note's key are reported (the key, a provider's
    shape, also as committed in the history: CT605)."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "SOUL.md": "# Soul\n\nA news bot.\n", "AGENTS.md": "# Agents\n\nRead SOUL.md.\n",
        "HEARTBEAT.md": "# Heartbeat\n\n- send the report\n", "USER.md": "# User\n",
        "MEMORY.md": "# Memory\n\n- reports go out by mail\n",
        "TOOLS.md": "# Tavily\n\n## API Key\n```\nTAVILY_API_KEY=tvly-dev-...\n```\n",
        "mail_setup_guide.md": "# Mail\n\n| 項目 | 設定值 |\n|---|---|\n"
                               "| **密碼** | 請向管理員索取 |\n"})
    assert_no_secret_found(repo)
    repo.commit("secrets", {
        "TOOLS.md": "# Tavily\n\n## API Key\n```\n" + TAVILY_NOW + "\n```\n",
        "mail_setup_guide.md": "# Mail\n\n| 項目 | 設定值 |\n|---|---|\n"
                               "| **密碼** | `" + MAIL_PASSWORD + "` |\n"})
    found, out = secret_findings(repo)
    assert found == [("CT601", "TOOLS.md"), ("CT601", "mail_setup_guide.md"),
                     ("CT605", "TOOLS.md")], out


@pytest.mark.parametrize("text", [
    # a secrets policy's table: the cell names the secret, the next where it is kept
    "| `OKX_PASSPHRASE` | OKX 交易所密码 | 1Password / Vault | 90 天 |\n",
    # a test case generator's example: the password a test types to be refused
    "| 输入错误密码 | 用户名：testuser <br>密码：Wrong@123 (连续3次) | 账号锁定 |\n",
    "password: Wrong@123\n",
])
def test_a_table_cell_describing_a_password_and_a_test_cases_wrong_one_are_silent(
        text: str) -> None:
    assert kinds(text) == []


# The twenty-eighth survey's false class: a file named for a key holding a JSON document
# (``token.d.ts.map``, TypeScript's source map of a ``token`` route: one line, no space).
SOURCE_MAP = ('{"version":3,"file":"token.d.ts","sourceRoot":"","sources":'
              '["../../src/routes/token.ts"],"names":[],"mappings":'
              '"AAIA,QAAA,MAAM,MAAM,4CAAW,CAAC;AAqNxB,eAAe,MAAM,CAAC"}')


def test_a_source_map_named_for_a_token_is_silent_and_a_key_file_is_found(
        tmp_path: Path) -> None:
    """In a real git repository: an OpenClaw workspace's built backend holds a source map
    named for its ``token`` route, silent; then a key file beside it is reported."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "SOUL.md": "# Soul\n\nA builder.\n", "AGENTS.md": "# Agents\n\nRead SOUL.md.\n",
        "HEARTBEAT.md": "# Heartbeat\n\n- build\n", "USER.md": "# User\n",
        "MEMORY.md": "# Memory\n\n- the backend builds to dist/\n",
        "backend/dist/routes/token.d.ts.map": SOURCE_MAP,
        "backend/dist/routes/token.js.map": "[" + SOURCE_MAP + "]\n"})
    assert_no_secret_found(repo)
    repo.commit("key", {"backend/api_key.txt": f"{HEX32}.{MIXED[:16]}\n"})
    found, out = secret_findings(repo)
    assert found == [("CT601", "backend/api_key.txt")], out


# The twenty-eighth survey's miss: Windsurf's ``mcp_config.json`` copied to a repository's
# top beside Cursor's ``.cursor/mcp.json``, a Google key in a server's ``headers``.
GOOGLE_MCP = ('{\n  "mcpServers": {\n    "docs": {\n      "url": "https://mcp.example.net/mcp",\n'
              '      "headers": {\n        "X-Goog-Api-Key": "' + GOOGLE + '"\n'
              '      }\n    }\n  }\n}\n')


def test_an_mcp_config_at_the_top_is_read_for_credentials(tmp_path: Path) -> None:
    """In a real git repository: Cursor's MCP config and a copy as ``mcp_config.json`` at the
    top, with no key, silent; then both with a key are reported, the copy as well."""
    repo = GitRepo(tmp_path / "repo")
    empty = GOOGLE_MCP.replace(GOOGLE, "${GOOGLE_API_KEY}")
    repo.commit("mcp", {"CLAUDE.md": "# Project\n", ".cursor/mcp.json": empty,
                        "mcp_config.json": empty})
    assert_no_secret_found(repo)
    repo.commit("keys", {".cursor/mcp.json": GOOGLE_MCP, "mcp_config.json": GOOGLE_MCP})
    found, out = secret_findings(repo)
    assert found == [("CT601", ".cursor/mcp.json"), ("CT601", "mcp_config.json"),
                     ("CT605", ".cursor/mcp.json"), ("CT605", "mcp_config.json")], out


@pytest.mark.parametrize("text, found", [
    # The Backlog.md survey: a task's HTML walkthrough names symbols as file#name:kind.
    ('<div class="sig">src/auth/session.ts#refresh_token:function</div>\n', []),
    ("<td>refresh_token:returned</td>\n", []),
    # A generated value before the tag is still one.
    ("<td>refresh_token:Xq9fT2mZ8rLw4Kp7Yv3N</td>\n", ["assigned-secret"]),
])
def test_a_word_before_a_closing_tag_is_no_token(text: str, found: list[str]) -> None:
    assert kinds(text) == found


# The thirtieth survey's false class: a Firebase web config whose ``apiKey`` falls back on a
# literal (``process.env.NEXT_PUBLIC_FIREBASE_API_KEY || "AIza…"``) in an OpenClaw workspace's
# dashboard: public by design, as the same key written alone already is.
FIREBASE_FALLBACK = (
    "const firebaseConfig = {\n"
    "  apiKey: process.env.NEXT_PUBLIC_FIREBASE_API_KEY || \"" + GOOGLE + "\",\n"
    "  authDomain: process.env.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN || \"tide-tables.firebaseapp.com\",\n"
    "  projectId: process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID || \"tide-tables\",\n"
    "}\n")


def test_a_firebase_web_configs_fallback_key_is_silent_and_a_servers_is_found(
        tmp_path: Path) -> None:
    """In a real git repository: an OpenClaw workspace's dashboard gives its Firebase web
    config's Google key as an environment variable's default, silent; then a server's key
    given the same way (no Firebase config near it) is reported."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "SOUL.md": "# Soul\n\nA manager.\n", "AGENTS.md": "# Agents\n\nRead SOUL.md.\n",
        "HEARTBEAT.md": "# Heartbeat\n\n- check the dashboard\n", "USER.md": "# User\n",
        "MEMORY.md": "# Memory\n\n- the dashboard reads Firestore\n",
        "dashboard/services/firebase.ts": FIREBASE_FALLBACK})
    assert_no_secret_found(repo)
    repo.commit("server", {"dashboard/services/gemini.ts": (
        "export const geminiKey = process.env.GEMINI_API_KEY || \"" + MIXED + MIXED[:8] + "\"\n")})
    found, out = secret_findings(repo)
    assert found == [("CT601", "dashboard/services/gemini.ts")], out
    assert kinds("apiKey: process.env.GOOGLE_API_KEY || \"" + GOOGLE + "\"\n") == ["google-key"]


# The thirtieth survey's miss: a workspace's daily notes write a login as its e-mail address,
# a slash and its password, under no key word (``- Login: …``, ``- Later: …`` under
# "Accounts/Logins Used", ``(Canva: … / …)``).
LOGIN_PASSWORD = "Quill" + "9:41" + "Rx"


def test_a_login_written_as_address_slash_password_is_found(tmp_path: Path) -> None:
    """In a real git repository: a daily note lists the accounts used, each an address and
    what it is for, silent; then the same note with an address's password after a slash is
    reported."""
    repo = GitRepo(tmp_path / "repo")
    accounts = ("# 2026-01-25\n\n## Accounts/Logins Used\n"
                "- Gmail: dan@corner-cafe.net / Personal - Work\n"
                "- Toast: ops@corner-cafe.net / https://pos.corner-cafe.net/Login2\n"
                "- Demo: admin@example.com / Admin123!\n")
    repo.commit("workspace", {
        "SOUL.md": "# Soul\n\nA manager.\n", "AGENTS.md": "# Agents\n\nRead SOUL.md.\n",
        "HEARTBEAT.md": "# Heartbeat\n\n- check the menus\n", "USER.md": "# User\n",
        "MEMORY.md": "# Memory\n\n- menus live in Toast\n", "memory/2026-01-25.md": accounts})
    assert_no_secret_found(repo)
    repo.commit("note", {"memory/2026-01-25.md": accounts + (
        f"- Later: Dan@corner-cafe.net / {LOGIN_PASSWORD} (already in TOOLS.md)\n")})
    found, out = secret_findings(repo)
    assert found == [("CT601", "memory/2026-01-25.md")], out


@pytest.mark.parametrize("text", [
    f"- Login: dan@corner-cafe.net / {LOGIN_PASSWORD}\n",
    f"- Logged into Canva (dan@corner-cafe.net / {LOGIN_PASSWORD})\n",
    f"- **Login:** `dan@corner-cafe.net` / `{LOGIN_PASSWORD}`\n",
    # the note copied into a search index's JSON string
    json.dumps({"content": f"- Login: dan@corner-cafe.net / {LOGIN_PASSWORD}\n- next"}),
])
def test_a_logins_password_after_its_address_is_found_without_what_follows(text: str) -> None:
    found = find_seen(text)
    assert [f.kind for f in found] == ["login-pair"]
    assert [text[f.start:f.end] for f in found] == [LOGIN_PASSWORD]


@pytest.mark.parametrize("text", [
    "- Gmail: dan@corner-cafe.net / Personal\n",
    "dan@corner-cafe.net / sales-team accounts\n",
    "dan@corner-cafe.net / ops@corner-cafe.net\n",
    "Sign in as admin@example.com / Admin123!\n",
    "dan@corner-cafe.net / @cornercafe2026\n",
])
def test_an_address_slash_something_else_is_silent(text: str) -> None:
    assert [f.kind for f in find_seen(text) if f.kind == "login-pair"] == []


# The thirtieth survey's false findings inside a true file: a workspace's search index (JSON)
# holds its bots' source, a call passing a constant's name (``OpenAI(api_key=OPENAI_API_KEY)``)
# then the line's newline written as ``\n``; the same index's copy of a config's key is found.
BOT_SOURCE = ("from openai import OpenAI\n\ndef analyze(text):\n"
              "    client = OpenAI(api_key=OPENAI_API_KEY)\n\n    return client\n")


def test_a_constant_passed_to_a_call_in_an_indexed_copy_is_silent(tmp_path: Path) -> None:
    """In a real git repository: an OpenClaw workspace's search index holding a bot's source,
    silent; then the index holding a config with a generated key is reported."""
    repo = GitRepo(tmp_path / "repo")
    index = {"52d8": {"content": BOT_SOURCE, "title": "llm_analyzer",
                      "path": "trading/bot/llm_analyzer.py"}}
    repo.commit("workspace", {
        "SOUL.md": "# Soul\n\nA trader.\n", "AGENTS.md": "# Agents\n\nRead SOUL.md.\n",
        "HEARTBEAT.md": "# Heartbeat\n\n- check the bots\n", "USER.md": "# User\n",
        "MEMORY.md": "# Memory\n\n- the bots trade on paper\n",
        "search/document-content.json": json.dumps(index, indent=2)})
    assert_no_secret_found(repo)
    index["2337"] = {"content": f'API_SECRET_KEY = "{MIXED}{MIXED[:12]}"\n', "title": "config",
                     "path": "trading/bot/config.py"}
    repo.commit("config", {"search/document-content.json": json.dumps(index, indent=2)})
    found, out = secret_findings(repo)
    assert found == [("CT601", "search/document-content.json")], out


# Twenty-ninth survey of agent memory: an OpenClaw workspace committed whole. False: the
# ``secret_key: "ultrasecretkey"`` SearXNG's shipped ``settings.yml`` sets (to be overwritten),
# and a search skill's comment showing several keys may be given (``TAVILY_API_KEY="key1&key2"``).
# Missed: a management password after 口令 and 改为 ("changed to") in a daily note, and login
# cookies under their own names: a script's ``COOKIES`` dict and a forum note's list.
SESSION_HEX = HEX32 + "a1b2c3"  # made up: 38 hexadecimal digits, as a site's web_session
FORUM_SESSION = "L2Nx" + MIXED + "%2F" + MIXED[::-1] + "--" + HEX32  # made up
ADMIN_PASSWORD = "Vq8" + "kLm2Zr"  # made up: nine characters, letters and digits


@pytest.mark.parametrize("text", [
    'server:\n  secret_key: "ultrasecretkey"  # Is overwritten by ${SEARXNG_SECRET}\n',
    '  // - TAVILY_API_KEY="key1&key2&key3" (round-robin)\n',
    '  // - TAVILY_API_KEY="key1,key2"\n',
    '  // - TAVILY_API_KEY="key1 key2 key3" (whitespace-separated)\n',
    # Taobao's share code is no password
    "淘口令：" + ADMIN_PASSWORD + "\n",
    # a cookie's name that is no login's, and a login's name with a test's value
    '# Cookies\nCOOKIES = {"csrftoken": "' + MIXED + '", "sessionid": "test-session-value"}\n',
    # a session under its name with no cookie about it
    "- session: " + MIXED + "\n",
])
def test_a_shipped_default_numbered_key_names_and_cookies_no_login_keeps_are_silent(
        text: str) -> None:
    assert kinds(text) == []


@pytest.mark.parametrize(("text", "kind"), [
    ('secret_key: "' + MIXED + '"\n', "keyed-secret"),
    ("- **结论**: 管理口令先改为 `" + ADMIN_PASSWORD + "`，两次修改后都已重启\n", "chinese-password"),
    ("密码已重置为 " + ADMIN_PASSWORD + "\n", "chinese-password"),
    ("| **口令** | `" + ADMIN_PASSWORD + "` |\n", "chinese-password"),
    ('# Cookie 配置\nCOOKIES = {\n    "a1": "' + HEX32 + '",\n    "web_session": "'
     + SESSION_HEX + '",\n}\n', "cookie-named"),
    ("## 当前 Cookie\n- **_forum_session**: `" + FORUM_SESSION + "`\n", "cookie-named"),
    ("curl -H 'Cookie: csrftoken=" + MIXED + "; sessionid=" + MIXED[::-1] + "' …\n",
     "cookie-named"),
])
def test_a_password_after_kouling_and_login_cookies_under_their_names_are_found(
        text: str, kind: str) -> None:
    assert kinds(text) == [kind]


def test_twenty_ninth_survey_workspace_in_a_repository(tmp_path: Path) -> None:
    """In a real git repository: an OpenClaw workspace's SearXNG settings with the shipped
    secret, a skill's comment of numbered key names and a note that the admin password was
    changed (no value), silent (CT601, CT605); then the note with the new password, the
    Xiaohongshu script's cookies and the forum's cookie note are reported."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "SOUL.md": "# Soul\n\nA writer.\n", "AGENTS.md": "# Agents\n\nRead SOUL.md.\n",
        "HEARTBEAT.md": "# Heartbeat\n\n- search\n", "USER.md": "# User\n",
        "MEMORY.md": "# Memory\n\n- searxng runs in docker\n",
        "searxng/settings.yml": 'server:\n  secret_key: "ultrasecretkey"\n',
        "skills/search/search.mjs": '// - TAVILY_API_KEY="key1&key2&key3" (round-robin)\n'
                                    "const raw = String(process.env.TAVILY_API_KEY ?? '');\n",
        "memory/2026-02-27.md": "# 2026-02-27\n\n- 管理口令已按老板要求修改，已重启\n",
        "skills/xhs/direct.py": '# Cookie 配置\nCOOKIES = {\n    "xsecappid": "xhs-pc-web",\n}\n'})
    assert_no_secret_found(repo)
    repo.commit("secrets", {
        "memory/2026-02-27.md": "# 2026-02-27\n\n- 管理口令先改为 `" + ADMIN_PASSWORD + "`，已重启\n",
        "skills/xhs/direct.py": '# Cookie 配置\nCOOKIES = {\n    "web_session": "' + SESSION_HEX
                                + '",\n    "xsecappid": "xhs-pc-web",\n}\n',
        "memory/context/forum-cookies.md": "# Forum cookies\n\n## 当前 Cookie\n"
                                           "- **_forum_session**: `" + FORUM_SESSION + "`\n"})
    found, out = secret_findings(repo)
    assert found == [("CT601", "memory/2026-02-27.md"),
                     ("CT601", "memory/context/forum-cookies.md"),
                     ("CT601", "skills/xhs/direct.py")], out


@pytest.mark.parametrize("text, found", [
    # A code span marks a literal: a short value written in one is a value given (set 35's
    # gate passwords of six and seven characters), counted with its backticks.
    ("- Gate password: `Rv7kq2`\n", ["assigned-secret"]),
    ("password: `abc1234`\n", ["assigned-secret"]),
    # Bare, the floor is eight characters: shorter it is a word or a status far more often
    # (survey 29 measured a floor of seven on every clone: a table's `(empty)`, "attempt").
    ("password: abc1234\n", []),
    ("REDIS_PASSWORD | (empty) |\n", []),
    ("password: Kx7q2mPa\n", ["assigned-secret"]),
])
def test_a_short_value_counts_in_a_code_span_and_not_bare(text: str, found: list[str]) -> None:
    assert kinds(text) == found


def test_compiled_code_is_not_read_and_the_check_says_so(tmp_path: Path) -> None:
    """Survey 28's workspace committed a Rust ``target/`` of 1.1 GB (libraries, metadata,
    executables): scanning its bytes took 190 s and found nothing. Compiled code is built from
    source, where a credential is written and read; it is recognised by its first bytes and
    not read, and a notice says how much was passed over. Any other binary file (a database,
    an image's text chunk) is still read byte by byte."""
    token = "ghp_" + MIXED + "AbCdEfGhIjKl"
    body = b"\x00\x01\x02" + f"const TOKEN: &str = \"{token}\";".encode() + b"\x00" * 8
    pe = b"MZ" + b"\x00" * 58 + (64).to_bytes(4, "little") + b"PE\x00\x00" + body
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "AGENTS.md": "# Agent\n\nRead MEMORY.md.\n", "SOUL.md": "# Soul\n",
        "HEARTBEAT.md": "# Heartbeat\n", "MEMORY.md": "# Memory\n\nThe bot runs from bots/.\n",
        "bots/target/release/bot": b"\x7fELF\x02\x01\x01" + body,
        "bots/target/release/deps/libbot.rlib": b"!<arch>\n" + body,
        "bots/target/release/deps/libbot.rmeta": b"rust\x00\x00\x00\n" + body,
        "bots/target/release/bot.exe": pe,
    })
    result = check_json(repo.path, "--select", "CT601,CT605")
    assert [r["convention"] for r in result.json["roots"]] == ["openclaw"], result.out
    assert result.json["diagnostics"] == [], result.out
    assert any("4 compiled files" in notice and "not read for credentials" in notice
               for notice in result.json["notices"]), result.json["notices"]
    repo.commit("a database of the agent", {"memory/state.db": b"SQLite format 3\x00" + body})
    found, out = secret_findings(repo)
    assert found == [("CT601", "memory/state.db")], out


# ------------------------------------------- set 43: an Obsidian vault's bundled plugin code

PPK_BODY = "Encryption: none\nComment: deploy\nPublic-Lines: 2\n" + "QUFBQUIzTnphQzF5YzJF" * 3 + "\n"


@pytest.mark.parametrize("text", [
    # node-forge's PuTTY writer: the header built from a variable, no key in it
    'var ppk = "PuTTY-User-Key-File-2: " + algorithm + "\\r\\n";\n',
    "A PuTTY key file opens with `PuTTY-User-Key-File-3:` and the key's type.\n",
    # a minified bundle: a token assigned what a call awaited, or what a constructor made
    'return{accessToken:(r=await this.getOAuthToken({signal:n}))!=null?r:null}\n',
    'e={authToken:(i=new TokenSource(o)),k:1}\n',
])
def test_code_that_writes_a_key_format_or_assigns_a_token_is_silent(text: str) -> None:
    assert kinds(text) == []


@pytest.mark.parametrize(("text", "kind"), [
    ("PuTTY-User-Key-File-3: ssh-ed25519\n" + PPK_BODY, "putty-key"),
    ("PuTTY-User-Key-File-2: ecdsa-sha2-nistp256\r\n" + PPK_BODY, "putty-key"),
    (f"accessToken:(r={MIXED})\n", "assigned-secret"),
])
def test_a_key_file_and_a_token_in_brackets_are_still_found(text: str, kind: str) -> None:
    assert kind in kinds(text)


# Recall of surveys 19-30, a short keyring password (survey 30: a Raspberry Pi workspace's
# ``TOOLS.md`` and ``HEARTBEAT.md`` give gog's file keyring a five-letter password, as
# ``GOG_KEYRING_PASSWORD="…" gog calendar …``). A keyring's password has no shipped default, so
# a short one is a password; what reads the same and is none stays silent.
KEYRING_WORD = "qz" + "vbn"  # made up: five lower-case letters


@pytest.mark.parametrize("text", [
    f'GOG_KEYRING_PASSWORD="{KEYRING_WORD}" GOG_ACCOUNT=dan@corner-cafe.net gog calendar list\n',
    f'- Pull calendars: `GOG_KEYRING_PASSWORD="{KEYRING_WORD}" gog cal events --days 2`\n',
    f"export GOG_KEYRING_PASSWORD={KEYRING_WORD}\n",
    f"keyring_password: '{KEYRING_WORD}'\n",
])
def test_a_short_keyring_password_is_found(text: str) -> None:
    found = find_seen(text)
    assert [f.kind for f in found] == ["keyring-password"]
    assert [text[f.start:f.end] for f in found] == [KEYRING_WORD]


@pytest.mark.parametrize("text", [
    'GOG_KEYRING_PASSWORD="${GOG_KEYRING_PASSWORD}"\n',  # a reference
    "      - GOG_KEYRING_PASSWORD=${GOG_KEYRING_PASSWORD}\n",
    "GOG_KEYRING_PASSWORD=$PW gog calendar list\n",
    'GOG_KEYRING_PASSWORD: "${{ secrets.GOG_KEYRING_PASSWORD }}"\n',
    "GOG_KEYRING_PASSWORD=change-me-now\n",  # fill-ins and test values
    'GOG_KEYRING_PASSWORD="<password>"\n',
    "KEYRING_PASSWORD=test\n",
    "KEYRING_PASSWORD=secret\n",
    "KEYRING_PASSWORD=12345\n",
    "KEYRING_PASSWORD=keyring\n",
    "KEYRING_PASSWORD=xxxxx\n",
    "KEYRING_PASSWORD=...\n",
    "keyring_password = self.password\n",  # code
    "keyring_password = prompt_value\n",
    # a placeholder the reader's view drops as a tag, its code span closing after it
    "2. Switch gog to file storage: `GOG_KEYRING_BACKEND=file GOG_KEYRING_PASSWORD=<pw>` baked"
    " into the script.\n",
    "keyring_password = getpass()\n",
    "password = keyring.get_password(url, username)\n",
    "| Gmail keyring | Host volume + password | Requires `GOG_KEYRING_PASSWORD` |\n",
    "- Keyring: file backend, password stored in 1Password\n",
    "KEYRING_PASSWORD=qzv\n",  # four characters or fewer: a PIN's or a test's
])
def test_what_reads_as_a_keyring_password_and_is_none_is_silent(text: str) -> None:
    assert kinds(text) == []


def test_a_keyring_password_of_eight_or_more_is_reported_as_before() -> None:
    """The key-word detectors found a keyring's password of eight characters or more before
    (survey 20's notes); they still do, the new detector adding the shorter ones only."""
    assert kinds(f'export GOG_KEYRING_PASSWORD="{MIXED[:10]}"\n') == ["assigned-secret"]


def test_a_short_keyring_password_in_a_workspace(tmp_path: Path) -> None:
    """In a real git repository: a workspace's ``TOOLS.md`` says gog needs its keyring's
    password from the environment, silent; then a heartbeat giving it inline is reported."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "SOUL.md": "# Soul\n\nA family assistant.\n", "AGENTS.md": "# Agents\n\nRead SOUL.md.\n",
        "USER.md": "# User\n", "MEMORY.md": "# Memory\n\n- calendars in gog\n",
        "TOOLS.md": "# Tools\n\n- gog: `GOG_KEYRING_PASSWORD=$GOG_PW gog cal events`\n",
        "HEARTBEAT.md": "# Heartbeat\n\n- check the calendars\n"})
    assert_no_secret_found(repo)
    repo.commit("heartbeat", {"HEARTBEAT.md": (
        "# Heartbeat\n\n- Pull calendars: "
        f'`GOG_KEYRING_PASSWORD="{KEYRING_WORD}" gog cal events --days 2`\n')})
    found, out = secret_findings(repo)
    assert ("CT601", "HEARTBEAT.md") in found and {path for _, path in found} == {"HEARTBEAT.md"}, out


# Recall of surveys 19-30, a UUID under ``API Key`` written apart (survey 30: a workspace's
# ``TOOLS.md``, ``**API Key**: `<uuid>` `` of a Volcano Engine Ark key; OKX's keys are UUIDs
# too). A UUID under a bare ``key`` stays a record's; ids under their own names stay silent.
@pytest.mark.parametrize("text", [
    f"- **API Key**: `{UUID}`\n",
    f"**API Key:** {UUID}\n",
    f"- Ark API key: {UUID}\n",
])
def test_a_uuid_under_api_key_apart_is_found(text: str) -> None:
    assert kinds(text) == ["keyed-secret"]


@pytest.mark.parametrize("text", [
    f"- Key: `{UUID}`\n",  # a bare key: a record's, an object's
    f'"key": "{UUID}"\n',
    f"Project ID: {UUID}\n",
    f"- **API Key ID**: `{UUID}`\n",
    f"API Key Name: {UUID}\n",
    f"Idempotency Key: {UUID}\n",
    f"Session Key: {UUID}\n",
    "API Key: 00000000-0000-0000-0000-000000000000\n",
    "API Key: 12345678-1234-1234-1234-123456789012\n",
    "api key: xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx\n",
])
def test_a_uuid_under_another_name_is_silent(text: str) -> None:
    assert kinds(text) == []


def test_a_uuid_api_key_in_a_workspace(tmp_path: Path) -> None:
    """In a real git repository: a workspace's ``TOOLS.md`` names its project by a UUID,
    silent; then the service's API key, a UUID under ``**API Key**:``, is reported."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "SOUL.md": "# Soul\n\nA video maker.\n", "AGENTS.md": "# Agents\n\nRead SOUL.md.\n",
        "USER.md": "# User\n", "MEMORY.md": "# Memory\n\n- videos on Ark\n",
        "HEARTBEAT.md": "# Heartbeat\n",
        "TOOLS.md": f"# Tools\n\n## Ark\n- **Project ID**: `{UUID}`\n- **Key**: `{UUID}`\n"})
    assert_no_secret_found(repo)
    repo.commit("key", {"TOOLS.md": f"# Tools\n\n## Ark\n- **API Key**: `{UUID}`\n"})
    found, out = secret_findings(repo)
    assert ("CT601", "TOOLS.md") in found and {path for _, path in found} == {"TOOLS.md"}, out


# Recall of surveys 19-30, a key pasted in prose with its ids first (survey 24: a workspace's
# note of a chat keeps ``api key is <user id>:<key id>:<secret>``; the colons ended the value).
PASTED_KEY = "4817203:Qm7xR2:" + MIXED + "Ab_-Cd3Ef5Gh7Ij9Kl"


@pytest.mark.parametrize("text", [
    f"api key is {PASTED_KEY}\n",
    f"user: the mbd api key is {PASTED_KEY}\n",
])
def test_a_key_pasted_in_prose_with_its_ids_first_is_found(text: str) -> None:
    found = find_seen(text)
    assert [f.kind for f in found] == ["keyed-secret"]
    assert [text[f.start:f.end] for f in found] == [PASTED_KEY.rsplit(":", 1)[1]]


@pytest.mark.parametrize("text", [
    "the api key is sha256:" + "0f1e2d3c4b5a6978" * 4 + "\n",  # its digest
    "the API key is SHA512:" + "0f1e2d3c4b5a6978" * 8 + "\n",
    f"the token is urn:uuid:{UUID}\n",  # an id
    "the api key is now kept in TOOLS.md (encrypted)\n",
    "the secret is vault:secret/data/prod/okx\n",
    "api key is 4817203:Qm7xR2:see-the-vault\n",  # words after the ids
    f'"key": "sha256:{HEX32}{HEX32}"\n',
])
def test_prose_after_is_with_colons_that_holds_no_key_is_silent(text: str) -> None:
    assert kinds(text) == []


def test_a_key_pasted_in_prose_in_a_workspace(tmp_path: Path) -> None:
    """In a real git repository: a workspace's note of a chat asks for an API key, silent;
    then the note holding the key the user pasted, ids first, is reported."""
    repo = GitRepo(tmp_path / "repo")
    chat = "# 2026-02-28\n\nuser: what's your API key for the exchange?\nassistant: ask first.\n"
    repo.commit("workspace", {
        "SOUL.md": "# Soul\n\nA trader.\n", "AGENTS.md": "# Agents\n\nRead SOUL.md.\n",
        "USER.md": "# User\n", "MEMORY.md": "# Memory\n\n- exchange keys stay local\n",
        "HEARTBEAT.md": "# Heartbeat\n", "memory/2026-02-28.md": chat})
    assert_no_secret_found(repo)
    repo.commit("chat", {"memory/2026-02-28.md": chat + f"user: api key is {PASTED_KEY}\n"})
    found, out = secret_findings(repo)
    assert ("CT601", "memory/2026-02-28.md") in found and \
        {path for _, path in found} == {"memory/2026-02-28.md"}, out


# Survey 32: an OpenClaw workspace beside a vendored crawler (MediaCrawler) and the scripts it
# wrote to walk a Feishu wiki. Made-up values: a share link's xsec_token, a Douyin msToken, a
# saved Tieba page's Baidu Weirwood token (32 hex digits), wiki nodes' tokens (DOC_TOKEN's shape).
XSEC_TOKEN = "ABx" + MIXED + "Rk3Wn5Yp7Ta9Vc1Xe3Zg5Bi7Dk9Fm1"
MS_TOKEN = MIXED + "-" + MIXED[::-1] + "_" + MIXED.lower() + "Qz9"


@pytest.mark.parametrize("text, found", [
    # a constant's name in the value's place, ending in PWD (MYSQL_DB_PWD was already silent)
    ('mongodb_config = {\n    "user": MONGODB_USER,\n    "password": MONGODB_PWD,\n}\n', []),
    ('    "password": "SMTP_PASS",\n', []),  # quoted: a fill-in naming the key
    ('    "password": "' + MIXED + '",\n', ["keyed-secret"]),  # a value
    ('MONGODB_PWD = "' + MIXED + '"\n', ["assigned-secret"]),
])
def test_survey_32_a_constant_ending_in_pwd_names_the_key(text: str, found: list[str]) -> None:
    assert kinds(text) == found


@pytest.mark.parametrize("text, found", [
    # Feishu wiki nodes' records, no Feishu name in the file: the documents' ids
    ('leaf_docs = [\n    {"title": "项目介绍", "obj_token": "' + DOC_TOKEN
     + '", "checked": True, "length": 4058},\n]\n', []),
    ('docs_tree = {\n    "架构设计文档 v1.0": {\n        "node_token": "' + DOC_TOKEN
     + '",\n        "has_child": True,\n    },\n}\n', []),
    ('{"title": "Ops", "obj_token": "' + MIXED + '"}\n', ["keyed-secret"]),  # not its shape
    ("NODE_TOKEN=" + DOC_TOKEN + "\n", ["keyed-secret"]),  # no wiki node's record around it
])
def test_survey_32_a_wiki_nodes_tokens_are_ids(text: str, found: list[str]) -> None:
    assert kinds(text) == found


@pytest.mark.parametrize("text, found", [
    # a note's share link: Xiaohongshu's xsec_token, there for anyone the link is sent to
    ('XHS_SPECIFIED_NOTE_URL_LIST = [\n    "https://www.xiaohongshu.com/explore/'
     '64b95d01000000000c034587?xsec_token=' + XSEC_TOKEN + '&xsec_source=pc_feed"\n]\n', []),
    # Douyin's msToken in a signing function's documented input: its SDK's visitor token
    (" * url_params：\"device_platform=webapp&aid=6383&platform=PC&msToken=" + MS_TOKEN + "\"\n",
     []),
    # the same after the word "cookie": no login's cookie either
    ("# the signed request's cookie and query\nparams = 'aid=6383&msToken=" + MS_TOKEN + "'\n",
     []),
    ("curl 'https://api.acme-corp.io/v1/me?access_token=" + XSEC_TOKEN + "'\n",
     ["keyed-secret"]),
    ('ms_token = "' + MS_TOKEN + '"\n', ["keyed-secret"]),  # not Douyin's name
])
def test_survey_32_visitor_tokens_are_no_secrets(text: str, found: list[str]) -> None:
    assert kinds(text) == found


@pytest.mark.parametrize("text, found", [
    # a saved page's Baidu Weirwood config: a monitoring token every page of the site ships
    ('<script>        window.weirwoodParams = {"common":{"buildid":"pc__pb","token":"'
     + HEX32 + '","ignoreUrls":[]},"error":{}};</script>\n', []),
    ('{"common":{"buildid":"pc__pb","token":"' + HEX32 + '"}}\n', ["keyed-secret"]),
])
def test_survey_32_a_pages_weirwood_token_is_public(text: str, found: list[str]) -> None:
    assert kinds(text) == found


def test_survey_32_workspace_in_a_repository(tmp_path: Path) -> None:
    """In a real git repository: an OpenClaw workspace holding the crawler's config and
    page fixtures and the wiki scripts, silent (CT601, CT605); a key in a note is found."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "SOUL.md": "# Soul\n\nA researcher.\n", "AGENTS.md": "# Agents\n\nRead SOUL.md.\n",
        "HEARTBEAT.md": "# Heartbeat\n\n- crawl\n", "USER.md": "# User\n",
        "MediaCrawler-main/config/db_config.py":
            'MONGODB_PWD = os.getenv("MONGODB_PWD", "")\n'
            'mongodb_config = {\n    "password": MONGODB_PWD,\n}\n',
        "MediaCrawler-main/config/xhs_config.py":
            'XHS_SPECIFIED_NOTE_URL_LIST = [\n    "https://www.xiaohongshu.com/explore/'
            '64b95d01000000000c034587?xsec_token=' + XSEC_TOKEN + '&xsec_source=pc_search"\n]\n',
        "MediaCrawler-main/libs/douyin.js":
            "/**\n * cookie: see below\n * url_params：\"aid=6383&msToken=" + MS_TOKEN + "\"\n */\n",
        "MediaCrawler-main/test_data/note_list.html":
            '<script>window.weirwoodParams = {"common":{"buildid":"pc_frs","token":"'
            + HEX32 + '"}};</script>\n',
        "check_all_docs.py": 'leaf_docs = [\n    {"title": "README", "obj_token": "'
                             + DOC_TOKEN + '", "checked": True},\n]\n'})
    _silent_then_a_key_found(repo, "memory/2026-03-14.md", "# Day\n\n- **API Key:** ")


# ------------------------------------------- survey 33: guard rules and a self-test's secret

GUARD_RULES = '''RULES = [
    ("block_secret_export", r"(导出|发送|发给).*(密钥|密码|token|secret|credentials|隐私)"),
]


def needs_secret_access(summary: str) -> bool:
    return re.search(r"密钥|密码|token|secret|隐私", summary) is not None
'''
PERSONA_AUDIT = '''def self_test():
    memories = [
        {"key": "unsafe_secret", "kind": "profile", "value": "api_key=secret-token-123"},
    ]
    return audit(memories)
'''


def test_survey_33_a_pattern_naming_passwords_and_a_self_tests_secret(tmp_path: Path) -> None:
    """Survey 33's workspace holds an agent's guard rules, patterns of the words a request to
    export a secret has (``(密钥|密码|token|secret|隐私)``: 密码 is one choice, and what
    followed it up to a Chinese character was read as the password), and a memory audit's
    self-test giving it ``api_key=secret-token-123`` to refuse (a secret's own names,
    counted). Both are silent; a password in a table's cell, with or without spaces around
    its pipes, and a note's key beside them are still found."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "AGENTS.md": "# Agent\n\nRead MEMORY.md.\n", "SOUL.md": "# Soul\n",
        "HEARTBEAT.md": "# Heartbeat\n", "MEMORY.md": "# Memory\n\nGuards live in core/.\n",
        "core/guard_rules.py": GUARD_RULES,
        "governance/persona_memory_audit.py": PERSONA_AUDIT})
    assert_no_secret_found(repo)
    repo.commit("secrets", {
        "memory/2026-04-29.md": "# 2026-04-29\n\n### DeepSeek API Key\n- **API Key**: `sk-"
                                + HEX32 + "`\n",
        "memory/accounts.md": "# 账号\n\n| 项目 | 值 |\n|---|---|\n| 密码 | " + MIXED[:12]
                              + " |\n\n|密码|" + MIXED[12:] + "|\n"})
    found, out = secret_findings(repo)
    assert found == [("CT601", "memory/2026-04-29.md"), ("CT601", "memory/accounts.md"),
                     ("CT601", "memory/accounts.md")], out


@pytest.mark.parametrize("text, found", [
    ('re.search(r"密钥|密码|token|secret|隐私", summary)', []),
    ("(密钥|密码|credentials|secret)", []),
    ("| 密码 | " + MIXED[:12] + " |", ["chinese-password"]),
    ("|密码|" + MIXED[:12] + "|", ["chinese-password"]),
    ("密码：" + MIXED[:12], ["chinese-password"]),
    ("api_key=secret-token-123", []),
    ("token: access-token-42", []),
    # words that are not a secret's names, or a generated part, are a value
    ("password=purple-key-42", ["assigned-secret"]),
    ("api_key=secret-" + MIXED[:8] + "-123", ["keyed-secret"]),
])
def test_survey_33_classes_one_line_each(text: str, found: list[str]) -> None:
    assert kinds(text) == found


# ------------------------------------------- survey 35: a generic type in a signature

API_SERVICE = '''# API 管理

```typescript
@Injectable({ providedIn: 'root' })
export class ApiManagementService {
  // 創建 API 密鑰
  createAPIKey(apiId: string, apiKey: Partial<APIKey>): Observable<APIKey> {
    return this.http.post<APIKey>(`${this.API_BASE}/${apiId}/keys`, apiKey);
  }

  updateAPIKey(apiId: string, keyId: string, apiKey: Partial<APIKey>): Observable<APIKey> {
    return this.http.put<APIKey>(`${this.API_BASE}/${apiId}/keys/${keyId}`, apiKey);
  }
}
```
'''


def test_survey_35_a_generic_type_in_a_memory_banks_signature(tmp_path: Path) -> None:
    """Survey 35's memory bank documents an Angular service whose methods take ``apiKey:
    Partial<APIKey>`` (a generic of one word around a type's name, read as a value up to
    ``):``). It is silent; a key the bank's note gives is still found."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("bank", {
        "memory-bank/projectbrief.md": "# Brief\n\nAn admin console.\n",
        "memory-bank/activeContext.md": "# Active context\n\nAPI management.\n",
        **{f"memory-bank/{name}.md": f"# {name}\n\nText.\n"
           for name in ("productContext", "systemPatterns", "techContext", "progress")},
        "memory-bank/Organization/10-API-Management.md": API_SERVICE})
    _silent_then_a_key_found(repo, "memory-bank/Organization/keys.md", "# Keys\n\n- apiKey: ")


@pytest.mark.parametrize("text, found", [
    ("createAPIKey(apiId: string, apiKey: Partial<APIKey>): Observable<APIKey> {", []),
    ("load(id: string, token: x, apiKey: Array<string>): void {", []),
    ("rotate(id: string, accessToken: Promise<Token>): Observable<Token> {", []),
    # digits in the brackets, or no type's name there, are a password's
    ("password: Summer<2024>x", ["assigned-secret"]),
    ('password: "Qwerty<Zx9>!"', ["assigned-secret"]),
])
def test_survey_35_classes_one_line_each(text: str, found: list[str]) -> None:
    assert kinds(text) == found


# ------------------------------- survey 34: a Gmail export's headers, a DID, a phrase in order

def _gmail_message(headers: list[tuple[str, str]]) -> str:
    """A message as Gmail's API returns it: its headers a list of name and value records."""
    return json.dumps({"id": "18c0ffee", "payload": {"mimeType": "text/html", "headers": [
        {"name": name, "value": value} for name, value in headers]}}, indent=2)


def test_survey_34_a_mail_export_a_did_and_a_test_phrase(tmp_path: Path) -> None:
    """Survey 34's workspace keeps a Gmail export (each message's headers ``{"name": …,
    "value": …}`` records, a cookie's record's shape: ``X-Mailgun-Sid``, ``sId`` and
    ``X-CM-TRANSID`` were read as login cookies, a ``Received`` header's ``[192.0.2.7]``
    in between), newsletters' ``List-Unsubscribe`` links with their readers' tokens, a
    wallet's mock-up showing an agent's ``did:key:z6Mk…`` and a test's recovery phrase, the
    word list's first twelve words in its order. All are silent; a login cookie's record, a
    token in another header's link, a key under ``key:`` and a drawn phrase are found."""
    jwt = _jwt({"subscriber_id": UUID, "post_id": UUID})
    received = "from mail.example.net (mail.example.net. [192.0.2.7]) by mx.example.com"
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "AGENTS.md": "# Agent\n\nRead MEMORY.md.\n", "SOUL.md": "# Soul\n",
        "HEARTBEAT.md": "# Heartbeat\n", "MEMORY.md": "# Memory\n\nMail is in backup/.\n",
        "backup/threads/1.json": _gmail_message([
            ("Received", received), ("X-Mailgun-Sid", "WyJ" + MIXED + HEX32[:8]),
            ("sId", UUID), ("X-CM-TRANSID", MIXED + "Ab1Cd2Ef"),
            ("List-Unsubscribe", "<mailto:" + UUID + "@unsub.example.com>, "
                                 "<https://news.example.com/unsubscribe/" + jwt + ">")]),
        "backup/threads/2.json": _gmail_message([
            ("List-Unsubscribe", "<https://letters.example.com/action/disable_email/disable?"
                                 "token=" + jwt + "&all=true>")]),
        "mockups/cli.html": '<span class="purple">did:key:z6Mk' + MIXED + HEX32[:20]
                            + "</span>\n",
        "tests/onboarding.test.js": "const mnemonic = 'abandon ability able about above absent"
                                    " absorb abstract absurd abuse access accident';\n"})
    assert_no_secret_found(repo)
    repo.commit("secrets", {
        "backup/cookies.json": json.dumps([{"name": "sessionid", "value": MIXED + HEX32[:8],
                                            "domain": ".example.com"}]),
        "backup/threads/3.json": _gmail_message([("X-Report", "https://example.com/r/" + jwt)]),
        "memory/keys.md": "# Keys\n\nsigning key: " + MIXED + HEX32[:20] + "\n",
        "memory/wallet.md": "# Wallet\n\nmnemonic: 'absent ability accident about above absorb"
                            " abandon abuse able absurd access abstract'\n"})
    found, out = secret_findings(repo)
    assert found == [("CT601", "backup/cookies.json"), ("CT601", "backup/threads/3.json"),
                     ("CT601", "memory/keys.md"), ("CT601", "memory/wallet.md")], out


@pytest.mark.parametrize("text, found", [
    ('"headers": [{"name": "X-Mailgun-Sid", "value": "WyJ' + MIXED + '"}]', []),
    ('"headers": [{"name": "Received", "value": "[192.0.2.7]"}, {"name": "sId", "value": "'
     + UUID + '"}]', []),
    ('"cookies": [{"name": "sId", "value": "' + UUID + '"}]', ["cookie-record"]),
    ("List-Unsubscribe: <https://news.example.com/u?token=" + MIXED + HEX32 + ">", []),
    ("Link: <https://news.example.com/u?token=" + MIXED + HEX32 + ">", ["keyed-secret"]),
    ("Recipient: did:key:z6Mk" + MIXED + HEX32[:20], []),
    ("mnemonic: abandon ability able about above absent absorb abstract absurd abuse access"
     " accident", []),
])
def test_survey_34_classes_one_line_each(text: str, found: list[str]) -> None:
    assert kinds(text) == found


def test_survey_34_an_sdks_reference_a_pages_code_and_a_drafted_mail(tmp_path: Path) -> None:
    """Survey 34's workspace also holds an SDK's reference, tables of parameters naming each
    one's type (``| `passphrase` | `string` | … |``, ``| `recipientPrivateKey` |
    `Uint8Array` | … |``), a demo page's ``hasPassword: !!password,`` and a drafted mail's
    ``**To:** desk@… / [Contact form](…)``: two ways to reach one desk, no login and its
    password. All are silent; a table's password, a page's password and a login's pair
    beside them are found."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "AGENTS.md": "# Agent\n\nRead MEMORY.md.\n", "SOUL.md": "# Soul\n",
        "HEARTBEAT.md": "# Heartbeat\n", "MEMORY.md": "# Memory\n\nDocs are in docs/.\n",
        "docs/SDK.md": "# SDK\n\n| Option | Type | Default | Description |\n|---|---|---|---|\n"
                       "| `passphrase` | `string` | env `WALLET_PASSPHRASE` | Wallet passphrase |\n"
                       "| `recipientPrivateKey` | `Uint8Array` | | The agent's private key |\n",
        "demos/vault.html": "<script>\nconst item = {\n  title,\n  hasPassword: !!password,\n"
                            "};\n</script>\n",
        "drafts/emails.md": "# Drafts\n\n**To:** desk@corp-mail.io / [Contact form]"
                            "(https://corp-mail.io/contact)\n"})
    assert_no_secret_found(repo)
    repo.commit("secrets", {
        "memory/accounts.md": "# Accounts\n\n| Service | Password |\n|---|---|\n| wallet | `"
                              + CHOSEN + "` |\n",
        "demos/login.html": "<script>\nconst login = {password: '" + MIXED + "'};\n</script>\n",
        "drafts/logins.md": "# Logins\n\n**Mail:** desk@corp-mail.io / " + CHOSEN + "\n"})
    found, out = secret_findings(repo)
    assert found == [("CT601", "demos/login.html"), ("CT601", "drafts/logins.md"),
                     ("CT601", "memory/accounts.md")], out


@pytest.mark.parametrize("text, found", [
    ("| `apiKey` | `string` | The key |", []),
    ("password: `Uint8Array`\n", []),
    ("hasPassword: !!password,", []),
    ("{password:!jr||Dk(a,i,n)}", []),
    ("randomPrivateKey: ()=>{const", []),
    ("me@corp-mail.io / [Contact form](https://corp-mail.io/c)", []),
    # a value in a code span, one after a single bang, a login's pair are still found
    ("password: `" + CHOSEN + "`\n", ["assigned-secret"]),
    ("password: !" + MIXED[:12], ["assigned-secret"]),
    ("me@corp-mail.io / " + CHOSEN, ["login-pair"]),
])
def test_survey_34_code_and_tables_one_line_each(text: str, found: list[str]) -> None:
    assert kinds(text) == found


# ------------------------------------- sweep 2 of OpenClaw workspaces: an interface's name

SCRYPT_OPTIONS = '''import { type IDataType, getDigestHex } from "./util";

export interface ScryptOptions {
\t/**
\t * Password (or message) to be hashed
\t */
\tpassword: IDataType;
\t/**
\t * Salt (usually containing random bytes)
\t */
\tsalt: IDataType;
}
'''


def test_sweep_2_an_interfaces_name_in_a_passwords_place(tmp_path: Path) -> None:
    """A sweep of OpenClaw workspaces (IDENTITY.md from row 41) found a workspace keeping a
    package's TypeScript source saved under another extension (``pyc/…assignWith.js.bin``),
    whose options' interface types its password ``password: IDataType;``: an interface
    named with TypeScript's ``I`` before one or more capitalised words is a type, as two
    capitalised words already were. Silent; a password of letters and digits under the same
    key is still found."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "AGENTS.md": "# Agent\n\nRead MEMORY.md.\n", "SOUL.md": "# Soul\n",
        "IDENTITY.md": "# Identity\n", "MEMORY.md": "# Memory\n\nVendored code lives in pyc/.\n",
        "pyc/node_modules_hash-wasm_scrypt.ts.bin": SCRYPT_OPTIONS})
    assert_no_secret_found(repo)
    repo.commit("a password", {"memory/2026-05-02.md": "# 2026-05-02\n\n- password: I"
                                                     + MIXED[:14] + "\n"})
    found, out = secret_findings(repo)
    assert found == [("CT601", "memory/2026-05-02.md")], out


@pytest.mark.parametrize("text, found", [
    ("\tpassword: IDataType;", []),
    ("password: IOptions,", []),
    ("password: I" + MIXED[:14], ["assigned-secret"]),
    ("password: IAmGr00t-9x!", ["assigned-secret"]),
])
def test_sweep_2_an_interfaces_name_one_line_each(text: str, found: list[str]) -> None:
    assert kinds(text) == found


# ------------------- the agent state files' history (CT605): a .env's fill-in and its comment

@pytest.mark.parametrize("text, found", [
    # a fill-in padded to the length it asks for, in a backed-up .env
    ("ADMIN_SESSION_SECRET=change-me-with-at-least-32-characters-----------", []),
    # a comment in the value's place, in a .env's legacy block
    ("PARQUET_EXPORT_SECRET=#DEPRECATED, use ADMIN_API_SECRET instead", []),
    # a generated part after the fill-in's words, or digits after the mark, are a value
    ("SESSION_SECRET=change-me-" + MIXED[:16], ["keyed-secret"]),
    ("DB_PASSWORD=#" + MIXED[:10], ["assigned-secret"]),
])
def test_agent_state_history_classes_one_line_each(text: str, found: list[str]) -> None:
    assert kinds(text) == found


# ------------------------------ sweep 1 of OpenClaw workspaces: Supabase's anon key by its name

def _supabase_key(role: str) -> str:
    """A Supabase-shaped token (HS256, compact JSON as Supabase writes it) whose signature
    starts with a digit: one starting with a letter reads as a dotted name in code."""
    def part(value: dict[str, object]) -> str:
        text = json.dumps(value, separators=(",", ":"))
        return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")
    claims = {"iss": "supabase", "ref": "qwhxkzvbnmrtplsdfgjy", "role": role,
              "iat": 1700000000, "exp": 4102444800}
    return part({"alg": "HS256", "typ": "JWT"}) + "." + part(claims) + ".7" + MIXED + MIXED[:18]


ANON = _supabase_key("anon")
SERVICE = _supabase_key("service_role")


@pytest.mark.parametrize("text, found", [
    ("const SUPABASE_KEY = '" + ANON + "';", []),
    ('SUPABASE_ANON_KEY = "' + ANON + '"', []),
    ("const KEY='" + ANON + "';", []),
    ('    KEY = "' + ANON + '"', []),
    # its secret half stays found, under any name or none
    ("const SERVICE_KEY = '" + SERVICE + "';", ["jwt"]),
    ("const SUPABASE_KEY = '" + SERVICE + "';", ["jwt"]),
    ("  '" + SERVICE + "',", ["jwt"]),
])
def test_sweep_1_a_supabase_anon_key_under_a_keys_name_is_public(text: str,
                                                                 found: list[str]) -> None:
    """Sweep 1 of OpenClaw workspaces (SOUL.md from row 21): a shop's workspace keeps its
    Supabase anon key in twelve scripts and pages, ``SUPABASE_KEY = 'eyJ…'``. The ``jwt``
    detector passes a token whose claims say ``"role":"anon"`` (it ships in every browser);
    the key-word detectors reported it under its name all the same."""
    assert kinds(text) == found


def test_sweep_1_workspace_in_a_repository(tmp_path: Path) -> None:
    """In a real git repository: scripts holding the anon key are silent (CT601, CT605); the
    service_role key beside them is found."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "SOUL.md": "# Soul\n", "AGENTS.md": "# Agents\n\nRead SOUL.md.\n",
        "HEARTBEAT.md": "# Heartbeat\n", "USER.md": "# User\n",
        "MEMORY.md": "# Memory\n\nThe shop's data is in Supabase.\n",
        "scripts/import-images.py": 'SUPABASE_URL = "https://qwhxkzvbnmrtplsdfgjy.supabase.co"\n'
                                    'SUPABASE_KEY = "' + ANON + '"\n',
        "src/lib/supabase.ts": "const SUPABASE_ANON_KEY = '" + ANON + "';\n"})
    assert_no_secret_found(repo)
    repo.commit("admin", {"src/admin/client.ts": "createClient(\n  'https://x.supabase.co',\n  '"
                                                 + SERVICE + "'\n);\n"})
    found, out = secret_findings(repo)
    assert found == [("CT601", "src/admin/client.ts")], out


# ------------------- sweep 1, outside its rule: an API reference's sample credentials

@pytest.mark.parametrize("text, found", [
    ('{ "apiKey": "550e8400-e29b-41d4-a716-446655440000", "secret": "base64EncodedSecretString",'
     ' "passphrase": "randomPassphraseString" }', []),
    ('"secret": "yourBase64EncodedSecret"', []),
    ('api_key = "base64EncodedApiKey"', []),
    # a UUID other than the RFC's, and a generated part after an encoding's name, are values
    ('"apiKey": "' + UUID + '"', ["keyed-secret"]),
    ('"secret": "base64' + MIXED[:16] + '"', ["keyed-secret"]),
    ('password = "summer2024Password"', ["assigned-secret"]),
])
def test_sweep_1_an_api_references_sample_credentials(text: str, found: list[str]) -> None:
    """A copy of Polymarket's CLOB API reference in a workspace's ``docs/`` (sweep 1 of
    OpenClaw workspaces, on a branch its rule did not read): the sample ``apiCreds`` are RFC
    4122's example UUID and camel-case words with an encoding's name in them
    (``base64EncodedSecretString``). Camel-case words were already a name; the digits of
    ``base64`` made them a value."""
    assert kinds(text) == found


def test_set_47_a_kimi_key_is_named_for_its_issuer() -> None:
    """Set 47: an OpenClaw workspace's Kimi Code key (``sk-kimi-…``) was reported as "an
    OpenAI API key"; found all the same, now under its own name. OpenAI's keys keep theirs."""
    assert kinds("apiKey: sk-kimi-" + MIXED + MIXED[:16]) == ["kimi-key"]
    assert kinds("OPENAI_API_KEY=sk-proj-" + MIXED + MIXED) == ["openai-key"]


# ------------------- survey 36: a browser's profile in an OpenClaw state; a dev password

HEX64 = HEX32 + HEX32[::-1]


def test_survey_36_a_browser_profiles_own_keys_are_no_credential(tmp_path: Path) -> None:
    """Survey 36: an OpenClaw state directory committed with the user-data folder of the
    browser the agent drives. Chromium's ``Secure Preferences`` keeps the MACs of its settings
    (one under ``policy_recovery_token``), ``BrowsingTopicsState`` the Topics API's HMAC seed,
    ``shared_proto_db/`` the requests of the browser's own services with the Google API key
    built into Chrome: the browser's keys for itself, no login. A site's token the profile's
    ``Local Storage`` keeps is still found."""
    repo = GitRepo(tmp_path / "repo")
    profile = "state/browser/openclaw/user-data/Default/"
    repo.commit("state", {
        "state/openclaw.json": '{"agents": {"defaults": {"model": "deepseek/deepseek-chat"}}}\n',
        "state/identity/device.json": '{"version": 1, "deviceId": "laptop"}\n',
        profile + "Secure Preferences": json.dumps({"protection": {"macs": {"enterprise_signin": {
            "policy_recovery_token": HEX64.upper()}}}}) + "\n",
        profile + "BrowsingTopicsState": json.dumps({"hex_encoded_hmac_key": HEX64.upper(),
                                                     "epochs": []}, indent=2) + "\n",
        profile + "shared_proto_db/000003.log": "\x0eX-Goog-Api-Key\x12'" + GOOGLE + "\n"})
    assert_no_secret_found(repo)
    repo.commit("a site's token", {
        profile + "Local Storage/leveldb/000003.log": '_https://x.example\x00\x01token\x01"'
                                                      + GHP + '"\n'})
    found, out = secret_findings(repo)
    assert ("CT601", profile + "Local Storage/leveldb/000003.log") in found, out
    assert not [path for _, path in found if "Preferences" in path or "proto" in path], out


@pytest.mark.parametrize("text, found", [
    ('{"text": "    environment:\\n      POSTGRES_PASSWORD: devpass\\n      POSTGRES_DB: app\\n"}',
     []),
    ("POSTGRES_PASSWORD: dev_password\\n", []),
    ("DB_PASSWORD=localpass\\n", []),
    # a generated part after the words is a value
    ("      POSTGRES_PASSWORD: devK7q2mZ9xW\\n", ["assigned-secret"]),
    ("      POSTGRES_PASSWORD: devpassK7q2mZ9\\n", ["assigned-secret"]),
])
def test_survey_36_a_local_dev_databases_password(text: str, found: list[str]) -> None:
    """Survey 36: an agent's transcript (JSON lines, newlines escaped) holds the
    ``docker-compose.yml`` it wrote, a local Postgres whose password is ``devpass``: the words
    for a development password, as ``testpass`` and ``demopass`` already were."""
    assert kinds(text) == found


# ------------------- set 46: a pattern of what must not be pushed, in a CLAUDE.md's secret scan

SCAN = '`git log -p -2 | grep -nE "(TELEGRAM_BOT_TOKEN=[0-9]|sk-ant-|[0-9]{8,10}:[A-Za-z0-9_-]{30,})"`'


@pytest.mark.parametrize("text, found", [
    ("  " + SCAN, []),
    ('grep -E "API_KEY=[A-Za-z0-9]{32}"', []),
    ("SECRET_KEY=\\w+|token", []),
    ("API_SECRET=^[a-f0-9]{40}$", []),
    # a value that opens with a bracketed word, no class repeated, stays found
    ("password=[abc]" + MIXED[:12], ["assigned-secret"]),
    ("API_SECRET=" + MIXED[:20], ["keyed-secret"]),
])
def test_set_46_a_pattern_in_the_values_place_one_line_each(text: str, found: list[str]) -> None:
    """Set 46 (a CLAUDE.md's rules for a public repository): before each push, a quick scan
    ``grep -nE "(TELEGRAM_BOT_TOKEN=[0-9]|sk-ant-|…)"``. The regular expression after the
    key's name is the shape of a token, not one: a character class repeated, or one choice of
    an alternation, is a pattern."""
    assert kinds(text) == found


def test_set_46_a_secret_scan_in_claude_md_in_a_repository(tmp_path: Path) -> None:
    """In a real git repository: the CLAUDE.md holding the scan since its first commit is
    silent now and in its history (CT601, CT605); a token written there is still found."""
    repo = GitRepo(tmp_path)
    repo.commit("rules", {"CLAUDE.md": "# Rules\n\n- Quick secret scan when in doubt:\n  "
                                       + SCAN + "\n"})
    assert_no_secret_found(repo)
    repo.commit("a token", {"CLAUDE.md": "# Rules\n\nTELEGRAM_BOT_TOKEN=" + MIXED[:20] + "\n"})
    found, out = secret_findings(repo)
    assert ("CT601", "CLAUDE.md") in found, out


# ------------------- survey 39: a token handed over alone in a code fence below its name

GATEWAY = HEX32 + HEX32[:16]  # made up: 48 hex digits, the shape of OpenClaw's gateway token


@pytest.mark.parametrize("text", [
    "Token 在这：\n```\n" + GATEWAY + "\n```\n",  # a full-width colon, the fence below
    # an OpenClaw session corpus flattens a message's lines to one
    "[main/sessions/a1b2.jsonl#L303] Assistant: Token 在这： ``` " + GATEWAY
    + " ``` 打开 dashboard URL 之后，把这个 token 粘贴到 Control UI settings 里就行了。\n",
    "Here is the gateway token:\n\n```text\n" + GATEWAY + "\n```\n",
    "**API key:**\n```\n" + MIXED + "\n```\n",
])
def test_survey_39_a_generated_value_alone_in_a_fence_below_its_name_is_found(text: str) -> None:
    """Survey 39: an agent gave its user OpenClaw's gateway token as ``Token 在这：`` and the
    value alone in a code fence; the workspace's session corpus (``memory/.dreams/``) keeps
    the message, its lines flattened. The key's name and its colon name the value below."""
    assert kinds(text) == ["keyed-secret"]


@pytest.mark.parametrize("text", [
    "Token:\n```\n<your-gateway-token>\n```\n",  # a fill-in
    "API key:\n```bash\nexport API_KEY=$(cat ~/.config/acme/key)\n```\n",  # code, not a value
    "SSH key:\n```\nssh-ed25519 " + MIXED + " me@laptop\n```\n",  # a public key
    "Public key:\n```\n" + MIXED + "\n```\n",
    "token:\n```json\n{\"access\": \"see the vault\"}\n```\n",
    # the fence holds more than the value: a block, not a token handed over
    "Token:\n```\n" + GATEWAY + "\nopenclaw gateway restart\n```\n",
    "cache key:\n```\nuser_profile_cache_entries\n```\n",  # words
])
def test_survey_39_a_fence_below_a_keys_name_holding_no_lone_value_stays_silent(
        text: str) -> None:
    assert kinds(text) == []


def test_survey_39_a_gateway_token_in_an_openclaw_session_corpus(tmp_path: Path) -> None:
    """In a real git repository: an OpenClaw workspace whose session corpus says where the
    token is shown is silent; the corpus line holding it, fenced, is reported (CT601)."""
    repo = GitRepo(tmp_path / "repo")
    corpus = "memory/.dreams/session-corpus/2026-04-19.txt"
    repo.commit("workspace", {
        "AGENTS.md": "# Agent\n\nRead SOUL.md.\n", "SOUL.md": "# Soul\n",
        "HEARTBEAT.md": "# Heartbeat\n", "USER.md": "# User\n",
        "memory/2026-04-19.md": "# Day\n\n- gateway paired\n",
        corpus: "[main/sessions/a1b2.jsonl#L300] User: unauthorized: gateway token missing\n"})
    assert_no_secret_found(repo)
    repo.commit("corpus", {corpus: "[main/sessions/a1b2.jsonl#L303] Assistant: Token 在这： ``` "
                           + GATEWAY + " ``` 打开 dashboard URL 之后粘贴。\n"})
    found, out = secret_findings(repo)
    assert found == [("CT601", corpus)], out


# ------------------- Kiro specs (2026-12-07): a spec's design and requirements, read as memory

@pytest.mark.parametrize("text, found", [
    # a form's validation tags, in a requirements list
    ('- binding tags: `name:"required,max=255"` / `password:"required,min=8"` / '
     '`password_confirmation:"required,eqfield=Password"`\n', []),
    # the stack table's library for the field
    ("| Layer | Library | Role |\n|---|---|---|\n"
     "| Password | golang.org/x/crypto/bcrypt | hashing |\n", []),
    # an error message about the field, which opens with its name
    ('- **Weak Password**: "Password should be at least 6 characters"\n', []),
    # a value after the same keys that is none of these stays found
    ('`password:"required,' + MIXED[:12] + '"`\n', ["assigned-secret"]),
    ("| Layer | Value | Role |\n|---|---|---|\n| Password | " + MIXED[:16] + " | the admin's |\n",
     ["assigned-secret"]),
    ('password: "correct horse battery staple"\n', ["assigned-secret"]),
    ('VALID_PASSWORD = "Tides@' + "2031" + '"\n', ["assigned-secret"]),
])
def test_kiro_specs_a_fields_rules_library_and_message_are_no_password(
        text: str, found: list[str]) -> None:
    """A Kiro spec's design.md and requirements.md describe a login: the validation tags of
    its form (``password:"required,min=8"``), the library that hashes the password in the
    stack's table (``| Password | golang.org/x/crypto/bcrypt |``), the message shown for a
    weak one (``**Weak Password**: "Password should be …"``). None is a password; a test
    password written in the same design stays found."""
    assert kinds(text) == found


# ------------------- set 50 (conventions): the server's public key a front end encrypts with


def _der(tag: int, body: bytes) -> bytes:
    """A DER element of ``tag`` holding ``body`` (lengths up to 65,535 bytes)."""
    size = len(body)
    length = bytes([size]) if size < 128 else bytes([0x81, size]) if size < 256 else \
        bytes([0x82, size >> 8, size & 0xFF])
    return bytes([tag]) + length + body


def _made_up_bytes(count: int, seed: str) -> bytes:
    """``count`` bytes that look random and are no one's key (a hash chain of ``seed``)."""
    out = b""
    while len(out) < count:
        out += hashlib.sha256((seed + str(len(out))).encode()).digest()
    return out[:count]


_RSA = _der(0x30, _der(0x06, bytes.fromhex("2a864886f70d010101")) + _der(0x05, b""))
_EC_P256 = _der(0x30, _der(0x06, bytes.fromhex("2a8648ce3d0201"))
                + _der(0x06, bytes.fromhex("2a8648ce3d030107")))


def _rsa_public(bits: int) -> str:
    modulus = _der(0x02, b"\x00" + _made_up_bytes(bits // 8, f"n{bits}"))
    body = _der(0x30, modulus + _der(0x02, b"\x01\x00\x01"))
    return base64.b64encode(_der(0x30, _RSA + _der(0x03, b"\x00" + body))).decode()


EC_PUBLIC = base64.b64encode(_der(0x30, _EC_P256 + _der(
    0x03, b"\x00\x04" + _made_up_bytes(64, "ec")))).decode()
PKCS8_PRIVATE = base64.b64encode(_der(0x30, _der(0x02, b"\x00") + _RSA + _der(
    0x04, _made_up_bytes(600, "d")))).decode()
PKCS8_ENCRYPTED = base64.b64encode(_der(0x30, _RSA + _der(
    0x04, _made_up_bytes(600, "e")))).decode()


@pytest.mark.parametrize("text", [
    "# VITE_APP_API_ENCRYPT_REQUEST_KEY = " + _rsa_public(1024) + "\n",
    "RSA_KEY='" + _rsa_public(2048) + "'\n",
    "SIGNING_KEY=" + EC_PUBLIC + "\n",
])
def test_set_50_a_public_key_in_base64_der_is_no_secret(text: str) -> None:
    """Set 50: a front end's `.env` kept the server's RSA public key (X.509's
    SubjectPublicKeyInfo in base64, ``MIGf…``) under ``VITE_APP_API_ENCRYPT_REQUEST_KEY``,
    the key it encrypts requests with: public by design, yet judged a generated secret."""
    assert kinds(text) == []


@pytest.mark.parametrize("value", [PKCS8_PRIVATE, PKCS8_ENCRYPTED])
def test_set_50_a_private_key_in_base64_der_is_still_found(value: str) -> None:
    assert kinds("VITE_APP_API_ENCRYPT_RESPONSE_KEY = " + value + "\n") == ["keyed-secret"]


def test_set_50_a_public_key_in_an_env_file_in_a_repository(tmp_path: Path) -> None:
    """In a real git repository: the public key is silent in the `.env` and in its history
    (CT601, CT605); the private key written beside it later is found in both."""
    repo = GitRepo(tmp_path)
    repo.commit("front end", {
        ".specify/memory/constitution.md": "# Tides Constitution\n\n**Version**: 1.0.0\n",
        ".env": "VITE_APP_API_ENCRYPT_ALGORITHM = AES\n"
                "VITE_APP_API_ENCRYPT_REQUEST_KEY = " + _rsa_public(1024) + "\n"})
    assert_no_secret_found(repo)
    repo.commit("response key", {
        ".env": "VITE_APP_API_ENCRYPT_REQUEST_KEY = " + _rsa_public(1024) + "\n"
                "VITE_APP_API_ENCRYPT_RESPONSE_KEY = " + PKCS8_PRIVATE + "\n"})
    found, out = secret_findings(repo)
    assert ("CT601", ".env") in found and ("CT605", ".env") in found, out


# ------------------- survey 40: a wallet's private key under its own address

ADDRESS = "0x" + "4d7A9c2E" * 5  # made up: 40 hex digits, an account's address
WALLET_KEY = "0x" + "3b9F1e6C" * 8  # made up: 64 hex digits, the key that signs for it


@pytest.mark.parametrize("text", [
    # a custodial service's map of accounts to their keys, one line of an .env
    'CUSTODIAL_KEYS_JSON={"' + ADDRESS + '":"' + WALLET_KEY + '"}\n',
    # the same, its quotes escaped inside a quoted value
    'KEYS="{\\"' + ADDRESS + '\\": \\"' + WALLET_KEY + '\\"}"\n',
    # Ganache's dump of its accounts' keys, without the 0x
    '{\n  "private_keys": {\n    "' + ADDRESS.lower() + '": "' + WALLET_KEY[2:] + '"\n  }\n}\n',
])
def test_survey_40_a_private_key_under_its_address_is_found(text: str) -> None:
    """Survey 40: a hackathon's ticket marketplace kept its custodial wallets' keys in its
    ``.env`` as a JSON map from each address to its key, under ``CUSTODIAL_KEYS_JSON``: no
    key word names a value, the address it is written under does."""
    assert kinds(text) == ["address-keyed-key"]


@pytest.mark.parametrize("text", [
    '{"' + ADDRESS + '": "' + "0x" + "9e1C" * 10 + '"}\n',  # an address under an address
    '"alloc": {"' + ADDRESS + '": {"balance": "0x' + "f" * 64 + '"}}\n',  # a genesis' funds
    '{"txHash": "' + WALLET_KEY + '", "from": "' + ADDRESS + '"}\n',  # a hash under its name
    "- deployed " + ADDRESS + " in " + WALLET_KEY + "\n",  # prose, no pairing
])
def test_survey_40_an_address_beside_other_hex_values_stays_silent(text: str) -> None:
    assert kinds(text) == []


def test_survey_40_custodial_keys_in_an_env_file_and_its_history(tmp_path: Path) -> None:
    """In a real git repository: an instruction root whose ``.env`` holds the custodial
    map is reported (CT601), and after the keys are emptied its history still is (CT605)."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("env", {
        "CLAUDE.md": "# Rules\n\n- Run the chain with docker compose.\n",
        "blockchain/.env": "CHAIN_ID=1337\nCUSTODIAL_KEYS_JSON={\"" + ADDRESS + "\":\""
                           + WALLET_KEY + "\"}\n"})
    found, out = secret_findings(repo)
    assert found == [("CT601", "blockchain/.env"), ("CT605", "blockchain/.env")], out
    repo.commit("emptied", {"blockchain/.env": "CHAIN_ID=1337\nCUSTODIAL_KEYS_JSON={}\n"})
    found, out = secret_findings(repo)
    assert found == [("CT605", "blockchain/.env")], out


# ------------------- set 51: a key store's documented default password

@pytest.mark.parametrize("text", [
    # a CLAUDE.md's note on reaching a local HTTPS server from an emulator: the JDK's trust
    # store, whose password keytool and the JDK document as ``changeit``
    '`JAVA_TOOL_OPTIONS="-Djavax.net.ssl.trustStore=$USERPROFILE/.tqapp-certs/cacerts '
    '-Djavax.net.ssl.trustStorePassword=changeit"`\n',
    "keytool -importcert -keystore cacerts -storepass changeit -alias dev\n",
    "KEYSTORE_PASSWORD=changeit\n",
    # Android's debug keystore, whose store and key passwords the SDK sets to ``android``
    "storePassword 'android'\nkeyPassword 'android'\n",
    "ANDROID_KEYSTORE_PASSWORD=android\n",
])
def test_set_51_a_key_stores_documented_default_password_is_no_secret(text: str) -> None:
    """Set 51: an app's CLAUDE.md told the agent how to run Gradle against a local trust
    store of mkcert's certificates, with ``trustStorePassword=changeit``: the JDK's documented
    default for a key store (its ``cacerts`` ships with it), which keeps no one out of a file
    of public certificates. Android's debug keystore's (``android``, a plain word) was passed
    over already."""
    assert kinds(text) == []


@pytest.mark.parametrize("text", [
    "-Djavax.net.ssl.trustStorePassword=Tq7mR2xK9vLw\n",
    "storePassword 'Andr0id-Rel3ase-9Kq'\n",
])
def test_set_51_a_key_stores_chosen_password_is_found(text: str) -> None:
    assert kinds(text) != []


def test_set_51_a_trust_stores_default_password_in_a_repository(tmp_path: Path) -> None:
    """In a real git repository: the default is silent in CLAUDE.md and in its history
    (CT601, CT605); a chosen password written in its place later is found in both."""
    repo = GitRepo(tmp_path)
    line = ('- HTTPS needs the mkcert truststore: `JAVA_TOOL_OPTIONS="-Djavax.net.ssl.trustStore='
            '$USERPROFILE/.tqapp-certs/cacerts -Djavax.net.ssl.trustStorePassword={}"`\n')
    repo.commit("emulator notes", {"CLAUDE.md": "# App\n\n" + line.format("changeit")})
    assert_no_secret_found(repo)
    repo.commit("own store", {"CLAUDE.md": "# App\n\n" + line.format("Tq7mR2xK9vLw")})
    found, out = secret_findings(repo)
    assert ("CT601", "CLAUDE.md") in found and ("CT605", "CLAUDE.md") in found, out


# ----------------------- survey 41: a fill-in word in capitals after a provider's prefix

@pytest.mark.parametrize("text", [
    # an app's .env and its .env.example: the prefix kept, a fill-in word where the key goes
    "STRIPE_SECRET_KEY=sk_test_PLACEHOLDER\n",
    "EXPO_PUBLIC_WOMPI_PRIVATE_KEY=prv_test_PLACEHOLDER\n",
    "OPENAI_API_KEY=sk-proj-PLACEHOLDER\n",
    "STRIPE_SECRET_KEY=sk_live_REPLACE_ME\n",
    "SLACK_BOT_TOKEN=xoxb-DUMMY-TOKEN\n",
])
def test_survey_41_a_fill_in_word_after_a_providers_prefix_is_no_credential(text: str) -> None:
    """Survey 41: an event app's ``.env`` and ``.env.example`` wrote ``sk_test_PLACEHOLDER``
    and ``prv_test_PLACEHOLDER`` where a payment provider's secret key goes: the prefix kept,
    a word in capitals after it, nothing generated."""
    assert kinds(text) == []


@pytest.mark.parametrize("text", [
    "STRIPE_SECRET_KEY=sk_test_" + "Placeholder9x" + "Q7w2E5r8T1y4\n",  # a word opening a key
    "SECRET_KEY=sk_test_" + "PLACEHOLDER" + "a1B2c3D4e5F6g7\n",
])
def test_survey_41_a_key_opening_with_a_word_is_still_found(text: str) -> None:
    assert kinds(text) != []


def test_survey_41_fill_ins_in_an_env_and_its_example_in_a_repository(tmp_path: Path) -> None:
    """In a real git repository: an instruction root whose ``.env`` and ``.env.example``
    keep the payment providers' prefixes before ``PLACEHOLDER`` reports nothing, in the tree
    or in the history (CT601, CT605); a key that replaces one is found."""
    repo = GitRepo(tmp_path / "repo")
    env = ("# Stripe (international)\nEXPO_PUBLIC_STRIPE_PUBLISHABLE_KEY=pk_test_PLACEHOLDER\n"
           "STRIPE_SECRET_KEY=sk_test_PLACEHOLDER\nEXPO_PUBLIC_WOMPI_PRIVATE_KEY=prv_test_PLACEHOLDER\n")
    repo.commit("env", {"CLAUDE.md": "# Rules\n\n- Payments go through services/payment.ts.\n",
                        ".env": env, ".env.example": env})
    assert_no_secret_found(repo)
    key = "sk_test_" + "51Hq7wE2r" + "T5y8U1i4O7p0A3s6D9f"  # made up
    repo.commit("key", {".env": env.replace("sk_test_PLACEHOLDER", key)})
    found, out = secret_findings(repo)
    assert found == [("CT601", ".env"), ("CT605", ".env")], out


# --------------------------------- survey 41: a UUID handed to a CLI by its --key flag

SMITHERY_KEY = "1b2c3d4e-" + "5f60-4a7b-8c9d-" + "0e1f2a3b4c5d"  # made up: a UUID


@pytest.mark.parametrize("text", [
    # Smithery's CLI in an MCP config, its API key (a UUID) handed over by ``--key``
    '{"mcpServers": {"exa": {"command": "npx", "args": [\n  "-y", "@smithery/cli@latest",'
    ' "run", "exa",\n  "--key",\n  "' + SMITHERY_KEY + '"\n]}}}\n',
    "npx -y @smithery/cli@latest run exa --key " + SMITHERY_KEY + "\n",
    '"args": ["serve", "--token", "' + SMITHERY_KEY + '"]\n',
])
def test_survey_41_a_uuid_after_a_key_flag_is_found(text: str) -> None:
    """Survey 41: a Cursor MCP config ran Smithery's CLI with ``"--key", "<uuid>"``. A UUID
    under a bare ``key`` reads as a record's, but a flag names no record: it hands the
    program its key."""
    assert kinds(text) == ["keyed-secret"]


@pytest.mark.parametrize("text", [
    '{"key": "' + SMITHERY_KEY + '"}\n',  # a record's key
    '"args": ["key", "' + SMITHERY_KEY + '"]\n',  # a list's items, no flag
    "aws s3api get-object --key uploads/" + SMITHERY_KEY + ".png out.png\n",  # an object's path
    '"args": ["run", "exa", "--key", "${SMITHERY_API_KEY}"]\n',  # read at run time
    '"args": ["run", "exa", "--key", "your-smithery-key"]\n',  # a fill-in
])
def test_survey_41_a_uuid_as_a_record_or_a_flags_fill_in_stays_silent(text: str) -> None:
    assert kinds(text) == []


def test_survey_41_a_smithery_key_in_a_cursor_mcp_config_and_its_history(tmp_path: Path) -> None:
    """In a real git repository: a Cursor MCP config handing Smithery's CLI its key is
    reported (CT601), and after the key is replaced by a variable its history still is
    (CT605)."""
    repo = GitRepo(tmp_path / "repo")
    config = ('{\n  "mcpServers": {\n    "exa": {\n      "command": "npx",\n      "args": [\n'
              '        "-y", "@smithery/cli@latest", "run", "exa",\n        "--key",\n'
              '        "{key}"\n      ]\n    }\n  }\n}\n')
    repo.commit("mcp", {".cursor/mcp.json": config.replace("{key}", SMITHERY_KEY)})
    found, out = secret_findings(repo)
    assert found == [("CT601", ".cursor/mcp.json"), ("CT605", ".cursor/mcp.json")], out
    repo.commit("env", {".cursor/mcp.json": config.replace("{key}", "${SMITHERY_API_KEY}")})
    found, out = secret_findings(repo)
    assert found == [("CT605", ".cursor/mcp.json")], out


# ------------------------------------------------------------ set 52: a workspace's scanners

BITABLE_BASE = "BISA" + "bNgYq2Lk7Rt4Wx9Zc3Vd5Fh"  # a Bitable base's token: 27 letters and digits
BITABLE_TABLE = "tbl" + "5Kq8Lm2Nx4Rw"


@pytest.mark.parametrize("text", [
    # a security skill's rules: the pattern that finds a secret assigned to a key
    "const PATTERNS = {\n  'Secret': /(?:secret|password|passwd|pwd|SECRET|PASSWORD)\\s*[:=]\\s*"
    "['\"]?([^\\s'\"`]{8,})['\"]?/gi,\n};\n",
    # a release audit's grep -P of hard-coded local API tokens
    "check_no_match \"hard-coded local API tokens\" 'LOCAL_API_TOKEN=(?!<)[^[:space:]]+'\n",
    # a dashboard's documentation of its settings: what the token is for, in a sentence
    '    LOCAL_API_TOKEN: "Set explicitly to allow import/export and state-changing routes; '
    'present token via x-local-token or Authorization Bearer",\n',
    # an agent's configuration: a Bitable table's record, the base's token as ``token``
    f"context:\n  - table: 工作日志\n    token: {BITABLE_BASE}\n    id: {BITABLE_TABLE}\n",
    # a demo's usage text: ``app_token`` a dozen lines below the Feishu link that explains it
    "1. 飞书多维表格配置: https://open.feishu.cn/open-apis/bitable/v1\n"
    + "   # (a step of the setup, the same words again and again)\n" * 12
    + f'   dashboard = MemoryDashboard(\n       app_token="{BITABLE_BASE}",\n   )\n',
])
def test_set_52_a_pattern_a_sentence_or_a_bases_id_is_no_secret(text: str) -> None:
    """Set 52: an OpenClaw workspace kept its own secret scanner's rules (a regular
    expression under ``'Secret':``; a ``grep -P`` for ``LOCAL_API_TOKEN=``), a dashboard's
    documentation of its ``LOCAL_API_TOKEN`` setting in a sentence, and a Feishu Bitable
    base's token (an id in the base's URL, reading nothing without an app's access token)
    as ``token:`` in a table's record and as ``app_token=`` far below the Feishu link."""
    assert kinds(text) == []


@pytest.mark.parametrize("text", [
    "LOCAL_API_TOKEN=" + "67b4c1d9e2f3a4b5" * 4 + "\n",  # a generated token set in a unit file
    "api_key: sk-or-v1-" + "a3f9" * 16 + "\n",
    f"SLACK_APP_TOKEN={GHP}\n",  # an ``app_token`` with no Bitable near: still a key
    f"  - name: deploy\n    token: {BITABLE_BASE}\n",  # no table's id beside it
])
def test_set_52_a_secret_beside_those_is_found(text: str) -> None:
    assert kinds(text) != []


def test_set_52_a_workspaces_scanner_in_a_repository(tmp_path: Path) -> None:
    """In a real git repository, an OpenClaw workspace: the scanner's pattern, the audit's
    grep and the Bitable record are silent (CT601, CT605); a real token later written in
    the record's place is found in both."""
    repo = GitRepo(tmp_path)
    record = "context:\n  - table: 工作日志\n    token: {}\n    id: " + BITABLE_TABLE + "\n"
    repo.commit("workspace", {
        "AGENTS.md": "# Agents\n", "SOUL.md": "# Soul\n", "HEARTBEAT.md": "# Heartbeat\n",
        "USER.md": "# User\n",
        "skills/security-scan/SKILL.md": "# Scan\n\n```js\n'Secret': /(?:secret|pwd)\\s*[:=]"
        "\\s*['\"]?([^\\s'\"`]{8,})['\"]?/gi,\n```\n",
        "scripts/release-audit.sh": "check 'LOCAL_API_TOKEN=(?!<)[^[:space:]]+'\n",
        "agents/architecture.md": "```yaml\n" + record.format(BITABLE_BASE) + "```\n",
    })
    assert_no_secret_found(repo)
    repo.commit("wrong field", {"agents/architecture.md": "```yaml\n" + record.format(
        "t-" + "g1044ab7KQ2xR9mW4vL8" + "cN3pZ6sD1fH5jT0") + "\n    secret: Zx8Kq2Lm7Rt4Wx9Zc3Vd\n```\n"})
    found, out = secret_findings(repo)
    assert ("CT601", "agents/architecture.md") in found, out
    assert ("CT605", "agents/architecture.md") in found or \
        ("CT601", "agents/architecture.md") in found, out


# ------------- survey 42: a Bitable base's id in a table, a full-width colon, a setter, a hook

BASE_ID = "Qx7mTb2LpR9vKd4" + "NwZ8sHc3YfGa"  # made up: a Bitable base's app_token, 27 long
TUSHARE = HEX32 + "9a8b7c6d5e4f3a2b" + "1c0d9e8f"  # made up: 56 hex, a Tushare token's shape
HOOK = "https://open.feishu.cn/open-apis/bot/v2/hook/" + UUID
WECOM_HOOK = "https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=" + UUID


@pytest.mark.parametrize("text", [
    # a workspace's TOOLS.md: the base's id in a key-value table, its link in the next rows
    "## 经济书库 (飞书多维表格)\n\n| 配置项 | 值 |\n|--------|-----|\n| **App Token** | " + BASE_ID
    + " |\n| **Table ID** | tbl4Xy7Zq2Wm9Kp3 |\n| **链接** | https://my.feishu.cn/base/" + BASE_ID
    + "?table=tbl4Xy7Zq2Wm9Kp3 |\n",
    # the same table with no link, Bitable named in its heading
    "## Bitable\n\n| 项目 | 值 |\n|------|-----|\n| **Bitable App Token** | " + BASE_ID + " |\n",
    # the name's words apart, in prose
    "# Bitable 书库\n\n- **App Token**: `" + BASE_ID + "`\n",
])
def test_survey_42_a_bitable_bases_id_in_a_table_is_no_credential(text: str) -> None:
    """Survey 42: an OpenClaw workspace's ``TOOLS.md``, ``CONFIG.md`` and reports kept a
    Bitable base's ``App Token`` in a table above the base's link, which holds the same id.
    A table's cell was read alone, away from the link and Bitable's name that tell an id."""
    assert kinds(text) == []


@pytest.mark.parametrize("text", [
    # an app's secret beside the base: a credential
    "| 配置项 | 值 |\n|--------|-----|\n| **App Secret** | " + MIXED + "x7Kq9Wm2 |\n"
    "| **链接** | https://my.feishu.cn/base/" + BASE_ID + " |\n",
    # an app token with nothing of Bitable or Feishu around it
    "| Service | Value |\n|---|---|\n| **App Token** | " + BASE_ID + " |\n",
])
def test_survey_42_a_secret_beside_a_bitable_base_is_still_found(text: str) -> None:
    assert kinds(text) == ["keyed-secret"]


@pytest.mark.parametrize("text", [
    "Token：" + TUSHARE + "\n",  # the full-width colon of Chinese text
    "5. Tushare Token 已获取：" + TUSHARE + "\n",  # "Tushare token obtained:"
    "- API Key 是: " + MIXED + "\n",
])
def test_survey_42_a_key_then_a_full_width_colon_is_found(text: str) -> None:
    """Survey 42: a research agent's log of its optimisations kept ``Tushare Token
    已获取：<56 hex>``: the full-width colon, with a few words of Chinese before it."""
    assert kinds(text) == ["keyed-secret"]


@pytest.mark.parametrize("text", [
    "Token 数量：1234567890123456789\n",  # a count
    "Token 环境变量：TUSHARE_TOKEN\n",  # the variable that holds it
    "token 路径：~/.openclaw/tushare_config.json\n",  # where it is kept
    "Token：你的 tushare token\n",  # a fill-in
    "Token 示例：" + MIXED + "\n",  # "example": one made up to show the shape
    "token 格式如：" + MIXED + "\n",  # "format such as"
])
def test_survey_42_a_full_width_colon_before_no_value_stays_silent(text: str) -> None:
    assert kinds(text) == []


@pytest.mark.parametrize("text", [
    "ts.set_token('" + TUSHARE + "')\n",
    'client.setApiKey("' + MIXED + '");\n',
    'sdk.set_api_key( "' + MIXED + '" )\n',
])
def test_survey_42_a_secret_given_to_a_setter_is_found(text: str) -> None:
    """Survey 42: an analyst agent's scripts in its OpenClaw workspace set the Tushare token
    in code, ``ts.set_token('<56 hex>')``: a setter keeps the value it is given."""
    assert kinds(text) == ["keyed-secret"]


@pytest.mark.parametrize("text", [
    "verify_token('" + MIXED + "')\n",  # a value to check
    "hash_password('" + MIXED + "')\n",  # a value to work on
    "reset_password('" + MIXED + "')\n",
    "ts.set_token(os.environ['TUSHARE_TOKEN'])\n",  # read at run time
    "ts.set_token('your_tushare_token_here')\n",  # a fill-in
])
def test_survey_42_other_calls_and_a_setters_fill_in_stay_silent(text: str) -> None:
    assert kinds(text) == []


@pytest.mark.parametrize("text, found", [
    ("- Webhook: " + HOOK + "\n", ["feishu-webhook"]),
    (HOOK.replace("open.feishu.cn", "open.larksuite.com") + "\n", ["feishu-webhook"]),
    ("https://open.feishu.cn/open-apis/bot/v2/hook/xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx\n", []),
    ("https://open.feishu.cn/open-apis/bot/v2/hook/your-webhook-token-here\n", []),
    ("FEISHU_WEBHOOK=https://open.feishu.cn/open-apis/bot/v2/hook/${FEISHU_HOOK}\n", []),
    # WeCom's group robot, named in survey 42's notes beside Feishu's: its key in the URL
    ("- 企业微信机器人: " + WECOM_HOOK + "\n", ["wecom-webhook"]),
    ("WECOM_WEBHOOK=" + WECOM_HOOK + "\n", ["wecom-webhook"]),
    ("https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx\n",
     []),
    ("https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=${WECOM_KEY}\n", []),
    ("https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=YOUR_KEY\n", []),
])
def test_survey_42_a_feishu_or_wecom_bots_webhook(text: str, found: list[str]) -> None:
    """Survey 42: a workspace's ``MEMORY.md`` noted the Feishu group bot it reports through,
    by its webhook URL: whoever holds it posts into the group. WeCom's group robot's URL is
    the same kind of key (its documentation: keep the webhook address safe)."""
    assert kinds(text) == found


def test_survey_42_an_openclaw_workspace_of_analyst_agents(tmp_path: Path) -> None:
    """In a real git repository: an OpenClaw workspace whose ``TOOLS.md`` keeps a Bitable
    base's id and link is silent; its log's token after a full-width colon, its script's
    setter and its ``MEMORY.md``'s bot webhook are reported (CT601), and the webhook's commit
    (CT605, ``MEMORY.md`` being a living file)."""
    repo = GitRepo(tmp_path / "repo")
    tools = ("# TOOLS.md\n\n## 经济书库 (飞书多维表格)\n\n| 配置项 | 值 |\n|--------|-----|\n"
             "| **App Token** | " + BASE_ID + " |\n| **Table ID** | tbl4Xy7Zq2Wm9Kp3 |\n"
             "| **链接** | https://my.feishu.cn/base/" + BASE_ID + " |\n")
    repo.commit("workspace", {
        "AGENTS.md": "# Agent\n\nRead SOUL.md.\n", "SOUL.md": "# Soul\n",
        "HEARTBEAT.md": "# Heartbeat\n", "USER.md": "# User\n", "TOOLS.md": tools,
        "MEMORY.md": "# Memory\n\n- 报告发到飞书群。\n",
        "memory/持续优化日志.md": "# 日志\n\n5. Tushare 已安装\n",
        "analyze_stock.py": "import tushare as ts\n\nts.set_token(os.environ['TUSHARE_TOKEN'])\n"})
    assert_no_secret_found(repo)
    repo.commit("keys", {
        "MEMORY.md": "# Memory\n\n- Webhook: " + HOOK + "\n",
        "memory/持续优化日志.md": "# 日志\n\n5. Tushare Token 已获取：" + TUSHARE + "\n",
        "analyze_stock.py": "import tushare as ts\n\nts.set_token('" + TUSHARE + "')\n"})
    found, out = secret_findings(repo)
    assert found == [("CT601", "MEMORY.md"), ("CT601", "analyze_stock.py"),
                     ("CT601", "memory/持续优化日志.md"), ("CT605", "MEMORY.md")], out


# ------------------- set 53: a keyboard walk from the digit row, a framework's seed password

@pytest.mark.parametrize("walk", [
    # an AGENTS.md's and a Serena memory's development accounts, seeded by a .NET app (its
    # README: "Default credentials (development only)"): ASP.NET Boilerplate's default, the
    # digit row and the letter row under it typed from their starts
    "123" + "qwe", "1234" + "qwer", "123456" + "qwerty", "123" + "asd",
    # the walk down the columns: ABP Framework's default admin password, and its kin
    "1q2w3E" + "*", "1q2w" + "3e4r", "1qaz" + "2wsx",
])
def test_set_53_a_keyboard_walk_from_the_digit_row_is_no_secret(walk: str) -> None:
    """Set 53: a .NET app's AGENTS.md and Serena memory listed the seeded development
    accounts with the password ASP.NET Boilerplate seeds, ``123qwe`` (the app's settings
    class defaults to it, its README publishes it): a keyboard walk, the digit row and the
    letter row under it typed from their starts, as ``qwerty`` and ``Asdf…`` are demo
    passwords already; ABP Framework's ``1q2w3E*`` walks down the columns."""
    assert kinds("- Password: `" + walk + "`\n") == [], walk


@pytest.mark.parametrize("chosen", [
    "123" + "qwe" + "Tz8kLm2v", "7391" + "qwe", "7q2w" + "9Kx!", "321" + "qwe",
])
def test_set_53_a_password_that_walks_only_part_way_is_found(chosen: str) -> None:
    """A walk with a chosen tail, or digits that do not start the row, is a chosen password."""
    assert kinds("- Password: `" + chosen + "`\n") != [], chosen


def test_set_53_a_seed_accounts_table_in_a_repository(tmp_path: Path) -> None:
    """In a real git repository: the framework's seed password is silent in CLAUDE.md and
    AGENTS.md (the same table), in a Serena memory and in their history (CT601, CT605); a
    chosen password written in the memory's place later is found in both."""
    repo = GitRepo(tmp_path)
    table = ("# NOIR\n\n## Admin Credentials\n\n| Account | Email | Password |\n|---|---|---|\n"
             "| **Tenant Admin** | `admin@noir.local` | `{}` |\n")
    memory = "# Overview\n\n## Admin Credentials\n- Email: `admin@noir.local`\n- Password: `{}`\n"
    walk = "123" + "qwe"
    repo.commit("docs", {"CLAUDE.md": table.format(walk), "AGENTS.md": table.format(walk),
                         ".serena/memories/project-overview.md": memory.format(walk)})
    assert_no_secret_found(repo)
    repo.commit("own", {".serena/memories/project-overview.md": memory.format("Tz8kLm2vQ4")})
    found, out = secret_findings(repo)
    memory_file = ".serena/memories/project-overview.md"
    assert ("CT601", memory_file) in found and ("CT605", memory_file) in found, out


# ------------------------------------ set 54: a negated name before a spaced logical operator

@pytest.mark.parametrize("text, found", [
    ("const matchedSecret = !matchedGit && SECRET_READ_PATTERNS.find((p) => p.test(cmd));", []),
    ("const hasPassword = !isGuest || force;", []),
    # a chosen value after a bang, with or without an operator after it, is still found
    ("password: !" + MIXED[:12] + " && more", ["assigned-secret"]),
    ("const dbPassword = !" + MIXED[:12] + ";", ["assigned-secret"]),
])
def test_set_54_a_negated_name_before_an_operator_is_code(text: str, found: list[str]) -> None:
    """Set 54: a Codex permission hook kept in an agent harness's assets,
    ``const matchedSecret = !matchedGit && SECRET_READ_PATTERNS.find(…)``: the first operand
    of a condition under a name ending in "secret" (the spaced form of a bundle's
    ``password:!jr||…``, code already)."""
    assert kinds(text) == found


def test_set_54_a_hook_script_in_a_repository(tmp_path: Path) -> None:
    """In a real git repository: the hook's condition, in an agent's memory folder, is silent
    in CT601 and CT605; a secret written in its place later is found."""
    repo = GitRepo(tmp_path)
    hook = ("const matchedGit = DENY.find((p) => p.test(cmd));\n"
            "const matchedSecret = !matchedGit && SECRETS.find((p) => p.test(cmd));\n")
    repo.commit("hook", {"CLAUDE.md": "# Project\n\nSee .codex/.\n",
                         ".claude/settings.json": "{}\n",
                         ".env": "NODE_ENV=development\n", "guard.mjs": hook})
    repo.commit("memory", {".claude/agent-memory/dev/MEMORY.md": "# dev\n\n- guard.mjs\n",
                           ".claude/agent-memory/dev/guard.mjs": hook})
    assert_no_secret_found(repo)
    repo.commit("own", {".claude/agent-memory/dev/guard.mjs":
                        "const dbPassword = '" + CHOSEN + "';\n"})
    found, out = secret_findings(repo)
    assert found == [("CT601", ".claude/agent-memory/dev/guard.mjs")], out


# ------------------------ held out at the stop's end: an agent's session ids near "cookies"

OPENCODE_SESSION = "ses_" + "191d79e4fffe" + "Q46xlwJHYb2Kp7"  # made up: OpenCode's shape


@pytest.mark.parametrize(("text", "found"), [
    # oh-my-opencode's boulder.json: each task's OpenCode session, a task naming cookies
    ('{"works": {"port": {"task_sessions": {"todo:3": {\n  "task_title": "Carry cookies across'
     ' redirects",\n  "session_id": "' + OPENCODE_SESSION + '"\n}}}}}\n', []),
    # a web login's session id under the same name stays found
    ('# cookies\nCOOKIES = {"session_id": "' + MIXED + '"}\n', ["cookie-named"]),
])
def test_an_agents_session_id_is_no_login_cookie(text: str, found: list[str]) -> None:
    """A repository whose deleted ``.omo/boulder.json`` (oh-my-opencode) listed each task's
    OpenCode session id under ``session_id``, its plan porting a fetch library whose tasks
    name cookies: ``ses_`` ids name a conversation on the machine that ran it, no login."""
    assert kinds(text) == found


def test_a_sisyphus_boulder_with_session_ids_in_a_repository(tmp_path: Path) -> None:
    """In a real git repository: oh-my-opencode's ``.omo/`` with a boulder listing OpenCode
    sessions is silent (CT601, CT605); a login cookie pasted into a notepad is found."""
    repo = GitRepo(tmp_path / "repo")
    boulder = ('{"active_plan": ".omo/plans/port.md", "task_sessions": {"todo:1": {'
               '"task_title": "Keep cookies between requests", "session_id": "'
               + OPENCODE_SESSION + '"}}}\n')
    repo.commit("plan", {".omo/boulder.json": boulder,
                         ".omo/plans/port.md": "# Port\n\n## TODOs\n\n- [ ] 1. Port it\n"})
    assert_no_secret_found(repo)
    repo.commit("cookie", {".omo/notepads/port/learnings.md": "# Learnings\n\n## cookies\n\n"
                           "- web_session: `" + SESSION_HEX + "`\n"})
    found, out = secret_findings(repo)
    assert ("CT601", ".omo/notepads/port/learnings.md") in found, out
