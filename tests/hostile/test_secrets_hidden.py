"""Secrets a reader sees though the source hides them, secrets in names, and secrets in the
committed files that the site never publishes.

Each hiding form is applied to several token families; the check must report CT601, no
output may print the token, and the site built (MkDocs and ``generate``) may not show it:
neither in a page's text (as the browser reads it: tags dropped, references decoded), nor in
a URL, the search index or a copied file.
"""

from __future__ import annotations

import html
import json
import random
import re
from pathlib import Path

import pytest

from continuity.formats.secrets import find_credentials
from continuity.formats.seen import byte_findings, find_seen
from tests.hostile.test_secrets import SAMPLES
from tests.support.common import GitRepo, minimal_tree, run_cli, write_files
from tests.support.site_support import write_mkdocs_yml

from .conftest import run_command, run_mkdocs

TOKENS = {kind: SAMPLES[kind] for kind in ("github-token", "aws-key", "slack-token",
                                           "stripe-key", "openai-key")}


def _split(token: str, at: int, mark: str) -> str:
    return token[:at] + mark + token[at:]


#: How a source can hide a token that the rendered page shows whole.
HIDINGS = {
    "escape": lambda t: t.replace("_", "\\_").replace("-", "\\-"),
    "decimal-entity": lambda t: "&#" + str(ord(t[0])) + ";" + t[1:],
    "hex-entity": lambda t: t[:3] + f"&#x{ord(t[3]):x};" + t[4:],
    "named-entity": lambda t: t.replace("_", "&lowbar;").replace("-", "&#x2d;"),
    "strong": lambda t: _split(_split(t, 14, "**"), 8, "**"),
    "emphasis": lambda t: _split(_split(t, 12, "*"), 6, "*"),
    "strikethrough": lambda t: _split(_split(t, 12, "~~"), 6, "~~"),
    "code-span": lambda t: _split(_split(t, 12, "`"), 6, "`"),
    "empty-span": lambda t: _split(t, 7, "<span></span>"),
    "tag-pair": lambda t: _split(_split(t, 12, "</b>"), 6, "<b>"),
    "empty-link": lambda t: _split(t, 7, "[](https://example.org)"),
    "comment": lambda t: _split(t, 7, "<!-- x -->"),
    "zero-width": lambda t: _split(t, 7, "\u200b"),
    "soft-hyphen": lambda t: _split(t, 7, "\u00ad"),
}


@pytest.mark.parametrize("hiding", sorted(HIDINGS))
@pytest.mark.parametrize("kind", sorted(TOKENS))
def test_a_hidden_token_is_found_at_its_source_place(kind: str, hiding: str):
    token = TOKENS[kind]
    hidden = HIDINGS[hiding](token)
    if hidden == token:
        pytest.skip(f"{kind} has no character {hiding} applies to")
    text = f"# Deploy\n\nThe deploy key is {hidden} (rotate monthly).\n"
    found = find_seen(text)
    assert [f.kind for f in found] == [kind] or found and found[0].kind == "assigned-secret", \
        (kind, hiding, found)
    start = text.index(hidden)
    assert found[0].start >= start and found[0].end <= start + len(hidden) + 1


def test_random_markup_in_any_token_is_seen_through():
    """Seeded: markup dropped at random places of every family's sample."""
    marks = ["**", "*", "~~", "`", "<span></span>", "<i>", "</i>", "[](x)", "\u200b", "<!---->"]
    chooser = random.Random(2026)
    missed = []
    for kind, sample in sorted(SAMPLES.items()):
        secret = find_credentials(sample)[0]
        if secret.kind != kind:
            continue
        for _ in range(12):
            text = sample
            # Inside the token, between two of its characters (markup beside a space of a
            # multi-word secret, "BEGIN ~~OPENSSH", is not looked for: see seen.may_hide).
            places = [at for at in range(secret.start + 1, secret.end)
                      if not (sample[at - 1].isspace() or sample[at].isspace())]
            cuts = chooser.sample(places, min(len(places), chooser.randint(1, 3)))
            for at in sorted(cuts, reverse=True):  # from the right: earlier cuts stay put
                text = text[:at] + chooser.choice(marks) + text[at:]
            if not find_seen(f"Note: {text} here.\n"):
                missed.append((kind, text))
    assert missed == []


@pytest.mark.parametrize("prefix", ["İ", "İİİİ", "ẞ", "ﬁ", "\u0130\u0307", "K" + "İ" * 40])
def test_case_changing_characters_before_a_key_move_no_position(prefix: str):
    text = f"{prefix} notes\n{prefix}bot\npassword=hunter2hunter2 and {prefix}secret: s3cr3t-value-x\n"
    found = find_credentials(text)
    assert [text[f.start:f.end] for f in found] == ["hunter2hunter2", "s3cr3t-value-x"]


