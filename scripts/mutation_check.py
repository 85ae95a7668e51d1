#!/usr/bin/env python3
"""A small mutation check: does the suite notice when the rules, the history or the sanitiser
are subtly wrong?

Each mutant is one small change to one expression of a module (a comparison turned, `and` for
`or`, a `not` dropped, a constant moved by one, a boolean flipped). The script makes mutants
from the modules below, chosen by a seeded sample, applies each in a temporary copy of the
repository, runs the tests that cover that module there (stopping at the first failure), and
counts the mutant *killed* when a test fails or times out and *survived* when all pass.

    .venv/bin/python scripts/mutation_check.py                # 60 mutants, seed 1
    .venv/bin/python scripts/mutation_check.py --mutants 200 --seed 7 --jobs 2

It prints each survivor (file, line, the change) and the kill ratio. A survivor is either a
test to write or an equivalent mutant (a change that cannot alter behaviour); read it to tell.
"""

from __future__ import annotations

import argparse
import ast
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

#: Each mutated area and the tests that cover it, relative to the repository.
AREAS: dict[str, tuple[str, ...]] = {
    "continuity/validators/rules": ("tests/validators", "tests/timeline"),
    "continuity/validators/invariants.py": ("tests/validators", "tests/history"),
    "continuity/history": ("tests/history", "tests/validators", "tests/timeline"),
    "continuity/generator/safety.py": ("tests/generator/test_site_sanitise.py", "tests/hostile"),
}

COMPARISONS: dict[type[ast.cmpop], str] = {
    ast.Lt: "<=", ast.LtE: "<", ast.Gt: ">=", ast.GtE: ">", ast.Eq: "!=", ast.NotEq: "==",
    ast.In: "not in", ast.NotIn: "in", ast.Is: "is not", ast.IsNot: "is",
}


@dataclass(frozen=True)
class Mutant:
    path: str  # relative to the repository
    line: int
    col: int
    end_line: int
    end_col: int
    replacement: str
    description: str

    def apply(self, source: str) -> str:
        lines = source.splitlines(keepends=True)
        start = sum(len(x) for x in lines[: self.line - 1]) + _byte_col(lines[self.line - 1],
                                                                        self.col)
        end = sum(len(x) for x in lines[: self.end_line - 1]) + _byte_col(
            lines[self.end_line - 1], self.end_col)
        return source[:start] + self.replacement + source[end:]


def _byte_col(line: str, col: int) -> int:
    """ast's column offsets count UTF-8 bytes; the string index they stand for."""
    return len(line.encode("utf-8")[:col].decode("utf-8", "replace"))


def _segment(source: str, node: ast.AST) -> str | None:
    return ast.get_source_segment(source, node)


