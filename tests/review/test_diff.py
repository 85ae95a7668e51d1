"""`continuity diff`: the memory review of a range, run on real git repositories."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.support.common import GitRepo, journal_entry, minimal_tree, run_cli

MEMORY = "- [Debugging](debugging.md) — how to debug\n- [API](api.md) — the endpoints\n"


def topic(name: str, body: str) -> str:
    return f"---\nname: {name}\ndescription: {name}\ntype: project\n---\n\n{body}"


@pytest.fixture
def claude(tmp_path: Path) -> GitRepo:
    """A Claude agent memory on main, and a branch that rewrites it."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("memory: start", {
        "memory/MEMORY.md": MEMORY,
        "memory/debugging.md": topic("debugging", "## Flaky tests\n\nRun with -n 0.\n\n"
                                                  "## Old habits\n\nPrint everything.\n"),
        "memory/api.md": topic("api", "## Endpoints\n\n/v1\n"),
    })
    repo.git("checkout", "-q", "-b", "feature")
    repo.commit("learn about flaky tests", {
        "memory/debugging.md": topic("debugging", "## Flaky tests\n\nRun with -n 0 and -x.\n\n"
                                                  "## Old habits\n\nPrint everything.\n"),
    })
    repo.commit("forget the api, keep a new habit", {
        "memory/debugging.md": topic("debugging", "## Flaky tests\n\nRun with -n 0 and -x.\n\n"
                                                  "## Bisect\n\nUse git bisect run.\n"),
        "memory/MEMORY.md": MEMORY + "".join(f"- line {n}\n" for n in range(1, 200)) +
        "- [Release](release.md) — how to release\n",
        "memory/release.md": topic("release", "## Steps\n\nTag it.\n"),
    }, delete=["memory/api.md"])
    return repo


def test_a_branch_is_reviewed_against_its_merge_base_in_the_words_of_claude(claude: GitRepo):
    done = run_cli("diff", "--format", "json", cwd=claude.path)
    assert done.code == 0, done.err
    review = done.json
    assert review["version"] == 1
    assert review["base"]["sha"] == claude.git("rev-parse", "main").strip()
    assert review["base"]["rev"] == "merge-base with main"
    assert review["head"]["sha"] == claude.git("rev-parse", "HEAD").strip()
    [root] = review["roots"]
    assert root["root"] == "memory" and root["convention"] == "Claude Code agent memory"
    assert root["commits"] == 2
    debugging = next(f for f in root["living"] if f["path"] == "debugging.md")
    assert debugging["kind"] == "topic"
    sections = {s["name"]: s for s in debugging["sections"]}
    assert sections["Flaky tests"]["status"] == "changed"
    assert sections["Flaky tests"]["added"] == ["Run with -n 0 and -x."]
    assert sections["Flaky tests"]["removed"] == ["Run with -n 0."]
    assert [c["subject"] for c in sections["Flaky tests"]["commits"]] == [
        "learn about flaky tests"]
    assert sections["Bisect"]["status"] == "added"
    assert sections["Old habits"]["status"] == "removed"
    assert sections["Bisect"]["commits"][0]["author"] == "Test"
    assert sections["Bisect"]["commits"][0]["date"].startswith("2026-01-01")
    files = {(f["status"], f["path"]) for f in root["files"]}
    assert ("deleted", "api.md") in files and ("added", "release.md") in files
    [dangling] = root["dangling"]
    assert dangling == {"index": "MEMORY.md", "line": 2, "target": "api.md", "why": "deleted"}
    [window] = root["windows"]
    assert window["first_unloaded"] == 201 and window["lines_after"] == 202
    assert window["dropped"] == ["Release"]
    introduced = {f["code"] for f in root["introduced"]}
    assert {"CT111", "CT702"} <= introduced  # the dead index line, the index past the window
    assert root["fixed"] == []


