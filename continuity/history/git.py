"""Git through the ``git`` command line: a few processes per run, never one per file.

This module only knows git. What the history *means* (append-only, pairings) lives in
``continuity.history``; the ledger's sha checks use :meth:`Repository.resolve_commits`.

Every git process starts in :func:`git_process` (``run_git``, ``Repository.run``, ``stream``,
``popen``, ``blob_reader`` all go through it), which turns off every command a repository
can configure: nothing the tree's ``.git/config`` says is ever run. Failures are data
(:class:`GitFailure`, exit statuses, probes), never git's words matched.

Git is pointed only at the repository the user means. Git's own discovery, started inside the
tree, would take a folder holding ``HEAD``, ``objects/`` and ``refs/`` (which a pull request can
add; a ``.git`` it cannot) for a bare repository. So the top is found here: the nearest
directory at or above the path that holds ``.git`` (a directory, or the file of a worktree or
submodule), never a bare layout. Git is asked about it once from there with
``GIT_CEILING_DIRECTORIES`` (so that git's ownership check, ``safe.directory``, still applies),
and every later command names it: ``--git-dir=<top>/.git --work-tree=<top>``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import threading
from collections.abc import Generator, Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from pathlib import Path
from typing import IO, Any

from continuity.errors import GitRefused, GitUnavailable, ShallowClone, UsageError
from continuity.history import GIT_OFF_NOTICE
from continuity.model.boundaries import GIT_DIR, repository_top

SHALLOW_FIX = {
    "github": "set `fetch-depth: 0` on actions/checkout",
    "gitlab": "set the variable `GIT_DEPTH: 0` for the job",
    "other": "fetch the whole history (`git fetch --unshallow`)",
}


def ci_name(environ: Mapping[str, str] | None = None) -> str:
    environ = os.environ if environ is None else environ
    if environ.get("GITHUB_ACTIONS") == "true":
        return "github"
    if environ.get("GITLAB_CI"):
        return "gitlab"
    return "other"


class GitFailure(Enum):
    """Why git gave no answer: told apart by exit status and probes, never by git's words."""

    NOT_INSTALLED = "git is not installed"
    NOT_A_WORK_TREE = "not inside a git work tree"
    DUBIOUS_OWNERSHIP = "git refuses a repository owned by another user"
    REFUSED = "git refuses to read the repository"
    FAILED = "a git command failed"


class GitError(Exception):
    """A git command that failed: ``kind`` says how, ``status`` is git's exit status (None
    when git could not be started), the message is git's own words."""

    def __init__(self, message: str, kind: GitFailure = GitFailure.FAILED,
                 status: int | None = None):
        super().__init__(message)
        self.kind = kind
        self.status = status


# ----------------------------------------------------------------------------- one invocation

#: Every command a repository's configuration (``.git/config``, and what it includes) can make
#: git run, turned off for every git process this tool starts. Given as ``-c``, which wins over
#: every configuration file. Most of these never run for the read-only commands used here
#: (no fetch, no patch, no signature); they are off all the same, so that a command added later
#: cannot bring one back. Keys whose names the repository chooses (``filter.<driver>.clean``)
#: are found in its configuration and turned off too: see :func:`read_repository_config`.
COMMANDS_OFF: tuple[tuple[str, str], ...] = (
    ("core.fsmonitor", "false"),  # a hook `git status` runs
    ("core.hooksPath", os.devnull),  # hooks (post-index-change, pre-auto-gc, ...)
    ("core.pager", "cat"),  # "cat" is git's word for no pager
    ("core.editor", ":"),
    ("sequence.editor", ":"),
    ("core.sshCommand", ""),
    ("core.gitProxy", ""),
    ("core.askPass", ""),
    ("core.alternateRefsCommand", ""),
    ("credential.helper", ""),  # an empty value empties the list of helpers
    ("diff.external", ""),
    ("gpg.program", ""),
    ("gpg.openpgp.program", ""),
    ("gpg.x509.program", ""),
    ("gpg.ssh.program", ""),
    ("gpg.ssh.defaultKeyCommand", ""),
    ("log.showSignature", "false"),
    ("uploadpack.packObjectsHook", ""),
    ("protocol.allow", "never"),  # no transport: a partial clone never fetches what it lacks
    ("gc.auto", "0"),
    ("maintenance.auto", "false"),
    ("submodule.recurse", "false"),
    ("status.submoduleSummary", "false"),
    ("diff.ignoreSubmodules", "all"),
    ("core.quotepath", "off"),  # not a command: paths as written, for parsing
)

