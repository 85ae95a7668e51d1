"""One config story (README, Configuration): which file wins, what is an error wherever it is
written, MkDocs' own YAML tags, and one path policy for every option at every entry point.

Every case is real files in a temporary repository, the real CLI in-process and a real
``mkdocs build``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from continuity.config import OPTIONS, Config, load_config
from tests.support.common import GitRepo, minimal_tree, run_cli, write_files
from tests.support.site_support import build, write_mkdocs_yml

INIT_TOML = "# root = \".\"\n# fail_on = \"warning\"\n"  # what `init` writes: comments only


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A committed memory tree at the top of a repository."""
    repo = GitRepo(tmp_path / "project")
    repo.commit("Tree", minimal_tree())
    return repo.path


# ------------------------------------------------------------------- which file wins


def test_both_files_setting_options_is_an_error_naming_both(project: Path):
    write_files(project, {"continuity.toml": "fail_on = \"warning\"\n",
                          "pyproject.toml": "[tool.continuity]\nsnapshot_max_age_days = 3\n"})
    result = run_cli("check", cwd=project)
    assert result.code == 2
    assert "continuity.toml" in result.err and "pyproject.toml" in result.err
    write_mkdocs_yml(project, options={"root": "."})
    built = build(project)
    assert built.error is not None and "pyproject.toml" in built.said


def test_an_empty_continuity_toml_gives_way_to_pyproject(project: Path):
    write_files(project, {"continuity.toml": INIT_TOML,
                          "pyproject.toml": "[tool.continuity]\nsnapshot_max_age_days = 3\n"})
    config = load_config(project)
    assert config.snapshot_max_age_days == 3 and config.source.endswith("pyproject.toml")


@pytest.mark.parametrize("broken", ["pyproject.toml", "continuity.toml"])
def test_invalid_toml_in_either_file_is_exit_2_whatever_the_other_holds(project: Path,
                                                                        broken: str):
    other = "continuity.toml" if broken == "pyproject.toml" else "pyproject.toml"
    good = "fail_on = \"error\"\n" if other == "continuity.toml" else \
        "[tool.continuity]\nfail_on = \"error\"\n"
    write_files(project, {other: good, broken: "[tool.continuity\nfail_on = \n"})
    result = run_cli("check", cwd=project)
    assert result.code == 2 and broken in result.err and "not valid TOML" in result.err
    assert "All checks passed" not in result.out


def test_an_unknown_key_in_pyproject_is_exit_2_beside_init_s_continuity_toml(project: Path):
    write_files(project, {"continuity.toml": INIT_TOML,
                          "pyproject.toml": "[tool.continuity]\nsnapshot_max_age_day = 3\n"})
    result = run_cli("check", cwd=project)
    assert result.code == 2 and "pyproject.toml" in result.err
    assert "unknown option 'snapshot_max_age_day'" in result.err
    assert "did you mean 'snapshot_max_age_days'" in result.err


def test_did_you_mean_only_for_a_near_name(project: Path):
    write_files(project, {"continuity.toml": "colour = \"red\"\n"})
    result = run_cli("check", cwd=project)
    assert result.code == 2 and "unknown option 'colour'" in result.err
    assert "did you mean" not in result.err


def test_an_unknown_plugin_option_is_exit_2_for_check_and_build(project: Path):
    write_mkdocs_yml(project, options={"root": ".", "page_sise": 10})
    result = run_cli("check", cwd=project)
    assert result.code == 2 and "page_sise" in result.err and "'page_size'" in result.err
    built = build(project)
    assert built.error is not None and "page_sise" in built.said


def test_precedence_flags_over_mkdocs_over_the_file(project: Path):
    write_files(project, {"pyproject.toml": "[tool.continuity]\nsnapshot_max_age_days = 3\n"
                                            "page_size = 7\n"})
    assert load_config(project).snapshot_max_age_days == 3
    write_mkdocs_yml(project, options={"root": ".", "snapshot_max_age_days": 5})
    config = load_config(project)
    assert (config.snapshot_max_age_days, config.page_size) == (5, 7)
    assert load_config(project, {"snapshot_max_age_days": 9}).snapshot_max_age_days == 9


# ------------------------------------------------------------------- the option table


def test_every_option_is_a_row_and_a_field():
    fields = set(Config.__dataclass_fields__) - {"base_dir", "source", "kinds_source",
                                                 "root_source", "root_note"}
    assert fields == set(OPTIONS)
    defaults = Config()
    for option in OPTIONS.values():
        assert getattr(defaults, option.name) == option.default, option.name


def test_each_row_s_parser_is_the_one_every_source_uses(project: Path):
    """A wrong type is the same error from a TOML file, mkdocs.yml and the plugin."""
    write_files(project, {"continuity.toml": "page_size = 0\n"})
    from_toml = run_cli("check", cwd=project)
    (project / "continuity.toml").unlink()
    write_mkdocs_yml(project, options={"root": ".", "page_size": 0})
    from_yaml = run_cli("check", cwd=project)
    built = build(project)
    message = "option 'page_size' must be an integer of at least 1, got 0"
    assert from_toml.code == from_yaml.code == 2
    assert message in from_toml.err and message in from_yaml.err and message in built.said


# ------------------------------------------------------------------- MkDocs' YAML tags


