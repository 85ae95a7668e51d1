"""Every reading command, as a real process, on one repository holding every bad input at once
(bad input): bounded, no traceback, each bad file named, nothing from outside the repository in
any output, and nothing from the tree that runs in a browser."""

from __future__ import annotations

import json
import re
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from .conftest import HostileRepo, run_command, run_mkdocs
from .hostile_inputs import CASES, ODD_NAMES
from .leaks import files_holding_marker, marker_found, unsafe_markup, unsafe_markup_in_markdown

FORMATS = ("text", "json", "github", "sarif", "junit")
#: Every file a case plants and expects a finding for: in the full tree, each must be named.
NAMED = sorted({path for case in CASES for _, path in case.expect if path in case.paths})
#: The odd-named entry that a later commit edited: git must report it by its name.
EDITED = ODD_NAMES["spaces"]
#: Entries no Markdown engine reads in bounded time: their pages show them as text.
AS_TEXT = [path for case in CASES if case.name.startswith("markdown-") for path in case.files]
#: A line of the text format: a finding, its hint, a notice, or the summary.
TEXT_LINE = re.compile(r"^(?:.+:\d+:\d+: CT\d{3} .*|  hint: .*|note: .*|Found \d+ errors? .*)$")


def check(repo: HostileRepo, fmt: str, *extra: str, env: dict | None = None):
    done = run_command("check", "--output-format", fmt, *extra, cwd=repo.root, env=env)
    assert done.code == 1, done.err  # the tree has errors, and the command said so
    assert not marker_found(done.output), f"{fmt}: the outside file's content was printed"
    return done


def json_findings(out: str) -> set[tuple[str, str]]:
    return {(d["code"], d["path"]) for d in json.loads(out)["diagnostics"]}


@pytest.mark.parametrize("git", ["git", "no-git"])
def test_check_json_names_every_bad_file(hostile_repo: HostileRepo, git: str):
    extra = ("--no-git",) if git == "no-git" else ()
    found = json_findings(check(hostile_repo, "json", *extra).out)
    named = {path for _, path in found}
    assert [path for path in NAMED if path not in named] == []
    if git == "git":  # history read through git, odd names and all
        assert ("CT301", EDITED) in found
    else:
        assert not any(code.startswith("CT3") for code, _ in found)


@pytest.mark.parametrize("git", ["git", "no-git"])
def test_check_text_keeps_one_finding_per_line(hostile_repo: HostileRepo, git: str):
    extra = ("--no-git",) if git == "no-git" else ()
    out = check(hostile_repo, "text", *extra).out
    lines = out.rstrip("\n").split("\n")
    assert [line for line in lines if not TEXT_LINE.match(line)] == []
    # A name holding a newline is shown escaped, never as a line of its own.
    assert "knowledge/two\\nlines.md:1:1: CT101" in out
    findings = [line for line in lines if re.match(r"^.+:\d+:\d+: CT\d{3} ", line)]
    errors, warnings = map(int, re.search(r"Found (\d+) errors? and (\d+) warnings?",
                                          lines[-1]).groups())
    assert len(findings) == errors + warnings


@pytest.mark.parametrize("git", ["git", "no-git"])
def test_check_github_annotations_and_summary(hostile_repo: HostileRepo, git: str,
                                              tmp_path: Path):
    extra = ("--no-git",) if git == "no-git" else ()
    summary = tmp_path / "summary.md"
    out = check(hostile_repo, "github", *extra, env={"GITHUB_STEP_SUMMARY": str(summary)}).out
    assert all(line.startswith("::") for line in out.rstrip("\n").split("\n"))
    written = summary.read_text("utf-8")
    assert not marker_found(written)
    assert "knowledge/marées-été.md" in written and "| error |" in written


@pytest.mark.parametrize("git", ["git", "no-git"])
def test_check_sarif_and_junit_are_well_formed(hostile_repo: HostileRepo, git: str):
    extra = ("--no-git",) if git == "no-git" else ()
    sarif = json.loads(check(hostile_repo, "sarif", *extra).out)
    assert sarif["version"] == "2.1.0"
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in sarif["runs"][0]["results"]}
    assert "knowledge/two%0Alines.md" in uris and "knowledge/mar%C3%A9es-%C3%A9t%C3%A9.md" in uris
    junit = ET.fromstring(check(hostile_repo, "junit", *extra).out.encode("utf-8"))
    names = {case.get("name") for case in junit.iter("testcase")}
    assert "knowledge/two\nlines.md" in names


