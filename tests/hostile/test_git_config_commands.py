"""Git never runs a command the repository configures: one case per key (SECURITY.md).

Each case is a real repository whose ``.git/config`` points one key at a script that writes a
marker file. First plain git is shown to run the script (the trap is live: without that the
test would prove nothing), then ``check``, ``report``, ``generate`` and a real ``mkdocs build``
read the same repository, history and pending changes included, and the marker never appears.
Keys git only obeys on a terminal or from protected configuration have no live proof; they
are set all the same, so that a later change of ours cannot wake them.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from continuity.history.git import GitError, Repository
from tests.support.common import GitRepo, minimal_tree, run_cli
from tests.support.site_support import build, write_mkdocs_yml

HOOKS = ("post-index-change", "pre-auto-gc", "post-checkout", "reference-transaction",
         "pre-commit", "post-commit", "post-rewrite", "fsmonitor-watchman")


@dataclass(frozen=True)
class Case:
    config: dict[str, str]  # key -> value; "SCRIPT" stands for the marker script
    attributes: str = ""  # .gitattributes at the top (committed)
    proof: Callable[[Path], None] | None = None  # plain git that runs the script, if any
    partial_clone: bool = False  # the memory repository is a blobless clone of another
    extra: dict[str, str] = field(default_factory=dict)


def plain_git(top: Path, *args: str, input: str | None = None) -> None:
    """Git as a user runs it: the repository's configuration obeyed."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    subprocess.run(["git", *args], cwd=top, capture_output=True, timeout=30, env=env,
                   input=input.encode() if input is not None else None,
                   stdin=None if input is not None else subprocess.DEVNULL)


def git_status(top: Path) -> None:
    plain_git(top, "status", "--porcelain")


def git_diff(top: Path) -> None:
    plain_git(top, "diff")


def git_log_patch(top: Path) -> None:
    plain_git(top, "log", "-p", "-2")


def git_log(top: Path) -> None:
    plain_git(top, "log", "-1")


def smudge(top: Path) -> None:
    (top / "memory" / "TODO.md").unlink()
    plain_git(top, "checkout", "--", "memory/TODO.md")


def ask_credentials(top: Path) -> None:
    plain_git(top, "credential", "fill", input="protocol=https\nhost=example.invalid\n\n")


def lazy_fetch(top: Path) -> None:
    plain_git(top, "cat-file", "-p", old_blob(top))


CASES: dict[str, Case] = {
    "core.fsmonitor": Case({"core.fsmonitor": "SCRIPT"}, proof=git_status),
    "core.hooksPath": Case({"core.hooksPath": "HOOKS"}, proof=git_status),
    "include.path": Case({"include.path": "INCLUDED"}, proof=git_status,
                         extra={"core.fsmonitor": "SCRIPT"}),
    "filter.clean": Case({"filter.evil.clean": "SCRIPT"}, "* filter=evil\n", git_status),
    "filter.process": Case({"filter.evil.process": "SCRIPT", "filter.evil.required": "true"},
                           "* filter=evil\n", git_status),
    "filter.smudge": Case({"filter.evil.smudge": "SCRIPT"}, "* filter=evil\n", smudge),
    "filter with = in its name": Case({"filter.a=b.clean": "SCRIPT"}, "* filter=a=b\n",
                                      git_status),
    "diff.external": Case({"diff.external": "SCRIPT"}, proof=git_diff),
    "diff.textconv": Case({"diff.evil.textconv": "SCRIPT"}, "* diff=evil\n", git_log_patch),
    "diff.command": Case({"diff.evil.command": "SCRIPT"}, "* diff=evil\n", git_diff),
    "core.pager": Case({"core.pager": "SCRIPT", "pager.log": "SCRIPT",
                        "pager.status": "true"}),
    "gpg.program": Case({"gpg.program": "SCRIPT", "log.showSignature": "true"}, proof=git_log),
    "gpg.ssh.program": Case({"gpg.format": "ssh", "gpg.ssh.program": "SCRIPT",
                             "log.showSignature": "true"}),
    "credential.helper": Case({"credential.helper": "SCRIPT"}, proof=ask_credentials),
    "core.askPass": Case({"core.askPass": "SCRIPT"}, proof=ask_credentials),
    "uploadpack.packObjectsHook": Case({"uploadpack.packObjectsHook": "SCRIPT"}),
    "remote.uploadpack": Case({"remote.origin.uploadpack": "SCRIPT"}, proof=lazy_fetch,
                              partial_clone=True),
    "core.sshCommand": Case({"remote.origin.url": "ssh://example.invalid/memory",
                             "core.sshCommand": "SCRIPT"}, proof=lazy_fetch, partial_clone=True),
    "protocol.allow": Case({"protocol.file.allow": "always", "protocol.allow": "always",
                            "remote.origin.uploadpack": "SCRIPT"}, proof=lazy_fetch,
                           partial_clone=True),
}


