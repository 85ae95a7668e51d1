"""The plain data under the history rules: the git pass (continuity.history) and the TODO and
LEARNINGS items (continuity.model.state_items)."""

from __future__ import annotations

from continuity.config import load_config
from continuity.history.git import open_repository
from continuity.history.log import blob_id, memory_paths, read_history
from continuity.model.state_items import compare, learnings_insights, todo_tasks
from continuity.model.tree import discover
from tests.support.common import GitRepo, minimal_tree, write_files

TREE = minimal_tree()
JOURNAL = "journal/2026-01-02-turn-1.md"


def history_of(repo: GitRepo, since: str | None = None):
    tree = discover(load_config(repo.path), repo.path)
    paths, globs = memory_paths(tree)
    return read_history(open_repository(repo.path).repository, tree.root, paths, globs, since)


def test_commits_come_oldest_first_with_what_each_changed(repo: GitRepo):
    first = repo.commit("Tree", {**TREE, "src/main.py": "code\n"})
    second = repo.commit("Turn 2, and a code change", {
        "journal/2026-01-03-turn-2.md": TREE[JOURNAL], "src/main.py": "more code\n"})
    third = repo.commit("Drop turn 2", delete=["journal/2026-01-03-turn-2.md"])
    history = history_of(repo)
    assert [c.sha for c in history.commits] == [first, second, third]
    assert history.commits[0].date == "2026-01-01T00:01:00+00:00"
    assert history.commits[1].subject == "Turn 2, and a code change"
    # Everything under the root is listed; which paths matter is for the rules to say.
    assert [(c.status, c.path) for c in history.commits[1].changes] == [
        ("A", "journal/2026-01-03-turn-2.md"), ("M", "src/main.py")]
    gone = history.commits[2].changes[0]
    assert (gone.status, gone.new, gone.before) == ("D", None, blob_id(TREE[JOURNAL].encode()))
    assert history.added_in(JOURNAL).sha == first
    assert history.pending is None


def test_a_merge_lists_only_what_differs_from_every_parent(repo: GitRepo):
    repo.commit("Tree", TREE)
    repo.git("checkout", "-q", "-b", "side")
    side = repo.commit("Side", {"journal/2026-01-04-turn-3.md": "side\n"})
    repo.git("checkout", "-q", "main")
    repo.commit("Main", {"journal/2026-01-03-turn-2.md": "main\n"})
    repo.git("merge", "-q", "--no-commit", "side")
    merge = repo.commit("Merge, touching up turn 1", {JOURNAL: "touched\n"})
    history = history_of(repo)
    shas = [c.sha for c in history.commits]
    assert shas.index(side) < shas.index(merge)
    merged = history.commits[-1]
    assert merged.is_merge and len(merged.parents) == 2
    [change] = merged.changes
    assert (change.path, change.status, len(change.old)) == (JOURNAL, "M", 2)


def test_pending_changes_and_renames_pair_by_content(repo: GitRepo):
    repo.commit("Tree", TREE)
    repo.git("mv", JOURNAL, "journal/2026-01-02-turn-7.md")
    write_files(repo.path, {"journal/2026-01-09-turn-9.md": "new\n"})
    history = history_of(repo)
    pending = history.pending
    assert pending is not None and pending.sha is None
    assert {(c.status, c.path, c.stage) for c in pending.changes} == {
        ("D", JOURNAL, "staged"), ("A", "journal/2026-01-02-turn-7.md", "staged"),
        ("A", "journal/2026-01-09-turn-9.md", "uncommitted")}
    assert pending.moved() == {JOURNAL: "journal/2026-01-02-turn-7.md"}
    blobs = dict(history.read_blobs([c.new for c in pending.changes if c.new]))
    assert sorted(blobs.values()) == sorted([TREE[JOURNAL].encode(), b"new\n"])


def test_blobs_are_read_once_and_dropped_after_their_last_use(repo: GitRepo):
    repo.commit("Tree", TREE)
    history = history_of(repo)
    a = blob_id(TREE[JOURNAL].encode())
    b = blob_id(TREE["STATE.md"].encode())
    seen = list(history.read_jobs([(a, None), (a, b), (b,)]))
    assert [index for index, _ in seen] == [0, 1, 2]
    assert seen[1][1] == {a: TREE[JOURNAL].encode(), b: TREE["STATE.md"].encode()}


