"""CT601 on credentials kept in Markdown tables, the key's name in another cell
(continuity.formats.secrets_tables). Values are synthetic, built here."""

from __future__ import annotations

from pathlib import Path

import pytest

from continuity.formats.seen import find_seen
from tests.support.common import GitRepo, check_json

HEX = "9f3a" + "c2e17b4d8a6f0e5c9b2d7a1f4e8c3b6d"
PASSWORD = "Tr0ub4" + "dor-3xKq"
APP_PASSWORD = "qwer" + " tyui asdf ghjk"


def kinds(text: str) -> list[tuple[str, str]]:
    """Each finding's kind and the text it spans."""
    return [(f.kind, text[f.start:f.end]) for f in find_seen(text)]


@pytest.mark.parametrize("text, value", [
    # a column under a secret's name
    (f"| Service | Token |\n|---|---|\n| Todoist | `{HEX}` |\n", HEX),
    (f"## NAS\n\n| Service | User | Password |\n|---|---|---|\n| NAS | admin | {PASSWORD} |\n",
     PASSWORD),
    (f"|Service|**API key**|\n|:--|--:|\n|Search|{HEX}|\n", HEX),
    # a row of a name and its value
    (f"| Item | Value |\n|--|--|\n| Gmail app password | `{APP_PASSWORD}` |\n", APP_PASSWORD),
    (f"| What | Where |\n|---|---|\n| `DB_PASSWORD` | `{PASSWORD}` |\n", PASSWORD),
])
def test_a_value_in_a_cell_under_or_beside_a_secrets_name_is_found(text: str, value: str):
    found = kinds(text)
    assert [span for _, span in found] == [value] or [span.strip("`") for _, span in found] \
        == [value]


@pytest.mark.parametrize("text", [
    # a keyboard's shortcuts: "Key" alone names no secret
    "| Key | Action |\n|---|---|\n| Control-Shift-Command-3 | Capture the screen |\n",
    # a flag's documentation
    "| Flag | Value | Notes |\n|---|---|---|\n| `--secret` | `id=mysecret,src=./x` | build |\n",
    # a path to where a key is kept, naming the key
    "| Field | Path |\n|---|---|\n| `models.providers.apiKey` | `models.providers.*.apiKey` |\n",
    # words, references, masks, fill-ins
    "| Service | Password |\n|---|---|\n| NAS | see 1Password |\n| VPN | (in the vault) |\n"
    "| db | `${DB_PASSWORD}` |\n| x | ******** |\n| y | <your-password> |\n",
    # a table of a product's documented defaults: a chosen password is no one's secret
    "## Default credentials\n\n| Service | Username | Password |\n|---|---|---|\n"
    "| MinIO | minioadmin | minioadmin |\n| Grafana | admin | Gr4fana!2024 |\n",
    # a pipe in a code span is no cell's end
    "| Name | Description |\n|---|---|\n| token | `a|b` splits the pair |\n",
    # no delimiter row: no table
    f"| Token |\n| {HEX} |\n",
])
def test_tables_that_hold_no_credential_are_silent(text: str):
    assert kinds(text) == []


def test_a_generated_key_in_a_table_of_defaults_is_still_found():
    text = f"## Default credentials\n\n| Service | API key |\n|---|---|\n| Search | {HEX} |\n"
    assert [span for _, span in kinds(text)] == [HEX]


def test_a_workspaces_credentials_table_is_ct601_at_its_cell(tmp_path: Path):
    repo = GitRepo(tmp_path / "workspace")
    tools = (f"# TOOLS.md\n\n## Logins\n\n| Service | User | Password |\n|---|---|---|\n"
             f"| NAS | admin | {PASSWORD} |\n| Router | admin | see the vault |\n")
    repo.commit("workspace", {
        "AGENTS.md": "# AGENTS.md\n\nRead SOUL.md and TOOLS.md.\n", "SOUL.md": "# Soul\n\nx\n",
        "HEARTBEAT.md": "# Heartbeat\n", "USER.md": "# User\n", "TOOLS.md": tools})
    result = check_json(repo.path)
    found = [(d["code"], d["path"], d["line"], d["column"]) for d in result.json["diagnostics"]]
    line = tools.split("\n").index(f"| NAS | admin | {PASSWORD} |") + 1
    # found in the file, and in the commit that added it (CT605, the history's scan)
    assert ("CT601", "TOOLS.md", line, len("| NAS | admin | ") + 1) in found
    assert {code for code, *_ in found} == {"CT601", "CT605"} and len(found) == 2
    assert PASSWORD not in result.out


# Survey 25 of agent memory: a PDF skill's table of routes, ``| Encrypt PDF with password |
# **ENCRYPT** | …``. The row says what is done with a password; its next cell, a word, names
# the route that does it. A value of digits or marks in such a row, or a word under a row
# that names the secret, is still read.
@pytest.mark.parametrize("text", [
    "## Route table\n\n| User intent | Route | Scripts used |\n|---|---|---|\n"
    "| Encrypt PDF with password | **ENCRYPT** | `make.sh encrypt` |\n"
    "| Decrypt PDF with password | **DECRYPT** | `make.sh decrypt` |\n",
    "| Action | Mode |\n|---|---|\n| Open the vault with the password | **PROMPTED** |\n",
    "| Action | Mode |\n|---|---|\n| Log in using password | Interactive |\n",
])
def test_a_row_of_what_is_done_with_a_secret_and_a_word_is_silent(text: str):
    assert kinds(text) == []


@pytest.mark.parametrize("text, value", [
    (f"| Step | How |\n|---|---|\n| Log in with password | `{PASSWORD}` |\n", f"`{PASSWORD}`"),
    ("| Item | Value |\n|---|---|\n| Archive password | **ENCRYPTION** |\n", "**ENCRYPTION**"),
])
def test_a_value_beside_such_a_row_or_a_word_under_a_secrets_name_stays_found(
        text: str, value: str):
    assert [span for _, span in kinds(text)] == [value]
