"""Conventions are data (issue 33): every rule code or prefix a convention names is a code of
the registry, every marker's kind and site shape one the model knows, and what makes a root
is declared by the conventions themselves."""

from __future__ import annotations

import pytest

from continuity.model.conventions import (
    BUILTIN_CONVENTIONS,
    GENERAL_RULES,
    SITE_SHAPES,
    Convention,
    Marker,
)
from continuity.validators.registry import all_rules


def test_every_rule_a_convention_names_is_registered():
    codes = [rule.code for rule in all_rules()]
    named = set(GENERAL_RULES)
    for convention in BUILTIN_CONVENTIONS:
        named |= {*convention.rules, *convention.not_rules}
    unknown = sorted(prefix for prefix in named
                     if not any(code.startswith(prefix) for code in codes))
    assert unknown == []


def test_a_site_shape_or_marker_kind_not_known_is_refused():
    with pytest.raises(ValueError, match="timline"):
        Convention("x", "X", (), site="timline")
    with pytest.raises(ValueError, match="filee"):
        Marker("filee", "LOG.md")
    assert {c.site for c in BUILTIN_CONVENTIONS} <= set(SITE_SHAPES)


def test_each_convention_but_the_protocol_says_what_makes_its_root():
    # The protocol's roots are its state files, Cursor's bank the core files Cline's signs
    # name: every other convention declares its own (Copilot's bank its task files, which a
    # bank with few core files is found by; GSD's a .planning/ of its files with no STATE.md,
    # set 18; Claude's its own folders holding Markdown, MEMORY.md or not, set 51).
    without = {c.name for c in BUILTIN_CONVENTIONS if not c.root_signs}
    assert without == {"continuity", "cursor-bank"}
