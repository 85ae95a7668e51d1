"""Each bad input alone in a clean tree, through the cheap reading commands
(in-process: ``run_cli`` fails on any traceback; named pipes in a process with a timeout),
so that a failure names the case.

What `check` reports is compared exactly: the case's findings, and nothing else, since the
tree around it breaks no rule.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.common import CliResult, minimal_tree, run_cli, write_files

from .conftest import run_command
from .hostile_inputs import CASES, Case, outside_files, plant
from .leaks import marker_found


@pytest.fixture
def planted(scratch: Path, request) -> tuple[Path, Case]:
    case: Case = request.param
    root = scratch / "memory"
    write_files(root, minimal_tree())
    outside_files(scratch / "outside")
    plant(root, case, scratch / "outside")
    return root, case


def run(case: Case, root: Path, *args: str):
    """In-process (fast), except where reading could wait forever: a process with a timeout."""
    if not case.fifos:
        return run_cli(*args, cwd=root)
    done = run_command(*args, cwd=root)
    return CliResult(done.code, done.out, done.err)


@pytest.mark.parametrize("planted", CASES, ids=[case.name for case in CASES], indirect=True)
def test_check_report_and_recall(planted: tuple[Path, Case]):
    root, case = planted
    checked = run(case, root, "check", "--output-format", "json", "--no-git")
    assert checked.code in (0, 1), checked.err
    found = {(d["code"], d["path"]) for d in checked.json["diagnostics"]}
    assert found == case.expect
    assert checked.code == (1 if any(d["severity"] == "error"
                                     for d in checked.json["diagnostics"]) else 0)

    reported = run(case, root, "report", "--format", "json", "--no-git")
    assert reported.code == 0, reported.err
    report = json.loads(reported.out)
    assert {(d["code"], d["path"]) for d in report["check"]["diagnostics"]} == case.expect

    query = case.recall.split() if case.recall else ["parser"]
    recalled = run(case, root, "recall", "--format", "json", *query)
    assert recalled.code in (0, 1), recalled.err
    if case.recall:
        assert recalled.code == 0 and json.loads(recalled.out)["count"] == 1, recalled.err
    for output in (checked, reported, recalled):
        assert not marker_found(output.out + output.err), case.name
