"""Regenerate what the README and the recipes take from elsewhere: ``python scripts/readme.py``.

The rule table comes from the rule registry (``continuity rules --format markdown``), the
options table from the option table (``continuity.config.OPTIONS``). The repository's address
and the release are written once, in pyproject.toml (``[project.urls] Repository`` and
``version``): every recipe of README.md, docs/ and action.yml that names them (a GitHub Action's
``uses:``, a pre-commit ``repo:`` and ``rev:``, a pip pin) is rewritten to match. A maintenance
script, not part of the installed package; ``tests/commands/test_readme.py`` and
``tests/commands/test_publishing.py`` hold the files to both.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
README = REPO / "README.md"
sys.path.insert(0, str(REPO))

from continuity.commands.rules import markdown_table  # noqa: E402
from continuity.config import options_markdown, tomllib  # noqa: E402

#: Marker name -> the function that writes what goes between its start and end markers.
TABLES = {"rules": markdown_table, "options": options_markdown}


def project() -> tuple[str, str]:
    """(the repository's address, the version) as pyproject.toml declares them."""
    declared = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["project"]
    return declared["urls"]["Repository"].rstrip("/"), declared["version"]


def pinned(text: str) -> str:
    """``text`` with every mention of the repository and of a release made the declared ones."""
    url, version = project()
    slug = url.split("github.com/", 1)[1]
    replacements: list[tuple[str, str | Callable[[re.Match[str]], str]]] = [
        (r"https://github\.com/[\w.-]+/mkdocs-continuity(?![\w.-])", url),
        (r"(?<![\w/.-])[\w.-]+/mkdocs-continuity@v\d+(\.\d+)*", f"{slug}@v{version}"),
        (r"mkdocs-continuity==\d+(\.\d+)*", f"mkdocs-continuity=={version}"),
        (r"(rev: |--ref )v\d+(\.\d+)*", lambda m: f"{m.group(1)}v{version}"),
        (r"`v\d+\.\d+\.\d+`", f"`v{version}`"),
    ]
    for pattern, replacement in replacements:
        text = re.sub(pattern, replacement, text)
    return text


def recipe_files() -> list[Path]:
    return [README, *sorted((REPO / "docs").glob("*.md")), REPO / "action.yml"]


def update(path: Path = README) -> bool:
    text = path.read_text("utf-8")
    new = text
    for name, table in TABLES.items():
        new = re.sub(rf"(<!-- {name}:start -->\n).*?(<!-- {name}:end -->)",
                     lambda m, table=table: m.group(1) + table() + m.group(2), new, flags=re.S)
    if new != text:
        path.write_text(new, "utf-8")
    return new != text


def update_recipes() -> list[Path]:
    """Pin every recipe to the declared repository and release; the files changed."""
    changed = []
    for path in recipe_files():
        text = path.read_text("utf-8")
        new = pinned(text)
        if new != text:
            path.write_text(new, "utf-8")
            changed.append(path)
    return changed


if __name__ == "__main__":
    print("README.md updated" if update() else "README.md already up to date")
    for changed in update_recipes():
        print(f"{changed.relative_to(REPO)} updated to the declared repository and release")