def old_blob(top: Path) -> str:
    return (top / ".old-blob").read_text().strip()


def commit_history(repo: GitRepo, attributes: str) -> None:
    files = {f"memory/{name}": text for name, text in minimal_tree().items()}
    if attributes:
        files[".gitattributes"] = attributes
    repo.commit("first", files)
    state = (repo.path / "memory" / "STATE.md").read_text()
    repo.commit("second", {"memory/STATE.md": state.replace("Building the parser.",
                                                            "Parsing the constants.")})


def sign_head(repo: GitRepo) -> None:
    """Give HEAD a (bogus) signature, so that showing it would call the signature program."""
    body = repo.git("cat-file", "commit", "HEAD")
    header, _, message = body.partition("\n\n")
    signed = (f"{header}\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEE\n"
              f" -----END PGP SIGNATURE-----\n\n{message}")
    done = subprocess.run(["git", "hash-object", "-t", "commit", "-w", "--stdin"],
                          cwd=repo.path, input=signed.encode(), capture_output=True, check=True)
    repo.git("update-ref", "HEAD", done.stdout.decode().strip())


def make_repository(base: Path, case: Case) -> Path:
    if case.partial_clone:
        source = GitRepo(base / "source")
        commit_history(source, case.attributes)
        source.git("config", "uploadpack.allowFilter", "true")
        top = base / "project"
        subprocess.run(["git", "clone", "-q", "--filter=blob:none", f"file://{source.path}",
                        str(top)], check=True, capture_output=True)
        (top / ".old-blob").write_text(source.git("rev-parse", "HEAD~1:memory/STATE.md"))
        repo = GitRepo.__new__(GitRepo)
        repo.path = top
    else:
        repo = GitRepo(base / "project")
        commit_history(repo, case.attributes)
        top = repo.path
    sign_head(repo)
    write_mkdocs_yml(top, options={"root": "memory"})
    return top


def arm(top: Path, base: Path, case: Case) -> Path:
    """Point the case's keys at the marker script; return the marker's path."""
    marker = base / "marker"
    script = base / "evil.sh"
    script.write_text(f'#!/bin/sh\necho "$0 $*" >> {marker}\nexit 1\n')
    script.chmod(0o755)
    hooks = base / "hooks"
    hooks.mkdir()
    for name in HOOKS:
        (hooks / name).write_text(script.read_text())
        (hooks / name).chmod(0o755)
    included = base / "included.gitconfig"
    values = {"SCRIPT": str(script), "HOOKS": str(hooks), "INCLUDED": str(included)}
    for key, value in case.extra.items():
        subprocess.run(["git", "config", "-f", str(included), key, values.get(value, value)],
                       check=True)
    for key, value in case.config.items():
        subprocess.run(["git", "config", key, values.get(value, value)], cwd=top, check=True)
    # Pending work for `git status` to look at: a file changed, and every tracked file's
    # times moved (same content), so that git must compare contents through the filters.
    todo = top / "memory" / "TODO.md"
    todo.write_text(todo.read_text() + "\n- Check the constants\n")
    for path in (top / "memory").rglob("*.md"):
        os.utime(path, (1_700_000_000, 1_700_000_000))
    return marker