def test_a_run_of_dotted_capitals_does_not_stop_the_check(tmp_path: Path):
    root = tmp_path / "memory"
    tree = minimal_tree()
    tree["CONTEXT.md"] += "\nİİİİbot İİİİbot_token İİİİ\n\npassword=hunter2hunter2\n"
    write_files(root, tree)
    done = run_cli("check", "--no-git", "--output-format", "json", cwd=root)
    assert done.code == 1, done.err
    found = [d for d in done.json["diagnostics"] if d["code"] == "CT601"]
    assert [(d["path"], d["line"], d["column"]) for d in found] == [("CONTEXT.md", 11, 10)]


# --------------------------------------------------------------------------- on the site


def _visible(page: str) -> str:
    """What a browser shows of a page: tags dropped, references decoded, no invisible marks."""
    text = re.sub(r"<script\b.*?</script>|<style\b.*?</style>", "", page, flags=re.S)
    text = html.unescape(re.sub(r"<[^>]*>", "", text))
    return re.sub("[\u00ad\u200b-\u200d\u2060]", "", text)


def _hidden_tree(root: Path) -> dict[str, str]:
    tree = minimal_tree()
    lines = [f"- {hiding}: {HIDINGS[hiding](token)}" for hiding in sorted(HIDINGS)
             for token in TOKENS.values()]
    tree["CONTEXT.md"] = tree["CONTEXT.md"].replace("Working on the parser.",
                                                    "Working on the parser.")
    for number, line in enumerate(lines, start=2):
        tree[f"journal/2026-01-{number % 28 + 1:02d}-turn-{number}.md"] = (
            tree["journal/2026-01-02-turn-1.md"].replace("turn: 1", f"turn: {number}")
            .replace("2026-01-02", f"2026-01-{number % 28 + 1:02d}")
            .replace("It parses.", f"It parses.\n\n{line}"))
    write_files(root, tree)
    return tree


