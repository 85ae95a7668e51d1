"""Each convention's site as its users read it (issue 30): a folder of Claude agents' memories is
one site with an agent a section; topics are cards titled by their ``name`` with their
``description``; a rules convention is a catalogue of when each rule applies; and no home
page carries an empty section."""

from __future__ import annotations

from pathlib import Path

from tests.support.common import GitRepo, run_cli
from tests.support.site_support import broken_links, build, primary_nav_links, write_mkdocs_yml

TOKEN = "ghp_" + "Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6J7k8"


def topic(name: str, description: str, body: str, kind: str = "project") -> str:
    return f"---\nname: {name}\ndescription: {description}\ntype: {kind}\n---\n{body}\n"


AGENTS = {
    ".claude/agent-memory/reviewer/MEMORY.md":
        "# Reviewer memory\n\n- [Style rules](style.md) — how this team reviews\n",
    ".claude/agent-memory/reviewer/style.md":
        topic("Style rules", "how this team reviews", "Small functions.", "feedback"),
    ".claude/agent-memory/reviewer/orphan.md":
        topic("Forgotten topic", "one the index lost", "Nobody indexes me."),
    ".claude/agent-memory/planner/MEMORY.md": "# Planner memory\n\n- [Roadmap](roadmap.md)\n",
    ".claude/agent-memory/planner/roadmap.md":
        topic("Roadmap", "what ships when", "Version 2 in March."),
}


def agents_repo(tmp_path: Path, extra: dict[str, str] | None = None) -> Path:
    project = tmp_path / "project"
    GitRepo(project).commit("agents", {**AGENTS, **(extra or {})})
    return project


def test_a_folder_of_agent_memories_is_one_site_with_an_agent_a_section(tmp_path: Path):
    project = agents_repo(tmp_path)
    write_mkdocs_yml(project, options={"root": ".claude/agent-memory"})
    done = build(project, strict=True)
    assert done.error is None, done.said
    # nothing dated to follow: no note that a feed needs site_url
    assert not any("no feed" in r.getMessage() for r in done.records)
    home = done.html("index.html")
    assert "2 memory roots below this folder" in home
    for agent in ("reviewer", "planner"):
        assert f"{agent}/" in home and "Claude Code agent memory" in home
    # every topic on the front page, by its name, with its description; the lost one marked
    assert "Style rules" in home and "how this team reviews" in home
    assert "Forgotten topic" in home and "not in MEMORY.md" in home
    nav = primary_nav_links(home)
    assert any("reviewer/" in link for link in nav) and any("planner/" in link for link in nav)
    style = done.html("reviewer/style/index.html")
    assert "<h1" in style and "Style rules</h1>" in style  # titled by its name, not style.md
    assert broken_links(project / "site") == []


def test_a_claude_memory_home_page_has_no_empty_section(tmp_path: Path):
    project = agents_repo(tmp_path)
    out = tmp_path / "out"
    result = run_cli("generate", ".claude/agent-memory/reviewer", "--out", str(out), cwd=project)
    assert result.code == 0, result.err
    home = (out / "index.md").read_text("utf-8")
    assert "## Topics" in home
    assert "[Style rules](style.md)** · feedback — how this team reviews" in home
    assert "within what Claude Code loads" in home
    for empty in ("no data", "No entries yet", "## Directories", "## Latest entries",
                  "## State files", "| nothing |", "## Activity"):
        assert empty not in home, empty


def test_the_load_window_is_marked_on_the_index(tmp_path: Path):
    lines = "".join(f"- note {n}\n" for n in range(205)) + "- [Late topic](late.md)\n"
    project = agents_repo(tmp_path, {
        ".claude/agent-memory/reviewer/MEMORY.md": "# Reviewer memory\n\n"
        "- [Style rules](style.md) — how this team reviews\n" + lines,
        ".claude/agent-memory/reviewer/late.md": topic("Late topic", "listed too late", "x"),
    })
    out = tmp_path / "out"
    assert run_cli("generate", ".claude/agent-memory/reviewer", "--out", str(out),
                   cwd=project).code in (0, 1)
    home = (out / "index.md").read_text("utf-8")
    assert "past what Claude Code loads" in home
    assert "listed on line 209, past what Claude Code loads" in home


