"""Print, per memory root, the convention it follows, the evidence, and its files' kinds.

Each root found at or below the paths given (default: the configured root) is recognised as
`continuity check` recognises it: by configuration (`convention = "cline"`), else by the
evidence its files give. For a root of no known convention it says what was found and how to
declare one. `--list` prints the conventions known instead (built in and configured).

  continuity conventions                 # the roots below the working directory
  continuity conventions memory-bank     # one root
  continuity conventions --format json   # {"version": 1, "roots": [...]}
  continuity conventions --list          # the conventions known, their markers and rules
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from continuity.config import load_config
from continuity.formats.words import plural
from continuity.model.conventions import Convention, conventions_in_force
from continuity.model.tree import MemoryTree
from continuity.model.workspace import open_target, resolve_targets
from continuity.output import json_text, one_line


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="directories to search for memory roots (default: the configured "
                             "root)")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text (default) or json")
    parser.add_argument("--list", action="store_true",
                        help="list the conventions known instead of recognising roots")


def describe_root(tree: MemoryTree, cwd: Path) -> dict[str, Any]:
    """One root as ``conventions`` shows it (also what the JSON holds)."""
    recognition = tree.recognition
    convention = tree.convention
    return {
        "root": Path(os.path.relpath(tree.root, cwd)).as_posix(),
        "convention": recognition.name,
        "title": convention.title if convention else None,
        "declared": recognition.declared,
        "evidence": [{"convention": e.convention, "found": e.what, "weight": e.weight}
                     for e in recognition.evidence],
        "explanation": recognition.explain(bool(tree.all_files())),
        "living": [s.path for s in tree.living_files()],
        "index": [s.path for s in tree.index_files()],
        "append_only": list(tree.append_only()),
        "directories": {name: {"kind": d.kind.role, "patterns": [p.text for p in d.kind.patterns],
                               "entries": len(d.entries)}
                        for name, d in sorted(tree.directories.items())},
        "site": convention.site if convention else None,
    }


def describe_convention(convention: Convention) -> dict[str, Any]:
    return {
        "name": convention.name, "title": convention.title, "origin": convention.origin,
        "markers": [{"found": m.describe(), "weight": m.weight} for m in convention.markers],
        "living": list(convention.living), "index": list(convention.index),
        "rules": list(convention.rules), "site": convention.site, "source": convention.source,
    }


def say(*lines: str) -> None:
    """Print each line with what a terminal would act on escaped: folder and file names come
    from the tree (an ESC or BEL in one is an OSC 52 clipboard write, a title change)."""
    for line in lines:
        print(one_line(line))


def run(args: argparse.Namespace) -> int:
    cwd = Path.cwd()
    config = load_config(cwd)
    if args.list:
        known = [describe_convention(c) for c in conventions_in_force(config)]
        if args.format == "json":
            print(json_text(json.dumps({"version": 1, "conventions": known}, indent=2,
                                        ensure_ascii=False)))
            return 0
        for item in known:
            markers = ", ".join(f"{m['found']} ({m['weight']:g})" for m in item["markers"])
            rules = ", ".join(item["rules"]) or "the general rules"
            say(f"{item['name']}: {item['title']} [{item['origin']}]", f"  markers: {markers}",
                f"  rules: {rules}", f"  source: {item['source'] or '-'}")
        return 0
    roots = [describe_root(open_target(target, config), cwd)
             for target in resolve_targets(args.paths, config, cwd)]
    if args.format == "json":
        print(json_text(json.dumps({"version": 1, "roots": roots}, indent=2, ensure_ascii=False)))
        return 0
    for root in roots:
        say(f"{root['root'] if root['root'].endswith('/') else root['root'] + '/'}: "
            f"{root['explanation']}")
        for name in root["living"]:
            role = "index" if name in root["index"] else "living"
            say(f"  {name}  {role}")
        for name, directory in root["directories"].items():
            say(f"  {name}/  {directory['kind']} ({' or '.join(directory['patterns'])}), "
                f"{plural(directory['entries'], 'entry', 'entries')}")
        for path in root["append_only"]:
            if not path.endswith("/"):
                say(f"  {path}  append-only")
    return 0
