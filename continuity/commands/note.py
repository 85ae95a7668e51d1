"""Capture one durable fact as a note: screened, redacted, appended to the note store, indexed.

The fact must be one self-contained sentence of at most 300 characters. Transcript (speaker
lines such as `User:`, quoted `>` lines, "you said ...") and what the code already shows (a
function signature, a file path alone) are refused. Credentials, e-mail addresses, home-directory
paths and long numbers are replaced by markers such as [redacted:email]; when nothing would be
left of the fact, it is refused. The note is appended to the store under an exclusive lock and
fsynced; the store is created if absent and no earlier line is ever changed. The note is then
indexed and read back to confirm that `continuity recall` finds it.

Exit status (one per failure class of the capture procedure):
  0  captured: the store, line and index key are printed
  1  duplicate: the store holds this fact for this project already (the line is named)
  2  usage or configuration error
  3  rejected-content: transcript, code-obvious, or redaction would erase the fact
  4  schema-invalid: an empty, non-UTF-8 or control-character fact, project or tag
  5  store-unavailable: the store cannot be created, opened, written or read back
  6  blocked: several sentences (capture one per run, or add --first), or too long
On every failure nothing is appended, except that a note which was written and then failed its
read-back stays when other notes were appended after it (the message says so).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from continuity.authoring.capture import Capture, Failure, capture
from continuity.config import load_config
from continuity.errors import UsageError
from continuity.output import one_line

_GLOB_CHARACTERS = set("*?[")


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("fact", metavar="FACT",
                        help="the fact, one sentence; '-' reads it from standard input")
    parser.add_argument("--project", "-p", required=True, help="the project the fact is about")
    parser.add_argument("--tag", "-t", action="append", default=[], metavar="TAG",
                        help="a tag (repeat for several, or separate with commas)")
    parser.add_argument("--store", metavar="PATH",
                        help="the note store (default: the first `notes` path of the "
                             "configuration at the memory root, notes.jsonl)")
    parser.add_argument("--first", action="store_true",
                        help="when several sentences are given, capture only the first")
    parser.add_argument("--format", choices=("text", "json"), default="text")


def default_store(cwd: Path) -> Path:
    """The first configured note store that is a plain path (not a glob), at the memory root."""
    config = load_config(cwd)
    for pattern in config.notes:
        if not _GLOB_CHARACTERS & set(pattern):
            return config.root_path / pattern
    raise UsageError("no note store to write to: every `notes` option is a pattern "
                     f"({', '.join(config.notes)}); name one with --store PATH")


def split_tags(values: list[str]) -> list[str]:
    return [part for value in values for part in value.split(",")]


def _shown(path: Path) -> str:
    try:
        relative = os.path.relpath(path)
    except ValueError:
        return str(path)
    return relative if not relative.startswith("..") else str(path)


def run(args: argparse.Namespace) -> int:
    store = Path(args.store) if args.store else default_store(Path.cwd())
    text = args.fact
    if text == "-":
        raw = sys.stdin.buffer.read()
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            result = Capture(Failure.SCHEMA_INVALID,
                             f"the fact on standard input is not valid UTF-8 (byte "
                             f"0x{raw[exc.start]:02x} at offset {exc.start})", store,
                             field="fact")
            return _report(result, args.format)
    result = capture(text, args.project, split_tags(args.tag), store=store,
                     first_only=args.first)
    return _report(result, args.format)


def _report(result: Capture, form: str) -> int:
    if form == "json":
        print(json.dumps(result.to_json(), ensure_ascii=False, indent=2))
        return result.exit_status
    if result.ok:
        note = result.note or {}
        print(one_line(f"noted {_shown(result.store)}:{result.line}  [{result.index_key}]"))
        print(one_line(f"  {note['time']}  {note['project']}: {note['fact']}"))
        if result.redacted:
            print(f"  redacted: {', '.join(result.redacted)}")
        for sentence in result.deferred:
            print(one_line(f"  not captured (one fact per note): {sentence}"))
        print(f"  recall: continuity recall --project {json.dumps(note['project'])}")
        return 0
    failure = result.failure.value if result.failure else "failed"
    print(one_line(f"continuity note: {failure}: {result.reason}"), file=sys.stderr)
    return result.exit_status
