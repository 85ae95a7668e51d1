"""One tree, one verdict: every face (check, report, generate, mkdocs build) runs the same
check (validators/run.py), from inside the tree's repository and from another one.

The tree's repository acknowledges its one finding in its own ``.continuity-baseline.json``
and ignores a rule in its own continuity.toml; the working directory's repository has a
baseline of its own that acknowledges nothing of it: the baseline and the options that count
are the tree's, wherever the command runs.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.common import GitRepo, run_cli
from tests.support.site_support import mkdocs_command

JOURNAL = "journal/2026-01-05-turn-1.md"
UNFILLED = "journal/2026-01-06-turn-1.md"
FILLED = ("---\ndate: 2026-01-05\nturn: 1\nobjective: parse the tide tables\n---\n\n"
          "# Parse the tide tables\n\n## Context before\n\nNothing parsed.\n\n"
          "## Actions taken\n\nWrote the parser.\n\n## Result\n\nIt parses.\n\n"
          "## Next\n\nPublish.\n")


@pytest.fixture(scope="module")
def two_repositories(tmp_path_factory: pytest.TempPathFactory) -> tuple[GitRepo, GitRepo]:
    """B: a memory tree with one committed edit (CT301), acknowledged in B's baseline.
    A: another repository, the working directory "outside", with a baseline of its own."""
    base = tmp_path_factory.mktemp("verdict")
    tree = GitRepo(base / "B")
    assert run_cli("init", tree.path).code == 0
    tree.commit("init")
    tree.commit("turn 1", {JOURNAL: FILLED})
    tree.commit("typo", {JOURNAL: FILLED.replace("It parses.", "It parses well.")})
    added = run_cli("check", "--add-baseline", "--reason", "typo", cwd=tree.path)
    assert added.code == 0 and "1 finding added" in added.err, added.err
    tree.commit("acknowledge the typo")
    # An entry left unfilled (CT203), a rule the tree's own options turn off.
    options = (tree.path / "continuity.toml").read_text() + 'ignore = ["CT203"]\n'
    tree.commit("turn 2, unfilled", {
        UNFILLED: FILLED.replace("2026-01-05", "2026-01-06").replace("It parses.",
                                                                     "Not recorded yet."),
        "continuity.toml": options})
    outside = GitRepo(base / "A")
    outside.commit("a baseline of another repository", {".continuity-baseline.json": json.dumps(
        {"version": 1, "findings": []})})
    return tree, outside


def _places(tree: GitRepo, outside: GitRepo) -> list[tuple[Path, str]]:
    """(working directory, the tree as named from there): inside B, and from A."""
    return [(tree.path, "."), (outside.path, "../B")]


def test_check_report_and_generate_give_one_verdict_from_anywhere(
        two_repositories: tuple[GitRepo, GitRepo], tmp_path: Path) -> None:
    tree, outside = two_repositories
    for index, (cwd, named) in enumerate(_places(tree, outside)):
        check = run_cli("check", named, "--output-format", "json", cwd=cwd)
        assert check.code == 0 and check.json["diagnostics"] == [], (cwd, check.out)
        assert any("1 finding acknowledged" in n for n in check.json["notices"]), check.out
        text = run_cli("check", named, cwd=cwd)
        assert text.code == 0 and JOURNAL not in text.out and UNFILLED not in text.out, text.out
        report = run_cli("report", named, "--format", "json", cwd=cwd)
        assert report.code == 0 and json.loads(report.out)["verdict"] == "pass", report.out
        out = tmp_path / f"site-{index}"
        generated = run_cli("generate", named, "--out", out, cwd=cwd)
        assert generated.code == 0 and "0 errors, 0 warnings" in generated.out, generated.out
        assert "1 finding acknowledged" in generated.err
        # Without the baseline (one named that acknowledges nothing) the finding is there:
        # the verdicts above are the baseline's doing, not a check that judged nothing.
        bare = run_cli("check", named, "--baseline", outside.path / ".continuity-baseline.json",
                       "--output-format", "json", cwd=cwd)
        assert bare.code == 1 and bare.codes() == ["CT301"], bare.out


def test_mkdocs_build_gives_the_same_verdict_from_anywhere(
        two_repositories: tuple[GitRepo, GitRepo], tmp_path: Path) -> None:
    tree, outside = two_repositories
    inside = mkdocs_command(tree.path, "build", "--strict", "-q", "-d", str(tmp_path / "in"))
    assert inside.returncode == 0, inside.stderr
    elsewhere = mkdocs_command(outside.path, "build", "--strict", "-q", "-f",
                               str(tree.path / "mkdocs.yml"), "-d", str(tmp_path / "out"))
    assert elsewhere.returncode == 0, elsewhere.stderr
