"""CT74x: agent instruction files — CLAUDE.md (and ``.claude/rules/``), GEMINI.md, AGENTS.md.

Claude Code and Gemini CLI read ``@path`` imports in these files and load the imported file in
its place ("@path/to/import"; Claude: "Imported files can recursively import additional files,
with a maximum depth of five hops"; Gemini CLI's import processor: relative and absolute
paths, circular imports detected, a maximum depth of 5). An import that does not resolve is
dropped without a word. Codex concatenates AGENTS.md from the repository's top down to the
working folder and stops at ``project_doc_max_bytes`` (32 KiB by default). Judged where a root
follows the instruction files' convention (or Spec Kit's, which writes them).
"""

from __future__ import annotations

import os
import posixpath
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from continuity.formats.markdown import MarkdownDoc
from continuity.model.conventions import from_inside
from continuity.model.load_window import Budget, chain_window
from continuity.model.scoped import agents_file, bound_notice, walk_agents
from continuity.model.shadowed import shadowed
from continuity.validators.diagnostics import Violation
from continuity.validators.registry import LINKS, TREE, CheckContext, rule
from continuity.validators.rules.rule_files import listed, read_beside

#: The files whose ``@`` imports a loader follows (Claude Code: CLAUDE.md, CLAUDE.local.md,
#: ``.claude/rules/*.md``; Gemini CLI: GEMINI.md).
IMPORTING = ("CLAUDE.md", "CLAUDE.local.md", "GEMINI.md")
#: Claude Code's rule folder, from the project's top.
CLAUDE_RULES = ".claude/rules"
#: "a maximum depth of five hops" (Claude Code), "maxDepth 5" (Gemini CLI).
MAX_DEPTH = 5
#: Codex's ``project_doc_max_bytes`` default: 32 KiB.
CODEX = Budget("Codex", bytes=32 * 1024)

#: An import: ``@`` after a space or at a line's start, then a path a loader would open: one
#: that starts ``./``, ``../``, ``~/`` or ``/``, or one that names a file by its extension.
#: ``@types/node`` (a package), ``@alice`` (a person), ``a@b.md`` (an address) are not.
IMPORT = re.compile(
    r"(?:^|(?<=[\s(]))@((?:\.{1,2}/|~/|/)[^\s)`'\"<>]+|[\w.-][\w./-]*\.(?:md|mdc|txt|json|"
    r"ya?ml|toml))(?=$|[\s).,;:!?])")
CODE_SPAN = re.compile(r"`[^`\n]*`")


@dataclass(frozen=True)
class Import:
    source: str  # root-relative file holding it
    line: int
    written: str  # as written after the @
    target: str | None  # root-relative resolved path; None outside the repository or home


def imports_of(text: str, source: str, root: Path, boundary: Path) -> list[Import]:
    """The ``@`` imports of a file's text, outside code blocks, code spans and HTML comments.

    Claude Code reads no import in a code span or block; a comment is the maintainers' note,
    unseen on the page, and its ``@path`` no import anyone meant (set 53: a template's
    ``<!-- Tip: Use @path/to/file.md imports to include additional instructions … -->``).
    """
    doc = MarkdownDoc(text)
    found = []
    for index, line in enumerate(doc.lines):
        if doc.in_code[index]:
            continue
        visible = doc.comment_blanked.get(index, line)
        for match in IMPORT.finditer(CODE_SPAN.sub(lambda m: " " * len(m.group()), visible)):
            written = match.group(1).rstrip(".,;:")
            found.append(Import(source, index + 1, written,
                                _resolve(written, source, root, boundary)))
    return found


def _resolve(written: str, source: str, root: Path, boundary: Path) -> str | None:
    """Root-relative path of an import (relative to the importing file); None for one in the
    user's home or outside the repository: not what the repository can check."""
    if written.startswith("~"):
        return None
    if written.startswith("/"):
        absolute = Path(written)
    else:
        absolute = root / posixpath.dirname(source) / written
    normal = Path(os.path.normpath(absolute))
    if normal != boundary and boundary not in normal.parents:
        return None
    return Path(os.path.relpath(normal, root)).as_posix()


