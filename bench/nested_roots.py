"""What the search for nested memory roots costs as their number grows (issue 34, #12).

    python bench/nested_roots.py                    # 100, 200, 500 and 1,000 roots, median of 3
    python bench/nested_roots.py --sizes 1000 --repeat 1

One memory root at the top and N tiny roots below it: half of them side by side
(``a0001/STATE.md``), each of the other half one level below one of those
(``a0001/b/STATE.md``), the shape a pull request adding many small STATE.md files makes. Each
size is measured with ``continuity check --no-git`` (the nesting is in the search, not in git).
The time per root should stay flat as N grows.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

STATE = ("# STATE\n\n## Status\n\nx\n\n## Active objective\n\ny\n\n## Next valid action\n\nz\n")


def make(top: Path, roots: int) -> None:
    (top / "STATE.md").write_text(STATE)
    for n in range(roots):
        side = top / f"a{n // 2:04d}"
        directory = side if n % 2 == 0 else side / "b"
        directory.mkdir(parents=True, exist_ok=True)
        (directory / "STATE.md").write_text(STATE)


def seconds(top: Path) -> float:
    began = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "continuity", "check", "--no-git", str(top)],
                          capture_output=True, text=True, cwd=top)
    if done.returncode not in (0, 1):
        raise SystemExit(f"check failed ({done.returncode}): {done.stderr[-2000:]}")
    return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 200, 500, 1000])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"{'roots':>6} {'seconds':>8} {'ms/root':>8}")
    for size in args.sizes:
        with tempfile.TemporaryDirectory() as tmp:
            top = Path(tmp)
            make(top, size)
            median = statistics.median(seconds(top) for _ in range(args.repeat))
            print(f"{size:>6} {median:>8.2f} {1000 * median / max(size, 1):>8.1f}", flush=True)


if __name__ == "__main__":
    main()
