"""CT309 drift and the review's drift section, on real repositories with real history."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.common import GitRepo, run_cli

MEMORY = "- [Build](build.md) — how to build and test\n"


def build_topic(body: str) -> str:
    return f"---\nname: build\ndescription: build\ntype: project\n---\n\n## Build\n\n{body}"


@pytest.fixture
def repo(tmp_path: Path) -> GitRepo:
    repo = GitRepo(tmp_path / "repo")
    repo.commit("code", {
        "Makefile": "all: build\n\nbuild:\n\tcc main.c\n\nfixtures:\n\tcp a b\n",
        "package.json": json.dumps({"scripts": {"lint": "eslint .", "e2e": "playwright"}}),
        "tests/data/tides.csv": "t,h\n",
        "tests/test_parse.py": "def test_tides():\n    pass\n\ndef test_old():\n    pass\n",
        "src/keep.py": "x = 1\n",
        "local.md": "mine\n",
    })
    repo.commit("memory", {
        "memory/MEMORY.md": MEMORY,
        "memory/build.md": build_topic(
            "Fixtures are in `tests/data/tides.csv`; run `make fixtures` then `npm run e2e`.\n"
            "The test `tests/test_parse.py::test_old` covers the tide format.\n"
            "`src/keep.py` stays. `docs/planned.md` will hold the design.\n"
            "We deleted `src/gone.py` last week.\n"
            "Personal notes: `local.md`.\n"),
        "src/gone.py": "y = 2\n",
    })
    repo.git("rm", "-q", "--cached", "local.md")
    repo.commit("untrack local.md", {".gitignore": "local.md\n"})
    (repo.path / "local.md").unlink()  # as in a fresh clone: only the ignore rule tells
    return repo


def move_things(repo: GitRepo) -> str:
    repo.git("mv", "tests/data/tides.csv", "tests/fixtures.csv")
    return repo.commit("move fixtures, drop the old test and targets", {
        "Makefile": "all: build\n\nbuild:\n\tcc main.c\n",
        "package.json": json.dumps({"scripts": {"lint": "eslint ."}}),
        "tests/test_parse.py": "def test_tides():\n    pass\n",
    }, delete=["src/gone.py"])


def test_ct309_is_off_unless_named(repo: GitRepo):
    move_things(repo)
    done = run_cli("check", "--output-format", "json", cwd=repo.path)
    assert "CT309" not in done.codes()


def test_ct309_names_each_stale_citation_with_the_commit_that_removed_it(repo: GitRepo):
    sha = move_things(repo)
    done = run_cli("check", "--select", "CT309", "--output-format", "json", cwd=repo.path)
    found = {(d["line"], d["message"].split(" is cited")[0]): d for d in done.json["diagnostics"]}
    assert set(found) == {
        (9, "path `tests/data/tides.csv`"), (9, "make target `fixtures`"),
        (9, "npm script `e2e`"), (10, "test `tests/test_parse.py::test_old`")}
    for diagnostic in found.values():
        assert diagnostic["path"] == "memory/build.md"
        assert diagnostic["commit"] == sha[:7]
        assert "move fixtures, drop the old test and targets" in diagnostic["message"]


def test_a_cited_path_back_on_disk_is_not_drift(repo: GitRepo):
    move_things(repo)
    (repo.path / "tests" / "data").mkdir(exist_ok=True)
    (repo.path / "tests" / "data" / "tides.csv").write_text("again\n")
    done = run_cli("check", "--select", "CT309", "--output-format", "json", cwd=repo.path)
    assert "tides.csv" not in done.out


def test_a_record_of_the_past_is_not_judged(repo: GitRepo):
    repo.commit("a review log", {"memory/review-log.md": build_topic(
        "Reviewed `tests/data/tides.csv`.\n")})
    move_things(repo)
    done = run_cli("check", "--select", "CT309", "--output-format", "json", cwd=repo.path)
    assert all(d["path"] != "memory/review-log.md" for d in done.json["diagnostics"])


def test_the_review_names_the_drift_its_range_caused(repo: GitRepo):
    repo.git("checkout", "-q", "-b", "refactor")
    move_things(repo)
    done = run_cli("diff", "main", "--format", "json", "--no-check", cwd=repo.path)
    assert done.code == 0, done.err
    [root] = done.json["roots"]
    assert {(d["kind"], d["cited"]) for d in root["drift"]} == {
        ("path", "tests/data/tides.csv"), ("make target", "fixtures"), ("npm script", "e2e"),
        ("test", "tests/test_parse.py::test_old")}
    assert root["drift"][0]["removed_by"]["subject"].startswith("move fixtures")
    text = run_cli("diff", "main", "--no-check", cwd=repo.path).out
    assert "build.md:9 path tests/data/tides.csv — removed by" in text
    # what an earlier commit removed is not this range's doing
    repo.git("checkout", "-q", "main")
    repo.git("checkout", "-q", "-b", "other")
    repo.commit("unrelated", {"src/new.py": "z = 3\n"})
    done = run_cli("diff", "main", "--format", "json", "--no-check", cwd=repo.path)
    assert done.json["roots"][0]["drift"] == []
