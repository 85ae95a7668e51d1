"""CT111 and CT211: references that point at nothing — dead links in prose, and evidence that
names no file or commit. One scan of the tree serves both (``validators.reference_scan``).
"""

from __future__ import annotations

import os
import posixpath
import re
from collections.abc import Iterator, Sequence

from continuity.errors import GitUnavailable
from continuity.formats.words import plural
from continuity.validators.diagnostics import Violation
from continuity.validators.reference_scan import Unresolved, unresolved
from continuity.validators.registry import LINKS, CheckContext, rule

#: Link targets that show a format rather than point anywhere: ``[links](url)``.
EXAMPLE_TARGETS = frozenset({"url", "link", "path", "href", "..."})

#: A note saying a folder is not there yet: "The `docs/screenshots/` directory does not yet
#: exist" (set 54: a bank's design patterns, 29 screenshot links under it, "placeholders for
#: future visual documentation").
_NOT_YET = re.compile(r"\b(?:does|do)(?:n't| not) (?:yet )?exist|\bnot (?:yet )?(?:exist|been "
                      r"created|created)\b|\byet to be (?:created|made|added)\b", re.IGNORECASE)
_HEADING = re.compile(r"#{1,6}[ \t]")


@rule("CT111", "dead-link", "warning", reach=LINKS)
def dead_link(ctx: CheckContext) -> Iterator[Violation]:
    """A link in a state file or an entry points at a file or heading that does not exist.

    Agents and reviewers follow links from state files into history; a link that resolves to
    nothing is a thread that breaks, usually a renamed entry or a misspelt name. Judged: Markdown
    links and images (`[x](path)`, `![x](path)`, `[x]: path`), an anchor (`path#heading`,
    `#heading`) against the headings of the target, by the slugs the site gives them (MkDocs'
    toc; GitHub's are accepted too), and the paths named in a state file's `## Mesh index`
    bullets other than `**Indexes:**` (whose directories are CT104's). A path is resolved from
    the file's own directory (for a file reached through a symbolic link, from the folder it
    was written in too); URLs, absolute paths and anything leaving the repository are
    never followed. Links in code are examples and are not judged, nor a link to the word
    `url`, `link` or `path` (`[links](url)`: a format shown), nor one into a folder that a
    note above it in its section names and says does not exist yet (screenshots to come: a
    notice counts them). The site marks each dead link on its page.

    **Example**

        See [turn 11](../journal/2026-01-08-turn-11.md)     # no such entry
        Back to [the objective](STATE.md#active-objectiv)   # no such heading

    **Fix**

    Correct the path or the anchor (anchors are the heading in lower case, punctuation dropped,
    spaces as hyphens: `#active-objective`), restore the file, or remove the link. A path
    written from the memory root or the repository's top (a file archived into a subfolder
    keeps the links it had) gets a hint with the link that reaches its target. In a committed
    history entry, record the correction in a new entry.
    """
    dead = [found for found in unresolved(ctx) if not found.evidence
            and found.written.strip("<>").casefold() not in EXAMPLE_TARGETS]
    announced = _announced_missing(ctx, dead)
    if announced:
        ctx.notices.append(
            f"{plural(len(announced), 'link')} into a folder the file says does not exist yet "
            f"not judged as dead: {', '.join(sorted(set(announced.values()))[:3])}")
        dead = [found for found in dead if (found.path, found.line, found.column)
                not in announced]
    local_only = _ignored_targets(ctx, dead)
    if local_only:
        ctx.notices.append(
            f"{plural(len(local_only), 'link')} to files git ignores "
            f"(kept on the author's disk, never committed) not judged as dead: "
            f"{', '.join(sorted(set(local_only.values()))[:3])}")
    for found in dead:
        if (found.path, found.line, found.column) not in local_only:
            yield Violation(
                found.path, f"dead link `{found.written}`: {found.reason}",
                _from_elsewhere(ctx, found) or
                "correct the path or anchor (resolved from the file's own directory), restore "
                "the target, or remove the link", found.line, found.column)


def _from_elsewhere(ctx: CheckContext, found: Unresolved) -> str | None:
    """The hint for a link written from the memory root or the repository's top rather than
    from its file (an agent reads paths from the project; a file moved into an archive keeps
    links written from where it was): where the target is, and the link that reaches it."""
    path = found.written.partition("#")[0]
    if not path or "://" in path or path.startswith("/") or ":" in path.split("/")[0]:
        return None
    tree = ctx.tree
    folder = os.path.join(tree.root, posixpath.dirname(found.path))
    if os.path.lexists(os.path.join(folder, path)):
        return None  # the file is there: the anchor is what is missing
    top = os.path.normpath(tree.boundary)
    for base, named in ((tree.root, "the memory root"), (tree.repo_root, "the repository's top")):
        if base is None:
            continue
        target = os.path.normpath(os.path.join(base, path))
        inside = os.path.relpath(target, top)
        if inside.startswith("..") or ".git" in inside.split(os.sep) or \
                not os.path.lexists(target):
            continue
        slash = "/" if path.endswith("/") else ""
        fixed = os.path.relpath(target, folder).replace(os.sep, "/") + slash
        inside = inside.replace(os.sep, "/") + slash
        anchor = found.written[len(path):]
        return (f"`{path}` exists from {named} ({inside}), not from this "
                f"file's folder, where a link is read (GitHub and the site read it there): "
                f"write `{fixed}{anchor}`")
    return None


