"""Gaps issue 30 found on real trees, each in a real git repository: copies kept in an archive
and skill bundles make no live root (found, not judged); a memory bank's own subfolders are read
as part of it; a Copilot memory bank is recognised by its task files; an empty Copilot
instructions file asks nothing of its frontmatter."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.common import GitRepo, check_json, run_cli
from tests.support.conventions import found, roots


@pytest.fixture
def repo(tmp_path: Path) -> GitRepo:
    return GitRepo(tmp_path / "repo")


ROO = ("activeContext.md", "productContext.md", "progress.md", "decisionLog.md",
       "systemPatterns.md")
CLINE = ("projectbrief.md", "productContext.md", "activeContext.md", "systemPatterns.md",
         "techContext.md", "progress.md")


def bank(folder: str, names: tuple[str, ...]) -> dict[str, str]:
    return {f"{folder}/{name}": f"# {name}\n\nx\n" for name in names}


def test_copies_in_an_archive_are_found_not_judged_and_checked_when_named(repo: GitRepo):
    """Found on the survey (a Roo bank copied under docs/history/): a copy missing a core file
    gave CT711 as if it were a second live bank."""
    repo.commit("banks", {
        **bank("memory-bank", ROO),
        **bank("docs/history/memory-bank", ROO[1:]),  # an old copy, without activeContext.md
        **bank("archive/memory-bank", ROO[:3]),
    })
    result = check_json(repo.path)
    assert roots(result) == {"memory-bank": "roo"}
    assert found(result) == []
    said = run_cli("check", cwd=repo.path)
    assert said.code == 0, said.out + said.err
    assert ("memory roots in archives were found, not judged: archive/, docs/history/"
            in said.out + said.err)
    named = check_json(repo.path / "docs" / "history" / "memory-bank")
    assert ("CT711", "activeContext.md", 1) in found(named)  # judged when asked for


def test_copies_in_a_folder_named_as_a_backup_are_found_not_judged(repo: GitRepo):
    """Found on set 48 (Replit's ``.migration-backup/``, the project as it was before Replit
    migrated it): its copy of the memory came back as more live roots, judged again."""
    repo.commit("banks", {
        **bank("memory-bank", ROO),
        **bank(".migration-backup/memory-bank", ROO[1:]),  # copies, without activeContext.md
        **bank("memory-bank-backup", ROO[1:]),
        **bank("backup-2025-05-01/memory-bank", ROO[1:]),
        "backup-service/CLAUDE.md": "# Backup service\n\nA project of its own, not a copy.\n",
    })
    result = check_json(repo.path)
    assert roots(result) == {"memory-bank": "roo", "backup-service": "instructions"}
    assert found(result) == []
    said = run_cli("check", cwd=repo.path)
    assert said.code == 0, said.out + said.err
    assert ("memory roots in archives were found, not judged: .migration-backup/, "
            "backup-2025-05-01/, memory-bank-backup/" in said.out + said.err)
    named = check_json(repo.path / ".migration-backup" / "memory-bank")
    assert ("CT711", "activeContext.md", 1) in found(named)  # judged when asked for


def test_skill_bundles_are_no_memory_roots(repo: GitRepo):
    skill = "---\nname: {0}\ndescription: a skill\n---\n# {0}\n\nRead references/.\n"
    repo.commit("skills", {
        "CLAUDE.md": "# Project\n\nUse the skills.\n",
        ".claude/skills/bank/SKILL.md": skill.format("bank"),
        **{f".claude/skills/bank/references/{name}": f"# {name} form\n\n[Fill in]\n"
           for name in ("activeContext.md", "progress.md", "projectbrief.md")},
        "skills/planner/SKILL.md": skill.format("planner"),
        "skills/planner/STATE.md": "# State\n\n[gone](nowhere.md)\n",
        "skills/planner/references/TODO.md": "# TODO form\n",
        ".claude/skills/tracker/SKILL.md": skill.format("tracker"),
        ".claude/skills/tracker/CLAUDE.md": "# Tracker\n",
    })
    result = check_json(repo.path)
    assert roots(result) == {".": "instructions"}
    assert found(result) == []
    said = run_cli("check", cwd=repo.path).out
    assert "memory roots in skill bundles (a SKILL.md) were found, not judged: " \
        ".claude/skills/bank/, .claude/skills/tracker/, skills/planner/" in said
    named = check_json(repo.path / "skills" / "planner")
    assert ("CT111", "STATE.md", 3) in found(named)


@pytest.mark.parametrize("folder", ["memory-bank", "memory"])
def test_a_cline_banks_tasks_folder_is_read_as_part_of_the_bank(repo: GitRepo, folder: str):
    repo.commit("bank", {
        **bank(folder, CLINE),
        f"{folder}/tasks/login.md": "# Login\n\nSee [the brief](../projectbrief.md) and "
                                    "[gone](../nowhere.md).\n",
    })
    result = check_json(repo.path)
    assert roots(result) == {folder: "cline"}
    assert found(result) == [("CT111", f"{folder}/tasks/login.md", 3)]
    listed = run_cli("conventions", cwd=repo.path).out
    assert "tasks/  library (*.md), 1 entry" in listed


def test_a_copilot_bank_is_recognised_by_its_task_files(repo: GitRepo):
    """A bank with two core files and its TASK files is Copilot's (it was a root of no known
    convention, not judged); with the index alone and no core file, a root all the same."""
    repo.commit("banks", {
        **bank("memory-bank", ("activeContext.md", "progress.md")),
        "memory-bank/tasks/TASK001-login.md": "# [TASK001] - Login\n\n**Status:** In Progress\n",
        "memory-bank/tasks/TASK002-logout.md": "# [TASK002] - Logout\n\n[gone](nowhere.md)\n",
        "tool/.copilot-tracking/memory-bank/tasks/_index.md": "# Tasks Index\n\n- [TASK001]\n",
        "tool/.copilot-tracking/memory-bank/tasks/TASK001-a.md": "# [TASK001] - A\n",
    })
    result = check_json(repo.path)
    assert roots(result) == {"memory-bank": "copilot-bank",
                             "tool/.copilot-tracking/memory-bank": "copilot-bank"}
    assert ("CT111", "memory-bank/tasks/TASK002-logout.md", 3) in found(result)
    # its own rule: the core files it lacks (Copilot's bank requires the six)
    assert ("CT711", "memory-bank/projectbrief.md", 1) in found(result)


def test_a_full_cline_bank_with_copilot_task_files_is_copilots(repo: GitRepo):
    repo.commit("bank", {**bank("memory-bank", CLINE),
                         "memory-bank/tasks/TASK001-login.md": "# [TASK001] - Login\n"})
    assert roots(check_json(repo.path)) == {"memory-bank": "copilot-bank"}


def test_a_cline_bank_without_task_files_stays_clines(repo: GitRepo):
    repo.commit("bank", {**bank("memory-bank", CLINE)})
    assert roots(check_json(repo.path)) == {"memory-bank": "cline"}


def test_an_empty_copilot_instructions_file_gives_no_apply_to_finding(repo: GitRepo):
    repo.commit("copilot", {
        ".github/copilot-instructions.md": "# Copilot\n",
        ".github/instructions/empty.instructions.md": "",
        ".github/instructions/blank.instructions.md": "\n\n",
        ".github/instructions/none.instructions.md": "# None\n",
    })
    assert found(check_json(repo.path)) == [
        ("CT771", ".github/instructions/none.instructions.md", 1)]


def test_clines_clinerules_file_is_an_agent_instruction_file(repo: GitRepo):
    """Found on the survey (set 15): a `.clinerules` at a project's top, beside an AGENTS.md or
    an agent's settings, made the top no root of the instruction files (or one with nothing to
    judge), as `.cursorrules` and `.windsurfrules` do: it is Cline's instruction file."""
    repo.commit("rules", {
        ".clinerules": "# Rules\n\n- Keep the API and the UI apart ([arch](ARCHITECTURE.md)).\n"
                       "- [Gone](missing.md)\n\n```bash\nexport API_KEY=sk-live-0000000000000000\n```\n",
        "ARCHITECTURE.md": "# Architecture\n",
        "AGENTS.md": "# Agents\n",
        "service/.clinerules/01-style.md": "# Style\n",  # the folder form: a root of its own
        "service/main.py": "print('x')\n",
    })
    result = check_json(repo.path)
    assert roots(result) == {".": "instructions", "service": "instructions"}
    # read as an instruction file is: its dead link found, its fenced example no secret
    assert found(result) == [("CT111", ".clinerules", 4)]
    said = run_cli("conventions", ".", cwd=repo.path)
    assert "Agent instruction files (.clinerules" in said.out, said.out + said.err


