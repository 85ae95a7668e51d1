"""The review as GitHub-flavoured Markdown, for a pull-request comment or a job summary.

One heading per memory root, a summary table, then one ``<details>`` block per living file
(its sections, the lines they gained and lost in a ``diff`` fence, who changed each) and tables
of files, appended entries, broken promises, findings and drift. Everything from the tree is
shown literally: table cells are HTML-escaped with ``|`` escaped, fenced lines sit in a fence
longer than any run of backticks in them. A comment holds at most 65,536 characters: blocks
are added while they fit, then one line says how many were left out and where the whole
review is.
"""

from __future__ import annotations

import re
from html import escape

from continuity.changes.model import CommitRef, FindingRef, LivingReview, Review, RootChanges
from continuity.changes.window import describe
from continuity.output import printable
from continuity.review.text import many, range_words, root_heading, unchanged_list

#: GitHub refuses a comment (and an issue body) longer than this many characters.
COMMENT_LIMIT = 65_536
_RESERVE = 600  # for the line that says what was cut


def cell(value: str) -> str:
    """Tree text in a table cell or a line: literal, never HTML, never a column break."""
    return escape(" ".join(printable(value).split()), quote=False).replace("|", "\\|") \
        .replace("`", "\\`").replace("*", "\\*").replace("_", "\\_").replace("[", "\\[")


def code(value: str) -> str:
    value = " ".join(printable(value).split()).replace("|", "\\|")
    return f"`` {value} ``" if "`" in value else f"`{value}`"


def commit_cell(ref: CommitRef | None) -> str:
    if ref is None:
        return ""
    if not ref.sha:
        return "not committed yet"
    return f"{code(ref.short)} {cell(ref.author)} {ref.day} — {cell(ref.subject)}"


def render(review: Review, limit: int = COMMENT_LIMIT, report: str | None = None,
           more: str | None = None) -> str:
    """The review in at most ``limit`` characters; ``report``: the file that holds the whole
    one, or ``more``: where it is, in words (named in the line written when blocks are cut)."""
    head = [f"## Memory review: {cell(range_words(review))}", ""]
    head += [f"> {cell(n)}" for n in review.notices]
    if not review.checked:
        head += ["> Findings were not compared (`--no-check`).", ""]
    blocks: list[str] = []
    quiet = [root for root in review.roots if not root.changed and not root.notices]
    for root in review.roots:
        if root not in quiet or len(review.roots) == 1:
            blocks += _root_blocks(root, review.checked)
    if quiet and len(review.roots) > 1:
        blocks.append(f"No change in this range: {cell(unchanged_list(quiet))}\n")
    out = "\n".join(head) + "\n"
    for index, block in enumerate(blocks):
        if len(out) + len(block) + 1 > limit - _RESERVE:
            left = len(blocks) - index
            where = f" in {code(report)}" if report else f" in {more}" if more else \
                " (run `continuity diff` for the whole review)"
            out += (f"\n**{many(left, 'more part')} of the review not shown here: a comment "
                    f"holds {limit:,} characters. More in the report{where}.**\n")
            break
        out += block + "\n"
    return out


