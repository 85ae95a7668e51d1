"""Include and template directives in the tree are data (issue 23, item 1).

With pymdownx.snippets on (a common Material setup), a line ``--8<-- ".git/config"`` is an
instruction to paste a file of the disk into the page; mkdocs-macros, include-markdown (both
also built into Zensical) and markdown-include read ``{{ }}``, ``{% include %}`` and ``{!file!}``.
Tree content reaches Markdown on many surfaces: entries, state files, frontmatter values, the
shown source of artifacts (text, YAML, CSV, JSON, SVG), JSONL history logs, a snapshot's diff.
Every form of every directive, on every surface, is written into one tree; real builds (the
plugin with snippets on, and ``generate`` output built by MkDocs with snippets and by Zensical
with snippets, macros and include-markdown) must publish neither the repository's
``.git/config`` nor a credential file beside it, in any page or in the search index, while the
same build does include a file for the site's own page (the extension is really on).
"""

from __future__ import annotations

import itertools
import json
import re
import sys
from pathlib import Path

import pytest
import yaml

from continuity.generator.portable import break_directives, portable_markdown
from tests.support.common import GitRepo, minimal_tree, run_cli, write_files
from tests.support.engines import BIN, THEME, _run
from tests.support.site_support import build, write_mkdocs_yml

GIT_MARKER = "plantedgitconfigvalue"
PRIVATE_MARKER = "PLANTED-PRIVATE-CONTENT"
CONTROL_MARKER = "CONTROL-INCLUDED-BY-THE-SITE"
TARGETS = [".git/config", "private.txt", "./private.txt", "memory/../private.txt",
           "../project/private.txt"]


def _directives(absolute: Path) -> list[str]:
    """Every spelling of an include we know of: snippets' inline and block forms (dashes,
    quotes, the ``;`` escape, indentation, line ranges), macros, include-markdown,
    markdown-include."""
    targets = [*TARGETS, str(absolute)]
    lines = []
    for target, (lead, marker, quote) in zip(
            itertools.cycle(targets),
            itertools.product(["", "  ", "\t", ";", " ;"], ["--8<--", "-8<-", "---8<---"],
                              ['"', "'"])):
        lines.append(f"{lead}{marker} {quote}{target}{quote}")
    for target in targets:
        lines += [f'--8<-- "{target}:1:3"', "--8<--", target, "--8<--",
                  f'{{% include "{target}" %}}', f'{{% include-markdown "{target}" %}}',
                  f"{{!{target}!}}", "{{ config.site_name }}{{ 7 * 7 }}"]
    return lines


def _tree(absolute: Path) -> dict[str, str]:
    lines = _directives(absolute)
    block = "\n".join(lines) + "\n"
    quoted = json.dumps(block)
    before = ("---\ndate: 2026-01-05T10:00:00Z\nagent: wren\nversion: 0.1\nstatus: active\n---"
              "\n\n# Snapshot — 2026-01-05\n\n## State at snapshot\n\n" + block +
              '\n--8<-- ".git/config"\nStarting.' + "\n\n## Active objective\n\nParser.\n\n"
              "## Blockers\n\nNone.\n\n"
              "## Next action\n\nWrite it.\n")
    return {
        **minimal_tree(),
        "STATE.md": minimal_tree()["STATE.md"] + "\n" + block,
        "journal/2026-01-04-turn-2.md": (
            f"---\ndate: 2026-01-04\nturn: 2\nobjective: {json.dumps(lines[0])}\n"
            f"tags: {json.dumps(lines[:6] + lines[-8:])}\n---\n\n# Journal Entry — 2026-01-04\n\n"
            f"## Context before\n\n{block}\n```\n{block}```\n\n    {lines[1]}\n\n"
            f"> {lines[2]}\n\n- {lines[3]}\n\n`{lines[4]}`\n\n## Actions taken\n\nNone.\n\n"
            "## Result\n\nNone.\n\n## Next\n\nNone.\n"),
        "artifacts/2026-01-04-notes.txt": block,
        "artifacts/2026-01-04-config.yaml": f"key: value\n{block}",
        "artifacts/2026-01-04-table.csv": f"a,b\n{block}",
        "artifacts/2026-01-04-data.json": f'{{"x": {quoted}}}\n{block}',
        "artifacts/2026-01-04-plot.svg": f"<svg xmlns='http://www.w3.org/2000/svg'>\n{block}</svg>",
        "logs/events.jsonl": "".join(json.dumps({"event": line}) + "\n" for line in lines)
                             + block,
        "snapshots/2026-01-05T10-00-00.md": before,
        "snapshots/2026-01-06T10-00-00.md": before.replace("Starting.", "Started.")
                                                 .replace("2026-01-05", "2026-01-06"),
    }


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    project = tmp_path_factory.mktemp("includes") / "project"
    repo = GitRepo(project)
    repo.git("config", "continuity.planted", GIT_MARKER)
    write_files(project, {"private.txt": PRIVATE_MARKER + "\n",
                          "control.txt": CONTROL_MARKER + "\n",
                          "docs/own.md": '# Own page\n\n--8<-- "control.txt"\n'})
    write_files(project / "memory", _tree(project / "private.txt"))
    assert GIT_MARKER in (project / ".git" / "config").read_text("utf-8")
    return project


def _leaks(site: Path) -> list[str]:
    found = []
    for path in site.rglob("*"):
        if path.is_file():
            data = path.read_bytes().decode("utf-8", "replace")
            for marker in (GIT_MARKER, PRIVATE_MARKER, "49"):
                if marker == "49":  # {{ 7 * 7 }} evaluated
                    if path.suffix == ".html" and _evaluated(data):
                        found.append(f"{path.relative_to(site)}: a template ran")
                elif marker in data:
                    found.append(f"{path.relative_to(site)}: {marker}")
    return found


