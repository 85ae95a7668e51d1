"""GSD's phases (issue 30): every file of ``.planning/phases/NN-name/`` is read, whether or not
ROADMAP.md links it: its links are checked (CT111), its secrets judged, and it is published on
the phase list, each phase's files under it, so that ``mkdocs build --strict`` passes when the
check is clean. Real git repositories and real MkDocs builds."""

from __future__ import annotations

from pathlib import Path

from tests.support.common import GitRepo, check_json, run_cli
from tests.support.conventions import GSD_PLANNING, found
from tests.support.site_support import broken_links, build, write_mkdocs_yml

TOKEN = "ghp_" + "Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6J7k8"

PHASES = {
    # linked from nowhere: ROADMAP.md names the phases in words only
    ".planning/phases/01-parser/01-CONTEXT.md": "# Phase 1 context\n\nTide tables as CSV.\n",
    ".planning/phases/01-parser/01-02-PLAN.md":
        "---\nphase: 01-parser\nplan: 02\n---\n\n# Plan 01-02\n\nBuilds on "
        "[the first plan](01-01-PLAN.md) and [the requirements](../../REQUIREMENTS.md).\n",
    ".planning/phases/02-api/02-RESEARCH.md": "# Phase 2 research\n\nFastAPI it is.\n",
    ".planning/phases/02-api/02-01-PLAN.md": "# Plan 02-01\n\nSee [research](02-RESEARCH.md).\n",
}


def gsd_repo(tmp_path: Path, extra: dict[str, str] | None = None) -> Path:
    project = tmp_path / "project"
    GitRepo(project).commit("gsd", {**GSD_PLANNING, **PHASES, **(extra or {})})
    return project


def test_unlinked_phase_files_are_read_and_their_links_checked(tmp_path: Path):
    project = gsd_repo(tmp_path, {
        ".planning/phases/02-api/02-02-PLAN.md":
            f"# Plan 02-02\n\nSee [the old notes](02-OLD.md).\n\ntoken {TOKEN}\n"})
    result = check_json(project)
    codes = found(result)
    assert ("CT111", ".planning/phases/02-api/02-02-PLAN.md", 3) in codes
    assert ("CT601", ".planning/phases/02-api/02-02-PLAN.md", 5) in codes
    # links that resolve give nothing, from a phase folder or up to .planning/
    assert not [c for c in codes if c[0] == "CT111" and "02-02" not in c[1]]
    listed = run_cli("conventions", cwd=project).out
    assert "GSD planning" in listed


def test_every_phase_file_is_published_and_the_build_is_strict(tmp_path: Path):
    project = gsd_repo(tmp_path)
    assert run_cli("check", cwd=project).code == 0
    write_mkdocs_yml(project, options={"root": ".planning"})
    done = build(project, strict=True)
    assert done.error is None, done.said
    phases = done.html("phases/index.html")
    for name in ("01-01-PLAN", "01-02-PLAN", "01-CONTEXT", "02-RESEARCH", "02-01-PLAN"):
        assert name in phases, name
    assert "Tide tables as CSV." in done.html("phases/01-parser/01-CONTEXT/index.html")
    assert "FastAPI it is." in done.html("phases/02-api/02-RESEARCH/index.html")
    assert phases.index("01-parser") < phases.index("02-api")
    assert broken_links(project / "site") == []
