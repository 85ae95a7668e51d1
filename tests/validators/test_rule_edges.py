"""Edges a mutation of the rules would slip past: equal-length select/ignore, a log deleted and
re-created, merges and the CT305-CT307 pairings. Each test fails under one named mutant."""

from __future__ import annotations

import json
import subprocess

from continuity.validators.registry import selected
from tests.support.common import GitRepo, check_json, minimal_tree, run_cli

TREE = minimal_tree()
SNAPSHOT = "snapshots/2026-01-02T10-00-00.md"


def codes(root, *extra: str) -> list[tuple[str, str]]:
    result = check_json(root, *extra)
    assert result.code in (0, 1), result.err
    return sorted((d["code"], d["path"]) for d in result.json["diagnostics"])


# ------------------------------------------------------------ select / ignore of equal length


def test_ignore_wins_over_a_select_of_the_same_length():
    """Mutant: ``dropped > chosen`` (select wins a tie)."""
    assert selected(["CT301", "CT302"], ["CT3"], ["CT3"]) == []
    assert selected(["CT301", "CT302"], ["CT301"], ["CT301"]) == []
    assert selected(["CT301", "CT302"], ["CT30"], ["CT301"]) == ["CT302"]
    assert selected(["CT301", "CT302"], ["CT301"], ["CT30"]) == ["CT301"]


def test_the_cli_drops_a_code_both_selected_and_ignored(repo: GitRepo):
    repo.commit("Tree", TREE)
    entry = next(p for p in TREE if p.startswith("journal/2"))
    (repo.path / entry).write_text(TREE[entry] + "\n{{LEFT_OVER}}\n", encoding="utf-8")
    assert ("CT203", entry) in codes(repo.path, "--select", "CT203")
    assert codes(repo.path, "--select", "CT203", "--ignore", "CT203") == []


# ------------------------------------------------------------ a log deleted, then re-created


def event(n: int) -> str:
    return json.dumps({"e": n}) + "\n"


def test_a_log_deleted_then_recreated_is_one_rewrite_per_commit_and_nothing_else(repo: GitRepo):
    """Mutant: the re-creation bridging the gap is dropped, or the deletion judged as an
    entry's (CT302) as well as a log's: a log's lines lost is CT304, whatever the way."""
    repo.commit("Tree", {**TREE, "logs/events.jsonl": event(1) + event(2)})
    repo.commit("Drop the log", delete=["logs/events.jsonl"])
    recreated = repo.commit("New log", {"logs/events.jsonl": event(3)})
    found = check_json(repo.path, "--select", "CT3").json["diagnostics"]
    kinds = sorted((d["code"], d["commit"]) for d in found if d["path"] == "logs/events.jsonl")
    assert ("CT304", recreated[:7]) in kinds
    assert all(code in ("CT302", "CT304") for code, _ in kinds)
    assert len([k for k in kinds if k[1] == recreated[:7]]) == 1


def test_a_log_recreated_holding_every_line_it_had_is_not_a_rewrite(repo: GitRepo):
    repo.commit("Tree", {**TREE, "logs/events.jsonl": event(1) + event(2)})
    repo.commit("Drop the log", delete=["logs/events.jsonl"])
    repo.commit("Back, and grown", {"logs/events.jsonl": event(1) + event(2) + event(3)})
    found = check_json(repo.path, "--select", "CT304").json["diagnostics"]
    assert [d for d in found if d["commit"] and d["message"].startswith("re-created")] == []


# ------------------------------------------------------------ merges and the pairings


def test_a_merge_that_resolves_state_md_needs_no_snapshot_of_its_own(repo: GitRepo):
    """Mutant: merges judged by CT305 like any commit. Each side overwrote STATE.md with its
    snapshot; the merge's resolution differs from both parents, yet the snapshots are there."""
    repo.commit("Tree", TREE)
    state = TREE["STATE.md"]
    repo.git("checkout", "-q", "-b", "side")
    repo.commit("Side state", {"STATE.md": state.replace("Building the parser.", "Side work."),
                               "snapshots/2026-01-03T10-00-00.md": TREE[SNAPSHOT]})
    repo.git("checkout", "-q", "main")
    repo.commit("Main state", {"STATE.md": state.replace("Building the parser.", "Main work."),
                               "snapshots/2026-01-04T10-00-00.md": TREE[SNAPSHOT]})
    done = subprocess.run(["git", "merge", "-q", "side"], cwd=repo.path, capture_output=True)
    assert done.returncode != 0  # both overwrote the same line: a conflict
    merge = repo.commit("Merge side", {"STATE.md": state.replace("Building the parser.",
                                                                 "Both, merged.")})
    assert repo.git("rev-list", "--parents", "-n1", merge).count(" ") == 2
    found = check_json(repo.path, "--select", "CT305").json["diagnostics"]
    assert [d for d in found if d["commit"] == merge[:7]] == []


