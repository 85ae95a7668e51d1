"""The needle index finds exactly the needles a test of each with ``in`` finds."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from continuity.formats.secrets import CREDENTIALS, PERSONAL, SENSITIVE, find, needle_index

NEEDLES = sorted({needle for d in SENSITIVE for needle in d.needles})


def naive(text: str) -> set[str]:
    lowered = text.lower()
    return {needle for d in SENSITIVE for needle in d.needles
            if needle in (text if d.exact_needles else lowered)}


# Text made of pieces of needles, so that overlapping and nested needles are common.
pieces = st.lists(st.one_of(st.sampled_from(NEEDLES), st.sampled_from(["", " ", "x", "SK", "İ",
                                                                       "\udc80", "A", "_"]),
                            st.text(max_size=4)), max_size=12).map("".join)


@settings(max_examples=400, deadline=None)
@given(pieces)
def test_the_index_finds_every_needle_present(text: str) -> None:
    assert needle_index(SENSITIVE).present(text) == naive(text)


def test_overlapping_and_nested_needles_are_all_found() -> None:
    # "private key" holds "private"; "glpat-" and "pat" overlap; "SK" is matched as written.
    text = "a PRIVATE KEY and github_pat_ and SKab"
    assert naive(text) <= needle_index(SENSITIVE).present(text)
    assert {"private", "private key", "github_pat_", "SK"} <= needle_index(SENSITIVE).present(text)
    assert "SK" not in needle_index(SENSITIVE).present(text.replace("SK", "sk"))


def test_each_table_has_its_own_index() -> None:
    assert needle_index(CREDENTIALS) is needle_index(CREDENTIALS)
    assert needle_index(CREDENTIALS) is not needle_index(PERSONAL)
    assert needle_index(PERSONAL).present("mail me@example.org") == {"@"}
    # A table made on the fly is indexed too, and what it finds is that table's.
    token = "ghp_" + "a" * 36
    kinds = [f.kind for f in find(f"x {token} y", CREDENTIALS)]
    assert kinds and [f.kind for f in find(f"x {token} y", CREDENTIALS[:40] + CREDENTIALS[40:])] \
        == kinds


def reference_find(text: str) -> list[tuple[str, int, int]]:
    """What find gave before the index: every detector whose needle is in the text, in the
    table's order, overlaps removed the same way."""
    present = naive(text)
    found = []
    for detector in SENSITIVE:
        if detector.needles and present.isdisjoint(detector.needles):
            continue
        found.extend((detector.kind, start, end) for start, end in detector.spans(text))
    found.sort(key=lambda f: (f[1], -(f[2] - f[1])))
    kept: list[tuple[str, int, int]] = []
    for finding in found:
        if kept and finding[1] < kept[-1][2]:
            continue
        kept.append(finding)
    return kept


TOKENS = ["ghp_" + "a1" * 18, "AKIA" + "ABCDEFGHIJKLMNOP", "password: hunter22", "me@example.org",
          "xoxb-" + "1" * 12 + "-" + "2" * 12 + "-" + "a" * 24, "/home/wren/", "4111 1111 1111 1111",
          "Bearer " + "z" * 30, "SK" + "0" * 32, "sk-" + "A" * 48]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(TOKENS), pieces), max_size=8).map(" ".join))
def test_find_gives_what_every_detector_with_a_needle_present_gives(text: str) -> None:
    assert [(f.kind, f.start, f.end) for f in find(text, SENSITIVE)] == reference_find(text)


def test_a_short_text_is_redacted_without_hashing_the_detector_table(monkeypatch) -> None:
    """Short values (titles, subjects, messages) are remembered by their text: a cache key
    holding the table hashed every detector, compiled pattern and all, at each lookup (9.9
    million hashes in one build of an entry with 12,000 dead links)."""
    from continuity.formats.secrets import Detector
    from continuity.formats.seen_redaction import redact_seen

    hashed: list[object] = []
    original = Detector.__hash__
    monkeypatch.setattr(Detector, "__hash__", lambda self: hashed.append(self) or original(self))
    text = "A subject no other test writes: the tide tables of 2026-12-07."
    assert redact_seen(text) == text
    assert redact_seen(text) == text  # the second time from the cache
    assert redact_seen("token ghp_" + "Ab1" * 12) == "token [redacted:github-token]"
    assert len(hashed) < len(CREDENTIALS)  # the key hashed them all, twice, per lookup
