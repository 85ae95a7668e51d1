"""``continuity new``: correctly named entries from templates, never overwriting anything."""

from __future__ import annotations

import datetime as dt
import os
import re
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from continuity.authoring.entry_template import EntryValues, fill, yaml_scalar
from continuity.formats.frontmatter import parse as parse_frontmatter
from continuity.formats.markdown import PLACEHOLDER
from continuity.model.tree import Document, builtin_template
from tests.support.common import REPO, GitRepo, check_json, run_cli, write_files
from tests.support.entry_shape import filled_fields, problems, tree_at
from tests.support.readonly import read_only, snapshot_bytes

KINDS = ["journal", "snapshot", "completed", "reflection", "audit", "proposal", "setup",
         "artifact", "memory", "knowledge"]
SLUGS = {"memory": "semantic-tide-tables", "journal": None, "snapshot": None}
#: What each kind needs beyond its template to pass the check: a completed task's evidence.
REQUIRED = {"completed": ["--field", "evidence-1=tests pass", "--field",
                          "evidence-path-1=tests/test_parse.py"]}


def today() -> str:
    return dt.datetime.now(dt.timezone.utc).date().isoformat()


def new(root: Path, kind: str, *args: str):
    return run_cli("new", kind, *args, cwd=root)


DIRECTORIES = {"snapshot": "snapshots", "reflection": "reflections", "audit": "audits",
               "proposal": "proposals", "artifact": "artifacts"}


def new_every_kind(root: Path, date: str | None = None, filled: bool = False) -> list[Path]:
    """One entry of every kind; ``filled``: every field given, so no filler is left."""
    created = []
    for kind in KINDS:
        slug = SLUGS.get(kind, f"first-{kind}")
        args = (["--slug", slug] if slug else []) + REQUIRED.get(kind, [])
        if filled:
            args += filled_fields(root, DIRECTORIES.get(kind, kind))
        if date:
            args += ["--date", date]
        result = new(root, kind, *args)
        assert result.code == 0, result.err
        created.append(root / result.out.strip())
    return created


@pytest.fixture
def initialised(tmp_path: Path) -> Path:
    root = tmp_path / "memory"
    assert run_cli("init", root).code == 0
    return root


def test_init_then_new_for_every_kind_then_check_finds_nothing(initialised: Path):
    created = new_every_kind(initialised)
    assert len(set(created)) == len(KINDS)
    tree = tree_at(initialised)
    for entry in tree.entries:
        assert problems(tree, entry) == [], entry.path
    result = check_json(initialised, "--no-git")
    assert result.code == 0, result.out
    assert result.json["diagnostics"] == []


