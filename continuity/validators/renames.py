"""The name a misnamed entry should have, computed from the entry itself (CT101, ``--fix``).

The date comes from the name (``2026-06-27``, ``2026_06_27``, ``20260627``), else the entry's
``date`` field; the time of a timed name likewise; a journal turn from ``turn-3``/``turn3`` in
the name or the ``turn`` field, else the next free turn of that day; the slug from the rest of
the name. None when the entry does not say enough (no date anywhere): then nothing is guessed.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata

from continuity.formats.timestamps import parse_date_value
from continuity.model.tree import HistoryEntry, MemoryDirectory

_DATE = re.compile(r"(?<!\d)(\d{4})[-_.]?(\d{2})[-_.]?(\d{2})(?!\d)")
_TIME = re.compile(r"(?<!\d)(\d{2})[-_:.h]?(\d{2})(?:[-_:.m]?(\d{2}))?(?!\d)")
_TURN = re.compile(r"turn[-_ ]?(\d+)", re.IGNORECASE)
_WORDS = re.compile(r"[^a-z0-9]+")


def slug_of(text: str) -> str:
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return _WORDS.sub("-", ascii_text.lower()).strip("-")


def _field(entry: HistoryEntry, key: str) -> object:
    document = entry.document
    if document is None or not document.frontmatter.present:
        return None
    return document.frontmatter.data.get(key)


def suggested_name(directory: MemoryDirectory, entry: HistoryEntry) -> str | None:
    """The directory-relative name ``entry`` should have, or None when it cannot be told."""
    kind = directory.kind
    base = entry.name.rsplit("/", 1)[-1]
    stem, dot, extension = base.rpartition(".")
    if not dot:
        stem, extension = base, "md"
    if extension.lower() == "markdown":
        extension = "md"
    when = _when_named(stem, kind.pattern.timed)
    if when is None:
        return None
    day, moment, rest = when
    if day is None:
        written = parse_date_value(str(_field(entry, "date") or ""))
        if written is None:
            return None
        day, moment = written.date, written.moment
    turn, rest = _turn_of(rest, entry)
    name = _rendered(directory, day, moment, turn, slug_of(rest))
    if name is None:
        return None
    if name.endswith(".md") and extension != "md":
        name = name[:-3] + "." + extension
    if kind.parse(name) is None or name == entry.name:
        return None
    names = {e.name for e in directory.entries}
    return None if name in names else name


def _when_named(stem: str, timed: bool
                ) -> tuple[dt.date | None, dt.datetime | None, str] | None:
    """(the date in the name, its moment when the kind is timed, the rest of the name); None
    for a date or time that is none (CT102's to say, nothing to guess)."""
    found = _DATE.search(stem)
    if not found:
        return None, None, stem
    try:
        day = dt.date(int(found.group(1)), int(found.group(2)), int(found.group(3)))
    except ValueError:
        return None
    rest = stem[:found.start()] + " " + stem[found.end():]
    clock = _TIME.search(stem[found.end():])
    if not (clock and timed):
        return day, None, rest
    try:
        moment = dt.datetime.combine(day, dt.time(int(clock.group(1)), int(clock.group(2)),
                                                  int(clock.group(3) or 0)))
    except ValueError:
        return None
    return day, moment, stem[:found.start()]


def _turn_of(rest: str, entry: HistoryEntry) -> tuple[int | None, str]:
    """The journal turn the name says (taken out of it), else the entry's ``turn`` field."""
    turned = _TURN.search(rest)
    if turned:
        return int(turned.group(1)), rest[:turned.start()] + " " + rest[turned.end():]
    written = _field(entry, "turn")  # frontmatter values are read as text: `turn: 2` is '2'
    if isinstance(written, str) and written.strip().isdigit():
        written = int(written.strip())
    return (written if isinstance(written, int) and not isinstance(written, bool) else None), rest


def _rendered(directory: MemoryDirectory, day: dt.date, moment: dt.datetime | None,
              turn: int | None, slug: str) -> str | None:
    kind = directory.kind
    if kind.has_turns:
        if turn is None or turn < 1:
            taken = [e.parsed_name.turn for e in directory.entries
                     if e.parsed_name and e.parsed_name.date == day.isoformat()
                     and e.parsed_name.turn is not None]
            turn = max(taken, default=0) + 1
        return kind.render(date=day, turn=turn)
    if kind.pattern.timed:
        at = moment.time().replace(microsecond=0, tzinfo=None) if moment else dt.time()
        return kind.render(date=day, time=at)
    if not slug and kind.pattern.tokens & {"slug", "any"}:
        return None
    return kind.render(date=day, slug=slug)