def test_the_text_review_names_sections_commits_and_the_load_window(claude: GitRepo):
    done = run_cli("diff", "main", "HEAD", cwd=claude.path)
    assert done.code == 0, done.err
    out = done.out
    assert "memory/ — Claude Code agent memory (2 commits in the range)" in out
    assert "## Flaky tests: changed" in out and '"learn about flaky tests"' in out
    assert "+ Run with -n 0 and -x." in out
    assert "deleted topic api.md" in out
    assert "MEMORY.md:2 → api.md (deleted)" in out
    assert "lines 201–202 are past what Claude Code loads; index entries not loaded: " \
           "Release" in out


def test_an_empty_range_says_so(claude: GitRepo):
    done = run_cli("diff", "HEAD", "HEAD", cwd=claude.path)
    assert done.code == 0
    assert "nothing to review" in done.out
    assert "no change to the memory in this range" in done.out


def protocol_repo(tmp_path: Path) -> GitRepo:
    repo = GitRepo(tmp_path / "repo")
    repo.commit("memory", minimal_tree())
    repo.git("checkout", "-q", "-b", "work")
    return repo


def test_entries_appended_and_an_edited_entry_break_the_promise(tmp_path: Path):
    repo = protocol_repo(tmp_path)
    repo.commit("turn 2", {"journal/2026-01-03-turn-2.md": journal_entry(3, 2, "Before.")})
    repo.commit("fix a typo in turn 1", {"journal/2026-01-02-turn-1.md": journal_entry(
        2, 1, "Nothing parsed, really.")})
    done = run_cli("diff", "main", "--format", "json", "--no-check", cwd=repo.path)
    assert done.code == 1, done.err  # a promise broken
    [root] = done.json["roots"]
    assert root["appended"] == [{"place": "journal/", "what": "history entry", "count": 1}]
    [broken] = root["broken"]
    assert broken["path"] == "journal/2026-01-02-turn-1.md"
    assert broken["what"] == "edited after it was committed"
    assert broken["commit"]["subject"] == "fix a typo in turn 1"
    text = run_cli("diff", "main", "--no-check", cwd=repo.path).out
    assert "journal/: 1 history entry" in text
    assert done.json["checked"] is False and root["introduced"] == []


def test_state_sections_are_reviewed_for_the_working_tree_and_the_index(tmp_path: Path):
    repo = protocol_repo(tmp_path)
    state = (repo.path / "STATE.md").read_text()
    (repo.path / "STATE.md").write_text(state.replace("Building the parser.",
                                                      "Testing the parser."))
    done = run_cli("diff", "main", "--worktree", "--format", "json", "--no-check",
                   cwd=repo.path)
    assert done.code == 0, done.err
    [root] = done.json["roots"]
    [living] = root["living"]
    assert living["path"] == "STATE.md" and living["kind"] == "state file"
    [section] = living["sections"]
    assert section["name"] == "Status" and section["added"] == ["Testing the parser."]
    assert section["commits"][0]["subject"] == "not committed yet"
    staged = run_cli("diff", "main", "--staged", "--format", "json", "--no-check",
                     cwd=repo.path)
    assert staged.json["roots"][0]["living"] == []  # nothing staged yet
    repo.git("add", "STATE.md")
    staged = run_cli("diff", "main", "--staged", "--format", "json", "--no-check",
                     cwd=repo.path)
    assert staged.json["roots"][0]["living"][0]["path"] == "STATE.md"


