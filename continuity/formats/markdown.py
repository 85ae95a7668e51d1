"""The little Markdown structure the protocol relies on: headings, tables, lists, placeholders.

Lines are scanned once; fenced code blocks are skipped so that a ``## heading`` inside an example
is not taken for a section. Every piece keeps its 1-based line number.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

# Linear by construction: the title is the rest of the line; its closing ``#``s and spaces are
# stripped by heading_title() (``(.*?)[ \t#]*$`` retried the tail from every character).
HEADING = re.compile(r"^(?P<hashes>#{1,6})[ \t]+(?P<title>.*)$")
FENCE = re.compile(r"^[ \t]{0,3}(?P<fence>`{3,}|~{3,})")
#: A template placeholder: one name in double braces, as the protocol's templates write them
#: (``{{STATUS}}``, ``{{provenance_notes}}``, ``{{ TOPIC }}``). An expression with words,
#: quotes, dots or filters (``{{ include "x.md" }}``, ``{{ user.name }}``, ``{{Raw Base URL}}``)
#: is a template engine's syntax or a reference, not a value left unfilled.
#: An inline code span (one to three backticks, on one line).
CODE_SPAN = re.compile(r"(`{1,3})[^`\n]+?\1")
PLACEHOLDER = re.compile(r"\{\{[ \t]{0,20}([A-Za-z_][A-Za-z0-9_-]{0,79})[ \t]{0,20}\}\}")
LIST_ITEM = re.compile(r"^[ \t]*(?:[-*+]|\d+[.)])[ \t]+(?P<text>.+)$")
MESH_INDEXES = re.compile(r"^\s*[-*+]\s*\*\*Indexes:?\*\*:?\s*(?P<value>.*)$", re.IGNORECASE)
BOLD_FIELD = re.compile(r"^\s*(?:[-*+]\s*)?\*\*(?P<name>[^*]+?):?\*\*:?\s*(?P<value>.*)$")


#: A fence at any indent, for a fence inside a list item ("10. Cross-reference:" then a
#: ```markdown indented four spaces, under the item's text): CommonMark opens it where the
#: item's content begins, or up to three spaces further in.
_NESTED_FENCE = re.compile(r"^[ \t]+(?P<fence>`{3,}|~{3,})")
#: A list item's marker and the spaces after it: its content begins after them.
_ITEM_START = re.compile(r"^([ \t]*)([-*+]|\d{1,9}[.)])([ \t]+)\S")


#: Lists nested deeper than this open no more items (their fences read as before): the columns
#: of the open items are scanned for each indented fence, and a hostile file could nest
#: thousands.
_DEEPEST_LIST = 16


def _indent(line: str) -> int:
    """The columns of a line's leading blanks (a tab to the next multiple of four)."""
    column = 0
    for character in line:
        if character == " ":
            column += 1
        elif character == "\t":
            column += 4 - column % 4
        else:
            break
    return column


def _open_items(items: list[int], line: str) -> None:
    """Keep ``items`` (the content columns of the open list items) up to date with a line
    outside code: a line less indented than an item's content ends that item; a list item
    opens one. Blank lines leave them open."""
    if not line.strip():
        return
    indent = _indent(line)
    while items and items[-1] > indent:
        items.pop()
    start = _ITEM_START.match(line)
    if start and len(items) < _DEEPEST_LIST:
        gap = len(start.group(3).expandtabs(4))
        items.append(_indent(start.group(1)) + len(start.group(2))
                     + (gap if gap <= 4 else 1))


@dataclass(frozen=True)
class Section:
    """A heading and the lines that belong to it (up to the next heading of its level or above)."""

    level: int
    title: str
    line: int  # line of the heading
    start: int  # index (0-based) of the first body line
    end: int  # index one past the last body line

    @property
    def key(self) -> str:
        return normalise_heading(self.title)


@dataclass(frozen=True)
class TableRow:
    cells: tuple[str, ...]
    line: int


@dataclass(frozen=True)
class ListItem:
    text: str
    line: int


@dataclass(frozen=True)
class Placeholder:
    text: str
    line: int
    column: int


def heading_title(match: re.Match[str]) -> str:
    """The title of a :data:`HEADING` match: closing ``#``s and spaces stripped."""
    return match.group("title").rstrip(" \t#")


_SEPARATOR_CELL = re.compile(r":?-{2,}:?")


