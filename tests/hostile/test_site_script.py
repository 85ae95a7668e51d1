"""Class: script on the published site (issue 14, cases 1-5, 6 on the site, 10, 11, 17b).

One hostile tree, built by the real ``mkdocs build`` with Material and attr_list on, every page
opened in Debian's Chromium: no dialog may open, no handler attribute survive, no theme element
be replaced, no file a browser runs be published, no flagged credential appear in any file of
the site. ``continuity generate`` output of the same tree is rendered by Python-Markdown and
markdown-it, and must be safe under both.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.hostile.site_markup import unsafe, unsafe_under_any_engine
from tests.support.common import minimal_tree, run_cli, write_files
from tests.support.site_support import build, write_mkdocs_yml

# Credentials built at run time, so that no scanner flags this file.
GITHUB = "ghp_" + "Z9yX8wV7uT6sR5qP4oN3mL2kJ1iH0gF9eD8c"
STRIPE = "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc"
NPM = "npm_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
CREDENTIALS = (GITHUB, STRIPE, NPM)

# Material's own configuration, pointed at a script of the tree (case 3).
FAKE_CONFIG = json.dumps({"base": ".", "features": [], "translations": {},
                          "search": "../../artifacts/2026-01-05-worker.js"})

JOURNAL = "---\ndate: 2026-01-{day:02d}\nturn: {turn}\nobjective: hostile\n---\n\n{body}\n"


def _journal(day: int, turn: int, body: str) -> tuple[str, str]:
    return (f"journal/2026-01-{day:02d}-turn-{turn}.md",
            JOURNAL.format(day=day, turn=turn, body=body))


HOSTILE: dict[str, str] = dict([
    # 1 and 6: a withheld page whose H1 closes <title> and holds the credential.
    _journal(4, 2, f"# Keys </title><img src=x onerror=alert(1)> {GITHUB}\n\n## Context before\n"
                   f"\ntoken = {GITHUB}\n"),
    # 3: an element of the tree taking the id of Material's configuration.
    _journal(5, 3, f'# Config\n\n<div id="__config">{FAKE_CONFIG}</div>\n\n'
                   '<p name="getElementById" id="__search">x</p>\n\n## Heading {: #__drawer }\n'),
    # 4: attribute lists in a title and a heading of the tree.
    _journal(6, 4, "# Title {: onclick=alert(4) }\n\n## Section {: onclick=\"alert(5)\" }\n\n"
                   "## Entities &lt;img src=x onerror=alert(20)&gt; in the table of contents\n\n"
                   "[a link](https://example.com/){: onclick=alert(6) href=\"javascript:alert(7)\" }\n"),
    # 5: the HTML line that CommonMark reads as an HTML block swallowing a link.
    _journal(7, 5, "# Links\n\n<img src=x>\n[a](javascript:alert(8))\n\n"
                   "[ref]: JaVa&#x53;cript:alert(9)\n\n[b][ref] and <a href='javascript:alert(10)'>"
                   "raw</a>\n"),
    # 17b: an unclosed fence would swallow the sections the site appends after the entry.
    _journal(8, 6, "# Open fence\n\n```\nnever closed <script>alert(11)</script>\n"),
    # 6: credentials in a title that lands on index pages and previous/next links.
    _journal(9, 7, f"# Rotated {STRIPE} and {NPM}\n\nNothing else.\n"),
])
# The feed and the tags page: script in a title and in tags, a credential in a tag.
HOSTILE["journal/2026-01-10-turn-8.md"] = (
    "---\ndate: 2026-01-10\nturn: 8\nobjective: hostile\ntags: ['<script>alert(21)</script>', "
    f"'x {{: onclick=alert(22) }}', '{NPM}']\n---\n\n# Tagged <script>alert(23)</script>\n")
HOSTILE["journal/2026-01-11-turn-9.md"] = (
    "---\ndate: 2026-01-11\nturn: 9\nobjective: hostile\n"
    "tags: '<img src=x onerror=alert(24)>, ]]></title><script>alert(25)</script>'\n---\n\n"
    "# Feed </title><script>alert(26)</script> ]]>\n\nAn excerpt <script>alert(27)</script>.\n")
ARTIFACTS = {
    "artifacts/2026-01-05-report.html": "<html><body><script>alert(12)</script></body></html>",
    "artifacts/2026-01-05-chart.svg": '<svg xmlns="http://www.w3.org/2000/svg" '
                                      'onload="alert(13)"><script>alert(14)</script></svg>',
    "artifacts/2026-01-05-worker.js": "alert(15)",
    "artifacts/2026-01-05-page.xml": '<html xmlns="http://www.w3.org/1999/xhtml">'
                                     "<script>alert(16)</script></html>",
    "artifacts/2026-01-05-data.csv": "a,b\n1,2\n",
}
# A snapshot's section titles are named in the sentence above its diff.
SNAPSHOT = ("---\ndate: 2026-01-03T10:00:00Z\nagent: wren\nversion: 0.2\nstatus: active\n---\n\n"
            "# Snapshot — 2026-01-03\n\n## State at snapshot\n\nGoing.\n\n## Active objective\n\n"
            "Parser.\n\n## Blockers\n\nNone.\n\n## Next action\n\nShip.\n\n"
            "## <img src=x onerror=alert(19)>\n\nx\n")
NOTES = "\n".join(json.dumps(note) for note in [
    {"time": "2026-01-02T10:00:00Z", "project": "p {: onclick=alert(17) }",
     "fact": "Projects land in headings.", "tags": ["t {: onclick=alert(18) }", GITHUB]},
]) + "\n"
LEDGER = json.dumps({"cycle": 1, "target": f"deploy {GITHUB}", "result": "improved",
                     "timestamp": "2026-01-02T10:00:00Z"}) + "\n"


def _tree() -> dict[str, str]:
    tree = {**minimal_tree(), **HOSTILE, **ARTIFACTS, "notes.jsonl": NOTES,
            "snapshots/2026-01-03T10-00-00.md": SNAPSHOT,
            ".agents/evolve/cycle-history.jsonl": LEDGER}
    tree["ARTIFACTS.md"] = "# ARTIFACTS\n\n## Mesh index\n\n- **Indexes:** `artifacts/`\n"
    return tree


@pytest.fixture(scope="module")
def hostile_project(tmp_path_factory) -> Path:
    project = tmp_path_factory.mktemp("site-script") / "project"
    write_files(project / "memory", _tree())
    write_mkdocs_yml(project, options={"root": "memory", "tags_page": True}, extra={
        "markdown_extensions": ["toc", "tables", "attr_list", "md_in_html", "admonition"],
        "site_url": "https://example.org/memory/"})
    return project


@pytest.fixture(scope="module")
def built(hostile_project: Path):
    result = build(hostile_project)
    assert result.error is None, result.said
    return result


def _site_files(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*") if p.is_file()}


def test_no_file_a_browser_runs_is_published(built):
    files = _site_files(built.site)
    assert [name for name in files if name.startswith("artifacts/2026-01-05-")
            and not name.endswith(("/index.html", ".csv"))] == []
    assert "artifacts/2026-01-05-data.csv" in files  # an inert file is still copied
    page = built.html("artifacts/2026-01-05-report-html/")
    assert "&lt;script&gt;alert(12)" in page  # its source, shown as text


def test_no_flagged_credential_is_in_any_file_of_the_site(built):
    leaks = {name: [c[:8] for c in CREDENTIALS if c.encode() in data]
             for name, data in _site_files(built.site).items()}
    assert {name: found for name, found in leaks.items() if found} == {}
    search = json.loads((built.site / "search" / "search_index.json").read_text("utf-8"))
    titles = [doc["title"] for doc in search["docs"]]
    assert any("Keys" in title for title in titles)  # the withheld page, its title redacted


def test_every_page_is_sanitised_and_keeps_the_theme_config(built):
    for name, data in _site_files(built.site).items():
        if not name.endswith(".html"):
            continue
        text = data.decode("utf-8")
        article = text.split('<article', 1)[-1].split("</article>", 1)[0]
        assert unsafe(article) == [], name
        assert text.count('id="__config"') == 1, name  # Material's own, and nothing else
        title = text.split("<title>", 1)[1].split("</title>", 1)[0]
        assert "<" not in title, name


def test_the_feed_and_the_tags_page_hold_tree_text_as_text(built):
    import xml.etree.ElementTree as ET

    raw = (built.site / "feed.xml").read_bytes()
    assert b"<script" not in raw and b"<img" not in raw
    atom = "{http://www.w3.org/2005/Atom}"
    feed = ET.fromstring(raw)  # well-formed, whatever the titles hold
    titles = [e.findtext(f"{atom}title") for e in feed.findall(f"{atom}entry")]
    assert "Feed </title><script>alert(26)</script> ]]>" in titles  # the title, as text
    tags = built.html("tags/")
    article = tags.split("<article", 1)[-1].split("</article>", 1)[0]
    assert unsafe(article) == []
    assert "&lt;script&gt;alert(21)&lt;/script&gt;" in article
    assert ">x {: onclick=alert(22) }</h2>" in article  # an attribute list shown, not applied


def test_an_unclosed_fence_does_not_swallow_the_page(built):
    page = built.html("journal/2026-01-08-turn-6/")
    tail = page.split("never closed", 1)[1]
    assert "</code></pre>" in tail.split("2026-01-07", 1)[0]  # the fence ends before the links
    assert 'href="../2026-01-07-turn-5/"' in tail  # the previous entry's link is a link


# ------------------------------------------------------------------------ the browser

playwright = pytest.importorskip("playwright.sync_api")
from tests.generator.test_site_browser import CHROMIUM, CHROMIUM_ARGS, StaticServer  # noqa: E402

HANDLERS = """() => Array.from(document.querySelectorAll('*')).flatMap(e =>
    Array.from(e.attributes).filter(a => a.name.startsWith('on')).map(a => e.tagName + ' ' + a.name))"""
FIRE_EVENTS = """() => document.querySelectorAll('article *:not(a)').forEach(e => {
    for (const type of ['click', 'mouseover', 'focus']) {
        e.dispatchEvent(new MouseEvent(type, {bubbles: true}));
    }})"""
SCRIPT_URLS = """() => Array.from(document.querySelectorAll('[href],[src]')).map(e =>
    new URL(e.getAttribute('href') || e.getAttribute('src'), location.href).protocol)
    .filter(p => !['http:', 'https:', 'mailto:'].includes(p))"""


@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium")
def test_no_script_runs_on_any_page_in_the_browser(built):
    pages = sorted(p.relative_to(built.site).parent.as_posix() + "/"
                   for p in built.site.rglob("index.html"))
    pages = [("" if p == "./" else p) for p in pages]
    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            context = browser.new_context()
            page = context.new_page()
            dialogs: list[str] = []
            page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
            with StaticServer(built.site) as server:
                for path in pages:
                    page.goto(server.url + path)
                    page.wait_for_load_state("load")
                    page.evaluate(FIRE_EVENTS)  # a handler would fire on a click or a hover
                    assert page.evaluate(HANDLERS) == [], path
                    assert page.evaluate(SCRIPT_URLS) == [], path
                    assert page.evaluate("document.querySelectorAll('#__config').length") == 1
                    assert page.evaluate(
                        "document.getElementById('__config').tagName") == "SCRIPT", path
                page.wait_for_timeout(500)  # let a search worker start, if one was replaced
            assert dialogs == []
        finally:
            browser.close()


# --------------------------------------------------------------- generate, for any engine


def test_generate_output_is_safe_under_python_markdown_and_markdown_it(hostile_project: Path,
                                                                       tmp_path: Path):
    out = tmp_path / "docs"
    done = run_cli("generate", str(hostile_project / "memory"), "--out", str(out), "--no-git",
                   cwd=hostile_project)
    assert done.code == 0, done.err
    found = {}
    for page in out.rglob("*"):
        if not page.is_file():
            continue
        data = page.read_bytes()
        assert not any(c.encode() in data for c in CREDENTIALS), page
        if page.suffix == ".md":
            verdict = unsafe_under_any_engine(data.decode("utf-8"))
            if any(verdict.values()):
                found[page.relative_to(out).as_posix()] = verdict
    assert found == {}
    assert not (out / "artifacts" / "2026-01-05-report.html").exists()


# --------------------------------------------------------------- generate's manifest (11)


def _generated(tmp_path: Path) -> tuple[Path, Path]:
    root = tmp_path / "memory"
    write_files(root, minimal_tree())
    out = tmp_path / "docs"
    done = run_cli("generate", str(root), "--out", str(out), "--no-git", cwd=tmp_path)
    assert done.code == 0, done.err
    return root, out


def test_a_planted_manifest_deletes_nothing_outside_the_output(tmp_path: Path):
    root, out = _generated(tmp_path)
    victim = root / "journal" / "2026-01-02-turn-1.md"
    absolute = tmp_path / "elsewhere.txt"
    absolute.write_text("keep me\n", encoding="utf-8")
    import hashlib
    digest = {p: hashlib.sha256(p.read_bytes()).hexdigest() for p in (victim, absolute)}
    manifest = json.loads((out / ".continuity-generated.json").read_text("utf-8"))
    manifest["files"].update({
        "../memory/journal/2026-01-02-turn-1.md": digest[victim],
        str(absolute): digest[absolute],
        "..\\memory\\x.md": "0" * 64,
    })
    (out / ".continuity-generated.json").write_text(json.dumps(manifest), encoding="utf-8")
    done = run_cli("generate", str(root), "--out", str(out), "--no-git", cwd=tmp_path)
    assert done.code == 0, done.err
    assert victim.is_file() and absolute.read_text("utf-8") == "keep me\n"


def test_a_link_inside_the_output_into_the_tree_is_refused(tmp_path: Path):
    root, out = _generated(tmp_path)
    before = (root / "journal" / "2026-01-02-turn-1.md").read_bytes()
    import shutil
    shutil.rmtree(out / "journal")
    (out / "journal").symlink_to(root / "journal", target_is_directory=True)
    done = run_cli("generate", str(root), "--out", str(out), "--no-git", cwd=tmp_path)
    assert done.code == 2 and "nothing was written" in done.err, done.err
    assert (root / "journal" / "2026-01-02-turn-1.md").read_bytes() == before
    assert sorted(p.name for p in (root / "journal").iterdir()) == [
        "2026-01-02-turn-1.md", "ENTRY.template.md"]


# --------------------------------------------------------- a root inside docs_dir (10)


def test_files_of_a_root_inside_docs_dir_that_the_check_did_not_read_are_not_published(
        tmp_path: Path):
    project = tmp_path / "project"
    write_files(project / "docs" / "memory", {
        **minimal_tree(), "drafts/plan.md": f"# Draft\n\ntoken {GITHUB}\n",
        "journal/scratch.txt": f"{GITHUB}\n"})
    write_mkdocs_yml(project, options={"root": "docs/memory", "exclude": ["drafts/*"]})
    result = build(project)
    assert result.error is None, result.said
    leaks = [name for name, data in _site_files(result.site).items() if GITHUB.encode() in data]
    assert leaks == []
    assert (result.site / "memory" / "STATE" / "index.html").is_file()


def test_a_snippet_marker_in_an_entry_includes_no_file_of_the_disk(tmp_path: Path):
    project = tmp_path / "project"
    write_files(project, {"private.txt": "the-private-marker\n"})
    write_files(project / "memory", {**minimal_tree(), **dict([_journal(
        4, 2, '# Include\n\n--8<-- "private.txt"\n\n```\n--8<-- "private.txt"\n```\n')])})
    write_mkdocs_yml(project, options={"root": "memory"},
                     extra={"markdown_extensions": ["pymdownx.snippets"]})
    result = build(project)
    assert result.error is None, result.said
    assert [n for n, d in _site_files(result.site).items() if b"the-private-marker" in d] == []
    out = tmp_path / "docs"
    assert run_cli("generate", str(project / "memory"), "--out", str(out), "--no-git",
                   cwd=project).code == 0
    import markdown
    page = (out / "journal" / "2026-01-04-turn-2.md").read_text("utf-8")
    rendered = markdown.markdown(page, extensions=["pymdownx.snippets", "fenced_code"],
                                 extension_configs={"pymdownx.snippets": {"base_path": [
                                     str(project)]}})
    assert "the-private-marker" not in rendered
