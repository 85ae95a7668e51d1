"""What the rules of the rule-file conventions share (Kiro steering, Cursor, Copilot,
Windsurf, Spec Kit): reading a file beside the tree's own, a frontmatter read the way these
tools read it (line by line: ``globs: src/**/*.ts`` is a glob, not a YAML alias), and the
repository's files a glob must match. No rule is declared here."""

from __future__ import annotations

import fnmatch
import functools
import os
import re
from pathlib import Path

from continuity.formats import frontmatter as fm
from continuity.model.roots import NEVER_SEARCHED
from continuity.model.safe_open import Beneath, Escaped
from continuity.validators.registry import Analysis, CheckContext

#: Files listed at most for glob matching: a larger repository is matched on these.
MAX_FILES_LISTED = 50_000


def read_beside(ctx: CheckContext, path: Path) -> str | None:
    """A file's text, read beneath the repository (None: missing, unreadable, or a link out)."""
    beneath = Beneath(ctx.tree.boundary)
    try:
        return beneath.read_text(path, ctx.config.max_file_size).text
    except (Escaped, OSError):
        return None
    finally:
        beneath.close()


def listed(directory: Path, pattern: str) -> list[Path]:
    """Plain files (not links) of ``directory`` matching a glob, by name."""
    try:
        names = sorted(os.listdir(directory))
    except OSError:
        return []
    return [directory / name for name in names if fnmatch.fnmatchcase(name, pattern)
            and (directory / name).is_file() and not (directory / name).is_symlink()]


def front_fields(text: str) -> tuple[dict[str, str], dict[str, int]] | None:
    """The frontmatter's top-level ``key: value`` lines as written (values unquoted), with
    their lines; None without frontmatter. Lists written as ``- item`` lines below a key are
    joined with commas."""
    # Blank lines (or a byte order mark) before the opening fence: some loaders skip them,
    # and a frontmatter read where the tool may read none says nothing false.
    stripped = text.lstrip("\ufeff")
    blank = len(stripped) - len(stripped.lstrip("\n"))
    yaml_text, closing, _ = fm.split(stripped[blank:])
    if yaml_text is None or closing == -1:
        return None
    values: dict[str, str] = {}
    lines: dict[str, int] = {}
    key = None
    indent = " " * _root_indent(yaml_text)
    for number, line in enumerate(yaml_text.split("\n"), 2 + blank):
        line = line.removeprefix(indent)
        match = re.match(r"^([A-Za-z_][\w-]*)\s*:\s*(.*?)\s*$", line)
        if match:
            key = match.group(1)
            values[key] = _unquote(match.group(2))
            lines[key] = number
        elif key is not None and re.match(r"^\s*-\s+", line):  # a list's item, indented or not
            item = _unquote(re.sub(r"^\s*-\s+", "", line).strip())
            values[key] = f"{values[key]},{item}" if values[key] else item
    return values, lines


def _root_indent(yaml_text: str) -> int:
    """How far the frontmatter's top-level keys are indented: the first key's column.

    YAML lets a document's top mapping stand indented, its keys aligned at any column, and
    VS Code's parser reads it so (``parseBlockMapping`` at the first key's indent). Codacy's
    extension writes its ``codacy.instructions.md`` that way (``    applyTo: '**'`` under the
    fence); read from column 0 alone, that file seemed to have no ``applyTo`` at all."""
    for line in yaml_text.split("\n"):
        content = line.lstrip(" ")
        if content and not content.startswith("#"):
            return len(line) - len(content)
    return 0


def _unquote(value: str) -> str:
    value = _without_comment(value)
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        return value[1:-1]
    if value.startswith("[") and value.endswith("]"):
        return ",".join(_unquote(item.strip()) for item in value[1:-1].split(",") if item.strip())
    return value


def _without_comment(value: str) -> str:
    """The value without its YAML comment (`` #`` and what follows). A quoted value's comment
    begins after its closing quote: VS Code's template for a new instructions file writes
    ``applyTo: '**' # when provided, instructions will automatically be added…``, and the
    value its author filled in is the glob alone; a ``#`` inside the quotes (``"C# files"``)
    is the value's own."""
    if not value.startswith(("'", '"')):
        return value.split(" #", 1)[0].strip()
    close = _closing_quote(value)
    if close != -1 and re.match(r"\s+#", value[close + 1:]):
        return value[:close + 1]
    return value


def _closing_quote(value: str) -> int:
    """Where the quoted scalar opening ``value`` closes, -1 where it does not: YAML doubles a
    quote inside single quotes (``'it''s'``) and escapes one with a backslash inside double
    quotes."""
    quote, index = value[0], 1
    while index < len(value):
        char = value[index]
        if quote == '"' and char == "\\":
            index += 2
            continue
        if char == quote:
            if quote == "'" and value.startswith("''", index):
                index += 2
                continue
            return index
        index += 1
    return -1


def globs(value: str) -> list[str]:
    """A comma-separated list of globs (braces kept whole: ``*.{ts,tsx}``)."""
    found, depth, current = [], 0, ""
    for char in value:
        depth += {"{": 1, "}": -1}.get(char, 0)
        if char == "," and depth == 0:
            found.append(current.strip())
            current = ""
        else:
            current += char
    found.append(current.strip())
    return [g for g in found if g]


