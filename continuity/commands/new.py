"""Create a history or library entry from its directory's template, correctly named.

KIND is a directory (journal, snapshots, completed, reflections, audits, proposals, setup,
artifacts, memory, knowledge, or one a state file declares) or its singular (snapshot, audit...).
The template is the directory's ENTRY.template.md, else the built-in one. --title is the
entry's heading; fields come from the flags (--field NAME=VALUE fills a field, a row or a
## section); whatever nobody gave reads "not recorded yet", for you to write before committing:
`continuity check` reports each filler left as CT203 ("fill before committing"), and a completed
task whose evidence still reads so as CT209. Once committed, the entry is append-only.

  continuity new journal --title "Parse the tide tables"      # next turn of today
  continuity new snapshot          # keeps STATE.md as last committed (the state being replaced)
  continuity new completed --slug fix-webhook --field "Task ID=T-7" \
      --field "evidence-1=tests pass" --field "evidence-path-1=tests/test_hook.py"
  continuity new proposal --title "API redesign" --field status=reviewed

An existing file is never overwritten: exit 2 and nothing is written. Prints the new path.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from continuity.authoring.new_entry import Request, create_entry, parse_field
from continuity.config import Config, load_config
from continuity.errors import ContinuityError, UsageError
from continuity.history.git import GitError, open_repository
from continuity.model.kinds import is_state_file_name
from continuity.model.tree import MemoryTree, discover, find_repo_root
from continuity.model.workspace import NothingToCheck, targets_for
from continuity.output import one_line, shown_path


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("kind", metavar="KIND",
                        help="journal, snapshot, completed, reflection, audit, proposal, setup, "
                             "artifact, memory, knowledge (or the directory's name)")
    parser.add_argument("--slug", help="the name's slug (default: from --title)")
    parser.add_argument("--title", help="the entry's heading (and its title or topic field)")
    parser.add_argument("--turn", type=int, help="journal: the turn number (default: the next "
                                                 "one of that day)")
    parser.add_argument("--date", metavar="DATE",
                        help="YYYY-MM-DD, or for a snapshot YYYY-MM-DDTHH:MM:SSZ (default: now, "
                             "UTC)")
    parser.add_argument("--field", action="append", default=[], metavar="NAME=VALUE",
                        help="a frontmatter field, a Task-table row, a ## section or a "
                             "placeholder of the template (repeatable)")
    parser.add_argument("--root", metavar="DIR",
                        help="the memory root (default: the configured root)")


def default_root(config: Config) -> Path:
    """The configured root; unconfigured, the nearest directory up from here holding state
    files, so that ``new`` run inside ``journal/`` does not create ``journal/journal/``; else
    the one memory root below here (``continuity init memory/`` then ``new`` at the top), as
    ``check`` finds it. Several roots below, or none anywhere, is a UsageError saying so."""
    root = config.root_path
    if config.source != "defaults":
        return root
    top = find_repo_root(root)
    for directory in (root, *root.parents):
        if any(is_state_file_name(p.name) for p in directory.glob("*.md")):
            return directory
        if directory == top:
            break
    try:
        below = [target.root for target in targets_for(root, config, Path.cwd())]
    except NothingToCheck:
        raise UsageError(f"{shown_path(root)}: no memory root here or above it; "
                         "`continuity init` makes one (or pass --root DIR)") from None
    roots = list(dict.fromkeys(below))
    if len(roots) > 1:
        named = ", ".join(shown_path(r) for r in roots[:5])
        raise UsageError(f"several memory roots below {shown_path(root)} ({named}): name one "
                         "with --root DIR, or run `continuity new` inside it")
    return roots[0]


def committed_state(tree: MemoryTree) -> str | None:
    """STATE.md as the last commit holds it: what a snapshot keeps (the state being replaced,
    not the one already edited). None when git holds none: then the working copy is used."""
    state = tree.state_file("STATE.md")
    if state is None:
        return None
    try:
        repo = open_repository(tree.root, "auto").repository
    except ContinuityError:
        return None
    if repo is None:
        return None
    rel = os.path.relpath(tree.root / state.file.path, repo.top).replace(os.sep, "/")
    if rel.startswith(".."):
        return None
    try:
        blob = repo.run("cat-file", "blob", f"HEAD:{rel}")
    except GitError:
        return None  # not committed yet
    return blob.decode("utf-8", "replace")


def run(args: argparse.Namespace) -> int:
    fields = dict(parse_field(text) for text in args.field)
    config = load_config(Path.cwd())
    tree = discover(config, Path(args.root) if args.root else default_root(config))
    request = Request(kind=args.kind, slug=args.slug, turn=args.turn, when=args.date,
                      title=args.title, fields=fields, committed_state=committed_state(tree))
    created = create_entry(tree, request)
    for note in created.notes:
        print(one_line(f"note: {note}"), file=sys.stderr)
    print(one_line(shown_path(created.path)))
    return 0
