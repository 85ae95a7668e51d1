"""Agent state files that hold credentials by design: what CT601 reads beyond the memory.

An agent keeps its working memory in Markdown, and its *state* beside it: OpenClaw's state
directory (``openclaw.json`` with the gateway token and the channels' bot tokens,
``identity/device.json`` with a private key, ``devices/paired.json`` with device tokens,
``agents/<name>/agent/models.json`` with provider keys, ``credentials/``), Claude Code's
``.claude/settings*.json`` (an ``env`` block), an ``.mcp.json`` (its servers' ``env``), a
``.env``, and the ``*.bak``/``*.backup`` copies tools leave beside them. A repository that
commits one of them publishes its keys whether or not a memory convention matches it, so these
files are found from the repository's top (among the files git tracks, a bounded search) and
scanned as CT601 scans the memory.

Declared here as data: each row a glob and why such a file holds credentials. Plain strings,
matched by :func:`matches`; the git query is the validators' (``validators/agent_state.py``).
"""

from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass


@dataclass(frozen=True)
class StateFileKind:
    pattern: str  # a glob on the path from the repository's top (or from an OpenClaw state dir)
    why: str


#: Anywhere in the repository (``**/`` is any number of folders, none included).
ANYWHERE: tuple[StateFileKind, ...] = (
    StateFileKind("**/openclaw.json", "OpenClaw's configuration: the gateway token, the "
                  "channels' bot tokens, provider API keys"),
    StateFileKind("**/.claude/settings*.json", "Claude Code's settings: an `env` block with "
                  "API keys, an `apiKeyHelper`"),
    StateFileKind("**/.mcp.json", "MCP servers with their `env` (API keys, tokens)"),
    # Each agent's own MCP and settings files: the servers' `env`, `headers` and `args` hold
    # the same keys (`--access-token sbp_…`, `"Authorization": "Bearer …"`).
    StateFileKind("**/.cursor/mcp.json", "Cursor's MCP servers with their `env` and `args`"),
    StateFileKind("**/.vscode/mcp.json", "VS Code's (Copilot's) MCP servers with their `env`"),
    StateFileKind("**/.roo/mcp.json", "Roo Code's MCP servers with their `env`"),
    StateFileKind("**/.kiro/settings/mcp.json", "Kiro's MCP servers with their `env`"),
    StateFileKind("**/.amazonq/mcp.json", "Amazon Q's MCP servers with their `env`"),
    StateFileKind("**/.gemini/settings.json", "Gemini CLI's settings: MCP servers with their "
                  "`env` and `headers`"),
    StateFileKind("**/.codex/config.toml", "Codex's configuration: MCP servers with their "
                  "`env`, providers' keys"),
    StateFileKind("**/claude_desktop_config.json", "Claude Desktop's MCP servers with their "
                  "`env`"),
    StateFileKind("**/cline_mcp_settings.json", "Cline's MCP servers with their `env`"),
    # (Windsurf keeps it under ``windsurf/``, Antigravity under ``antigravity/``; a copy at
    # a repository's top, beside ``.cursor/mcp.json``, holds the same keys: survey 28)
    StateFileKind("**/mcp_config.json", "Windsurf's and Antigravity's MCP servers with their "
                  "`env` and `headers`"),
    StateFileKind("**/.continue/config.json", "Continue's models with their `apiKey`"),
    StateFileKind("**/.continue/config.yaml", "Continue's models with their `apiKey`"),
    StateFileKind("**/.aider.conf.yml", "aider's configuration: `api-key` and the providers' "
                  "keys"),
    # What Aider appends at a project's top, beside any memory: a key pasted into a prompt is
    # in both the chat and the input history, and a logged request in the LLM history.
    StateFileKind("**/.aider.chat.history.md", "Aider's chat history: every prompt and reply"),
    StateFileKind("**/.aider.input.history", "Aider's input history: every prompt typed"),
    StateFileKind("**/.aider.llm.history", "Aider's log of the requests sent to the model"),
    StateFileKind("**/opencode.json", "opencode's providers with their `apiKey`"),
    StateFileKind("**/.replit", "Replit's workspace configuration, which Replit Agent writes: "
                  "an `[env]` block"),
    # The files a coding agent keeps its own login in, committed from a home directory.
    StateFileKind("**/.claude.json", "Claude Code's user state: MCP servers with their `env`"),
    StateFileKind("**/.claude/.credentials.json", "Claude Code's OAuth tokens"),
    StateFileKind("**/.codex/auth.json", "Codex's login: an OpenAI API key or OAuth tokens"),
    StateFileKind("**/.gemini/oauth_creds.json", "Gemini CLI's OAuth tokens"),
    StateFileKind("**/gh/hosts.yml", "the GitHub CLI's login: an OAuth token"),
    StateFileKind("**/.env", "environment variables for the agent: API keys by design"),
    StateFileKind("**/.env.*", "an environment file per stage (.env.local, .env.production)"),
    # The same, its stage after an underscore (the twenty-sixth survey: a workshop's
    # ``.env_prototype``, the ``.env`` it is copied to and its generated keys alike).
    StateFileKind("**/.env_*", "an environment file per stage (.env_local, .env_prototype)"),
    StateFileKind("**/.envrc", "direnv's environment: exported API keys"),
    # The credential files of the tools an agent drives, committed from a home directory.
    StateFileKind("**/.netrc", "machine logins and passwords"),
    StateFileKind("**/.pgpass", "PostgreSQL passwords"),
    StateFileKind("**/.npmrc", "npm registry auth tokens"),
    StateFileKind("**/.pypirc", "PyPI upload tokens"),
    StateFileKind("**/.git-credentials", "git's stored credentials: tokens in URLs"),
    StateFileKind("**/.aws/credentials", "AWS access keys"),
    StateFileKind("**/.docker/config.json", "registry logins (`auths`)"),
    StateFileKind("**/.ssh/id_*", "SSH private keys"),
    # OpenClaw's files by their own paths, found where no openclaw.json marks the directory
    # (a backup that keeps it elsewhere, or none).
    StateFileKind("**/agents/*/agent/models.json", "an OpenClaw agent's providers: API keys"),
    StateFileKind("**/agents/*/agent/auth-profiles.json", "an OpenClaw agent's auth profiles: "
                  "API keys and OAuth tokens"),
    StateFileKind("**/identity/device.json", "an OpenClaw device identity: a private key"),
    StateFileKind("**/identity/device-auth.json", "an OpenClaw device token"),
    StateFileKind("**/devices/paired.json", "OpenClaw's paired devices and their tokens"),
)

