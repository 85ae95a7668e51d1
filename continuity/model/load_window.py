"""What of a file an agent's loader reads, and which lines fall outside: plain data in and out.

Agent tools load their instruction and memory files up to a documented budget and drop the
rest silently: Claude Code the first 200 lines or 25 KB of MEMORY.md, Codex 32 KiB of the
AGENTS.md chain from the repository's top to the working folder, Windsurf 12,000 characters a
rule file (6,000 for the legacy ``.windsurfrules``). :func:`load_window` says, for one text and
one budget, which lines are loaded and which are not; :func:`chain_window` does the same for
files concatenated in order. The check's rules, ``continuity diff`` and the site call these;
nothing here reads a file.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Budget:
    """What one loader reads of a file: the first ``lines``, ``bytes`` (UTF-8) or
    ``chars``, whichever ends first (None: no such bound)."""

    loader: str  # who loads it: "Claude Code"
    lines: int | None = None
    bytes: int | None = None
    chars: int | None = None

    def describe(self) -> str:
        parts = []
        if self.lines is not None:
            parts.append(f"the first {self.lines:,} lines")
        if self.bytes is not None:
            parts.append(f"the first {_size(self.bytes)}")
        if self.chars is not None:
            parts.append(f"the first {self.chars:,} characters")
        return " or ".join(parts) + (", whichever comes first" if len(parts) > 1 else "")


def _size(count: int) -> str:
    return f"{count // 1024} KiB" if count % 1024 == 0 else f"{count:,} bytes"


@dataclass(frozen=True)
class Window:
    """Which lines of a text a loader reads: ``first_outside`` None when all of it."""

    total_lines: int
    first_outside: int | None = None  # 1-based: the first line not loaded whole
    cut_by: str = ""  # "lines", "bytes" or "chars": the bound that ended the window
    size: int = 0  # the text's size in the unit that cut it (lines, bytes, characters)

    @property
    def loaded(self) -> bool:
        return self.first_outside is None

    def describe(self, name: str, budget: Budget) -> str:
        """'MEMORY.md has 212 lines: lines 201–212 are past what Claude Code loads (the first
        200 lines or the first 25 KiB, whichever comes first)'."""
        if self.first_outside is None:
            return f"{name} is within what {budget.loader} loads ({budget.describe()})"
        span = (f"line {self.first_outside}" if self.first_outside == self.total_lines
                else f"lines {self.first_outside}–{self.total_lines}")
        verb = "is" if self.first_outside == self.total_lines else "are"
        if self.cut_by == "lines":
            measured = f"has {self.total_lines:,} lines"
        elif self.cut_by == "bytes":
            measured = f"is {self.size:,} bytes"
        else:
            measured = f"is {self.size:,} characters"
        return (f"{name} {measured}: {span} {verb} past what {budget.loader} loads "
                f"({budget.describe()})")


def _lines(text: str) -> list[str]:
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def load_window(text: str, budget: Budget, already: int = 0) -> Window:
    """Which lines of ``text`` ``budget`` loads. ``already``: bytes of the same budget used by
    files loaded before this one (a chain). A line partly inside counts as outside: the agent
    sees it cut."""
    lines = _lines(text)
    used_bytes, used_chars = already, 0
    for number, line in enumerate(lines, 1):
        used_bytes += len(line.encode("utf-8")) + 1
        used_chars += len(line) + 1
        if budget.lines is not None and number > budget.lines:
            return Window(len(lines), number, "lines", len(lines))
        # The last line's newline is not text the loader must fit.
        last = number == len(lines) and not text.endswith("\n")
        if budget.bytes is not None and used_bytes - (1 if last else 0) > budget.bytes:
            return Window(len(lines), number, "bytes", already + len(text.encode("utf-8")))
        if budget.chars is not None and used_chars - (1 if last else 0) > budget.chars:
            return Window(len(lines), number, "chars", len(text))
    return Window(len(lines))


@dataclass(frozen=True)
class ChainPart:
    """One file of a chain and what of it is loaded."""

    name: str
    window: Window
    #: Nothing of it is loaded: an earlier file used the whole budget.
    dropped: bool = False


def chain_window(parts: list[tuple[str, str]], budget: Budget) -> list[ChainPart]:
    """Files loaded one after another into one byte budget (Codex's AGENTS.md chain, from
    the repository's top down): each file's window, the first one to cross the budget cut
    where it crosses, every later one dropped whole."""
    found: list[ChainPart] = []
    used = 0
    crossed = False
    for name, text in parts:
        if crossed:
            found.append(ChainPart(name, Window(len(_lines(text)), 1 if text else None,
                                                "bytes", used), dropped=True))
            continue
        window = load_window(text, Budget(budget.loader, bytes=budget.bytes), used)
        used += len(text.encode("utf-8"))
        found.append(ChainPart(name, window))
        crossed = not window.loaded
    return found
