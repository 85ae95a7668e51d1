"""No text from the tree can forge output (issue 14, case 16): one escaping function
(``continuity.output.printable``, and ``one_line`` over it) stands between the tree and every
line-oriented output, so escape sequences and bidirectional controls reach neither a terminal
nor the GitHub Actions log; and a plugin hook that breaks says so in one line (case 15).
"""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mkdocs.exceptions import PluginError

from continuity.output import one_line, printable
from continuity.plugin import ContinuityPlugin, _guarded
from tests.support.common import minimal_tree, write_files

from .conftest import run_command

#: What forges a line: ESC sequences (colours, cursor moves, OSC 8 links), bidi overrides
#: and isolates, C1 controls, line separators, a zero-width space.
FORGERS = ["\x1b[31m", "\x1b]8;;https://x.invalid\x07", "\u202e", "\u2066", "\u200f",
           "\x9b", "\u2028", "\u200b", "\x08", "\x7f"]
ENTRY = minimal_tree()["journal/2026-01-02-turn-1.md"]


@pytest.fixture
def forged(tmp_path: Path) -> Path:
    root = tmp_path / "memory"
    tree = minimal_tree()
    # A misnamed entry (CT101 prints its name) and a bad value (CT204 prints it).
    name = "journal/evil" + "".join(FORGERS) + "gnp.md"
    tree[name] = ENTRY
    # YAML refuses C0 controls itself (CT201); what it accepts, bidi controls, reach CT204.
    tree["journal/2026-01-02-turn-1.md"] = ENTRY.replace("turn: 1", "turn: x\u202e\u2066\u200f")
    write_files(root, tree)
    return root


@pytest.mark.parametrize("fmt", ["text", "github"])
def test_no_escape_or_bidi_control_reaches_the_output(forged: Path, fmt: str, tmp_path: Path):
    summary = tmp_path / "summary.md"
    done = run_command("check", "--no-git", "--output-format", fmt, cwd=forged,
                       env={"GITHUB_STEP_SUMMARY": str(summary)}, codes=(1,))
    assert "evil" in done.out and "CT204" in done.out
    for text in (done.out, done.err, summary.read_text("utf-8") if fmt == "github" else ""):
        for character in "\x1b\x07\u202e\u2066\u200f\x9b\u2028\u200b\x08\x7f":
            assert character not in text, (fmt, repr(character))
    assert "\\x1b" in done.out and "\\u202e" in done.out  # shown, as escapes


def test_structured_formats_keep_the_value_as_json_escapes(forged: Path):
    done = run_command("check", "--no-git", "--output-format", "json", cwd=forged, codes=(1,))
    assert "\x1b" not in done.out  # JSON escapes controls itself
    assert json.loads(done.out)["diagnostics"]


TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=200)


@settings(derandomize=True, deadline=None, max_examples=300)
@given(TEXT)
def test_printable_leaves_no_control_or_bidi_character(text: str):
    for shown in (printable(text), one_line(text)):
        for character in shown:
            category = unicodedata.category(character)
            assert category not in ("Cc",) or character in "\t\n\r", repr(character)
            assert category != "Cf" or character not in "\u202a\u202b\u202c\u202d\u202e"
            assert character not in "\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u2028\u2029"
    assert "\n" not in one_line(text) and "\r" not in one_line(text)


def test_a_hook_that_breaks_is_one_plugin_error_naming_the_root():
    plugin = ContinuityPlugin()

    @_guarded
    def broken(_self, _html: str) -> str:
        raise OverflowError("date value out of range")

    with pytest.raises(PluginError) as raised:
        broken(plugin, "<p>")
    assert "internal error in broken: OverflowError" in str(raised.value)
    assert "\n" not in str(raised.value)
