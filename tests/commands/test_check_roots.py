"""`continuity check` over nested memory roots, and never a silent pass (issue 13, points 1-2)."""

from __future__ import annotations

import os
from pathlib import Path

from tests.support.common import GitRepo, check_json, minimal_tree, run_cli, write_files
from tests.support.nested import protocol_repository

CHILD = "packs/developer/STATE.md"


def found(result) -> list[tuple[str, str]]:
    return sorted((d["code"], d["path"]) for d in result.json["diagnostics"])


def test_the_top_judges_every_child_root_with_paths_from_the_working_directory(tmp_path: Path):
    repo = protocol_repository(tmp_path / "repo")
    result = check_json(repo.path)
    assert result.code == 1
    # One CT107 per file: the child's 4 placeholders are one finding.
    assert found(result) == [("CT106", "samples/minimum/STATE.md")] + [("CT107", CHILD)]
    inside = check_json(repo.path / "packs")  # a directory holding roots: each of them
    assert found(inside) == [("CT107", "developer/STATE.md")]


def test_a_child_root_named_by_directory_or_state_file_is_judged(tmp_path: Path):
    repo = protocol_repository(tmp_path / "repo")
    for path in ("packs/developer", CHILD, "packs/developer/"):
        result = run_cli("check", "--output-format", "json", path, cwd=repo.path)
        assert result.code == 1, (path, result.err)
        assert found(result) == [("CT107", CHILD)]  # one per file: its 4 placeholders
    assert "All checks passed" not in run_cli("check", "packs/developer", cwd=repo.path).out


