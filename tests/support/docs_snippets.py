"""The copy-paste snippets of docs/ci.md, found by their first line, so tests run what users copy."""

from __future__ import annotations

import re

from tests.support.common import REPO

DOCS = REPO / "docs" / "ci.md"


def snippet(first_line: str) -> str:
    """The fenced block of docs/ci.md whose first line is ``first_line``."""
    for block in re.findall(r"```(?:yaml|toml)\n(.*?)```", DOCS.read_text("utf-8"), re.S):
        if block.splitlines()[0] == first_line:
            return block
    raise AssertionError(f"docs/ci.md has no snippet starting {first_line!r}")
