"""The site shapes' registry: every shape a convention may name is shown by a registered shape,
and a shape's module is found in generator/shapes/ without being listed anywhere else."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from continuity.generator import living  # noqa: F401  (registers the shapes it writes)
from continuity.generator.shapes import Shape, register, shape
from continuity.model.conventions import SITE_SHAPES
from tests.support.common import REPO, GitRepo


def test_every_shape_a_convention_may_name_is_registered_and_no_other():
    shown = {name for name in SITE_SHAPES if name != "protocol"}  # its own state-file table
    assert {name for name in shown if shape(name) is None} == set()
    assert shape("protocol") is None
    assert shape("timline") is None


def test_the_modules_of_the_package_register_their_own_pages():
    for name in ("tasks", "board", "chat"):
        found = shape(name)
        assert found is not None and found.cards is not None and found.page is not None


def test_two_shapes_of_one_name_are_refused():
    register(Shape("tasks-for-this-test", "Tests"))
    register(Shape("tasks-for-this-test", "Tests"))  # the same shape again: a module re-read
    with pytest.raises(ValueError, match="two site shapes"):
        register(Shape("tasks-for-this-test", "Other"))


def test_a_new_module_in_the_package_is_a_shape_with_no_other_file_touched(tmp_path: Path):
    """What a newcomer writes: one module, which registers itself (and its name in
    SITE_SHAPES, for a convention to choose it)."""
    package = tmp_path / "continuity"
    subprocess.run(["cp", "-r", str(REPO / "continuity"), str(package)], check=True)
    (package / "generator" / "shapes" / "gallery.py").write_text(
        "from continuity.generator.shapes import Shape, register\n"
        "register(Shape('gallery', 'Pictures'))\n")
    done = subprocess.run(
        [sys.executable, "-c", "from continuity.generator import living\n"
         "from continuity.generator.shapes import shape\nprint(shape('gallery'))"],
        cwd=tmp_path, capture_output=True, text=True, env={"PYTHONPATH": str(tmp_path)})
    assert "section_title='Pictures'" in done.stdout, done.stderr


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
def test_a_page_a_shape_makes_is_called_as_the_shape_says(tmp_path: Path, engine: str):
    """Backlog.md's config.yml is its board: the browser's tab and the navigation say "Board",
    not the file's name; Aider's chat history says "Chat history"."""
    from tests.support.engines import build_site

    repo = GitRepo(tmp_path / "repo")
    repo.commit("both", {
        "backlog/config.yml": 'project_name: "Tides"\nstatuses: ["To Do", "Done"]\n',
        "backlog/tasks/task-1 - Count.md": "---\nid: task-1\ntitle: Count\nstatus: To Do\n---\n",
        ".aider.chat.history.md": "\n# aider chat started at 2026-11-01 10:00:00\n\n"
                                  "#### count the wrens  \n\nDone.\n\n"})
    site = build_site(engine, repo.path, tmp_path / engine, strict=False)
    chat = "_aider.chat.history" if engine == "zensical" else ".aider.chat.history"
    board = "backlog/config-yml" if (site / "backlog" / "config-yml").is_dir() else "config-yml"
    titles = {page: re.search(r"<title>(.*?)</title>", (site / page / "index.html")
                              .read_text("utf-8"), re.S)[1] for page in (chat, board)}
    assert titles[board].startswith("Board"), titles
    assert titles[chat].startswith("Chat history"), titles
