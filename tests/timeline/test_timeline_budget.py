"""The timeline's budget (issue 34 #11): one-line commits to a 1 MB STATE.md used to publish
every version in full (120 of them: a 131 MB site). The texts kept are the newest versions'
within ``TEXT_BUDGET``, the page says what was cut, and every version is still scanned (a
token in an old version beyond the budget is still CT605's)."""

from __future__ import annotations

from pathlib import Path

from continuity.history.versions import TEXT_BUDGET
from tests.support.common import STATE, GitRepo, minimal_tree, run_cli
from tests.support.history_repos import fast_import
from tests.timeline.support import TOKEN

FACTS = "\n".join(f"- fact {i}: the tide table row {i} reads {i * 7 % 1000} cm"
                  for i in range(22_000))  # about 1 MB


def _big_state(path: Path, commits: int) -> GitRepo:
    repo = GitRepo(path)
    history = [{"message": "start", "files": minimal_tree()}]
    for number in range(1, commits + 1):
        extra = f"\nDeploy token {TOKEN}\n" if number == 1 else ""
        history.append({"message": f"cycle {number}",
                        "files": {"STATE.md": f"{STATE}{extra}\n## Log\n\n{FACTS}\n- cycle {number}\n"}})
    fast_import(repo, history)
    return repo


def test_one_line_commits_to_a_large_state_file_make_a_bounded_site(tmp_path):
    commits = 24
    repo = _big_state(tmp_path / "repo", commits)
    assert len((repo.path / "STATE.md").read_bytes()) > 900_000
    out = tmp_path / "site"
    done = run_cli("generate", str(repo.path), "--out", str(out))
    assert done.code in (0, 1), done.err
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    # Every version in full would be commits x 1 MB twice over (text and diff); the budget
    # keeps the newest texts within TEXT_BUDGET, plus the current file's own page.
    assert size < TEXT_BUDGET + 4_000_000, size
    history = (out / "STATE" / "history.md").read_text("utf-8")
    assert "shown without their text" in history and "8 MB" in history
    assert TOKEN not in "".join(p.read_text("utf-8", "replace") for p in out.rglob("*.md"))
    # The oldest version (beyond the budget) is still scanned: CT605 names it.
    checked = run_cli("check", "--output-format", "json", cwd=repo.path)
    assert [d for d in checked.json["diagnostics"] if d["code"] == "CT605"]


def test_a_binary_version_of_a_living_file_is_sized_skipped_and_counted(tmp_path):
    repo = GitRepo(tmp_path / "repo")
    repo.commit("start", minimal_tree())
    blob = b"\x89PNG\r\n\x1a\n\0" + bytes(range(256)) * 8000 + f" {TOKEN} ".encode()
    repo.commit("a picture over the todo list", {"TODO.md": blob})
    repo.commit("the list again", {"TODO.md": minimal_tree()["TODO.md"]})
    done = run_cli("check", "--output-format", "json", cwd=repo.path)
    notice = next(n for n in done.json["notices"] if n.startswith("CT605"))
    assert "1 version of living, agent state or history files not read" in notice and "2.0 MB" in notice
    assert TOKEN not in done.out


def test_versions_per_file_are_capped_by_default_and_the_page_says_so(tmp_path):
    from continuity.history.versions import DEFAULT_MAX_VERSIONS
    from tests.timeline.support import state_repository

    repo, _ = state_repository(tmp_path / "repo", DEFAULT_MAX_VERSIONS + 6)
    out = tmp_path / "site"
    done = run_cli("generate", str(repo.path), "--out", str(out))
    assert done.code in (0, 1), done.err
    history = (out / "STATE" / "history.md").read_text("utf-8")
    total = DEFAULT_MAX_VERSIONS + 7  # the first commit adds STATE.md
    assert f"{DEFAULT_MAX_VERSIONS} versions of {total}" in history
    assert f"at {DEFAULT_MAX_VERSIONS} unless set" in history
    state = (out / "STATE.md").read_text("utf-8")
    assert f"{DEFAULT_MAX_VERSIONS} of {total} versions shown" in state


def test_a_version_is_scanned_for_its_changes_and_keeps_what_it_did_not_change(tmp_path):
    """Each version is scanned against the one before it: a token it kept is still its own
    (at its new line), a token it added is found, and one it removed is gone."""
    from continuity.config import load_config
    from continuity.history.git import open_repository
    from continuity.history.log import memory_paths, read_history
    from continuity.history.versions import living_files, read_timeline
    from continuity.model.tree import discover

    repo = GitRepo(tmp_path / "repo")
    repo.commit("start", minimal_tree())
    other = "xoxb-" + "1234567890-0987654321-AbCdEfGhIjKlMnOp"
    base = STATE.replace("Building the parser.", "Building the parser.\n\nToken " + TOKEN)
    repo.commit("token", {"STATE.md": base})
    repo.commit("a line above it", {"STATE.md": base.replace("# STATE", "# STATE\n\nNew.\n")})
    repo.commit("another token", {"STATE.md": base.replace("# STATE", "# STATE\n\nNew.\n")
                                  + f"\nSlack {other}\n"})
    repo.commit("both gone", {"STATE.md": STATE})
    config = load_config(repo.path)
    tree = discover(config, repo.path)
    history = read_history(open_repository(repo.path).repository, tree.root,
                           *memory_paths(tree))
    try:
        versions = read_timeline(history, living_files(tree))["STATE.md"].versions
    finally:
        history.close()
    gone, another, above, token, _ = versions  # newest first
    line = token.text.split("\n").index("Token " + TOKEN) + 1
    assert token.credentials == (("github-token", line),)
    moved = above.text.split("\n").index("Token " + TOKEN) + 1
    assert moved > line and above.credentials == (("github-token", moved),)  # carried
    assert above.fingerprints == token.fingerprints
    assert {kind for kind, _ in another.credentials} == {"github-token", "slack-token"}
    assert gone.credentials == () and gone.previous_credentials == another.credentials
