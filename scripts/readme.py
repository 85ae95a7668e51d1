"""Regenerate the README's generated tables: ``python scripts/readme.py``.

The rule table comes from the rule registry (``continuity rules --format markdown``), the
options table from the option table (``continuity.config.OPTIONS``). A maintenance script,
not part of the installed package; ``tests/commands/test_readme.py`` holds the README to both.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
README = REPO / "README.md"
sys.path.insert(0, str(REPO))

from continuity.commands.rules import markdown_table  # noqa: E402
from continuity.config import options_markdown  # noqa: E402

#: Marker name -> the function that writes what goes between its start and end markers.
TABLES = {"rules": markdown_table, "options": options_markdown}


def update(path: Path = README) -> bool:
    text = path.read_text("utf-8")
    new = text
    for name, table in TABLES.items():
        new = re.sub(rf"(<!-- {name}:start -->\n).*?(<!-- {name}:end -->)",
                     lambda m, table=table: m.group(1) + table() + m.group(2), new, flags=re.S)
    if new != text:
        path.write_text(new, "utf-8")
    return new != text


if __name__ == "__main__":
    print("README.md updated" if update() else "README.md already up to date")
