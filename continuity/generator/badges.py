"""Badges: an entry's status or a ledger cycle's result as a small coloured label.

The word is the tree's own text, escaped by the caller; only its tone (the class) is chosen
here, from a fixed list, so no value from the tree ever names a class. A word the list does not
know gets the neutral tone: ``status: in-review`` is shown, plainly.
"""

from __future__ import annotations

#: Words and the tone they take (lower-case, as written in frontmatter and ledgers).
TONES: dict[str, str] = {
    **dict.fromkeys(("done", "complete", "completed", "accepted", "approved", "merged",
                     "improved", "harvested", "pass", "passed", "resolved", "reviewed",
                     "shipped", "exempt", "active", "current", "green", "ok"), "good"),
    **dict.fromkeys(("rejected", "failed", "fail", "regressed", "blocked", "abandoned",
                     "incomplete", "error", "quarantined", "reverted", "absent", "red"), "bad"),
    **dict.fromkeys(("open", "proposed", "draft", "pending", "todo", "in-progress",
                     "in progress", "wip", "planned", "review", "partial", "amber", "yellow"),
                    "open"),
    **dict.fromkeys(("superseded", "deprecated", "archived", "withdrawn", "deferred"),
                    "old"),
}


def tone(word: str) -> str:
    """``good``, ``bad``, ``open``, ``old`` or ``neutral`` (unchanged, idle, unknown words)."""
    return TONES.get(word.strip().lower(), "neutral")


def badge(shown: str, word: str) -> str:
    """``shown`` (HTML or Markdown text, escaped already) in a badge of ``word``'s tone: raw
    inline HTML that Python-Markdown keeps, with the text inside still read as Markdown."""
    return f'<span class="continuity-badge continuity-badge-{tone(word)}">{shown}</span>'
