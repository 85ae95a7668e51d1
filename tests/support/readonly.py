"""Making a directory really read-only, also for root (who ignores permission bits)."""

from __future__ import annotations

import contextlib
import os
import stat
import subprocess
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def read_only(directory: Path) -> Iterator[None]:
    """No file can be created in ``directory`` while the block runs."""
    if os.geteuid() == 0:  # root: permission bits do not stop it, the immutable flag does
        subprocess.run(["chattr", "+i", str(directory)], check=True)
        try:
            yield
        finally:
            subprocess.run(["chattr", "-i", str(directory)], check=True)
        return
    mode = directory.stat().st_mode
    directory.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        yield
    finally:
        directory.chmod(mode)


def snapshot_bytes(root: Path) -> dict[str, bytes]:
    """Every file below ``root`` with its bytes, to show that nothing changed."""
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file()}