def test_a_topic_holding_a_credential_shows_its_file_name_alone(tmp_path: Path):
    project = agents_repo(tmp_path, {".claude/agent-memory/reviewer/style.md": topic(
        f"Style {TOKEN}", f"deploy with {TOKEN}", "Small functions.")})
    write_mkdocs_yml(project, options={"root": ".claude/agent-memory"})
    done = build(project)
    site = project / "site"
    for page in site.rglob("*.html"):
        assert TOKEN not in page.read_text("utf-8"), page
    assert TOKEN not in (site / "search" / "search_index.json").read_text("utf-8")
    assert "withheld: it holds a credential" in done.html("index.html")


def test_rules_conventions_are_a_catalogue_of_when_each_rule_applies(tmp_path: Path):
    project = tmp_path / "project"
    GitRepo(project).commit("rules", {
        ".kiro/steering/product.md": "# Product\n\nA tide-table app.\n",
        ".kiro/steering/ts.md": "---\ninclusion: fileMatch\nfileMatchPattern: 'src/**/*.ts'"
                                "\n---\n# TypeScript style\n\nStrict mode.\n",
        ".kiro/steering/release.md": "---\ninclusion: manual\n---\n# Release checklist\n\nTag.\n",
        "src/a.ts": "export {}\n",
        ".cursor/rules/python.mdc": "---\ndescription: Python conventions\nglobs: '**/*.py'\n"
                                    "alwaysApply: false\n---\nUse type hints.\n",
        ".cursor/rules/brief.mdc": "---\ndescription: Be brief\nalwaysApply: true\n---\nShort.\n",
    })
    out = tmp_path / "out"
    assert run_cli("generate", ".kiro/steering", "--out", str(out), cwd=project).code == 0
    kiro = (out / "index.md").read_text("utf-8")
    assert "## Rules" in kiro
    assert "**[TypeScript style](ts.md)** · files matching `src/**/*.ts`" in kiro
    assert "**[Release checklist](release.md)** · manual" in kiro
    assert "**[Product](product.md)** · every session" in kiro
    out2 = tmp_path / "out2"
    assert run_cli("generate", ".cursor/rules", "--out", str(out2), cwd=project).code == 0
    cursor = (out2 / "index.md").read_text("utf-8")
    assert "· always — Be brief" in cursor
    assert "· files matching `**/*.py` — Python conventions" in cursor


def test_cursor_rules_build_strict_twice_with_pages_beside_the_mdc_files(tmp_path: Path):
    """A living file no Markdown by name (``rule.mdc``) has its page beside it: at its own
    path MkDocs copied the page's Markdown as ``rule.mdc``, whose links were dead, and the next
    build judged that copy in site/ as a second Cursor root."""
    project = tmp_path / "project"
    GitRepo(project).commit("rules", {
        ".cursor/rules/python.mdc": "---\ndescription: Python conventions\nglobs: '**/*.py'\n"
                                    "alwaysApply: false\n---\nUse type hints.\n",
        "CLAUDE.md": "# Project\n\nRead the rules.\n"})
    write_mkdocs_yml(project, options={"root": "."})
    for _ in range(2):
        done = build(project, strict=True)
        assert done.error is None, done.said
        assert not [r for r in done.records if r.levelname == "WARNING"], done.said
    site = project / "site"
    assert not list(site.rglob("*.mdc"))
    assert "Use type hints." in done.html(".cursor/rules/python-mdc/")
    assert broken_links(site) == []
    assert run_cli("check", ".", cwd=project).code == 0  # site/ holds no copy of a rule


