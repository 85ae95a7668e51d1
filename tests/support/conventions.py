"""Synthetic trees of the agent-memory conventions other than the protocol, modelled on public
repositories of each (their file names, frontmatter and shapes; none of their text)."""

from __future__ import annotations

CLINE_BANK = {
    "memory-bank/projectbrief.md": "# Project Brief\n\nA tide-table service for harbours.\n",
    "memory-bank/productContext.md": "# Product Context\n\nHarbour masters need tides.\n",
    "memory-bank/activeContext.md": "# Active Context\n\nWiring the parser.\n",
    "memory-bank/systemPatterns.md": "# System Patterns\n\nHexagonal core.\n",
    "memory-bank/techContext.md": "# Tech Context\n\nPython 3.12, FastAPI.\n",
    "memory-bank/progress.md": "# Progress\n\n- [x] parser\n- [ ] API\n",
    "memory-bank/journal/2026-01-02.md": "# 2026-01-02\n\nStarted the parser.\n",
    "memory-bank/journal/2026-01-03.md": "# 2026-01-03\n\nParser done.\n",
    ".clinerules": "# Cline's Memory Bank\n\nI MUST read ALL memory bank files.\n",
    "README.md": "# tides\n",
}

CLAUDE_INDEX = ("# Reviewer memory\n\n"
                "- [Review patterns](review-patterns.md): what this codebase gets wrong\n"
                "- [Flaky tests](flaky-tests.md): known flakes\n")
CLAUDE_MEMORY = {
    ".claude/agents/reviewer.md": "---\nname: reviewer\nmemory: project\n---\n# Reviewer\n",
    ".claude/agent-memory/reviewer/MEMORY.md": CLAUDE_INDEX,
    ".claude/agent-memory/reviewer/review-patterns.md": "# Review patterns\n\nMissing awaits.\n",
    ".claude/agent-memory/reviewer/flaky-tests.md": "# Flaky tests\n\ntest_clock.\n",
    "CLAUDE.md": "# CLAUDE.md\n\nUse the reviewer agent.\n",
}

OPENCLAW_AGENTS = ("# AGENTS.md - Your Workspace\n\n## Memory\n\n"
                   "- **Daily notes:** `memory/YYYY-MM-DD.md` (create `memory/` if needed) - raw "
                   "logs of what happened\n- **Long-term:** `MEMORY.md`\n")
OPENCLAW_WORKSPACE = {
    "AGENTS.md": OPENCLAW_AGENTS,
    "SOUL.md": "# SOUL.md - Who You Are\n\nBe genuinely helpful.\n",
    "USER.md": "# USER.md\n\n- **Name:** Wren\n",
    "IDENTITY.md": "# IDENTITY.md\n\n- **Name:** Tern\n",
    "TOOLS.md": "# TOOLS.md\n\nCameras: none.\n",
    "HEARTBEAT.md": "# HEARTBEAT.md\n\n- check mail\n",
    "MEMORY.md": "# MEMORY.md\n\n- Wren prefers short answers. See [the 2nd](memory/2026-01-02.md).\n",
    "memory/2026-01-02.md": "# 2026-01-02\n\n- Set up the workspace.\n",
    "memory/2026-01-03.md": "# 2026-01-03\n\n- Read the tide tables.\n",
}

GSD_STATE = """---
gsd_state_version: 1.0
milestone: v1.0
milestone_name: parser
status: archived
last_updated: "2026-01-03T10:00:00.000Z"
progress:
  total_phases: 3
  completed_phases: 1
  total_plans: 8
  completed_plans: 3
  percent: 38
---

# Project State

## Project Reference

See: .planning/PROJECT.md

## Current Position

Phase: 2 of 3 (API)
Plan: 1 of 3 in current phase

## Session Continuity

Last session: 2026-01-03
"""
GSD_PLANNING = {
    ".planning/STATE.md": GSD_STATE,
    ".planning/ROADMAP.md": "# Roadmap\n\n- [x] Phase 1: Parser\n- [ ] Phase 2: API\n",
    ".planning/REQUIREMENTS.md": "# Requirements\n\n- PARSE-01\n",
    ".planning/PROJECT.md": "# Tides\n\nA tide-table service.\n",
    ".planning/config.json": '{"mode": "yolo"}\n',
    ".planning/phases/01-parser/01-01-PLAN.md": "# Plan 01-01\n",
    ".planning/phases/01-parser/01-01-SUMMARY.md": "# Summary 01-01\n",
}

GPTME_WORKSPACE = {
    "gptme.toml": '[agent]\nname = "Tern"\n\n[prompt]\nfiles = ["ABOUT.md", "ARCHITECTURE.md"]\n',
    "ABOUT.md": "# About\n\nTern, an agent.\n",
    "ARCHITECTURE.md": ("# Architecture\n\n## Journal\n\nThe journal/ folder keeps daily logs. "
                        "Entries are to be appended, not overwritten.\n"),
    "TASKS.md": "# Tasks\n\n- [ ] read tides\n",
    "journal/2026-01-02.md": "# 2026-01-02\n\n- Started.\n",
    "journal/2026-01-03.md": "# 2026-01-03\n\n- Parsed the tables.\n",
    "lessons/README.md": "# Lessons\n",
}


def roots(result) -> dict[str, str | None]:
    """Each root of a ``check --output-format json`` result -> the convention recognised."""
    return {root["path"]: root["convention"] for root in result.json["roots"]}


def found(result) -> list[tuple[str, str, int]]:
    """A JSON result's findings as sorted (code, path, line)."""
    return sorted((d["code"], d["path"], d["line"]) for d in result.json["diagnostics"])
