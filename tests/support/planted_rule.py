"""A rule planted in the real registry for one test, to give reporters findings of known text.

The engine, the CLI and the reporters run as they do for any rule; only what the rule says is
chosen by the test (awkward characters, many findings). The rule is removed afterwards, so the
registry is as it was for every other test.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator

from continuity.validators import registry as validators
from continuity.validators.diagnostics import Violation
from continuity.validators.registry import CheckContext

CODE = "CT990"


@contextlib.contextmanager
def planted_rule(check: Callable[[CheckContext], Iterable[Violation]], *,
                 severity: str = "error", needs_git: bool = False,
                 code: str = CODE) -> Iterator[str]:
    def rule_check(ctx: CheckContext) -> Iterable[Violation]:
        """A rule planted by a test.

        It exists only while the test runs.
        """
        return check(ctx)

    validators.all_rules()  # load the real rules first, so the plant does not hide them
    validators.rule(code, "planted-rule", severity, needs_git=needs_git)(rule_check)
    try:
        yield code
    finally:
        validators._REGISTRY.pop(code, None)
