""""Did you mean ...?": the known word one slip away from what was typed.

One helper for every place that refuses a name (a rule code, an option, a flag, a value), so a
typo such as ``CT3O1``, ``--output-format jsn`` or ``improve`` is answered with the word meant.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def closest(word: str, choices: Iterable[str]) -> str | None:
    """The choice nearest to ``word`` (case aside), when one is close enough to be a typo."""
    known = list(dict.fromkeys(choices))
    if not word or not known:
        return None
    by_fold = {choice.casefold(): choice for choice in known}
    folded = word.casefold()
    if folded in by_fold and by_fold[folded] != word:
        return by_fold[folded]  # the word written in another case
    # A letter O for a zero, an l for a one: what a code typed by hand gets wrong.
    digits = folded.replace("o", "0").replace("l", "1")
    for choice in known:
        if choice.casefold() == digits and choice != word:
            return choice
    found = difflib.get_close_matches(folded, list(by_fold), n=1, cutoff=0.75)
    return by_fold[found[0]] if found and by_fold[found[0]] != word else None


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'X'?)`` for the closest choice, else the empty string."""
    found = closest(word, choices)
    return f" (did you mean '{found}'?)" if found else ""
