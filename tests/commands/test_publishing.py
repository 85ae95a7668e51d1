"""Ready to publish: the metadata a package index shows, the repository's address and release
written once (pyproject.toml) and used by every recipe, the release workflow, and the built
wheel installed in a clean virtual environment in an unrelated folder building a site."""

from __future__ import annotations

import os
import re
import runpy
import subprocess
import sys
import venv
from pathlib import Path

import pytest
import yaml

from continuity.config import tomllib
from tests.support.common import REPO, GitRepo, run_cli, write_files

PROJECT = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["project"]
README = (REPO / "README.md").read_text("utf-8")
URL = PROJECT["urls"]["Repository"]


def test_the_metadata_a_package_index_shows():
    assert PROJECT["name"] == "mkdocs-continuity"
    assert PROJECT["license"] == "MIT" and PROJECT["license-files"] == ["LICENSE"]
    assert (REPO / "LICENSE").read_text("utf-8").startswith("MIT License")
    assert PROJECT["authors"] and len(PROJECT["keywords"]) >= 5
    assert "Framework :: MkDocs" in PROJECT["classifiers"]
    assert {"Repository", "Issues", "Changelog"} <= set(PROJECT["urls"])
    assert f"## {PROJECT['version']}" in (REPO / "CHANGELOG.md").read_text("utf-8")


def test_the_readme_renders_on_a_package_index():
    """A package index shows the README without the repository around it: every link is
    absolute or an anchor, and the README says which name to install."""
    relative = [target for target in re.findall(r"\]\(([^)]+)\)", README)
                if not target.startswith(("https://", "#"))]
    assert relative == []
    assert "pip install mkdocs-continuity" in README
    assert "`pip install continuity` is an unrelated package" in README


def test_every_recipe_names_the_declared_repository_and_release():
    """The address and the version are written once; ``scripts/readme.py`` writes them into
    every recipe, and a recipe naming another (a stale tag, an owner) fails here."""
    script = runpy.run_path(str(REPO / "scripts" / "readme.py"))
    stale = [path.name for path in script["recipe_files"]()
             if script["pinned"](path.read_text("utf-8")) != path.read_text("utf-8")]
    assert stale == [], "run: python scripts/readme.py"
    ci = (REPO / "docs" / "ci.md").read_text("utf-8")
    slug = URL.split("github.com/", 1)[1]
    version = PROJECT["version"]
    assert f"uses: {slug}@v{version}" in ci and f"repo: {URL}" in ci
    assert f"rev: v{version}" in ci and f"mkdocs-continuity=={version}" in ci
    assert f"{slug}@v{version}" in (REPO / "action.yml").read_text("utf-8")
    assert "OWNER" not in ci and "COMMIT" not in ci
    # Pinning is what the script does to a stale recipe, not a no-op.
    old = "uses: someone/mkdocs-continuity@v0.0.1\nrev: v0.0.1\n"
    assert script["pinned"](old) == f"uses: {slug}@v{version}\nrev: v{version}\n"


