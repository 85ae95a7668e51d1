"""issue 21: each memory root judged by the convention it follows, never by one it does not.

A synthetic tree per convention in a real git repository; each test asserts the convention
detected, the true findings of its invariants, or the absence of one false class of the issue."""

from __future__ import annotations

from pathlib import Path

import pytest

from continuity.config import Config
from continuity.model.conventions import recognise
from tests.support.common import GitRepo, check_json, minimal_tree, run_cli
from tests.support.conventions import (
    CLAUDE_INDEX,
    CLAUDE_MEMORY,
    CLINE_BANK,
    GPTME_WORKSPACE,
    GSD_PLANNING,
    GSD_STATE,
    OPENCLAW_WORKSPACE,
)


@pytest.fixture
def repo(tmp_path: Path) -> GitRepo:
    return GitRepo(tmp_path / "repo")


def roots(result) -> dict[str, str | None]:
    return {root["path"]: root["convention"] for root in result.json["roots"]}


def codes(result, path_prefix: str = "") -> list[str]:
    return [d["code"] for d in result.json["diagnostics"] if d["path"].startswith(path_prefix)]


# ---------------------------------------------------------------- recognition


def test_each_convention_is_recognised_with_its_evidence(tmp_path: Path):
    trees = {"cline": CLINE_BANK, "claude": CLAUDE_MEMORY, "openclaw": OPENCLAW_WORKSPACE,
             "gsd": GSD_PLANNING, "gptme": GPTME_WORKSPACE}
    where = {"cline": "memory-bank", "claude": ".claude/agent-memory/reviewer",
             "openclaw": ".", "gsd": ".planning", "gptme": "."}
    for name, files in trees.items():
        repo = GitRepo(tmp_path / name)
        repo.commit("tree", files)
        found = recognise(repo.path / where[name], Config(base_dir=repo.path))
        assert found.name == name, (name, found.evidence)
        assert any(e.convention == name for e in found.evidence)
    repo = GitRepo(tmp_path / "protocol")
    repo.commit("tree", minimal_tree())
    assert recognise(repo.path, Config(base_dir=repo.path)).name == "continuity"


def test_a_protocol_name_alone_is_no_evidence(tmp_path: Path):
    repo = GitRepo(tmp_path / "bare")
    repo.commit("names only", {"STATE.md": "# State\n\nWorking.\n", "memory/notes.md": "# n\n",
                               "audits/2026-01-02-review.md": "# Review\n"})
    assert recognise(repo.path, Config(base_dir=repo.path)).convention is None


def test_roo_code_memory_bank_is_not_clines(tmp_path: Path):
    repo = GitRepo(tmp_path / "roo")
    repo.commit("roo", {"memory-bank/activeContext.md": "# A\n\nx\n",
                        "memory-bank/productContext.md": "# P\n\nx\n",
                        "memory-bank/progress.md": "# P\n\nx\n",
                        "memory-bank/decisionLog.md": "# D\n\nx\n",
                        "memory-bank/systemPatterns.md": "# S\n\nx\n"})
    result = check_json(repo.path)
    assert roots(result) == {"memory-bank": "roo"}  # Roo Code's own convention (issue 30)
    assert "CT711" not in codes(result)  # its five core files are all there


def test_configuration_names_the_convention(repo: GitRepo):
    repo.commit("bank", {"notes/projectbrief.md": "# Brief\n\nx\n",
                         "notes/activeContext.md": "# Active\n\nx\n",
                         "continuity.toml": '[conventions]\n' if False else
                         'convention = {"notes" = "cline"}\n'})
    result = check_json(repo.path)
    assert roots(result) == {"notes": "cline"}
    assert sorted(d["path"] for d in result.json["diagnostics"]) == [
        "notes/productContext.md", "notes/progress.md", "notes/systemPatterns.md",
        "notes/techContext.md"]


def test_a_convention_of_ones_own_is_declared_in_configuration(repo: GitRepo):
    repo.commit("own", {
        "continuity.toml": ('[conventions.captains-log]\ntitle = "Captain\'s log"\n'
                            'markers = ["LOG.md"]\nhistory = {entries = "YYYY-MM-DD.md"}\n'),
        "ship/LOG.md": "# Log\n\nSee [the 2nd](entries/2026-01-02.md) and [x](gone.md).\n",
        "ship/entries/2026-01-02.md": "# 2nd\n"})
    repo.commit("rewrite", {"ship/entries/2026-01-02.md": "# 2nd, rewritten\n"})
    result = check_json(Path(repo.path))
    assert roots(result) == {"ship": "captains-log"}
    assert sorted(codes(result)) == ["CT111", "CT301"]


# ---------------------------------------------------------------- the false classes of issue 21


