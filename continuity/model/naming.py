"""Naming patterns written with the protocol's tokens (``YYYY-MM-DD-turn-N.md``), as data.

One pattern text is three things at once: the regular expression a file name must match, what
a matching name says (date, time, turn, slug), and how ``continuity new`` builds a name. Users
write the same tokens in configuration (``[tool.continuity.kinds]``), so a wrong pattern is a
:class:`PatternError` naming what is wrong, never a regex traceback.

Tokens (anything else is literal text):

- ``YYYY``, ``MM``, ``DD``: the date (all three, once each); ``HH``, ``mm`` (or ``MM`` after
  ``HH``), ``SS``: the time of day; upper-case tokens may run together with a ``T``
  (``YYYY-MM-DDTHH-MM-SS``);
- ``N``: a turn number (``turn-N``);
- a lower-case word ending in ``slug``, ``name``, ``topic`` or ``title`` (``slug``,
  ``task-slug``, ``tool-name``): a slug — lower-case letters, digits and single hyphens;
- ``ext`` after a dot: any extension (``name.ext``); ``*``: any text without ``/``;
- ``(a|b|c)``: one of the words listed (``(semantic|procedural)-topic-slug.md``);
- ``/``: a subfolder (``dailies/YYYY-MM-DD.md``).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

SLUG = r"[a-z0-9]+(?:-[a-z0-9]+)*"
SLUG_WORDS = ("slug", "name", "topic", "title")
MAX_PATTERN_LENGTH = 200


class PatternError(ValueError):
    """A naming pattern that cannot be used; the message says why."""


@dataclass(frozen=True)
class EntryName:
    """What an entry's file name says, once it matched its directory's pattern."""

    date: str | None = None  # YYYY-MM-DD as written
    time: str | None = None  # HH-MM-SS as written (snapshots)
    turn: int | None = None  # journal
    slug: str | None = None
    choice: str | None = None  # the word of a (a|b) choice (memory/'s namespace)

    def real_date(self) -> dt.date | None:
        try:
            return dt.date.fromisoformat(self.date) if self.date else None
        except ValueError:
            return None

    def real_time(self) -> dt.time | None:
        try:
            if not self.time:
                return None
            hour, minute, second = ([int(part) for part in self.time.split("-")] + [0, 0])[:3]
            return dt.time(hour, minute, second)
        except ValueError:
            return None

    @property
    def valid_date(self) -> bool:
        return (self.date is None or self.real_date() is not None) and \
            (self.time is None or self.real_time() is not None)


# A part of a pattern: ("literal", text) or (token, detail).
Part = tuple[str, str]

_UPPER_TOKENS = ("YYYY", "MM", "DD", "HH", "SS")
_REGEX = {
    "year": r"(?P<year>\d{4})", "month": r"(?P<month>\d{2})", "day": r"(?P<day>\d{2})",
    "hour": r"(?P<hour>\d{2})", "minute": r"(?P<minute>\d{2})", "second": r"(?P<second>\d{2})",
    "turn": r"(?P<turn>\d+)", "slug": rf"(?P<slug>{SLUG})",
    "ext": r"(?P<ext>[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)*)", "any": r"(?P<any>[^/]+)",
}


def _upper_run(run: str, seen_hour: bool) -> list[Part] | None:
    """An upper-case run as tokens, or None when it is a literal word (``README``)."""
    if run == "N":
        return [("turn", "N")]
    parts: list[Part] = []
    index = 0
    while index < len(run):
        for token in _UPPER_TOKENS:
            if run.startswith(token, index):
                break
        else:
            if run[index] == "T" and parts:  # the date-time separator
                parts.append(("literal", "T"))
                index += 1
                continue
            return None
        if token == "MM" and (seen_hour or any(p[0] == "hour" for p in parts)):
            name = "minute"
        else:
            name = {"YYYY": "year", "MM": "month", "DD": "day", "HH": "hour",
                    "SS": "second"}[token]
        parts.append((name, token))
        index += len(token)
    return parts


def tokenize(text: str) -> list[Part]:
    """The pattern's parts; raises PatternError on what cannot be read."""
    parts: list[Part] = []
    index = 0
    while index < len(text):
        char = text[index]
        if char.isascii() and char.isupper():
            end = index
            while end < len(text) and text[end].isascii() and text[end].isupper():
                end += 1
            seen_hour = any(p[0] == "hour" for p in parts)
            tokens = _upper_run(text[index:end], seen_hour)
            parts.extend(tokens if tokens is not None else [("literal", text[index:end])])
            index = end
        elif char.isascii() and char.islower():
            match = re.compile(r"[a-z]+(?:-[a-z]+)*").match(text, index)
            assert match is not None
            word = match.group()
            if word.rsplit("-", 1)[-1] in SLUG_WORDS:
                parts.append(("slug", word))
            elif word == "mm":
                parts.append(("minute", word))
            elif word == "ext" and parts and parts[-1] == ("literal", "."):
                parts.append(("ext", word))
            else:
                parts.append(("literal", word))
            index = match.end()
        elif char == "*":
            parts.append(("any", "*"))
            index += 1
        elif char == "(":
            end = text.find(")", index)
            words = text[index + 1:end].split("|") if end > index else []
            if end < 0 or len(words) < 2 or not all(re.fullmatch(SLUG, w) for w in words):
                raise PatternError(f"'{text[index:end + 1 if end >= 0 else None]}' is not a "
                                   "choice: write (word|word), lower-case words")
            parts.append(("choice", "|".join(words)))
            index = end + 1
        else:
            parts.append(("literal", char))
            index += 1
    return _merge_literals(parts)