def test_a_clinerules_file_beside_a_bank_makes_the_top_a_root_of_its_own(repo: GitRepo):
    repo.commit("bank", {**bank("memory-bank", CLINE),
                         ".clinerules": "# Rules\n\nRead memory-bank/ first.\n"})
    assert roots(check_json(repo.path)) == {".": "instructions", "memory-bank": "cline"}


def test_clines_clinerules_folder_is_read_as_the_agents_rules(repo: GitRepo):
    """Found on the survey (set 36): a project keeping Cline's rules in the folder form Cline
    recommends, `.clinerules/` with one Markdown file a rule, was "no memory root at or below
    it". Each Markdown file at the folder's top is a rule Cline combines into every task, read
    (links, secrets; fenced code is an example) and published as one; `workflows/` inside holds
    commands run on request, not rules."""
    repo.commit("rules", {
        ".clinerules/01-role.md": "# Role\n\nYou are the backend's maintainer.\n",
        ".clinerules/02-coding.md": "# Coding\n\n- Follow [the guide](docs/gone.md).\n\n"
                                    "```bash\nexport API_KEY=sk-live-0000000000000000\n```\n",
        ".clinerules/workflows/01-release.md": "# Release\n\n- [Notes](docs/missing.md)\n",
        "src/main.py": "print('x')\n",
    })
    result = check_json(repo.path)
    assert roots(result) == {".": "instructions"}
    assert found(result) == [("CT111", ".clinerules/02-coding.md", 3)]
    said = run_cli("conventions", ".", cwd=repo.path)
    assert "Agent instruction files (.clinerules/)" in said.out, said.out + said.err


