"""A new commit regenerates only the timeline pages it changes (``mkdocs serve``'s page memo).

History pages are anchored at the oldest version: after a commit that rewrites STATE.md the
front history page changes and every fixed page is the one made last time, equal to what a
fresh generation makes.
"""

from __future__ import annotations

from continuity.generator.state_history import StateHistory
from tests.support.serve_session import ServeSession
from tests.timeline.support import snapshot, snapshot_name, state_repository, state_version


def test_a_commit_changes_the_front_history_page_only(tmp_path, monkeypatch):
    repo, shas = state_repository(tmp_path / "repo", 64)
    made: list[str] = []
    page = StateHistory._page

    def counted(self, state, history, pages, position, part, *rest):
        if part.path.startswith("STATE/"):
            made.append(part.path)
        return page(self, state, history, pages, position, part, *rest)

    monkeypatch.setattr(StateHistory, "_page", counted)
    session = ServeSession(repo.path)
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