def test_openclaw_daily_notes_are_not_ct101_material(repo: GitRepo):
    repo.commit("workspace", OPENCLAW_WORKSPACE)
    result = check_json(repo.path)
    assert roots(result) == {".": "openclaw"}
    assert result.json["diagnostics"] == [] and result.code == 0


def test_the_claude_md_at_an_openclaw_workspaces_top_is_read_with_it(repo: GitRepo):
    # set 45 of the survey: a workspace kept in git whose CLAUDE.md (Claude Code's rules for
    # the project) was neither read nor named, the root being OpenClaw's
    repo.commit("workspace", {**OPENCLAW_WORKSPACE,
                              "CLAUDE.md": "# Rules\n\nRun the checks in [the guide](GUIDE.md).\n"})
    result = check_json(repo.path)
    assert roots(result) == {".": "openclaw"}
    assert result.json["roots"][0]["files"] == 10  # the workspace's nine, and CLAUDE.md
    assert [(d["code"], d["path"]) for d in result.json["diagnostics"]] == [("CT111",
                                                                             "CLAUDE.md")]


def test_gsd_state_rewrites_are_not_ct305_and_frontmatter_status_counts(repo: GitRepo):
    repo.commit("plan", GSD_PLANNING)
    for step in range(3):
        repo.commit(f"step {step}", {".planning/STATE.md": GSD_STATE.replace(
            "Last session: 2026-01-03", f"Last session: 2026-01-0{step + 4}")})
    result = check_json(repo.path)
    assert roots(result) == {".planning": "gsd"}
    assert not {"CT305", "CT106", "CT101", "CT103"} & set(codes(result))
    assert result.code == 0


def test_an_applications_notes_jsonl_is_not_a_note_store(repo: GitRepo):
    repo.commit("app", {"data/notes.jsonl": '{"id": 1, "text": "buy milk", "ts": 17}\n'
                                            '{"id": 2, "text": "call", "ts": 18}\n',
                        "data/server.py": "print('notes')\n"})
    result = check_json(repo.path)
    assert "CT502" not in codes(result) and "CT501" not in codes(result)
    [root] = result.json["roots"]
    assert root["convention"] is None and not root["judged"]
    text = run_cli("check", cwd=repo.path).out
    assert "All checks passed" not in text and "not judged" in text and "convention = " in text


def test_a_projects_audits_folder_is_not_protocol_history(repo: GitRepo):
    repo.commit("docs", {"TODO.md": "# TODO\n\n- ship it\n",
                         "audits/2026-01-02-security-review.md": "# Security review\n\nFine.\n",
                         "audits/2026-02-03-perf-review.md": "# Perf\n\nFast.\n"})
    repo.commit("edit", {"audits/2026-01-02-security-review.md": "# Security review\n\nOK.\n"})
    result = check_json(repo.path)
    assert roots(result) == {".": None}
    assert not {"CT101", "CT103", "CT105", "CT201", "CT206", "CT301"} & set(codes(result))


def test_ct305_to_ct307_need_their_directories(repo: GitRepo):
    files = minimal_tree()
    files = {k: v for k, v in files.items() if not k.startswith("snapshots/")}
    repo.commit("no snapshots", files)
    repo.commit("rewrite", {"STATE.md": files["STATE.md"].replace("Building", "Testing")})
    assert "CT305" not in codes(check_json(repo.path, "--select", "CT3"))


# ---------------------------------------------------------------- not judged before: now found


def test_a_cline_memory_bank_is_found_and_judged(repo: GitRepo):
    bank = dict(CLINE_BANK)
    del bank["memory-bank/techContext.md"]
    bank["memory-bank/progress.md"] = "# Progress\n\n## Done\n"
    repo.commit("bank", bank)
    result = check_json(repo.path)
    assert result.code == 1, result.out + result.err  # was exit 2: "no memory root"
    # the top's .clinerules is Cline's instruction file: a root of its own (set 15)
    assert roots(result) == {".": "instructions", "memory-bank": "cline"}
    assert sorted((d["code"], d["path"]) for d in result.json["diagnostics"]) == [
        ("CT711", "memory-bank/progress.md"), ("CT711", "memory-bank/techContext.md")]


def test_a_gptme_journal_is_append_only(repo: GitRepo):
    repo.commit("workspace", GPTME_WORKSPACE)
    repo.commit("append to the 3rd", {"journal/2026-01-03.md":
                                      GPTME_WORKSPACE["journal/2026-01-03.md"] + "- More.\n"})
    rewritten = repo.commit("rewrite the 2nd", {"journal/2026-01-02.md": "# 2026-01-02\n\n- Redone.\n"})
    result = check_json(repo.path)
    assert roots(result) == {".": "gptme"}
    found = [(d["code"], d["path"], d.get("commit")) for d in result.json["diagnostics"]]
    assert found == [("CT304", "journal/2026-01-02.md", rewritten[:7])]