def test_hidden_tokens_are_reported_and_never_shown_by_the_site(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    root = repo.path / "memory"
    _hidden_tree(root)
    write_mkdocs_yml(repo.path, options={"root": "memory"})
    repo.commit("tree")
    checked = run_command("check", "--no-git", "--output-format", "json", cwd=root, codes=(1,))
    flagged = {d["path"] for d in json.loads(checked.out)["diagnostics"] if d["code"] == "CT601"}
    entries = {p.relative_to(root).as_posix() for p in (root / "journal").glob("*-turn-*.md")}
    assert entries - {"journal/2026-01-02-turn-1.md"} <= flagged
    built = run_mkdocs("build", cwd=repo.path)
    out = run_command("generate", "--out", str(tmp_path / "out"), cwd=root, codes=(0, 1))
    for token in TOKENS.values():
        assert token not in checked.output + built.output + out.output
    for site in (repo.path / "site", tmp_path / "out"):
        for page in site.rglob("*"):
            if page.is_file():
                shown = _visible(page.read_text("utf-8", "replace"))
                leaked = [t for t in TOKENS.values() if t in shown or t in page.as_posix()]
                assert leaked == [], page


# --------------------------------------------------------------------------- encodings


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le"])
def test_a_utf16_or_utf32_text_artifact_is_scanned_and_withheld(tmp_path: Path, codec: str):
    token = TOKENS["github-token"]
    data = f"deploy notes\nkey: {token}\n".encode(codec)
    assert [f.kind for f in byte_findings(data)] == ["github-token"]
    root = tmp_path / "memory"
    tree = minimal_tree()
    tree["ARTIFACTS.md"] = "# ARTIFACTS\n\nFiles.\n\n## Mesh index\n\n- **Indexes:** `artifacts/`\n"
    write_files(root, tree)
    write_files(root, {"artifacts/2026-01-02-notes.txt": data})
    done = run_cli("check", "--no-git", "--output-format", "json", cwd=root)
    assert [d["path"] for d in done.json["diagnostics"] if d["code"] == "CT601"] == \
        ["artifacts/2026-01-02-notes.txt"]
    out = tmp_path / "out"
    run_cli("generate", "--out", str(out), cwd=root)
    assert not list(out.rglob("2026-01-02-notes.txt"))  # the copy is not made


# --------------------------------------------------------------------------- names


def test_a_token_as_a_child_root_folder_is_reported_and_never_published(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    root = repo.path / "memory"
    token = TOKENS["github-token"]
    tree = minimal_tree()
    tree["STATE.md"] = tree["STATE.md"] + "\n- Packs: see the packs below.\n"
    write_files(root, tree)
    write_files(root, {f"packs/{token}/STATE.md": minimal_tree()["STATE.md"]})
    write_mkdocs_yml(repo.path, options={"root": "memory"})
    repo.commit("tree")
    checked = run_command("check", "--no-git", "--output-format", "json", cwd=root, codes=(1,))
    found = [d for d in json.loads(checked.out)["diagnostics"] if d["code"] == "CT601"]
    assert any("child root's folder" in d["message"] for d in found), found
    out = tmp_path / "out"
    generated = run_command("generate", "--out", str(out), cwd=root, codes=(0, 1))
    built = run_mkdocs("build", cwd=repo.path)
    reports = [run_command("report", "--no-git", "--format", form, cwd=root, codes=(0, 1))
               for form in ("md", "html", "json")]
    for done in (checked, generated, built, *reports):
        assert token not in done.output
    for site in (out, repo.path / "site"):
        assert not [p for p in site.rglob("*") if token in p.as_posix()]
        assert not [p for p in site.rglob("*") if p.is_file() and
                    token in p.read_text("utf-8", "replace")]


def test_a_token_as_a_child_root_folder_inside_docs_dir_is_never_published(tmp_path: Path):
    """The root inside docs_dir: MkDocs would publish the child's files under their own paths
    (the plugin's pages take the redacted name); the plugin withholds every file so named."""
    repo = GitRepo(tmp_path / "repo")
    root = repo.path / "docs" / "memory"
    token = TOKENS["github-token"]
    write_files(root, minimal_tree())
    write_files(root, {f"packs/{token}/STATE.md": minimal_tree()["STATE.md"],
                       f"packs/{token}/notes.txt": "plain text beside the pack\n"})
    write_mkdocs_yml(repo.path, options={"root": "docs/memory"})
    repo.commit("tree")
    built = run_mkdocs("build", cwd=repo.path)
    assert token not in built.output
    site = repo.path / "site"
    assert (site / "memory" / "index.html").exists()  # the memory's pages, below its folder
    assert not [p for p in site.rglob("*") if token in p.as_posix()]
    assert not [p for p in site.rglob("*") if p.is_file() and
                token in p.read_text("utf-8", "replace")]


# --------------------------------------------------------------------------- committed files


def test_every_committed_file_of_a_root_is_scanned_whatever_its_name(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    root = repo.path / "memory"
    write_files(root, minimal_tree())
    config = {"providers": {"openai": {"apiKey": SAMPLES["openai-key"]},
                            "anthropic": {"apiKey": SAMPLES["anthropic-key"]}},
              "channels": {"telegram": {"botToken": SAMPLES["telegram-token"]}}}
    write_files(root, {"openclaw.json.backup": json.dumps(config, indent=2),
                       ".env": "PGPASSWORD=" + "s3cr3t-pg-pass\n",
                       "tools/deploy.sh": "curl -H 'Authorization: Bearer "
                                          + "aB1cD2eF3gH4iJ5kL6mN7oP8qR9' x\n",
                       "data/blob.bin": b"\x00\x01" + SAMPLES["aws-key"].encode() + b"\x00"})
    repo.commit("tree")
    write_files(root, {"untracked.txt": "key " + SAMPLES["npm-token"] + "\n"})
    done = run_command("check", "--output-format", "json", cwd=root, codes=(1,))
    found = [d for d in json.loads(done.out)["diagnostics"] if d["code"] == "CT601"]
    where = sorted({d["path"] for d in found})
    assert where == [".env", "data/blob.bin", "openclaw.json.backup", "tools/deploy.sh"]
    assert len([d for d in found if d["path"] == "openclaw.json.backup"]) == 3
    assert all("is committed" in d["message"] for d in found)
    for sample in (SAMPLES["openai-key"], SAMPLES["anthropic-key"], SAMPLES["telegram-token"]):
        assert sample.split(":")[-1] not in done.output


def test_a_token_in_an_artifact_name_is_in_no_report_link(tmp_path: Path):
    root = tmp_path / "memory"
    token = TOKENS["slack-token"]
    tree = minimal_tree()
    tree["ARTIFACTS.md"] = "# ARTIFACTS\n\nFiles.\n\n## Mesh index\n\n- **Indexes:** `artifacts/`\n"
    write_files(root, tree)
    write_files(root, {f"artifacts/2026-01-02-{token}.txt": "data\n"})
    for form in ("md", "html", "json"):
        done = run_cli("report", "--no-git", "--format", form, cwd=root)
        assert token not in done.out + done.err, form
        if form != "json":
            assert "redacted" in done.out, form  # the finding is there, by its marker