@functools.lru_cache(maxsize=512)
def glob_regex(pattern: str) -> re.Pattern[str]:
    """A glob as these tools write it (``**`` any folders, ``*`` within one, ``{a,b}``)."""
    pattern = pattern.lstrip("/").removeprefix("./")
    out, index = "", 0
    while index < len(pattern):
        char = pattern[index]
        if pattern.startswith("**/", index):
            out += "(?:.*/)?"
            index += 3
            continue
        if pattern.startswith("**", index):
            out += ".*"
            index += 2
            continue
        if char == "*":
            out += "[^/]*"
        elif char == "?":
            out += "[^/]"
        elif char == "{":
            end = pattern.find("}", index)
            if end == -1:
                out += re.escape(char)
            else:
                out += "(?:" + "|".join(re.escape(p) for p in pattern[index + 1:end]
                                        .split(",")) + ")"
                index = end
        else:
            out += re.escape(char)
        index += 1
    return re.compile(out + r"\Z")


def _walk(ctx: CheckContext) -> tuple[str, ...]:
    top = ctx.tree.boundary
    found: list[str] = []
    for directory, folders, files in os.walk(top):
        folders[:] = [f for f in folders if f not in NEVER_SEARCHED]
        base = os.path.relpath(directory, top)
        for name in files:
            found.append(name if base == "." else f"{base}/{name}".replace(os.sep, "/"))
        if len(found) >= MAX_FILES_LISTED:
            break
    return tuple(found)


#: The repository's files (relative, ``/``-separated), listed once per check.
REPOSITORY_FILES: Analysis[tuple[str, ...]] = Analysis("repository-files", _walk)


def repository_files(ctx: CheckContext) -> tuple[str, ...]:
    """The repository's files (relative, ``/``-separated), listed once per check."""
    return REPOSITORY_FILES(ctx)


#: The manifests that declare a project of a language, by the extension of its sources: a
#: project with one of them and no source file yet has its code still to come.
LANGUAGE_MANIFESTS: dict[str, tuple[str, ...]] = {
    "py": ("pyproject.toml", "setup.py", "setup.cfg", "requirements.txt", "Pipfile"),
    "rs": ("Cargo.toml",),
    "go": ("go.mod",),
    "ts": ("tsconfig.json",),
    "tsx": ("tsconfig.json",),
    "rb": ("Gemfile",),
    "java": ("pom.xml", "build.gradle", "build.gradle.kts"),
    "kt": ("build.gradle.kts", "build.gradle"),
    "dart": ("pubspec.yaml",),
    "php": ("composer.json",),
    "swift": ("Package.swift",),
}


def _declares_language(files: tuple[str, ...], extension: str) -> bool:
    manifests = LANGUAGE_MANIFESTS.get(extension.lower(), ())
    return any(each.rsplit("/", 1)[-1] in manifests for each in files)


def names_a_missing_place(ctx: CheckContext, pattern: str) -> bool:
    """Whether a glob that matches no file points where the repository has nothing of its
    kind: one named file (``package.json``), a folder written out before the first wildcard
    that the repository lacks (``web/**/*.tsx`` with no ``web/``: the app moved), or an
    extension no file has (``app/**/*.vue`` in a project with no ``.vue``). A glob of files of
    the repository's own kind, anywhere or under a folder it has (``**/*.test.ts``,
    ``**/tests/**/*.rs`` beside ``.ts`` and ``.rs`` files), names files not written yet (the
    tests to come), applied once one exists: not a stale pattern. Nor is a glob of an
    extension no file has in a project whose manifest declares that language
    (``custom_components/**/*.py`` beside ``pyproject.toml`` and not one ``.py``, the example
    code cleared from a template): the code is still to be written, under whatever folder."""
    path = pattern.strip().removeprefix("./").strip("/")
    wild = "*?[]{}"
    if not any(character in path for character in wild):
        return True
    files = repository_files(ctx)
    name = path.rsplit("/", 1)[-1]
    extension = name.rsplit(".", 1)[1] if "." in name else ""
    if extension and not any(each.endswith("." + extension) for each in files) and \
            _declares_language(files, extension):
        return False
    fixed: list[str] = []
    for segment in path.split("/")[:-1]:
        if any(character in segment for character in wild):
            break
        fixed.append(segment)
    if fixed:
        prefix = "/".join(fixed) + "/"
        if not any(each.startswith(prefix) for each in files):
            return True
    if not extension or any(character in extension for character in wild):
        return False
    return not any(each.endswith("." + extension) for each in files)


def absent_languages(ctx: CheckContext, patterns: list[str]) -> frozenset[str]:
    """The extensions a file's globs name after a wildcard (``**/*.go``, ``src/**/*.rs``)
    that no file of the repository has: the languages it is for that the repository lacks."""
    files = repository_files(ctx)
    named = set()
    for pattern in patterns:
        name = pattern.strip().rsplit("/", 1)[-1]
        if "." in name and any(character in name for character in "*?"):
            extension = name.rsplit(".", 1)[1].lower()
            if extension and not any(character in extension for character in "*?[]{}") and \
                    not any(each.lower().endswith("." + extension) for each in files):
                named.add(extension)
    return frozenset(named)


def for_absent_languages(unmatched: list[frozenset[str]]) -> bool:
    """Whether a folder's rule files that match no file of the repository (each given by
    :func:`absent_languages`) cover two or more languages the repository has no file of
    (``go.instructions.md``, ``python.instructions.md``, ``rust.instructions.md`` in a
    repository of Markdown): a catalogue of guidance for the stacks of projects to come (a
    project template's), kept to be copied, not a file left behind by a change of stack,
    which leaves one language without files."""
    return len({languages for languages in unmatched if languages}) >= 2


def matches_some_file(ctx: CheckContext, pattern: str) -> bool:
    """Whether a glob matches a file of the repository; a pattern with no ``/`` also
    matches a file's name anywhere (a loader may match on the name alone)."""
    regex = glob_regex(pattern)
    bare = "/" not in pattern.strip("/")
    return any(regex.match(path) or (bare and regex.match(path.rsplit("/", 1)[-1]))
               for path in repository_files(ctx))
