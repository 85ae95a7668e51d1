"""Bad input in the tree's files: every case is a diagnostic or a clear exit-2 message naming the
file, never a traceback (run_cli asserts that no traceback reaches stderr)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from continuity.config import load_config
from continuity.model.tree import discover
from tests.support.common import check_json, minimal_tree, run_cli, write_files

GITHUB_TOKEN = "ghp_" + "Tw0" * 12  # assembled at run time: this file holds no credential
JOURNAL = minimal_tree()["journal/2026-01-02-turn-1.md"]
J2 = "journal/2026-01-05-turn-2.md"
KNOWLEDGE = "# KNOWLEDGE\n\n## Mesh index\n\n- **Indexes:** `knowledge/`\n"


def journal(front: str) -> str:
    return f"---\n{front}---\n" + JOURNAL.split("---\n", 2)[2]


def located(root: Path, *extra: str) -> list[tuple[str, str, int, int]]:
    result = check_json(root, "--no-git", *extra)
    assert result.code in (0, 1), result.err
    return [(d["code"], d["path"], d["line"], d["column"]) for d in result.json["diagnostics"]]


def every_format(root: Path, *extra: str) -> dict[str, str]:
    """Run every output format; each must be well-formed. Returns the outputs by format."""
    outputs = {}
    for fmt in ("text", "json", "github", "sarif", "junit"):
        result = run_cli("check", "--no-git", "--output-format", fmt, *extra, cwd=root)
        assert result.code in (0, 1), (fmt, result.err)
        outputs[fmt] = result.out
    json.loads(outputs["json"])
    assert json.loads(outputs["sarif"])["version"] == "2.1.0"
    ET.fromstring(outputs["junit"].encode("utf-8"))
    return outputs


# ------------------------------------------------------------------ encodings


def test_non_utf8_files_are_ct210_at_the_bad_byte(tree: Path):
    write_files(tree, {
        "STATE.md": minimal_tree()["STATE.md"].encode("utf-8").replace(b"Building", b"B\xfcilding"),
        J2: "---\ndate: 2026-01-05\n---\n".encode("utf-16"),  # NUL bytes: binary
    })
    assert located(tree) == [("CT210", "STATE.md", 5, 2), ("CT210", J2, 1, 1)]
    every_format(tree)


def test_a_non_utf8_template_is_ct210_and_the_default_applies(tree: Path):
    write_files(tree, {"journal/ENTRY.template.md": b"---\ndate: \xff\n---\n",
                       J2: journal("date: 2026-01-05\nturn: 2\n")})
    assert located(tree) == [("CT202", J2, 1, 1),  # objective: the built-in template applies
                             ("CT210", "journal/ENTRY.template.md", 2, 7)]


def test_bom_and_crlf_are_clean(tree: Path):
    for path in list(tree.rglob("*.md")):
        text = path.read_text("utf-8")
        path.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"))
    assert located(tree) == []


def test_positions_in_a_crlf_file_with_a_bom_are_exact(tree: Path):
    text = journal("date: 2026-01-05\nturn: 2\nobjective: {{GOAL}}\n")
    write_files(tree, {J2: b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8")})
    assert located(tree) == [("CT203", J2, 4, 12)]


def test_old_mac_line_endings_are_read(tree: Path):
    write_files(tree, {J2: journal("date: 2026-01-05\nturn: 2\nobjective: x\n")
                       .replace("\n", "\r").encode("utf-8")})
    assert located(tree) == []


# ------------------------------------------------------------------ empty files


def test_empty_files_are_one_finding_each(tree: Path):
    write_files(tree, {
        J2: "",
        "completed/2026-01-05-nothing.md": "\n",
        "SNAPSHOT.md": "",
        "knowledge/empty-topic.md": "",
        "KNOWLEDGE.md": KNOWLEDGE,
        "logs/empty.jsonl": "",
        "EVENTS.md": "# EVENTS\n\n## Mesh index\n\n- **Indexes:** `logs/`\n",
    })
    found = located(tree)
    assert found == [("CT108", "SNAPSHOT.md", 1, 1),
                     ("CT206", "completed/2026-01-05-nothing.md", 1, 1),
                     ("CT201", J2, 1, 1),
                     ("CT201", "knowledge/empty-topic.md", 1, 1)]  # the protocol's template
    assert "the file is empty" in check_json(tree, "--no-git").json["diagnostics"][2]["message"]


def test_an_empty_state_file_and_template(tree: Path):
    write_files(tree, {"STATE.md": "", "journal/ENTRY.template.md": ""})
    # an empty STATE.md indexes by default; an empty template requires nothing
    assert located(tree) == [("CT106", "STATE.md", 1, 1)]


# ------------------------------------------------------------------ YAML


def test_yaml_that_does_not_parse(tree: Path):
    write_files(tree, {J2: journal("date: 2026-01-05\nturn: 2\n\tobjective: x\n"),
                       "journal/2026-01-06-turn-3.md": journal(
                           "date: 2026-01-06\nturn: 3\nobjective: fix: the parser\n")})
    assert located(tree) == [("CT201", J2, 4, 1), ("CT201", "journal/2026-01-06-turn-3.md", 4, 15)]


def test_a_yaml_alias_bomb_is_refused_fast(tree: Path):
    levels = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for depth in range(1, 12):
        name, previous = chr(97 + depth), chr(96 + depth)
        levels.append(f"{name}: &{name} [" + ", ".join([f"*{previous}"] * 10) + "]")
    write_files(tree, {J2: journal("\n".join(levels) + "\n")})
    started = time.monotonic()
    found = located(tree)
    assert time.monotonic() - started < 5
    assert found == [("CT201", J2, 2, 1)]


def test_duplicate_keys(tree: Path):
    write_files(tree, {J2: journal("date: 2026-01-05\nturn: 2\nobjective: x\nturn: 2\n")})
    assert located(tree) == [("CT201", J2, 5, 1)]


def test_dates_and_numbers_stay_as_written(tree: Path):
    write_files(tree, {
        J2: journal("date: 2026-01-05\nturn: 2\nobjective: x\n"),
        "snapshots/2026-01-06T08-00-00.md": minimal_tree()["snapshots/2026-01-02T10-00-00.md"]
        .replace("2026-01-02T10:00:00Z", "2026-01-06 08:00:00").replace("version: 0.1",
                                                                          "version: 1.10"),
        "journal/2026-01-07-turn-3.md": journal("date: 2026-1-7\nturn: 3\nobjective: x\n"),
    })
    model = discover(load_config(tree), tree)
    entries = {e.path: e.document.frontmatter.data for e in model.entries}
    assert entries[J2]["date"] == "2026-01-05"
    assert entries["snapshots/2026-01-06T08-00-00.md"]["version"] == "1.10"
    assert entries["snapshots/2026-01-06T08-00-00.md"]["date"] == "2026-01-06 08:00:00"
    assert located(tree) == [("CT204", "journal/2026-01-07-turn-3.md", 2, 1)]
    message = check_json(tree, "--no-git").json["diagnostics"][0]["message"]
    assert "date '2026-1-7' is not a date" in message  # as written, not 2026-01-07


def test_yes_no_on_are_words_not_booleans(tree: Path):
    write_files(tree, {
        "setup/ENTRY.template.md": "---\ndate: {{DATE}}\napproved: yes|no\n---\n",
        "TOOLS.md": "# TOOLS\n\n## Mesh index\n\n- **Indexes:** `setup/`\n",
        "setup/2026-01-04-caddy.md": "---\ndate: 2026-01-04\napproved: no\n---\n",
        "setup/2026-01-05-nginx.md": "---\ndate: 2026-01-05\napproved: on\n---\n",
    })
    model = discover(load_config(tree), tree)
    assert model.directories["setup"].template.enums == {"approved": ("yes", "no")}
    assert model.directories["setup"].entries[0].document.frontmatter.data["approved"] == "no"
    assert located(tree) == [("CT204", "setup/2026-01-05-nginx.md", 3, 1)]
    assert "approved 'on' is not one of yes, no" in \
        check_json(tree, "--no-git").json["diagnostics"][0]["message"]


# ------------------------------------------------------------------ size


def test_a_huge_file_is_skipped_unread(tree: Path):
    huge = tree / "journal" / "2026-01-05-turn-2.md"
    with open(huge, "wb") as handle:
        handle.write(f"{{{{PLACEHOLDER}}}} {GITHUB_TOKEN}\n".encode())
        handle.truncate(11 * 1024 * 1024)  # over the default 10 MB, sparse on disk
    started = time.monotonic()
    assert located(tree) == [("CT603", J2, 1, 1)]
    assert time.monotonic() - started < 5
    assert GITHUB_TOKEN not in "".join(every_format(tree).values())


# ------------------------------------------------------------------ symlinks


def test_symlinks_in_and_out_of_the_tree(tree: Path, tmp_path: Path):
    outside = tmp_path / "outside"
    write_files(outside, {"secret.md": f"TOP SECRET {GITHUB_TOKEN}\n",
                          "dir/2026-01-09-turn-9.md": "TOP SECRET TOO\n"})
    write_files(tree, {"drafts/turn.md": journal("date: 2026-01-05\nturn: 2\nobjective: x\n")})
    os.symlink("../drafts/turn.md", tree / J2)  # inside the tree: followed
    os.symlink(outside / "secret.md", tree / "journal" / "2026-01-06-turn-3.md")
    os.symlink(outside / "secret.md", tree / "CONTEXT.md.tmp")  # not part of the tree
    (tree / "CONTEXT.md").unlink()
    os.symlink(outside / "secret.md", tree / "CONTEXT.md")  # a state file leaving the tree
    os.symlink(outside / "dir", tree / "reflections")  # a directory leaving the tree
    os.symlink("2026-01-08-turn-5.md", tree / "journal" / "2026-01-07-turn-4.md")  # a loop
    os.symlink("2026-01-07-turn-4.md", tree / "journal" / "2026-01-08-turn-5.md")
    os.symlink("gone.md", tree / "journal" / "2026-01-10-turn-6.md")  # dangling
    found = located(tree)
    assert found == [
        ("CT602", "CONTEXT.md", 1, 1),
        ("CT602", "journal/2026-01-06-turn-3.md", 1, 1),
        ("CT602", "journal/2026-01-07-turn-4.md", 1, 1),
        ("CT602", "journal/2026-01-08-turn-5.md", 1, 1),
        ("CT210", "journal/2026-01-10-turn-6.md", 1, 1),
        ("CT602", "reflections", 1, 1),
    ]
    messages = {d["path"]: d["message"] for d in check_json(tree, "--no-git").json["diagnostics"]}
    assert "loops" in messages["journal/2026-01-07-turn-4.md"]
    assert "does not exist" in messages["journal/2026-01-10-turn-6.md"]
    for output in every_format(tree).values():
        assert "TOP SECRET" not in output and GITHUB_TOKEN not in output


# ------------------------------------------------------------------ names


def test_spaces_and_non_ascii_in_the_root_and_in_names(tmp_path: Path):
    root = tmp_path / "my memory" / "mémoire"
    write_files(root, minimal_tree())
    assert located(root) == []
    write_files(root, {
        "knowledge/tide tables.md": "# Tides\n",
        "knowledge/marées.md": "# Marées\n",
        "KNOWLEDGE.md": KNOWLEDGE,
        "journal/2026-01-05-turn-2 copy.md": journal("date: 2026-01-05\nturn: 2\nobjective: x\n"),
    })
    assert located(root) == [("CT101", "journal/2026-01-05-turn-2 copy.md", 1, 1),
                             ("CT101", "knowledge/marées.md", 1, 1),
                             ("CT101", "knowledge/tide tables.md", 1, 1)]
    outputs = every_format(root)
    uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in json.loads(outputs["sarif"])["runs"][0]["results"]]
    assert uris == ["journal/2026-01-05-turn-2%20copy.md", "knowledge/mar%C3%A9es.md",
                    "knowledge/tide%20tables.md"]
    assert "knowledge/marées.md:1:1: CT101" in outputs["text"]
    from_above = run_cli("check", "--no-git", "--output-format", "json", "my memory/mémoire",
                         cwd=tmp_path)
    assert {d["path"] for d in from_above.json["diagnostics"]} == {
        "my memory/mémoire/journal/2026-01-05-turn-2 copy.md",
        "my memory/mémoire/knowledge/marées.md", "my memory/mémoire/knowledge/tide tables.md"}


def test_undecodable_and_control_characters_in_names(tree: Path):
    (tree / "knowledge").mkdir()
    with open(os.fsencode(tree / "knowledge") + b"/caf\xe9.md", "wb") as handle:  # Latin-1
        handle.write(b"# Cafe\n")
    (tree / "knowledge" / "bell\x07.md").write_text("# Bell\n", "utf-8")
    write_files(tree, {"KNOWLEDGE.md": KNOWLEDGE})
    found = located(tree)
    # The Latin-1 name is left out of the tree (no page or URL can name it): CT210 says so.
    assert [code for code, *_ in found] == ["CT101", "CT210"]
    outputs = every_format(tree)
    assert "caf%5Cxe9.md" in outputs["sarif"]  # its bytes shown escaped, as every output does


# ------------------------------------------------------------------ permissions and exit 2


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads files whatever their permissions")
def test_an_unreadable_file_is_ct210(tree: Path):
    target = tree / "journal" / "2026-01-02-turn-1.md"
    target.chmod(0)
    try:
        assert located(tree) == [("CT210", "journal/2026-01-02-turn-1.md", 1, 1)]
    finally:
        target.chmod(0o644)


def test_a_fifo_is_ct210_and_never_opened(tree: Path):
    # Opening a FIFO for reading blocks until a writer comes: the check would hang.
    os.mkfifo(tree / "journal" / "2026-01-03-turn-2.md")
    assert located(tree) == [("CT210", "journal/2026-01-03-turn-2.md", 1, 1)]


def test_a_broken_configuration_file_is_exit_2_naming_it(tree: Path):
    write_files(tree, {"continuity.toml": "max_file_size = [\n"})
    result = run_cli("check", "--no-git", cwd=tree)
    assert result.code == 2 and "continuity.toml" in result.err and "not valid TOML" in result.err
    write_files(tree, {"continuity.toml": b"root = '\xff'\n"})
    result = run_cli("check", "--no-git", cwd=tree)
    assert result.code == 2 and "continuity.toml" in result.err


def test_a_state_file_that_is_a_directory_is_ignored(tree: Path):
    (tree / "PLAN.md").mkdir()
    write_files(tree, {"PLAN.md/notes.md": "# notes\n"})
    assert located(tree) == []


def test_a_template_link_out_of_the_tree_is_ct602_and_not_used(tree: Path, tmp_path: Path):
    write_files(tmp_path / "outside", {"t.md": "---\nsecret_field: x\n---\n"})
    (tree / "journal" / "ENTRY.template.md").unlink()
    os.symlink(tmp_path / "outside" / "t.md", tree / "journal" / "ENTRY.template.md")
    write_files(tree, {J2: journal("date: 2026-01-05\nturn: 2\n")})
    # the entries are checked against the built-in template: objective is required
    assert located(tree) == [("CT202", J2, 1, 1), ("CT602", "journal/ENTRY.template.md", 1, 1)]
