"""Credentials as a reader sees them, not only as the file spells them.

A token written ``ghp\\_…`` (a Markdown escape), ``ghp&#95;…`` or ``&#65;KIA…`` (character
references), split by emphasis (``ghp_AB**CD**EF``), by an empty ``<span></span>`` or an empty
link ``[](x)``, or by an invisible character, matches no pattern in the source, yet the rendered
page shows it whole. So the text is scanned twice: as written, and as read, with references
decoded, escapes resolved and inline markup removed; a finding in the second is placed back
at its source offset. A text file in UTF-16 or UTF-32 (NUL bytes: binary, to the reader) is
scanned decoded, and the rest of a binary file byte by byte (its printable runs).

The view is built by one linear pass over the markup tokens (every pattern bounded), and a
view holding no detector's needle costs one Aho-Corasick pass.
"""

from __future__ import annotations

import bisect
import html
import re
import string
from collections.abc import Iterator

from continuity.formats.secrets import (
    CREDENTIALS,
    LOWER_CASE_WORDS,
    Detector,
    Finding,
    find,
    masked_span,
    regular_expression,
    without_overlaps,
)
from continuity.formats.secrets_context import example_spans, is_contract, outside
from continuity.formats.secrets_tables import table_findings

#: What the reader does not see, or sees as another character. Each alternative is bounded.
_MARKUP = re.compile(  # (multi-line: ``^`` is a line's start)
    r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});"  # a reference
    r"|\\[!-/:-@\[-`{-~]"  # a Markdown escape: shown as the character escaped
    r"|<!--[^\n]{0,4096}?-->"  # an HTML comment
    r"|</?[A-Za-z][A-Za-z0-9-]{0,31}(?:\s[^<>\n]{0,1024})?/?>"  # a tag (empty or not)
    r"|\[\]\([^()\s]{0,2048}\)"  # an empty link
    # A link's brackets and target: the page shows its text only, so a token whose rest is a
    # link's text (``ghp_AbC[rest…]()``) reads whole. (The target is scanned as written.)
    r"|\[(?=[^\[\]\n]{1,2048}\]\([^()\s]{0,2048}\))|\]\([^()\s]{0,2048}\)"
    # Emphasis, strikethrough, code marks; four stars or more are shown as they are (a mask).
    r"|(?<!\*)\*{1,3}(?!\*)|~~|`{1,3}"
    # Underscore emphasis opens before a word and closes after one; inside a word (``sk_live_``
    # even before other markup) an underscore is a character.
    # (Every alternative starts with its character, so the engine skips plain text fast.)
    r"|_(?<![^\s(\"']_)_{0,2}(?=[A-Za-z0-9])|_(?<=[A-Za-z0-9]_)_{0,2}(?=[\s.,;:!?)\"']|$)"
    r"|[\u00ad\u200b-\u200d\u2060\ufeff]", re.MULTILINE)  # soft hyphen, zero-width
#: Where a hiding can start: a reference or an escape anywhere, or markup right after a
#: character a token is made of and followed (after at most four markup tokens) by another.
_DECODED = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});"
                      r"|\\[!-/:-@\[-`{-~]")
_MARK_START = re.compile(r"[*~`<\[\u00ad\u200b-\u200d\u2060\ufeff]")
_ONE_MARK = (r"(?:(?<!\*)\*{1,3}(?!\*)|~~|`{1,3}|<!--[^\n]{0,4096}?-->"
             r"|</?[A-Za-z][A-Za-z0-9-]{0,31}(?:\s[^<>\n]{0,1024})?/?>"
             r"|\[\]\([^()\s]{0,2048}\)|\[(?=[^\[\]\n]{1,2048}\]\([^()\s]{0,2048}\))"
             r"|[\u00ad\u200b-\u200d\u2060\ufeff])")
_SPLIT = re.compile(_ONE_MARK + f"{_ONE_MARK}?" * 3 + r"[^\s]")
#: A placeholder in angle brackets where a value goes, then a space: ``secret=<env> response=…``
#: (a plan's request body). The view drops it as an HTML tag (in a code span the page shows
#: it), and the next word would read as the value; a value inside a tag's element
#: (``password=<b>…</b>``) has no space before it and is still read. So does a quote that
#: closes the placeholder's string, escaped or not: a notebook's ``"!echo
#: \\"OPENAI_API_KEY=<your-openai-api-key>\\" > .env"`` (the twenty-third survey) read as
#: ``KEY="`` and the rest of the line quoted. The code span may close after the placeholder
#: (``GOG_KEYRING_PASSWORD=<pw>` baked into the script``, a workspace's note of fixes).
_PLACEHOLDER_TAG_BEFORE = re.compile(r"[:=][ \t]{0,5}<[A-Za-z][\w-]{0,31}>(?:`{0,3}[ \t]+|\\?[\"'])\Z")
#: A key's name and its separator quoted alone in a code span, right before what the view
#: took for its value (`` `apikey:`-prefixed ``, "the redacted `` `secret=` `` assertion": the
#: thirty-fifth conventions set's plans): without the backticks the view reads ``apikey:-…``
#: and ``secret= assertion``, but the span closed after the separator and the sentence goes on.
_NAME_QUOTED_AS_CODE_BEFORE = re.compile(r"`[A-Za-z0-9_.\-]{1,64}[:=]`[ \t]{0,5}\Z")
_TOKEN_CHARACTERS = frozenset(string.ascii_letters + string.digits + "_-.~+/=:%&?;,@")


