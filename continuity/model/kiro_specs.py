"""Kiro specs' task lists (``.kiro/specs/<feature>/tasks.md``): how far the plan has gone.

Kiro writes each task and sub-task as a Markdown checkbox (``- [ ] 2.1 Create the model``) and
ticks it (``- [x]``) when the task is done (kiro.dev/docs/specs); an optional task is marked
``- [ ]*``. The site shows each spec's progress as its users read it in Kiro: tasks done of all.
"""

from __future__ import annotations

import re

#: A task's checkbox at a list item's start: ``- [ ]``, ``- [x]``, ``* [X]``, ``- [-]``.
TASK_BOX = re.compile(r"[ \t]*[-*+][ \t]+\[([ xX\-~])\]")


def task_progress(text: str) -> tuple[int, int]:
    """The tasks of a tasks.md that are ticked, and all its tasks, outside fenced code."""
    done = total = 0
    fenced = False
    for line in text.split("\n"):
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
            continue
        box = TASK_BOX.match(line)
        if box is None or fenced:
            continue
        total += 1
        done += box.group(1) in "xX"
    return done, total
