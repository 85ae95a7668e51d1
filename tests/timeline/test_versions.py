"""The versions of STATE.md read from the one history pass equal what git itself says."""

from __future__ import annotations

from pathlib import Path

import pytest

from continuity.config import load_config
from continuity.history.diffs import section_changes
from continuity.history.git import open_repository
from continuity.history.log import memory_paths, read_history
from continuity.history.versions import living_files, read_timeline
from continuity.model.tree import discover
from tests.timeline.support import state_repository

COMMITS = 200


@pytest.fixture(scope="module")
def repository(tmp_path_factory):
    return state_repository(tmp_path_factory.mktemp("timeline") / "repo", COMMITS,
                            secret_at=50)


def _timeline(path: Path, max_versions: int | None = None):
    config = load_config(path)
    tree = discover(config, path)
    repo = open_repository(path).repository
    assert repo is not None
    paths, globs = memory_paths(tree)
    history = read_history(repo, tree.root, paths, globs)
    try:
        return tree, read_timeline(history, living_files(tree), max_versions)
    finally:
        history.close()


def _changed_lines(repo, older: str, newer: str) -> tuple[list[str], list[str]]:
    diff = repo.git("diff", "--no-ext-diff", "--no-color", "-U0", older, newer, "--", "STATE.md")
    added = [line[1:] for line in diff.splitlines()
             if line.startswith("+") and not line.startswith("+++")]
    removed = [line[1:] for line in diff.splitlines()
               if line.startswith("-") and not line.startswith("---")]
    return added, removed


def test_every_version_is_listed_newest_first_with_gits_text_and_diff(repository):
    repo, shas = repository
    tree, timeline = _timeline(repo.path)
    versions = timeline["STATE.md"].versions
    assert len(versions) == COMMITS + 1  # the first commit created it
    assert [v.sha for v in versions] == shas[::-1]
    assert len(versions) == int(repo.git("rev-list", "--count", "HEAD", "--", "STATE.md"))
    for version in versions:
        assert version.text == repo.git("show", f"{version.sha}:STATE.md")
        assert version.author == "Agent"
        assert version.subject == repo.git("log", "-1", "--format=%s", version.sha).strip()
    for newer, older in zip(versions, versions[1:]):
        added, removed = _changed_lines(repo, older.sha, newer.sha)
        changes = section_changes(newer.previous_text, newer.text)
        assert sorted(t for c in changes for s, t in c.lines if s == "+") == sorted(added)
        assert sorted(t for c in changes for s, t in c.lines if s == "-") == sorted(removed)
        assert added or removed


def test_changes_are_grouped_by_section(repository):
    repo, shas = repository
    _, timeline = _timeline(repo.path)
    newest = timeline["STATE.md"].versions[0]
    sections = [c.section for c in section_changes(newest.previous_text, newest.text)]
    assert sections == ["Status", "Next valid action"]


def test_snapshot_entries_of_the_same_commit_are_named(repository):
    repo, shas = repository
    _, timeline = _timeline(repo.path)
    for version in timeline["STATE.md"].versions[:-1]:
        added = repo.git("show", "--no-renames", "--diff-filter=A", "--name-only",
                         "--format=", version.sha).split()
        assert tuple(sorted(version.added)) == tuple(sorted(added))


def test_the_credential_is_found_in_the_version_that_held_it(repository):
    repo, shas = repository
    _, timeline = _timeline(repo.path)
    holding = [v for v in timeline["STATE.md"].versions if v.credentials]
    assert [v.sha for v in holding] == [shas[50]]
    assert holding[0].credentials[0][0] == "github-token"
    after = next(v for v in timeline["STATE.md"].versions if v.sha == shas[51])
    assert after.previous_credentials and after.holds_credential


def test_the_cap_keeps_the_newest_versions(repository):
    repo, shas = repository
    _, timeline = _timeline(repo.path, max_versions=30)
    history = timeline["STATE.md"]
    assert history.total == COMMITS + 1
    assert [v.sha for v in history.versions] == shas[::-1][:30]
    assert history.versions[-1].previous_text == repo.git("show", f"{shas[-31]}:STATE.md")
