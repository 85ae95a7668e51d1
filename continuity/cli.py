"""The ``continuity`` command. Each subcommand is a module in ``continuity.commands``.

A command module defines ``HELP``, ``configure(parser)`` and ``run(args) -> int``; it is found
by name, so adding a command means adding a module. Every failure the user can fix is a
ContinuityError: one line on stderr and exit 2, never a traceback (SPEC §7).
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import signal
import sys

from continuity import __version__, commands
from continuity.errors import ContinuityError
from continuity.formats.secrets import redact_credentials
from continuity.output import one_line


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="continuity",
        description="Lint and publish agent memory kept in git: state files, append-only "
                    "history, cycle ledgers and note stores.",
    )
    parser.add_argument("--version", action="version", version=f"continuity {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        name = getattr(module, "NAME", info.name)
        command = sub.add_parser(name, help=module.HELP, description=module.__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
        module.configure(command)
        command.set_defaults(run=module.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]  # odd names never crash output
        except (AttributeError, ValueError):
            pass
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse: 0 for --help, 2 for usage errors
        return int(exc.code or 0)
    if not getattr(args, "run", None):
        parser.print_help()
        return 2
    previous = _terminate_as_interrupt()
    try:
        return args.run(args)
    except ContinuityError as exc:
        # A message may quote the tree (a file name, a value): one line, no escapes, no key.
        print(one_line(redact_credentials(f"continuity: {exc}")), file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("continuity: interrupted", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except Exception as exc:  # the last line of defence: a message, and the details on demand
        if os.environ.get("CONTINUITY_DEBUG"):
            raise
        print(one_line(redact_credentials(
            f"continuity: internal error: {type(exc).__name__}: {exc} "
            "(set CONTINUITY_DEBUG=1 for the traceback, and please report it)")),
            file=sys.stderr)
        return 2
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _terminate_as_interrupt():
    """SIGTERM (what `kill` and CI timeouts send) ends a command as Ctrl-C does, so a writer
    takes back what it half did instead of dying mid-way. Returns the handler it replaced."""
    try:
        return signal.signal(signal.SIGTERM, signal.default_int_handler)
    except (AttributeError, ValueError):  # no SIGTERM here, or not the main thread
        return None
