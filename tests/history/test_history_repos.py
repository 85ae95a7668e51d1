"""The history rules on repositories of every shape: merges, subdirectories, odd names, shallow
clones, no repository, no commits, --since, and a long well-kept history."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.support.common import (
    GitRepo,
    check_json,
    minimal_tree,
    protocol_template,
    run_cli,
    write_files,
)
from tests.support.history_repos import agent_history, fast_import

JOURNAL = "journal/2026-01-02-turn-1.md"
TREE = minimal_tree()
EDITED = TREE[JOURNAL].replace("It parses.", "It parsed, mostly.")


def findings(root: Path, *extra: str, cwd: Path | None = None) -> list[dict]:
    result = run_cli("check", "--output-format", "json", "--select", "CT3", *extra,
                     cwd=cwd or root)
    assert result.code in (0, 1), result.err
    return result.json["diagnostics"]


def summary(found: list[dict]) -> list[tuple[str, str, str | None]]:
    return sorted((d["code"], d["path"], d.get("commit")) for d in found)


# ------------------------------------------------------------------------- merges


def test_edit_on_a_merged_branch_is_reported_at_the_branch_commit(repo: GitRepo):
    repo.commit("Tree", TREE)
    repo.git("checkout", "-q", "-b", "side")
    edited = repo.commit("Edit on the side", {JOURNAL: EDITED})
    repo.git("checkout", "-q", "main")
    repo.commit("Main goes on", {"journal/2026-01-03-turn-2.md": TREE[JOURNAL]})
    repo.git("merge", "-q", "--no-edit", "side")
    assert summary(findings(repo.path)) == [("CT301", JOURNAL, edited[:7])]


def test_edit_thrown_away_by_the_merge_is_still_in_the_history(repo: GitRepo):
    """``git merge -s ours`` drops the side's changes; the commit that made them remains."""
    repo.commit("Tree", TREE)
    repo.git("checkout", "-q", "-b", "side")
    edited = repo.commit("Edit on the side", {JOURNAL: EDITED})
    repo.git("checkout", "-q", "main")
    repo.commit("Main goes on", {"journal/2026-01-03-turn-2.md": TREE[JOURNAL]})
    repo.git("merge", "-q", "--no-edit", "-s", "ours", "side")
    assert summary(findings(repo.path)) == [("CT301", JOURNAL, edited[:7])]


def test_an_edit_made_while_merging_is_reported_at_the_merge(repo: GitRepo):
    repo.commit("Tree", TREE)
    repo.git("checkout", "-q", "-b", "side")
    repo.commit("Side work", {"journal/2026-01-04-turn-3.md": TREE[JOURNAL]})
    repo.git("checkout", "-q", "main")
    repo.commit("Main work", {"journal/2026-01-03-turn-2.md": TREE[JOURNAL]})
    repo.git("merge", "-q", "--no-commit", "side")
    merge = repo.commit("Merge side", {JOURNAL: EDITED})
    assert summary(findings(repo.path)) == [("CT301", JOURNAL, merge[:7])]


def test_clean_branches_and_merges_are_silent(repo: GitRepo):
    repo.commit("Tree", TREE)
    for number in range(3):
        repo.git("checkout", "-q", "-b", f"b{number}")
        repo.commit(f"Turn {number}", {f"journal/2026-01-1{number}-turn-{number + 5}.md":
                                       TREE[JOURNAL]})
        repo.git("checkout", "-q", "main")
        repo.commit(f"Main {number}", {f"journal/2026-01-2{number}-turn-{number + 9}.md":
                                       TREE[JOURNAL]})
        repo.git("merge", "-q", "--no-edit", f"b{number}")
    assert findings(repo.path) == []


# ------------------------------------------------------------------------- paths


def test_memory_root_in_a_subdirectory_with_spaces_and_non_ascii_names(repo: GitRepo):
    base = "agents/mémoire vive"
    odd = "artifacts/2026-01-02-carte des marées.txt"
    files = {f"{base}/{name}": text for name, text in TREE.items()}
    repo.commit("Tree", {**files, f"{base}/{odd}": "Tide map\n", "src/app.py": "print(1)\n",
                         f"{base}/artifacts/ENTRY.template.md": protocol_template("artifacts")})
    repo.commit("Code changes are none of our business", {"src/app.py": "print(2)\n"})
    edited = repo.commit("Edit the map", {f"{base}/{odd}": "Tide map, corrected\n"})
    deleted = repo.commit("Drop a turn", delete=[f"{base}/{JOURNAL}"])
    root = repo.path / base
    assert summary(findings(root)) == [("CT301", odd, edited[:7]),
                                       ("CT302", JOURNAL, deleted[:7])]
    # From the top of the repository, paths are shown relative to where the user stands.
    write_files(repo.path, {"continuity.toml": f'root = "{base}"\n'})
    assert summary(findings(repo.path)) == [
        ("CT301", f"{base}/{odd}", edited[:7]), ("CT302", f"{base}/{JOURNAL}", deleted[:7])]


def test_uncommitted_edit_of_an_entry_with_an_odd_name(repo: GitRepo):
    odd = "artifacts/2026-01-02-résumé final.txt"
    repo.commit("Tree", {**TREE, odd: "v1\n",
                         "artifacts/ENTRY.template.md": protocol_template("artifacts")})
    (repo.path / odd).write_text("v2\n", encoding="utf-8")
    [finding] = findings(repo.path)
    assert (finding["code"], finding["path"]) == ("CT301", odd)
    assert "uncommitted" in finding["message"]


