"""CT75x: Kiro steering (``.kiro/steering/*.md``) — when each file is included.

Kiro's documentation: a steering file's frontmatter says when it is included, ``inclusion:``
``always`` (the default, no frontmatter), ``fileMatch`` with a ``fileMatchPattern``, ``manual``
(referenced as ``#name`` in chat) or ``auto`` (by its ``description``). Judged where a root
follows Kiro's convention (the ``.kiro/steering`` folder).
"""

from __future__ import annotations

from collections.abc import Iterator

from continuity.model.conventions import did_you_mean
from continuity.validators.diagnostics import Violation
from continuity.validators.registry import TREE, CheckContext, rule
from continuity.validators.rules.rule_files import (
    absent_languages,
    for_absent_languages,
    front_fields,
    globs,
    matches_some_file,
    names_a_missing_place,
)

INCLUSION = ("always", "fileMatch", "manual", "auto")


@rule("CT751", "steering-inclusion", "error")
def steering_inclusion(ctx: CheckContext) -> Iterator[Violation]:
    """A Kiro steering file's `inclusion` is not one Kiro knows.

    Kiro includes a steering file `always`, on `fileMatch`, `manual`ly or `auto`matically
    (by its description); any other value (a typo, another tool's word such as
    `alwaysApply`'s `true`) leaves the file's inclusion to chance.

    **Example**

        ---
        inclusion: filematch      # Kiro writes fileMatch
        fileMatchPattern: "components/**/*.tsx"
        ---

    **Fix**

    Write one of always, fileMatch, manual, auto.
    """
    for state in ctx.tree.state_files:
        fields = front_fields(state.file.text or "")
        if fields is None or "inclusion" not in fields[0]:
            continue
        value = fields[0]["inclusion"]
        if value in INCLUSION:
            continue
        yield Violation(state.path, f"inclusion: {value!r} is not one of Kiro's "
                        f"({', '.join(INCLUSION)}){did_you_mean(value, INCLUSION)}",
                        "write always, fileMatch, manual or auto", fields[1]["inclusion"], 1)


@rule("CT752", "steering-file-match", "warning", reach=TREE)
def steering_file_match(ctx: CheckContext) -> Iterator[Violation]:
    """A `fileMatch` steering file has no `fileMatchPattern`, or its pattern matches no file.

    Kiro includes a `fileMatch` steering file "only when working with files that match the
    specified pattern": without a pattern, or with one no file of the repository matches (a
    renamed folder, a pattern for another layout), the file is never included. A pattern of
    files not written yet (`src/**/*.spec.ts` beside `.ts` sources under `src/`) is passed
    over: it includes the file once one exists. So are files for two or more languages the
    repository has no file of (a template's steering for each stack it may be used with).

    **Example**

        ---
        inclusion: fileMatch
        fileMatchPattern: "app/**/*.vue"    # the project has no .vue files
        ---

    **Fix**

    Set `fileMatchPattern` to the files the guidance concerns (`"components/**/*.tsx"`), or
    include the file `always` or `manual`.
    """
    unmatched: list[tuple[Violation, frozenset[str]]] = []
    for state in ctx.tree.state_files:
        fields = front_fields(state.file.text or "")
        if fields is None or fields[0].get("inclusion") != "fileMatch":
            continue
        values, lines = fields
        pattern = values.get("fileMatchPattern", "")
        if not pattern:
            yield Violation(state.path, "inclusion: fileMatch with no fileMatchPattern: Kiro "
                            "never includes this file", "add fileMatchPattern: \"src/**/*.ts\" "
                            "(the files it concerns)", lines["inclusion"], 1)
            continue
        patterns = globs(pattern)
        if patterns and not any(matches_some_file(ctx, each) for each in patterns) and \
                all(names_a_missing_place(ctx, each) for each in patterns):
            unmatched.append((Violation(state.path, f"fileMatchPattern {pattern!r} matches no "
                                        "file of the repository: Kiro never includes this file",
                                        "point the pattern at the files the guidance concerns",
                                        lines["fileMatchPattern"], 1), absent_languages(ctx, patterns)))
    catalogue = for_absent_languages([languages for _, languages in unmatched])
    for violation, languages in unmatched:
        if not (catalogue and languages):
            yield violation