def _evaluated(html: str) -> bool:
    """Whether ``{{ 7 * 7 }}`` ran: a 49 of its own (``site49`` after ``{{ config.site_name }}``
    counts), not a piece of a longer number, of an absolute path (the tree names the private
    file by its path, and pytest's folder may be ``pytest-49``: a CI run failed so), of a hex
    name (``a49f0c1``) or of a time (``10:49``)."""
    html = re.sub(r"(?<![\w.])/(?:[\w.+-]+/)+[\w.+-]*", "", html)
    for match in re.finditer(r"(?<![\d.])49(?![\d.])", html):
        start, end = match.span()
        while start > 0 and html[start - 1].isalnum():
            start -= 1
        while end < len(html) and html[end].isalnum():
            end += 1
        if re.fullmatch(r"[0-9a-f]{7,40}", html[start:end]) or html[:match.start()].endswith(
                tuple(f"{hour:02d}:" for hour in range(24))):
            continue
        return True
    return False


def _control_included(site: Path) -> bool:
    return CONTROL_MARKER in (site / "own" / "index.html").read_text("utf-8")


SNIPPETS = {"pymdownx.snippets": {"base_path": ["."], "check_paths": False,
                                  "restrict_base_path": False}}


def test_the_plugin_with_snippets_on_includes_nothing_from_the_tree(project: Path):
    write_mkdocs_yml(project, options={"root": "memory"}, extra={
        "markdown_extensions": ["pymdownx.superfences", "attr_list", "md_in_html", SNIPPETS]})
    result = build(project, site=project / "site-plugin")
    assert result.error is None, result.said
    assert _control_included(result.site)
    assert (result.site / "search" / "search_index.json").is_file()
    assert _leaks(result.site) == []
    # Every surface made a page (nothing passed by being left out).
    for page in ["STATE/", "journal/2026-01-04-turn-2/", "artifacts/2026-01-04-notes-txt/",
                 "artifacts/2026-01-04-config-yaml/", "artifacts/2026-01-04-table-csv/",
                 "artifacts/2026-01-04-plot-svg/", "logs/events-jsonl/",
                 "snapshots/2026-01-06T10-00-00/"]:
        assert (result.site / page / "index.html").is_file(), page
    diff = (result.site / "snapshots/2026-01-06T10-00-00/index.html").read_text("utf-8")
    assert "8&lt;" in diff and "Started." in diff  # the context lines are shown, as text


@pytest.fixture(scope="module")
def generated(project: Path) -> Path:
    out = project / "generated" / "docs"
    done = run_cli("generate", str(project / "memory"), "--out", str(out), "--no-git",
                   "--nav-file", str(project / "generated" / "nav.yml"), cwd=project)
    assert done.code == 0, done.err
    (out / "own.md").write_text('# Own page\n\n--8<-- "control.txt"\n', "utf-8")
    return out


def test_generated_markdown_holds_no_directive(generated: Path):
    directive = re.compile(r"^[ \t;>]*-+8<-+|\{[{%!]", re.MULTILINE)
    for page in generated.rglob("*.md"):
        if page.name != "own.md":
            text = page.read_text("utf-8")
            assert not directive.search(text), (page, directive.search(text))


def test_generate_output_built_by_mkdocs_with_snippets_includes_nothing(project: Path,
                                                                       generated: Path):
    work = generated.parent
    config = {"site_name": "Generated", "docs_dir": "docs", "theme": THEME,
              "markdown_extensions": ["pymdownx.superfences", "attr_list", "md_in_html",
                                      {"pymdownx.snippets": {
                                          "base_path": [str(project)], "check_paths": False,
                                          "restrict_base_path": False}}]}
    (work / "mkdocs.yml").write_text(yaml.safe_dump(config), "utf-8")
    _run([str(BIN / "mkdocs"), "build", "-d", str(work / "site-mkdocs")], work)
    assert _control_included(work / "site-mkdocs")
    assert _leaks(work / "site-mkdocs") == []


def test_generate_output_built_by_zensical_with_every_include_on(project: Path):
    work = project / "zensical"
    docs = work / "docs"
    _run([sys.executable, "-m", "continuity", "generate", str(project / "memory"), "--out",
          str(docs), "--no-git", "--nav-file", str(work / "nav.yml")], project)
    (docs / "own.md").write_text('# Own page\n\n--8<-- "control.txt"\n\nSix times seven: '
                                 "{{ 6 * 7 }}.\n", "utf-8")
    config = {"site_name": "Generated", "docs_dir": "docs", "theme": THEME,
              "plugins": ["search", "macros", "include-markdown"],
              "markdown_extensions": [{"pymdownx.snippets": {
                  "base_path": [str(project)], "check_paths": False,
                  "restrict_base_path": False}}, "pymdownx.superfences", "attr_list"]}
    (work / "mkdocs.yml").write_text(yaml.safe_dump(config), "utf-8")
    _run([str(BIN / "zensical"), "build", "--clean"], work)
    assert _control_included(work / "site")
    assert "Six times seven: 42." in (work / "site" / "own" / "index.html").read_text("utf-8")
    assert _leaks(work / "site") == []


@pytest.mark.parametrize("line", _directives(Path("/tmp/private.txt")))
def test_every_directive_is_broken_in_portable_and_plugin_markdown(line: str):
    directive = re.compile(r"^[ \t;>]*-+8<-+|\{[{%!]", re.MULTILINE)
    for text in (line, f"```\n{line}\n```", f"> {line}", f"- {line}", f"`{line}`"):
        assert not directive.search(break_directives(text)), text
        assert not directive.search(portable_markdown(break_directives(text))), text
