"""``continuity new``: a correctly named entry from its directory's template, never overwriting.

The kind names a directory (``journal``, ``snapshots``) or its singular (``snapshot``); a
directory that a state file declares in its mesh index is a kind too. The name follows the
directory's pattern; the journal's turn is the next one of that day; a snapshot is
named by the time it is taken and keeps STATE.md as the last commit holds it (the state being
replaced). ``--title`` is the entry's heading. Names chosen by the tool move on to the next
free one when taken; a name the author chose is never reused.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from continuity.authoring.create_file import FileExists, create_new_file
from continuity.authoring.entry_template import EntryValues, fill, normalise
from continuity.authoring.state_snapshot import copy_state
from continuity.errors import UsageError, did_you_mean
from continuity.formats.fillers import is_filler
from continuity.formats.frontmatter import split as fm_split
from continuity.formats.markdown import PLACEHOLDER
from continuity.formats.timestamps import parse_date_value, rfc3339_utc
from continuity.model.kinds import SLUG, DirectoryKind, KindSet, custom_kind
from continuity.model.tree import (
    Document,
    HistoryEntry,
    MemoryTree,
    Template,
    builtin_template,
    parse_template,
)

#: How far the tool looks for a free turn number or second before giving up.
MAX_ATTEMPTS = 1000
SLUG_LENGTH = 60
SLUG_RE = re.compile(rf"^{SLUG}$")


def kind_names(kinds: KindSet) -> dict[str, str]:
    """Every accepted KIND -> directory: the directory's name and its singular."""
    names: dict[str, str] = {}
    for kind in kinds:
        if kind.new_refusal is not None:
            continue
        names[kind.name.lower()] = kind.name
        if kind.name.endswith("s"):
            names[kind.name[:-1].lower()] = kind.name
    return names


@dataclass(frozen=True)
class Target:
    """The directory an entry goes to, with what governs its name and content."""

    directory: str
    kind: DirectoryKind
    template: Template
    existing: tuple[HistoryEntry, ...]  # the directory's entries, oldest first


def resolve(tree: MemoryTree, kind: str) -> Target:
    """The directory ``kind`` names, or a UsageError listing the kinds there are."""
    wanted = kind.strip().strip("/")
    names = kind_names(tree.kinds)
    custom = {name: name for name, d in tree.directories.items() if d.custom}
    custom.update({name[:-1]: name for name in list(custom) if name.endswith("s")})
    refused = tree.kinds.get(wanted) or tree.kinds.get(wanted.lower())
    if refused is not None and refused.new_refusal is not None:
        raise UsageError(refused.new_refusal)
    directory = names.get(wanted.lower()) or custom.get(wanted)
    if directory is None:
        choices = ", ".join(sorted(set(names) | set(custom)))
        meant = did_you_mean(wanted.lower(), sorted(set(names) | set(custom)))
        if not choices:  # a root of no convention whose directories the tool knows
            raise UsageError(f"unknown kind {kind!r}: {tree.root} has no history or library "
                             "directory the tool knows (see `continuity conventions`); "
                             "declare one under [kinds] in continuity.toml")
        raise UsageError(f"unknown kind {kind!r}{meant}; one of: {choices}")
    present = tree.directories.get(directory)
    if present is not None:
        entries, pattern = present.entries, present.kind
    else:
        entries, pattern = (), tree.kinds.get(directory) or custom_kind(directory)
    return Target(directory, pattern, directory_template(tree, directory, pattern),
                  tuple(entries))


def directory_template(tree: MemoryTree, directory: str,
                       kind: DirectoryKind | None = None) -> Template:
    """The template entries of ``directory`` are judged by; refused when the directory's own
    ENTRY.template.md cannot be used, since an entry made from the fallback would no longer fit
    once the template is repaired, and history cannot be edited then."""
    present = tree.directories.get(directory)
    if present is None:
        return builtin_template(directory, kind or tree.kinds.get(directory))
    if present.template_file is not None and present.template.path is None:
        read = present.template_file.read
        if read is None or read.text is None:
            reason = read.error if read is not None else "a link leaving the repository"
        else:
            reason = parse_template(directory, read.text, present.template_file.path).problem
        raise UsageError(f"{present.template_file.path}: {reason or 'cannot be used'}; fix the "
                         "template first (CT201)")
    return present.template


# --------------------------------------------------------------------------- what was asked


