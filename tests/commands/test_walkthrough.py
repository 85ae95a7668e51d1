"""docs/first-five-minutes.md, run: every command of its shell blocks in order, in a new
directory, each judged by what its comment says (the text it shows, `(exit 1)` where it fails)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from tests.support.common import REPO

DOC = REPO / "docs" / "first-five-minutes.md"
BIN = Path(sys.executable).parent


def commands() -> list[tuple[str, str]]:
    """(command, comment) for every command of the page's ``sh`` blocks; a trailing ``\\``
    joins lines, as the shell does."""
    found = []
    for block in re.findall(r"```sh\n(.*?)```", DOC.read_text("utf-8"), re.S):
        block = block.replace("\\\n", " ")
        for line in block.splitlines():
            command, _, comment = line.partition(" # ")
            if command.strip():
                found.append((command.strip(), comment.strip()))
    return found


def expected_text(comment: str) -> list[str]:
    """The fixed words a comment says the output shows: its start, up to an ellipsis."""
    if comment.startswith(("All checks passed", "CT203", "CT301")):
        return [part.strip() for part in comment.split("...")[:1] if part.strip()]
    return []


def test_every_command_of_the_walkthrough_does_what_its_comment_says(tmp_path: Path):
    env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ['PATH']}",
               GIT_AUTHOR_NAME="Wren", GIT_AUTHOR_EMAIL="wren@example.org",
               GIT_COMMITTER_NAME="Wren", GIT_COMMITTER_EMAIL="wren@example.org",
               NO_COLOR="1")
    env.pop("FORCE_COLOR", None)
    cwd = tmp_path
    ran = 0
    for command, comment in commands():
        if command.startswith("mkdir ") and "&& cd " in command:
            name = command.split("&& cd ", 1)[1].split()[0]
            done = subprocess.run(["bash", "-c", command], cwd=cwd, env=env,
                                  capture_output=True, text=True)
            assert done.returncode == 0, done.stderr
            cwd = cwd / name
            ran += 1
            continue
        done = subprocess.run(["bash", "-c", command], cwd=cwd, env=env, capture_output=True,
                              text=True)
        output = done.stdout + done.stderr
        wanted = 1 if "(exit 1)" in comment else 0
        assert done.returncode == wanted, f"{command}: exit {done.returncode}\n{output}"
        for text in expected_text(comment):
            assert text.split(" (")[0] in output, f"{command}: {text!r} not in\n{output}"
        ran += 1
    assert ran >= 15
    assert (cwd / "site" / "index.html").exists()
    assert (cwd / ".continuity-baseline.json").exists()