def test_a_codex_context_snapshot_is_reported_found_not_judged(repo: GitRepo):
    repo.commit("codex", {"context.snapshot.md": "### 2026-01-02 10:00 UTC | mem-001\n\nStart\n",
                          "memory.log": "abc123 start\n"})
    result = run_cli("check", cwd=repo.path)
    assert result.code == 0, result.err
    assert "All checks passed" not in result.out
    assert "context.snapshot.md" in result.out and "not judged" in result.out


# ---------------------------------------------------------------- each convention's invariants


def test_claude_memory_topics_indexed_and_within_what_is_loaded(repo: GitRepo):
    files = dict(CLAUDE_MEMORY)
    files[".claude/agent-memory/reviewer/stray.md"] = "# Stray\n"
    files[".claude/agent-memory/reviewer/MEMORY.md"] = (
        CLAUDE_INDEX + "- [Old](old-notes.md)\n" + "".join(f"- line {n}\n" for n in range(200)))
    repo.commit("memory", files)
    result = check_json(repo.path)
    # The project's CLAUDE.md is a root of the instruction files (issue 30).
    assert roots(result) == {".": "instructions", ".claude/agent-memory/reviewer": "claude"}
    found = sorted((d["code"], d["path"].rsplit("/", 1)[-1], d["line"])
                   for d in result.json["diagnostics"])
    assert found == [("CT111", "MEMORY.md", 5), ("CT701", "stray.md", 1),
                     ("CT702", "MEMORY.md", 201)]


def test_claude_topic_read_by_name_or_empty_is_found(repo: GitRepo):
    """A topic file the agent is told to read by name (its definition, a project skill: an
    inbox a skill processes) is found without the index, and an empty one holds nothing to
    find; an unindexed topic with content, named nowhere, is still CT701."""
    files = dict(CLAUDE_MEMORY)
    files.update({
        ".claude/skills/agent-protocols/SKILL.md":
            "# Protocols\n\nRead `.claude/agent-memory/<your-agent-name>/inbox.md`, then clear it.\n",
        ".claude/agents/reviewer.md": CLAUDE_MEMORY[".claude/agents/reviewer.md"]
        + "\nAt the start, read `decisions.md` in your memory.\n",
        ".claude/agent-memory/reviewer/inbox.md": "- [SIGNAL] from: writer | cite sources\n",
        ".claude/agent-memory/reviewer/decisions.md": "# Decisions\n\nSquash merges.\n",
        ".claude/agent-memory/reviewer/scratch.md": "\n",
        ".claude/agent-memory/reviewer/stray.md": "# Stray\n\nA lost note.\n",
    })
    repo.commit("memory", files)
    result = check_json(repo.path)
    found = [(d["code"], d["path"].rsplit("/", 1)[-1]) for d in result.json["diagnostics"]]
    assert found == [("CT701", "stray.md")]


def test_claude_memory_clean(repo: GitRepo):
    repo.commit("memory", CLAUDE_MEMORY)
    result = check_json(repo.path)
    assert result.code == 0 and result.json["diagnostics"] == []


@pytest.mark.parametrize("folder", [
    ".claude/projects/-Users-dev-iam-dashboard/memory",  # Claude Code's auto memory
    ".claude/agent-memory/reviewer",  # a subagent's memory
])
def test_set_51_a_claude_memory_of_topic_files_without_its_index_is_a_root(repo: GitRepo,
                                                                          folder: str):
    """Set 51: a dashboard's repository committed Claude Code's auto memory folder as Claude
    keeps it (``.claude/projects/<project>/memory/``) with one topic file, its frontmatter
    Claude's (``type: project``), and not the MEMORY.md index. The folder's path is the
    convention's decisive marker, yet only a state file (MEMORY.md) made the folder a root:
    no root was found, the topic was neither judged nor published. Now the folder is a
    root of the convention by its path and a Markdown file in it, and CT701 says that no
    index points Claude to the topic."""
    repo.commit("memory", {
        "CLAUDE.md": "# IAM Dashboard\n\nRun the tests before pushing.\n",
        f"{folder}/project_ir_engine.md":
            "---\nname: IR Action Engine architecture\ndescription: Two-lane IR engine\n"
            "type: project\n---\n\nIR Action Engine shipped in the `ui-ux` branch.\n"})
    result = check_json(repo.path)
    assert roots(result) == {".": "instructions", folder: "claude"}
    found = [(d["code"], d["path"]) for d in result.json["diagnostics"]]
    assert found == [("CT701", f"{folder}/project_ir_engine.md")]


