"""One set of options, from ``continuity.toml``, ``[tool.continuity]``, the plugin, or flags.

Every option is one row of :data:`OPTIONS` (name, default, parser, help, whether it is a
path): the TOML loader, the plugin's options in ``mkdocs.yml`` and the command line all go
through it, the README's table of options is printed from it, and an option without a row is
an error at import, never silently dropped. Where each source sits in the order of precedence
is :func:`load_config`'s docstring (and the README's Configuration section).

To add an option: a row in :data:`OPTIONS` and a typed line in :class:`Config` taking its
default from the row (``name: int = _default("name")``); then ``python scripts/readme.py``.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib

from continuity.errors import ConfigError, did_you_mean
from continuity.paths import configured_path, refusal, repository_top

#: Note stores looked for when ``notes`` is not configured (relative to the memory root).
DEFAULT_NOTE_GLOBS: tuple[str, ...] = ("notes.jsonl", "notes/*.jsonl")

SIZE = re.compile(r"^(\d{1,30}(?:\.\d{1,30})?)[ \t]{0,10}([kmg]i?b?|b)?$", re.IGNORECASE)
_UNITS = {"": 1, "b": 1, "k": 1000, "kb": 1000, "kib": 1024, "m": 10**6, "mb": 10**6,
          "mib": 1024**2, "g": 10**9, "gb": 10**9, "gib": 1024**3}


def _string_list(name: str, value: Any, source: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [part.strip() for part in value.split(",") if part.strip()]
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{source}: option '{name}' must be a list of strings, got {value!r}")
    return tuple(value)


def _choice(name: str, value: Any, choices: tuple[str, ...], source: str) -> str:
    if isinstance(value, bool) and name == "git":
        value = "on" if value else "off"
    if not isinstance(value, str) or value not in choices:
        raise ConfigError(
            f"{source}: option '{name}' must be one of {', '.join(choices)}, got {value!r}")
    return value


def _integer(name: str, value: Any, source: str, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ConfigError(
            f"{source}: option '{name}' must be an integer of at least {minimum}, got {value!r}")
    return value


def _boolean(name: str, value: Any, source: str) -> bool:
    if not isinstance(value, bool):
        raise ConfigError(f"{source}: option '{name}' must be true or false, got {value!r}")
    return value


def _site_prefix(value: Any, source: str) -> str:
    """A folder inside the site, written with '/': not absolute and never above the site."""
    if not isinstance(value, str):
        raise ConfigError(f"{source}: option 'site_prefix' must be a folder name such as "
                          f"\"memory\", got {value!r}")
    parts = [part for part in value.replace("\\", "/").split("/") if part not in ("", ".")]
    if value.startswith("/") or ".." in parts:
        raise ConfigError(f"{source}: option 'site_prefix' must be a folder inside the site "
                          f"(no leading '/', no '..'), got {value!r}")
    return "/".join(parts)


def parse_size(name: str, value: Any, source: str) -> int:
    """``max_file_size`` as bytes: an integer, or text such as ``"5 MB"`` or ``"512KiB"``."""
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return value
    if isinstance(value, str):
        match = SIZE.match(value.strip()) if len(value) < 100 else None
        if match and (match.group(2) or "").lower() in _UNITS:
            return int(float(match.group(1)) * _UNITS[(match.group(2) or "").lower()])
    raise ConfigError(f"{source}: option '{name}' must be a size such as 5000000 or \"5 MB\", "
                      f"got {value!r}")


#: A rule code (CT301) or a prefix of codes (CT3, CT30); ``continuity rules`` lists them.
CODE = re.compile(r"^CT\d{0,3}\Z")


def _codes(name: str, codes: tuple[str, ...], source: str) -> tuple[str, ...]:
    """Rule codes or prefixes, upper-cased; a malformed one (``CT6O1``) is an error naming it.
    Whether a well-formed code names a rule is checked against the registry by the engine."""
    result = tuple(code.strip().upper() for code in codes)
    for code in result:
        if not CODE.match(code):
            meant = code[:2] + code[2:].replace("O", "0").replace("I", "1").replace("L", "1")
            hint = f" (did you mean '{meant}'?)" if CODE.match(meant) else ""
            raise ConfigError(f"{source}: option '{name}': '{code}'{hint} is not a rule code or prefix "
                              "(CT followed by up to three digits, such as CT3 or CT301; "
                              "`continuity rules` lists them)")
    return result


def _severity_map(value: Any, source: str) -> dict[str, str]:
    if not isinstance(value, dict):
        raise ConfigError(f"{source}: option 'severity' must be a table of CODE = level")
    result = {}
    for code, level in value.items():
        _codes("severity", (str(code),), source)
        if level not in ("error", "warning", "off"):
            raise ConfigError(f"{source}: severity for {code} must be error, warning or off, "
                              f"got {level!r}")
        result[str(code).upper()] = level
    return result


_BUDGET = re.compile(r"^\s*(\d[\d_,]*)\s*(lines?|tokens?|chars?|characters?)\s*$", re.IGNORECASE)
BUDGET_UNITS = {"line": "lines", "token": "tokens", "char": "chars", "character": "chars"}


def parse_budget(value: Any, where: str) -> tuple[int, str]:
    """A state budget such as ``"200 lines"``, ``"4000 tokens"`` or ``"2200 chars"``."""
    match = _BUDGET.match(value) if isinstance(value, str) else None
    if match is None:
        raise ConfigError(f"{where} must be a number and a unit, such as \"200 lines\", "
                          f"\"4000 tokens\" or \"2200 chars\", got {value!r}")
    unit = match.group(2).lower().rstrip("s")
    return int(re.sub(r"[_,]", "", match.group(1))), BUDGET_UNITS[unit]


def _state_budget(value: Any, source: str) -> dict[str, tuple[tuple[int, str], ...]]:
    """``"4000 tokens"`` (every state file), or a table of state file name or glob -> a budget
    or a list of budgets: ``{"STATE.md" = "200 lines", "*" = "4000 tokens"}``."""
    where = f"{source}: option 'state_budget'"
    if isinstance(value, str):
        value = {"*": value}
    if not isinstance(value, dict):
        raise ConfigError(f"{where} must be a budget such as \"4000 tokens\" or a table of "
                          f"state file -> budget, got {value!r}")
    result: dict[str, tuple[tuple[int, str], ...]] = {}
    for name, limits in value.items():
        if not isinstance(name, str) or not name.strip():
            raise ConfigError(f"{where}: keys are state file names or globs, got {name!r}")
        listed = limits if isinstance(limits, list) else [limits]
        result[name.strip()] = tuple(parse_budget(limit, f"{where} for {name!r}")
                                     for limit in listed)
    return result


KIND_KEYS = ("pattern", "role", "indexed_by", "template", "example")
KIND_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*\Z")


def _kinds(value: Any, source: str) -> dict[str, dict[str, Any]]:
    """``kinds``: a table of directory name -> {pattern, role, indexed_by, template, example}.
    Shapes only; whether a pattern can be used is decided where kinds are built."""
    if not isinstance(value, dict):
        raise ConfigError(f"{source}: option 'kinds' must be a table of directory name -> "
                          "{pattern, role, indexed_by, template}")
    result: dict[str, dict[str, Any]] = {}
    for name, spec in value.items():
        option = f"kinds.{name}"
        if not isinstance(name, str) or not KIND_NAME.match(name) or name.startswith("."):
            raise ConfigError(f"{source}: option '{option}': a kind is named by its directory, "
                              "one folder name such as \"decisions\"")
        if not isinstance(spec, dict):
            raise ConfigError(f"{source}: option '{option}' must be a table with pattern, role, "
                              "indexed_by or template")
        keys: dict[str, Any] = {}
        for raw_key, item in spec.items():
            key = str(raw_key).replace("-", "_")
            if key not in KIND_KEYS:
                raise ConfigError(f"{source}: option '{option}.{raw_key}' is not a key of a kind "
                                  f"(known: {', '.join(KIND_KEYS)})")
            if key == "pattern":
                patterns = [item] if isinstance(item, str) else item
                if not isinstance(patterns, list) or not patterns or \
                        not all(isinstance(p, str) and p for p in patterns):
                    raise ConfigError(f"{source}: option '{option}.pattern' must be a naming "
                                      "pattern such as \"YYYY-MM-DD-slug.md\", or a list of them")
                keys[key] = tuple(patterns)
            elif key == "role":
                keys[key] = _choice(f"{option}.role", item, ("history", "library"), source)
            elif key == "indexed_by":
                keys[key] = _string_list(f"{option}.indexed_by", item, source)
            elif key == "template" and item is False:
                keys[key] = False  # no built-in template: entries' fields go unchecked
            elif not isinstance(item, str) or not item:
                raise ConfigError(f"{source}: option '{option}.{key}' must be a non-empty string")
            else:
                keys[key] = item
        result[name] = keys
    return result


# -- conventions (continuity.model.conventions reads the fields; here only their shapes)

def _convention(value: Any, source: str) -> str | dict[str, str]:
    if isinstance(value, str) and value:
        return value
    if isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) and v
                                       for k, v in value.items()):
        return dict(value)
    raise ConfigError(f"{source}: option 'convention' must be a convention's name such as "
                      "\"cline\", or a table of root path -> name")


def _conventions(value: Any, source: str) -> dict[str, dict[str, Any]]:
    if not isinstance(value, dict) or not all(isinstance(v, dict) for v in value.values()):
        raise ConfigError(f"{source}: option 'conventions' must be a table of name -> "
                          "{title, markers, living, index, history, dated, required, rules}")
    return {str(k): dict(v) for k, v in value.items()}


def _globs(name: str, value: Any, source: str) -> tuple[str, ...]:
    """Globs relative to the memory root: ``Path.glob`` refuses an empty or absolute one."""
    patterns = _string_list(name, value, source)
    for pattern in patterns:
        if not pattern.strip():
            raise ConfigError(f"{source}: option '{name}' holds an empty pattern")
        if pattern.startswith(("/", "\\")) or (len(pattern) > 1 and pattern[1] == ":"):
            raise ConfigError(f"{source}: option '{name}' must hold patterns relative to the "
                              f"memory root, got {pattern!r}")
        if "\x00" in pattern:
            raise ConfigError(f"{source}: option '{name}' holds a NUL character")
    return patterns




# ----------------------------------------------------------------------------- the table


def _path_text(name: str, value: Any, source: str) -> str:
    if isinstance(value, os.PathLike):  # MkDocs' `!relative $config_dir/...`
        try:
            value = os.fspath(value)
        except Exception as exc:  # bare `!relative`: the page being rendered, none here
            raise ConfigError(f"{source}: option '{name}': {one_line_error(exc)} (write "
                              "`!relative $config_dir/...` for a path beside mkdocs.yml)") \
                from None
    if not isinstance(value, str) or not value or "\x00" in value:
        raise ConfigError(f"{source}: option '{name}' must be a non-empty string")
    return value


def _text(name: str, value: Any, source: str) -> str:
    if not isinstance(value, str) or not value or "\x00" in value:
        raise ConfigError(f"{source}: option '{name}' must be a non-empty string")
    return value


def _rebase_path(value: Any, directory: Path) -> Any:
    """A path option written relative to ``directory`` (mkdocs.yml's), made absolute."""
    return str(configured_path(directory, value)) if isinstance(value, str) else value


def _rebase_kinds(value: Any, directory: Path) -> Any:
    """Each kind's ``template``, relative to ``directory``, made absolute."""
    if not isinstance(value, dict):
        return value
    return {name: {**spec, "template": str(configured_path(directory, spec["template"]))}
            if isinstance(spec, dict) and isinstance(spec.get("template"), str) else spec
            for name, spec in value.items()}


Parser = Callable[[str, Any, str], Any]


@dataclass(frozen=True)
class Option:
    """One option, declared once: what every source of options and the README read."""

    name: str
    parse: Parser  # (name, value, source) -> the value in Config's type, or ConfigError
    default: Any
    help: str  # the README's "meaning" column (Markdown)
    shown_default: str = ""  # the README's "default" column, when the value says it badly
    nullable: bool = False  # None (YAML's null) sets the default back
    #: Relative to the file that sets it (mkdocs.yml, continuity.toml): such a value is made
    #: absolute against that file's folder by :func:`continuity.paths.configured_path`.
    rebase: Callable[[Any, Path], Any] | None = None
    path: bool = False  # a path (or globs) that must stay inside the repository
    choices: tuple[str, ...] = ()  # the values allowed, for an option of a few words

    def new_default(self) -> Any:
        return type(self.default)() if isinstance(self.default, dict) else self.default


def _choices(*choices: str) -> Parser:
    return lambda name, value, source: _choice(name, value, choices, source)


def _at_least(minimum: int) -> Parser:
    return lambda name, value, source: _integer(name, value, source, minimum)


GIT_MODES = ("auto", "on", "off")
FAIL_ON = ("error", "warning")

OPTIONS: dict[str, Option] = {option.name: option for option in (
    Option("root", _path_text, ".", "the memory root", "`.`", rebase=_rebase_path, path=True),
    Option("ledger", _path_text, None, "the cycle ledger (default `.agents/evolve/"
           "cycle-history.jsonl` at the root or the repository top)", "found", nullable=True,
           rebase=_rebase_path, path=True),
    Option("session_state", _path_text, None, "the session state (default "
           "`.agents/evolve/session-state.json` at the root or the repository top)", "found", nullable=True,
           rebase=_rebase_path, path=True),
    Option("notes", lambda n, v, s: _globs(n, v, s), DEFAULT_NOTE_GLOBS,
           "note store globs, relative to the root", path=True),
    Option("select", lambda n, v, s: _codes(n, _string_list(n, v, s), s), (),
           "rule codes or prefixes to run", "all"),
    Option("ignore", lambda n, v, s: _codes(n, _string_list(n, v, s), s), (),
           "rule codes or prefixes to skip", "none"),
    Option("severity", lambda n, v, s: _severity_map(v, s), {},
           "`{CT207 = \"error\", CT105 = \"off\"}`", " "),
    Option("since", _text, None, "baseline revision: history rules judge commits after it, "
           "ledger and note rules the lines added after it", " ", nullable=True),
    Option("git", _choices(*GIT_MODES), "auto", "`auto`, `on`, `off`", choices=GIT_MODES),
    Option("exclude", _string_list, (), "globs of paths to leave out", " "),
    Option("max_file_size", parse_size, 10 * 1024 * 1024,
           "larger files are skipped (CT603)", "`10 MiB`"),
    Option("snapshot_max_age_days", _at_least(0), 7, "CT108"),
    Option("state_budget", lambda n, v, s: _state_budget(v, s), {},
           "CT112: `{\"STATE.md\" = \"200 lines\", \"*\" = \"4000 tokens\"}` (lines, "
           "approximate tokens, or chars; one string for every state file); `continuity "
           "init` writes it commented in `continuity.toml`", "off"),
    Option("fail_on", _choices(*FAIL_ON), "error", "lowest severity that fails",
           choices=FAIL_ON),
    Option("strict", _boolean, False, "site: fail the build on findings"),
    Option("sanitize_html", _boolean, True, "site: clean the tree's HTML"),
    Option("page_size", _at_least(1), 50, "site: entries per index page"),
    Option("feed", _boolean, True, "site: an Atom feed of the newest entries, `feed.xml` "
           "(needs MkDocs' `site_url`, or `continuity generate --site-url`)"),
    Option("tags_page", _boolean, False, "site: a page of the entries' frontmatter `tags`"),
    Option("site_prefix", lambda n, v, s: _site_prefix(v, s), "",
           "site: the folder (below `docs_dir`) of the memory pages", "`\"\"`"),
    Option("state_history", _boolean, True, "site and report: each living file's committed "
           "versions, diffed"),
    Option("state_history_max_versions", _at_least(1), None, "site and report: at most this "
           "many versions per living file", "500", nullable=True),
    Option("kinds", lambda n, v, s: _kinds(v, s), {},
           "directory kinds declared or adjusted: see below", "the protocol's",
           rebase=_rebase_kinds, path=True),
    Option("convention", lambda n, v, s: _convention(v, s), None,
           "the convention the roots follow (`\"cline\"`), or a table of root path -> name: "
           "see [Conventions](#conventions)", "recognised", nullable=True),
    Option("conventions", lambda n, v, s: _conventions(v, s), {},
           "conventions declared: see [Conventions](#conventions)", " "),
)}


def _default(name: str) -> Any:
    option = OPTIONS[name]
    if isinstance(option.default, dict):
        return field(default_factory=dict)
    return field(default=option.default)


@dataclass(frozen=True)
class Config:
    """Every option with its default. Paths are resolved against ``base_dir``."""

    root: str = _default("root")
    ledger: str | None = _default("ledger")
    session_state: str | None = _default("session_state")
    notes: tuple[str, ...] = _default("notes")
    select: tuple[str, ...] = _default("select")
    ignore: tuple[str, ...] = _default("ignore")
    severity: dict[str, str] = _default("severity")
    since: str | None = _default("since")
    git: str = _default("git")
    exclude: tuple[str, ...] = _default("exclude")
    max_file_size: int = _default("max_file_size")
    snapshot_max_age_days: int = _default("snapshot_max_age_days")
    fail_on: str = _default("fail_on")
    strict: bool = _default("strict")
    sanitize_html: bool = _default("sanitize_html")
    page_size: int = _default("page_size")
    feed: bool = _default("feed")  # the site's Atom feed (generator/feed.py)
    tags_page: bool = _default("tags_page")  # the site's tags page (generator/tags_page.py)
    site_prefix: str = _default("site_prefix")  # the site's folder (below docs_dir) for memory
    # The state timeline: each living file's committed versions on the site and in the report;
    # a cap on the versions shown per file (None: history.versions.DEFAULT_MAX_VERSIONS).
    state_history: bool = _default("state_history")
    state_history_max_versions: int | None = _default("state_history_max_versions")
    # CT112: name or glob of a state file -> its limits, e.g. {"STATE.md": ((200, "lines"),)}.
    state_budget: dict[str, tuple[tuple[int, str], ...]] = _default("state_budget")
    #: Directory kinds declared or adjusted (``[tool.continuity.kinds.NAME]``): name -> keys,
    #: type-checked here; patterns are compiled by ``continuity.model.kinds``.
    kinds: dict[str, dict[str, Any]] = _default("kinds")
    #: The convention the roots follow (``convention = "cline"``, or a table of root path ->
    #: name), and conventions declared here (``[tool.continuity.conventions.NAME]``): see
    #: ``continuity.model.conventions``, which checks their fields.
    convention: str | dict[str, str] | None = _default("convention")
    conventions: dict[str, dict[str, Any]] = _default("conventions")
    # Where the options came from; not options themselves.
    base_dir: Path = field(default_factory=Path.cwd, compare=False)
    source: str = field(default="defaults", compare=False)
    kinds_source: str = field(default="defaults", compare=False)  # where `kinds` was written
    root_source: str = field(default="defaults", compare=False)  # where `root` was written
    #: Said when mkdocs.yml's `root` overrides another file's (the check prints it as a note).
    root_note: str = field(default="", compare=False)

    @property
    def root_path(self) -> Path:
        return (self.base_dir / self.root).resolve()

    @property
    def root_written(self) -> Path:
        """The root as configured, absolute but with its links kept: what decides whether it
        is a link leaving its repository (continuity.model.boundaries.root_refusal)."""
        return configured_path(self.base_dir, self.root)

    def with_options(self, options: dict[str, Any], source: str) -> Config:
        """A copy with ``options`` applied (already validated or validated here)."""
        values = validate(options, source)
        if "kinds" in values:  # kinds from two sources merge, key by key
            merged = {name: dict(keys) for name, keys in self.kinds.items()}
            for name, keys in values["kinds"].items():
                merged.setdefault(name, {}).update(keys)
            values["kinds"] = merged
            values["kinds_source"] = source
        if "root" in values:
            values["root_source"] = source
        return replace(self, **values)



_META = {"base_dir", "source", "kinds_source", "root_source", "root_note"}
_FIELDS = {f.name for f in fields(Config)} - _META
if _FIELDS != set(OPTIONS):  # pragma: no cover - a row or a field forgotten
    raise ImportError(f"continuity.config: options and Config disagree: "
                      f"{sorted(_FIELDS ^ set(OPTIONS))}")


def options_markdown() -> str:
    """The README's table of options, from :data:`OPTIONS`."""
    rows = ["| option | default | meaning |", "|---|---|---|"]
    for option in OPTIONS.values():
        shown = option.shown_default.strip() if option.shown_default else _shown(option.default)
        rows.append(f"| `{option.name}` | {shown} | {option.help} |")
    return "\n".join(rows) + "\n"


def _shown(value: Any) -> str:
    """A default as TOML writes it."""
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    if isinstance(value, tuple):
        return "`[" + ", ".join(f'"{item}"' for item in value) + "]`" if value else ""
    if isinstance(value, str):
        return f"`{value}`"
    return f"`{value}`"


def validate(options: dict[str, Any], source: str) -> dict[str, Any]:
    """Check names and types of ``options``; return them converted to Config's types."""
    result: dict[str, Any] = {}
    for raw_name, value in options.items():
        name = str(raw_name).replace("-", "_")
        option = OPTIONS.get(name)
        if option is None:
            raise ConfigError(f"{source}: unknown option '{raw_name}'{did_you_mean(name, OPTIONS)} "
                              f"(known options: {', '.join(sorted(OPTIONS))})")
        if value is None and option.nullable:
            result[name] = option.new_default()
        else:
            result[name] = option.parse(name, value, source)
    return result


def rebase(options: dict[str, Any], directory: Path) -> dict[str, Any]:
    """``options`` written in a file of ``directory`` (mkdocs.yml): their paths made absolute,
    links kept."""
    result = dict(options)
    for raw_name, value in options.items():
        option = OPTIONS.get(str(raw_name).replace("-", "_"))
        if option is not None and option.rebase is not None and value is not None:
            result[raw_name] = option.rebase(value, directory)
    return result


# ----------------------------------------------------------------------------- paths


def path_refusals(config: Config) -> list[str]:
    """Why a configured path must not be used: a root, ledger, session state, kind template
    or note glob that leaves the repository holding the configuration, goes into its ``.git``,
    or passes through a link out of it. Outside git there is no repository to leave."""
    top = repository_top(config.base_dir)
    if top is None:
        return []
    boundary = Path(os.path.realpath(top))
    problems: list[str] = []

    def judge(option: str, value: str, path: Path) -> None:
        reason = refusal(path, boundary)
        if reason is not None:
            problems.append(f"option '{option}' ({value!r}) is {reason} at {top}")

    for option in OPTIONS.values():  # root, ledger, session_state: one path each
        value = getattr(config, option.name)
        if option.path and option.rebase is _rebase_path and isinstance(value, str):
            judge(option.name, value, configured_path(config.base_dir, value))
    for pattern in config.notes:  # as written: a linked folder in the tree is CT602's
        written = configured_path(config.root_written, _literal_part(pattern))
        if not any(_below(written, place) for place in (top, boundary)):
            problems.append(f"option 'notes' ({pattern!r}) is outside the repository at {top}")
        if ".." in pattern.replace("\\", "/").split("/")[1:]:
            problems.append(f"option 'notes' ({pattern!r}) climbs out of its folders ('..')")
    for kind, spec in config.kinds.items():
        template = spec.get("template")
        if isinstance(template, str):
            judge(f"kinds.{kind}.template", template,
                  configured_path(config.base_dir, template))
    return problems


def _below(path: Path, top: Path) -> bool:
    try:
        inside = path.relative_to(top)
    except ValueError:
        return False
    return not any(part.casefold() == ".git" for part in inside.parts)


def _literal_part(pattern: str) -> str:
    """The folders of a glob before its first wildcard (``../x/*.jsonl`` -> ``../x``)."""
    parts = pattern.replace("\\", "/").split("/")
    literal: list[str] = []
    for part in parts:
        if any(ch in part for ch in "*?["):
            break
        literal.append(part)
    return "/".join(literal) or "."


def require_paths_inside(config: Config) -> Config:
    """``config``, unless a configured path leaves the repository: then exit 2 naming it."""
    problems = path_refusals(config)
    if problems:
        raise ConfigError(f"{config.source}: {problems[0]}; nothing is read or written through "
                          "it (CT602)")
    return config


def find_config_file(start: Path) -> tuple[Path, dict[str, Any]] | None:
    """The settings of the nearest folder (``start`` or above) that has any: its
    ``continuity.toml`` or its ``pyproject.toml``'s ``[tool.continuity]``.

    Both files of a folder are read, so an invalid one is an error whichever would apply. A
    ``continuity.toml`` that sets nothing (the one ``continuity init`` writes holds only
    commented options) is passed over. Both setting options is an error naming both: which
    file wins is never guessed.
    """
    for directory in (start, *start.parents):
        found = _settings_in(directory)
        if found:
            if len(found) > 1:
                (first, _), (second, _) = found
                raise ConfigError(
                    f"{first} and {second} both set continuity's options; keep them in one "
                    f"of the two (move [tool.continuity] into {first.name}, or delete "
                    f"{first.name} and keep [tool.continuity])")
            return found[0]
    return None


def _settings_in(directory: Path) -> list[tuple[Path, dict[str, Any]]]:
    """(file, its options) for each configuration file of ``directory`` that sets something."""
    found: list[tuple[Path, dict[str, Any]]] = []
    own = directory / "continuity.toml"
    if own.is_file():
        data = _load_toml(own)
        section = _tool_section(own, data)
        settings = data if section is None else section
        if settings:
            found.append((own, settings))
    pyproject = directory / "pyproject.toml"
    if pyproject.is_file():
        section = _tool_section(pyproject, _load_toml(pyproject))
        if section is not None and (section or not found):
            found.append((pyproject, section))
    return found


def _tool_section(path: Path, data: dict[str, Any]) -> dict[str, Any] | None:
    """``[tool.continuity]`` of a TOML file, or None; ``tool = 1`` or ``[tool] continuity =
    5`` are configuration errors naming the file, not an AttributeError."""
    tool = data.get("tool")
    if tool is None:
        return None
    if not isinstance(tool, dict):
        raise ConfigError(f"{path}: 'tool' must be a table ([tool.continuity]), got {tool!r}")
    section = tool.get("continuity")
    if section is not None and not isinstance(section, dict):
        raise ConfigError(f"{path}: [tool.continuity] must be a table, got {section!r}")
    return section


def _load_toml(path: Path) -> dict[str, Any]:
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None


class _MkDocsPlaces:
    """What MkDocs' ``!relative $config_dir/...`` and ``$docs_dir/...`` ask of its config."""

    def __init__(self, path: Path):
        self.config_file_path = str(path)
        self.docs_dir = str(configured_path(path.parent, "docs"))
        self._current_page = None  # bare `!relative` (the page being rendered) means nothing here


def mkdocs_plugin_options(directory: Path) -> tuple[Path, dict[str, Any]] | None:
    """The ``continuity`` plugin's options in ``directory/mkdocs.yml``, if it lists the plugin.

    A repository configured for the site is linted by ``continuity check`` with no extra
    configuration. The file is read with MkDocs' own YAML loader (``mkdocs.utils.yaml``), so
    ``!ENV`` and ``!relative $config_dir/...`` mean what they mean to ``mkdocs build``, and
    ``INHERIT`` is followed; other tags (``!!python/name:``) are read as nothing, never run.
    """
    path = directory / "mkdocs.yml"
    if not path.is_file():
        return None
    import yaml  # only when there is a mkdocs.yml
    from mkdocs.exceptions import ConfigurationError
    from mkdocs.utils.yaml import get_yaml_loader, yaml_load

    class _SafeLoader(yaml.SafeLoader):
        pass

    _SafeLoader.add_multi_constructor("", lambda loader, suffix, node: None)
    places = _MkDocsPlaces(path)
    loader = get_yaml_loader(loader=_SafeLoader, config=places)  # type: ignore[arg-type]
    try:
        text = path.read_text("utf-8")
        with open(path, "rb") as handle:
            data = yaml_load(handle, loader)
    except (OSError, UnicodeDecodeError, yaml.YAMLError, ConfigurationError) as exc:
        if "continuity" in (locals().get("text") or ""):
            raise ConfigError(f"{path}: cannot read the continuity plugin's options: "
                              f"{one_line_error(exc)}") from None
        return None
    if isinstance(data, dict) and isinstance(data.get("docs_dir"), (str, os.PathLike)):
        places.docs_dir = str(configured_path(path.parent, os.fspath(data["docs_dir"])))
    options = _plugin_entry(data.get("plugins") if isinstance(data, dict) else None)
    if options is None:
        return None
    if not isinstance(options, dict):
        raise ConfigError(f"{path}: the continuity plugin's options must be a mapping")
    return path, dict(options)


def _plugin_entry(plugins: Any) -> Any:
    """The continuity entry of MkDocs' ``plugins`` (a list or a mapping): its options ({} when
    listed bare), or None when the plugin is not listed."""
    if isinstance(plugins, dict):
        return plugins["continuity"] or {} if "continuity" in plugins else None
    if isinstance(plugins, list):
        for item in plugins:
            if item == "continuity":
                return {}
            if isinstance(item, dict) and "continuity" in item:
                return item["continuity"] or {}
    return None


def one_line_error(exc: BaseException) -> str:
    return " ".join(str(exc).split())


def load_config(cwd: Path | None = None, overrides: dict[str, Any] | None = None,
                use_files: bool = True, use_mkdocs: bool = True) -> Config:
    """The options in force at ``cwd``, each source over the one before:

    1. the defaults (:data:`OPTIONS`);
    2. the nearest folder, from ``cwd`` up, holding ``continuity.toml`` that sets something
       or ``pyproject.toml`` with ``[tool.continuity]``: both there with settings is an error
       naming both; either one unreadable, invalid TOML or holding an unknown option is an
       error whatever the other holds;
    3. the continuity plugin's options in ``cwd/mkdocs.yml`` (``use_mkdocs``), paths
       relative to it;
    4. ``overrides``: the command line's flags.

    A configured path that leaves the repository is an error (:func:`require_paths_inside`).
    """
    cwd = (cwd or Path.cwd()).resolve()
    config = Config(base_dir=cwd)
    if use_files:
        found = find_config_file(cwd)
        if found is not None:
            path, options = found
            config = replace(config, base_dir=path.parent, source=str(path))
            config = config.with_options(options, str(path))
        plugin = mkdocs_plugin_options(cwd) if use_mkdocs else None
        if plugin is not None and plugin[1]:
            path, options = plugin
            before = config
            config = replace(config, source=str(path)).with_options(
                rebase(options, path.parent), str(path))
            if "root" in options and before.root_source != "defaults" \
                    and before.root_path != config.root_path:
                config = replace(config, root_note=(
                    f"root {options['root']!r} set in {path.name} overrides root "
                    f"{before.root!r} set in {Path(before.root_source).name}"))
    if overrides:
        config = config.with_options({k: v for k, v in overrides.items() if v is not None},
                                     "command line")
    return require_paths_inside(config)
