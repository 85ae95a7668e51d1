"""Nested-root fixtures. A repository shaped like the protocol's own (bitwikiorg/continuity
v1.1.1): state files at the top with the protocol's templates, child roots in packs/ and
samples/, a Hermes-style memories/ root, and a .gitignore like upstream's (its structure only;
none of upstream's files is copied). And a project as Claude Code leaves it."""

from __future__ import annotations

from pathlib import Path

from tests.support.common import GitRepo, minimal_tree

#: A child STATE.md as a pack ships it: a template with placeholders, and its parent declared.
CHILD_STATE = """---
parent: ../../STATE.md
---
# STATE.md — {{AGENT_NAME}}

## Status

`{{STATUS}}`

## Active objective

{{ACTIVE_OBJECTIVE}}

## Next valid action

{{NEXT_VALID_ACTION}}
"""

#: A root AGENTS.md that explains nesting with an example declaration (not its own parent).
TOP_AGENTS = """# AGENTS.md — tidewater

Read STATE.md first.

## Nesting model

A child `AGENTS.md` declares its parent:

```yaml
parent: ../AGENTS.md
```
"""

JUDGE_AGENTS = """# Judge

## State chain
1. AGENTS.md (this file)
2. RUBRIC.md — evaluation criteria
"""


def protocol_repository(path: Path) -> GitRepo:
    """The repository, committed once. Roots: ., packs/developer, packs/judge, samples/minimum,
    memories. Findings below the top: the child STATE.md placeholders (CT107) and CT106 in
    samples/minimum."""
    repo = GitRepo(path)
    files = dict(minimal_tree())
    files.update({
        "AGENTS.md": TOP_AGENTS,
        ".gitignore": "# build output of the project's own site\nsite/node_modules/\n",
        "packs/developer/AGENTS.md": "# Developer pack\n\nLoad STATE.md, then TODO.md.\n",
        "packs/developer/STATE.md": CHILD_STATE,
        "packs/developer/TODO.md": "# TODO\n\n## Active\n\n- Review the parser\n",
        "packs/judge/AGENTS.md": JUDGE_AGENTS,
        "packs/judge/RUBRIC.md": "# Rubric\n\n- Evidence first\n",
        "samples/minimum/AGENTS.md": "# AGENTS.md\n\nRead STATE.md.\n",
        "samples/minimum/STATE.md": "# STATE\n\n## status\n\nready\n",
        "memories/MEMORY.md": "# MEMORY\n\n- The harbour API is rate-limited.\n",
        "memories/USER.md": "# USER\n\n- Prefers short answers.\n",
        "site/src/index.ts": "export {};\n",
    })
    repo.commit("The protocol's shape", files)
    return repo


MEMORY = "# MEMORY\n\n- The staging API rate-limits at 10 requests a second.\n"
STATE = "# STATE\n\n## Status\n\nok\n\n## Active objective\n\nx\n\n## Next valid action\n\ny\n"


def claude_code_repository(path: Path) -> GitRepo:
    """A project as Claude Code leaves it: CLAUDE.md at the top (no state file), one memory per
    sub-agent under .claude/agent-memory/, and skills and agents that are no memory."""
    repo = GitRepo(path)
    repo.commit("agents", {
        "CLAUDE.md": "# CLAUDE.md\n\nRead .claude/agents first.\n",
        "AGENT-STATE.md": "# Agent state\n",
        ".claude/agent-memory/scout/MEMORY.md": MEMORY,
        ".claude/agent-memory/scout/server-evaluation.md": "# Evaluation\n",
        ".claude/agent-memory/researcher/MEMORY.md": MEMORY,
        ".claude/agents/scout.md": "---\nname: scout\n---\n# Scout\n",
        ".claude/skills/research.md": "# Research\n",
        ".cursor/memory-bank/STATE.md": STATE,
    })
    return repo
