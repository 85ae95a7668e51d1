"""SECURITY.md says only what the code does: each claim that can be checked is checked here."""

from __future__ import annotations

import ast
import hashlib
import re
from dataclasses import fields
from pathlib import Path

import pytest

from continuity.authoring import atomic
from continuity.authoring.capture import EXIT_STATUS, capture
from continuity.config import Config
from continuity.formats.secrets import CREDENTIALS
from continuity.validators.registry import get_rule
from tests.support.common import REPO, GitRepo, minimal_tree, run_cli, write_files

SECURITY = (REPO / "SECURITY.md").read_text("utf-8")
TOKEN = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"  # a made-up GitHub token


def test_it_is_short():
    """One page a reviewer reads whole: what is read, published, refused and redacted, with
    its limits (it grew with conventions, git hardening and hidden secrets: 80 -> 110; agent
    state files, the reader's view of history, the timeline's budget, cost bounds and the
    other sections of round 4: 165)."""
    assert len(SECURITY.splitlines()) <= 165


@pytest.mark.parametrize("code, name", re.findall(r"`(CT\d{3}) ([a-z-]+)`", SECURITY))
def test_every_rule_it_names_exists_under_that_name(code: str, name: str):
    found = get_rule(code)
    assert found is not None and found.name == name


def test_the_secret_rules_are_errors_so_a_strict_build_refuses():
    assert {get_rule(code).severity.value for code in ("CT601", "CT503")} == {"error"}


def test_it_names_the_secret_and_escape_rules():
    named = set(re.findall(r"`(CT\d{3}) [a-z-]+`", SECURITY))
    assert {"CT503", "CT601", "CT602", "CT603"} <= named


def test_the_options_it_names_exist_with_the_defaults_it_gives():
    options = {f.name: f.default for f in fields(Config)}
    for name in ("root", "max_file_size", "sanitize_html", "strict"):
        assert f"`{name}" in SECURITY and name in options
    assert options["max_file_size"] == 10 * 1024 * 1024 and "10 MiB" in SECURITY
    assert options["sanitize_html"] is True and "on by default" in SECURITY


#: Each kind of credential SECURITY.md lists, and the detector that finds it.
CREDENTIAL_WORDS = {
    "private key blocks": "private-key", "AWS": "aws-key", "GitHub": "github-token",
    "GitLab": "gitlab-token", "Slack": "slack-token", "OpenAI": "openai-key",
    "Anthropic": "anthropic-key", "Stripe": "stripe-key", "Google": "google-key",
    "npm": "npm-token", "JSON Web Tokens": "jwt", "bearer tokens": "bearer-token",
    "passwords in URLs": "url-password", "`password:`": "assigned-secret",
    "PuTTY keys": "putty-key", "Azure": "azure-storage-key", "Hugging Face": "huggingface-token",
    "SendGrid": "sendgrid-key", "webhook URLs": "slack-webhook", "basic credentials": "basic-auth",
    "`DB_PASSWORD=`": "assigned-secret",
}


def test_the_path_function_it_names_exists():
    assert "`continuity/model/boundaries.py`" in SECURITY
    assert (REPO / "continuity" / "model" / "boundaries.py").is_file()


@pytest.mark.parametrize("words, kind", CREDENTIAL_WORDS.items())
def test_every_credential_it_lists_has_a_detector(words: str, kind: str):
    assert words in SECURITY
    assert kind in {detector.kind for detector in CREDENTIALS}


def test_a_secret_is_reported_by_kind_and_line_never_echoed(tmp_path: Path):
    root = tmp_path / "memory"
    write_files(root, {**minimal_tree(), "CONTEXT.md": minimal_tree()["CONTEXT.md"] +
                       f"\nDeploy token: {TOKEN}\n"})
    checked = run_cli("check", "--no-git", "--output-format", "json", cwd=root)
    assert checked.code == 1
    found = [d for d in checked.json["diagnostics"] if d["code"] == "CT601"]
    assert found and found[0]["path"] == "CONTEXT.md" and found[0]["line"] == 9
    assert "GitHub token" in found[0]["message"]
    report = run_cli("report", "--no-git", cwd=root)
    for output in (checked.out + checked.err, report.out + report.err):
        assert TOKEN not in output and TOKEN[4:20] not in output


def test_note_redacts_before_writing(tmp_path: Path):
    store = tmp_path / "notes.jsonl"
    done = capture("Nightly exports are mailed to wren@example.org by the billing job.",
                   "tidewater", store=store)
    assert done.ok, done.reason
    written = store.read_text("utf-8")
    assert "wren@example.org" not in written and "[redacted:email]" in written
    refused = capture(f"token={TOKEN}", "tidewater", store=tmp_path / "other.jsonl")
    assert refused.exit_status == 3 and not (tmp_path / "other.jsonl").exists()


def _git_dir_state(repo: Path) -> dict[str, str]:
    return {p.relative_to(repo).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted((repo / ".git").rglob("*")) if p.is_file()}


def test_reading_history_writes_nothing_into_the_repository(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    repo.commit("tree", minimal_tree())
    repo.commit("a turn", {"journal/2026-01-04-turn-1.md": minimal_tree()[
        "journal/2026-01-02-turn-1.md"].replace("2026-01-02", "2026-01-04")})
    (repo.path / "STATE.md").write_text(minimal_tree()["STATE.md"] + "\nEdited.\n", "utf-8")
    before = _git_dir_state(repo.path)
    checked = run_cli("check", "--output-format", "json", cwd=repo.path)
    assert checked.code in (0, 1) and "history rules skipped" not in checked.err
    assert _git_dir_state(repo.path) == before


NETWORK_MODULES = {"socket", "ssl", "http.client", "urllib.request", "ftplib", "smtplib",
                   "requests", "httpx", "aiohttp"}


def test_the_package_imports_no_network_module():
    for path in (REPO / "continuity").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Import):
                names = {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = {node.module or ""} | {f"{node.module}.{a.name}" for a in node.names}
            else:
                continue
            assert not names & NETWORK_MODULES, f"{path}: imports {names & NETWORK_MODULES}"


def test_init_writes_a_site_that_loads_no_fonts_from_afar(tmp_path: Path):
    assert run_cli("init", tmp_path / "m").code == 0
    assert "font: false" in (tmp_path / "m" / "mkdocs.yml").read_text("utf-8")


def test_the_temporary_file_name_it_describes_is_the_one_writers_use():
    assert atomic.SUFFIX in SECURITY
    assert ".<name>.<random>.<pid>.continuity-tmp" in SECURITY


def test_note_exit_statuses_it_gives():
    # 1: the fact is recorded already (not a failure of the store); 3-6: one per failure class.
    assert sorted(v for k, v in EXIT_STATUS.items() if k is not None) == [1, 3, 4, 5, 6]
    assert "exits 3–6" in SECURITY and "1 for" in SECURITY