def test_rule_files_in_their_folders_are_cards_and_pages(tmp_path: Path):
    """Set 10 of the survey: a Copilot root's path-specific instructions
    (``.github/instructions/*.instructions.md``) were judged (CT771) but not published, five of
    its six files; Claude Code's ``.claude/rules/`` too. Each is a card of the Rules, with when
    it applies, and a page; the links in it are judged as a living file's are."""
    project = tmp_path / "project"
    GitRepo(project).commit("rules", {
        "CLAUDE.md": "# Project\n\nUse pnpm.\n",
        ".claude/rules/api.md": "---\npaths: src/**/*.ts\n---\n# API rules\n\nValidate input.\n",
        ".claude/rules/style/naming.md": "# Naming\n\nNouns for types.\n",
        ".github/copilot-instructions.md": "# Copilot\n\nUse pnpm.\n",
        ".github/instructions/ts.instructions.md":
            '---\napplyTo: "**/*.ts"\n---\n# TypeScript\n\nStrict mode.\n',
        # no applyTo (CT771), and a link written from the repository's top (CT111)
        ".github/instructions/bugfix.instructions.md":
            "# Bugfix\n\nStart from [the service](src/a.ts).\n",
        "src/a.ts": "export {}\n",
    })
    write_mkdocs_yml(project, options={"root": "."})
    done = build(project, strict=True)
    assert done.error is None, done.said
    home = done.html("index.html")
    assert "API rules" in home and "src/**/*.ts" in home and "Naming" in home
    github = done.html(".github/index.html")
    assert "TypeScript" in github and "**/*.ts" in github and "Bugfix" in github
    assert "Strict mode." in done.html(".github/instructions/ts.instructions/index.html")
    assert "Nouns for types." in done.html(".claude/rules/style/naming/index.html")
    bugfix = done.html(".github/instructions/bugfix.instructions/index.html")
    assert 'class="continuity-dead-link" href="src/a.ts"' in bugfix  # marked, as a living file's
    assert broken_links(project / "site") == [
        ".github/instructions/bugfix.instructions/index.html: a.href=src/a.ts"]
    result = run_cli("check", "--output-format", "json", cwd=project)
    assert sorted((d["code"], d["path"]) for d in result.json["diagnostics"]) == [
        ("CT111", ".github/instructions/bugfix.instructions.md"),
        ("CT771", ".github/instructions/bugfix.instructions.md")]


def test_rule_files_alone_are_the_catalogue_of_their_root(tmp_path: Path):
    """Set 23 of the survey: a Copilot root of path-specific instructions alone (five
    ``.github/instructions/*.instructions.md``, no ``copilot-instructions.md``) was judged and
    its files published, but neither the home page nor the root's page listed them: the Rules
    were drawn only beside a state file. The rule files are the catalogue by themselves."""
    project = tmp_path / "project"
    GitRepo(project).commit("rules", {
        ".github/instructions/api.instructions.md":
            '---\napplyTo: "api/**/*.py"\n---\n# API\n\nValidate input.\n',
        ".github/instructions/tests.instructions.md":
            '---\napplyTo: "tests/**"\n---\n# Tests\n\nOne assert a test.\n',
        "api/app.py": "app = None\n",
    })
    write_mkdocs_yml(project, options={"root": "."})
    done = build(project, strict=True)
    assert done.error is None, done.said
    home, github = done.html("index.html"), done.html(".github/index.html")
    assert "1 memory root below this folder" in home and "Rules</h2>" in github
    for page, html in (("index.html", home), (".github/index.html", github)):
        assert "API" in html and "api/**/*.py" in html and "tests/**" in html, page
    assert broken_links(project / "site") == []


def test_spec_kit_features_with_the_progress_of_their_tasks(tmp_path: Path):
    project = tmp_path / "project"
    GitRepo(project).commit("spec kit", {
        ".specify/memory/constitution.md": "# Tide Constitution\n\n**Version**: 1.2.0 | "
                                           "**Ratified**: 2026-01-01\n\nTest first.\n",
        "CLAUDE.md": "# Project\n\nFollow the constitution.\n",
        "specs/001-login/spec.md": "# Login\n\nUsers sign in.\n",
        "specs/001-login/plan.md": "# Plan\n\nA form.\n",
        "specs/001-login/tasks.md": "# Tasks\n\n- [x] T001 Model\n- [x] T002 Endpoint\n"
                                    "- [ ] T003 Form\n",
        "specs/002-export/spec.md": f"# Export\n\nKey {TOKEN} for the bucket.\n",
    })
    write_mkdocs_yml(project, options={"root": "."})
    done = build(project)  # not strict: the token is an error (CT601), the file withheld
    assert done.error is None, done.said
    assert "CT601" in done.said or any("CT601" in r.getMessage() for r in done.records)
    home = done.html("index.html")
    assert "Tide Constitution" in home and "2 of 3 tasks done" in home
    assert "Login" in home and "Users sign in." in home
    assert "withheld: it holds a credential" in home  # the export spec: its name alone
    features = done.html("features/")
    assert "specs/001-login/" in features and "specs/002-export/" in features
    site = project / "site"
    assert "Users sign in." in done.html("specs/001-login/spec/")
    for page in site.rglob("*.html"):
        assert TOKEN not in page.read_text("utf-8"), page
    assert TOKEN not in (site / "search" / "search_index.json").read_text("utf-8")
    assert broken_links(site) == []


