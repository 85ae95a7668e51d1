"""The review as plain text for a terminal: one block per memory root."""

from __future__ import annotations

from continuity.changes.model import CommitRef, FindingRef, Review, RootChanges
from continuity.changes.roots import TOP
from continuity.changes.window import describe
from continuity.formats.words import plural
from continuity.output import one_line


def many(count: int, word: str) -> str:
    """'1 history entry', '3 history entries'."""
    if count == 1:
        return f"1 {word}"
    return f"{count} {word[:-1] + 'ies' if word.endswith('y') else word + 's'}"


def commit_words(ref: CommitRef | None) -> str:
    """'a1b2c3d Ann 2026-06-01 "subject"', or 'not committed yet'."""
    if ref is None:
        return ""
    if not ref.sha:
        return "not committed yet"
    return one_line(f'{ref.short} {ref.author} {ref.day} "{ref.subject}"')


def range_words(review: Review) -> str:
    base, head = review.base, review.head
    base_text = f"{(base['sha'] or '')[:7]} ({base['rev']})"
    head_text = f"{(head['sha'] or '')[:7]} ({head['rev']})" if head["sha"] else \
        f"the {head['rev']}"
    return f"{base_text} .. {head_text}"


def root_heading(root: RootChanges) -> str:
    where = "the top of the repository" if root.root == "." and not root.prefix else \
        f"{root.root}/" if root.root != "." else "."
    return f"{where} — {root.convention} ({plural(root.commits, 'commit')} in the range)"


def render(review: Review) -> str:
    lines = [f"continuity diff: {range_words(review)}"]
    lines += [f"note: {n}" for n in review.notices]
    if not review.checked:
        lines.append("note: findings were not compared (--no-check)")
    quiet = [root for root in review.roots if not root.changed and not root.notices]
    for root in review.roots:
        if root in quiet and len(review.roots) > 1:
            continue
        lines += ["", root_heading(root)]
        lines += [f"  note: {one_line(n)}" for n in root.notices]
        if not root.changed:
            lines.append("  no change to the memory in this range")
            continue
        lines += _root(root, review.checked)
    if quiet and len(review.roots) > 1:
        lines += ["", f"no change in this range: {unchanged_list(quiet)}"]
    # Each line one line: a file name or a subject holding a newline cannot forge another.
    return "\n".join(one_line(line) for line in lines) + "\n"


def unchanged_list(roots: list[RootChanges]) -> str:
    return one_line(", ".join(f"{r.root}/" if r.root != "." else "." for r in roots))


def _root(root: RootChanges, checked: bool) -> list[str]:
    out: list[str] = []
    if root.living:
        out.append("  living files")
        for living in root.living:
            counts = f"{living.lines_before} → {living.lines_after} lines"
            out.append(f"    {living.status} {living.kind} {living.path} ({counts})")
            if living.note:
                out.append(f"      {living.note}")
            for section in living.sections:
                name = f"## {section.name}" if section.name else "(before the first heading)"
                by = "; ".join(commit_words(c) for c in section.commits)
                status = f"renamed from ## {section.old_name}" if section.old_name \
                    else section.status
                out.append(f"      {name}: {status}" + (f" — {by}" if by else ""))
                out += [f"        + {one_line(line)}" for line in section.added]
                out += [f"        - {one_line(line)}" for line in section.removed]
    if root.files:
        out.append("  files")
        for event in root.files:
            name = f"{event.old_path} → {event.path}" if event.old_path else event.path
            binary = " (binary: not compared)" if event.binary else ""
            if event.sections:
                binary += " (" + ", ".join(_section(s) for s in event.sections[:6]) + \
                    (f", {len(event.sections) - 6} more" if len(event.sections) > 6 else "") + ")"
            out.append(f"    {event.status} {event.kind} {name}{binary}"
                       + (f" — {commit_words(event.commit)}" if event.commit else ""))
    if root.dangling:
        out.append("  index lines left pointing at what is gone")
        out += [f"    {d.index}:{d.line} → {d.target} ({d.why})" for d in root.dangling]
    if root.appended:
        out.append("  appended")
        out += [f"    {a.place}: {many(a.count, a.what)}" for a in root.appended]
    if root.broken:
        out.append("  append-only promises broken")
        out += [f"    {b.path}: {b.what}" + (f" — {commit_words(b.commit)}" if b.commit else "")
                for b in root.broken]
    if root.windows:
        out.append("  load window")
        out += [f"    {describe(w)}" for w in root.windows]
    if checked:
        out += _findings("findings introduced", root.introduced)
        out += _findings("findings fixed", root.fixed)
    if root.drift:
        out.append("  cited but gone at HEAD (drift)")
        out += [f"    {d.path}:{d.line} {d.kind} {d.cited}"
                + (f" — removed by {commit_words(d.removed_by)}" if d.removed_by else "")
                for d in root.drift]
    return out


def _section(name: str) -> str:
    return name if name == TOP else f"## {name}"


def _findings(title: str, found: list[FindingRef]) -> list[str]:
    if not found:
        return []
    return [f"  {title} ({len(found)})"] + [
        f"    {f.path}:{f.line} {f.code} {f.name} ({f.severity}): {one_line(f.message)}"
        for f in found]
