"""Opening a path beneath the boundary without a window between "check" and "use".

:func:`continuity.model.boundaries.refusal` decides on a path's name; a link swapped in between
that decision and the ``open`` (``notes.jsonl -> /etc/x``, ``journal -> /tmp``) would still be
followed. Here the path is walked one component at a time from an opened descriptor of the
boundary: each directory is opened relative to the one before it with ``O_DIRECTORY |
O_NOFOLLOW``, the last component with ``O_NOFOLLOW``. A link met on the way is read
(``readlink`` relative to its directory) and its target walked the same way, so a link that
stays inside the repository is followed as before and one that leaves it, or enters ``.git``,
is refused whenever it appears. The descriptor returned is the one that is scanned, written
and copied: what was checked is what is used.

API:

- :func:`open_beneath` -- a descriptor of a file (or, with ``directory=True``, a directory).
- :func:`open_parent` -- the opened directory of a path and its last component, creating
  missing directories on request, for writers that then use ``dir_fd=``.
- :class:`Beneath` -- many files opened beneath one boundary (discovery's reads).
- :class:`Escaped` -- the refusal (an OSError, so callers' ``except OSError`` still hold).
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from continuity.formats.textfile import TextRead, read_descriptor
from continuity.model.boundaries import GIT_DIR

_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
#: Links followed in one walk, as the kernel's own limit (a loop is refused, never walked).
MAX_LINKS = 40
#: Components walked in one walk (links and directories made included): bounded, whatever
#: another process does to the tree meanwhile.
MAX_STEPS = 4096


class Escaped(OSError):
    """The path leaves the boundary or enters ``.git`` (at the moment it was opened)."""

    def __init__(self, path: Path | str, reason: str):
        super().__init__(errno.EXDEV, reason, str(path))
        self.reason = reason


def relative_parts(path: Path, boundary: Path) -> list[str]:
    """``path`` as components below ``boundary`` (resolved): the path as written, made
    relative to the nearest ancestor that *is* the boundary (``/tmp/link/mem`` where
    ``/tmp/link`` resolves to it). The directories above the boundary are not the tree's."""
    lexical = Path(os.path.abspath(path))
    text, top = str(lexical), str(boundary)
    if text == top or text.startswith(top.rstrip("/") + "/"):
        return list(lexical.relative_to(boundary).parts)
    for ancestor in lexical.parents:
        if os.path.realpath(ancestor) == top:
            return list(lexical.relative_to(ancestor).parts)
    raise Escaped(path, "outside the repository")


def open_beneath(path: Path, boundary: Path, flags: int = os.O_RDONLY, mode: int = 0o666,
                 *, directory: bool = False) -> int:
    """A descriptor of ``path`` opened beneath ``boundary`` with ``flags`` (``O_NOFOLLOW``
    added: a link is walked here, never by the kernel). Raises :class:`Escaped`, or the
    OSError of the open itself."""
    parts = relative_parts(path, boundary)
    holder = _Walk(path, boundary)
    try:
        return holder.walk(parts, flags, mode, directory)
    finally:
        holder.close()


def open_parent(path: Path, boundary: Path, *, create: bool = False
                ) -> tuple[int, str, list[str]]:
    """(descriptor of ``path``'s directory, ``path``'s last component, the directories made,
    relative to the boundary). ``create`` makes missing directories, each relative to the one
    above it (so a directory swapped for a link cannot take the rest of the walk elsewhere)."""
    parts = relative_parts(path, boundary)
    if not parts:
        raise Escaped(path, "the repository's top itself is not a file")
    name = parts[-1]
    if name in (".", "..") or name.casefold() == GIT_DIR:
        raise Escaped(path, "not a name a file may have here")
    holder = _Walk(path, boundary, create=create)
    try:
        fd = holder.walk(parts[:-1], os.O_RDONLY, 0, True)
    finally:
        holder.close()
    return fd, name, holder.created


