"""CT6xx on real trees: secrets, links out of the repository, huge files, raw HTML."""

from __future__ import annotations

import os
from pathlib import Path

from tests.support.common import check_json, minimal_tree, run_cli, write_files

# Credential-shaped strings are assembled at run time so that this file holds none.
GITHUB_TOKEN = "ghp_" + "Tw0" * 12
AWS_KEY = "AKIA" + "Q" * 16


def findings(root: Path, *extra: str) -> list[dict]:
    result = check_json(root, "--no-git", *extra)
    assert result.code in (0, 1), result.err
    return result.json["diagnostics"]


def located(root: Path) -> list[tuple[str, str, int, int]]:
    return [(d["code"], d["path"], d["line"], d["column"]) for d in findings(root)]


JOURNAL = minimal_tree()["journal/2026-01-02-turn-1.md"]


# ------------------------------------------------------------------ CT601 secret


def test_ct601_fires_at_the_secret_and_never_echoes_it(tree: Path):
    context = f"# CONTEXT\n\nDeploy with token {GITHUB_TOKEN} today.\n"
    entry = JOURNAL.replace("Wrote the parser.", f"Used key {AWS_KEY} once.")
    write_files(tree, {"CONTEXT.md": context, "journal/2026-01-02-turn-1.md": entry})
    line = entry.split("\n").index(f"Used key {AWS_KEY} once.") + 1
    assert located(tree) == [("CT601", "CONTEXT.md", 3, 19),
                             ("CT601", "journal/2026-01-02-turn-1.md", line, 10)]
    messages = findings(tree)
    assert "a GitHub token (github-token)" in messages[0]["message"]
    assert "an AWS access key id (aws-key)" in messages[1]["message"]
    for fmt in ("text", "json", "github", "sarif", "junit"):
        out = run_cli("check", "--no-git", "--output-format", fmt, cwd=tree).out
        assert GITHUB_TOKEN not in out and AWS_KEY not in out, fmt


def test_ct601_covers_the_ledger_and_notes_outside_facts(tree: Path):
    password = "hunter2" * 2
    ledger = ('{"cycle": 1, "target": "g", "result": "unchanged", '
              f'"timestamp": "2026-01-02T00:00:00Z", '
              f'"note": "https://deploy:{password}@example.invalid/"}}\n')
    second_note = f'{{"time": "2026-01-02T00:00:00Z", "project": "{GITHUB_TOKEN}", "fact": "Ok."}}'
    write_files(tree, {
        ".agents/evolve/cycle-history.jsonl": ledger,
        "notes.jsonl":
            f'{{"time": "2026-01-02T00:00:00Z", "project": "p", "fact": "Key {AWS_KEY}."}}\n'
            f"{second_note}\n",
    })
    found = [f for f in located(tree) if f[0] == "CT601"]
    # the credential in a fact is CT503's finding (note-unredacted), not CT601's
    assert found == [
        ("CT601", ".agents/evolve/cycle-history.jsonl", 1, ledger.index(password) + 1),
        ("CT601", "notes.jsonl", 2, second_note.index(GITHUB_TOKEN) + 1)]
    assert "a password in a URL" in findings(tree)[0]["message"]


def test_ct601_does_not_fire_on_masked_values(tree: Path):
    write_files(tree, {"CONTEXT.md": "# CONTEXT\n\npassword: ********\napi_key = ${API_KEY}\n"
                                     "The token lives in the DEPLOY_TOKEN secret.\n"})
    assert findings(tree) == []


# ------------------------------------------------------------------ CT602 path-escape


def test_ct602_fires_on_a_link_out_of_the_tree_and_never_reads_it(tree: Path, tmp_path: Path):
    outside = tmp_path / "private" / "diary.md"
    write_files(outside.parent, {"diary.md": f"Secret diary {GITHUB_TOKEN} {{{{PLACEHOLDER}}}}\n"})
    os.symlink(outside, tree / "journal" / "2026-01-03-turn-2.md")
    os.symlink(outside.parent, tree / "reflections")
    assert located(tree) == [("CT602", "journal/2026-01-03-turn-2.md", 1, 1),
                             ("CT602", "reflections", 1, 1)]
    finding = findings(tree)[0]
    assert "outside the repository" in finding["message"]
    for fmt in ("text", "json", "github", "sarif", "junit"):
        out = run_cli("check", "--no-git", "--output-format", fmt, cwd=tree).out
        assert "Secret diary" not in out and GITHUB_TOKEN not in out, fmt


