"""Reading a file as text without ever raising: bad bytes become a reason, not a traceback."""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass
from pathlib import Path

BOM = "\ufeff"


@dataclass(frozen=True)
class TextRead:
    """The outcome of reading one file: its normalised text, or why it has none."""

    text: str | None
    raw: bytes | None = None
    error: str | None = None  # set when the file is unreadable, binary or not UTF-8
    error_line: int = 1
    error_column: int = 1
    too_large: bool = False
    size: int = 0


def decode(raw: bytes) -> TextRead:
    """Strict UTF-8 with BOM and CRLF tolerated; NUL bytes mean binary."""
    if b"\x00" in raw:
        nul = raw.index(b"\x00")
        line = raw.count(b"\n", 0, nul) + 1
        return TextRead(None, raw, "binary content (a NUL byte)", line, 1, size=len(raw))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        return TextRead(
            None, raw, f"not valid UTF-8 (byte 0x{raw[exc.start]:02x} at offset {exc.start})",
            line, column, size=len(raw),
        )
    if text.startswith(BOM):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return TextRead(text, raw, size=len(raw))


class NotRegular(OSError):
    """A path that is not a regular file (a named pipe, a device, a directory) or is over
    the size allowed: refused before a byte is read, so reading can neither hang nor run
    without end (``/dev/zero``)."""


def check_regular(descriptor: int, path: Path, max_size: int | None = None) -> None:
    """Raise :class:`NotRegular` unless the open ``descriptor`` (of ``path``) is a regular
    file of at most ``max_size`` bytes."""
    status = os.fstat(descriptor)
    if not stat.S_ISREG(status.st_mode):
        raise NotRegular(errno.EINVAL, f"not a regular file ({kind_of(status.st_mode)})",
                         str(path))
    if max_size is not None and status.st_size > max_size:
        raise NotRegular(errno.EFBIG, f"{status.st_size} bytes, over max_file_size "
                                      f"{max_size}", str(path))


def read_text(path: Path, max_size: int | None = None, follow: bool = True) -> TextRead:
    """Read ``path`` as text; files over ``max_size`` bytes are not read at all, nor anything
    that is not a regular file (reading a named pipe would wait forever for a writer).

    ``follow=False`` refuses a symbolic link: a file seen as a plain file when its directory
    was listed cannot be swapped for a link (to a file outside the tree) before it is read.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        # Non-blocking, so that a FIFO opens at once (and is then refused) instead of waiting
        # for a writer; one open and an fstat, not a stat of the path first.
        descriptor = os.open(path, flags)
    except OSError as exc:
        return TextRead(None, None, f"unreadable: {exc.strerror or exc}")
    try:
        return read_descriptor(descriptor, max_size)
    finally:
        os.close(descriptor)


def read_descriptor(descriptor: int, max_size: int | None = None) -> TextRead:
    """:func:`read_text` on a descriptor already open (the caller closes it): the file
    judged is the file read."""
    try:
        # fstat before wrapping the descriptor: Python's file objects refuse a directory.
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):  # a FIFO or a device would block or never end
            return TextRead(None, None, f"not a regular file ({kind_of(status.st_mode)})")
        size = status.st_size
        if max_size is not None and size > max_size:
            return TextRead(None, None, f"{size} bytes, over max_file_size {max_size}",
                            too_large=True, size=size)
        with open(descriptor, "rb", closefd=False) as handle:
            raw = handle.read()
    except OSError as exc:
        return TextRead(None, None, f"unreadable: {exc.strerror or exc}")
    return decode(raw)


def kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a file"
