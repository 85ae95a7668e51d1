"""Regenerate the README's rule table from the registry: ``python -m continuity.readme``."""

from __future__ import annotations

import re
from pathlib import Path

from continuity.commands.rules import markdown_table

README = Path(__file__).resolve().parent.parent / "README.md"


def update(path: Path = README) -> bool:
    text = path.read_text("utf-8")
    new = re.sub(r"(<!-- rules:start -->\n).*?(<!-- rules:end -->)",
                 lambda m: m.group(1) + markdown_table() + m.group(2), text, flags=re.S)
    if new != text:
        path.write_text(new, "utf-8")
    return new != text


if __name__ == "__main__":
    print("README.md updated" if update() else "README.md already up to date")