def _root_blocks(root: RootChanges, checked: bool) -> list[str]:
    blocks = [f"### {cell(root_heading(root))}\n"]
    notes = [f"> {cell(n)}" for n in root.notices]
    if notes:
        blocks.append("\n".join(notes) + "\n")
    if not root.changed:
        blocks.append("No change to the memory in this range.\n")
        return blocks
    rows = [("Living files changed", len(root.living)),
            ("Files added, renamed, deleted", len(root.files)),
            ("Entries, notes and cycles appended", sum(a.count for a in root.appended)),
            ("Append-only promises broken", len(root.broken)),
            ("Index lines left pointing at what is gone", len(root.dangling)),
            ("Findings introduced", len(root.introduced)),
            ("Findings fixed", len(root.fixed)),
            ("Cited but gone at HEAD (drift)", len(root.drift))]
    table = ["| | |", "|---|---:|"] + [f"| {name} | {count} |" for name, count in rows if count]
    blocks.append("\n".join(table) + "\n")
    if root.windows:
        blocks.append("\n".join(f"- :warning: {cell(describe(w))}" for w in root.windows)
                      + "\n")
    if root.broken:
        lines = ["**Append-only promises broken**", "", "| File | What | Commit |",
                 "|---|---|---|"]
        lines += [f"| {code(b.path)} | {cell(b.what)} | {commit_cell(b.commit)} |"
                  for b in root.broken]
        blocks.append("\n".join(lines) + "\n")
    if checked and root.introduced:
        blocks.append(_findings("Findings introduced", root.introduced))
    for living in root.living:
        blocks.append(_living(living))
    if root.files:
        lines = ["**Files**", "", "| | Kind | File | Commit |", "|---|---|---|---|"]
        for event in root.files:
            name = f"{code(event.old_path)} → {code(event.path)}" if event.old_path \
                else code(event.path)
            binary = " (binary, not compared)" if event.binary else ""
            if event.sections:
                binary += " — " + ", ".join(cell(s) for s in event.sections[:6]) + \
                    (f", {len(event.sections) - 6} more" if len(event.sections) > 6 else "")
            lines.append(f"| {event.status} | {cell(event.kind)} | {name}{binary} | "
                         f"{commit_cell(event.commit)} |")
        blocks.append("\n".join(lines) + "\n")
    if root.dangling:
        lines = ["**Index lines left pointing at what is gone**", ""]
        lines += [f"- {code(f'{d.index}:{d.line}')} → {code(d.target)} ({cell(d.why)})"
                  for d in root.dangling]
        blocks.append("\n".join(lines) + "\n")
    if root.appended:
        lines = ["**Appended**", ""]
        lines += [f"- {code(a.place)}: {many(a.count, a.what)}" for a in root.appended]
        blocks.append("\n".join(lines) + "\n")
    if checked and root.fixed:
        blocks.append(_findings("Findings fixed", root.fixed))
    if root.drift:
        lines = ["**Cited in memory, gone at HEAD (drift)**", "", "| Where | Cites | Removed by |",
                 "|---|---|---|"]
        lines += [f"| {code(f'{d.path}:{d.line}')} | {cell(d.kind)} {code(d.cited)} | "
                  f"{commit_cell(d.removed_by)} |" for d in root.drift]
        blocks.append("\n".join(lines) + "\n")
    return blocks


def _findings(title: str, found: list[FindingRef]) -> str:
    lines = [f"**{title}**", "", "| Rule | Where | Message |", "|---|---|---|"]
    lines += [f"| {f.code} {cell(f.name)} ({f.severity}) | {code(f'{f.path}:{f.line}')} | "
              f"{cell(f.message)} |" for f in found]
    return "\n".join(lines) + "\n"


def _fence(lines: list[str]) -> str:
    longest = max((len(run) for line in lines for run in re.findall(r"`+", line)), default=0)
    return "`" * max(3, longest + 1)


def _living(living: LivingReview) -> str:
    # The summary is HTML (GitHub reads no Markdown on that line): escaped, never a tag.
    summary = (f"{living.status} {escape(living.kind)} "
               f"<code>{escape(printable(living.path))}</code> — "
               f"{many(len(living.sections), 'section')}, {living.lines_before} → "
               f"{living.lines_after} lines")
    body: list[str] = []
    if living.note:
        body.append(cell(living.note))
    for section in living.sections:
        name = f"## {section.name}" if section.name else "(before the first heading)"
        status = f"renamed from {code('## ' + section.old_name)}" if section.old_name \
            else section.status
        body.append(f"- {code(name)} {status}" + (
            " — " + "; ".join(commit_cell(c) for c in section.commits)
            if section.commits else ""))
        lines = [f"+ {printable(line)}" for line in section.added] + \
            [f"- {printable(line)}" for line in section.removed]
        if lines:
            fence = _fence(lines)
            body += ["", f"{fence}diff", *lines, fence, ""]
    return ("<details>\n<summary>" + summary + "</summary>\n\n" + "\n".join(body)
            + "\n\n</details>\n")
