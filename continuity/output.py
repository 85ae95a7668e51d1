"""Writing a command's output: to stdout, or atomically to ``-o FILE``."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from continuity.authoring import atomic, in_place
from continuity.errors import UsageError


def write_output(text: str, destination: str | None) -> None:
    if not destination or destination == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    write_atomic(Path(destination), text.encode("utf-8", "backslashreplace"))


def write_atomic(path: Path, data: bytes, *, durable: bool = True) -> None:
    """Replace ``path`` with ``data`` all at once: readers never see half a file. What is not
    a regular file (``/dev/null``, a named pipe, a link to ``/proc/self/fd/1``) is written in
    place, never replaced; a write that fails (``/dev/full``) is exit 2 naming the file."""
    try:
        target = in_place.replaceable(path)
        if target is None:
            in_place.write(path, data)
        else:
            atomic.replace(target, data, durable=durable)
    except OSError as exc:
        raise UsageError(f"{path}: cannot write: {exc.strerror or exc}") from None


def shown_path(path: Path) -> str:
    """A path as a command prints it: relative to the working directory when below it."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except (ValueError, OSError):
        return str(path)


#: What a line-oriented output never passes on as it is: control characters (C0 but tab and
#: newline, DEL, C1: ESC starts terminal and Actions-log sequences), bidirectional controls
#: and marks (U+202E makes a line read backwards: "Trojan Source"), invisible format
#: characters, and Unicode line separators. Each is shown as an escape.
_UNSAFE = {code: f"\\x{code:02x}" for code in (*range(0x20), *range(0x7f, 0xa0))
           if code not in (0x09, 0x0a, 0x0d)}
_UNSAFE.update({code: f"\\u{code:04x}" for code in (
    0x061c, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f, *range(0x202a, 0x202f),
    *range(0x2060, 0x2065), *range(0x2066, 0x206a), 0x2028, 0x2029, 0xfeff)})
_CONTROLS = {**_UNSAFE, ord("\n"): "\\n", ord("\r"): "\\r"}
_JSON_UNSAFE = {code: f"\\u{code:04x}" for code in _UNSAFE}


def printable(text: str) -> str:
    """``text`` with every character a terminal or log viewer would act on escaped; line
    breaks and tabs stay (for outputs that escape line breaks their own way, as GitHub's
    workflow commands do). The one escaping function of every line-oriented output."""
    return text.translate(_UNSAFE)


def json_text(text: str) -> str:
    """JSON (as ``json.dumps`` writes it, ``ensure_ascii=False``) with every character
    :func:`printable` escapes written as a ``\\uXXXX`` escape: the same document, but C1
    controls (U+009B is a terminal's CSI) and bidirectional controls never reach a terminal
    raw. They can only stand inside strings, where the escape means the same character."""
    return text.translate(_JSON_UNSAFE)


def one_line(text: str) -> str:
    """:func:`printable` on one line: a file name or a note holding a newline cannot start a
    line of its own (a forged finding), and no escape sequence reaches a terminal."""
    return text.translate(_CONTROLS)


def colour_wanted(stream: object, environ: dict[str, str] | None = None) -> bool:
    """Colour for a terminal: ``NO_COLOR`` (set, not empty) turns it off, ``FORCE_COLOR`` (set,
    not empty or 0) on, as https://no-color.org and the force-color convention say; a dumb
    terminal or a pipe gets none."""
    env = os.environ if environ is None else environ
    if env.get("NO_COLOR"):
        return False
    force = env.get("FORCE_COLOR")
    if force is not None and force not in ("", "0", "false"):
        return True
    if env.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except (OSError, ValueError):
        return False
