"""CT301-CT308 on real repositories: each fires once where broken, and stays silent where kept."""

from __future__ import annotations

from pathlib import Path

from tests.support.common import GitRepo, check_json, minimal_tree, protocol_template, write_files

JOURNAL = "journal/2026-01-02-turn-1.md"
SNAPSHOT = "snapshots/2026-01-02T10-00-00.md"
COMPLETED = "completed/2026-01-03-parse-constants.md"
TREE = minimal_tree()


def history_findings(root: Path, *extra: str) -> list[dict]:
    result = check_json(root, "--select", "CT3", *extra)
    assert result.code in (0, 1), result.err
    return result.json["diagnostics"]


def only(findings: list[dict], code: str) -> list[dict]:
    return [d for d in findings if d["code"] == code]


def started(repo: GitRepo) -> str:
    return repo.commit("Start the memory tree", minimal_tree())


def snapshot(stamp: str) -> dict[str, str]:
    return {f"snapshots/{stamp}.md": TREE[SNAPSHOT].replace("2026-01-02T10:00:00Z",
                                                            stamp.replace("-", ":")[:10])}


# ------------------------------------------------------------------------- CT301


def test_ct301_fires_at_each_commit_that_edited_an_entry(repo: GitRepo):
    added = started(repo)
    edited = repo.commit("Fix a typo", {JOURNAL: TREE[JOURNAL].replace("It parses.", "It parsed.")})
    again = repo.commit("Edit it again", {JOURNAL: TREE[JOURNAL].replace("It parses.", "Parsed!")})
    finding, later = only(history_findings(repo.path), "CT301")
    assert again.startswith(later["commit"]) and later["path"] == JOURNAL
    assert finding["path"] == JOURNAL
    assert edited.startswith(finding["commit"]) and len(finding["commit"]) == 7
    assert finding["commit_date"] == "2026-01-01"
    assert added[:7] in finding["message"]
    assert finding["line"] == TREE[JOURNAL].split("\n").index("It parses.") + 1
    assert finding["severity"] == "error"


def test_ct301_silent_when_entries_are_only_added(repo: GitRepo):
    started(repo)
    repo.commit("Next turn", {"journal/2026-01-03-turn-2.md": TREE[JOURNAL].replace("turn: 1",
                                                                                    "turn: 2")})
    assert history_findings(repo.path) == []


def test_ct301_templates_readmes_and_libraries_may_change(repo: GitRepo):
    started(repo)
    repo.commit("Add templates", {"journal/ENTRY.template.md": "---\ndate: {{DATE}}\n---\n",
                                  "journal/README.md": "Turns.\n",
                                  "memory/semantic-tides.md": "# Tides\n",
                                  "journal/.gitkeep": ""})
    repo.commit("Curate", {"journal/ENTRY.template.md": "---\ndate: {{DATE}}\nturn: 1\n---\n",
                           "journal/README.md": "Turns, one a file.\n",
                           "memory/semantic-tides.md": "# Tides, revised\n",
                           "journal/.gitkeep": "x"})
    assert history_findings(repo.path) == []


def test_ct301_uncommitted_edit_is_reported_without_a_commit(repo: GitRepo):
    started(repo)
    (repo.path / JOURNAL).write_text(TREE[JOURNAL] + "\nOne more line.\n", encoding="utf-8")
    [finding] = only(history_findings(repo.path), "CT301")
    assert finding["path"] == JOURNAL
    assert "commit" not in finding
    assert "uncommitted" in finding["message"]


def test_ct301_staged_edit_says_staged(repo: GitRepo):
    """What the pre-commit hook sees: the edit is in the index, not yet committed."""
    started(repo)
    (repo.path / COMPLETED).write_text(TREE[COMPLETED].replace("Parsed.", "Done."), "utf-8")
    repo.git("add", COMPLETED)
    [finding] = only(history_findings(repo.path), "CT301")
    assert finding["path"] == COMPLETED and "staged" in finding["message"]
    assert "commit" not in finding


def test_ct301_entry_deleted_and_recreated_with_other_content(repo: GitRepo):
    started(repo)
    deleted = repo.commit("Drop", delete=[JOURNAL])
    recreated = repo.commit("Bring back, edited", {JOURNAL: TREE[JOURNAL] + "\nEdited.\n"})
    findings = history_findings(repo.path)
    assert [(d["code"], d["commit"]) for d in findings if d["path"] == JOURNAL] == [
        ("CT301", recreated[:7]), ("CT302", deleted[:7])]