def _merge_literals(parts: list[Part]) -> list[Part]:
    merged: list[Part] = []
    for part in parts:
        if part[0] == "literal" and merged and merged[-1][0] == "literal":
            merged[-1] = ("literal", merged[-1][1] + part[1])
        else:
            merged.append(part)
    return merged


@dataclass(frozen=True)
class NamePattern:
    """One naming pattern: its text, its parts and the regular expression they make."""

    text: str
    parts: tuple[Part, ...]
    regex: re.Pattern[str]

    @property
    def tokens(self) -> set[str]:
        return {kind for kind, _ in self.parts if kind not in ("literal", "choice")}

    @property
    def dated(self) -> bool:
        return "year" in self.tokens

    @property
    def timed(self) -> bool:
        return "hour" in self.tokens

    @property
    def turned(self) -> bool:
        return "turn" in self.tokens

    @property
    def distinctive(self) -> bool:
        """A name that fits says it was written to the protocol: it carries a date, a turn or
        one of a choice of words, or an extension of its own (logs/ ``*.jsonl``).
        ``topic-slug.md`` fits most Markdown files anywhere."""
        if self.tokens & {"year", "turn"} or any(k == "choice" for k, _ in self.parts):
            return True
        kind, detail = self.parts[-1]
        return kind == "literal" and "." in detail and not detail.endswith(".md")

    @property
    def markdown_only(self) -> bool:
        return self.text.endswith(".md")

    @property
    def nested(self) -> bool:
        return "/" in self.text

    def parse(self, name: str) -> EntryName | None:
        """What ``name`` (relative to the directory, '/'-separated) says, or None."""
        match = self.regex.match(name)
        if not match:
            return None
        groups = match.groupdict()
        date = time = None
        if groups.get("year"):
            date = f"{groups['year']}-{groups['month']}-{groups['day']}"
        if groups.get("hour"):
            time = f"{groups['hour']}-{groups.get('minute') or '00'}-{groups.get('second') or '00'}"
        turn = int(groups["turn"]) if groups.get("turn") else None
        return EntryName(date=date, time=time, turn=turn,
                         slug=groups.get("slug") or groups.get("any"), choice=groups.get("choice"))

    def render(self, *, date: dt.date, time: dt.time | None = None, turn: int = 1,
               slug: str = "", ext: str = "md") -> str:
        """The name this pattern gives an entry. A choice (``(a|b)-slug``) is taken from the
        start of the slug, which must then begin with one of the words."""
        out: list[str] = []
        time = time or dt.time()
        values = {"year": f"{date.year:04d}", "month": f"{date.month:02d}",
                  "day": f"{date.day:02d}", "hour": f"{time.hour:02d}",
                  "minute": f"{time.minute:02d}", "second": f"{time.second:02d}",
                  "turn": str(turn), "slug": slug, "ext": ext, "any": slug}
        skip_separator = False
        for kind, detail in self.parts:
            if kind == "choice":
                skip_separator = True  # the slug carries the word
                continue
            if kind == "literal":
                text = detail
                if skip_separator and text.startswith("-"):
                    text = text[1:]
                skip_separator = False
                out.append(text)
            else:
                skip_separator = False
                out.append(values[kind])
        return "".join(out)


