"""Every detector and parser that reads text from the tree finishes in linear time: each is
timed on adversarial inputs of 300 kB (runs and alternations of the characters its patterns act on,
each detector's own prefixes repeated, and the shapes that once hung), with a generous bound
so that CI never flakes; then the exact cases of issue 14 (case 13) run through real `check`
and `mkdocs build` processes under the harness's timeout.

A quadratic pattern takes minutes on a megabyte, and a tenth of that on 300 kB; a linear one
takes milliseconds. The bound (3 s for one parser on one input of 300 kB, in CPU time; 300 kB
of newlines is 300,000 JSON Lines, which takes half a second honestly) sits between the two
by an order of magnitude at least. (Inputs of a megabyte, with a 10 s bound, cost the suite
about three minutes of CPU, against the five minutes the whole suite may take.)
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from continuity.config import ConfigError, parse_size
from continuity.formats import facts, frontmatter, jsonl, timestamps
from continuity.formats.markdown import (
    is_table_separator,
    normalise_heading,
    parse_mesh_declaration,
    split_row,
)
from continuity.formats.secrets import CREDENTIALS, PERSONAL, Detector, find
from continuity.generator.mdtext import prose as report_inline  # the report's escaper
from continuity.generator.renderable import unrenderable
from continuity.generator.safety import clean_html, neutralise_markdown
from continuity.model.tree import Document
from continuity.validators.rules.publish import _raw_html
from tests.support.common import GitRepo, minimal_tree, write_files
from tests.support.site_support import write_mkdocs_yml

from .conftest import run_command, run_mkdocs

SIZE = 300_000
BOUND = 3.0  # seconds of CPU, for one parser (or the whole detector table) on one input

#: The characters the patterns act on (quantified classes, anchors, delimiters).
CHARACTERS = list(" \t#a1.-_:=@<>![]()*|`{}'\"/\\~%+;,?&$^") + ["\n", "ab", "Q~", "\u00e9"]
#: Alternations that feed overlapping quantifiers (a space and a marker, a dot and a letter).
PAIRS = ["# ", " #", "a.", "a@", "<!---->", "- ", "* ", "**", "[ ", "| ", ":-", "--",
         "{{", "}}", "! ", ".!", "a ", "1 ", "1-", "= ", ": ", "\t#", "``", "~~", "a:"]
#: Shapes that hung before (issue 14, case 13), and their near relations.
SHAPES = {
    "comments": "<!---->" * (SIZE // 7) + "x",
    "heading-tail": "# a" + " #" * (SIZE // 2) + "x",
    "email-run": "a." * (SIZE // 2) + "@",
    "unclosed-fence": "```\n" + "[" * SIZE,
    "table-spaces": "|--" + " " * SIZE + "x",
    "placeholder-spaces": "{{" + " " * SIZE,
    "sentence-bangs": "A" + "!" * SIZE + "x",
    "speaker-spaces": "user" + " " * SIZE + "x",
    "long-word-end": "a" * SIZE + " b. C",
    "tags-in-one-paragraph": "<b>x</b> " * (SIZE // 9),  # CT604 placed each in O(paragraph)
}


def inputs() -> Iterator[tuple[str, str]]:
    for unit in CHARACTERS + PAIRS:
        text = (unit * (SIZE // len(unit) + 1))[:SIZE]
        yield f"run {unit!r}", text
        yield f"run {unit!r} then x", text[:-1] + "x"
    for unit in ("a", " ", "#", "-"):
        yield f"lines of {unit!r}", ((unit * 200 + "\n") * (SIZE // 201))
    yield from SHAPES.items()


def needle_inputs(detector: Detector) -> Iterator[tuple[str, str]]:
    """A detector's own prefixes repeated, and followed by 300 kB its classes accept."""
    for needle in detector.needles or ("",):
        for filler in ("a", "A", "1", "-", ".", " ", "="):
            unit = needle + filler
            yield f"{needle!r}+{filler!r}", (unit * (SIZE // len(unit) + 1))[:SIZE]
        yield f"{needle!r} then a run", needle + "a1" * (SIZE // 2)
        yield f"{needle.upper()!r} repeated", (needle.upper() or "9") * (SIZE // max(1, len(needle)))


def _document(text: str) -> None:
    document = Document.parse(text)
    parse_mesh_declaration(document.body)
    for section in document.body.sections:
        document.body.table_rows(section)
        normalise_heading(section.title)
    list(_raw_html(document))


def _lines(text: str) -> None:
    for line in text.split("\n")[:50]:
        is_table_separator(line)
        split_row(line)
        timestamps.parse_date_value(line)


def _size(text: str) -> None:
    try:
        parse_size("max_file_size", text, "test")
    except ConfigError:
        pass


PARSERS: dict[str, Callable[[str], object]] = {
    "frontmatter": lambda text: frontmatter.parse("---\n" + text + "\n---\n"),
    "markdown+CT604": _document,
    "frontmatter-and-body": lambda text: Document.parse("---\ntitle: x\n---\n" + text),
    "jsonl": lambda text: jsonl.parse_bytes(text.encode("utf-8")),
    "lines (tables, dates)": _lines,
    "dates": lambda text: timestamps.parse_date_value(text),
    "sentences": facts.sentences,
    "transcript": facts.transcript_reason,
    "code-obvious": facts.code_obvious_reason,
    "renderable": unrenderable,
    "size": _size,
    "report inline": report_inline,
    "generate's Markdown neutraliser": neutralise_markdown,
    # The site sanitiser on the page such text becomes: a paragraph with the text escaped,
    # and the text in an attribute.
    "site sanitiser (text)": lambda text: clean_html("<p>" + html.escape(text) + "</p>"),
    "site sanitiser (attribute)": lambda text: clean_html(
        '<p><a title="' + html.escape(text) + '">x</a></p>'),
}


def _timed(call: Callable[[str], object], text: str) -> float:
    """The CPU time the call takes (this thread's): the work done, whatever else the machine
    runs beside the suite (wall time on a loaded CI machine or under pytest-xdist is not)."""
    started = time.thread_time()
    call(text)
    return time.thread_time() - started


@pytest.mark.parametrize("parser", sorted(PARSERS))
def test_each_parser_is_linear_on_adversarial_megabytes(parser: str):
    call = PARSERS[parser]
    slow = {name: round(seconds, 2) for name, text in inputs()
            if (seconds := _timed(call, text)) > BOUND}
    assert slow == {}, f"{parser}: over {BOUND} s on {slow}"


def test_the_detector_table_is_linear_on_adversarial_megabytes():
    table = CREDENTIALS + PERSONAL
    slow = {name: round(seconds, 2) for name, text in inputs()
            if (seconds := _timed(lambda t: find(t, table), text)) > BOUND}
    assert slow == {}, f"over {BOUND} s on {slow}"


@pytest.mark.parametrize("detector", CREDENTIALS + PERSONAL, ids=lambda d: d.kind)
def test_each_detector_is_linear_on_its_own_prefixes(detector: Detector):
    slow = {name: round(seconds, 2) for name, text in needle_inputs(detector)
            if (seconds := _timed(lambda t: find(t, (detector,)), text)) > BOUND}
    assert slow == {}, f"{detector.kind}: over {BOUND} s on {slow}"


def test_the_cases_that_hung_check_and_build_now_finish(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    root = repo.path / "memory"
    entry = minimal_tree()["journal/2026-01-02-turn-1.md"]
    write_files(root, {
        **minimal_tree(),
        "journal/2026-01-03-turn-2.md": entry.replace("turn: 1", "turn: 2").replace(
            "2026-01-02", "2026-01-03") + "\n" + "<!---->" * 40 + "x\n",
        "journal/2026-01-04-turn-3.md": entry.replace("turn: 1", "turn: 3").replace(
            "2026-01-02", "2026-01-04") + "\n## " + "a" * 300_000 + " #\n",
        "journal/2026-01-05-turn-4.md": entry.replace("turn: 1", "turn: 4").replace(
            "2026-01-02", "2026-01-05") + "\n" + "a." * 200_000 + "@\n",
        "journal/2026-01-06-turn-5.md": entry.replace("turn: 1", "turn: 5").replace(
            "2026-01-02", "2026-01-06") + "\n```\n" + "[" * 40_000 + "\n",
    })
    write_mkdocs_yml(repo.path, options={"root": "memory"})
    repo.commit("the cases")
    checked = run_command("check", "--no-git", cwd=root)
    assert checked.seconds < 30, checked.seconds
    built = run_mkdocs("build", cwd=repo.path)
    assert built.seconds < 50, built.seconds
