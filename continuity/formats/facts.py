"""What a note may hold: one self-contained fact (seed ``history-note-capture.txt``).

Shared by ``continuity note`` (which refuses what does not fit) and CT504 (which reports notes
already stored that do not fit). Pure text functions: no files, no store.
"""

from __future__ import annotations

import re

#: The one-sentence bound, in characters (CT504 and ``continuity note`` agree on it).
MAX_FACT_LENGTH = 300

# --------------------------------------------------------------------------- sentences

# Words after which a full stop does not end a sentence ("e.g. Postgres", "Dr. Wren").
_ABBREVIATIONS = frozenset({
    "e.g", "i.e", "etc", "vs", "cf", "al", "approx", "ca", "mr", "mrs", "ms", "dr", "st", "no",
    "nos", "fig", "figs", "inc", "ltd", "co", "jr", "sr", "resp", "incl", "esp", "viz", "min",
    "max", "sec", "vol", "p", "pp",
})
# A candidate end: terminal punctuation, then closing quotes/brackets; a space must follow
# (tested by hand: a lookahead after the runs made a long run of "!" quadratic).
_END = re.compile(r"[.!?]+[\"')\]]*")
# What a new sentence starts with: a capital, a digit, a quote or bracket, or a marker.
_STARTS_SENTENCE = re.compile(r"\s+[\"'(\[]?[A-Z0-9]")
#: Abbreviations are short: the word before a full stop is looked for this far back only.
_WORD_REACH = 40


def _word_before(block: str, end: int) -> str:
    """The run of word characters and dots that ends at ``end`` (at most _WORD_REACH long)."""
    start = end
    while start > 0 and end - start < _WORD_REACH and (block[start - 1].isalnum()
                                                      or block[start - 1] in "._"):
        start -= 1
    return block[start:end]


def paragraphs(text: str) -> list[str]:
    """Blocks of text separated by blank lines, whitespace inside each collapsed."""
    blocks = re.split(r"\n\s*\n", text.strip())
    return [" ".join(block.split()) for block in blocks if block.strip()]


def sentences(text: str) -> list[str]:
    """The sentences of ``text``: split at ``. ! ?`` before a capital, not after abbreviations.

    A blank line always ends a sentence (a paragraph break). Decimal numbers, versions, file
    names and URLs never split, because no space follows their dots.
    """
    found: list[str] = []
    for block in paragraphs(text):
        start = 0
        for match in _END.finditer(block):
            end = match.end()
            if end >= len(block) or not block[end].isspace() or \
                    not _STARTS_SENTENCE.match(block, end):
                continue
            word = _word_before(block, match.start() + 1).rstrip(".").casefold()
            if match.group().startswith(".") and (
                    word in _ABBREVIATIONS or (len(word) == 1 and word.isalpha())):
                continue  # "e.g. Postgres", the initial in "J. Wren"
            found.append(block[start:end].strip())
            start = end
        if block[start:].strip():
            found.append(block[start:].strip())
    return found


# --------------------------------------------------------------------------- content screens

_SPEAKERS = (r"user|assistant|human|ai|system|claude|chatgpt|gpt|bot|agent|model|me|you|"
             r"q|a|question|answer")
# "User: ...", "[10:02] Assistant: ...", "**Human:** ..."
# No two ``\s*`` side by side (around an optional ``*``): they would share a run of spaces.
_SPEAKER_LINE = re.compile(
    rf"^\s*(?:\[[^\]]{{1,24}}\]\s*)?(?:\*+\s*)?(?:{_SPEAKERS})\s*(?:\*+\s*)?:(?!//)",
    re.IGNORECASE)
# "Alice: ..." -- a speaker label of a name; transcript-like only when two speakers appear.
_NAMED_LINE = re.compile(r"^\s*(?:\[[^\]]{1,24}\]\s*)?([A-Z][\w.\-]{0,30}(?: [A-Z][\w.\-]{0,30})?)"
                         r"\s*:\s+\S")
_QUOTED_LINE = re.compile(r"^\s*>")
_ECHO = re.compile(
    r"^\s*(?:the user|the assistant|you|i|we|he|she|they)\s+"
    r"(?:just\s+)?(?:said|asked|told me|wrote|replied|answered|mentioned)\b"
    r"|^\s*as (?:you|i|we) (?:said|mentioned|discussed)\b"
    r"|^\s*(?:earlier|above),? (?:you|i|we) (?:said|wrote)\b",
    re.IGNORECASE)


