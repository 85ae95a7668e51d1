"""CT71x: Cline memory bank — the core files Cline reads at the start of every task. Judged
only where the root follows Cline's convention (``continuity.model.conventions``)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from continuity.formats.markdown import MarkdownDoc
from continuity.validators.diagnostics import Violation
from continuity.validators.registry import CheckContext, rule
from continuity.validators.rules.rule_files import listed, read_beside

#: The rules a project writes for the agents that keep its bank: Cline's ``.clinerules`` (a file
#: or a folder), Roo Code's ``.roorules`` and ``.roo/rules/``, and the other agents' instruction
#: files; read beside the bank's folder and at the repository's top.
_RULE_FILES = (".clinerules", ".roorules", "CLAUDE.md", "AGENTS.md", "GEMINI.md", ".cursorrules",
               ".windsurfrules", ".github/copilot-instructions.md")
_RULE_FOLDERS = (".clinerules", ".roo/rules", ".cursor/rules", ".windsurf/rules")
_LARGEST = 256 * 1024  # a rules file larger than this is not read for the bank's files
_NAME = re.compile(r"[A-Za-z0-9_][\w.\-]*\.md\b")


def _has_content(text: str) -> bool:
    """Text beside headings: a file of headings alone (or nothing) is emptied."""
    doc = MarkdownDoc(text)
    return any(line.strip() and not line.lstrip().startswith("#") and not doc.in_code[i]
               for i, line in enumerate(doc.lines)) or any(doc.in_code)


@rule("CT711", "core-file-missing", "error")
def core_file_missing(ctx: CheckContext) -> Iterator[Violation]:
    """A core file of a Cline memory bank (or a `required` file of a declared convention) is missing or empty.

    Cline's memory bank "consists of core files and optional context files"; the six core
    files (projectbrief.md, productContext.md, activeContext.md, systemPatterns.md,
    techContext.md, progress.md) are "Required", and Cline reads all of them at the start of
    every task. One missing, or emptied to its headings, leaves Cline starting without that
    part of the project. Roo Code's bank has five core files, the Cursor bank three, the Copilot
    bank Cline's six. A bank the project's own rules describe with files of their own (a
    `.clinerules` listing "4 key files", projectContext.md among them) is asked only for the
    core files those rules name, and a note says which are not asked for. A core file a
    `memory-bank/` folder lacks but the folder above it holds (an agent told of "tasks.md"
    with no folder writes it at the project's top) is read there, with a note.

    **Example**

        memory-bank/projectbrief.md     # present
        memory-bank/techContext.md      # missing

    **Fix**

    Create the file (Cline's "initialize memory bank" writes all six), or restore what it held.
    """
    tree = ctx.tree
    convention = tree.recognition.convention
    if convention is None:
        return
    present = {state.name: state for state in tree.state_files}
    required = convention.required
    # a convention declared in configuration says its required files itself
    own = None if convention.origin == "configuration" else \
        _own_layout(ctx, set(present), set(required))
    if own is not None:
        where, named = own
        required = tuple(name for name in required if name in named)
        left = [name for name in convention.required if name not in named]
        if left:
            ctx.notices.append(
                f"{tree.root.name}/ keeps the files {where} names ("
                f"{', '.join(sorted(named & set(present)))}), not the {convention.title}'s "
                f"core files: {', '.join(left)} not asked for (CT711)")
    above = _kept_above(ctx, [name for name in required if name not in present])
    if above:
        ctx.notices.append(
            f"{tree.root.name}/ keeps {', '.join(above)} in the folder above it, where the "
            f"agent wrote them: read there, not asked for in {tree.root.name}/ (CT711)")
    for name in required:
        state = present.get(name)
        if state is None and name in above:
            continue
        if state is None:
            yield Violation(name, f"core file {name} of the memory bank is missing",
                            f"create {name}: the {convention.title} reads every core file at "
                            "the start of a task")
        elif state.file.text is not None and not _has_content(state.file.text):
            yield Violation(name, f"core file {name} is empty (headings at most)",
                            f"fill {name} in, or restore what it held (git log -p {name})")


def _rule_texts(ctx: CheckContext) -> Iterator[tuple[str, str]]:
    """Each rules file of the project (its path from the repository's top, its text), beside
    the bank's folder and at the repository's top; read beneath the repository, links not
    followed."""
    tree = ctx.tree
    top = tree.repo_root or tree.root.parent
    places = dict.fromkeys(p for p in (tree.root.parent, top) if p == top or top in p.parents)
    for place in places:
        paths = [place / name for name in _RULE_FILES]
        for folder in _RULE_FOLDERS:
            paths.extend(listed(place / folder, "*.md*"))
        for path in paths:
            try:
                if not path.is_file() or path.stat().st_size > _LARGEST:
                    continue
            except OSError:
                continue
            text = read_beside(ctx, path)
            if text is not None:
                yield path.relative_to(top).as_posix(), text


def _kept_above(ctx: CheckContext, missing: list[str]) -> list[str]:
    """The missing core files a bank folder named ``memory-bank`` has in the folder holding
    it, inside the repository: a bank split in two, as an agent told of "tasks.md" with no
    folder writes it at the project's top beside ``memory-bank/`` (vanzan01's Cursor bank,
    whose rules name tasks.md and progress.md without a path)."""
    tree = ctx.tree
    if tree.root.name.lstrip(".") != "memory-bank" or tree.root == tree.boundary:
        return []
    parent = tree.root.parent
    return [name for name in missing
            if (text := read_beside(ctx, parent / name)) is not None and _has_content(text)]


def _own_layout(ctx: CheckContext, present: set[str],
                core: set[str]) -> tuple[str, set[str]] | None:
    """Where the project's own rules describe the bank with files of its own, the rules that
    do and every file name they give: a rules file naming the bank's folder and two or more of
    the files it holds, one of them no core file of the convention (``projectContext.md`` in a
    bank whose ``.clinerules`` lists its "4 key files"). None where no rules file does: the
    convention's core files are asked for."""
    where: list[str] = []
    named: set[str] = set()
    tree = ctx.tree
    for path, text in _rule_texts(ctx):
        if tree.root.name not in text:
            continue
        names = {match.group(0).rsplit("/", 1)[-1] for match in _NAME.finditer(text)}
        held = names & present
        if len(held) >= 2 and held - core:
            where.append(path)
            named |= names
    return (" and ".join(where), named) if where else None