def _mutants_of(path: str, source: str) -> Iterator[Mutant]:
    tree = ast.parse(source)
    docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                  if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))
                  and n.body and isinstance(n.body[0], ast.Expr)
                  and isinstance(n.body[0].value, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and len(node.ops) == 1:
            swap = COMPARISONS.get(type(node.ops[0]))
            left, right = _segment(source, node.left), _segment(source, node.comparators[0])
            if swap and left is not None and right is not None:
                yield _at(path, node, f"{left} {swap} {right}", f"comparison -> {swap}")
        elif isinstance(node, ast.BoolOp) and len(node.values) == 2:
            parts = [_segment(source, v) for v in node.values]
            if None not in parts:
                other = "or" if isinstance(node.op, ast.And) else "and"
                yield _at(path, node, f"({parts[0]}) {other} ({parts[1]})", f"-> {other}")
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            inner = _segment(source, node.operand)
            if inner is not None:
                yield _at(path, node, f"({inner})", "not dropped")
        elif isinstance(node, ast.Constant) and id(node) not in docstrings:
            if isinstance(node.value, bool):
                yield _at(path, node, str(not node.value), f"{node.value} -> {not node.value}")
            elif isinstance(node.value, int) and 0 <= node.value < 10**6:
                yield _at(path, node, str(node.value + 1), f"{node.value} -> {node.value + 1}")


def _at(path: str, node: ast.AST, replacement: str, description: str) -> Mutant:
    return Mutant(path, node.lineno, node.col_offset, node.end_lineno or node.lineno,
                  node.end_col_offset or node.col_offset, replacement, description)


def all_mutants() -> list[tuple[Mutant, tuple[str, ...]]]:
    found = []
    for area, tests in AREAS.items():
        base = REPO / area
        files = sorted(base.rglob("*.py")) if base.is_dir() else [base]
        for file in files:
            rel = file.relative_to(REPO).as_posix()
            source = file.read_text("utf-8")
            for mutant in _mutants_of(rel, source):
                try:
                    ast.parse(mutant.apply(source))
                except SyntaxError:
                    continue
                found.append((mutant, tests))
    return found


def _copy_repo(target: Path) -> None:
    ignore = shutil.ignore_patterns(".git", ".venv", "__pycache__", "*.pyc", ".mypy_cache",
                                    ".ruff_cache", ".pytest_cache", "site", "artifacts")
    for name in ("continuity", "tests", "site_src", "pyproject.toml", "README.md", "docs",
                 "bench", "scripts", "mkdocs.yml", "action.yml", ".pre-commit-hooks.yaml",
                 "SECURITY.md"):
        source = REPO / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=ignore)
        elif source.exists():
            shutil.copy2(source, target / name)
    # Some tests read the repository's own history (site_src's entries carry their commits).
    subprocess.run(["git", "clone", "-q", "--no-checkout", str(REPO), str(target / "_git")],
                   check=True)
    shutil.move(str(target / "_git" / ".git"), str(target / ".git"))
    shutil.rmtree(target / "_git")


def run_mutant(mutant: Mutant, tests: tuple[str, ...], timeout: float) -> tuple[str, float]:
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="mutant-") as tmp:
        work = Path(tmp)
        _copy_repo(work)
        file = work / mutant.path
        file.write_text(mutant.apply(file.read_text("utf-8")), "utf-8")
        env = dict(os.environ, PYTHONPATH=str(work), PYTHONDONTWRITEBYTECODE="1")
        command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
                   "-p", "no:randomly", "-n", "0", *tests]
        try:
            done = subprocess.run(command, cwd=work, env=env, capture_output=True, text=True,
                                  timeout=timeout)
        except subprocess.TimeoutExpired:
            return "killed (timeout)", time.monotonic() - started
        verdict = "survived" if done.returncode == 0 else "killed"
        if done.returncode not in (0, 1):
            verdict = f"killed (exit {done.returncode})"
        return verdict, time.monotonic() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mutants", type=int, default=60, help="how many to run (default 60)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="mutants run side by side")
    parser.add_argument("--timeout", type=float, default=900, help="seconds per mutant")
    parser.add_argument("--only", help="run only mutants of paths containing this text")
    args = parser.parse_args(argv)
    pool = all_mutants()
    if args.only:
        pool = [m for m in pool if args.only in m[0].path]
    chosen = random.Random(args.seed).sample(pool, min(args.mutants, len(pool)))
    print(f"{len(pool)} mutants possible; running {len(chosen)} (seed {args.seed})", flush=True)
    killed = 0
    survivors: list[Mutant] = []
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as executor:
        results = executor.map(lambda m: run_mutant(m[0], m[1], args.timeout), chosen)
        for (mutant, _), (verdict, seconds) in zip(chosen, results):
            print(f"{verdict:18} {seconds:6.1f}s  {mutant.path}:{mutant.line}  "
                  f"{mutant.description}", flush=True)
            if verdict.startswith("killed"):
                killed += 1
            else:
                survivors.append(mutant)
    ratio = killed / len(chosen) if chosen else 1.0
    print(f"\nkilled {killed} of {len(chosen)}: {ratio:.0%}")
    for mutant in survivors:
        print(f"  survived: {mutant.path}:{mutant.line}:{mutant.col + 1}  {mutant.description}"
              f"  ->  {mutant.replacement[:80]!r}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
