"""CT601 on an API reference's samples vendored in a workspace's skills (the twenty-first
secrets survey, a skill library's READMEs and a script's help): values made of the field's
own name, guides' labels for keys in a list, a "current" or "temporary" password. A value of
the same place that is no sample stays found. Values are synthetic, built here."""

from __future__ import annotations

from pathlib import Path

import pytest

from continuity.formats.seen import find_seen
from tests.support.common import GitRepo, check_json

REAL = "Hk2" + "9xQp-L7mZa4Wq8"


def kinds(text: str) -> list[str]:
    return [finding.kind for finding in find_seen(text)]


@pytest.mark.parametrize("text", [
    '{\n  "ownerPassword": "owner123",\n  "userPassword": "user1"\n}\n',
    'ADMIN_PASSWORD=admin2024!\n',
    '{\n  "password": "currentpassword",\n  "newPassword": "temporaryPassword123!"\n}\n',
    "export OPENROUTER_API_KEY='[\"sk-or-v1-key1\", \"sk-or-v1-key2\"]'\n",
    '    print("  export OPENROUTER_API_KEY=\'[\\"sk-or-key1\\", \\"sk-or-key2\\"]\'")\n',
])
def test_samples_made_of_names_and_labels_are_silent(text: str) -> None:
    assert kinds(text) == []


@pytest.mark.parametrize("text", [
    '{\n  "ownerPassword": "tiger123"\n}\n',  # not the field's word
    '{\n  "ownerPassword": "' + REAL + '"\n}\n',
    "export OPENROUTER_API_KEY='[\"sk-or-v1-" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4" + "\", \"x\"]'\n",
    "OPENROUTER_API_KEY='[\"" + REAL + "\", \"sk-or-key2\"]'\n",  # one real value in the list
])
def test_a_value_beside_them_that_is_no_sample_is_found(text: str) -> None:
    assert kinds(text) != []


def test_a_workspaces_skill_references_silent_and_a_note_found(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "workspace")
    repo.commit("workspace", {
        "SOUL.md": "# Soul\n\nx\n", "AGENTS.md": "# Agents\n\nRead SOUL.md.\n",
        "HEARTBEAT.md": "# Heartbeat\n", "USER.md": "# User\n",
        "skills/pdf/SKILL.md": "---\nname: pdf\ndescription: PDFs\n---\n# PDF\n",
        "skills/pdf/references/README.md": "## Protect\n\n```json\n{\n  \"ownerPassword\": "
                                           "\"owner123\",\n  \"password\": \"currentpassword\"\n}\n```\n",
    })
    assert check_json(repo.path, "--select", "CT601,CT605").json["diagnostics"] == []
    repo.commit("note", {"memory/2026-03-01.md": f"# Day\n\n- NAS password: {REAL}\n"})
    found = [(d["code"], d["path"]) for d in
             check_json(repo.path, "--select", "CT601,CT605").json["diagnostics"]]
    assert found == [("CT601", "memory/2026-03-01.md")]