def test_ct602_does_not_fire_on_a_link_inside_the_tree(tree: Path):
    write_files(tree, {"shared/turn.md": JOURNAL.replace("2026-01-02", "2026-01-03")
                                                .replace("turn: 1", "turn: 2")})
    os.symlink("../shared/turn.md", tree / "journal" / "2026-01-03-turn-2.md")
    assert findings(tree) == []


# ------------------------------------------------------------------ CT603 file-too-large


def test_ct603_fires_on_a_file_over_max_file_size_and_skips_it(tree: Path):
    big = JOURNAL.replace("Wrote the parser.", "{{HUGE}} " + GITHUB_TOKEN + " x" * 3000)
    write_files(tree, {"journal/2026-01-03-turn-2.md": big,
                       "continuity.toml": 'max_file_size = "4 kB"\n'})
    assert located(tree) == [("CT603", "journal/2026-01-03-turn-2.md", 1, 1)]
    finding = findings(tree)[0]
    assert finding["severity"] == "warning"
    assert "over max_file_size 4.0 kB" in finding["message"]


def test_ct603_does_not_fire_under_the_limit(tree: Path):
    write_files(tree, {"continuity.toml": "max_file_size = 4000\n"})
    assert findings(tree) == []


# ------------------------------------------------------------------ CT604 raw-html


def test_ct604_fires_on_html_blocks_inline_tags_and_scripts(tree: Path):
    entry = JOURNAL.replace("Wrote the parser.",
                            "Wrote the `<b>` parser, <b>fast</b>.\n\n<div class=\"x\">\nhi\n</div>")
    entry += "\n- item with <span>a span</span>\n\n<script>alert(1)</script>\n"
    write_files(tree, {"journal/2026-01-02-turn-1.md": entry,
                       "CONTEXT.md": minimal_tree()["CONTEXT.md"] + "\nA <kbd>key</kbd>.\n"})
    lines = entry.split("\n")
    inline = lines.index("Wrote the `<b>` parser, <b>fast</b>.") + 1
    block = lines.index('<div class="x">') + 1
    item = lines.index("- item with <span>a span</span>") + 1
    script = lines.index("<script>alert(1)</script>") + 1
    context_line = (minimal_tree()["CONTEXT.md"] + "\nA <kbd>key</kbd>.\n").split("\n").index(
        "A <kbd>key</kbd>.") + 1
    path = "journal/2026-01-02-turn-1.md"
    # One finding per file, at its script (else its first tag), every place listed.
    assert located(tree) == [("CT604", "CONTEXT.md", context_line, 3),
                             ("CT604", path, script, 1)]
    context, journal = findings(tree)
    assert "raw HTML <kbd>" in context["message"] and "occurrences" not in context or \
        [(o["line"], o["column"]) for o in context["occurrences"]] == [(context_line, 3)]
    assert journal["message"].startswith("1 <script> element among 4 raw HTML tags")
    assert "(<b>, <div>, <span>, <script>)" in journal["message"]
    assert f"the first at line {inline}" in journal["message"]
    assert [(o["line"], o["column"], o["text"]) for o in journal["occurrences"]] == [
        (inline, 25, "<b>"), (block, 1, "<div>"), (item, 13, "<span>"), (script, 1, "<script>")]
    assert all(d["severity"] == "warning" for d in findings(tree))


def test_ct604_names_the_tag_after_a_leading_comment(tree: Path):
    entry = JOURNAL.replace("Wrote the parser.", "<!-- kept for later --> <details open>x\n")
    write_files(tree, {"journal/2026-01-02-turn-1.md": entry})
    [finding] = findings(tree)
    assert "raw HTML <details> in the Markdown" in finding["message"]


def test_ct604_does_not_fire_on_code_comments_or_autolinks(tree: Path):
    entry = JOURNAL.replace("Wrote the parser.",
                            "Use `<div>` here.\n\n```html\n<script>x</script>\n```\n\n"
                            "<!-- a note to self -->\n\nSee <https://example.invalid/>.\n\n"
                            "    <p>indented code</p>")
    write_files(tree, {"journal/2026-01-02-turn-1.md": entry})
    assert findings(tree) == []


def test_ct604_names_markdown_swallowed_after_a_comment_opening_its_line(tree: Path):
    """Found on the survey (set 39): a line opening with a comment and holding Markdown after
    it is an HTML block to its end, the heading after the comment shown raw; the finding named
    it by the comment's first characters (`<<!-- openclaw:dreami>`). It says what it is."""
    entry = JOURNAL.replace("Wrote the parser.", "<!-- marker:end --> ## Next part\n")
    write_files(tree, {"journal/2026-01-02-turn-1.md": entry})
    [finding] = findings(tree)
    assert "raw HTML Markdown after an HTML comment on its line" in finding["message"]
    assert "<<!--" not in finding["message"]