@rule("CT211", "evidence-unresolved", "error", reach=LINKS)
def evidence_unresolved(ctx: CheckContext) -> Iterator[Violation]:
    """Evidence names a file or a commit that does not exist.

    The protocol marks no task complete without evidence, and evidence is only what a reviewer
    can follow. In a completed/ entry's `## Evidence` (and an artifacts/ entry's `## Path`),
    every link, every backticked repository path (`tests/test_parse.py`, `src/a.py:42`) and
    every commit named (7 to 40 hex digits) must resolve: a path from the memory root, the
    repository's top or the entry's directory, a commit in the repository. Commits are asked
    of git in one batch, and not judged without git, before the first commit or in a shallow
    clone; URLs are never followed. Fillers such as TBD are CT209.

    **Example**

        ## Evidence

        | Evidence | Path / URL |
        |---|---|
        | tests pass | `tests/test_parser.py` |     # the file is tests/test_parse.py
        | merged | 3f2a1c9 |                        # not a commit of this repository

    **Fix**

    Name the evidence as it exists: the committed file's path, the full or abbreviated sha from
    `git log`, or a URL. History is append-only: once the entry is committed, write a correcting
    entry (or restore the file the evidence names).
    """
    for found in unresolved(ctx):
        if found.evidence:
            yield Violation(
                found.path, f"evidence `{found.written}` does not resolve: {found.reason}",
                "name evidence that exists: a committed file's path, a commit from `git log`, or "
                "a URL", found.line, found.column)


def _announced_missing(ctx: CheckContext, dead: Sequence[Unresolved]
                       ) -> dict[tuple[str, int, int], str]:
    """The dead links into a folder that a line above them, in the same section, names and
    says does not exist yet (placeholders the author knows of, for files to come): the
    author's own note, so they are said in a notice, not reported. A dead link into a folder
    nothing announces, or one above the note, is reported."""
    announced: dict[tuple[str, int, int], str] = {}
    lines_of: dict[str, list[str]] = {}
    for found in dead:
        target = found.written.partition("#")[0]
        folder = posixpath.dirname(posixpath.normpath(target)).lstrip("./")
        if not folder or "://" in target:
            continue
        if found.path not in lines_of:
            try:
                text = (ctx.tree.root / found.path).read_text(encoding="utf-8", errors="replace")
            except OSError:
                text = ""
            lines_of[found.path] = text.split("\n")
        lines = lines_of[found.path]
        passed = 7  # the highest heading (fewest #) between the note and the link
        for index in range(min(found.line, len(lines)) - 2, -1, -1):
            line = lines[index]
            heading = _HEADING.match(line)
            if heading:
                passed = min(passed, len(heading.group()) - 1)
                continue
            if _NOT_YET.search(line) and re.search(
                    rf"(?<![\w/.-]){re.escape(folder)}(?![\w.-])", line):
                if passed > _section_level(lines, index):  # the note's section holds the link
                    announced[(found.path, found.line, found.column)] = folder + "/"
                break
    return announced


def _section_level(lines: list[str], index: int) -> int:
    """The level of the heading above line ``index`` (0 above the first one)."""
    for line in reversed(lines[:index]):
        heading = _HEADING.match(line)
        if heading:
            return len(heading.group()) - 1
    return 0


def _ignored_targets(ctx: CheckContext, dead: Sequence[Unresolved]
                     ) -> dict[tuple[str, int, int], str]:
    """The dead links whose target git ignores (a `.planning/quick/` the author keeps out of
    the repository): they resolve on the author's disk and nowhere else, so they are said in a
    notice, not reported. Without git nothing is known of it, and every dead link is reported."""
    if ctx.git is None:
        return {}
    targets: dict[tuple[str, int, int], str] = {}
    for found in dead:
        path = found.written.partition("#")[0]
        if not path or "://" in path or path.startswith("/"):
            continue
        targets[(found.path, found.line, found.column)] = posixpath.normpath(
            posixpath.join(posixpath.dirname(found.path), path))
    if not targets:
        return {}
    from continuity.history.log import ignored_paths  # git is read: its reader is loaded

    try:
        ignored = ignored_paths(ctx.git, ctx.tree.root, set(targets.values()))
    except GitUnavailable:
        return {}
    return {key: target for key, target in targets.items() if target in ignored}
