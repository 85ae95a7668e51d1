"""CT605 secret-in-history: a credential in a committed version of a living file, an agent state
file or a history entry."""

from __future__ import annotations

import pytest

from tests.support.common import STATE, GitRepo, check_json, minimal_tree
from tests.timeline.support import TOKEN

AWS = "AKIA" + "QWERTYUIOPASDFGH"


def _ct605(root, *extra):
    done = check_json(root, *extra)
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


MCP = '{"mcpServers": {"github": {"command": "npx", "env": {"GITHUB_TOKEN": "%s"}}}}\n'


def test_a_token_taken_out_of_an_agents_mcp_configuration_is_named(tmp_path):
    """Survey 35: a GitHub token in `.cursor/mcp.json`'s first commit, taken out three minutes
    later, stays readable by anyone who clones; and a `.mcp.json` deleted since, with the key
    it held. The project's code beside them is never read for history."""
    repo = GitRepo(tmp_path)
    repo.commit("rules", {"CLAUDE.md": "# Project\n\nUse tabs.\n",
                          "src/app.py": "print('tides')\n"})
    added = repo.commit("mcp", {".cursor/mcp.json": MCP % TOKEN,
                                ".mcp.json": MCP % AWS,
                                "src/app.py": f"TOKEN = '{TOKEN}'\n"})
    repo.commit("token out", {".cursor/mcp.json": MCP % "${env:GITHUB_TOKEN}",
                              "src/app.py": "print('tides')\n"}, delete=[".mcp.json"])
    found = {d["path"]: d for d in _ct605(repo.path)}
    assert set(found) == {".cursor/mcp.json", ".mcp.json"}
    assert all(d["commit"] == added[:7] and "no longer holds it" in d["message"]
               for d in found.values())


def test_an_mcp_configuration_whose_history_never_held_a_key_has_no_finding(tmp_path):
    repo = GitRepo(tmp_path)
    repo.commit("rules", {"CLAUDE.md": "# Project\n\nUse tabs.\n",
                          ".mcp.json": MCP % "${GITHUB_TOKEN}"})
    repo.commit("more", {".mcp.json": MCP % "${env:GITHUB_PAT}"})
    assert _ct605(repo.path) == []


def test_a_test_runs_fixture_in_an_old_env_testing_is_no_finding_and_a_services_token_is(
        tmp_path):
    """A committed test environment's generated values are the run's fixtures, for CT605 in
    every version as for CT601 now (Laravel's `.env.testing`); a token for a hosted service
    the same file sends the run to is the service's, and stays named."""
    fixture = "APP_KEY=base64:" + "Qm9ndXNGaXh0dXJlS2V5Rm9yVGVzdHNPbmx5MTIzNDU2Nzg=" + "\n" \
        + "DB_PASSWORD=" + "Xq7vLm2pRt9sKw4z" + "\n"
    service = "UPSTASH_REDIS_REST_URL=https://eu2-tidy-fox-31337.upstash.io\n" \
        "UPSTASH_REDIS_REST_TOKEN=" + "AX9hAAIjcDE" + "q7vLm2pRt9sKw4zXb3nC8dF5gH1jY6" + "\n"
    repo = GitRepo(tmp_path)
    repo.commit("rules", {"CLAUDE.md": "# Project\n\nRun the tests.\n",
                          ".env.testing": fixture})
    added = repo.commit("ci on upstash", {".env.test": service})
    repo.commit("fixtures changed, service moved out", {".env.testing": fixture.replace(
        "Xq7vLm2pRt9sKw4z", "Zr8wMn3qSu0tLx5a")}, delete=[".env.test"])
    found = {d["path"]: d for d in _ct605(repo.path)}
    assert set(found) == {".env.test"}
    assert found[".env.test"]["commit"] == added[:7]


OPENCLAW = {"AGENTS.md": "# AGENTS.md\n\nRead memory/ each day.\n", "SOUL.md": "# SOUL\n\nCalm.\n",
            "MEMORY.md": "# MEMORY\n\nLong term.\n"}