def test_a_constitution_opening_with_its_sync_impact_report_is_described_by_its_text(
        tmp_path: Path):
    """Spec Kit's constitution command writes its Sync Impact Report as an HTML comment above
    the title: the card under the constitution shows the first words a reader sees, not the
    report the comment hides (found measuring Spec Kit repositories blind)."""
    project = tmp_path / "project"
    GitRepo(project).commit("spec kit", {
        ".specify/memory/constitution.md":
            "<!--\nSync Impact Report - Constitution v1.1.0\n=====\n\nVersion Change: 1.0.0 "
            "-> 1.1.0\nAdded Sections:\n- None\n-->\n\n# Tide Constitution\n\n"
            "<!-- amended 2026-02-01 --> Every change ships with its test.\n",
        "specs/001-login/spec.md": "# Login\n\n<!-- draft -->\nUsers sign in.\n",
        "specs/001-login/tasks.md": "# Tasks\n\n- [ ] T001 Form\n",
    })
    write_mkdocs_yml(project, options={"root": "."})
    done = build(project, strict=True)
    assert done.error is None, done.said
    home = done.html("index.html")
    assert "Tide Constitution" in home and "Every change ships with its test." in home
    assert "Users sign in." in home
    for hidden in ("Sync Impact Report", "Version Change", "amended", "draft"):
        assert hidden not in home, hidden


def test_a_todo_beside_the_instruction_files_is_not_said_to_apply_every_session(
        tmp_path: Path):
    """The instruction files' root reads the protocol's state file names too (a TODO.md beside
    an agent's configuration): its card shows the file, but no agent loads a TODO.md, so it
    is not said to apply every session as CLAUDE.md is (found measuring repositories blind)."""
    project = tmp_path / "project"
    GitRepo(project).commit("instructions", {
        "CLAUDE.md": "# Project\n\nRun the tests before a commit.\n",
        "TODO.md": "# PR Checklist\n\nComplete all items below before a pull request.\n\n"
                   "- [ ] Widen the gap between sections\n",
        "app.py": "print('not memory')\n",
    })
    write_mkdocs_yml(project, options={"root": "."})
    done = build(project, strict=True)
    assert done.error is None, done.said
    home = " ".join(done.html("index.html").split())
    assert "Run the tests before a commit." in home and "Complete all items below" in home
    assert home.count("every session") == 1, home  # CLAUDE.md's, not the TODO's


def test_a_root_of_no_known_convention_publishes_its_dated_folders(tmp_path: Path):
    project = tmp_path / "project"
    GitRepo(project).commit("notes", {
        "TODO.md": "# TODO\n\n- [ ] ship the release\n",
        **{f"reflections/2026-11-0{day}.md": f"# Reflection {day}\n\nLearned {day}.\n"
           for day in range(1, 4)},
        "src/app.py": "print('not memory')\n",
    })
    out = tmp_path / "out"
    result = run_cli("generate", "--out", str(out), cwd=project)
    assert result.code == 0, result.err
    home = (out / "index.md").read_text("utf-8")
    assert "## Living files" in home and "[reflections/](reflections/index.md)" in home
    listing = (out / "reflections" / "index.md").read_text("utf-8")
    assert listing.index("| 2026-11-03 |") < listing.index("| 2026-11-01 |")  # newest first
    assert not (out / "src").exists()


def test_a_file_a_gptme_journal_links_is_published(tmp_path: Path):
    project = tmp_path / "project"
    GitRepo(project).commit("gptme", {
        "gptme.toml": "[agent]\nname = \"Bob\"\n",
        "ABOUT.md": "# Bob\n\nI am Bob.\n",
        "journal/2026-11-01.md": "# 2026-11-01\n\nWorked on [the task](../tasks/all/fix-ci.md).\n",
        "journal/2026-11-02.md": "# 2026-11-02\n\nMore.\n",
        "tasks/all/fix-ci.md": "---\nstate: active\n---\n# Fix CI\n\nSteps.\n",
    })
    assert run_cli("check", ".", cwd=project).code == 0
    write_mkdocs_yml(project, options={"root": "."})
    done = build(project, strict=True)
    assert done.error is None, done.said
    assert "Steps." in done.html("tasks/all/fix-ci/")
    assert broken_links(project / "site") == []