#: Inside an OpenClaw state directory: the folder holding a tracked ``openclaw.json``.
IN_OPENCLAW_STATE: tuple[StateFileKind, ...] = (
    StateFileKind("identity/**", "the device identity: device.json holds a private key, "
                  "device-auth.json a device token"),
    StateFileKind("devices/**", "paired devices and their tokens (paired.json)"),
    StateFileKind("agents/*/agent/**", "an agent's models.json and auth profiles: provider "
                  "API keys"),
    StateFileKind("credentials/**", "channel credentials (sessions, OAuth tokens)"),
    StateFileKind("secrets.json", "the file-backed secrets of SecretRef providers"),
)

#: A copy beside one of the files above is the same file under another name.
_BACKUP = re.compile(r"(?:\.(?:bak|backup|old|orig|save|prev)(?:[.-]?[A-Za-z0-9_]{1,32})?|\.\d{1,4}|~)$")
#: Files of placeholders by name (``.env.example``): what to fill in, no leak; and public keys.
EXAMPLE_SUFFIXES = (".example", ".sample", ".template", ".dist", ".pub")
#: An environment file of placeholders named with an underscore (``.env_example``).
_UNDERSCORED_EXAMPLE = re.compile(r"(?:^|/)\.env_(?:example|sample|template|dist)$")

#: The bounds of the search: folders below the top, files scanned per repository.
MAX_DEPTH = 8
MAX_FILES = 200


def without_backup_suffix(path: str) -> str:
    """``openclaw.json`` for ``openclaw.json.bak.1``; the path itself when it is no copy."""
    stem = _BACKUP.sub("", path)
    return stem if stem and not stem.endswith("/") else path


