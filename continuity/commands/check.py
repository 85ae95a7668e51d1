"""Lint memory trees: names, templates, history against git, ledger, notes, secrets.

Exit status: 0 when nothing at or above --fail-on was found, 1 when something was,
2 for usage or configuration errors, or when history is needed but unavailable.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from continuity.config import OPTIONS, Config, load_config
from continuity.errors import UsageError
from continuity.formats.words import plural
from continuity.model.tree import ParsedEntries
from continuity.model.workspace import files_in_no_root
from continuity.output import colour_wanted, one_line, shown_path, write_output
from continuity.reporters import FORMATS, renderer
from continuity.reporters.progress import progress
from continuity.reporters.text import render as text_report
from continuity.reporters.text import statistics as statistics_table
from continuity.validators import baseline as acknowledged  # the findings baseline file
from continuity.validators.engine import CheckResult
from continuity.validators.run import (
    CheckedRoot,
    CheckRun,
    Verdict,
    combined,
    options_place,
    resolve,
)


def _codes(value: str) -> list[str]:
    return [part.strip().upper() for part in value.split(",") if part.strip()]


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="memory roots or single files (default: the configured root)")
    parser.add_argument("--output-format", choices=sorted(FORMATS), default="text",
                        help="text (default: path:line:col: CODE message, the hint beneath), "
                             "json, github (annotations and the job summary), gitlab (Code "
                             "Quality), sarif or junit")
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
                             ".continuity-baseline.json at the top of the repository "
                             "that holds the memory root)")
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
    parser.add_argument("--skip-outside-roots", action="store_true",
                        help="pass over files that lie in no memory root, with a notice, "
                             "instead of exit 2 (the per-file pre-commit hook, given every "
                             "staged file)")
    parser.add_argument("--watch", action="store_true",
                        help="check, then re-check as files are saved, printing only the "
                             "findings that are new or fixed (Ctrl-C stops, exit 0)")


def overrides_from(args: argparse.Namespace) -> dict[str, Any]:
    overrides = {"select": args.select, "since": args.since, "fail_on": args.fail_on}
    if args.no_git:
        overrides["git"] = "off"
    return overrides


def run(args: argparse.Namespace) -> int:
    cwd = Path.cwd()
    config = _config(args, cwd)
    # Every memory root the paths stand for, one discovery and one git pass each. A root named
    # (or found below a directory named) is checked whole; files or directories inside one
    # narrow what is reported, and files alone are discovered alone (the per-file hook).
    if not _pass_over_outside(args, config, cwd):
        return 0
    targets = resolve(args.paths, config, cwd)
    # The baseline named, or (None) the one of the repository that holds each root.
    given_baseline = Path(args.baseline) if args.baseline else None
    if args.watch:
        if args.output_format != "text" or args.output or args.statistics or args.fix \
                or args.add_baseline or args.prune_baseline:
            raise UsageError("--watch prints text as findings come and go; it does not take "
                             "--output-format, -o, --statistics, --fix or the baseline's "
                             "--add-baseline and --prune-baseline")
        from continuity.commands._watch import watch

        roots = sorted({target.root for target in targets})
        roots = [r for r in roots if not any(o != r and o in r.parents for o in roots)]
        parsed = ParsedEntries()  # entries whose files did not change are not parsed again

        def again() -> CheckResult:
            parsed.rotate()
            run = CheckRun(config, cwd, baseline=given_baseline, reuse=parsed)
            return run.verdict(run.targets(targets)).result

        return watch(again, roots, sys.stdout)
    if args.reason is not None and not args.add_baseline:
        raise UsageError("--reason goes with --add-baseline (the reason recorded for the "
                         "findings it acknowledges)")
    run = CheckRun(config, cwd, baseline=given_baseline)
    with progress(sys.stderr):
        checked = run.targets(targets)
    if args.fix:
        from continuity.commands._fixes import FIX_PASSES, apply_fixes

        for _ in range(FIX_PASSES):
            said, made = apply_fixes(checked, run.verdict(checked).result, config, cwd)
            for line in said:
                print(one_line(line), file=sys.stderr)
            if not made:
                break
            targets = resolve(args.paths, config, cwd)  # renamed files: found again
            with progress(sys.stderr):
                checked = run.targets(targets)
    whole = all(target.only is None for target in targets) and not args.select \
        and not args.ignore
    verdict = edit_baselines(args, run, checked, whole)
    result = verdict.result
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


def edit_baselines(args: argparse.Namespace, run: CheckRun, checked: list[CheckedRoot],
                   whole: bool) -> Verdict:
    """``--add-baseline``, ``--prune-baseline``: each baseline file written with the findings
    of its roots; the verdict once they are."""
    baselines = list(dict.fromkeys(c.baseline for c in checked))
    if args.add_baseline:
        for path in baselines:
            baseline = acknowledged.load(path)
            found = combined(c.result for c in checked if c.baseline == path)
            added = acknowledged.add(found, baseline, run.cwd, args.reason)
            total = plural(len(baseline.entries) + added, "entry", "entries")
            print(one_line(f"continuity: {plural(added, 'finding')} added to "
                           f"{shown_path(baseline.path)} ({total} in all); commit it, and "
                           "review it as any change"), file=sys.stderr)
    verdict = run.verdict(checked, whole=whole)
    if not args.prune_baseline:
        return verdict
    if not whole:
        raise UsageError("--prune-baseline needs the whole check (no PATH, --select or "
                         "--ignore): entries outside what was checked cannot be judged")
    stale = dict(verdict.stale)
    for path in baselines:
        removed = acknowledged.prune(acknowledged.load(path), stale[path]) if path in stale else 0
        print(f"continuity: {plural(removed, 'stale entry', 'stale entries')} removed from "
              f"{shown_path(path)}", file=sys.stderr)
    return run.verdict(checked, whole=whole)


def _config(args: argparse.Namespace, cwd: Path) -> Config:
    """The options in force, the command line's last; a note when mkdocs.yml's `root`
    overrides another file's."""
    config = load_config(options_place(args.paths, cwd), overrides_from(args))
    if config.root_note:
        print(one_line(f"note: {config.root_note}"), file=sys.stderr)
    if args.ignore:
        config = config.with_options({"ignore": list(config.ignore) + args.ignore},
                                     "command line")
    return config


def _pass_over_outside(args: argparse.Namespace, config: Config, cwd: Path) -> bool:
    """With ``--skip-outside-roots``, drop from ``args.paths`` the files no memory root holds,
    with a notice; whether anything is left to check."""
    if not args.skip_outside_roots or not args.paths:
        return True
    outside = files_in_no_root(args.paths, config, cwd)
    if outside:
        shown = ", ".join(outside[:5]) + (f" and {len(outside) - 5} more" if len(outside) > 5 else "")
        print(one_line(f"continuity: passed over {plural(len(outside), 'file')} in no memory "
                       f"root: {shown}"), file=sys.stderr)
    args.paths = [path for path in args.paths if path not in outside]
    if not args.paths:
        print("continuity: nothing to check: no file given lies in a memory root",
              file=sys.stderr)
    return bool(args.paths)
