"""The README stays true: its rule table is the registry's, its options table the option
table's, its two commands exist."""

import re
import subprocess
import sys

from continuity.config import options_markdown
from tests.support.common import REPO, run_cli


def test_readme_rule_table_matches_the_registry():
    readme = (REPO / "README.md").read_text("utf-8")
    table = re.search(r"<!-- rules:start -->\n(.*?)<!-- rules:end -->", readme, re.S).group(1)
    generated = run_cli("rules", "--format", "markdown").out
    assert table == generated, "regenerate with: python scripts/readme.py"


def test_readme_options_table_is_the_option_table():
    readme = (REPO / "README.md").read_text("utf-8")
    table = re.search(r"<!-- options:start -->\n(.*?)<!-- options:end -->", readme, re.S).group(1)
    assert table == options_markdown(), "regenerate with: python scripts/readme.py"
    assert table.count("\n| `") == len(__import__("continuity.config").config.OPTIONS)


def test_the_readme_script_finds_nothing_to_change(tmp_path):
    """``scripts/readme.py`` (outside the package) rewrites a stale README and leaves a true
    one alone."""
    stale = tmp_path / "README.md"
    text = (REPO / "README.md").read_text("utf-8")
    stale.write_text(re.sub(r"(<!-- options:start -->\n).*?(<!-- options:end -->)",
                            r"\1| stale |\n\2", text, flags=re.S), "utf-8")
    true = tmp_path / "true.md"
    true.write_text(text, "utf-8")
    code = ("import runpy, sys; from pathlib import Path; "
            f"module = runpy.run_path({str(REPO / 'scripts' / 'readme.py')!r}); "
            f"print(module['update'](Path({str(stale)!r})), module['update'](Path({str(true)!r})))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.split() == ["True", "False"], done.stderr
    assert stale.read_text("utf-8") == text
    assert not (REPO / "continuity" / "readme.py").exists()


def test_readme_opens_with_the_two_commands():
    readme = (REPO / "README.md").read_text("utf-8")
    block = re.search(r"```sh\n(.*?)```", readme, re.S).group(1)
    commands = [line.split("#")[0].strip() for line in block.strip().splitlines()]
    assert commands == ["scripts/demo", "scripts/test"]
    for command in commands:
        assert (REPO / command).is_file()