# ------------------------------------------------------------------------- since


def test_since_hides_older_violations(repo: GitRepo):
    repo.commit("Tree", TREE)
    old = repo.commit("Old sin", {JOURNAL: EDITED})
    repo.git("tag", "baseline")
    later = repo.commit("New sin", {"STATE.md": TREE["STATE.md"].replace("Building", "Done")})
    assert summary(findings(repo.path)) == [("CT301", JOURNAL, old[:7]),
                                            ("CT305", "STATE.md", later[:7])]
    assert summary(findings(repo.path, "--since", "baseline")) == [
        ("CT305", "STATE.md", later[:7])]
    write_files(repo.path, {"continuity.toml": 'since = "baseline"\n'})
    assert summary(findings(repo.path)) == [("CT305", "STATE.md", later[:7])]


def test_since_still_judges_old_entries_edited_after_it(repo: GitRepo):
    repo.commit("Tree", TREE)
    baseline = repo.commit("Unrelated", {"journal/2026-01-03-turn-2.md": TREE[JOURNAL]})
    edited = repo.commit("Edit an entry from before the baseline", {JOURNAL: EDITED})
    assert summary(findings(repo.path, "--since", baseline)) == [("CT301", JOURNAL, edited[:7])]


def test_an_entry_added_and_deleted_within_the_range(repo: GitRepo):
    baseline = repo.commit("Tree", TREE)
    repo.commit("A turn", {"journal/2026-01-03-turn-2.md": TREE[JOURNAL]})
    deleted = repo.commit("Gone again", delete=["journal/2026-01-03-turn-2.md"])
    assert not (repo.path / "journal/2026-01-03-turn-2.md").exists()
    assert summary(findings(repo.path, "--since", baseline)) == [
        ("CT302", "journal/2026-01-03-turn-2.md", deleted[:7])]


def test_since_that_does_not_resolve_is_exit_2_naming_it(repo: GitRepo):
    repo.commit("Tree", TREE)
    result = run_cli("check", "--since", "no-such-tag", cwd=repo.path)
    assert result.code == 2
    assert "no-such-tag" in result.err and "Traceback" not in result.err


# ------------------------------------------------------------------------- no history to read


def shallow_clone(repo: GitRepo, tmp_path: Path) -> Path:
    repo.commit("Tree", TREE)
    repo.commit("More", {"journal/2026-01-03-turn-2.md": TREE[JOURNAL]})
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", "--depth", "1", f"file://{repo.path}", str(clone)],
                   check=True, capture_output=True)
    return clone


def test_shallow_clone_is_exit_2_with_the_fix(repo: GitRepo, tmp_path: Path):
    clone = shallow_clone(repo, tmp_path)
    result = run_cli("check", cwd=clone, env={"GITHUB_ACTIONS": "", "GITLAB_CI": ""})
    assert result.code == 2
    assert "shallow clone" in result.err and "git fetch --unshallow" in result.err
    assert "--no-git" in result.err
    github = run_cli("check", cwd=clone, env={"GITHUB_ACTIONS": "true", "GITLAB_CI": ""})
    assert github.code == 2 and "fetch-depth: 0" in github.err
    gitlab = run_cli("check", cwd=clone, env={"GITHUB_ACTIONS": "", "GITLAB_CI": "true"})
    assert gitlab.code == 2 and "GIT_DEPTH: 0" in gitlab.err
    # The other rules still run on a shallow clone when history is not asked for.
    assert run_cli("check", "--no-git", "--select", "CT1", cwd=clone).code == 0


def test_outside_a_repository_history_rules_are_skipped_with_a_notice(tree: Path):
    result = run_cli("check", cwd=tree)
    assert result.code == 0, result.out
    assert "history rules skipped" in result.out and "not inside a git repository" in result.out
    assert check_json(tree).json["notices"]


def test_a_repository_without_commits(repo: GitRepo):
    write_files(repo.path, TREE)
    repo.git("add", "journal", "STATE.md")  # some staged, the rest untracked
    assert findings(repo.path) == []
    (repo.path / JOURNAL).write_text(EDITED, encoding="utf-8")  # never committed: no history
    assert findings(repo.path) == []
    result = run_cli("check", "--since", "HEAD~1", cwd=repo.path)
    assert result.code == 2 and "HEAD~1" in result.err and "no commits" in result.err


def test_no_git_skips_history(repo: GitRepo):
    repo.commit("Tree", TREE)
    repo.commit("Sin", {JOURNAL: EDITED})
    assert findings(repo.path, "--no-git") == []


# ------------------------------------------------------------------------- a long history


def test_a_well_kept_history_of_hundreds_of_commits_is_clean(repo: GitRepo):
    commits = agent_history(300)
    fast_import(repo, commits)
    assert repo.git("rev-list", "--count", "HEAD").strip() == "300"
    assert findings(repo.path) == []


def test_one_slip_in_a_long_history_is_found_at_its_commit(repo: GitRepo):
    commits = agent_history(300)
    first_turn = next(path for path in commits[10]["files"] if path.startswith("journal/"))
    commits[150]["files"][first_turn] = "rewritten\n"
    shas = fast_import(repo, commits)
    assert summary(findings(repo.path)) == [("CT301", first_turn, shas[150][:7])]
