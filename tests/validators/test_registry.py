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


def test_the_rules_that_read_git_are_those_whose_analyses_do():
    """A rule needs git through what it reads: the history judgement feeds exactly the CT30x
    rules of rules/history.py, the state timeline CT605, the ledger's shas CT407 and CT408."""
    from continuity.validators.analyses import HISTORY, HISTORY_JUDGEMENT, STATE_TIMELINE
    from continuity.validators.registry import fed_by
    from continuity.validators.rules.ledger.commits import LEDGER_SHAS

    assert fed_by(HISTORY_JUDGEMENT) == tuple(f"CT30{n}" for n in range(1, 9))
    assert {r.check.__module__ for r in RULES if HISTORY_JUDGEMENT in r.uses} == {
        "continuity.validators.rules.history"}
    assert fed_by(STATE_TIMELINE) == ("CT605",)
    assert fed_by(LEDGER_SHAS) == ("CT407", "CT408")
    assert HISTORY_JUDGEMENT.git and HISTORY_JUDGEMENT.history and HISTORY in \
        HISTORY_JUDGEMENT.uses
    needing = {r.code for r in RULES if r.needs_git}
    assert needing == {"CT301", "CT302", "CT303", "CT304", "CT305", "CT306", "CT307", "CT308",
                       "CT309", "CT407", "CT408", "CT605", "CT712", "CT721", "CT823"}
    assert all(any(a.git for a in r.uses) for r in RULES if r.needs_git)