def is_table_separator(line: str) -> bool:
    """``|---|:--:|``: the line under a table's header (a split and a match per cell; the
    one-pattern form let two ``\\s*`` share a run of spaces, quadratic in its length)."""
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|"):
        line = line[:-1]
    return all(_SEPARATOR_CELL.fullmatch(cell.strip()) for cell in line.split("|"))


_HEADING_END = " \t\n\r\f\v:—–-"


@functools.lru_cache(maxsize=4096)  # the same few headings recur in every entry
def normalise_heading(title: str) -> str:
    """Headings compare case-insensitively, ignoring trailing colons and placeholders."""
    title = PLACEHOLDER.sub("", title).strip()
    while title and (title[-1] in _HEADING_END or title[-1].isspace()):
        title = title.rstrip(_HEADING_END).rstrip()
    return " ".join(title.split()).lower()


class MarkdownDoc:
    """A parsed Markdown body. ``line_offset`` maps body lines back to file lines."""

    def __init__(self, text: str, line_offset: int = 0):
        self.lines = text.split("\n")
        self.line_offset = line_offset
        self.in_code, self.sections = self._scan(text)

    def _scan(self, text: str) -> tuple[list[bool], list[Section]]:
        """Which lines are inside fenced code, and where the headings are."""
        in_code = [False] * len(self.lines)
        if "```" in text or "~~~" in text:
            found = self._scan_lines(in_code)
        else:  # no code block: only lines that begin with "#" are looked at
            found = [(len(match.group("hashes")), heading_title(match), index)
                     for index, line in enumerate(self.lines)
                     if line[:1] == "#" and (match := HEADING.match(line))]
        return in_code, self._sections_of(found)

    def _scan_lines(self, in_code: list[bool]) -> list[tuple[int, str, int]]:
        """Line by line, fences opening and closing: (level, title, index) of each heading.

        Cheap tests come before the patterns (a fence starts within four characters, a
        heading with ``#``), as most lines are neither.
        """
        found: list[tuple[int, str, int]] = []
        fence: str | None = None
        items: list[int] = []  # the content columns of the list items still open
        container = -1  # a fence opened under a list item: the item's content column
        for index, line in enumerate(self.lines):
            head = line[:4]
            match = FENCE.match(line) if "`" in head or "~" in head else None
            if fence is not None and container >= 0 and line.strip() and \
                    _indent(line) < container:
                fence, container = None, -1  # the list item ended, and its code with it
            if fence is None:
                if not match and items and line[:1] in " \t" and \
                        (nested := _NESTED_FENCE.match(line)) and \
                        any(column <= _indent(line) <= column + 3 for column in items):
                    match, container = nested, min(
                        column for column in items if column <= _indent(line) <= column + 3)
                if match:
                    fence = match.group("fence")
                    in_code[index] = True
                    continue
                if line[:1] == "#":
                    heading = HEADING.match(line)
                    if heading:
                        found.append((len(heading.group("hashes")), heading_title(heading),
                                      index))
                _open_items(items, line)
                continue
            in_code[index] = True
            if container >= 0 and not match:
                match = _NESTED_FENCE.match(line)
            if match and match.group("fence")[0] == fence[0] and \
                    len(match.group("fence")) >= len(fence):
                fence, container = None, -1
        return found

    @functools.cached_property
    def comment_blanked(self) -> dict[int, str]:
        """Each line an HTML comment covers (outside fenced code), the comment blanked to
        spaces (same length, so columns stay right): ``<!-- Format: - [Title](file.md) -->``
        is raw HTML, no link; a comment may run over lines. Lines without one are not here."""
        blanked: dict[int, str] = {}
        if "<!--" not in "".join(self.lines):
            return blanked
        inside = False
        for index, line in enumerate(self.lines):
            if self.in_code[index] or (not inside and "<!--" not in line):
                continue
            parts, position = [], 0
            while position < len(line):
                if inside:
                    end = line.find("-->", position)
                    stop = len(line) if end < 0 else end + 3
                    parts.append(" " * (stop - position))
                    position = stop
                    inside = end < 0
                else:
                    start = line.find("<!--", position)
                    if start < 0:
                        parts.append(line[position:])
                        break
                    parts.append(line[position:start])
                    position, inside = start, True
            blanked[index] = "".join(parts)
        return blanked

    def _sections_of(self, found: list[tuple[int, str, int]]) -> list[Section]:
        """Sections from (level, title, index) headings: each ends where a heading of its
        level or above begins (the open ones are kept on a stack)."""
        ends = [len(self.lines)] * len(found)
        open_sections: list[int] = []
        for position, (level, _, index) in enumerate(found):
            while open_sections and found[open_sections[-1]][0] >= level:
                ends[open_sections.pop()] = index
            open_sections.append(position)
        return [Section(level, title, index + 1 + self.line_offset, index + 1, end)
                for (level, title, index), end in zip(found, ends)]

    def file_line(self, index: int) -> int:
        return index + 1 + self.line_offset

    def section(self, title: str, level: int | None = None) -> Section | None:
        key = normalise_heading(title)
        for section in self.sections:
            if section.key == key and (level is None or section.level == level):
                return section
        return None

    def headings(self, level: int) -> list[Section]:
        return [s for s in self.sections if s.level == level]

    def body_indices(self, section: Section, own_only: bool = False) -> range:
        """Indices of a section's lines; ``own_only`` stops at the first sub-heading."""
        end = section.end
        if own_only:
            for other in self.sections:
                if other.start - 1 > section.start - 1 and other.start - 1 < end:
                    end = other.start - 1
                    break
        return range(section.start, end)

    def table_rows(self, section: Section) -> list[TableRow]:
        """Data rows of every table in a section (header and separator rows excluded)."""
        rows: list[TableRow] = []
        block: list[int] = []
        for i in list(self.body_indices(section)) + [None]:
            is_row = i is not None and not self.in_code[i] and \
                self.lines[i].strip().startswith("|")
            if is_row and i is not None:
                block.append(i)
                continue
            if len(block) >= 2 and is_table_separator(self.lines[block[1]]):
                block = block[2:]  # header and separator
            for j in block:
                if not is_table_separator(self.lines[j]):
                    rows.append(TableRow(split_row(self.lines[j]), self.file_line(j)))
            block = []
        return rows

    def list_items(self, section: Section) -> list[ListItem]:
        items = []
        for i in self.body_indices(section):
            if self.in_code[i]:
                continue
            match = LIST_ITEM.match(self.lines[i])
            if match and not self.lines[i].startswith((" ", "\t")):
                items.append(ListItem(match.group("text").strip(), self.file_line(i)))
        return items

    def text_of(self, section: Section) -> str:
        return "\n".join(self.lines[i] for i in self.body_indices(section)).strip()

    def placeholders(self, skip_code: bool = False) -> list[Placeholder]:
        """``{{…}}`` placeholders; ``skip_code`` leaves out fenced code blocks and code spans
        (examples, quoted), and lines that talk about placeholders (:func:`_mentions`)."""
        found = []
        for index, line in enumerate(self.lines):
            if skip_code and self.in_code[index]:
                continue
            if skip_code and "`" in line:  # a code span quotes one: `{{limit}}` in prose
                line = CODE_SPAN.sub(lambda span: " " * len(span.group()), line)
            matches = list(PLACEHOLDER.finditer(line))
            if skip_code and matches and _mentions(line, matches):
                continue
            for match in matches:
                found.append(Placeholder(match.group(0), self.file_line(index), match.start() + 1))
        return found

    def bold_fields(self) -> dict[str, tuple[str, int]]:
        """``**Name:** value`` lines outside code: lower-cased name -> (value, line)."""
        fields: dict[str, tuple[str, int]] = {}
        for index, line in enumerate(self.lines):
            if self.in_code[index]:
                continue
            match = BOLD_FIELD.match(line)
            if match:
                name = match.group("name").strip().rstrip(":").strip().lower()
                fields.setdefault(name, (match.group("value").strip(), self.file_line(index)))
        return fields


