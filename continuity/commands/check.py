"""Lint memory trees: names, templates, history against git, ledger, notes, secrets.

Exit status: 0 when nothing at or above --fail-on was found, 1 when something was,
2 for usage or configuration errors, or when history is needed but unavailable.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import OrderedDict
from pathlib import Path

from continuity.validators.diagnostics import Diagnostic
from continuity.validators.engine import CheckResult, active_rules, run_check, start_git
from continuity.errors import UsageError
from continuity.output import write_output
from continuity.reporters import FORMATS
from continuity.reporters.text import statistics as statistics_table
from continuity.model.workspace import memory_root_for, open_tree
from continuity.config import Config, load_config

HELP = "lint memory trees (exit 0 clean, 1 findings, 2 errors)"


def _codes(value: str) -> list[str]:
    return [part.strip().upper() for part in value.split(",") if part.strip()]


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="memory roots or single files (default: the configured root)")
    parser.add_argument("--output-format", choices=sorted(FORMATS), default="text")
    parser.add_argument("-o", "--output", metavar="FILE", help="write the report to FILE")
    parser.add_argument("--select", type=_codes, metavar="CODES",
                        help="only these rule codes or prefixes (comma-separated)")
    parser.add_argument("--ignore", type=_codes, metavar="CODES",
                        help="skip these rule codes or prefixes (comma-separated)")
    parser.add_argument("--since", metavar="REV",
                        help="history rules judge only commits after REV")
    parser.add_argument("--no-git", action="store_true", help="skip the history rules")
    parser.add_argument("--fail-on", choices=("error", "warning"),
                        help="lowest severity that makes the exit status 1 (default: error)")
    parser.add_argument("--statistics", action="store_true",
                        help="print a count per rule instead of each finding")
    parser.add_argument("--watch", action="store_true",
                        help="check, then re-check as files are saved, printing only the "
                             "findings that are new or fixed (Ctrl-C stops, exit 0)")


def overrides_from(args: argparse.Namespace) -> dict:
    overrides = {"select": args.select, "since": args.since, "fail_on": args.fail_on}
    if args.no_git:
        overrides["git"] = "off"
    return overrides


def run(args: argparse.Namespace) -> int:
    cwd = Path.cwd()
    overrides = overrides_from(args)
    config = load_config(cwd, overrides)
    if args.ignore:
        config = config.with_options({"ignore": list(config.ignore) + args.ignore},
                                     "command line")
    groups = _group_by_root(args.paths, config)
    if args.watch:
        if args.output_format != "text" or args.output or args.statistics:
            raise UsageError("--watch prints text as findings come and go; it does not take "
                             "--output-format, -o or --statistics")
        from continuity.reporters.watch import watch

        return watch(lambda: check_groups(groups, config, overrides, cwd), list(groups),
                     sys.stdout)
    result = check_groups(groups, config, overrides, cwd)
    if args.statistics and args.output_format == "text":
        from continuity.reporters.text import summary_line
        write_output(statistics_table(result) + summary_line(result) + "\n", args.output)
    else:
        write_output(FORMATS[args.output_format](result), args.output)
        if args.statistics:
            sys.stderr.write(statistics_table(result))
    return 1 if result.failed(config.fail_on) else 0


def _group_by_root(paths: list[str] | None, config: Config) -> OrderedDict[Path, list[str] | None]:
    """The arguments by memory root: one discovery and one git pass per root. A root named
    itself is checked whole; files or directories inside it narrow what is reported."""
    groups: OrderedDict[Path, list[str] | None] = OrderedDict()
    if not paths:
        groups[config.root_path] = None
    for raw in paths or ():
        path = Path(raw)
        if not path.exists() and not path.is_symlink():
            raise UsageError(f"{raw}: no such file or directory")
        root = memory_root_for(path, config)
        real = path.resolve() if path.is_dir() else path.absolute().parent.resolve() / path.name
        if real == root:
            groups[root] = None
        else:
            listed = groups.setdefault(root, [])
            if listed is not None:  # None: the whole root is judged already
                listed.append(Path(os.path.relpath(real, root)).as_posix())
    return groups


def check_groups(groups: OrderedDict[Path, list[str] | None], config: Config,
                 overrides: dict, cwd: Path) -> CheckResult:
    """One check of every root, narrowed to the files named."""
    diagnostics: list[Diagnostic] = []
    notices: list[str] = []
    files = 0
    codes: tuple[str, ...] = ()
    rules = active_rules(config)
    for root, only in groups.items():
        early = start_git(root, config, rules)  # git reads the log while the tree is discovered
        _, tree = open_tree(root, overrides, cwd)
        result = run_check(tree, config, cwd=cwd, rules=rules, early=early)
        kept = result.diagnostics
        if only is not None:
            kept = tuple(d for d in kept if any(
                d.root_path == f or d.root_path.startswith(f + "/") for f in only))
            files += len(only)
        else:
            files += result.files
        diagnostics.extend(kept)
        notices.extend(result.notices)
        codes = result.rules
    return CheckResult(tuple(sorted(diagnostics)), tuple(dict.fromkeys(notices)), files, codes)