def _starting_files(ctx: CheckContext) -> list[str]:
    root = ctx.tree.root
    found = [name for name in IMPORTING if (root / name).is_file()]
    for folder in (CLAUDE_RULES, *from_inside((CLAUDE_RULES,), root.name)):
        found += [f"{folder}/{p.name}" for p in listed(root / folder, "*.md")]
    return found


def _graph(ctx: CheckContext) -> dict[str, list[Import]]:
    """Every importing file reached from the starting files, and its imports."""
    root, boundary = ctx.tree.root, ctx.tree.boundary
    graph: dict[str, list[Import]] = {}
    pending = _starting_files(ctx)
    while pending:
        source = pending.pop()
        if source in graph or len(graph) > 500:
            continue
        text = read_beside(ctx, root / source)
        graph[source] = [] if text is None else imports_of(text, source, root, boundary)
        for found in graph[source]:
            if found.target is not None and found.target.endswith(".md") and \
                    (root / found.target).is_file():
                pending.append(found.target)
    return graph


@rule("CT741", "import-unresolved", "error", reach=LINKS)
def import_unresolved(ctx: CheckContext) -> Iterator[Violation]:
    """An `@path` import in CLAUDE.md, `.claude/rules/` or GEMINI.md names no existing file.

    Claude Code and Gemini CLI load an imported file in place of its `@path`; one that does
    not resolve is dropped silently, so the agent works without what the file was meant to
    tell it. Paths resolve from the file holding the import; imports in code blocks and
    code spans are not read, nor those in an HTML comment (a note to the maintainers), and
    those in the user's home (`@~/...`) are not the repository's to check.

    **Example**

        CLAUDE.md:   See @docs/architecture.md for the layers.   # docs/architecture.md is gone

    **Fix**

    Point the import at the file's new place, restore the file, or delete the line.
    """
    root, top = ctx.tree.root, ctx.tree.boundary
    for source, found in sorted(_graph(ctx).items()):
        for each in found:
            if each.target is None or (root / each.target).exists():
                continue
            message = (f"@{each.written} imports {_from_top(root / each.target, top)}, which "
                       "does not exist: the agent loads nothing in its place")
            hint = "point the import at the file's place, or delete the line"
            meant = Path(os.path.normpath(top / each.written))
            if not each.written.startswith("/") and top in meant.parents and meant.is_file() and \
                    (root / posixpath.dirname(source)).resolve() != top.resolve():
                # Written from the repository's top (``@.claude/rules/x.md`` in
                # ``.claude/CLAUDE.md``): Claude resolves it from the importing file.
                shown = _from_top(meant, top)
                written = Path(os.path.relpath(meant, root / posixpath.dirname(source)))
                message = (f"@{each.written} is written from the repository's top, where "
                           f"{shown} exists, but imports resolve from the importing file: it "
                           f"names {_from_top(root / each.target, top)}, which does not "
                           "exist, and the agent loads nothing in its place")
                hint = f"write @{written.as_posix()}"
                if shown.startswith(".claude/rules/"):
                    hint += (f" (Claude Code loads {shown} at launch anyway, unless its "
                             "`paths:` scope it: the import adds nothing then)")
            yield Violation(source, message, hint, each.line, 1)


def _from_top(path: Path, top: Path) -> str:
    """``path`` as the repository's top names it (``.claude/.claude/rules/x.md``)."""
    return Path(os.path.relpath(os.path.normpath(path), top)).as_posix()


