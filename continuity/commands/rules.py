"""List the rules, or explain one: what it checks, an example, and the fix."""

from __future__ import annotations

import argparse
import json

from continuity.errors import UsageError, did_you_mean
from continuity.validators.registry import all_rules, get_rule


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("code", nargs="?", help="a rule code such as CT301")
    parser.add_argument("--format", choices=("text", "json", "markdown"), default="text")


def markdown_table() -> str:
    """The README's rule table, generated so that it cannot drift from the registry."""
    lines = ["| Code | Name | Severity | What it catches |", "|---|---|---|---|"]
    for rule in all_rules():
        summary = rule.summary.replace("|", "\\|")
        lines.append(f"| {rule.code} | {rule.name} | {rule.severity.value} | {summary} |")
    return "\n".join(lines) + "\n"


def run(args: argparse.Namespace) -> int:
    if args.code:
        rule = get_rule(args.code)
        if rule is None:
            known = [r.code for r in all_rules()]
            raise UsageError(f"no rule {args.code!r}{did_you_mean(args.code.upper(), known)}; "
                             "`continuity rules` lists them")
        if args.format == "json":
            print(json.dumps({"code": rule.code, "name": rule.name,
                              "severity": rule.severity.value, "doc": rule.doc}, indent=2))
        else:
            print(f"{rule.code} {rule.name} ({rule.severity.value})\n")
            print(rule.doc)
        return 0
    if args.format == "markdown":
        print(markdown_table(), end="")
    elif args.format == "json":
        print(json.dumps([{"code": r.code, "name": r.name, "severity": r.severity.value,
                           "summary": r.summary} for r in all_rules()], indent=2))
    else:
        for rule in all_rules():
            print(f"{rule.code}  {rule.name:<28} {rule.severity.value:<8} {rule.summary}")
    return 0
