"""Files that appear all at once: no reader, crash or interrupt ever sees half of one.

The bytes go to a hidden temporary file beside the target (the same directory, hence the same
file system), are flushed to disk, and only then is the temporary file linked to the new name
(which fails when the name is taken, so creating stays exclusive) or renamed over the old file.
Ctrl-C and SIGTERM are held back for those few steps, so an interrupted writer leaves either
the old state or the complete new one.

SIGKILL cannot be held back: a writer killed outright may leave its temporary file. Its name
ends in ``.<pid>.continuity-tmp``, and the next process writing into that directory removes
the ones whose process is gone. (Hidden files are not entries, so until then no rule sees it.)
"""

from __future__ import annotations

import contextlib
import errno
import os
import signal
from collections.abc import Iterator
from pathlib import Path

SUFFIX = ".continuity-tmp"
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
#: A new file, never through a link (O_EXCL refuses one anyway; O_NOFOLLOW says so).
_NEW = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _CLOEXEC | getattr(os, "O_NOFOLLOW", 0)
_HELD = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
              if hasattr(signal, name))
#: What link() says on file systems without hard links (FAT, some network and FUSE mounts).
_NO_LINKS = {errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.ENOSYS}


@contextlib.contextmanager
def interrupts_held() -> Iterator[None]:
    """Ctrl-C, SIGTERM and SIGHUP wait until the block is done (where the platform can)."""
    mask = getattr(signal, "pthread_sigmask", None)
    if mask is None:  # pragma: no cover - not POSIX
        yield
        return
    previous = mask(signal.SIG_BLOCK, _HELD)
    try:
        yield
    finally:
        mask(signal.SIG_SETMASK, previous)


@contextlib.contextmanager
def _directory(path: Path, directory_fd: int | None) -> Iterator[int]:
    """The opened directory ``path`` is written in: the one given (opened beneath the
    boundary by the caller, see continuity.model.safe_open), or its parent as written."""
    if directory_fd is not None:
        yield directory_fd
        return
    fd = os.open(path.parent if str(path.parent) else Path("."),
                 os.O_RDONLY | _DIRECTORY | _CLOEXEC)
    try:
        yield fd
    finally:
        os.close(fd)


def create(path: Path, data: bytes, *, directory_fd: int | None = None) -> None:
    """Put ``data`` at ``path`` if nothing is there, all at once.

    ``directory_fd``: the opened directory to create ``path.name`` in; every step (the
    temporary file, the link, the clean-up) is relative to it, so the directory cannot be
    swapped for a link out between a check and a write. Raises FileExistsError when the name
    is taken and OSError when it cannot be written; either way nothing is left behind.
    """
    with interrupts_held(), _directory(path, directory_fd) as folder:
        name = path.name
        temporary = _temporary(folder, path, data)
        try:
            os.link(temporary, name, src_dir_fd=folder, dst_dir_fd=folder,
                    follow_symlinks=False)
        except OSError as exc:
            if exc.errno not in _NO_LINKS:
                raise
            _remove(folder, temporary)
            _create_in_place(folder, path, data)
        finally:
            _remove(folder, temporary)


def replace(path: Path, data: bytes, mode: int | None = None, *, durable: bool = True,
            directory_fd: int | None = None) -> None:
    """Replace (or create) ``path`` with ``data`` all at once; ``mode`` sets its permissions.

    ``durable=False`` skips flushing to disk (still all at once for readers): for output that
    is made again from the tree, such as generated pages, where one fsync per page costs more
    than everything else. ``directory_fd`` as for :func:`create`."""
    with interrupts_held(), _directory(path, directory_fd) as folder:
        temporary = _temporary(folder, path, data, mode, durable)
        try:
            os.replace(temporary, path.name, src_dir_fd=folder, dst_dir_fd=folder)
        except BaseException:
            _remove(folder, temporary)
            raise


#: Directories swept by this process: one look each, not one per file written into them
#: (thousands of pages into one directory would otherwise cost thousands of listings).
_swept: set[tuple[int, int]] = set()


def sweep(directory: Path | int) -> None:
    """Remove the temporary files that killed writers left in ``directory`` (a path or an
    opened directory)."""
    try:
        status = os.stat(directory)
    except OSError:
        return
    key = (status.st_dev, status.st_ino)
    if key in _swept:
        return
    _swept.add(key)
    if isinstance(directory, int):
        with contextlib.suppress(OSError):
            stale = [name for name in os.listdir(directory) if _stale(name)]
            for name in stale:
                _remove(directory, name)
        return
    try:
        with os.scandir(directory) as entries:
            stale = [entry.path for entry in entries if _stale(entry.name)]
    except OSError:
        return
    for path in stale:
        with contextlib.suppress(OSError):
            os.unlink(path)


def _stale(name: str) -> bool:
    if not (name.startswith(".") and name.endswith(SUFFIX)):
        return False
    pid = name[:-len(SUFFIX)].rpartition(".")[2]
    return pid.isdigit() and not _alive(int(pid))


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # someone else's process
        return True
    return True


def _temporary(folder: int, target: Path, data: bytes, mode: int | None = None,
               durable: bool = True) -> str:
    """``data`` in a new hidden file beside ``target`` (in the opened directory ``folder``),
    flushed to disk (if ``durable``); its name."""
    sweep(folder)
    for _ in range(100):
        name = f".{target.name[:100]}.{os.urandom(4).hex()}.{os.getpid()}{SUFFIX}"
        try:
            fd = os.open(name, _NEW, 0o666, dir_fd=folder)
            break
        except FileExistsError:
            continue
    else:  # pragma: no cover - 100 random names all taken
        raise FileExistsError(errno.EEXIST, "no free temporary name", str(target))
    _write_synced(fd, folder, name, data, mode, durable)
    return name


def _create_in_place(folder: int, path: Path, data: bytes) -> None:
    """Without hard links: create the name exclusively and write it; a failure removes it."""
    fd = os.open(path.name, _NEW, 0o666, dir_fd=folder)
    _write_synced(fd, folder, path.name, data)


def _write_synced(fd: int, folder: int, name: str, data: bytes, mode: int | None = None,
                  durable: bool = True) -> None:
    """Write ``data`` to the new file ``fd`` (``name`` in ``folder``) and flush it to disk;
    on any failure the file is removed."""
    try:
        with os.fdopen(fd, "wb") as handle:
            if mode is not None:
                os.fchmod(handle.fileno(), mode)
            handle.write(data)
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
    except BaseException:
        _remove(folder, name)
        raise


def _remove(folder: int, name: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(name, dir_fd=folder)
