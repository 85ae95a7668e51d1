"""Pieces of a page the search index reads in another form (``Page.searched_as``), swapped
while the search plugin (MkDocs' or Material's) parses the page and put back after it.

Each piece is replaced by its stand-in between two HTML comments, which the search plugins'
parsers skip: nothing for an entry's navigation, so the index holds an entry's text and not
the links every entry has; one paragraph for its frontmatter table, the same words in far
fewer tags to parse. Whatever stands between the two marks afterwards, the piece comes back.
A piece not found as it was made (another plugin changed the page first) stays where it is,
and is indexed: nothing is ever lost from the page.
"""

from __future__ import annotations

import re
from collections.abc import Sequence


def _mark(number: int) -> str:
    return f"<!--continuity-searched-as-{number}-->"


class SearchAside:
    """What was swapped in the page being indexed (one page at a time)."""

    def __init__(self) -> None:
        self._pieces: list[str] = []

    def set_aside(self, content: str, pieces: Sequence[tuple[str, str]]) -> str:
        """``content`` with each (piece, stand-in) swapped, every time the piece occurs (an
        index page's pager is there twice)."""
        self._pieces = []
        for number, (piece, stand_in) in enumerate(pieces):
            mark = _mark(number)
            if piece and piece in content and mark not in content:
                content = content.replace(piece, f"{mark}{stand_in}{mark}")
                self._pieces.append(piece)
            else:
                self._pieces.append("")
        return content

    def put_back(self, content: str) -> str:
        for number, piece in enumerate(self._pieces):
            if piece:
                content = _restored(content, _mark(number), piece)
        self._pieces = []
        return content


def _restored(content: str, mark: str, piece: str) -> str:
    """Each span from ``mark`` to the next ``mark`` replaced by ``piece`` (a lone mark stays)."""
    span = re.compile(re.escape(mark) + ".*?" + re.escape(mark), re.S)
    return span.sub(lambda _: piece, content)