class _Walk:
    """One walk from the boundary: the stack of opened directories, the links followed."""

    def __init__(self, path: Path, boundary: Path, create: bool = False):
        self.path = path
        self.boundary = str(boundary)
        self.create = create
        self.created: list[str] = []
        self.links = 0
        self.stack = [os.open(self.boundary, os.O_RDONLY | _DIRECTORY | _CLOEXEC)]
        self.names: list[str] = []  # the components below the boundary the stack stands for

    def close(self) -> None:
        for fd in self.stack:
            os.close(fd)
        self.stack = []

    def walk(self, parts: list[str], flags: int, mode: int, directory: bool) -> int:
        pending = list(reversed(parts))  # popped from the end
        steps = 0
        while pending:
            steps += 1
            if steps > MAX_STEPS:  # a directory made and removed again without end
                raise OSError(errno.EAGAIN, "the path keeps changing", str(self.path))
            name = pending.pop()
            if name in ("", "."):
                continue
            if name == "..":
                if len(self.stack) == 1:
                    raise Escaped(self.path, "a link leaving the repository")
                os.close(self.stack.pop())
                self.names.pop()
                continue
            if name.casefold() == GIT_DIR:
                raise Escaped(self.path, "inside the repository's .git directory")
            last = not pending
            if last and not directory:
                try:
                    return os.open(name, flags | _NOFOLLOW | _CLOEXEC, mode,
                                   dir_fd=self.stack[-1])
                except OSError as exc:
                    if not self._went_on(exc, name, pending):
                        raise
                continue
            try:
                fd = os.open(name, os.O_RDONLY | _DIRECTORY | _NOFOLLOW | _CLOEXEC,
                             dir_fd=self.stack[-1])
            except FileNotFoundError:
                if not self.create:
                    raise
                self._make(name)
                pending.append(name)
                continue
            except OSError as exc:
                if not self._went_on(exc, name, pending):
                    raise
                continue
            self.stack.append(fd)
            self.names.append(name)
        # The walk ended on a directory: hand over the last one opened.
        if not directory:
            raise IsADirectoryError(errno.EISDIR, "is a directory", str(self.path))
        return os.dup(self.stack[-1])

    def _went_on(self, exc: OSError, name: str, pending: list[str]) -> bool:
        """After the open of ``name`` failed with ``exc``: True when the walk goes on — with a
        link's target in its place, or with the name again when it changed between the open
        and this look (a link swapped for a file, or back: the next open judges what is there
        then) — and False when ``exc`` stands."""
        if exc.errno not in (errno.ELOOP, errno.ENOTDIR, errno.EMLINK):
            return False
        try:
            is_link = stat.S_ISLNK(os.lstat(name, dir_fd=self.stack[-1]).st_mode)
            target = os.readlink(name, dir_fd=self.stack[-1]) if is_link else None
        except (FileNotFoundError, NotADirectoryError):
            pending.append(name)  # removed or swapped meanwhile: open it again
            return True
        except OSError as error:
            if error.errno != errno.EINVAL:
                return False
            pending.append(name)  # a link at the lstat, a file at the readlink: again
            return True
        if target is None:
            if exc.errno == errno.ENOTDIR:
                return False  # a file where a directory was asked
            pending.append(name)  # a link at the open, not now: open it again
            return True
        self._follow(target, pending)
        return True

    def _make(self, name: str) -> None:
        try:
            os.mkdir(name, 0o777, dir_fd=self.stack[-1])
        except FileExistsError:
            return  # made meanwhile (or a link now): the retry judges it
        self.created.append("/".join([*self.names, name]))

    def _follow(self, target: str, pending: list[str]) -> None:
        """Put a link's target in place of its name; an absolute target restarts from the
        boundary when it lies inside it, and is refused otherwise."""
        self.links += 1
        if self.links > MAX_LINKS:
            raise Escaped(self.path, "a link that cannot be resolved (it loops)")
        if os.path.isabs(target):
            top = self.boundary.rstrip("/")
            if target != top and not target.startswith(top + "/"):
                raise Escaped(self.path, "a link leaving the repository")
            target = target[len(top):]
            while len(self.stack) > 1:
                os.close(self.stack.pop())
            self.names = []
        pending.extend(reversed([part for part in target.split("/") if part]))


class Beneath:
    """Many files opened beneath one boundary, as discovery reads them: the directory of the
    last file stays open, so the files of one directory cost one ``openat`` each."""

    def __init__(self, boundary: Path):
        self.boundary = boundary
        self._directory: str | None = None
        self._fd = -1

    def open(self, path: Path, flags: int = os.O_RDONLY | _NONBLOCK) -> int:
        lexical = os.path.abspath(path)
        parent, name = os.path.split(lexical)
        if parent != self._directory:
            self.close()
            self._fd, name, _ = open_parent(Path(lexical), self.boundary)
            self._directory = parent
        if name in (".", "..") or name.casefold() == GIT_DIR:
            raise Escaped(path, "inside the repository's .git directory")
        try:
            return os.open(name, flags | _NOFOLLOW | _CLOEXEC, dir_fd=self._fd)
        except OSError as exc:
            if exc.errno not in (errno.ELOOP, errno.EMLINK):
                raise
        return open_beneath(Path(lexical), self.boundary, flags)  # a link: walked

    def read_text(self, path: Path, max_size: int | None = None) -> TextRead:
        """:func:`continuity.formats.textfile.read_text` of a file opened beneath the
        boundary; raises :class:`Escaped` for one that leaves it (now)."""
        try:
            fd = self.open(path)
        except Escaped:
            raise
        except OSError as exc:
            return TextRead(None, None, f"unreadable: {exc.strerror or exc}")
        try:
            return read_descriptor(fd, max_size)
        finally:
            os.close(fd)

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
        self._fd, self._directory = -1, None

    def __del__(self) -> None:
        self.close()