def test_a_childs_own_history_directory_is_its_own(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    repo.commit("tree", {**minimal_tree(), **{
        f"backend/{name}": text for name, text in minimal_tree().items()},
        "backend/journal/misnamed.md": "# x\n"})
    result = check_json(repo.path)
    assert {path for _, path in found(result)} == {"backend/journal/misnamed.md"}
    assert ("CT101", "backend/journal/misnamed.md") in found(result)
    assert check_json(repo.path / "backend" / "journal").json["summary"]["files"] == 3


def test_inside_a_history_directory_the_entries_are_judged_as_part_of_their_tree(
        tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    repo.commit("tree", {**minimal_tree(), "journal/2026-01-05-turn-9.md": "no frontmatter\n"})
    result = check_json(repo.path / "journal")
    assert result.code == 1
    assert {d["path"] for d in result.json["diagnostics"]} == {"2026-01-05-turn-9.md"}
    assert result.json["summary"]["files"] == 3  # template and two entries; not the state files


def test_no_root_at_or_below_a_path_is_exit_2_naming_the_roots_nearby(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    repo.commit("tree", {**{f"memory/{n}": t for n, t in minimal_tree().items()},
                         "docs/guide.md": "# Guide\n", "AGENTS.md": "# Contributing\n"})
    for cwd, args in ((repo.path / "docs", ()), (repo.path, ("docs",))):
        result = run_cli("check", *args, cwd=cwd)
        assert result.code == 2, result.out
        assert "All checks passed" not in result.out
        assert "no memory root at or below it" in result.err
        assert "AGENTS.md alone" in result.err
        where = "../memory" if cwd.name == "docs" else "memory"
        assert f"{where}/ holds" in result.err and f"run `continuity check {where}`" in \
            result.err
    # With no path the configured root (the working directory) holds roots below: judged.
    assert run_cli("check", cwd=repo.path).code == 0


def test_an_empty_directory_and_a_lone_agents_md_are_exit_2(tmp_path: Path):
    (tmp_path / "empty").mkdir()
    assert run_cli("check", cwd=tmp_path / "empty").code == 2
    write_files(tmp_path / "guide", {"AGENTS.md": "# Agents\n\nRun `make test`.\n",
                                     "knowledge/howto.md": "# How\n"})
    result = run_cli("check", cwd=tmp_path / "guide")
    assert result.code == 2 and "no memory root" in result.err
    result = run_cli("generate", "--out", str(tmp_path / "out"), cwd=tmp_path / "guide")
    assert result.code == 2 and "no memory root" in result.err
    assert not (tmp_path / "out").exists()


def test_a_directory_in_a_root_but_in_none_of_its_directories_is_exit_2(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    repo.commit("tree", {**minimal_tree(), "src/main.py": "print()\n"})
    result = run_cli("check", "src", cwd=repo.path)
    assert result.code == 2
    said = " ".join(result.err.split())  # as read, across the message's wrapped lines
    assert "lies in the memory root" in said and "run `continuity check .`" in said


def test_an_empty_history_directory_named_is_nothing_to_check(tmp_path: Path):
    write_files(tmp_path, {**minimal_tree(), "audits/.gitkeep": ""})
    result = run_cli("check", "--no-git", "audits", cwd=tmp_path)
    assert result.code == 2 and "no file of the memory root" in result.err


def test_a_top_level_mkdocs_yml_names_the_root_to_check(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    repo.commit("tree", {
        **{f"memory/{n}": t for n, t in minimal_tree().items()},
        "memory/journal/bad.md": "# x\n",
        "templates/STATE.md": "# STATE {{NAME}}\n",  # another root, not the site's
        "mkdocs.yml": "site_name: x\nmarkdown_extensions:\n  - pymdownx.emoji:\n"
                      "      emoji_index: !!python/name:material.extensions.emoji.twemoji\n"
                      "plugins:\n  - search\n  - continuity:\n      root: memory\n",
    })
    result = check_json(repo.path)
    assert {path for _, path in found(result)} == {"memory/journal/bad.md"}


def test_unknown_rule_codes_are_exit_2_naming_them(tmp_path: Path):
    write_files(tmp_path, minimal_tree())
    for args, named in ((("--select", "CT6O1"), "CT6O1"), (("--ignore", "CT999"), "CT999"),
                        (("--select", "CT3,XY1"), "XY1")):
        result = run_cli("check", "--no-git", *args, cwd=tmp_path)
        assert result.code == 2 and named in result.err, (args, result.err)
        assert "passed" not in result.out
    write_files(tmp_path, {"continuity.toml": "[severity]\nCT1O7 = \"off\"\n"})
    result = run_cli("check", "--no-git", cwd=tmp_path)
    assert result.code == 2 and "CT1O7" in result.err
    write_files(tmp_path, {"continuity.toml": "severity = {CT199 = \"off\"}\n"})
    result = run_cli("check", "--no-git", cwd=tmp_path)
    assert result.code == 2 and "CT199" in result.err
    os.remove(tmp_path / "continuity.toml")
    write_files(tmp_path, {"mkdocs.yml": "site_name: x\nplugins:\n  - continuity:\n"
                                         "      select: [CT6O1]\n"})
    result = run_cli("check", "--no-git", cwd=tmp_path)
    assert result.code == 2 and "CT6O1" in result.err and "mkdocs.yml" in result.err


def test_ct109_a_declared_parent_that_does_not_exist(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    child = "---\nparent: {}\n---\n# STATE\n\n## Status\n\nok\n\n## Active objective\n\nx\n\n" \
            "## Next valid action\n\ny\n"
    repo.commit("tree", {
        **minimal_tree(),
        "fine/STATE.md": child.format("../STATE.md"),
        "lost/STATE.md": child.format("../../PARENT.md"),
        "typo/STATE.md": child.format("../STAET.md"),
        "dir/STATE.md": child.format("../journal"),
    })
    result = check_json(repo.path, "--select", "CT109")
    assert [(d["path"], d["line"]) for d in result.json["diagnostics"]] == [
        ("dir/STATE.md", 2), ("lost/STATE.md", 2), ("typo/STATE.md", 2)]
    messages = {d["path"]: d["message"] for d in result.json["diagnostics"]}
    assert "outside the repository" in messages["lost/STATE.md"]
    assert "does not exist" in messages["typo/STATE.md"]
    assert "directory" in messages["dir/STATE.md"]


def test_a_symlinked_child_root_leaving_the_repository_is_ct602(tmp_path: Path):
    outside = tmp_path / "elsewhere"
    write_files(outside, {"STATE.md": "# STATE {{SECRET_PLACEHOLDER}}\n"})
    repo = GitRepo(tmp_path / "repo")
    repo.commit("tree", {**minimal_tree(), "packs/.keep": ""})
    os.symlink(outside, repo.path / "packs" / "shared")
    result = check_json(repo.path, "--no-git")
    assert found(result) == [("CT602", "packs/shared")]


def test_the_ledger_at_the_top_is_judged_once_with_nested_roots(tmp_path: Path):
    ledger = ".agents/evolve/cycle-history.jsonl"
    repo = GitRepo(tmp_path / "repo")
    repo.commit("tree", {**{f"memory/{n}": t for n, t in minimal_tree().items()},
                         ledger: "not json\n"})
    assert found(check_json(repo.path, "--no-git")) == [("CT401", ledger)]  # memory/ owns it
    repo.commit("two roots", {f"other/{n}": t for n, t in minimal_tree().items()})
    assert found(check_json(repo.path, "--no-git")) == [("CT401", ledger)]  # the top owns it


def test_history_rules_judge_a_childs_entries_once_in_its_own_root(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    tree = minimal_tree()
    child = {f"backend/{name}": text for name, text in tree.items()}
    repo.commit("tree", {**tree, **child})
    entry = "backend/journal/2026-01-02-turn-1.md"
    repo.commit("edit a child's entry", {entry: child[entry] + "\nAn afterthought.\n"})
    result = check_json(repo.path, "--select", "CT3")
    assert found(result) == [("CT301", entry)]
    assert found(check_json(repo.path / "backend", "--select", "CT3")) == [
        ("CT301", "journal/2026-01-02-turn-1.md")]


def test_no_root_left_names_the_memory_files_its_history_deleted(tmp_path: Path):
    """A repository that deleted its CLAUDE.md (with a password in it) and its `.mcp.json`
    has no memory root now: exit 2, and the message names what git still holds, with the
    commit that deleted each; never the credential. A file deleted and added back, or one
    deleted from a source folder, is not named."""
    password = "mysql://admin:" + "Qz8rT2vLp9xK" + "@rm-crm.mysql.rds.aliyuncs.com/crm"
    repo = GitRepo(tmp_path / "repo")
    repo.commit("start", {"CLAUDE.md": f"# CRM\n\nDatabase: {password}\n",
                          ".mcp.json": '{"mcpServers": {}}\n', "src/app.py": "print(1)\n",
                          "src/CLAUDE.md": "# src\n", "README.md": "# CRM\n"})
    gone = repo.commit("tidy", delete=["CLAUDE.md", ".mcp.json", "src/CLAUDE.md"])
    start = repo.git("rev-parse", "HEAD~1").strip()
    for face in ("report", "check"):  # the audit report says the same
        result = run_cli(face, cwd=repo.path)
        assert result.code == 2, result.out
        assert "no memory root at or below it" in result.err
        assert f"CLAUDE.md ({gone[:7]}" in result.err and ".mcp.json (" in result.err
    assert "src/CLAUDE.md" not in result.err and "Qz8rT2vLp9xK" not in result.err + result.out
    said = " ".join(result.err.split())
    assert "1 of them held a credential in a committed version, still readable by anyone who " \
           "clones: CLAUDE.md (" in said and f"committed in {start[:7]}" in said
    assert "git log -p -- CLAUDE.md" in result.err


def test_no_root_in_a_repository_that_deleted_none_says_nothing_of_its_history(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    repo.commit("start", {"README.md": "# App\n", "src/app.py": "print(1)\n"})
    repo.commit("more", {"src/app.py": "print(2)\n"}, delete=["README.md"])
    result = run_cli("check", cwd=repo.path)
    assert result.code == 2 and "no memory root at or below it" in result.err
    assert "deleted since" not in result.err


def test_no_root_left_whose_deleted_files_held_no_credential_says_so(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    repo.commit("start", {".mcp.json": '{"mcpServers": {"gh": {"env": {"TOKEN": "${GH}"}}}}\n',
                          "backend/.env.example": "TOKEN=\n", "backend/.env": "PORT=80\n",
                          "backend/app.py": "print(1)\n"})
    repo.commit("tidy", delete=[".mcp.json", "backend/.env.example", "backend/.env"])
    said = " ".join(run_cli("check", cwd=repo.path).err.split())
    assert "deleted since: .mcp.json (" in said and "backend/.env (" in said
    assert ".env.example" not in said  # a template, not a credential file
    assert "hold no credential the check knows" in said


def test_no_root_on_the_branch_checked_out_names_the_branches_that_hold_memory(tmp_path: Path):
    """Survey 42: a repository's default branch holds the code, another branch the agent's
    workspace. The check reads the branch checked out (exit 2, no root) and says which other
    branches hold memory; a branch with an AGENTS.md alone (no root) is not named."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("code", {"src/app.py": "print(1)\n", "README.md": "# App\n"})
    repo.git("checkout", "-q", "-b", "workspace")
    repo.commit("workspace", {"MEMORY.md": "# Memory\n\n- the app ships on Fridays\n",
                              "AGENTS.md": "# Agents\n"})
    repo.git("checkout", "-q", "-b", "docs", "HEAD~1")
    repo.commit("agents", {"AGENTS.md": "# Agents\n\nRun `make test`.\n"})
    repo.git("checkout", "-q", "HEAD~1")
    said = " ".join(run_cli("check", cwd=repo.path).err.split())
    assert "Other branches hold memory: workspace (AGENTS.md, MEMORY.md)." in said
    assert "docs (" not in said


def test_no_root_left_names_a_convention_folders_deleted_sign(tmp_path: Path):
    """Held out at the stop's end: a repository deleted oh-my-opencode's `.omo/` (its
    `boulder.json` is a Sisyphus root's sign only inside that folder) and a Cline memory bank:
    both are named, with the commit that deleted them."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("start", {".omo/boulder.json": '{"active_plan": ".omo/plans/port.md"}\n',
                          ".omo/plans/port.md": "# Port\n",
                          "memory-bank/activeContext.md": "# Active context\n",
                          "src/app.py": "print(1)\n"})
    gone = repo.commit("tidy", delete=[".omo/boulder.json", ".omo/plans/port.md",
                                       "memory-bank/activeContext.md"])
    said = " ".join(run_cli("check", cwd=repo.path).err.split())
    assert f".omo/boulder.json ({gone[:7]}" in said
    assert f"memory-bank/activeContext.md ({gone[:7]}" in said
