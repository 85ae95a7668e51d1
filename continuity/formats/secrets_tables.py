"""Credentials kept in a Markdown table, where the key's name is in another cell.

Memory keeps credentials in tables as often as in ``Name: value`` lines (a TOOLS.md's
``| Service | User | Password |``, a note's ``| Gmail app password | `…` |``). The detectors
read a value after its key's name on one line, so a table hides both shapes from them:

- a column under a secret's name: each cell is read as ``<header>: <cell>``;
- a row of a key and its value (the first cell a secret's name, the second its value): read as
  ``<first cell>: <second cell>``.

Each such line is given to the same detectors, which judge the name and the value as they do
in prose (a word, a fill-in, a reference or a mask stays silent); a finding is placed back at
its cell, and judged there once more by what only the file around it tells: a Bitable
base's or a Feishu document's id, its link in another row (``| **App Token** | … |`` above
``| **链接** | https://my.feishu.cn/base/… |``, survey 42). One pass over the lines; only a
table whose header or first column names a secret's word is read cell by cell.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Iterator
from typing import NamedTuple

from continuity.formats.secrets import Detector, Finding, feishu_id, find

#: A table's delimiter row: ``|---|:---:|``, pipes at the ends optional.
_DELIMITER = re.compile(r"^[ \t]{0,3}\|?[ \t]*:?-{1,}:?[ \t]*(?:\|[ \t]*:?-{1,}:?[ \t]*)*\|?[ \t]*$")
#: A word of a secret's name, the cheap test before a table is read cell by cell.
#: (A bare "key" is not one: a keyboard's table, ``| Key | Action |``, holds shortcuts.)
_SECRET_WORD = re.compile(r"pass(?:word|wd|phrase)|\bpwd\b|secret|token|credential"
                          r"|(?:api|access|private|secret|app|license)[ _-]?key", re.IGNORECASE)
#: What a table of defaults says before it (its heading, or the line above it): ``##
#: Default Credentials``, ``Demo logins:``. A password a person chose is then the product's
#: documented default (``minioadmin``, ``admin123``), no one's secret; a generated key or a
#: provider's token in such a table is still one.
_DOCUMENTED = re.compile(r"\b(?:defaults?|examples?|samples?|demo|dummy|test(?:ing)?|dev"
                         r"|development|local(?:ly)?)\b", re.IGNORECASE)
#: The kinds of a value a person chose, judged by the words around it.
_CHOSEN = frozenset({"assigned-secret"})
#: Markup around a cell's name (``**Password**``), not part of it.
_NAME_MARKUP = re.compile(r"[*_`]")
#: Cells and lines read at most: a table of a thousand rows is a data dump, read that far.
_MAX_ROWS = 2000
_MAX_CELL = 512


def table_findings(text: str, detectors: tuple[Detector, ...]) -> list[Finding]:
    """The credentials in ``text``'s Markdown tables whose name is in another cell, at their
    cells' offsets, earliest first."""
    if "|" not in text or "-" not in text:
        return []
    lines: list[_Line] = []
    for header, rows, lead in _tables(text):
        names = [_name(cell) for _, cell in header]
        by_column = [bool(_SECRET_WORD.search(name)) for name in names]
        documented = bool(_DOCUMENTED.search(lead))
        for row in rows:
            pairs = [(names[i], cell) for i, cell in enumerate(row)
                     if i < len(names) and by_column[i]]
            # A flag's row (``| `--secret` | `id=…` |``) documents the flag, names no key.
            if len(row) >= 2 and _SECRET_WORD.search(row[0][1]) and \
                    not row[0][1].lstrip("`").startswith("-"):
                pairs.append((_name(row[0][1]), row[1]))
            lines.extend(_Line(name, offset, value, documented, _done_with(name))
                         for name, (offset, value) in pairs if _readable(name, value))
    if not lines:
        return []
    # One text of every cell read with its name, one line each: the detectors run once.
    read = "\n".join(f"{line.name}: {line.value}" for line in lines)
    starts = list(itertools.accumulate((len(line.name) + len(line.value) + 3 for line in lines),
                                       initial=0))
    found = []
    for finding in find(read, detectors):
        index = bisect.bisect_right(starts, finding.start) - 1
        line = lines[index]
        value_start = starts[index] + len(line.name) + 2
        if finding.start < value_start or finding.end > value_start + len(line.value):
            continue  # in the name (the table's, not the file's), or past the cell
        if line.documented and finding.kind in _CHOSEN:
            continue
        if line.done_with and _WORDS_ONLY.fullmatch(line.value):
            continue
        shift = line.offset - value_start
        start, end = finding.start + shift, finding.end + shift
        if finding.kind == "keyed-secret" and \
                feishu_id(text, line.name, line.offset, text[start:end], end):
            continue  # a Bitable base's or a Feishu document's id: the file says so (its
            # link, Bitable's name), as it does for the same under its name in prose
        found.append(Finding(finding.kind, finding.description, start, end))
    return found


