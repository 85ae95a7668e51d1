"""``--output-format github``: annotations GitHub reads back exactly, and a summary of everything.

The parser below reads workflow commands the way the Actions runner does (``ActionCommand``:
split properties on ``,`` and the first ``=``, then unescape ``%0D`` ``%0A`` (``%3A`` ``%2C``
in properties) and ``%25`` last), so a round trip proves the escaping.
"""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from continuity.output import printable
from continuity.reporters import github
from continuity.validators.diagnostics import Diagnostic, Severity, Violation
from continuity.validators.engine import CheckResult
from tests.support.common import run_cli, write_files
from tests.support.planted_rule import planted_rule


def unescape_data(value: str) -> str:
    return value.replace("%0D", "\r").replace("%0A", "\n").replace("%25", "%")


def unescape_property(value: str) -> str:
    return (value.replace("%0D", "\r").replace("%0A", "\n").replace("%3A", ":")
            .replace("%2C", ",").replace("%25", "%"))


def parse_command(line: str) -> tuple[str, dict[str, str], str]:
    """One ``::command k=v,k=v::data`` line, as the runner parses it."""
    assert line.startswith("::"), line
    end = line.index("::", 2)
    head, data = line[2:end], line[end + 2:]
    command, _, props = head.partition(" ")
    properties = {}
    for pair in filter(None, props.split(",")):
        key, _, value = pair.partition("=")
        properties[key] = unescape_property(value)
    return command, properties, unescape_data(data)


def diagnostic(path: str, message: str, hint: str = "fix", severity=Severity.ERROR,
               line: int = 1) -> Diagnostic:
    return Diagnostic(path=path, line=line, column=1, code="CT101", name="entry-name",
                      severity=severity, message=message, hint=hint, root_path=path)


awkward = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=40)


@given(path=awkward, message=awkward, hint=awkward)
def test_annotations_read_back_exactly(path: str, message: str, hint: str):
    result = CheckResult((diagnostic(path, message, hint),), (), 1, ("CT101",))
    # The runner reads its output line by line, breaking at \r and \n (not at \x1e or \u2028,
    # which str.splitlines would split at).
    lines = re.split(r"\r\n|\r|\n", github.render(result).rstrip("\n"))
    assert len(lines) == 1  # nothing in the text can end the command or start another
    command, properties, data = parse_command(lines[0])
    assert command == "error"
    # Exactly, but for the characters a log viewer acts on (ESC, bidi controls): escaped.
    assert properties["file"] == printable(path)
    assert properties["title"] == "CT101 entry-name"
    assert data == printable(f"{message}\n\nFix: {hint}")


def test_known_escapes():
    line = github.annotation(diagnostic("a:b,c%.md", "50% done\r\n::warning::x, y: z"))
    assert line == ("::error file=a%3Ab%2Cc%25.md,line=1,col=1,title=CT101 entry-name::"
                    "50%25 done%0D%0A::warning::x, y: z%0A%0AFix: fix")


def test_errors_come_first_because_github_shows_only_the_first_ten():
    result = CheckResult((diagnostic("a.md", "w", severity=Severity.WARNING),
                          diagnostic("b.md", "e")), (), 2, ())
    assert [parse_command(x)[0] for x in github.render(result).splitlines()] == \
        ["error", "warning"]


def many_findings(_ctx):
    for n in range(60):
        yield Violation(f"journal/2026-01-{n % 28 + 1:02d}-turn-{n}.md",
                        f"finding {n}: a | pipe, <b>bold</b> and `code`", "rename it", line=n + 1)


def test_the_step_summary_lists_every_finding(tree: Path, tmp_path: Path):
    summary = tmp_path / "summary.md"
    summary.write_text("## an earlier step wrote this\n")
    with planted_rule(many_findings):
        result = run_cli("check", "--no-git", "--output-format", "github", cwd=tree,
                         env={"GITHUB_STEP_SUMMARY": str(summary), "GITHUB_ACTIONS": "true"})
    assert result.code == 1
    annotations = [parse_command(x) for x in result.out.splitlines() if x.startswith("::error")]
    assert len(annotations) == 60
    text = summary.read_text()
    assert text.startswith("## an earlier step wrote this\n")  # appended, never replaced
    assert "60 errors, 0 warnings" in text
    rows = [line for line in text.splitlines() if line.startswith("| error |")]
    assert len(rows) == 60
    for n in range(60):
        assert sum(f"finding {n}\\:" in row for row in rows) == 1
    row = rows[0]
    assert len(re.split(r"(?<!\\)\|", row.strip("|"))) == 6  # the message's pipe is escaped
    assert "a \\| pipe" in row and "\\<b\\>bold\\</b\\>" in row and "<b>" not in row


def test_a_summary_over_githubs_limit_says_what_it_left_out():
    result = CheckResult(tuple(diagnostic(f"f{n}.md", "x" * 100) for n in range(50)), (), 50,
                         ())
    text = github.step_summary(result, budget=2000)
    listed = [line for line in text.splitlines() if line.startswith("| error |")]
    assert 0 < len(listed) < 50
    left = 50 - len(listed)
    assert f"**{left} more finding{'s' * (left != 1)} not listed" in text
    assert len(text.encode()) < 2000 + 400
    assert len(github.step_summary(result).splitlines()) > 50  # the real budget holds them all


def test_annotation_paths_are_relative_to_the_workspace(tree: Path):
    write_files(tree, {"journal/notes.md": "x\n"})
    with planted_rule(lambda ctx: [Violation("journal/notes.md", "m", "h")]):
        result = run_cli("check", "--no-git", "--output-format", "github", "journal",
                         cwd=tree, env={"GITHUB_WORKSPACE": str(tree.parent)})
    _, properties, _ = parse_command(result.out.splitlines()[0])
    assert properties["file"] == "memory/journal/notes.md"


def test_an_unwritable_summary_is_a_warning_not_a_crash(tree: Path, tmp_path: Path):
    result = run_cli("check", "--no-git", "--output-format", "github", cwd=tree,
                     env={"GITHUB_STEP_SUMMARY": str(tmp_path / "missing" / "summary.md")})
    assert result.code == 0
    assert re.search(r"^::warning::cannot write GITHUB_STEP_SUMMARY", result.out, re.M)
