"""`continuity new` finds its root as `check` does: the one memory root below the working
directory when none is above it, and says so plainly when there is none or several."""

from __future__ import annotations

from tests.support.common import GitRepo, run_cli


def test_new_at_the_top_writes_into_the_one_root_below(repo: GitRepo):
    assert run_cli("init", "memory/", cwd=repo.path).code == 0
    repo.commit("memory below the top")
    done = run_cli("new", "journal", "--title", "First turn", cwd=repo.path)
    assert done.code == 0, done.err
    written = sorted(p.name for p in (repo.path / "memory" / "journal").glob("2*.md"))
    assert len(written) == 1 and not (repo.path / "journal").exists()
    assert done.out.strip().startswith("memory/journal/")


def test_no_root_anywhere_is_a_clear_usage_error(tmp_path):
    done = run_cli("new", "journal", cwd=tmp_path)
    assert done.code == 2
    assert "no memory root here or above it" in done.err and "continuity init" in done.err
    assert list(tmp_path.iterdir()) == []


def test_several_roots_below_ask_which(repo: GitRepo):
    for name in ("alpha", "beta"):
        assert run_cli("init", f"{name}/", cwd=repo.path).code == 0
    done = run_cli("new", "journal", cwd=repo.path)
    assert done.code == 2
    assert "several memory roots" in done.err and "alpha" in done.err and "--root" in done.err