#: Words that make a line talk about the placeholder they lead to or follow (``placeholders
#: like {{variable}} must stay``, ``using {{variable}} syntax``): a rule written for an agent
#: teaching a template's syntax, not a template left unfilled. A note naming them as
#: variables or placeholders, at most two words before (``dynamic variables {{session_id}}
#: and {{email}}``, ``variable mapping for {{email}}``, German ``Platzhalter {{name}}``),
#: describes a template the project fills in elsewhere; a label's colon between
#: (``Variables: {{VARS}}``) makes it a field left unfilled, still found. No two runs of
#: blanks meet without a bracket between them, so a long run of spaces is read once (it
#: took minutes). Chinese, Japanese and Korean write the word with no space and no word
#: boundary around it: ``（{{param}} 模板）``, a Kiro steering file naming its project's
#: template syntax ("{{param}} templates"), ``占位符{{name}}``. Named as the subject, a
#: placeholder followed by "token" or "variable" is what a note is about (set 54: an agent's
#: memory of a scaffolder, "**{{baseDir}} token is selective, not blanket**").
_CJK_BEFORE = "占位符|变量|變數|変数|プレースホルダー?|플레이스홀더|변수"
_CJK_AFTER = "模板|模版|语法|語法|占位符|变量|變數|変数|テンプレート|構文|プレースホルダー?|템플릿|구문|변수"
_MENTION_BEFORE = re.compile(r"(?:\blike|\bsuch as|\be\.g\.,?"
                             r"|\b(?:placeholders?|variables?|platzhalter|variablen)"
                             rf"(?:[ \t]+[^\s:{{}}]+){{0,2}}|(?:{_CJK_BEFORE}))"
                             r"[ \t]*(?:\([ \t]*)?$", re.IGNORECASE)