def test_generate_output_inside_the_repository_is_not_searched_for_roots(tmp_path: Path):
    project = agents_repo(tmp_path)
    out = project / "generated"
    assert run_cli("generate", ".claude/agent-memory/reviewer", "--out", str(out),
                   cwd=project).code == 0
    listed = run_cli("conventions", ".", cwd=project)
    assert "generated" not in listed.out, listed.out  # its Markdown copies are no memory


def test_hostile_topic_names_and_rules_stay_text_on_every_card(tmp_path: Path):
    """A topic's name, type and description and a rule's pattern reach the home page and the
    folder's front page as cards: each is text there, never markup, a link or a script."""
    hostile = "<img src=x onerror=alert(1)>"
    project = agents_repo(tmp_path, {
        ".claude/agent-memory/reviewer/style.md": topic(
            f"'{hostile}'", "'[click](javascript:alert(2)) **bold** <script>alert(3)</script>'",
            "x", "'`code` <b>b</b>'"),  # its type: markup too
    })
    write_mkdocs_yml(project, options={"root": ".claude/agent-memory"})
    done = build(project)
    assert done.error is None, done.said
    for page in ("index.html", "reviewer/index.html", "reviewer/style/index.html"):
        html = done.html(page)
        assert "<img src=x" not in html and "<script>alert" not in html, page
        assert 'href="javascript:' not in html and "<b>b</b>" not in html, page
    assert "&lt;img src=x onerror=alert(1)&gt;" in done.html("index.html")


def test_links_of_a_published_document_to_files_nothing_publishes_are_text(tmp_path: Path):
    """A CLAUDE.md links a guide; the guide links the code beside it and a note never written
    (a public repository's docs/agent/ guides): the site publishes the guide and the code,
    keeps the link to the missing note as text that says why, and mkdocs build --strict
    passes where check finds no error (MkDocs warned of the link, and the build failed)."""
    project = tmp_path / "project"
    GitRepo(project).commit("instructions and a guide", {
        "CLAUDE.md": "# Project\n\nRead [the workflow](docs/agent/workflow.md) first.\n",
        "docs/agent/workflow.md": "# Workflow\n\nThe runner is [exec-kind](../../scripts/exec.mjs);"
                                  " the plan is in [the backlog](backlog/070-sugar.md).\n",
        "scripts/exec.mjs": "export {}\n",
    })
    assert [d["code"] for d in run_cli("check", "--output-format", "json",
                                       cwd=project).json["diagnostics"]
            if d["severity"] == "error"] == []
    write_mkdocs_yml(project, options={"root": "."}, docs_dir="site-docs")
    done = build(project, strict=True)
    assert done.error is None, done.said
    page = next(p for p in (project / "site").rglob("index.html")
                if "The runner is" in p.read_text("utf-8")).read_text("utf-8")
    assert 'title="docs/agent/backlog/070-sugar.md is not published here">the backlog</span>' \
        in page
    assert 'href="../../../scripts/exec-mjs/"' in page  # the code beside it: a page of its own


def test_a_link_whose_title_holds_an_escaped_quote_is_read_as_markdown_reads_it(
        tmp_path: Path):
    """``[guide](docs/guide.md "the \\"main\\" guide")``: CommonMark and Python-Markdown
    read the escaped quotes as part of the title, so the link is the guide's. The check reads
    it so too (a dead one is CT111's), the guide is published, and the strict build passes
    (before, the link went unread: MkDocs warned of a target nothing published)."""
    project = tmp_path / "project"
    GitRepo(project).commit("instructions and a guide", {
        "CLAUDE.md": '# Project\n\nSee [the guide](docs/guide.md "the \\"main\\" guide") and '
                     "[notes](docs/notes.md).\n",
        "docs/guide.md": "# Guide\n\nSteps.\n", "docs/notes.md": "# Notes\n",
    })
    assert run_cli("check", "--output-format", "json", cwd=project).json["diagnostics"] == []
    write_mkdocs_yml(project, options={"root": "."}, docs_dir="site-docs")
    done = build(project, strict=True)
    assert done.error is None, done.said
    assert any("Steps." in page.read_text("utf-8") for page in (project / "site").rglob("*.html"))
    (project / "docs" / "guide.md").unlink()
    dead = run_cli("check", "--output-format", "json", cwd=project).json["diagnostics"]
    assert [(d["code"], d["path"]) for d in dead] == [("CT111", "CLAUDE.md")], dead


