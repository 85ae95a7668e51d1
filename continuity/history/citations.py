"""What memory cites of the code beside it, and which of those citations HEAD no longer has:
paths, ``make`` / ``npm run`` / ``just`` targets, test ids (``path::test``) and commit shas.

A citation is judged stale only when git shows it once existed: the path was deleted (by the
commit named), the target was in an earlier Makefile, package.json or justfile, the test in an
earlier version of its file, the commit an object of this repository that HEAD no longer
reaches. What never existed here (a planned file, an example, another repository's path) is
not judged: silence where the history says nothing.

Git is asked a fixed number of times per root (HEAD's file list, one log of deletions), plus
one pickaxe search per missing target or test.
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property

from continuity.history.git import GitError, Repository
from continuity.history.log import NEUTRAL_CONFIG

_CODE_SPAN = re.compile(r"(?<!`)`([^`\n]{2,200})`(?!`)")
_LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_FENCE = re.compile(r"^\s{0,3}(```|~~~)")
_COMMAND = re.compile(r"(?:^|[\s;&|(])(?P<tool>make|npm run|just)\s+(?P<target>[A-Za-z0-9_][\w.:-]*)")
_TEST_ID = re.compile(r"^(?P<path>[\w./-]+\.py)::(?P<name>[\w:]+?)(?:\[.*\])?$")
_SHA = re.compile(r"^[0-9a-f]{7,40}$")
_SHA_WORDS = re.compile(r"\b(?:commit|sha|rev|revert(?:s|ed)?|fixed in|landed in)\s+`?([0-9a-f]{7,40})\b",
                        re.I)
#: A path-like word: a folder and a name, or a name with an extension of letters.
_PATHLIKE = re.compile(r"^(?:\.{0,2}/)?[\w@.+-]+(?:/[\w@.+-]+)*/?$")
_EXTENSION = re.compile(r"\.[A-Za-z][A-Za-z0-9]{0,7}$")
_JUST_RECIPE = re.compile(r"^@?([A-Za-z0-9_][\w-]*)(?:\s+[^:=\n]*)?:(?!=)", re.M)


@dataclass(frozen=True)
class Citation:
    path: str  # the memory file, relative to the top of the repository
    line: int
    kind: str  # "path", "make target", "npm script", "just recipe", "test", "commit"
    cited: str


@dataclass(frozen=True)
class Removal:
    """The commit that removed what a citation names (None: not found in the history)."""

    sha: str
    author: str
    date: str
    subject: str


def citations(path: str, text: str) -> Iterator[Citation]:
    """Every citation in the Markdown ``text`` of ``path`` (top-relative), in order."""
    fenced = False
    for number, line in enumerate(text.split("\n"), 1):
        if _FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            for command in _COMMAND.finditer(line):
                yield Citation(path, number, _TOOLS[command.group("tool")],
                               command.group("target"))
            continue
        for sha in _SHA_WORDS.finditer(line):
            if any(c.isdigit() for c in sha.group(1)) and any(c.isalpha() for c in sha.group(1)):
                yield Citation(path, number, "commit", sha.group(1))
        for span in _CODE_SPAN.finditer(line):
            yield from _in_span(path, number, span.group(1).strip())
        for link in _LINK.finditer(line):
            target = link.group(1).split("#", 1)[0]
            if target and "://" not in target and not target.startswith(("mailto:", "/")):
                yield Citation(path, number, "path", target)


_TOOLS = {"make": "make target", "npm run": "npm script", "just": "just recipe"}


def _in_span(path: str, number: int, span: str) -> Iterator[Citation]:
    command = _COMMAND.match(span)
    if command is not None and command.start() == 0:
        yield Citation(path, number, _TOOLS[command.group("tool")], command.group("target"))
        return
    test = _TEST_ID.match(span)
    if test is not None:
        yield Citation(path, number, "test", span)
        return
    if " " in span or any(c in span for c in "*?{}<>$%=,;'\"\\|") or "://" in span:
        return
    if _PATHLIKE.match(span) and ("/" in span.strip("/") or _EXTENSION.search(span)):
        yield Citation(path, number, "path", span)


class RepositoryAtHead:
    """What HEAD holds, and what the history removed, read once per run."""

    def __init__(self, repository: Repository, head: str = "HEAD", since: str | None = None):
        """``since``: only removals after this commit count (a review's BASE)."""
        self.repository = repository
        self.head = head
        self.range = [head, f"^{since}"] if since else [head]

    @cached_property
    def files(self) -> frozenset[str]:
        raw = self.repository.run("ls-tree", "-r", "-z", "--name-only", "--full-tree",
                                  self.head)
        return frozenset(p.decode("utf-8", "surrogateescape") for p in raw.split(b"\0") if p)

    @cached_property
    def folders(self) -> frozenset[str]:
        found: set[str] = set()
        for name in self.files:
            while "/" in name:
                name = name.rsplit("/", 1)[0]
                if name in found:
                    break
                found.add(name)
        return frozenset(found)

    def has(self, path: str) -> bool:
        path = path.rstrip("/")
        return path in self.files or path in self.folders

    @cached_property
    def deleted(self) -> dict[str, Removal]:
        """Each path some commit reachable from HEAD deleted -> the last such commit (a
        folder: the last commit that deleted a file in it)."""
        raw = self.repository.run(*NEUTRAL_CONFIG, "log", "--no-renames", "--diff-filter=D",
                                  "--name-only", "-z", "--no-color",
                                  "--format=%x01%H%x00%an%x00%aI%x00%s%x00", *self.range)
        found: dict[str, Removal] = {}
        current: Removal | None = None
        fields = iter(raw.split(b"\0"))
        for field in fields:
            field = field.strip(b"\n")
            if field.startswith(b"\x01"):
                author, date, subject = next(fields, b""), next(fields, b""), next(fields, b"")
                current = Removal(field[1:].decode("ascii"), author.decode("utf-8", "replace"),
                                  date.decode("ascii", "replace"),
                                  subject.decode("utf-8", "replace"))
            elif field and current is not None:
                name = field.decode("utf-8", "surrogateescape")
                found.setdefault(name, current)  # newest first: the last deletion wins
                while "/" in name:
                    name = name.rsplit("/", 1)[0]
                    found.setdefault(name, current)
        return found

    def ignored(self, path: str) -> bool:
        """Whether the working tree's ignore rules cover ``path``: a file taken out of git on
        purpose (``untrack goals.md, add to .gitignore``) is still there for whoever keeps it."""
        try:  # prints the path when ignored (exit 0), nothing when not (exit 1)
            answer = self.repository.run("check-ignore", "--no-index", "--", path,
                                         allowed=(0, 1))
        except GitError:
            return False
        return bool(answer.strip())

    def text(self, path: str) -> str | None:
        try:
            data = self.repository.run("cat-file", "blob", f"{self.head}:{path}")
        except GitError:
            return None
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            return None

    def pickaxe(self, needle: str, path: str) -> Removal | None:
        """The newest commit that changed how often ``needle`` occurs in ``path``."""
        try:
            raw = self.repository.run(*NEUTRAL_CONFIG, "log", "-1", "--no-color",
                                      "--format=%H%x00%an%x00%aI%x00%s", "-S", needle,
                                      *self.range, "--", f":(top,literal){path}")
        except GitError:
            return None
        parts = raw.decode("utf-8", "replace").strip().split("\0")
        return Removal(*parts) if len(parts) == 4 else None


#: Words of a line that records a removal ("deleted `old.py`", "renamed X to Y"): what it
#: cites is meant to be gone.
_SAYS_GONE = re.compile(r"\b(delet|remov|renam|mov(e|ed|ing)\b|drop|retir|obsolete|deprecat|"
                        r"replac|no longer|gone|used to|formerly|was\b|were\b|old\b|legacy|"
                        r"archiv|migrat|dead\b|unused)|→|->|=>", re.I)
#: Living files that keep a record (a review log, an audit history): what they cite was true
#: when written, and is not an instruction.
_RECORD = re.compile(r"(log|history|journal|changelog|audit|archive|retro|review)s?$", re.I)


def is_record(path: str) -> bool:
    """Whether a living file is a record of the past by its name (``review-log.md``)."""
    stem = posixpath.basename(path).rsplit(".", 1)[0]
    return bool(_RECORD.search(stem.replace("_", "-")))


def stale(found: Iterable[Citation], head: RepositoryAtHead, root_prefix: str,
          lines: list[str] | None = None) -> Iterator[tuple[Citation, Removal]]:
    """The citations HEAD no longer has, each with the commit that removed it; ``lines``:
    the cited file's lines, to leave alone a line that itself says the thing is gone."""
    seen: set[tuple[str, str, str]] = set()
    for citation in found:
        key = (citation.path, citation.kind, citation.cited)
        if key in seen:
            continue  # cited twice in one file: judged, and said, once
        seen.add(key)
        if lines is not None and 0 < citation.line <= len(lines) and \
                _SAYS_GONE.search(lines[citation.line - 1]):
            continue
        removal = _judge(citation, head, root_prefix)
        if removal is not None:
            yield citation, removal


def _candidates(citation: Citation, root_prefix: str) -> list[str]:
    """Where a cited path may be, top-relative: beside the file, at the root, at the top. A
    bare name (``build.sh``) is looked for beside the file only: written alone it may mean a
    file of that name anywhere."""
    cited = citation.cited.rstrip("/")
    places = [posixpath.dirname(citation.path)]
    if "/" in cited:
        places += [root_prefix, ""]
    found = []
    for place in dict.fromkeys(places):
        joined = posixpath.normpath(posixpath.join(place, cited))
        if not joined.startswith("../") and joined != "..":
            found.append(joined)
    return found


def _judge(citation: Citation, head: RepositoryAtHead, root_prefix: str) -> Removal | None:
    if citation.kind == "path":
        places = _candidates(citation, root_prefix)
        if any(head.has(p) for p in places):
            return None
        for place in places:
            if place in head.deleted and not head.ignored(place):
                return head.deleted[place]
        return None
    if citation.kind == "test":
        return _judge_test(citation, head, root_prefix)
    if citation.kind == "commit":
        return _judge_commit(citation, head) if len(head.range) == 1 else None
    return _judge_target(citation, head)


def _judge_test(citation: Citation, head: RepositoryAtHead, root_prefix: str) -> Removal | None:
    match = _TEST_ID.match(citation.cited)
    if match is None:
        return None
    file = Citation(citation.path, citation.line, "path", match.group("path"))
    places = [p for p in _candidates(file, root_prefix) if p in head.files]
    if not places:
        return _judge(file, head, root_prefix)
    name = match.group("name").split("::")[-1]
    text = head.text(places[0])
    if text is None or re.search(rf"\b(?:def|class)\s+{re.escape(name)}\b", text):
        return None
    return head.pickaxe(f"def {name}", places[0]) if name.startswith("test") else None


_TARGET_FILES = {"make target": ("Makefile", "makefile", "GNUmakefile"),
                 "npm script": ("package.json",), "just recipe": ("justfile", "Justfile",
                                                                   ".justfile")}


def _judge_target(citation: Citation, head: RepositoryAtHead) -> Removal | None:
    files = [f for f in _TARGET_FILES[citation.kind] if f in head.files]
    if not files:
        return None  # no such file at the top: a target of some other folder, not judged
    file = files[0]
    text = head.text(file)
    if text is None or citation.cited in _targets(citation.kind, text):
        return None
    needle = f'"{citation.cited}"' if citation.kind == "npm script" else f"{citation.cited}:"
    return head.pickaxe(needle, file)


def _targets(kind: str, text: str) -> set[str]:
    if kind == "npm script":
        try:
            scripts = json.loads(text).get("scripts", {})
        except (ValueError, AttributeError):
            return set()
        return set(scripts) if isinstance(scripts, dict) else set()
    if kind == "just recipe":
        return set(_JUST_RECIPE.findall(text))
    found: set[str] = set()
    for line in text.split("\n"):
        if line[:1].isspace() or line.startswith("#") or ":=" in line.split(":", 1)[0] + ":":
            continue
        head, sep, _ = line.partition(":")
        if sep and "=" not in head:
            found.update(head.split())
    return found


def _judge_commit(citation: Citation, head: RepositoryAtHead) -> Removal | None:
    """A commit of this repository that no branch or tag reaches any more (history
    rewritten: a rebase, a squash). One that is not an object here is not judged."""
    repository = head.repository
    try:
        found = repository.run("rev-parse", "--verify", "-q", "--end-of-options",
                               f"{citation.cited}^{{commit}}", allowed=(0, 1)).strip()
        if not found:
            return None
        reaching = repository.run("for-each-ref", "--count=1", "--format=%(refname)",
                                  "--contains", found.decode("ascii"))
    except GitError:
        return None
    if reaching.strip():
        return None
    return UNREACHED


#: What stands for the removing commit of a commit no ref reaches: there is none to name.
UNREACHED = Removal("", "", "", "no branch or tag reaches it (history rewritten)")
