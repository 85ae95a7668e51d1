"""Any file-name bytes (issue 34, #14): a Latin-1 name (``caf\\xe9.md``) aborted ``generate``,
``mkdocs build`` and ``report`` with ``internal error: UnicodeEncodeError``. A name that is not
UTF-8 cannot be named as it is on a page, in a URL or in a report, so it is left out of every
listing and reported (CT210, its bytes escaped); the rest of the tree is judged and built.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.support.common import GitRepo, minimal_tree, run_cli, write_files
from tests.support.site_support import build, write_mkdocs_yml

NAMES = (b"journal/caf\xe9.md", b"not\xe9s.md", b"d\xe9j\xe0/STATE.md")
TOKEN = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"


@pytest.fixture(params=["git", "no-git"])
def project(request, tmp_path: Path) -> tuple[Path, tuple[str, ...]]:
    top = tmp_path / "project"
    write_files(top / "memory", minimal_tree())
    for name in NAMES:
        path = os.path.join(os.fsencode(top / "memory"), name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as handle:
            handle.write(b"# Caf\xc3\xa9\n\nA note.\n")
    write_mkdocs_yml(top, options={"root": "memory"})
    if request.param == "git":
        repo = GitRepo(top)
        repo.commit("Start")
        return top, ()
    return top, ("--no-git",)


def test_check_and_report_say_what_they_did_not_read(project: tuple[Path, tuple[str, ...]]):
    top, flags = project
    for command in (("check",), ("check", "--output-format", "json"), ("report",),
                    ("report", "--format", "json"), ("report", "--format", "html")):
        result = run_cli(*command, *flags, "memory", cwd=top)
        assert result.code in (0, 1), (command, result.err)
        assert "internal error" not in result.err
        assert "caf" in result.out and "not UTF-8" in result.out, command
        assert result.code == 1 or command[0] == "report", command


def test_generate_and_mkdocs_build(project: tuple[Path, tuple[str, ...]], tmp_path: Path):
    top, flags = project
    out = tmp_path / "pages"
    generated = run_cli("generate", *flags, "--out", str(out), cwd=top)
    assert generated.code == 0, generated.err
    assert "caf\\xe9.md" in (out / "findings.md").read_text("utf-8")
    assert (out / "STATE.md").exists() or any(out.rglob("*.md"))
    built = build(top)
    assert built.error is None, built.said
    assert any("not UTF-8" in r.getMessage() for r in built.records)
    assert (top / "site" / "index.html").exists()


def test_a_committed_credential_under_such_a_name_is_still_reported(tmp_path: Path):
    """Left out of the tree's listing, the file is still among those git tracks: scanned."""
    repo = GitRepo(tmp_path / "repo")
    write_files(repo.path, minimal_tree())
    with open(os.path.join(os.fsencode(repo.path), b"not\xe9s.md"), "wb") as handle:
        handle.write(f"# Notes\n\nThe token {TOKEN}\n".encode())
    repo.commit("Start")
    for form in ("text", "json", "github", "sarif"):
        result = run_cli("check", "--output-format", form, cwd=repo.path)
        assert result.code == 1 and "CT601" in result.out and TOKEN not in result.out, form
