"""Inputs that stopped every command at once: numbers past what ``int()`` converts, and names
at the file system's limit. Each is a finding or a page, never a traceback."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote

import pytest

from tests.support.common import GitRepo, minimal_tree, write_files
from tests.support.site_support import write_mkdocs_yml

from .conftest import run_command, run_mkdocs

ENTRY = "journal/2026-01-02-turn-1.md"


@pytest.mark.parametrize("digits", [19, 5000, 100_000])
def test_a_turn_of_thousands_of_digits_is_a_finding_in_every_command(tmp_path: Path,
                                                                   digits: int):
    repo = GitRepo(tmp_path / "repo")
    root = repo.path / "memory"
    tree = minimal_tree()
    tree[ENTRY] = tree[ENTRY].replace("turn: 1", "turn: " + "7" * digits)
    write_files(root, tree)
    write_mkdocs_yml(repo.path, options={"root": "memory"})
    repo.commit("tree")
    checked = run_command("check", "--output-format", "json", cwd=root, codes=(1,))
    found = [d for d in json.loads(checked.out)["diagnostics"] if d["code"] == "CT208"]
    assert [d["path"] for d in found] == [ENTRY]
    assert len(found[0]["message"]) < 200  # the value is cut, not printed whole
    for args in (("report", "--format", "json"), ("report", "--format", "html"),
                 ("generate", "--out", str(tmp_path / "out"))):
        run_command(*args, cwd=root, codes=(0, 1))
    run_mkdocs("build", cwd=repo.path)
    assert (repo.path / "site" / "index.html").is_file()


def _long_names() -> dict[str, str | bytes]:
    artifact = "artifacts/2026-01-02-" + "a" * 240 + ".txt"  # 255 bytes: the limit
    unicode = "artifacts/2026-01-03-" + "é" * 117 + ".csv"  # 255 bytes in UTF-8
    page = "knowledge/" + "b" * 252 + ".md"
    return {artifact: "measured\n", unicode: "a,b\n1,2\n", page: "# B\n\nA long name.\n",
            "ARTIFACTS.md": "# ARTIFACTS\n\nFiles.\n\n## Mesh index\n\n"
                            "- **Indexes:** `artifacts/`, `knowledge/`\n"}


def test_names_at_the_file_system_limit_get_pages_that_links_reach(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    root = repo.path / "memory"
    write_files(root, {**minimal_tree(), **_long_names()})
    write_mkdocs_yml(repo.path, options={"root": "memory"})
    repo.commit("tree")
    out = tmp_path / "out"
    run_command("generate", "--out", str(out), cwd=root, codes=(0, 1))
    written = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert all(len(part.encode()) <= 255 for path in written for part in path.split("/"))
    for long_name in _long_names():
        if long_name.startswith("artifacts/"):
            assert long_name in written  # the copy keeps its own name (it exists, so it fits)
    # Every relative Markdown link between generated pages resolves to a written file.
    dead = []
    for page in (p for p in out.rglob("*.md")):
        for target in re.findall(r"\]\(([^)#\s]+\.md)(?:#[^)]*)?\)", page.read_text("utf-8")):
            if "://" in target:
                continue
            resolved = (page.parent / unquote(target)).resolve()
            if not resolved.is_file():
                dead.append((page.relative_to(out).as_posix(), target))
    assert dead == []
    pages = [p for p in written if p.startswith("artifacts/2026-01-02-aaaa") and p.endswith(".md")]
    assert len(pages) == 1 and len(Path(pages[0]).name.encode()) <= 200
    run_mkdocs("build", cwd=repo.path)
    site = {p.relative_to(repo.path / "site").as_posix() for p in (repo.path / "site").rglob("*")}
    assert any(p.startswith("artifacts/2026-01-02-aaaa") and p.endswith("index.html")
               for p in site)