def test_a_key_edited_out_of_a_daily_note_and_a_note_deleted_whole_are_named(tmp_path):
    """Set 49: a relay key written into an OpenClaw daily note and edited out by a later
    commit; another note with a key deleted whole. The tree no longer holds either (CT601 is
    silent); git does."""
    repo = GitRepo(tmp_path)
    repo.commit("start", {**OPENCLAW, "memory/2026-03-19.md": "# 2026-03-19\n\n- relay up\n",
                          "memory/2026-03-18.md": "# 2026-03-18\n\n- start\n"})
    added = repo.commit("key", {
        "memory/2026-03-19.md": f"# 2026-03-19\n\n- relay up\n- relay key {TOKEN}\n",
        "memory/2026-03-18.md": f"# 2026-03-18\n\n- start\n- key {AWS}\n"})
    repo.commit("key out", {"memory/2026-03-19.md": "# 2026-03-19\n\n- relay up\n- key: vault\n"},
                delete=["memory/2026-03-18.md"])
    found = {d["path"]: d for d in _ct605(repo.path)}
    assert set(found) == {"memory/2026-03-19.md", "memory/2026-03-18.md"}
    assert all(d["commit"] == added[:7] and "no longer holds it" in d["message"]
               for d in found.values())


def _below(name: str) -> dict[str, str]:
    return {f"{name}/{path}": text for path, text in minimal_tree().items()}


OPENAI = "OPENAI_API_KEY=sk-proj-" + "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7dEf0hIj3k" + "\n"


def test_an_agent_state_file_outside_the_root_is_read_in_every_version(tmp_path):
    """CT601 reads a `.env` at the repository's top from a root below it (`memory/`); its
    history holds a key taken out since, and a `.mcp.json` at the top was deleted with the
    token it held: both stay readable by anyone who clones, and are named from the root."""
    repo = GitRepo(tmp_path)
    repo.commit("start", {**_below("memory"), "src/app.py": "print('tides')\n"})
    added = repo.commit("keys", {".env": OPENAI, ".mcp.json": MCP % TOKEN,
                                 "src/app.py": f"TOKEN = '{TOKEN}'\n"})
    repo.commit("keys out", {".env": "OPENAI_API_KEY=\n", "src/app.py": "print('tides')\n"},
                delete=[".mcp.json"])
    found = {d["path"]: d for d in _ct605(repo.path / "memory")}
    assert set(found) == {"../.env", "../.mcp.json"}  # never src/app.py: the project's code
    assert all(d["commit"] == added[:7] and "no longer holds it" in d["message"]
               for d in found.values())


def test_a_journal_entry_edited_names_a_key_only_once_the_entry_no_longer_holds_it(tmp_path):
    """A protocol journal entry edited after its key was written: while the entry holds the
    key it is CT601's alone (as an entry never edited); once an edit takes it out, the
    earlier version is named at the commit that brought it."""
    repo = GitRepo(tmp_path)
    entry = "journal/2026-01-02-turn-1.md"
    repo.commit("start", minimal_tree())
    added = repo.commit("key", {entry: minimal_tree()[entry] + f"\nToken {TOKEN}\n"})
    repo.commit("more", {entry: minimal_tree()[entry] + f"\nToken {TOKEN}\n\nLater.\n"})
    done = check_json(repo.path)
    codes = [d["code"] for d in done.json["diagnostics"] if d["path"] == entry]
    assert "CT601" in codes and "CT605" not in codes  # and CT301: an entry is never edited
    repo.commit("key out", {entry: minimal_tree()[entry] + "\nToken: vault\n\nLater.\n"})
    found = [d for d in _ct605(repo.path) if d["path"] == entry]
    assert len(found) == 1 and found[0]["commit"] == added[:7]
    assert "no longer holds it" in found[0]["message"]


def test_an_entry_added_once_is_not_read_again_and_an_edited_clean_one_is_no_finding(tmp_path):
    """Only edited or deleted entries have an earlier version: an entry added with a key and
    never changed is the file as it is, CT601's alone; a clean edit names nothing."""
    repo = GitRepo(tmp_path)
    repo.commit("start", {**OPENCLAW, "memory/2026-03-19.md": f"# 2026-03-19\n\n- key {TOKEN}\n",
                          "memory/2026-03-18.md": "# 2026-03-18\n\n- start\n"})
    repo.commit("more", {"memory/2026-03-18.md": "# 2026-03-18\n\n- start\n- more\n"})
    assert _ct605(repo.path) == []


