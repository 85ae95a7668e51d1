"""The site's *Changes* page: what changed in the memory over a few ranges (the last 7 and 30
days before the newest change, and since the latest tag), read from the state timeline already
loaded (:mod:`continuity.history.versions`) and the entries' provenance; no git process of its
own but the one that names the latest tag.

Per range: each living file changed, with the sections each commit touched (the timeline's
section diffs), and the entries added per directory. Each commit has an anchor
(``commit-<short>``): a version of a state timeline that the page lists links to it
(:meth:`ChangesIndex.link`), and only those, so no link points at an anchor that is not there.
The reference time is the newest change, not the clock: the same tree gives the same page.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from continuity.formats.words import plural
from continuity.generator import mdtext
from continuity.generator.context import SiteContext
from continuity.generator.render import render
from continuity.generator.site import Page
from continuity.history.diffs import section_changes
from continuity.history.git import GitError, run_git
from continuity.history.versions import Timeline, Version

#: The windows, in days before the newest change.
WINDOWS = (7, 30)


@dataclass(frozen=True)
class Tag:
    name: str
    date: str  # ISO 8601 (the tagged commit's committer date)


@dataclass(frozen=True)
class ChangeRange:
    title: str
    since: str  # ISO 8601: changes after this moment belong to the range


def _moment(date: str) -> datetime | None:
    try:
        return datetime.fromisoformat(date)
    except ValueError:
        return None


class ChangesIndex:
    """The ranges of the page and which versions it lists."""

    def __init__(self, timeline: Timeline, tag: Tag | None = None):
        self.timeline = timeline
        dates = [_moment(v.date) for history in timeline.values() for v in history.versions]
        known = [d for d in dates if d is not None]
        self.newest = max(known) if known else None
        ranges = []
        if tag is not None:
            ranges.append(ChangeRange(f"Since {tag.name}", tag.date))
        if self.newest is not None:
            for days in WINDOWS:
                since = (self.newest - timedelta(days=days)).isoformat()
                ranges.append(ChangeRange(f"The last {days} days (to {self.newest.date()})",
                                          since))
        self.ranges = ranges
        starts = [m for m in (_moment(r.since) for r in ranges) if m is not None]
        self.oldest = min(starts) if starts else None

    def lists(self, version: Version) -> bool:
        moment = _moment(version.date)
        return moment is not None and self.oldest is not None and moment > self.oldest

    def link(self, from_page: str, page: str, version: Version) -> str:
        """``[changes](...#commit-abc1234)`` for a version the page lists, else ''."""
        if not self.lists(version):
            return ""
        return mdtext.link("in Changes", from_page, page, anchor_of(version.sha))


def latest_tag(root: Path) -> Tag | None:
    """The newest tag reachable from HEAD in the repository holding ``root``, with its
    commit's date; None without git, a tag or a commit (never an error: the page is extra)."""
    try:
        name = run_git(root, ["describe", "--tags", "--abbrev=0", "HEAD"]).decode().strip()
        date = run_git(root, ["log", "-1", "--format=%cI", f"refs/tags/{name}^{{commit}}",
                              "--"]).decode().strip()
    except (GitError, UnicodeDecodeError):
        return None
    return Tag(name, date) if name and date else None


def anchor_of(sha: str) -> str:
    return f"commit-{sha[:7]}"


def changes_page(ctx: SiteContext, index: ChangesIndex) -> Page | None:
    """The page, or None when no living file has a version to show."""
    if index.newest is None:
        return None
    page = ctx.layout.changes
    anchored: set[str] = set()
    sections = [_range_markdown(ctx, index, change_range, page, anchored)
                for change_range in index.ranges]
    content = render("changes.md.j2", page, sections=sections)
    return Page(page, content, "Changes", in_nav=True)


def _range_markdown(ctx: SiteContext, index: ChangesIndex, change_range: ChangeRange,
                    page: str, anchored: set[str]) -> str:
    since = _moment(change_range.since)
    rows = []
    for path, history in sorted(index.timeline.items()):
        for version in history.versions:
            moment = _moment(version.date)
            if moment is None or since is None or moment <= since:
                continue
            rows.append((version.date, path, version))
    rows.sort(key=lambda row: row[0], reverse=True)
    out = [f"## {mdtext.inline(change_range.title)}", ""]
    if not rows:
        out += ["No living file changed.", ""]
    else:
        commits = len({version.sha for _, _, version in rows})
        out += [f"{plural(len(rows), 'change')} to living files in "
                f"{plural(commits, 'commit')}, newest first.", "",
                "| When | File | Sections | Commit |", "|------|------|----------|--------|"]
        for date, path, version in rows:
            mark = ""
            if version.sha not in anchored:  # the first row of a commit holds its anchor
                anchored.add(version.sha)
                mark = f'<a id="{anchor_of(version.sha)}"></a>'
            target = ctx.layout.page_of(path)
            out.append(f"| {mark}{mdtext.inline(date[:16].replace('T', ' '))} | "
                       f"{mdtext.link(path, page, target)} | "
                       f"{mdtext.inline(_sections(version))} | {mdtext.code(version.short)} "
                       f"{mdtext.inline(version.subject)} ({mdtext.inline(version.author)}) |")
        out.append("")
    added = _entries_added(ctx, since)
    if added:
        out += ["Entries added: " + ", ".join(
            f"{mdtext.link(name + '/', page, ctx.layout.directories.get(name))} {count}"
            for name, count in sorted(added.items())) + ".", ""]
    return "\n".join(out)


def _sections(version: Version) -> str:
    if version.status == "A":
        return "created"
    if version.status == "D":
        return "deleted"
    if version.holds_credential or version.text is None or version.previous_text is None:
        return "not shown"
    names = [c.section or "before the first ## heading"
             for c in section_changes(version.previous_text, version.text)]
    return ", ".join(names[:5]) + (f", {len(names) - 5} more" if len(names) > 5 else "") \
        or "no line changed"


def _entries_added(ctx: SiteContext, since: datetime | None) -> Counter[str]:
    added: Counter[str] = Counter()
    if since is None:
        return added
    for name, directory in ctx.tree.directories.items():
        for entry in directory.entries:
            ref = ctx.provenance.get(entry.path)
            moment = ref.moment if ref is not None else None
            if moment is not None and moment > since:
                added[name] += 1
    return added