def test_set_51_a_folder_below_claude_without_memory_files_is_no_root(repo: GitRepo):
    """Claude's folders that hold no Markdown (a project's session transcripts, JSONL) and
    Markdown beside ``.claude/projects/`` but outside a ``memory/`` folder make no root."""
    repo.commit("state", {
        "CLAUDE.md": "# App\n\nRun the tests.\n",
        ".claude/projects/-Users-dev-app/3f2c8a9e.jsonl": '{"type": "user"}\n',
        ".claude/projects/-Users-dev-app/notes.md": "# Notes\n\nA note.\n"})
    assert roots(check_json(repo.path)) == {".": "instructions"}


def test_set_51_a_folder_inside_a_claude_memory_is_the_same_memory(repo: GitRepo):
    """A subagent's memory with its topics in a folder (``topics/deep.md``, linked from
    MEMORY.md) is one root: the folder below is no memory of its own, with or without an
    index."""
    repo.commit("memory", {
        "CLAUDE.md": "# App\n\nUse the reviewer.\n",
        ".claude/agent-memory/reviewer/MEMORY.md": "# Reviewer\n\n- [Deep](topics/deep.md)\n",
        ".claude/agent-memory/reviewer/topics/deep.md": "# Deep\n\nA topic.\n",
        ".claude/projects/-Users-dev-app/memory/MEMORY.md": "# Memory\n\n- [Old](old/a.md)\n",
        ".claude/projects/-Users-dev-app/memory/old/a.md": "# A\n\nA topic.\n"})
    result = check_json(repo.path)
    assert roots(result) == {".": "instructions", ".claude/agent-memory/reviewer": "claude",
                             ".claude/projects/-Users-dev-app/memory": "claude"}
    assert codes(result) == []


def test_openclaw_past_daily_note_rewritten(repo: GitRepo):
    repo.commit("workspace", OPENCLAW_WORKSPACE)  # commits are dated 2026-01-01
    repo.git("commit", "--amend", "-q", "--no-edit", "--date", "2026-01-03T12:00:00Z")
    env_date = "2026-01-09T12:00:00+00:00"
    (repo.path / "memory/2026-01-02.md").write_text("# 2026-01-02\n\n- Rewritten later.\n")
    (repo.path / "memory/2026-01-03.md").write_text("# 2026-01-03\n\n- Same day.\n")
    repo.git("add", "-A")
    repo.git("-c", "user.name=T", "-c", "user.email=t@e.invalid", "commit", "-q", "-m",
             "rewrite", "--date", env_date)
    result = check_json(repo.path)
    found = [(d["code"], d["path"]) for d in result.json["diagnostics"]]
    assert found == [("CT721", "memory/2026-01-02.md"), ("CT721", "memory/2026-01-03.md")]


def test_openclaw_same_day_edit_is_not_reported(repo: GitRepo):
    repo.commit("workspace", OPENCLAW_WORKSPACE)
    repo.git("commit", "--amend", "-q", "--no-edit", "--date", "2026-01-03T09:00:00Z")
    (repo.path / "memory/2026-01-03.md").write_text("# 2026-01-03\n\n- Later that day.\n")
    repo.git("add", "-A")
    repo.git("commit", "-q", "-m", "append", "--date", "2026-01-03T22:00:00Z")
    assert codes(check_json(repo.path)) == []


def test_gsd_state_fields(repo: GitRepo):
    state = GSD_STATE.replace("completed_plans: 3", "completed_plans: 9").replace(
        '"2026-01-03T10:00:00.000Z"', "yesterday")
    repo.commit("plan", {**GSD_PLANNING, ".planning/STATE.md": state + "x\n" * 100})
    found = sorted(d["code"] for d in check_json(repo.path).json["diagnostics"])
    assert found == ["CT731", "CT731", "CT732"]


def test_the_protocol_is_judged_as_before(repo: GitRepo):
    repo.commit("tree", minimal_tree())
    result = check_json(repo.path)
    assert roots(result) == {".": "continuity"} and result.json["diagnostics"] == []
    assert "root " not in run_cli("check", cwd=repo.path).out  # its output is unchanged


# ---------------------------------------------------------------- found on public repositories


def test_openclaw_notes_committed_late_with_lines_only_added_are_no_rewrite(repo: GitRepo):
    repo.commit("workspace", OPENCLAW_WORKSPACE)
    repo.git("commit", "--amend", "-q", "--no-edit", "--date", "2026-01-03T09:00:00Z")
    (repo.path / "memory/2026-01-02.md").write_text(
        OPENCLAW_WORKSPACE["memory/2026-01-02.md"] + "- Evening: more of that day.\n")
    repo.git("add", "-A")
    repo.git("commit", "-q", "-m", "late notes", "--date", "2026-01-09T10:00:00Z")
    assert codes(check_json(repo.path)) == []


