#!/usr/bin/env python3
"""Measure the cost of checking and building, side by side with the floor and plain MkDocs.

    python bench/run.py                      # 1,000 and 10,000 entries, 3 runs each
    python bench/run.py --sizes 1000 --repeat 5

For each size it generates a synthetic memory tree in a new git repository (bench/make_tree.py),
then measures, interleaved in the same run so machine load hits both sides alike, the median of
``--repeat`` runs of:

1. the floor: the check's own ``git log`` pass over the repository plus reading every file once, against
   ``continuity check`` (history rules on), with the check's peak memory, and the check
   without git (``--no-git``: what the history rules cost is the difference);
2. ``continuity check --no-git`` of one entry, as the per-file pre-commit hook runs it, against
   the same check of the whole tree;
3. plain ``mkdocs build`` of the same Markdown pages (written once by ``continuity generate``),
   same theme, entries out of the navigation, against ``mkdocs build`` with the plugin
   (skipped with ``--check-only``).

It prints a table and rewrites the results section of bench/README.md with the machine it ran on.

    python bench/run.py --site [--site-sizes 2000 10000]

measures the site instead (issue 15, bench/site_bench.py): small entries, the plugin's build
against plain Material, the serve latency and the Zensical build; its own results section.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from make_tree import make_tree  # noqa: E402

from continuity.history.git import git_argv, git_env  # noqa: E402
from continuity.history.log import log_arguments  # noqa: E402

BIN = Path(sys.executable).parent


@dataclass
class Sample:
    seconds: float
    peak_mb: float = 0.0
    cpu: float = 0.0


@dataclass
class SizeResult:
    entries: int
    commits: int
    files: int = 0
    floor: list[Sample] = field(default_factory=list)
    check: list[Sample] = field(default_factory=list)
    check_no_git: list[Sample] = field(default_factory=list)
    one_entry: list[Sample] = field(default_factory=list)  # the per-file hook: one entry named
    plain: list[Sample] = field(default_factory=list)
    plugin: list[Sample] = field(default_factory=list)
    check_findings: str = ""

    @staticmethod
    def median(samples: list[Sample]) -> float:
        return statistics.median(s.seconds for s in samples)

    @property
    def check_ratio(self) -> float:
        return self.median(self.check) / self.median(self.floor)

    @property
    def build_ratio(self) -> float | None:
        if not self.plain:
            return None
        return self.median(self.plugin) / self.median(self.plain)

    @property
    def one_entry_ratio(self) -> float:
        """One changed entry against the whole tree, both without git (as the hook runs)."""
        return self.median(self.one_entry) / self.median(self.check_no_git)

    @property
    def peak_mb(self) -> float:
        return max(s.peak_mb for s in self.check)


def timed(command: list[str], cwd: Path) -> tuple[Sample, bytes]:
    """Run a command; its wall time and peak resident memory (from wait4's rusage)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = process.communicate()
    elapsed = time.perf_counter() - start
    # communicate() reaped the child; getrusage of children is cumulative, so measure apart.
    if process.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed ({process.returncode}):\n"
                         f"{err.decode(errors='replace')[-2000:]}")
    return Sample(elapsed), out


def peak_memory(command: list[str], cwd: Path) -> tuple[Sample, bytes]:
    """Like timed(), reaping the child with wait4 to read its own peak RSS."""
    start = time.perf_counter()
    with open(os.devnull, "wb") as devnull:
        process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=devnull)
        out = process.stdout.read()
        process.stdout.close()
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
    elapsed = time.perf_counter() - start
    if process.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed with status {process.returncode}")
    return Sample(elapsed, usage.ru_maxrss / 1024), out


def floor(repo: Path) -> Sample:
    """What any history check must at least do: the check's own ``git log`` pass (the same
    arguments and environment, ``continuity.history.log.log_arguments``) and reading every
    file once. ``cpu``: this process's seconds and git's."""
    start, cpu_start = time.perf_counter(), time.process_time()
    process = subprocess.Popen(git_argv([*log_arguments(None), "--", ":(literal)."]), cwd=repo,
                               env=git_env(()), stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"git log failed in {repo}")
    for directory, dirs, files in os.walk(repo):
        if ".git" in dirs:
            dirs.remove(".git")
        for name in files:
            with open(os.path.join(directory, name), "rb") as handle:
                handle.read()
    return Sample(time.perf_counter() - start,
                  cpu=time.process_time() - cpu_start + usage.ru_utime + usage.ru_stime)


def write_configs(work: Path, repo: Path, nav_file: Path) -> tuple[Path, Path]:
    theme = "theme:\n  name: material\n  font: false\n"
    plain = work / "plain.yml"
    plain.write_text(f"site_name: bench\ndocs_dir: pages\nsite_dir: out-plain\n{theme}"
                     f"plugins:\n  - search\n" + nav_file.read_text("utf-8"), "utf-8")
    (work / "empty-docs").mkdir(exist_ok=True)
    plugin = work / "plugin.yml"
    plugin.write_text(f"site_name: bench\ndocs_dir: empty-docs\nsite_dir: out-plugin\n{theme}"
                      f"plugins:\n  - search\n  - continuity:\n      root: {repo}\n", "utf-8")
    return plain, plugin


