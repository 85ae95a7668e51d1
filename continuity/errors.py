"""Errors that end a command with exit status 2 and a one-line message, never a traceback."""


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
