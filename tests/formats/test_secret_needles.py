"""The needle index finds exactly the needles a test of each with ``in`` finds."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

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
