"""CT753: Kiro specs (``.kiro/specs/<feature>/``) — a task's requirements are the spec's own.

Kiro's documentation (kiro.dev/docs/specs): each spec is ``requirements.md`` (``bugfix.md`` for
a bugfix spec), user stories whose acceptance criteria are numbered in EARS notation,
``design.md`` and ``tasks.md``, the implementation plan of discrete, trackable tasks; Kiro
ends each task with the criteria it implements (``_Requirements: 1.2, 3.1_``). Judged where a
root is a Kiro specs folder. cc-sdd writes the same specs in the language its ``spec.json``
names, the word translated (``### 要件1:`` over ``_要件: 1.1、1.2_``): read in each.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from continuity.model.conventions import KIRO_SPEC_FILES, SPEC_REQUIREMENT_WORDS
from continuity.validators.diagnostics import Violation
from continuity.validators.registry import TREE, CheckContext, rule
from continuity.validators.rules.rule_files import read_beside

#: "Requirement" in the spec's language (cc-sdd writes ``### 要件1:`` in Japanese).
_WORD = "(?:" + "|".join(SPEC_REQUIREMENT_WORDS) + ")"
#: A requirement's heading: ``### Requirement 3: Export`` (bold or not), ``### 3. Export``,
#: ``### 要件 3: エクスポート``.
REQUIREMENT_HEADING = re.compile(rf"#{{2,6}}[ \t]+[*_]{{0,2}}(?:{_WORD}[ \t]*)?(\d{{1,4}})\b",
                                 re.IGNORECASE)
#: An acceptance criterion of the requirement above: ``1. WHEN … THE SYSTEM SHALL …``.
CRITERION = re.compile(r"[ \t]*(\d{1,4})\.[ \t]")
#: A statement numbered in full (a bugfix spec's ``2.1 WHEN … SHALL …``, ``- **1.3** …``).
DOTTED = re.compile(r"[ \t]*(?:[-*+][ \t]+)?[*_]{0,2}(\d{1,4})\.(\d{1,4})\b")
#: Kiro's reference at a task's end: ``_Requirements: 1.2, 3.1_`` (``_要件: 1.2、3.1_``, a
#: full-width colon too).
REFERENCE = re.compile(rf"_{_WORD}[:\uff1a][ \t]*([^_\n]{{1,300}})_", re.IGNORECASE)
#: A reference's items: numbers (``1.2``, ``3``), ranges (``1.1-1.4``), and only these words.
NUMBER = re.compile(r"\d{1,4}(?:\.\d{1,4})?")
PLAIN_WORDS = re.compile(r"(?:requirements?|req|and|&)", re.IGNORECASE)


def requirement_numbers(text: str) -> tuple[set[str], set[str]]:
    """The numbers a requirements file gives (``3`` and ``3.1``…), and the requirements whose
    criteria it does not number (any ``N.M`` of those may be meant: nothing to judge)."""
    known: set[str] = set()
    unnumbered: set[str] = set()
    current = ""
    criteria = 0
    for line in text.split("\n"):
        heading = REQUIREMENT_HEADING.match(line)
        if heading is not None:
            if current and not criteria:
                unnumbered.add(current)
            current, criteria = heading.group(1), 0
            known.add(current)
            continue
        dotted = DOTTED.match(line)
        if dotted is not None:
            known.update((dotted.group(1), f"{dotted.group(1)}.{dotted.group(2)}"))
            criteria += 1
            continue
        criterion = CRITERION.match(line)
        if criterion is not None and current:
            known.add(f"{current}.{criterion.group(1)}")
            criteria += 1
    if current and not criteria:
        unnumbered.add(current)
    return known, unnumbered


def referenced(items: str) -> list[str] | None:
    """The requirement numbers a reference names, ends of ranges included; None where it says
    more than numbers (``Design 3.2``, ``All``): another document's numbers, not judged."""
    words = re.sub(r"\d{1,4}(?:\.\d{1,4})?|[\s,;.()\-–—、，；]", " ", items).split()
    if any(PLAIN_WORDS.fullmatch(word) is None for word in words):
        return None
    return NUMBER.findall(items)


def _spec_folders(ctx: CheckContext) -> list[str]:
    """The spec folders of a Kiro specs root (``user-authentication``), by name."""
    root = ctx.tree.root
    if root.name != "specs" or root.parent.name != ".kiro":
        return []
    return sorted({each.path.split("/", 1)[0] for each in ctx.tree.linked
                   if each.path.count("/") == 1 and each.path.rpartition("/")[2] in KIRO_SPEC_FILES})


@rule("CT753", "spec-requirement-unknown", "warning", reach=TREE)
def spec_requirement_unknown(ctx: CheckContext) -> Iterator[Violation]:
    """A task of a Kiro spec names a requirement its `requirements.md` does not have.

    Kiro numbers each requirement's acceptance criteria (`1.1`, `1.2`…; a bugfix spec's
    statements in `bugfix.md` likewise) and ends each task with those it implements,
    `_Requirements: 1.2, 3.1_`. A number the requirements no longer give (a requirement
    removed or renumbered after the tasks were written) leaves the task tied to nothing: what
    it must satisfy is lost. References that say more than numbers (`_Requirements: All_`,
    another document's section) and requirements whose criteria are not numbered are passed
    over.

    **Example**

        - [ ] 5. Add theme transitions
          - _Requirements: 5.1, 5.2_      # requirements.md ends at Requirement 4

    **Fix**

    Point the task at the criteria it implements now, or restore the requirement.
    """
    root = ctx.tree.root
    for folder in _spec_folders(ctx):
        texts = [read_beside(ctx, root / folder / name) or ""
                 for name in ("requirements.md", "bugfix.md")]
        known, unnumbered = requirement_numbers("\n".join(texts))
        tasks = read_beside(ctx, root / folder / "tasks.md")
        if not known or tasks is None:
            continue
        yield from _unknown_references(f"{folder}/tasks.md", tasks, known, unnumbered)


def _unknown_references(path: str, tasks: str, known: set[str],
                        unnumbered: set[str]) -> Iterator[Violation]:
    """One finding per reference line naming numbers the requirements do not give; fenced
    code (an example of the format) is passed over."""
    fenced = False
    for number, line in enumerate(tasks.split("\n"), 1):
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
            continue
        if fenced:
            continue
        for match in REFERENCE.finditer(line):
            names = referenced(match.group(1)) or []
            unknown = [name for name in names if name not in known
                       and name.split(".", 1)[0] not in unnumbered]
            if unknown:
                yield Violation(path, f"_Requirements: {', '.join(dict.fromkeys(unknown))} "
                                "names no requirement of the spec's requirements",
                                "point the task at the criteria it implements, or restore "
                                "the requirement", number, match.start() + 1)
