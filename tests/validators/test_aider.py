"""Aider (``.aider.chat.history.md``, ``.aider.input.history``, ``.aider.conf.yml``): recognised
by its files at a project's top (a root of its own only where no other convention is), judged
by CT821-CT823 as Aider reads its files (a ``read:`` file skipped, a configuration that stops
it, a history it only appends to rewritten), its histories read for credentials, and the chat
published newest session first. Real git repositories."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.hostile.site_markup import unsafe, unsafe_under_any_engine
from tests.support.common import GitRepo, check_json, run_cli
from tests.support.site_support import build as build_site

GITHUB_TOKEN = "ghp_" + "Tw0" * 12  # assembled at run time: this file holds no credential


def session(started: str, prompt: str, reply: str = "Done.", tool: str = "Added app.py to "
            "the chat") -> str:
    """One session as Aider's io.py appends it."""
    return (f"\n# aider chat started at {started}\n\n> {tool}  \n\n#### {prompt}  \n\n"
            f"{reply}\n\n")


def inputs(*prompts: str) -> str:
    """The input history as prompt_toolkit's FileHistory appends it."""
    return "".join(f"\n# 2026-11-0{n} 10:00:00.000000\n+{p}\n" for n, p in enumerate(prompts, 1))


@pytest.fixture
def repo(tmp_path: Path) -> GitRepo:
    return GitRepo(tmp_path / "repo")


def found(repo: GitRepo, convention: str = "aider") -> list[tuple[str, str, int, str]]:
    result = check_json(repo.path)
    assert result.code in (0, 1), result.err
    assert {r["path"]: r["convention"] for r in result.json["roots"]} == {".": convention}
    return sorted((d["code"], d["path"], d["line"], d["message"])
                  for d in result.json["diagnostics"])


def test_a_tree_of_aider_files_alone_is_a_root_and_clean(repo: GitRepo):
    repo.commit("aider", {
        ".aider.chat.history.md": session("2026-11-01 10:00:00", "add a login form"),
        ".aider.input.history": inputs("add a login form"),
        ".aider.conf.yml": "model: sonnet\nread:\n  - CONVENTIONS.md\n  - docs\n"
                           "  - ~/global.md\n  - /etc/aider.md\n  - C:\\rules.md\n"
                           "file: new_module.py\n",
        "CONVENTIONS.md": "# Conventions\n\nUse httpx.\n", "docs/style.md": "# Style\n",
        "app.py": "print('hi')\n",
    })
    # A link, a placeholder and page code in a reply are the model's words, not the memory's.
    repo.commit("more", {".aider.chat.history.md": session(
        "2026-11-01 10:00:00", "add a login form") + session(
        "2026-11-02 09:00:00", "fix it", reply="See [the spec](missing.md). TODO: later.\n\n"
        '<script type="application/ld+json">{}</script>\n<div class="hero">Hi</div>')})
    assert found(repo) == []


def test_another_convention_keeps_its_root_and_gains_the_aider_files(repo: GitRepo):
    repo.commit("claude", {
        "CLAUDE.md": "# Project\n\nRun the tests.\n",
        ".aider.chat.history.md": session("2026-11-01 10:00:00",
                                          f"use GITHUB_TOKEN={GITHUB_TOKEN} for the deploy"),
    })
    # the token now, and in the commit git keeps (CT605 reads the agent state files' versions)
    assert sorted((code, where) for code, where, _, _ in found(repo, "instructions")) == [
        ("CT601", ".aider.chat.history.md"), ("CT605", ".aider.chat.history.md")]


@pytest.mark.parametrize("configuration", [".claude/settings.local.json", ".mcp.json"])
def test_an_agent_configuration_beside_the_chat_leaves_the_root_to_aider(repo: GitRepo,
                                                                        configuration: str):
    """A tool's settings hold nothing the instruction files' rules judge (a lead's extra
    held-out check: a chat history beside Claude's local settings was a root with "nothing
    of it to judge"); the configuration is still read for credentials."""
    repo.commit("aider", {
        ".aider.chat.history.md": session("2026-11-01 10:00:00", "add a login form"),
        configuration: json.dumps({"env": {"GITHUB_TOKEN": GITHUB_TOKEN}}) + "\n",
    })
    assert sorted((code, where) for code, where, _, _ in found(repo, "aider")) == [
        ("CT601", configuration), ("CT605", configuration)]


