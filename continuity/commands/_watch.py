"""``continuity check --watch``: the check's output over time, printing only what changed.

For editors and long agent runs: after the first full report, each save under a memory root
starts a new check (after a short pause, so that an editor's burst of writes is one check), and
only the difference is printed: ``new:`` for a finding that appeared, ``fixed:`` for one that
went away, then a summary line. A finding is the same finding while its file, rule, message
and fix are the same, so an edit that only moves it to another line prints nothing.

Changes are told by the operating system (watchdog: inotify, FSEvents, kqueue), so an idle
watch costs no CPU; nothing inside ``.git`` starts a check (git's own writes while checking
would start the next one). Ctrl-C (or SIGTERM) ends it with exit status 0.
"""

from __future__ import annotations

import os
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer

from continuity.errors import ContinuityError
from continuity.formats.words import plural
from continuity.output import one_line
from continuity.reporters import text
from continuity.validators.diagnostics import Diagnostic
from continuity.validators.engine import CheckResult

#: Seconds to wait after a change for the writes that come with it (an editor's swap files).
SETTLE = 0.2

Key = tuple[str, str, str, str, str]


def key(d: Diagnostic) -> Key:
    """What makes a finding the same finding from one check to the next (not its line)."""
    return (d.path, d.code, d.message, d.hint, d.commit or "")


def difference(before: CheckResult, after: CheckResult) -> tuple[list[Diagnostic],
                                                                 list[Diagnostic]]:
    """(new, fixed): the findings of ``after`` that ``before`` lacked, and the reverse
    (as multisets: two identical findings, one fixed, is one fixed)."""
    new = Counter(key(d) for d in after.diagnostics) - Counter(key(d) for d in before.diagnostics)
    gone = Counter(key(d) for d in before.diagnostics) - Counter(key(d) for d in after.diagnostics)

    def pick(result: CheckResult, wanted: Counter[Key]) -> list[Diagnostic]:
        chosen = []
        for d in result.diagnostics:
            if wanted[key(d)] > 0:
                wanted[key(d)] -= 1
                chosen.append(d)
        return chosen

    return pick(after, new), pick(before, gone)


def describe(label: str, d: Diagnostic) -> str:
    return one_line(f"{label}: {d.path}:{d.line}:{d.column}: {d.code} {d.message}")


class _Changes(FileSystemEventHandler):
    """Sets ``changed`` for any event outside ``.git`` directories."""

    def __init__(self) -> None:
        self.changed = threading.Event()

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.event_type in ("opened", "closed_no_write"):
            return  # reading a file (the check itself reads them all) changes nothing
        for raw in (event.src_path, getattr(event, "dest_path", "")):
            path = os.fsdecode(raw) if raw else ""
            if path and ".git" not in Path(path).parts:
                self.changed.set()
                return


def watch(check: Callable[[], CheckResult], roots: list[Path], out: TextIO) -> int:
    """Run ``check`` now and after every change under ``roots``, until interrupted."""
    changes = _Changes()
    observer = Observer()
    for root in roots:
        observer.schedule(changes, str(root), recursive=True)
    observer.start()  # before the first check: a save while it runs is not missed
    try:
        previous = check()
        out.write(text.render(previous))
        out.write(f"watching {plural(len(roots), 'memory root')} for changes; Ctrl-C to stop\n")
        out.flush()
        while True:
            if not changes.changed.wait(timeout=1.0):  # a timeout keeps Ctrl-C prompt
                continue
            time.sleep(SETTLE)
            changes.changed.clear()
            try:
                current = check()
            except ContinuityError as exc:  # a broken configuration while editing it
                out.write(one_line(f"continuity: {exc}") + "\n")
                out.flush()
                continue
            new, fixed = difference(previous, current)
            if new or fixed:
                lines = [describe("new", d) for d in new] + [describe("fixed", d) for d in fixed]
                out.write("\n".join(lines) + "\n" + text.summary_line(current) + "\n")
                out.flush()
            previous = current
    except KeyboardInterrupt:
        return 0
    finally:
        observer.stop()
        observer.join(timeout=5)
