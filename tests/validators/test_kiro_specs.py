"""issue 30: Kiro's specs (``.kiro/specs/<feature>/``: requirements.md or bugfix.md, design.md,
tasks.md), recognised as Kiro's, judged by CT753 (a task's ``_Requirements:`` naming a number
the requirements do not give) and published as a list of specs with each plan's progress. A
synthetic spec per test in a real git repository."""

from __future__ import annotations

from pathlib import Path

import pytest

from continuity.model.kiro_specs import task_progress
from continuity.validators.rules.kiro_specs import referenced, requirement_numbers
from tests.support.common import GitRepo, check_json
from tests.support.conventions import found, roots
from tests.support.engines import build_site

REQUIREMENTS = """# Requirements Document

## Introduction

A tide table.

## Requirements

### Requirement 1: Tide times

**User Story:** As a sailor, I want the day's tides, so that I can plan a passage.

#### Acceptance Criteria

1. WHEN a port is chosen THE SYSTEM SHALL show its high and low waters
2. WHEN no port is chosen THE SYSTEM SHALL show the nearest port's

### Requirement 2: Units

#### Acceptance Criteria

1. WHEN the user picks feet THE SYSTEM SHALL show heights in feet
"""

TASKS = """# Implementation Plan

- [x] 1. Read the tide tables
  - [x] 1.1 Parse the harmonic constants
    - _Requirements: 1.1, 1.2_
  - [ ]* 1.2 Write property tests for the parser
    - _Requirements: 1.1_
- [ ] 2. Show heights in the chosen unit
  - _Requirements: 2.1_
"""


@pytest.fixture
def repo(tmp_path: Path) -> GitRepo:
    return GitRepo(tmp_path / "repo")


def test_specs_without_steering_are_a_kiro_root(repo: GitRepo):
    repo.commit("a spec", {".kiro/specs/tides/requirements.md": REQUIREMENTS,
                           ".kiro/specs/tides/design.md": "# Design\n\nA parser.\n",
                           ".kiro/specs/tides/tasks.md": TASKS,
                           ".kiro/specs/tides/.config.kiro": '{"generationMode": "requirements-first"}'})
    result = check_json(repo.path)
    assert roots(result) == {".kiro/specs": "kiro"}
    assert found(result) == []
    assert [each["files"] for each in result.json["roots"]] == [3]


def test_specs_beside_steering_each_a_kiro_root(repo: GitRepo):
    repo.commit("kiro", {".kiro/steering/product.md": "# Product\n\nA tide table.\n",
                         ".kiro/specs/tides/requirements.md": REQUIREMENTS,
                         ".kiro/specs/tides/tasks.md": TASKS})
    assert roots(check_json(repo.path)) == {".kiro/specs": "kiro", ".kiro/steering": "kiro"}


def test_a_task_naming_a_requirement_removed(repo: GitRepo):
    """Requirement 3 was dropped after the tasks were written: the task is tied to nothing."""
    tasks = TASKS + "- [ ] 3. Warn of spring tides\n  - _Requirements: 3.1, 1.2, 2.4_\n"
    repo.commit("a spec", {".kiro/specs/tides/requirements.md": REQUIREMENTS,
                           ".kiro/specs/tides/tasks.md": tasks})
    result = check_json(repo.path)
    assert found(result) == [("CT753", ".kiro/specs/tides/tasks.md", 11)]
    message = next(each["message"] for each in result.json["diagnostics"])
    assert message.startswith("_Requirements: 3.1, 2.4 names no requirement")


def test_a_bugfix_spec_numbers_its_statements(repo: GitRepo):
    bugfix = ("# Bugfix Requirements Document\n\n## Bug Analysis\n\n### Current Behavior\n\n"
              "1.1 WHEN a port is chosen THEN the system shows yesterday's tides\n\n"
              "### Expected Behavior\n\n2.1 WHEN a port is chosen THEN the system SHALL show "
              "today's tides\n\n### Unchanged Behavior\n\n3.1 WHEN no port is chosen THEN the "
              "system SHALL CONTINUE TO show the nearest port's\n")
    tasks = ("- [ ] 1. Fix the date\n  - _Requirements: 2.1, 3.1_\n"
             "- [ ] 2. Test it\n  - _Requirements: 2.2_\n")
    repo.commit("a bugfix", {".kiro/specs/tides-fix/bugfix.md": bugfix,
                             ".kiro/specs/tides-fix/tasks.md": tasks})
    assert found(check_json(repo.path)) == [("CT753", ".kiro/specs/tides-fix/tasks.md", 4)]