def test_a_token_typed_into_a_prompt_is_found_in_both_histories(repo: GitRepo):
    prompt = f"deploy with GITHUB_TOKEN={GITHUB_TOKEN}"
    repo.commit("aider", {".aider.chat.history.md": session("2026-11-01 10:00:00", prompt),
                          ".aider.input.history": inputs(prompt)})
    codes = {(c, w) for c, w, _, _ in found(repo)}
    assert {("CT601", ".aider.chat.history.md"), ("CT601", ".aider.input.history")} <= codes


def test_a_token_cut_out_of_the_history_is_still_in_git(repo: GitRepo):
    repo.commit("aider", {".aider.input.history": inputs("hello", f"KEY={GITHUB_TOKEN}")})
    repo.commit("cut", {".aider.input.history": inputs("hello")})
    codes = [(c, w) for c, w, _, _ in found(repo)]
    assert ("CT605", ".aider.input.history") in codes
    assert ("CT823", ".aider.input.history") in codes


def test_a_read_file_that_is_not_there_is_reported(repo: GitRepo):
    repo.commit("aider", {
        ".aider.chat.history.md": session("2026-11-01 10:00:00", "hi"),
        ".gitignore": ".env\n",
        ".aider.conf.yml": "# conventions\nread:\n  - CONVENTIONS.md\n  - src/**\n  - .env\n",
        "src/app.py": "x = 1\n",
    })
    assert [(c, w, n, m.split(":")[0] + ":" + m.split(":")[1]) for c, w, n, m in found(repo)] \
        == [("CT821", ".aider.conf.yml", 2, "read: 'CONVENTIONS.md' names no file or folder here"),
            ("CT821", ".aider.conf.yml", 2, "read: 'src/**' names no file or folder here")]
    assert "does not expand a glob" in found(repo)[1][3]


def test_a_conf_that_does_not_parse_is_reported(repo: GitRepo):
    repo.commit("aider", {".aider.chat.history.md": session("2026-11-01 10:00:00", "hi"),
                          ".aider.conf.yml": "model: sonnet\nread: [CONVENTIONS.md\n"})
    (code, where, _, message), = found(repo)
    assert (code, where) == ("CT822", ".aider.conf.yml")
    assert message.startswith("Aider cannot read its configuration")


def test_a_list_in_place_of_options_is_reported(repo: GitRepo):
    repo.commit("aider", {".aider.chat.history.md": session("2026-11-01 10:00:00", "hi"),
                          ".aider.conf.yml": "- read: CONVENTIONS.md\n"})
    assert [c for c, _, _, _ in found(repo)] == ["CT822"]


def test_a_session_dropped_from_the_chat_history_is_reported(repo: GitRepo):
    first, second = (session("2026-11-01 10:00:00", "add a login form"),
                     session("2026-11-02 10:00:00", "style it"))
    repo.commit("one", {".aider.chat.history.md": first})
    repo.commit("two", {".aider.chat.history.md": first + second})
    assert found(repo) == []
    repo.commit("cut", {".aider.chat.history.md": second})
    (code, where, _, message), = found(repo)
    assert (code, where) == ("CT823", ".aider.chat.history.md")
    assert "2026-11-01 10:00:00" in message


def test_a_history_emptied_on_purpose_is_not_reported(repo: GitRepo):
    repo.commit("one", {".aider.chat.history.md": session("2026-11-01 10:00:00", "hi")})
    repo.commit("clear", {".aider.chat.history.md": ""})
    repo.commit("again", {".aider.chat.history.md": session("2026-11-03 10:00:00", "next")})
    assert found(repo) == []


def build(repo: GitRepo) -> Path:
    (repo.path / "docs").mkdir(exist_ok=True)
    (repo.path / "mkdocs.yml").write_text(
        "site_name: chat\nplugins:\n  - continuity:\n      root: .\n")
    built = build_site(repo.path, strict=True)  # MkDocs in process: the pages, not the command
    assert built.error is None, built.said
    return built.site