# ------------------------------------------------------------------------- CT302


def test_ct302_fires_at_the_deleting_commit_even_if_restored_later(repo: GitRepo):
    started(repo)
    deleted = repo.commit("Clean up", delete=[SNAPSHOT])
    repo.commit("Restore", {SNAPSHOT: TREE[SNAPSHOT]})
    [finding] = only(history_findings(repo.path), "CT302")
    assert finding["path"] == SNAPSHOT and finding["commit"] == deleted[:7]
    assert f"git checkout {deleted[:7]}^ -- {SNAPSHOT}" in finding["hint"]


def test_ct302_uncommitted_deletion(repo: GitRepo):
    started(repo)
    (repo.path / COMPLETED).unlink()
    [finding] = only(history_findings(repo.path), "CT302")
    assert finding["path"] == COMPLETED and "uncommitted" in finding["message"]


def test_ct302_silent_for_a_deleted_template(repo: GitRepo):
    started(repo)
    repo.commit("Template", {"snapshots/ENTRY.template.md": "---\ndate: {{DATE}}\n---\n"})
    repo.commit("No template", delete=["snapshots/ENTRY.template.md"])
    assert history_findings(repo.path) == []


# ------------------------------------------------------------------------- CT303


def test_ct303_fires_for_a_rename_and_names_the_new_path(repo: GitRepo):
    started(repo)
    repo.git("mv", COMPLETED, "completed/2026-01-03-parse-the-constants.md")
    renamed = repo.commit("Better name")
    findings = history_findings(repo.path)
    assert [(d["code"], d["path"], d["commit"]) for d in findings] == [
        ("CT303", COMPLETED, renamed[:7])]
    assert "completed/2026-01-03-parse-the-constants.md" in findings[0]["message"]


def test_ct303_moved_to_another_directory(repo: GitRepo):
    started(repo)
    (repo.path / "reflections").mkdir()
    repo.git("mv", JOURNAL, "reflections/2026-01-02-turn-1.md")
    moved = repo.commit("Move")
    [finding] = history_findings(repo.path)
    assert (finding["code"], finding["commit"]) == ("CT303", moved[:7])


def test_ct303_staged_rename(repo: GitRepo):
    started(repo)
    repo.git("mv", SNAPSHOT, "snapshots/2026-01-02T10-00-01.md")
    [finding] = history_findings(repo.path)
    assert finding["code"] == "CT303" and "staged" in finding["message"]


def test_ct303_unstaged_move_in_the_working_tree(repo: GitRepo):
    started(repo)
    (repo.path / SNAPSHOT).rename(repo.path / "snapshots/2026-01-02T10-00-01.md")
    [finding] = history_findings(repo.path)
    assert finding["code"] == "CT303" and "uncommitted" in finding["message"]


def test_ct303_rename_with_edits_is_a_deletion(repo: GitRepo):
    started(repo)
    repo.commit("Rename and edit", {"journal/2026-01-02-turn-9.md": TREE[JOURNAL] + "x\n"},
                delete=[JOURNAL])
    assert [d["code"] for d in history_findings(repo.path)] == ["CT302"]


# ------------------------------------------------------------------------- CT305


def test_ct305_fires_when_state_is_overwritten_without_a_snapshot(repo: GitRepo):
    started(repo)
    repo.commit("Snapshot then state", {**snapshot("2026-01-04T09-00-00"),
                                        "STATE.md": TREE["STATE.md"].replace("Building",
                                                                             "Testing")})
    bare = repo.commit("State only", {"STATE.md": TREE["STATE.md"].replace("Building", "Done")})
    [finding] = only(history_findings(repo.path), "CT305")
    assert finding["path"] == "STATE.md" and finding["commit"] == bare[:7]


def test_ct305_silent_when_state_is_first_written(repo: GitRepo):
    repo.commit("Tree without state", {k: v for k, v in TREE.items() if k != "STATE.md"})
    repo.commit("State arrives", {"STATE.md": TREE["STATE.md"]})
    assert only(history_findings(repo.path), "CT305") == []


def test_ct305_uncommitted_state_change(repo: GitRepo):
    started(repo)
    (repo.path / "STATE.md").write_text(TREE["STATE.md"].replace("Building", "Done"), "utf-8")
    [finding] = history_findings(repo.path)
    assert finding["code"] == "CT305" and "uncommitted" in finding["message"]
    write_files(repo.path, snapshot("2026-01-05T00-00-00"))  # untracked, about to be added
    assert history_findings(repo.path) == []


# ------------------------------------------------------------------------- CT306


