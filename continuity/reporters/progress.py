"""A progress line on a terminal for work that takes a while (a 10,000-entry check).

Nothing is written for work under ``after`` seconds, nor when the stream is not a terminal
(CI logs, pipes, ``-o FILE`` readers): there the output stays exactly the report. The line is
rewritten in place each second and erased when the work ends, so the report that follows
starts on a clean line.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Iterator
from typing import TextIO

#: Seconds of work before the line appears.
AFTER = 2.0


@contextlib.contextmanager
def progress(stream: TextIO, what: str = "checking", after: float = AFTER,
             tick: float = 1.0) -> Iterator[None]:
    """Show ``continuity: checking... 3 s`` on ``stream`` while the block runs, if it is a
    terminal and the block runs longer than ``after`` seconds."""
    if os.environ.get("CONTINUITY_NO_PROGRESS") or not _is_terminal(stream):
        yield
        return
    done = threading.Event()
    shown = threading.Event()
    start = time.monotonic()

    def show() -> None:
        if done.wait(after):
            return
        while not done.is_set():
            try:
                stream.write(f"\rcontinuity: {what}... {time.monotonic() - start:.0f} s ")
                stream.flush()
            except (OSError, ValueError):
                return
            shown.set()
            done.wait(tick)

    thread = threading.Thread(target=show, name="continuity-progress", daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join(timeout=1.0)
        if shown.is_set():
            try:
                stream.write("\r\033[K")
                stream.flush()
            except (OSError, ValueError):
                pass


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty() and os.environ.get("TERM") != "dumb"
    except (AttributeError, OSError, ValueError):
        return False
