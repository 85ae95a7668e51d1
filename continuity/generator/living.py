"""A root's living files as its convention's users read them: the home page's section about
them, and each file's title.

A Claude Code memory is an index (MEMORY.md) and its topics, each with a ``name`` and a
``description``; a rules convention (Kiro steering, Cursor or Windsurf rules, Copilot
instructions, CLAUDE.md and its kin) is a catalogue of rules, each applying always, to some
files, or on request; a memory bank is its core files. The protocol's state files keep their
own table (what each indexes). Plain data: the template writes it.
"""

from __future__ import annotations

import fnmatch
import os
import posixpath
import re
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

from continuity.formats.words import plural
from continuity.generator.excerpts import excerpt
from continuity.generator.shapes import Card, LivingSection, Shape, register, shape
from continuity.model.kinds import STATE_FILE_NAMES
from continuity.model.load_window import Budget, load_window
from continuity.model.shadowed import shadowed
from continuity.model.tree import TASK_LINE, MemoryTree, StateFile, is_feature_file
from continuity.model.tree import constitution as constitution_path

#: Claude Code loads the first 200 lines of MEMORY.md (code.claude.com/docs/en/memory).
CLAUDE_INDEX = Budget("Claude Code", lines=200, bytes=25 * 1024)

#: A Markdown link to a file of the root, as an index line writes it.
_LINK = re.compile(r"\]\(<?([^)\s>#]+)")
#: An ``@path`` import of CLAUDE.md / GEMINI.md, at the start of a line or after a space.
_IMPORT = re.compile(r"(?:^|\s)@((?:\.{0,2}/)?[\w.\-/]+\.[A-Za-z]{1,8})\b", re.M)


def site_kind(tree: MemoryTree) -> str:
    """The site kind of the convention the tree follows ("unknown" for none known)."""
    convention = tree.convention
    if convention is None:
        return "unknown"
    return convention.site


def section_title(tree: MemoryTree) -> str:
    """What the home page and the navigation call the root's living files."""
    found = shape(site_kind(tree))
    return found.section_title if found is not None else "State files"


def title_of(state: StateFile) -> str:
    """What a reader calls a living file: its frontmatter's ``name`` (or ``title``), else its
    first heading, else its file name."""
    document = state.document
    if document is not None:
        data = document.frontmatter.data
        for key in ("name", "title"):
            value = data.get(key)
            if isinstance(value, str) and value.strip():
                return value.strip()
        if document.title:
            return document.title
    return state.name


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return "" if value is None else str(value)


def applies(state: StateFile) -> tuple[str, str]:
    """When a rule applies, in its tool's own terms, and the files' pattern if any (Cursor's
    ``alwaysApply``/``globs``, Kiro's ``inclusion``/``fileMatchPattern``, Copilot's
    ``applyTo``, Claude Code's ``paths``, Windsurf's ``trigger``/``globs``); an instruction
    file without frontmatter applies to every session."""
    data = state.document.frontmatter.data if state.document is not None else {}
    always = _text(data.get("alwaysApply")).lower()
    if always in ("yes", "true"):
        return "always", ""
    inclusion = _text(data.get("inclusion"))
    if inclusion == "fileMatch":
        return "files matching", _text(data.get("fileMatchPattern"))
    if inclusion:
        return inclusion, ""
    for key in ("globs", "applyTo", "paths"):
        if data.get(key):
            return "files matching", _text(data.get(key))
    trigger = _text(data.get("trigger"))
    if trigger:
        return trigger.replace("_", " "), ""
    if always in ("no", "false"):
        return ("when the agent asks" if data.get("description") else "when named"), ""
    return "every session", ""


def imports(state: StateFile) -> tuple[str, ...]:
    """The ``@path`` imports an instruction file names, outside code and HTML comments."""
    document = state.document
    if document is None:
        return ()
    text = re.sub(r"```.*?```|`[^`\n]*`|<!--.*?-->", "", document.text, flags=re.S)
    return tuple(dict.fromkeys(match.group(1) for match in _IMPORT.finditer(text)))