def transcript_reason(text: str) -> str | None:
    """Why ``text`` reads as transcript or conversation echo, or None when it does not."""
    lines = [line for line in text.splitlines() if line.strip()]
    for line in lines:
        if _SPEAKER_LINE.match(line):
            label = line.split(":", 1)[0].strip(" *")
            return f"it is transcript: a line starts with the speaker label {label!r}"
        if _QUOTED_LINE.match(line):
            return "it is transcript: a line is quoted with '>'"
    names = {m.group(1) for line in lines if (m := _NAMED_LINE.match(line))}
    if len(names) >= 2:
        return f"it is transcript: several speakers ({', '.join(sorted(names))})"
    if _ECHO.match(text):
        return "it echoes the conversation (who said what) instead of stating the fact"
    return None


# Declarations: "def parse(text)", "async function load()", "public static int size()",
# "class Parser(Base):". Keywords are lower-case in code, so prose ("Static files ...") passes.
_DECLARATIONS = (
    re.compile(r"^(?:export\s+)?(?:async\s+)?(?:def|function|func|fn|sub)\s+[\w$.]+\s*"
               r"(?:<[^>]*>)?\s*\([^()]*\)\s*(?:(?:->|:)\s*[^.!?]*)?[:{;]?$"),
    re.compile(r"^(?:(?:public|private|protected|internal|static|final|abstract|virtual|"
               r"override|async)\s+)+[\w$<>\[\],.? ]+\s*\([^()]*\)\s*(?:throws [\w., ]+)?"
               r"[{;]?$"),
    re.compile(r"^(?:export\s+)?(?:abstract\s+)?(?:class|interface|struct|enum|trait|impl|type)"
               r"\s+[A-Za-z_$][\w$]*(?:<[^>]*>)?(?:\s*(?:\(|extends|implements|:)[^.!?]*)?"
               r"\s*[{:]?$"),
)
# A bare call or signature: "parse(text: str) -> Node", "Tide::load(path)".
_SIGNATURE = re.compile(
    r"^[A-Za-z_$][\w$.:<>]*\s*\([^()]*\)\s*(?:(?:->|:|=>)\s*[\w\[\]<>., |?]+)?\s*[:;{]?$")
# A path alone: "src/tide/parse.py", "./tide/", "~/notes", "C:\\tide\\x.py", "parse.py".
_PATH = re.compile(
    r"^(?:[A-Za-z]:)?(?:~|\.{1,2})?[/\\]?(?:[\w.\-@+]+[/\\])+[\w.\-@+]*$"
    r"|^[\w\-]+\.(?:py|js|ts|tsx|jsx|go|rs|rb|java|kt|c|h|cc|cpp|hpp|cs|sh|md|txt|json|jsonl|"
    r"ya?ml|toml|ini|cfg|lock|html|css|sql|proto)$")
# "parse_tide() is defined in tide/parse.py": where the code already says it.
_DEFINED_IN = re.compile(
    r"^`?[\w.:$]+(?:\(\))?`? (?:is|are) (?:defined|declared|implemented|located|found) in "
    r"`?[\w./\\\-]+`?$", re.IGNORECASE)


#: A declaration or a path is one line of code: longer text is not looked at (it is refused
#: as too long anyway), which also bounds the patterns below, whose spaces overlap.
_CODE_REACH = 1000


def code_obvious_reason(text: str) -> str | None:
    """Why ``text`` only restates what the code shows, or None when it is a fact of its own."""
    if "```" in text:
        return "it is code (a fenced block), which the repository already holds"
    stripped = " ".join(text.split()).strip().rstrip(".").strip("`").strip()
    if not stripped or len(stripped) > _CODE_REACH:
        return None
    if _DEFINED_IN.match(stripped):
        return "it says where code is defined, which the code itself shows"
    if _SIGNATURE.match(stripped) or any(d.match(stripped) for d in _DECLARATIONS):
        return "it is a function signature or declaration, which the code itself shows"
    if _PATH.match(stripped) and " " not in stripped:
        return "it is a file path alone, which the repository itself shows"
    return None


# --------------------------------------------------------------------------- meaning

_MARKER = re.compile(r"\[redacted:[a-z\-]+\]")
_STOP_WORDS = frozenset("""
a an the and or but if then so of to in on at by for from with without into onto as is are was
were be been being am do does did has have had it its this that these those there here what
which who whom whose when where why how not no yes my our your their his her we you they i me
us them he she him all any some each every such than too very can could should would will may
might must shall just also only use uses used using via per about over under again is
""".split())


def content_words(text: str) -> list[str]:
    """The words of ``text`` that carry meaning: no redaction markers, stop-words or numbers."""
    words = re.findall(r"[^\W\d_][\w'\-]*", _MARKER.sub(" ", text))
    return [w for w in words if len(w) > 1 and w.casefold() not in _STOP_WORDS]


def meaning_erased(redacted: str) -> bool:
    """True when what redaction left is no longer a fact: fewer than two words of meaning.

    "Contact [redacted:email]" and "password=[redacted:assigned-secret]" said nothing but the
    value that had to go; "The billing export mails [redacted:email] nightly" still says a lot.
    """
    return len(content_words(redacted)) < 2
