"""CT112 state-budget and its option, on real trees in real git repositories."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.common import GitRepo, check_json, minimal_tree, run_cli, write_files


def budget_findings(root: Path) -> list[tuple[str, int, str]]:
    result = check_json(root, "--select", "CT112")
    assert result.code in (0, 1), result.err
    return [(d["path"], d["line"], d["message"]) for d in result.json["diagnostics"]]


@pytest.fixture
def memory(repo: GitRepo) -> GitRepo:
    tree = minimal_tree()
    tree["STATE.md"] += "".join(f"- done: task {n}\n" for n in range(300))
    repo.commit("memory", tree)
    return repo


def configure(repo: GitRepo, budget: str) -> None:
    write_files(repo.path, {"continuity.toml": f"state_budget = {budget}\n"})


def test_ct112_is_off_unless_configured(memory: GitRepo):
    assert budget_findings(memory.path) == []


def test_ct112_fires_on_lines_at_the_first_line_over(memory: GitRepo):
    configure(memory, '{"STATE.md" = "200 lines"}')
    lines = (memory.path / "STATE.md").read_text().count("\n")
    assert lines > 300
    assert budget_findings(memory.path) == [
        ("STATE.md", 201, f"STATE.md is {lines} lines, over its budget of 200 lines (state_budget)")]


def test_ct112_fires_on_approximate_tokens_and_chars_for_every_state_file(memory: GitRepo):
    sizes = {name: len((memory.path / name).read_text())
             for name in ("CONTEXT.md", "LEARNINGS.md", "STATE.md", "TODO.md")}
    configure(memory, '"25 tokens"')
    found = budget_findings(memory.path)
    assert [f[0] for f in found] == [n for n, size in sizes.items() if size > 100]
    todo = next(f for f in found if f[0] == "TODO.md")
    text = (memory.path / "TODO.md").read_text()
    assert todo[2] == (f"TODO.md is {-(-len(text) // 4)} approximate tokens, over its budget of "
                       "25 tokens (state_budget)")
    assert todo[1] == text.count("\n", 0, 100) + 1  # the line where the budget runs out
    configure(memory, '{"TODO" = "100000 chars", "*" = ["5000 lines", "90 chars"]}')
    assert [f[0] for f in budget_findings(memory.path)] == [
        n for n, size in sizes.items() if size > 90 and n != "TODO.md"]


def test_ct112_does_not_fire_within_the_budget(memory: GitRepo):
    lines = (memory.path / "STATE.md").read_text().count("\n")
    configure(memory, f'{{"STATE.md" = "{lines} lines", "*" = "1000 tokens"}}')
    assert budget_findings(memory.path) == []


@pytest.mark.parametrize("budget, words", [('"200"', "a number and a unit"),
                                           ('{"STATE.md" = "2 pages"}', "for 'STATE.md'"),
                                           ("12", "a table of state file")])
def test_a_bad_budget_is_a_configuration_error(memory: GitRepo, budget: str, words: str):
    configure(memory, budget)
    result = run_cli("check", cwd=memory.path)
    assert result.code == 2 and "state_budget" in result.err and words in result.err


def test_init_writes_the_budget_commented_and_it_works_uncommented(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    assert run_cli("init", repo.path).code == 0
    written = (repo.path / "continuity.toml").read_text()
    assert "500-line STATE.md" in written and "2,200 characters" in written
    repo.commit("init")
    assert budget_findings(repo.path) == []
    line = next(x for x in written.splitlines() if x.startswith("# state_budget = "))
    (repo.path / "continuity.toml").write_text(written.replace(line, line[2:].replace(
        '"4000 tokens"', '"10 tokens"')))
    found = [f[0] for f in budget_findings(repo.path)]
    assert "ARTIFACTS.md" in found and "STATE.md" not in found  # its own 200 lines win


def test_the_commented_continuity_toml_of_init_does_not_hide_a_configuration_above(
        tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    assert run_cli("init", repo.path / "memory").code == 0
    write_files(repo.path, {"pyproject.toml": '[tool.continuity]\nroot = "memory"\n'
                                              'state_budget = "10 tokens"\n'})
    repo.commit("init below the top")
    assert budget_findings(repo.path / "memory")  # from inside the root: the pyproject's budget
