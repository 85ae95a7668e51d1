"""Print the directory kinds in force: the protocol's, adjusted and extended by configuration.

For each kind: its directory, whether it is append-only history or a curated library, its
naming pattern, the state files that index it when they declare no mesh index, the template
used where the directory has no ENTRY.template.md, and where the kind comes from. Kinds are
declared or adjusted under [tool.continuity.kinds] (or the plugin's `kinds` option):

  [tool.continuity.kinds.reflections]
  pattern = "YYYY-MM-DD.md"                  # reflections named by date alone

  [tool.continuity.kinds.decisions]
  pattern = "YYYY-MM-DD-slug.md"
  role = "history"
  indexed_by = ["PLAN.md"]
  template = "docs/decision-template.md"

  continuity kinds                 # a table
  continuity kinds --format json   # {"version": 1, "kinds": [...]}
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from continuity.config import load_config
from continuity.model.kinds import BUILTIN_TEMPLATES, DirectoryKind, kinds_for


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text (default) or json")


def _template(kind: DirectoryKind) -> str | None:
    if kind.template is None:
        return None
    try:
        return f"built-in {kind.template.relative_to(BUILTIN_TEMPLATES).as_posix()}"
    except ValueError:
        return os.path.relpath(kind.template, Path.cwd())


def describe(kind: DirectoryKind) -> dict[str, Any]:
    return {
        "name": kind.name, "role": kind.role,
        "patterns": [pattern.text for pattern in kind.patterns],
        "pattern_note": kind.pattern_note or None,
        "indexed_by": [f"{stem}.md" for stem in kind.indexed_by],
        "template": _template(kind), "example": kind.example, "origin": kind.origin,
    }


def run(args: argparse.Namespace) -> int:
    config = load_config(Path.cwd())
    kinds = [describe(kind) for kind in kinds_for(config)]
    if args.format == "json":
        print(json.dumps({"version": 1, "source": config.kinds_source, "kinds": kinds},
                         indent=2, ensure_ascii=False))
        return 0
    rows = [("DIRECTORY", "ROLE", "PATTERN", "INDEXED BY", "TEMPLATE", "FROM")]
    for kind in kinds:
        rows.append((kind["name"] + "/", kind["role"], " or ".join(kind["patterns"]),
                     ", ".join(kind["indexed_by"]) or "-", kind["template"] or "-",
                     kind["origin"]))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]) - 1)]
    for row in rows:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)) + "  " + row[-1])
    if config.kinds_source != "defaults":
        print(f"\nkinds configured in {config.kinds_source}")
    print("\nThese are the Continuity protocol's kinds; a root of another convention has its "
          "own: `continuity conventions` shows each root's convention, evidence and kinds.")
    return 0
