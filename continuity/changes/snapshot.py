"""A commit's tree written into a temporary directory, to run the check on it there.

``git archive`` streams the commit's files (never the user's working tree, index or ``.git``:
nothing of theirs is touched) and Python's tar reader writes them with its ``data`` filter:
no path leaves the directory, no link points out of it, no device or special file is made.
The snapshot's ``.git`` is an empty file that marks the top of the repository for the model
and is no repository to git: the check runs on it without the history rules (the range's
append-only promises are judged from the range itself).
"""

from __future__ import annotations

import subprocess
import tarfile
from pathlib import Path

from continuity.errors import GitUnavailable
from continuity.history.git import GitError, Repository

#: Configuration files read from the top of the repository (continuity.config).
CONFIG_FILES = ("continuity.toml", "pyproject.toml", "mkdocs.yml")


def root_files(repository: Repository, sha: str, prefix: str) -> list[str]:
    """The files directly in the folder ``prefix`` at ``sha`` (a root's state files), with the
    configuration files at the top: what a partial snapshot always holds."""
    folder = [f"{prefix}/"] if prefix else []
    listed = repository.run("ls-tree", "-z", "--full-tree", sha, "--", *folder)
    found = []
    for record in listed.split(b"\0"):
        meta, _, name = record.partition(b"\t")
        if meta.split(b" ")[1:2] == [b"blob"]:
            found.append(name.decode("utf-8", "surrogateescape"))
    if prefix:
        top = repository.run("ls-tree", "-z", "--name-only", "--full-tree", sha, "--",
                             *CONFIG_FILES)
        found += [p.decode("utf-8", "surrogateescape") for p in top.split(b"\0") if p]
    return found


#: What a memory root is made of, and found by: the files a review without the check writes
#: out of a commit that is not checked out (never the binaries beside them).
MEMORY_SUFFIXES = (".md", ".markdown", ".json", ".jsonl", ".toml", ".yml", ".yaml", ".txt")


def memory_files(repository: Repository, sha: str) -> list[str]:
    """Every file of ``sha`` a memory root may hold (by :data:`MEMORY_SUFFIXES`)."""
    listed = repository.run("ls-tree", "-r", "-z", "--name-only", "--full-tree", sha)
    names = (p.decode("utf-8", "surrogateescape") for p in listed.split(b"\0") if p)
    return [name for name in names if name.lower().endswith(MEMORY_SUFFIXES)]


def write_snapshot(repository: Repository, sha: str, destination: Path,
                   paths: list[str] | None = None) -> Path:
    """Write the tree of ``sha`` (only ``paths``, top-relative files it has, when given) into
    ``destination``; returns it."""
    destination.mkdir(parents=True, exist_ok=True)
    # Where the repository's top is, for the model (what is memory at the top, what a link
    # may reach): an empty .git file, which no git command takes for a repository.
    (destination / ".git").touch()
    if paths is not None and not paths:
        return destination
    paths = paths or []
    process = repository.popen("archive", "--format=tar", sha, "--", *paths,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None
    try:
        with tarfile.open(fileobj=process.stdout, mode="r|") as archive:
            for member in archive:
                if member.issym() or member.islnk():
                    continue  # a link in memory is not followed here (CT602 judges it)
                try:
                    archive.extract(member, destination, filter="data")
                except (tarfile.FilterError, OSError):
                    continue  # a name this file system refuses: not checked, not fatal
    except tarfile.TarError as exc:
        process.kill()
        said = process.stderr.read().decode("utf-8", "replace").strip().splitlines() \
            if process.stderr is not None else []
        why = said[0] if said else str(exc)  # git's own words first: a missing object
        raise GitUnavailable(f"{repository.top}: cannot write the tree of {sha[:7]} out to "
                             f"check it: {why} (run with --no-check to review without the "
                             "check)") from None
    finally:
        stderr = process.stderr.read() if process.stderr is not None else b""
        status = process.wait()
        if process.stderr is not None:
            process.stderr.close()
        process.stdout.close()
    if status != 0:
        error = GitError(stderr.decode("utf-8", "replace").strip(), status=status)
        raise GitUnavailable(f"{repository.top}: cannot read the tree of {sha[:7]}: {error}")
    return destination
