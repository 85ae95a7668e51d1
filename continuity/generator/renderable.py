"""Whether Markdown from the tree can be handed to a Markdown engine in bounded time.

Python-Markdown (MkDocs' engine) looks ahead from every ``[``, ``(`` and ``<`` for the end of
a link or a tag: in a paragraph of thousands that never close, the cost grows with the square
of its length (10 kB of ``[`` take 20 s, 2 MB would take days). It recurses once per level of
nested lists (a few hundred levels are a RecursionError that aborts the build), and the HTML
sanitiser is quadratic in elements left open. A body past these bounds is shown as text.

The measure is cheap and linear, and models that work: per paragraph (outside fenced code,
its blank lines as the engines see them: spaces and tabs only, so a no-break space or a form
feed does not split it), the sum over every ``[``, ``(`` and ``<`` of the distance the engine
scans from it, to its match or, unmatched, to the paragraph's end (nesting costs its depth
squared, as it does the engine); code spans as CommonMark reads them (an escaped backtick opens
none) count nothing; the inline links and tags of a paragraph times its length (the engine
copies the paragraph for each, and from Python-Markdown 3.11.4 rescans it for each link); and
per line, the levels of list and quote markers. Ordinary Markdown, however long, matches its
openers nearby and costs about its length.

Headings are counted too: MkDocs' and Material's search plugins look each heading up in the
page's table of contents from its start, quadratic in the headings (8,000 took 37 s, the
52,000 of a 1.3 MB entry minutes). A body with more than :data:`MAX_HEADINGS` is shown as text.
"""

from __future__ import annotations

import re

from continuity.generator.codespans import code_spans

#: Sum over paragraphs of the engine's scans (see above): a second or two of Python-Markdown.
MAX_COST = 2_000_000
#: List or quote levels on one line (markers, or four columns of indentation each).
MAX_LEVELS = 32
#: Headings in one body (ATX ``#`` lines and setext underlines): at this many, the search
#: plugins' quadratic lookup costs about a second.
MAX_HEADINGS = 1_000
_HEADING = re.compile(r"[ ]{0,3}(?:#{1,6}(?:[ \t]|$)|=+[ \t]*$|-+[ \t]*$)")

_FENCE = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})")
_MARKER = r">|[*+-](?=[ \t])|\d{1,9}[.)](?=[ \t])"  # a quote, or a list item's marker
_LEAD = re.compile(rf"(?:[ \t]+|{_MARKER})*")
_MARKERS = re.compile(_MARKER)
_LEADING = frozenset(" \t>*+-0123456789")
_HEADING_START = frozenset(" #=-")
_PAIRS = {"[": "]", "(": ")", "<": ">"}
_BRACKET = re.compile(r"[\[\]()<>]")


def _without_code_spans(line: str) -> str:
    if "`" not in line:
        return line
    parts, position = [], 0
    for start, end, _ in code_spans(line):
        parts.append(line[position:start])
        position = end
    parts.append(line[position:])
    return "".join(parts)


def _scans(text: str) -> int:
    """The sum, over every opener, of the distance to its match or to the end of ``text``:
    one pass, a stack per kind of bracket."""
    stacks: dict[str, list[int]] = {opener: [] for opener in _PAIRS}
    closers = {closer: opener for opener, closer in _PAIRS.items()}
    total = 0
    for match in _BRACKET.finditer(text):
        char, position = match.group(), match.start()
        if char in stacks:
            stacks[char].append(position)
        elif stacks[closers[char]]:
            total += position - stacks[closers[char]].pop()
    end = len(text)
    return total + sum(end - position for stack in stacks.values() for position in stack)


