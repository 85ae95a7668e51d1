"""An audit report of a memory tree: entries per directory and month, the cycle ledger's
trajectory and trace completeness, and every finding of `continuity check` grouped by rule.

  continuity report                       # Markdown on stdout
  continuity report --format html -o report.html
  continuity report --write-audit         # files it as audits/YYYY-MM-DD-lint-report.md

Like `continuity check`, a directory stands for every memory root at or below it (the
protocol's nesting): the report has one section per root, the counts of each and their totals;
a file given stands for the root it belongs to, whole. `--write-audit` files one entry in the
outermost root's audits/ (each outermost root's, for paths side by side) that covers it and the
roots below it; a child root's audits/ is never written into from above.

The exit status is 0 when the report was made, whatever it found (use `continuity check` to
gate a build), and 2 when it could not be made.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from continuity.audit import RootsReport, build_report
from continuity.audit.filing import write_audit
from continuity.config import load_config
from continuity.model.tree import MemoryTree
from continuity.model.workspace import Target
from continuity.output import shown_path, write_output
from continuity.validators.run import CheckRun, options_place, resolve


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="memory roots, or directories holding them (default: the "
                             "configured root); every root at or below is reported")
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
    config = load_config(options_place(args.paths, cwd), overrides)
    trees: dict[Path, MemoryTree] = {}
    reports = []
    # The baseline of each root's repository, as check uses; the living files' versions too.
    run = CheckRun(config, cwd, timeline=True)
    for target in resolve(args.paths, config, cwd):
        # A report is of whole roots: a file named stands for its root.
        checked = run.target(Target(target.root, None, target.search))
        trees[checked.tree.root] = checked.tree
        # The living files' versions, from the history the check read (the period --since).
        reports.append(build_report(checked.tree, run.verdict([checked]).result,
                                    timeline=checked.timeline))
    given = [Path(p) for p in args.paths] or [config.root_path]
    named_from = given[0].absolute().resolve() if len(given) == 1 and given[0].is_dir() else None
    report = RootsReport(tuple(reports), named_from)
    if args.output or not args.write_audit:
        base = (Path(args.output).absolute().parent if args.output and args.output != "-"
                else cwd.resolve())
        if args.format == "html":
            from continuity.audit import html  # Jinja, loaded only for this format
            text = html.render(report, base)
        elif args.format == "json":
            from continuity.audit import json_format
            text = json_format.render(report)
        else:
            from continuity.audit import markdown
            text = markdown.render_roots(report, base)
        write_output(text, args.output)
    if args.write_audit:
        for outermost in report.outermost:
            path = write_audit(trees[outermost], report)
            # With the report itself on stdout (-o -), the path goes to stderr.
            print(shown_path(path), file=sys.stderr if args.output == "-" else sys.stdout)
    return 0
