"""CT1xx: the shape of the tree — entry names, mesh edges, templates, and the state files.

These rules read the model only (names, edges, state-file text); what an entry holds is CT2xx.
"""

from __future__ import annotations

import datetime as dt
import re
import shlex
from collections.abc import Iterator

from continuity.formats.markdown import PLACEHOLDER, MarkdownDoc
from continuity.formats.timestamps import parse_date_value
from continuity.formats.words import plural
from continuity.model.kinds import TEMPLATE_NAME
from continuity.model.tree import HistoryEntry, MemoryDirectory, StateFile
from continuity.validators.diagnostics import Violation
from continuity.validators.fixes import Fix, applicability
from continuity.validators.placeholders import placeholders_left
from continuity.validators.registry import LINKS, CheckContext, rule
from continuity.validators.renames import suggested_name
from continuity.validators.repository import committed as committed_paths
from continuity.validators.repository import tracked as tracked_paths

#: STATE.md's three required items, as heading titles or bold field names (lower case).
STATE_REQUIRED = ("status", "active objective", "next valid action")


def _example(directory: MemoryDirectory) -> str:
    return directory.kind.example or "2026-06-27-topic.md"


def _mover(ctx: CheckContext, path: str) -> str:
    """`git mv` for a file git holds (a plain `mv` would leave git a deletion), `mv` for one
    it does not (`git mv` fails on an untracked file)."""
    tracked = tracked_paths(ctx)
    return "git mv" if tracked is not None and path in tracked else "mv"


def _rename_hint(ctx: CheckContext, directory: MemoryDirectory, entry: HistoryEntry) -> str:
    mover = _mover(ctx, entry.path)
    name = suggested_name(directory, entry)
    if name is None:
        return (f"rename it ({mover}) to the pattern, e.g. {_example(directory)}; slugs "
                "are lower-case letters, digits and single hyphens")
    target = f"{directory.name}/{name}"
    committed = committed_paths(ctx)
    if committed is not None and entry.path in committed and directory.is_history:
        return (f"the name it should have is {target}, but it is committed: renaming a "
                "committed history entry is CT303, so acknowledge this finding in the "
                "baseline (`continuity check --add-baseline`)")
    # --fix renames only what git says it does not hold yet: never without git.
    fix = "; `continuity check --fix` does it" if mover == "mv" and tracked_paths(ctx) is not None \
        else ""
    return f"rename it: `{mover} {shlex.quote(entry.path)} {shlex.quote(target)}`{fix}"


def _rename_fix(ctx: CheckContext, directory: MemoryDirectory, entry: HistoryEntry
                ) -> Fix | None:
    """The rename to the name computed from the entry: safe for a file git does not hold."""
    name = suggested_name(directory, entry)
    if name is None:
        return None
    tracked = tracked_paths(ctx)
    target = f"{directory.name}/{name}"
    return Fix(f"rename to {target}",
               applicability(tracked is not None, tracked is not None and entry.path in tracked),
               rename=target)


@rule("CT101", "entry-name", "error")
def entry_name(ctx: CheckContext) -> Iterator[Violation]:
    """A file in a history or library directory does not match the directory's naming pattern.

    Names carry the entry's date (and time or turn), which orders history and ties each entry
    to the state it records; a file that breaks the pattern cannot be placed in time or found
    by the tools that follow the protocol. Entries sit directly in their directory, unless a
    kind's pattern names a subfolder; files in the directory's `archive/` subfolder are old
    history rotated out and are not judged. A misnamed file is this one finding: the template
    rules (CT2xx) do not judge it too. A tree that names its entries otherwise declares so in
    configuration (`[tool.continuity.kinds.reflections] pattern = "YYYY-MM-DD.md"`; see
    `continuity kinds`).

    **Example**

        journal/notes-tuesday.md        # journal/ wants YYYY-MM-DD-turn-N.md
        completed/2026-06-27_Fix.md     # slugs are lower-case words joined by hyphens

    **Fix**

    Rename the file to the directory's pattern, e.g. `journal/2026-06-27-turn-3.md`: the hint
    names the name computed from the file's own name and fields, with `git mv` for a file git
    holds and `mv` for one it does not (`continuity check --fix` renames those itself). Move a
    file that is not an entry out of the directory, or declare the tree's own pattern in
    `[tool.continuity.kinds]`. A misnamed entry already committed is history: renaming it is
    CT303, so acknowledge it in the baseline (`continuity check --add-baseline`) instead.
    """
    for directory in ctx.tree.directories.values():
        pattern = directory.kind.pattern_text
        for entry in directory.entries:
            if entry.parsed_name is not None or entry.archived:
                continue  # archive/ holds rotated-out history under its old names
            where = f"{directory.name}/"
            if "/" in entry.name and not directory.kind.nested:
                message = (f"'{entry.name}' is in a subdirectory of {where}; its entries sit "
                           f"directly in {where}, named {pattern}")
                hint = f"move it to {where} and name it like {_example(directory)}"
            else:
                extension = ""
                wanted = directory.kind.extensions
                if wanted and not entry.name.endswith(wanted):
                    extension = f" (entries in {where} are {' or '.join(wanted)} files)"
                message = (f"'{entry.name}' does not match {where}'s naming pattern "
                           f"{pattern}{extension}")
                hint = _rename_hint(ctx, directory, entry)
            yield Violation(entry.path, message, hint, fix=_rename_fix(ctx, directory, entry))