def test_with_git_every_kind_committed_then_check_finds_nothing(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    assert run_cli("init", repo.path).code == 0
    repo.commit("init")
    new_every_kind(repo.path, filled=True)
    repo.commit("one entry of every kind")
    result = check_json(repo.path)
    assert result.code == 0, result.out
    assert result.json["diagnostics"] == []
    assert not [n for n in result.json["notices"] if "skipped" in n]


def test_what_new_left_unfilled_is_a_draft_error_before_the_commit_and_ct203_after(
        tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    assert run_cli("init", repo.path).code == 0
    repo.commit("init")
    created = new(repo.path, "journal", "--title", "First turn").out.strip()
    text = (repo.path / created).read_text().split("\n")
    lines = [n for n, line in enumerate(text, 1) if line == "Not recorded yet."]
    for step in ("untracked", "staged"):  # both drafts: fixed in place, before the commit
        result = check_json(repo.path)
        assert result.code == 1, step
        drafts = result.json["diagnostics"]
        assert [(d["code"], d["path"], d["line"]) for d in drafts] == \
            [("CT203", created, n) for n in lines]
        assert all(d["hint"].startswith("fill before committing") for d in drafts)
        repo.git("add", created)
    repo.commit("the turn, unfilled")
    committed = check_json(repo.path).json["diagnostics"]
    assert [d["line"] for d in committed] == lines
    assert all("committed unfilled" in d["message"] and "--add-baseline" in d["hint"]
               for d in committed)


def test_new_twice_on_the_same_day_never_overwrites(initialised: Path):
    first = [new(initialised, kind).out.strip() for kind in ("journal", "snapshot")]
    before = snapshot_bytes(initialised)
    second = [new(initialised, kind).out.strip() for kind in ("journal", "snapshot")]
    assert first[0].endswith("-turn-1.md") and second[0].endswith("-turn-2.md")
    assert first[1] != second[1]
    after = snapshot_bytes(initialised)
    assert {k: v for k, v in after.items() if k in before} == before

    assert new(initialised, "completed", "--slug", "fix-webhook").code == 0
    before = snapshot_bytes(initialised)
    again = new(initialised, "completed", "--slug", "fix-webhook")
    assert again.code == 2
    assert "already exists" in again.err and "fix-webhook" in again.err
    assert snapshot_bytes(initialised) == before


def test_journal_takes_the_next_turn_of_that_day(initialised: Path):
    write_files(initialised, {"journal/2026-03-04-turn-3.md": "x\n",
                              "journal/2026-03-05-turn-9.md": "x\n"})
    assert new(initialised, "journal", "--date", "2026-03-04").out.strip() == \
        "journal/2026-03-04-turn-4.md"
    assert new(initialised, "journal", "--date", "2026-03-06").out.strip() == \
        "journal/2026-03-06-turn-1.md"
    taken = new(initialised, "journal", "--date", "2026-03-04", "--turn", "3")
    assert taken.code == 2 and "already exists" in taken.err
    assert (initialised / "journal/2026-03-04-turn-3.md").read_text() == "x\n"
    text = (initialised / "journal/2026-03-04-turn-4.md").read_text()
    assert "\nturn: 4\n" in text and "\ndate: 2026-03-04\n" in text


def test_snapshot_copies_state_and_agrees_with_its_name_to_the_second(initialised: Path):
    write_files(initialised, {"STATE.md": (
        "# STATE\n\n## Status\n\nParser half done; fixtures pending.\n\n"
        "## Active objective\n\nShip the tide-table parser.\n\n"
        "## Next valid action\n\nWrite the fixture loader.\n\n"
        "## Risks\n\nThe upstream format may change.\n\n### Minor\n\nNone.\n\n"
        "## Mesh index\n\n- **Indexes:** `snapshots/`, `audits/`, `artifacts/`\n")})
    path = new(initialised, "snapshot", "--date", "2026-05-06T07:08:09Z").out.strip()
    assert path == "snapshots/2026-05-06T07-08-09.md"
    text = (initialised / path).read_text()
    assert "\ndate: 2026-05-06T07:08:09Z\n" in text
    assert "\nstatus: Parser half done; fixtures pending.\n" in text
    state = text.split("## State at snapshot", 1)[1].split("\n## ", 1)[0]
    assert "Parser half done" in state and "### Risks" in state and "#### Minor" in state
    assert "Mesh index" not in text
    assert "Ship the tide-table parser." in text.split("## Active objective", 1)[1]
    assert "Write the fixture loader." in text.split("## Next action", 1)[1]
    taken = new(initialised, "snapshot", "--date", "2026-05-06T07:08:09Z")
    assert taken.code == 2 and "already exists" in taken.err
    tree = tree_at(initialised)
    assert problems(tree, next(e for e in tree.entries if e.path == path)) == []


def test_snapshot_reads_bold_field_state_and_takes_the_previous_agent(initialised: Path):
    write_files(initialised, {
        "STATE.md": "# STATE\n\n**Status:** green\n**Active objective:** ship it\n"
                    "**Next valid action:** tag the release\n",
        "snapshots/2026-01-01T00-00-00.md": "---\ndate: 2026-01-01T00:00:00Z\nagent: wren\n"
                                            "version: 2.1\nstatus: old\n---\n"})
    path = new(initialised, "snapshot").out.strip()
    text = (initialised / path).read_text()
    assert "\nagent: wren\n" in text and "\nversion: 2.1\n" in text
    assert "\nstatus: green\n" in text
    assert "ship it" in text.split("## Active objective", 1)[1]
    assert "tag the release" in text.split("## Next action", 1)[1]


def test_a_snapshot_of_a_state_with_placeholders_is_refused(initialised: Path):
    state = (initialised / "STATE.md").read_text()
    write_files(initialised, {"STATE.md": state.replace("no work has started", "{{WHAT}}")})
    before = snapshot_bytes(initialised)
    result = new(initialised, "snapshot")
    assert result.code == 2 and "CT107" in result.err
    assert snapshot_bytes(initialised) == before


def test_a_completed_entry_without_evidence_is_ct209_until_it_is_given(initialised: Path):
    created = new(initialised, "completed", "--slug", "fix-webhook")
    assert created.code == 0, created.err
    result = check_json(initialised, "--no-git")
    assert [(d["code"], d["path"]) for d in result.json["diagnostics"]] == [
        ("CT209", created.out.strip())]
    assert "| not recorded yet | not recorded yet |" in (initialised / created.out.strip()).read_text()


def test_fields_fill_frontmatter_task_rows_sections_and_placeholders(initialised: Path):
    proposal = new(initialised, "proposal", "--title", "API redesign: v2, now",
                   "--field", "status=reviewed", "--field", "Decision=Go with v2.")
    text = (initialised / proposal.out.strip()).read_text()
    assert proposal.out.strip() == f"proposals/{today()}-api-redesign-v2-now.md"
    assert '\ntopic: "API redesign: v2, now"\n' in text and "\nstatus: reviewed\n" in text
    assert "## Decision\n\nGo with v2.\n" in text
    completed = new(initialised, "completed", "--slug", "fix-webhook", "--field", "Task ID=T-7",
                    "--field", "EVIDENCE_1=tests pass | green", "--field",
                    "evidence-path-1=tests/test_hook.py", "--field", "Result=It works.")
    text = (initialised / completed.out.strip()).read_text()
    assert "| Task ID | T-7 |" in text
    assert "| tests pass \\| green | tests/test_hook.py |" in text
    assert "## Result\n\nIt works.\n" in text
    tree = tree_at(initialised)
    assert all(problems(tree, e) == [] for e in tree.entries)


def test_a_value_outside_the_templates_set_is_refused_and_nothing_written(initialised: Path):
    before = snapshot_bytes(initialised)
    result = new(initialised, "proposal", "--slug", "api-v2", "--field", "status=great")
    assert result.code == 2
    assert "draft, reviewed, superseded" in result.err
    assert snapshot_bytes(initialised) == before


@pytest.mark.parametrize("args, words", [
    (["journal", "--field", "mood=good"], "no field MOOD"),
    (["journal", "--field", "date=2026-01-01"], "use --date or --turn"),
    (["journal", "--field", "novalue"], "NAME=VALUE"),
    (["journal", "--date", "2026-02-30"], "not a date"),
    (["journal", "--turn", "0"], "count from 1"),
    (["reflection"], "needs --slug or --title"),
    (["reflection", "--slug", "Bad_Slug"], "lower-case letters"),
    (["memory", "--slug", "tide-tables"], "namespace"),
    (["logs"], "append a line"),
    (["diary"], "unknown kind 'diary'; one of: artifact"),
])
def test_bad_requests_are_exit_2_with_a_clear_message(initialised: Path, args, words):
    before = snapshot_bytes(initialised)
    result = new(initialised, *args)
    assert result.code == 2, result.out
    assert words in result.err
    assert snapshot_bytes(initialised) == before


def test_the_trees_own_template_is_used(initialised: Path):
    write_files(initialised, {"audits/ENTRY.template.md": (
        "---\ndate: {{DATE}}\ntype: {{AUDIT_TYPE}}\nseverity: low|medium|high\n"
        "reviewer: {{REVIEWER}}\n---\n\n# Audit {{AUDIT_TYPE}}\n\n## Summary\n\n{{SUMMARY}}\n\n"
        "## Evidence\n\n| What | Where |\n|---|---|\n| {{WHAT}} | {{WHERE}} |\n")})
    result = new(initialised, "audit", "--slug", "security-review", "--field", "reviewer=Ada")
    text = (initialised / result.out.strip()).read_text()
    assert "\nseverity: low\n" in text and "\nreviewer: Ada\n" in text
    assert "\ntype: security\n" in text and "## Evidence" in text and "## Scope" not in text
    tree = tree_at(initialised)
    assert all(problems(tree, e) == [] for e in tree.entries)


def test_a_broken_template_is_refused_rather_than_replaced(initialised: Path):
    write_files(initialised, {"reflections/ENTRY.template.md": "---\ntopic: [unclosed\n---\n"})
    before = snapshot_bytes(initialised)
    result = new(initialised, "reflection", "--slug", "lesson")
    assert result.code == 2
    assert "reflections/ENTRY.template.md" in result.err and "fix the template" in result.err
    assert snapshot_bytes(initialised) == before


def test_a_declared_custom_directory_is_a_kind(initialised: Path):
    state = (initialised / "PLAN.md").read_text().replace("`proposals/`",
                                                           "`proposals/`, `decisions/`")
    write_files(initialised, {"PLAN.md": state, "decisions/ENTRY.template.md": (
        "---\ndate: {{DATE}}\nstatus: open|decided\n---\n\n# {{TITLE}}\n\n## Decision\n\n"
        "{{DECISION}}\n")})
    result = new(initialised, "decision", "--title", "Use SQLite")
    assert result.out.strip() == f"decisions/{today()}-use-sqlite.md"
    text = (initialised / result.out.strip()).read_text()
    assert "\nstatus: open\n" in text and "# Use SQLite\n" in text
    assert check_json(initialised, "--no-git").json["diagnostics"] == []


def test_new_outside_an_indexed_directory_says_so(tmp_path: Path):
    write_files(tmp_path, {"STATE.md": "# STATE\n\n## Status\n\nok\n\n## Active objective\n\n"
                                       "x\n\n## Next valid action\n\ny\n\n## Mesh index\n\n"
                                       "- **Indexes:** `snapshots/`\n"})
    result = new(tmp_path, "reflection", "--slug", "lesson")
    assert result.code == 0
    assert "no state file indexes reflections/" in result.err


def test_a_read_only_directory_is_exit_2_and_leaves_every_file_as_it_was(initialised: Path):
    new(initialised, "journal")
    before = snapshot_bytes(initialised)
    with read_only(initialised / "journal"):
        result = new(initialised, "journal")
    assert result.code == 2
    assert "cannot create" in result.err
    assert snapshot_bytes(initialised) == before


def test_a_write_that_fails_half_way_leaves_no_partial_entry(initialised: Path):
    """A file-size limit makes the write itself fail after the file was created."""
    before = snapshot_bytes(initialised)

    def limit():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (64, 64))

    done = subprocess.run([sys.executable, "-m", "continuity", "new", "proposal", "--slug",
                           "big-change"], cwd=initialised, capture_output=True, text=True,
                          preexec_fn=limit, env=dict(os.environ, PYTHONPATH=str(REPO)))
    assert done.returncode == 2, done.stderr
    assert "cannot write" in done.stderr and "Traceback" not in done.stderr
    assert snapshot_bytes(initialised) == before


def test_new_prints_a_path_relative_to_the_working_directory(initialised: Path):
    result = run_cli("new", "journal", "--root", initialised, cwd=initialised.parent)
    assert re.fullmatch(r"memory/journal/\d{4}-\d{2}-\d{2}-turn-1\.md\n", result.out)


# ------------------------------------------------------------------ any text the author gives

author_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=60).filter(
    lambda s: not PLACEHOLDER.search(s))