def test_a_cursor_memory_bank_is_not_clines(repo: GitRepo):
    repo.commit("cursor", {"memory-bank/projectbrief.md": "# Brief\n\nx\n",
                           "memory-bank/activeContext.md": "# Active\n\nx\n",
                           "memory-bank/progress.md": "# Progress\n\nx\n",
                           "memory-bank/tasks.md": "# Tasks\n\n- [ ] x\n",
                           "memory-bank/creative/ui.md": "# UI\n",
                           "memory-bank/reflection/one.md": "# One\n"})
    result = check_json(repo.path)
    # Cursor's own convention (issue 30): tasks.md, activeContext.md, progress.md are there.
    assert roots(result) == {"memory-bank": "cursor-bank"} and "CT711" not in codes(result)


def test_a_gptme_journal_template_is_no_entry(repo: GitRepo):
    repo.commit("workspace", {**GPTME_WORKSPACE, "journal/templates/daily.md":
                              "# {date}\n\nSee [the task](../tasks/task-name.md).\n"})
    repo.commit("edit the template", {"journal/templates/daily.md": "# {date}\n"})
    assert codes(check_json(repo.path)) == []


def test_gsd_html_is_structure_but_a_tag_eating_placeholder_is_reported(repo: GitRepo):
    repo.commit("plan", {**GSD_PLANNING, ".planning/ROADMAP.md": (
        "# Roadmap\n\n<details>\n<summary>v1.0 (shipped)</summary>\n\n- Phase 1\n\n</details>\n"
        "\nAsk <name> before deploying.\n"),
        ".planning/.continue-here.md": "<context>\nPhase 2\n</context>\n"})
    found = [(d["code"], d["path"]) for d in check_json(repo.path).json["diagnostics"]]
    assert found == [("CT604", ".planning/ROADMAP.md")]
    [finding] = check_json(repo.path).json["diagnostics"]
    assert "<name>" in finding["message"] and "details" not in finding["message"]


def test_agentops_is_recognised_without_its_ledger(tmp_path: Path):
    repo = GitRepo(tmp_path / "ops")
    repo.commit("ops", {"TODO.md": "# TODO\n\n- x\n",
                        ".agents/rpi/next-work.jsonl": '{"item": "x", "consumed": false}\n',
                        ".agents/findings/registry.jsonl": '{"id": "f1"}\n'})
    assert recognise(repo.path, Config(base_dir=repo.path)).name == "agentops"


def test_a_ledger_taken_out_of_git_and_ignored_is_untracked_not_rewritten(repo: GitRepo):
    """lguzzon-scratchbook/agentops: 'stop tracking agents runtime state' deletes the ledger
    and ignores .agents/ in one commit; a clone has no file on disk."""
    line = ('{"cycle": 1, "target": "g", "result": "improved", "sha": "abc1234", '
            '"timestamp": "2026-01-01T00:00:00Z", "goals_passing": 1, "goals_total": 1}\n')
    repo.commit("ledger", {"TODO.md": "# TODO\n\n- x\n",
                           ".agents/evolve/cycle-history.jsonl": line})
    stopped = repo.commit("stop tracking agents runtime state", {".gitignore": "/.agents/\n"},
                          delete=[".agents/evolve/cycle-history.jsonl"])
    found = [(d["code"], d.get("commit")) for d in check_json(repo.path).json["diagnostics"]]
    assert found == [("CT308", stopped[:7])]


def test_gsd_phase_folders_are_the_planning_roots_not_roots_of_their_own(repo: GitRepo):
    repo.commit("plan", {**GSD_PLANNING,
                         ".planning/phases/02-api/CONTEXT.md": "# Phase 2 context\n\nx\n"})
    assert roots(check_json(repo.path)) == {".planning": "gsd"}


def test_a_root_judged_by_the_general_rules_alone_never_passes_all_checks(repo: GitRepo):
    repo.commit("codex", {"TASKS.md": "# Tasks\n\n- x\n", "memory.log": "abc start\n",
                          "context.snapshot.md": "### 2026-01-02 10:00 UTC | mem-001\n"})
    out = run_cli("check", cwd=repo.path).out
    assert "All checks passed" not in out
    assert "of no known convention judged by the general rules only" in out


@pytest.mark.parametrize("toml, named", [
    ('convention = "clien"\n', "'convention'"),
    ('convention = 3\n', "'convention'"),
    ('[conventions.mine]\nmarkrs = ["LOG.md"]\n', "conventions.mine.markrs"),
    ('[conventions.mine]\nhistory = {entries = "YYYY-QQ.md"}\n', "conventions.mine.history"),
])
def test_a_convention_misconfigured_is_exit_2_naming_it(repo: GitRepo, toml: str, named: str):
    repo.commit("bad", {"continuity.toml": toml, "LOG.md": "# Log\n", **CLINE_BANK})
    result = run_cli("check", cwd=repo.path)
    assert result.code == 2 and named in result.err, result.err