#: Keys under a name the repository chooses (``filter.lfs.process``): the last part of each
#: key found in its configuration -> the value that turns it off.
_NAMED_COMMANDS = {
    "filter": {"clean": "", "smudge": "", "process": "", "required": "false"},
    "diff": {"command": "", "textconv": ""},
    "merge": {"driver": ""},
    "protocol": {"allow": "never"},
    "remote": {"uploadpack": "", "receivepack": "", "proxy": "", "vcs": ""},
    "credential": {"helper": ""},
    "url": {"insteadof": "", "pushinsteadof": ""},
}

#: Environment variables that would point git at another repository or index than the one
#: asked about, or run a program of the caller's environment in git's place.
_ENV_DROPPED = ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY",
                "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_COMMON_DIR", "GIT_NAMESPACE",
                "GIT_PAGER", "GIT_EXTERNAL_DIFF", "GIT_ASKPASS", "GIT_SSH", "GIT_SSH_COMMAND",
                "GIT_EDITOR", "GIT_SEQUENCE_EDITOR", "GIT_PROXY_COMMAND")


def git_argv(args: Iterable[str], top: Path | None = None) -> list[str]:
    """The command line of a git process: git, no pager, the repository at ``top`` named
    (no discovery), the commands off, then ``args``."""
    argv = ["git", "--no-pager"]
    if top is not None:
        argv += [f"--git-dir={top / GIT_DIR}", f"--work-tree={top}"]
    for key, value in COMMANDS_OFF:
        argv += ["-c", f"{key}={value}"]
    return [*argv, *args]


def git_env(named_off: Iterable[tuple[str, str]] = (), ceiling: Path | None = None
            ) -> dict[str, str]:
    """The environment of a git process: C locale (forced: git's words and dates are read),
    no prompt, no optional lock (``git status`` never writes the index), no system-wide
    configuration, and ``named_off`` (keys named by the repository) as ``GIT_CONFIG_KEY_n``
    entries, which carry any name, even one holding ``=``. ``ceiling``: git's discovery may
    not climb into it (``GIT_CEILING_DIRECTORIES``)."""
    env = {key: value for key, value in os.environ.items() if key not in _ENV_DROPPED}
    env.update(LC_ALL="C", LANGUAGE="C", GIT_TERMINAL_PROMPT="0", GIT_OPTIONAL_LOCKS="0",
               GIT_CONFIG_NOSYSTEM="1", GIT_NO_REPLACE_OBJECTS="1")
    if ceiling is not None:
        env["GIT_CEILING_DIRECTORIES"] = str(ceiling)
    named = list(named_off)
    if named:
        try:
            count = int(env.get("GIT_CONFIG_COUNT", "0"))
        except ValueError:
            count = 0
        for index, (key, value) in enumerate(named, start=count):
            env[f"GIT_CONFIG_KEY_{index}"] = key
            env[f"GIT_CONFIG_VALUE_{index}"] = value
        env["GIT_CONFIG_COUNT"] = str(count + len(named))
    return env


