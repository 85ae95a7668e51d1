"""CT205 and CT208: the date and the turn in an entry's name agree with its fields."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

from continuity.formats.timestamps import parse_date_value
from continuity.validators.diagnostics import Violation
from continuity.validators.registry import CheckContext, rule
from continuity.validators.rules.entries.shared import (
    INTEGER,
    is_placeholder,
    markdown_entries,
    position_of,
    usable_frontmatter,
)

#: Digits a turn number may have to be compared as a number (more: it disagrees, whatever
#: the name says, since a name cannot carry that many).
MAX_TURN_DIGITS = 18


# --------------------------------------------------------------------------- CT205


@rule("CT205", "date-mismatch", "error")
def date_mismatch(ctx: CheckContext) -> Iterator[Violation]:
    """The date in an entry's name disagrees with its frontmatter `date`.

    The name orders the history; the field is what the page shows. When they disagree one of
    them is wrong. A snapshot whose `date` carries a time must agree with the time in its name
    to the second: the name's time is read as UTC, and a `date` with another time zone is
    converted to UTC first (`2026-06-27T16:30:00+02:00` matches `2026-06-27T14-30-00.md`; a
    `date` without a zone is read as UTC). Elsewhere the calendar date written in the field is
    compared with the name's date.

    **Example**

        journal/2026-06-27-turn-3.md  with  date: 2026-06-26

    **Fix**

    Correct whichever is wrong. History is append-only: once committed, write a correcting
    entry rather than renaming or editing the old one.
    """
    for _directory, entry in markdown_entries(ctx):
        parsed = entry.parsed_name
        front = usable_frontmatter(entry)
        if parsed is None or parsed.date is None or not parsed.valid_date or front is None:
            continue
        value = front.data.get("date")
        if not isinstance(value, str) or is_placeholder(value):
            continue
        written = parse_date_value(value)
        if written is None:
            continue  # CT204
        line, column = position_of(entry, "date")
        name_date = parsed.real_date()
        name_time = parsed.real_time()
        if name_date is not None and name_time is not None and written.moment is not None:
            named = dt.datetime.combine(name_date, name_time, dt.timezone.utc)
            moment = written.moment.replace(microsecond=0)
            if moment != named:
                shown = moment.strftime("%Y-%m-%dT%H:%M:%SZ")
                converted = f" ({shown} in UTC)" if written.offset else ""
                yield Violation(
                    entry.path,
                    f"date {value.strip()}{converted} disagrees with the time in the name, "
                    f"{parsed.date}T{parsed.time} (UTC)",
                    "make the field and the name name the same moment (to the second)",
                    line, column)
        elif written.date != name_date:
            yield Violation(
                entry.path,
                f"date {value.strip()} disagrees with the name's date {parsed.date}",
                "make the field and the name carry the same date",
                line, column)


# --------------------------------------------------------------------------- CT208


@rule("CT208", "turn-mismatch", "error")
def turn_mismatch(ctx: CheckContext) -> Iterator[Violation]:
    """The `turn-N` in a journal entry's name disagrees with its `turn` field.

    The turn number orders same-day journal entries; when the name and the field disagree the
    narrative can no longer be followed turn by turn.

    **Example**

        journal/2026-06-27-turn-3.md  with  turn: 4

    **Fix**

    Correct whichever is wrong. History is append-only: once committed, write a correcting
    entry rather than renaming or editing the old one.
    """
    for directory, entry in markdown_entries(ctx):
        parsed = entry.parsed_name
        if not directory.kind.has_turns or parsed is None or parsed.turn is None:
            continue
        front = usable_frontmatter(entry)
        value = front.data.get("turn") if front else None
        if not isinstance(value, str) or not INTEGER.match(value.strip()):
            continue  # absent (CT202), a placeholder (CT203) or not an integer (CT204)
        written = value.strip()
        # Compared as digits: int() refuses more than 4,300 of them (a ValueError that
        # stopped the whole check), and no turn needs more than MAX_TURN_DIGITS.
        if len(written.lstrip("0")) > MAX_TURN_DIGITS or int(written) != parsed.turn:
            line, column = position_of(entry, "turn")
            shown = written if len(written) <= MAX_TURN_DIGITS else \
                f"{written[:MAX_TURN_DIGITS]}… ({len(written)} digits)"
            yield Violation(
                entry.path,
                f"turn {shown} disagrees with the name's turn-{parsed.turn}",
                "make the field and the name carry the same turn number", line, column)
