"""Pieces swapped for the search parse come back exactly; a page that already holds the
mark (its own comment) keeps its piece in place."""

from __future__ import annotations

from continuity.preview.search_aside import SearchAside


def test_pieces_come_back_where_they_were_every_time() -> None:
    aside = SearchAside()
    page = "<p>text</p><nav>P</nav><ul>L</ul><nav>P</nav><table>T</table>"
    searched = aside.set_aside(page, [("<ul>L</ul>", ""), ("<nav>P</nav>", ""),
                                      ("<b>absent</b>", ""), ("<table>T</table>", "<p>t</p>")])
    assert "<ul>" not in searched and "<nav>" not in searched and "<table>" not in searched
    assert "<p>text</p>" in searched and "<p>t</p>" in searched
    assert aside.put_back(searched) == page
    assert aside.put_back(searched) == searched  # once only: the next page starts empty


def test_the_piece_comes_back_whatever_stands_between_the_marks() -> None:
    aside = SearchAside()
    searched = aside.set_aside("<h1>A</h1><table>T</table>", [("<table>T</table>", "<p>t</p>")])
    changed = searched.replace("<p>t</p>", "<p>another plugin's change</p>")
    assert aside.put_back(changed) == "<h1>A</h1><table>T</table>"


def test_a_page_holding_the_mark_keeps_its_piece() -> None:
    aside = SearchAside()
    page = "<!--continuity-searched-as-0--><ul>L</ul>"
    assert aside.set_aside(page, [("<ul>L</ul>", "")]) == page
    assert aside.put_back(page) == page
