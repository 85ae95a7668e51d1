"""Differential fuzzer for ``continuity generate`` output (issue 23, item 2).

Markdown from the tree is made portable (:func:`.portable.portable_markdown`, after the
directive breaking and the cost guard ``generate`` applies) and rendered by every engine we
name: CommonMark (markdown-it-py, raw HTML on), Python-Markdown as MkDocs ships it
(fenced_code) and as Material sites configure it (pymdownx.superfences, attr_list,
md_in_html, abbr...), and, on a small fixed batch, a real ``zensical build``. No rendering may
hold an executable construct: a tag Markdown does not make (``<script>``, ``<iframe>``,
``<object>``, ``<embed>``, ``<svg>``, ``<math>``, ``<meta>``, ``<base>``, ``<form>``...), an
event handler, a ``javascript:``/``data:``/``vbscript:`` URL as a browser reads it, or a
``title`` holding markup (a tooltip renders it as HTML).

The inputs are built from the pieces attackers combine (the issue's four breaks among them,
kept as explicit examples). Seeded and bounded: hypothesis derandomised, 400 examples per
engine set (about a minute); the Zensical batch is 40 pages in one build. A control renders
the same inputs untransformed and requires the judge to find something in them.
"""

from __future__ import annotations

import html
import random
import re
from html.parser import HTMLParser
from pathlib import Path

import markdown
import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from continuity.generator import mdtext
from continuity.generator.portable import break_directives, portable_markdown
from continuity.generator.renderable import unrenderable
from tests.support.engines import BIN, THEME, _run

#: What Markdown itself makes (with the extensions below): any other tag came from raw HTML.
MARKDOWN_TAGS = {"p", "h1", "h2", "h3", "h4", "h5", "h6", "a", "img", "em", "strong", "code",
                 "pre", "ul", "ol", "li", "blockquote", "hr", "br", "table", "thead", "tbody",
                 "tr", "th", "td", "dl", "dt", "dd", "div", "sup", "abbr", "span", "details",
                 "summary", "del", "ins", "mark", "sub", "input", "label", "section"}
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "xlink:href", "srcset", "poster",
                  "data", "background", "cite", "ping"}
TEXT_ATTRIBUTES = {"title", "alt", "aria-label"}
SAFE_SCHEMES = {"http", "https", "mailto"}
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*):")


def browser_scheme(url: str) -> str | None:
    """The scheme a browser reads: leading spaces and controls stripped, tabs and newlines
    removed anywhere (the URL standard's preprocessing); None for a relative URL."""
    text = re.sub(r"[\t\n\r]", "", url).lstrip("".join(map(chr, range(0x21))))
    match = _SCHEME.match(text)
    return match.group(1).lower() if match else None