def may_hide(text: str) -> bool:
    """Whether ``text`` holds something a reader would not see as written inside a word: the
    cheap test before building the view (most files have bold labels and code spans, which
    stand between words, not inside one). A scan of the few markup characters, in C."""
    if _DECODED.search(text):
        return True
    for hit in _MARK_START.finditer(text):
        at = hit.start()
        if at and text[at - 1] in _TOKEN_CHARACTERS and _SPLIT.match(text, at):
            return True
    return False


def _shown(token: str) -> str:
    if token.startswith("\\"):
        return token[1:]
    if token.startswith("&"):
        decoded = html.unescape(token)
        return decoded if decoded != token and decoded.isprintable() else token
    return ""


def _replacement(match: re.Match[str]) -> str:
    return _shown(match.group())


class ReaderView:
    """The text a reader sees, with a map from its offsets back to the source's."""

    def __init__(self, text: str):
        pieces: list[str] = []
        # Segment i starts at view offset view_starts[i] and source offset source_starts[i];
        # ``copied[i]``: a verbatim stretch (offsets move together) or a replaced token.
        self.view_starts: list[int] = []
        self.source_starts: list[int] = []
        self.source_ends: list[int] = []
        self.copied: list[bool] = []
        view = source = 0
        for match in _MARKUP.finditer(text):
            start, end = match.span()
            if start > source:
                self._segment(view, source, start, True)
                pieces.append(text[source:start])
                view += start - source
            shown = _shown(match.group())
            self._segment(view, start, end, False)
            pieces.append(shown)
            view += len(shown)
            source = end
        if source < len(text):
            self._segment(view, source, len(text), True)
            pieces.append(text[source:])
        self.text = "".join(pieces)

    def _segment(self, view: int, source: int, source_end: int, copied: bool) -> None:
        self.view_starts.append(view)
        self.source_starts.append(source)
        self.source_ends.append(source_end)
        self.copied.append(copied)

    def source_span(self, start: int, end: int) -> tuple[int, int]:
        """The source span that shows as view[start:end]."""
        first = bisect.bisect_right(self.view_starts, start) - 1
        last = bisect.bisect_right(self.view_starts, max(end - 1, start)) - 1
        begin = self.source_starts[first] + (start - self.view_starts[first]
                                             if self.copied[first] else 0)
        finish = self.source_starts[last] + (end - self.view_starts[last]
                                             if self.copied[last] else 0)
        if not self.copied[last]:
            finish = self.source_ends[last]
        return begin, max(finish, begin + 1)


def find_seen(text: str, detectors: tuple[Detector, ...] = CREDENTIALS) -> list[Finding]:
    """:func:`continuity.formats.secrets.find` on ``text`` and on what a reader sees of it;
    every finding at its source span, earliest first, overlaps removed; none inside an API
    contract's documented example (continuity.formats.secrets_context). A table's cell under
    a secret's name is read with that name (continuity.formats.secrets_tables)."""
    found = _found_seen(text, detectors)
    in_cells = table_findings(text, detectors)
    if in_cells:
        found = without_overlaps([*found, *in_cells])  # the finding as written wins a tie
    if found and is_contract(text):
        return outside(found, example_spans(text))
    return found


def _found_seen(text: str, detectors: tuple[Detector, ...]) -> list[Finding]:
    found = find(text, detectors)
    if not may_hide(text):
        return found
    # The view's text alone first (one substitution in C when no token needs decoding): the
    # map back to the source is built only for a view that holds a finding, which is rare.
    seen = _MARKUP.sub(_replacement, text) if "&" in text or "\\" in text else \
        _MARKUP.sub("", text)
    if seen == text:
        return found
    in_view = find(seen, detectors)
    if not in_view:
        return found
    view = ReaderView(text)
    extra = []
    for finding in in_view:
        start, end = view.source_span(finding.start, finding.end)
        if _PLACEHOLDER_TAG_BEFORE.search(text, max(0, start - 64), start) or \
                (_NAME_QUOTED_AS_CODE_BEFORE.search(text, max(0, start - 72), start)
                 and LOWER_CASE_WORDS.fullmatch(text, start, end)):
            continue  # the word after a placeholder the view took for a tag, or after a
            # key's name quoted as code: no value
        if masked_span(text, start, end):
            continue  # ``*** ENCRYPTED ***``: a mask the view shows without its asterisks
        if finding.kind == "assigned-secret" and regular_expression(text[start:end]):
            continue  # a pattern as written (``(?:secret|pwd)\s*[:=]\s*``): the view took
            # its escapes for Markdown's and left a value of letters (set 52: a skill's rules)
        if not any(f.start < end and start < f.end for f in found):
            extra.append(Finding(finding.kind, finding.description, start, end))
    return sorted(found + extra, key=lambda f: (f.start, f.end)) if extra else found


