"""Filling an ``ENTRY.template.md``: every field, placeholder and section gets a value.

Used by ``continuity new`` and by ``continuity report --write-audit``. The result carries the
template's frontmatter keys (enumerations set to a member of their set), its ``##`` sections,
the rows of a completed/ ``## Task`` table, and no ``{{placeholder}}``: what nobody supplied
becomes a visible "not recorded yet" for the author to edit before committing.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from continuity.errors import UsageError, did_you_mean
from continuity.formats import frontmatter as fm
from continuity.formats.fillers import NOT_RECORDED, NOT_RECORDED_SENTENCE
from continuity.formats.markdown import (
    HEADING,
    PLACEHOLDER,
    MarkdownDoc,
    heading_title,
    is_table_separator,
    split_row,
)
from continuity.model.tree import Template

#: Used where a directory has no template at all (library directories, custom directories).
STARTER = "# {{TITLE}}\n\n## Summary\n\n{{SUMMARY}}\n\n## Details\n\n{{DETAILS}}\n"

#: When nobody chose an enumeration value, prefer one that claims nothing.
NEUTRAL_CHOICES = ("proposed", "pending", "draft", "open", "partial", "unknown", "active")

#: Keys whose value the file name dictates (CT205, CT208): the computed value always wins.
NAME_BOUND_KEYS = ("DATE", "TURN")

YAML_PLAIN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 ._/+@()':,;!?&*%=~-]*$")
YAML_RESERVED = re.compile(
    r"^(?:~|null|true|false|yes|no|on|off|y|n)$", re.IGNORECASE)


def normalise(name: str) -> str:
    """``Task ID``, ``task-id`` and ``TASK_ID`` are the same name."""
    return re.sub(r"[^A-Z0-9]+", "_", name.upper()).strip("_")


def yaml_scalar(value: str) -> str:
    """A YAML scalar that reads back as exactly ``value`` (a string, never null or a bool)."""
    if (YAML_PLAIN.fullmatch(value) and not YAML_RESERVED.fullmatch(value) and ": " not in value
            and " #" not in value and not value.endswith((" ", ":"))):
        return value
    return _double_quoted(value)


#: Characters YAML reads as line breaks, or does not accept raw in a document.
_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r",
            "\x85": "\\N", "\u2028": "\\L", "\u2029": "\\P"}


def _double_quoted(value: str) -> str:
    out = []
    for char in value:
        code = ord(char)
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif 0x20 <= code <= 0x7E or (0xA0 <= code <= 0xD7FF) or (
                0xE000 <= code <= 0xFFFD and code != 0xFEFF) or code >= 0x10000:
            out.append(char)
        elif code <= 0xFF:
            out.append(f"\\x{code:02x}")
        else:
            out.append(f"\\u{code:04x}")
    return '"' + "".join(out) + '"'


@dataclass
class EntryValues:
    """What goes into the template.

    ``fields`` are the author's words (``--field K=V``): they win wherever their name fits a
    frontmatter key, a ``## Task`` row, a ``##`` section or a placeholder. ``slots`` are what the
    tool knows (date, turn, title ...), by placeholder name. ``sections`` replace whole section
    bodies (a snapshot copies STATE.md's sections this way).
    """

    slots: dict[str, str] = field(default_factory=dict)
    fields: dict[str, str] = field(default_factory=dict)
    sections: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.slots = {normalise(k): v for k, v in self.slots.items()}
        self.fields = {normalise(k): v for k, v in self.fields.items()}
        self.sections = {normalise(k): v for k, v in self.sections.items()}


class _Filler:
    def __init__(self, template: Template, values: EntryValues):
        self.template = template
        self.values = values
        self.used: set[str] = set()
        self.names: set[str] = set()  # every name a field could have matched, for the error

    def field(self, name: str) -> str | None:
        key = normalise(name)
        self.names.add(key)
        if key in self.values.fields:
            self.used.add(key)
            return self.values.fields[key]
        return None

    def lookup(self, name: str) -> str | None:
        found = self.field(name)
        return found if found is not None else self.values.slots.get(normalise(name))

    # -- frontmatter

    def frontmatter_value(self, key: str, written: object) -> str | list[str]:
        given = self.field(key)
        enum = self.template.enums.get(key)
        if isinstance(written, list):  # `tags: [{{tags}}]`: a list, given as "a, b"
            if given is not None:
                items = [item.strip() for item in given.split(",") if item.strip()]
            else:
                items = [self.substitute(item, whole_line=False, in_table=False)
                         if isinstance(item, str) else json.dumps(item, ensure_ascii=False)
                         for item in written]
            return items
        if given is not None:
            if enum and given not in enum:
                raise UsageError(f"field '{key}' must be one of {', '.join(enum)} "
                                 f"(the template's set), got {given!r}")
            return given
        if normalise(key) in NAME_BOUND_KEYS and normalise(key) in self.values.slots:
            return self.values.slots[normalise(key)]
        if enum:
            computed = self.values.slots.get(normalise(key))
            if computed in enum:
                return computed
            return next((c for c in NEUTRAL_CHOICES if c in enum), enum[0])
        if isinstance(written, str) and PLACEHOLDER.search(written):
            return self.substitute(written, whole_line=False, in_table=False)
        if written is None or written == "":
            computed = self.values.slots.get(normalise(key))
            return computed if computed is not None else NOT_RECORDED
        if isinstance(written, str):
            return written
        return json.dumps(written, ensure_ascii=False)  # a list or mapping, as YAML flow

    # -- placeholders

    def substitute(self, line: str, *, whole_line: bool, in_table: bool) -> str:
        def replace(match: re.Match[str]) -> str:
            value = self.lookup(match.group(1))
            if value is None:
                return NOT_RECORDED_SENTENCE if whole_line else NOT_RECORDED
            if whole_line:
                return value
            value = " ".join(value.split())
            return value.replace("|", "\\|") if in_table else value

        return PLACEHOLDER.sub(replace, line)

    # -- body

    def body(self, lines: list[str]) -> list[str]:
        doc = MarkdownDoc("\n".join(lines))
        out: list[str] = []
        skipping = False
        section_key = ""
        table: list[int] = []
        for index, line in enumerate(lines):
            heading = None if doc.in_code[index] else HEADING.match(line)
            if heading:
                level = len(heading.group("hashes"))
                if skipping and level > 2:
                    continue
                skipping = False
                if level <= 2:
                    section_key = normalise(PLACEHOLDER.sub("", heading_title(heading)))
                if level == 2:
                    replacement = self.section_override(heading_title(heading))
                    if replacement is not None:
                        out += [self.substitute(line, whole_line=False, in_table=False), "",
                                replacement.strip("\n"), ""]
                        skipping = True
                        continue
            if skipping:
                continue
            is_row = not doc.in_code[index] and line.strip().startswith("|")
            table = table + [index] if is_row else []
            if is_row and section_key == "TASK" and len(table) > 2:
                out.append(self.task_row(line))
                continue
            whole = line.strip() != "" and PLACEHOLDER.sub("", line).strip() == ""
            out.append(self.substitute(line, whole_line=whole and not is_row, in_table=is_row))
        return out

    def section_override(self, title: str) -> str | None:
        given = self.field(PLACEHOLDER.sub("", title))
        if given is not None:
            return given
        return self.values.sections.get(normalise(PLACEHOLDER.sub("", title)))

    def task_row(self, line: str) -> str:
        """A row of completed/'s ``## Task`` table: ``| Field | Value |``."""
        if is_table_separator(line):
            return line
        cells = list(split_row(line))
        if len(cells) < 2:
            return self.substitute(line, whole_line=False, in_table=True)
        given = self.field(cells[0])
        if given is not None:
            cells[1] = " ".join(given.split())
        elif not cells[1].strip():
            cells[1] = self.values.slots.get(normalise(cells[0]), NOT_RECORDED)
        row = "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"
        return self.substitute(row, whole_line=False, in_table=True)


def fill(template: Template, values: EntryValues) -> str:
    """The entry's text. Raise UsageError for a field that fits nothing in the template."""
    text = template.text if template.text.strip() else STARTER
    filler = _Filler(template, values)
    yaml_text, closing, body_start = fm.split(text)
    lines = text.split("\n")
    out: list[str] = []
    if yaml_text is not None and closing > 0:
        front = fm.parse(text)
        out.append("---")
        for key, written in front.data.items():
            value = filler.frontmatter_value(key, written)
            if isinstance(value, list):  # a flow sequence of quoted items: [a, b] reads back
                out.append(f"{key}: [{', '.join(_double_quoted(item) for item in value)}]")
            else:
                out.append(f"{key}: {yaml_scalar(value)}")
        out.append("---")
        lines = lines[closing:]
    out += filler.body(lines)
    unused = sorted(set(values.fields) - filler.used)
    if unused:
        known = ", ".join(sorted(filler.names)) or "none"
        raise UsageError(f"no field {', '.join(unused)}{did_you_mean(unused[0], filler.names)} "
                         f"in the {template.directory}/ template (fields, rows, sections and "
                         f"placeholders it has: {known})")
    result = "\n".join(out).rstrip("\n") + "\n"
    return re.sub(r"\n{3,}", "\n\n", result)