def _glob(pattern: str, path: str) -> bool:
    if pattern.startswith("**/"):
        rest = pattern[3:]
        name_parts = rest.count("/") + 1
        tail = "/".join(path.split("/")[-name_parts:])
        return fnmatch.fnmatchcase(tail, rest)
    if pattern.endswith("/**"):
        return path.startswith(pattern[:-2]) if "*" not in pattern[:-3] else \
            fnmatch.fnmatchcase(path, pattern[:-3] + "/*")
    return fnmatch.fnmatchcase(path, pattern)


def _last_names(rows: tuple[StateFileKind, ...]) -> re.Pattern[str] | None:
    """What the file name of a path under one of ``rows`` matches, or None where a row's
    name cannot be told apart (a row not under ``**/``, or with ``?`` or ``[``, whose
    wildcard could take a ``/``). A quick refusal: a root at the top has every tracked file
    judged by :func:`matches`, and globbing each against every row was most of the time of
    a check of 10,000 entries."""
    names = []
    for kind in rows:
        if not kind.pattern.startswith("**/") or any(c in kind.pattern for c in "?[]"):
            return None
        names.append(fnmatch.translate(kind.pattern.rsplit("/", 1)[-1]))
    return re.compile("|".join(names))


_ANYWHERE_NAMES = _last_names(ANYWHERE)


def matches(path: str) -> StateFileKind | None:
    """The row of :data:`ANYWHERE` a repository path (or a copy of one) falls under."""
    if path.count("/") >= MAX_DEPTH:
        return None
    if _ANYWHERE_NAMES is not None and not any(
            _ANYWHERE_NAMES.match(candidate.rsplit("/", 1)[-1])
            for candidate in (path, without_backup_suffix(path))):
        return None
    return _row(ANYWHERE, path)


def in_openclaw_state(relative: str) -> StateFileKind | None:
    """The row of :data:`IN_OPENCLAW_STATE` a path relative to an OpenClaw state directory
    falls under (``agents/main/agent/models.json``); a copy beside one counts."""
    return _row(IN_OPENCLAW_STATE, relative)


def of_examples(path: str, suffixes: tuple[str, ...] = EXAMPLE_SUFFIXES) -> bool:
    """Whether a path names a file of placeholders (``.env.example``, ``.env_sample``)."""
    return path.endswith(suffixes) or _UNDERSCORED_EXAMPLE.search(path) is not None


def _row(rows: tuple[StateFileKind, ...], path: str) -> StateFileKind | None:
    if of_examples(path):
        return None
    for candidate in dict.fromkeys((path, without_backup_suffix(path))):
        for kind in rows:
            if _glob(kind.pattern, candidate):
                return kind
    return None


#: What git is asked for (pathspecs with ``:(glob)`` magic): the names of ANYWHERE and their
#: copies (a trailing ``*``: ``.env.local``, ``openclaw.json.bak``), so the answer holds only
#: candidates, however large the repository; :func:`matches` judges each.
ANYWHERE_PATHSPECS: tuple[str, ...] = tuple(dict.fromkeys(
    f":(glob){kind.pattern.removesuffix('*')}*" for kind in ANYWHERE))


def pathspecs_in(folder: str) -> tuple[str, ...]:
    """Pathspecs of the names of :data:`ANYWHERE` directly in ``folder`` (``""``: the top) and
    in its agents' own subfolders (``.claude/settings.json``, ``.cursor/mcp.json``), their
    copies too: a prefix git prunes the walk by, where a ``**/`` has it read every tree."""
    base = f"{folder}/" if folder else ""
    escaped = "".join(f"[{c}]" if c in "*?[]\\" else c for c in base)
    return tuple(dict.fromkeys(
        f":(glob){escaped}{kind.pattern.removeprefix('**/').removesuffix('*')}*"
        for kind in ANYWHERE))


def openclaw_pathspecs(state_dir: str) -> tuple[str, ...]:
    """Pathspecs of what an OpenClaw state directory (``""``: the top) holds by design."""
    base = f"{state_dir}/" if state_dir else ""
    escaped = "".join(f"[{c}]" if c in "*?[]\\" else c for c in base)
    return tuple(f":(glob){escaped}{kind.pattern}" for kind in IN_OPENCLAW_STATE)