# --------------------------------------------------------------------------- bytes

_BOMS = ((b"\xff\xfe\x00\x00", "utf-32-le", 4), (b"\x00\x00\xfe\xff", "utf-32-be", 4),
         (b"\xff\xfe", "utf-16-le", 2), (b"\xfe\xff", "utf-16-be", 2))


def wide_encoding(raw: bytes) -> tuple[str, int, int] | None:
    """(codec, bytes per character, where the text starts) of a UTF-16 or UTF-32 text: by
    its byte-order mark, or, without one, by its zero bytes falling where an ASCII text's
    would. None for anything else."""
    for bom, codec, width in _BOMS:
        if raw.startswith(bom):
            return codec, width, len(bom)
    sample = raw[:4096]
    if len(sample) < 8:
        return None
    for codec, width, zero_at in (("utf-32-le", 4, (1, 2, 3)), ("utf-32-be", 4, (0, 1, 2)),
                                  ("utf-16-le", 2, (1,)), ("utf-16-be", 2, (0,))):
        usable = len(sample) - len(sample) % width
        columns = [sample[i:usable:width] for i in range(width)]
        if all(columns[i].count(0) >= 0.9 * len(columns[i]) for i in zero_at) and \
                columns[[i for i in range(width) if i not in zero_at][0]].count(0) \
                < 0.1 * len(columns[0]):
            return codec, width, 0
    return None


#: The detectors that judge a value by the key word before it, not by a shape of its own:
#: in a binary file (a SQLite database, an image) the bytes around a match are no text, and
#: ``…key=<a UUID>`` in a database row is a record's id.
_BY_KEY_WORD = frozenset({"keyed-secret", "assigned-secret", "pgpass-password", "netrc-password",
                          "curl-user", "sudo-password", "openssl-pass", "keyring-password",
                          "url-password", "bearer-token", "basic-auth", "npmrc-auth",
                          "docker-auth", "vault-legacy-token", "cookie-record",
                          "cookie-named"})
_SHAPED: dict[int, tuple[tuple[Detector, ...], tuple[Detector, ...]]] = {}


def shaped(detectors: tuple[Detector, ...]) -> tuple[Detector, ...]:
    """``detectors`` but those judging by a key word: what a binary file's bytes are read for
    (provider prefixes, key blocks, JWTs, webhook URLs). One tuple per table, kept (the
    needle index is found by the tuple's identity)."""
    kept = _SHAPED.get(id(detectors))
    if kept is None or kept[0] is not detectors:
        if len(_SHAPED) > 64:
            _SHAPED.clear()
        kept = _SHAPED[id(detectors)] = (
            detectors, tuple(d for d in detectors if d.kind not in _BY_KEY_WORD))
    return kept[1]


#: The first bytes of compiled code: ELF (Linux executables, ``.so``, ``.o``), Mach-O and
#: universal binaries (and Java classes, which share ``cafebabe``), ar archives (``.a``,
#: Rust's ``.rlib``), Rust's ``.rmeta``, WebAssembly, LLVM bitcode.
_COMPILED_MAGIC = (b"\x7fELF", b"\xfe\xed\xfa\xce", b"\xfe\xed\xfa\xcf", b"\xce\xfa\xed\xfe",
                   b"\xcf\xfa\xed\xfe", b"\xca\xfe\xba\xbe", b"!<arch>\n", b"rust\x00\x00\x00",
                   b"\x00asm", b"BC\xc0\xde")


def compiled_code(raw: bytes) -> bool:
    """Whether ``raw`` is compiled code, by its first bytes (a Windows executable by its
    ``MZ`` header and the ``PE`` signature it points at). Such a file is built from source,
    where a credential is written and found; its bytes are a build's, read by no agent. A
    workspace committing a Rust ``target/`` of 1.1 GB (survey 28's) took 190 s to scan."""
    if raw.startswith(_COMPILED_MAGIC):
        return True
    if raw[:2] == b"MZ" and len(raw) >= 64:
        header = int.from_bytes(raw[60:64], "little")
        return raw[header:header + 4] == b"PE\x00\x00"
    return False


def byte_findings(raw: bytes, detectors: tuple[Detector, ...] = CREDENTIALS
                  ) -> Iterator[Finding]:
    """Findings in a binary file, at byte offsets: its bytes one character each, for the
    credentials of a shape of their own (a key in a PNG's text chunk, a token in a database
    row), and, for a UTF-16 or UTF-32 text, its decoded text, with every detector (a finding
    at the offset of its first byte). Compiled code is not read (:func:`compiled_code`)."""
    if compiled_code(raw):
        return
    yield from find(raw.decode("latin-1"), shaped(detectors))
    wide = wide_encoding(raw)
    if wide is None:
        return
    codec, width, skip = wide
    body = raw[skip:]
    text = body[:len(body) - len(body) % width].decode(codec, "replace")
    if len(text) * width != len(body) - len(body) % width:
        return  # characters outside the BMP: offsets would not map; the bytes were scanned
    for finding in find_seen(text, detectors):
        yield Finding(finding.kind, finding.description, skip + finding.start * width,
                      skip + finding.end * width)
