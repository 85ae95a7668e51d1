"""Git through the ``git`` command line: a few processes per run, never one per file (SPEC §8).

This module only knows git. What the history *means* (append-only, pairings) lives in
``continuity.history``; the ledger's sha checks use :meth:`Repository.resolve_commits`.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Generator, Iterable, Iterator, Mapping

from continuity.errors import GitUnavailable

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


class GitError(Exception):
    pass


@dataclass(frozen=True)
class Repository:
    """A git work tree with at least one commit."""

    top: Path
    head: str

    def run(self, *args: str, input: bytes | None = None, allowed: tuple[int, ...] = (0,)) -> bytes:
        """Run git in the work tree; raise GitError with git's own words on failure.

        ``allowed`` lists the exit statuses that are answers, not failures (``check-ignore``
        exits 1 when nothing is ignored).
        """
        try:
            done = subprocess.run(
                ["git", "-c", "core.quotepath=off", *args], cwd=self.top, input=input,
                capture_output=True, env=_git_env(),
            )
        except OSError as exc:
            raise GitError(f"cannot run git: {exc}") from None
        if done.returncode not in allowed:
            raise GitError(done.stderr.decode("utf-8", "replace").strip() or
                           f"git {' '.join(args)} failed")
        return done.stdout

    def stream(self, *args: str) -> Iterator[bytes]:
        """Yield git's stdout in chunks, for passes over long histories."""
        process = subprocess.Popen(
            ["git", "-c", "core.quotepath=off", *args], cwd=self.top,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_git_env(),
        )
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
                raise GitError(stderr.decode("utf-8", "replace").strip() or "git failed")

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
        self._process: subprocess.Popen | None = None

    def _start(self) -> subprocess.Popen:
        if self._process is None:
            self._process = subprocess.Popen(
                ["git", "-c", "core.quotepath=off", "cat-file", "--batch"],
                cwd=self.repository.top, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, env=_git_env(), bufsize=1 << 16,
            )
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

    def __exit__(self, *exc) -> None:
        self.close()


def _skip(stream, count: int) -> None:
    """Read and drop ``count`` bytes of ``stream``, a chunk at a time."""
    while count > 0:
        chunk = stream.read(min(count, 1 << 20))
        if not chunk:
            return
        count -= len(chunk)


def _feed(pipe, data: bytes) -> None:
    try:
        pipe.write(data)
        pipe.flush()
    except (BrokenPipeError, ValueError, OSError):  # git stopped reading: it failed or was stopped
        pass


def _git_env() -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("LC_ALL", "C")
    env["GIT_TERMINAL_PROMPT"] = "0"
    env.pop("GIT_DIR", None)
    env.pop("GIT_WORK_TREE", None)
    return env


@dataclass(frozen=True)
class GitStatus:
    """Why history rules can or cannot run here."""

    repository: Repository | None
    notice: str | None = None


def open_repository(path: Path, mode: str = "auto") -> GitStatus:
    """The repository enclosing ``path`` for history rules.

    ``mode`` is the ``git`` option: ``off`` skips history; ``auto`` skips it with a notice
    when there is no repository or no git; ``on`` makes that an error. A shallow clone is
    always an error (GitUnavailable) because the verdict would be wrong, not merely missing.
    """
    if mode == "off":
        return GitStatus(None, "history rules skipped (git = off)")
    if shutil.which("git") is None:
        return _missing("git is not installed", mode)
    try:
        done = subprocess.run(
            ["git", "rev-parse", "--show-toplevel", "--is-shallow-repository"],
            cwd=path, capture_output=True, env=_git_env(),
        )
    except OSError as exc:
        return _missing(f"cannot run git: {exc}", mode)
    if done.returncode != 0:
        return _missing(f"{path} is not inside a git repository", mode)
    lines = done.stdout.decode("utf-8", "surrogateescape").splitlines()
    top = Path(lines[0])
    if len(lines) > 1 and lines[1].strip() == "true":
        raise GitUnavailable(
            f"{top}: this is a shallow clone, so the history rules (CT3xx) cannot see the "
            f"commits that added each entry; {SHALLOW_FIX[ci_name()]}, or run with --no-git")
    head = subprocess.run(["git", "rev-parse", "--verify", "-q", "HEAD"], cwd=top,
                          capture_output=True, env=_git_env())
    if head.returncode != 0:
        # No commits yet: only the index and working tree can be judged.
        return GitStatus(Repository(top, ""), None)
    return GitStatus(Repository(top, head.stdout.decode().strip()), None)


def _missing(reason: str, mode: str) -> GitStatus:
    if mode == "on":
        raise GitUnavailable(f"{reason}; history rules need git (git = on)")
    return GitStatus(None, f"history rules skipped: {reason}")
