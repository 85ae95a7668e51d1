"""One set of options, from ``[tool.continuity]``, ``continuity.toml``, the plugin, or flags (SPEC §3).

Every source is checked against the same table of options, so an unknown or mistyped option is
an error that names it, wherever it was written.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib

from continuity.errors import ConfigError

#: Note stores looked for when ``notes`` is not configured (relative to the memory root).
DEFAULT_NOTE_GLOBS: tuple[str, ...] = ("notes.jsonl", "notes/*.jsonl")


@dataclass(frozen=True)
class Config:
    """Every option with its default. Paths are resolved against ``base_dir``."""

    root: str = "."
    ledger: str | None = None
    session_state: str | None = None
    notes: tuple[str, ...] = DEFAULT_NOTE_GLOBS
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    severity: dict[str, str] = field(default_factory=dict)
    since: str | None = None
    git: str = "auto"
    exclude: tuple[str, ...] = ()
    max_file_size: int = 10 * 1024 * 1024
    snapshot_max_age_days: int = 7
    fail_on: str = "error"
    strict: bool = False
    sanitize_html: bool = True
    page_size: int = 50
    site_prefix: str = ""  # the folder of the site (below docs_dir) that holds the memory pages
    # The state timeline (issue 25): each living file's committed versions on the site and in
    # the report; a cap on the versions shown per file (None: all of them).
    state_history: bool = True
    state_history_max_versions: int | None = None
    # CT112: name or glob of a state file -> its limits, e.g. {"STATE.md": ((200, "lines"),)}.
    state_budget: dict[str, tuple[tuple[int, str], ...]] = field(default_factory=dict)
    #: Directory kinds declared or adjusted (``[tool.continuity.kinds.NAME]``): name -> keys,
    #: type-checked here; patterns are compiled by ``continuity.model.kinds``.
    kinds: dict[str, dict[str, Any]] = field(default_factory=dict)
    # Where the options came from; not options themselves.
    base_dir: Path = field(default_factory=Path.cwd, compare=False)
    source: str = field(default="defaults", compare=False)
    kinds_source: str = field(default="defaults", compare=False)  # where `kinds` was written

    @property
    def root_path(self) -> Path:
        return (self.base_dir / self.root).resolve()

    @property
    def root_written(self) -> Path:
        """The root as configured, absolute but with its links kept: what decides whether it
        is a link leaving its repository (continuity.model.paths.root_refusal)."""
        return Path(os.path.abspath(self.base_dir / self.root))

    def with_options(self, options: dict[str, Any], source: str) -> Config:
        """A copy with ``options`` applied (already validated or validated here)."""
        values = validate(options, source)
        if "kinds" in values:  # kinds from two sources merge, key by key
            merged = {name: dict(keys) for name, keys in self.kinds.items()}
            for name, keys in values["kinds"].items():
                merged.setdefault(name, {}).update(keys)
            values["kinds"] = merged
            values["kinds_source"] = source
        return replace(self, **values)


_META = {"base_dir", "source", "kinds_source"}
SIZE = re.compile(r"^(\d{1,30}(?:\.\d{1,30})?)[ \t]{0,10}([kmg]i?b?|b)?$", re.IGNORECASE)
_UNITS = {"": 1, "b": 1, "k": 1000, "kb": 1000, "kib": 1024, "m": 10**6, "mb": 10**6,
          "mib": 1024**2, "g": 10**9, "gb": 10**9, "gib": 1024**3}


def option_names() -> list[str]:
    return [f.name for f in fields(Config) if f.name not in _META]


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
            raise ConfigError(f"{source}: option '{name}': '{code}' is not a rule code or prefix "
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


def validate(options: dict[str, Any], source: str) -> dict[str, Any]:
    """Check names and types of ``options``; return them converted to Config's types."""
    known = set(option_names())
    result: dict[str, Any] = {}
    for raw_name, value in options.items():
        name = raw_name.replace("-", "_")
        if name not in known:
            raise ConfigError(f"{source}: unknown option '{raw_name}' "
                              f"(known options: {', '.join(sorted(known))})")
        if value is None and name in ("ledger", "session_state", "since"):
            result[name] = None
        elif name in ("root", "ledger", "session_state", "since"):
            if not isinstance(value, str) or not value or "\x00" in value:
                raise ConfigError(f"{source}: option '{name}' must be a non-empty string")
            result[name] = value
        elif name == "notes":
            result[name] = _globs(name, value, source)
        elif name == "exclude":
            result[name] = _string_list(name, value, source)
        elif name in ("select", "ignore"):
            result[name] = _codes(name, _string_list(name, value, source), source)
        elif name == "severity":
            result[name] = _severity_map(value, source)
        elif name == "git":
            result[name] = _choice(name, value, ("auto", "on", "off"), source)
        elif name == "fail_on":
            result[name] = _choice(name, value, ("error", "warning"), source)
        elif name == "max_file_size":
            result[name] = parse_size(name, value, source)
        elif name in ("snapshot_max_age_days",):
            result[name] = _integer(name, value, source, 0)
        elif name == "page_size":
            result[name] = _integer(name, value, source, 1)
        elif name in ("strict", "sanitize_html"):
            result[name] = _boolean(name, value, source)
        elif name == "site_prefix":
            result[name] = _site_prefix(value, source)
        elif name == "state_history":
            result[name] = _boolean(name, value, source)
        elif name == "state_history_max_versions":
            result[name] = None if value is None else _integer(name, value, source, 1)
        elif name == "state_budget":
            result[name] = _state_budget(value, source)
        elif name == "kinds":
            result[name] = _kinds(value, source)
    return result


