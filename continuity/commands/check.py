"""Lint memory trees: names, templates, history against git, ledger, notes, secrets.

Exit status: 0 when nothing at or above --fail-on was found, 1 when something was,
2 for usage or configuration errors, or when history is needed but unavailable.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from continuity.config import OPTIONS, Config, load_config
from continuity.errors import UsageError
from continuity.formats.words import plural
from continuity.model.conventions import forget as forget_recognitions
from continuity.model.roots import MAX_DIRS_SEARCHED, MAX_ROOT_DEPTH
from continuity.model.tree import ParsedEntries
from continuity.model.workspace import NothingToCheck, Target, open_target, resolve_targets
from continuity.output import colour_wanted, one_line, shown_path, write_output
from continuity.reporters import FORMATS, renderer
from continuity.reporters.progress import progress
from continuity.reporters.text import render as text_report
from continuity.reporters.text import statistics as statistics_table
from continuity.validators import acknowledged
from continuity.validators.diagnostics import Diagnostic
from continuity.validators.engine import (
    CheckResult,
    RootVerdict,
    active_rules,
    run_check,
    start_git,
)


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
    parser.add_argument("--since", metavar="REV", help=OPTIONS["since"].help)
    parser.add_argument("--no-git", action="store_true", help="skip the history rules")
    parser.add_argument("--fail-on", choices=OPTIONS["fail_on"].choices,
                        help=f"{OPTIONS['fail_on'].help} (exit status 1; default: "
                             f"{OPTIONS['fail_on'].default})")
    parser.add_argument("--statistics", action="store_true",
                        help="print a count per rule instead of each finding")
    parser.add_argument("--baseline", metavar="FILE",
                        help="the baseline of acknowledged findings (default: "
                             ".continuity-baseline.json at the top of the repository)")
    parser.add_argument("--add-baseline", action="store_true",
                        help="acknowledge every finding of this check in the baseline file "
                             "(commit it); later checks report only the others")
    parser.add_argument("--reason", metavar="TEXT",
                        help="with --add-baseline: why these findings are acknowledged")
    parser.add_argument("--prune-baseline", action="store_true",
                        help="remove the baseline's entries that no longer match a finding")
    parser.add_argument("--fix", action="store_true",
                        help="fix what is mechanical in files git does not hold yet (rename "
                             "to the computed name, date formats); reports each fix")
    parser.add_argument("--watch", action="store_true",
                        help="check, then re-check as files are saved, printing only the "
                             "findings that are new or fixed (Ctrl-C stops, exit 0)")


def overrides_from(args: argparse.Namespace) -> dict[str, Any]:
    overrides = {"select": args.select, "since": args.since, "fail_on": args.fail_on}
    if args.no_git:
        overrides["git"] = "off"
    return overrides


def _under(path: str, prefix: str) -> bool:
    return prefix in (".", "") or path == prefix or path.startswith(prefix + "/")


def run(args: argparse.Namespace) -> int:
    cwd = Path.cwd()
    overrides = overrides_from(args)
    config = load_config(cwd, overrides)
    if args.ignore:
        config = config.with_options({"ignore": list(config.ignore) + args.ignore},
                                     "command line")
    # Every memory root the paths stand for, one discovery and one git pass each. A root named
    # (or found below a directory named) is checked whole; files or directories inside one
    # narrow what is reported, and files alone are discovered alone (the per-file hook).
    targets = resolve_targets(args.paths, config, cwd)
    if args.watch:
        if args.output_format != "text" or args.output or args.statistics or args.fix \
                or args.add_baseline or args.prune_baseline:
            raise UsageError("--watch prints text as findings come and go; it does not take "
                             "--output-format, -o, --statistics, --fix or the baseline's "
                             "--add-baseline and --prune-baseline")
        from continuity.reporters.watch import watch

        roots = sorted({target.root for target in targets})
        roots = [r for r in roots if not any(o != r and o in r.parents for o in roots)]
        parsed = ParsedEntries()  # entries whose files did not change are not parsed again

        acknowledged_file = acknowledged.load(Path(args.baseline) if args.baseline
                                              else acknowledged.default_path(cwd))

        def again() -> CheckResult:
            parsed.rotate()
            return acknowledged.apply(check_targets(targets, config, cwd, parsed),
                                      acknowledged_file, cwd, judged_codes=frozenset(),
                                      whole=False).result

        return watch(again, roots, sys.stdout)
    if args.reason is not None and not args.add_baseline:
        raise UsageError("--reason goes with --add-baseline (the reason recorded for the "
                         "findings it acknowledges)")
    if args.fix:
        from continuity.commands._fixes import fix_targets
        for line in fix_targets(targets, config, cwd):
            print(one_line(line), file=sys.stderr)
        targets = resolve_targets(args.paths, config, cwd)  # renamed files: found again
    with progress(sys.stderr):
        result = check_targets(targets, config, cwd)
    baseline = acknowledged.load(Path(args.baseline) if args.baseline
                                 else acknowledged.default_path(cwd))
    whole = all(target.only is None for target in targets) and not args.select \
        and not args.ignore
    if args.add_baseline:
        added = acknowledged.add(result, baseline, cwd, args.reason)
        print(one_line(f"continuity: {plural(added, 'finding')} added to {shown_path(baseline.path)}"
                       f" ({plural(len(baseline.entries) + added, 'entry', 'entries')} in all); "
                       "commit it, and review it as any change"), file=sys.stderr)
        baseline = acknowledged.load(baseline.path)
    judged = frozenset(result.rules) - frozenset(result.skipped)
    applied = acknowledged.apply(result, baseline, cwd, judged_codes=judged, whole=whole)
    if args.prune_baseline:
        if not whole:
            raise UsageError("--prune-baseline needs the whole check (no PATH, --select or "
                             "--ignore): entries outside what was checked cannot be judged")
        removed = acknowledged.prune(baseline, applied.stale) if applied.stale else 0
        print(f"continuity: {plural(removed, 'stale entry', 'stale entries')} removed from "
              f"{shown_path(baseline.path)}", file=sys.stderr)
        applied = acknowledged.apply(result, acknowledged.load(baseline.path), cwd,
                                     judged_codes=judged, whole=whole)
    result = applied.result
    colour = args.output_format == "text" and not args.output and colour_wanted(sys.stdout)
    if args.statistics and args.output_format == "text":
        from continuity.reporters.text import summary_line
        write_output(statistics_table(result) + summary_line(result) + "\n", args.output)
    elif args.output_format == "text":
        write_output(text_report(result, colour=colour), args.output)
    else:
        write_output(renderer(args.output_format)(result), args.output)
        if args.statistics:
            sys.stderr.write(statistics_table(result))
    return 1 if result.failed(config.fail_on) else 0


def check_targets(targets: list[Target], config: Config, cwd: Path,
                  reuse: ParsedEntries | None = None) -> CheckResult:
    """One check of every target, narrowed to the files named; ``reuse``: entries parsed by
    the previous check (``--watch``)."""
    diagnostics: list[Diagnostic] = []
    notices: list[str] = []
    files = 0
    codes: tuple[str, ...] = ()
    roots: list[RootVerdict] = []
    skipped: set[str] = set()
    rules = active_rules(config)
    forget_recognitions()  # --watch checks again: a template added since makes it the protocol
    for target in targets:
        root, only = target.root, target.only
        early = start_git(root, config, rules)  # git reads the log while the tree is discovered
        tree = open_target(target, config, reuse)
        result = run_check(tree, config, cwd=cwd, rules=rules, early=early)
        kept = result.diagnostics
        if only is not None:
            kept = tuple(d for d in kept if any(_under(d.root_path, f) for f in only))
            judged = [p for p in tree.file_paths() if any(_under(p, f) for f in only)]
            outside = [f for f in only if not any(_under(p, f) for p in judged)]
            if outside and target.files_only:
                # A staged README.md or source file (the per-file hook gets every staged
                # file): said, not judged, and not an error; a directory named is one.
                shown = ", ".join(os.path.relpath(root / f, cwd) for f in outside[:3])
                more = f" and {len(outside) - 3} more" if len(outside) > 3 else ""
                notices.append(f"not part of the memory tree of {os.path.relpath(root, cwd)}/, "
                               f"so not judged: {shown}{more}")
            elif not judged:
                raise NothingToCheck(
                    f"{', '.join(os.path.relpath(root / f, cwd) for f in only)}: no file of the "
                    f"memory root {os.path.relpath(root, cwd)}/ to check there (no entry, "
                    f"template or state file); run `continuity check {os.path.relpath(root, cwd)}`")
            files += len(judged)
        else:
            files += result.files
        diagnostics.extend(kept)
        roots.extend(result.roots)
        notices.extend(result.notices)
        codes = tuple(dict.fromkeys(codes + result.rules))  # the rules that judged a root
        skipped.update(result.skipped)
        if target.search is not None and target.search.too_deep and target.root == targets[0].root:
            deep = ", ".join(os.path.relpath(p, cwd) for p in target.search.too_deep[:3])
            notices.append(f"directories more than {MAX_ROOT_DEPTH} levels down were not "
                           f"searched for memory roots (below {deep})")
        if target.search is not None and target.search.set_aside and \
                target.root == targets[0].root:
            aside = ", ".join(os.path.relpath(p, cwd) + "/" for p in target.search.set_aside[:3])
            others = len(target.search.set_aside) - 3
            notices.append(f"memory roots in test data or templates were found, not judged: "
                           f"{aside}{f' and {others} more' if others > 0 else ''} (examples, made "
                           "to be incomplete; name one to check it)")
        if target.search is not None and target.search.unsearched and \
                target.root == targets[0].root:
            left = ", ".join(os.path.relpath(p, cwd) for p in target.search.unsearched)
            notices.append(f"the search for memory roots stopped after {MAX_DIRS_SEARCHED} "
                           f"directories; not searched: {left} and the rest (name a "
                           "directory to search it)")
    return CheckResult(tuple(sorted(diagnostics)), tuple(dict.fromkeys(notices)), files, codes,
                       tuple(roots), tuple(sorted(skipped)))