@rule("CT742", "import-depth", "warning", reach=TREE)
def import_depth(ctx: CheckContext) -> Iterator[Violation]:
    """A chain of `@` imports loops, or goes deeper than the loaders follow (five hops).

    Claude Code follows imports "with a maximum depth of five hops" and Gemini CLI to a
    depth of 5, detecting circular imports: a file imported six hops down, or an import
    back into its own chain, is not loaded there.

    **Example**

        CLAUDE.md -> @a.md -> @b.md -> @c.md -> @d.md -> @e.md -> @f.md   # f.md is six hops down

    **Fix**

    Import the deep file from higher up, fold small files together, or break the loop.
    """
    graph = _graph(ctx)
    reported: set[tuple[str, int]] = set()
    for start in _starting_files(ctx):
        stack: list[tuple[str, tuple[str, ...]]] = [(start, (start,))]
        while stack:
            source, chain = stack.pop()
            for each in graph.get(source, []):
                target = each.target
                if target is None or target not in graph:
                    continue
                key = (source, each.line)
                if target in chain:
                    if key not in reported:
                        reported.add(key)
                        yield Violation(source, f"@{each.written} imports {target}, which "
                                        f"imports it back ({' -> '.join((*chain, target))})",
                                        "break the loop: import each file from one place",
                                        each.line, 1)
                    continue
                if len(chain) > MAX_DEPTH:
                    if key not in reported:
                        reported.add(key)
                        yield Violation(source, f"@{each.written} is {len(chain)} hops from "
                                        f"{start}: past the {MAX_DEPTH} the loaders follow, so "
                                        f"{target} is not loaded ({' -> '.join(chain)})",
                                        "import the file from higher up the chain", each.line, 1)
                    continue
                stack.append((target, (*chain, target)))


def _chain_folders(ctx: CheckContext) -> list[tuple[str, ...]]:
    """For each folder at or below the top holding an AGENTS.md (or AGENTS.override.md, which
    Codex prefers), the chain of instruction files from the top down to it; the folders are
    those :func:`continuity.model.scoped.agents_files` walks (templates, test data and archived
    copies passed over); a walk stopped at its bound says so."""
    top = ctx.tree.root
    chains: list[tuple[str, ...]] = []
    walk = walk_agents(top)
    if walk.stopped:
        ctx.notices.append(bound_notice())
    for path in walk.found:
        parts = path.split("/")[:-1]
        chain = []
        for depth in range(len(parts)):
            above = agents_file(os.listdir(Path(top, *parts[:depth])))
            if above is not None:
                chain.append("/".join((*parts[:depth], above)))
        chain.append(path)
        chains.append(tuple(chain))
    return chains


@rule("CT743", "agents-chain-over-load", "warning", reach=TREE)
def agents_chain_over_load(ctx: CheckContext) -> Iterator[Violation]:
    """The AGENTS.md chain from the repository's top to a folder is over Codex's 32 KiB.

    Codex concatenates AGENTS.md (or AGENTS.override.md) "from the project root down to the
    current working directory" and stops once the combined size reaches
    `project_doc_max_bytes`, 32 KiB by default: what comes after is never seen by an agent
    working in that folder. Reported once, at the first line past the budget. Judged from a
    root at the repository's top, into the folders the root search enters (not templates,
    test data, archived copies, virtual environments, caches or skill bundles); the walk lists
    at most 5,000 folders, and says so when it stops there.

    **Example**

        AGENTS.md            30 KiB
        services/AGENTS.md    4 KiB   # from line 40 on, past what Codex loads in services/

    **Fix**

    Move detail out of the top AGENTS.md into the folders it concerns, or into files the
    agent is told to read on demand.
    """
    tree = ctx.tree
    if tree.repo_root is None or tree.root != tree.repo_root:
        return
    reported: set[tuple[str, int]] = set()
    texts: dict[str, str] = {}
    for chain in _chain_folders(ctx):
        parts = []
        for name in chain:
            if name not in texts:
                texts[name] = read_beside(ctx, tree.root / name) or ""
            parts.append((name, texts[name]))
        for part in chain_window(parts, CODEX):
            if part.window.loaded or part.dropped:
                continue
            key = (part.name, part.window.first_outside or 1)
            if key in reported:
                break
            reported.add(key)
            folder = posixpath.dirname(chain[-1]) or "the top"
            first, last = part.window.first_outside or 1, part.window.total_lines
            span = f"line {first}" if first == last else f"lines {first}–{last}"
            yield Violation(part.name, f"the AGENTS.md chain to {folder} is "
                            f"{part.window.size:,} bytes: {part.name} {span} "
                            f"{'is' if first == last else 'are'} past what Codex loads "
                            f"({CODEX.describe()}, project_doc_max_bytes)",
                            "move detail into the folders' own AGENTS.md, or into files read "
                            "on demand",
                            first, 1)
            break


