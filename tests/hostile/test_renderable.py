"""Markdown that no engine reads in bounded time is shown as text on the site; Markdown that
closes what it opens, however large, is rendered as usual."""

from __future__ import annotations

import time

import pytest

from continuity.generator.renderable import unrenderable
from tests.support.common import SITE_SRC

MB = 1_000_000


@pytest.mark.parametrize("text", [
    "[" * (2 * MB),  # Python-Markdown: hours
    "![](" * (MB // 2),
    "<a " * (MB // 3),
    "\\" * (2 * MB),
    "<div>" * (MB // 5),  # the sanitiser, quadratic in open elements
    "\n".join("    " * level + "1. x" for level in range(400)),  # RecursionError
    "> " * 100 + "quoted",
], ids=["brackets", "images", "tags", "backslashes", "open-divs", "nested-lists", "quotes"])
def test_what_engines_choke_on_is_found_fast(text: str):
    started = time.thread_time()  # CPU of this thread: a loaded machine's wall clock is not the work
    assert unrenderable(text) is not None
    assert time.thread_time() - started < 1


@pytest.mark.parametrize("text", [
    "| a | b |\n|---|---|\n" + "| [x](y.md) | <b>z</b> `[` |\n" * 20_000,
    "-" * 500 + "\n\n" + "* * *\n" + "=" * 80,
    "```\n" + "[" * 100_000 + "\n```\n",
    "\n".join("  " * level + "- x" for level in range(20)),
    # One paragraph each: 2,000 links in one paragraph take Python-Markdown 3.11.4 40 s.
    "C:\\Users\\wren\\notes and a [link](a.md)\n\n" * 2000,
], ids=["big-table", "rules", "fenced-code", "nested-20", "paths"])
def test_well_formed_markdown_is_rendered(text: str):
    assert unrenderable(text) is None


def test_no_file_of_the_example_tree_is_shown_as_text():
    flagged = {path.relative_to(SITE_SRC).as_posix(): unrenderable(path.read_text("utf-8"))
               for path in SITE_SRC.rglob("*.md")}
    assert {path: why for path, why in flagged.items() if why} == {}
