"""The first hour, replayed: each trap a new user met, from a fresh repository, must end in a
working state without editing git history (the baseline, drafts judged as drafts, hints
computed from the case, ``--fix``, ``init`` in an existing project, terminal manners)."""

from __future__ import annotations

import io
import json
import subprocess
import time
from pathlib import Path

import pytest

from continuity.errors import closest
from continuity.reporters.progress import progress
from tests.support.common import GitRepo, check_json, initialised_repo, run_cli, write_files
from tests.support.site_support import mkdocs_command

JOURNAL = "journal/2026-01-05-turn-1.md"
FILLED = ("---\ndate: 2026-01-05\nturn: 1\nobjective: parse the tide tables\n---\n\n"
          "# Parse the tide tables\n\n## Context before\n\nNothing parsed.\n\n"
          "## Actions taken\n\nWrote the parser.\n\n## Result\n\nIt parses.\n\n"
          "## Next\n\nPublish.\n")


@pytest.fixture
def repo(tmp_path: Path) -> GitRepo:
    """A fresh repository holding what `continuity init` writes, committed."""
    return initialised_repo(tmp_path / "repo")


def codes(result) -> list[str]:
    return [d["code"] for d in result.json["diagnostics"]]


# ------------------------------------------------------------ trap 1: no way back from CT301


def test_a_committed_edit_is_acknowledged_in_the_baseline_and_stays_acknowledged(repo: GitRepo):
    repo.commit("turn 1", {JOURNAL: FILLED})
    edited = repo.commit("typo", {JOURNAL: FILLED.replace("It parses.", "It parses well.")})
    first = check_json(repo.path)
    assert first.code == 1 and codes(first) == ["CT301"]
    hint = first.json["diagnostics"][0]["hint"]
    assert "--add-baseline" in hint and f'since = "{edited[:7]}"' in hint

    # The old hint's way out: restore the file and commit. The commit that edited it stays.
    repo.git("checkout", f"{edited}^", "--", JOURNAL)
    repo.commit("restore turn 1")
    assert codes(check_json(repo.path)) == ["CT301"]

    added = run_cli("check", "--add-baseline", "--reason", "typo restored in the next commit",
                    cwd=repo.path)
    assert added.code == 0, added.out + added.err
    assert "1 finding added to .continuity-baseline.json" in added.err
    recorded = json.loads((repo.path / ".continuity-baseline.json").read_text())
    assert [(f["code"], f["path"], f["reason"]) for f in recorded["findings"]] == [
        ("CT301", JOURNAL, "typo restored in the next commit")]
    assert recorded["findings"][0]["message"].startswith("history entry changed")
    repo.commit("acknowledge the typo")

    later = check_json(repo.path)
    assert later.code == 0 and later.json["diagnostics"] == []
    assert any("1 finding acknowledged in .continuity-baseline.json" in n
               for n in later.json["notices"])
    for form in ("text", "github", "gitlab", "sarif", "junit"):
        shown = run_cli("check", "--output-format", form, cwd=repo.path)
        # Named only in the notice that the last commit added a baseline entry (a reviewer
        # must see it), never as a finding.
        unreviewed = [line for line in shown.out.splitlines() if "review: 1 baseline" not in line]
        assert shown.code == 0 and JOURNAL not in "\n".join(unreviewed), form
        assert form not in ("text", "github") or "review: 1 baseline entry added" in shown.out
    report = json.loads(run_cli("report", "--format", "json", cwd=repo.path).out)
    assert report["verdict"] == "pass"  # the report leaves out what check leaves out
    # A new finding is still reported: the baseline acknowledges that one finding only.
    other = "journal/2026-01-06-turn-1.md"
    repo.commit("turn 2", {other: FILLED.replace("2026-01-05", "2026-01-06")})
    repo.commit("edit turn 2", {other: FILLED.replace("2026-01-05", "2026-01-06")
                                .replace("Publish.", "Publish it.")})
    again = check_json(repo.path)
    assert again.code == 1
    assert [(d["code"], d["path"]) for d in again.json["diagnostics"]] == [("CT301", other)]


def test_the_site_build_honours_the_baseline_too(repo: GitRepo):
    repo.commit("turn 1", {JOURNAL: FILLED})
    repo.commit("typo", {JOURNAL: FILLED.replace("It parses.", "It parses well.")})
    failed = mkdocs_command(repo.path, "build", "--strict", "-q")
    assert failed.returncode != 0 and "CT301" in failed.stderr
    assert run_cli("check", "--add-baseline", "--reason", "typo", cwd=repo.path).code == 0
    built = mkdocs_command(repo.path, "build", "--strict", "-q")
    assert built.returncode == 0, built.stderr