_MENTION_AFTER = re.compile(r"[ \t]*(?:\)[ \t]*)?(?:(?:syntax|placeholders?|interpolation"
                            r"|tokens?|variables?)\b"
                            rf"|(?:{_CJK_AFTER}))", re.IGNORECASE)
#: A quoted example (ASCII, curly or CJK quotes): ``"Used: {{used}} / {{total}}"``.
_QUOTED = re.compile(r"\"[^\"\n]*\"|\u201c[^\u201d\n]*\u201d|\u300c[^\u300d\n]*\u300d")
#: A YAML key whose value is quoted (``title: "{{TITLE}}"``): a field, not an example.
_YAML_KEY = re.compile(r"[ \t]*(?:-[ \t]+)?[A-Za-z_][\w-]*:[ \t]")


def _mentions(line: str, matches: list[re.Match[str]]) -> bool:
    """Whether a line talks about its placeholders rather than leaving one to fill in: one
    follows "like", "such as" or "e.g.", or the word "variables" or "placeholders" (at most two
    words before, no colon), or comes before "syntax", "placeholder", "token" or "variable",
    or sits in a quoted example beside other text (a translation rule's ``"Used: {{used}}"``),
    outside a YAML key's value."""
    for match in matches:
        if _MENTION_BEFORE.search(line, 0, match.start()) or \
                _MENTION_AFTER.match(line, match.end()):
            return True
    if _YAML_KEY.match(line):
        return False
    for quoted in _QUOTED.finditer(line):
        inside = [m for m in matches if quoted.start() < m.start() and m.end() < quoted.end()]
        if inside and PLACEHOLDER.sub("", quoted.group()[1:-1]).strip(" \t:/-"):
            return True
    return False


def split_row(line: str) -> tuple[str, ...]:
    """Cells of a pipe table row, outer pipes removed, escaped pipes kept."""
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|") and not line.endswith("\\|"):
        line = line[:-1]
    cells = re.split(r"(?<!\\)\|", line)
    return tuple(cell.strip().replace("\\|", "|") for cell in cells)


def parse_mesh_declaration(doc: MarkdownDoc) -> tuple[list[tuple[str, int]], int] | None:
    """Edges declared under ``## Mesh index``: ([(dir, line)], section_line), or None.

    A declaration that holds only ``{{PLACEHOLDERS}}`` (a state file copied from a template and
    not filled in) declares nothing yet: None, so the protocol's default edges apply.
    """
    section = doc.section("Mesh index")
    if section is None:
        return None
    edges: list[tuple[str, int]] = []
    placeholders_only = False
    for i in doc.body_indices(section):
        if doc.in_code[i]:
            continue
        match = MESH_INDEXES.match(doc.lines[i])
        if not match:
            continue
        value = match.group("value")
        if PLACEHOLDER.search(value) and not PLACEHOLDER.sub("", value).strip(" ,`/"):
            placeholders_only = True
            continue
        names = re.findall(r"`([^`]+)`", value) or [
            part for part in re.split(r"[,\s]+", value) if part
        ]
        for name in names:
            name = name.strip().strip("/").strip()
            if not name or name.lower() in ("none", "nothing", "-"):
                continue
            edges.append((name, doc.file_line(i)))
    if placeholders_only and not edges:
        return None
    return edges, section.line