# ------------------------------------------------------------------------- state items


def test_tasks_are_first_cells_and_list_texts_under_the_three_sections():
    text = ("# TODO\n\n## Active\n\n| ID | Task |\n|---|---|\n| **T-1** | Parse |\n"
            "| {{TASK_ID}} | template row |\n| — | nothing |\n\n"
            "## Pending\n\n- [ ] Publish the docs — after the parser\n  - a sub-point\n\n"
            "## Blocked (waiting)\n\n- T-9\n\n## Done\n\n- T-0 — finished\n\n"
            "```\n## Active\n- not a task\n```\n")
    assert sorted(todo_tasks(text)) == ["Publish the docs", "T-1", "T-9"]


def test_a_task_whose_other_cells_change_is_the_same_task():
    before = todo_tasks("## Active\n\n| ID | Task |\n|---|---|\n| T-1 | Parse |\n| T-2 | Fit |\n")
    after = todo_tasks("## Blocked\n\n| ID | Task |\n|---|---|\n| T-1 | Parse it all |\n")
    changes = compare(before, after)
    assert [item.key for item in changes.removed] == ["T-2"]
    assert [item.key for item in changes.changed] == ["T-1"]


def test_insights_are_table_rows_and_pattern_items():
    text = ("# LEARNINGS\n\n## Insights\n\n| # | Insight |\n|---|---|\n| 1 | Fixtures first |\n\n"
            "## Patterns\n\n- Test on real data\n\n## Anti-patterns\n\n- Mocking git\n\n"
            "## Notes\n\n- not an insight\n")
    insights = learnings_insights(text)
    assert sorted(item.key for item in insights.values()) == ["1", "Mocking git",
                                                              "Test on real data"]
    edited = learnings_insights(text.replace("Fixtures first", "Fixtures before code"))
    assert [item.key for item in compare(insights, edited).changed] == ["1"]


def test_prefix_checks_follow_a_log_through_appends_and_rewrites(repo: GitRepo):
    versions = [b"", b"a\n", b"a\nb\n", b"a\nB\n", b"a\nB\nc\n", b"a\nB\nc\nd", b"a\nB\nc\nd\n"]
    ids = [blob_id(v) for v in versions]
    for number, version in enumerate(versions):
        repo.commit(f"v{number}", {**(TREE if number == 0 else {}), "notes.jsonl": version})
    history = history_of(repo)
    pairs = list(zip(ids, ids[1:]))
    answers = history.prefix_checks(pairs)
    assert [answers[pair] for pair in pairs] == [True, True, False, True, True, True]
    assert history.prefix_checks([(ids[4], ids[1])]) == {(ids[4], ids[1]): False}  # shorter
    history.close()


def test_a_blob_reader_stopped_early_can_read_again(repo: GitRepo):
    repo.commit("Tree", TREE)
    history = history_of(repo)
    wanted = [blob_id(TREE[name].encode()) for name in sorted(TREE)]
    stream = history.read_blobs(wanted)
    next(stream)
    stream.close()  # abandoned half-way: the answers left in the pipe must not leak
    assert [data for _, data in history.read_blobs(wanted[::-1])] == [
        TREE[name].encode() for name in sorted(TREE)][::-1]
    assert history.read_blob("0" * 39 + "1") is None  # missing
    history.close()


def test_note_globs_read_as_path_glob_does():
    from continuity.validators.invariants import glob_regex

    pattern = glob_regex("notes/*.jsonl")
    assert pattern.match("notes/tide.jsonl")
    assert not pattern.match("notes/old/tide.jsonl") and not pattern.match("x/notes/a.jsonl")
    assert glob_regex("**/n?.jsonl").match("a/b/n1.jsonl")


def test_first_difference_points_at_the_line_in_the_new_version():
    from continuity.validators.invariants import first_difference

    assert first_difference(b"a\nb\nc\n", b"a\nB\nc\n") == 2
    long = b"x" * 200_000
    assert first_difference(long + b"\nold\n", long + b"\nnew\n") == 2