def test_references_that_are_not_numbers_of_the_spec_pass(repo: GitRepo):
    """`All`, another document's section, an example in fenced code, criteria left unnumbered:
    nothing to judge against."""
    requirements = REQUIREMENTS + ("\n### Requirement 3: Warnings\n\n#### Acceptance Criteria\n\n"
                                   "- WHEN a spring tide comes THE SYSTEM SHALL warn\n")
    tasks = TASKS + ("- [ ] 3. Warn\n  - _Requirements: 3.2_\n"
                     "- [ ] 4. Check\n  - _Requirements: All_\n"
                     "- [ ] 5. Test\n  - _Requirements: Design 7.1_\n"
                     "```\n- [ ] 6. Example\n  - _Requirements: 9.9_\n```\n")
    repo.commit("a spec", {".kiro/specs/tides/requirements.md": requirements,
                           ".kiro/specs/tides/tasks.md": tasks})
    assert found(check_json(repo.path)) == []


#: A cc-sdd spec written in Japanese (spec.json's "language": "ja"), as cc-sdd's own example
#: .kiro/specs/vercel-ai-chatui-research-agent-ja writes it: the heading's word translated.
REQUIREMENTS_JA = """# 要件定義書

## 要件

### 要件1: 潮汐表

#### 受け入れ基準
1. WHEN 港が選ばれた THEN システムは満潮と干潮を表示しなければならない
2. IF 港が選ばれていない THEN システムは最寄りの港を表示しなければならない

### 要件 2: 単位

#### 受け入れ基準
1. WHEN フィートが選ばれた THEN システムは高さをフィートで表示しなければならない
"""

SPEC_JSON = ('{"feature_name": "tides", "language": "ja", "phase": "tasks-generated", '
             '"approvals": {"requirements": {"generated": true, "approved": true}}, '
             '"ready_for_implementation": false}\n')


def test_a_spec_in_another_language_is_judged(repo: GitRepo):
    """cc-sdd writes a spec in spec.json's language, its agents translating "Requirement" in
    headings and references alike (``### 要件1:``, ``_要件: 1.1、1.2_``, seen in real Japanese
    specs, and ``_Requirements: 3.1_`` under ``### 要件1:`` in cc-sdd's own example). Such a
    spec's numbers were never read, so no reference was ever checked."""
    tasks = ("# 実装計画\n\n- [x] 1. 潮汐表を読む\n  - _要件: 1.1、1.2_\n"
             "- [ ] 2. 単位\n  - _Requirements: 2.1_\n"
             "- [ ] 3. 大潮を警告する\n  - _要件：3.1, 1.2_\n")
    repo.commit("a spec", {".kiro/specs/tides/requirements.md": REQUIREMENTS_JA,
                           ".kiro/specs/tides/tasks.md": tasks,
                           ".kiro/specs/tides/spec.json": SPEC_JSON})
    result = check_json(repo.path)
    assert found(result) == [("CT753", ".kiro/specs/tides/tasks.md", 8)]
    assert "3.1 names no requirement" in result.json["diagnostics"][0]["message"]


def test_a_cc_sdd_specs_research_log_is_read(repo: GitRepo):
    """cc-sdd's spec-design keeps its discovery log beside the design, research.md: read and
    published with the spec, its links checked as the other files' are."""
    repo.commit("a spec", {".kiro/specs/tides/requirements.md": REQUIREMENTS,
                           ".kiro/specs/tides/tasks.md": TASKS,
                           ".kiro/specs/tides/spec.json": SPEC_JSON,
                           ".kiro/specs/tides/research.md": (
                               "# Research & Design Decisions\n\n## Discovery\n\n"
                               "- Harmonics from [the survey](survey/harmonics.md)\n")})
    result = check_json(repo.path)
    assert [each["files"] for each in result.json["roots"]] == [3]
    assert found(result) == [("CT111", ".kiro/specs/tides/research.md", 5)]

def test_requirements_numbered_by_heading_alone():
    known, unnumbered = requirement_numbers("### 1. Tides\n\n1. WHEN x THE SYSTEM SHALL y\n"
                                            "### 2. Units\n\nfree text\n")
    assert known == {"1", "1.1", "2"}
    assert unnumbered == {"2"}
    assert referenced("1.1-1.3, Requirement 2") == ["1.1", "1.3", "2"]
    assert referenced("All requirements") is None


def test_task_progress_counts_ticked_boxes():
    assert task_progress(TASKS) == (2, 4)
    assert task_progress("```\n- [x] 1. Example\n```\n- [ ] 1. Real\n") == (0, 1)


def test_the_site_lists_each_spec_with_its_progress(repo: GitRepo, tmp_path: Path):
    repo.commit("a spec", {".kiro/specs/tides/requirements.md": REQUIREMENTS,
                           ".kiro/specs/tides/design.md": "# Design\n\nA parser.\n",
                           ".kiro/specs/tides/tasks.md": TASKS})
    site = build_site("mkdocs", repo.path, tmp_path / "site")
    listing = (site / ".kiro" / "specs" / "specs" / "index.html").read_text("utf-8")
    assert "tides/" in listing and "2/4 tasks done" in listing
    for name in ("requirements", "design", "tasks"):
        assert (site / ".kiro" / "specs" / "tides" / name / "index.html").is_file()
    home = (site / ".kiro" / "specs" / "index.html").read_text("utf-8")
    assert "Specs" in home