def todo_without(row_text: str) -> str:
    return TREE["TODO.md"].replace(row_text, "")


T2_ROW = "| T-2 | Parse the harmonic constants | wren | 2026-01-02 |\n"


def test_ct306_fires_when_a_task_disappears_without_a_completed_entry(repo: GitRepo):
    started(repo)
    removed = repo.commit("Done with T-2", {"TODO.md": todo_without(T2_ROW)})
    [finding] = only(history_findings(repo.path), "CT306")
    assert finding["path"] == "TODO.md" and finding["commit"] == removed[:7]
    assert "`T-2`" in finding["message"]


def test_ct306_list_items_are_tasks_too(repo: GitRepo):
    started(repo)
    repo.commit("Drop docs", {"TODO.md": todo_without("- Publish the API docs — after the "
                                                      "parser lands\n")})
    [finding] = history_findings(repo.path)
    assert finding["code"] == "CT306" and "`Publish the API docs`" in finding["message"]


def test_ct306_silent_with_completed_entry_moves_and_edits(repo: GitRepo):
    started(repo)
    # Another cell of the task changes: the same task.
    repo.commit("Reassign", {"TODO.md": TREE["TODO.md"].replace("| wren |", "| kestrel |")})
    # Moved from Active to Blocked: still a task.
    blocked = todo_without(T2_ROW).replace("## Blocked\n", "## Blocked\n\n- T-2 — waiting\n")
    repo.commit("Block T-2", {"TODO.md": blocked})
    # The detail after " — " changes: the same task.
    repo.commit("Detail", {"TODO.md": blocked.replace("— waiting", "— waiting on data")})
    # Finished, with its completed/ entry in the same commit.
    repo.commit("Finish T-2", {
        "TODO.md": TREE["TODO.md"].replace(T2_ROW, ""),
        "completed/2026-01-05-harmonic-constants.md": TREE[COMPLETED].replace("T-1", "T-2")})
    assert history_findings(repo.path) == []


TWO_TASKS = TREE["TODO.md"].replace(
    T2_ROW, T2_ROW + "| T-3 | Load the tide fixtures | wren | 2026-01-02 |\n")


def _done(entry_id: str) -> str:
    return TREE[COMPLETED].replace("T-1", entry_id)


def test_ct306_two_tasks_removed_with_one_entry_is_one_finding_naming_the_other(repo: GitRepo):
    repo.commit("Start", {**minimal_tree(), "TODO.md": TWO_TASKS})
    removed = repo.commit("Finish T-2 and T-3", {
        "TODO.md": TREE["TODO.md"].replace(T2_ROW, ""),
        "completed/2026-01-05-t-3-fixtures.md": _done("T-3")})
    [finding] = only(history_findings(repo.path), "CT306")
    assert finding["commit"] == removed[:7]
    assert "`T-2`" in finding["message"] and "`T-3`" not in finding["message"]
    assert "1 completed/ entry for 2 removed tasks" in finding["message"]


def test_ct306_tasks_matched_by_the_task_id_row_or_the_slug_in_the_name(repo: GitRepo):
    repo.commit("Start", {**minimal_tree(), "TODO.md": TWO_TASKS})
    repo.commit("Finish both", {
        "TODO.md": TREE["TODO.md"].replace(T2_ROW, ""),
        "completed/2026-01-05-wrap-up.md": _done("T-2"),  # by its Task ID row
        "completed/2026-01-05-tide-fixtures.md": _done("none")})  # by the slug
    assert only(history_findings(repo.path), "CT306") == []


def test_ct306_two_entries_for_one_task_leave_the_other_task_unaccounted(repo: GitRepo):
    repo.commit("Start", {**minimal_tree(), "TODO.md": TWO_TASKS})
    repo.commit("Finish both", {
        "TODO.md": TREE["TODO.md"].replace(T2_ROW, ""),
        "completed/2026-01-05-t-2.md": _done("T-2"),
        "completed/2026-01-05-t-2-again.md": _done("T-2")})
    [finding] = only(history_findings(repo.path), "CT306")
    assert "`T-3`" in finding["message"]


def test_ct306_each_unmatched_task_is_its_own_finding(repo: GitRepo):
    repo.commit("Start", {**minimal_tree(), "TODO.md": TWO_TASKS})
    repo.commit("Drop both", {"TODO.md": TREE["TODO.md"].replace(T2_ROW, "")
                              .replace("- Publish the API docs — after the parser lands\n", "")})
    found = only(history_findings(repo.path), "CT306")
    assert sorted(f["message"].split("`")[1] for f in found) == [
        "Publish the API docs", "T-2", "T-3"]