def _index_cards(tree: MemoryTree, pages: Mapping[str, str | None]) -> LivingSection:
    """A Claude Code memory: MEMORY.md first, then every topic with its description; a topic
    MEMORY.md does not list, or lists past the lines Claude loads, is marked."""
    index = next((s for s in tree.state_files if s.name == "MEMORY.md"), None)
    listed: dict[str, int] = {}
    intro = "MEMORY.md is the index Claude Code reads at the start of a session; it reads " \
            "each topic when the index leads it there."
    if index is not None and index.document is not None:
        window = load_window(index.document.text, CLAUDE_INDEX)
        for number, text in enumerate(index.document.text.split("\n"), 1):
            for match in _LINK.finditer(text):
                listed.setdefault(match.group(1).removeprefix("./"), number)
        if window.loaded:
            intro += f" It has {plural(window.total_lines, 'line')}, within what Claude " \
                     f"Code loads ({CLAUDE_INDEX.describe()})."
        else:
            intro += " " + window.describe("MEMORY.md", CLAUDE_INDEX) + "."
        cutoff = window.first_outside
    else:
        cutoff = None
    cards = []
    for state in tree.state_files:
        if state is index:
            continue
        data = state.document.frontmatter.data if state.document is not None else {}
        flags = []
        line = listed.get(state.path) or listed.get(state.name)
        if index is not None and line is None:
            flags.append("not in MEMORY.md")
        elif line is not None and cutoff is not None and line >= cutoff:
            flags.append(f"listed on line {line}, past what Claude Code loads")
        cards.append(Card(state.path, pages.get(state.path), title_of(state),
                          _text(data.get("description")) or _first_words(state),
                          _text(data.get("type")), flags=tuple(flags)))
    head = [] if index is None else [Card(index.path, pages.get(index.path), "MEMORY.md",
                                          "the index", "index")]
    return LivingSection("Topics", intro, tuple(head + cards))


def _first_words(state: StateFile) -> str:
    return excerpt(state.document)


def rule_files(tree: MemoryTree) -> tuple[StateFile, ...]:
    """The rule files a convention keeps in its folders (``Convention.rule_files``: Copilot's
    path-specific instructions, Claude Code's ``.claude/rules/``) and the AGENTS.md of the
    folders below an instruction root at the top (``MemoryTree.scoped``), read with the tree,
    as living files for the site's cards."""
    convention = tree.convention
    if convention is None or not convention.rule_files:
        return ()
    patterns = convention.rule_files_at(tree.root)
    return tuple(StateFile(each.path.rsplit("/", 1)[-1], each.file, each.document, None)
                 for each in tree.linked
                 if each.path in tree.scoped
                 or any(fnmatch.fnmatchcase(each.path, p) for p in patterns))


def _imported(tree: MemoryTree) -> frozenset[str]:
    """The root's files its instruction files ``@``-import, as paths from the root."""
    found = set()
    for state in tree.state_files:
        folder = posixpath.dirname(state.path)
        for each in imports(state):
            found.add(posixpath.normpath(posixpath.join(folder, each)))
    return frozenset(found)


def _state_not_rule(tree: MemoryTree, state: StateFile, imported: frozenset[str]) -> bool:
    """A protocol state file (TODO.md, STATE.md, CONTEXT.md, ...) of a root whose tools load
    only some of its living files by name (:attr:`Convention.loaded`: the instruction files):
    no agent loads it by itself, so it is no rule given every session unless an instruction
    file imports it."""
    convention = tree.convention
    return (convention is not None and bool(convention.loaded)
            and not any(fnmatch.fnmatchcase(state.name, each) for each in convention.loaded)
            and not state.name.startswith(".") and state.stem in STATE_FILE_NAMES
            and state.path not in imported)


def _catalogue_cards(tree: MemoryTree, pages: Mapping[str, str | None]) -> LivingSection:
    cards = []
    imported = _imported(tree)
    rules = rule_files(tree)  # a rule file says when it applies (`paths:`), whatever its name
    for state in (*tree.state_files, *rules):
        data = state.document.frontmatter.data if state.document is not None else {}
        when, pattern = applies(state)
        if state not in rules and _state_not_rule(tree, state, imported):
            when, pattern = "state file", ""
        if state.path in tree.scoped:  # Codex adds it for work in its folder
            when, pattern = "files matching", f"{posixpath.dirname(state.path)}/**"
        flags: tuple[str, ...] = ()
        skipped = shadowed(tree.root, state.name) if "/" not in state.path else None
        if skipped is not None:  # CT745: its tool reads a folder in its place
            when, pattern = "never", ""
            folder = Path(os.path.relpath(skipped.folder, tree.root)).as_posix()
            flags = (f"{skipped.loader} reads {folder}/ instead",)
        cards.append(Card(state.path, pages.get(state.path), title_of(state),
                          _text(data.get("description")) or _first_words(state),
                          when, pattern, imports(state), flags))
    return LivingSection("Rules", "Each rule the agent is given, when it applies and what it "
                                  "imports.", tuple(cards), kind_heading="Applies")