def test_a_baseline_entry_that_matches_nothing_is_named_stale_and_pruned(repo: GitRepo):
    write_files(repo.path, {".continuity-baseline.json": json.dumps({"version": 1, "findings": [
        {"code": "CT301", "path": "journal/2026-01-01-turn-9.md", "message": "history entry "
         "changed in commit abc (first change at line 3); history is append-only",
         "reason": "old"}]})})
    result = check_json(repo.path)
    assert result.code == 0
    stale = [n for n in result.json["notices"] if "stale" in n]
    assert stale and "journal/2026-01-01-turn-9.md" in stale[0]
    assert "--prune-baseline" in stale[0]
    narrowed = check_json(repo.path, "--select", "CT1")  # CT301 did not run: not stale
    assert not [n for n in narrowed.json["notices"] if "stale" in n]
    pruned = run_cli("check", "--prune-baseline", cwd=repo.path)
    assert pruned.code == 0 and "1 stale entry removed" in pruned.err
    assert json.loads((repo.path / ".continuity-baseline.json").read_text())["findings"] == []


def test_a_baseline_is_matched_by_code_path_and_words_not_by_line(repo: GitRepo):
    unfilled = FILLED.replace("It parses.", "Not recorded yet.")
    repo.commit("turn 1 unfilled", {JOURNAL: unfilled})
    assert codes(check_json(repo.path)) == ["CT203"]
    assert run_cli("check", "--add-baseline", cwd=repo.path).code == 0
    text = (repo.path / ".continuity-baseline.json").read_text()
    assert text.endswith("}\n") and '"line"' not in text  # fingerprints carry no line
    assert "acknowledged with continuity check --add-baseline on" in text  # default reason
    # The same finding two lines further down (a section added above it, uncommitted): still
    # the acknowledged one.
    moved = unfilled.replace("## Actions taken", "## Notes\n\nA note.\n\n## Actions taken")
    write_files(repo.path, {JOURNAL: moved})
    assert codes(check_json(repo.path, "--select", "CT2")) == []


def test_since_a_moving_ref_is_a_warning_and_a_fixed_commit_is_not(repo: GitRepo):
    head = repo.git("rev-parse", "HEAD").strip()
    moving = check_json(repo.path, "--since", "HEAD")
    assert any("moving ref" in n and head[:12] in n for n in moving.json["notices"])
    branch = check_json(repo.path, "--since", "main")
    assert any("moving ref" in n for n in branch.json["notices"])
    fixed = check_json(repo.path, "--since", head)
    assert not any("moving ref" in n for n in fixed.json["notices"])


def test_every_append_only_rule_names_both_ways_back():
    for code in ("CT301", "CT302", "CT303", "CT304", "CT305", "CT306", "CT307", "CT308"):
        text = run_cli("rules", code).out
        assert "--add-baseline" in text and "`since`" in text and "HEAD" in text, code


# ------------------------------------------------------------ trap 2: new walks into CT203


def test_new_titles_the_entry_and_its_fillers_fail_before_the_commit(repo: GitRepo):
    made = run_cli("new", "journal", "--title", "Parse the tide tables", cwd=repo.path)
    created = made.out.strip()
    text = (repo.path / created).read_text()
    assert "\n# Parse the tide tables\n" in text and "Journal Entry" not in text
    draft = check_json(repo.path)
    assert draft.code == 1 and set(codes(draft)) == {"CT203"}
    assert all(d["hint"].startswith("fill before committing")
               for d in draft.json["diagnostics"])
    (repo.path / created).unlink()
    fields = ["--field", "Context before=Nothing parsed.", "--field", "Actions taken=Wrote it.",
              "--field", "Result=It parses.", "--field", "Next=Publish."]
    filled = run_cli("new", "journal", "--title", "Parse the tide tables", *fields,
                     cwd=repo.path)
    assert filled.code == 0 and "left to fill" not in filled.err
    assert check_json(repo.path).code == 0
    repo.commit("turn 1")
    assert check_json(repo.path).code == 0


