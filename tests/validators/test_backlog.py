"""Backlog.md (``backlog/``): recognised by its config.yml and task files, judged by CT811-CT815
as Backlog.md reads its files (frontmatter through YAML after quoting an ``@name``; ids whose
prefix case and leading zeros do not count; dependencies resolved among tasks, completed tasks
and drafts), its files read for credentials, and published as a board. Real git repositories."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hostile.site_markup import unsafe, unsafe_under_any_engine
from tests.support.common import GitRepo, check_json, run_cli
from tests.support.site_support import build as build_site

CONFIG = ('project_name: "Demo"\ndefault_status: "To Do"\n'
          'statuses: ["To Do", "In Progress", "Review", "Done"]\nlabels: []\n'
          'date_format: yyyy-mm-dd\ntask_prefix: "task"\n')
GITHUB_TOKEN = "ghp_" + "Tw0" * 12  # assembled at run time: this file holds no credential


@pytest.fixture
def repo(tmp_path: Path) -> GitRepo:
    return GitRepo(tmp_path / "repo")


def task(number: str, status: str = "To Do", *, title: str = "", extra: str = "",
         front_id: str | None = None) -> str:
    """A task file as Backlog.md writes it (``extra``'s keys in place of the defaults)."""
    base = [f"id: {front_id or 'task-' + number}", f"title: {title or 'Task ' + number}",
            f"status: {status}", "assignee: []", "created_date: '2026-11-01'", "labels: []"]
    given = {line.split(":", 1)[0] for line in extra.split("\n") if line[:1].isalpha()}
    kept = "".join(f"{line}\n" for line in base if line.split(":", 1)[0] not in given)
    return (f"---\n{kept}{extra}---\n\n## Description\n\n<!-- SECTION:DESCRIPTION:BEGIN "
            f"-->\nWork {number}.\n<!-- SECTION:DESCRIPTION:END -->\n")


def path(folder: str, number: str, title: str = "Task") -> str:
    return f"backlog/{folder}/task-{number} - {title}.md"


def found(repo: GitRepo) -> list[tuple[str, str, int, str]]:
    result = check_json(repo.path)
    assert result.code in (0, 1), result.err
    assert {r["path"]: r["convention"] for r in result.json["roots"]} == {"backlog": "backlog"}
    return sorted((d["code"], d["path"].removeprefix("backlog/"), d["line"], d["message"])
                  for d in result.json["diagnostics"])


def test_a_well_kept_backlog_is_recognised_and_clean(repo: GitRepo):
    # What Backlog.md reads as intended: an @name assignee (quoted before YAML), a status in
    # another case ("in progress"), a dependency on a completed task and on a draft, a
    # zero-padded id naming task-3, a sub-task with its parent, a decision and a document.
    repo.commit("backlog", {
        "backlog/config.yml": CONFIG,
        path("tasks", "1"): task("1", "in progress", extra="assignee: @ana\n"
                                 "dependencies: [task-3, draft-1]\npriority: high\n"),
        path("tasks", "1.1"): task("1.1", extra="parent_task_id: task-1\n"
                                   "dependencies:\n  - TASK-003\n"),
        path("tasks", "2"): task("2", "Done", extra="assignee: [@ana, bo]\n"),
        path("completed", "3"): task("3", "Done"),
        "backlog/drafts/draft-1 - Idea.md": task("1", "Draft", front_id="DRAFT-1"),
        "backlog/decisions/decision-1 - Use YAML.md": "---\nid: decision-1\ntitle: Use YAML\n"
                                                      "date: '2026-11-01'\nstatus: accepted\n"
                                                      "---\n\n## Context\n\nWhy.\n",
        "backlog/docs/doc-1 - Guide.md": "---\nid: doc-1\ntitle: Guide\ntype: other\n---\n\n"
                                         "How.\n",
        "backlog/docs/vision.md": "# Vision\n\nA doc without frontmatter is listed too.\n",
    })
    assert found(repo) == []


def test_a_file_backlog_md_cannot_read_or_name(repo: GitRepo):
    repo.commit("backlog", {
        "backlog/config.yml": CONFIG,
        path("tasks", "1"): task("1", title="Parser: handle tabs"),  # a second ": "
        path("tasks", "5"): "---\nid: task-5\ntitle: Twice\nstatus: To Do\nstatus: Done\n---\n",
        "backlog/tasks/task-3 - Old.md": "# task-3 - Old\n\nNo frontmatter.\n",
        "backlog/archive/tasks/task-4 - Older.md": "# task-4 - Older\n\nArchived long ago.\n",
        "backlog/decisions/decision-2 - Broken.md": "---\nid: decision-2\ntitle: [x\n---\n",
    })
    result = found(repo)
    assert [(code, where, line) for code, where, line, _ in result] == [
        ("CT811", "decisions/decision-2 - Broken.md", 3),
        ("CT811", "tasks/task-1 - Task.md", 3),
        ("CT811", "tasks/task-3 - Old.md", 1),
        ("CT811", "tasks/task-5 - Task.md", 5),
    ]
    assert "duplicated mapping key 'status'" in result[3][3]
    assert result[2][3].startswith("this task has no id")


def test_two_files_with_one_id_as_backlog_doctor_sees_them(repo: GitRepo):
    repo.commit("backlog", {
        "backlog/config.yml": CONFIG,
        path("tasks", "12", "Parser"): task("12"),
        path("completed", "12", "Writer"): task("12", "Done", front_id="TASK-012"),
        path("archive/tasks", "12", "Gone"): task("12", "Done"),  # archived: not counted
        "backlog/decisions/decision-1 - A.md": "---\nid: decision-1\ntitle: A\n---\n",
        "backlog/decisions/decision-01 - B.md": "---\nid: decision-01\ntitle: B\n---\n",
    })
    assert [(code, where) for code, where, _, _ in found(repo)] == [
        ("CT812", "decisions/decision-1 - A.md"), ("CT812", "tasks/task-12 - Parser.md")]


def test_dependencies_and_parents_that_name_no_task(repo: GitRepo):
    repo.commit("backlog", {
        "backlog/config.yml": CONFIG,
        path("tasks", "1"): task("1", extra="dependencies: [task-9, task-5, 2]\n"),
        path("tasks", "2"): task("2"),
        path("tasks", "3.1"): task("3.1", extra="parent_task_id: task-3\n"),
        path("archive/tasks", "5"): task("5", "Done"),
    })
    result = found(repo)
    assert [(code, where, line) for code, where, line, _ in result] == [
        ("CT813", "tasks/task-1 - Task.md", 8), ("CT813", "tasks/task-1 - Task.md", 8),
        ("CT813", "tasks/task-3.1 - Task.md", 8)]
    messages = [message for _, _, _, message in result]
    assert messages[0].startswith("depends on task-5, which is archived")
    assert messages[1].startswith("depends on task-9, which no task file has")
    assert messages[2].startswith("its parent_task_id task-3 names a task no task file has")


def test_a_status_the_board_has_no_column_for(repo: GitRepo):
    repo.commit("backlog", {
        "backlog/config.yml": CONFIG,
        path("tasks", "1"): task("1", "Completed"),
        path("tasks", "2"): task("2", "review"),  # Review, case aside
        path("tasks", "3"): task("3", "''"),
        path("completed", "4"): task("4", "Shipped"),  # off the board: not judged
    })
    result = found(repo)
    assert [(code, where) for code, where, _, _ in result] == [
        ("CT814", "tasks/task-1 - Task.md"), ("CT814", "tasks/task-3 - Task.md")]
    assert "status 'Completed' is none of config.yml's statuses (To Do, In Progress, Review, " \
           "Done)" in result[0][3]
    assert result[1][3].startswith("this task has no status")


def test_default_statuses_when_config_names_none(repo: GitRepo):
    repo.commit("backlog", {"backlog/config.yml": 'project_name: "Demo"\nstatuses: []\n',
                            path("tasks", "1"): task("1", "Review")})
    (code, _, _, message), = found(repo)
    assert code == "CT814" and "(To Do, In Progress, Done)" in message


def test_a_hidden_folder_with_config_yaml_is_backlog_mds(repo: GitRepo):
    """Backlog.md keeps its tree in `.backlog/` as well as `backlog/`, and reads its
    configuration as `config.yaml` where there is no `config.yml` (src/utils/
    backlog-directory.ts, resolveFolderConfigPath): the statuses come from that file."""
    repo.commit("backlog", {".backlog/config.yaml": CONFIG,
                            ".backlog/tasks/task-1 - Task.md": task("1", "Review"),
                            ".backlog/tasks/task-2 - Task.md": task("2", "Shipped")})
    result = check_json(repo.path)
    assert {r["path"]: r["convention"] for r in result.json["roots"]} == {".backlog": "backlog"}
    (diagnostic,) = result.json["diagnostics"]
    assert diagnostic["code"] == "CT814" and diagnostic["path"] == ".backlog/tasks/task-2 - Task.md"
    assert "none of config.yaml's statuses (To Do, In Progress, Review, Done)" in \
        diagnostic["message"]


def test_the_folder_the_projects_backlog_config_names_is_backlog_mds(repo: GitRepo):
    """`backlog init --backlog-dir` keeps the tree in a folder of any name and writes the
    project's `backlog.config.yml` at its top, naming it (`backlog_directory:`); with a
    `project_name` that file is the configuration Backlog.md reads, before the folder's own
    (src/utils/backlog-directory.ts). The folder was no root; now it is Backlog.md's, judged
    by the top file's statuses. A path leaving the project names nothing, as Backlog.md
    refuses it."""
    top = CONFIG.replace('statuses: ["To Do", "In Progress", "Review", "Done"]',
                         'statuses: ["To Do", "Doing", "Done"]')
    repo.commit("backlog", {
        "backlog.config.yml": top + 'backlog_directory: "planning/board"\n',
        "planning/board/config.yml": CONFIG,  # a stale copy: the top's comes first
        "planning/board/tasks/task-1 - Task.md": task("1", "Doing"),
        "planning/board/tasks/task-2 - Task.md": task("2", "Review")})
    result = check_json(repo.path)
    assert {r["path"]: r["convention"] for r in result.json["roots"]} == \
        {"planning/board": "backlog"}
    (diagnostic,) = result.json["diagnostics"]
    assert diagnostic["path"] == "planning/board/tasks/task-2 - Task.md"
    assert "none of backlog.config.yml's statuses (To Do, Doing, Done)" in diagnostic["message"]
    repo.commit("outside", {"backlog.config.yml": top + "backlog_directory: ../board\n"},
                delete=["planning/board/config.yml"])
    assert check_json(repo.path).json["error"]["kind"] == "NothingToCheck"  # no root at all


def test_a_file_named_for_another_task(repo: GitRepo):
    repo.commit("backlog", {
        "backlog/config.yml": CONFIG,
        path("tasks", "12", "Parser"): task("12", front_id="task-21"),
        path("tasks", "007", "Padded"): task("7"),  # leading zeros are cosmetic
    })
    (code, where, line, message), = found(repo)
    assert (code, where, line) == ("CT815", "tasks/task-12 - Parser.md", 2)
    assert message.startswith("the file is named for task-12 but its id is task-21")


def test_a_token_in_a_decision_note_is_found(repo: GitRepo):
    # Set 37 of the conventions survey: a decisions/ folder holding delivery tokens, unread.
    repo.commit("backlog", {
        "backlog/config.yml": CONFIG, path("tasks", "1"): task("1"),
        "backlog/decisions/decision-1 - CMS.md": "---\nid: decision-1\ntitle: CMS\n---\n\n"
                                                 f"The deploy uses GITHUB_TOKEN={GITHUB_TOKEN}\n"})
    (code, where, _, _), = found(repo)
    assert (code, where) == ("CT601", "decisions/decision-1 - CMS.md")


def build(repo: GitRepo, strict: bool = True) -> Path:
    (repo.path / "docs").mkdir(exist_ok=True)
    (repo.path / "mkdocs.yml").write_text(
        "site_name: board\nplugins:\n  - continuity:\n      root: backlog\n")
    built = build_site(repo.path, strict=strict)  # MkDocs in process: the pages, not the command
    assert built.error is None, built.said
    return built.site


def test_the_site_shows_the_board_as_backlog_md_does(repo: GitRepo):
    repo.commit("backlog", {
        "backlog/config.yml": CONFIG,
        path("tasks", "1", "Parser"): task("1", "In Progress", title="Parse <file> safely",
                                           extra="assignee: [@ana]\nlabels: [core, io]\n"
                                                 "priority: high\ndependencies: [task-2]\n"),
        path("tasks", "2", "Lexer"): task("2", "Done", title="Lexer"),
        path("tasks", "10", "Later"): task("10", title="Later"),
        path("completed", "3", "Old"): task("3", "Done", title="Old"),
        "backlog/decisions/decision-1 - Use YAML.md": "---\nid: decision-1\ntitle: Use YAML\n"
                                                      "---\n\n## Decision\n\nWe use YAML.\n",
    })
    assert found(repo) == []
    site = build(repo)
    board = (site / "config-yml" / "index.html").read_text()
    columns = [board.index(f"{name} (") for name in ("To Do", "In Progress", "Review", "Done")]
    assert columns == sorted(columns)  # the config's order
    assert "2 of 4 tasks done" in board
    assert "Parse &lt;file&gt; safely" in board and "<file>" not in board
    assert "@ana" in board and "core, io" in board and "high" in board
    assert 'href="../tasks/task-2%20-%20Lexer/">task-2</a>' in board
    decision = (site / "decisions" / "decision-1 - Use YAML" / "index.html").read_text()
    assert "We use YAML." in decision
    home = (site / "index.html").read_text()
    assert "Board" in home and "2 of 4 tasks done" in home


def test_hostile_values_stay_text_on_the_board_under_every_engine(repo: GitRepo,
                                                                  tmp_path: Path):
    """A status becomes a column's heading, a title, assignee, label, priority and dependency a
    cell: each is text under Python-Markdown (attr_list on) and markdown-it, never a script, a
    handler, an attribute list or a javascript: link."""
    config = CONFIG.replace('"Review"', '"Review {: onclick=alert(1) }"')
    repo.commit("backlog", {
        "backlog/config.yml": config,
        path("tasks", "1", "Evil"): task(
            "1", "'Review {: onclick=alert(1) }'",
            title="'<img src=x onerror=alert(2)> [a](javascript:alert(3))'",
            extra="assignee: ['<script>alert(4)</script>']\n"
                  "labels: ['[b](javascript:alert(5))', '{: #__drawer }']\n"
                  "priority: '<b onmouseover=alert(6)>high</b>'\n"
                  "dependencies: ['<svg onload=alert(7)>']\n"),
        path("tasks", "2", "Plain"): task("2", "Done"),
    })
    out = tmp_path / "out"
    done = run_cli("generate", str(repo.path / "backlog"), "--out", str(out), cwd=repo.path)
    assert done.code == 0, done.err
    board = (out / "config-yml.md").read_text("utf-8")
    assert "## To Do" in board and "onerror" in board  # the board, the title on it as text
    verdict = {page.relative_to(out).as_posix(): unsafe_under_any_engine(page.read_text("utf-8"))
               for page in out.rglob("*.md")}
    assert {page: v for page, v in verdict.items() if any(v.values())} == {}
    site = build(repo, strict=False)  # the dependency on no task is an error (CT813)
    html = (site / "config-yml" / "index.html").read_text()
    article = html[html.index("<h1"):html.index("<footer")]  # the board, not the theme
    assert unsafe(article) == []
    assert "&lt;img src=x onerror=alert(2)&gt;" in article


def test_frontmatter_aliases_cannot_expand_without_bound(repo: GitRepo):
    # A "billion laughs" block: refused as the project's YAML reader refuses it, not expanded.
    levels = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"] + [
        f"a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 10)}]" for n in range(1, 7)]
    bomb = "---\nid: task-1\ntitle: Bomb\nstatus: To Do\n" + "\n".join(levels) + \
        "\nlabels: *a6\n---\n"
    repo.commit("backlog", {"backlog/config.yml": CONFIG, path("tasks", "1"): bomb})
    (code, _, _, message), = found(repo)
    assert code == "CT811" and "aliases expand to more than" in message
