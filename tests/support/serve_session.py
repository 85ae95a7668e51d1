"""Builds as ``mkdocs serve`` does: one ParsedEntries and one PageMemo kept across rebuilds.

``site(keep=True)`` reuses what the last build parsed and generated (as a rebuild in a serve
session does); ``site(keep=False)`` generates from scratch, for comparison.
"""

from __future__ import annotations

from pathlib import Path

from continuity.config import load_config
from continuity.generator import GenerateOptions, RootPart, Site, generate_roots
from continuity.generator.inputs import gather
from continuity.generator.memo import PageMemo
from continuity.model.tree import ParsedEntries
from continuity.model.workspace import site_trees


class ServeSession:
    def __init__(self, root: Path, options: GenerateOptions | None = None) -> None:
        self.root = root
        self.options = options or GenerateOptions(directory_urls=True)
        self.parsed = ParsedEntries()
        self.memo = PageMemo()

    def site(self, keep: bool) -> Site:
        config = load_config(self.root, use_mkdocs=False)
        if keep:
            self.parsed.rotate()
            self.memo.rotate()
        trees = site_trees(config, self.root, self.root, reuse=self.parsed if keep else None)
        parts = []
        for tree in trees:
            inputs = gather(tree, config, self.root)
            parts.append(RootPart(tree, inputs.check, inputs.provenance, timeline=inputs.timeline))
        return generate_roots(parts, self.options, self.memo if keep else None)