def compile_pattern(text: str) -> NamePattern:
    """A NamePattern from its token text; PatternError says what is wrong."""
    if not isinstance(text, str) or not text.strip():
        raise PatternError("a naming pattern is a non-empty text such as YYYY-MM-DD-slug.md")
    if len(text) > MAX_PATTERN_LENGTH:
        raise PatternError(f"a naming pattern is at most {MAX_PATTERN_LENGTH} characters")
    if text.startswith("/") or "\\" in text or any(
            part in ("", ".", "..") for part in text.split("/")):
        raise PatternError(f"'{text}' must stay inside its directory: no leading '/', no "
                           "'..', no empty folder names")
    if any(ord(c) < 32 or c == "\x7f" for c in text):
        raise PatternError("a naming pattern holds no control characters")
    parts = tokenize(text)
    counts: dict[str, int] = {}
    for kind, _ in parts:
        if kind not in ("literal", "choice"):
            counts[kind] = counts.get(kind, 0) + 1
    if sum(1 for kind, _ in parts if kind == "choice") > 1:
        raise PatternError(f"'{text}' has more than one (a|b) choice")
    repeated = [kind for kind, count in counts.items() if count > 1]
    if repeated:
        raise PatternError(f"'{text}' uses {_shown(repeated[0])} more than once")
    if "slug" in counts and "any" in counts:
        raise PatternError(f"'{text}' has both a slug and '*': use one")
    date_parts = {"year", "month", "day"} & set(counts)
    if date_parts and date_parts != {"year", "month", "day"}:
        raise PatternError(f"'{text}' has part of a date: write YYYY, MM and DD together")
    if ({"hour", "minute", "second"} & set(counts)) and not date_parts:
        raise PatternError(f"'{text}' has a time without a date: write YYYY-MM-DD before it")
    if ({"minute", "second"} & set(counts)) and "hour" not in counts:
        raise PatternError(f"'{text}' has minutes or seconds without HH")
    if not counts and not any(kind == "choice" for kind, _ in parts):
        raise PatternError(f"'{text}' names a single file; use tokens such as YYYY-MM-DD, "
                           "slug, N or *")
    last = text.rsplit("/", 1)[-1]
    if "." not in last:
        raise PatternError(f"'{text}' has no extension: end it in .md, .jsonl or .ext")
    regex = "".join(re.escape(detail) if kind == "literal" else
                    "(?P<choice>" + detail + ")" if kind == "choice" else _REGEX[kind]
                    for kind, detail in parts)
    # \Z, not $ (which also matches before a final newline); ASCII: \d is 0-9 only.
    return NamePattern(text, tuple(parts), re.compile(rf"^{regex}\Z", re.ASCII))


def _shown(kind: str) -> str:
    return {"year": "YYYY", "month": "MM", "day": "DD", "hour": "HH", "minute": "mm",
            "second": "SS", "turn": "N", "slug": "a slug", "ext": "ext",
            "any": "*"}.get(kind, kind)


#: A date written at the start of a name that does not match its pattern
#: (``reflections/2026-05-03.md``, ``2026-05-03_notes.md``): enough to order and date it.
LOOSE_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})(?![0-9])", re.ASCII)


def date_in_name(name: str) -> str | None:
    """The real calendar date a file name begins with, or None."""
    match = LOOSE_DATE.match(name.rsplit("/", 1)[-1])
    if not match:
        return None
    try:
        return dt.date(*map(int, match.groups())).isoformat()
    except ValueError:
        return None