def test_a_ledger_appended_to_counts_cycles_and_a_rewrite_breaks_the_promise(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    line = '{"cycle": %d, "target": "t", "result": "improved", "timestamp": "2026-01-0%dT00:00:00Z"}\n'
    repo.commit("ledger", {".agents/evolve/cycle-history.jsonl": line % (1, 1)})
    repo.git("checkout", "-q", "-b", "work")
    repo.commit("two cycles", {".agents/evolve/cycle-history.jsonl": line % (1, 1) +
                               line % (2, 2) + line % (3, 3)})
    done = run_cli("diff", "main", "--format", "json", "--no-check", cwd=repo.path)
    [root] = done.json["roots"]
    assert {"place": ".agents/evolve/cycle-history.jsonl", "what": "ledger cycle",
            "count": 2} in root["appended"], done.out
    assert root["broken"] == []
    repo.commit("rewrite", {".agents/evolve/cycle-history.jsonl": line % (3, 3)})
    done = run_cli("diff", "main", "--format", "json", "--no-check", cwd=repo.path)
    assert done.code == 1
    [broken] = done.json["roots"][0]["broken"]
    assert broken["what"].startswith("rewritten")


def test_a_credential_added_is_named_by_rule_and_place_and_never_echoed(claude: GitRepo):
    key = "AKIA" + "QWERTYUIOPASDFGH"
    claude.commit("note the key", {"memory/release.md": topic(
        "release", f"## Steps\n\nTag it with aws_access_key_id = {key}\n")})
    for form in ("text", "markdown", "json", "github", "gitlab"):
        done = run_cli("diff", "main", "--format", form, cwd=claude.path)
        assert key not in done.out + done.err, form
    done = run_cli("diff", "main", "--format", "json", cwd=claude.path)
    assert done.code == 1  # an error introduced
    secret = [f for f in done.json["roots"][0]["introduced"] if f["code"] == "CT601"]
    assert secret and secret[0]["path"] == "release.md" and secret[0]["line"] == 9


def test_the_findings_a_range_fixes_are_listed(claude: GitRepo):
    claude.git("checkout", "-q", "main")
    claude.commit("a dead link", {"memory/MEMORY.md": MEMORY + "- [Gone](gone.md)\n"})
    claude.git("checkout", "-q", "-b", "fix")
    claude.commit("fix it", {"memory/MEMORY.md": MEMORY})
    done = run_cli("diff", "main", "--format", "json", cwd=claude.path)
    [root] = done.json["roots"]
    assert [(f["code"], f["path"]) for f in root["fixed"]] == [("CT111", "MEMORY.md")]
    assert root["introduced"] == []


# ---------------------------------------------------------------- bad input


def test_an_unknown_base_is_exit_2_with_a_message(claude: GitRepo):
    done = run_cli("diff", "no-such-branch", cwd=claude.path)
    assert done.code == 2
    assert "BASE 'no-such-branch' is not a commit of the repository" in done.err
    option = run_cli("diff", "--upload-pack=x", cwd=claude.path)
    assert option.code == 2


def test_no_default_branch_asks_for_base(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    repo.git("checkout", "-q", "-b", "trunk")
    repo.commit("memory", {"memory/MEMORY.md": MEMORY})
    done = run_cli("diff", cwd=repo.path)
    assert done.code == 2 and "name BASE" in done.err


def test_a_shallow_clone_is_exit_2_naming_the_fix(claude: GitRepo, tmp_path: Path):
    clone = tmp_path / "shallow"
    subprocess.run(["git", "clone", "-q", "--depth", "1", "--branch", "feature",
                    f"file://{claude.path}", str(clone)], check=True)
    done = run_cli("diff", "HEAD", cwd=clone)
    assert done.code == 2
    assert "shallow clone" in done.err and "fetch --unshallow" in done.err


def test_a_root_new_in_the_range_is_said_so(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    repo.commit("code", {"README.md": "# app\n"})
    repo.git("checkout", "-q", "-b", "memory")
    repo.commit("memory", {"memory/MEMORY.md": MEMORY, "memory/debugging.md":
                           topic("debugging", "## A\n\nb\n"), "memory/api.md":
                           topic("api", "## A\n\nb\n")})
    done = run_cli("diff", "main", cwd=repo.path)
    assert done.code == 0, done.err
    assert "memory/ did not exist at" in done.out and "everything in it is new" in done.out
    assert "added topic debugging.md" in done.out


def test_a_binary_file_and_a_rename_across_roots_are_named(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    repo.commit("two roots", {
        "a/memory/MEMORY.md": "- [Notes](notes.md) — notes\n",
        "a/memory/notes.md": topic("notes", "## Notes\n\nA long enough note to be moved.\n"),
        "b/memory/MEMORY.md": "- [Other](other.md) — other\n",
        "b/memory/other.md": topic("other", "## Other\n\nb\n"),
    })
    repo.git("checkout", "-q", "-b", "move")
    repo.git("mv", "a/memory/notes.md", "b/memory/notes.md")
    repo.commit("move notes to b, add a picture", {"b/memory/diagram.md": b"\x89PNG\0\0binary"})
    done = run_cli("diff", "main", "--format", "json", "--no-check", cwd=repo.path)
    assert done.code == 0, done.err
    roots = {r["root"]: r for r in done.json["roots"]}
    a, b = roots["a/memory"], roots["b/memory"]
    assert any("moved out of this root to b/memory/notes.md" in n for n in a["notices"])
    assert any("moved here from a/memory/notes.md" in n for n in b["notices"])
    assert ("deleted", "notes.md") in {(f["status"], f["path"]) for f in a["files"]}
    assert a["dangling"][0]["target"] == "notes.md"
    diagram = next(f for f in b["files"] if f["path"] == "diagram.md")
    assert diagram["binary"] is True
    text = run_cli("diff", "main", "--no-check", cwd=repo.path).out
    assert "diagram.md (binary: not compared)" in text


def test_an_openclaw_workspace_counts_daily_notes_in_its_words(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    repo.commit("workspace", {
        "SOUL.md": "# Soul\n\n## Tone\n\nCalm.\n", "AGENTS.md": "# Agents\n\n## Rules\n\nBe kind.\n",
        "HEARTBEAT.md": "# Heartbeat\n\n- check mail\n", "USER.md": "# User\n\nAnn.\n",
        "memory/2026-01-01.md": "# 2026-01-01\n\n- started\n",
    })
    repo.git("checkout", "-q", "-b", "day")
    repo.commit("two days", {"memory/2026-01-02.md": "# 2026-01-02\n\n- more\n",
                             "memory/2026-01-03.md": "# 2026-01-03\n\n- more\n",
                             "memory/2026-01-01.md": "# 2026-01-01\n\n- started, then edited\n",
                             "memory/heartbeat-state.json": '{"lastChecks": {}}\n',
                             "SOUL.md": "# Soul\n\n## Tone\n\nCalm and brief.\n"})
    done = run_cli("diff", "main", "--format", "json", "--no-check", cwd=repo.path)
    assert done.code == 0, done.err
    [root] = done.json["roots"]
    assert root["convention"] == "OpenClaw workspace"
    assert root["appended"] == [{"place": "memory/", "what": "daily note", "count": 2}]
    # A file in memory/ without a day in its name is a file, not a daily note.
    assert {(f["status"], f["path"], f["kind"]) for f in root["files"]} == {
        ("modified", "memory/2026-01-01.md", "daily note"),
        ("added", "memory/heartbeat-state.json", "file")}
    assert root["files"][0]["sections"] == ["the top"]
    [soul] = root["living"]
    assert soul["kind"] == "workspace file" and soul["sections"][0]["name"] == "Tone"
    text = run_cli("diff", "main", "--no-check", cwd=repo.path).out
    assert "memory/: 2 daily notes" in text


def test_a_private_key_across_lines_and_a_key_in_a_subject_are_never_shown(claude: GitRepo):
    pem = ("-----BEGIN RSA PRIVATE KEY-----\n" + "MIIEowIBAAKCAQEA7Zq3xkf0Q2h8vW1t\n" * 3 +
           "-----END RSA PRIVATE KEY-----\n")
    token = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    claude.commit(f"deploy with {token}", {"memory/release.md": topic(
        "release", f"## Steps\n\nTag it.\n\n## Key\n\n{pem}")})
    for form in ("text", "markdown", "json", "gitlab"):
        done = run_cli("diff", "main", "--format", form, cwd=claude.path)
        assert token not in done.out and "MIIEowIBAAKCAQEA7Zq3xkf0Q2h8vW1t" not in done.out, form
    release = next(f for f in run_cli("diff", "main", "--format", "json", cwd=claude.path)
                   .json["roots"][0]["living"] if f["path"] == "release.md")
    assert {s["name"] for s in release["sections"]} >= {"Key", "Steps"}
    assert all(s["added"] == [] for s in release["sections"])  # named, never shown


def test_a_hostile_file_name_stays_on_its_line(claude: GitRepo):
    claude.commit("odd name", {"memory/evil\nCT601 forged.md": topic("evil", "## A\n\nb\n")})
    out = run_cli("diff", "main", "--no-check", cwd=claude.path).out
    assert not any(line.startswith("CT601 forged") for line in out.splitlines())
    assert "\x1b" not in out


def test_commits_to_the_code_beside_a_root_at_the_top_are_not_counted(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    line = '{"cycle": %d, "target": "t", "result": "improved"}\n'
    repo.commit("ledger", {".agents/evolve/cycle-history.jsonl": line % 1, "src/app.py": "x\n"})
    repo.git("checkout", "-q", "-b", "work")
    repo.commit("code only", {"src/app.py": "x = 1\n"})
    repo.commit("a cycle", {".agents/evolve/cycle-history.jsonl": line % 1 + line % 2})
    done = run_cli("diff", "main", "--format", "json", "--no-check", cwd=repo.path)
    [root] = done.json["roots"]
    assert root["commits"] == 1 and root["files"] == [], done.out


def test_a_renamed_section_is_one_section_renamed(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    body = "".join(f"- fact {n}\n" for n in range(6))
    repo.commit("memory", {"memory/MEMORY.md": MEMORY, "memory/api.md": topic("api", "## A\n\nb\n"),
                           "memory/debugging.md": topic("debugging",
                                                        f"## Plan (draft)\n\n{body}")})
    repo.git("checkout", "-q", "-b", "work")
    repo.commit("merge the plan", {"memory/debugging.md": topic(
        "debugging", f"## Plan (merged)\n\n{body}- fact 6\n")})
    done = run_cli("diff", "main", "--format", "json", "--no-check", cwd=repo.path)
    [living] = done.json["roots"][0]["living"]
    [section] = living["sections"]
    assert (section["name"], section["status"], section["old_name"]) == (
        "Plan (merged)", "renamed", "Plan (draft)")
    assert section["added"] == ["- fact 6"] and section["removed"] == []
    text = run_cli("diff", "main", "--no-check", cwd=repo.path).out
    assert "## Plan (merged): renamed from ## Plan (draft)" in text


def test_a_head_that_is_not_checked_out_is_reviewed_from_git_alone(claude: GitRepo):
    claude.git("checkout", "-q", "main")
    before = claude.git("status", "--porcelain")
    for check in ((), ("--no-check",)):
        done = run_cli("diff", "main", "feature", "--format", "json", *check, cwd=claude.path)
        assert done.code == 0, done.err
        [root] = done.json["roots"]
        assert {("deleted", "api.md"), ("added", "release.md")} <= {
            (f["status"], f["path"]) for f in root["files"]}
        assert any(s["name"] == "Bisect" for f in root["living"] for s in f["sections"])
    assert (claude.path / "memory" / "api.md").exists()  # the working tree is main's, untouched
    assert claude.git("status", "--porcelain") == before


def test_a_root_named_with_path_from_a_subfolder(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    repo.commit("two roots", {"a/memory/MEMORY.md": MEMORY, "a/memory/debugging.md":
                              topic("debugging", "## A\n\nb\n"), "a/memory/api.md":
                              topic("api", "## A\n\nb\n"), "b/STATE.md": "# STATE\n\n## Status\n\nx\n"})
    repo.git("checkout", "-q", "-b", "work")
    repo.commit("both", {"a/memory/debugging.md": topic("debugging", "## A\n\nc\n"),
                         "b/STATE.md": "# STATE\n\n## Status\n\ny\n"})
    done = run_cli("diff", "main", "--path", "memory", "--format", "json", "--no-check",
                   cwd=repo.path / "a")
    assert done.code == 0, done.err
    assert [r["root"] for r in done.json["roots"]] == ["memory"]


def test_a_finding_whose_number_moved_is_neither_introduced_nor_fixed(claude: GitRepo):
    claude.git("checkout", "-q", "main")
    claude.commit("long index", {"memory/MEMORY.md": MEMORY + "- x\n" * 205})
    claude.git("checkout", "-q", "-b", "longer")
    claude.commit("longer index", {"memory/MEMORY.md": MEMORY + "- x\n" * 215})
    done = run_cli("diff", "main", "--format", "json", cwd=claude.path)
    [root] = done.json["roots"]
    assert root["introduced"] == [] and root["fixed"] == []  # CT702, 207 then 217 lines
    assert root["windows"][0]["lines_after"] == 217


def test_uncommitted_work_is_not_judged_as_part_of_a_committed_head(claude: GitRepo):
    key = "AKIA" + "QWERTYUIOPASDFGH"
    (claude.path / "memory" / "scratch.md").write_text(f"aws_access_key_id = {key}\n")
    done = run_cli("diff", "main", "HEAD", "--format", "json", cwd=claude.path)
    assert all(f["code"] != "CT601" for f in done.json["roots"][0]["introduced"])
    worktree = run_cli("diff", "main", "--worktree", "--format", "json", cwd=claude.path)
    assert any(f["code"] == "CT601" for f in worktree.json["roots"][0]["introduced"])
    assert (claude.path / "memory" / "scratch.md").exists()


def test_a_gsd_phase_plan_modified_names_its_sections(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    plan = "# Plan\n\n## Tasks\n\n- one\n\n## Verification\n\n- run it\n"
    repo.commit("plan", {
        ".planning/STATE.md": "---\ngsd_state_version: 1.0\n---\n\n# State\n\n## Current\n\nx\n",
        ".planning/ROADMAP.md": "# Roadmap\n\n## Phases\n\n- 01\n",
        ".planning/phases/01-start/01-01-PLAN.md": plan})
    repo.git("checkout", "-q", "-b", "work")
    repo.commit("tighten", {".planning/phases/01-start/01-01-PLAN.md":
                            plan.replace("- run it", "- run it twice")})
    done = run_cli("diff", "main", "--format", "json", "--no-check", cwd=repo.path)
    [root] = done.json["roots"]
    assert root["convention"] == "GSD planning"
    [event] = root["files"]
    assert (event["path"], event["status"], event["sections"]) == (
        "phases/01-start/01-01-PLAN.md", "modified", ["Verification"])
    text = run_cli("diff", "main", "--no-check", cwd=repo.path).out
    assert "01-01-PLAN.md (## Verification)" in text


def test_outside_git_or_before_the_first_commit_is_exit_2_with_a_message(tmp_path: Path):
    plain = tmp_path / "plain"
    plain.mkdir()
    done = run_cli("diff", cwd=plain)
    assert done.code == 2 and "`continuity diff` reviews a range of commits" in done.err
    empty = tmp_path / "empty"
    empty.mkdir()
    subprocess.run(["git", "init", "-q", str(empty)], check=True)
    done = run_cli("diff", "--format", "json", cwd=empty)
    assert done.code == 2 and done.json["error"]["message"].endswith(
        "no commits yet, so there is no range to review")