def test_two_titles_give_two_headings(repo: GitRepo):
    for title in ("Load the fixtures", "Parse the constants"):
        assert run_cli("new", "journal", "--title", title, cwd=repo.path).code == 0
    headings = sorted(line for path in (repo.path / "journal").glob("2*.md")
                      for line in path.read_text().splitlines() if line.startswith("# "))
    assert headings == ["# Load the fixtures", "# Parse the constants"]


def test_new_snapshot_keeps_the_committed_state_not_the_edited_one(repo: GitRepo):
    state = repo.path / "STATE.md"
    committed = state.read_text()
    state.write_text(committed.replace("no work has started", "the parser is written"))
    created = run_cli("new", "snapshot", cwd=repo.path).out.strip()
    snapshot = (repo.path / created).read_text()
    assert "no work has started" in snapshot and "the parser is written" not in snapshot


def test_new_snapshot_of_a_state_git_does_not_hold_yet_keeps_the_working_copy(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    assert run_cli("init", repo.path).code == 0  # nothing committed
    state = repo.path / "STATE.md"
    state.write_text(state.read_text().replace("no work has started", "first words"))
    created = run_cli("new", "snapshot", cwd=repo.path).out.strip()
    assert "first words" in (repo.path / created).read_text()


# ------------------------------------------------------------ trap 6: hints that fit the case


def test_ct101_names_the_computed_name_with_mv_or_git_mv(repo: GitRepo):
    repo.commit("misnamed, committed", {"journal/2026-01-03_Turn-1.md": FILLED})
    write_files(repo.path, {"journal/2026-01-04_Turn-2.md": FILLED,
                            "journal/2026-01-05 turn 3.md": FILLED})
    repo.git("add", "journal/2026-01-04_Turn-2.md")  # staged: git holds it, no commit yet
    hints = {d["path"]: d["hint"] for d in check_json(repo.path).json["diagnostics"]
             if d["code"] == "CT101"}
    assert "`git mv journal/2026-01-04_Turn-2.md journal/2026-01-04-turn-2.md`" in \
        hints["journal/2026-01-04_Turn-2.md"]
    assert "`mv 'journal/2026-01-05 turn 3.md' journal/2026-01-05-turn-3.md`" in \
        hints["journal/2026-01-05 turn 3.md"]
    assert "--fix" in hints["journal/2026-01-05 turn 3.md"]
    committed = hints["journal/2026-01-03_Turn-1.md"]
    assert "journal/2026-01-03-turn-1.md" in committed and "CT303" in committed
    assert "--add-baseline" in committed and "mv " not in committed


def test_ledger_hints_say_committed_or_not_committed_by_line(repo: GitRepo):
    ledger = ".agents/evolve/cycle-history.jsonl"
    repo.commit("ledger", {ledger: "{broken\n"})
    with open(repo.path / ledger, "a", encoding="utf-8") as handle:
        handle.write("{also broken\n")
    found = {d["line"]: d["hint"] for d in check_json(repo.path, "--select", "CT401")
             .json["diagnostics"]}
    assert "committed lines stay as they are" in found[1]
    assert "not committed yet" in found[2] and "committed lines stay" not in found[2]


def test_note_store_hints_say_committed_or_not_committed_by_line(repo: GitRepo):
    repo.commit("notes", {"notes.jsonl": "{broken\n"})
    with open(repo.path / "notes.jsonl", "a", encoding="utf-8") as handle:
        handle.write("[1]\n")
    found = {d["line"]: d["hint"] for d in check_json(repo.path, "--select", "CT501")
             .json["diagnostics"]}
    assert "committed notes stay as they are" in found[1] and "HEAD itself moves" in found[1]
    assert "this note is not committed yet" in found[2]


def test_note_refuses_an_exact_duplicate_naming_the_line(repo: GitRepo):
    first = run_cli("note", "Tide tables are given in UTC.", "-p", "tidewater", cwd=repo.path)
    assert first.code == 0
    before = (repo.path / "notes.jsonl").read_bytes()
    again = run_cli("note", "Tide tables are  given in UTC.", "-p", "tidewater", cwd=repo.path)
    assert again.code == 1 and "notes.jsonl:1" in again.err and "duplicate" in again.err
    assert (repo.path / "notes.jsonl").read_bytes() == before
    other = run_cli("note", "Tide tables are given in UTC.", "-p", "harbour", cwd=repo.path)
    assert other.code == 0  # another project: another fact


def test_did_you_mean_for_a_code_an_option_and_a_value(repo: GitRepo):
    write_files(repo.path, {"continuity.toml": "snapshot_max_age_day = 3\n"})
    option = run_cli("check", cwd=repo.path)
    assert option.code == 2 and "did you mean 'snapshot_max_age_days'?" in option.err
    (repo.path / "continuity.toml").unlink()
    rules = run_cli("rules", "CT3O1")
    assert rules.code == 2 and "did you mean 'CT301'?" in rules.err
    selected = run_cli("check", "--select", "CT3O1", cwd=repo.path)
    assert selected.code == 2 and "did you mean 'CT301'?" in selected.err
    form = run_cli("check", "--output-format", "jsn", cwd=repo.path)
    assert form.code == 2 and "did you mean 'json'?" in form.err
    flag = run_cli("check", "--outptu-format", "json", cwd=repo.path)
    assert flag.code == 2 and "did you mean '--output-format'?" in flag.err
    kind = run_cli("new", "jornal", cwd=repo.path)
    assert kind.code == 2 and "did you mean 'journal'?" in kind.err
    field = run_cli("new", "journal", "--field", "Reslt=x", cwd=repo.path)
    assert field.code == 2 and "did you mean 'RESULT'?" in field.err
    write_files(repo.path, {".agents/evolve/cycle-history.jsonl": json.dumps(
        {"cycle": 1, "target": "lint", "result": "improve",
         "timestamp": "2026-01-05T10:00:00Z"}) + "\n"})
    hint = [d["hint"] for d in check_json(repo.path, "--select", "CT403").json["diagnostics"]]
    assert hint and 'did you mean "improved"?' in hint[0]
    assert closest("zzz", ["json", "text"]) is None


# ------------------------------------------------------------ --fix: the safe, mechanical fixes


def test_fix_renames_and_redates_only_what_git_does_not_hold(repo: GitRepo):
    committed_name = "journal/2026-01-04_Turn-2.md"
    repo.commit("misnamed", {committed_name: FILLED.replace("2026-01-05", "2026-01-04")})
    write_files(repo.path, {"journal/2026-01-06 Turn 1.md":
                            FILLED.replace("date: 2026-01-05", "date: 2026/01/06")})
    before = (repo.path / committed_name).read_bytes()
    fixed = run_cli("check", "--fix", "--output-format", "json", cwd=repo.path)
    assert "fixed: renamed journal/2026-01-06 Turn 1.md to journal/2026-01-06-turn-1.md" \
        in fixed.err
    assert "fixed: journal/2026-01-06-turn-1.md: write the date 2026-01-06 (YYYY-MM-DD) (CT204)" \
        in fixed.err
    new = repo.path / "journal/2026-01-06-turn-1.md"
    assert not (repo.path / "journal/2026-01-06 Turn 1.md").exists()
    assert "date: 2026-01-06\n" in new.read_text()
    assert (repo.path / committed_name).read_bytes() == before  # committed: never touched
    assert [(d["code"], d["path"]) for d in fixed.json["diagnostics"]] == \
        [("CT101", committed_name)]


def test_fix_never_follows_a_link_nor_overwrites(repo: GitRepo, tmp_path: Path):
    outside = tmp_path / "outside.md"
    outside.write_text(FILLED)
    (repo.path / "journal/2026-01-07 Turn 1.md").symlink_to(outside)
    write_files(repo.path, {"journal/2026-01-08 Turn 1.md": FILLED,
                            "journal/2026-01-08-turn-1.md": FILLED})
    run_cli("check", "--fix", cwd=repo.path)
    assert (repo.path / "journal/2026-01-07 Turn 1.md").is_symlink()
    assert outside.read_text() == FILLED
    assert (repo.path / "journal/2026-01-08 Turn 1.md").exists()  # the name was taken


def test_fix_without_git_changes_nothing_and_says_why(tmp_path: Path):
    assert run_cli("init", tmp_path).code == 0
    write_files(tmp_path, {"journal/2026-01-06 Turn 1.md": FILLED})
    result = run_cli("check", "--fix", "--no-git", cwd=tmp_path)
    assert "nothing fixed" in result.err
    assert (tmp_path / "journal/2026-01-06 Turn 1.md").exists()


# ------------------------------------------------------------ trap 5: init in a project


def test_init_below_an_existing_project_leaves_its_files_and_prints_the_plugin(tmp_path: Path):
    repo = GitRepo(tmp_path / "project")
    write_files(repo.path, {"mkdocs.yml": "site_name: Project\n", "TODO.md": "# mine\n"})
    repo.commit("the project")
    before = {n: (repo.path / n).read_bytes() for n in ("mkdocs.yml", "TODO.md")}
    refused = run_cli("init", ".", cwd=repo.path)
    assert refused.code == 2 and "continuity init memory/" in refused.err
    done = run_cli("init", "memory/", cwd=repo.path)
    assert done.code == 0, done.err
    assert {n: (repo.path / n).read_bytes() for n in before} == before
    assert not (repo.path / "memory/mkdocs.yml").exists()
    assert "- continuity:\n" in done.out and 'root: "memory"' in done.out
    assert (repo.path / "memory/STATE.md").is_file()
    run_cli("note", "The tide tables are in UTC.", "-p", "tide", cwd=repo.path / "memory")
    assert (repo.path / "memory/.notes.jsonl.index.json").exists()
    ignored = subprocess.run(["git", "check-ignore", "-q", "memory/.notes.jsonl.index.json"],
                             cwd=repo.path)
    assert ignored.returncode == 0
    repo.commit("memory")
    assert check_json(repo.path / "memory").code == 0
    # The lines printed, copied into the project's mkdocs.yml as they are: `continuity check`
    # at the top then checks memory/ (the plugin's root).
    printed = [line[4:] for line in done.out.splitlines() if line.startswith("    ")]
    with open(repo.path / "mkdocs.yml", "a", encoding="utf-8") as handle:
        handle.write("\n".join(printed) + "\n")
    repo.commit("publish the memory")
    top = check_json(repo.path)
    assert top.code == 0, top.out
    assert {d["path"].split("/")[0] for d in top.json["diagnostics"]} <= {"memory"}


# ------------------------------------------------------------ terminal manners


def test_summary_counts_in_words_and_skipped_rules_as_skipped(repo: GitRepo):
    clean = run_cli("check", cwd=repo.path).out.strip().splitlines()[-1]
    assert clean.startswith("All checks passed:") and "skipped" not in clean
    offline = run_cli("check", "--no-git", cwd=repo.path).out.strip().splitlines()[-1]
    assert "skipped: no git history" in offline
    ran, skipped = [int(w) for w in offline.replace("(", " ").split() if w.isdigit()][1:3]
    assert ran > 0 and skipped > 0
    one = run_cli("check", "STATE.md", cwd=repo.path).out.strip().splitlines()[-1]
    assert " 1 file," in one


def test_colour_only_when_asked_or_on_a_terminal(repo: GitRepo):
    write_files(repo.path, {"journal/notes.md": FILLED})
    plain = run_cli("check", cwd=repo.path)
    assert "\033[" not in plain.out  # not a terminal
    forced = run_cli("check", cwd=repo.path, env={"FORCE_COLOR": "1"})
    assert "\033[1;31mCT101\033[0m" in forced.out
    refused = run_cli("check", cwd=repo.path, env={"FORCE_COLOR": "1", "NO_COLOR": "1"})
    assert "\033[" not in refused.out
    json_forced = run_cli("check", "--output-format", "json", cwd=repo.path,
                          env={"FORCE_COLOR": "1"})
    assert "\033[" not in json_forced.out


def test_exit_2_is_a_json_document_when_json_was_asked(repo: GitRepo):
    failed = run_cli("check", "--output-format", "json", "--select", "CT999", cwd=repo.path)
    assert failed.code == 2
    document = json.loads(failed.out)
    assert document["version"] == 1 and document["tool"] == "continuity"
    assert "CT999" in document["error"]["message"] and document["error"]["exit_code"] == 2
    usage = run_cli("check", "--output-format", "json", "--fail-on", "never", cwd=repo.path)
    assert usage.code == 2 and json.loads(usage.out)["error"]["kind"] == "usage"
    text = run_cli("check", "--select", "CT999", cwd=repo.path)
    assert text.code == 2 and text.out == ""


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_line_on_a_terminal_for_slow_work_only():
    terminal = _Terminal()
    with progress(terminal, after=0.05, tick=0.05):
        time.sleep(0.3)
    assert "continuity: checking..." in terminal.getvalue()
    assert terminal.getvalue().endswith("\r\033[K")  # erased: the report starts clean
    quick = _Terminal()
    with progress(quick, after=5):
        pass
    assert quick.getvalue() == ""
    pipe = io.StringIO()
    with progress(pipe, after=0.0, tick=0.05):
        time.sleep(0.1)
    assert pipe.getvalue() == ""