@dataclass(frozen=True)
class Request:
    kind: str
    slug: str | None = None
    turn: int | None = None
    when: str | None = None  # --date: YYYY-MM-DD or an ISO 8601 date-time
    title: str | None = None
    fields: dict[str, str] = field(default_factory=dict)
    #: A snapshot keeps the state being replaced: STATE.md as the last commit holds it (the
    #: command reads it from git); None when git holds none yet, then the working copy.
    committed_state: str | None = None


def parse_when(text: str) -> tuple[dt.date, dt.time | None]:
    """``--date``: a calendar date, or a date-time (converted to UTC; no zone means UTC)."""
    written = parse_date_value(text)
    if written is None:
        raise UsageError(f"--date {text!r} is not a date (YYYY-MM-DD) or an ISO 8601 "
                         "date-time (YYYY-MM-DDTHH:MM:SSZ)")
    if written.moment is None:
        return written.date, None
    return written.moment.date(), written.moment.time().replace(microsecond=0, tzinfo=None)


def parse_field(text: str) -> tuple[str, str]:
    """``--field K=V``."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise UsageError(f"--field {text!r}: write it as NAME=VALUE")
    if normalise(key) in ("DATE", "TURN", "TURN_ID"):
        raise UsageError(f"--field {key.strip()}: the file name fixes it; use --date or --turn")
    return key.strip(), value


def slugify(title: str) -> str:
    """A file-name slug from a title: lower-case ASCII letters, digits, single hyphens."""
    ascii_text = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    if len(slug) > SLUG_LENGTH:
        slug = slug[:SLUG_LENGTH].rsplit("-", 1)[0]
    return slug


# --------------------------------------------------------------------------- names


@dataclass(frozen=True)
class Candidate:
    name: str
    slots: dict[str, str]


def candidates(target: Target, request: Request, now: dt.datetime) -> Iterator[Candidate]:
    """File names to try, in order; more than one only where the tool chose the name."""
    day, time = parse_when(request.when) if request.when else (now.date(), None)
    date = day.isoformat()
    kind = target.kind
    if kind.has_turns:  # the next turn of that day, unless the author gave one
        if request.turn is not None:
            if request.turn < 1:
                raise UsageError(f"--turn {request.turn}: turns count from 1")
            yield Candidate(kind.render(date=day, turn=request.turn), _turn_slots(date, request.turn))
            return
        taken = [e.parsed_name.turn for e in target.existing
                 if e.parsed_name and e.date == date and e.parsed_name.turn is not None]
        first = max(taken, default=0) + 1
        for turn in range(first, first + MAX_ATTEMPTS):
            yield Candidate(kind.render(date=day, turn=turn), _turn_slots(date, turn))
        return
    if kind.pattern.timed:
        # A time the author gave is used as given; otherwise the next free second is taken.
        chosen = time is not None
        if time is None:
            time = now.time() if request.when is None else dt.time()
        start = dt.datetime.combine(day, time).replace(microsecond=0)
        for offset in range(1 if chosen else MAX_ATTEMPTS):
            moment = start + dt.timedelta(seconds=offset)
            yield Candidate(kind.render(date=moment.date(), time=moment.time()),
                            {"DATE": rfc3339_utc(moment.replace(tzinfo=dt.timezone.utc))})
        return
    slug = request.slug or (slugify(request.title) if request.title else "")
    needs_slug = bool(kind.pattern.tokens & {"slug", "any"})
    if needs_slug and not slug:
        raise UsageError(f"new {request.kind} needs --slug or --title: {target.directory}/ "
                         f"entries are named {kind.pattern_text}")
    if slug and not SLUG_RE.match(slug):
        raise UsageError(f"--slug {slug!r}: a slug is lower-case letters, digits and single "
                         "hyphens (e.g. fix-webhook)")
    yield Candidate(kind.render(date=day, slug=slug), {"DATE": date})


def _turn_slots(date: str, turn: int) -> dict[str, str]:
    return {"DATE": date, "TURN": str(turn), "TURN_ID": str(turn)}


# --------------------------------------------------------------------------- values


def values_for(tree: MemoryTree, target: Target, request: Request, candidate: Candidate,
               notes: list[str]) -> EntryValues:
    slots = dict(candidate.slots)
    date = slots["DATE"][:10]
    slug = _slug_of(target, candidate.name)
    title = request.title or (slug.replace("-", " ").capitalize() if slug else None)
    slots.update({"START_DATE": date, "COMPLETION_DATE": date, "FILENAME": candidate.name})
    if title:
        for name in ("TITLE", "TOPIC", "TOOL_NAME", "ARTIFACT_NAME", "TASK_DESCRIPTION",
                     "NAME", "SCOPE"):
            slots[name] = title
    if request.title:
        slots["TURN_OBJECTIVE"] = request.title
    if slug:
        slots["TASK_ID"] = slug
        slots["AUDIT_TYPE"] = slug.split("-", 1)[0]
    slots.update(dict(target.kind.new_slots))
    parsed = target.kind.parse(candidate.name)
    if target.kind.choice_field and parsed is not None and parsed.choice:
        slots[normalise(target.kind.choice_field)] = parsed.choice
    sections: dict[str, str] = {}
    if target.kind.copies_state:
        state = copy_state(tree, request.committed_state)
        copied = "\n".join(state.sections().values())
        if PLACEHOLDER.search(copied):
            raise UsageError("STATE.md still holds a {{placeholder}} (CT107): fill it in before "
                             "taking a snapshot, which would keep it for good")
        if state.found:
            slots.update(state.slots())
            sections.update(state.sections())
        else:
            notes.append("no STATE.md here: the snapshot's sections say 'Not recorded yet.'")
        slots.update(_previous_snapshot_agent(target))
    return EntryValues(slots=slots, fields=dict(request.fields), sections=sections)


def _slug_of(target: Target, name: str) -> str | None:
    parsed = target.kind.parse(name)
    return parsed.slug if parsed else None


def _previous_snapshot_agent(target: Target) -> dict[str, str]:
    """The agent and version of the latest snapshot: the same agent usually takes the next."""
    for entry in reversed(target.existing):
        data = entry.document.frontmatter.data if entry.document else {}
        found = {slot: data[key] for key, slot in (("agent", "AGENT_NAME"),
                                                   ("version", "AGENT_VERSION"))
                 if isinstance(data.get(key), str) and data[key] and "{{" not in data[key]}
        if found:
            return found
    return {}


# --------------------------------------------------------------------------- the command's work


@dataclass(frozen=True)
class Created:
    path: Path
    directory: str
    notes: tuple[str, ...]


def check_text(what: str, value: str) -> None:
    """A value that would make the entry break a rule is refused before anything is written."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise UsageError(f"{what}: not valid UTF-8 text") from None
    if PLACEHOLDER.search(value):
        raise UsageError(f"{what}: holds a {{{{placeholder}}}}, which an entry must not keep "
                         "(CT203); write the value itself")