@rule("CT102", "entry-date", "error")
def entry_date(ctx: CheckContext) -> Iterator[Violation]:
    """The date or time in an entry's name is not a real one.

    A name such as `2026-02-30-...` or `...T25-00-00.md` matches the pattern but names no real
    moment, so the entry cannot be ordered or matched with its frontmatter date.

    **Example**

        snapshots/2026-02-30T25-00-00.md

    **Fix**

    Rename the file (`git mv`, or `mv` for a file git does not hold) with the real date and
    time it was written, e.g.
    `snapshots/2026-02-28T23-00-00.md`.
    """
    for directory in ctx.tree.directories.values():
        for entry in directory.entries:
            parsed = entry.parsed_name
            if parsed is None or parsed.valid_date:
                continue
            if parsed.date and parsed.real_date() is None:
                message = (f"'{parsed.date}' in the name '{entry.name}' is not a real calendar "
                           "date (YYYY-MM-DD)")
            else:
                message = (f"'{parsed.time}' in the name '{entry.name}' is not a real time of "
                           "day (HH-MM-SS, 00-00-00 to 23-59-59)")
            yield Violation(entry.path, message,
                            f"rename the file ({_mover(ctx, entry.path)}) with the real date and "
                            "time it was written")


@rule("CT103", "orphan-directory", "error")
def orphan_directory(ctx: CheckContext) -> Iterator[Violation]:
    """A history or library directory that no state file indexes.

    Every record layer is reached from a state file's mesh index; a directory nobody indexes
    is history an agent loading its state files will never find, and the site cannot place it.
    A directory that only bears a kind's name is not memory and is not reported: it needs an
    `ENTRY.template.md`, an index, or a file named to the kind's distinctive pattern (a date, a
    turn, a namespace or its own extension such as `.jsonl`) to be part of the tree.

    **Example**

        # STATE.md
        ## Mesh index
        - **Indexes:** `snapshots/`        # audits/ exists but no state file lists it

    **Fix**

    Add the directory to the `- **Indexes:**` line of the state file that owns it (for
    audits/: STATE.md or LEARNINGS.md), or remove the `## Mesh index` section so the
    protocol's default edges apply.
    """
    for name, directory in ctx.tree.directories.items():
        if ctx.tree.indexed_by(name):
            continue
        owners = [f"{stem}.md" for stem in directory.kind.indexed_by]
        owner_text = ", ".join(owners) if owners else "a state file"
        yield Violation(
            name,
            f"{name}/ is not indexed by any state file (no `## Mesh index` lists it"
            + (f"; by default {owner_text} would)" if owners else ")"),
            f"add `{name}/` to the `- **Indexes:**` line of {owner_text.split(', ')[0]}'s "
            "`## Mesh index`, or remove the directory if it is not part of the memory",
        )


@rule("CT104", "dangling-edge", "warning", reach=LINKS)
def dangling_edge(ctx: CheckContext) -> Iterator[Violation]:
    """A state file's mesh index declares a directory that does not exist.

    The edge promises history that is not there: an agent following the index finds nothing,
    and usually the name is misspelt.

    **Example**

        ## Mesh index
        - **Indexes:** `snapshot/`          # the directory is snapshots/

    **Fix**

    Correct the directory name in the `- **Indexes:**` line, create the directory (with its
    `ENTRY.template.md`), or remove the edge.
    """
    root = ctx.tree.root
    for state in ctx.tree.state_files:
        for name, line in state.declared_edges or ():
            if (root / name).is_dir():
                continue
            yield Violation(
                state.path,
                f"{state.name} indexes `{name}/`, but there is no directory {name}/ in the "
                "memory root",
                f"fix the name in the `- **Indexes:**` line, create {name}/ with an "
                f"{TEMPLATE_NAME}, or remove the edge",
                line, _column_of(state, line, name),
            )


