"""Pieces of a page the search index leaves out (``Page.unsearched``), set aside while the
search plugin (MkDocs' or Material's) parses the page and put back after it.

Each piece is replaced by an HTML comment, which the search plugins' parsers skip, so the
index holds an entry's text, not its navigation, and has less HTML to parse. A piece the
sanitiser changed is not found, and stays indexed: nothing is ever lost from the page.
"""

from __future__ import annotations

from collections.abc import Sequence


def _mark(number: int) -> str:
    return f"<!--continuity-unsearched-{number}-->"


class SearchAside:
    """What was set aside from the page being indexed (one page at a time)."""

    def __init__(self) -> None:
        self._pieces: list[str] = []

    def set_aside(self, content: str, pieces: Sequence[str]) -> str:
        self._pieces = []
        for number, piece in enumerate(pieces):
            if piece and piece in content and _mark(number) not in content:
                content = content.replace(piece, _mark(number))  # a pager is there twice
                self._pieces.append(piece)
            else:
                self._pieces.append("")
        return content

    def put_back(self, content: str) -> str:
        for number, piece in enumerate(self._pieces):
            if piece:
                content = content.replace(_mark(number), piece)
        self._pieces = []
        return content
