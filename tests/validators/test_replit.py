"""Replit Agent's project memory (``replit.md`` at the project's top, read into every request
and updated by the agent) and its workspace configuration (``.replit``, whose ``[env]`` holds
what the app runs with), in real git repositories. Values are synthetic, built here."""

from __future__ import annotations

from pathlib import Path

from tests.support.common import GitRepo, check_json
from tests.support.conventions import found, roots
from tests.support.engines import build_mkdocs_in_process

PASSWORD = "Xk9" + "pQ2mZ7vLr4wT"

REPLIT_MD = ("# Overview\n\nA tide table app.\n\n## User Preferences\n\n"
             "Preferred communication style: simple, everyday language.\n\n"
             "## System Architecture\n\nSee [the API notes](docs/api.md).\n")


def test_a_replit_project_is_one_root_of_its_replit_md(tmp_path: Path):
    repo = GitRepo(tmp_path / "app")
    repo.commit("a Replit project", {
        "replit.md": REPLIT_MD,
        ".replit": 'run = "npm run dev"\n\n[env]\nPORT = "5000"\nDATABASE_URL = '
                   f'"postgresql://app:{PASSWORD}@ep-cool-1234.us-east-2.aws.neon.tech/neondb"\n',
        "src/db.ts": f'const password = "{PASSWORD}";\n',  # code: no memory, not read
        "docs/readme.md": "# Docs\n",
    })
    result = check_json(repo.path)
    assert roots(result) == {".": "instructions"}
    # the dead link in the memory file; the key in the configuration Replit Agent writes
    # (and in the commit git keeps: CT605 reads the agent state files' versions)
    assert found(result) == [("CT111", "replit.md", 11), ("CT601", ".replit", 5),
                             ("CT605", ".replit", 1)]
    assert any(".replit" in notice for notice in result.json["notices"])
    assert PASSWORD not in result.out


def test_replit_md_is_published_as_the_projects_instructions(tmp_path: Path):
    repo = GitRepo(tmp_path / "app")
    repo.commit("a Replit project", {"replit.md": REPLIT_MD,
                                     "docs/api.md": "# API\n\nGET /tides\n"})
    assert check_json(repo.path).json["diagnostics"] == []
    site = build_mkdocs_in_process(repo.path, tmp_path / "site")
    home = (site / "index.html").read_text("utf-8")
    assert "replit.md" in home
    page = next(site.rglob("replit/index.html")).read_text("utf-8")
    assert "simple, everyday language" in page
