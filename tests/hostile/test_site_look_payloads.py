"""What the site's look adds writes tree text as text: a diff block (``mdtext.diff_block``, the
snapshot and state-history diffs), a badge (``status``, a ledger result) and a folded trace's
summary, under every engine the differential fuzz uses; and the text shown is the text given."""

from __future__ import annotations

import html
import re

import pytest
from hypothesis import given, settings

from continuity.generator import mdtext
from continuity.generator.render import environment
from tests.hostile.test_fuzz_differential import ENGINES, PIECES, executable, hostile_markdown

FUZZ = settings(max_examples=200, deadline=None, derandomize=True, database=None)


def _as_diff(text: str) -> str:
    """``text`` as a unified diff: each line added, removed, kept or a hunk header in turn."""
    signs = ["+", "-", " ", "@@ "]
    return "\n".join(signs[i % 4] + line for i, line in enumerate(text.split("\n")))


@FUZZ
@given(hostile_markdown)
def test_a_diff_block_of_anything_runs_nothing_and_shows_the_text(text: str):
    diff = _as_diff(text)
    block = mdtext.diff_block(diff)
    for engine, render in ENGINES.items():
        rendered = render(block)
        assert executable(rendered) == [], (engine, diff, rendered)
    inner = re.sub(r"<[^>]+>", "", block)  # the block's own tags (pre, code, ins, del, span)
    assert html.unescape(inner) == diff.replace("\r\n", "\n").rstrip("\n") + "\n" or \
        not diff.strip("\n")


@pytest.mark.parametrize("value", [piece for piece in PIECES if "<" in piece or "&" in piece])
def test_badges_and_trace_summaries_keep_tree_text_as_text(value: str):
    env = environment()
    markdown_badge = env.filters["badge"](value)
    html_badge = env.filters["html_badge"](value)
    for engine, render in ENGINES.items():
        for made in (markdown_badge, f"<details><summary>{html_badge}</summary></details>"):
            assert executable(render(made)) == [], (engine, value, made)
    # the class is chosen from a fixed list, never from the text
    assert re.findall(r'class="([^"]*)"', html_badge)[0].startswith("continuity-badge ")
    assert "<" not in re.sub(r"</?span[^>]*>", "", html_badge)
