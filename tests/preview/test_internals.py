"""The private parts of other libraries the speed-ups use: present in the installed versions,
and a version outside the tested range turns its speed-up off instead of breaking the site."""

from __future__ import annotations

from continuity.preview.internals import INTERNALS, NAV_CACHE, PAGE_CACHE, installed_versions, unsupported


def test_the_installed_versions_are_the_tested_ones_and_every_probe_finds_its_part():
    versions = installed_versions()
    assert all(versions[i.library] for i in INTERNALS), versions
    assert unsupported() == {}
    assert all(internal.present() for internal in INTERNALS)


def test_a_version_outside_the_range_turns_its_speedup_off():
    versions = {**installed_versions(), "Jinja2": "3.2.0"}
    off = unsupported(versions)
    assert set(off) == {NAV_CACHE}
    assert "Jinja2 3.2.0 is outside the tested >=3.1,<3.2" in off[NAV_CACHE]


def test_a_missing_or_unreadable_version_turns_it_off_too():
    off = unsupported({**installed_versions(), "mkdocs": None, "mkdocs-material": "nine"})
    assert set(off) == {PAGE_CACHE}
    assert "mkdocs (not installed)" in off[PAGE_CACHE]


def test_the_ranges_are_the_ones_pyproject_pins():
    import re

    from tests.support.common import REPO

    pins = (REPO / "pyproject.toml").read_text("utf-8")
    for internal in INTERNALS:
        assert re.search(rf'"{re.escape(internal.library)}{re.escape(internal.supported)}"',
                         pins, re.I), internal.library
