"""Whether what state files and entries point at exists: paths, anchors and commits.

Read once per run and shared by CT111 (dead links in prose) and CT211 (evidence that names
nothing). The boundary is the repository (the memory root outside one): a path that leaves it,
lexically or through a symbolic link, is never looked at, and neither is a URL. Each target is
looked up once (a cache per path, a set of anchors per Markdown file), so the cost is linear
in the number of links; the commits named as evidence are asked of git in one batch.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from continuity.formats.links import CodeSpan, Link, anchors, code_spans, links, local_target
from continuity.formats.markdown import MESH_INDEXES, MarkdownDoc, Section
from continuity.formats.textfile import read_text
from continuity.formats.words import plural
from continuity.model.boundaries import GIT_DIR, refusal
from continuity.model.kinds import DirectoryKind
from continuity.model.tree import Document, MemoryTree
from continuity.validators.registry import Analysis, CheckContext
from continuity.validators.repository import repository, shallow

#: A code span that names a path: one word, with a directory part or an extension, no glob,
#: no variable, no option. `path:line` and `path:line:column` suffixes are dropped.
_PATH_LIKE = re.compile(r"^(?![-~$])[^\s*?\[\]{}<>|$\"'`]*(?:/|\.[A-Za-z0-9]{1,10})(?::\d+){0,2}$")
_LINE_SUFFIX = re.compile(r"(?::\d+){1,2}$")
#: A commit named as evidence: 7 to 40 hex digits with a letter and a digit, standing alone.
_COMMIT = re.compile(r"(?<![\w/.#-])([0-9a-f]{7,40})(?![\w/.-])")

MISSING = "missing"
OUTSIDE = "outside"  # leaves the boundary: not followed, not judged
FOUND = "found"


@dataclass(frozen=True)
class Unresolved:
    """One reference that points at nothing."""

    path: str  # the root-relative file holding it
    line: int
    column: int
    written: str  # as written
    reason: str  # what is missing, for the message
    evidence: bool  # CT211 (a completed/ Evidence row, an artifact's Path) or CT111


class Resolver:
    """Answers "does this exist?" for paths inside the boundary, each at most once."""

    def __init__(self, tree: MemoryTree, max_size: int):
        self.root = str(tree.root)
        self.boundary = str(tree.repo_root or tree.root)
        self.max_size = max_size
        self._paths: dict[str, tuple[str, str]] = {}
        self._directories: dict[str, str] = {}
        self._anchors: dict[str, frozenset[str] | None] = {}
        # Files of the tree already parsed: their anchors need no second read.
        self._documents: dict[str, Document] = {}
        for state in tree.state_files:
            if state.document is not None:
                self._documents[str(state.file.abspath)] = state.document
        for entry in tree.entries:
            if entry.document is not None:
                self._documents[str(entry.file.abspath)] = entry.document
        for linked in tree.linked:
            if linked.document is not None:
                self._documents[str(linked.file.abspath)] = linked.document

    def _inside(self, path: str) -> bool:
        return path == self.boundary or path.startswith(self.boundary.rstrip(os.sep) + os.sep)

    def lookup(self, base: str, relative: str) -> tuple[str, str]:
        """(FOUND / MISSING / OUTSIDE, the real path) of ``relative`` from directory ``base``."""
        candidate = os.path.normpath(os.path.join(base, relative))
        known = self._paths.get(candidate)
        if known is not None:
            return known
        answer = self._lookup(candidate)
        self._paths[candidate] = answer
        return answer

    def _lookup(self, candidate: str) -> tuple[str, str]:
        if not self._inside(candidate):
            return OUTSIDE, candidate
        parent, name = os.path.split(candidate)
        real_parent = self._directories.get(parent)
        if real_parent is None:
            real_parent = self._directories[parent] = os.path.realpath(parent)
        if not self._inside(real_parent):
            return OUTSIDE, candidate
        real = os.path.join(real_parent, name) if name else real_parent
        if os.path.islink(real):
            real = os.path.realpath(real)
            if not self._inside(real):
                return OUTSIDE, candidate
        inside = os.path.relpath(real, self.boundary).split(os.sep)
        if any(part.casefold() == GIT_DIR for part in inside):
            return OUTSIDE, candidate  # .git is never looked into, as with every reader
        return (FOUND if os.path.exists(real) else MISSING), real

    def anchors_of(self, real: str) -> frozenset[str] | None:
        """The anchors of a Markdown file inside the boundary; None when they cannot be
        judged (not Markdown, a directory, unreadable, too large)."""
        if real in self._anchors:
            return self._anchors[real]
        found: frozenset[str] | None = None
        document = self._documents.get(real)
        if document is not None:
            found = anchors(document.body)
        elif real.lower().endswith((".md", ".markdown")) and os.path.isfile(real) and \
                refusal(Path(real), Path(self.boundary)) is None:  # the one decision on reads
            read = read_text(Path(real), self.max_size)
            if read.text is not None:
                found = anchors(Document.parse(read.text).body)
        self._anchors[real] = found
        return found


def unresolved(ctx: CheckContext) -> tuple[Unresolved, ...]:
    """Every reference of the tree that points at nothing (computed once per run)."""
    return REFERENCES(ctx)


def _scan(ctx: CheckContext) -> list[Unresolved]:
    tree = ctx.tree
    resolver = Resolver(tree, ctx.config.max_file_size)
    found: list[Unresolved] = []
    commits: list[tuple[str, CodeSpan]] = []  # (file, where a commit is named)
    # Only what the selected rules report is looked for (no codes: a context made by hand).
    prose = not ctx.codes or ctx.selected("CT111")
    evidence_wanted = not ctx.codes or ctx.selected("CT211")
    for state in tree.state_files if prose else ():
        if state.document is not None:
            body = state.document.body
            if _may_link(state.document.text):
                found += _dead_links(resolver, state.path, body, range(len(body.lines)), False)
            found += _mesh_paths(resolver, state.path, body)
    for linked in tree.linked if prose else ():  # published too: their links must hold
        if not tree.in_memory(linked.path):
            continue  # a code repository's own docs, linked from its AGENTS.md: not memory
        if linked.document is not None and _may_link(linked.document.text):
            body = linked.document.body
            found += _dead_links(resolver, linked.path, body, range(len(body.lines)), False)
    for directory in tree.directories.values():
        for entry in directory.entries:
            if entry.document is None:
                continue
            body = entry.document.body
            evidence = _evidence_section(directory.kind, directory.custom, body)
            everything = range(len(body.lines))
            if evidence is None:
                if prose and _may_link(entry.document.text):
                    found += _dead_links(resolver, entry.path, body, everything, False)
                continue
            inside = body.body_indices(evidence)
            if prose:
                outside = [i for i in everything if i not in inside]
                found += _dead_links(resolver, entry.path, body, outside, False)
            if not evidence_wanted:
                continue
            found += _dead_links(resolver, entry.path, body, inside, True)
            found += _evidence_paths(resolver, entry.path, body, inside)
            if directory.kind.requires_evidence:
                commits += [(entry.path, span) for span in _commits(body, inside)]
    found += _dead_commits(ctx, commits)
    return sorted(found, key=lambda u: (u.path, u.line, u.column))


#: The tree's references that point at nothing, found in one scan (CT111 and its kin).
REFERENCES: Analysis[tuple[Unresolved, ...]] = Analysis(
    "references", lambda ctx: tuple(_scan(ctx)))


def _may_link(text: str) -> bool:
    """Whether ``text`` can hold a Markdown link at all (most entries do not)."""
    return "](" in text or "]:" in text


def _evidence_section(kind: DirectoryKind, custom: bool, body: MarkdownDoc) -> Section | None:
    """The section whose references must resolve (completed/'s Evidence, artifacts/'s Path)."""
    if custom or not kind.evidence_section:
        return None
    return body.section(kind.evidence_section, level=2)


def _dead_links(resolver: Resolver, path: str, body: MarkdownDoc, indices: range | list[int],
                evidence: bool) -> list[Unresolved]:
    found = _links_at(body, indices)
    if not found:
        return []
    own = os.path.join(resolver.root, path)
    base = os.path.dirname(own)
    written_in = _written_in(resolver, own)
    dead: list[Unresolved] = []
    for link in found:
        reason = _judge(resolver, base, own, link, written_in)
        if reason is not None:
            dead.append(Unresolved(path, link.line, link.column, link.written, reason, evidence))
    return dead


def _links_at(body: MarkdownDoc, indices: range | list[int]) -> list[Link]:
    if isinstance(indices, range):
        return list(links(body, indices))
    found: list[Link] = []
    for start, stop in _runs(indices):
        found += links(body, range(start, stop))
    return found


def _runs(indices: list[int]) -> list[tuple[int, int]]:
    """Consecutive indices as (start, stop) ranges."""
    runs: list[tuple[int, int]] = []
    for index in indices:
        if runs and runs[-1][1] == index:
            runs[-1] = (runs[-1][0], index + 1)
        else:
            runs.append((index, index + 1))
    return runs


def _written_in(resolver: Resolver, own: str) -> str | None:
    """The folder a file reached through a symbolic link was written in, inside the repository
    (``.claude/rules/csharp.md`` a link to ``.ai/rules/csharp.md``); None for a file that is
    where it is read."""
    real = os.path.realpath(own)
    if real == os.path.normpath(own) or not resolver._inside(real):
        return None
    return os.path.dirname(real)


def _judge(resolver: Resolver, base: str, own: str, link: Link,
           written_in: str | None = None) -> str | None:
    """Why ``link`` points at nothing, or None when it resolves (or cannot be judged). A link
    of a file reached through a symbolic link resolves from the folder it was written in as
    well: rules kept in one folder and linked into each tool's (``.ai/rules/`` into
    ``.claude/rules/``) link to their siblings there, where the author wrote them."""
    if link.path:
        state, real = resolver.lookup(base, link.path)
        if state == MISSING and written_in is not None:
            there = resolver.lookup(written_in, link.path)
            if there[0] == FOUND:
                state, real = there
        if state == OUTSIDE:
            return None
        if state == MISSING:  # say the path again only when it was written otherwise
            same = link.written.partition("#")[0] == link.path
            return "no such file or directory" if same else f"`{link.path}` does not exist"
    else:
        real = own
    if not link.anchor:
        return None
    known = resolver.anchors_of(real)
    if known is None or link.anchor in known or link.anchor.lower() in known:
        return None
    where = f"`{link.path}`" if link.path else "this file"
    return f"{where} has no heading with the anchor `#{link.anchor}`"


def _mesh_paths(resolver: Resolver, path: str, body: MarkdownDoc) -> list[Unresolved]:
    """Paths (with a `/`) in the mesh index's bullets other than **Indexes:** (CT104's)."""
    section = body.section("Mesh index")
    if section is None:
        return []
    lines = [i for i in body.body_indices(section) if not MESH_INDEXES.match(body.lines[i])]
    dead: list[Unresolved] = []
    for start, stop in _runs(lines):
        for span in code_spans(body, range(start, stop)):
            if "/" in span.text and _is_path(span.text) and \
                    _path_state(resolver, path, span.text) == MISSING:
                dead.append(Unresolved(path, span.line, span.column, span.text,
                                       f"`{span.text}` does not exist", False))
    return dead


def _evidence_paths(resolver: Resolver, path: str, body: MarkdownDoc,
                    indices: range) -> list[Unresolved]:
    dead: list[Unresolved] = []
    for span in code_spans(body, indices):
        if _is_path(span.text) and _path_state(resolver, path, span.text) == MISSING:
            dead.append(Unresolved(path, span.line, span.column, span.text,
                                   "no such file in the repository", True))
    return dead


def _is_path(text: str) -> bool:
    return bool(_PATH_LIKE.match(text)) and local_target(text) is not None and ".." != text


def _path_state(resolver: Resolver, path: str, text: str) -> str:
    """A repository path as written in prose: from the memory root, the repository's top or
    the file's own directory; found if any of them holds it."""
    target = _LINE_SUFFIX.sub("", text)
    bases = [resolver.root, resolver.boundary, os.path.dirname(os.path.join(resolver.root, path))]
    states = set()
    for base in dict.fromkeys(bases):
        state = resolver.lookup(base, target)[0]
        if state == FOUND:
            return FOUND
        states.add(state)
    return MISSING if MISSING in states else OUTSIDE