def test_an_openclaw_state_directory_shows_its_configuration_withheld(tmp_path: Path):
    """A state directory committed whole: its home page names openclaw.json as withheld (it
    holds a token), with no state-file table of indexes and entries it has none of, and no
    page or search entry holds the token."""
    project = tmp_path / "project"
    token = "7412589630:AAH3kLmNoPqRsTuVwXyZaBcDeFgHiJkLmNo"
    GitRepo(project).commit("the state directory", {
        "openclaw.json": '{"channels": {"telegram": {"botToken": "' + token + '"}}}\n',
        "identity/device.json": '{"deviceId": "a1"}\n',
        "devices/paired.json": '{"devices": []}\n',
    })
    write_mkdocs_yml(project, options={"root": "."}, docs_dir="site-docs")
    done = build(project)
    home = done.html("index.html")
    assert "OpenClaw state directory" in home and "withheld" in home
    assert "Indexes" not in home
    site = project / "site"
    assert not [p for p in site.rglob("*") if p.is_file() and token.encode() in p.read_bytes()]


def test_an_excerpt_and_a_heading_read_a_titled_link_as_its_text():
    """The excerpt under a card and a heading's anchor read a link as the link reader does: a
    title holding ``)`` or an escaped quote belongs to the link, not to the words after it
    (a CLAUDE.md's card read ``See guide>\\" q") now.``)."""
    from continuity.formats.links import heading_text
    from continuity.generator.excerpts import _plain
    line = 'See [guide](docs/g.md "t \\"<img src=x onerror=alert(1)>\\" q") now.'
    assert _plain(line) == "See guide now."
    assert _plain("Run [the tool](x.md (see it)) and ![logo](a.png) go.") == "Run the tool and go."
    assert heading_text('Read [the guide](g.md "the (main) one") first') == \
        "Read the guide first"


def test_a_card_is_titled_by_the_heading_that_opens_the_file(tmp_path: Path):
    """Found on the fourteenth held-out survey: a GSD-generated CLAUDE.md opens with
    ``## Project`` and writes a workflow's file name at the margin far below
    (``# .github/workflows/ci.yml`` under ``### CI/CD``); its card was titled by that name.
    A level-1 heading after the file's own sections is not its title: the card says the
    file's name. A file that opens with its level-1 heading keeps it as its title."""
    from continuity.model.tree import Document
    assert Document.parse("# Title\n\n## Part\n").title == "Title"
    assert Document.parse("---\nx: 1\n---\n# Title\n").title == "Title"
    assert Document.parse("## Project\n\nx\n\n# .github/workflows/ci.yml\n").title is None
    project = tmp_path / "project"
    repo = GitRepo(project)
    repo.commit("instructions", {
        "CLAUDE.md": "## Project\n\n**unibrain** records lectures.\n\n### CI/CD\n\n"
                     "- Use a public repo.\n\n# .github/workflows/ci.yml\n\n### Libraries\n",
        "GEMINI.md": "# Docs guide\n\n## Style\n\nShort lines.\n",
    })
    write_mkdocs_yml(project, options={"root": "."})
    done = build(project, strict=True)
    assert done.error is None, done.said
    home = done.html("index.html")
    assert ".github/workflows/ci.yml" not in home
    assert "Docs guide" in home


def test_an_html_comment_in_a_paragraph_shows_nothing_on_the_site(tmp_path: Path):
    """A rules file notes a link in an HTML comment beside its text (an index's format line):
    GitHub shows nothing of it, and the check does not follow it. The site showed the comment
    as text, its ``<!--`` escaped, with the link inside made live (to a page that does not
    exist). Now the comment is taken out, the rest of the line kept; a tag in a comment is the
    comment's; the strict build passes, and nothing on the page links to the noted file."""
    project = tmp_path / "project"
    GitRepo(project).commit("rules", {
        "CLAUDE.md": "# Project\n\nKeep notes <!-- Format: - [Title](notes/x.md) --> short."
                     "\n\nIndex <!-- <img src=y onerror=alert(1)>\n[Old](gone.md)\n--> ends.\n",
    })
    checked = run_cli("check", "--output-format", "json", cwd=project)
    assert checked.json["diagnostics"] == [], checked.out
    write_mkdocs_yml(project, options={"root": "."}, docs_dir="site-docs")
    done = build(project, strict=True)
    assert done.error is None, done.said
    page = next(p for p in (project / "site").rglob("index.html")
                if "Index" in p.read_text("utf-8") and "ends." in p.read_text("utf-8")
                ).read_text("utf-8")
    assert "Keep notes  short." in page
    # the page and the home page's card (the history pages show each version's text as
    # written, as code: the comment is in the source)
    for shown in (page, done.html("index.html")):
        for hidden in ("Format:", "notes/x", "gone", "&lt;!--", "onerror", "Old</a>"):
            assert hidden not in shown, hidden
    assert broken_links(project / "site") == []


