"""A credential in the tree reaches no page of the site, even in a build without --strict."""

from __future__ import annotations

import html
from pathlib import Path

from tests.support.common import minimal_tree, run_cli, write_files
from tests.support.site_support import build, write_mkdocs_yml

TOKEN = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
SNAPSHOT = minimal_tree()["snapshots/2026-01-02T10-00-00.md"]


def holding_tree(root: Path) -> None:
    files = minimal_tree()
    files["journal/2026-01-02-turn-1.md"] = files["journal/2026-01-02-turn-1.md"].replace(
        "Wrote the parser.", f"Wrote the parser with token {TOKEN} for the API.")
    # The snapshot after one that held the token: its page shows what changed, old lines too.
    files["snapshots/2026-01-02T10-00-00.md"] = SNAPSHOT.replace("Starting.", f"Key {TOKEN}")
    files["snapshots/2026-01-03T10-00-00.md"] = SNAPSHOT.replace(
        "2026-01-02", "2026-01-03").replace("Starting.", "Key rotated.")
    files["artifacts/ENTRY.template.md"] = "# Artifact\n\n## Summary\n\n{{SUMMARY}}\n"
    files["artifacts/2026-01-02-config.json"] = f'{{"token": "{TOKEN}"}}\n'
    write_files(root, files)


def every_byte(directory: Path) -> bytes:
    return b"".join(p.read_bytes() for p in sorted(directory.rglob("*")) if p.is_file())


def test_generate_withholds_the_pages_and_copies_of_files_holding_a_credential(tmp_path: Path):
    root = tmp_path / "memory"
    holding_tree(root)
    result = run_cli("generate", "--out", tmp_path / "out", "--no-git", cwd=root)
    assert result.code == 0, result.err
    out = every_byte(tmp_path / "out")
    assert TOKEN.encode() not in out
    journal = next((tmp_path / "out").rglob("2026-01-02-turn-1.md")).read_text("utf-8")
    assert "Withheld: this file holds a credential" in journal
    source = (root / "journal/2026-01-02-turn-1.md").read_text("utf-8").split("\n")
    line = next(number for number, text in enumerate(source, 1) if TOKEN in text)
    assert f"(CT601 secret, line {line})" in journal and "Wrote the parser" not in journal
    # The next snapshot's diff quotes the old line, redacted; its own content stays.
    # The diff is shown as escaped HTML text: read as the browser shows it.
    later = html.unescape(next((tmp_path / "out").rglob("2026-01-03T10-00-00.md"))
                          .read_text("utf-8"))
    assert "[redacted:github-token]" in later and "Key rotated." in later
    assert not list((tmp_path / "out").rglob("2026-01-02-config.json"))


def test_a_build_without_strict_publishes_no_credential(tmp_path: Path):
    project = tmp_path / "project"
    holding_tree(project / "memory")
    write_mkdocs_yml(project, options={"root": "memory"})
    done = build(project)
    assert done.error is None, done.said
    assert TOKEN.encode() not in every_byte(done.site)
    assert "Withheld: this file holds a credential" in done.html(
        next(p.relative_to(done.site).as_posix() for p in done.site.rglob("index.html")
             if "2026-01-02-turn-1" in p.as_posix()))


def test_a_tree_that_turns_ct601_off_publishes_what_it_wrote(tmp_path: Path):
    root = tmp_path / "memory"
    holding_tree(root)
    write_files(root, {"continuity.toml": 'ignore = ["CT601"]\n'})
    assert run_cli("generate", "--out", tmp_path / "out", "--no-git", cwd=root).code == 0
    assert TOKEN.encode() in every_byte(tmp_path / "out")
