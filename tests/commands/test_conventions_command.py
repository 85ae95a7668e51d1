"""``continuity conventions``: per root, the convention, the evidence, the kinds of its files."""

from __future__ import annotations

import json
from pathlib import Path

from tests.support.common import GitRepo, minimal_tree, run_cli
from tests.support.conventions import CLAUDE_MEMORY, CLINE_BANK


def test_each_root_with_its_convention_evidence_and_kinds(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    repo.commit("three conventions", {**CLINE_BANK, **CLAUDE_MEMORY,
                                      **{f"protocol/{k}": v for k, v in minimal_tree().items()},
                                      "app/notes.jsonl": '{"id": 1, "text": "x", "ts": 2}\n'})
    result = run_cli("conventions", "--format", "json", cwd=repo.path)
    assert result.code == 0, result.err
    roots = {r["root"]: r for r in json.loads(result.out)["roots"]}
    assert {k: r["convention"] for k, r in roots.items()} == {
        ".": "instructions", "memory-bank": "cline", "protocol": "continuity", "app": None,
        ".claude/agent-memory/reviewer": "claude"}
    claude = roots[".claude/agent-memory/reviewer"]
    assert claude["index"] == ["MEMORY.md"] and "flaky-tests.md" in claude["living"]
    assert any(e["found"].startswith("the folder") for e in claude["evidence"])
    assert roots["memory-bank"]["directories"]["journal"]["kind"] == "library"
    assert "snapshots/" in roots["protocol"]["append_only"]
    text = run_cli("conventions", cwd=repo.path).out
    assert "app/: found notes.jsonl, of no known convention: not judged" in text
    assert 'convention = "NAME"' in text


def test_the_conventions_known_are_listed():
    result = run_cli("conventions", "--list")
    assert result.code == 0
    names = [line.split(":")[0] for line in result.out.splitlines() if not line.startswith(" ")]
    assert names == ["continuity", "claude", "cline", "openclaw", "openclaw-state", "gsd",
                     "gptme", "agentops", "speckit", "serena", "kiro", "cursor", "windsurf",
                     "roo-rules", "copilot", "roo", "cursor-bank", "copilot-bank", "taskmaster",
                     "backlog", "sisyphus", "instructions", "aider"]
