"""The timeline's options, validated by the one option table."""

from __future__ import annotations

import pytest

from continuity.config import Config, validate
from continuity.errors import ConfigError


def test_defaults_are_on_and_uncapped():
    assert Config().state_history is True and Config().state_history_max_versions is None


def test_values_are_checked():
    assert validate({"state_history": False, "state_history_max_versions": 30}, "x") == \
        {"state_history": False, "state_history_max_versions": 30}
    assert validate({"state-history-max-versions": None}, "x") == \
        {"state_history_max_versions": None}
    for bad in ({"state_history": "no"}, {"state_history_max_versions": 0},
                {"state_history_max_versions": True}):
        with pytest.raises(ConfigError, match=next(iter(bad)).replace("_", ".")):
            validate(bad, "mkdocs.yml")
