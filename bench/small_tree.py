#!/usr/bin/env python3
"""A memory tree of many small journal entries, the shape of issue 15's site measurements.

    python bench/small_tree.py OUT_DIR [--entries N] [--commits C]

``continuity init`` scaffolds the state files and templates; N journal entries of about 120
words each, following the journal template exactly, are added over C commits (default 40). The
check finds nothing in it. Beside it, :func:`plain_docs` writes the same Markdown files as a
plain MkDocs docs directory whose navigation holds the home page only: the baseline the
plugin's build is compared with.
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

BIN = Path(sys.executable).parent
WORDS = ("parser", "fixture", "ledger", "commit", "snapshot", "review", "tidewater", "branch",
         "schema", "cache", "journal", "rule", "index", "module", "trace", "budget", "render",
         "queue", "worker", "failure", "retry", "metric", "token", "spec", "layout", "diff")
GIT = ["git", "-c", "user.name=bench", "-c", "user.email=bench@example.invalid", "-c", "gc.auto=0",
       "-c", "commit.gpgsign=false"]


def sentence(rng: random.Random, words: int) -> str:
    text = " ".join(rng.choice(WORDS) for _ in range(words))
    return text[0].upper() + text[1:] + "."


def entry_name(number: int) -> str:
    """The journal file of entry ``number`` (0-based): several turns a day, from 2024-01-01."""
    day = date(2024, 1, 1) + timedelta(days=number // 4)
    return f"journal/{day.isoformat()}-turn-{number + 1}.md"


def entry_text(number: int, rng: random.Random, extra: str = "") -> str:
    """About 120 words under the journal template's frontmatter and sections."""
    day = entry_name(number).split("/")[1][:10]
    sections = {"Context before": 30, "Actions taken": 40, "Result": 30, "Next": 15}
    body = "".join(f"## {title}\n\n{sentence(rng, words)}\n\n" for title, words in sections.items())
    return (f"---\ndate: {day}\nturn: {number + 1}\nobjective: {sentence(rng, 5)}\n---\n\n"
            f"# Journal Entry — {day}\n\n{body}{extra}").rstrip("\n") + "\n"


def make_small_tree(out: Path, entries: int, commits: int = 40, seed: int = 1) -> None:
    out.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "init", "-q", "-b", "main", str(out)], check=True)
    subprocess.run([str(BIN / "continuity"), "init", str(out)], check=True,
                   stdout=subprocess.DEVNULL)
    subprocess.run(GIT + ["add", "-A"], cwd=out, check=True)
    subprocess.run(GIT + ["commit", "-qm", "scaffold"], cwd=out, check=True)
    rng = random.Random(seed)
    batches = max(1, commits - 1)
    per = -(-entries // batches)
    for start in range(0, entries, per):
        for number in range(start, min(entries, start + per)):
            (out / entry_name(number)).write_text(entry_text(number, rng), "utf-8")
        subprocess.run(GIT + ["add", "journal"], cwd=out, check=True)
        subprocess.run(GIT + ["commit", "-qm", f"journal from turn {start + 1}"], cwd=out,
                       check=True)


def plain_docs(repo: Path, out: Path) -> str:
    """The tree's Markdown files as a docs directory (STATE.md also as the home page); the
    ``nav`` that holds the home page only."""
    if out.exists():
        shutil.rmtree(out)
    for path in repo.rglob("*.md"):
        if ".git" in path.relative_to(repo).parts:
            continue
        target = out / path.relative_to(repo)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    shutil.copyfile(repo / "STATE.md", out / "index.md")
    return "nav:\n  - Home: index.md\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--entries", type=int, default=2000)
    parser.add_argument("--commits", type=int, default=40)
    args = parser.parse_args(argv)
    make_small_tree(args.out, args.entries, args.commits)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
