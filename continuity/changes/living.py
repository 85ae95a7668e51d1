"""A living file's review: its ``##`` sections added, changed and removed from BASE to HEAD,
the lines each gained and lost, and the commits that touched each one (the state timeline's
section diffs, :mod:`continuity.history.diffs`, applied to the range's versions)."""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from continuity.changes.model import CommitRef, SectionReview
from continuity.formats.secrets import find_credentials, redact_credentials
from continuity.history.diffs import Sections, section_changes, split_lines

#: Lines shown per section and side; the rest is counted.
SHOWN_LINES = 8


def section_bodies(text: str | None) -> dict[str | None, list[str]]:
    """Section name -> its lines (a name given twice: the lines of both)."""
    lines = split_lines(text)
    sections = Sections(lines)
    bodies: dict[str | None, list[str]] = {}
    for index, line in enumerate(lines):
        bodies.setdefault(sections.of(index), []).append(line)
    return bodies


def review_sections(before: str | None, after: str | None,
                    versions: Sequence[tuple[CommitRef, str | None, str | None]]
                    ) -> list[SectionReview]:
    """The sections of ``after`` that differ from ``before``; ``versions``: each change of
    the range (commit, text before, text after), oldest first, for who touched what."""
    old, new = section_bodies(before), section_bodies(after)
    touched: dict[str | None, list[CommitRef]] = {}
    for commit, previous, text in versions:
        for change in section_changes(previous, text):
            found = touched.setdefault(change.section, [])
            if commit not in found:
                found.append(commit)
    net: dict[str | None, tuple[list[str], list[str]]] = {}
    for change in section_changes(before, after):
        added, removed = net.setdefault(change.section, ([], []))
        for sign, line in change.lines:
            (added if sign == "+" else removed).append(line)
    # A credential across lines (a private key) is not caught line by line: a version that
    # holds one shows which sections changed, never their lines.
    withheld = any(find_credentials(text) for text in (before, after) if text)
    if withheld:
        net = {name: ([], []) for name in net}
    reviews = []
    for name in [*new, *(n for n in old if n not in new)]:
        if name in old and name in new and old[name] == new[name]:
            continue
        if name not in net and name in old and name in new:
            continue
        status = "added" if name not in old else "removed" if name not in new else "changed"
        added, removed = net.get(name, ([], []))
        reviews.append(SectionReview(name, status, _shown(added), _shown(removed),
                                     tuple(touched.get(name, ()))))
    return _renamed(reviews, old, new, withheld)


#: How alike a removed and an added section's lines must be to be one section renamed.
RENAMED_LIKE = 0.6


def _renamed(reviews: list[SectionReview], old: dict[str | None, list[str]],
             new: dict[str | None, list[str]], withheld: bool) -> list[SectionReview]:
    """An added section whose lines (its heading aside) are mostly a removed one's is that
    section renamed ("## Plan (draft)" -> "## Plan (merged)"): one review, with the lines that
    changed between the two bodies."""
    removed = [r for r in reviews if r.status == "removed"]
    merged: list[SectionReview] = []
    for review in reviews:
        if review.status == "removed":
            continue  # those left unpaired come last, as before
        if review.status != "added" or not removed:
            merged.append(review)
            continue
        body = new.get(review.name, [])[1:]
        match = max(removed, key=lambda r: _alike(old.get(r.name, [])[1:], body))
        if _alike(old.get(match.name, [])[1:], body) < RENAMED_LIKE:
            merged.append(review)
            continue
        removed.remove(match)
        lines = section_changes("\n".join(old.get(match.name, [])[1:]), "\n".join(body))
        plus = [] if withheld else [t for c in lines for sign, t in c.lines if sign == "+"]
        minus = [] if withheld else [t for c in lines for sign, t in c.lines if sign == "-"]
        commits = tuple(dict.fromkeys((*match.commits, *review.commits)))
        merged.append(SectionReview(review.name, "renamed", _shown(plus), _shown(minus),
                                    commits, old_name=match.name))
    return merged + removed


def _alike(a: list[str], b: list[str]) -> float:
    if not a and not b:
        return 0.0
    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()


def _shown(lines: list[str]) -> tuple[str, ...]:
    """Non-blank lines, credentials masked, at most :data:`SHOWN_LINES` (then a count)."""
    kept = [redact_credentials(line) for line in lines if line.strip()]
    if len(kept) > SHOWN_LINES:
        return (*kept[:SHOWN_LINES], f"… {len(kept) - SHOWN_LINES} more lines")
    return tuple(kept)