# ---------------------------------------------------------------- found on held-out trees


def test_an_applications_notes_jsonl_rewritten_is_no_log_rewrite(repo: GitRepo):
    """Its lines are the application's, rewritten as it likes: no CT304 in a root of no
    convention (the name alone made it an append-only log)."""
    repo.commit("app", {"notes.jsonl": '{"ts": 1, "level": "info", "msg": "up"}\n'})
    repo.commit("app rewrote it", {"notes.jsonl": '{"ts": 2, "level": "info", "msg": "again"}\n'})
    assert "CT304" not in codes(check_json(repo.path))


def test_agentops_agents_folder_without_a_ledger_is_a_root(repo: GitRepo):
    repo.commit("agentops", {".agents/rpi/next-work.jsonl": '{"id": "w1", "title": "retry"}\n',
                             ".agents/learnings/2026-01-02-retry.md": "# Retry\n\nBack off.\n",
                             ".agents/council/2026-01-02-review.md": "# Review\n\nOk.\n",
                             "src/main.py": "print('hi')\n"})
    result = check_json(repo.path)
    assert result.code in (0, 1), result.err
    assert "agentops" in roots(result).values()


def test_a_backup_of_openclaw_json_is_scanned_with_its_workspace(repo: GitRepo):
    """A config folder holding a copy of openclaw.json is a folder of the workspace above,
    not a root of its own that no check reads: its committed key is CT601."""
    token = "sk-" + "proj-" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0"
    repo.commit("workspace", {**OPENCLAW_WORKSPACE,
                              "config-backup/openclaw.json": f'{{"apiKey": "{token}"}}\n'})
    result = check_json(repo.path)
    assert list(roots(result).values()) == ["openclaw"]
    assert [d["path"] for d in result.json["diagnostics"] if d["code"] == "CT601"] == [
        "config-backup/openclaw.json"]
    assert token not in result.out


def test_an_application_folder_with_agents_md_is_not_memory_whole(repo: GitRepo):
    """An AGENTS.md in ``apps/gateway/`` makes that folder a root of no known convention: its
    living files are judged (a key in AGENTS.md is CT601), its source code and tests are not
    memory, so a fixture's value in a test file is no finding. A known convention's folder
    below the top is memory whole: a key in any committed file of ``.planning/`` is found."""
    token = "sk-" + "proj-" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0"
    other = "sk-" + "proj-" + "Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2H1g0"
    repo.commit("tree", {
        **GSD_PLANNING,
        ".planning/research/keys.txt": f"OPENAI_API_KEY={other}\n",
        "apps/gateway/AGENTS.md": "# Repository Guidelines\n\n- `drizzle/` holds migrations; "
                                  f"see `MIGRATIONS.md` for notes.\n- Deploy key: {token}\n",
        "apps/gateway/MIGRATIONS.md": "# Migrations\n\nRun `pnpm db:migrate`.\n",
        "apps/gateway/src/__tests__/sanitizer.test.ts":
            f'const values = [{{ _meta: {{ secret: "{other}" }} }}];\n',
        "apps/gateway/src/config.ts": f'export const apiKey = "{other}";\n',
    })
    result = check_json(repo.path)
    assert roots(result) == {".planning": "gsd", "apps/gateway": None}
    found = sorted(d["path"] for d in result.json["diagnostics"] if d["code"] == "CT601")
    assert found == [".planning/research/keys.txt", "apps/gateway/AGENTS.md"]
    assert token not in result.out and other not in result.out


def test_claude_memory_module_readme_and_commented_format(repo: GitRepo):
    """Set 16 (issue 30): a memory module kept in the repository (`modules/memory/`, an index
    in Claude's format) says in an HTML comment how its lines look (`[Title](file.md)`) and
    has a README for people: the comment is raw HTML, no link to check, and the README is no
    topic. A dead link outside the comment and a topic named nowhere are still found."""
    repo.commit("memory", {
        "AGENTS.md": "# Agents\n\nRead `modules/memory/MEMORY.md` first.\n",
        ".claude/settings.json": "{}\n",
        "modules/memory/MEMORY.md":
            "# Memory Index\n\n<!-- Each entry one line, a link to a file here -->\n"
            "<!-- Format: - [Title](file.md) - one line -->\n<!--\n- [Also](example.md)\n-->\n\n"
            "- [Workspace](project_workspace.md) - structure and principles\n",
        "modules/memory/README.md": "# memory\n\nAn index over Claude Code's own memory.\n",
        "modules/memory/project_workspace.md":
            "---\nname: workspace\ntype: project\n---\n\n# Workspace\n\nThe layout.\n",
    })
    result = check_json(repo.path)
    assert roots(result).get("modules/memory") == "claude", result.out
    assert result.json["diagnostics"] == [], result.out
    repo.commit("more", {
        "modules/memory/MEMORY.md":
            "# Memory Index\n\n<!-- Format: - [Title](file.md) -->\n\n"
            "- [Workspace](project_workspace.md) <!-- [x](x.md) --> [Gone](gone.md)\n",
        "modules/memory/stray.md": "# Stray\n\nA lost note.\n"})
    result = check_json(repo.path)
    found = sorted((d["code"], d["path"].rsplit("/", 1)[-1], d["line"])
                   for d in result.json["diagnostics"])
    assert found == [("CT111", "MEMORY.md", 5), ("CT701", "stray.md", 1)], result.out


