"""The protocol's fixed vocabulary: which files are state, which directories hold history.

Everything here is data (SPEC §2); discovery and the rules read it, nothing here reads files.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

STATE_FILE_NAMES: tuple[str, ...] = (
    "STATE", "TODO", "CONTEXT", "LEARNINGS", "PLAN", "TOOLS", "ARTIFACTS", "SNAPSHOT",
    "INFRASTRUCTURE", "MEMORY", "KNOWLEDGE", "EVENTS", "AGENTS", "IDENTITY", "SOUL", "SELF",
    "USER", "INIT", "BOOT", "BOOTSTRAP", "TASKS", "BACKLOG", "MISSIONS", "HEARTBEAT", "WARNING",
    "CHECKPOINT", "POTENTIAL", "CONTEXT_BUDGET", "AGENT_ACTIONS",
)

#: Upper-case root files that are documentation about the tree, never state.
NEVER_STATE: frozenset[str] = frozenset(
    {"README", "CHANGELOG", "LICENSE", "CONTRIBUTING", "SECURITY", "USAGE"}
)

UPPER_CASE_STEM = re.compile(r"^[A-Z][A-Z0-9_]*\Z")

SLUG = r"[a-z0-9]+(?:-[a-z0-9]+)*"
DATE = r"(?P<date>\d{4}-\d{2}-\d{2})"


@dataclass(frozen=True)
class DirectoryKind:
    """What the protocol says about one history or library directory."""

    name: str
    kind: str  # "history" or "library"
    pattern: re.Pattern[str]
    pattern_text: str  # shown to users in CT101 messages
    default_edges_from: tuple[str, ...]
    markdown_only: bool = True
    dated: bool = True


def _kind(name, kind, regex, text, edges, markdown_only=True, dated=True) -> DirectoryKind:
    # Patterns end in \Z, not $ (which also matches before a final newline: a file named
    # "2026-01-08-turn-3.md\n" is not an entry); ASCII: \d is 0-9, not every script's digits.
    pattern = re.compile(regex, re.ASCII)
    return DirectoryKind(name, kind, pattern, text, tuple(edges), markdown_only, dated)


DIRECTORY_KINDS: dict[str, DirectoryKind] = {
    k.name: k
    for k in (
        _kind("completed", "history", rf"^{DATE}-(?P<slug>{SLUG})\.md\Z",
              "YYYY-MM-DD-task-slug.md", ["TODO", "LEARNINGS"]),
        _kind("journal", "history", rf"^{DATE}-turn-(?P<turn>\d+)\.md\Z",
              "YYYY-MM-DD-turn-N.md", ["CONTEXT"]),
        _kind("reflections", "history", rf"^{DATE}-(?P<slug>{SLUG})\.md\Z",
              "YYYY-MM-DD-topic-slug.md", ["LEARNINGS"]),
        _kind("snapshots", "history",
              r"^(?P<date>\d{4}-\d{2}-\d{2})T(?P<time>\d{2}-\d{2}-\d{2})\.md\Z",
              "YYYY-MM-DDTHH-MM-SS.md", ["STATE", "SNAPSHOT"]),
        _kind("audits", "history", rf"^{DATE}-(?P<slug>{SLUG})\.md\Z",
              "YYYY-MM-DD-type-slug.md", ["STATE", "LEARNINGS", "INFRASTRUCTURE"]),
        _kind("proposals", "history", rf"^{DATE}-(?P<slug>{SLUG})\.md\Z",
              "YYYY-MM-DD-topic-slug.md", ["PLAN"]),
        _kind("setup", "history", rf"^{DATE}-(?P<slug>{SLUG})\.md\Z",
              "YYYY-MM-DD-tool-name.md", ["TOOLS"]),
        _kind("artifacts", "history",
              rf"^{DATE}-(?P<slug>{SLUG})\.(?P<ext>[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)*)\Z",
              "YYYY-MM-DD-name.ext", ["STATE", "ARTIFACTS", "TOOLS"], markdown_only=False),
        _kind("logs", "history", r"^(?P<slug>[^/]+)\.jsonl\Z", "*.jsonl", ["EVENTS"],
              markdown_only=False, dated=False),
        _kind("memory", "library",
              rf"^(?P<namespace>semantic|procedural|episodic|working)-(?P<slug>{SLUG})\.md\Z",
              "namespace-topic-slug.md (namespace: semantic, procedural, episodic, working)",
              ["MEMORY"], dated=False),
        _kind("knowledge", "library", rf"^(?P<slug>{SLUG})\.md\Z", "topic-slug.md",
              ["KNOWLEDGE"], dated=False),
    )
}

#: A directory that a state file declares but the protocol does not name: dated entries.
CUSTOM_PATTERN = _kind("custom", "history", rf"^{DATE}-(?P<slug>{SLUG})\.md\Z",
                       "YYYY-MM-DD-slug.md", [])

TEMPLATE_NAME = "ENTRY.template.md"

LEDGER_PATH = ".agents/evolve/cycle-history.jsonl"
SESSION_STATE_PATH = ".agents/evolve/session-state.json"


def is_state_file_name(filename: str) -> bool:
    """A root file name that is a protocol state file by name alone."""
    if not filename.endswith(".md"):
        return False
    stem = filename[:-3]
    return stem in STATE_FILE_NAMES


def could_be_state_file(filename: str) -> bool:
    """An upper-case root .md that becomes a state file if it declares a mesh index."""
    if not filename.endswith(".md"):
        return False
    stem = filename[:-3]
    return bool(UPPER_CASE_STEM.match(stem)) and stem not in NEVER_STATE


def default_edges() -> dict[str, tuple[str, ...]]:
    """State file stem -> directories it indexes when it declares nothing."""
    edges: dict[str, list[str]] = {}
    for kind in DIRECTORY_KINDS.values():
        for stem in kind.default_edges_from:
            edges.setdefault(stem, []).append(kind.name)
    return {stem: tuple(dirs) for stem, dirs in edges.items()}


def is_non_entry(filename: str, kind: DirectoryKind) -> bool:
    """Files a directory holds that are not entries (SPEC §2)."""
    if filename.startswith("."):
        return True
    if filename == TEMPLATE_NAME or filename == "index.md":
        return True
    if filename.endswith(".md") and UPPER_CASE_STEM.match(filename[:-3]):
        return True
    if kind.kind == "library" and filename.endswith(".json"):
        return True
    return False
