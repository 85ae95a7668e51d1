"""A page's cost grows linearly with its size (issue 23, item 10).

Python-Markdown is quadratic in brackets it scans over (a 4 KB run of ``[`` after an escaped
backtick took it 21 s, nested brackets 4.5 s at 4 KB and 90 s at 16 KB). The guard
(:mod:`continuity.generator.renderable`) shows such a body as text; it was bypassed by an
escaped backtick, "blank" lines of a no-break space or a form feed, and well-formed nesting.
Each family below goes through a page's whole path (directives broken, the guard, the plugin's
neutralising, Python-Markdown with Material's extensions and the sanitiser; and ``generate``'s
portable Markdown) at 4, 16 and 64 KB: time may grow by at most 10x from 4 to 16 KB (linear is
4x, quadratic 16x) and 48x from 4 to 64 KB (linear 16x, quadratic 256x; the slack is for a
shared machine's noise). Ratios, not times: the machine's speed cancels out; the smaller sizes
take the best of three runs, the largest of two.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import markdown
import pytest

from continuity.generator import mdtext
from continuity.generator.portable import break_directives, portable_markdown
from continuity.generator.renderable import unrenderable
from continuity.generator.safety import clean_html, neutralise_markdown

EXTENSIONS = ["toc", "tables", "pymdownx.superfences", "attr_list", "md_in_html", "abbr",
              "footnotes", "admonition", "def_list"]


def _plugin_page(text: str) -> str:
    text = break_directives(text)
    if unrenderable(text) is not None:
        return clean_html(markdown.markdown(mdtext.code_block(text), extensions=EXTENSIONS))
    return clean_html(markdown.markdown(neutralise_markdown(text), extensions=EXTENSIONS))


def _generated_page(text: str) -> str:
    text = break_directives(text)
    page = mdtext.code_block(text) if unrenderable(text) is not None \
        else portable_markdown(text)
    return markdown.markdown(page, extensions=EXTENSIONS)


def _fill(unit: str, size: int, joiner: str = "") -> str:
    count = max(1, size // (len(unit) + len(joiner)))
    return joiner.join([unit] * count)


def _half(opener: str, closer: str) -> Callable[[int], str]:
    return lambda size: opener * (size // (2 * len(opener))) + closer * (size // (2 * len(closer)))


FAMILIES: dict[str, Callable[[int], str]] = {
    "unclosed brackets": lambda n: "[" * n,
    "brackets after an escaped backtick": lambda n: "\\`" + "[" * (n - 3) + "`",
    "brackets between no-break-space lines": lambda n: _fill("[" * 60, n, "\n\u00a0\n"),
    "brackets between form-feed lines": lambda n: _fill("[" * 60, n, "\n\x0c\n"),
    "well-formed nesting": _half("[", "]"),
    "nested links": _half("[a", "](b)"),
    "nested parentheses": _half("(", ")"),
    "nested emphasis and links": _half("*[", "](x)*"),
    "live links in one paragraph": lambda n: _fill("[a](b.md)", n, " "),
    "tags left open": lambda n: _fill("<a ", n),
    "images": lambda n: _fill("![", n),
    "backslashes": lambda n: "\\" * n,
    "code span runs": lambda n: _fill("`` x ` [", n),
}


def _seconds(render: Callable[[str], str], text: str, runs: int) -> float:
    """The best CPU time (this thread's) of ``runs`` renders: work, not the wall clock of a
    machine shared with other tests."""
    best = float("inf")
    for _ in range(runs):
        started = time.thread_time()
        render(text)
        best = min(best, time.thread_time() - started)
    return max(best, 1e-3)  # below a millisecond, the clock's noise: counted as one


@pytest.mark.parametrize("render", [_plugin_page, _generated_page],
                         ids=["plugin", "generate"])
@pytest.mark.parametrize("family", FAMILIES)
def test_a_page_costs_linear_time_in_its_size(family: str, render: Callable[[str], str]):
    make = FAMILIES[family]
    small = _seconds(render, make(4_000), 3)
    medium = _seconds(render, make(16_000), 3)
    assert medium / small < 10, (family, small, medium)  # fails before a quadratic 64 KB
    large = _seconds(render, make(64_000), 2)
    assert large / small < 48, (family, small, medium, large)