def _commits(body: MarkdownDoc, indices: range) -> list[CodeSpan]:
    named: list[CodeSpan] = []
    for index in indices:
        line = body.lines[index]
        if body.in_code[index]:
            continue
        for match in _COMMIT.finditer(line):
            sha = match.group(1)
            if re.search(r"[a-f]", sha) and re.search(r"\d", sha):
                named.append(CodeSpan(sha, body.file_line(index), match.start(1) + 1))
    return named


def _dead_commits(ctx: CheckContext, named: list[tuple[str, CodeSpan]]) -> list[Unresolved]:
    """The commits that git does not know, asked in one batch; none judged without git, before
    the first commit, or in a shallow clone (which lacks old commits)."""
    if not named:
        return []
    repo = repository(ctx)
    if repo is None or not repo.head or shallow(ctx):
        why = "a shallow clone" if repo is not None and repo.head else "no git history"
        ctx.notices.append(f"CT211: {plural(len(named), 'commit')} named as evidence not judged "
                           f"({why})")
        return []
    from continuity.history.git import GitError  # loaded with the repository already

    try:
        known = repo.resolve_commits(span.text for _, span in named)
    except GitError:  # git failed: say nothing rather than call every commit missing
        return []
    return [Unresolved(path, span.line, span.column, span.text,
                       "not a commit of the repository", True)
            for path, span in named if known.get(span.text) is None]
