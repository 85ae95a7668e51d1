"""Work started in a thread now and waited for later, its exception raised where it is waited for.

The check starts git reads and hashing this way (the log before discovery, the rules' shared
history work before the rules): they wait on git processes or hash outside the GIL, so they
overlap the Python work that comes first instead of following it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class Background(Generic[T]):
    """``compute()`` running in a daemon thread; :meth:`result` waits for it."""

    def __init__(self, compute: Callable[[], T], name: str):
        self._compute = compute
        self._value: T | None = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self._value = self._compute()
        except BaseException as exc:
            self._error = exc

    def result(self) -> T:
        """The value computed, or the exception raised computing it (raised here)."""
        self._thread.join()
        if self._error is not None:
            raise self._error
        return self._value  # type: ignore[return-value]

