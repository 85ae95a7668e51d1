#!/usr/bin/env python3
"""Start-up and the whole check against their floors (issue 24), side by side in one run.

    python bench/startup.py                          # generates 10,000 entries, 2,000 commits
    python bench/startup.py --tree /tmp/t10k         # a tree bench/make_tree.py made before
    python bench/startup.py --compare /tmp/old       # also the package as it is in /tmp/old

Interleaved, the order rotated every round so that the machine's load hits every command
alike, the median wall and CPU seconds (user + system, the command's processes and git's) of:

1. ``python -c pass``; the bare import of the parsers a one-file check needs
   (:data:`PARSERS`: the frontmatter, Markdown structure and credential modules, with PyYAML
   and pyahocorasick under them); ``continuity --version``; and the one-file check as the
   per-file hook runs it, ``continuity check --no-git journal/<newest>.md`` (target: 1.5x the
   bare import of its parsers);
2. ``continuity check --output-format json`` of the whole tree against the floor: the one
   ``git log`` the check runs (the same arguments and environment, from
   ``continuity.history.log.log_arguments``) plus reading every file of the tree once
   (target: 1.3x), and the same check with ``--no-git`` (no history rules);
3. what the append-only proof must hash, whatever the code around it: the bytes of every
   version prefix the check hashes (counted in one instrumented run of the check) and the CPU
   seconds SHA-1 takes over that many bytes on this machine, against the floor.

Every command runs as ``python -m continuity`` so that ``--compare`` (the same commands with
``PYTHONPATH`` set to another copy of the package) is like for like. It prints a table and
rewrites the ``startup-results`` section of bench/README.md, with the load average around it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
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

from make_tree import HISTORY_DIRS, make_tree  # noqa: E402
from run import floor, machine, update_readme  # noqa: E402

PYTHON = sys.executable
#: What a one-file check parses an entry with; the modules import PyYAML and pyahocorasick.
PARSERS = ("continuity.formats.frontmatter", "continuity.formats.markdown",
           "continuity.formats.secrets")


@dataclass
class Samples:
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def add(self, wall: float, cpu: float) -> None:
        self.wall.append(wall)
        self.cpu.append(cpu)

    @property
    def median_wall(self) -> float:
        return statistics.median(self.wall)

    @property
    def median_cpu(self) -> float:
        return statistics.median(self.cpu)


def run_timed(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall and CPU seconds of one command; CPU from wait4's rusage, which counts the
    processes it waited for (git) too. Exit 0 or 1 (findings) only."""
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
    assert process.stderr is not None
    err = process.stderr.read()
    process.stderr.close()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed ({process.returncode}):\n"
                         f"{err.decode(errors='replace')[-2000:]}")
    return wall, usage.ru_utime + usage.ru_stime


@dataclass
class Variant:
    """The package under test: this checkout's, or another copy (``--compare``)."""

    name: str
    env: dict[str, str] | None
    samples: dict[str, Samples] = field(default_factory=dict)


def commands(one_file: str) -> dict[str, tuple[list[str], bool]]:
    """Each measured command, and whether it runs the package (and so differs by variant)."""
    continuity = [PYTHON, "-m", "continuity"]
    return {
        "pass": ([PYTHON, "-c", "pass"], False),
        "parsers": ([PYTHON, "-c", "import " + ", ".join(PARSERS)], True),
        "version": (continuity + ["--version"], True),
        "one file": (continuity + ["check", "--no-git", one_file], True),
    }


def measure(tree: Path, variants: list[Variant], repeat: int, check_repeat: int) -> None:
    one_file = sorted((tree / "journal").glob("*-turn-*.md"))[-1].relative_to(tree).as_posix()
    table = commands(one_file)
    check = [PYTHON, "-m", "continuity", "check", "--output-format", "json"]
    runs: list[tuple[str, Variant | None, list[str]]] = []
    for name, (command, per_variant) in table.items():
        for variant in variants if per_variant else [None]:
            runs.append((name, variant, command))
    shared: dict[str, Samples] = {}
    for _name, variant, command in runs:  # warm-up, not counted: bytecode and the disk cache
        run_timed(command, tree, (variant or variants[0]).env)
    for round_ in range(repeat):
        print(f"start-up round {round_ + 1}/{repeat}", flush=True)
        shift = round_ % len(runs)
        for name, variant, command in runs[shift:] + runs[:shift]:
            samples = (variant.samples if variant else shared).setdefault(name, Samples())
            samples.add(*run_timed(command, tree, (variant or variants[0]).env))
    for variant in variants:
        variant.samples.update(shared)
    floor_samples = Samples()
    floor(tree)  # warm-up, not counted: the tree and git's objects in the disk cache
    for round_ in range(check_repeat):
        print(f"whole-check round {round_ + 1}/{check_repeat}", flush=True)
        order: list[Variant | None] = [None, *variants]
        shift = round_ % len(order)
        for variant in order[shift:] + order[:shift]:
            if variant is None:
                sample = floor(tree)
                floor_samples.add(sample.seconds, sample.cpu)
            else:
                variant.samples.setdefault("check", Samples()).add(
                    *run_timed(check, tree, variant.env))
                variant.samples.setdefault("check --no-git", Samples()).add(
                    *run_timed(check + ["--no-git"], tree, variant.env))
    for variant in variants:
        variant.samples["floor"] = floor_samples


