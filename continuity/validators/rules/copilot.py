"""CT77x: GitHub Copilot instructions (``.github/instructions/*.instructions.md``).

GitHub's documentation: a path-specific instructions file names the files it applies to in
its frontmatter, ``applyTo`` (globs, comma-separated); Copilot applies it when working on a
matching file. Judged where a root follows Copilot's convention (the ``.github`` folder).
"""

from __future__ import annotations

from collections.abc import Iterator

from continuity.validators.diagnostics import Violation
from continuity.validators.registry import TREE, CheckContext, rule
from continuity.validators.rules.rule_files import (
    absent_languages,
    for_absent_languages,
    front_fields,
    globs,
    listed,
    matches_some_file,
    names_a_missing_place,
    read_beside,
)


@rule("CT771", "instructions-apply-to", "warning", reach=TREE)
def instructions_apply_to(ctx: CheckContext) -> Iterator[Violation]:
    """A Copilot `.instructions.md` file has no `applyTo`, or its globs match no file.

    Copilot applies a path-specific instructions file to the files its `applyTo` globs
    match ("applyTo: "app/models/**/*.rb""); with no `applyTo` the file is not applied
    automatically, and with globs that match nothing in the repository it never is. An empty
    file asks nothing of Copilot: it is passed over, and so are globs of files not written yet
    (`**/*.test.ts` beside `.ts` sources, under no folder or one the repository has): they
    apply once such a file exists. So are files for two or more languages the repository has
    no file of (`go.instructions.md`, `python.instructions.md`, `rust.instructions.md` in a
    project template): a catalogue kept for the projects made from it.

    **Example**

        .github/instructions/react.instructions.md:
        ---
        applyTo: "web/**/*.tsx"      # the app moved to app/
        ---

    **Fix**

    Set `applyTo` to the files the instructions concern (`"**/*.ts,**/*.tsx"`, or `"**"` for
    all).
    """
    root = ctx.tree.root
    unmatched: list[tuple[Violation, frozenset[str]]] = []
    for path in listed(root / "instructions", "*.instructions.md"):
        relative = f"instructions/{path.name}"
        text = read_beside(ctx, path)
        if text is None or not text.strip():
            continue  # an empty file (0 bytes) asks nothing of Copilot: nothing to apply
        fields = front_fields(text)
        value = fields[0].get("applyTo", "") if fields else ""
        if not value:
            yield Violation(relative, "no applyTo in its frontmatter: Copilot does not apply "
                            "this file by itself", "add applyTo: \"**/*.ts\" (the files it "
                            "concerns) to the frontmatter", 1, 1)
            continue
        patterns = globs(value)
        if patterns and not any(matches_some_file(ctx, each) for each in patterns) and \
                all(names_a_missing_place(ctx, each) for each in patterns):
            line = fields[1]["applyTo"] if fields else 1
            unmatched.append((Violation(relative, f"applyTo {value!r} matches no file of the "
                                        "repository: Copilot never applies this file",
                                        "point applyTo at the files the instructions concern",
                                        line, 1), absent_languages(ctx, patterns)))
    catalogue = for_absent_languages([languages for _, languages in unmatched])
    for violation, languages in unmatched:
        if not (catalogue and languages):
            yield violation