def find_config_file(start: Path) -> tuple[Path, dict[str, Any]] | None:
    """The nearest ``continuity.toml``, or ``pyproject.toml`` with ``[tool.continuity]``.

    A ``continuity.toml`` that sets nothing (the one ``continuity init`` writes holds only
    commented options) is passed over, so that a configuration further up still applies.
    """
    for directory in (start, *start.parents):
        candidate = directory / "continuity.toml"
        if candidate.is_file():
            data = _load_toml(candidate)
            if data:  # one that sets nothing (init's, all comments) is passed over
                section = _tool_section(candidate, data)
                return candidate, data if section is None else section
        candidate = directory / "pyproject.toml"
        if candidate.is_file():
            section = _tool_section(candidate, _load_toml(candidate))
            if section is not None:
                return candidate, section
    return None


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


def _load_toml(path: Path) -> dict[str, Any]:
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None


#: The options of the MkDocs plugin whose paths are relative to mkdocs.yml.
MKDOCS_PATH_OPTIONS = ("root", "ledger", "session_state")


def mkdocs_plugin_options(directory: Path) -> tuple[Path, dict[str, Any]] | None:
    """The ``continuity`` plugin's options in ``directory/mkdocs.yml``, if it lists the plugin.

    SPEC §3: a repository configured for the site is linted by ``continuity check`` with no
    extra configuration. Tags MkDocs configurations use (``!!python/name:``, ``!ENV``) are
    read as nothing: only the plugin's own options matter here.
    """
    path = directory / "mkdocs.yml"
    if not path.is_file():
        return None
    import yaml  # only when there is a mkdocs.yml

    class _Loader(yaml.SafeLoader):
        pass

    _Loader.add_multi_constructor("", lambda loader, suffix, node: None)
    try:
        text = path.read_text("utf-8")
        data = yaml.load(text, Loader=_Loader)
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        if "continuity" in (locals().get("text") or ""):
            raise ConfigError(f"{path}: cannot read the continuity plugin's options: "
                              f"{one_line_error(exc)}") from None
        return None
    plugins = data.get("plugins") if isinstance(data, dict) else None
    options: Any = None
    if isinstance(plugins, dict):
        if "continuity" not in plugins:
            return None
        options = plugins["continuity"]
    elif isinstance(plugins, list):
        for item in plugins:
            if item == "continuity":
                options = {}
            elif isinstance(item, dict) and "continuity" in item:
                options = item["continuity"]
                break
        else:
            if options is None:
                return None
    else:
        return None
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ConfigError(f"{path}: the continuity plugin's options must be a mapping")
    return path, dict(options)


def one_line_error(exc: BaseException) -> str:
    return " ".join(str(exc).split())


def load_config(cwd: Path | None = None, overrides: dict[str, Any] | None = None,
                use_files: bool = True, use_mkdocs: bool = True) -> Config:
    """Defaults, then the nearest configuration file, then the continuity plugin's options in
    ``cwd/mkdocs.yml`` (``use_mkdocs``), then ``overrides`` (flags or plugin)."""
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
            for name in MKDOCS_PATH_OPTIONS:  # relative to mkdocs.yml, as the plugin reads them
                if isinstance(options.get(name), str) and options[name]:
                    options[name] = str((path.parent / options[name]).resolve())
            config = replace(config, source=str(path)).with_options(options, str(path))
    if overrides:
        config = config.with_options({k: v for k, v in overrides.items() if v is not None},
                                     "command line")
    return config
