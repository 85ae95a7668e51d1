"""CT111 dead-link and CT211 evidence-unresolved on real trees in real git repositories."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.support.common import GitRepo, check_json, minimal_tree, run_cli

COMPLETED = minimal_tree()["completed/2026-01-03-parse-constants.md"]
ENTRY = "completed/2026-01-03-parse-constants.md"
STATE = minimal_tree()["STATE.md"]


def findings(root: Path, *extra: str) -> list[tuple[str, str, int, int]]:
    result = check_json(root, "--select", "CT111,CT211", *extra)
    assert result.code in (0, 1), result.err
    return [(d["code"], d["path"], d["line"], d["column"]) for d in result.json["diagnostics"]]


def messages(root: Path) -> list[str]:
    return [d["message"] for d in check_json(root, "--select", "CT111,CT211").json["diagnostics"]]


def where(text: str, needle: str) -> tuple[int, int]:
    """(line, column) of the first ``needle`` in ``text``, 1-based."""
    for number, line in enumerate(text.split("\n"), 1):
        if needle in line:
            return number, line.index(needle) + 1
    raise AssertionError(needle)


@pytest.fixture
def memory(repo: GitRepo) -> GitRepo:
    repo.commit("memory", minimal_tree())
    return repo


def with_evidence(rows: str) -> str:
    head, tail = COMPLETED.split("## Evidence")
    after = tail.split("## Learnings")[1]
    return f"{head}## Evidence\n\n| Evidence | Path / URL |\n|---|---|\n{rows}\n## Learnings{after}"


def state_with(text: str) -> str:
    return STATE.replace("## Mesh index", f"## Notes\n\n{text}\n\n## Mesh index")


# ------------------------------------------------------------------ CT111 dead-link


def test_ct111_fires_on_links_images_and_definitions_to_missing_files(memory: GitRepo):
    state = state_with("See [turn 9](journal/2026-01-09-turn-9.md) and ![chart](artifacts/c.png).\n"
                       "\n[old]: snapshots/2025-12-31T10-00-00.md\n")
    memory.commit("links", {"STATE.md": state})
    assert findings(memory.path) == [
        ("CT111", "STATE.md", *where(state, "journal/2026-01-09")),
        ("CT111", "STATE.md", *where(state, "artifacts/c.png")),
        ("CT111", "STATE.md", *where(state, "snapshots/2025")),
    ]
    assert messages(memory.path)[0] == ("dead link `journal/2026-01-09-turn-9.md`: no such file "
                                        "or directory")


def test_ct111_fires_on_an_anchor_into_a_missing_heading(memory: GitRepo):
    state = state_with("[objective](STATE.md#active-objectiv), [up](#no-such-heading), "
                       "[turn](journal/2026-01-02-turn-1.md#resul)")
    memory.commit("anchors", {"STATE.md": state})
    assert findings(memory.path) == [("CT111", "STATE.md", *where(state, "STATE.md#")),
                                     ("CT111", "STATE.md", *where(state, "#no-such")),
                                     ("CT111", "STATE.md", *where(state, "journal/2026"))]
    assert "has no heading with the anchor `#active-objectiv`" in messages(memory.path)[0]


def test_ct111_does_not_fire_on_links_that_resolve(memory: GitRepo):
    state = state_with(
        "[obj](STATE.md#active-objective), [next](#next-valid-action), [dup](#status_1),\n"
        "[gh](CONTEXT.md#a--b), [html](CONTEXT.md#kept), [dir](journal/), [enc](a%20b.md),\n"
        "[turn](journal/2026-01-02-turn-1.md#actions-taken \"title\"), <journal/>,\n"
        "[web](https://example.invalid/missing.md), [mail](mailto:a@b.invalid),\n"
        "[abs](/nowhere.md), `[code](missing.md)`, [tpl]({{LINK}}), [q](journal/?x=1)\n\n"
        "## Status\n\nagain\n\n```\n[fenced](missing.md)\n```\n")
    context = ("# CONTEXT\n\n## A — B\n\n<a id=\"kept\"></a>\n\n## Mesh index\n\n"
               "- **Indexes:** `journal/`\n")
    memory.commit("good links", {"STATE.md": state, "CONTEXT.md": context, "a b.md": "x\n"})
    assert findings(memory.path) == []


def test_ct111_never_follows_a_link_out_of_the_repository(memory: GitRepo, tmp_path: Path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.md").write_text("# Secret\n")
    os.symlink(outside, memory.path / "linked")
    state = state_with("[up](../../../../../../etc/passwd), [out](../outside/secret.md#nope), "
                       "[via link](linked/secret.md#nope), [gone](linked/missing.md)")
    memory.commit("links out", {"STATE.md": state})
    assert findings(memory.path) == []


def test_ct111_fires_on_a_mesh_bullet_naming_a_missing_path(memory: GitRepo):
    state = STATE.replace("- **Indexes:** `snapshots/`",
                          "- **Indexes:** `snapshots/`\n- **Rule:** old states go to "
                          "`archive/states/`, new ones to `snapshots/`; see `ENTRY.template.md`")
    memory.commit("mesh", {"STATE.md": state})
    assert findings(memory.path) == [("CT111", "STATE.md", *where(state, "archive/states/"))]


def test_ct111_in_entries_and_not_in_templates(memory: GitRepo):
    journal = minimal_tree()["journal/2026-01-02-turn-1.md"].replace(
        "Wrote the parser.", "Wrote the parser ([notes](../notes/parser.md)).")
    memory.commit("entry link", {"journal/2026-01-02-turn-1.md": journal,
                                 "journal/ENTRY.template.md": minimal_tree()[
                                     "journal/ENTRY.template.md"] + "\n[x](missing.md)\n"})
    assert findings(memory.path) == [
        ("CT111", "journal/2026-01-02-turn-1.md", *where(journal, "../notes"))]


def test_a_file_with_a_hundred_thousand_links_is_judged_once_per_target(memory: GitRepo):
    """Linear: 100,000 links to a few targets (and anchors) cost a lookup per distinct target."""
    lines = [f"- [t{n}](journal/2026-01-02-turn-1.md#{'result' if n % 2 else 'next'}) "
             f"[s](STATE.md#status) [c](CONTEXT.md)" for n in range(100_000 // 3 + 1)]
    lines.append("- [dead](journal/2026-01-02-turn-2.md)")
    memory.commit("many links", {"LINKS.md": "# LINKS\n\n" + "\n".join(lines) +
                                 "\n\n## Mesh index\n\n- **Indexes:** `journal/`\n"})
    assert findings(memory.path) == [("CT111", "LINKS.md", len(lines) + 2, 10)]


# ------------------------------------------------------------------ CT211 evidence-unresolved


def test_ct211_fires_on_evidence_paths_links_and_commits_that_do_not_exist(memory: GitRepo):
    entry = with_evidence("| tests pass | `tests/test_parser.py` |\n"
                          "| report | [the run](../reports/run.txt) |\n"
                          "| merged | 3f2a1c9 |\n")
    memory.commit("evidence", {ENTRY: entry})
    assert findings(memory.path) == [
        ("CT211", ENTRY, *where(entry, "tests/test_parser.py")),
        ("CT211", ENTRY, *where(entry, "../reports/run.txt")),
        ("CT211", ENTRY, *where(entry, "3f2a1c9")),
    ]
    assert messages(memory.path)[0] == ("evidence `tests/test_parser.py` does not resolve: no such "
                                        "file in the repository")
    assert messages(memory.path)[2] == ("evidence `3f2a1c9` does not resolve: not a commit of the "
                                        "repository")


def test_ct211_does_not_fire_on_evidence_that_resolves(memory: GitRepo):
    memory.commit("code", {"tests/test_parse.py": "def test(): pass\n"})
    sha = memory.git("rev-parse", "HEAD").strip()
    entry = with_evidence(f"| tests pass | `tests/test_parse.py`, `tests/test_parse.py:1` |\n"
                          f"| commit | {sha[:7]} and `{sha}` |\n"
                          "| upstream | https://example.invalid/commit/3f2a1c9deadbeef |\n"
                          "| log | [log](../journal/2026-01-02-turn-1.md) |\n"
                          "| cmd | `pytest -q`, `make test` |\n")
    memory.commit("evidence", {ENTRY: entry})
    assert findings(memory.path) == []


def test_ct211_judges_an_artifacts_path_section(memory: GitRepo):
    state = STATE.replace("`snapshots/`", "`snapshots/`, `artifacts/`")
    artifact = ("---\ndate: 2026-01-03\nname: inventory\ntype: json\n---\n\n# Artifact\n\n"
                "## Description\n\nStations.\n\n## Path\n\n`artifacts/2026-01-03-inventory.json`"
                "\n\n## Generated by\n\nwren\n")
    memory.commit("artifact", {"STATE.md": state, "artifacts/2026-01-03-stations.md": artifact})
    assert findings(memory.path) == [
        ("CT211", "artifacts/2026-01-03-stations.md",
         *where(artifact, "artifacts/2026-01-03-inventory.json"))]
    memory.commit("the file", {"artifacts/2026-01-03-inventory.json": "{}\n"})
    assert findings(memory.path) == []


def test_ct211_judges_no_commit_without_git_or_in_a_shallow_clone(memory: GitRepo,
                                                                 tmp_path: Path):
    entry = with_evidence("| merged | 3f2a1c9 |\n")
    memory.commit("evidence", {ENTRY: entry})
    assert findings(memory.path, "--no-git") == []
    clone = tmp_path / "shallow"
    subprocess.run(["git", "clone", "-q", "--depth", "1", f"file://{memory.path}", str(clone)],
                   check=True)
    assert findings(clone) == []
    notices = check_json(clone, "--select", "CT211").json["notices"]
    assert "CT211: 1 commit named as evidence not judged (a shallow clone)" in notices
    assert [c for c, *_ in findings(memory.path)] == ["CT211"]


def test_both_rules_are_listed_with_example_and_fix():
    for code in ("CT111", "CT211"):
        text = run_cli("rules", code).out
        assert "**Example**" in text and "**Fix**" in text


@pytest.mark.parametrize("destination", [
    "JaVa&#x53;cript:alert(4)", "java\tscript:alert(1)", "%2Fetc%2Fpasswd", "&#47;etc/passwd",
    "//example.invalid/x.md", "data:text/html,x", "file:///etc/passwd"])
def test_disguised_schemes_and_absolute_paths_are_never_judged(memory: GitRepo,
                                                               destination: str):
    memory.commit("odd link", {"STATE.md": state_with(f"[odd]({destination})")})
    assert findings(memory.path) == []


def test_commits_named_as_evidence_are_asked_of_git_in_one_batch(memory: GitRepo,
                                                                  tmp_path: Path):
    def cat_file_calls(count: int) -> int:
        rows = "".join(f"| merged | {n:07x}a |\n" for n in range(1, count + 1))
        memory.commit(f"{count} commits named", {ENTRY: with_evidence(rows)})
        trace = tmp_path / f"trace-{count}.log"
        result = run_cli("check", "--output-format", "json", "--select", "CT211",
                         cwd=memory.path, env={"GIT_TRACE": str(trace)})
        assert [d["code"] for d in result.json["diagnostics"]] == ["CT211"] * count
        return sum("cat-file" in line and "built-in" in line
                   for line in trace.read_text().splitlines())
    assert cat_file_calls(2) == cat_file_calls(40) == 1


def test_nothing_inside_git_is_looked_into(memory: GitRepo):
    state = state_with("[cfg](.git/config), [none](.git/no-such-file.md#x), [up](.GIT/HEAD)")
    memory.commit("links into .git", {"STATE.md": state})
    assert findings(memory.path) == []


def test_ct111_hint_names_the_link_that_reaches_a_target_written_from_the_root(repo: GitRepo):
    """A link written from the memory root (a GSD file archived into milestones/ keeps its
    links) or from the repository's top (an agent reads paths from the project) is dead where
    Markdown is read; the hint names where the target is and the link that reaches it."""
    from tests.support.conventions import GSD_PLANNING

    repo.commit("planning", {
        **GSD_PLANNING,
        ".planning/ROADMAP.md": "# Roadmap\n\n- [v1.2](milestones/v1.2-ROADMAP.md)\n",
        ".planning/milestones/v1.0-ROADMAP.md": "# v1.0\n\n## Phase 1\n\nDone.\n",
        ".planning/milestones/v1.2-ROADMAP.md":
            "# v1.2\n\nAfter [v1.0](milestones/v1.0-ROADMAP.md#phase-1), with "
            "[the requirements](requirements.txt) and [a note](nowhere.md).\n",
        "requirements.txt": "mkdocs\n",
    })
    result = check_json(repo.path, "--select", "CT111")
    hints = {d["message"].split("`")[1]: d["hint"] for d in result.json["diagnostics"]}
    assert set(hints) == {"milestones/v1.0-ROADMAP.md#phase-1", "requirements.txt", "nowhere.md"}
    assert hints["milestones/v1.0-ROADMAP.md#phase-1"].startswith(
        "`milestones/v1.0-ROADMAP.md` exists from the memory root "
        "(.planning/milestones/v1.0-ROADMAP.md), not from this file's folder")
    assert hints["milestones/v1.0-ROADMAP.md#phase-1"].endswith("write `v1.0-ROADMAP.md#phase-1`")
    assert "exists from the repository's top (requirements.txt)" in hints["requirements.txt"]
    assert hints["requirements.txt"].endswith("write `../../requirements.txt`")
    assert hints["nowhere.md"].startswith("correct the path or anchor")


def test_a_powershell_static_member_is_no_reference_definition(tmp_path: Path) -> None:
    """Set 18 (issue 30): an AGENTS.md bullet's inline code wraps, and its second line starts
    with PowerShell's static member ``[System.Text.UTF8Encoding]::new($false)``: no reference
    definition (``]::``), so no dead link. A real definition to a missing file is still one."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("agents", {
        "AGENTS.md": "# Agents\n\n- Write UTF-8 explicitly: prefer `[System.IO.File]::WriteAllText(\n"
                     "  $path, $text,\n  [System.Text.UTF8Encoding]::new($false))`.\n"
                     "  [Encoding]::UTF8 is the other.\n",
        "CLAUDE.md": "# Project\n\nSee AGENTS.md.\n"})
    result = check_json(repo.path)
    assert [d for d in result.json["diagnostics"] if d["code"] == "CT111"] == [], result.out
    repo.commit("spec", {"CLAUDE.md": "# Project\n\nSee [the spec][spec].\n\n[spec]: SPEC.md\n"})
    result = check_json(repo.path)
    found = [(d["code"], d["path"], d["line"]) for d in result.json["diagnostics"]]
    assert found == [("CT111", "CLAUDE.md", 5)], result.out


