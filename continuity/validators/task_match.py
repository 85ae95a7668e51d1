"""Which tasks removed from TODO.md the completed/ entries of the same commit account for.

Every task needs its own entry (seed: "do not mark tasks complete without evidence"). A task
is matched by its Task ID — named in the entry's file name or in its `| Task ID |` row — or by
its slug: the words of the entry's name after the date are words of the task. Each entry
accounts for one task; an entry that names no removed task still accounts for one (its name
may simply be short), so two tasks removed with one entry leave one task unaccounted for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from continuity.model.state_items import Item

_WORD = re.compile(r"[a-z0-9]+")
_DATE_PREFIX = re.compile(r"^\d{4}-\d{2}-\d{2}(?:[t_-]\d{2}-?\d{2}(?:-?\d{2})?)?-?")
_TASK_ID_ROW = re.compile(r"^\|\s*task[ _-]?id\s*\|([^|\n]*)\|", re.IGNORECASE | re.MULTILINE)


@dataclass(frozen=True)
class CompletedEntry:
    name: str  # the file name, e.g. 2026-01-03-parse-constants.md
    text: str | None  # its content, when it could be read


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def _slug_words(name: str) -> list[str]:
    stem = name.rsplit(".", 1)[0].lower()
    return _words(_DATE_PREFIX.sub("", stem))


def _looks_like_id(key: str) -> bool:
    """``T-2``, ``ag-123``, ``#14``: short, one token, with a digit."""
    return len(key) <= 40 and " " not in key.strip() and any(ch.isdigit() for ch in key)


def _entry_ids(entry: CompletedEntry) -> set[str]:
    ids = {"-".join(_words(part)) for part in re.split(r"[_.]", entry.name.lower())}
    ids.update(_words(entry.name))
    if entry.text:
        for match in _TASK_ID_ROW.finditer(entry.text):
            ids.add("-".join(_words(match.group(1))))
    return {i for i in ids if i}


def _names_task(entry: CompletedEntry, task: Item) -> bool:
    key = task.key
    if _looks_like_id(key):
        wanted = "-".join(_words(key))
        if wanted and (wanted in _entry_ids(entry) or
                       f"-{wanted}-" in "-" + "-".join(_words(entry.name)) + "-"):
            return True
    words = _slug_words(entry.name)
    task_words = set(_words(f"{task.key} {task.content}"))
    return bool(words) and all(word in task_words for word in words)


def unaccounted(tasks: list[Item], entries: list[CompletedEntry]) -> list[Item]:
    """The tasks no entry accounts for, in the order they were listed."""
    free = list(range(len(entries)))
    left: list[Item] = []
    for task in tasks:
        match = next((i for i in free if _names_task(entries[i], task)), None)
        if match is None:
            left.append(task)
        else:
            free.remove(match)
    # Entries that name no removed task still stand for one each (a short or free name).
    anonymous = [i for i in free if not any(_names_task(entries[i], t) for t in tasks)]
    return left[len(anonymous):]
