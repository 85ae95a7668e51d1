"""Roo Code's rules (issue 30): ``.roo/rules/`` and ``.roo/rules-{mode}/`` folders, each a root
of the ``roo-rules`` convention, and the one-file ``.roorules`` (``.roorules-{mode}``) that Roo
Code reads only where the folder holds no file (CT745). Real git repositories."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.common import GitRepo, check_json
from tests.support.conventions import found, roots
from tests.support.engines import build_mkdocs_in_process

RULES = {
    ".roo/rules/01-style.md": "# Style\n\nUse tabs. The [guide](../../docs/guide.md) says why.\n",
    ".roo/rules/testing/02-tests.md": "# Tests\n\nRun them before every commit.\n",
    ".roo/rules-code/01-code.txt": "Prefer small functions.\n",
    "docs/guide.md": "# Guide\n",
}


@pytest.fixture
def repo(tmp_path: Path) -> GitRepo:
    return GitRepo(tmp_path / "repo")


def test_each_rules_folder_is_a_root_of_its_own(repo: GitRepo):
    repo.commit("roo rules", RULES)
    result = check_json(repo.path)
    assert roots(result) == {".roo/rules": "roo-rules", ".roo/rules/testing": "roo-rules",
                             ".roo/rules-code": "roo-rules"}, result.out
    assert found(result) == []  # the link resolves from the rule file's folder


def test_the_one_file_rules_beside_a_folder_with_files_are_never_read(repo: GitRepo):
    repo.commit("roo rules and their legacy files", {
        **RULES,
        ".roorules": "Run the tests before every commit.\n",  # .roo/rules/ has files: unread
        ".roorules-code": "Prefer small functions.\n",  # .roo/rules-code/ has one: unread
        ".roorules-architect": "Draw the layers first.\n",  # no .roo/rules-architect/: read
    })
    result = check_json(repo.path)
    assert roots(result)["."] == "instructions"
    assert found(result) == [("CT745", ".roorules", 1), ("CT745", ".roorules-code", 1)]
    said = {d["path"]: d["message"] for d in result.json["diagnostics"]}
    assert said[".roorules"] == ("Roo Code never reads .roorules: .roo/rules/ holds 2 files "
                                 "(01-style.md, …), which it reads instead")
    assert "holds 1 file (01-code.txt)" in said[".roorules-code"]


def test_the_one_file_rules_are_read_where_the_folder_holds_nothing(repo: GitRepo):
    # Roo Code falls back to .roorules "if .roo/rules/ doesn't exist or is empty": an empty
    # file in the folder, or a folder of folders, leaves .roorules in force.
    repo.commit("legacy rules", {".roorules": "Run the tests before every commit.\n",
                                 ".roo/rules/empty.md": "", ".roo/rules-code/sub/x.md": "",
                                 ".roorules-code": "Prefer small functions.\n"})
    assert found(check_json(repo.path)) == []


def test_the_rules_are_published(repo: GitRepo):
    repo.commit("roo rules", {**RULES, ".roorules": "Old rules.\n"})
    site = build_mkdocs_in_process(repo.path / ".roo/rules", repo.path.parent / "work")
    pages = {p.relative_to(site).as_posix() for p in site.rglob("*.html")}
    assert any("01-style" in page for page in pages), sorted(pages)
    home = (site / "index.html").read_text("utf-8")
    assert "01-style" in home and "Use tabs" in (
        site / next(p for p in pages if "01-style" in p)).read_text("utf-8")


def test_the_home_page_says_the_one_file_rules_are_never_read(repo: GitRepo):
    # The Rules card of .roorules told "every session" while CT745 said Roo never reads it
    # (a measurement on Roo Code rules' repositories): the card and the rule ask one judge.
    repo.commit("legacy rules beside the folder", {
        **RULES, ".roorules": "Run the tests before every commit.\n",
        ".roorules-architect": "Draw the layers first.\n", "CLAUDE.md": "# Project\n"})
    site = build_mkdocs_in_process(repo.path, repo.path.parent / "work", strict=False)
    home = (site / "index.html").read_text("utf-8")
    card = home[home.index("roorules</a>"):][:400]
    assert "never" in card and "Roo Code reads .roo/rules/ instead" in card, card
    other = home[home.index("roorules-architect</a>"):][:300]
    assert "every session" in other and "instead" not in other, other


def test_a_rule_teaching_a_templates_syntax_leaves_no_placeholder(repo: GitRepo):
    # A measurement on Roo Code rules' repositories: a translation mode's rules explain
    # i18next's {{variable}} syntax in prose and quote strings a translator must keep (CT107,
    # twice false). A placeholder left where a value goes is still found, in a rule file and
    # in a template's field.
    repo.commit("translation rules", {
        ".roo/rules-translate/001-general.md": (
            "# Translation\n\n- Implement interpolation for variables using {{variable}} "
            "syntax\n- Placeholders (like {{variable}}) must remain identical\n"
            "- Keep the numbers: \"Used: {{used}} / {{total}}\"\n"
            "- Symbols as they are: \u201c{{amount}} tokens\u201d\n"),
        ".roo/rules-translate/002-left.md": "# Left\n\nUse {{TOOL}} to build it.\n",
        "STATE.md": "---\ntitle: \"{{TITLE}}\"\n---\n# State\n\n**Status:** active\n",
    })
    assert [(code, path) for code, path, _ in found(check_json(repo.path))
            if code == "CT107"] == [("CT107", ".roo/rules-translate/002-left.md"),
                                    ("CT107", "STATE.md")]
