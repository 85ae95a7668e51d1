"""The protocol's fixed vocabulary: which files are state, and every directory kind, declared once.

A :class:`DirectoryKind` is everything the tool knows about one kind of directory — its naming
pattern, whether it is append-only history or a curated library, which state files index it by
default, its built-in template, how ``continuity new`` names an entry and how entries are dated
and ordered. Discovery, the rules, ``new``, ``init`` and the site read these declarations; none
of them names a directory. Adding a kind is one entry in :data:`BUILTIN_KINDS` and its template
in ``continuity/templates/entries/``; users add or adjust kinds in configuration
(``[tool.continuity.kinds]``), read by :func:`kinds_in_force`.

Everything here is data; nothing here reads the tree.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from continuity.config import Config
from continuity.errors import ConfigError
from continuity.model.naming import (
    SLUG,
    EntryName,
    NamePattern,
    PatternError,
    compile_pattern,
)

__all__ = ["SLUG", "EntryName", "DirectoryKind", "KindSet", "BUILTIN_KINDS", "DIRECTORY_KINDS",
           "CUSTOM_PATTERN", "kinds_in_force", "kinds_for", "custom_kind"]

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

TEMPLATE_NAME = "ENTRY.template.md"
BUILTIN_TEMPLATES = Path(__file__).resolve().parents[1] / "templates" / "entries"

#: The subfolder the protocol rotates old entries into (CONTEXT_BUDGET.md, "archive before
#: delete"): files there are part of the directory's history, not misnamed entries.
ARCHIVE = "archive"

LEDGER_PATH = ".agents/evolve/cycle-history.jsonl"
SESSION_STATE_PATH = ".agents/evolve/session-state.json"

HISTORY, LIBRARY = "history", "library"

#: Where a kind came from, shown by ``continuity kinds``.
BUILT_IN, CONFIGURED, OVERRIDDEN, DECLARED = "built-in", "configuration", "built-in, adjusted", \
    "a mesh index"


@dataclass(frozen=True)
class DirectoryKind:
    """What the tool knows about one history or library directory."""

    name: str
    role: str  # HISTORY (append-only) or LIBRARY (curated)
    patterns: tuple[NamePattern, ...]  # the first is the one ``new`` writes and hints show
    indexed_by: tuple[str, ...]  # state file stems that index it when they declare nothing
    template: Path | None = None  # the built-in default when the directory has no template
    example: str = ""  # a well-formed name, shown in hints
    pattern_note: str = ""  # what a token of the pattern means, shown after it
    choice_field: str = ""  # the frontmatter field the name's (a|b) choice gives (namespace)
    #: ``continuity new``: why it refuses this kind (None: it writes entries), the template
    #: slots it fills, and whether an entry copies the current STATE.md (snapshots).
    new_refusal: str | None = None
    new_slots: tuple[tuple[str, str], ...] = ()
    copies_state: bool = False
    grows_by_lines: bool = False  # entries are JSONL logs: they may only be appended to
    #: Entries of any extension may grow by appended text, never be rewritten (gptme's
    #: journal: "Entries are to be appended, not overwritten"): judged as logs (CT304).
    appends: bool = False
    requires_evidence: bool = False  # CT209: entries record evidence under ## Evidence
    #: CT211: the ``##`` section whose paths, links (and, with requires_evidence, commits)
    #: must resolve: completed/'s Evidence, artifacts/'s Path.
    evidence_section: str = ""
    #: The protocol's own .gitignore rules for the directory (v1.1.1: its entries kept local
    #: on purpose), which CT308 names as such.
    upstream_ignores: tuple[str, ...] = ()
    origin: str = BUILT_IN

    # -- what the pattern says

    @property
    def pattern(self) -> NamePattern:
        return self.patterns[0]

    @property
    def pattern_text(self) -> str:
        text = " or ".join(p.text for p in self.patterns)
        return f"{text} ({self.pattern_note})" if self.pattern_note else text

    @property
    def is_history(self) -> bool:
        return self.role == HISTORY

    @property
    def dated(self) -> bool:
        """Entries are dated by their names, so pages group them by month."""
        return any(p.dated for p in self.patterns)

    @property
    def markdown_only(self) -> bool:
        return all(p.markdown_only for p in self.patterns)

    @property
    def has_turns(self) -> bool:
        return any(p.turned for p in self.patterns)

    @property
    def nested(self) -> bool:
        """A pattern names a subfolder (``dailies/YYYY-MM-DD.md``)."""
        return any(p.nested for p in self.patterns)

    @property
    def extensions(self) -> tuple[str, ...]:
        """The fixed extensions the patterns end in (``.md``, ``.jsonl``); empty for ``.ext``."""
        found = []
        for pattern in self.patterns:
            kind, detail = pattern.parts[-1]
            if kind == "literal" and "." in detail:
                found.append("." + detail.rsplit(".", 1)[-1])
        return tuple(dict.fromkeys(found))

    @property
    def template_configured(self) -> bool:
        """The template was named in configuration (not one of the protocol's built-in)."""
        return self.template is not None and BUILTIN_TEMPLATES not in self.template.parents

    def parse(self, name: str) -> EntryName | None:
        """What an entry's name (relative to the directory) says; None when no pattern fits.
        Files in the archive/ subfolder are judged by their own name."""
        candidate = name
        if candidate.startswith(ARCHIVE + "/"):
            candidate = candidate[len(ARCHIVE) + 1:]
        for pattern in self.patterns:
            parsed = pattern.parse(candidate)
            if parsed is not None:
                return parsed
        return None

    def expects_text(self, name: str) -> bool:
        """Whether an entry of this name must be UTF-8 text (Markdown, a JSONL log)."""
        return name.endswith(".md") or (self.grows_by_lines and name.endswith(".jsonl"))

    def render(self, *, date: dt.date, time: dt.time | None = None, turn: int = 1,
               slug: str = "") -> str:
        """The name ``new`` gives an entry."""
        return self.pattern.render(date=date, time=time, turn=turn, slug=slug)


def _kind(name: str, role: str, pattern: str | list[str], indexed_by: Iterable[str],
          example: str, **options: Any) -> DirectoryKind:
    texts = [pattern] if isinstance(pattern, str) else pattern
    template = BUILTIN_TEMPLATES / f"{name}.md"
    return DirectoryKind(name, role, tuple(compile_pattern(t) for t in texts),
                         tuple(indexed_by), template if template.is_file() else None,
                         example, **options)


#: The protocol's directories (patterns from upstream's README "Nested directories").
BUILTIN_KINDS: tuple[DirectoryKind, ...] = (
    _kind("completed", HISTORY, "YYYY-MM-DD-task-slug.md", ["TODO", "LEARNINGS"],
          "2026-06-27-fix-webhook.md", requires_evidence=True, evidence_section="Evidence",
          upstream_ignores=("completed/*.md",)),
    _kind("journal", HISTORY, "YYYY-MM-DD-turn-N.md", ["CONTEXT"], "2026-06-27-turn-3.md"),
    _kind("reflections", HISTORY, "YYYY-MM-DD-topic-slug.md", ["LEARNINGS"],
          "2026-06-27-delegation-failure.md"),
    _kind("snapshots", HISTORY, "YYYY-MM-DDTHH-MM-SS.md", ["STATE", "SNAPSHOT"],
          "2026-06-27T14-30-00.md", copies_state=True, upstream_ignores=("snapshots/*",)),
    _kind("audits", HISTORY, "YYYY-MM-DD-type-slug.md", ["STATE", "LEARNINGS", "INFRASTRUCTURE"],
          "2026-06-27-security-audit.md"),
    _kind("proposals", HISTORY, "YYYY-MM-DD-topic-slug.md", ["PLAN"],
          "2026-06-27-api-redesign.md"),
    _kind("setup", HISTORY, "YYYY-MM-DD-tool-name.md", ["TOOLS"], "2026-06-27-caddy-setup.md"),
    _kind("artifacts", HISTORY, "YYYY-MM-DD-name.ext", ["STATE", "ARTIFACTS", "TOOLS"],
          "2026-06-27-inventory.json", new_slots=(("TYPE", "document"),),
          evidence_section="Path"),
    _kind("logs", HISTORY, "*.jsonl", ["EVENTS"], "deployments.jsonl", grows_by_lines=True,
          upstream_ignores=("logs/*.jsonl", "logs/*.log"),
          new_refusal="logs/ holds JSONL event logs; append a line to a .jsonl file instead"),
    _kind("memory", LIBRARY, "(semantic|procedural|episodic|working)-topic-slug.md", ["MEMORY"],
          "semantic-tide-tables.md", pattern_note="the namespace first, then the topic",
          choice_field="namespace"),
    _kind("knowledge", LIBRARY, "topic-slug.md", ["KNOWLEDGE"], "harmonic-constants.md"),
)

#: The built-in kinds by directory name.
DIRECTORY_KINDS: dict[str, DirectoryKind] = {kind.name: kind for kind in BUILTIN_KINDS}


def custom_kind(name: str) -> DirectoryKind:
    """A directory that a state file declares but no kind names: dated entries."""
    return DirectoryKind(name, HISTORY, (compile_pattern("YYYY-MM-DD-slug.md"),), (),
                         None, "2026-06-27-topic.md", origin=DECLARED)


#: The pattern of a directory declared only by a mesh index (kept for callers that test it).
CUSTOM_PATTERN = custom_kind("custom")


# --------------------------------------------------------------------------- the kinds in force


@dataclass(frozen=True)
class KindSet:
    """The kinds one run works with: the built-in ones, adjusted and extended by configuration."""

    kinds: tuple[DirectoryKind, ...] = BUILTIN_KINDS
    by_name: dict[str, DirectoryKind] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_name", {kind.name: kind for kind in self.kinds})

    def __contains__(self, name: object) -> bool:
        return name in self.by_name

    def __iter__(self) -> Iterator[DirectoryKind]:
        return iter(self.kinds)

    def get(self, name: str) -> DirectoryKind | None:
        return self.by_name.get(name)

    def names(self) -> list[str]:
        return [kind.name for kind in self.kinds]

    def history(self) -> list[DirectoryKind]:
        return [kind for kind in self.kinds if kind.is_history]

    def default_edges(self) -> dict[str, tuple[str, ...]]:
        """State file stem -> directories it indexes when it declares nothing."""
        edges: dict[str, list[str]] = {}
        for kind in self.kinds:
            for stem in kind.indexed_by:
                edges.setdefault(stem, []).append(kind.name)
        return {stem: tuple(dirs) for stem, dirs in edges.items()}


BUILTIN = KindSet()


def kinds_for(config: Config) -> KindSet:
    """The kinds in force for a configuration."""
    return kinds_in_force(config.kinds, config.base_dir, config.kinds_source)


def kinds_in_force(specs: Mapping[str, Mapping[str, Any]] | None, base_dir: Path,
                   source: str) -> KindSet:
    """The built-in kinds with the configured ones applied (``[tool.continuity.kinds]``).

    ``specs`` maps a directory name to its keys (already type-checked by the configuration);
    a built-in name adjusts that kind, any other name declares one. A pattern that cannot be
    used, or a template that cannot be read, is a ConfigError naming the option.
    """
    if not specs:
        return BUILTIN
    kinds = {kind.name: kind for kind in BUILTIN_KINDS}
    for name, spec in specs.items():
        kind = _configured_kind(name, spec, kinds.get(name), base_dir, source)
        if kind.parse(kind.example) is None:
            raise ConfigError(f"{source}: option 'kinds.{name}.example': '{kind.example}' does "
                              f"not match the kind's pattern {kind.pattern_text}")
        kinds[name] = kind
    return KindSet(tuple(kinds.values()))


def _configured_kind(name: str, spec: Mapping[str, Any], base: DirectoryKind | None,
                     base_dir: Path, source: str) -> DirectoryKind:
    """The kind ``[kinds.NAME]`` declares (``base`` is None) or the built-in it adjusts."""
    option = f"kinds.{name}"
    if base is None and "pattern" not in spec:
        raise ConfigError(f"{source}: option '{option}' declares a new kind and needs a "
                          "'pattern' (e.g. pattern = \"YYYY-MM-DD-slug.md\")")
    changes: dict[str, Any] = {}
    if "pattern" in spec:
        changes["patterns"] = _patterns(spec["pattern"], source, option)
    if "role" in spec:
        changes["role"] = spec["role"]
    if "indexed_by" in spec:
        changes["indexed_by"] = tuple(_stem(s) for s in spec["indexed_by"])
    if "template" in spec:
        changes["template"] = None if spec["template"] is False else \
            _template_path(spec["template"], base_dir, source, option)
    if base is None:
        return DirectoryKind(
            name, changes.get("role", HISTORY), changes["patterns"],
            changes.get("indexed_by", ()), changes.get("template"),
            spec.get("example") or _example(changes["patterns"][0]), origin=CONFIGURED)
    if "patterns" in changes:
        changes["example"] = _example(changes["patterns"][0])
        changes["pattern_note"] = ""
    if "example" in spec:
        changes["example"] = spec["example"]
    return replace(base, origin=OVERRIDDEN, **changes)


def _patterns(value: str | list[str], source: str, option: str) -> tuple[NamePattern, ...]:
    texts = [value] if isinstance(value, str) else list(value)
    if not texts:
        raise ConfigError(f"{source}: option '{option}.pattern' is empty")
    patterns = []
    for text in texts:
        try:
            patterns.append(compile_pattern(text))
        except PatternError as exc:
            raise ConfigError(f"{source}: option '{option}.pattern': {exc}") from None
    return tuple(patterns)


def _stem(name: str) -> str:
    return name[:-3] if name.endswith(".md") else name


def _template_path(value: str, base_dir: Path, source: str, option: str) -> Path:
    path = (base_dir / value).resolve()
    if not path.is_file():
        raise ConfigError(f"{source}: option '{option}.template': {value} is not a file "
                          f"(relative to {base_dir})")
    return path


def _example(pattern: NamePattern) -> str:
    slug = "topic"
    for kind, detail in pattern.parts:
        if kind == "choice":
            slug = detail.split("|")[0] + "-topic"
    return pattern.render(date=dt.date(2026, 6, 27), time=dt.time(14, 30), turn=3, slug=slug)


# --------------------------------------------------------------------------- state files


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
    """State file stem -> directories it indexes when it declares nothing (built-in kinds)."""
    return BUILTIN.default_edges()


def is_non_entry(filename: str, kind: DirectoryKind) -> bool:
    """Files a directory holds that are not entries."""
    if filename.startswith("."):
        return True
    if filename == TEMPLATE_NAME or filename == "index.md":
        return True
    if filename.endswith(".md") and UPPER_CASE_STEM.match(filename[:-3]):
        return True
    if not kind.is_history and filename.endswith(".json"):
        return True
    return False