def test_env_and_relative_tags_mean_what_mkdocs_makes_of_them(tmp_path: Path, monkeypatch):
    repo = GitRepo(tmp_path / "project")
    repo.commit("Tree", {f"memory/{name}": text for name, text in minimal_tree().items()})
    (repo.path / "docs").mkdir()
    (repo.path / "mkdocs.yml").write_text(
        "site_name: Tags\n"
        "theme:\n  name: material\n  font: false\n"
        "markdown_extensions:\n"
        "  - pymdownx.emoji:\n"
        "      emoji_index: !!python/name:material.extensions.emoji.twemoji\n"
        "      emoji_generator: !!python/name:material.extensions.emoji.to_svg\n"
        "plugins:\n  - search\n  - continuity:\n"
        "      root: !relative $config_dir/memory\n"
        "      page_size: !ENV [CONTINUITY_PAGE_SIZE, 20]\n"
        "      site_prefix: !ENV CONTINUITY_PREFIX\n", "utf-8")
    monkeypatch.setenv("CONTINUITY_PREFIX", "mem")
    monkeypatch.delenv("CONTINUITY_PAGE_SIZE", raising=False)
    config = load_config(repo.path)
    assert config.root_written == repo.path / "memory"
    assert (config.page_size, config.site_prefix) == (20, "mem")
    monkeypatch.setenv("CONTINUITY_PAGE_SIZE", "5")
    assert load_config(repo.path).page_size == 5
    checked = run_cli("check", cwd=repo.path)
    assert checked.code == 0, checked.out + checked.err
    built = build(repo.path)
    assert built.error is None, built.said
    assert (repo.path / "site" / "mem" / "STATE" / "index.html").is_file()


def test_a_bare_relative_tag_is_a_clear_error(project: Path):
    (project / "docs").mkdir()
    (project / "mkdocs.yml").write_text(
        "site_name: Tags\nplugins:\n  - continuity:\n      root: !relative\n", "utf-8")
    result = run_cli("check", cwd=project)
    assert result.code == 2 and "option 'root'" in result.err and "$config_dir" in result.err


# ------------------------------------------------------------------- one path policy


def _outside(project: Path) -> Path:
    outside = project.parent / "outside"
    write_files(outside / "x", minimal_tree())
    (outside / "secret.txt").write_text("top secret\n")
    return outside


CASES = {
    "root leaves": "root = \"../outside/x\"\n",
    "template outside": "[kinds.journal]\ntemplate = \"/etc/passwd\"\n",
    "template a link out": "[kinds.journal]\ntemplate = \"linked-template.md\"\n",
    "notes glob climbs": "notes = [\"../../../../root/.*\"]\n",
    "notes glob climbs after a wildcard": "notes = [\"*/../../outside/*\"]\n",
    "ledger leaves": "ledger = \"../outside/ledger.jsonl\"\n",
    "root into .git": "root = \".git\"\n",
}

ENTRY_POINTS = {
    "check": ("check",),
    "report": ("report",),
    "generate": ("generate", "--out", "PAGES"),
    "new": ("new", "journal", "--title", "A turn"),
    "note": ("note", "The parser skips blank lines.", "--project", "p"),
    "recall": ("recall", "parser"),
}


def _everything_outside(outside: Path) -> dict[str, bytes]:
    return {str(p.relative_to(outside)): p.read_bytes() for p in sorted(outside.rglob("*"))
            if p.is_file()}


@pytest.mark.parametrize("case", list(CASES))
def test_every_entry_point_refuses_a_configured_path_out(case: str, project: Path,
                                                         tmp_path: Path):
    outside = _outside(project)
    os.symlink(outside / "secret.txt", project / "linked-template.md")
    write_files(project, {"continuity.toml": CASES[case]})
    before = _everything_outside(outside)
    for name, args in ENTRY_POINTS.items():
        argv = [str(tmp_path / "pages") if a == "PAGES" else a for a in args]
        result = run_cli(*argv, cwd=project)
        assert result.code == 2, f"{case}: {name} exit {result.code}\n{result.out}{result.err}"
        assert "CT602" in result.err or "climbs" in result.err, f"{case}: {name}: {result.err}"
        assert "continuity.toml" in result.err
    write_mkdocs_yml(project, options={"root": "."})
    built = build(project)
    assert built.error is not None and "continuity.toml" in built.said, case
    assert _everything_outside(outside) == before
    assert not (project / "journal").exists() or all(
        "top secret" not in p.read_text() for p in (project / "journal").glob("*.md"))


def test_a_root_linking_out_in_mkdocs_yml_is_refused_by_check_generate_and_build(
        project: Path, tmp_path: Path):
    outside = _outside(project)
    os.symlink(outside / "x", project / "linked")
    write_mkdocs_yml(project, options={"root": "linked"})
    checked = run_cli("check", cwd=project)
    generated = run_cli("generate", "--out", str(tmp_path / "pages"), cwd=project)
    built = build(project)
    for said in (checked.err, generated.err, built.said):
        assert "CT602" in said and "link leaving the repository" in said, said
    assert checked.code == generated.code == 2 and built.error is not None
    assert not (tmp_path / "pages").exists()


def test_paths_inside_the_repository_are_fine(project: Path):
    write_files(project, {"templates/decision.md": "# Decision\n\n## Context\n",
                          "continuity.toml": "root = \".\"\nnotes = [\"notes/*.jsonl\"]\n"
                                             "[kinds.decisions]\npattern = "
                                             "\"YYYY-MM-DD-slug.md\"\ntemplate = "
                                             "\"templates/decision.md\"\n"})
    assert run_cli("check", cwd=project).code in (0, 1)