def measure(entries: int, commits: int, repeat: int, seed: int, keep: Path | None,
            builds: bool = True) -> SizeResult:
    result = SizeResult(entries, commits)
    with tempfile.TemporaryDirectory(prefix=f"continuity-bench-{entries}-") as temporary:
        work = Path(keep or temporary)
        repo = work / "repo"
        print(f"[{entries}] generating {entries} entries, {commits} commits ...", flush=True)
        make_tree(repo, entries, commits, seed)
        result.files = sum(len(f) for d, _, f in os.walk(repo) if ".git" not in d)
        if builds:
            nav = work / "nav.yml"
            subprocess.run([str(BIN / "continuity"), "generate", "--out", str(work / "pages"),
                            "--nav-file", str(nav)], cwd=repo, check=True,
                           stdout=subprocess.DEVNULL)
            plain_yml, plugin_yml = write_configs(work, repo, nav)
        check = [str(BIN / "continuity"), "check", "--output-format", "json"]
        build = [str(BIN / "mkdocs"), "build", "-q", "-f"]
        for run in range(repeat):
            print(f"[{entries}] run {run + 1}/{repeat}", flush=True)
            result.floor.append(floor(repo))
            sample, out = peak_memory(check, repo)
            result.check.append(sample)
            summary = json.loads(out)["summary"]
            result.check_findings = (f"{summary['errors']} errors, {summary['warnings']} "
                                     f"warnings in {summary['files']:,} files")
            result.check_no_git.append(timed(check + ["--no-git"], repo)[0])
            one = sorted((repo / "journal").glob("*-turn-*.md"))[-1].relative_to(repo)
            result.one_entry.append(timed(check + ["--no-git", str(one)], repo)[0])
            if builds:
                result.plain.append(timed(build + [str(plain_yml)], work)[0])
                result.plugin.append(timed(build + [str(plugin_yml)], work)[0])
    return result


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = ""
    try:
        kb = int(re.search(r"MemTotal:\s+(\d+)", Path("/proc/meminfo").read_text()).group(1))
        memory = f", {kb / 1024 / 1024:.0f} GiB"
    except (OSError, AttributeError):
        pass
    return (f"{cpu}, {os.cpu_count()} cores{memory}; {platform.system()} {platform.release()}; "
            f"Python {platform.python_version()}")


def table(results: list[SizeResult], repeat: int) -> str:
    rows = [
        f"Measured {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC on {machine()}; "
        f"median of {repeat} runs, interleaved.",
        "",
        "| entries | commits | files | floor s | check s | check / floor | check peak MB "
        "| check --no-git s | one entry s | one / whole | plain build s | plugin build s "
        "| plugin / plain |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        builds = (f"| {r.median(r.plain):.2f} | {r.median(r.plugin):.2f} | {r.build_ratio:.2f}x |"
                  if r.plain else "| – | – | – |")
        rows.append(
            f"| {r.entries:,} | {r.commits:,} | {r.files:,} | {r.median(r.floor):.2f} "
            f"| {r.median(r.check):.2f} | {r.check_ratio:.2f}x | {r.peak_mb:.0f} "
            f"| {r.median(r.check_no_git):.2f} | {r.median(r.one_entry):.2f} "
            f"| {r.one_entry_ratio:.3f} " + builds)
    if len(results) >= 2:
        small, large = results[0], results[-1]
        factor = large.entries / small.entries
        def growth(samples: str) -> str:
            a, b = getattr(small, samples), getattr(large, samples)
            return f"{large.median(b) / small.median(a):.1f}x" if a and b else "–"
        rows += [
            "",
            f"Growth from {small.entries:,} to {large.entries:,} entries ({factor:g}x; linear "
            f"is about {factor:g}): check {growth('check')}, floor {growth('floor')}, "
            f"plugin build {growth('plugin')}, plain build {growth('plain')}.",
        ]
    rows += ["", "Findings reported by the check on the generated trees: " +
             "; ".join(f"{r.entries:,}: {r.check_findings}" for r in results)]
    return "\n".join(rows) + "\n"


def update_readme(text: str, section: str = "results") -> None:
    readme = HERE / "README.md"
    current = readme.read_text("utf-8") if readme.exists() else ""
    start, end = f"<!-- {section}:start -->", f"<!-- {section}:end -->"
    block = f"{start}\n{text}{end}"
    if start in current:
        current = re.sub(re.escape(start) + ".*?" + re.escape(end), lambda _: block, current,
                         flags=re.S)
    else:
        current += "\n## Results\n\n" + block + "\n"
    readme.write_text(current, "utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--commits-per-entry", type=float, default=0.2,
                        help="commits as a fraction of entries (default 0.2: 2,000 for 10,000)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="keep the generated trees under this folder")
    parser.add_argument("--check-only", action="store_true",
                        help="measure the check only, no MkDocs builds (minutes faster)")
    parser.add_argument("--no-readme", action="store_true", help="do not rewrite bench/README.md")
    parser.add_argument("--site", action="store_true",
                        help="measure the site instead: small entries, serve latency, Zensical")
    parser.add_argument("--site-sizes", type=int, nargs="+", default=[2000, 10000])
    args = parser.parse_args()
    if args.site:
        return site(args)
    results = []
    for size in args.sizes:
        keep = args.keep / str(size) if args.keep else None
        if keep:
            keep.mkdir(parents=True, exist_ok=False)
        results.append(measure(size, max(1, int(size * args.commits_per_entry)), args.repeat,
                               args.seed, keep, builds=not args.check_only))
    text = table(results, args.repeat)
    print()
    print(text)
    if not args.no_readme:
        update_readme(text)
    return 0


def site(args: argparse.Namespace) -> int:
    from site_bench import measure_site, site_table

    results = []
    for size in args.site_sizes:
        keep = args.keep / f"site-{size}" if args.keep else None
        if keep:
            keep.mkdir(parents=True, exist_ok=False)
        # Above 2,000 entries a run takes a minute and a half (Zensical most of it): 3 at most.
        results.append(measure_site(size, args.repeat if size <= 2000 else min(args.repeat, 3),
                                    keep))
        text = site_table(results, machine(),
                          f"{datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC")
        print()
        print(text, flush=True)
        if not args.no_readme:
            update_readme(text, "site-results")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
