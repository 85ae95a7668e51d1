"""The cost of CT605's one ``git log`` more for a root below the repository's top (issue 29).

    python bench/beyond_root.py REPO ROOT [REPO ROOT ...] [--repeat 3] [--anywhere]

For each repository and memory root (relative to the repository's top), runs, interleaved so
that machine load hits each alike, the root's own ``git log`` (the check's, over the root) and
the log CT605 adds to read the agent state files outside it (the table's names at the top,
``credential_files.pathspecs_in("")``), and with ``--anywhere`` the same names under ``**/``
(what it does not ask, and why). Prints the medians of wall and CPU time (git's own) and the
bytes each answered.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import time
from pathlib import Path

from continuity.history.log import log_arguments
from continuity.model import credential_files as table


def timed(repo: str, specs: list[str]) -> tuple[float, float, int]:
    """(wall seconds, git's CPU seconds, bytes answered) of one log over ``specs``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(["git", "-C", repo, *log_arguments(None), "--", *specs],
                         capture_output=True, check=True).stdout
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu, len(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pairs", nargs="+", help="REPO ROOT, repeated")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--anywhere", action="store_true",
                        help="also time the table's names under **/ (slow)")
    args = parser.parse_args()
    if len(args.pairs) % 2:
        parser.error("give a ROOT after each REPO")
    kinds = {"root's log": lambda root: [f":(literal){root}"],
             "beyond the root": lambda root: list(table.pathspecs_in(""))}
    if args.anywhere:
        kinds["**/ anywhere"] = lambda root: list(table.ANYWHERE_PATHSPECS)
    for repo, root in zip(args.pairs[::2], args.pairs[1::2]):
        commits = subprocess.run(["git", "-C", repo, "rev-list", "--count", "HEAD"],
                                 capture_output=True, text=True, check=True).stdout.strip()
        runs: dict[str, list[tuple[float, float, int]]] = {kind: [] for kind in kinds}
        for _ in range(args.repeat):
            for kind, specs in kinds.items():
                runs[kind].append(timed(repo, specs(root)))
        print(f"{Path(repo).name} ({commits} commits), root {root}/:")
        for kind, found in runs.items():
            wall = statistics.median(r[0] for r in found)
            cpu = statistics.median(r[1] for r in found)
            print(f"  {kind:16} {wall:6.2f} s wall {cpu:6.2f} s cpu {found[0][2]:>9} bytes")


if __name__ == "__main__":
    main()
