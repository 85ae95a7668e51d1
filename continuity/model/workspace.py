"""From a path on the command line to a configured, discovered memory tree."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from continuity.config import Config, load_config
from continuity.errors import UsageError
from continuity.model.kinds import DIRECTORY_KINDS, is_state_file_name
from continuity.model.paths import root_refusal
from continuity.model.tree import MemoryTree, discover


def memory_root_for(path: Path, config: Config) -> Path:
    """The memory root that a file or directory named on the command line belongs to.

    Inside the configured root: that root (the default root, the working directory, only
    when it holds state files: ``continuity check memory`` from a project's top checks
    ``memory/``). A protocol directory (``journal/``) or a file in one: its parent. Any other
    directory is a root itself; any other file belongs to its directory.
    """
    path = path.absolute()
    directory = path if path.is_dir() else path.parent  # a file's own link is CT602's
    reason = root_refusal(directory)
    if reason is not None:  # the directory named, or one above it, links out
        raise UsageError(f"{directory}: {reason} (CT602); it is not read or published")
    resolved = path.resolve() if path.is_dir() else path.parent.resolve() / path.name
    configured = config.root_path
    if resolved == configured or (configured in resolved.parents and (
            config.source != "defaults" or _holds_state(configured))):
        return configured
    if path.is_dir():
        if resolved.name in DIRECTORY_KINDS and _holds_state(resolved.parent):
            return resolved.parent
        return resolved
    if resolved.parent.name in DIRECTORY_KINDS:
        return resolved.parent.parent
    return resolved.parent


def _holds_state(directory: Path) -> bool:
    try:
        return any(is_state_file_name(p.name) for p in directory.iterdir())
    except OSError:
        return False


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
