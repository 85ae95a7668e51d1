"""What a new snapshot keeps of STATE.md: the protocol's "snapshot before overwriting STATE.md".

STATE.md carries Status, Active objective and Next valid action as ``##`` sections or as bold
field lines (FORMATS.md). They go to the snapshot's matching sections; every other section of
STATE.md (its mesh index aside) is kept under "State at snapshot", one heading level down, so
nothing of the state being replaced is lost.
"""

from __future__ import annotations

from dataclasses import dataclass

from continuity.formats.markdown import HEADING, MarkdownDoc
from continuity.model.tree import Document, MemoryTree

STATUS = ("status",)
OBJECTIVE = ("active objective", "objective")
NEXT = ("next valid action", "next action", "next")
BLOCKERS = ("blockers", "blocked")
NOT_COPIED = ("mesh index",)
STATUS_FIELD_LENGTH = 80


@dataclass(frozen=True)
class StateCopy:
    """STATE.md's content, by the snapshot section it belongs in (empty strings when absent)."""

    status: str = ""
    objective: str = ""
    next_action: str = ""
    blockers: str = ""
    rest: str = ""  # other sections, demoted one level
    found: bool = False

    @property
    def state_text(self) -> str:
        return "\n\n".join(part for part in (self.status, self.rest) if part)

    @property
    def status_line(self) -> str:
        """Status as a one-line value for a frontmatter field."""
        first = next((line.strip(" -*#>") for line in self.status.splitlines() if line.strip()),
                     "")
        first = " ".join(first.replace("**", "").replace("`", "").split())
        if len(first) > STATUS_FIELD_LENGTH:
            first = first[:STATUS_FIELD_LENGTH - 1].rstrip() + "…"
        return first

    def sections(self) -> dict[str, str]:
        """Section title -> body, under every name a snapshot template may give the section."""
        result: dict[str, str] = {}
        for names, text in ((("State at snapshot", "State", "Current state"), self.state_text),
                            (("Status",), self.status),
                            (("Active objective", "Objective"), self.objective),
                            (("Next action", "Next valid action", "Next"), self.next_action),
                            (("Blockers",), self.blockers)):
            if text:
                result.update({name: text for name in names})
        return result

    def slots(self) -> dict[str, str]:
        result = {"STATE_SUMMARY": self.state_text, "ACTIVE_OBJECTIVE": self.objective,
                  "NEXT_ACTION": self.next_action, "BLOCKERS": self.blockers,
                  "STATUS": self.status_line}
        return {key: value for key, value in result.items() if value}


def copy_state(tree: MemoryTree, committed: str | None = None) -> StateCopy:
    """What the snapshot keeps: of ``committed`` (STATE.md as the last commit holds it, the
    state being replaced) when given, else of the working copy."""
    if committed is not None:
        body = Document.parse(committed).body
    else:
        state = tree.state_file("STATE.md")
        if state is None or state.document is None:
            return StateCopy()
        body = state.document.body
    fields = body.bold_fields()
    used_lines: set[int] = set()

    def take(names: tuple[str, ...]) -> str:
        for name in names:
            section = body.section(name, level=2)
            if section is not None:
                return body.text_of(section)
        for name in names:
            if name in fields:
                value, line = fields[name]
                used_lines.add(line)
                return value
        return ""

    status, objective = take(STATUS), take(OBJECTIVE)
    next_action, blockers = take(NEXT), take(BLOCKERS)
    claimed = set(STATUS + OBJECTIVE + NEXT + BLOCKERS + NOT_COPIED)
    rest: list[str] = []
    preamble = _preamble(body, used_lines)
    if preamble:
        rest.append(preamble)
    for section in body.headings(2):
        if section.key in claimed:
            continue
        content = demote(body.text_of(section))
        rest.append(f"### {section.title}" + (f"\n\n{content}" if content else ""))
    return StateCopy(status, objective, next_action, blockers, "\n\n".join(rest), found=True)


def _preamble(body: MarkdownDoc, used_lines: set[int]) -> str:
    """Text before the first ``##`` that is not the title or a bold field already copied."""
    first = next((s.start - 1 for s in body.sections if s.level >= 2), len(body.lines))
    kept = []
    for index in range(first):
        line = body.lines[index]
        if body.file_line(index) in used_lines:
            continue
        if not body.in_code[index] and HEADING.match(line) and line.startswith("# "):
            continue
        kept.append(line)
    return "\n".join(kept).strip()


def demote(text: str) -> str:
    """Every heading one level lower (``##`` -> ``###``), code blocks left alone."""
    doc = MarkdownDoc(text)
    out = []
    for index, line in enumerate(doc.lines):
        if not doc.in_code[index] and HEADING.match(line) and not line.startswith("######"):
            line = "#" + line
        out.append(line)
    return "\n".join(out)
