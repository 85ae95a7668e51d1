"""Scaffold a memory tree: state files with mesh indexes, history and library directories with
their entry templates, an mkdocs.yml for the site and a .gitignore that keeps history in git.

`continuity check` passes on the result. Nothing is overwritten: if any of the files exists
already, init names them, writes nothing and exits 2 (an existing .gitignore or .gitkeep is
simply kept). In an existing project, scaffold below it: `continuity init memory/`; the
project's mkdocs.yml (in the working directory) is never touched: init prints the plugin
lines to add to it instead of writing a site of its own.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from continuity.authoring.scaffold import scaffold
from continuity.formats.words import plural
from continuity.output import shown_path


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("directory", nargs="?", default=".", metavar="DIR",
                        help="where to create the tree (default: the working directory)")


def run(args: argparse.Namespace) -> int:
    done = scaffold(Path(args.directory))
    print(f"Initialised a memory tree in {shown_path(done.root)}: "
          f"{plural(len(done.created), 'file')} written.")
    if done.kept:
        print(f"Kept as they were: {', '.join(done.kept)}.")
    if done.site is not None:
        print(f"{shown_path(done.site)} exists and was left as it is. To publish the memory "
              "tree with that site, add the continuity plugin to it:\n")
        print("".join(f"    {line}\n" for line in done.plugin_lines.splitlines()))
    print("Next: describe the work in STATE.md, commit the tree, then `continuity check`; "
          "`continuity new journal --title \"...\"` records a turn and `mkdocs serve` shows "
          "the site.")
    return 0
