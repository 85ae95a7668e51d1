"""The pages about the whole tree: home, cycle ledger, notes and findings."""

from __future__ import annotations

import json
from collections import Counter

from continuity.generator import charts
from continuity.generator.context import SiteContext
from continuity.generator.index_pages import activity_points
from continuity.generator.living import living_section
from continuity.generator.render import render
from continuity.generator.shape import SiteShape
from continuity.generator.site import Page
from continuity.generator.withhold import RULE as SECRET_RULE
from continuity.generator.withhold import credential_holders
from continuity.model.ledger import in_range
from continuity.model.notes import Note

LATEST_ON_HOME = 10
#: Characters of a commit's sha the ledger's table shows (the whole one is under its cycle).
SHORT_SHA = 7


def home_page(ctx: SiteContext, shape: SiteShape | None = None, recent_changes: str = "") -> Page:
    """The home page; ``shape``: the convention the root follows and the lists it adds;
    ``recent_changes``: the state timeline's section of the home page, in Markdown."""
    layout = ctx.layout
    shape = shape or SiteShape()
    directories = []
    for name, directory in ctx.tree.directories.items():
        newest = ctx.newest_first([name])
        directories.append({
            "name": name, "page": layout.directory_page(name),
            "kind": "history" if directory.is_history else "library",
            "count": len(directory.entries),
            "latest": ctx.row(newest[0]) if newest else None,
            "indexed_by": [(s, layout.page_of(s.path)) for s in ctx.indexed_by(name)],
        })
    states = [{
        "name": s.name, "page": layout.page_of(s.path),
        "indexes": [(d, layout.directory_page(d)) for d in ctx.indexes(s)],
        "entries": sum(len(ctx.ordered(d)) for d in ctx.indexes(s)),
    } for s in ctx.tree.state_files]
    history = [e for d in ctx.tree.directories.values() if d.is_history for e in d.entries]
    latest = [ctx.row(e) for e in ctx.newest_first(
        [n for n, d in ctx.tree.directories.items() if d.is_history])[:LATEST_ON_HOME]]
    ledger = None
    if ctx.tree.ledger is not None:
        cycles = ctx.records.ledger.cycles if ctx.records.ledger else ()
        last = next((c for c in reversed(cycles) if c.cycle is not None), None)
        ledger = {"cycles": len(cycles), "last": last, "page": layout.ledger}
    notes = None
    all_notes = _notes(ctx)
    if all_notes:
        notes = {"count": len(all_notes), "projects": len({n.project for n in all_notes}),
                 "page": layout.notes}
    by_rule = Counter((d.code, d.name) for d in ctx.check.diagnostics)
    withheld = frozenset({path for path, _ in credential_holders(ctx.tree)}
                         | {d.root_path for d in ctx.check.diagnostics if d.code == SECRET_RULE})
    paths = [s.path for s in ctx.tree.state_files] + [each.path for each in ctx.tree.linked] \
        + [entry.path for d in ctx.tree.directories.values() for entry in d.entries]
    pages = {path: layout.page_of(path) for path in paths}
    living = living_section(ctx.tree, pages, withheld)
    content = render(
        "home.md.j2", layout.home, title=ctx.options.title,
        errors=ctx.errors, warnings=ctx.warnings, check_files=ctx.check.files,
        rules=len(ctx.check.rules), notices=ctx.check.notices,
        by_rule=[(code, name, count) for (code, name), count in sorted(by_rule.items())],
        findings_page=layout.findings, directories=directories, states=states, latest=latest,
        directory_pages={n: layout.directory_page(n) for n in ctx.tree.directories},
        children=ctx.options.children, parent=ctx.options.parent,
        activity_chart=charts.bar_chart(activity_points(history),
                                        title="History entries per month") if history else "",
        has_history=any(d.is_history for d in ctx.tree.directories.values()),
        living=living,
        ledger=ledger, notes=notes, convention=shape.convention,
        lists=[(each.title, layout.list_page(each.page)) for each in shape.lists],
        recent_changes=recent_changes)
    return Page(layout.home, content, "Home", in_nav=True)


def _anchor(cycle: int, seen: Counter[str]) -> str:
    """The heading id MkDocs' toc gives ``### Cycle N`` (``_1`` and so on for repeats)."""
    base = f"cycle-{cycle}"
    seen[base] += 1
    return base if seen[base] == 1 else f"{base}_{seen[base] - 1}"


