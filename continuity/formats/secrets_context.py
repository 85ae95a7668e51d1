"""Where a credential's shape is no credential, by what surrounds it (issue 29, real memory).

An API contract (OpenAPI, Swagger, AsyncAPI, a JSON Schema: Spec Kit's ``contracts/*.yaml``)
documents its fields with example values (``example: "sk_test_…"``, ``password: {example:
"P@ssw0rd123"}``, ``examples: {login: {value: {password: …}}}``): what a client might send,
written for the reader of the contract, not a key of anyone's. :func:`example_spans` gives the
spans of those values, so that the detectors' findings inside them are let go.

Linear: one pass over the lines for YAML, and for JSON one scan of each example's value (a
value inside one already spanned is not scanned again).
"""

from __future__ import annotations

import re

from continuity.formats.secrets import Finding

#: A document that is an API contract or a schema: its header key, in YAML or JSON.
_CONTRACT = re.compile(r"^[ \t]*(?:openapi|swagger|asyncapi|\$schema)[ \t]*:"
                       r"|\"(?:openapi|swagger|asyncapi|\$schema)\"[ \t]*:", re.MULTILINE)
#: A YAML key naming an example (``example:``, ``examples:``, ``x-example:``), maybe a list item.
_YAML_KEY = re.compile(r"^([ \t]*(?:-[ \t]+)?)(?:x-)?examples?[ \t]*:(?:[ \t]+|$)(.*)$",
                       re.MULTILINE)
_JSON_KEY = re.compile(r"\"(?:x-)?examples?\"[ \t\r\n]*:[ \t\r\n]*")
#: How far a JSON value is followed: a contract's example is small.
_JSON_LIMIT = 1 << 20


def is_contract(text: str) -> bool:
    return _CONTRACT.search(text) is not None


def example_spans(text: str) -> list[tuple[int, int]]:
    """The (start, end) spans of the example values of an API contract or schema; none for
    any other text."""
    if not is_contract(text):
        return []
    return sorted(_yaml_spans(text) + _json_spans(text))


def _yaml_spans(text: str) -> list[tuple[int, int]]:
    spans = []
    for match in _YAML_KEY.finditer(text):
        inline = match.group(2).strip()
        if inline and inline not in ("|", ">", "|-", ">-", "|+", ">+"):
            spans.append(match.span(2))  # ``example: "sk_test_…"`` (or a flow mapping)
            continue
        # A block: the lines after the key indented deeper than it (blank lines inside).
        column = len(match.group(1).expandtabs())
        start = end = match.end()
        position = match.end() + 1
        while position < len(text):
            line_end = text.find("\n", position)
            line_end = len(text) if line_end < 0 else line_end
            line = text[position:line_end]
            if line.strip():
                if len(line) - len(line.lstrip(" \t")) <= column:
                    break
                end = line_end
            position = line_end + 1
        if end > start:
            spans.append((start, end))
    return spans


def _json_spans(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    for match in _JSON_KEY.finditer(text):
        start = match.end()
        if spans and start < spans[-1][1]:
            continue  # inside an example already spanned
        end = _json_value_end(text, start)
        if end is not None:
            spans.append((start, end))
    return spans


def _json_value_end(text: str, start: int) -> int | None:
    """Where the JSON value at ``start`` ends: a string, an object or an array (brackets
    counted outside strings), or a bare word; None past :data:`_JSON_LIMIT`."""
    if start >= len(text):
        return None
    opening = text[start]
    if opening not in "\"{[":
        stop = start
        while stop < len(text) and text[stop] not in ",}]\n":
            stop += 1
        return stop
    depth = 0
    position = start
    limit = min(len(text), start + _JSON_LIMIT)
    in_string = False
    while position < limit:
        char = text[position]
        if in_string:
            if char == "\\":
                position += 1
            elif char == "\"":
                in_string = False
                if depth == 0:
                    return position + 1
        elif char == "\"":
            in_string = True
        elif char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
            if depth == 0:
                return position + 1
        position += 1
    return None


def outside(findings: list[Finding], spans: list[tuple[int, int]]) -> list[Finding]:
    """``findings`` (with ``start`` and ``end``) but those inside one of ``spans``."""
    if not spans:
        return findings
    return [f for f in findings if not any(s <= f.start and f.end <= e for s, e in spans)]
