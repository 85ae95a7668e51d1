"""Drift in a review: what the memory at HEAD cites that a commit of the range removed (the
range made that memory stale). The citations and their judgement are CT309's
(:mod:`continuity.history.citations`), limited to removals between BASE and HEAD."""

from __future__ import annotations

import posixpath

from continuity.changes.model import CommitRef, DriftRef
from continuity.changes.revisions import ReviewRange
from continuity.history.citations import RepositoryAtHead, citations, is_record, stale
from continuity.model.tree import MemoryTree


def stale_citations(scope: ReviewRange, tree: MemoryTree, prefix: str) -> list[DriftRef]:
    if scope.empty or scope.base.sha is None:
        return []
    head = RepositoryAtHead(scope.repository, scope.head_commit, since=scope.base.sha)
    found: list[DriftRef] = []
    for state in tree.living_files():
        text = state.file.text
        if text is None or is_record(state.path):
            continue
        where = posixpath.join(prefix, state.path) if prefix else state.path
        for citation, removal in stale(citations(where, text), head, prefix, text.split("\n")):
            ref = CommitRef(removal.sha, removal.author, removal.date, removal.subject) \
                if removal.sha else None
            found.append(DriftRef(state.path, citation.line, citation.kind, citation.cited, ref))
    return found