def test_junies_guidelines_are_read_as_the_agents_rules(repo: GitRepo):
    """Found on the survey (set 38): JetBrains Junie's `.junie/guidelines.md`, which Junie adds
    to every task, was neither read nor named beside a CLAUDE.md, and alone made no root. It is
    an instruction file: read (links, secrets; fenced code is an example) and published as a
    rule, alone a root of its own; Junie's MCP settings beside it are not instructions."""
    repo.commit("guidelines", {
        ".junie/guidelines.md": "# Guidelines\n\n- Follow [the guide](docs/gone.md).\n\n"
                                "```bash\nexport API_KEY=sk-live-0000000000000000\n```\n",
        ".junie/mcp/mcp.json": '{"mcpServers": {}}\n',
        "service/.junie/AGENTS.md": "# Agents\n\n- See [the notes](notes/missing.md).\n",
        "src/main.py": "print('x')\n",
    })
    result = check_json(repo.path)
    assert roots(result) == {".": "instructions", "service": "instructions"}
    assert found(result) == [("CT111", ".junie/guidelines.md", 3),
                             ("CT111", "service/.junie/AGENTS.md", 3)]
    said = run_cli("conventions", ".", cwd=repo.path)
    assert "Agent instruction files (.junie/guidelines.md)" in said.out, said.out + said.err


def test_junies_guidelines_beside_a_claude_md_are_read_too(repo: GitRepo):
    repo.commit("both", {"CLAUDE.md": "# Project\n\nx\n",
                         ".junie/guidelines.md": "# Guidelines\n\n- [Gone](gone.md)\n"})
    result = check_json(repo.path)
    assert roots(result) == {".": "instructions"}
    assert found(result) == [("CT111", ".junie/guidelines.md", 3)]


def test_grok_clis_instructions_are_read_as_the_agents_rules(repo: GitRepo):
    """Found on the survey (set 39): Grok CLI's `.grok/GROK.md`, its custom instructions for the
    project, was neither read nor named beside a CLAUDE.md, and alone made no root. It is an
    instruction file: read (links checked) and published as a rule, alone a root of its own;
    Grok CLI's settings beside it are not instructions."""
    repo.commit("grok", {
        ".grok/GROK.md": "# Custom Instructions\n\n- Follow [the guide](docs/gone.md).\n",
        ".grok/settings.json": '{"model": "grok-code-fast-1"}\n',
        "service/CLAUDE.md": "# Service\n\nx\n",
        "service/.grok/GROK.md": "# Service\n\n- See [the notes](notes/missing.md).\n",
        "src/main.py": "print('x')\n",
    })
    result = check_json(repo.path)
    assert roots(result) == {".": "instructions", "service": "instructions"}
    assert found(result) == [("CT111", ".grok/GROK.md", 3),
                             ("CT111", "service/.grok/GROK.md", 3)]
    said = run_cli("conventions", ".", cwd=repo.path)
    assert "Agent instruction files (.grok/GROK.md)" in said.out, said.out + said.err


def test_antigravitys_workspace_rules_are_read_as_the_agents_rules(repo: GitRepo):
    """Found on the survey (set 40): Google Antigravity's workspace rules, Markdown files in
    `.agents/rules/` (or `.agent/rules/`, where Antigravity first kept them), which the
    project's AGENTS.md tells agents to follow, were neither read nor named. They are rule
    files of the instruction files: read (links checked), alone a root of their own; the
    skills and workflows beside them, run on request, are not rules."""
    repo.commit("antigravity", {
        "AGENTS.md": "# Agent Guidance\n\nFollow the rules in `./.agents/rules`.\n",
        ".agents/rules/security-cors.md": "# Rule: CORS\n\n- See [the policy](docs/gone.md).\n",
        ".agents/workflows/deploy.md": "# Deploy\n\n- See [the runbook](docs/none.md).\n",
        "service/.agent/rules/style.md":
            "---\ntrigger: always_on\n---\n# Style\n\n- Read [the guide](guide/missing.md).\n",
        "src/main.py": "print('x')\n",
    })
    result = check_json(repo.path)
    assert roots(result) == {".": "instructions", "service": "instructions"}, result.out
    assert found(result) == [("CT111", ".agents/rules/security-cors.md", 3),
                             ("CT111", "service/.agent/rules/style.md", 6)], result.out
    said = run_cli("conventions", "service", cwd=repo.path)
    assert "Agent instruction files (.agent/rules/)" in said.out, said.out + said.err
