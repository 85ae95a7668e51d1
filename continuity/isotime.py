"""ISO 8601 / RFC 3339 date-times as written in ledgers and note stores, parsed without raising.

``datetime.fromisoformat`` on Python 3.10 rejects ``Z`` and fractions other than 3 or 6 digits,
both common in real ledgers, so the grammar is spelled out here once.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

_DATETIME = re.compile(
    r"^(?P<year>\d{4})-(?P<month>\d{2})-(?P<day>\d{2})[Tt]"
    r"(?P<hour>\d{2}):(?P<minute>\d{2})(?::(?P<second>\d{2})(?:[.,](?P<fraction>\d{1,9}))?)?"
    r"(?P<offset>[Zz]|[+-]\d{2}:?\d{2})?$"
)


def parse_datetime(text: str, *, require_seconds: bool = False) -> datetime | None:
    """An ISO 8601 date-time (``T`` separator, offset optional) as an aware datetime, else None.

    A value without an offset is read as UTC, so that timestamps can be compared in order.
    """
    match = _DATETIME.match(text) if isinstance(text, str) else None
    if match is None or (require_seconds and match.group("second") is None):
        return None
    parts = match.groupdict()
    second = int(parts["second"] or 0)
    fraction = (parts["fraction"] or "0")[:6].ljust(6, "0")
    try:
        tz = timezone.utc
        offset = parts["offset"]
        if offset and offset not in "Zz":
            digits = offset[1:].replace(":", "")
            delta = timedelta(hours=int(digits[:2]), minutes=int(digits[2:]))
            tz = timezone(-delta if offset[0] == "-" else delta)
        return datetime(int(parts["year"]), int(parts["month"]), int(parts["day"]),
                        int(parts["hour"]), int(parts["minute"]), min(second, 59),
                        int(fraction), tzinfo=tz)
    except ValueError:  # month 13, hour 25, offset +25:00 ...
        return None


def parse_rfc3339_utc(text: str) -> datetime | None:
    """An RFC 3339 date-time in UTC (seconds required, offset ``Z`` or ``+00:00``), else None."""
    if not isinstance(text, str) or not text.endswith(("Z", "z", "+00:00", "-00:00")):
        return None
    return parse_datetime(text, require_seconds=True)


def rfc3339_utc(moment: datetime) -> str:
    """``2026-11-02T14:03:11Z``: the form notes are written in."""
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
