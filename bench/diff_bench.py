#!/usr/bin/env python3
"""``continuity diff`` beside ``git diff --stat`` on the same range, side by side in one run.

    python bench/diff_bench.py [--entries 10000] [--commits 1000] [--range 100] [--repeat 5]

Generates a tree with bench/make_tree.py (``--entries`` entries in ``--commits`` commits: its
state files rewritten, entries appended, the ledger and logs grown), then times, interleaved
so that machine load hits each alike, on the range ``HEAD~R..HEAD`` of its last ``--range``
commits:

- ``git diff --stat BASE HEAD`` (the floor: what git alone does for the range);
- ``continuity diff BASE HEAD --no-check`` (the review: sections, files, entries, promises,
  the load window, drift of the range);
- ``continuity diff BASE HEAD`` (the review with the findings introduced and fixed: the check
  run at both ends on what the range can affect, review/scope.py);
- ``continuity diff BASE HEAD --full-check`` (the same findings from the whole check run on
  BASE's tree, written out, and on HEAD's);
- ``continuity --version`` (the floor of any run: Python's start and the command line) and
  ``python -c "import continuity.review.build, continuity.validators.engine"`` (what a review
  with the check imports before it reads anything).

Prints each median (wall clock and CPU) and its ratio to git's; the target for the review
is at most 3x ``git diff --stat``. ``--check-same`` also compares the outputs of ``diff`` and
``diff --full-check`` (JSON), which must be the same.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from make_tree import make_tree  # noqa: E402

BIN = Path(sys.executable).parent


def timed(command: list[str], cwd: Path) -> tuple[float, float]:
    """Wall-clock and CPU seconds (user + system, of the command and its children)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)}: exit {done.returncode}: {done.stderr.decode()}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--commits", type=int, default=1000)
    parser.add_argument("--range", type=int, default=100, dest="span")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="generate into this folder and keep it")
    parser.add_argument("--check-same", action="store_true",
                        help="also compare the JSON of diff and diff --full-check")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="continuity-diff-bench-") as temporary:
        repo = Path(args.keep or temporary) / "repo"
        if not (repo / ".git").is_dir():
            print(f"generating {args.entries:,} entries in {args.commits:,} commits ...",
                  flush=True)
            make_tree(repo, args.entries, args.commits, args.seed)
        base = f"HEAD~{args.span}"
        files = subprocess.run(["git", "ls-files"], cwd=repo, capture_output=True, text=True,
                               check=True).stdout.count("\n")
        changed = subprocess.run(["git", "diff", "--name-only", base, "HEAD"], cwd=repo,
                                 capture_output=True, text=True, check=True).stdout.count("\n")
        print(f"tree: {files:,} files; range {base}..HEAD: {args.span} commits, {changed:,} "
              "files changed")
        continuity = str(BIN / "continuity")
        commands = {
            "git diff --stat": ["git", "diff", "--stat", base, "HEAD"],
            "continuity --version": [continuity, "--version"],
            "imports": [sys.executable, "-c", "import continuity.cli, continuity.review.build, "
                        "continuity.validators.engine"],
            "continuity diff --no-check": [continuity, "diff", base, "HEAD", "--no-check"],
            "continuity diff": [continuity, "diff", base, "HEAD"],
            "continuity diff --full-check": [continuity, "diff", base, "HEAD", "--full-check"],
        }
        if args.check_same:
            outputs = [subprocess.run([*commands[name], "--format", "json"], cwd=repo,
                                      capture_output=True).stdout
                       for name in ("continuity diff", "continuity diff --full-check")]
            print("diff and diff --full-check, JSON: " +
                  ("the same" if outputs[0] == outputs[1] else "DIFFERENT"))
        wall: dict[str, list[float]] = {name: [] for name in commands}
        cpu: dict[str, list[float]] = {name: [] for name in commands}
        for run in range(args.repeat):
            order = list(commands) if run % 2 == 0 else list(reversed(commands))
            for name in order:
                spent, used = timed(commands[name], repo)
                wall[name].append(spent)
                cpu[name].append(used)
        floor_wall = statistics.median(wall["git diff --stat"])
        floor_cpu = statistics.median(cpu["git diff --stat"])
        for name in commands:
            w, c = statistics.median(wall[name]), statistics.median(cpu[name])
            print(f"{name:>28}: wall {w:.3f} s ({w / floor_wall:.1f}x), CPU {c:.3f} s "
                  f"({c / floor_cpu:.1f}x)  [runs: {', '.join(f'{t:.2f}' for t in wall[name])}]")
        for name in ("continuity diff --no-check", "continuity diff"):
            ratio = statistics.median(cpu[name]) / floor_cpu
            print(f"{name} / git diff --stat, CPU: {ratio:.1f}x (target <= 3x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