def test_the_release_workflow_publishes_a_tag_by_trusted_publishing():
    workflow = yaml.safe_load((REPO / ".github" / "workflows" / "release.yml").read_text("utf-8"))
    assert workflow[True]["push"]["tags"] == ["v*"]  # YAML 1.1 reads the key `on` as True
    build, publish = workflow["jobs"]["build"], workflow["jobs"]["publish"]
    steps = "\n".join(str(step.get("run", "")) for step in build["steps"])
    assert "python -m build" in steps and "twine check --strict" in steps
    assert '"v$version"' in steps  # a tag that is not the declared version fails the release
    assert publish["permissions"] == {"id-token": "write"}
    assert publish["steps"][-1]["uses"].startswith("pypa/gh-action-pypi-publish@")
    assert not any("password" in str(step.get("with", {})) for step in publish["steps"])


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel ``python -m build`` makes of this checkout, checked by ``twine --strict``.

    scripts/test builds the distributions of the checkout just before pytest and names their
    folder in CONTINUITY_DIST: those are checked and installed, not built a second time."""
    given = os.environ.get("CONTINUITY_DIST")
    if given:
        out = Path(given)
    else:
        out = tmp_path_factory.mktemp("dist")
        built = subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(REPO)],
                               capture_output=True, text=True)
        assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    assert sorted(p.suffix for p in out.iterdir()) == [".gz", ".whl"], list(out.iterdir())
    checked = subprocess.run([sys.executable, "-m", "twine", "check", "--strict",
                              *map(str, out.iterdir())], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "PASSED" in checked.stdout and "WARNING" not in checked.stdout
    return next(out.glob("*.whl"))


def test_the_wheel_in_a_clean_venv_in_an_unrelated_folder_builds_a_site(wheel: Path,
                                                                         tmp_path: Path):
    """Installed by name as a user installs it (not the checkout: nothing of it on the path),
    then the README's site recipe in a project elsewhere, built with ``--strict``."""
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    clean = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    installed = subprocess.run([str(python), "-m", "pip", "install", "-q", str(wheel)],
                               capture_output=True, text=True, env=clean)
    assert installed.returncode == 0, installed.stderr[-3000:]
    project = GitRepo(tmp_path / "elsewhere" / "project")
    bin_dir = env_dir / "bin"
    clean["PATH"] = f"{bin_dir}{os.pathsep}{clean['PATH']}"
    origin = subprocess.run([str(python), "-c", "import continuity; print(continuity.__file__)"],
                            cwd=project.path, capture_output=True, text=True, env=clean)
    assert str(env_dir) in origin.stdout and str(REPO) not in origin.stdout
    done = subprocess.run([str(bin_dir / "continuity"), "init", "memory/"], cwd=project.path,
                          capture_output=True, text=True, env=clean)
    assert done.returncode == 0, done.stderr
    site_yaml = re.search(r"```yaml\n(# mkdocs\.yml\n.*?)```", README, re.S)
    assert site_yaml is not None
    write_files(project.path, {"mkdocs.yml": site_yaml.group(1), ".gitignore": "/site/\n"})
    project.commit("memory and its site")
    built = subprocess.run([str(bin_dir / "mkdocs"), "build", "--strict", "-q"],
                           cwd=project.path, capture_output=True, text=True, env=clean)
    assert built.returncode == 0, built.stdout + built.stderr
    assert (project.path / "site" / "STATE" / "index.html").is_file()
    assert project.git("status", "--porcelain") == ""  # the site is git-ignored


def test_strict_and_quiet_still_fails_on_a_mkdocs_warning(tmp_path: Path):
    """The README's ``mkdocs build --strict -q``: ``-q`` stops MkDocs from making its own
    warnings (a dead link on a page written by hand), which ``--strict`` must count."""
    project = GitRepo(tmp_path / "project")
    assert run_cli("init", project.path / "memory").code == 0
    (project.path / "memory" / "mkdocs.yml").unlink()
    write_files(project.path, {
        "docs/about.md": "# About\n\nSee [the plan](nowhere.md).\n",
        "mkdocs.yml": "site_name: x\ntheme:\n  name: material\n  font: false\n"
                      "plugins:\n  - search\n  - continuity:\n      root: memory\n"})
    project.commit("a page with a dead link")
    mkdocs = Path(sys.executable).parent / "mkdocs"
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    quiet = subprocess.run([str(mkdocs), "build", "--strict", "-q"], cwd=project.path,
                           capture_output=True, text=True, env=env)
    assert quiet.returncode == 1
    shown = quiet.stdout + quiet.stderr
    assert "nowhere.md" not in shown  # -q still keeps the warning off the terminal
    assert "1 warnings in strict mode" in shown
    (project.path / "docs" / "about.md").write_text("# About\n", "utf-8")
    fixed = subprocess.run([str(mkdocs), "build", "--strict", "-q"], cwd=project.path,
                           capture_output=True, text=True, env=env)
    assert fixed.returncode == 0, fixed.stderr


def test_every_hook_and_recipe_passes_double_dash_before_file_names():
    """A file or path named like an option (``--ignore=CT``) stays a name (issue 34, 8)."""
    hooks = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text("utf-8"))
    for hook in hooks:
        if hook.get("pass_filenames", True):
            assert hook["entry"].endswith(" --"), hook
    ci = (REPO / "docs" / "ci.md").read_text("utf-8")
    local = yaml.safe_load(re.search(r"```yaml\n(# \.pre-commit-config\.yaml \(local hooks\)"
                                     r"\n.*?)```", ci, re.S).group(1))
    for hook in local["repos"][0]["hooks"]:
        if hook.get("pass_filenames", True):
            assert hook["entry"].endswith(" --"), hook
    steps = yaml.safe_load((REPO / "action.yml").read_text("utf-8"))["runs"]["steps"]
    for step in steps:  # the paths given as operands (the review step gives each as --path)
        for line in str(step.get("run", "")).splitlines():
            if line.rstrip().endswith("$CONTINUITY_PATHS") and "for path in" not in line:
                assert line.rstrip().endswith("-- $CONTINUITY_PATHS"), line
