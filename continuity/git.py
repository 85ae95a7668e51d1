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
from typing import Iterable, Iterator

from .errors import GitUnavailable

SHALLOW_FIX = {
    "github": "set `fetch-depth: 0` on actions/checkout",
    "gitlab": "set the variable `GIT_DEPTH: 0` for the job",
    "other": "fetch the whole history (`git fetch --unshallow`)",
}


def ci_name(environ: dict[str, str] | None = None) -> str:
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

    def cat_file(self, objects: Iterable[str]) -> dict[str, bytes | None]:
        """Contents of many objects (``<rev>:<path>`` or blob ids) in one ``cat-file --batch``.

        Missing objects map to None.
        """
        names = list(dict.fromkeys(objects))
        if not names:
            return {}
        request = "".join(f"{name}\n" for name in names).encode("utf-8", "surrogateescape")
        output = self.run("cat-file", "--batch", input=request)
        result: dict[str, bytes | None] = {}
        position = 0
        for name in names:
            newline = output.index(b"\n", position)
            header = output[position:newline].decode("utf-8", "replace")
            position = newline + 1
            if header.endswith(" missing") or header.endswith(" ambiguous"):
                result[name] = None
                continue
            size = int(header.rsplit(" ", 1)[1])
            result[name] = output[position:position + size]
            position += size + 1
        return result

    def cat_file_stream(self, objects: Iterable[str]) -> Iterator[tuple[str, bytes | None]]:
        """Contents of many objects, in order, from one ``cat-file --batch`` process.

        Unlike :meth:`cat_file` nothing is held beyond the object being yielded, so the many
        versions of a long append-only log pass through without filling memory. Missing
        objects yield None.
        """
        names = list(objects)
        if not names:
            return
        process = subprocess.Popen(
            ["git", "-c", "core.quotepath=off", "cat-file", "--batch"], cwd=self.top,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env=_git_env(), bufsize=1 << 16,
        )
        request = "".join(f"{name}\n" for name in names).encode("utf-8", "surrogateescape")
        # Writing from another thread: git answers while we are still asking, and a full
        # pipe in each direction would otherwise deadlock.
        writer = threading.Thread(target=_feed, args=(process.stdin, request), daemon=True)
        writer.start()
        assert process.stdout is not None
        out = process.stdout
        complete = False
        try:
            for name in names:
                header = out.readline()
                if not header:
                    break
                parts = header.split()
                if len(parts) < 3 or parts[-1] in (b"missing", b"ambiguous"):
                    yield name, None
                    continue
                size = int(parts[-1])
                data = out.read(size)
                out.read(1)  # the newline after the contents
                yield name, data
            else:
                complete = True
        finally:
            if not complete:
                process.kill()
            out.close()
            writer.join()
            stderr = process.stderr.read() if process.stderr else b""
            if process.stderr:
                process.stderr.close()
            status = process.wait()
            if not complete and status not in (0, -9):
                raise GitError(stderr.decode("utf-8", "replace").strip() or
                               "git cat-file failed")

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

    def rev_parse(self, revision: str) -> str | None:
        return self.resolve_commits([revision]).get(revision)


def _feed(pipe, data: bytes) -> None:
    try:
        pipe.write(data)
        pipe.close()
    except (BrokenPipeError, ValueError, OSError):  # git stopped reading: it has failed or been stopped
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