#: claude-mem's block in a folder's CLAUDE.md (``<claude-mem-context>`` … ``</claude-mem-context>``)
#: and what it writes there when it has no activity to show.
_CLAUDE_MEM_BLOCK = re.compile(r"<claude-mem-context>(.*?)</claude-mem-context>", re.S)
_NO_ACTIVITY = re.compile(
    r"^\s*(#+ (Recent Activity|Memory Context)|\*No recent activity\*|"
    r"<!--.*?-->|This project has no memory yet\..*)\s*$", re.M | re.I)


@rule("CT744", "instruction-stub", "warning")
def instruction_stub(ctx: CheckContext) -> Iterator[Violation]:
    """An instruction file holds nothing but claude-mem's empty context block.

    claude-mem writes a `<claude-mem-context>` block into a folder's CLAUDE.md (creating the
    file when the folder has none); with no activity to show, the file is the block alone,
    empty or saying "*No recent activity*". Committed, such stubs give the agent nothing and
    spread over a repository (one user counted 155), and they come back after deletion while
    the plugin creates them.

    **Example**

        <claude-mem-context>

        </claude-mem-context>

    **Fix**

    Delete the file, and stop the plugin writing it: update claude-mem (it no longer
    creates a file for an empty block) or set `CLAUDE_MEM_FOLDER_CLAUDEMD_ENABLED` to
    `"false"` in `~/.claude-mem/settings.json`; git-ignore `CLAUDE.md` in the folders it
    should not be in.
    """
    for state in ctx.tree.state_files:
        text = state.file.text
        if state.name not in IMPORTING or text is None or "<claude-mem-context>" not in text:
            continue
        blocks = _CLAUDE_MEM_BLOCK.findall(text)
        outside = _CLAUDE_MEM_BLOCK.sub("", text).strip()
        if not blocks or outside or any(_NO_ACTIVITY.sub("", block).strip() for block in blocks):
            continue
        yield Violation(state.path, f"{state.name} holds nothing but claude-mem's empty "
                        "<claude-mem-context> block: it gives the agent nothing",
                        "delete it and stop claude-mem writing it (update claude-mem, or set "
                        "CLAUDE_MEM_FOLDER_CLAUDEMD_ENABLED to \"false\")")


@rule("CT745", "roorules-unread", "warning")
def roorules_unread(ctx: CheckContext) -> Iterator[Violation]:
    """`.roorules` is never read: `.roo/rules/` beside it holds files, which Roo Code reads.

    Roo Code reads a workspace's rules from the files of `.roo/rules/` (recursively, in
    alphabetical order), and falls back to the single `.roorules` file only "if `.roo/rules/`
    doesn't exist or is empty". Mode rules likewise: `.roorules-code` is read only where
    `.roo/rules-code/` holds no file. What such a file says never reaches the agent, though
    it looks in force to whoever reads the repository.

    **Example**

        .roorules               # "Run the tests before every commit" — never loaded
        .roo/rules/01-style.md  # loaded

    **Fix**

    Move what the file says into a file of the folder, and delete it.
    """
    root, top = ctx.tree.root, ctx.tree.boundary
    for state in ctx.tree.state_files:
        skipped = shadowed(root, state.name)
        if skipped is None or (state.file.text or "").strip() == "":
            continue
        name, files = state.name, skipped.files
        shown = _from_top(skipped.folder, top)
        count = f"{len(files)} file{'s' if len(files) != 1 else ''}"
        yield Violation(state.path, f"{skipped.loader} never reads {name}: {shown}/ holds "
                        f"{count} ({files[0]}{', …' if len(files) > 1 else ''}), which it "
                        "reads instead", f"move what {name} says into a file of {shown}/, "
                        "and delete it")
