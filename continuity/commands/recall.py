"""Find notes by project, tag and words, newest first.

Every word of QUERY must begin a word of the note's fact, project or tags ("pars" finds
"parser"); --project and --tag match whole values; all criteria must hold; case is ignored.
Without --store, every note store of the configuration at the memory root is searched
(notes.jsonl and notes/*.jsonl by default).

Each store has a recall index beside it (`.notes.jsonl.index.json`, a cache: add it to
.gitignore). It is checked against the store on every run and grown or rebuilt when the store
changed, so it is never stale; when it cannot be written, it is kept in memory for the run.

Exit status: 0 notes found, 1 none found, 2 usage or configuration error,
5 store-unavailable (a store named with --store is missing or unreadable).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from continuity.authoring import noteindex
from continuity.authoring.capture import EXIT_STATUS, Failure
from continuity.commands.note import _shown, split_tags
from continuity.config import Config, load_config
from continuity.formats.secrets import redact_credentials
from continuity.formats.words import plural
from continuity.model.boundaries import refusal
from continuity.model.tree import find_repo_root
from continuity.output import one_line


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("query", nargs="*", metavar="QUERY", help="words the notes must hold")
    parser.add_argument("--project", "-p", help="only notes of this project")
    parser.add_argument("--tag", "-t", action="append", default=[], metavar="TAG",
                        help="only notes with this tag (repeat: all of them)")
    parser.add_argument("--store", action="append", default=[], metavar="PATH",
                        help="search this note store (repeatable; default: every configured "
                             "store at the memory root)")
    parser.add_argument("--limit", type=int, metavar="N", help="show at most N notes")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--verbose", "-v", action="store_true",
                        help="say how each store's index was obtained (reused, grown, rebuilt)")


def configured_stores(config: Config) -> list[Path]:
    """The stores `continuity check` reads: never a link leaving the repository (CT602) nor a
    file over max_file_size (CT603); each one passed over is named on stderr."""
    boundary = find_repo_root(config.root_path) or config.root_path
    found: dict[Path, None] = {}
    for pattern in config.notes:
        for path in sorted(config.root_path.glob(pattern)):
            if path in found or not path.is_file():
                continue
            reason = _not_read(path, boundary, config.max_file_size)
            if reason:
                print(one_line(f"continuity recall: {_shown(path)}: skipped: {reason}"),
                      file=sys.stderr)
                continue
            found[path] = None
    return list(found)


def _not_read(store: Path, boundary: Path, max_size: int) -> str | None:
    """Why a store must not be read, as the checker decides it, or None."""
    reason = refusal(store, boundary)
    if reason is not None:
        return f"{reason} (CT602); it is never read"
    return _too_large(store, max_size)


def _too_large(store: Path, max_size: int) -> str | None:
    try:
        size = store.stat().st_size
    except OSError:
        return None  # reading it will say why
    if size > max_size:
        return f"{size} bytes, over max_file_size {max_size} (CT603); it is not read"
    return None


def _redacted(value: Any) -> Any:
    """A note as recall prints it: a credential written into the store by hand (CT503 reports
    it) is shown as its marker, never echoed."""
    if isinstance(value, str):
        return redact_credentials(value)
    if isinstance(value, list):
        return [_redacted(item) for item in value]
    if isinstance(value, dict):
        return {key: _redacted(item) for key, item in value.items()}
    return value


def run(args: argparse.Namespace) -> int:
    config = load_config(Path.cwd())
    stores = [Path(s) for s in args.store] if args.store else configured_stores(config)
    if not stores:
        print("continuity recall: no note store here (notes.jsonl, notes/*.jsonl); "
              "`continuity note` creates one", file=sys.stderr)
        return 1
    query = " ".join(args.query)
    tags = split_tags(args.tag)
    matches = []
    for store in stores:
        # A store named with --store is read wherever it is, but never whole when too large,
        # and never when it is not a regular file (a named pipe, /dev/zero).
        too_large = _too_large(store, config.max_file_size) if args.store else None
        if too_large:
            print(one_line(f"continuity recall: {Failure.STORE_UNAVAILABLE.value}: {store}: "
                           f"{too_large}; raise max_file_size to search it"), file=sys.stderr)
            return EXIT_STATUS[Failure.STORE_UNAVAILABLE]
        try:
            index = noteindex.load(store, max_size=config.max_file_size)
        except OSError as exc:
            print(one_line(f"continuity recall: {Failure.STORE_UNAVAILABLE.value}: {store}: "
                           f"cannot read: {exc.strerror or exc}"), file=sys.stderr)
            return EXIT_STATUS[Failure.STORE_UNAVAILABLE]
        if args.verbose:
            how = "rebuilt" if index.rebuilt else "grown" if index.grown else "reused"
            kept = "" if index.saved or not (index.rebuilt or index.grown) else \
                " (kept in memory: the sidecar cannot be written)"
            print(one_line(f"{_shown(store)}: index {how}{kept}, {plural(len(index.notes), 'note')}"),
                  file=sys.stderr)
        if index.bad_lines:
            shown = ", ".join(map(str, index.bad_lines[:5])) + \
                (" ..." if len(index.bad_lines) > 5 else "")
            bad = len(index.bad_lines)
            print(one_line(f"continuity recall: {_shown(store)}: {plural(bad, 'line')} "
                           f"{'is' if bad == 1 else 'are'} not notes (line {shown}); "
                           "`continuity check` explains"),
                  file=sys.stderr)
        found = index.search(query, args.project, tags)
        for entry, note in noteindex.read_notes(store, found):
            matches.append((entry.time, str(store), entry.line, store, _redacted(note)))
    matches.sort(key=lambda m: m[:3], reverse=True)
    if args.limit is not None:
        matches = matches[:max(0, args.limit)]
    if args.format == "json":
        print(json.dumps({
            "query": query, "project": args.project, "tags": tags, "count": len(matches),
            "notes": [dict(note, store=_shown(store), line=line)
                      for _, _, line, store, note in matches],
        }, ensure_ascii=False, indent=2))
    else:
        for _, _, line, store, note in matches:
            tag_text = " ".join(f"#{t}" for t in note.get("tags", []) if isinstance(t, str))
            # Notes are data from a file: shown on one line each, with no terminal escapes.
            print(one_line(f"{note.get('time', '?')}  {note.get('project', '?')}"
                           + (f"  {tag_text}" if tag_text else "")))
            print(one_line(f"  {note.get('fact', '')}  ({_shown(store)}:{line})"))
        if not matches:
            print("no notes found", file=sys.stderr)
    return 0 if matches else 1