def test_cursor_rules_in_a_folder_of_their_own_are_read(repo: GitRepo):
    """Set 16 (issue 30): BMAD writes its agents for Cursor as `.cursor/rules/bmad/*.mdc`, and
    Cursor reads rules in folders of `.cursor/rules`: that folder is a root of Cursor rules,
    its rules judged (an `alwaysApply` that is no boolean); beside rules of the top folder,
    each folder is its own root."""
    rule = "---\ndescription: {0}\nglobs:\nalwaysApply: {1}\n---\n# {0}\n\nAct as {0}.\n"
    repo.commit("bmad", {".cursor/rules/bmad/dev.mdc": rule.format("Dev", "maybe"),
                         ".cursor/rules/bmad/qa.mdc": rule.format("QA", "false")})
    result = check_json(repo.path)
    assert roots(result) == {".cursor/rules/bmad": "cursor"}, result.out
    found = [(d["code"], d["path"]) for d in result.json["diagnostics"]]
    assert found == [("CT761", ".cursor/rules/bmad/dev.mdc")], result.out
    repo.commit("top rule", {".cursor/rules/general.mdc": rule.format("General", "true")})
    result = check_json(repo.path)
    assert roots(result) == {".cursor/rules": "cursor", ".cursor/rules/bmad": "cursor"}, \
        result.out


def test_claude_topic_type_under_metadata(repo: GitRepo):
    """Set 18 (issue 30): newer Claude Code writes a topic's type under ``metadata:``
    (``metadata:\\n  type: project``); a `memory/` of such topics and an index in Claude's
    format is Claude's, and its index's dead links stay found. A `type:` under another key is
    no topic of Claude's."""
    topic = ("---\nname: {0}\ndescription: the {0} note\nmetadata:\n  type: project\n---\n\n"
             "# {0}\n\nWhat was decided.\n")
    repo.commit("memory", {
        "CLAUDE.md": "# Notes\n\nSee memory/.\n",
        "memory/MEMORY.md": "- [Weights](weights.md) — weight one\n- [Gone](gone.md) — never kept\n",
        "memory/weights.md": topic.format("weights"),
    })
    result = check_json(repo.path)
    assert roots(result).get("memory") == "claude", result.out
    found = [(d["code"], d["path"], d["line"]) for d in result.json["diagnostics"]]
    assert found == [("CT111", "memory/MEMORY.md", 2)], result.out
    repo.commit("other key", {"memory/weights.md": topic.format("weights").replace(
        "metadata:", "build:")})
    assert roots(check_json(repo.path)).get("memory") != "claude"


def test_gsd_planning_without_a_state_file_is_a_gsd_root(repo: GitRepo):
    """Set 18 (issue 30): a `.planning/` of GSD's files (config.json, PROJECT.md, ROADMAP.md,
    REQUIREMENTS.md, phases/) whose STATE.md is not kept made no root at all; it is GSD's,
    and its phase plans are read (a dead link found). One such file alone, or the same files
    in a folder of another name, make no root."""
    repo.commit("plan", {
        ".planning/config.json": '{"mode": "yolo", "commit_docs": true}\n',
        ".planning/PROJECT.md": "# Project\n\nWhat it is.\n",
        ".planning/ROADMAP.md": "# Roadmap\n\n- [ ] Phase 1: skeleton\n",
        ".planning/phases/01-skeleton/01-01-PLAN.md":
            "# Plan 1\n\nSee [the spec](../../SPEC.md).\n",
    })
    result = check_json(repo.path)
    assert roots(result) == {".planning": "gsd"}, result.out
    found = [(d["code"], d["path"]) for d in result.json["diagnostics"]]
    assert found == [("CT111", ".planning/phases/01-skeleton/01-01-PLAN.md")], result.out
    for lone in ({".planning/ROADMAP.md": "# Roadmap\n"},
                 {"plans/ROADMAP.md": "# Roadmap\n", "plans/PROJECT.md": "# Project\n"}):
        other = GitRepo(repo.path.parent / f"lone{len(lone)}")
        other.commit("one", lone)
        assert run_cli("check", cwd=other.path).code == 2


