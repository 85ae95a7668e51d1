"""Placeholder: drift in a review (filled below)."""

from __future__ import annotations

from continuity.changes.model import DriftRef
from continuity.changes.revisions import ReviewRange
from continuity.model.tree import MemoryTree


def stale_citations(scope: ReviewRange, tree: MemoryTree, prefix: str) -> list[DriftRef]:
    del scope, tree, prefix
    return []
