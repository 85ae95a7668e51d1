"""Sisyphus's plans as oh-my-opencode's users read them: each plan with how many of its tasks
are done (counted as /start-work counts them: model/sisyphus.py), the plan that
``boulder.json`` names as the work under way marked so, and each plan's notepads (learnings,
decisions, issues, problems) beside it. Drafts are listed after the plans. ``evidence/`` is raw
output (test runs, API transcripts): scanned for credentials, never published.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping
from typing import TYPE_CHECKING

from continuity.formats.words import plural
from continuity.generator.shapes import Card, LivingSection, Shape, register
from continuity.model.conventions import BOULDER_FILE, SISYPHUS_PLANS
from continuity.model.sisyphus import plan_progress

if TYPE_CHECKING:
    from continuity.model.tree import MemoryTree


def _progress(text: str | None) -> str:
    if text is None:
        return ""
    done, total = plan_progress(text)
    return f"{done} of {plural(total, 'task')} done" if total else "no tasks"


def _files(tree: MemoryTree, folder: str) -> list[tuple[str, str | None]]:
    """(path, text) of the entries of one of the root's folders, by name."""
    directory = tree.directories.get(folder)
    if directory is None:
        return []
    return sorted((entry.path, entry.file.text) for entry in directory.entries)


def home_cards(tree: MemoryTree, pages: Mapping[str, str | None]) -> LivingSection:
    """boulder.json, then each plan with its progress and its notepads, then the drafts."""
    cards = [Card(state.path, pages.get(state.path), "Active work (boulder.json)")
             for state in tree.state_files if state.path == BOULDER_FILE]
    notepads: dict[str, list[str]] = {}
    for path, _text in _files(tree, "notepads"):
        notepads.setdefault(path.split("/")[1], []).append(path)
    for path, text in _files(tree, SISYPHUS_PLANS):
        name = posixpath.splitext(posixpath.basename(path))[0]
        cards.append(Card(path, pages.get(path), name, kind=_progress(text)))
        cards += [Card(note, pages.get(note), f"{name}: {posixpath.basename(note)}",
                       kind="notepad") for note in notepads.pop(name, [])]
    for name, notes in sorted(notepads.items()):  # a plan's notepads kept after the plan went
        cards += [Card(note, pages.get(note), f"{name}: {posixpath.basename(note)}",
                       kind="notepad") for note in notes]
    cards += [Card(path, pages.get(path), posixpath.basename(path), kind="draft")
              for path, _text in _files(tree, "drafts")]
    return LivingSection("Plans", "The plans the agents work through, with how many of each "
                         "plan's tasks are done and the notepads they append to, as "
                         "oh-my-opencode keeps them.", tuple(cards), kind_heading="Progress")


register(Shape("plans", "Plans", home_cards))