class _Judge(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in MARKDOWN_TAGS:
            self.found.append(f"<{tag}>")
        for name, value in attrs:
            value = value or ""
            if name.startswith("on") or name in ("style", "srcdoc", "formaction", "http-equiv"):
                self.found.append(f"<{tag} {name}>")
            elif name in URL_ATTRIBUTES:
                scheme = browser_scheme(value)
                if scheme is not None and scheme not in SAFE_SCHEMES:
                    self.found.append(f"<{tag} {name}={value!r}>")
            elif name in TEXT_ATTRIBUTES and "<" in value:
                self.found.append(f"<{tag} {name}={value!r}> (markup for a tooltip)")

    handle_startendtag = handle_starttag


def executable(rendered: str) -> list[str]:
    judge = _Judge()
    judge.feed(rendered)
    judge.close()
    return judge.found


_COMMONMARK = MarkdownIt("commonmark", {"html": True}).enable("table")
_PYTHON_MARKDOWN = ["tables", "fenced_code", "attr_list", "md_in_html", "def_list",
                    "footnotes", "abbr", "admonition"]
_SUPERFENCES = ["tables", "pymdownx.superfences", "attr_list", "md_in_html", "def_list",
                "footnotes", "abbr", "admonition", "pymdownx.details", "pymdownx.tabbed",
                "pymdownx.tasklist", "pymdownx.inlinehilite", "pymdownx.magiclink",
                "pymdownx.caret", "pymdownx.mark", "pymdownx.tilde"]
ENGINES = {
    "commonmark": _COMMONMARK.render,
    "python-markdown": lambda text: markdown.markdown(text, extensions=_PYTHON_MARKDOWN),
    "superfences": lambda text: markdown.markdown(text, extensions=_SUPERFENCES),
}


def generated(text: str) -> str:
    """What ``generate`` writes for ``text`` from the tree (entry_pages.tree_markdown's
    portable branch: directives broken, the cost guard, then portable Markdown)."""
    text = break_directives(text)
    if unrenderable(text) is not None:
        return mdtext.code_block(text, "text")
    return portable_markdown(text)


def _payload(n: int) -> str:
    return f"<img src=x onerror=window.__pwned={n}>"


#: Pieces attackers combine: markup, schemes split by whitespace or entities, fences, quotes,
#: indentation, code-span runs, references, titles, abbreviations, directives.
PIECES = [
    "<", ">", "&", "{", "}", ":", "`", "``", "```", "~~~", "[", "]", "(", ")", "](", "]:", "![",
    "!", "\\", "|", "#", "*", "*[", "_", "\n", "\n\n", " ", "    ", "\t", "> ", ">", "- ", "1. ",
    "=", '"', "'", "/", "-", "---", "javascript:", "JaVa&#x53;cript:", "java\nscript:",
    "java\tscript:", "jav&#97;script&colon;", "&#x6a;avascript:", "vbscript:", "data:",
    "data:text/html,", "alert(1)", _payload(1), "<script>", "</script>", "<svg onload=x>",
    "<math>", "<iframe src=x>", "<object data=x>", "<embed src=x>", "<meta http-equiv=refresh>",
    "<base href=x>", "<form action=x>", "<a href='javascript:x'>", "{: onclick=alert(1) }",
    "&lt;", "&#60;", "&#x3c;", "&gt;", "&#58;", "<!--", "-->", "--8<--", "///", " \"t", "'t",
    " (t", "a", "x", "https://e.x/", "\u00a0", "\x0c", "\x0b", "&Tab;", "&NewLine;", "[^1]",
    "[^1]: ", "???", "!!! note", "=== \"t\"", "<", "<abbr title='", "title=",
]
hostile_markdown = st.lists(st.sampled_from(PIECES), max_size=48).map("".join)

#: The issue's breaks, and other members of their classes, always run.
KNOWN = [
    "[x](java\nscript:alert(1))",
    "[x](java\r\nscript:alert(1))",
    "> [x](java\n> script:alert(1))",
    "> quote\n```\n" + _payload(2) + "\n```\n",
    "> ```\n" + _payload(3) + "\n```\n",
    "    indented\n\t```\n" + _payload(4) + "\n\t```\n",
    "x ```y`" + _payload(5) + "` ",
    "``x ```y`" + _payload(6) + "` ``",
    "[ref]: [click](javascript:alert(7))",
    "[ref]:\n[click](javascript:alert(8))",
    '[a](https://e.x/ "' + _payload(9) + '")',
    "[a][r]\n\n[r]: https://e.x/ '" + _payload(10) + "'",
    "*[TTX]: " + _payload(11) + "\n\nTTX",
    "*[TTX]: &lt;img src=x onerror=window.__pwned=12&gt;\n\nTTX",
    "[a](<javascript:alert(13)>)",
    "[a](&#x6a;avascript:alert(14))",
    "[a](\x01javascript:alert(15))",
    "~~~\n" + _payload(16),
    "![" + _payload(19) + "](plot.png)",
    "![x [y](z) " + _payload(20) + "](plot.png)",
    "```\n" + _payload(17) + "\n````\n" + _payload(18),
]


@pytest.mark.parametrize("engine", ENGINES)
def test_the_known_breaks_run_nothing(engine: str):
    for text in KNOWN:
        rendered = ENGINES[engine](generated(text))
        assert executable(rendered) == [], (engine, text, generated(text), rendered)


FUZZ = settings(max_examples=400, deadline=None, derandomize=True, database=None)


@FUZZ
@given(hostile_markdown)
@example("x ```y`<img src=x onerror=alert(1)>` ")
@example("> a\n```\n<img src=x onerror=alert(1)>\n```")
def test_generate_output_runs_nothing_under_any_engine(text: str):
    output = generated(text)
    for engine, render in ENGINES.items():
        found = executable(render(output))
        assert found == [], (engine, text, output, found)


def test_the_judge_sees_what_the_inputs_hold_untransformed():
    """Control: the same corpus, not made portable, is executable under the engines."""
    rng = random.Random(23)
    flagged = 0
    for _ in range(200):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 48)))
        if any(executable(render(text)) for render in ENGINES.values()):
            flagged += 1
    assert flagged >= 40, flagged


ZENSICAL_BATCH = 40


def _batch() -> list[str]:
    rng = random.Random(2023)
    texts = list(KNOWN)
    while len(texts) < ZENSICAL_BATCH:
        texts.append("".join(rng.choice(PIECES) for _ in range(rng.randint(8, 48))))
    return texts


class _Article(HTMLParser):
    """The page's ``<article>`` (the content; the theme's own markup around it is trusted)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.depth = 0
        self.parts: list[str] = []

    def handle_starttag(self, tag, _attrs):
        if tag == "article" or self.depth:
            self.depth += tag == "article"
            if tag != "article":
                self.parts.append(self.get_starttag_text() or "")

    def handle_endtag(self, tag):
        if self.depth:
            if tag == "article":
                self.depth -= 1
            else:
                self.parts.append(f"</{tag}>")

    def handle_data(self, data):
        if self.depth:
            self.parts.append(html.escape(data))

    def handle_entityref(self, name):
        if self.depth:
            self.parts.append(f"&{name};")

    def handle_charref(self, name):
        if self.depth:
            self.parts.append(f"&#{name};")


def _article(page: str) -> str:
    parser = _Article()
    parser.feed(page)
    parser.close()
    return "".join(parser.parts)


def test_a_batch_of_generate_output_built_by_zensical_runs_nothing(tmp_path: Path):
    texts = _batch()
    work = tmp_path / "zensical"
    docs = work / "docs"
    docs.mkdir(parents=True)
    (docs / "index.md").write_text("# Batch\n", "utf-8")
    for number, text in enumerate(texts):
        (docs / f"case-{number}.md").write_text(f"# Case {number}\n\n{generated(text)}\n",
                                                "utf-8")
    (docs / "control.md").write_text(
        '# Control\n\n<span onclick="window.__pwned=99">a</span>\n', "utf-8")
    config = {"site_name": "Fuzz", "docs_dir": "docs", "theme": THEME}  # Zensical's defaults
    (work / "mkdocs.yml").write_text(yaml.safe_dump(config), "utf-8")
    _run([str(BIN / "zensical"), "build", "--clean"], work)
    control = _article((work / "site" / "control" / "index.html").read_text("utf-8"))
    assert executable(control), "the judge must see the control page's raw handler"
    found = {}
    for number, text in enumerate(texts):
        page = (work / "site" / f"case-{number}" / "index.html").read_text("utf-8")
        if executable(_article(page)):
            found[text] = executable(_article(page))
    assert found == {}