@pytest.mark.parametrize("fmt", ["md", "html", "json"])
def test_report_in_every_format(hostile_repo: HostileRepo, fmt: str, tmp_path: Path):
    target = tmp_path / f"report.{fmt}"
    done = run_command("report", "--format", fmt, "-o", target, cwd=hostile_repo.root)
    assert done.code == 0, done.err
    text = target.read_text("utf-8")
    assert not marker_found(done.output + text)
    if fmt == "json":
        report = json.loads(text)
        named = {d["path"] for d in report["check"]["diagnostics"]}
        assert [path for path in NAMED if path not in named] == []
        assert report["ledger"]["bad_lines"] == 1  # the truncated last line, alone
    elif fmt == "html":
        assert unsafe_markup(text) == []
    else:
        assert unsafe_markup_in_markdown(text) == []


def test_generate_writes_safe_pages_for_every_entry(hostile_repo: HostileRepo, tmp_path: Path):
    out = tmp_path / "generated"
    nav = tmp_path / "nav.yml"
    done = run_command("generate", "--out", out, "--nav-file", nav, cwd=hostile_repo.root)
    assert done.code == 0, done.err
    assert not marker_found(done.output + nav.read_text("utf-8"))
    assert files_holding_marker(out) == []
    for kind, name in ODD_NAMES.items():
        assert (out / name).is_file(), kind  # a page for each odd-named entry
    for name in AS_TEXT:
        assert "*Shown as text: " in (out / name).read_text("utf-8"), name
    unsafe = {page.relative_to(out).as_posix(): unsafe_markup_in_markdown(page.read_text("utf-8"))
              for page in out.rglob("*.md")}
    assert {page: found for page, found in unsafe.items() if found} == {}


def test_mkdocs_build_publishes_nothing_unsafe(hostile_repo: HostileRepo, tmp_path: Path):
    site = tmp_path / "site"
    done = run_mkdocs("build", "--site-dir", str(site), cwd=hostile_repo.top)
    assert done.code == 0, done.err
    # The plugin names every bad file in the build log, odd names escaped on one line.
    logged = done.err.replace("\\n", "\n")
    assert [path for path in NAMED if f"memory/{path}:" not in logged] == []
    assert not marker_found(done.output)
    assert files_holding_marker(site) == []
    unsafe = {page.relative_to(site).as_posix(): unsafe_markup(page.read_text("utf-8"))
              for page in site.rglob("*.html")}
    assert {page: found for page, found in unsafe.items() if found} == {}
    for kind, name in ODD_NAMES.items():
        page = site / name.removesuffix(".md") / "index.html"
        assert page.is_file(), kind
    for name in AS_TEXT:
        page = site / name.removesuffix(".md") / "index.html"
        assert "Shown as text: " in page.read_text("utf-8"), name
    entry = (site / "journal" / "2026-01-22-turn-22" / "index.html").read_text("utf-8")
    title = re.search(r"<title>(.*?)</title>", entry, re.S).group(1)
    # The heading's markup is text in the title too: no character HTML reads, in any theme.
    assert "‹/title›‹img" in title and "<" not in title and "&lt;" not in title
    # Values PyYAML would make dates, floats and booleans are shown as written.
    for page, values in {"snapshots/2026-01-13T08-00-00": {"date": "2026-01-13 08:00:00",
                                                           "version": "1.10"},
                         "setup/2026-01-15-caddy": {"approved": "no", "signed": "yes"}}.items():
        html = (site / page / "index.html").read_text("utf-8")
        for key, value in values.items():
            assert re.search(rf"<td><code>{key}</code></td>\s*<td>{value}</td>", html), (page, key)


def test_recall_reads_no_store_it_must_not(hostile_repo: HostileRepo):
    done = run_command("recall", "--format", "json", cwd=hostile_repo.root)  # every note
    assert done.code == 0, done.err
    assert not marker_found(done.output)
    assert "notes/linked.jsonl: skipped: a link leaving the repository" in done.err
    assert "notes/huge.jsonl: skipped: 209715200 bytes, over max_file_size" in done.err
    facts = " ".join(note["fact"] for note in json.loads(done.out)["notes"]).casefold()
    for case in CASES:
        if case.recall is not None:
            assert all(word in facts for word in case.recall.split()), case.name


def test_recall_refuses_a_named_store_over_the_size_limit(hostile_repo: HostileRepo):
    done = run_command("recall", "--store", "notes/huge.jsonl", "tide", cwd=hostile_repo.root,
                       codes=(5,))
    assert "store-unavailable: notes/huge.jsonl: 209715200 bytes, over max_file_size" in done.err



def test_a_broken_configuration_is_exit_2_naming_it(tmp_path: Path):
    config = tmp_path / "continuity.toml"
    config.write_text("max_file_size = [\n", "utf-8")
    for args in (["check"], ["report"], ["generate", "--out", tmp_path / "out"], ["recall"]):
        done = run_command(*args, cwd=tmp_path, names=["continuity.toml"])
        assert done.code == 2 and "not valid TOML" in done.err, (args, done.err)