class _Line(NamedTuple):
    """A cell to read with its name: ``<name>: <value>``."""

    name: str
    offset: int  # the value's offset in the text
    value: str
    documented: bool  # in a table of documented defaults
    done_with: bool  # its name says what is done with a secret (``Encrypt PDF with password``)


#: A secret's word as what something is done with (``| Encrypt PDF with password |
#: **ENCRYPT** |``, survey 25 of agent memory: a PDF skill's table of routes; ``Sign in via
#: API key``): the row names an action. A word in its next cell (in emphasis or a code span)
#: names how to take it; a value of digits or marks there is still read as the secret.
_DONE_WITH = re.compile(r"\b(?:with|without|by|using|via)[ \t]+(?:(?:a|an|the|your|its)[ \t]+)?\Z",
                        re.IGNORECASE)
_WORDS_ONLY = re.compile(r"[*_`]{0,3}[A-Za-z]+(?:[ \-][A-Za-z]+){0,3}[*_`]{0,3}")


def _done_with(name: str) -> bool:
    """Whether every secret's word in a cell's name is what something is done with
    (``Encrypt PDF with password``), none the name of a value (``Gmail app password``)."""
    return all(_DONE_WITH.search(name, 0, word.start()) is not None
               for word in _SECRET_WORD.finditer(name))


def _readable(name: str, value: str) -> bool:
    if not name or not value.strip() or len(value) > _MAX_CELL or "\n" in value:
        return False
    last = re.split(r"[^A-Za-z0-9]+", name.strip("` "))[-1]
    # A value naming its key is a path to it (``models.*.apiKey``), not the key.
    return not (len(last) > 2 and last.casefold() in value.casefold())


def _name(cell: str) -> str:
    return " ".join(_NAME_MARKUP.sub("", cell).split())[:128]


Cell = tuple[int, str]  # (offset in the text, the cell as written, trimmed)


def _tables(text: str) -> Iterator[tuple[list[Cell], list[list[Cell]], str]]:
    """Each table with a secret's word in it: its header cells, its rows' cells and what
    is written before it (its heading and the lines between)."""
    lines = text.split("\n")
    starts = []
    position = 0
    for line in lines:
        starts.append(position)
        position += len(line) + 1
    index = 1
    while index < len(lines):
        if "-" in lines[index] and "|" in lines[index - 1] and _DELIMITER.match(lines[index]):
            header = _cells(lines[index - 1], starts[index - 1])
            end = index + 1
            while end < len(lines) and end - index <= _MAX_ROWS and "|" in lines[end] \
                    and lines[end].strip():
                end += 1
            block = "\n".join(lines[index - 1:end])
            if header and _SECRET_WORD.search(block):
                yield (header, [_cells(lines[i], starts[i]) for i in range(index + 1, end)],
                       _lead(lines, index - 1))
            index = end + 1
            continue
        index += 1


def _cells(line: str, offset: int) -> list[Cell]:
    """A row's cells as (offset, trimmed text); a ``\\|`` escape is no separator, nor a pipe
    in a code span."""
    cells: list[Cell] = []
    stripped = line.rstrip()
    lead = len(stripped) - len(stripped.lstrip())
    begin = lead + 1 if stripped[lead:lead + 1] == "|" else lead
    finish = len(stripped) - 1 if stripped.endswith("|") and not stripped.endswith("\\|") \
        else len(stripped)
    in_code = False
    start = position = begin
    while position < finish:
        char = stripped[position]
        if char == "`":
            in_code = not in_code
        elif char == "\\":
            position += 1  # the escaped character is no separator
        elif char == "|" and not in_code:
            cells.append(_cell(stripped, start, position, offset))
            start = position + 1
        position += 1
    cells.append(_cell(stripped, start, finish, offset))
    return cells


def _cell(line: str, start: int, end: int, offset: int) -> Cell:
    raw = line[start:end]
    return offset + start + len(raw) - len(raw.lstrip()), raw.strip()


def _lead(lines: list[str], header: int) -> str:
    """The lines before a table's header up to its heading (at most eight), the heading too."""
    lead = []
    for line in reversed(lines[max(0, header - 8):header]):
        lead.append(line)
        if line.lstrip().startswith("#"):
            break
    return "\n".join(lead)
