"""CT70x: Claude Code agent memory — MEMORY.md is the index Claude loads, topic files are
found only through it. Judged only where the root follows Claude's convention
(``continuity.model.conventions``); a dead link in MEMORY.md is CT111, as everywhere."""

from __future__ import annotations

import posixpath
from collections.abc import Iterator
from pathlib import Path

from continuity.formats.links import links
from continuity.formats.words import plural
from continuity.model.load_window import Budget, load_window
from continuity.model.safe_open import Beneath, Escaped
from continuity.model.tree import StateFile
from continuity.validators.diagnostics import Violation
from continuity.validators.registry import ROOT, CheckContext, rule

INDEX = "MEMORY.md"
#: What Claude Code loads of MEMORY.md at the start of a session: "The first 200 lines of
#: MEMORY.md, or the first 25KB, whichever comes first" (code.claude.com/docs/en/memory).
LOADED_LINES = 200
LOADED_BYTES = 25 * 1024
LOADED = Budget("Claude Code", lines=LOADED_LINES, bytes=LOADED_BYTES)


def _linked(index: StateFile) -> set[str]:
    """The root-relative files MEMORY.md links to, normalised."""
    if index.document is None:
        return set()
    found = set()
    for link in links(index.document.whole):
        if link.path:
            found.add(posixpath.normpath(link.path))
    return found


#: The folders an agent memory sits in: ``.claude/agent-memory/<agent>/`` (project scope) and
#: ``.claude/agent-memory-local/<agent>/``.
MEMORY_FOLDERS = ("agent-memory", "agent-memory-local")


def _instructions(ctx: CheckContext) -> str:
    """What the agent is told to read by name: its definition (``.claude/agents/<agent>.md``)
    and the project's skills (``.claude/skills/*/SKILL.md``), read beneath the repository."""
    root = ctx.tree.root
    if root.parent.name not in MEMORY_FOLDERS or root.parent.parent.name != ".claude":
        return ""
    claude = root.parent.parent
    wanted = [claude / "agents" / f"{root.name}.md"]
    try:
        wanted += sorted(Path(claude / "skills").glob("*/SKILL.md"))
    except OSError:
        pass
    texts = []
    beneath = Beneath(ctx.tree.boundary)
    try:
        for path in wanted:
            try:
                read = beneath.read_text(path, ctx.config.max_file_size)
            except (Escaped, OSError):  # a link out of the repository, or gone
                continue
            texts.append(read.text or "")
    finally:
        beneath.close()
    return "\n".join(texts)


@rule("CT701", "topic-unindexed", "warning", reach=ROOT)
def topic_unindexed(ctx: CheckContext) -> Iterator[Violation]:
    """A topic file of a Claude Code agent memory that MEMORY.md does not link to or name.

    Claude Code loads MEMORY.md at the start of a session and reads topic files on demand,
    through it ("MEMORY.md … an index of pointers"; topic files are "not loaded at startup"):
    a topic file MEMORY.md neither links to nor names is memory Claude never finds. A link
    (`[debugging](debugging.md)`) or the file's name written in MEMORY.md counts, and so does
    the file's name in what the agent is told to read (its definition in `.claude/agents/`, a
    skill in `.claude/skills/`: an `inbox.md` a skill processes is read by name). An empty
    file holds nothing to find, and a README is the folder's description for people (a memory
    module's `README.md` saying how the index works), not a topic.

    **Example**

        .claude/agent-memory/reviewer/MEMORY.md       # links patterns.md only
        .claude/agent-memory/reviewer/flaky-tests.md  # never found

    **Fix**

    Add a line to MEMORY.md pointing at the topic file (`- [Flaky tests](flaky-tests.md): …`),
    or fold it into another topic and delete it.
    """
    tree = ctx.tree
    index = tree.state_file(INDEX)
    topics = [s for s in tree.state_files if s.name != INDEX and s.stem.upper() != "README"]
    if not topics:
        return
    if index is None:
        yield Violation(topics[0].path, f"no {INDEX} indexes the "
                        f"{plural(len(topics), 'topic file')} of this agent memory, so Claude "
                        f"never finds {'it' if len(topics) == 1 else 'them'}",
                        f"write {INDEX} with a line linking each topic file")
        return
    linked = _linked(index)
    text = index.file.text or ""
    told: str | None = None  # the agent's instructions, read when a topic needs them
    for topic in topics:
        if topic.name in linked or topic.name in text or not (topic.file.text or "").strip():
            continue
        told = _instructions(ctx) if told is None else told
        if topic.name in told:
            continue
        yield Violation(topic.path, f"{topic.name} is not linked from {INDEX}, so Claude "
                        "never finds it (topic files are read through the index)",
                        f"add `- [{topic.stem}]({topic.name})` to {INDEX}, or fold it into "
                        "another topic file")


@rule("CT702", "index-over-load", "warning")
def index_over_load(ctx: CheckContext) -> Iterator[Violation]:
    """MEMORY.md is longer than what Claude Code loads at the start of a session.

    "The first 200 lines of MEMORY.md, or the first 25KB, whichever comes first, are loaded at
    the start of every conversation" (Claude Code's memory documentation): the rest is never
    seen unless read on purpose. Reported at the first line not loaded.

    **Example**

        MEMORY.md: 260 lines   # "lines 201–260 are past what Claude Code loads"

    **Fix**

    Move details into topic files and keep MEMORY.md a concise index of pointers to them.
    """
    index = ctx.tree.state_file(INDEX)
    text = index.file.text if index is not None else None
    if index is None or text is None:
        return
    window = load_window(text, LOADED)
    if window.loaded:
        return
    yield Violation(index.path, window.describe(INDEX, LOADED) + ": Claude never sees them "
                    "unless it reads the file on purpose",
                    "move details into topic files linked from MEMORY.md",
                    window.first_outside or 1, 1)
