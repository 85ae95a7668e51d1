"""Scaffold a memory tree: state files with mesh indexes, history and library directories with
their entry templates, an mkdocs.yml for the site and a .gitignore that keeps history in git.

`continuity check` passes on the result. Nothing is overwritten: if any of the files exists
already, init names them, writes nothing and exits 2 (an existing .gitignore or .gitkeep is
simply kept).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from continuity.authoring.scaffold import scaffold

HELP = "scaffold a memory tree with templates, state files and mkdocs.yml"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("directory", nargs="?", default=".", metavar="DIR",
                        help="where to create the tree (default: the working directory)")


def run(args: argparse.Namespace) -> int:
    done = scaffold(Path(args.directory))
    print(f"Initialised a memory tree in {done.root}: {len(done.created)} files written.")
    if done.kept:
        print(f"Kept as they were: {', '.join(done.kept)}.")
    print("Next: describe the work in STATE.md, commit the tree, then `continuity check`; "
          "`continuity new journal` records a turn and `mkdocs serve` shows the site.")
    return 0
