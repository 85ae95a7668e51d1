"""Every rule documents itself the same way: what ``continuity rules CODE`` prints is uniform."""

from __future__ import annotations

import re

import pytest

from continuity.validators.registry import all_rules

RULES = all_rules()
# A section title at the docstring's own indentation (deeper lines are the example's code).
SECTION = re.compile(r"^ {0,4}\*\*([^*\n]+)\*\*:? *(.*)$", re.M)


@pytest.mark.parametrize("rule", RULES, ids=[r.code for r in RULES])
def test_docstring_has_summary_why_example_and_fix_in_that_order(rule):
    doc = rule.check.__doc__ or ""
    summary, _, rest = doc.strip().partition("\n")
    assert summary.endswith("."), "the summary is one sentence on the first line"
    sections = SECTION.findall(rest)
    assert [title for title, _ in sections] == ["Example", "Fix"]
    # The section titles stand alone on their line: "**Fix**", then the text as a paragraph.
    assert all(inline == "" for _, inline in sections), "write **Fix** on its own line"
    why = rest.split("**Example**")[0].strip()
    fix = rest.split("**Fix**")[1].strip()
    assert why, "a paragraph says why the rule matters"
    assert fix[:1].isupper() or fix[:1] in "`(", "the fix is a sentence"


def test_codes_are_unique_and_in_their_module_range():
    ranges = {"tree": "1", "entries": "2", "history": "3", "ledger": "4", "notes": "5",
              "publish": "6"}
    for rule in RULES:
        # The family: the module in rules/, or the package holding the module (rules/ledger/).
        module = rule.check.__module__.removeprefix("continuity.validators.rules.").split(".")[0]
        if module in ranges:
            assert rule.code[2] == ranges[module], f"{rule.code} lives in rules/{module}"
    assert len({r.code for r in RULES}) == len(RULES)


def test_the_table_of_rules_that_read_git_is_what_the_modules_declare():
    """``rules.NEEDS_GIT`` is what a check without git trusts, unimported: each module it
    names declares exactly its codes, all needing git, and no other module declares one."""
    from continuity.validators.rules import NEEDS_GIT

    declared: dict[str, list[str]] = {}
    for rule in RULES:
        if rule.needs_git:
            module = rule.check.__module__.removeprefix("continuity.validators.rules.")
            declared.setdefault(module, []).append(rule.code)
    assert declared == {module: list(codes) for module, codes in NEEDS_GIT.items()}


def test_a_rule_that_reads_git_outside_the_table_is_refused():
    from continuity.validators.registry import rule

    def stray(_ctx):
        """A stray rule."""
        return []

    stray.__module__ = "continuity.validators.rules.tree"
    with pytest.raises(RuntimeError, match="NEEDS_GIT"):
        rule("CT199", "stray", "error", needs_git=True)(stray)
    stray.__module__ = "continuity.validators.rules.history"
    with pytest.raises(RuntimeError, match="NEEDS_GIT"):
        rule("CT399", "stray", "error", needs_git=True)(stray)  # a code the table lacks
    with pytest.raises(RuntimeError, match="NEEDS_GIT"):
        rule("CT398", "stray", "error")(stray)  # a git module's rule that needs no git
