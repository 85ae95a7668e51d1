"""Shared test helpers: real files in a temporary directory, real git, the real CLI."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

from continuity.cli import main

REPO = Path(__file__).resolve().parents[2]
SITE_SRC = REPO / "site_src"


@dataclass
class CliResult:
    code: int
    out: str
    err: str

    @property
    def json(self) -> dict:
        return json.loads(self.out)

    def codes(self) -> list[str]:
        return [d["code"] for d in self.json["diagnostics"]]


def run_cli(*args: str, cwd: Path | None = None, env: dict | None = None) -> CliResult:
    """Run ``continuity ARGS`` in-process, in ``cwd``, capturing its output and exit status."""
    out, err = io.StringIO(), io.StringIO()
    previous = Path.cwd()
    saved_env = dict(os.environ)
    try:
        if cwd is not None:
            os.chdir(cwd)
        if env:
            os.environ.update(env)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main([str(a) for a in args])
    finally:
        os.chdir(previous)
        os.environ.clear()
        os.environ.update(saved_env)
    assert "Traceback" not in err.getvalue(), err.getvalue()
    return CliResult(code, out.getvalue(), err.getvalue())


def check_json(root: Path, *extra: str) -> CliResult:
    """``continuity check --output-format json`` run from inside ``root``."""
    return run_cli("check", "--output-format", "json", *extra, cwd=root)


def write_files(root: Path, files: dict[str, str | bytes]) -> None:
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")


class GitRepo:
    """A real git repository in a temporary directory, committed step by step."""

    def __init__(self, path: Path):
        self.path = path
        path.mkdir(parents=True, exist_ok=True)
        self.git("init", "-q", "-b", "main")
        self.git("config", "user.name", "Test")
        self.git("config", "user.email", "test@example.invalid")
        self.git("config", "commit.gpgsign", "false")
        self._clock = 1_767_225_600  # 2026-01-01T00:00:00Z, one minute per commit

    def git(self, *args: str) -> str:
        done = subprocess.run(["git", *args], cwd=self.path, capture_output=True, text=True)
        if done.returncode != 0:
            raise AssertionError(f"git {' '.join(args)} failed: {done.stderr}")
        return done.stdout

    def commit(self, message: str, files: dict[str, str | bytes] | None = None,
               delete: list[str] | tuple[str, ...] = ()) -> str:
        write_files(self.path, files or {})
        for name in delete:
            self.git("rm", "-q", "--", name)
        self.git("add", "-A")
        self._clock += 60
        date = f"@{self._clock} +0000"
        env = dict(os.environ, GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date)
        done = subprocess.run(["git", "commit", "-q", "--allow-empty", "-m", message],
                              cwd=self.path, capture_output=True, text=True, env=env)
        if done.returncode != 0:
            raise AssertionError(done.stderr)
        return self.git("rev-parse", "HEAD").strip()


def initialised_repo(path: Path) -> GitRepo:
    """A fresh repository holding what `continuity init` writes, committed."""
    repo = GitRepo(path)
    assert run_cli("init", repo.path).code == 0
    repo.commit("init")
    return repo


# ---------------------------------------------------------------- a small valid memory tree

STATE = """# STATE

## Status

Building the parser.

## Active objective

Ship the tide-table parser.

## Next valid action

Write the fixture loader.

## Mesh index

- **Indexes:** `snapshots/`
"""

TODO = """# TODO

## Active

| ID | Task | Owner | Since |
|----|------|-------|-------|
| T-2 | Parse the harmonic constants | wren | 2026-01-02 |

## Pending

- Publish the API docs — after the parser lands

## Blocked

## Mesh index

- **Indexes:** `completed/`
"""


BUILTIN_TEMPLATES = REPO / "continuity" / "templates" / "entries"


def protocol_template(directory: str) -> str:
    """The protocol's ENTRY.template.md for ``directory`` (as shipped in the package)."""
    return (BUILTIN_TEMPLATES / f"{directory}.md").read_text("utf-8")


def minimal_tree() -> dict[str, str]:
    """A memory tree that breaks no rule: one state file per directory edge, one entry each,
    and each directory's ENTRY.template.md (CT105 warns about a directory without one)."""
    return {
        **{f"{d}/ENTRY.template.md": protocol_template(d)
           for d in ("journal", "snapshots", "completed")},
        "STATE.md": STATE,
        "TODO.md": TODO,
        "CONTEXT.md": "# CONTEXT\n\nWorking on the parser.\n\n## Mesh index\n\n"
                      "- **Indexes:** `journal/`\n",
        "LEARNINGS.md": "# LEARNINGS\n\n## Insights\n\n| # | Insight |\n|---|---|\n"
                        "| 1 | Fixtures first |\n\n## Patterns\n\n- Test the parser on real data\n\n"
                        "## Mesh index\n\n- **Indexes:** `completed/`\n",
        "journal/2026-01-02-turn-1.md": (
            "---\ndate: 2026-01-02\nturn: 1\nobjective: parse constants\n---\n\n"
            "# Journal Entry — 2026-01-02\n\n## Context before\n\nNothing parsed.\n\n"
            "## Actions taken\n\nWrote the parser.\n\n## Result\n\nIt parses.\n\n"
            "## Next\n\nFixtures.\n"),
        "snapshots/2026-01-02T10-00-00.md": (
            "---\ndate: 2026-01-02T10:00:00Z\nagent: wren\nversion: 0.1\nstatus: active\n---\n\n"
            "# Snapshot — 2026-01-02\n\n## State at snapshot\n\nStarting.\n\n"
            "## Active objective\n\nParser.\n\n## Blockers\n\nNone.\n\n## Next action\n\n"
            "Write it.\n"),
        "completed/2026-01-03-parse-constants.md": (
            "# Completed Work Entry\n\n## Task\n\n| Field | Value |\n|-------|-------|\n"
            "| Task ID | T-1 |\n| Description | Parse constants |\n| Project | tidewater |\n"
            "| Started | 2026-01-02 |\n| Completed | 2026-01-03 |\n| Authority | wren |\n\n"
            "## Result\n\nParsed.\n\n## Evidence\n\n| Evidence | Path / URL |\n|---|---|\n"
            "| tests pass | tests/test_parse.py |\n\n## Learnings\n\n- Fixtures first\n\n"
            "## Follow-up\n\n- None\n"),
    }


def journal_entry(day: int, turn: int, words: str) -> str:
    """A journal entry of January 2026 that breaks no rule, its context being ``words``."""
    return (f"---\ndate: 2026-01-{day:02d}\nturn: {turn}\nobjective: step {turn}\n---\n\n"
            f"# Journal Entry — 2026-01-{day:02d}\n\n## Context before\n\n{words}\n\n"
            f"## Actions taken\n\nStep {turn}.\n\n## Result\n\nDone.\n\n## Next\n\nMore.\n")


def tree_with_journal(last_turn: int) -> dict[str, str]:
    """:func:`minimal_tree` with journal entries for turns 2 to ``last_turn``, a day each."""
    files = dict(minimal_tree())
    for turn in range(2, last_turn + 1):
        files[f"journal/2026-01-{turn + 1:02d}-turn-{turn}.md"] = journal_entry(
            turn + 1, turn, f"Before {turn}.")
    return files