def test_set_54_links_into_a_folder_the_note_above_says_does_not_exist_yet(tmp_path: Path):
    """Set 54: a Cline bank's design patterns note "The `docs/screenshots/` directory does not
    yet exist … the following are placeholders for future visual documentation", then link
    29 screenshots in the subsections below: the author's own placeholders, said in a notice,
    not reported. A dead link into another folder, one in a later section, and one above the
    note are still reported."""
    repo = GitRepo(tmp_path / "repo")
    patterns = ("# Design Patterns\n\n- [Above](../docs/screenshots/above.png)\n\n## Examples\n\n"
                "> **Note:** The `docs/screenshots/` directory does not yet exist. The following "
                "are placeholders.\n\n### Navigation\n- ![Top bar](../docs/screenshots/top.png)\n"
                "- ![Other](../docs/diagrams/flow.png)\n\n## Later\n\n"
                "- ![Sidebar](../docs/screenshots/side.png)\n")
    repo.commit("bank", {
        "memory-bank/projectbrief.md": "# Brief\n", "memory-bank/productContext.md": "# Product\n",
        "memory-bank/activeContext.md": "# Active\n", "memory-bank/progress.md": "# Progress\n",
        "memory-bank/designPatterns.md": patterns, "docs/README.md": "# Docs\n"})
    result = check_json(repo.path, "--select", "CT111")
    found = sorted(d["message"].split("`")[1] for d in result.json["diagnostics"])
    assert found == ["../docs/diagrams/flow.png", "../docs/screenshots/above.png",
                     "../docs/screenshots/side.png"], result.out
    assert "1 link into a folder the file says does not exist yet" in result.out + result.err
