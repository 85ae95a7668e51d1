"""Property-based fuzz targets for the readers test_properties.py does not cover: Markdown,
timestamps, the secret detectors and the configuration (frontmatter and JSON Lines are
there). Each example must finish within a deadline, so a super-linear path found by the
generator fails the test instead of slowing CI; derandomized, so CI sees the same examples.
"""

from __future__ import annotations

import datetime as dt
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from continuity.config import ConfigError, load_config, validate
from continuity.formats import timestamps
from continuity.formats.markdown import MarkdownDoc, is_table_separator, normalise_heading
from continuity.formats.secrets import CREDENTIALS, PERSONAL, find, find_credentials, redact

BOUNDED = settings(derandomize=True, deadline=1000, max_examples=150,
                   suppress_health_check=[HealthCheck.too_slow])

TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=400)
MARKDOWN = st.lists(st.sampled_from([
    "# Title", "## Section ##", "###### six", "#######", "```", "~~~", "````", "    code",
    "- item", "* item", "1. item", "| a | b |", "|---|:--:|", "| - |", "<!-- c -->",
    "<div>", "</div>", "{{TITLE}}", "[link](x)", "**Indexes:** `journal/`", "## Mesh index",
    "", " ", "\t", "#\t#", "# #", "# C#",
]) | TEXT, max_size=30).map("\n".join)


@BOUNDED
@given(MARKDOWN)
@example("# a" + " #" * 20_000 + "x")
@example("```\n" + "## x\n" * 500)
def test_markdown_sections_never_raise_and_stay_in_the_document(text: str):
    doc = MarkdownDoc(text)
    lines = text.split("\n")
    assert len(doc.in_code) == len(lines)
    for section in doc.sections:
        assert 1 <= section.level <= 6
        assert 0 <= section.start <= section.end <= len(lines)
        assert not section.title.endswith(("#", " ", "\t"))
        assert normalise_heading(section.title) == normalise_heading(normalise_heading(
            section.title))
        doc.table_rows(section)
    for line in lines:
        is_table_separator(line)


DATES = st.one_of(
    TEXT,
    st.datetimes(timezones=st.timezones()).map(lambda d: d.isoformat()),
    st.builds(lambda y, m, d, h, z: f"{y:04d}-{m:02d}-{d:02d}T{h:02d}:00:00{z}",
              st.integers(0, 9999), st.integers(0, 13), st.integers(0, 32), st.integers(0, 25),
              st.sampled_from(["", "Z", "+14:00", "-12:00", "+23:59", "-99:99", "+0530"])),
)


@BOUNDED
@given(DATES)
@example("9999-12-31T23:59:59-12:00")
@example("0001-01-01T00:00:00+12:00")
def test_a_date_value_is_a_real_instant_or_none_never_an_error(text: str):
    written = timestamps.parse_date_value(text)
    if written is not None and written.moment is not None:
        assert timestamps.MIN_MOMENT <= written.moment <= timestamps.MAX_MOMENT
        # A day either side stays inside what datetime holds: arithmetic never overflows.
        written.moment + dt.timedelta(days=1)
        written.moment - dt.timedelta(days=1)
    timestamps.parse_datetime(text)
    timestamps.parse_rfc3339_utc(text)


TOKENISH = st.lists(st.sampled_from(list("aA1_-.:=@/+ \"'") + [
    "ghp_", "sk-", "xox", "eyJ", "AKIA", "password", "SECRET_KEY", "sig=", "hf_", "SG.",
    "://", "Bearer ", "Basic ", "-----BEGIN ", "@", "~", "/home/", "a" * 20, "Q" * 36]),
    max_size=40).map("".join)


@BOUNDED
@given(st.one_of(TEXT, TOKENISH, st.lists(TOKENISH, max_size=20).map(" ".join)))
def test_redaction_leaves_nothing_a_detector_flags(text: str):
    for table in (CREDENTIALS, CREDENTIALS + PERSONAL):
        redacted, found = redact(text, table)
        assert find(redacted, table) == []
        assert redact(redacted, table)[0] == redacted  # markers are never flagged again
        for finding in found:
            assert 0 <= finding.start < finding.end <= len(text)
    assert find_credentials(redact(text)[0]) == []


OPTION_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=10)
OPTION_NAMES = st.sampled_from(["root", "ledger", "session_state", "notes", "select", "ignore",
                                "severity", "since", "git", "exclude", "max_file_size",
                                "snapshot_max_age_days", "fail_on", "strict", "sanitize_html",
                                "page_size", "site_prefix", "unknown"])


@BOUNDED
@given(st.dictionaries(OPTION_NAMES, OPTION_VALUES, max_size=4))
def test_any_options_are_valid_or_a_config_error(options: dict):
    try:
        validate(options, "fuzz")
    except ConfigError:
        pass


TOML_LINES = st.lists(st.sampled_from([
    "tool = 1", "[tool]", "continuity = 5", "[tool.continuity]", 'root = "memory"',
    'notes = ["/abs/*.jsonl"]', 'notes = [""]', "notes = 3", 'max_file_size = "5 MB"',
    'max_file_size = "1e400 GB"', "page_size = 0", "strict = \"yes\"", "[tool.continuity.x]",
    "severity = {CT101 = \"loud\"}", 'git = "sometimes"', "unknown = 1", "= broken",
]), max_size=8).map("\n".join)


@settings(derandomize=True, deadline=2000, max_examples=60)
@given(TOML_LINES, st.sampled_from(["pyproject.toml", "continuity.toml"]))
def test_any_configuration_file_loads_or_is_a_config_error_naming_it(text: str, name: str):
    with tempfile.TemporaryDirectory() as directory:
        (Path(directory) / name).write_text(text, "utf-8")
        try:
            load_config(Path(directory))
        except ConfigError as exc:
            assert name in str(exc)
