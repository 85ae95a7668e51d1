"""Property-based: a value from the tree, in each context a page puts it, stays text under
Python-Markdown and markdown-it; Markdown from the tree made portable runs nothing under either.
(Python-Markdown runs without toc here: its ids are the engine's.) Bounded: 150 examples each,
no deadline per example (the engines are slow to warm)."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

from hypothesis import given, settings
from hypothesis import strategies as st

from continuity.generator import mdtext
from continuity.generator.portable import break_directives, portable_markdown
from tests.hostile.site_markup import commonmark, python_markdown_without_toc, unsafe

FUZZ = settings(max_examples=150, deadline=None)

#: Pieces attackers combine: markup, attribute lists, schemes, entities, fences, escapes.
PIECES = ["<", ">", "&", "{", "}", ":", "`", "```", "~~~", "[", "]", "(", ")", "!", "\\", "|",
          "#", "*", "_", "\n", " ", "\t", "=", '"', "'", "/", "-", "javascript", "JaVa&#x53;cript",
          "data", "img src=x onerror=alert(1)", "script", "alert(1)", "{: onclick=alert(1) }",
          "#__config", "&lt;", "&#58;", "<!--", "-->", "--8<--", "///", "a", "x", "1."]
hostile_text = st.lists(st.sampled_from(PIECES), max_size=40).map("".join)


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, _attrs):
        self.tags.append(tag)

    def handle_data(self, data):
        self.text.append(data)


def _read(rendered: str) -> tuple[list[str], str]:
    parser = _Text()
    parser.feed(rendered)
    parser.close()
    return parser.tags, "".join(parser.text)


def _shown(value: str) -> str:
    with mdtext.redaction(False):
        return " ".join(value.split())


@FUZZ
@given(hostile_text)
def test_inline_text_is_text_in_a_paragraph_a_table_cell_and_a_heading(value: str):
    with mdtext.redaction(False):
        escaped = mdtext.inline(value)
    for render in (python_markdown_without_toc, commonmark):
        for page, frame in ((f"{escaped}\n", ["p"]),
                            (f"| a |\n|---|\n| {escaped} |\n", None),
                            (f"### {escaped}\n", ["h3"])):
            rendered = render(page)
            assert unsafe(rendered) == [], (render.__name__, page)
            tags, text = _read(rendered)
            if frame is not None and escaped:
                assert tags == frame, (render.__name__, page, rendered)
                if frame == ["p"]:
                    assert text.strip() == _shown(value).strip(), (render.__name__, rendered)


@FUZZ
@given(hostile_text)
def test_a_code_span_is_one_code_element_holding_the_value(value: str):
    with mdtext.redaction(False):
        span = mdtext.code(value)
    if not span:
        return
    for render in (python_markdown_without_toc, commonmark):
        for page in (f"x {span} y\n", f"| a |\n|---|\n| {span} |\n"):
            rendered = render(page)
            assert unsafe(rendered) == []
            tags, text = _read(rendered)
            if "code" not in tags:  # a placeholder is written as text: no code span escapes it
                assert "{{" in _shown(value) and _shown(value).strip() in text, rendered
                continue
            assert tags.count("code") == 1 and set(tags) <= {"p", "code", "table", "thead",
                                                           "tbody", "tr", "th", "td"}, rendered
            code = re.search(r"<code>(.*?)</code>", rendered, re.S).group(1)
            assert html.unescape(code).strip() == _shown(value).strip(), (page, rendered)


@FUZZ
@given(hostile_text)
def test_a_title_holds_nothing_html_reads_and_an_attribute_value_stays_one(value: str):
    title = mdtext.title_text(value)
    assert not set(title) & set("<>&\"'") and title.isprintable()
    attribute = mdtext.attribute(value)
    tags, text = _read(f'<p title="{attribute}">{attribute}</p>')
    assert tags == ["p"] and text == mdtext.raw(value)


@FUZZ
@given(hostile_text)
def test_portable_markdown_runs_nothing_under_either_engine(text: str):
    portable = portable_markdown(text)
    for render in (python_markdown_without_toc, commonmark):
        assert unsafe(render(portable), allowed_tags=ALLOWED) == [], (render.__name__, portable)


#: What Markdown itself makes: anything else in the output came from raw HTML.
ALLOWED = {"p", "h1", "h2", "h3", "h4", "h5", "h6", "a", "img", "em", "strong", "code", "pre",
           "ul", "ol", "li", "blockquote", "hr", "br", "table", "thead", "tbody", "tr", "th",
           "td", "dl", "dt", "dd", "div", "sup", "abbr"}


#: 1 MB inputs built to make a scanner go back over the text: each must take one pass. The bound
#: is a hang detector, hundreds of times what a linear pass takes, not a speed target.
ADVERSARIAL = {
    "fences never closed": "```x\n" * 200_000,
    "backtick runs never closed": "` ``" * 250_000,
    "escaped backticks": "\\`" * 500_000,
    "link openers": "](" * 500_000,
    "reference definitions": "]:\n" * 330_000,
    "dashes before a snippet marker": "-" * 1_000_000 + "8<-",
    "tags": "<" * 1_000_000,
    "braces": "{" * 1_000_000,
}


def test_portable_markdown_takes_one_pass_over_adversarial_text():
    import time

    for name, text in ADVERSARIAL.items():
        started = time.perf_counter()
        portable_markdown(break_directives(text))
        assert time.perf_counter() - started < 60, name