def test_the_same_overwrite_outside_a_merge_needs_its_snapshot(repo: GitRepo):
    """The control for the test above: the rule is on, and fires on an ordinary commit."""
    repo.commit("Tree", TREE)
    overwrite = repo.commit("State", {"STATE.md": TREE["STATE.md"].replace(
        "Building the parser.", "Both, merged.")})
    found = check_json(repo.path, "--select", "CT305").json["diagnostics"]
    assert [d["commit"] for d in found] == [overwrite[:7]]



# ------------------------------------------------------------ rules that read git say so


def test_the_history_rules_are_said_skipped_without_git(repo: GitRepo):
    """Mutant: ``needs_git=False`` on a history rule: run without git, it would judge nothing
    and count as checked. Every CT30x rule needs git, and ``--no-git`` says they were skipped."""
    from continuity.model.conventions import PROTOCOL
    from continuity.validators.registry import all_rules

    needing = {r.code for r in all_rules() if r.needs_git and PROTOCOL.judges(r.code)}
    assert {f"CT30{n}" for n in range(1, 9)} <= needing
    repo.commit("Tree", TREE)
    result = run_cli("check", "--no-git", cwd=repo.path)
    assert result.code == 0, result.err
    assert f"({len(needing)} skipped: no git history)" in result.out


# ------------------------------------------------------------ what CT101 says of the extension


def test_ct101_names_the_extension_only_when_it_is_the_wrong_one(repo: GitRepo):
    """Mutant: ``wanted or not endswith`` (the extension note on every misnamed entry)."""
    entry = TREE["journal/2026-01-02-turn-1.md"]
    repo.commit("Tree", {**TREE, "journal/first-day.md": entry, "journal/notes.txt": "a note\n"})
    found = {d["path"]: d["message"] for d in check_json(repo.path, "--select", "CT101")
             .json["diagnostics"]}
    assert "(entries in journal/ are .md files)" in found["journal/notes.txt"]
    assert "are .md files" not in found["journal/first-day.md"]


# ------------------------------------------------------------ where CT301 says the edit is


def test_ct301_names_the_first_changed_line(repo: GitRepo):
    """Mutant: the line left out of the message (``old is None``)."""
    entry = "journal/2026-01-02-turn-1.md"
    repo.commit("Tree", TREE)
    lines = TREE[entry].split("\n")
    changed = next(n for n, text in enumerate(lines) if text and not text.startswith(("-", "#")))
    lines[changed] += " Edited afterwards."
    repo.commit("Edit", {entry: "\n".join(lines)})
    [found] = [d for d in check_json(repo.path, "--select", "CT301").json["diagnostics"]
               if d["path"] == entry]
    assert f"(first change at line {changed + 1})" in found["message"]
    assert found["line"] == changed + 1


def test_a_hidden_folder_in_a_history_directory_holds_no_entry(repo: GitRepo):
    """Mutant: only names below the hidden folder looked at (``parts[2:]``). An editor's or a
    tool's folder in journal/ (``journal/.obsidian/``) is rewritten at will: no CT301/CT302."""
    hidden = "journal/.obsidian/2026-01-02-turn-2.md"
    repo.commit("Tree", {**TREE, hidden: "# draft\n\nOne.\n"})
    repo.commit("Edit", {hidden: "# draft\n\nTwo.\n"})
    repo.commit("Drop", delete=[hidden])
    assert codes(repo.path, "--select", "CT30") == []


def test_an_exclusion_leaves_out_only_what_it_names(repo: GitRepo):
    """Mutant: ``exclude or is_excluded`` (any exclusion configured leaves out every path)."""
    entry = "journal/2026-01-02-turn-1.md"
    repo.commit("Tree", {**TREE, "continuity.toml": 'exclude = ["scratch/**"]\n',
                         "scratch/2026-01-02-draft.md": "# draft\n\nOne.\n"})
    repo.commit("Edit", {entry: TREE[entry] + "\nEdited afterwards.\n",
                         "scratch/2026-01-02-draft.md": "# draft\n\nTwo.\n"})
    assert codes(repo.path, "--select", "CT301") == [("CT301", entry)]


def test_first_difference_at_the_very_first_byte():
    """Mutant: the search starts at byte 1 (``offset = 1``)."""
    from continuity.validators.invariants import first_difference

    assert first_difference(b"A\nsame\n", b"B\nsame\n") == 1
    assert first_difference(b"same\nA\n", b"same\nB\n") == 2
    assert first_difference(b"x" * 70_000 + b"\nA\n", b"x" * 70_000 + b"\nB\n") == 2
