"""The README stays true: its rule table is the registry's, its two commands exist."""

import re

from tests.support.common import REPO, run_cli


def test_readme_rule_table_matches_the_registry():
    readme = (REPO / "README.md").read_text("utf-8")
    table = re.search(r"<!-- rules:start -->\n(.*?)<!-- rules:end -->", readme, re.S).group(1)
    generated = run_cli("rules", "--format", "markdown").out
    assert table == generated, "regenerate with: python -m continuity.readme"


def test_readme_opens_with_the_two_commands():
    readme = (REPO / "README.md").read_text("utf-8")
    block = re.search(r"```sh\n(.*?)```", readme, re.S).group(1)
    commands = [line.split("#")[0].strip() for line in block.strip().splitlines()]
    assert commands == ["scripts/demo", "scripts/test"]
    for command in commands:
        assert (REPO / command).is_file()
