"""Errors that end a command with exit status 2 and a one-line message, never a traceback,
and the "did you mean ...?" those messages offer.

One helper for every place that refuses a name (a rule code, an option, a flag, a value), so a
typo such as ``CT3O1``, ``--output-format jsn`` or ``improve`` is answered with the word meant.
"""

from __future__ import annotations

from collections.abc import Iterable


class ContinuityError(Exception):
    """A problem the user can fix; the message names the file or option at fault."""

    exit_code = 2


class ConfigError(ContinuityError):
    """An unknown option, a wrong type, or a configuration file that cannot be read."""


class UsageError(ContinuityError):
    """Arguments that do not make sense together, or a path that does not exist."""


class GitUnavailable(ContinuityError):
    """History rules need a git history that this checkout does not have (e.g. shallow)."""


class ShallowClone(GitUnavailable):
    """A shallow or partial clone: it lacks commits or file versions the history rules read."""


class GitRefused(GitUnavailable):
    """Git will not read the repository (owned by another user, or damaged): never taken for
    "no repository", which would skip the history rules and pass."""


# -------------------------------------------------------------- did you mean

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
    # A word cut short (`warn` for `warning`, `--sel`): the one choice it begins.
    starting = [choice for choice in known if len(folded) >= 3
                and choice.casefold().startswith(folded) and choice != word]
    if len(starting) == 1:
        return starting[0]
    import difflib  # only when a word is wrong

    found = difflib.get_close_matches(folded, list(by_fold), n=1, cutoff=0.75)
    return by_fold[found[0]] if found and by_fold[found[0]] != word else None


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'X'?)`` for the closest choice, else the empty string."""
    found = closest(word, choices)
    return f" (did you mean '{found}'?)" if found else ""
