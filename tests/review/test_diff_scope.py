"""`continuity diff` judges the findings introduced and fixed on what the range can affect
(review/scope.py): on real git repositories, each kind of rule whose verdict on a file hangs on
another file gives the same review as `--full-check` (the whole check at both ends), in text
and in JSON, and the narrowed check is what answered (not the whole one it falls back to)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.common import GitRepo, journal_entry, minimal_tree, run_cli

MEMORY = "- [Debugging](debugging.md) — how to debug\n- [API](api.md) — the endpoints\n"


def topic(name: str, body: str) -> str:
    return f"---\nname: {name}\ndescription: {name}\ntype: project\n---\n\n{body}"


def narrowed(repo: GitRepo, root: str, base: str, head: str | None, scratch: Path) -> object:
    """What the narrowed check answers for ``root`` (None: it left it to the whole check)."""
    from continuity.changes.delta import read_deltas
    from continuity.changes.revisions import open_for_review, resolve
    from continuity.changes.roots import root_prefix
    from continuity.config import load_config
    from continuity.review.scope import scoped_findings

    repository = open_for_review(repo.path)
    scope = resolve(repository, base, head, staged=False, worktree=False)
    top = repo.path.resolve()
    on_disk = scope.head.sha == repository.head and not repository.run(
        "status", "--porcelain").strip()
    path = top / root
    prefix = root_prefix(top, path)
    deltas = read_deltas(scope, [prefix])
    return scoped_findings(scope, load_config(top), path, prefix, top, on_disk, deltas,
                           scratch)


def same_review(repo: GitRepo, *args: str) -> dict:
    """The review of ``args`` with the narrowed check and with --full-check: the same text,
    the same JSON (returned)."""
    for form in ("text", "json", "markdown"):
        scoped = run_cli("diff", *args, "--format", form, cwd=repo.path)
        full = run_cli("diff", *args, "--format", form, "--full-check", cwd=repo.path)
        assert scoped.code == full.code, (scoped.err, full.err)
        assert scoped.out == full.out, form
        assert scoped.err == full.err
    return run_cli("diff", *args, "--format", "json", cwd=repo.path).json


def codes(review: dict, which: str) -> set[tuple[str, str]]:
    return {(f["code"], f["path"]) for root in review["roots"] for f in root[which]}


@pytest.fixture
def protocol(tmp_path: Path) -> GitRepo:
    repo = GitRepo(tmp_path / "repo")
    files = minimal_tree()
    files["tests/test_parse.py"] = "def test_parse():\n    pass\n"
    completed = "completed/2026-01-03-parse-constants.md"
    files[completed] = files[completed].replace("| tests/test_parse.py |",
                                                "| `tests/test_parse.py` |")
    files["journal/2026-01-03-turn-2.md"] = journal_entry(
        3, 2, "See [the work](../completed/2026-01-03-parse-constants.md#result) and "
              "[turn 1](2026-01-02-turn-1.md).")
    repo.commit("memory", files)
    repo.git("checkout", "-q", "-b", "work")
    return repo


def test_a_link_into_a_file_the_range_deletes_is_introduced_on_the_unchanged_file(
        protocol: GitRepo, tmp_path: Path):
    protocol.commit("drop the evidence and an entry", delete=[
        "tests/test_parse.py", "journal/2026-01-02-turn-1.md"])
    review = same_review(protocol, "main")
    introduced = codes(review, "introduced")
    assert ("CT211", "completed/2026-01-03-parse-constants.md") in introduced
    assert ("CT111", "journal/2026-01-03-turn-2.md") in introduced
    assert narrowed(protocol, ".", "main", None, tmp_path / "s") is not None


def test_a_heading_renamed_breaks_an_anchor_elsewhere_and_a_file_added_fixes_a_link(
        protocol: GitRepo, tmp_path: Path):
    protocol.git("checkout", "-q", "main")
    protocol.commit("a link ahead of its file", {"journal/2026-01-04-turn-3.md": journal_entry(
        4, 3, "Read [the plan](../plan/notes.md).")})
    protocol.git("checkout", "-q", "-B", "work")
    completed = "completed/2026-01-03-parse-constants.md"
    text = (protocol.path / completed).read_text()
    protocol.commit("rename a heading, add the plan", {
        completed: text.replace("## Result\n", "## Outcome\n"),
        "plan/notes.md": "# Notes\n"})
    review = same_review(protocol, "main")
    assert ("CT111", "journal/2026-01-03-turn-2.md") in codes(review, "introduced")
    assert ("CT111", "journal/2026-01-04-turn-3.md") in codes(review, "fixed")
    assert narrowed(protocol, ".", "main", None, tmp_path / "s") is not None


def test_a_history_entry_edited_and_a_secret_added(protocol: GitRepo, tmp_path: Path):
    key = "AKIA" + "QWERTYUIOPASDFGH"
    protocol.commit("edit an entry, note a key", {
        "journal/2026-01-02-turn-1.md": "---\ndate: [not yaml\n---\n\n# Journal\n",
        "journal/2026-01-05-turn-4.md": journal_entry(5, 4, f"aws_access_key_id = {key}")})
    review = same_review(protocol, "main")
    introduced = codes(review, "introduced")
    assert ("CT201", "journal/2026-01-02-turn-1.md") in introduced
    assert ("CT601", "journal/2026-01-05-turn-4.md") in introduced
    assert key not in str(review)
    assert narrowed(protocol, ".", "main", None, tmp_path / "s") is not None


def test_a_ledger_line_and_a_mesh_index_that_orphans_an_unchanged_directory(
        protocol: GitRepo, tmp_path: Path):
    line = '{"cycle": %d, "target": "t", "result": "unchanged", "timestamp": "2026-01-0%dT00:00:00Z"}\n'
    protocol.git("checkout", "-q", "main")
    protocol.commit("ledger", {".agents/evolve/cycle-history.jsonl": line % (1, 1)})
    protocol.git("checkout", "-q", "-B", "work")
    context = (protocol.path / "CONTEXT.md").read_text()
    protocol.commit("a cycle skipped, journal/ no longer indexed", {
        ".agents/evolve/cycle-history.jsonl": line % (1, 1) + line % (3, 3),
        "CONTEXT.md": context.replace("- **Indexes:** `journal/`\n", "")})
    review = same_review(protocol, "main")
    introduced = codes(review, "introduced")
    assert ("CT404", ".agents/evolve/cycle-history.jsonl") in introduced
    assert any(code == "CT103" for code, _ in introduced), introduced
    assert narrowed(protocol, ".", "main", None, tmp_path / "s") is not None


def test_a_template_changed_is_judged_whole(protocol: GitRepo, tmp_path: Path):
    template = (protocol.path / "journal/ENTRY.template.md").read_text()
    protocol.commit("the template asks for more", {
        "journal/ENTRY.template.md": template + "\n## Review\n\n{{review}}\n"})
    review = same_review(protocol, "main")
    assert ("CT206", "journal/2026-01-02-turn-1.md") in codes(review, "introduced")
    assert narrowed(protocol, ".", "main", None, tmp_path / "s") is None  # the whole check


@pytest.fixture
def claude(tmp_path: Path) -> GitRepo:
    repo = GitRepo(tmp_path / "repo")
    repo.commit("code", {"README.md": "# app\n", "src/app.py": "print(1)\n"})
    repo.commit("memory", {
        "memory/MEMORY.md": MEMORY,
        "memory/debugging.md": topic("debugging", "## Flaky\n\nSee [api](api.md#endpoints)."
                                                  "\n"),
        "memory/api.md": topic("api", "## Endpoints\n\n/v1\n")})
    repo.git("checkout", "-q", "-b", "feature")
    return repo


def test_an_index_topic_renamed_is_reviewed_like_the_whole_check(claude: GitRepo,
                                                                  tmp_path: Path):
    claude.git("mv", "memory/api.md", "memory/endpoints.md")
    claude.commit("rename the api topic")
    review = same_review(claude, "main")
    introduced = codes(review, "introduced")
    assert ("CT111", "MEMORY.md") in introduced  # the index line left pointing at it
    assert ("CT111", "debugging.md") in introduced  # a topic that linked it
    assert ("CT701", "endpoints.md") in introduced  # the new name, not indexed
    assert narrowed(claude, "memory", "main", None, tmp_path / "s") is not None


def test_the_index_changed_judges_every_topic_again(claude: GitRepo, tmp_path: Path):
    claude.commit("drop a line of the index", {"memory/MEMORY.md": MEMORY.splitlines()[0]
                                               + "\n"})
    review = same_review(claude, "main")
    assert ("CT701", "api.md") in codes(review, "introduced")
    # CT701 reaches the index; every topic is a file of the root, read at both ends.
    assert narrowed(claude, "memory", "main", None, tmp_path / "s") is not None


def test_an_index_changed_above_folders_it_judges_is_judged_whole(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    repo.commit("memory", {"memory/MEMORY.md": MEMORY, "memory/api.md": topic("api", "x\n"),
                           "memory/debugging.md": topic("debugging", "x\n"),
                           "memory/notes/2026-01-01.md": "# Notes\n"})
    repo.git("checkout", "-q", "-b", "feature")
    repo.commit("drop a line of the index", {"memory/MEMORY.md": MEMORY.splitlines()[0]
                                             + "\n"})
    review = same_review(repo, "main")
    assert ("CT701", "api.md") in codes(review, "introduced")


def test_a_head_not_checked_out_and_a_root_in_a_subfolder(claude: GitRepo, tmp_path: Path):
    claude.commit("a dead link", {"memory/debugging.md": topic(
        "debugging", "## Flaky\n\nSee [gone](gone.md).\n")})
    claude.git("checkout", "-q", "main")
    review = same_review(claude, "main", "feature")
    assert codes(review, "introduced") == {("CT111", "debugging.md")}
    assert codes(review, "fixed") == set()
    assert narrowed(claude, "memory", "main", "feature", tmp_path / "s") is not None


def test_the_options_changed_are_judged_whole(claude: GitRepo, tmp_path: Path):
    claude.commit("ignore CT701", {"continuity.toml": 'ignore = ["CT111"]\n',
                                   "memory/api.md": topic("api", "## Endpoints\n\n/v2\n")})
    same_review(claude, "main")
    assert narrowed(claude, "memory", "main", None, tmp_path / "s") is None
