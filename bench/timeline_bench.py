"""The state timeline's cost (issue 25): the same plugin build with and without it, side by side.

    python bench/timeline_bench.py [--entries 4000] [--commits 2000] [--repeat 3] [--keep DIR]

Generates a tree with bench/make_tree.py (its state files rewritten in hundreds of the
commits, each with its pairing entry), then runs, interleaved so that machine load hits both
alike, ``mkdocs build`` with ``plugins: [search, continuity]`` and the option
``state_history`` true, then false, ``--repeat`` times; the site is written to tmpfs where
there is one (the disk's throttling of sustained writes would charge each side for its bytes).
Prints the medians, their ratio (target: at most 1.15), the versions shown and the pages added.
"""

from __future__ import annotations

import argparse
import os
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
RAM = "/dev/shm" if Path("/dev/shm").is_dir() and os.access("/dev/shm", os.W_OK) else None


def config(work: Path, name: str, history: bool) -> Path:
    (work / "empty-docs").mkdir(exist_ok=True)
    path = work / f"{name}.yml"
    path.write_text(
        f"site_name: bench\ndocs_dir: empty-docs\nsite_dir: out-{name}\n"
        "theme:\n  name: material\n  font: false\nplugins:\n  - search\n"
        f"  - continuity:\n      root: repo\n      state_history: {str(history).lower()}\n",
        "utf-8")
    return path


def timed(command: list[str], cwd: Path) -> tuple[float, float]:
    """Wall-clock seconds and CPU seconds (user + system) of one run. On a machine shared with
    other work the wall clock swings by half from run to run; the CPU time a build spends is
    what its own code costs, and moves far less."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def versions(repo: Path) -> dict[str, int]:
    """Commits per state file, as ``git log --oneline -- FILE`` counts them."""
    counts = {}
    for state in sorted(repo.glob("*.md")):
        out = subprocess.run(["git", "rev-list", "--count", "HEAD", "--", state.name], cwd=repo,
                             capture_output=True, text=True, check=True).stdout
        counts[state.name] = int(out)
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entries", type=int, default=4000)
    parser.add_argument("--commits", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="build in this folder and keep it")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="continuity-timeline-") as temporary:
        work = Path(args.keep or temporary)
        repo = work / "repo"
        if not (repo / ".git").is_dir():
            print(f"generating {args.entries} entries in {args.commits} commits ...", flush=True)
            make_tree(repo, args.entries, args.commits, args.seed)
        with_history, without = config(work, "with", True), config(work, "without", False)
        out = Path(tempfile.mkdtemp(prefix="continuity-timeline-", dir=RAM)) if RAM else work
        build = [str(BIN / "mkdocs"), "build", "-q", "-f"]
        times: dict[str, list[float]] = {"with": [], "without": []}
        cpu: dict[str, list[float]] = {"with": [], "without": []}
        for run in range(args.repeat):
            print(f"run {run + 1}/{args.repeat}", flush=True)
            for name, path in (("with", with_history), ("without", without)) if run % 2 == 0 \
                    else (("without", without), ("with", with_history)):
                wall, used = timed(build + [str(path), "-d", str(out / name)], work)
                times[name].append(wall)
                cpu[name].append(used)
        pages = {name: sum(1 for _ in (out / name).rglob("index.html")) for name in times}
        median = {name: statistics.median(values) for name, values in times.items()}
        print(f"state files' versions (git rev-list --count): {versions(repo)}")
        print(f"pages: with {pages['with']:,}, without {pages['without']:,} "
              f"(+{pages['with'] - pages['without']:,})")
        cpu_median = {name: statistics.median(values) for name, values in cpu.items()}
        for name in ("without", "with"):
            print(f"{name:>8} state_history: wall median {median[name]:.2f} s "
                  f"({', '.join(f'{t:.2f}' for t in times[name])}); CPU median "
                  f"{cpu_median[name]:.2f} s ({', '.join(f'{t:.2f}' for t in cpu[name])})")
        pairs = [w / o for w, o in zip(times["with"], times["without"])]
        print(f"ratio with / without: wall {median['with'] / median['without']:.3f} (each "
              f"run's pair: {', '.join(f'{r:.3f}' for r in pairs)}), CPU "
              f"{cpu_median['with'] / cpu_median['without']:.3f} (target <= 1.15)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