def _cost(paragraph: list[str]) -> int:
    text = "\n".join(paragraph)
    if not any(opener in text for opener in "[(<\\"):
        return 0
    text = "\n".join(_without_code_spans(line) for line in text.split("\n"))
    tags = text.count("<")
    # Counted at C speed first: openers left unclosed, elements left open (the sanitiser is
    # quadratic in those), backslashes; a paragraph past the bound by these needs no scan.
    bulk = (max(0, text.count("[") - text.count("]"))
            + max(0, text.count("(") - text.count(")"))
            + max(0, tags - text.count(">"))
            + max(0, tags - 2 * text.count("</") - 1000)
            + text.count("\\") // 1024) * len(text)
    if bulk > MAX_COST:
        return bulk
    return bulk + _inline(paragraph) + _scans(text)


def _inline(paragraph: list[str]) -> int:
    """What replacing a block's inline links and tags costs Python-Markdown: it copies the
    text of the block for each (cheap copies, hence the divisor), and from 3.11.4 it maps the
    bracket ends of that whole text afresh, one Python step per character, for every link it
    replaces (0.4 s for 400 links in a 4 kB paragraph, 6 s for 1,600 in 16 kB): each link
    costs the length of its paragraph or list item. The copies are counted over the whole
    block, which also keeps a page of thousands of marked links near its size. A table's rows
    are read cell by cell, so they are left out."""
    prose = [line for line in paragraph if not line.lstrip().startswith("|")]
    whole = "\n".join(prose)
    total = (whole.count("](") + whole.count("<")) * len(whole) // 256
    item: list[str] = []
    for line in [*prose, "- "]:
        if line[:1] in _LEADING and _MARKERS.match(line.lstrip(" \t")):
            block = "\n".join(item)
            total += (block.count("](") + block.count("][")) * len(block)
            item = []
        item.append(line)
    return total


def _levels(line: str) -> int:
    if line[0] not in _LEADING:
        return 0
    found = _LEAD.match(line)
    lead = found.group(0) if found else ""
    columns = lead.count(" ") + 4 * lead.count("\t")
    return len(_MARKERS.findall(lead)) + columns // 4


# Nothing to measure (most entries): no opener at all, and no line whose lead is long
# enough for MAX_LEVELS levels (each level takes a character of it at least).
_OPENER = re.compile(r"[\[(<\\]")
_DEEP_LEAD = re.compile(rf"^[ \t>*+\-0-9.)]{{{MAX_LEVELS + 1},}}", re.M)


def unrenderable(text: str) -> str | None:
    """Why ``text`` must not be rendered as Markdown, or None when it may be."""
    if not _OPENER.search(text) and not _DEEP_LEAD.search(text) and \
            text.count("\n#") + text.count("\n=") + text.count("\n-") < MAX_HEADINGS:
        return None
    lines = text.split("\n")
    cost = 0
    headings = 0
    paragraph: list[str] = []
    fence: str | None = None
    fence_start = 0
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        opening = _FENCE.match(line)
        if fence is not None:
            if opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= len(fence):
                fence = None
            elif index == len(lines):
                # A fence never closed is no code block to Python-Markdown: it reads the
                # opener and all after it as text, so that text is measured as such.
                fence = None
                index = fence_start
                lines[index - 1] = ""  # the opener itself, as a paragraph break
            continue
        if opening:
            fence = opening.group(1)
            fence_start = index
            continue
        if not line.strip(" \t"):
            if paragraph:
                cost += _cost(paragraph)
                paragraph = []
            continue
        if _levels(line) > MAX_LEVELS:
            return f"lists or quotes nested more than {MAX_LEVELS} levels deep"
        if line[:1] in _HEADING_START and _HEADING.match(line):
            headings += 1
            if headings > MAX_HEADINGS:
                return (f"more than {MAX_HEADINGS:,} headings, which the site's search takes "
                        "minutes to index")
        paragraph.append(line)
    if paragraph:
        cost += _cost(paragraph)
    if cost > MAX_COST:
        return ("brackets, links or tags in bulk in one paragraph, which Markdown engines "
                "take minutes to hours to read")
    return None
