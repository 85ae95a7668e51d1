"""`continuity report` gains the state history of the period it audits (`--since`)."""

from __future__ import annotations

import json

import pytest

from tests.support.common import run_cli
from tests.timeline.support import TOKEN, state_repository

COMMITS = 30
SECRET_AT = 25


@pytest.fixture(scope="module")
def repository(tmp_path_factory):
    return state_repository(tmp_path_factory.mktemp("report") / "repo", COMMITS,
                            secret_at=SECRET_AT)


def test_json_lists_the_periods_versions_with_gits_changes(repository):
    repo, shas = repository
    since = shas[20]
    done = run_cli("report", "--format", "json", "--since", since, cwd=repo.path)
    assert done.code == 0, done.err
    files = json.loads(done.out)["state_history"]
    assert [f["path"] for f in files] == ["STATE.md"]
    versions = files[0]["versions"]
    assert files[0]["changes"] == COMMITS - 20
    assert [v["sha"] for v in versions] == shas[21:][::-1]
    for version in versions:
        if version["withheld"]:
            continue
        diff = repo.git("diff", "--no-ext-diff", "-U0", f"{version['sha']}^", version["sha"],
                        "--", "STATE.md").splitlines()
        added = sorted(line[1:] for line in diff if line[:1] == "+" and line[:3] != "+++")
        ours = sorted(text for _, lines in version["sections"] for sign, text in lines
                      if sign == "+")
        assert ours == added
    withheld = [v["short"] for v in versions if v["withheld"]]
    assert withheld == [shas[SECRET_AT + 1][:7], shas[SECRET_AT][:7]]
    assert TOKEN not in done.out


@pytest.mark.parametrize("form", ["md", "html"])
def test_markdown_and_html_show_the_diffs_and_never_the_credential(repository, form):
    repo, shas = repository
    done = run_cli("report", "--format", form, "--since", shas[20], cwd=repo.path)
    assert done.code == 0, done.err
    assert "State history" in done.out and shas[-1][:7] in done.out
    assert f"Cycle {COMMITS} running." in done.out
    assert TOKEN not in done.out
    if form == "html":
        assert "<script>alert(" not in done.out and "&lt;script&gt;alert(" in done.out


def test_without_since_the_whole_history_is_the_period(repository):
    repo, shas = repository
    done = run_cli("report", "--format", "json", cwd=repo.path)
    assert json.loads(done.out)["state_history"][0]["changes"] == COMMITS + 1
