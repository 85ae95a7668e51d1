"""issue 30: the conventions people actually keep, recognised by their own evidence and judged by
the rules of each tool's documentation. A synthetic tree per convention in a real git
repository; each test asserts the convention detected, a true finding, or the absence of a
false one."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.common import GitRepo, check_json, run_cli
from tests.support.conventions import found, roots
from tests.support.engines import build_mkdocs_in_process


@pytest.fixture
def repo(tmp_path: Path) -> GitRepo:
    return GitRepo(tmp_path / "repo")


BANK = {name: f"# {name}\n\nx\n" for name in (
    "projectbrief.md", "productContext.md", "activeContext.md", "systemPatterns.md",
    "techContext.md", "progress.md")}


def test_each_convention_gets_its_own_root(repo: GitRepo):
    repo.commit("conventions", {
        ".kiro/steering/product.md": "# Product\n\nA tide table.\n",
        ".cursor/rules/api.mdc": "---\ndescription: API\nglobs: src/**/*.ts\nalwaysApply: false\n"
                                 "---\n# API\n",
        ".windsurf/rules/style.md": "---\ntrigger: always_on\n---\n# Style\n",
        ".github/copilot-instructions.md": "# Copilot\n\nUse pnpm.\n",
        ".serena/memories/project_overview.md": "# Overview\n",
        ".serena/memories/activeContext.md": "# Active\n",  # a Cline name: still Serena's
        ".serena/memories/progress.md": "# Progress\n",
        **{f"memory-bank/{name}": text for name, text in BANK.items()},
        "memory-bank/tasks.md": "# Tasks\n\n- [ ] one\n",
        "roo/memory-bank/decisionLog.md": "# Decisions\n\n[2026-01-02] x\n",
        "roo/memory-bank/activeContext.md": "# Active\n\nx\n",
        "roo/memory-bank/productContext.md": "# Product\n\nx\n",
        "roo/memory-bank/progress.md": "# Progress\n\nx\n",
        "roo/memory-bank/systemPatterns.md": "# Patterns\n\nx\n",
        "copilot/memory-bank/tasks/_index.md": "# Tasks\n",
        **{f"copilot/memory-bank/{name}": text for name, text in BANK.items()},
        "CLAUDE.md": "# Project\n\nUse pnpm.\n",
    })
    assert roots(check_json(repo.path)) == {
        ".": "instructions", ".cursor/rules": "cursor", ".github": "copilot",
        ".kiro/steering": "kiro", ".serena/memories": "serena", ".windsurf/rules": "windsurf",
        "memory-bank": "cursor-bank", "copilot/memory-bank": "copilot-bank",
        "roo/memory-bank": "roo"}


def test_spec_kit_at_the_top_with_its_instruction_files(repo: GitRepo):
    repo.commit("spec kit", {
        ".specify/memory/constitution.md": "# Tides Constitution\n\n**Version**: 1.0.0 | "
                                           "**Ratified**: 2026-01-02\n",
        "specs/001-export/spec.md": "# Spec\n", "specs/001-export/plan.md": "# Plan\n",
        "specs/001-export/tasks.md": "- [ ] T001 Set up\n- [ ] T002 Test\n",
        "CLAUDE.md": "# Claude\n\nRead @docs/missing.md first.\n",
    })
    result = check_json(repo.path)
    assert roots(result) == {".": "speckit"}
    assert found(result) == [("CT741", "CLAUDE.md", 3)]  # judged by the instruction rules too


def test_spec_kit_in_its_first_layout_memory_and_templates_at_the_top(repo: GitRepo,
                                                                     tmp_path: Path):
    """Found on set 41 (conventions): before `.specify/`, `specify init` wrote `memory/`,
    `scripts/` and `templates/` at the project's top ("Read the constitution at
    `/memory/constitution.md`"). Such a project was judged by its CLAUDE.md alone, its
    constitution (still the template) neither read nor published. Spec Kit's own source,
    which keeps the same two files as what it copies, is not a project of it."""
    template = "# [PROJECT_NAME] Constitution\n\n**Version**: [CONSTITUTION_VERSION]\n"
    repo.commit("spec kit", {
        "memory/constitution.md": template,
        "templates/spec-template.md": "# Feature Specification: [FEATURE NAME]\n",
        "specs/001-export/spec.md": "# Export\n", "CLAUDE.md": "# Claude\n\nUse pnpm.\n",
    })
    result = check_json(repo.path)
    assert roots(result) == {".": "speckit"}
    assert found(result) == [("CT791", "memory/constitution.md", 1)]
    repo.commit("filled", {"memory/constitution.md": "# Tides Constitution\n\n**Version**: "
                                                     "1.0.0 | **Ratified**: 2026-01-02\n"})
    page = (build_mkdocs_in_process(repo.path, tmp_path / "site") / "index.html").read_text("utf-8")
    assert "Tides Constitution" in page
    repo.commit("a link", {"memory/constitution.md": "# Tides\n\n**Version**: 1.0.0\n\n"
                                                     "See [the checklist](gone.md).\n"})
    assert found(check_json(repo.path)) == [("CT111", "memory/constitution.md", 5)]
    # upgraded: the same three folders moved into .specify/, which is the top's, no root of its
    # own, and its constitution is the one read
    repo.commit("upgraded", {".specify/memory/constitution.md": template,
                             ".specify/templates/spec-template.md": "# Feature Specification\n"})
    result = check_json(repo.path)
    assert roots(result) == {".": "speckit"}
    assert ("CT791", ".specify/memory/constitution.md", 1) in found(result)
    repo.commit("spec kit's own source", {"src/specify_cli/__init__.py": "",
                                          "memory/constitution.md": template},
                delete=[".specify/memory/constitution.md", ".specify/templates/spec-template.md"])
    assert roots(check_json(repo.path)) == {".": "instructions"}


def test_a_tools_bundle_of_what_it_installs_is_set_aside(repo: GitRepo):
    """Found on set 49 (conventions): a plugin that sets Spec Kit up in other projects keeps
    the files it copies in the layout it installs (`.opencode/managed-assets/.specify/...`),
    the constitution there Spec Kit's form, unfilled on purpose. It was a Spec Kit root of its
    own, its constitution reported "never filled in" (CT791) beside the project's filled one.
    Such a folder is set aside and said, as templates are; named, it is checked."""
    template = "# [PROJECT_NAME] Constitution\n\n**Version**: [CONSTITUTION_VERSION]\n"
    repo.commit("plugin", {
        ".specify/memory/constitution.md": "# Tides Constitution\n\n**Version**: 1.0.0\n",
        "specs/001-export/spec.md": "# Export\n",
        ".opencode/managed-assets/.specify/memory/constitution.md": template,
        ".opencode/managed-assets/.specify/templates/spec-template.md": "# [FEATURE NAME]\n",
        "CLAUDE.md": "# Claude\n\nUse bun.\n",
    })
    result = check_json(repo.path)
    assert roots(result) == {".": "speckit"}
    assert found(result) == []
    assert ".opencode/managed-assets/" in result.out + result.err  # said, not judged
    named = run_cli("check", ".opencode/managed-assets", cwd=repo.path)
    assert "CT791" in named.out, named.out + named.err


def test_a_harness_scaffolders_assets_are_set_aside(repo: GitRepo):
    """Set 54: an agent harness scaffolder keeps what it writes into new projects in
    `harness-assets/` (AGENTS.md, CLAUDE.md, `plans/README.md`, `{{baseDir}}` tokens in them),
    beside its own live instructions. The bundle was read as a Sisyphus root of its own. A
    folder named `<something>-assets` is set aside and said, as `managed-assets` is; named,
    it is checked."""
    repo.commit("scaffolder", {
        "CLAUDE.md": "# Beaver\n\nRead AGENTS.md.\n", "AGENTS.md": "# Agents\n\nUse npm.\n",
        "harness-assets/AGENTS.md": "# {{projectName}}\n\nPlans live in {{baseDir}}/plans/.\n",
        "harness-assets/CLAUDE.md": "@AGENTS.md\n",
        "harness-assets/plans/README.md": "# Plans\n\nOne folder per plan.\n",
    })
    result = check_json(repo.path)
    assert roots(result) == {".": "instructions"}
    assert found(result) == []
    said = result.out + result.err
    assert "memory roots in test data or templates were found, not judged: harness-assets/" \
        in said, said  # said as a tool's forms, not as copies kept for the record


def test_a_templates_folder_named_with_a_leading_mark_is_set_aside(repo: GitRepo):
    """Found on set 50 (conventions): a spec workflow keeps the CLAUDE.md its skill copies
    into each new feature's folder in `specs/_templates/`, its title `{Feature Name}` still a
    placeholder. It became a second live root of instructions, published on the home page as
    one. A templates folder named with a leading `_` or `.` (as Sphinx and Jekyll name theirs)
    is set aside and said, as `templates/` is; named, it is checked."""
    repo.commit("specs", {
        "CLAUDE.md": "# Scaffold\n\nRead SPEC-WORKFLOW.md first.\n",
        "specs/README.md": "# Specs\n",
        "specs/_templates/CLAUDE.md": "# CLAUDE.md: {Feature Name}\n\nRead design.md first.\n",
        "specs/_templates/design.md": "# Design: {Feature Name}\n",
        "docs/.templates/CLAUDE.md": "# CLAUDE.md: {Area}\n",
    })
    result = check_json(repo.path)
    assert roots(result) == {".": "instructions"}
    assert "specs/_templates/" in result.out + result.err  # said, not judged
    named = run_cli("check", "specs/_templates", "--output-format", "json", cwd=repo.path)
    assert '"instructions"' in named.out, named.out + named.err


def test_a_claude_md_alone_has_its_imports_checked(repo: GitRepo):
    repo.commit("claude", {
        "CLAUDE.md": "# Project\n\nSee @docs/missing.md and @docs/there.md.\n"
                     "Mail me at a@b.md, install @types/node, ask @alice.\n"
                     "```\n@docs/in-code.md\n```\nAnd `@docs/in-span.md`, @~/.claude/mine.md.\n",
        "docs/there.md": "# There\n",
    })
    result = check_json(repo.path)
    assert result.code == 1
    assert found(result) == [("CT741", "CLAUDE.md", 3)]
    assert "docs/missing.md" in result.json["diagnostics"][0]["message"]


def test_imports_past_five_hops_and_loops(repo: GitRepo):
    files = {"CLAUDE.md": "@a1.md\n"}
    for hop in range(1, 7):
        files[f"a{hop}.md"] = f"@a{hop + 1}.md\n" if hop < 6 else "end\n"
    files["GEMINI.md"] = "@loop.md\n"
    files["loop.md"] = "@GEMINI.md\n"
    repo.commit("chains", files)
    result = check_json(repo.path, "--select", "CT742")
    messages = [d["message"] for d in result.json["diagnostics"]]
    assert any("past the 5 the loaders follow" in m and "a6.md" in m for m in messages)
    assert any("imports it back" in m for m in messages)


def test_the_agents_md_chain_past_codexs_32_kib_names_the_lines(repo: GitRepo):
    top = "# Agents\n\n" + "".join(f"- rule {n:05d} " + "x" * 80 + "\n" for n in range(360))
    repo.commit("chain", {"CLAUDE.md": "# Claude\n", "AGENTS.md": top,
                          "services/AGENTS.md": "# Services\n" + "- more\n" * 50})
    result = check_json(repo.path, "--select", "CT743")
    (diagnostic,) = result.json["diagnostics"]
    # 94-byte lines after a 10-byte heading: the 349th rule (line 351) crosses 32,768 bytes;
    # said once, though the chains to the top and to services/ both cross there.
    assert diagnostic["path"] == "AGENTS.md" and diagnostic["line"] == 351
    assert "AGENTS.md lines 351–362 are past" in diagnostic["message"]
    assert "past what Codex loads" in diagnostic["message"]


def test_the_agents_md_chain_is_not_judged_into_templates_or_archives(repo: GitRepo):
    """Set 40 (issue 30): CT743 judged the chain down to a workspace template's AGENTS.md
    (OpenClaw's translated `docs/zh-CN/reference/templates/AGENTS.md`), in a folder the root
    search sets aside as templates and the check says it does not judge. A folder of
    templates, test data or archived copies is where no agent works; a real folder's chain
    past the budget is still found."""
    top = "# Agents\n\n" + "".join(f"- rule {n:05d} " + "x" * 60 + "\n" for n in range(330))
    long_below = "# Below\n" + "- more detail here\n" * 600
    repo.commit("chain", {"CLAUDE.md": "# Claude\n", "AGENTS.md": top,
                          "docs/reference/templates/AGENTS.md": long_below,
                          "docs/archive/AGENTS.md": long_below})
    assert check_json(repo.path, "--select", "CT743").json["diagnostics"] == []
    repo.commit("real folder", {"services/AGENTS.md": long_below})
    (diagnostic,) = check_json(repo.path, "--select", "CT743").json["diagnostics"]
    assert diagnostic["path"] == "services/AGENTS.md", diagnostic


def test_the_agents_md_of_the_folders_below_are_the_top_roots_instructions(repo: GitRepo,
                                                                          tmp_path: Path):
    """Found on set 42 (conventions): a top AGENTS.md naming six scoped ones in `lib/`
    ("Scoped `AGENTS.md` files are authoritative"), which Codex gives, after the top's, to an
    agent working in their folders: neither read nor published, only their size judged
    (CT743). Now the instruction root at the top reads them (links, secrets) and publishes
    each as a rule for its folder's files; one a child root holds is that root's alone, and
    one in a folder of templates is a form, not read."""
    repo.commit("scoped", {
        "CLAUDE.md": "# Claude\n\n@AGENTS.md\n",
        "AGENTS.md": "# Agents\n\nRead the nearest scoped AGENTS.md first.\n",
        "lib/ui/AGENTS.md": "# UI Guidance\n\nWidgets: see [the catalogue](widgets.md).\n",
        "service/CLAUDE.md": "# Service\n",
        "service/AGENTS.md": "# Service Agents\n\nSee [the runbook](runbook.md).\n",
        "templates/pack/AGENTS.md": "# Pack\n\nSee [x](missing.md).\n",
    })
    result = check_json(repo.path)
    assert roots(result) == {".": "instructions", "service": "instructions"}
    assert found(result) == [("CT111", "lib/ui/AGENTS.md", 3),
                             ("CT111", "service/AGENTS.md", 3)]
    repo.commit("fixed", {"lib/ui/widgets.md": "# Widgets\n", "service/runbook.md": "# Run\n"})
    page = (build_mkdocs_in_process(repo.path, tmp_path / "site") / "index.html").read_text("utf-8")
    assert "UI Guidance" in page and "lib/ui/**" in page and "Pack" not in page


def test_the_agents_md_walk_passes_over_what_the_root_search_does(repo: GitRepo):
    """Set 42's "Left alone": the walk for the scoped AGENTS.md entered a folder holding
    `pyvenv.cfg` or `CACHEDIR.TAG` (a virtual environment, a cache: the root search never
    enters them) and a skill bundle's folder (one holding SKILL.md, which the root search sets
    aside): their AGENTS.md were read as the top's instructions and their chains judged. Now
    the walk asks the root search's own question; a real folder's AGENTS.md is still read."""
    broken = "# Below\n\nSee [x](missing.md).\n"
    repo.commit("scoped", {
        "CLAUDE.md": "# Claude\n\n@AGENTS.md\n",
        "AGENTS.md": "# Agents\n\nRead the nearest scoped AGENTS.md first.\n",
        "env/pyvenv.cfg": "home = /usr/bin\n", "env/lib/pkg/AGENTS.md": broken,
        "build/CACHEDIR.TAG": "Signature: 8a477f597d28d172789f06886806bc55\n",
        "build/AGENTS.md": broken,
        "skills/deploy/SKILL.md": "---\nname: deploy\ndescription: x\n---\n# Deploy\n",
        "skills/deploy/references/AGENTS.md": broken,
        "lib/ui/AGENTS.md": broken,
    })
    assert found(check_json(repo.path)) == [("CT111", "lib/ui/AGENTS.md", 3)]


def test_the_agents_md_walk_says_where_it_stopped(repo: GitRepo,
                                                  monkeypatch: pytest.MonkeyPatch):
    """Set 42's "Left alone": the walk stopped at its bound of folders without saying so; the
    AGENTS.md past it were silently neither read nor judged. Now the check says so, once (the
    tree's reading and CT743 walk the same folders), naming the bound."""
    from continuity.model import scoped

    monkeypatch.setattr(scoped, "MAX_DIRS", 3)
    repo.commit("scoped", {
        "CLAUDE.md": "# Claude\n\n@AGENTS.md\n", "AGENTS.md": "# Agents\n",
        **{f"d{n}/AGENTS.md": f"# D{n}\n" for n in range(5)},
    })
    notices = check_json(repo.path).json["notices"]
    said = [n for n in notices if "AGENTS.md of the folders below stopped after 3" in n]
    assert len(said) == 1, notices
    monkeypatch.setattr(scoped, "MAX_DIRS", 5_000)
    assert not any("stopped after" in n for n in check_json(repo.path).json["notices"])


def test_kiro_inclusion_and_file_match(repo: GitRepo):
    repo.commit("kiro", {
        ".kiro/steering/a.md": "---\ninclusion: filematch\n---\n# A\n",
        ".kiro/steering/b.md": "---\ninclusion: fileMatch\n---\n# B\n",
        ".kiro/steering/c.md": "---\ninclusion: fileMatch\nfileMatchPattern: \"app/**/*.vue\"\n"
                               "---\n# C\n",
        ".kiro/steering/d.md": "---\ninclusion: fileMatch\nfileMatchPattern: \"src/**/*.ts\"\n"
                               "---\n# D\n",
        ".kiro/steering/e.md": "---\ninclusion: auto\ndescription: when testing\n---\n# E\n",
        ".kiro/steering/product.md": "# Product\n",
        "src/app/main.ts": "export {}\n",
    })
    result = check_json(repo.path)
    assert found(result) == [("CT751", ".kiro/steering/a.md", 2),
                             ("CT752", ".kiro/steering/b.md", 2),
                             ("CT752", ".kiro/steering/c.md", 3)]
    assert 'did you mean "fileMatch"' in result.json["diagnostics"][0]["message"]


def test_cursor_always_apply_a_boolean_and_unquoted_globs_read(repo: GitRepo):
    repo.commit("cursor", {
        ".cursor/rules/a.mdc": "---\ndescription: API\nglobs: src/**/*.ts\nalwaysApply: false\n"
                               "---\n# A\n",
        ".cursor/rules/b.mdc": "---\nalwaysApply: always\n---\n# B\n",
    })
    assert found(check_json(repo.path)) == [("CT761", ".cursor/rules/b.mdc", 2)]


def test_copilot_apply_to(repo: GitRepo):
    repo.commit("copilot", {
        ".github/copilot-instructions.md": "# Copilot\n",
        ".github/instructions/ts.instructions.md": "---\napplyTo: \"**/*.ts\"\n---\n# TS\n",
        ".github/instructions/vue.instructions.md": "---\napplyTo: \"**/*.vue\"\n---\n# Vue\n",
        ".github/instructions/none.instructions.md": "# None\n",
        "src/a.ts": "export {}\n",
    })
    assert found(check_json(repo.path)) == [
        ("CT771", ".github/instructions/none.instructions.md", 1),
        ("CT771", ".github/instructions/vue.instructions.md", 2)]


def test_apply_to_for_files_not_written_yet(repo: GitRepo):
    """Set 17 (issue 30): instructions for tests the project has not written yet
    (`**/tests/**/*.rs`, `**/*.test.ts,**/*.test.tsx` beside `.rs` and `.ts` sources, a
    Kiro pattern under `src/` for its tests) match no file today and are applied once one
    exists: no CT771 or CT752. A folder the repository lacks, an extension no file has, or
    one named file that is absent is still found."""
    repo.commit("copilot", {
        ".github/copilot-instructions.md": "# Copilot\n",
        ".github/instructions/rust-tests.instructions.md":
            "---\napplyTo: \"**/tests/**/*.rs\"\n---\n# Rust tests\n",
        ".github/instructions/web-tests.instructions.md":
            "---\napplyTo: \"**/*.test.ts,**/*.test.tsx\"\n---\n# Web tests\n",
        ".github/instructions/moved.instructions.md":
            "---\napplyTo: \"web/**/*.ts\"\n---\n# Moved\n",
        ".github/instructions/svelte.instructions.md":
            "---\napplyTo: \"src/**/*.svelte\"\n---\n# Svelte\n",
        ".github/instructions/config.instructions.md":
            "---\napplyTo: \"tsconfig.json\"\n---\n# Config\n",
        ".kiro/steering/product.md": "# Product\n",
        ".kiro/steering/tests.md":
            "---\ninclusion: fileMatch\nfileMatchPattern: \"src/**/*.spec.ts\"\n---\n# Tests\n",
        ".kiro/steering/old.md":
            "---\ninclusion: fileMatch\nfileMatchPattern: \"client/**/*.ts\"\n---\n# Old\n",
        "src/backend/lib.rs": "pub fn a() {}\n",
        "src/app/main.ts": "export {}\n",
    })
    assert found(check_json(repo.path)) == [
        ("CT752", ".kiro/steering/old.md", 3),
        ("CT771", ".github/instructions/config.instructions.md", 2),
        ("CT771", ".github/instructions/moved.instructions.md", 2),
        ("CT771", ".github/instructions/svelte.instructions.md", 2)]


def test_apply_to_for_code_of_a_declared_language_not_written_yet(repo: GitRepo):
    """Set 20 (issue 30): a Python project made from a template whose example code was cleared
    (`pyproject.toml`, `requirements.txt`, `tests/.gitkeep`, not one `.py`) keeps the template's
    instructions for `custom_components/**/*.py` and `tests/**/*.py`: the code is still to be
    written, and Copilot applies them once it is. No CT771 or CT752. An extension whose
    language no manifest declares (`.svelte`), a folder the repository lacks for files it has
    (`web/**/*.toml`), and one named file that is absent are still found."""
    repo.commit("copilot", {
        ".github/copilot-instructions.md": "# Copilot\n",
        ".github/instructions/python.instructions.md":
            "---\napplyTo: \"**/*.py\"\n---\n# Python\n",
        ".github/instructions/api.instructions.md":
            "---\napplyTo: \"custom_components/**/api/**/*.py, tests/**/*.py\"\n---\n# API\n",
        ".github/instructions/svelte.instructions.md":
            "---\napplyTo: \"src/**/*.svelte\"\n---\n# Svelte\n",
        ".github/instructions/moved.instructions.md":
            "---\napplyTo: \"web/**/*.toml\"\n---\n# Moved\n",
        ".github/instructions/manifest.instructions.md":
            "---\napplyTo: \"custom_components/demo/manifest.json\"\n---\n# Manifest\n",
        ".kiro/steering/product.md": "# Product\n",
        ".kiro/steering/python.md":
            "---\ninclusion: fileMatch\nfileMatchPattern: \"src/**/*.py\"\n---\n# Python\n",
        "pyproject.toml": "[project]\nname = \"demo\"\n",
        "requirements.txt": "homeassistant\n",
        "tests/.gitkeep": "",
    })
    assert found(check_json(repo.path)) == [
        ("CT771", ".github/instructions/manifest.instructions.md", 2),
        ("CT771", ".github/instructions/moved.instructions.md", 2),
        ("CT771", ".github/instructions/svelte.instructions.md", 2)]


def test_copilot_instructions_alone_are_judged_not_set_aside(repo: GitRepo):
    """A .github folder with path-specific instructions and no copilot-instructions.md: CT771
    reads them, so the root is judged (it was said "nothing of it to judge")."""
    repo.commit("copilot", {
        ".github/instructions/cs.instructions.md": "---\napplyTo: \"**/*.cs\"\n---\n# C#\n",
        "src/a.cs": "class A {}\n",
    })
    result = check_json(repo.path)
    assert [(r["path"], r["convention"], r["judged"]) for r in result.json["roots"]] == \
        [(".github", "copilot", True)], result.out
    assert found(result) == []


def test_windsurf_trigger_and_the_lines_past_its_limit(repo: GitRepo):
    long = "---\ntrigger: always_on\n---\n" + "".join(f"- rule {n}\n" for n in range(1500))
    repo.commit("windsurf", {
        ".windsurf/rules/a.md": "---\ntrigger: glob\n---\n# A\n",
        ".windsurf/rules/b.md": "---\ntrigger: allways_on\n---\n# B\n",
        ".windsurf/rules/long.md": long,
    })
    result = check_json(repo.path)
    codes = [(code, path) for code, path, _ in found(result)]
    assert codes == [("CT781", ".windsurf/rules/a.md"), ("CT781", ".windsurf/rules/b.md"),
                     ("CT782", ".windsurf/rules/long.md")]
    message = next(d["message"] for d in result.json["diagnostics"] if d["code"] == "CT782")
    assert "past what Windsurf loads" in message and "–1503" in message


def test_spec_kit_constitution_features_and_task_ids(repo: GitRepo):
    repo.commit("spec kit", {
        ".specify/memory/constitution.md": "# [PROJECT_NAME] Constitution\n\n**Version**: "
                                           "[CONSTITUTION_VERSION]\n",
        "specs/001-a/spec.md": "# Spec\n", "specs/001-a/plan.md": "# Plan\n",
        # T001-1 is a subtask of its own id (seen in a public Spec Kit tree), not T001 again.
        "specs/001-a/tasks.md": "- [ ] T001 One\n- [x] T002 Two\n- [ ] T002 Three\n"
                                "- [ ] T001-1 One's first part\n- [ ] T001.2 Its second\n",
        "specs/002-b/tasks.md": "- [ ] T001 One\n",
        "specs/003-c/spec.md": "# Only a spec: in progress\n",
    })
    assert found(check_json(repo.path)) == [
        ("CT791", ".specify/memory/constitution.md", 1),
        ("CT792", "specs/002-b/tasks.md", 1),
        ("CT793", "specs/001-a/tasks.md", 3)]


def test_spec_kit_features_never_planned_are_the_projects_practice(repo: GitRepo):
    # Set 21: every feature folder holds spec.md and tasks.md and none a plan.md (the project
    # writes its tasks straight from the spec): no plan was lost, so CT792 is silent. A plan
    # missing beside others kept is still found (test above), and so is one feature alone.
    repo.commit("spec kit", {
        ".specify/memory/constitution.md": "# Tides Constitution\n\n**Version**: 1.0.0 | "
                                           "**Ratified**: 2026-01-02\n",
        **{f"specs/00{n}-f{n}/{name}": f"# {name}\n\n- [x] step\n"
           for n in (1, 2, 3) for name in ("spec.md", "tasks.md")},
    })
    assert found(check_json(repo.path)) == []
    repo.commit("one planned", {"specs/001-f1/plan.md": "# Plan\n"})
    assert found(check_json(repo.path)) == [("CT792", "specs/002-f2/tasks.md", 1),
                                            ("CT792", "specs/003-f3/tasks.md", 1)]


def test_spec_kit_tasks_made_from_a_plan_the_project_named_otherwise(repo: GitRepo):
    """Set 40 (issue 30): a feature's plan kept as `impl-plan.md`, its tasks.md saying so
    (`**Prerequisites**: impl-plan.md (required)`): CT792 said the tasks had no plan. A plan
    the tasks name and the folder holds is their source; tasks naming the usual plan.md, or
    only the spec, beside no plan are still found."""
    prerequisites = "# Tasks\n\n**Input**: Design documents from `/specs/{0}/`\n" \
                    "**Prerequisites**: {1} (required), spec.md (required for user stories)\n" \
                    "\n- [ ] T001 One\n"
    repo.commit("spec kit", {
        ".specify/memory/constitution.md": "# Tides Constitution\n\n**Version**: 1.0.0 | "
                                           "**Ratified**: 2026-01-02\n",
        "specs/001-a/spec.md": "# Spec\n", "specs/001-a/plan.md": "# Plan\n",
        "specs/001-a/tasks.md": prerequisites.format("001-a", "plan.md"),
        "specs/002-b/spec.md": "# Spec\n", "specs/002-b/impl-plan.md": "# Plan\n",
        "specs/002-b/tasks.md": prerequisites.format("002-b", "impl-plan.md"),
        "specs/003-c/spec.md": "# Spec\n",
        "specs/003-c/tasks.md": prerequisites.format("003-c", "plan.md"),
        "specs/004-d/spec.md": "# Spec\n", "specs/004-d/notes.md": "# Notes\n",
        "specs/004-d/tasks.md": "# Tasks\n\n**Prerequisites**: spec.md\n\n- [ ] T001 One\n",
    })
    assert found(check_json(repo.path)) == [("CT792", "specs/003-c/tasks.md", 1),
                                            ("CT792", "specs/004-d/tasks.md", 1)]


def test_a_roo_bank_missing_a_core_file(repo: GitRepo):
    repo.commit("roo", {"memory-bank/decisionLog.md": "# D\n\nx\n",
                        "memory-bank/activeContext.md": "# A\n\nx\n",
                        "memory-bank/productContext.md": "# P\n\nx\n",
                        "memory-bank/progress.md": "# P\n\nx\n"})
    result = check_json(repo.path)
    assert roots(result) == {"memory-bank": "roo"}
    assert found(result) == [("CT711", "memory-bank/systemPatterns.md", 1)]
    assert "Roo Code memory bank" in result.json["diagnostics"][0]["hint"]


def test_a_bank_beside_the_cursor_memory_banks_rules_is_that_tools(repo: GitRepo):
    # set 45 of the survey: a fork of vanzan01's Cursor memory bank whose commands add a
    # decisionLog.md of ADR references; read as Roo's bank, it was asked for Roo's core files
    repo.commit("fork", {
        ".cursor/rules/isolation_rules/Core/memory-bank-paths.mdc":
            "---\ndescription: paths\nalwaysApply: true\n---\n\n# Paths\n\n"
            "* Tasks File: `memory-bank/tasks.md`\n",
        "memory-bank/activeContext.md": "# Active\n\n- 2026-01-02: mode initialised.\n",
        "memory-bank/progress.md": "# Progress\n\n- 2026-01-02: audit done.\n",
        "memory-bank/decisionLog.md": "# Decisions\n\n- 2026-01-02: rules updated.\n",
        "memory-bank/tasks.md": "# Tasks\n\n- [ ] One\n",
    })
    result = check_json(repo.path)
    assert roots(result)["memory-bank"] == "cursor-bank"
    assert found(result) == []
    # the same bank with no such rules beside it (nor the Cursor bank's tasks.md) is Roo's,
    # and asked for Roo's five core files
    repo.commit("rules gone", delete=[".cursor/rules/isolation_rules/Core/memory-bank-paths.mdc",
                                      "memory-bank/tasks.md"])
    result = check_json(repo.path)
    assert roots(result)["memory-bank"] == "roo"
    assert found(result) == [("CT711", "memory-bank/productContext.md", 1),
                             ("CT711", "memory-bank/systemPatterns.md", 1)]



def test_a_bank_split_between_memory_bank_and_the_folder_above_is_read_whole(repo: GitRepo):
    # set 44 with set 45's fix: vanzan01's rules name tasks.md and progress.md without a
    # folder, and the agent wrote them at the project's top beside memory-bank/
    files = {
        ".cursor/rules/isolation_rules/main.mdc":
            "---\ndescription: modes\nalwaysApply: true\n---\n\nRead tasks.md first.\n",
        "tasks.md": "# Tasks\n\n- [ ] Swap page\n",
        "progress.md": "# Progress\n\n- 2026-01-02: contracts deployed.\n",
        "memory-bank/activeContext.md": "# Active\n\n- Swap page.\n",
        "memory-bank/systemPatterns.md": "# Patterns\n\n- Hooks.\n",
    }
    repo.commit("split bank", files)
    result = check_json(repo.path)
    assert roots(result)["memory-bank"] == "cursor-bank"
    assert [f for f in found(result) if f[1].startswith("memory-bank/")] == []
    assert any("keeps progress.md, tasks.md in the folder above it" in note
               or "keeps tasks.md, progress.md in the folder above it" in note
               for note in result.json.get("notices", [])), result.json.get("notices")
    # emptied to its headings above, the file is missing from the bank again
    repo.commit("tasks emptied", {"tasks.md": "# Tasks\n"})
    assert ("CT711", "memory-bank/tasks.md", 1) in found(check_json(repo.path))

CLINERULES = """# Cline Rules

## 2. Memory Bank Usage

- Memory Bank is located at: `memory-bank/` in the project root
- Contains 4 key files:
  - `projectContext.md` - Project overview, tech stack, architecture, commands
  - `activeContext.md` - Current focus, open tasks, known issues
  - `progress.md` - Task tracking (Open/In Progress/Done)
  - `decisionLog.md` - Important technical decisions and rationale
"""


def test_a_bank_whose_own_rules_name_its_files(repo: GitRepo):
    # set 10 of the survey: a bank of Roo's shape whose .clinerules lists its "4 key files",
    # projectContext.md in place of productContext.md and systemPatterns.md
    bank = {f"memory-bank/{name}": f"# {name}\n\nx\n" for name in (
        "projectContext.md", "activeContext.md", "progress.md", "decisionLog.md")}
    repo.commit("bank", bank)
    assert [code for code, _, _ in found(check_json(repo.path))] == ["CT711", "CT711"]
    repo.commit("its rules", {".clinerules": CLINERULES})
    result = check_json(repo.path)
    assert roots(result)["memory-bank"] == "roo"
    assert found(result) == [] and result.code == 0
    said = run_cli("check", cwd=repo.path).out
    assert "memory-bank/ keeps the files .clinerules names" in said
    assert "productContext.md, systemPatterns.md not asked for" in said
    site = build_mkdocs_in_process(repo.path, repo.path.parent / "work")  # strict: it failed
    assert "projectContext.md" in (site / "index.html").read_text("utf-8")
    # a core file the rules name, emptied, is still reported
    repo.commit("emptied", {"memory-bank/activeContext.md": "# Active\n"})
    assert found(check_json(repo.path)) == [("CT711", "memory-bank/activeContext.md", 1)]


def test_rules_naming_only_the_core_files_ask_for_all_of_them(repo: GitRepo):
    # instructions that name two core files of a Cline bank (what to update) are no layout of
    # the project's own: the six are still asked for
    repo.commit("bank", {**{f"memory-bank/{name}": text for name, text in BANK.items()
                            if name != "techContext.md"},
                         "CLAUDE.md": "# Guide\n\nAfter each task update "
                                      "memory-bank/activeContext.md and progress.md.\n"})
    assert found(check_json(repo.path)) == [("CT711", "memory-bank/techContext.md", 1)]


@pytest.mark.parametrize("toml, said", [
    ('[conventions.x]\nmarkers = ["LOG.md"]\nsite = "timline"\n', 'did you mean "timeline"?'),
    ('[conventions.x]\nmarkers = ["LOG.md"]\nliveing = ["*.md"]\n', 'did you mean "living"?'),
    ('convention = "kiroo"\n', 'did you mean "kiro"?'),
])
def test_a_typo_in_a_declared_convention_is_exit_2_with_did_you_mean(repo: GitRepo, toml: str,
                                                                       said: str):
    repo.commit("typo", {"continuity.toml": toml, "LOG.md": "# Log\n", "CLAUDE.md": "# C\n"})
    result = run_cli("check", cwd=repo.path)
    assert result.code == 2 and said in result.err, result.err


def test_a_role_prompt_makes_no_root_and_the_memory_beside_it_is_read(repo: GitRepo):
    repo.commit("development", {
        "development/agents/MEMORY.md": "---\nname: memory\ndescription: keeps notes\n---\n"
                                         "You are the memory agent.\n",
        "development/agents/reviewer.md": "---\nname: reviewer\ndescription: reviews\n---\nx\n",
        "development/agent-memory/SESSION_STATE.md": "# Session\n\nWorking on export.\n",
        "development/agent-memory/PROGRESS.md": "# Progress\n\nSee [the plan](plan.md).\n",
        "development/agent-memory/DECISIONS_LOG.md": "# Decisions\n\n- use pnpm\n",
        "README.md": "# App\n\nSee [gone](gone.md).\n",  # the top's documents: not memory
    })
    result = check_json(repo.path)
    assert roots(result) == {"development/agent-memory": None}
    assert found(result) == [("CT111", "development/agent-memory/PROGRESS.md", 3)]


def test_template_copies_in_config_make_no_second_workspace(repo: GitRepo):
    workspace = {"AGENTS.md": "# AGENTS.md\n\nRead SOUL.md.\n", "SOUL.md": "# Soul\n\nx\n",
                 "HEARTBEAT.md": "# Heartbeat\n", "USER.md": "# User\n", "MEMORY.md": "# M\n",
                 "memory/2026-01-02.md": "# Jan 2\n"}
    repo.commit("workspace", {**workspace, **{f"config/{name}": text for name, text in
                                              workspace.items() if "/" not in name}})
    result = check_json(repo.path)
    assert roots(result) == {".": "openclaw"}


def test_a_workspaces_memory_folder_with_its_own_memory_md_stays_the_workspaces(
        repo: GitRepo, tmp_path: Path):
    # memory/MEMORY.md beside the daily notes once made memory/ a root of no convention, where
    # only the state file was read: the notes' credentials and links went unchecked.
    key = "BSA" + "q7Zx2Lm9Pw4Rt8Vn3Kc6Hd1Jf5Gs0"
    repo.commit("workspace", {
        "AGENTS.md": "# AGENTS.md\n\nRead SOUL.md; notes in memory/YYYY-MM-DD.md.\n",
        "SOUL.md": "# Soul\n\nx\n", "HEARTBEAT.md": "# Heartbeat\n", "USER.md": "# User\n",
        "memory/MEMORY.md": "# Memory\n\n- See [infra](semantic/infra.md), [old](gone.md).\n",
        "memory/2026-01-31.md": f"# Jan 31\n\n- Search set up. **Brave API:** {key}\n",
        "memory/semantic/infra.md": "# Infra\n\n- Todoist for tasks.\n",
    })
    result = check_json(repo.path)
    assert roots(result) == {".": "openclaw"}
    assert found(result) == [("CT111", "memory/MEMORY.md", 3),
                             ("CT601", "memory/2026-01-31.md", 3)]
    assert "published" in next(d["message"] for d in result.json["diagnostics"]
                               if d["code"] == "CT601")
    # The folder's own MEMORY.md is a page of the workspace's site, its link to a topic note
    # resolved there (the dead one and the key are the check's errors, so not --strict).
    site = build_mkdocs_in_process(repo.path, tmp_path / "site", strict=False)
    page = (site / "memory" / "MEMORY" / "index.html").read_text("utf-8")
    assert 'href="../semantic/infra/"' in page
    assert key not in "".join(p.read_text("utf-8", "replace") for p in site.rglob("*.html"))


def test_a_roo_decision_log_that_loses_an_entry_after_commit(repo: GitRepo):
    bank = {f"memory-bank/{name}": f"# {name}\n\nx\n" for name in (
        "activeContext.md", "productContext.md", "progress.md", "systemPatterns.md")}
    log = "# Decision Log\n\n## [2026-02-25] Use SQLite\n\nSmall.\n"
    repo.commit("bank", {**bank, "memory-bank/decisionLog.md": log})
    repo.commit("append", {"memory-bank/decisionLog.md": log + "\n## [2026-02-26] Use pnpm\n"})
    assert "CT712" not in check_json(repo.path).codes()  # appended: the log's way
    repo.commit("rewrite", {"memory-bank/decisionLog.md": "# Decision Log\n\n## [2026-02-26] "
                                                          "Use pnpm\n"})
    result = check_json(repo.path)
    (lost,) = [d for d in result.json["diagnostics"] if d["code"] == "CT712"]
    assert lost["path"] == "memory-bank/decisionLog.md" and "Use SQLite" in lost["message"]
    assert "CT712" not in check_json(repo.path, "--no-git").codes()


def test_a_banks_tasks_folder_belongs_to_the_bank(repo: GitRepo):
    token = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    repo.commit("bank", {**{f"memory-bank/{name}": text for name, text in BANK.items()},
                         "memory-bank/tasks/_index.md": "# Tasks\n\n- TASK001 login\n",
                         "memory-bank/tasks/TASK001-login.md": f"# Login\n\ntoken {token}\n"})
    result = check_json(repo.path)
    assert roots(result) == {"memory-bank": "copilot-bank"}
    assert ("CT601", "memory-bank/tasks/TASK001-login.md", 3) in found(result)


def test_a_translated_constitution_keeps_its_version_line(repo: GitRepo):
    """Found on the held-out survey: a constitution written in Chinese, "**版本**：1.0.0"."""
    repo.commit("spec kit", {".specify/memory/constitution.md": "# 宪法\n\n**版本**：1.0.0 | "
                                                                "**批准日期**：2026-03-29\n"})
    assert "CT791" not in check_json(repo.path).codes()


def test_quoted_placeholders_are_no_findings_in_instruction_files(repo: GitRepo):
    """Found on the second held-out survey: an i18n placeholder quoted in a code span of a
    CLAUDE.md (CT107), an API key's name in braces in a Serena memory's curl example
    (CT601)."""
    repo.commit("quoted", {
        "CLAUDE.md": "# Project\n\nThe client renders it via a `{{limit}}` placeholder.\n",
        ".serena/memories/api.md": "# API\n\ncurl -H \"apikey: {SUPABASE_ANON_KEY}\" x\n",
        "GEMINI.md": "# Gemini\n\n## Status\n\n{{STATUS}}\n",
    })
    assert found(check_json(repo.path, "--no-git")) == [("CT107", "GEMINI.md", 5)]


def test_a_rule_files_code_examples_hold_no_secrets_and_show_no_links(repo: GitRepo):
    """Found on the third held-out survey: a "BAD:" example key in a Copilot instructions
    file's code block (CT601, CT605), a constitution's exemption-marker format in a code block
    (CT791), `[links](url)` showing Markdown in a CLAUDE.md (CT111)."""
    repo.commit("examples", {
        ".github/copilot-instructions.md": "# Review\n\n```javascript\n// BAD: exposed\n"
                                           "const API_KEY = 'sk_live_abc123xyz789';\n```\n",
        ".specify/memory/constitution.md": "# Tides Constitution\n\n```\n// Exemption: [DATE]\n"
                                           "```\n\n**Version**: 1.0.0\n",
        "CLAUDE.md": "# Claude\n\nFormatting: **bold**, [links](url).\n",
    })
    assert found(check_json(repo.path)) == []
    repo.commit("a real one", {".github/copilot-instructions.md": "# Review\n\n"
                               "Deploy with API_KEY = 'sk_live_Zq81mPw0Lx7Tn3Vb5Rc2'\n"})
    assert ("CT601", ".github/copilot-instructions.md", 3) in found(check_json(repo.path))


def test_examples_under_list_items_and_workflow_secrets_are_no_findings(repo: GitRepo):
    """Found on the fourth held-out survey: a request's example password in a ```json block
    indented under a list item of a Spec Kit quickstart, `data: [DONE]` quoted in a
    constitution, a workflow's ${{secrets.NPM_TOKEN}} quoted in a memory bank."""
    repo.commit("examples", {
        ".specify/memory/constitution.md": "# Tides Constitution\n\nEnd with `data: [DONE]`.\n\n"
                                           "**Version**: 1.0.0\n",
        "specs/001-auth/spec.md": "# Auth\n",
        "specs/001-auth/quickstart.md": "# Quickstart\n\n  * *Request*:\n    ```json\n"
                                        '    { "password": "Str0ngPass!Word" }\n    ```\n',
        "memory-bank/tasks.md": "# Tasks\n\n- [ ] x\n", "memory-bank/activeContext.md": "# A\n\nx\n",
        "memory-bank/progress.md": "# P\n\nx\n",
        "memory-bank/deploy.md": "# Deploy\n\n    env:\n      NODE_AUTH_TOKEN: "
                                 "${{secrets.NPM_TOKEN}}\n",
    })
    assert found(check_json(repo.path)) == []


def test_a_file_match_pattern_written_as_a_list_at_the_margin(repo: GitRepo):
    """Found on the fifth held-out survey: `fileMatchPattern:` then `- tests/**` unindented."""
    repo.commit("kiro", {".kiro/steering/testing.md": "---\nfileMatchPattern:\n- tests/**\n"
                                                      "inclusion: fileMatch\n---\n# Tests\n",
                         "tests/roundtrip.rs": "fn main() {}\n"})
    assert found(check_json(repo.path)) == []


def test_a_constitution_versioned_by_its_sync_report(repo: GitRepo):
    """The fifth held-out survey: the footer line gone, the sync impact report at the top
    still records the version ("Version change: 1.1.0 → 1.2.0")."""
    repo.commit("spec kit", {".specify/memory/constitution.md": "<!--\n  Version change: 1.1.0 → "
                                                                "1.2.0\n-->\n# Constitution\n"})
    assert "CT791" not in check_json(repo.path).codes()


def test_the_sixth_surveys_false_findings(repo: GitRepo):
    """Found on the sixth held-out survey: a Copilot instructions file whose frontmatter
    follows a blank line (CT771), a constitution linking `[ADR](docs/adr/index.md)` (CT791),
    an example key cut short before a closing parenthesis (CT601)."""
    repo.commit("sixth", {
        ".github/instructions/python.instructions.md": "\n---\napplyTo: '**/*.py'\n---\n# Py\n",
        "app.py": "print(1)\n",
        ".specify/memory/constitution.md": "# C\n\nSee [ADR](../../docs/adr/index.md).\n\n"
                                           "**Version**: 1.0.0\n",
        "docs/adr/index.md": "# ADRs\n",
        ".windsurfrules": "- **ANTHROPIC_API_KEY** (Required): your key (Example: "
                          "`ANTHROPIC_API_KEY=sk-ant-api03-...`)\n",
    })
    assert found(check_json(repo.path)) == []


def test_a_bracketed_word_for_a_urls_password_is_a_placeholder(repo: GitRepo):
    """Found when counting the second held-out survey again: a Copilot bank's note with a
    connection string whose password is `[PASSWORD]`."""
    bank = {f"memory-bank/{name}": text for name, text in BANK.items()}
    repo.commit("bank", {**bank, "memory-bank/tasks/_index.md": "# Tasks\n\n- x\n",
                         "memory-bank/db.md": "# DB\n\npostgresql://postgres.ref:[PASSWORD]@"
                                              "aws-0-eu.pooler.supabase.com:6543/postgres\n"})
    assert found(check_json(repo.path)) == []


SYNC_REPORT = """<!--
Sync Impact Report:
- Version change: 0.0.0 → 1.0.0
- Removed sections:
  - [SECTION_2_NAME]
  - [SECTION_3_NAME]
-->
# Todo App Constitution

## Core Principles

### I. Test first
"""


def test_a_sync_reports_removed_sections_are_no_placeholders_left(repo: GitRepo):
    """Found on the eleventh held-out survey: the sync impact report /speckit.constitution
    prepends (an HTML comment) names the template's sections it removed by their
    placeholders; the constitution itself is filled in and versioned. A template left as it
    was, its examples in comments, is still found."""
    repo.commit("spec kit", {".specify/memory/constitution.md": SYNC_REPORT +
                             "\n**Version**: 1.0.0 | **Ratified**: 2026-01-25\n"})
    assert found(check_json(repo.path)) == []
    repo.commit("the template", {".specify/memory/constitution.md":
                                 "# [PROJECT_NAME] Constitution\n<!-- Example: Spec "
                                 "Constitution -->\n\n### [PRINCIPLE_1_NAME]\n<!-- Example: "
                                 "I. Library-First -->\n"})
    assert found(check_json(repo.path)) == [("CT791", ".specify/memory/constitution.md", 1)]
    # a placeholder after an HTML comment on its line is still one left
    repo.commit("half", {".specify/memory/constitution.md": "# Constitution\n\n"
                         "<!-- filled later --> [PRINCIPLE_2_NAME]\n\n**Version**: 1.0.0\n"})
    assert found(check_json(repo.path)) == [("CT791", ".specify/memory/constitution.md", 3)]


def test_a_type_closing_a_shape_is_no_secret(repo: GitRepo):
    """Found on the eleventh held-out survey: GSD's STATE.md and phase summaries describing a
    store as ``{instance_key: {secret_key: SecretEntry}}`` (CT601 on each file, CT605 on the
    history): a type's name where a value would be, the braces of the shape closing it. A
    password written in that place is still found."""
    shape = "{instance_key: {secret_key: SecretEntry}}"
    repo.commit("gsd", {
        ".planning/STATE.md": "---\ngsd_state_version: 1.0\n---\n# State\n\n## Decisions\n\n"
                              f"- Nested JSON for per-instance secrets: {shape}\n",
        ".planning/ROADMAP.md": "# Roadmap\n",
        ".planning/phases/06-secrets/06-01-SUMMARY.md": "# Summary\n\n- Per-instance storage: "
                                                        f"`{shape}`\n",
    })
    result = check_json(repo.path)
    assert roots(result)[".planning"] == "gsd"
    assert [d for d in found(result) if d[0] in ("CT601", "CT605")] == []
    repo.commit("a real one", {".planning/phases/06-secrets/06-01-SUMMARY.md":
                               "# Summary\n\n- secret_key: Zq81mPw0Lx7Tn3Vb}}\n"})
    assert ("CT601", ".planning/phases/06-secrets/06-01-SUMMARY.md", 3) in \
        found(check_json(repo.path))


def test_an_import_written_from_the_top_in_a_claude_folders_claude_md(repo: GitRepo):
    """Found on the eleventh held-out survey: `.claude/CLAUDE.md` importing
    `@.claude/rules/sub-agents.md`. Claude resolves imports from the importing file
    (anthropics/claude-code#51305 reproduces the silent miss), so it names
    `.claude/.claude/rules/…`: the finding says so, and which import would work, instead of
    naming a path that exists from the top."""
    repo.commit("claude", {
        ".claude/CLAUDE.md": "# Project\n\n@.claude/rules/sub-agents.md — every agent\n"
                             "@rules/git.md\n",
        ".claude/rules/sub-agents.md": "# Sub-agents\n",
        ".claude/rules/git.md": "# Git\n",
    })
    result = check_json(repo.path)
    assert [(code, path) for code, path, _ in found(result)] == [("CT741", ".claude/CLAUDE.md")]
    finding = result.json["diagnostics"][0]
    assert "written from the repository's top" in finding["message"]
    assert ".claude/.claude/rules/sub-agents.md" in finding["message"]
    assert finding["hint"].startswith("write @rules/sub-agents.md")
    said = run_cli("check", cwd=repo.path).out
    assert "Traceback" not in said and "write @rules/sub-agents.md" in said
    # a path that exists only outside the repository, read from its top, is not offered
    (repo.path.parent / "outside.md").write_text("# Outside\n")
    repo.commit("outside", {".claude/CLAUDE.md": "# Project\n\n@../outside.md\n"})
    (finding,) = check_json(repo.path).json["diagnostics"]
    assert "repository's top" not in finding["message"] and "outside.md" in finding["message"]


def test_the_rules_of_a_claude_folder_holding_the_projects_claude_md(repo: GitRepo,
                                                                   tmp_path: Path):
    """Found on set 41 (conventions): Claude Code reads a project's CLAUDE.md at the top or in
    `.claude/`, and its rules from `.claude/rules/` either way. Kept in `.claude/`, the file
    made `.claude` a root of its own, which looked for `.claude/.claude/rules/`: the eight
    rules belonged to neither root, neither read (a dead link in one unreported) nor
    published. From inside `.claude/` they are `rules/*.md`, and its folders' too."""
    repo.commit("claude", {
        ".claude/CLAUDE.md": "# Project\n\nSee the rules.\n",
        ".claude/rules/style.md": "# Code Style\n\nTabs. See [the guide](../../GUIDE.md).\n",
        ".claude/rules/frontend/react.md": "# React Rules\n\nServer components first.\n",
    })
    result = check_json(repo.path)
    assert roots(result) == {".claude": "instructions"}
    assert found(result) == [("CT111", ".claude/rules/style.md", 3)]
    repo.commit("fixed", {".claude/rules/style.md": "# Code Style\n\nTabs.\n"})
    page = (build_mkdocs_in_process(repo.path, tmp_path / "site") / "index.html").read_text("utf-8")
    assert "Code Style" in page and "React Rules" in page


def test_a_linked_rules_links_resolve_from_where_it_was_written(repo: GitRepo):
    """Found comparing set 41's change on other clones: a project keeps its rules in `.ai/rules/`
    and links each into `.claude/rules/` (`csharp.md -> ../../.ai/rules/csharp.md`), its
    `.claude/CLAUDE.md` a link to `.ai/rules/general.md`. A rule's "see [general.md](./general.md)"
    was judged from `.claude/rules/`, where the author never wrote it, and reported dead; from
    `.ai/rules/` it resolves. A link dead from both places still is."""
    repo.commit("rules", {
        ".ai/rules/general.md": "# General\n\nBe kind.\n",
        ".ai/rules/csharp.md": "# C#\n\nSee [general.md](./general.md) and [x](./gone.md).\n",
    })
    (repo.path / ".claude" / "rules").mkdir(parents=True)
    (repo.path / ".claude" / "rules" / "csharp.md").symlink_to("../../.ai/rules/csharp.md")
    (repo.path / ".claude" / "CLAUDE.md").symlink_to("../.ai/rules/general.md")
    repo.commit("linked")
    result = check_json(repo.path)
    assert roots(result)[".claude"] == "instructions"
    assert [(code, path) for code, path, _ in found(result)] == \
        [("CT111", ".claude/rules/csharp.md")]
    assert "gone.md" in result.json["diagnostics"][0]["message"]


def test_a_gsd_plans_instructions_and_code_are_no_secrets(repo: GitRepo, tmp_path: Path):
    """Found on the thirteenth held-out survey: a GSD project's phase plans and research
    notes (CT601 on six files, seven findings) saying what to put in an Ansible vault
    (``vault_plane_secret_key: Generate 50-char random string for …``, a fill-in in capitals
    ``"GENERATE_WITH_OPENSSL_BEFORE_VAULT_ENCRYPT"``, Kitsu's documented default admin
    password ``mysecretpassword``), a summary's sentence after a bold label
    (``**Shared PostgreSQL Password**: Following VPAI convention, …``) and a webhook's check
    in code (``const receivedSecret = (data.headers || {})[…]``). Generated values in the same
    places are still found, and the site builds strictly."""
    plan = (
        "# Plan\n\nAdd to `inventory/group_vars/all/secrets.yml` (Ansible Vault encrypted):\n"
        "- vault_plane_secret_key: Generate 50-char random string for Django SECRET_KEY\n"
        "- vault_plane_webhook_secret: Generate 32-char random string for webhook checks\n\n"
        "```yaml\nvault_plane_concierge_password: \"GENERATE_WITH_OPENSSL_BEFORE_VAULT_ENCRYPT\"\n"
        "vault_kitsu_admin_password: \"mysecretpassword\"\n```\n\n"
        "```js\nconst receivedSecret = (data.headers || {})['x-webhook-secret'] || '';\n```\n")
    summary = ("# Summary\n\n1. **Shared PostgreSQL Password**: Following VPAI convention, all "
               "database users use the single `{{ postgresql_password }}` variable.\n")
    real = (".planning/phases/01-plane/01-02-PLAN.md",
            "# Plan\n\n- vault_plane_secret_key: Qm7vR2xT9kLp4Wz8Nc3B\n\n"
            "```yaml\nvault_plane_concierge_password: \"Xk2PqL9mTz4RwV7nB3cY\"\n```\n"
            "\nconst receivedSecret = 'Hq4Lm9TzX2pWk7Rv';\n")
    assert _gsd_silent_then_found(repo, tmp_path, {
        ".planning/phases/01-plane/01-01-PLAN.md": plan,
        ".planning/phases/01-plane/01-01-SUMMARY.md": summary}, real) == {3, 6, 9}


def _gsd_silent_then_found(repo: GitRepo, tmp_path: Path, files: dict[str, str],
                           real: tuple[str, str]) -> set[int]:
    """A GSD project holding ``files``: no CT601 or CT605 and a site that builds; then the
    lines of ``real`` (a path and a text of real values) where CT601 finds them."""
    repo.commit("gsd", {
        ".planning/STATE.md": "---\ngsd_state_version: 1.0\n---\n# State\n\nPhase 1.\n",
        ".planning/ROADMAP.md": "# Roadmap\n", **files})
    result = check_json(repo.path)
    assert roots(result)[".planning"] == "gsd"
    assert [d for d in found(result) if d[0] in ("CT601", "CT605")] == []
    build_mkdocs_in_process(repo.path / ".planning", tmp_path / "site")
    repo.commit("real ones", {real[0]: real[1]})
    return {d[2] for d in found(check_json(repo.path)) if d[:2] == ("CT601", real[0])}


def test_a_constants_name_in_code_under_a_dictionary_key_is_no_secret(repo: GitRepo,
                                                                       tmp_path: Path):
    """Found on the fourteenth held-out survey: a GSD project's research notes, plan and debug
    log quoting Swift's recorder settings (``AVFormatIDKey: kAudioFormatMPEG4AAC,``; CT601 on
    three files, four findings): the value is a constant's name in code, the ``k`` prefix of
    Apple's and Google's style followed by words, acronyms and numbers, not a generated
    secret. A generated value under the same key, one beginning with ``k`` too, is still
    found, and the site builds strictly."""
    research = ("# Research\n\n```swift\nlet settings: [String: Any] = [\n"
                "    AVFormatIDKey: kAudioFormatMPEG4AAC,\n    AVSampleRateKey: 16000,\n"
                "    AVLinearPCMFormatKey: kCVPixelFormatType32BGRA,\n]\n```\n")
    plan = ("# Plan\n\n- `start(to:)`: configure the settings dictionary: "
            "`AVFormatIDKey: kAudioFormatMPEG4AAC`, `AVSampleRateKey: 16000`.\n")
    real = (".planning/phases/03-capture/03-02-PLAN.md",
            "# Plan\n\n- AVFormatIDKey: kQ7vR2xT9kLp4Wz8Nc3B\n\n"
            "```swift\nlet apiKey = \"Xk2PqL9mTz4RwV7nB3cY\"\n```\n")
    assert _gsd_silent_then_found(repo, tmp_path, {
        ".planning/phases/03-capture/03-RESEARCH.md": research,
        ".planning/phases/03-capture/03-01-PLAN.md": plan}, real) == {3, 6}


def test_a_templates_instructions_for_languages_the_repository_lacks(repo: GitRepo):
    """Set 27 (issue 30): a project template keeps Copilot instructions (and Kiro steering)
    for each stack it may be used with, `**/*.go`, `**/*.py`, `**/*.rs`, in a repository of
    Markdown and one script: a catalogue kept for the projects made from it, no stale glob.
    No CT771 or CT752. One language the repository lacks beside code of another (a change of
    stack: `**/*.vue` in a project of `.ts`) is still found, as is a folder it lacks."""
    repo.commit("template", {
        ".github/copilot-instructions.md": "# Copilot\n",
        ".github/instructions/go.instructions.md":
            "---\napplyTo: '**/*.go,**/go.mod,**/go.sum'\n---\n# Go\n",
        ".github/instructions/python.instructions.md": "---\napplyTo: '**/*.py'\n---\n# Py\n",
        ".github/instructions/rust.instructions.md": "---\napplyTo: '**/*.rs'\n---\n# Rust\n",
        ".github/instructions/moved.instructions.md":
            "---\napplyTo: 'web/**/*.js'\n---\n# Moved\n",
        ".github/instructions/js.instructions.md": "---\napplyTo: '**/*.js'\n---\n# JS\n",
        ".kiro/steering/product.md": "# Product\n",
        ".kiro/steering/go.md":
            "---\ninclusion: fileMatch\nfileMatchPattern: \"**/*.go\"\n---\n# Go\n",
        ".kiro/steering/python.md":
            "---\ninclusion: fileMatch\nfileMatchPattern: \"**/*.py\"\n---\n# Python\n",
        "README.md": "# A project template\n",
        "scripts/bump.js": "console.log(1)\n",
    })
    assert found(check_json(repo.path)) == [
        ("CT771", ".github/instructions/moved.instructions.md", 2)]
    repo.commit("a change of stack", {
        ".github/instructions/vue.instructions.md": "---\napplyTo: 'app/**/*.vue'\n---\n# Vue\n",
    }, delete=(".github/instructions/go.instructions.md",
               ".github/instructions/python.instructions.md",
               ".github/instructions/rust.instructions.md", ".kiro/steering/python.md"))
    assert found(check_json(repo.path)) == [
        ("CT752", ".kiro/steering/go.md", 3),
        ("CT771", ".github/instructions/moved.instructions.md", 2),
        ("CT771", ".github/instructions/vue.instructions.md", 2)]


def test_a_decision_logs_empty_template_items_filled_in(repo: GitRepo):
    """Set 27 (issue 30): Roo Code's decisionLog.md made from its template holds an empty
    item, `*`, under each heading; the first entries written replace it. No entry is lost:
    no CT712. An entry removed later is still found."""
    bank = {f"memory-bank/{name}": f"# {name}\n\nx\n" for name in (
        "activeContext.md", "productContext.md", "progress.md", "systemPatterns.md")}
    template = "# Decision Log\n\n## Decision\n\n*\n\n## Rationale \n\n*\n\n## Details\n\n*   \n"
    repo.commit("bank", {**bank, "memory-bank/decisionLog.md": template})
    filled = ("# Decision Log\n\n## Decision\n\n* Serve the CV as a static file\n\n"
              "## Rationale \n\n* No Chromium on the host\n\n## Details\n\n1. public/cv.pdf\n")
    repo.commit("first entries", {"memory-bank/decisionLog.md": filled})
    assert "CT712" not in check_json(repo.path).codes()
    repo.commit("rewrite", {"memory-bank/decisionLog.md": filled.replace(
        "* No Chromium on the host\n", "")})
    (lost,) = [d for d in check_json(repo.path).json["diagnostics"] if d["code"] == "CT712"]
    assert "No Chromium" in lost["message"]


def test_a_url_slug_after_sk_is_no_openai_key(repo: GitRepo):
    """Set 27 (issue 30): an OpenClaw workspace's data cites its sources, a newsroom's
    article `…/sk-hynix-to-produce-dram-from-m15x-in-cheongju/`: lower-case words joined by
    hyphens after `sk-`, a slug, no OpenAI key (its keys mix letters of both cases). No
    CT601. A key of OpenAI's shape, and another service's `sk-` and 48 lower-case letters,
    are still found."""
    slug = "sk-" + "hynix-to-produce-dram-from-m15x-in-cheongju"
    repo.commit("workspace", {
        "AGENTS.md": "# Agents\n", "SOUL.md": "# Soul\n", "HEARTBEAT.md": "# Heartbeat\n",
        "memory/2026-03-01.md": "# 2026-03-01\n\nx\n",
        "data/fabs.json": '{"source_url": "https://news.example.com/' + slug + '/"}\n',
    })
    assert "CT601" not in check_json(repo.path).codes()
    repo.commit("keys", {"scripts/a.py": 'KEY = "sk-' + "proj-aB1cD2eF3gH4iJ5kL6mN7oP8qR9s" + '"\n',
                         "scripts/b.py": 'KEY = "sk-' + "qwhdkzmxnvbalsoeirutyghfjdkslqpwo"
                                         "eiruty" + 'ghfjdkslq"\n'})
    assert [(d["code"], d["path"]) for d in check_json(repo.path).json["diagnostics"]
            if d["code"] == "CT601"] == [("CT601", "scripts/a.py"), ("CT601", "scripts/b.py")]


def test_a_note_naming_a_templates_variables_leaves_no_placeholder(repo: GitRepo):
    """Set 32 (issue 30): a Roo Code memory bank's log says the voice agent "uses dynamic
    variables {{session_id}} and {{email}}" and fixed the "dynamic variable mapping for
    {{session_id}}"; a Cline bank's progress, in German, names an e-mail series' "Platzhalter
    {{name}}/{{community}}". The project's own template variables, described, not a value left
    to fill in: no CT107. A field left unfilled behind a label naming variables, and a
    placeholder where a value goes, are still found."""
    repo.commit("banks", {
        "memory-bank/decisionLog.md": "# Decision Log\n\n[2026-01-02] - x\n",
        "memory-bank/productContext.md": "# Product Context\n\nx\n",
        "memory-bank/progress.md": "# Progress\n\nx\n",
        "memory-bank/activeContext.md": (
            "# Active Context\n\n[2026-01-02] - End-call detection\n"
            "- Agent tool uses dynamic variables {{session_id}} and {{email}} from widget\n"
            "- Ensured proper dynamic variable mapping for {{session_id}} and {{email}}\n"),
        "cline/memory-bank/projectbrief.md": "# Brief\n\nx\n",
        "cline/memory-bank/productContext.md": "# Product\n\nx\n",
        "cline/memory-bank/activeContext.md": "# Active\n\nx\n",
        "cline/memory-bank/progress.md": (
            "# Progress\n\n- Onboarding-Serie: `lib/automations.ts` (Platzhalter "
            "{{name}}/{{community}}, nur verifizierte E-Mails)\n"),
    })
    assert "CT107" not in check_json(repo.path).codes()
    repo.commit("unfilled", {
        "memory-bank/activeContext.md": "# Active Context\n\n- Variables: {{VARS}}\n",
        "cline/memory-bank/progress.md": "# Progress\n\n- Owner {{OWNER}} signs off\n"})
    assert [(code, path) for code, path, _ in found(check_json(repo.path))
            if code == "CT107"] == [("CT107", "cline/memory-bank/progress.md"),
                                    ("CT107", "memory-bank/activeContext.md")]


def test_a_template_syntax_named_in_chinese_or_japanese_is_no_placeholder(repo: GitRepo):
    """cc-sdd survey (2026-12-08): a Kiro steering file, in Chinese, says the vendor settings
    are "通用單值參數（{{param}} 模板）", single values filled into {{param}} templates: the
    project's template syntax named, the word after it with no space, no CT107 (an error that
    failed the strict build). A placeholder where a value goes is still found."""
    repo.commit("steering", {
        ".kiro/steering/product.md": (
            "# Product\n\n- **資料體系分工**：`vendor_configs`＝通用單值參數（{{param}} 模板）；"
            "`lookup_tables`＝案場級\n"),
        ".kiro/steering/tech.md": "# Tech\n\n- 回覆文字以プレースホルダー{{name}}を置き換える\n"})
    assert "CT107" not in check_json(repo.path).codes()
    repo.commit("unfilled", {".kiro/steering/tech.md": "# Tech\n\n- 負責人：{{OWNER}}\n"})
    assert [(code, path) for code, path, _ in found(check_json(repo.path))
            if code == "CT107"] == [("CT107", ".kiro/steering/tech.md")]

def test_a_decision_logs_template_entry_left_at_an_ellipsis_replaced(repo: GitRepo):
    """Set 33 (issue 30): a Roo Code decisionLog.md made from a template holds two skeleton
    entries, one in bracketed words (`[Brief summary of the decision]`) and one left at
    `...` after each label (`*   **[YYYY-MM-DD HH:MM:SS] - Decision:** ...`); the first real
    decision replaces the second. No entry is lost: no CT712. A real entry removed, even one
    ending in `...`, is still found."""
    bank = {f"memory-bank/{name}": f"# {name}\n\nx\n" for name in (
        "activeContext.md", "productContext.md", "progress.md", "systemPatterns.md")}
    blank = ("*   **[YYYY-MM-DD HH:MM:SS] - Decision:** ...\n    *   **Context:** ...\n"
             "    *   **Options Considered:** ...\n    *   **Rationale:** ...\n\n")
    template = ("# Decision Log\n\n---\n\n*   **[YYYY-MM-DD HH:MM:SS] - Decision:** [Brief "
                "summary of the decision]\n    *   **Context:** [Why was this needed?]\n\n"
                + blank + "---\n")
    repo.commit("bank", {**bank, "memory-bank/decisionLog.md": template})
    real = ("*   **[YYYY-MM-DD HH:MM:SS] - Decision:** Proceed to Phase 2\n"
            "    *   **Context:** Phase 1 met its objectives, and more ...\n\n")
    repo.commit("first decision", {"memory-bank/decisionLog.md": template.replace(
        "---\n\n*", "---\n\n" + real + "*", 1).replace(blank, "")})
    assert "CT712" not in check_json(repo.path).codes()
    repo.commit("rewrite", {"memory-bank/decisionLog.md": template.replace(blank, "")})
    (lost,) = [d for d in check_json(repo.path).json["diagnostics"] if d["code"] == "CT712"]
    assert "Proceed to Phase 2" in lost["message"]


def test_apply_to_quoted_with_a_comment_after_it(repo: GitRepo):
    """Set 37 (issue 30): VS Code's template for a new instructions file writes `applyTo: '**'
    # when provided, instructions will automatically be added…`; the author fills in the glob
    and keeps the comment. The value is the quoted glob alone, which matches the `.vue` files:
    no CT771 (it was read with the comment, a glob matching nothing). A `#` inside the quotes is
    the value's own, and a quoted glob matching nothing, commented or not, is still found."""
    comment = " # when provided, instructions will automatically be added to the request context"
    repo.commit("copilot", {
        ".github/copilot-instructions.md": "# Copilot\n",
        ".github/instructions/vue.instructions.md": f"---\napplyTo: '**/*.vue'{comment}\n---\n# Vue\n",
        ".github/instructions/ts.instructions.md": f"---\napplyTo: \"**/*.ts\"{comment}\n---\n# TS\n",
        ".github/instructions/cs.instructions.md": "---\napplyTo: \"src/#cs/*.cs\"\n---\n# C#\n",
        ".github/instructions/svelte.instructions.md":
            f"---\napplyTo: 'web/**/*.svelte'{comment}\n---\n# Svelte\n",
        "src/App.vue": "<template><p>x</p></template>\n",
        "src/main.ts": "export {}\n",
        "src/#cs/Program.cs": "class P {}\n",
    })
    result = check_json(repo.path)
    assert found(result) == [("CT771", ".github/instructions/svelte.instructions.md", 2)]
    assert "'web/**/*.svelte'" in result.json["diagnostics"][0]["message"]


def test_apply_to_in_a_frontmatter_indented_as_a_whole(repo: GitRepo):
    """Set 44 (issue 30): Codacy's extension writes `codacy.instructions.md` with its keys
    indented under the fence (`    description: …`, `    applyTo: '**'`). YAML reads an indented
    top mapping as any other, and so does VS Code's parser: the file applies to every file, no
    CT771 (it was said to have no `applyTo`). Indented the same way, a glob matching nothing is
    still found, on its own line; a key nested under another is not taken for a top one."""
    repo.commit("copilot", {
        ".github/copilot-instructions.md": "# Copilot\n",
        ".github/instructions/codacy.instructions.md":
            "---\n    description: Rules for the analysis server\n    applyTo: '**'\n---\n---\n"
            "# Analysis rules\n",
        ".github/instructions/svelte.instructions.md":
            "---\n  description: Svelte\n  applyTo: 'web/**/*.svelte'\n---\n# Svelte\n",
        ".github/instructions/nested.instructions.md":
            "---\nmeta:\n  applyTo: '**'\n---\n# Nested\n",
        "src/main.ts": "export {}\n",
    })
    assert found(check_json(repo.path)) == [
        ("CT771", ".github/instructions/nested.instructions.md", 1),
        ("CT771", ".github/instructions/svelte.instructions.md", 3)]


def test_a_bank_at_the_top_reads_the_instruction_file_beside_it(repo: GitRepo, tmp_path: Path):
    """Set 44 (issue 30): vanzan01's Cursor memory bank kept at a project's top, tasks.md and
    activeContext.md beside the `.cursorrules` that lists the rules its modes load. The bank's
    root read its Markdown files alone: `.cursorrules` was neither judged nor published (no
    other root takes it, a bank's convention being recognised there). Now it is the bank's
    file: its dead link is found, and it has a page of its own."""
    repo.commit("bank", {
        "tasks.md": "# Tasks\n\n- [ ] wire the parser\n",
        "activeContext.md": "# Active Context\n\nThe parser.\n",
        "progress.md": "# Progress\n\n- [x] setup\n",
        "projectbrief.md": "# Project Brief\n\nA tide table.\n",
        ".cursorrules": "# Cursor Rules\n\nLoad [the main rule](rules/main.mdc) first.\n",
    })
    result = check_json(repo.path)
    assert [(r["convention"], r["files"]) for r in result.json["roots"]] == [("cursor-bank", 5)]
    assert found(result) == [("CT111", ".cursorrules", 3)]
    site = build_mkdocs_in_process(repo.path, tmp_path / "site")
    assert (site / "cursorrules" / "index.html").is_file()


def test_spec_kit_features_kept_in_specify_specs(repo: GitRepo):
    """Set 37 (issue 30): a project whose own `common.sh` keeps the features in
    `.specify/specs/NNN-name/` (`get_feature_dir() { echo "$1/.specify/specs/$2"; }`): they are
    its features as `specs/` ones are: read (links checked), and judged by CT792 and CT793.
    Before, the constitution alone was read and the features were neither judged nor
    published."""
    repo.commit("spec kit", {
        ".specify/memory/constitution.md": "# Tides Constitution\n\n**Version**: 1.0.0 | "
                                           "**Ratified**: 2026-01-02\n",
        ".specify/scripts/bash/common.sh":
            'get_feature_dir() { echo "$1/.specify/specs/$2"; }\n',
        ".specify/specs/001-a/spec.md": "# Spec\n\nSee [the plan](plan.md) and "
                                        "[the bug](../bugs/B001.md).\n",
        ".specify/specs/001-a/plan.md": "# Plan\n",
        ".specify/specs/001-a/tasks.md": "- [ ] T001 One\n- [x] T002 Two\n- [ ] T002 Three\n",
        ".specify/specs/002-b/tasks.md": "- [ ] T001 One\n",
        ".specify/specs/003-c/spec.md": "# Only a spec: in progress\n",
        ".specify/bugs/B001.md": "# Bug\n",
    })
    assert found(check_json(repo.path)) == [
        ("CT111", ".specify/specs/001-a/spec.md", 3),
        ("CT792", ".specify/specs/002-b/tasks.md", 1),
        ("CT793", ".specify/specs/001-a/tasks.md", 3)]


def test_spec_kit_features_in_folders_named_as_their_branch(repo: GitRepo, tmp_path: Path):
    """Set 49 (issue 30): on a branch without a number (`mit-license`), or with
    `SPECIFY_FEATURE` set, Spec Kit's `common.sh` makes and reads `specs/<branch>/` as it is
    named. Such features were neither read, judged nor published, only the numbered ones. A
    folder of specs/ holding none of a feature's files, or set aside (templates), is none."""
    repo.commit("spec kit", {
        ".specify/memory/constitution.md": "# Tides Constitution\n\n**Version**: 1.0.0\n",
        "specs/001-a/spec.md": "# Export\n",
        "specs/mit-license/spec.md": "# License the project\n\nSee [the plan](plan.md) and "
                                     "[the notice](NOTICE.md).\n",
        "specs/mit-license/plan.md": "# Plan\n",
        # the ids in bold, as its tasks were written there: tasks all the same
        "specs/mit-license/tasks.md": "- [X] **T001**: Add LICENSE\n- [ ] **T001**: Update README\n",
        "specs/fix-login/tasks.md": "- [ ] T001 Fix it\n",
        "specs/templates/tasks.md": "- [ ] T001 [Task]\n- [ ] T001 [Task]\n",
        "specs/diagrams/flow.md": "# Flow\n",
        # tasks as headings, no check-boxes: written, though none can be counted
        "specs/002-b/spec.md": "# Import\n", "specs/002-b/plan.md": "# Plan\n",
        "specs/002-b/tasks.md": "### T001 [DONE] Read the file\n",
    })
    assert found(check_json(repo.path)) == [
        ("CT111", "specs/mit-license/spec.md", 3),
        ("CT792", "specs/fix-login/tasks.md", 1),
        ("CT793", "specs/mit-license/tasks.md", 2)]
    page = (build_mkdocs_in_process(repo.path, tmp_path / "site") / "index.html").read_text("utf-8")
    assert "License the project" in page and "1 of 2 tasks done" in page
    assert page.count("tasks not written yet") == 1  # 001-a's, a spec alone; not 002-b's


def test_an_import_inside_an_html_comment_is_not_judged(repo: GitRepo):
    """Found on set 53: a CLAUDE.md made from a template closed with the template's tip,
    `<!-- Tip: Use @path/to/file.md imports to include additional instructions … -->`. A
    comment is the maintainers' note, unseen on the page and on GitHub; Claude Code's
    documentation names imports in code spans and blocks as not read, and says nothing of
    comments, so an `@path` in one is neither an import that failed (CT741) nor one the home
    page lists. A comment over lines is a comment throughout; an import below one is read."""
    repo.commit("claude", {
        "CLAUDE.md": "# Project\n\n"
                     "<!-- Tip: Use @path/to/file.md imports to include additional "
                     "instructions without bloating this file -->\n"
                     "<!--\n  maintainers: @docs/old-notes.md was merged here\n-->\n"
                     "See @docs/missing.md for the layers.\n",
    })
    result = check_json(repo.path)
    assert found(result) == [("CT741", "CLAUDE.md", 7)], result.out
    assert "docs/missing.md" in result.json["diagnostics"][0]["message"]