def test_the_site_shows_the_chat_newest_first_and_hostile_prompts_as_text(repo: GitRepo,
                                                                         tmp_path: Path):
    hostile = "<script>alert(1)</script> see [x](javascript:alert(2)) <b onclick=y>bold</b>"
    repo.commit("aider", {
        ".aider.chat.history.md": session("2026-11-01 10:00:00", "first prompt")
        + session("2026-11-02 10:00:00", hostile, reply="```python\nprint(1)\n")
        + session("2026-11-03 10:00:00", "last prompt", tool="<img src=x onerror=alert(3)>"),
        ".aider.input.history": inputs("first prompt"),
        ".aider.conf.yml": "read: [CONVENTIONS.md, ../outside.md]\n",
        "CONVENTIONS.md": "# Our conventions\n\nPrefer httpx to requests.\n",
    })
    site = build(repo)
    pages = [p for p in site.rglob("index.html") if "Chat history" in p.read_text()]
    page = next(p for p in pages if "Session of 2026-11-03" in p.read_text()).read_text()
    order = [page.index(f"Session of 2026-11-0{n}") for n in (3, 2, 1)]
    assert order == sorted(order)  # newest first
    assert page.index("last prompt") < page.index("first prompt")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "3 sessions, 3 prompts" in page
    assert page.index("first prompt") > page.index("print(1)")  # the open fence closed
    home = (site / "index.html").read_text()
    assert "Chat history" in home and "3 sessions, 3 prompts" in home
    assert "Input history" in home
    # The conventions read: loads into every chat, published as a rule of the root.
    assert "Our conventions" in home and "read-only in every chat" in home
    assert "Prefer httpx" in (site / "CONVENTIONS" / "index.html").read_text()
    article = page[page.index("<h1"):page.index("<footer")]  # the chat, not the theme
    assert unsafe(article) == []
    assert "onerror=alert(3)" in article  # the tool's line, as text
    out = tmp_path / "out"
    done = run_cli("generate", str(repo.path), "--out", str(out), cwd=repo.path)
    assert done.code == 0, done.err
    verdict = {p.relative_to(out).as_posix(): unsafe_under_any_engine(p.read_text("utf-8"))
               for p in out.rglob("*.md")}
    assert {p: v for p, v in verdict.items() if any(v.values())} == {}


def test_a_token_in_a_read_only_conventions_file_is_found(repo: GitRepo):
    # The conventions read: loads into every chat are the root's rules: read as its files are.
    repo.commit("aider", {".aider.chat.history.md": session("2026-11-01 10:00:00", "hi"),
                          ".aider.conf.yml": "read: rules\n",
                          "rules/deploy.md": f"# Deploy\n\nGITHUB_TOKEN={GITHUB_TOKEN}\n",
                          "app/deploy.md": f"# Not read by Aider\n\nGITHUB_TOKEN={GITHUB_TOKEN}\n"})
    assert [(c, w) for c, w, _, _ in found(repo)] == [("CT601", "rules/deploy.md")]


def test_the_chat_page_shows_the_newest_sessions_and_says_how_many_older_ones_it_leaves():
    """A chat history of years (what the check reads, up to 10 MB) is no one page: the newest
    sessions, within a count and a size, then how many older ones the file holds."""
    from continuity.generator.shapes.chat import SHOWN_CHARACTERS, SHOWN_SESSIONS, chat_body
    from continuity.model.aider import Aider, read_sessions

    many = "".join(session(f"2026-01-01 10:{n // 60:02d}:{n % 60:02d}", f"prompt {n}")
                   for n in range(SHOWN_SESSIONS + 5))
    page = chat_body(Aider(read_sessions(many)))
    assert f"### prompt {SHOWN_SESSIONS + 4}\n" in page and "### prompt 5\n" in page
    assert "### prompt 4\n" not in page and "### prompt 0\n" not in page
    assert "5 older sessions (5 prompts) not shown here" in page
    huge = session("2026-01-01 10:00:00", "the old one", reply="x" * SHOWN_CHARACTERS) + \
        session("2026-01-02 10:00:00", "the new one", reply="y" * SHOWN_CHARACTERS)
    page = chat_body(Aider(read_sessions(huge)))
    assert "the new one" in page and "the old one" not in page  # the newest, whatever its size
    assert "1 older session (1 prompt) not shown here" in page