def report(variants: list[Variant], tree_info: str, repeat: int, check_repeat: int,
           loads: tuple[str, str]) -> str:
    rows = [
        f"Measured {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC on {machine()}; "
        f"{tree_info}; start-up: median of {repeat} runs, the whole check: median of "
        f"{check_repeat}, interleaved; load average {loads[0]} before, {loads[1]} after.",
        "",
        "| package | measure | python -c pass | bare parsers | --version | one file "
        "| one file / parsers | --version / parsers | floor | whole check | check / floor "
        "| check --no-git | --no-git / floor |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for variant in variants:
        for measure_name, attribute in (("wall s", "median_wall"), ("CPU s", "median_cpu")):
            def value(name: str, attribute: str = attribute, s: dict[str, Samples] = variant.samples
                      ) -> float:
                return float(getattr(s[name], attribute))
            rows.append(
                f"| {variant.name} | {measure_name} | {value('pass'):.3f} | {value('parsers'):.3f} "
                f"| {value('version'):.3f} | {value('one file'):.3f} "
                f"| **{value('one file') / value('parsers'):.2f}x** "
                f"| {value('version') / value('parsers'):.2f}x | {value('floor'):.2f} "
                f"| {value('check'):.2f} | **{value('check') / value('floor'):.2f}x** "
                f"| {value('check --no-git'):.2f} "
                f"| {value('check --no-git') / value('floor'):.2f}x |")
    return "\n".join(rows) + "\n"


#: One run of the check in a fresh interpreter that counts what it hashes to prove each version
#: of an append-only log a prefix of the next (``continuity.history.log.blob_id``).
PROOF_PROBE = """
import contextlib, io, json, sys
import continuity.history.log as log
counted = [0, 0]
original = log.blob_id
def blob_id(data, object_format="sha1"):
    counted[0] += len(data); counted[1] += 1
    return original(data, object_format)
log.blob_id = blob_id
from continuity.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    main(["check", "--output-format", "json"])
print(json.dumps({"bytes": counted[0], "prefixes": counted[1]}))
"""


def proof_cost(tree: Path, env: dict[str, str]) -> tuple[int, int, float]:
    """Bytes and prefixes the append-only proof hashed, and the CPU seconds of SHA-1 over
    that many bytes here (hashed in 64 MiB pieces of one buffer)."""
    done = subprocess.run([PYTHON, "-c", PROOF_PROBE], cwd=tree, env=env, check=True,
                          capture_output=True, text=True)
    counted = json.loads(done.stdout.strip().splitlines()[-1])
    piece = b"x" * (64 << 20)
    left = counted["bytes"]
    start = time.process_time()
    while left > 0:
        hashlib.sha1(piece[:min(left, len(piece))]).digest()
        left -= len(piece)
    return counted["bytes"], counted["prefixes"], time.process_time() - start


def proof_line(variant: Variant, hashed: int, prefixes: int, sha1_cpu: float) -> str:
    floor_cpu = variant.samples["floor"].median_cpu
    return (f"The append-only proof hashed {hashed / 1e9:.2f} GB in {prefixes:,} version prefixes "
            f"(git names a version by the SHA-1 of its bytes, so a prefix is proven by hashing "
            f"it); SHA-1 over that many bytes alone takes {sha1_cpu:.2f} s of CPU here, "
            f"{sha1_cpu / floor_cpu:.2f}x the floor's CPU: with it, the check cannot come within "
            f"1.3x of the floor while it proves every version.")


def load_average() -> str:
    return " / ".join(f"{load:.1f}" for load in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", type=Path, help="a tree bench/make_tree.py made (else one is made)")
    parser.add_argument("--entries", type=int, default=10000)
    parser.add_argument("--commits", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=15, help="start-up runs (default 15)")
    parser.add_argument("--check-repeat", type=int, default=5,
                        help="runs of the whole check and its floor (default 5)")
    parser.add_argument("--compare", type=Path, action="append", default=[],
                        help="a folder holding another copy of the continuity package")
    parser.add_argument("--no-readme", action="store_true", help="do not rewrite bench/README.md")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="continuity-startup-") as temporary:
        # Python as a user runs it, with its compiled bytecode cached (kept out of the
        # checkout); the warm-up round below fills the cache.
        base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        base["PYTHONPYCACHEPREFIX"] = str(Path(temporary) / "pycache")
        variants = [Variant("this checkout", base)]
        for folder in args.compare:
            if not (folder / "continuity" / "__init__.py").is_file():
                raise SystemExit(f"{folder}: no continuity package in it")
            variants.append(Variant(folder.name, dict(base, PYTHONPATH=str(folder.resolve()))))
        tree = args.tree
        if tree is None:
            tree = Path(temporary) / "repo"
            print(f"generating {args.entries} entries, {args.commits} commits ...", flush=True)
            make_tree(tree, args.entries, args.commits, args.seed)
        files = sum(len(f) for d, _, f in os.walk(tree) if ".git" not in Path(d).parts)
        commits = subprocess.run(["git", "rev-list", "--count", "HEAD"], cwd=tree, check=True,
                                 capture_output=True, text=True).stdout.strip()
        entries = sum(1 for name in HISTORY_DIRS for path in (tree / name).iterdir()
                      if path.name != "ENTRY.template.md")
        before = load_average()
        measure(tree, variants, args.repeat, args.check_repeat)
        after = load_average()
        hashed, prefixes, sha1_cpu = proof_cost(tree, variants[0].env or dict(os.environ))
    text = report(variants, f"tree of bench/make_tree.py: {int(commits):,} commits, {files:,} files "
                  f"({entries:,} entries)", args.repeat, args.check_repeat, (before, after))
    text += "\n" + proof_line(variants[0], hashed, prefixes, sha1_cpu) + "\n"
    print()
    print(text)
    if not args.no_readme:
        update_readme(text, "startup-results")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