def _column_of(state: StateFile, line: int, text: str) -> int:
    if state.document is None:
        return 1
    lines = state.document.text.split("\n")
    if 0 < line <= len(lines):
        found = re.search(rf"(?<![\w.-]){re.escape(text)}(?![\w.-])", lines[line - 1])
        if found:
            return found.start() + 1
    return 1


@rule("CT105", "missing-template", "warning")
def missing_template(ctx: CheckContext) -> Iterator[Violation]:
    """A history directory holds Markdown entries but no ENTRY.template.md.

    The template is the directory's field specification; without it the entries are checked
    against the built-in default (the protocol's fields), which may not be what this tree
    intends, and anyone writing a new entry has nothing to copy.

    **Example**

        journal/2026-06-27-turn-3.md       # but no journal/ENTRY.template.md

    **Fix**

    Add `journal/ENTRY.template.md` (`continuity init` writes the protocol's templates);
    its frontmatter keys are the required fields and its `##` headings the required sections.
    """
    for name, directory in ctx.tree.directories.items():
        if not directory.is_history or directory.template_file is not None:
            continue
        if directory.kind.template_configured:
            continue  # the configuration names the template its entries follow
        markdown = [e for e in directory.entries if e.name.endswith(".md")]
        if not markdown:
            continue
        if directory.template.builtin and (directory.template.fields or
                                           directory.template.sections):
            used = "its entries are checked against the built-in default template"
        else:
            used = "there is no built-in default for it, so its entries' fields go unchecked"
        yield Violation(
            name,
            f"{name}/ has {plural(len(markdown), 'Markdown entry', 'Markdown entries')} "
            f"but no {TEMPLATE_NAME}; {used}",
            f"add {name}/{TEMPLATE_NAME}: frontmatter keys are the required fields, `##` "
            "headings the required sections (`continuity init` writes the protocol's templates)",
        )


@rule("CT106", "state-required", "error")
def state_required(ctx: CheckContext) -> Iterator[Violation]:
    """STATE.md lacks its Status, Active objective or Next valid action.

    These three items are what an agent resuming work reads first; without them the state file
    cannot say where the work stands or what to do next. Each may be a heading or a bold field
    line, in any case and with `_` or `-` for spaces (`## next_valid_action`), and must not be
    empty.

    **Example**

        # STATE
        ## Status
        Building the parser.
        # (no Active objective, no Next valid action)

    **Fix**

    Add the missing items, as headings (`## Active objective`) with a line beneath, or as bold
    field lines (`**Next valid action:** write the fixture loader`).
    """
    state = ctx.tree.state_file("STATE.md")
    if state is None or state.document is None:
        return  # no STATE.md; an unreadable one is CT210
    document = state.document
    fields = {_spelling(name): value for name, value in document.body.bold_fields().items()}
    front = {_spelling(str(key)): value for key, value in document.frontmatter.data.items()} \
        if document.frontmatter.present else {}
    missing, empty = [], []
    for item in STATE_REQUIRED:
        if isinstance(front.get(item), (str, int, float)) and str(front[item]).strip():
            continue  # `status: archived` in the frontmatter is the Status
        section = next((s for s in document.body.sections if _spelling(s.key) == item), None)
        if section is not None:
            body = document.body.text_of(section)
        elif item in fields:
            body = fields[item][0]
        else:
            missing.append(item)
            continue
        if not body.strip():
            empty.append(item)
    if not missing and not empty:
        return
    parts = []
    if missing:
        parts.append("lacks " + ", ".join(_title(i) for i in missing))
    if empty:
        parts.append("has an empty " + ", ".join(_title(i) for i in empty))
    yield Violation(
        state.path,
        f"STATE.md {' and '.join(parts)} (it must carry Status, Active objective and Next "
        "valid action)",
        "add each as a heading with text beneath (`## Next valid action`) or as a bold field "
        "line (`**Next valid action:** ...`)",
    )


def _spelling(key: str) -> str:
    """A heading or field name as compared: the protocol writes `## Next valid action` and
    (samples/minimum) `## next_valid_action`; both name the same item."""
    return re.sub(r"[\s_-]+", " ", key).strip()


def _title(item: str) -> str:
    return item[0].upper() + item[1:]


