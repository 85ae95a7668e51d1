"""YAML frontmatter read as written.

PyYAML would turn ``2026-01-08`` into a date and ``yes`` into True; the protocol's values are
strings, so we compose the YAML into nodes and build plain data ourselves: scalars stay the text
that was written, every key keeps its line and column, duplicate keys are reported, and aliases
cannot expand without bound (a "billion laughs" document is an error, not a hang).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from typing import Any

import yaml

#: ``{{DATE}}`` written as a value: YAML reads it as a nested flow mapping, the protocol as text.
_PLACEHOLDER_VALUE = re.compile(r"^\{\{[^{}\n]{1,80}\}\}$")

#: libyaml's composer when PyYAML was built with it (an order of magnitude faster); node marks
#: are the same, but they carry no buffer, so source text is sliced from the YAML text itself.
_FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

#: How many nodes alias expansion may produce before the document is refused.
MAX_NODES = 10_000

#: Frontmatter made only of ``key: plain value`` lines, blank lines and comments, in characters
#: YAML reads as they are: the usual entry. Such a block is read line by line (YAML would give
#: the same strings: a plain scalar is its text, stripped), ten times faster than composing it.
_SIMPLE_TEXT = re.compile(
    "[\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd"
    "\U00010000-\U0010ffff]*")
_SIMPLE_LINE = re.compile(r"([A-Za-z_][A-Za-z0-9_.-]{0,200}):(?: +(.*))?")
#: A value is read as written unless YAML could see more in it: an indicator first (quote,
#: flow, anchor, alias, tag, block scalar, directive, reserved), ": " or " #" inside, a ":"
#: last, or a word YAML reads as null.
_SPECIAL_VALUE = re.compile(r"""^[-?:,\[\]{}#&*!|>'"%@`]|: |\s#|:$""")
_NULLS = frozenset(("", "~", "null", "Null", "NULL"))


@dataclass(frozen=True)
class Position:
    line: int  # 1-based, in the file
    column: int  # 1-based


class FrontmatterIssue(enum.Enum):
    """What is wrong with a frontmatter block: what a hint is chosen by, never the message."""

    UNCLOSED = "unclosed"  # an opening '---' with no closing fence
    NOT_YAML = "not-yaml"  # the block does not parse as YAML (or holds characters YAML refuses)
    NOT_A_MAPPING = "not-a-mapping"  # a list or a single value where `key: value` lines belong
    TOO_MANY_NODES = "too-many-nodes"  # aliases expand beyond MAX_NODES
    TOO_DEEP = "too-deep"  # lists or mappings nested deeper than the parser can follow
    NOT_TEXT = "not-text"  # an escape to a lone surrogate: no character


@dataclass(frozen=True)
class FrontmatterProblem:
    kind: FrontmatterIssue
    message: str
    line: int
    column: int


@dataclass(frozen=True)
class Frontmatter:
    """The frontmatter block of a Markdown file, if it has one."""

    present: bool
    data: dict[str, Any] = field(default_factory=dict)
    positions: dict[str, Position] = field(default_factory=dict)  # top-level key -> where
    problems: tuple[FrontmatterProblem, ...] = ()
    duplicates: tuple[tuple[str, Position], ...] = ()
    body_start_line: int = 1  # first line of the body (1-based)
    end_line: int = 0  # line of the closing fence


class _TooManyNodes(Exception):
    pass


class _NotText(Exception):
    """A scalar escapes to a lone surrogate (``"\\ud800"``): no character, and no page or
    report can be written with it in UTF-8."""

    def __init__(self, mark: Any):
        super().__init__("a lone surrogate")
        self.line = mark.line + 2 if mark is not None else 2
        self.column = mark.column + 1 if mark is not None else 1


def split(text: str) -> tuple[str | None, int, int]:
    """Return (yaml_text, closing_line, body_start_line); yaml_text is None without frontmatter.

    A block opens with ``---`` on the first line and closes with ``---`` or ``...``. An opening
    fence that never closes returns closing_line -1.
    """
    lines = text.split("\n")
    if not lines or lines[0].rstrip() != "---":
        return None, 0, 1
    for index in range(1, len(lines)):
        if lines[index].rstrip() in ("---", "..."):
            return "\n".join(lines[1:index]), index + 1, index + 2
    return "\n".join(lines[1:]), -1, 1


def parse(text: str) -> Frontmatter:
    """Parse the frontmatter of ``text`` (already decoded, newlines normalised)."""
    yaml_text, closing, body_start = split(text)
    if yaml_text is None:
        return Frontmatter(present=False)
    if closing == -1:
        return Frontmatter(
            present=True,
            problems=(FrontmatterProblem(FrontmatterIssue.UNCLOSED,
                                         "frontmatter opened with '---' is never closed", 1, 1),),
        )
    simple = _parse_simple(yaml_text, body_start, closing)
    return simple if simple is not None else _parse_yaml(yaml_text, body_start, closing)


def _parse_yaml(yaml_text: str, body_start: int, closing: int) -> Frontmatter:
    """The frontmatter composed by YAML: any YAML at all, read as written."""
    try:
        try:
            node = yaml.compose(yaml_text, Loader=_FAST_LOADER)
        except yaml.YAMLError as fast_error:
            if "nesting depth" in str(fast_error):
                raise  # libyaml's limit; the pure-Python loader would recurse to its own
            # Broken YAML is rare: compose again with the pure-Python loader, whose messages
            # are more precise (it names the character at fault).
            node = yaml.compose(yaml_text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = (mark.line + 2) if mark else 1
        column = (mark.column + 1) if mark else 1
        reason = (exc.problem or exc.context or "invalid YAML").replace(
            "'<stream end>'", "the end of the frontmatter")
        return Frontmatter(
            present=True,
            problems=(FrontmatterProblem(FrontmatterIssue.NOT_YAML,
                                          f"frontmatter is not valid YAML: {reason}", line,
                                          column),),
            body_start_line=body_start,
            end_line=closing,
        )
    except yaml.YAMLError as exc:  # reader errors (control characters) carry no mark
        return Frontmatter(
            present=True,
            problems=(FrontmatterProblem(FrontmatterIssue.NOT_YAML,
                                          f"frontmatter is not valid YAML: {exc}", 2, 1),),
            body_start_line=body_start,
            end_line=closing,
        )
    except RecursionError:  # "[[[[..." thousands deep: PyYAML's parser recurses per level
        return _too_deep(body_start, closing)
    if node is None:
        return Frontmatter(present=True, body_start_line=body_start, end_line=closing)
    if not isinstance(node, yaml.MappingNode):
        return Frontmatter(
            present=True,
            problems=(FrontmatterProblem(
                FrontmatterIssue.NOT_A_MAPPING,
                f"frontmatter is a {_node_kind(node)}, not a mapping of keys to values",
                node.start_mark.line + 2, node.start_mark.column + 1),),
            body_start_line=body_start,
            end_line=closing,
        )
    budget = [MAX_NODES]
    data: dict[str, Any] = {}
    positions: dict[str, Position] = {}
    duplicates: list[tuple[str, Position]] = []
    try:
        for key_node, value_node in node.value:
            key = _to_data(key_node, budget, yaml_text)
            key = key if isinstance(key, str) else str(key)
            where = Position(key_node.start_mark.line + 2, key_node.start_mark.column + 1)
            if key in data:
                duplicates.append((key, where))
                continue
            data[key] = _to_data(value_node, budget, yaml_text)
            positions[key] = where
    except _TooManyNodes:
        return Frontmatter(
            present=True,
            problems=(FrontmatterProblem(
                FrontmatterIssue.TOO_MANY_NODES,
                f"frontmatter aliases expand to more than {MAX_NODES} nodes", 2, 1),),
            body_start_line=body_start,
            end_line=closing,
        )
    except RecursionError:
        return _too_deep(body_start, closing)
    except _NotText as exc:
        return Frontmatter(
            present=True,
            problems=(FrontmatterProblem(
                FrontmatterIssue.NOT_TEXT,
                "frontmatter holds an escape that is no character (a lone surrogate such as "
                "\\ud800); it cannot be written as UTF-8", exc.line, exc.column),),
            body_start_line=body_start,
            end_line=closing,
        )
    return Frontmatter(
        present=True, data=data, positions=positions, duplicates=tuple(duplicates),
        body_start_line=body_start, end_line=closing,
    )


def _too_deep(body_start: int, closing: int) -> Frontmatter:
    return Frontmatter(
        present=True,
        problems=(FrontmatterProblem(FrontmatterIssue.TOO_DEEP,
                                     "frontmatter nests lists or mappings too deeply to read",
                                     2, 1),),
        body_start_line=body_start,
        end_line=closing,
    )


def _parse_simple(yaml_text: str, body_start: int, closing: int) -> Frontmatter | None:
    """The frontmatter of ``key: value`` lines without YAML, or None when YAML is needed."""
    if not _SIMPLE_TEXT.fullmatch(yaml_text):
        return None
    data: dict[str, Any] = {}
    positions: dict[str, Position] = {}
    duplicates: list[tuple[str, Position]] = []
    for index, line in enumerate(yaml_text.split("\n")):
        if not line.strip(" ") or line[0] == "#":
            continue
        match = _SIMPLE_LINE.fullmatch(line)  # an indented line (nesting, continuation): None
        if match is None:
            return None
        key, value = match.group(1), (match.group(2) or "").rstrip(" ")
        if key in _NULLS or (value and _SPECIAL_VALUE.search(value)):
            return None
        where = Position(index + 2, 1)
        if key in data:
            duplicates.append((key, where))
            continue
        data[key] = None if value in _NULLS else value
        positions[key] = where
    return Frontmatter(present=True, data=data, positions=positions, duplicates=tuple(duplicates),
                       body_start_line=body_start, end_line=closing)


def _node_kind(node: yaml.Node) -> str:
    if isinstance(node, yaml.SequenceNode):
        return "list"
    if isinstance(node, yaml.ScalarNode):
        return "single value"
    return "mapping"


def _to_data(node: yaml.Node, budget: list[int], source: str) -> Any:
    """Plain data from a node: scalars as the string written, null as None."""
    budget[0] -= 1
    if budget[0] < 0:
        raise _TooManyNodes
    if isinstance(node, yaml.ScalarNode):
        # A plain null (empty, ~, null); libyaml marks plain style "" where PyYAML has None.
        if node.tag == "tag:yaml.org,2002:null" and not node.style:
            return None
        if not node.value.isascii():
            try:
                node.value.encode("utf-8")
            except UnicodeEncodeError:
                raise _NotText(node.start_mark) from None
        return node.value
    if isinstance(node, yaml.SequenceNode):
        return [_to_data(item, budget, source) for item in node.value]
    if isinstance(node, yaml.MappingNode):
        written = _written(node, source)
        if written is not None and _PLACEHOLDER_VALUE.match(written):
            return written  # an unfilled template value, kept as the text written
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key = _to_data(key_node, budget, source)
            result[str(key)] = _to_data(value_node, budget, source)
        return result
    return None


def _written(node: yaml.Node, source: str) -> str | None:
    """The source text of a flow-style node (marks count characters of ``source``)."""
    start, end = node.start_mark, node.end_mark
    if not getattr(node, "flow_style", False) or start is None or end is None:
        return None
    return source[start.index:end.index]