# ------------------------------------------------------------------------- CT307


def with_reflections(repo: GitRepo) -> None:
    """CT307 is judged only where the root has a reflections/ directory to grow."""
    started(repo)
    repo.commit("Reflections", {"reflections/ENTRY.template.md": protocol_template("reflections")})


def test_ct307_fires_when_an_insight_changes_without_a_reflection(repo: GitRepo):
    with_reflections(repo)
    repo.commit("New insight", {"LEARNINGS.md": TREE["LEARNINGS.md"].replace(
        "| 1 | Fixtures first |\n", "| 1 | Fixtures first |\n| 2 | Small commits |\n")})
    changed = repo.commit("Sharpen", {"LEARNINGS.md": TREE["LEARNINGS.md"].replace(
        "Fixtures first", "Fixtures first, from recorded data")})
    [finding] = only(history_findings(repo.path), "CT307")
    assert finding["severity"] == "warning"
    assert finding["path"] == "LEARNINGS.md" and finding["commit"] == changed[:7]
    assert "changed `1`" in finding["message"] and "removed `2`" in finding["message"]


def test_ct307_pattern_item_removed(repo: GitRepo):
    with_reflections(repo)
    repo.commit("Forget", {"LEARNINGS.md": TREE["LEARNINGS.md"].replace(
        "- Test the parser on real data\n", "")})
    [finding] = history_findings(repo.path)
    assert finding["code"] == "CT307" and "Test the parser on real data" in finding["message"]


def test_ct305_to_ct307_silent_where_the_root_has_no_such_directory(repo: GitRepo):
    """issue 21: GSD rewrites STATE.md by design and has no snapshots/; a root without
    reflections/ or completed/ is not asked to grow them."""
    repo.commit("A tree without snapshots/, completed/ or reflections/", {
        "STATE.md": TREE["STATE.md"], "TODO.md": TREE["TODO.md"],
        "LEARNINGS.md": TREE["LEARNINGS.md"]})
    repo.commit("Rewrite all three", {
        "STATE.md": TREE["STATE.md"].replace("Building the parser.", "Parsing."),
        "TODO.md": TREE["TODO.md"].replace("| T-2 | Parse the harmonic constants | wren | "
                                           "2026-01-02 |\n", ""),
        "LEARNINGS.md": TREE["LEARNINGS.md"].replace("- Test the parser on real data\n", "")})
    assert not [f for f in history_findings(repo.path) if f["code"] in ("CT305", "CT306",
                                                                       "CT307")]


def test_ct307_silent_with_a_reflection(repo: GitRepo):
    started(repo)
    repo.commit("Sharpen, with the story", {
        "LEARNINGS.md": TREE["LEARNINGS.md"].replace("Fixtures first", "Fixtures before code"),
        "reflections/2026-01-04-fixtures.md": "---\ndate: 2026-01-04\n---\n# Why\n"})
    assert history_findings(repo.path) == []


# ------------------------------------------------------------------------- CT308


def test_ct308_reports_each_ignored_directory_once(repo: GitRepo):
    """The protocol's own default .gitignore keeps snapshots and completed entries out of git."""
    write_files(repo.path, {".gitignore": "snapshots/*\ncompleted/*.md\n"})
    repo.commit("Start", {k: v for k, v in TREE.items()})
    write_files(repo.path, snapshot("2026-01-04T09-00-00"))
    findings = only(history_findings(repo.path), "CT308")
    assert [(d["path"], d["severity"]) for d in findings] == [("completed", "warning"),
                                                              ("snapshots", "warning")]
    assert "`snapshots/*` in .gitignore:1" in findings[1]["message"]
    assert "2 of its 2 entries" in findings[1]["message"]
    assert "`completed/*.md` in .gitignore:2" in findings[0]["message"]


def test_ct308_warns_about_new_entries_of_an_ignored_directory(repo: GitRepo):
    started(repo)
    repo.commit("Ignore journal", {".gitignore": "journal/\n"})
    [finding] = history_findings(repo.path)
    assert (finding["code"], finding["path"]) == ("CT308", "journal")
    assert "would ignore its new entries" in finding["message"]


def test_ct308_silent_when_negated_or_tracked(repo: GitRepo):
    write_files(repo.path, {".gitignore": "snapshots/*\n!snapshots/*.md\n*.tmp\n"})
    started(repo)
    assert history_findings(repo.path) == []
