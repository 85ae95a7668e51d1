"""Every detector and parser that reads text from the tree finishes in linear time: each is
timed on adversarial inputs (runs and alternations of the characters its patterns act on, each
detector's own prefixes repeated, and the shapes that once hung) at 25 kB and at 100 kB, and
may neither grow by more than 8x from the one to the other (linear grows 4x, quadratic 16x)
nor take over a second at 100 kB; then the exact cases of issue 14 (case 13) run through real
`check` and `mkdocs build` processes under the harness's timeout.

Growth, not only a bound: a quadratic is caught by its shape whatever its constant. nh3's
quadratic in character references (a megabyte of '&' took 20-30 s) took under 3 s at 300 kB, the
bound this file once held every input of 300 kB to; at 25 and 100 kB it grows 16x. Times under
20 ms at 100 kB are not judged by growth (the clock's noise; such a quadratic takes 2 s at a
megabyte); the small input's time is the best of two runs, and a verdict of slow is measured
again before it stands: a busy machine's stray millisecond is no failure, and a quadratic is
slow every time. Timing
300 kB inputs against a bound cost the suite 50 s of CPU; these sizes cost under half that.
"""

from __future__ import annotations

import gc
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

SMALL, LARGE = 25_000, 100_000  # characters: 4x apart
GROWTH = 8.0  # the most the time may grow from SMALL to LARGE (linear 4x, quadratic 16x)
BOUND = 1.0  # seconds of CPU at LARGE, for one parser (or the whole detector table)
FLOOR = 0.02  # seconds at LARGE under which growth is the clock's noise, not judged

#: An input made at a given size.
Make = Callable[[int], str]

#: The characters the patterns act on (quantified classes, anchors, delimiters).
CHARACTERS = list(" \t#a1.-_:=@<>![]()*|`{}'\"/\\~%+;,?&$^") + ["\n", "ab", "Q~", "\u00e9"]
#: Alternations that feed overlapping quantifiers (a space and a marker, a dot and a letter).
PAIRS = ["# ", " #", "a.", "a@", "<!---->", "- ", "* ", "**", "[ ", "| ", ":-", "--",
         "{{", "}}", "! ", ".!", "a ", "1 ", "1-", "= ", ": ", "\t#", "``", "~~", "a:"]
