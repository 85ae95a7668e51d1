"""What "fits its template" means (FORMATS.md), checked directly on the model.

The CT1xx/CT2xx rules judge the same things; these assertions do not depend on them, so the
tests of ``new``, ``init`` and ``report --write-audit`` say what they mean on their own.
"""

from __future__ import annotations

from pathlib import Path

from continuity.config import load_config
from continuity.formats.markdown import normalise_heading
from continuity.formats.timestamps import parse_date_value
from continuity.model.tree import Document, HistoryEntry, MemoryTree, Template, discover
from tests.support.common import GitRepo, run_cli


def tree_at(root: Path) -> MemoryTree:
    return discover(load_config(root, use_files=False), root)


def problems(tree: MemoryTree, entry: HistoryEntry) -> list[str]:
    """Everything about ``entry`` that a rule would object to; empty when it fits."""
    found: list[str] = []
    directory = tree.directories[entry.directory]
    template = directory.template
    if entry.parsed_name is None or not entry.parsed_name.valid_date:
        found.append(f"name {entry.name} does not fit {directory.kind.pattern_text}")
    document = entry.document
    if document is None:
        return found + ["not readable Markdown"]
    found += [f"placeholder {p.text} at line {p.line}" for p in document.whole.placeholders()]
    if template.has_frontmatter:
        found += _frontmatter_problems(entry, template)
    present = {s.key for s in document.body.headings(2)}
    found += [f"missing section {s}" for s in template.sections
              if normalise_heading(s) not in present]
    if template.table_fields:
        found += _table_problems(document, template)
    return found


def _frontmatter_problems(entry: HistoryEntry, template: Template) -> list[str]:
    assert entry.document is not None
    front = entry.document.frontmatter
    found: list[str] = []
    if not front.present or front.problems or front.duplicates:
        found.append(f"frontmatter: {front.problems or front.duplicates or 'missing'}")
    found += [f"missing field {k}" for k in template.fields if k not in front.data]
    found += [f"unknown field {k}" for k in front.data if k not in template.fields]
    for key, choices in template.enums.items():
        if key in front.data and front.data[key] not in choices:
            found.append(f"{key}={front.data[key]!r} not in {choices}")
    found += _date_and_turn_problems(entry, front.data)
    for key, value in front.data.items():
        if isinstance(value, list) and value and all(isinstance(v, str) and v.strip()
                                                     for v in value):
            continue  # tags: [a, b]
        if not isinstance(value, str) or not value.strip():
            found.append(f"field {key} is empty or not text: {value!r}")
    return found


def _date_and_turn_problems(entry: HistoryEntry, data: dict[str, object]) -> list[str]:
    found: list[str] = []
    named = entry.parsed_name
    date = data.get("date")
    if isinstance(date, str) and named:
        written = parse_date_value(date)
        if written is None:
            found.append(f"date {date!r} does not parse")
        else:
            if written.date.isoformat() != named.date:
                found.append(f"date {date} disagrees with the name")
            if named.time and (written.moment is None
                               or written.moment.strftime("%H-%M-%S") != named.time):
                found.append(f"date {date} disagrees with the name's time")
    turn = data.get("turn")
    if named and named.turn is not None and str(named.turn) != turn:
        found.append(f"turn {turn!r} disagrees with the name")
    return found


def _table_problems(document: Document, template: Template) -> list[str]:
    found: list[str] = []
    task = document.body.section("Task", level=2)
    rows = {r.cells[0]: r.cells[1:] for r in document.body.table_rows(task)} if task else {}
    for name in template.table_fields:
        if name not in rows or not any(c.strip() for c in rows[name]):
            found.append(f"Task row {name} missing or empty")
    evidence = document.body.section("Evidence", level=2)
    filled = [r for r in (document.body.table_rows(evidence) if evidence else [])
              if r.cells and all(c.strip() for c in r.cells)]
    if not filled:
        found.append("no filled Evidence row")
    return found


def filled_fields(root: Path, directory: str) -> list[str]:
    """``--field`` flags giving every field, Task row and section of ``directory``'s template
    a value, so that ``continuity new`` leaves no filler behind (CT203 once committed)."""
    template = tree_at(root).directories[directory].template
    names = [f for f in template.fields if f not in template.enums and f not in ("date", "turn")]
    sections = [s for s in template.sections
                if not (template.table_fields and normalise_heading(s) == "task")]
    if not template.fields and not sections:  # no template: `new` writes its starter
        sections = ["Summary", "Details"]
    if directory == "snapshots":  # a snapshot copies STATE.md's sections
        sections = []
    names += list(template.table_fields) + sections  # the Task table is filled row by row
    flags: list[str] = []
    for name in dict.fromkeys(names):
        if normalise_heading(name) == "evidence":
            flags += ["--field", "evidence-1=tests pass", "--field",
                      "evidence-path-1=tests/test_parse.py"]
        else:
            flags += ["--field", f"{name}=Written for {name.lower()}."]
    return flags


def initialised_memory(path: Path) -> GitRepo:
    """A repository as a user's first minutes leave it: ``continuity init``, one journal
    entry made with ``continuity new`` (every field given), committed."""
    repo = GitRepo(path)
    run_cli("init", repo.path)
    run_cli("new", "journal", "--title", "First turn", *filled_fields(repo.path, "journal"),
            cwd=repo.path)
    repo.commit("memory")
    return repo