def _plain_cards(tree: MemoryTree, pages: Mapping[str, str | None], title: str) -> LivingSection:
    cards = tuple(Card(s.path, pages.get(s.path), title_of(s), _first_words(s))
                  for s in tree.state_files)
    return LivingSection(title, "", cards, kind_heading="")


def _feature_cards(tree: MemoryTree, pages: Mapping[str, str | None]) -> LivingSection:
    """Spec Kit: each numbered feature with its spec's title and how many of its tasks are
    done; the constitution first."""
    by_path = {each.path: each for each in tree.linked}
    cards = []
    constitution = by_path.get(constitution_path(tree.root))
    if constitution is not None:
        cards.append(Card(constitution.path, pages.get(constitution.path),
                          constitution.title, excerpt(constitution.document), "constitution"))
    folders = sorted({path.rpartition("/")[0] for path in by_path if is_feature_file(path)},
                     key=lambda folder: (folder.rpartition("/")[2], folder))
    for folder in folders:
        spec = by_path.get(f"{folder}/spec.md")
        tasks = by_path.get(f"{folder}/tasks.md")
        text = tasks.document.text if tasks and tasks.document else ""
        marks = [match.group(1) for match in TASK_LINE.finditer(text)]
        done = sum(1 for mark in marks if mark in "xX")
        # a tasks.md whose tasks are not check-boxes (``### T001 [DONE] ...``) has tasks all
        # the same: nothing is said of them rather than "not written"
        progress = f"{done} of {plural(len(marks), 'task')} done" if marks else \
            ("tasks not written yet" if spec and tasks is None else "")
        first = spec or tasks or by_path.get(f"{folder}/plan.md")
        cards.append(Card(first.path if first else folder,
                          pages.get(first.path) if first else None,
                          spec.title if spec and spec.document and spec.document.title
                          else folder.rpartition("/")[2], excerpt(spec.document) if spec else "",
                          progress))
    return LivingSection("Features", "The project's constitution, then each feature in the "
                         "order of its number, with how far its tasks have come.",
                         tuple(cards), kind_heading="Progress")


def living_section(tree: MemoryTree, pages: Mapping[str, str | None],
                   withheld: frozenset[str] = frozenset()) -> LivingSection | None:
    """The home page's section about the living files, or None: the protocol's own table
    (what each state file indexes) is shown instead, and a root with none shows nothing. A
    convention's rule files count as living files here (a Copilot root of path-specific
    instructions and no ``copilot-instructions.md`` is a catalogue of them, not a bare page).
    ``withheld``: files holding a credential: their card shows the file's name alone (no
    title, description or import of theirs reaches the home page)."""
    kind = site_kind(tree)
    if kind == "protocol" or not (tree.state_files or rule_files(tree)
                                  or kind in ("features", "plans")):
        return None
    found = shape(kind)
    if found is not None and found.cards is not None:
        section = found.cards(tree, pages)
    else:
        section = _plain_cards(tree, pages, found.section_title if found else "Living files")
    names = {s.path: s.name for s in tree.state_files}
    names.update({each.path: each.path for each in tree.linked})
    return replace(section, cards=tuple(
        replace(card, title=names.get(card.path, card.path), description="", kind="",
                pattern="", imports=(), flags=(*card.flags, "withheld: it holds a credential"))
        if card.path in withheld else card for card in section.cards))


# The shapes whose cards are made here; the others are modules of generator/shapes/. The
# protocol keeps its own table of state files (summary_pages), so it shows no cards.
for _shape in (Shape("index", "Topics", _index_cards), Shape("catalogue", "Rules", _catalogue_cards),
               Shape("features", "Instructions", _feature_cards), Shape("state", "Core files"),
               Shape("timeline", "Living files"), Shape("phases", "Living files"),
               Shape("ledger", "Living files"), Shape("unknown", "Living files")):
    register(_shape)
