"""Reporters turn a CheckResult into text; they know nothing of rules.

Each module exposes ``render(result) -> str``; add a format by adding a module and a line to
FORMATS. A format's module is imported when it is asked for (:func:`renderer`), so a check
printed as text never imports the XML of JUnit or the schemas of SARIF.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from continuity.validators.engine import CheckResult

Renderer = Callable[["CheckResult"], str]

#: Each ``--output-format`` and the module of this package that renders it.
FORMATS: dict[str, str] = {
    "text": "text",
    "json": "json_format",
    "github": "github",
    "gitlab": "gitlab",
    "sarif": "sarif",
    "junit": "junit",
    "rdjson": "rdjson",
}


def renderer(name: str) -> Renderer:
    """The ``render`` function of output format ``name`` (a key of :data:`FORMATS`)."""
    render: Renderer = importlib.import_module(f"{__name__}.{FORMATS[name]}").render
    return render