@rule("CT107", "state-placeholder", "error")
def state_placeholder(ctx: CheckContext) -> Iterator[Violation]:
    """A `{{…}}` template placeholder was left in a state file.

    State files are copied from templates; a placeholder left behind means the agent's current
    state says nothing at that point, while looking filled in. A placeholder is one name in
    double braces (`{{STATUS}}`, `{{ topic }}`); a template engine's expression
    (`{{ include "x.md" }}`) is not one. One finding per file, at the first placeholder; the
    message names them and the JSON output lists every place under `occurrences`.

    **Example**

        ## Active objective

        {{ACTIVE_OBJECTIVE}}

    **Fix**

    Replace the placeholder with the real value, or delete the line if it does not apply.
    Placeholders inside fenced code blocks and code spans are examples and are not reported,
    nor those on a line that talks about placeholders (a rule teaching a template's syntax:
    "using {{variable}} syntax", "placeholders like {{name}}", a note about one, "{{baseDir}}
    token is selective", a quoted example beside other text).
    """
    for state in ctx.tree.state_files:
        if state.document is None or "{{" not in state.document.text:
            continue
        found = state.document.whole.placeholders(skip_code=True)
        if not found:
            continue
        yield placeholders_left(
            state.path, found, state.name,
            one_hint="replace {placeholder} with the real value, or delete it",
            many_hint="fill each in with the real value, or delete the lines that do not apply "
                      "(every place is listed in the JSON output's occurrences)")


YAML_TIMESTAMP = re.compile(r"^\s*(?:[-*+]\s+)?timestamp:\s*(?P<value>\S.*?)\s*$",
                            re.IGNORECASE)


def _yaml_block_timestamp(body: MarkdownDoc) -> tuple[str | None, int, int]:
    """``timestamp:`` where the protocol's SNAPSHOT.md keeps it: in the ```yaml block under
    ``## Snapshot``, or a list item ``- Timestamp: …`` (its packs): (value, line, column), or
    (None, 1, 1)."""
    for index, text in enumerate(body.lines):
        match = YAML_TIMESTAMP.match(text)
        if match:
            value = match.group("value").strip("'\"")
            return value, body.file_line(index), match.start("value") + 1
    return None, 1, 1


@rule("CT108", "stale-snapshot", "warning")
def stale_snapshot(ctx: CheckContext) -> Iterator[Violation]:
    """SNAPSHOT.md's timestamp is older than `snapshot_max_age_days` (default 7).

    SNAPSHOT.md is the quick summary an agent loads first; when it is weeks old it describes a
    project that no longer exists. Its timestamp is the `**Timestamp:**` field line, a
    frontmatter `timestamp:` or `date:`, or, as the protocol's SNAPSHOT.md writes it,
    `timestamp:` in the ```yaml block under `## Snapshot`: an ISO 8601 date or date-time; a
    date-time without a time zone is read as UTC. A missing or unreadable timestamp is
    reported too.

    **Example**

        **Timestamp:** 2025-01-03T10:00:00Z     # checked in 2026: a year old

    **Fix**

    Refresh SNAPSHOT.md and its `**Timestamp:**`, or raise `snapshot_max_age_days` in the
    configuration if snapshots are meant to be updated less often.
    """
    state = ctx.tree.state_file("SNAPSHOT.md")
    if state is None or state.document is None:
        return
    document = state.document
    fields = document.body.bold_fields()
    value, line, column = None, 1, 1
    if "timestamp" in fields:
        value, line = fields["timestamp"]
        text_line = document.text.split("\n")[line - 1]
        column = max(1, text_line.find(value) + 1) if value else 1
    else:
        front = document.frontmatter
        for key in ("timestamp", "date"):
            if isinstance(front.data.get(key), str):
                value = front.data[key]
                line, column = front.positions[key].line, front.positions[key].column
                break
        else:
            value, line, column = _yaml_block_timestamp(document.body)
    if value is None:
        yield Violation(
            state.path,
            "SNAPSHOT.md has no timestamp, so its age cannot be judged",
            "add `timestamp: 2026-11-28T10:00:00Z` to the ```yaml block under ## Snapshot (the "
            "protocol's form), or a line `**Timestamp:** 2026-11-28T10:00:00Z`",
        )
        return
    value = value.strip().strip("`").strip()
    if PLACEHOLDER.search(value):
        return  # an unfilled placeholder is CT107
    written = parse_date_value(value)
    if written is None:
        yield Violation(
            state.path,
            f"SNAPSHOT.md's timestamp '{value}' is not an ISO 8601 date or date-time",
            "write it as 2026-11-28T10:00:00Z (or 2026-11-28)",
            line, column,
        )
        return
    moment = written.moment or dt.datetime.combine(written.date, dt.time(0), dt.timezone.utc)
    now = ctx.now if ctx.now.tzinfo else ctx.now.replace(tzinfo=dt.timezone.utc)
    limit = ctx.config.snapshot_max_age_days
    age = now - moment
    if age.total_seconds() > limit * 86400:
        days = age.days
        yield Violation(
            state.path,
            f"SNAPSHOT.md's timestamp {value} is {plural(days, 'day')} old, older than "
            f"snapshot_max_age_days ({limit})",
            "refresh SNAPSHOT.md and its **Timestamp:**, or raise snapshot_max_age_days",
            line, column,
        )

