"""Children start with the signals a terminal gives them, whatever the test run inherited.

A suite started with SIGINT ignored (``nohup``, some CI runners, a shell's background job)
passes that on to every child, and a Python child that starts with SIGINT ignored never raises
KeyboardInterrupt: the tests that press Ctrl-C on a child would hang or fail. Every test that
spawns a process it signals passes ``preexec_fn=default_signals``.
"""

from __future__ import annotations

import signal

#: Signals set back to their default action in a child, between fork and exec.
RESET = (signal.SIGINT, signal.SIGTERM, signal.SIGQUIT, signal.SIGHUP, signal.SIGPIPE)


def default_signals() -> None:
    for number in RESET:
        signal.signal(number, signal.SIG_DFL)
