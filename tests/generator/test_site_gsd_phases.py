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


def test_a_link_in_a_fence_under_a_list_item_stays_text_on_the_site(tmp_path: Path):
    """The twenty-fifth survey: a GSD plan shows, in a ```` ```markdown ```` fence under
    ``2. README.md edit:``, the line to add (``[docs/x.md](docs/x.md)``). CommonMark reads it
    as code and the check follows no link; Python-Markdown starts fences at the margin only,
    so MkDocs read text and a live link to a file the site does not publish, and the strict
    build failed where the check was clean. The link is shown as written, no link; one in
    prose beside it stays a link and is still checked."""
    plan = ("# Plan 02-02\n\n1. Write the guide.\n\n2. README.md edit: add this line\n\n"
            "   ```markdown\n   > If you are offline, see\n"
            "   > [docs/offline.md](docs/offline.md)\n   ```\n\n"
            "3. See [research](02-RESEARCH.md).\n")
    project = gsd_repo(tmp_path, {".planning/phases/02-api/02-02-PLAN.md": plan})
    assert run_cli("check", cwd=project).code == 0
    write_mkdocs_yml(project, options={"root": ".planning"})
    done = build(project, strict=True)
    assert done.error is None, done.said
    assert not [w for w in done.warnings if "docs/offline.md" in w], done.said
    page = done.html("phases/02-api/02-02-PLAN/index.html")
    assert "[docs/offline.md](docs/offline.md)" in page
    assert 'href="../02-RESEARCH/"' in page
    assert broken_links(project / "site") == []
    # the same link in prose is a link the check follows, dead here
    project.joinpath(".planning/phases/02-api/02-02-PLAN.md").write_text(
        plan + "\nAlso [docs/offline.md](docs/offline.md).\n", "utf-8")
    dead = [c for c in found(check_json(project)) if c[0] == "CT111"]
    assert dead == [("CT111", ".planning/phases/02-api/02-02-PLAN.md", 14)]