def ledger_page(ctx: SiteContext) -> Page | None:
    tree_file = ctx.tree.ledger
    if tree_file is None:
        return None
    page = ctx.layout.ledger
    ledger = ctx.records.ledger
    if ledger is None:
        return None
    seen: Counter[str] = Counter()
    cycles = []
    for cycle in ledger.cycles:
        trace = cycle.trace or {}
        reason = trace.get("exemption_reason")
        fields = [(name, value if isinstance(value, str) else json.dumps(value))
                  for name, value in trace.items()]
        goals = None
        if cycle.goals_passing is not None and cycle.goals_total is not None:
            goals = f"{cycle.goals_passing}/{cycle.goals_total}"
        cycles.append({
            "cycle": cycle.cycle, "line": cycle.line, "result": cycle.result or "",
            "targets": ", ".join(cycle.targets), "goals": goals, "sha": cycle.sha or "",
            "timestamp": cycle.timestamp or "", "trace_status": cycle.trace_status,
            "missing": cycle.missing_trace_fields if cycle.trace_status == "incomplete" else (),
            "exemption": reason if isinstance(reason, str) else None, "fields": fields,
            "anchor": _anchor(cycle.cycle, seen) if cycle.cycle is not None else "",
            "idle": charts.is_idle(cycle), "short": (cycle.sha or "")[:SHORT_SHA],
            "commit_url": ctx.options.commit_url(cycle.sha),
        })
    bad_lines = [{"line": line.line, "reason": line.error or "not a JSON object"}
                 for line in ledger.lines if not line.blank and not line.is_object]
    points = charts.trajectory(ledger.cycles)
    title = "Goals passing (solid) of goals total (dashed), by cycle"
    if any(point.idle for point in points):
        title += "; grey on the axis: idle"
    content = render(
        "ledger.md.j2", page, path=tree_file.path, session=_session(ctx),
        unreadable=ledger.unreadable, cycles=cycles, bad_lines=bad_lines,
        chart=charts.line_chart(points, title=title, y_label="goals"),
        findings=ctx.findings_for(tree_file.path))
    return Page(page, content, "Cycle ledger", in_nav=True)


def _session(ctx: SiteContext) -> dict[str, str] | None:
    session = ctx.records.session_state
    if session is None:
        return None
    if session.unreadable:
        summary = "could not be read"
    elif session.error is not None:
        summary = "is not valid JSON"
    else:  # the value check parsed; a cycle is shown only when it is a number in range
        summary = (f"records cycle {session.cycle}" if in_range(session.cycle)
                   else "records no cycle")
    return {"path": session.path, "summary": summary}


def _notes(ctx: SiteContext) -> list[Note]:
    notes: list[Note] = []
    for store in ctx.records.note_stores:
        notes.extend(store.notes)
    return [n for n in notes if n.fact]


def notes_page(ctx: SiteContext) -> Page | None:
    if not ctx.tree.note_stores:
        return None
    page = ctx.layout.notes
    notes = sorted(_notes(ctx), key=lambda n: (n.time or "", n.store, n.line), reverse=True)
    projects: dict[str, list[Note]] = {}
    tags: dict[str, list[Note]] = {}
    for note in notes:
        projects.setdefault(note.project or "(no project)", []).append(note)
        for tag in note.tags:
            tags.setdefault(tag, []).append(note)
    problems = sum(1 for store in ctx.records.note_stores
                   for line in store.lines if not line.blank and not line.is_object)
    content = render(
        "notes.md.j2", page, count=len(notes),
        stores=[store.path for store in ctx.tree.note_stores],
        projects=sorted(projects.items()), tags=sorted(tags.items()),
        problems=problems, findings_page=ctx.layout.findings)
    return Page(page, content, "Notes", in_nav=True)


#: Findings listed one by one on the findings page; the table by rule counts them all. A tree
#: with 40,000 dead links made a 14 MB page that took the build minutes (Markdown, search).
MAX_FINDINGS_LISTED = 1_000


def findings_page(ctx: SiteContext) -> Page:
    page = ctx.layout.findings
    by_rule = Counter((d.code, d.name, d.severity.value) for d in ctx.check.diagnostics)
    listed = ctx.check.diagnostics[:MAX_FINDINGS_LISTED]
    content = render(
        "findings.md.j2", page, errors=ctx.errors, warnings=ctx.warnings,
        rules=len(ctx.check.rules), check_files=ctx.check.files, notices=ctx.check.notices,
        by_rule=[(c, n, s, count) for (c, n, s), count in sorted(by_rule.items())],
        diagnostics=[(d, ctx.layout.page_for_finding(d.root_path)) for d in listed],
        left_out=len(ctx.check.diagnostics) - len(listed), most=MAX_FINDINGS_LISTED)
    return Page(page, content, "Findings", in_nav=True)
