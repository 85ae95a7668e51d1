"""CT744: a CLAUDE.md that holds nothing but claude-mem's empty context block (the stubs
claude-mem created in every folder), and the files that hold such a block beside their own
text, or a block with activity in it, which are not stubs. A real git repository."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.common import GitRepo, check_json

EMPTY = "<claude-mem-context>\n\n</claude-mem-context>\n"  # the 43-byte stub
NO_ACTIVITY = ("<claude-mem-context>\n# Recent Activity\n\n<!-- This section is auto-generated "
               "by claude-mem. Edit content outside the tags. -->\n\n*No recent activity*\n"
               "</claude-mem-context>\n")
ACTIVITY = ("<claude-mem-context>\n# Memory Context\n\n# [app] recent context, 2026-05-27\n\n"
            "- #412 fixed the tide parser's UTC offset\n</claude-mem-context>\n")


@pytest.fixture
def repo(tmp_path: Path) -> GitRepo:
    return GitRepo(tmp_path / "repo")


def test_stubs_are_named_and_real_instructions_beside_a_block_are_not(repo: GitRepo):
    repo.commit("claude-mem", {
        "CLAUDE.md": "# Tide tables\n\nRun `make test` before a commit.\n\n" + NO_ACTIVITY,
        "src/api/CLAUDE.md": EMPTY,
        "src/db/CLAUDE.md": NO_ACTIVITY,
        "src/ui/CLAUDE.md": ACTIVITY,
        "src/ui/app.ts": "export {}\n",
    })
    result = check_json(repo.path)
    stubs = sorted(d["path"] for d in result.json["diagnostics"] if d["code"] == "CT744")
    assert stubs == ["src/api/CLAUDE.md", "src/db/CLAUDE.md"]
    first = next(d for d in result.json["diagnostics"] if d["code"] == "CT744")
    assert first["severity"] == "warning"
    assert "holds nothing but claude-mem's empty <claude-mem-context> block" in first["message"]
    assert not [d for d in result.json["diagnostics"] if d["code"] != "CT744"]