#: Shapes that hung before (issue 14, case 13), and their near relations.
SHAPES: dict[str, Make] = {
    "comments": lambda n: "<!---->" * (n // 7) + "x",
    "heading-tail": lambda n: "# a" + " #" * (n // 2) + "x",
    "email-run": lambda n: "a." * (n // 2) + "@",
    "unclosed-fence": lambda n: "```\n" + "[" * n,
    "table-spaces": lambda n: "|--" + " " * n + "x",
    "placeholder-spaces": lambda n: "{{" + " " * n,
    "sentence-bangs": lambda n: "A" + "!" * n + "x",
    "speaker-spaces": lambda n: "user" + " " * n + "x",
    "long-word-end": lambda n: "a" * n + " b. C",
    "tags-in-one-paragraph": lambda n: "<b>x</b> " * (n // 9),  # CT604 placed each in O(paragraph)
    # CT107's reading of a line that talks about its placeholder: spaces between the
    # placeholder and the word before or after it (four minutes at 100 kB)
    "placeholder-then-spaces": lambda n: "{{a}}" + " " * n + "x",
    "like-then-spaces": lambda n: "like" + " " * n + ":{{a}}",
    "variables-then-words": lambda n: ("variables" + " a" * 3) * (n // 15) + ":{{a}}",
    "variable-then-spaces": lambda n: "variable a" + " " * n + "b c:{{a}}",
}


def _run_of(unit: str, then: str = "") -> Make:
    """``unit`` repeated to the size (its last character ``then``, if given)."""
    def make(size: int) -> str:
        text = (unit * (size // len(unit) + 1))[:size]
        return text[:-1] + then if then else text
    return make


def inputs() -> Iterator[tuple[str, Make]]:
    for unit in CHARACTERS + PAIRS:
        yield f"run {unit!r}", _run_of(unit)
        yield f"run {unit!r} then x", _run_of(unit, "x")
    for unit in ("a", " ", "#", "-"):
        yield f"lines of {unit!r}", lambda n, u=unit: (u * 200 + "\n") * (n // 201)
    yield from SHAPES.items()


def needle_inputs(detector: Detector) -> Iterator[tuple[str, Make]]:
    """A detector's own prefixes repeated, and followed by a run its classes accept."""
    for needle in detector.needles or ("",):
        for filler in ("a", "A", "1", "-", ".", " ", "="):
            yield f"{needle!r}+{filler!r}", _run_of(needle + filler)
        yield f"{needle!r} then a run", lambda n, x=needle: x + "a1" * (n // 2)
        yield f"{needle.upper()!r} repeated", _repeated(needle.upper() or "9", len(needle))


def _repeated(unit: str, length: int) -> Make:
    return lambda size: unit * (size // max(1, length))


def _document(text: str) -> None:
    document = Document.parse(text)
    parse_mesh_declaration(document.body)
    document.body.placeholders(skip_code=True)
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
    runs beside the suite (wall time on a loaded CI machine or under pytest-xdist is not).
    The collector is held off while it runs: a collection of the whole test process's heap
    is not the call's work."""
    gc.disable()
    try:
        started = time.thread_time()
        call(text)
        return time.thread_time() - started
    finally:
        gc.enable()


def _slow(call: Callable[[str], object], make: Make) -> str | None:
    """How the call is slow on the input made at both sizes, or None when it is not. The
    small input's time is the best of two runs; a verdict of slow is measured again, and the
    best of every run at each size stands."""
    large_text = make(LARGE)
    large = _timed(call, large_text)
    if large < FLOOR:
        return None
    small_text = make(SMALL)
    small = min(_timed(call, small_text), _timed(call, small_text))
    for again in (False, True):
        if again:
            large = min(large, _timed(call, large_text))
            small = min(small, _timed(call, small_text))
        growth = large / max(small, 1e-3)
        if large <= BOUND and growth <= GROWTH:
            return None
    return f"{large:.2f} s at {LARGE // 1000} kB, {growth:.1f}x its time at {SMALL // 1000} kB"


def _slow_inputs(call: Callable[[str], object],
                 made: Iterator[tuple[str, Make]]) -> dict[str, str]:
    return {name: verdict for name, make in made if (verdict := _slow(call, make)) is not None}


@pytest.mark.parametrize("parser", sorted(PARSERS))
def test_each_parser_is_linear_on_adversarial_input(parser: str):
    slow = _slow_inputs(PARSERS[parser], inputs())
    assert slow == {}, f"{parser}: not linear on {slow}"


def test_the_detector_table_is_linear_on_adversarial_input():
    table = CREDENTIALS + PERSONAL
    slow = _slow_inputs(lambda text: find(text, table), inputs())
    assert slow == {}, f"not linear on {slow}"


@pytest.mark.parametrize("detector", CREDENTIALS + PERSONAL, ids=lambda d: d.kind)
def test_each_detector_is_linear_on_its_own_prefixes(detector: Detector):
    slow = _slow_inputs(lambda text: find(text, (detector,)), needle_inputs(detector))
    assert slow == {}, f"{detector.kind}: not linear on {slow}"


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


#: What a value judged after a detector's match may begin with: a key's prefixes, a constant's
#: ``k`` and two words, code, a reference.
VALUE_PREFIXES = ("", "k", "kAbcAbc", "sk_live_", "ghp_", "0x", "${", "Bearer ", "a@b.")
#: Runs that feed the value patterns' parts (digits, capitals, words, their mixes).
VALUE_RUNS = tuple(CHARACTERS + PAIRS) + ("1", "A", "Ab", "AAb", "Abc", "a1", "A1", "_A", "aA",
                                          "1A", "A_", "a-", "Ab1")
#: Short first, where a pattern exponential in a run is slow already and still finishes (32
#: characters, which took seconds before), then the longest value a detector takes
#: (``{20,512}``).
VALUE_LENGTHS = (32, 512)


def _value_judges() -> dict[str, Callable[[str], object]]:
    """Every pattern of the detector module, matched against a whole value and from its start,
    and the two functions that judge a value with them (which search where they search)."""
    from continuity.formats import secrets

    judges: dict[str, Callable[[str], object]] = {
        "harmless": secrets.harmless, "generated": secrets.generated}
    for name, pattern in vars(secrets).items():
        if isinstance(pattern, type(secrets._MADE_UP)):
            judges[f"{name}.fullmatch"] = pattern.fullmatch
            judges[f"{name}.match"] = pattern.match
    return judges


def test_no_value_pattern_backtracks_on_a_value():
    """A value a detector matched (at most 512 characters) is judged by many patterns
    (``harmless``, ``generated``); one whose parts can split a run many ways takes time
    exponential in the run's length (``kAbcAbc`` and 30 digits took six seconds), and no
    whole-text guard above reaches it, as the value must first follow a key's name. Each
    pattern and judge on each value of a run: well under a second, however it is made."""
    slow = {}
    values = [(prefix + run * length)[:length - 1] + "!"
              for length in VALUE_LENGTHS for prefix in VALUE_PREFIXES for run in VALUE_RUNS]
    for name, judge in _value_judges().items():
        for value in values:
            if _timed(judge, value) > 0.05 and min(_timed(judge, value) for _ in range(2)) > 0.05:
                slow[name] = value[:24]
                break
    assert slow == {}, f"slow on a value: {slow}"
