"""What a root's convention adds to its site (generator/shape.py): living files as state pages
and dated files as a timeline, newest first by month, each with its title and excerpt."""

from __future__ import annotations

from pathlib import Path

from continuity.config import load_config
from continuity.generator import FileList, SiteShape, generate
from continuity.generator.inputs import gather
from continuity.model.tree import discover
from tests.support.common import GitRepo

TOKEN = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"

WORKSPACE = {
    "SOUL.md": "# Soul\n\nCurious and careful.\n",
    "AGENTS.md": "# Agents\n\nRead MEMORY.md first.\n",
    "MEMORY.md": "# Memory\n\nWho: see [the user](USER.md) and [Ana](people/ana.md).\n",
    "people/ana.md": "# Ana\n\nReviews on Fridays.\n",
    "people/bob.md": "# Bob\n\nNobody links here.\n",
    "USER.md": "# User\n\nPrefers short answers.\n",
    "memory/2026-10-05.md": "# 2026-10-05\n\nSet up the **workspace** and [the tools](../TOOLS.md)."
                            "\n",
    "memory/2026-11-30.md": "# 2026-11-30\n\nFixed the heartbeat.\n",
    "memory/2026-12-01.md": "# 2026-12-01\n\n## Morning\n\nReviewed the pull request.\n",
    "memory/2026-12-02.md": f"# 2026-12-02\n\nDeploy key {TOKEN} for the bot.\n",
}
NOTES = tuple(sorted(p for p in WORKSPACE if p.startswith("memory/")))


def site_of(tmp_path: Path, shape: SiteShape):
    root = tmp_path / "workspace"
    GitRepo(root).commit("workspace", WORKSPACE)
    config = load_config(root)
    tree = discover(config, root)
    inputs = gather(tree, config, root)
    return generate(tree, inputs.check, inputs.provenance, shape=shape)


def test_daily_notes_read_as_a_timeline_newest_first_by_month(tmp_path: Path):
    shape = SiteShape("openclaw", living=("people/ana.md",),
                      lists=(FileList("Daily notes", "memory/timeline.md",
                                      NOTES + ("memory/not-read.md",)),))
    site = site_of(tmp_path, shape)
    pages = {page.path: page for page in site.pages}
    timeline = pages["memory/timeline.md"]
    assert timeline.in_nav and ("Daily notes", "memory/timeline.md") in site.nav()
    text = timeline.content
    # newest first, one section a month
    assert text.index("## December 2026") < text.index("## November 2026") \
        < text.index("## October 2026")
    assert text.index("2026-12-02") < text.index("2026-12-01") < text.index("2026-11-30")
    assert "[2026-12-01](2026-12-01.md)" in text
    assert "Reviewed the pull request." in text  # the first paragraph, under its heading
    assert "Set up the workspace and the tools." in text  # plain words: no mark, no link
    assert TOKEN not in text and "Deploy key" not in text  # a withheld file: no excerpt
    assert "not-read" not in text and "4 files" in text  # what the model did not read
    home = pages["index.md"].content
    assert "**Convention:** openclaw · [Daily notes](memory/timeline.md)" in home
    ana = pages["people/ana.md"]  # a living file: a state page, in the navigation
    assert ana.in_nav and ana.nav_section == "State files"
    assert "Reviews on Fridays." in ana.content


def test_phases_listed_by_folder(tmp_path: Path):
    shape = SiteShape(lists=(FileList("Notes by folder", "folders.md",
                                      ("memory/2026-11-30.md", "USER.md"), by="folder"),))
    text = {p.path: p for p in site_of(tmp_path, shape).pages}["folders.md"].content
    assert text.index("## ./") < text.index("## memory/")
    assert "`2026-11-30.md`" in text and "[User](USER.md)" in text


def test_the_protocol_shape_adds_nothing(tmp_path: Path):
    empty = site_of(tmp_path, SiteShape())
    assert not [p for p in empty.pages if p.path.endswith("timeline.md")]
    assert {p.path for p in empty.pages if p.in_nav} >= {"index.md", "MEMORY.md"}
    assert "people/ana.md" in {p.path for p in empty.pages if not p.in_nav}  # linked
    assert "people/bob.md" not in {p.path for p in empty.pages}  # linked by nothing


def test_shape_of_follows_the_convention_the_model_recognised(tmp_path: Path):
    from continuity.generator.shape import PROTOCOL, shape_of
    from continuity.model.tree import MemoryTree

    root = tmp_path / "workspace"
    GitRepo(root).commit("workspace", WORKSPACE)
    tree = discover(load_config(root), root)
    if not hasattr(MemoryTree, "convention"):  # before the model of conventions: the protocol
        assert shape_of(tree) == PROTOCOL
        return
    assert getattr(tree.convention, "site", None) == "timeline"  # OpenClaw
    shape = shape_of(tree)
    assert [(each.page, each.by) for each in shape.lists] == [("memory/timeline.md", "month")]
    assert set(shape.lists[0].files) == set(NOTES)
