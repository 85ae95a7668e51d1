#!/usr/bin/env python3
"""CT601 and CT605 on public agent memory that holds credentials or look-alikes (issue 29).

    python bench/secrets_survey.py --list
    python bench/secrets_survey.py --part tune      [--mirrors /work/.mirror] [--betterleaks]
    python bench/secrets_survey.py --part held-out

The repositories below were chosen before any run (2026-12-06, none named in bench/README.md,
bench/survey.py or bench/conventions_survey.md): OpenClaw state directories committed whole
(``openclaw.json``, ``identity/``, ``devices/``, ``agents/*/agent/models.json``) and projects
whose Claude memory (``.claude/agent-memory/``) sits beside ``.claude/settings*.json`` and
``.mcp.json``. The split is fixed by a rule, not by looking: the repositories sorted by the
SHA-256 of their name, the first half ``tune``, the second ``held-out``. (Two chosen first,
``Jeremy-J-J/.openclaw`` and ``ccalu/.openclaw``, could not be fetched, a name starting with a
dot; they were replaced by two of the same search, Linux2010/openclaw and
Gaia-Digital-Agency/openclaw_soc, and the split redrawn by the same rule, before any run.)

Each repository is a snapshot fetched beforehand (a bare git directory whose folder name
starts with ``owner+name`` under ``--mirrors``); it is cloned into a temporary folder and
``continuity check --select CT601,CT605 --output-format json`` runs at its top. One line per
(repository, rule, file) with the count and the kinds of the findings, and the notices naming
the agent state files scanned. No value is printed: the tool's messages are already redacted,
and ``--betterleaks`` prints, per file, only the rule ids Betterleaks reports (for recall: a
file it flags and CT601 does not is a candidate miss, judged by reading the file).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

REPOSITORIES = (
    # OpenClaw state directories committed whole (backups of ~/.openclaw)
    "9erson/openclaw",
    "59330857/openclaw-backup",
    "AlexLee1120/openclaw-backup",
    "Cat-tj/openclaw-config-backup",
    "ZT142815/openclaw-config",
    "NguyenDangKhuong/openclaw_data",
    "Linux2010/openclaw",
    "Gaia-Digital-Agency/openclaw_soc",
    "Wanjiwei/claw-config",
    "alfred429/recoveri-openclaw",
    # Claude's agent memory beside .claude/settings*.json and .mcp.json
    "bogdanlytvin-ctrl/crypto-sniper-bot",
    "eltelemaco/azure-n8n-server",
    "magzyumov/amneziavpn-web-panel",
    "HastiKabiri/Ultimate-Agentic-DevOps-with-Claude-Code",
    "andrem-sec/psc-comet",
    "Station-Sage/RunPulse",
)


#: Four of the held-out half had no snapshot to fetch (removed from GitHub, or a newest commit of
#: too many files); four more of the same searches, fetched but not run, replaced them.
UNFETCHABLE = frozenset({"bogdanlytvin-ctrl/crypto-sniper-bot", "Wanjiwei/claw-config",
                         "HastiKabiri/Ultimate-Agentic-DevOps-with-Claude-Code",
                         "59330857/openclaw-backup"})
HELD_OUT_REPLACEMENTS = ("Cvetanichin/openclaw-config", "codingalpha368/openclaw-config",
                         "dp-lewis/food-plan", "Getriax/paranoia")


def parts() -> dict[str, list[str]]:
    ordered = sorted(REPOSITORIES, key=lambda name: hashlib.sha256(name.encode()).hexdigest())
    half = len(ordered) // 2
    held_out = [name for name in ordered[half:] if name not in UNFETCHABLE]
    return {"tune": ordered[:half], "held-out": held_out + list(HELD_OUT_REPLACEMENTS)}


def mirror(mirrors: Path, repo: str) -> Path | None:
    prefix = repo.replace("/", "+")
    for candidate in sorted(mirrors.glob(prefix + "*")):
        for git_dir in [candidate, *sorted(p.parent for p in candidate.rglob("HEAD"))]:
            if (git_dir / "objects").is_dir() and (git_dir / "HEAD").is_file():
                return git_dir
    return None


_KIND = re.compile(r"\(([a-z0-9\-]+(?:, [a-z0-9\-]+)*)\)")


def check(clone: Path, continuity: str, timeout: float) -> dict[str, Any]:
    command = [continuity, "check", "--select", "CT601,CT605", "--output-format", "json"]
    try:
        done = subprocess.run(command, cwd=clone, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"error": f"timed out after {timeout:.0f} s"}
    try:
        return json.loads(done.stdout)
    except json.JSONDecodeError:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return {"error": f"exit {done.returncode}: {last[:200]}"}


def betterleaks_rules(clone: Path) -> dict[str, Counter[str]]:
    """Per tracked file, the ids of Betterleaks' rules that fire (never the values)."""
    import betterleaks  # type: ignore[import-not-found]

    listed = subprocess.run(["git", "ls-files", "-z"], cwd=clone, capture_output=True,
                            check=True).stdout.decode("utf-8", "surrogateescape")
    found: dict[str, Counter[str]] = {}
    for name in filter(None, listed.split("\0")):
        path = clone / name
        if not path.is_file() or path.is_symlink() or path.stat().st_size > 5_000_000:
            continue
        rules = Counter(str(getattr(f, "rule_id", None) or getattr(f, "RuleID", None)
                            or (f.get("RuleID") if isinstance(f, dict) else "?"))
                        for f in betterleaks.scan_file(str(path)))
        if rules:
            found[name] = rules
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--part", choices=("tune", "held-out"))
    parser.add_argument("--list", action="store_true", help="print the split and stop")
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    parser.add_argument("--continuity", default="continuity")
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--betterleaks", action="store_true",
                        help="also list the files Betterleaks flags (rule ids only)")
    args = parser.parse_args()
    if args.list or not args.part:
        for name, repos in parts().items():
            print(f"{name}: {', '.join(repos)}")
        return 0
    for repo in parts()[args.part]:
        git_dir = mirror(args.mirrors, repo)
        if git_dir is None:
            print(f"{repo}\tnot fetched")
            continue
        with tempfile.TemporaryDirectory(prefix="secrets-survey-") as folder:
            clone = Path(folder) / repo.split("/")[1].lstrip(".")
            # A snapshot may lack its largest blobs: the clone's checkout then fails after
            # writing the rest, and a reset gives the index back (the missing files show as
            # deleted, and are not read).
            subprocess.run(["git", "clone", "-q", str(git_dir), str(clone)],
                           stderr=subprocess.DEVNULL, check=False)
            subprocess.run(["git", "reset", "-q"], cwd=clone, stderr=subprocess.DEVNULL,
                           check=False)
            report = check(clone, args.continuity, args.timeout)
            if "error" in report:
                print(f"{repo}\terror\t{report['error']}")
                continue
            units: dict[tuple[str, str], list[str]] = defaultdict(list)
            for item in report.get("diagnostics", []):
                kind = _KIND.search(item.get("message", ""))
                units[(item["code"], item["path"])].append(kind.group(1) if kind else "?")
            for notice in report.get("notices", []):
                if "agent state file" in notice or "CT605" in notice:
                    print(f"{repo}\tnotice\t{notice[:300]}")
            for (code, path), kinds in sorted(units.items()):
                print(f"{repo}\t{code}\t{path}\t{len(kinds)}\t"
                      + ", ".join(f"{k} x{n}" for k, n in Counter(kinds).most_common()))
            if not units:
                print(f"{repo}\tnone")
            if args.betterleaks:
                for path, rules in sorted(betterleaks_rules(clone).items()):
                    print(f"{repo}\tbetterleaks\t{path}\t"
                          + ", ".join(f"{r} x{n}" for r, n in rules.most_common()))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
