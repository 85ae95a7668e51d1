"""The bad inputs (issue 7) as data: one Case per input, each on its own paths,
so that every case can be planted alone in a minimal tree or all at once in one repository.

A case lists the files it writes, the links it makes and the huge files it grows, and what
`continuity check --no-git` must say about them: the exact (code, path) pairs. A case whose
input is well-formed (a BOM, CRLF, a link inside the tree) expects nothing, which is also a
statement: the input is read as the good file it is.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from continuity.model.tree import MAX_NESTING
from tests.support.common import minimal_tree, write_files

#: The content of every file outside the repository that a link points at. It must appear in
#: no output and in no file of a built site or a generated directory.
OUTSIDE_MARKER = "OUTSIDE-MARKER-5e1f0c9b"
#: What a link case writes in place of its target: the directory of files outside the repo.
OUTSIDE = "{outside}"

HUGE_SIZE = 200 * 1024 * 1024  # 200 MB, sparse on disk

JOURNAL_BODY = minimal_tree()["journal/2026-01-02-turn-1.md"].split("---\n", 2)[2]
LEDGER = ".agents/evolve/cycle-history.jsonl"
SESSION_STATE = ".agents/evolve/session-state.json"
KNOWLEDGE = "# KNOWLEDGE\n\n## Mesh index\n\n- **Indexes:** `knowledge/`\n"


def journal(day: int, turn: int, extra: str = "", body: str = JOURNAL_BODY,
            objective: str = "parse constants") -> str:
    """A journal entry that breaks no rule: its name is journal/2026-01-DD-turn-N.md."""
    return (f"---\ndate: 2026-01-{day:02d}\nturn: {turn}\nobjective: {objective}\n{extra}---\n"
            + body.replace("2026-01-02", f"2026-01-{day:02d}"))


def journal_path(day: int, turn: int) -> str:
    return f"journal/2026-01-{day:02d}-turn-{turn}.md"


def note_line(fact: str, **extra) -> str:
    return json.dumps({"time": "2026-01-05T10:00:00Z", "project": "tidewater", "fact": fact,
                       **extra}, ensure_ascii=False)


def cycle_line(number: int, **extra) -> str:
    return json.dumps({"cycle": number, "target": "idle", "result": "unchanged",
                       "timestamp": f"2026-01-05T10:{number:02d}:00Z", **extra},
                      ensure_ascii=False)


@dataclass(frozen=True)
class Case:
    """One bad input: what it writes, and the findings `check --no-git` must report."""

    name: str
    files: dict[str, str | bytes] = field(default_factory=dict)
    links: dict[str, str] = field(default_factory=dict)  # path -> link text ({outside}/...)
    huge: tuple[str, ...] = ()  # paths grown to HUGE_SIZE after a first line of text
    fifos: tuple[str, ...] = ()  # named pipes: reading one waits forever for a writer
    nested: tuple[str, ...] = ()  # files far below their directory (not committed: slow)
    expect: frozenset[tuple[str, str]] = frozenset()  # (code, path) that must be reported
    #: Words a note of this case holds, for `continuity recall` (None: the case has no note).
    recall: str | None = None

    @property
    def paths(self) -> tuple[str, ...]:
        return (*self.files, *self.links, *self.huge, *self.fifos, *self.nested)


def _expect(*pairs: tuple[str, str]) -> frozenset[tuple[str, str]]:
    return frozenset(pairs)


#: A proposal as the built-in template wants it (what applies when the template is a link out).
PROPOSAL = ("---\ndate: 2026-01-19\ntopic: linked template\nstatus: reviewed\n---\n\n"
            "# Proposal — linked template\n\n## Goal\n\nA template out of the tree.\n\n"
            "## Approach\n\nUse the built-in one.\n\n## Risks\n\nNone.\n\n"
            "## Decision\n\nAccepted.\n")

HOSTILE_HTML = (
    "---\ndate: 2026-01-22\nturn: 22\n"
    "objective: \"<script>alert('frontmatter')</script> <img src=x onerror=alert(9)>\"\n"
    "link: \"javascript:alert('meta')\"\n---\n\n"
    "# Turn 22 </title><img src=x onerror=\"alert('title')\">\n\n"
    "## Context before\n\n<script>alert('body')</script>\n\n"
    "A [script link](javascript:alert(3)) and <a href=\"javascript:alert(5)\">a raw one</a>.\n\n"
    "## Actions taken\n\n| Step | Note |\n|---|---|\n"
    "| 1 | <img src=x onerror=\"alert('cell')\"> |\n"
    "| 2 | [cell link](javascript:alert('cell')) |\n\n"
    "## Result\n\n<div onmouseover=\"alert(6)\">hover</div>\n\n## Next\n\nNothing.\n"
)

HOSTILE_COMPLETED = (
    "# Completed </title><svg onload=alert(1)>\n\n## Task\n\n| Field | Value |\n|-------|-------|\n"
    "| Task ID | T-9 |\n| Description | <img src=x onerror=alert('desc')> |\n"
    "| Project | tidewater |\n| Started | 2026-01-22 |\n| Completed | 2026-01-23 |\n"
    "| Authority | wren |\n\n## Result\n\nDone.\n\n## Evidence\n\n| Evidence | Path / URL |\n"
    "|---|---|\n| proof | [run](javascript:alert('evidence')) |\n\n## Learnings\n\n- none\n\n"
    "## Follow-up\n\n- None\n"
)

ALIAS_BOMB = "\n".join(
    ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    + [f"{chr(97 + d)}: &{chr(97 + d)} [" + ", ".join([f"*{chr(96 + d)}"] * 10) + "]"
       for d in range(1, 12)]) + "\n"

#: Names that tools quoting paths for a shell, a URL or HTML get wrong.
ODD_NAMES = {
    "spaces": "journal/2026-01-21-turn-21 copy.md",
    "quotes": "knowledge/it's \"quoted\".md",
    "newline": "knowledge/two\nlines.md",
    "non-ascii": "knowledge/marées-été.md",
    "markup-name": "knowledge/<img src=x onerror=alert(1)>.md",
    "scheme-name": "knowledge/javascript:alert(1).md",
}

#: A file 1,200 directories below journal/ (deeper than Python's recursion limit): discovery
#: stops at MAX_NESTING levels and reports the directory there as one unreadable entry.
DEEP_FILE = "journal/" + "d/" * 1200 + "2026-01-29-turn-29.md"
DEEP_REPORTED = "journal/" + "/".join(["d"] * (MAX_NESTING + 1))

CASES: tuple[Case, ...] = (
    # ------------------------------------------------------------------ encodings
    Case("non-utf8", {journal_path(5, 5): journal(5, 5).encode().replace(b"Wrote", b"Wr\xf6te")},
         expect=_expect(("CT210", journal_path(5, 5)))),
    Case("binary-entry", {journal_path(6, 6): b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00"},
         expect=_expect(("CT210", journal_path(6, 6)))),
    Case("binary-state", {"PLAN.md": b"# PLAN\n\x00\x01\x02\n"},
         expect=_expect(("CT210", "PLAN.md"))),
    Case("binary-note-store", {"notes/binary.jsonl": b"\x00\x01\x02\xff\n"},
         expect=_expect(("CT501", "notes/binary.jsonl"))),
    Case("bom", {journal_path(7, 7): b"\xef\xbb\xbf" + journal(7, 7).encode()}),
    Case("crlf", {journal_path(8, 8): journal(8, 8).replace("\n", "\r\n").encode()}),
    Case("bom-crlf-notes", {"notes/crlf.jsonl": b"\xef\xbb\xbf" + (
        note_line("Windows line endings are read.") + "\r\n").encode()},
         recall="windows endings"),
    # ------------------------------------------------------------------ empty files
    Case("empty-entry", {journal_path(9, 9): ""}, expect=_expect(("CT201", journal_path(9, 9)))),
    Case("empty-state", {"TASKS.md": ""}),
    Case("empty-note-store", {"notes/empty.jsonl": ""}),
    Case("empty-template", {"INFRASTRUCTURE.md": "# INFRASTRUCTURE\n",
                            "audits/ENTRY.template.md": "",
                            "audits/2026-01-09-empty-template.md": "# Audit\n"}),
    # ------------------------------------------------------------------ YAML
    Case("yaml-broken", {journal_path(10, 10): journal(10, 10, "\tbroken: [\n")},
         expect=_expect(("CT201", journal_path(10, 10)))),
    Case("alias-bomb", {journal_path(11, 11): journal(11, 11, ALIAS_BOMB)},
         expect=_expect(("CT201", journal_path(11, 11)))),
    Case("yaml-too-deep", {journal_path(26, 26): journal(26, 26, "deep: " + "[" * 10_000 + "\n")},
         expect=_expect(("CT201", journal_path(26, 26)))),
    Case("yaml-deep-but-valid", {journal_path(27, 27): journal(
        27, 27, "deep: " + "{a: " * 900 + "1" + "}" * 900 + "\n")},
         expect=_expect(("CT207", journal_path(27, 27)))),
    Case("duplicate-keys", {journal_path(12, 12): journal(12, 12, "turn: 12\n")},
         expect=_expect(("CT201", journal_path(12, 12)))),
    Case("pyyaml-dates", {
        "snapshots/2026-01-13T08-00-00.md": minimal_tree()["snapshots/2026-01-02T10-00-00.md"]
        .replace("2026-01-02T10:00:00Z", "2026-01-13 08:00:00").replace("version: 0.1",
                                                                          "version: 1.10"),
        journal_path(14, 14): journal(14, 14).replace("date: 2026-01-14", "date: 2026-1-14")},
         expect=_expect(("CT204", journal_path(14, 14)))),
    Case("yes-no-on", {
        "TOOLS.md": "# TOOLS\n\n## Mesh index\n\n- **Indexes:** `setup/`\n",
        "setup/ENTRY.template.md": "---\ndate: {{DATE}}\napproved: yes|no\n---\n",
        "setup/2026-01-15-caddy.md": "---\ndate: 2026-01-15\napproved: no\nsigned: yes\n---\n",
        "setup/2026-01-16-nginx.md": "---\ndate: 2026-01-16\napproved: on\n---\n"},
         expect=_expect(("CT204", "setup/2026-01-16-nginx.md"),
                        ("CT207", "setup/2026-01-15-caddy.md"))),
    # ------------------------------------------------------------------ size
    Case("huge-entry", huge=(journal_path(17, 17),),
         expect=_expect(("CT603", journal_path(17, 17)))),
    Case("huge-state", huge=("BACKLOG.md",), expect=_expect(("CT603", "BACKLOG.md"))),
    Case("huge-note-store", huge=("notes/huge.jsonl",),
         expect=_expect(("CT603", "notes/huge.jsonl"))),
    # ------------------------------------------------------------------ Markdown engines
    # Python-Markdown is quadratic in brackets left open (this one would take hours), recurses
    # per nested list (RecursionError), and the sanitiser is quadratic in open elements.
    Case("markdown-open-brackets", {journal_path(29, 29): journal(29, 29, body=(
        JOURNAL_BODY + "\n" + "[" * 200_000 + "\n"))}),
    Case("markdown-nested-lists", {journal_path(30, 30): journal(30, 30, body=(
        JOURNAL_BODY + "\n" + "\n".join("    " * level + "1. x" for level in range(400))
        + "\n"))}),
    Case("markdown-open-elements", {journal_path(31, 31): journal(31, 31, body=(
        JOURNAL_BODY + "\n" + "<div>" * 40_000 + "\n"))},
         expect=_expect(("CT604", journal_path(31, 31)))),
    # ------------------------------------------------------------------ nesting
    Case("deep-directories", nested=(DEEP_FILE,),
         expect=_expect(("CT101", DEEP_REPORTED), ("CT210", DEEP_REPORTED))),
    # ------------------------------------------------------------------ special files
    Case("named-pipes", {"notes/piped-index.jsonl": note_line("A piped index is rebuilt.")
                         + "\n"},
         fifos=(journal_path(28, 28), "SOUL.md", "notes/pipe.jsonl",
                "notes/.piped-index.jsonl.index.json"), recall="piped index rebuilt",
         expect=_expect(("CT210", journal_path(28, 28)), ("CT210", "SOUL.md"))),
    # ------------------------------------------------------------------ links
    Case("link-inside", {"drafts/turn-18.md": journal(18, 18)},
         links={journal_path(18, 18): "../drafts/turn-18.md"}),
    Case("link-out-entry", links={journal_path(19, 19): f"{OUTSIDE}/secret.md"},
         expect=_expect(("CT602", journal_path(19, 19)))),
    Case("link-out-state", links={"MEMORY.md": f"{OUTSIDE}/secret.md"},
         expect=_expect(("CT602", "MEMORY.md"))),
    Case("link-out-directory", links={"reflections": f"{OUTSIDE}/reflections"},
         expect=_expect(("CT602", "reflections"))),
    Case("link-out-note-store", links={"notes/linked.jsonl": f"{OUTSIDE}/notes.jsonl"},
         expect=_expect(("CT602", "notes/linked.jsonl"))),
    Case("link-out-session-state", links={SESSION_STATE: f"{OUTSIDE}/session.json"},
         expect=_expect(("CT602", SESSION_STATE))),
    Case("link-out-template", links={"proposals/ENTRY.template.md": f"{OUTSIDE}/secret.md"},
         files={"proposals/2026-01-19-linked-template.md": PROPOSAL},
         expect=_expect(("CT602", "proposals/ENTRY.template.md"),
                        ("CT103", "proposals"))),
    Case("link-loop", links={journal_path(23, 23): "2026-01-24-turn-24.md",
                             journal_path(24, 24): "2026-01-23-turn-23.md"},
         expect=_expect(("CT602", journal_path(23, 23)), ("CT602", journal_path(24, 24)))),
    Case("link-dangling", links={journal_path(25, 25): "gone.md"},
         expect=_expect(("CT210", journal_path(25, 25)))),
    # ------------------------------------------------------------------ JSON Lines
    Case("jsonl-no-final-newline", {"notes/no-newline.jsonl": note_line(
        "The last line of this store has no newline.")}, recall="last line newline"),
    Case("jsonl-truncated-last-line", {"notes/truncated.jsonl": note_line(
        "The line before a cut one is still read.") + "\n"
        + '{"time": "2026-01-05T10:00:00Z", "project": "tidewater", "fact": "cut sho'},
         expect=_expect(("CT501", "notes/truncated.jsonl")), recall="cut one still"),
    Case("jsonl-blank-lines", {"notes/blank.jsonl": "\n" + note_line(
        "Blank lines around a note are skipped.") + "\n\n   \n"}, recall="blank lines skipped"),
    Case("ledger-jsonl", {LEDGER: cycle_line(1, target="<script>alert('ledger')</script>")
                          + "\n\n" + cycle_line(2) + "\n"
                          + '{"cycle": 3, "target": "idle", "res'},
         expect=_expect(("CT401", LEDGER))),
    # ------------------------------------------------------------------ names
    *(Case(f"name-{kind}", {path: "# An odd name\n", "KNOWLEDGE.md": KNOWLEDGE}
           if not path.startswith("journal/") else {path: journal(21, 21)},
           expect=_expect(("CT101", path))) for kind, path in ODD_NAMES.items()),
    # ------------------------------------------------------------------ scripts
    Case("html-entry", {journal_path(22, 22): HOSTILE_HTML},
         expect=_expect(("CT604", journal_path(22, 22)), ("CT207", journal_path(22, 22)))),
    Case("html-completed", {"completed/2026-01-23-hostile-cells.md": HOSTILE_COMPLETED},
         expect=_expect(("CT604", "completed/2026-01-23-hostile-cells.md"))),
    Case("html-note", {"notes/html.jsonl": note_line(
        "The old dashboard ran <script>alert('note')</script> on load.",
        tags=["<img src=x onerror=alert(1)>"]) + "\n"}, recall="dashboard load"),
)



def outside_files(outside: Path) -> None:
    """The files outside the repository that the link cases point at, each holding the marker."""
    files = {
        "secret.md": journal(19, 19, body=f"\n# {OUTSIDE_MARKER}\n\n{OUTSIDE_MARKER}\n"),
        "notes.jsonl": note_line(f"The outside note says {OUTSIDE_MARKER}.") + "\n",
        "session.json": json.dumps({"cycle": 1, "marker": OUTSIDE_MARKER}) + "\n",
        f"reflections/2026-01-20-{OUTSIDE_MARKER.lower()}.md": f"# {OUTSIDE_MARKER}\n",
    }
    for name, content in files.items():
        path = outside / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")


def plant(root: Path, case: Case, outside: Path, *, special: bool = True) -> None:
    """Write ``case`` into the memory tree at ``root`` (links to ``outside`` for {outside});
    ``special``: also its huge files, named pipes (git cannot commit them) and deep files."""
    write_files(root, case.files)
    for name, target in case.links.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        os.symlink(target.replace(OUTSIDE, str(outside)), path)
    if special:
        plant_special(root, case)


def make_directories(directory: Path) -> None:
    """``mkdir -p`` as a loop (pathlib's recursion stops short of DEEP_FILE's depth)."""
    missing = []
    while not directory.is_dir():
        missing.append(directory)
        directory = directory.parent
    for path in reversed(missing):
        path.mkdir()


def plant_special(root: Path, case: Case) -> None:
    for name in case.huge:
        grow_huge(root / name)
    for name in case.fifos:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(root / name)
    for name in case.nested:
        make_directories((root / name).parent)
        (root / name).write_text("# Deep down\n", "utf-8")


def grow_huge(path: Path, first_line: bytes = b"# {{PLACEHOLDER}} huge\n") -> None:
    """A file of HUGE_SIZE bytes: a line of text, then a hole (nothing is written to disk)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(first_line)
        handle.truncate(HUGE_SIZE)
