"""What one page costs to build as it grows (issue 34, round 3's leftover).

    python bench/page_cost.py                       # every shape at three sizes, mkdocs build
    python bench/page_cost.py --shapes dead-links --sizes 10000 40000

One journal entry of a small memory tree grows: ``dead-links`` (N lines
``- [gone n](missing-n.md)``, each a CT111 finding), ``prose`` (N bytes of paragraphs with
emphasis, code and a link), ``table`` (N bytes of table rows), ``headings`` (N bytes of
``## Section n`` and a line each). Each is built once with ``mkdocs build`` and the plugin
(Material); the figure is the build's CPU time (user + system of the process, steadier than
wall time on a shared machine) and the size of the largest page. Linear cost keeps the CPU
per unit flat as N grows.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from tests.support.common import minimal_tree, write_files  # noqa: E402

JOURNAL = "journal/2026-01-02-turn-1.md"
DEFAULT_SIZES = {"dead-links": [10_000, 20_000, 40_000],
                 "prose": [325_000, 650_000, 1_300_000],
                 "table": [325_000, 650_000, 1_300_000],
                 "headings": [25_000, 100_000, 1_300_000]}
PARAGRAPH = ("The tide parser reads *harmonic* constants and writes the `table` for each port; "
             "see [the state](../STATE.md).\n\n")
ROW = "| Port | 12.42 | 0.83 | `M2` | [state](../STATE.md) |\n"


def body(shape: str, size: int) -> str:
    if shape == "dead-links":
        return "\n".join(f"- [gone {n}](missing-{n}.md)" for n in range(size)) + "\n"
    if shape == "prose":
        return PARAGRAPH * (size // len(PARAGRAPH))
    if shape == "headings":
        return "".join(f"## Section {n}\n\nText {n}.\n\n" for n in range(size // 25))
    return "| Port | A | B | Name | Link |\n|---|---|---|---|---|\n" + ROW * (size // len(ROW))


def measure(shape: str, size: int) -> tuple[float, int]:
    with tempfile.TemporaryDirectory() as tmp:
        top = Path(tmp)
        tree = minimal_tree()
        tree[JOURNAL] += "\n" + body(shape, size)
        write_files(top / "memory", tree)
        (top / "docs").mkdir()
        (top / "mkdocs.yml").write_text(
            "site_name: Bench\ntheme:\n  name: material\n  font: false\n"
            "plugins:\n  - search\n  - continuity:\n      root: memory\n", "utf-8")
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q"], cwd=top, check=True,
                       capture_output=True, env=dict(os.environ, NO_MKDOCS_2_WARNING="1"))
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        largest = max(p.stat().st_size for p in (top / "site").rglob("*.html"))
        return cpu, largest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--shapes", nargs="+", default=list(DEFAULT_SIZES))
    parser.add_argument("--sizes", type=int, nargs="+")
    args = parser.parse_args()
    print(f"{'shape':<11} {'size':>10} {'cpu s':>7} {'largest page':>13}")
    for shape in args.shapes:
        for size in args.sizes or DEFAULT_SIZES[shape]:
            cpu, largest = measure(shape, size)
            print(f"{shape:<11} {size:>10,} {cpu:>7.1f} {largest / 1e6:>11.1f} MB", flush=True)


if __name__ == "__main__":
    main()
