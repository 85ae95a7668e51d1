"""Dead links on the site: marked with a class and a title on the link itself, no script."""

from __future__ import annotations

import logging
import re
from pathlib import Path

from tests.support.common import GitRepo, minimal_tree
from tests.support.site_support import build, write_mkdocs_yml

NOTES = ("See [turn 9](journal/2026-01-09-turn-9.md \"the turn\") and ![chart](artifacts/c.png),\n"
         "[the TODO](TODO.md), [up](#status), [gone](#nope) and `[code](missing.md)`.\n")


def project_with_links(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    repo = GitRepo(project)
    tree = minimal_tree()
    tree["STATE.md"] = tree["STATE.md"].replace("## Mesh index", f"## Notes\n\n{NOTES}\n"
                                                "## Mesh index")
    journal = "journal/2026-01-02-turn-1.md"
    tree[journal] = tree[journal].replace("Wrote the parser.",
                                          "Wrote the parser ([notes](../notes/parser.md)).")
    repo.commit("memory", {f"memory/{name}": text for name, text in tree.items()})
    write_mkdocs_yml(project, options={"root": "memory"})
    return project


def marked(html: str) -> list[str]:
    return re.findall(r'<(?:a|img) [^>]*class="continuity-dead-link"[^>]*>', html)


def test_dead_links_are_marked_on_state_and_entry_pages(tmp_path: Path):
    result = build(project_with_links(tmp_path), strict=True)
    assert result.error is None, result.said  # CT111 is a warning: the strict build passes
    state = result.html("STATE/")
    dead = marked(state)
    assert len(dead) == 3, dead
    assert 'href="journal/2026-01-09-turn-9.md"' in dead[0]
    assert 'title="dead link journal/2026-01-09-turn-9.md: no such file or directory (CT111 ' \
        'dead-link)"' in dead[0]
    assert dead[1].startswith("<img") and 'alt="chart"' in dead[1]
    assert 'href="#nope"' in dead[2] and "no heading with the anchor #nope" in dead[2]
    assert ">turn 9</a>" in state  # the link's text stays
    live = re.findall(r'<a [^>]*href="[^"]*"[^>]*>(?:the TODO|up)</a>', state)
    assert len(live) == 2 and not any("continuity-dead-link" in a for a in live)
    assert "<code>[code](missing.md)</code>" in state  # code is an example, not a link
    entry = next(p for p in (result.site / "journal").rglob("index.html")
                 if "2026-01-02-turn-1" in str(p)).read_text("utf-8")
    assert len(marked(entry)) == 1 and 'href="../notes/parser.md"' in marked(entry)[0]
    assert "<script" not in state.split("<article", 1)[1].split("</article>")[0]
    mkdocs_own = [r.getMessage() for r in result.records  # the finding itself is logged
                  if r.levelno >= logging.WARNING and r.name != "mkdocs.plugins.continuity"]
    assert not any("continuity-dead-link" in w or "parser.md" in w for w in mkdocs_own)