def _unfilled(text: str) -> list[str]:
    """The frontmatter fields and sections of a new entry that hold only the filler."""
    document = Document.parse(text)
    names = [str(key) for key, value in document.frontmatter.data.items()
             if isinstance(value, str) and is_filler(value)]
    for heading in document.body.headings(2):
        if is_filler(document.body.text_of(heading)):
            names.append(f"## {heading.title}")
    return names


def titled(text: str, title: str) -> str:
    """The entry with ``title`` as its heading (the template's ``# Journal Entry — DATE``
    would give every entry of a day the same title in the site's indexes)."""
    _, closing, _ = fm_split(text)
    lines = text.split("\n")
    for index in range(max(closing, 0), len(lines)):
        if lines[index].startswith("# "):
            lines[index] = f"# {' '.join(title.split())}"
            return "\n".join(lines)
    return text


def create_entry(tree: MemoryTree, request: Request, now: dt.datetime | None = None) -> Created:
    """Render and exclusively create the entry; raise UsageError (exit 2) when it cannot."""
    now = now or dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)
    for what, value in [("--title", request.title or ""), ("--slug", request.slug or ""),
                        *((f"--field {k}", v) for k, v in request.fields.items())]:
        check_text(what, value)
    target = resolve(tree, request.kind)
    notes: list[str] = []
    last_taken: Path | None = None
    for candidate in candidates(target, request, now):
        if target.kind.parse(candidate.name) is None:
            raise UsageError(f"{target.directory}/{candidate.name} does not fit the directory's "
                             f"naming pattern {target.kind.pattern_text}")
        text = fill(target.template, values_for(tree, target, request, candidate, notes))
        if request.title:
            text = titled(text, request.title)
        path = tree.root / target.directory / candidate.name
        try:
            create_new_file(path, text.encode("utf-8"), tree.boundary)
        except FileExists:
            last_taken = path
            continue
        if not tree.indexed_by(target.directory):
            notes.append(f"no state file indexes {target.directory}/ yet: add it to a "
                         "state file's ## Mesh index (CT103)")
        unfilled = _unfilled(text)
        if unfilled:
            notes.append(f"left to fill before committing (CT203 until filled): "
                         f"{', '.join(unfilled)}; or pass --field NAME=VALUE")
        return Created(path, target.directory, tuple(dict.fromkeys(notes)))
    assert last_taken is not None
    raise FileExists(last_taken)
