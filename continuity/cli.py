"""The ``continuity`` command. Each subcommand is a module in ``continuity.commands``.

A command module defines ``configure(parser)`` and ``run(args) -> int``; ``COMMANDS`` in
``continuity.commands`` names it with its help. Only the module of the command that runs is
imported (``--version`` and ``--help`` import none), so a command pays for its own libraries
only. Every failure the user can fix is a ContinuityError: one line on stderr and exit 2, never
a traceback.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import re
import signal
import sys
from collections.abc import Callable, Sequence
from types import FrameType
from typing import Any, NoReturn

from continuity import __version__, commands
from continuity.errors import ContinuityError, did_you_mean
from continuity.output import one_line


def message_lines(text: str) -> str:
    """A message as printed: its own line breaks kept, every line after the first indented (so
    that no line of it reads as a finding or another message), each line printable
    (:func:`one_line`: no escape sequence, no break the tree wrote). Messages are written in
    lines of about 100 characters where they are made; a path quoted may make one longer."""
    return "\n".join(("" if index == 0 else "  ") + one_line(line)
                     for index, line in enumerate(text.split("\n")))


class ArgumentError(Exception):
    """argparse's refusal, raised instead of its exit so that it is answered our way."""

    def __init__(self, message: str, usage: str, prog: str):
        super().__init__(message)
        self.usage, self.prog = usage, prog


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise ArgumentError(message, self.format_usage(), self.prog)


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The command line's parser. Every command is listed; only the one ``argv`` names is
    imported and configured (every one when ``argv`` is None)."""
    parser = Parser(
        prog="continuity",
        description="Lint and publish agent memory kept in git: state files, append-only "
                    "history, cycle ledgers and note stores.",
    )
    parser.add_argument("--version", action="version", version=f"continuity {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    named = _command_named(argv) if argv is not None else None
    for name, (module_name, help_text) in sorted(commands.COMMANDS.items()):
        if argv is not None and name != named:
            sub.add_parser(name, help=help_text)  # listed in --help, never parsed
            continue
        module = importlib.import_module(f"{commands.__name__}.{module_name}")
        command = sub.add_parser(name, help=help_text, description=module.__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
        module.configure(command)
        command.set_defaults(run=module.run)
    return parser


def _command_named(argv: Sequence[str]) -> str | None:
    """The command ``argv`` runs: its first word that is not an option (``continuity`` itself
    takes no option with a value), or None."""
    for index, word in enumerate(argv):
        if word == "--":
            return argv[index + 1] if index + 1 < len(argv) else None
        if not word.startswith("-"):
            return word
    return None


def _redacted(text: str) -> str:
    """``text`` with every credential in it masked. The detectors are imported here, when a
    message is to be shown, not for every run."""
    from continuity.formats.seen_redaction import redact_seen

    return redact_seen(text)  # by what a reader sees: `ghp\_…` is a token too


def main(argv: list[str] | None = None) -> int:
    # A check builds objects that live to its end (the parsed tree, the history read): the
    # collector's default, a pass every 700 allocations, walked them again and again (8% of
    # the CPU of a check of 10,000 entries). The process is short; its garbage is small.
    gc.set_threshold(200_000, 30, 30)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]  # odd names never crash output
        except (AttributeError, ValueError):
            pass
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser(argv)
    as_json = _json_asked(argv)
    args = _parsed(parser, argv, as_json)
    if isinstance(args, int):
        return args
    if not getattr(args, "run", None):
        parser.print_help()
        return 2
    return _run(args, as_json)


def _parsed(parser: argparse.ArgumentParser, argv: list[str], as_json: bool
            ) -> argparse.Namespace | int:
    """The arguments, or the exit status when there are none to run with."""
    try:
        return parser.parse_args(argv)
    except SystemExit as exc:  # argparse: 0 for --help
        return int(exc.code or 0)
    except ArgumentError as exc:
        usage, prog = _usage_of_command(parser, argv) or (exc.usage, exc.prog)
        suggestion = _suggestion(parser, argv, str(exc))
        too_long = len(f"{prog}: error: {exc}{suggestion}") > 100
        message = _redacted(f"{exc}\n{suggestion.strip()}" if suggestion and too_long
                            else f"{exc}{suggestion}")
        sys.stderr.write(f"{usage}{message_lines(f'{prog}: error: {message}')}\n")
        if as_json:
            _json_error(message, "usage", 2)
        return 2


def _run(args: argparse.Namespace, as_json: bool) -> int:
    """The command's exit status; every failure a message (and a JSON document when JSON was
    asked for), never a traceback."""
    previous = _terminate_as_interrupt()
    try:
        status: int = args.run(args)
        return status
    except ContinuityError as exc:
        # A message may quote the tree (a file name, a value): one line, no escapes, no key.
        print(message_lines(_redacted(f"continuity: {exc}")), file=sys.stderr)
        if as_json:
            _json_error(_redacted(str(exc)), type(exc).__name__, exc.exit_code)
        return exc.exit_code
    except KeyboardInterrupt:
        print("continuity: interrupted", file=sys.stderr)
        if as_json:
            _json_error("interrupted", "interrupted", 2)
        return 2
    except BrokenPipeError:
        return 0
    except Exception as exc:  # the last line of defence: a message, and the details on demand
        if os.environ.get("CONTINUITY_DEBUG"):
            raise
        message = _redacted(
            f"internal error: {type(exc).__name__}: {exc} "
            "(set CONTINUITY_DEBUG=1 for the traceback, and please report it)")
        print(one_line(f"continuity: {message}"), file=sys.stderr)
        if as_json:
            _json_error(message, "internal", 2)
        return 2
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _json_asked(argv: list[str]) -> bool:
    """Whether the command was asked for JSON (``--output-format json``, ``--format json``):
    then a failure (exit 2) is a JSON document on stdout too, for the program reading it."""
    for index, arg in enumerate(argv):
        if arg in ("--output-format", "--format") and argv[index + 1:index + 2] == ["json"]:
            return True
        if arg in ("--output-format=json", "--format=json"):
            return True
    return False


def _json_error(message: str, kind: str, code: int) -> None:
    document = {"version": 1, "tool": "continuity",
                "error": {"kind": kind, "message": message, "exit_code": code}}
    sys.stdout.write(json.dumps(document, indent=2, ensure_ascii=False) + "\n")
    sys.stdout.flush()


_CHOICE = re.compile(r"argument (?P<option>\S+): invalid choice: '?(?P<value>[^' ]*)'? "
                     r"\(choose from (?P<choices>.*)\)")
_UNKNOWN = re.compile(r"unrecognized arguments: (?P<args>.*)")


def _suggestion(parser: argparse.ArgumentParser, argv: list[str], message: str) -> str:
    """"Did you mean" for a value or an option one slip away from one that exists."""
    choice = _CHOICE.search(message)
    if choice:
        written = choice.group("choices")  # quoted or not, as the Python version writes them
        choices = re.findall(r"'([^']*)'", written) or [c.strip() for c in written.split(",")]
        return did_you_mean(choice.group("value"), choices)
    unknown = _UNKNOWN.search(message)
    if unknown:
        options = _options_of(parser, argv)
        for word in unknown.group("args").split():
            if word.startswith("-"):
                found = did_you_mean(word.split("=", 1)[0], options)
                if found:
                    return found
    return ""


def _command_parser(parser: argparse.ArgumentParser, argv: list[str]
                    ) -> argparse.ArgumentParser | None:
    """The parser of the command ``argv`` names, or None."""
    named = _command_named(argv)
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) and named in action.choices:
            found: argparse.ArgumentParser = action.choices[named]
            return found
    return None


def _options_of(parser: argparse.ArgumentParser, argv: list[str]) -> list[str]:
    """The option strings of the command ``argv`` names (or of ``continuity`` itself)."""
    command = _command_parser(parser, argv)
    return list((command or parser)._option_string_actions)


def _usage_of_command(parser: argparse.ArgumentParser, argv: list[str]
                      ) -> tuple[str, str] | None:
    """(usage, prog) of the command ``argv`` names: argparse refuses a word the command does
    not know (``check --slect``) from the top parser, whose usage would not help."""
    command = _command_parser(parser, argv)
    return (command.format_usage(), command.prog) if command is not None else None


def _terminate_as_interrupt() -> Callable[[int, FrameType | None], Any] | int | None:
    """SIGTERM (what `kill` and CI timeouts send) ends a command as Ctrl-C does, so a writer
    takes back what it half did instead of dying mid-way. Returns the handler it replaced."""
    try:
        return signal.signal(signal.SIGTERM, signal.default_int_handler)
    except (AttributeError, ValueError):  # no SIGTERM here, or not the main thread
        return None
