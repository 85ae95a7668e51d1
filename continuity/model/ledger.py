"""The evolve loop's cycle ledger as data (seed ``cycle-history-format.txt``).

Reading is lenient (legacy names are mapped, counts written as strings are kept as written);
judging is the CT4xx rules' job. The site and the report read the same records.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from continuity.formats.jsonl import JsonLine, ReadFile, read_lines

RESULTS = ("improved", "regressed", "unchanged", "harvested", "quarantined")
PRODUCTIVE = ("improved", "regressed", "harvested")
KERNEL_FIELDS = (
    "goal_hypothesis", "selected_gap", "gherkin", "first_failing_proof", "red_evidence",
    "green_evidence", "refactor_note", "validation_evidence", "ratchet_action", "goal_reshape",
)


#: Largest cycle number or goal count read as a number. JSON integers have no bound, and
#: arithmetic on ``10**400`` (a chart's scale) overflows; a count this large is a typo, which
#: CT404/CT409 report, and the pages and the report never see it as a number.
MAX_COUNT = 10**9


def in_range(value: Any) -> bool:
    """Whether a value is an integer a cycle number or a goal count can be."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COUNT


def _as_int(value: Any) -> int | None:
    return value if in_range(value) else None


@dataclass(frozen=True)
class Cycle:
    """One ledger line that is a JSON object."""

    line: int
    text: str
    data: dict[str, Any]

    @property
    def cycle(self) -> int | None:
        return _as_int(self.data.get("cycle"))

    @property
    def legacy(self) -> bool:
        """Written by a loop of the legacy schema: it names `goal_id` or `commit_sha`.

        The seed tells readers to handle both conventions; fields the canonical schema added
        later (`sha`, the goal counts, the five results) are not expected of such a line.
        """
        return "goal_id" in self.data or "commit_sha" in self.data

    @property
    def targets(self) -> tuple[str, ...]:
        """``target``, else the legacy ``goal_id``, else the parallel ``goal_ids``."""
        for key in ("target", "goal_id"):
            value = self.data.get(key)
            if isinstance(value, str) and value:
                return (value,)
        ids = self.data.get("goal_ids")
        if isinstance(ids, list):
            return tuple(str(i) for i in ids)
        return ()

    @property
    def result(self) -> str | None:
        value = self.data.get("result")
        return value if isinstance(value, str) else None

    @property
    def productive(self) -> bool:
        return self.result in PRODUCTIVE

    @property
    def sha(self) -> str | None:
        """``sha``, else the legacy ``commit_sha``, else ``canonical_sha``."""
        for key in ("sha", "commit_sha", "canonical_sha"):
            value = self.data.get(key)
            if isinstance(value, str) and value:
                return value
        return None

    @property
    def goals_passing(self) -> int | None:
        return _as_int(self.data.get("goals_passing"))

    @property
    def goals_total(self) -> int | None:
        return _as_int(self.data.get("goals_total"))

    @property
    def timestamp(self) -> str | None:
        value = self.data.get("timestamp")
        return value if isinstance(value, str) else None

    @property
    def trace(self) -> dict[str, Any] | None:
        value = self.data.get("trace")
        return value if isinstance(value, dict) else None

    @property
    def trace_status(self) -> str:
        """``absent``, ``exempt``, ``complete`` or ``incomplete`` (advisory, per the seed)."""
        trace = self.trace
        if trace is None:
            return "absent"
        reason = trace.get("exemption_reason")
        if isinstance(reason, str) and reason.strip():
            return "exempt"
        return "incomplete" if self.missing_trace_fields else "complete"

    @property
    def missing_trace_fields(self) -> tuple[str, ...]:
        trace = self.trace or {}
        missing = []
        for name in KERNEL_FIELDS:
            value = trace.get(name)
            if not isinstance(value, str) or not value.strip():
                missing.append(name)
        return tuple(missing)


@dataclass(frozen=True)
class Ledger:
    path: str
    lines: tuple[JsonLine, ...]
    cycles: tuple[Cycle, ...]
    unreadable: str | None = None  # the file itself could not be read

    @property
    def last_cycle(self) -> int | None:
        numbers = [c.cycle for c in self.cycles if c.cycle is not None]
        return numbers[-1] if numbers else None


def read_ledger(tree_file: ReadFile) -> Ledger:
    lines, unreadable = read_lines(tree_file)
    cycles = tuple(Cycle(line.line, line.text, line.value) for line in lines if line.is_object)
    return Ledger(tree_file.path, lines, cycles, unreadable)
