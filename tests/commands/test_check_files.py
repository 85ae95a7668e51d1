"""`continuity check FILE…` (the per-file pre-commit hook) reads what the named files need and
reports for them exactly what a whole-tree check reports for them (issue 16, point 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from continuity.config import Config
from continuity.model.tree import discover
from tests.support.common import GitRepo, check_json, minimal_tree, run_cli

LEDGER = ".agents/evolve/cycle-history.jsonl"
BAD_JOURNAL = "journal/2026-01-05-turn-2.md"
EDITED = "journal/2026-01-02-turn-1.md"


def tree_with_findings(path: Path) -> GitRepo:
    repo = GitRepo(path)
    files = minimal_tree()
    repo.commit("tree", {
        **files,
        BAD_JOURNAL: "---\ndate: 2026-01-06\nturn: 3\n---\n# {{TITLE}}\n",
        "journal/misnamed.md": "# x\n",
        "completed/2026-01-04-no-evidence.md": files["completed/2026-01-03-parse-constants.md"]
        .replace("| tests pass | tests/test_parse.py |\n", ""),
        "snapshots/2026-02-30T10-00-00.md": "# bad date\n",
        "notes.jsonl": '{"time": "yesterday", "project": "p", "fact": "x"}\n',
        LEDGER: "not json\n",
        "STATE.md": files["STATE.md"] + "\n{{LEFT_OVER}}\n",
    })
    repo.commit("edit an entry", {EDITED: files[EDITED].replace("It parses.", "It parsed.")})
    return repo


def diagnostics(result) -> list[tuple]:
    return [(d["path"], d["line"], d["column"], d["code"], d["message"])
            for d in result.json["diagnostics"]]


@pytest.mark.parametrize("git", [True, False], ids=["git", "no-git"])
def test_named_files_get_exactly_what_the_whole_tree_check_reports_for_them(
        tmp_path: Path, git: bool):
    repo = tree_with_findings(tmp_path / "repo")
    flags = () if git else ("--no-git",)
    whole = diagnostics(check_json(repo.path, *flags))
    groups = [
        (BAD_JOURNAL,), (EDITED,), ("STATE.md",), ("notes.jsonl",), (LEDGER,),
        ("snapshots/2026-02-30T10-00-00.md", "completed/2026-01-04-no-evidence.md",
         "journal/misnamed.md"),
        ("journal/ENTRY.template.md", "TODO.md"),
    ]
    for named in groups:
        result = check_json(repo.path, *flags, *named)
        expected = [d for d in whole if d[0] in named]
        assert diagnostics(result) == expected, named
        assert result.json["summary"]["files"] == len(named)
    assert any(d[3] == "CT301" for d in whole) == git  # history rules are part of it


def test_named_files_are_the_only_entries_read(tmp_path: Path):
    repo = tree_with_findings(tmp_path / "repo")
    tree = discover(Config(base_dir=repo.path), repo.path, only=(BAD_JOURNAL, "STATE.md"))
    assert [e.path for e in tree.entries] == [BAD_JOURNAL]
    assert set(tree.directories) == {"journal"}
    assert tree.directories["journal"].template_file is not None  # its template is read
    assert len(tree.state_files) == 4  # every state file: edges and indexing need them
    assert tree.ledger is None and tree.note_stores == ()  # not named: not read


def test_a_named_file_outside_the_tree_is_said_not_judged(tmp_path: Path):
    repo = tree_with_findings(tmp_path / "repo")
    (repo.path / "src").mkdir()
    (repo.path / "src" / "main.py").write_text("print()\n")
    (repo.path / "README.md").write_text("# Readme\n")
    result = run_cli("check", "--no-git", "src/main.py", "README.md", cwd=repo.path)
    assert result.code == 0  # the per-file hook is given every staged file
    assert "not part of the memory tree" in result.out and "src/main.py" in result.out
    assert "All checks passed" not in result.out and "Nothing checked" in result.out
    mixed = run_cli("check", "--no-git", "src/main.py", BAD_JOURNAL, cwd=repo.path)
    assert mixed.code == 1 and "in 1 file." in mixed.out