@given(author_text)
def test_a_frontmatter_value_reads_back_as_written(value: str):
    front = parse_frontmatter(f"---\nkey: {yaml_scalar(value)}\n---\n")
    assert front.problems == ()
    assert front.data["key"] == value


@settings(max_examples=60)
@given(topic=author_text, trigger=author_text, event=author_text)
def test_any_author_text_gives_an_entry_without_placeholders(topic, trigger, event):
    template = builtin_template("reflections")
    text = fill(template, EntryValues(slots={"DATE": "2026-01-02"},
                                      fields={"topic": topic, "trigger": trigger,
                                              "What happened": event}))
    document = Document.parse(text)
    assert document.frontmatter.problems == ()
    assert document.frontmatter.data["topic"] == topic
    assert document.frontmatter.data["trigger"] == trigger
    assert document.whole.placeholders() == []
    assert [s.title for s in document.body.headings(2)] == list(template.sections)


def test_new_inside_a_history_directory_writes_to_the_memory_root(initialised: Path):
    result = run_cli("new", "journal", cwd=initialised / "journal")
    assert result.code == 0
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}-turn-1\.md\n", result.out)
    assert not (initialised / "journal" / "journal").exists()


def test_new_names_what_it_left_to_fill_and_nothing_when_all_is_given(initialised: Path):
    bare = run_cli("new", "snapshot", cwd=initialised)
    assert bare.code == 0
    assert "left to fill before committing (CT203 until filled): agent, version" in bare.err
    given = run_cli("new", "snapshot", "--date", "2026-01-02T03:04:05Z", "--field", "agent=ada",
                    "--field", "version=1.1.1", cwd=initialised)
    assert given.code == 0 and "left to fill" not in given.err
