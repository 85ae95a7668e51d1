"""Badges: the tone comes from a fixed list of words, any other word is shown plainly."""

from __future__ import annotations

from continuity.generator import badges


def test_tones_of_statuses_and_results():
    assert [badges.tone(w) for w in ("improved", "Accepted ", "regressed", "proposed",
                                     "superseded", "unchanged", "in-review")] == \
        ["good", "good", "bad", "open", "old", "neutral", "neutral"]


def test_a_badge_keeps_the_text_it_is_given_and_names_only_its_tone():
    made = badges.badge("&lt;b&gt;", "<b>")
    assert made == '<span class="continuity-badge continuity-badge-neutral">&lt;b&gt;</span>'
