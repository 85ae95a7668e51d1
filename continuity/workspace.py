"""From a path on the command line to a configured, discovered memory tree."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .config import Config, load_config
from .errors import UsageError
from .layout import DIRECTORY_KINDS, is_state_file_name
from .model import MemoryTree, discover


def memory_root_for(path: Path, config: Config) -> Path:
    """The memory root that a file or directory belongs to.

    The configured root if ``path`` lies inside it; otherwise the nearest directory that holds
    a state file or a protocol directory; otherwise the path itself (or its directory).
    """
    path = path.resolve()
    configured = config.root_path
    if path == configured or configured in path.parents:
        return configured
    start = path if path.is_dir() else path.parent
    for directory in (start, *start.parents):
        try:
            names = {p.name for p in directory.iterdir()}
        except OSError:
            continue
        if any(is_state_file_name(n) for n in names) or (
                directory == start and path.is_dir() and names & set(DIRECTORY_KINDS)):
            return directory
        if directory.name in DIRECTORY_KINDS and directory == start and not path.is_dir():
            return directory.parent
    return start


def open_tree(root: Path | None = None, overrides: dict[str, Any] | None = None,
              cwd: Path | None = None) -> tuple[Config, MemoryTree]:
    """Load the configuration seen from ``cwd``, then discover the tree at ``root``."""
    cwd = (cwd or Path.cwd()).resolve()
    config = load_config(cwd, overrides)
    if root is not None:
        if not root.exists():
            raise UsageError(f"{root}: no such file or directory")
        root = memory_root_for(root, config)
    return config, discover(config, root)
