"""The load window: which lines of a file (or a chain of files) a loader reads, as plain data."""

from __future__ import annotations

from continuity.model.load_window import Budget, chain_window, load_window

CLAUDE = Budget("Claude Code", lines=200, bytes=25 * 1024)


def test_memory_md_past_200_lines_names_the_lines_not_loaded():
    text = "".join(f"- topic {n}\n" for n in range(1, 213))
    window = load_window(text, CLAUDE)
    assert (window.first_outside, window.total_lines, window.cut_by) == (201, 212, "lines")
    assert window.describe("MEMORY.md", CLAUDE).startswith(
        "MEMORY.md has 212 lines: lines 201–212 are past what Claude Code loads")


def test_within_the_budget_nothing_is_outside():
    assert load_window("a\n" * 200, CLAUDE).loaded
    assert load_window("x" * 100, Budget("Windsurf", chars=100)).loaded


def test_bytes_cut_inside_a_line_counts_that_line_outside():
    text = "a" * 20 + "\n" + "é" * 10 + "\n"  # the second line is 21 bytes
    window = load_window(text, Budget("Codex", bytes=30))
    assert (window.first_outside, window.cut_by) == (2, "bytes")


def test_a_chain_cuts_where_it_crosses_and_drops_what_follows():
    parts = [("AGENTS.md", "x" * 30 + "\n"), ("a/AGENTS.md", "y\n" * 10),
             ("a/b/AGENTS.md", "z\n")]
    found = chain_window(parts, Budget("Codex", bytes=40))
    assert found[0].window.loaded
    assert found[1].window.first_outside == 5 and not found[1].dropped
    assert found[2].dropped