def git_process(cwd: Path, args: Iterable[str], named_off: Iterable[tuple[str, str]] = (),
                *, top: Path | None = None, **popen: Any) -> subprocess.Popen[bytes]:
    """Start a hardened git process (see :func:`git_argv`, :func:`git_env`) in ``cwd``, on
    the repository at ``top`` when given; else git discovers it from ``cwd`` but never
    above it (the one probe that locates a repository: :func:`locate`).
    Its stdin is nothing unless ``popen`` asks for a pipe: git never reads the terminal."""
    popen.setdefault("stdin", subprocess.DEVNULL)
    ceiling = None if top is not None else Path(os.path.abspath(cwd)).parent
    try:
        return subprocess.Popen(git_argv(args, top), cwd=cwd, env=git_env(named_off, ceiling),
                                **popen)
    except OSError as exc:
        raise GitError(f"cannot run git: {exc}", GitFailure.NOT_INSTALLED) from None


def refuse_unsafe_revision(revision: str, option: str = "since") -> None:
    """A revision given to git as a word is never empty, never an option, never two lines."""
    if not revision.strip() or revision.startswith("-") or any(c in revision for c in "\0\n"):
        raise UsageError(f"{option}: {revision!r} is not a revision")


def run_git(cwd: Path, args: Iterable[str], *, input: bytes | None = None,
            allowed: tuple[int, ...] = (0,), named_off: Iterable[tuple[str, str]] = (),
            top: Path | None = None) -> bytes:
    """Run one hardened git command to its end; its stdout, or GitError with git's words.
    ``allowed``: exit statuses that are answers, not failures. ``top``: the repository (see
    :func:`git_process`)."""
    args = list(args)
    process = git_process(cwd, args, named_off, top=top,
                          stdin=subprocess.PIPE if input is not None else subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    stdout, stderr = process.communicate(input)
    if process.returncode not in allowed:
        raise GitError(stderr.decode("utf-8", "replace").strip() or
                       f"git {' '.join(args)} failed", status=process.returncode)
    return stdout


@dataclass(frozen=True)
class RepositoryConfig:
    """What this tool needs of a repository's configuration, from one ``git config --list``
    (reading configuration runs nothing)."""

    #: Each key naming a command under a name the repository chose (``filter.x.clean``,
    #: ``diff.x.textconv``, ``protocol.x.allow``, ...), with the value that turns it off.
    named_off: tuple[tuple[str, str], ...] = ()
    #: A partial clone (``--filter=blob:none``): versions it lacks would be fetched on
    #: demand, which is never done (``protocol.allow=never``).
    partial_clone: bool = False


def read_repository_config(top: Path) -> RepositoryConfig:
    """Raises GitError when git cannot list it: then nothing is run with keys left on."""
    listing = run_git(top, ["config", "--list", "-z"], top=top)
    found: dict[str, str] = {}
    partial = False
    for entry in listing.split(b"\0"):
        raw_key, _, raw_value = entry.partition(b"\n")
        key = raw_key.decode("utf-8", "surrogateescape")
        section, _, rest = key.partition(".")
        name, _, last = rest.rpartition(".")
        off = _NAMED_COMMANDS.get(section.lower(), {}).get(last.lower())
        if off is not None and name:
            found[key] = off
        if key.lower() == "extensions.partialclone" or (
                section.lower() == "remote" and last.lower() == "promisor"
                and raw_value.strip().lower() in (b"true", b"yes", b"on", b"1")):
            partial = True
    return RepositoryConfig(tuple(found.items()), partial)


@dataclass(frozen=True)
class Repository:
    """A git work tree with at least one commit."""

    top: Path
    head: str

    @cached_property
    def git_config(self) -> RepositoryConfig:
        """What its configuration says that matters here (read once)."""
        return read_repository_config(self.top)

    @property
    def named_off(self) -> tuple[tuple[str, str], ...]:
        """The commands this repository's configuration names, turned off."""
        return self.git_config.named_off

    def run(self, *args: str, input: bytes | None = None, allowed: tuple[int, ...] = (0,)) -> bytes:
        """Run git in the work tree; raise GitError with git's own words on failure.

        ``allowed`` lists the exit statuses that are answers, not failures (``check-ignore``
        exits 1 when nothing is ignored).
        """
        return run_git(self.top, args, input=input, allowed=allowed, named_off=self.named_off,
                       top=self.top)

    def popen(self, *args: str, **popen: Any) -> subprocess.Popen[bytes]:
        """A hardened git process in the work tree, for callers that stream."""
        return git_process(self.top, args, self.named_off, top=self.top, **popen)

    def stream(self, *args: str) -> Iterator[bytes]:
        """Yield git's stdout in chunks, for passes over long histories."""
        process = self.popen(*args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert process.stdout is not None
        try:
            while True:
                chunk = process.stdout.read(1 << 16)
                if not chunk:
                    break
                yield chunk
        finally:
            process.stdout.close()
            stderr = process.stderr.read() if process.stderr else b""
            if process.wait() != 0:
                raise GitError(stderr.decode("utf-8", "replace").strip() or "git failed",
                               status=process.returncode)

    def blob_reader(self) -> BlobReader:
        """One ``cat-file --batch`` process to read many objects through, on demand."""
        return BlobReader(self)

    def object_sizes(self, objects: Iterable[str]) -> dict[str, int | None]:
        """Size of each object (None if missing) from one ``cat-file --batch-check``.

        Git answers from object headers without inflating contents, so this is cheap even
        for thousands of versions of a large file.
        """
        names = list(dict.fromkeys(objects))
        if not names:
            return {}
        request = "".join(f"{name}\n" for name in names).encode("utf-8", "surrogateescape")
        output = self.run("cat-file", "--batch-check", input=request)
        sizes: dict[str, int | None] = {}
        for name, line in zip(names, output.split(b"\n")):
            parts = line.split()
            sizes[name] = int(parts[2]) if len(parts) == 3 and parts[2].isdigit() else None
        return sizes

    def resolve_commits(self, revisions: Iterable[str]) -> dict[str, str | None]:
        """Full sha of each revision that names a commit; None for anything else."""
        names = [r for r in dict.fromkeys(revisions) if r and "\n" not in r]
        if not names:
            return {}
        request = "".join(f"{name}^{{commit}}\n" for name in names).encode("utf-8", "replace")
        output = self.run("cat-file", "--batch-check", input=request).decode("utf-8", "replace")
        result: dict[str, str | None] = {}
        for name, line in zip(names, output.splitlines()):
            parts = line.split()
            result[name] = parts[0] if len(parts) == 3 and parts[1] == "commit" else None
        return result


class BlobReader:
    """A long-lived ``git cat-file --batch``: ask for objects in batches, as the answers decide.

    Requests of a batch are written by a helper thread while the answers are read, because
    with a full pipe in each direction both processes would wait forever. Nothing is kept
    beyond the object being handed out, so thousands of versions of a long log pass through
    without filling memory. Use as a context manager, or call :meth:`close`.
    """

    def __init__(self, repository: Repository):
        self.repository = repository
        self._process: subprocess.Popen[bytes] | None = None

    def _start(self) -> subprocess.Popen[bytes]:
        if self._process is None:
            self._process = self.repository.popen(
                "cat-file", "--batch", stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, bufsize=1 << 16)
        return self._process

    def read(self, objects: Iterable[str], max_size: int | None = None
             ) -> Generator[tuple[str, bytes | None], None, None]:
        """Each object's contents in the order asked (None when missing, or larger than
        ``max_size``: such an object is passed over in chunks, never held whole)."""
        names = list(objects)
        if not names:
            return
        process = self._start()
        assert process.stdin is not None and process.stdout is not None
        request = "".join(f"{name}\n" for name in names).encode("utf-8", "surrogateescape")
        writer = threading.Thread(target=_feed, args=(process.stdin, request), daemon=True)
        writer.start()
        out = process.stdout
        answered = 0
        died = False
        try:
            for name in names:
                header = out.readline()
                if not header:
                    died = True
                    break
                parts = header.split()
                answered += 1
                if len(parts) < 3 or parts[-1] in (b"missing", b"ambiguous"):
                    yield name, None
                    continue
                size = int(parts[-1])
                if max_size is not None and size > max_size:
                    _skip(out, size + 1)
                    yield name, None
                    continue
                data = out.read(size)
                out.read(1)  # the newline after the contents
                yield name, data
        finally:
            if answered < len(names):
                # Stopped early (or git died): unread answers would be taken for the next
                # batch's, so this process is spent. Killing it also frees the writer.
                error = self.close(kill=not died)
                writer.join()
                if died:
                    raise GitError(error or "git cat-file stopped answering")
            else:
                writer.join()

    def close(self, kill: bool = False) -> str:
        """Stop git; return what it said on stderr if it failed."""
        process, self._process = self._process, None
        if process is None:
            return ""
        if kill:
            process.kill()
        for stream in (process.stdin, process.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
        if process.poll() is None:
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        stderr = process.stderr.read() if process.stderr else b""
        if process.stderr:
            process.stderr.close()
        return stderr.decode("utf-8", "replace").strip() if process.returncode not in (0, -9) \
            else ""

    def __enter__(self) -> BlobReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _skip(stream: IO[bytes], count: int) -> None:
    """Read and drop ``count`` bytes of ``stream``, a chunk at a time."""
    while count > 0:
        chunk = stream.read(min(count, 1 << 20))
        if not chunk:
            return
        count -= len(chunk)


def _feed(pipe: IO[bytes], data: bytes) -> None:
    try:
        pipe.write(data)
        pipe.flush()
    except (BrokenPipeError, ValueError, OSError):  # git stopped reading: it failed or was stopped
        pass


@dataclass(frozen=True)
class GitStatus:
    """Why history rules can or cannot run here."""

    repository: Repository | None
    notice: str | None = None


def open_repository(path: Path, mode: str = "auto") -> GitStatus:
    """The repository enclosing ``path`` for history rules.

    ``mode`` is the ``git`` option: ``off`` skips history; ``auto`` skips it with a notice
    when there is no work tree or no git; ``on`` makes that an error. A repository git
    refuses to read (owned by another user: ``safe.directory``; damaged) and a shallow clone
    are always errors (GitUnavailable): the verdict would be wrong, not merely missing.
    """
    if mode == "off":
        return GitStatus(None, GIT_OFF_NOTICE)
    if shutil.which("git") is None:
        return _missing("git is not installed", mode)
    try:
        top, shallow = locate(path)
    except GitError as exc:
        kind = exc.kind if exc.kind is GitFailure.NOT_INSTALLED else failure_at(path)
        if kind is GitFailure.NOT_INSTALLED:
            return _missing(str(exc), mode)
        if kind is GitFailure.NOT_A_WORK_TREE:
            return _missing(f"{path} is not inside a git repository's work tree", mode)
        raise GitRefused(refused_message(path, kind, str(exc))) from None
    if shallow:
        raise ShallowClone(
            f"{top}: this is a shallow clone, so the history rules (CT3xx) cannot see the "
            f"commits that added each entry; {SHALLOW_FIX[ci_name()]}, or run with --no-git")
    try:  # exit 1 with --verify -q: no commits yet, only the index and work tree to judge
        head = run_git(top, ["rev-parse", "--verify", "-q", "HEAD"], allowed=(0, 1), top=top)
    except GitError as exc:
        raise GitRefused(f"{top}: git cannot read HEAD: {exc}") from None
    repository = Repository(top, head.decode("ascii", "replace").strip())
    try:
        partial = repository.git_config.partial_clone
    except GitError as exc:
        raise GitRefused(f"{top}: git cannot read its configuration: {exc}") from None
    if partial:
        raise ShallowClone(
            f"{top}: this is a partial clone (`--filter`), so the history rules (CT3xx) cannot "
            "read the earlier versions of each entry (they are never fetched on demand: git "
            "is not allowed to reach a remote from here); clone without `--filter` "
            "(actions/checkout: leave `filter` unset), or run with --no-git")
    return GitStatus(repository, None)


def work_tree_top(path: Path) -> Path | None:
    """The top of the work tree ``path`` is in, as the user means it: the nearest directory
    at or above it (as written) holding ``.git``; None outside any, or inside a ``.git``.
    A folder holding ``HEAD``, ``objects`` and ``refs`` (a bare layout a pull request can
    plant) is never taken for a repository."""
    top = repository_top(path)
    if top is None:
        return None
    inside = Path(os.path.abspath(path)).relative_to(top).parts
    return None if any(part.casefold() == GIT_DIR for part in inside) else top


def locate(path: Path) -> tuple[Path, bool]:
    """The top of the repository holding ``path`` as git names it (links resolved), and
    whether it is a shallow clone. Git is asked from the top found by :func:`work_tree_top`
    and may not climb above it, so it never discovers another repository; its ownership
    check (``safe.directory``) applies. GitError when there is none, or git refuses it."""
    top = work_tree_top(path)
    if top is None:
        raise GitError(f"{path} is not inside a git repository's work tree",
                       GitFailure.NOT_A_WORK_TREE)
    answer = run_git(top, ["rev-parse", "--show-toplevel", "--is-shallow-repository"])
    lines = answer.decode("utf-8", "surrogateescape").splitlines()
    named = Path(lines[0]) if lines and lines[0] else top
    if os.path.realpath(named) != os.path.realpath(top):  # core.worktree elsewhere
        raise GitError(f"{top / GIT_DIR} names another work tree ({named})", GitFailure.REFUSED)
    return named, len(lines) > 1 and lines[1].strip() == "true"


def failure_at(path: Path) -> GitFailure:
    """Why git found no work tree at ``path``, by probes: no ``.git`` at or above it, or
    ``path`` inside a ``.git`` (none); or git refusing the one above it: owned by another user
    (what ``safe.directory`` is about) or unreadable."""
    top = work_tree_top(path)
    if top is None:
        return GitFailure.NOT_A_WORK_TREE
    try:
        run_git(top, ["rev-parse", "--is-inside-work-tree"])
    except GitError as exc:
        if exc.kind is GitFailure.NOT_INSTALLED:
            return exc.kind
    return GitFailure.DUBIOUS_OWNERSHIP if _other_owner(top) is not None else GitFailure.REFUSED


def _other_owner(top: Path) -> int | None:
    """The owner of the work tree or its ``.git`` when it is not the user git compares with
    (git's rule: the effective user, or ``SUDO_UID`` for root), else None."""
    if os.environ.get("GIT_TEST_ASSUME_DIFFERENT_OWNER", "").lower() in ("1", "true", "yes"):
        return -1
    if not hasattr(os, "geteuid"):
        return None
    me = os.geteuid()
    if me == 0 and os.environ.get("SUDO_UID", "").isdigit():
        me = int(os.environ["SUDO_UID"])
    for place in (top, top / ".git"):
        try:
            owner = place.lstat().st_uid
        except OSError:
            continue
        if owner != me:
            return owner
    return None


def refused_message(path: Path, kind: GitFailure, said: str) -> str:
    """Exit 2's message for a repository git will not read: git's words, and the way out."""
    top = repository_top(path) or path
    said = " ".join(said.split())
    if kind is GitFailure.DUBIOUS_OWNERSHIP:
        owner = _other_owner(top)
        whose = f" (its owner, uid {owner}, is not the user running the check)" \
            if owner is not None and owner >= 0 else ""
        return (f"{top}: git refuses to read this repository{whose}, so the history rules "
                f"cannot run: git says: {said}. If you trust it, add it to git's "
                f"`safe.directory` (`git config --global --add safe.directory {top}`), "
                "or run with --no-git")
    return (f"{top}: git refuses to read this repository, so the history rules cannot run: "
            f"git says: {said}; repair it, or run with --no-git")


def _missing(reason: str, mode: str) -> GitStatus:
    if mode == "on":
        raise GitUnavailable(f"{reason}; history rules need git (git = on)")
    return GitStatus(None, f"history rules skipped: {reason}")
