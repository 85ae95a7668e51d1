"""Task Master (``.taskmaster/tasks/tasks.json``): recognised by its folder, judged by CT801-CT805
as Task Master reads the file (its tagged and legacy forms; a subtask's bare number names a
sibling or a task), and published as data, never parsed as Markdown. Real git repositories."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.common import GitRepo, check_json
from tests.support.site_support import build as build_site

TASKS = ".taskmaster/tasks/tasks.json"
ID_1 = '"id": 1,'


@pytest.fixture
def repo(tmp_path: Path) -> GitRepo:
    return GitRepo(tmp_path / "repo")


def task(number: int, status: str = "pending", depends: list = (), subtasks: list = (),
         **extra) -> dict:
    return {"id": number, "title": f"Task {number}", "description": "d", "status": status,
            "dependencies": list(depends), "priority": "medium", "subtasks": list(subtasks),
            **extra}


def tagged(**tags: list[dict]) -> str:
    return json.dumps({name: {"tasks": tasks, "metadata": {"created": "2026-01-01T00:00:00Z"}}
                       for name, tasks in tags.items()}, indent=2) + "\n"


def found(repo: GitRepo) -> list[tuple[str, int, str]]:
    result = check_json(repo.path)
    assert result.code in (0, 1), result.err
    assert {r["path"]: r["convention"] for r in result.json["roots"]} == {
        ".taskmaster/tasks": "taskmaster"}
    return sorted((d["code"], d["line"], d["message"]) for d in result.json["diagnostics"])


def line_of(repo: GitRepo, needle: str, occurrence: int = 1) -> int:
    lines = (repo.path / TASKS).read_text().split("\n")
    hits = [number for number, line in enumerate(lines, 1) if needle in line]
    return hits[occurrence - 1]


def test_a_well_kept_task_list_is_clean_in_both_forms(repo: GitRepo):
    good = [task(1, "done", subtasks=[task(1, "done"), task(2, "done", ["1.1"])]),
            task(2, "in-progress", [1], subtasks=[task(1, depends=[1]), task(2, depends=[1])]),
            task(3, "review", ["2"]), task(4, "deferred"), task(5, "cancelled", [3, 4])]
    repo.commit("tasks", {TASKS: tagged(master=good, feature=[task(1), task(2, depends=[1])])})
    assert found(repo) == []
    repo.commit("legacy", {TASKS: json.dumps({"tasks": good}, indent=2)})
    assert found(repo) == []


def test_a_subtasks_number_names_a_sibling_or_else_a_task(repo: GitRepo):
    # 8.1 depends on 7: there is no subtask 8.7, but task 7 exists (the author's meaning).
    # 8.2 depends on 9: neither subtask 8.9 nor task 9 exists.
    repo.commit("tasks", {TASKS: tagged(master=[
        task(7, "done"), task(8, subtasks=[task(1, depends=[7]), task(2, depends=[9])])])})
    assert found(repo) == [("CT803", line_of(repo, '"id": 2'),
                            "task 8.2 depends on 8.9, which this task list does not have: it "
                            "can never start")]


def test_dependencies_on_nothing_on_itself_and_in_a_circle(repo: GitRepo):
    repo.commit("tasks", {TASKS: tagged(master=[
        task(1, depends=[1]), task(2, depends=[7]), task(3, depends=[5]), task(4, depends=[3]),
        task(5, depends=[4])])})
    assert found(repo) == [
        ("CT803", line_of(repo, '"id": 1'), "task 1 depends on itself: it can never start"),
        ("CT803", line_of(repo, '"id": 2'),
         "task 2 depends on 7, which this task list does not have: it can never start"),
        ("CT804", line_of(repo, '"id": 3'), "tasks depend on each other in a circle: "
         "3 -> 5 -> 4 -> 3; none of them can start"),
    ]


def test_ids_repeated_and_statuses_unknown_are_named_with_their_tag(repo: GitRepo):
    repo.commit("tasks", {TASKS: tagged(master=[task(1, "done")], feature=[
        task(1, "completed"), task(1, "Done"), task(2, subtasks=[task(1), task(1)])])})
    result = found(repo)
    first_task, first_subtask = line_of(repo, ID_1, 2), line_of(repo, ID_1, 4)
    assert [(code, message) for code, _, message in result] == [
        ("CT802", f"task 1 (tag 'feature') is numbered again (first on line {first_task})"),
        ("CT802", f"subtask 2.1 (tag 'feature') is numbered again (first on line "
                  f"{first_subtask})"),
        ("CT805", "task 1 (tag 'feature') has status 'completed', which Task Master does not "
                  "know"),
        ("CT805", "task 1 (tag 'feature') has status 'Done', which Task Master does not know; "
                  'did you mean "done"?'),
    ]


@pytest.mark.parametrize("text, problem", [
    ('{\n  "master": {\n    "tasks": [\n<<<<<<< HEAD\n', "not valid JSON"),
    ('{"master": {"metadata": {}}}\n', "no task list"),
    ('[1, 2]\n', "not a JSON object"),
    ("", "the file is empty"),  # set 11 of the conventions survey: emptied by a commit
])
def test_a_file_task_master_cannot_read(repo: GitRepo, text: str, problem: str):
    repo.commit("tasks", {TASKS: text})
    (code, _, message), = found(repo)
    assert code == "CT801" and problem in message


def build(repo: GitRepo, root: str, strict: bool = True) -> Path:
    (repo.path / "docs").mkdir(exist_ok=True)
    (repo.path / "mkdocs.yml").write_text(
        f"site_name: tasks\nplugins:\n  - continuity:\n      root: {root}\n")
    built = build_site(repo.path, strict=strict)  # MkDocs in process: the pages, not the command
    assert built.error is None, built.said
    return built.site


def test_the_site_lists_the_tasks_as_task_master_does(repo: GitRepo):
    # Prose in a task holds what Markdown would take for HTML (<file>, <b>): it is JSON text,
    # not raw HTML in Markdown (no CT604), and the site shows it as text.
    repo.commit("tasks", {TASKS: tagged(
        master=[task(1, "done", title="Parse <file> with <b>care</b>", details="<test> `x`",
                     subtasks=[task(1, "done", title="Lexer")]),
                task(2, "in-progress", [1], title="Writer"), task(3, "pending", [1, 2])],
        feature=[task(1, "review", title="Flag")])})
    assert found(repo) == []
    site = build(repo, ".taskmaster/tasks")
    page = (site / "tasks-json" / "index.html").read_text()
    assert "1 of 3 tasks done" in page and "0 of 1 task done" in page
    assert "Parse &lt;file&gt; with &lt;b&gt;care&lt;/b&gt;" in page and "<b>care" not in page
    assert "continuity-badge-good\">done" in page and "continuity-badge-open\">in-progress" in page
    assert "Lexer" in page and "Tag feature" in page
    home = (site / "index.html").read_text()
    assert "Task lists" in home and "master: 1 of 3 tasks done; feature: 0 of 1 task done" in home
    assert "1 file checked against" in home


def test_a_task_list_task_master_cannot_read_is_said_on_its_page(repo: GitRepo):
    repo.commit("tasks", {TASKS: '{"master": {"tasks": [\n<<<<<<< HEAD\n'
                                 "</code></pre><script>window.pwned = 1</script>\n"})
    page = (build(repo, ".taskmaster/tasks", strict=False) / "tasks-json" / "index.html")
    text = page.read_text()
    assert "Task Master cannot read this task list: not valid JSON" in text
    assert "<script>window.pwned" not in text


def test_fences_in_a_living_data_file_cannot_end_its_block(repo: GitRepo):
    # A declared convention whose living file is JSON: shown as data, its fences stay text.
    repo.commit("state", {
        "continuity.toml": 'convention = {"ops" = "opsdata"}\n[conventions.opsdata]\n'
                           'markers = ["state.json"]\nliving = ["state.json"]\nsite = "state"\n',
        "ops/state.json": '{"note": "x"}\n````\n~~~\n```\n'
                          "</code></pre><script>window.pwned = 1</script>\n"})
    site = build(repo, "ops")
    page = next(site.rglob("state-json/index.html")).read_text()
    assert "window.pwned" in page and "<script>window.pwned" not in page
