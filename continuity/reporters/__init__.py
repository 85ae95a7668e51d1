"""Reporters turn a CheckResult into text; they know nothing of rules.

Each module exposes ``render(result, rules) -> str``; add a format by adding a module and a
line to FORMATS.
"""

from __future__ import annotations

from collections.abc import Callable

from continuity.validators.engine import CheckResult
from continuity.reporters import github, gitlab, json_format, junit, sarif, text

Renderer = Callable[[CheckResult], str]

FORMATS: dict[str, Renderer] = {
    "text": text.render,
    "json": json_format.render,
    "github": github.render,
    "gitlab": gitlab.render,
    "sarif": sarif.render,
    "junit": junit.render,
}
