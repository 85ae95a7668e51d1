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


def test_the_base_install_pins_nothing_below_the_next_major_but_mkdocs_below_2():
    """The speed-ups are probed, not pinned: every upper bound of the install's dependencies is
    a next major version (``<10``), MkDocs' is ``<2``, and each library a speed-up uses admits
    versions beyond its tested range (where the probe turns the speed-up off)."""
    import sys

    from packaging.requirements import Requirement
    from packaging.version import Version

    from tests.support.common import REPO

    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    project = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["project"]
    requirements = {Requirement(text).name.lower(): Requirement(text)
                    for text in project["dependencies"]}
    for name, requirement in requirements.items():
        for spec in requirement.specifier:
            if spec.operator in ("<", "<="):
                assert spec.operator == "<" and "." not in spec.version, (name, str(spec))
    assert str(requirements["mkdocs"].specifier) in ("<2,>=1.6", ">=1.6,<2")
    for internal in INTERNALS:
        beyond = Version(internal.supported.split("<")[-1])  # the first untested version
        admitted = beyond in requirements[internal.library.lower()].specifier
        # MkDocs 1.7 and Jinja 3.2 install, untested: their speed-up is probed off.
        assert admitted or beyond.release[1:] in ((), (0,)), internal.library


def test_with_every_speedup_off_the_site_is_the_same_and_said_once_under_verbose(
        tmp_path, monkeypatch):
    """The fallback is MkDocs' own path: a build whose speed-ups are all off (as on a version
    not tested) writes the same pages with the same content, Material's whole navigation
    instead of the pruned one, and says why once, at debug level (``--verbose``)."""
    import dataclasses
    import logging
    import re

    from continuity.preview import internals
    from tests.support.common import GitRepo, tree_with_journal
    from tests.support.site_support import build, snapshot, write_mkdocs_yml

    project = tmp_path / "project"
    repo = GitRepo(project)
    repo.commit("memory", {f"memory/{name}": text for name, text in tree_with_journal(4).items()})
    write_mkdocs_yml(project, options={"root": "memory"})
    fast = build(project, site=tmp_path / "fast")
    monkeypatch.setattr(internals, "INTERNALS", tuple(
        dataclasses.replace(i, supported=">=0,<0.1") for i in internals.INTERNALS))
    plugin_log = logging.getLogger("mkdocs.plugins.continuity")
    monkeypatch.setattr(plugin_log, "level", logging.DEBUG)
    slow = build(project, site=tmp_path / "slow")
    assert fast.error is None and slow.error is None, (fast.said, slow.said)
    assert snapshot(slow.site).keys() == snapshot(fast.site).keys()
    pages = sorted(p.relative_to(fast.site) for p in fast.site.rglob("*.html"))
    article = re.compile(r"<article.*?</article>", re.S)
    for page in pages:
        fast_html, slow_html = (fast.site / page).read_text(), (slow.site / page).read_text()
        assert article.findall(slow_html) == article.findall(fast_html), page
        assert "md-nav__item--pruned" not in slow_html
    assert any("md-nav__item--pruned" in (fast.site / p).read_text() for p in pages)
    said = [r for r in slow.records if "is outside the tested" in r.getMessage()]
    assert sorted(r.getMessage().split(": the ")[1].split(" is off")[0] for r in said) == [
        NAV_CACHE, PAGE_CACHE]
    assert all(r.levelno == logging.DEBUG for r in said)
    assert not [r for r in fast.records if "is outside the tested" in r.getMessage()]
