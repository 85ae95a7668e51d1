"""Dates and times as the protocol writes them: ``2026-01-08`` or an ISO 8601 date-time.

Values are kept as the strings written (see frontmatter.py); this module decides whether such a
string is a real date or date-time and what instant it names. Python 3.10's ``fromisoformat``
does not accept ``Z``, so the accepted forms are spelled out here once.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from dataclasses import dataclass

DATE_ONLY = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
DATE_TIME = re.compile(
    r"^(?P<date>\d{4}-\d{2}-\d{2})[Tt ](?P<hour>\d{2}):(?P<minute>\d{2})"
    r"(?::(?P<second>\d{2})(?:[.,](?P<fraction>\d{1,9}))?)?"
    r"(?P<zone>[Zz]|[+-]\d{2}(?::?\d{2})?)?$"
)

#: A date with other separators, or none: ``2026/06/27``, ``2026.06.27``, ``2026_06_27``,
#: ``20260627`` (what ``check --fix`` writes as ``2026-06-27``).
DATE_OTHERWISE = re.compile(r"^(\d{4})([/._]?)(\d{2})\2(\d{2})$")


#: The instants a date-time from the tree may name: a day inside datetime's range on either
#: side, so that a day's arithmetic on it (a month's end, an age, a step back) cannot overflow.
MIN_MOMENT = dt.datetime(1, 1, 2, tzinfo=dt.timezone.utc)
MAX_MOMENT = dt.datetime(9999, 12, 30, tzinfo=dt.timezone.utc)


@dataclass(frozen=True)
class WrittenDate:
    """A parsed ``date`` value: the calendar date as written and, with a time, the instant."""

    date: dt.date  # the date as written (before any time-zone conversion)
    moment: dt.datetime | None = None  # aware, in UTC; None when only a date was written
    zone_written: bool = False  # False: a date-time without a zone, read as UTC
    offset: dt.timedelta = dt.timedelta(0)  # the zone's offset from UTC, as written

    @property
    def has_time(self) -> bool:
        return self.moment is not None


@functools.lru_cache(maxsize=4096)  # entries share dates, and two rules read each one
def parse_date_value(text: str) -> WrittenDate | None:
    """``YYYY-MM-DD`` or an ISO 8601 date-time; None when it is neither or not a real one."""
    text = text.strip()
    match = DATE_ONLY.match(text)
    if match:
        try:
            return WrittenDate(dt.date(*map(int, match.groups())))
        except ValueError:
            return None
    match = DATE_TIME.match(text)
    if not match:
        return None
    try:
        date = dt.date.fromisoformat(match.group("date"))
        fraction = (match.group("fraction") or "0")[:6].ljust(6, "0")
        local = dt.datetime.combine(date, dt.time(
            int(match.group("hour")), int(match.group("minute")),
            int(match.group("second") or 0), int(fraction)))
        zone = _zone(match.group("zone"))
        # Range-checked before any arithmetic: 9999-12-31T23:59:59-12:00 is in year 10000
        # in UTC, past what datetime holds (OverflowError); such a value is not a date here.
        moment = local.replace(tzinfo=zone or dt.timezone.utc).astimezone(dt.timezone.utc)
        if not (MIN_MOMENT <= moment <= MAX_MOMENT):
            return None
    except (ValueError, OverflowError):
        return None
    offset = zone.utcoffset(None) if zone else dt.timedelta(0)
    return WrittenDate(date, moment, zone is not None, offset)


def date_written_otherwise(text: str) -> str | None:
    """``YYYY-MM-DD`` for a real date written with other separators (or none); else None."""
    match = DATE_OTHERWISE.match(text.strip())
    if match is None:
        return None
    written = f"{match[1]}-{match[3]}-{match[4]}"
    return written if parse_date_value(written) is not None else None


def _zone(text: str | None) -> dt.timezone | None:
    if not text:
        return None
    if text in ("Z", "z"):
        return dt.timezone.utc
    sign = -1 if text[0] == "-" else 1
    digits = text[1:].replace(":", "")
    hours, minutes = int(digits[:2]), int(digits[2:] or 0)
    if hours > 23 or minutes > 59:
        raise ValueError(f"time zone {text} out of range")
    return dt.timezone(sign * dt.timedelta(hours=hours, minutes=minutes))


def parse_datetime(text: str) -> dt.datetime | None:
    """An ISO 8601 date-time (a date alone is not one) as an aware UTC instant, else None.

    Used for the cycle ledger's ``timestamp``; a value without a zone is read as UTC so that
    timestamps can be put in order.
    """
    written = parse_date_value(text) if isinstance(text, str) else None
    return written.moment if written is not None and written.has_time else None


def parse_rfc3339_utc(text: str) -> dt.datetime | None:
    """An RFC 3339 date-time in UTC, as notes carry it: ``T``, seconds, and ``Z`` or ``+00:00``."""
    if not isinstance(text, str):
        return None
    match = DATE_TIME.match(text)
    if match is None or match.group("second") is None or text[10] not in "Tt" or \
            match.group("zone") not in ("Z", "z", "+00:00", "-00:00"):
        return None
    return parse_datetime(text)


def rfc3339_utc(moment: dt.datetime) -> str:
    """``2026-11-02T14:03:11Z``: the form ``continuity note`` writes."""
    return moment.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