@pytest.mark.parametrize("key", list(CASES))
def test_no_command_the_repository_configures_runs(key: str, tmp_path: Path):
    case = CASES[key]
    top = make_repository(tmp_path, case)
    marker = arm(top, tmp_path, case)
    if case.proof is not None:  # the trap is live: plain git runs the script
        case.proof(top)
        assert marker.exists(), f"{key}: plain git did not run the script; the case is dead"
        marker.unlink()
        if key == "filter.smudge":
            plain_git(top, "checkout", "--", "memory/TODO.md")
        os.utime(top / "memory" / "STATE.md", (1_700_000_100, 1_700_000_100))

    checked = run_cli("check", cwd=top)
    reported = run_cli("report", cwd=top)
    generated = run_cli("generate", "--out", str(tmp_path / "pages"), cwd=top)
    built = build(top)
    assert not marker.exists(), f"{key}: ran {marker.read_text()!r}"
    if case.partial_clone:  # versions are never fetched: the history cannot be judged
        assert checked.code == 2 and "partial clone" in checked.err
        repo = Repository(top, subprocess.run(["git", "rev-parse", "HEAD"], cwd=top,
                                              capture_output=True, text=True).stdout.strip())
        with pytest.raises(GitError), repo.blob_reader() as reader:  # git may not fetch it
            list(reader.read([old_blob(top)]))
        assert not marker.exists(), f"{key}: reading a missing version ran the script"
    else:  # the history was read, not skipped
        assert checked.code in (0, 1) and "history rules skipped" not in checked.out, \
            checked.out + checked.err
        assert reported.code in (0, 1), reported.err
        assert generated.code == 0, generated.err
        assert built.error is None, built.said


def test_every_key_the_issue_names_has_a_case():
    named = {"core.fsmonitor", "core.hooksPath", "diff.external", "core.pager", "diff.textconv",
             "filter.clean", "filter.process", "filter.smudge", "gpg.program",
             "core.sshCommand", "credential.helper", "core.askPass",
             "uploadpack.packObjectsHook", "protocol.allow", "include.path"}
    assert named <= set(CASES)


def test_a_repository_in_a_subdirectory_of_the_environment_is_not_redirected(tmp_path: Path,
                                                                                monkeypatch):
    """GIT_DIR and GIT_WORK_TREE in the environment (a hook of another repository running the
    check) do not make git read another repository than the memory's own."""
    case = Case({})
    top = make_repository(tmp_path, case)
    other = GitRepo(tmp_path / "other")
    other.commit("x", {"a.txt": "a\n"})
    monkeypatch.setenv("GIT_DIR", str(other.path / ".git"))
    monkeypatch.setenv("GIT_WORK_TREE", str(other.path))
    result = run_cli("check", "--output-format", "json", cwd=top)
    assert result.code in (0, 1) and "history rules skipped" not in result.out


@pytest.mark.parametrize("git_words", ["de_DE.UTF-8", "fr_FR.UTF-8"])
def test_the_locale_is_forced_not_defaulted(git_words: str, monkeypatch):
    """A user's LC_ALL does not change what git prints (its dates and words are read)."""
    from continuity.history.git import git_env
    monkeypatch.setenv("LC_ALL", git_words)
    monkeypatch.setenv("GIT_PAGER", "evil")
    env = git_env()
    assert env["LC_ALL"] == "C" and "GIT_PAGER" not in env
    assert env["GIT_OPTIONAL_LOCKS"] == "0" and env["GIT_TERMINAL_PROMPT"] == "0"
    assert env["GIT_CONFIG_NOSYSTEM"] == "1"