def test_a_state_file_beside_instruction_files_is_no_rule_given_every_session(tmp_path: Path):
    """A TODO.md beside GEMINI.md is a to-do list no agent loads by itself: the catalogue calls
    it a state file, not a rule given every session (set 28: 0hmX/A5). One an instruction file
    ``@``-imports is loaded with it, and stays a rule of every session."""
    project = tmp_path / "project"
    GitRepo(project).commit("instructions", {
        "GEMINI.md": "# Guidelines\n\nUse strict TypeScript.\n",
        "TODO.md": "# To do\n\n### Streaming\nwe need to stream in the response\n",
        "sub/CLAUDE.md": "# Sub\n\nRead @./STATE.md first.\n",
        "sub/STATE.md": "# State\n\nPhase 2 of 4.\n",
    })
    out = tmp_path / "out"
    assert run_cli("generate", ".", "--out", str(out), cwd=project).code == 0
    home = (out / "index.md").read_text("utf-8")
    assert "](TODO.md)** · state file — we need to stream in the response" in home
    assert "](GEMINI.md)** · every session" in home
    out2 = tmp_path / "out2"
    assert run_cli("generate", "sub", "--out", str(out2), cwd=project).code == 0
    sub = (out2 / "index.md").read_text("utf-8")
    assert "](STATE.md)** · every session" in sub


def test_spec_kit_features_kept_in_specify_specs_are_published(tmp_path: Path):
    """Set 37 (issue 30): features kept in `.specify/specs/NNN-name/` (a project's own
    `common.sh` puts them there) are cards of the home page with their tasks' progress, and
    pages of the site, as `specs/` ones are (the home page listed the constitution alone)."""
    project = tmp_path / "project"
    GitRepo(project).commit("spec kit", {
        ".specify/memory/constitution.md": "# Tide Constitution\n\n**Version**: 1.2.0 | "
                                           "**Ratified**: 2026-01-01\n\nTest first.\n",
        ".specify/specs/001-login/spec.md": "# Login\n\nUsers sign in.\n",
        ".specify/specs/001-login/plan.md": "# Plan\n\nA form.\n",
        ".specify/specs/001-login/tasks.md": "# Tasks\n\n- [x] T001 Model\n- [ ] T002 Form\n",
        ".specify/specs/002-export/spec.md": "# Export\n\nA CSV of the tides.\n",
    })
    write_mkdocs_yml(project, options={"root": "."})
    done = build(project, strict=True)
    assert done.error is None, done.said
    home = done.html("index.html")
    assert "Tide Constitution" in home and "1 of 2 tasks done" in home
    assert "Login" in home and "Users sign in." in home and "A CSV of the tides." in home
    features = done.html("features/")
    assert ".specify/specs/001-login/" in features and ".specify/specs/002-export/" in features
    assert "Users sign in." in done.html(".specify/specs/001-login/spec/")
    assert broken_links(project / "site") == []


def test_an_import_inside_an_html_comment_is_not_listed_as_one(tmp_path: Path):
    """Set 53: a CLAUDE.md closed with its template's tip in a comment, `<!-- Tip: Use
    @path/to/file.md imports … -->`. The home page's card lists what the file imports: the
    import below the comment, not the example inside it."""
    project = tmp_path / "project"
    GitRepo(project).commit("claude", {
        "CLAUDE.md": "# Guidelines\n\nUse strict TypeScript. See @docs/layers.md.\n\n"
                     "<!-- Tip: Use @path/to/file.md imports to include additional "
                     "instructions without bloating this file -->\n",
        "docs/layers.md": "# Layers\n",
    })
    out = tmp_path / "out"
    assert run_cli("generate", ".", "--out", str(out), cwd=project).code == 0
    home = (out / "index.md").read_text("utf-8")
    assert "docs/layers.md" in home
    assert "path/to/file.md" not in home
