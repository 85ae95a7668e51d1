"""An audit report of a memory tree: entries per directory and month, the cycle ledger's
trajectory and trace completeness, and every finding of `continuity check` grouped by rule.

  continuity report                       # Markdown on stdout
  continuity report --format html -o report.html
  continuity report --write-audit         # files it as audits/YYYY-MM-DD-lint-report.md

The exit status is 0 when the report was made, whatever it found (use `continuity check` to
gate a build), and 2 when it could not be made.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from continuity.validators.engine import run_check
from continuity.output import shown_path, write_output
from continuity.report import build_report
from continuity.report.audit import write_audit
from continuity.model.workspace import open_tree

HELP = "an audit report (md, html, json); --write-audit files it in audits/"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", nargs="?", metavar="PATH",
                        help="the memory root (default: the configured root)")
    parser.add_argument("--format", choices=("md", "html", "json"), default="md")
    parser.add_argument("-o", "--output", metavar="FILE", help="write the report to FILE")
    parser.add_argument("--write-audit", action="store_true",
                        help="file the report as audits/YYYY-MM-DD-lint-<slug>.md (never "
                             "overwrites) and print its path")
    parser.add_argument("--since", metavar="REV", help="history rules judge only commits "
                                                       "after REV")
    parser.add_argument("--no-git", action="store_true", help="skip the history rules")


def run(args: argparse.Namespace) -> int:
    cwd = Path.cwd()
    overrides = {"since": args.since}
    if args.no_git:
        overrides["git"] = "off"
    config, tree = open_tree(Path(args.path) if args.path else None, overrides, cwd)
    result = run_check(tree, config, cwd=cwd)
    if tree.children:  # one report per root: say which roots below are not in this one
        below = ", ".join(f"{os.path.relpath(tree.root / child, cwd)}/"
                          for child in tree.children[:3])
        more = f" and {len(tree.children) - 3} more" if len(tree.children) > 3 else ""
        print(f"continuity: this report covers {os.path.relpath(tree.root, cwd)}/ alone; the "
              f"memory roots below it ({below}{more}) have reports of their own "
              "(`continuity report PATH`)", file=sys.stderr)
    report = build_report(tree, result)
    if args.output or not args.write_audit:
        base = (Path(args.output).absolute().parent if args.output and args.output != "-"
                else cwd.resolve())
        if args.format == "html":
            from continuity.report import html  # Jinja, loaded only for this format
            text = html.render(report, base)
        elif args.format == "json":
            from continuity.report import json_format
            text = json_format.render(report)
        else:
            from continuity.report import markdown
            text = markdown.render(report, base)
        write_output(text, args.output)
    if args.write_audit:
        path = write_audit(tree, report)
        # With the report itself on stdout (-o -), the path goes to stderr.
        print(shown_path(path), file=sys.stderr if args.output == "-" else sys.stdout)
    return 0
