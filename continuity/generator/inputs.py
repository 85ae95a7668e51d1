"""What the site is generated from besides the tree: the check's findings and provenance.

Shared by the plugin and ``continuity generate``: both check through one
:class:`~continuity.validators.run.CheckRun`, as ``continuity check`` does, so the pages say
the verdict the command line says.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from continuity.config import Config
from continuity.history.provenance import CommitRef
from continuity.history.versions import Timeline
from continuity.model.tree import MemoryTree
from continuity.validators.engine import CheckResult
from continuity.validators.run import CheckRun, ProvenanceCache, combined

__all__ = ["ProvenanceCache", "SiteInputs", "combined", "gather", "site_inputs"]


@dataclass(frozen=True)
class SiteInputs:
    check: CheckResult
    provenance: dict[str, CommitRef]
    timeline: Timeline | None = None  # the living files' versions (option state_history)


def site_inputs(trees: list[MemoryTree], config: Config, cwd: Path,
                cache: ProvenanceCache | None = None) -> list[SiteInputs]:
    """Check each tree of a site (the root, then the roots below it) and read the commits that
    added its entries; ``cache`` keeps the first root's across serve rebuilds.

    Raises GitUnavailable (a ContinuityError) for a shallow clone, or with ``git = on`` and no
    repository, exactly as ``continuity check`` does.
    """
    inputs = []
    for index, tree in enumerate(trees):
        run = CheckRun(config, cwd, timeline=True, provenance=True,
                       provenance_cache=cache if index == 0 else None)
        checked = run.tree(tree)
        # What the repository's baseline acknowledges is left out, as `continuity check` does.
        inputs.append(SiteInputs(run.verdict([checked]).result, checked.provenance,
                                 checked.timeline))
    return inputs


def gather(tree: MemoryTree, config: Config, cwd: Path,
           cache: ProvenanceCache | None = None) -> SiteInputs:
    """The inputs of a site of one tree."""
    return site_inputs([tree], config, cwd, cache)[0]
