"""A new commit regenerates only the timeline pages it changes (``mkdocs serve``'s page memo).

History pages are anchored at the oldest version: after a commit that rewrites STATE.md the
front history page changes and every fixed page is the one made last time, equal to what a
fresh generation makes.
"""

from __future__ import annotations

from pathlib import Path

from continuity.config import load_config
from continuity.generator import GenerateOptions, RootPart, Site, generate_roots
from continuity.generator.inputs import gather
from continuity.generator.memo import PageMemo
from continuity.generator.state_history import StateHistory
from continuity.model.tree import ParsedEntries
from continuity.model.workspace import site_trees
from tests.timeline.support import snapshot, snapshot_name, state_repository, state_version


class Session:
    def __init__(self, root: Path) -> None:
        self.root = root
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
        return generate_roots(parts, GenerateOptions(directory_urls=True),
                              self.memo if keep else None)


def test_a_commit_changes_the_front_history_page_only(tmp_path, monkeypatch):
    repo, shas = state_repository(tmp_path / "repo", 64)
    made: list[str] = []
    page = StateHistory._page

    def counted(self, state, history, pages, position, part, *rest):
        if part.path.startswith("STATE/"):
            made.append(part.path)
        return page(self, state, history, pages, position, part, *rest)

    monkeypatch.setattr(StateHistory, "_page", counted)
    session = Session(repo.path)
    before = {page.path: page for page in session.site(keep=True).pages}
    fixed = sorted(path for path in before if path.startswith("STATE/history/page-"))
    assert len(fixed) == 2  # 65 versions: the front holds 25, fixed pages 1 and 2 hold 40
    assert sorted(made) == ["STATE/history.md", *fixed]
    made.clear()
    repo.commit("Cycle 65", {"STATE.md": state_version(65), snapshot_name(65): snapshot(65)})
    after = {page.path: page for page in session.site(keep=True).pages}
    assert made == ["STATE/history.md"]  # the fixed pages are the last generation's
    for path in fixed:
        assert after[path] == before[path]
    assert after["STATE/history.md"].content != before["STATE/history.md"].content
    fresh = {page.path: page for page in session.site(keep=False).pages}
    assert fresh.keys() == after.keys()
    for path, page in fresh.items():
        assert after[path] == page, path
