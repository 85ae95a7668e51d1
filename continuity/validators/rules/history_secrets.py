"""CT605: a credential in a committed version of a living file, an agent state file or a history
entry, still in the git history.

The state timeline (the site's history pages, the report) reads every committed version of
the living files from the one history read of the CT3xx rules; the versions are found once
per run (``validators.analyses.STATE_TIMELINE``) and shared with the site. The agent state
files' versions (``AGENT_STATE_TIMELINE``) come from the same read, and for those outside a
root below the top from one more ``git log`` per run (the table's names at the top, the
tracked ones' paths); the edited history entries' are read the same way, for this rule alone
(``HISTORY_ENTRY_TIMELINE``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from continuity.formats.test_fixtures import is_test_fixture
from continuity.formats.words import plural
from continuity.validators.analyses import (
    AGENT_STATE_TIMELINE,
    HISTORY_ENTRY_TIMELINE,
    STATE_TIMELINE,
)
from continuity.validators.diagnostics import Violation
from continuity.validators.registry import CheckContext, rule

if TYPE_CHECKING:
    from continuity.history.versions import Version


@rule("CT605", "secret-in-history", "warning", uses=(STATE_TIMELINE, AGENT_STATE_TIMELINE,
                                                             HISTORY_ENTRY_TIMELINE))
def secret_in_history(ctx: CheckContext) -> Iterator[Violation]:
    """A committed version of a living, agent state or history file held a credential git still holds.

    Living files (STATE.md, TODO.md, MEMORY.md, …) are overwritten, so a credential pasted
    into one and removed in a later commit is gone from the file but not from the
    repository: anyone who can clone it reads the old version. The same holds for the agent
    state files that CT601 reads (`.mcp.json`, `.cursor/mcp.json`,
    `.claude/settings.local.json`, `.env`, an OpenClaw state directory's files), under the
    root or outside it (`../.env`, read by every root of the repository and named once), those
    deleted since too (outside the root, those at the repository's top): a token put in an MCP
    server's configuration and taken out again. And the history entries and append-only files
    a commit edited or deleted (a daily note, a journal entry, the ledger): a key written into a
    note and edited out, or a note deleted whole (a credential the entry still holds is
    CT601's alone, as in one never edited). A test
    run's fixtures in a test environment file (`.env.testing`) are passed over, as by CT601.

    The site's and the report's state timeline never show such a version (nor its diff, nor the diff of the version that
    removed it); this rule says it is there, once per credential (by its value, as a reader sees it:
    `ghp\\_…` or a token split by an invisible character too), at the commit that brought it in. Versions beyond `state_history_max_versions` are not read.

    **Example**

        $ git log --oneline -- STATE.md
        7c1d2e9 Remove the deploy token again
        3b9f0a4 Note the deploy token        <- CT605 (github-token, line 12)

    **Fix**

    Rotate the credential: treat it as leaked. Purging it from the history (`git filter-repo`,
    then a force-push every clone must follow) is the repository owner's call, not an edit.
    """
    entries = HISTORY_ENTRY_TIMELINE(ctx) or {}
    timeline = {**(STATE_TIMELINE(ctx) or {}), **(AGENT_STATE_TIMELINE(ctx) or {}), **entries}
    if not timeline:
        return
    skipped = sum(f.skipped for f in timeline.values())
    if skipped:
        size = sum(f.skipped_bytes for f in timeline.values())
        ctx.notices.append(
            f"CT605: {plural(skipped, 'version')} of living, agent state or history files not read for credentials: "
            f"binary (a NUL in the first bytes) or over max_file_size, {size / 1e6:.1f} MB in all")
    convention = ctx.tree.convention

    def kept(version: Version, path: str) -> dict[str, tuple[str, int]]:
        """Its credentials, but for a test run's fixtures (as CT601 judges them) and a rule
        file's code examples (Convention.code_is_example)."""
        values = {value: place for value, place in _held(version).items()
                  if not is_test_fixture(path, place[0], version.text, place[1])}
        if convention is None or version.text is None:
            return values
        examples = convention.example_lines(path, version.text)
        return {value: place for value, place in values.items() if place[1] not in examples}

    for path, history_of_file in sorted(timeline.items()):
        newest = history_of_file.versions[0]
        now = set(kept(newest, path)) if newest.status != "D" else set()
        held: set[str] = set()
        for version in reversed(history_of_file.versions):  # oldest first
            values = kept(version, path)
            new = {value: place for value, place in values.items() if value not in held}
            # Once per value and file: a note deleted and committed again whole (a backup
            # job's restore) brings nothing git did not hold already.
            held.update(values)
            if not new:
                continue
            kinds = sorted({kind for kind, _ in new.values()})
            line = min(line for _, line in new.values())
            still = set(new) <= now
            if still and path in entries:
                continue  # an entry's own credential is CT601's, as for one never edited
            yield Violation(
                path,
                f"a credential ({', '.join(kinds)}) was committed in {version.short} "
                f"({version.day}, line {line} of that version) and stays in the git history"
                + (" (the file still holds it: CT601)" if still else
                   ", though the file no longer holds it"),
                "rotate the credential: anyone who can clone the repository can read it; "
                "purging it from the history is the repository owner's call",
                commit=version.short, commit_date=version.day, identity=f"commit:{version.sha}")


def _held(version: Version) -> dict[str, tuple[str, int]]:
    """Each credential of the version by what it is (a digest of its value, as a reader sees
    it): a version that brings a new token is named even when an older one of the same kind
    was there before."""
    if len(version.fingerprints) != len(version.credentials):  # made without digests
        return {f"{kind}:{line}": (kind, line) for kind, line in version.credentials}
    return dict(zip(version.fingerprints, version.credentials))
