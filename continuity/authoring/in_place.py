"""Writing to what is not a regular file: a device, a named pipe, a link to one.

Replacing by rename is for regular files; done on ``/dev/null`` (as root) it puts a regular
file where the device was, for every program after. Such targets are opened and written in
place instead, never created, renamed or truncated. A named pipe is opened without blocking,
so one that nobody reads is an error at once rather than a wait without end; the descriptor
is then made blocking again, so a reader that is slower than the writer loses nothing. A
write that fails (``/dev/full``: no space left) raises, for the caller to say so.
"""

from __future__ import annotations

import errno
import fcntl
import os
import stat
from pathlib import Path

_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NOCTTY = getattr(os, "O_NOCTTY", 0)


def replaceable(path: Path) -> Path | None:
    """Where a whole new file may be renamed into place for ``path``: ``path`` itself when it
    is missing or a regular file, the file a link leads to when that is a regular file (the
    link stays a link), and None when ``path`` is to be written in place (a device, a pipe,
    a link to one, ``/proc/self/fd/1``). Raises IsADirectoryError, or OSError for a socket."""
    try:
        status = os.lstat(path)
    except FileNotFoundError:
        return path
    if stat.S_ISREG(status.st_mode):
        return path
    if stat.S_ISLNK(status.st_mode):
        real = Path(os.path.realpath(path))
        try:
            followed = os.stat(path)
        except FileNotFoundError:
            return real  # a dangling link: the file it names is created
        try:
            at_real = os.lstat(real)
        except OSError:  # /proc/self/fd/1 leads to "pipe:[…]", which is no path
            at_real = None
        if at_real is not None and stat.S_ISREG(at_real.st_mode) and \
                (followed.st_dev, followed.st_ino) == (at_real.st_dev, at_real.st_ino):
            return real
        status = followed
    if stat.S_ISDIR(status.st_mode):
        raise IsADirectoryError(errno.EISDIR, "is a directory", str(path))
    if stat.S_ISSOCK(status.st_mode):
        raise OSError(errno.EOPNOTSUPP, "is a socket, not a file", str(path))
    return None


def write(path: Path, data: bytes, *, append: bool = False) -> None:
    """Write ``data`` to the existing ``path`` as it is (following a link), never replacing
    it; ``append`` adds to a regular file's end (creating it when missing). Raises OSError,
    with a reason a person can act on for a pipe nobody reads."""
    flags = os.O_WRONLY | _NONBLOCK | _CLOEXEC | _NOCTTY
    if append:
        flags |= os.O_APPEND | os.O_CREAT
    try:
        fd = os.open(path, flags, 0o666)
    except OSError as exc:
        if exc.errno == errno.ENXIO:  # a named pipe with no reader (non-blocking open)
            raise OSError(errno.ENXIO, "a named pipe that nobody is reading; nothing was "
                                       "written", str(path)) from None
        raise
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~_NONBLOCK)
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            if written <= 0:
                raise OSError(errno.EIO, "nothing was written", str(path))
            view = view[written:]
    finally:
        os.close(fd)