def test_copilot_link_in_a_fence_under_a_two_digit_list_item(repo: GitRepo):
    """Set 17 (issue 30): a Copilot instructions file shows how to cross-reference docs with a
    ```markdown fence under item "10." — indented four spaces, where the item's text begins —
    so the link in it is an example, not a link. The same link outside the fence, and a fence
    four spaces in after a paragraph (no list item: not a fence), are still read."""
    example = "    ```markdown\n    See [middleware.md](./middleware.md) for more.\n    ```\n"
    repo.commit("copilot", {
        ".github/copilot-instructions.md": "# Project\n\nSee `.github/instructions/`.\n",
        ".github/instructions/docs.instructions.md":
            "---\napplyTo: \"docs/**\"\n---\n\n# Docs\n\n"
            "9. **Mark code** with paths:\n   ```ts\n   // src/a.ts\n   ```\n"
            "10. **Cross-reference related docs** with relative links:\n" + example,
        "docs/index.md": "# Docs\n",
    })
    result = check_json(repo.path)
    assert roots(result).get(".github") == "copilot", result.out
    assert result.json["diagnostics"] == [], result.out
    repo.commit("more", {
        ".github/instructions/docs.instructions.md":
            "---\napplyTo: \"docs/**\"\n---\n\n# Docs\n\n10. **Cross-reference**:\n" + example
            + "\nSee [gone](./gone.md).\n\nA paragraph.\n" + example.replace("middleware", "later"),
    })
    result = check_json(repo.path)
    found = sorted((d["code"], d["line"]) for d in result.json["diagnostics"])
    assert found == [("CT111", 12), ("CT111", 16)], result.out


def test_a_bank_of_five_core_files_but_its_brief_is_clines(repo: GitRepo):
    """The documented weights of the other five core files and the folder add up to exactly
    the threshold; summed as floats they made 0.9999999999999999, and a Cline bank that lacks
    only projectbrief.md was judged as no convention (0 files checked). Recognised now, the
    missing brief is CT711's finding."""
    repo.commit("bank", {
        "memory-bank/productContext.md": "# Product\n\nA CSV tool.\n",
        "memory-bank/activeContext.md": "# Active\n\nDates.\n",
        "memory-bank/systemPatterns.md": "# Patterns\n\nPipes.\n",
        "memory-bank/techContext.md": "# Tech\n\nPython.\n",
        "memory-bank/progress.md": "# Progress\n\n## Done\n",
    })
    result = check_json(repo.path)
    assert roots(result) == {"memory-bank": "cline"}, result.out + result.err
    assert ("CT711", "memory-bank/projectbrief.md") in [
        (d["code"], d["path"]) for d in result.json["diagnostics"]]


def test_gsd_planning_of_project_roadmap_and_settings_is_recognised_as_gsd(repo: GitRepo):
    """Set 40 (issue 30): a `.planning/` of GSD's PROJECT.md, ROADMAP.md, REQUIREMENTS.md and
    config.json, with no STATE.md or phases/ yet, was found as a root by GSD's root sign and
    then said to follow no known convention (its files weighed 0.95 of the 1.0 needed). Any
    two of the root sign's files in a `.planning/` are GSD's; a config.json without GSD's
    settings keys is no evidence, and the same files outside `.planning/` make no GSD root."""
    repo.commit("plan", {
        ".planning/config.json": '{"mode": "yolo", "granularity": "coarse",\n'
                                 ' "parallelization": false, "commit_docs": true}\n',
        ".planning/PROJECT.md": "# Project\n\nWhat it is.\n",
        ".planning/ROADMAP.md": "# Roadmap\n\n- [ ] Phase 1: skeleton\n",
        ".planning/REQUIREMENTS.md": "# Requirements\n\n- [ ] AUTH-01: sign in\n",
    })
    result = check_json(repo.path)
    assert roots(result) == {".planning": "gsd"}, result.out
    for pair in ({".planning/PROJECT.md": "# Project\n",
                  ".planning/REQUIREMENTS.md": "# Requirements\n"},
                 {".planning/config.json": '{"parallelization": true}\n',
                  ".planning/PROJECT.md": "# Project\n"}):
        other = GitRepo(repo.path.parent / f"pair{len(str(pair))}")
        other.commit("two", pair)
        assert roots(check_json(other.path)) == {".planning": "gsd"}, pair
    config = Config(base_dir=repo.path)
    elsewhere = repo.path.parent / "settings"
    elsewhere.mkdir()
    (elsewhere / "config.json").write_text('{"name": "app", "port": 8080}\n')
    (elsewhere / "ROADMAP.md").write_text("# Roadmap\n")
    assert recognise(elsewhere, config).name is None
