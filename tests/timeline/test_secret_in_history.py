"""CT605 secret-in-history: a credential in a committed version of a living file."""

from __future__ import annotations

from tests.support.common import STATE, GitRepo, check_json, minimal_tree
from tests.timeline.support import TOKEN

AWS = "AKIA" + "QWERTYUIOPASDFGH"


def _ct605(root):
    done = check_json(root)
    assert TOKEN not in done.out and AWS not in done.out
    return [d for d in done.json["diagnostics"] if d["code"] == "CT605"]


def test_removed_and_kept_credentials_each_named_once_at_their_commit(tmp_path):
    repo = GitRepo(tmp_path)
    repo.commit("start", minimal_tree())
    added = repo.commit("token", {"TODO.md": minimal_tree()["TODO.md"] + f"\nToken {TOKEN}\n"})
    repo.commit("still there", {"TODO.md": minimal_tree()["TODO.md"] + f"\nToken {TOKEN}\n\nx\n"})
    gone = repo.commit("key", {"CONTEXT.md": minimal_tree()["CONTEXT.md"] + f"\nkey {AWS}\n"})
    repo.commit("key removed", {"CONTEXT.md": minimal_tree()["CONTEXT.md"]})
    found = {d["path"]: d for d in _ct605(repo.path)}
    assert set(found) == {"TODO.md", "CONTEXT.md"}
    assert found["TODO.md"]["commit"] == added[:7] and "still holds it" in \
        found["TODO.md"]["message"]
    assert found["CONTEXT.md"]["commit"] == gone[:7] and "no longer holds it" in \
        found["CONTEXT.md"]["message"]
    assert all(d["severity"] == "warning" for d in found.values())


def test_a_clean_history_has_no_finding(tmp_path):
    repo = GitRepo(tmp_path)
    repo.commit("start", minimal_tree())
    repo.commit("more", {"STATE.md": STATE.replace("Building", "Testing")})
    assert _ct605(repo.path) == []
