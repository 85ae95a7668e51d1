"""The baseline file's entries, read safely: beneath the repository, never through a link or
from a special file, within :data:`MAX_SIZE` (see :mod:`continuity.validators.baseline`)."""

from __future__ import annotations

import errno
import json
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path

from continuity.errors import ConfigError
from continuity.model.boundaries import repository_top
from continuity.model.safe_open import Escaped, open_beneath

VERSION = 2
#: The largest baseline read: about 10,000 entries. A larger file (or ``/dev/zero``) is exit 2.
MAX_SIZE = 4 * 1024 * 1024
#: Line and column numbers inside messages ("(line 4)", "lines 3-5") are not part of a finding.
_LINE_NUMBERS = re.compile(r"\b(lines?|line:|col(?:umn)?)\s*\d+(?:\s*[-–]\s*\d+)?")
#: What an entry may name: a commit by its full hash, a value by its hash.
_IDENTITY = re.compile(r"(?:commit:[0-9a-f]{40}(?:[0-9a-f]{24})?|sha256:[0-9a-f]{32,64})\Z")



@dataclass(frozen=True)
class Entry:
    code: str
    path: str
    message: str
    reason: str
    identity: str | None = None

    @property
    def fingerprint(self) -> tuple[str, str, str, str]:
        return (self.code, self.path, normalised(self.message), self.identity or "")

    def to_dict(self) -> dict[str, str]:
        data = {"code": self.code, "path": self.path, "message": self.message}
        if self.identity:
            data["identity"] = self.identity
        data["reason"] = self.reason
        return data


def normalised(message: str) -> str:
    return _LINE_NUMBERS.sub(lambda m: m.group(1), message)


def read_bytes(path: Path) -> bytes | None:
    """The file's bytes, read beneath its repository (outside one, beneath its directory):
    never through a link, never a special file, never more than :data:`MAX_SIZE`. None when
    there is no file."""
    way_out = "replace it with a regular file of the repository, or delete it"
    if os.path.islink(path):
        raise ConfigError(f"{path}: the baseline is a link; it is read only as a regular file "
                          f"(a link could point anywhere); {way_out}")
    top = repository_top(path)
    boundary = Path(os.path.realpath(top if top is not None else os.path.dirname(
        os.path.abspath(path))))
    try:
        fd = open_beneath(path, boundary, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return None
    except Escaped as exc:
        raise ConfigError(f"{path}: the baseline is not read: {exc.reason}; {way_out}") from None
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.EMLINK):
            raise ConfigError(f"{path}: the baseline is a link; {way_out}") from None
        raise ConfigError(f"{path}: cannot read the baseline: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ConfigError(f"{path}: the baseline is not a regular file (a device, a pipe or "
                              f"a directory); {way_out}")
        if info.st_size > MAX_SIZE:
            raise ConfigError(f"{path}: the baseline is {info.st_size:,} bytes, over the limit "
                              f"of {MAX_SIZE:,}; prune it (`continuity check --prune-baseline`)")
        chunks, size = [], 0
        while size <= MAX_SIZE:
            chunk = os.read(fd, min(1 << 20, MAX_SIZE + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > MAX_SIZE:  # it grew while read
            raise ConfigError(f"{path}: the baseline is over the limit of {MAX_SIZE:,} bytes")
        return b"".join(chunks)
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read the baseline: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def parse(data: bytes, path: Path | str) -> tuple[Entry, ...]:
    """The entries of a baseline file's bytes (either version); ConfigError when malformed."""
    try:
        document = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise ConfigError(f"{path}: not a readable baseline ({exc}); fix or delete it, then "
                          "`continuity check --add-baseline`") from None
    items = document.get("findings") if isinstance(document, dict) else None
    if not isinstance(items, list):
        raise ConfigError(f"{path}: a baseline is {{\"version\": {VERSION}, \"findings\": "
                          "[...]}")
    entries = []
    for index, item in enumerate(items):
        if not isinstance(item, dict) or not all(
                isinstance(item.get(key), str) for key in ("code", "path", "message")):
            raise ConfigError(f"{path}: finding {index + 1} needs code, path and message "
                              "(strings)")
        identity = item.get("identity")
        if identity is not None and not (isinstance(identity, str) and _IDENTITY.match(identity)):
            raise ConfigError(f"{path}: finding {index + 1}: identity is `commit:<full hash>` "
                              "or `sha256:<hex>`, as `continuity check --add-baseline` writes it")
        entries.append(Entry(item["code"], item["path"], item["message"],
                             str(item.get("reason", "")), identity))
    return tuple(entries)
