"""CT5xx: note stores, one fact per JSON line (seed ``history-note-capture.txt``).

Every store the configuration names (``notes.jsonl`` and ``notes/*.jsonl`` by default) is read
once per run and judged line by line; a bad line never hides the rest of the store.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from continuity.formats.facts import MAX_FACT_LENGTH, sentences
from continuity.formats.jsonl import json_kind, key_column
from continuity.formats.secrets import find_sensitive
from continuity.formats.timestamps import parse_rfc3339_utc
from continuity.model.notes import Note, NoteStore, same_fact_key
from continuity.validators.diagnostics import Violation
from continuity.validators.registry import CheckContext, rule
from continuity.validators.since_lines import baseline, worded_by_commit


def _stores(ctx: CheckContext) -> list[NoteStore]:
    return list(ctx.tree.records.note_stores)


def _judged(ctx: CheckContext, store: NoteStore) -> list[Note]:
    """The notes judged: all, or with ``since`` those after the lines the store held then."""
    first = baseline(ctx, store.path)
    return [note for note in store.notes if note.line > first]


#: A note store is append-only (CT304): a hint never asks to edit a committed line.
APPEND_ONLY = ("committed notes stay as they are (the store is append-only): append a corrected "
               "note with `continuity note`, or set `since` to the current commit's hash (`git "
               "rev-parse --short HEAD`; HEAD itself moves) to judge only notes written from "
               "now on")
#: What the same hints say of a note no commit holds yet: it may be corrected where it is.
_NOT_COMMITTED = ((APPEND_ONLY, "this note is not committed yet, so correct it where it is "
                                "(once committed, the store is append-only)"),
                  ("the fact is already recorded; recall before capturing",
                   "the fact is already recorded and this line is not committed yet: remove "
                   "it; recall before capturing"))


def _at(note: Note, key: str | None, message: str, hint: str, column: int | None = None
        ) -> Violation:
    if column is None:
        column = key_column(note.text, key) if key else 1
    return Violation(note.store, message, hint, note.line, column)


@rule("CT501", "note-json", "error")
@worded_by_commit(*_NOT_COMMITTED)
def note_json(ctx: CheckContext) -> Iterator[Violation]:
    """A note-store line is not a strict UTF-8 JSON object.

    A note store is JSON Lines: each line one object `{time, project, fact, tags?}`. A line
    that does not parse (bad bytes, a write cut short, NaN, a duplicate key) is a note nobody
    can recall. Each line is judged on its own; blank lines are ignored.

    **Example**

        {"time": "2026-11-02T14:03:11Z", "project": "tidewater", "fact": "Tides are
        ["not", "an", "object"]

    **Fix**

    Write notes with `continuity note`, which appends whole lines under a lock. A
    line not committed yet may be completed; a committed one stays as it is (the store is
    append-only): append the note again, or set `since` to judge only lines after a commit.
    """
    for store in _stores(ctx):
        tree_file = next((f for f in ctx.tree.note_stores if f.path == store.path), None)
        if store.unreadable:
            if tree_file is not None and (tree_file.escapes or
                                          (tree_file.read and tree_file.read.too_large)):
                continue  # CT602 / CT603 report these
            yield Violation(store.path, f"the note store cannot be read: {store.unreadable}",
                            "make the file readable, or remove it from the `notes` option")
            continue
        first = baseline(ctx, store.path)
        for line in store.lines:
            if line.blank or line.line <= first:
                continue
            if line.error:
                yield Violation(store.path, f"note line {line.line} is {line.error}",
                                "each line is one JSON object: "
                                '{"time": "...Z", "project": "...", "fact": "..."}; '
                                + APPEND_ONLY, line.line, line.column)
            elif not isinstance(line.value, dict):
                yield Violation(store.path, f"note line {line.line} is a JSON "
                                f"{json_kind(line.value)}, not an object",
                                'each line is one object {"time": "...Z", "project": "...", '
                                '"fact": "..."}; ' + APPEND_ONLY, line.line, 1)


def _show(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


@rule("CT502", "note-field", "error")
@worded_by_commit(*_NOT_COMMITTED)
def note_field(ctx: CheckContext) -> Iterator[Violation]:
    """A note's time is missing or not RFC 3339 UTC, its project or fact is missing or empty, or its tags are not a list of strings.

    Recall filters by project and tag and sorts by time, so each note needs `time` as an
    RFC 3339 UTC date-time (`2026-11-02T14:03:11Z`), a non-empty `project` and `fact`, and,
    when present, `tags` as a list of non-empty strings.

    **Example**

        {"time": "2 Nov 2026", "project": "", "fact": "Tides are UTC.", "tags": "ops"}

    **Fix**

    Capture notes with `continuity note`, which writes `"time":
    "2026-11-02T14:03:11Z"`, a project name and `"tags": ["ops"]`. Committed notes stay as
    they are (append-only): append a corrected note, or set `since` to judge only notes
    written after a commit.
    """
    for store in _stores(ctx):
        for note in _judged(ctx, store):
            data = note.data
            time = data.get("time")
            if "time" not in data:
                yield _at(note, None, f"note line {note.line} has no `time`",
                          'notes carry "time" as RFC 3339 UTC, e.g. "2026-11-02T14:03:11Z"; '
                          + APPEND_ONLY)
            elif not isinstance(time, str) or parse_rfc3339_utc(time) is None:
                yield _at(note, "time", f"note line {note.line}: time {_show(time)} is not an "
                                        "RFC 3339 UTC date-time",
                          'time is e.g. "2026-11-02T14:03:11Z" (seconds, and Z for UTC); '
                          + APPEND_ONLY)
            for key in ("project", "fact"):
                value = data.get(key)
                if key not in data:
                    yield _at(note, None, f"note line {note.line} has no `{key}`",
                              f'notes carry "{key}" (a non-empty string); ' + APPEND_ONLY)
                elif not isinstance(value, str) or not value.strip():
                    yield _at(note, key, f"note line {note.line}: {key} is {_show(value)}; "
                                         "expected a non-empty string",
                              f'"{key}" is a non-empty string; ' + APPEND_ONLY)
            if "tags" in data:
                tags = data["tags"]
                if not isinstance(tags, list) or not all(
                        isinstance(t, str) and t.strip() for t in tags):
                    yield _at(note, "tags", f"note line {note.line}: tags is {_show(tags)}; "
                                            "expected a list of non-empty strings",
                              'tags are e.g. "tags": ["parser", "fixtures"], or left out; '
                              + APPEND_ONLY)


@rule("CT503", "note-unredacted", "error")
@worded_by_commit(*_NOT_COMMITTED)
def note_unredacted(ctx: CheckContext) -> Iterator[Violation]:
    """A note's fact holds a credential, an e-mail address, a home-directory path or a long numeric identifier.

    Notes are published with the site and shared with every later session; the capture
    procedure redacts secrets and personal data before a note is written. A fact that still
    holds an API key, a password, an address, `/home/<user>/...` or an account number leaked
    past it (or was written by hand). The message names the kind, never the value.

    **Example**

        {"time": "...", "project": "ops", "fact": "Billing alerts go to wren@example.org."}

    **Fix**

    Rotate any credential that was written down (git keeps every committed version,
    so removing it from the store does not unpublish it), and capture notes with `continuity
    note`, which redacts (`[redacted:email]`). The store is append-only: purging a committed
    line is a deliberate history rewrite, not an edit.
    """
    for store in _stores(ctx):
        for note in _judged(ctx, store):
            fact = note.fact
            if not fact:
                continue
            for finding in find_sensitive(fact):
                secret = fact[finding.start:finding.end]
                index = note.text.find(json.dumps(secret, ensure_ascii=False)[1:-1])
                column = index + 1 if index >= 0 else key_column(note.text, "fact")
                yield _at(note, "fact",
                          f"note line {note.line}: fact holds {finding.description}",
                          "rotate it if it is a credential (git keeps the committed line); "
                          f"capture facts with `continuity note`, which writes [redacted:"
                          f"{finding.kind}]; purging a committed line is a deliberate history "
                          "rewrite, never an edit of the append-only store", column=column)


@rule("CT504", "note-not-one-fact", "warning")
@worded_by_commit(*_NOT_COMMITTED)
def note_not_one_fact(ctx: CheckContext) -> Iterator[Violation]:
    """A note's fact is more than one sentence, holds a line break, or is over 300 characters.

    A note is one durable, self-contained fact, so that recall returns exactly what was meant
    and each fact can be found, cited or superseded on its own. Paragraphs and lists of facts
    defeat that.

    **Example**

        {"fact": "The parser needs UTF-8. Also the CI runs nightly.\\nAnd tides are UTC."}

    **Fix**

    Capture one note per fact (`continuity note` once per sentence). Committed notes
    stay as they are (append-only): append the facts split, or set `since`.
    """
    for store in _stores(ctx):
        for note in _judged(ctx, store):
            fact = note.fact
            if not fact or not fact.strip():
                continue
            problems = []
            if "\n" in fact or "\r" in fact:
                problems.append("holds a line break")
            count = len(sentences(fact))
            if count > 1:
                problems.append(f"is {count} sentences")
            if len(fact) > MAX_FACT_LENGTH:
                problems.append(f"is {len(fact)} characters (over {MAX_FACT_LENGTH})")
            if problems:
                yield _at(note, "fact",
                          f"note line {note.line}: fact {' and '.join(problems)}; a note holds "
                          "one fact in one sentence",
                          "capture one note per fact; " + APPEND_ONLY)


@rule("CT505", "note-duplicate", "warning")
@worded_by_commit(*_NOT_COMMITTED)
def note_duplicate(ctx: CheckContext) -> Iterator[Violation]:
    """The same project and fact are recorded twice (in one store or across stores).

    A fact captured twice makes recall noisy and suggests the first capture was not found.
    Facts are compared ignoring case and runs of whitespace; the later note is reported.

    **Example**

        {"time": "2026-11-02T14:03:11Z", "project": "tidewater", "fact": "Tides are UTC."}
        {"time": "2026-11-05T09:00:00Z", "project": "tidewater", "fact": "Tides are UTC."}

    **Fix**

    Leave the store as it is (it is append-only) and recall before capturing next
    time; `continuity recall QUERY --project P` finds the first one.
    """
    seen: dict[tuple[str, str], Note] = {}
    for store in _stores(ctx):
        first = baseline(ctx, store.path)
        for note in store.notes:
            if not note.project or not note.fact:
                continue
            key = same_fact_key(note.project, note.fact)
            earlier = seen.get(key)
            if earlier is None:
                seen[key] = note
                continue
            if note.line <= first:
                continue  # both in the baseline: not judged
            where = f"line {earlier.line}" if earlier.store == note.store else \
                f"{earlier.store}:{earlier.line}"
            yield _at(note, "fact",
                      f"note line {note.line} repeats the fact of {where} "
                      f"(project {note.project!r})",
                      "the fact is already recorded; recall before capturing")
