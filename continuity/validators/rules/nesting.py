"""CT1xx rules about how memory roots nest (the protocol's nesting model), apart from tree.py's
rules about one root's own files and directories."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

from continuity.formats.markdown import PLACEHOLDER
from continuity.validators.diagnostics import Violation
from continuity.validators.registry import LINKS, CheckContext, rule


@rule("CT109", "parent-missing", "error", reach=LINKS)
def parent_missing(ctx: CheckContext) -> Iterator[Violation]:
    """A state file declares a `parent:` that does not exist.

    A child root names the state file it refines (the protocol's nesting model): an agent
    entering the child loads the parent first, and the child may not weaken it. A parent that
    is not there, or lies outside the repository, leaves the child without the constraints it
    claims to inherit, and every agent that follows the declaration fails to load it. The
    declaration is read from the frontmatter's `parent` key, or from a ```` ```yaml ```` block
    before the first `##` heading.

    **Example**

        backend/STATE.md:
        ---
        parent: ../STATE.md      <- there is no STATE.md above backend/
        ---

    **Fix**

    Point `parent:` at the state file of the enclosing root (`../STATE.md`, `../../AGENTS.md`),
    create that file, or remove the declaration if this root stands alone.
    """
    tree = ctx.tree
    top = tree.repo_root.resolve() if tree.repo_root is not None else None
    for state in tree.state_files:
        if state.parent is None:
            continue
        written, line = state.parent
        if PLACEHOLDER.search(written):
            continue  # an unfilled template: CT107
        target = Path(os.path.normpath(tree.root / Path(state.path).parent / written))
        if top is not None and target != top and top not in target.parents:
            yield Violation(
                state.path,
                f"parent: {written} lies outside the repository; it is not followed",
                "point parent: at a state file of the enclosing memory root, inside the "
                "repository", line, 1)
        elif not target.is_file():
            what = "is a directory, not a state file" if target.is_dir() else "does not exist"
            yield Violation(
                state.path, f"parent: {written} {what}",
                "point parent: at the enclosing root's state file (for example ../STATE.md), "
                "create it, or remove the declaration", line, 1)
