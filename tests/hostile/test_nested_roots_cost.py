"""Many nested memory roots (issue 34, #12): the search's cost is linear in the roots.

``RootSearch.parent_of`` compared every pair of roots, and ``children_of`` called it for every
root: cubic, so 100 roots took 12 s, 200 took 95 s, and a pull request adding ~1,000 tiny
STATE.md files tied check and build up for hours. Now each root walks up its own parents
through a set. Ratios, not times (the machine's speed cancels out): 8x the roots may cost at
most 24x (linear 8x, quadratic 64x). bench/nested_roots.py has the figures.
"""

from __future__ import annotations

import gc
import time
from pathlib import Path

from continuity.model.roots import RootSearch
from tests.support.common import run_cli, write_files

STATE = "# STATE\n\n## Status\n\nx\n\n## Active objective\n\ny\n\n## Next valid action\n\nz\n"


def nested(count: int) -> tuple[Path, ...]:
    """The top, then ``count`` roots: half side by side, half one level below one of those."""
    top = Path("/top")
    below = [top / f"a{n // 2:05d}" / ("" if n % 2 == 0 else "b") for n in range(count)]
    return (top, *(Path(str(p).rstrip("/")) for p in below))


def relations(search: RootSearch) -> float:
    """The CPU time of this thread the relations take: the work done, whatever else the
    machine runs (the wall clock under a loaded suite once made 1,000 roots look 25 times
    cheaper than 8,000); the collector held off, as its pauses are not this work."""
    gc.disable()
    try:
        began = time.thread_time()
        for root in search.roots:
            search.parent_of(root)
            search.children_of(root)
        return time.thread_time() - began
    finally:
        gc.enable()


def test_parents_and_children_are_the_nearest():
    roots = nested(6)
    search = RootSearch(roots)
    top, a0, a0b = roots[0], roots[1], roots[2]
    assert search.parent_of(top) is None
    assert search.parent_of(a0) == top and search.parent_of(a0b) == a0
    assert search.children_of(top) == (a0, roots[3], roots[5])
    assert search.children_of(a0) == (a0b,)
    assert search.escapes_in(top) == () and RootSearch(roots, ((a0b / "x", "/etc"),)
                                                       ).escapes_in(a0b) == ((a0b / "x", "/etc"),)


def test_the_relations_cost_linear_time():
    small = min(relations(RootSearch(nested(1_000))) for _ in range(3))
    large = min(relations(RootSearch(nested(8_000))) for _ in range(2))
    assert large < 24 * small + 0.05, (small, large)


def test_a_tree_of_many_tiny_roots_is_checked_whole(tmp_path: Path):
    """The hostile tree itself, through the real command: every root judged, none lost."""
    files = {"STATE.md": STATE}
    for n in range(300):
        files[f"a{n // 2:04d}/{'' if n % 2 == 0 else 'b/'}STATE.md"] = STATE
    write_files(tmp_path, files)
    result = run_cli("check", "--no-git", "--output-format", "json", cwd=tmp_path)
    assert result.code in (0, 1), result.err
    assert len(result.json["roots"]) == 301
