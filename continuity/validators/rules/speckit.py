"""CT79x: Spec Kit — the constitution and the numbered feature folders.

GitHub Spec Kit keeps the project's principles in ``.specify/memory/constitution.md``, filled
from a template by ``/speckit.constitution`` (its placeholders ``[PROJECT_NAME]``,
``[CONSTITUTION_VERSION]`` replaced; a version line "**Version**: X.Y.Z | **Ratified**: … |
**Last Amended**: …"), and each feature in ``specs/NNN-name/``: ``spec.md`` (``/specify``),
then ``plan.md`` (``/plan``), then ``tasks.md`` (``/tasks``), whose tasks are numbered
``T001``, ``T002``… Judged where a root follows Spec Kit's convention.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from continuity.formats.markdown import CODE_SPAN, MarkdownDoc
from continuity.model.tree import FEATURE_FILES, TASK_LINE, constitution, feature_folders
from continuity.validators.diagnostics import Violation
from continuity.validators.registry import TREE, CheckContext, rule
from continuity.validators.rules.rule_files import read_beside

PLACEHOLDER = re.compile(r"\[[A-Z][A-Z0-9_]{2,}\](?![(\[])")  # not a link's text: [ADR](x.md)
#: "**Version**: 1.0.0 | **Ratified**: …", in any language ("**版本**：1.0.0"): a bold label,
#: a colon (or a full-width one), a version number.
#: Or the version the sync impact report at its top records ("Version change: 1.1.0 → 1.2.0"):
#: the constitution is versioned, though its footer line went missing.
VERSION_NAMED = re.compile(r"(?i)\bversion\b[^\n]{0,40}?\d+\.\d+\.\d+")
VERSION_LINE = re.compile(r"\*\*[^*\n]{1,30}\*\*\s*[:：]?\s*\**\s*[:：]?\s*v?\d+\.\d+(?:\.\d+)?\b")
#: Each feature file and the one it is made from (spec -> plan -> tasks).
MADE_FROM = {"plan.md": "spec.md", "tasks.md": "plan.md"}
#: The first file a later file's header names as its input, as Spec Kit's templates write it
#: ("**Prerequisites**: plan.md (required), spec.md …", "**Input**: … from `/specs/…/spec.md`"):
#: the source, under the name this project gave it (set 40: `impl-plan.md (required)`).
SOURCE_NAMED = re.compile(r"^\*\*(?:Prerequisites|Input)\*\*:[^\n]{0,200}?([\w.\-]{1,80}\.md)\b",
                          re.M)


@rule("CT791", "constitution-unfilled", "warning")
def constitution_unfilled(ctx: CheckContext) -> Iterator[Violation]:
    """Spec Kit's constitution is still the template, or has no version line.

    `/speckit.constitution` fills `.specify/memory/constitution.md` from its template,
    replacing every placeholder (`[PROJECT_NAME]`, `[PRINCIPLE_1_NAME]`) and stamping
    "**Version**: X.Y.Z | **Ratified**: … | **Last Amended**: …"; every later command checks
    its plans against it. Placeholders left, or no version, mean the agent plans against a
    form, not the project's principles.

    **Example**

        # [PROJECT_NAME] Constitution
        **Version**: [CONSTITUTION_VERSION] | **Ratified**: [RATIFICATION_DATE]

    **Fix**

    Run `/speckit.constitution` with the project's principles, or fill the placeholders in
    and give it a version (1.0.0).
    """
    path = constitution(ctx.tree.root)
    text = read_beside(ctx, ctx.tree.root / path)
    if text is None:
        return
    in_code = MarkdownDoc(text).in_code  # an exemption marker's format shown in a code block
    # The sync impact report /speckit.constitution prepends (an HTML comment) names the
    # template's sections it removed by their placeholders ("Removed sections:
    # [SECTION_2_NAME]"): a record of the filling, not a placeholder left.
    lines = text.split("\n")
    left = [(number, match.group())
            for number, line in enumerate(_without_comments(text).split("\n"), 1)
            if not (number <= len(in_code) and in_code[number - 1])
            for match in PLACEHOLDER.finditer(CODE_SPAN.sub(lambda s: " " * len(s.group()), line))]
    if left:
        names = sorted({name for _, name in left})
        yield Violation(path, f"the constitution still holds {len(left)} template "
                        f"placeholder{'s' if len(left) != 1 else ''} ({', '.join(names[:4])}"
                        f"{', …' if len(names) > 4 else ''}): it was never filled in",
                        "run /speckit.constitution, or fill the placeholders in",
                        left[0][0], 1)
    elif not any(VERSION_LINE.search(line) or VERSION_NAMED.search(line) for line in lines):
        yield Violation(path, "the constitution has no version line (**Version**: "
                        "X.Y.Z | **Ratified**: … | **Last Amended**: …)",
                        "add the version line: amendments are versioned", 1, 1)


def _without_comments(text: str) -> str:
    """``text`` with each closed HTML comment (``<!-- … -->``) blanked, its line breaks kept:
    a scan from one ``<!--`` to its ``-->``, linear in the text."""
    parts: list[str] = []
    position = 0
    while (start := text.find("<!--", position)) >= 0:
        close = text.find("-->", start + 4)
        if close < 0:
            break
        end = close + 3
        parts.append(text[position:start])
        parts.append(re.sub(r"[^\n]", " ", text[start:end]))
        position = end
    parts.append(text[position:])
    return "".join(parts)


def _features(ctx: CheckContext) -> list[str]:
    """The feature folders, root-relative (``specs/001-login``, ``.specify/specs/002-navbar``)."""
    return feature_folders(ctx.tree.root)


@rule("CT792", "feature-files", "warning", reach=TREE)
def feature_files(ctx: CheckContext) -> Iterator[Violation]:
    """A Spec Kit feature folder has a plan without its spec, or tasks without their plan.

    Each feature is made in order: `spec.md` (`/specify`), `plan.md` from it (`/plan`),
    `tasks.md` from the plan (`/tasks`). A later file whose source is gone (renamed, moved
    to another folder, never committed) is a plan nobody can check against its spec. Where no
    feature folder holds the source and two or more hold the later file, the project works
    without that step (tasks written straight from the spec): nothing was lost, and the rule
    is silent.

    **Example**

        specs/003-export/plan.md
        specs/003-export/tasks.md     # no spec.md

    **Fix**

    Restore or commit the missing file, or move the feature's files into one folder.
    """
    root = ctx.tree.root
    features = _features(ctx)
    # A source file no feature folder holds, where two or more folders have the later file, is
    # the project's way of working (features written as spec and tasks, never planned), not a
    # file lost from one feature: the rule's premise, a source gone, does not hold there.
    kept = {source for later, source in MADE_FROM.items()
            if any((root / feature / source).is_file() for feature in features)
            or sum((root / feature / later).is_file() for feature in features) < 2}
    for feature in features:
        folder = root / feature
        for later, source in MADE_FROM.items():
            if source not in kept:
                continue
            if (folder / later).is_file() and not (folder / source).is_file() and \
                    not _source_renamed(ctx, folder, later):
                yield Violation(f"{feature}/{later}", f"{feature}/ has {later} but "
                                f"no {source}, which it is made from",
                                f"restore {feature}/{source}, or move the feature's "
                                "files together")


def _source_renamed(ctx: CheckContext, folder: Path, later: str) -> bool:
    """Whether ``later``'s header names its source under another name, a file the feature
    folder holds (tasks made from `impl-plan.md`, which the tasks say): nothing was lost."""
    text = read_beside(ctx, folder / later) or ""
    named = SOURCE_NAMED.search(text[:4096])
    # A name of the feature's own files (spec.md first, plan.md missing) is no renamed source.
    return named is not None and named[1] not in FEATURE_FILES and (folder / named[1]).is_file()


@rule("CT793", "task-id-repeated", "warning")
def task_id_repeated(ctx: CheckContext) -> Iterator[Violation]:
    """A task id appears on two tasks of one Spec Kit `tasks.md`.

    `/tasks` numbers a feature's tasks `T001`, `T002`…; the ids are how `/implement`, the
    checklist and the people tracking progress name a task. Two tasks with one id make
    "T014 done" ambiguous.

    **Example**

        - [ ] T014 Create the export endpoint
        - [ ] T014 [P] Test the export endpoint

    **Fix**

    Renumber the later task (and any task that refers to it).
    """
    root = ctx.tree.root
    for feature in _features(ctx):
        relative = f"{feature}/tasks.md"
        text = read_beside(ctx, root / relative)
        if text is None:
            continue
        seen: Counter[str] = Counter()
        for number, line in enumerate(text.split("\n"), 1):
            match = TASK_LINE.match(line)
            if match is None:
                continue
            seen[match.group(2)] += 1
            if seen[match.group(2)] == 2:
                yield Violation(relative, f"task id {match.group(2)} is given to a second task",
                                f"renumber this task (the first {match.group(2)} is above)",
                                number, 1)
