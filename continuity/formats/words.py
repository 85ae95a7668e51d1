"""Words in the right number: ``1 file``, ``2 files``."""

from __future__ import annotations


def plural(count: int, one: str, many: str | None = None) -> str:
    """The count with its noun in the right number (``many`` when adding an s is wrong)."""
    return f"{count} {one if count == 1 else (many or one + 's')}"