@pytest.mark.parametrize("select", [(), ("--select", "CT605")], ids=["whole check", "CT605 alone"])
def test_a_key_rewritten_out_of_a_note_store_is_named_and_one_that_only_grew_is_not_reread(
        tmp_path, select):
    """An append-only file is read version by version only where a version does not begin
    with the one before it (a rewrite): there an earlier version holds bytes the file lost.
    One that only grew holds every version's bytes (CT601's); it is never read again. The
    whole check takes the rewrites from the append-only proof (CT304); CT605 alone hashes
    the same prefixes itself."""
    line = '{"ts": "2026-01-02T10:00:00Z", "text": "%s"}\n'
    repo = GitRepo(tmp_path)
    repo.commit("start", {**minimal_tree(), "notes.jsonl": line % "started",
                          "notes/kept.jsonl": line % "started"})
    added = repo.commit("key", {"notes.jsonl": line % "started" + line % f"key {TOKEN}",
                                "notes/kept.jsonl": line % "started" + line % f"key {AWS}"})
    repo.commit("rewrite", {"notes.jsonl": line % "started" + line % "key: vault",
                            "notes/kept.jsonl": line % "started" + line % f"key {AWS}"
                            + line % "more"})
    found = {d["path"]: d for d in _ct605(repo.path, *select)}
    assert set(found) == {"notes.jsonl"}
    assert found["notes.jsonl"]["commit"] == added[:7]
    assert "no longer holds it" in found["notes.jsonl"]["message"]


def test_a_note_deleted_and_committed_again_names_its_key_once(tmp_path):
    """A backup job deletes a daily note and commits it again, the same text; later the key
    is edited out: the key was brought in once, at the first commit that held it."""
    repo = GitRepo(tmp_path)
    note = f"# 2026-02-15\n\n- key {TOKEN}\n- later\n"
    repo.commit("start", {**OPENCLAW, "memory/2026-02-14.md": "# 2026-02-14\n\n- start\n"})
    added = repo.commit("note", {"memory/2026-02-15.md": note})
    repo.commit("gone", {"memory/2026-02-14.md": "# 2026-02-14\n\n- start\n- x\n"},
                delete=["memory/2026-02-15.md"])
    repo.commit("back", {"memory/2026-02-15.md": note})
    assert _ct605(repo.path) == []  # held again: CT601's
    repo.commit("key out", {"memory/2026-02-15.md": "# 2026-02-15\n\n- key: vault\n- later\n"})
    found = _ct605(repo.path)
    assert [d["commit"] for d in found] == [added[:7]], found


def test_a_file_outside_sibling_roots_is_one_finding(tmp_path):
    """Two roots below the top (`a/memory`, `b/memory`) each read the history of the `.env`
    above them: the check shows the credential once, at its place."""
    repo = GitRepo(tmp_path)
    repo.commit("start", {**_below("a/memory"), **_below("b/memory")})
    added = repo.commit("key", {".env": OPENAI})
    repo.commit("key out", {}, delete=[".env"])
    found = _ct605(repo.path)
    assert [(d["path"], d["commit"]) for d in found] == [(".env", added[:7])]


def test_an_agent_state_file_outside_the_root_whose_history_held_no_key_has_no_finding(
        tmp_path):
    repo = GitRepo(tmp_path)
    repo.commit("start", {**_below("memory"), ".mcp.json": MCP % "${GITHUB_TOKEN}",
                          ".env.example": OPENAI})
    repo.commit("more", {".mcp.json": MCP % "${env:GITHUB_PAT}", ".env": "OPENAI_API_KEY=\n"})
    assert _ct605(repo.path / "memory") == []


def test_a_deep_roots_top_and_the_tracked_files_beside_it_are_read(tmp_path):
    """A root three folders down (`apps/web/memory`): the `.env` at the repository's top,
    deleted since, and a service's `.env` beside the root that CT601 reads today, whose older
    version held a key, are each named once from the root."""
    repo = GitRepo(tmp_path)
    repo.commit("start", {**_below("apps/web/memory"), "services/api/.env": "PORT=80\n"})
    first = repo.commit("keys", {".env": OPENAI, "services/api/.env": f"GITHUB_TOKEN={TOKEN}\n"})
    repo.commit("keys out", {"services/api/.env": "PORT=80\n"}, delete=[".env"])
    found = {d["path"]: d["commit"] for d in _ct605(repo.path / "apps/web/memory")}
    assert found == {"../../../.env": first[:7], "../../../services/api/.env": first[:7]}
