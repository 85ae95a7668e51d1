"""What the dead-reference rules (CT111, CT211) cost as the number of links grows.

    python bench/links.py                 # 0, 10,000, 100,000 and 200,000 links, median of 3
    python bench/links.py --sizes 50000

One state file holds N links (a third to existing entries with anchors, a third to state files,
a third to N/3 distinct missing files, the worst case: each a lookup of its own), checked with
`continuity check --select CT111,CT211 --no-git`. The time per link, above the run with no
links (start-up and discovery), should stay flat. 200,000 links is about 8 MB, under the
default `max_file_size` (a larger file is skipped, CT603).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

STATE = ("# STATE\n\n## Status\n\nx\n\n## Active objective\n\ny\n\n## Next valid action\n\nz\n\n"
         "## Mesh index\n\n- **Indexes:** `journal/`\n")
JOURNAL = ("---\ndate: 2026-01-02\nturn: 1\nobjective: o\n---\n\n# J\n\n## Context before\n\na\n\n"
           "## Actions taken\n\nb\n\n## Result\n\nc\n\n## Next\n\nd\n")


def make(root: Path, links: int) -> None:
    (root / "journal").mkdir(parents=True)
    (root / "journal" / "2026-01-02-turn-1.md").write_text(JOURNAL)
    lines = []
    for n in range(links):
        kind = n % 3
        if kind == 0:
            lines.append(f"- [t](journal/2026-01-02-turn-1.md#{'result' if n % 2 else 'next'})")
        elif kind == 1:
            lines.append("- [s](STATE.md#status)")
        else:
            lines.append(f"- [gone](journal/2026-02-{n % 28 + 1:02d}-turn-{n}.md)")
    (root / "STATE.md").write_text(STATE)
    (root / "LINKS.md").write_text("# LINKS\n\n" + "\n".join(lines) +
                                   "\n\n## Mesh index\n\n- **Indexes:** `journal/`\n")


def run(root: Path) -> float:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "continuity", "check", "--select",
                           "CT111,CT211", "--no-git", "--statistics"], cwd=root,
                          capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(done.stderr)
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[0, 10_000, 100_000, 200_000])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"{'links':>10}  {'seconds':>8}  {'µs per link above no links':>27}")
    base = None
    for size in args.sizes:
        with tempfile.TemporaryDirectory() as directory:
            root = Path(directory) / "memory"
            make(root, size)
            seconds = statistics.median(run(root) for _ in range(args.repeat))
        if base is None:
            base = seconds
        per_link = f"{(seconds - base) / size * 1e6:.1f}" if size else "-"
        print(f"{size:>10,}  {seconds:>8.2f}  {per_link:>27}")


if __name__ == "__main__":
    main()
