"""Shoot each convention's home page: a small tree of each, committed to a new repository,
built by the plugin (Material) and shot in Chromium at 1280 px.

    python bench/screenshots/conventions.py      # writes bench/screenshots/convention-*.png

The trees are written here (no public repository's text): several Claude Code agents under
``.claude/agent-memory/`` (one site, an agent a section), Kiro steering and Cursor rules (a
catalogue of when each rule applies), Spec Kit (features with their tasks' progress), a Cline
memory bank (its core files), and a root of no known convention with a dated folder. Needs
Debian's chromium (``/usr/bin/chromium``) and playwright.
"""

from __future__ import annotations

import functools
import http.server
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
CHROMIUM = "/usr/bin/chromium"


def topic(name: str, description: str, kind: str, body: str) -> str:
    return f"---\nname: {name}\ndescription: {description}\ntype: {kind}\n---\n{body}\n"


#: name -> (the plugin's root, the tree's files)
TREES: dict[str, tuple[str, dict[str, str]]] = {
    "claude-agents": (".claude/agent-memory", {
        ".claude/agent-memory/reviewer/MEMORY.md":
            "# Reviewer memory\n\n- [Style rules](style.md) — how this team reviews\n"
            "- [Flaky tests](flaky.md) — tests that fail at random\n",
        ".claude/agent-memory/reviewer/style.md":
            topic("Style rules", "how this team reviews", "feedback", "Small functions."),
        ".claude/agent-memory/reviewer/flaky.md":
            topic("Flaky tests", "tests that fail at random", "project", "test_timeout."),
        ".claude/agent-memory/reviewer/old.md":
            topic("Old release notes", "a topic the index lost", "project", "v1 shipped."),
        ".claude/agent-memory/planner/MEMORY.md": "# Planner memory\n\n- [Roadmap](roadmap.md)\n",
        ".claude/agent-memory/planner/roadmap.md":
            topic("Roadmap", "what ships when", "project", "Version 2 in March."),
    }),
    "kiro": (".kiro/steering", {
        ".kiro/steering/product.md": "# Product\n\nA tide-table app for sailors.\n",
        ".kiro/steering/typescript.md": "---\ninclusion: fileMatch\nfileMatchPattern: "
                                        "'src/**/*.ts'\n---\n# TypeScript style\n\nStrict.\n",
        ".kiro/steering/release.md": "---\ninclusion: manual\n---\n# Release checklist\n\nTag.\n",
        "src/app.ts": "export {}\n",
    }),
    "cursor": (".cursor/rules", {
        ".cursor/rules/python.mdc": "---\ndescription: Python conventions\nglobs: '**/*.py'\n"
                                    "alwaysApply: false\n---\nUse type hints.\n",
        ".cursor/rules/brief.mdc": "---\ndescription: Answer briefly\nalwaysApply: true\n---\n"
                                   "Short answers.\n",
    }),
    "speckit": (".", {
        ".specify/memory/constitution.md": "# Tide Constitution\n\n**Version**: 1.2.0 | "
                                           "**Ratified**: 2026-01-01\n\nTest first.\n",
        "CLAUDE.md": "# Tide\n\nFollow the constitution.\n",
        "specs/001-login/spec.md": "# Login\n\nSailors sign in with a passkey.\n",
        "specs/001-login/plan.md": "# Plan\n\nA form and an endpoint.\n",
        "specs/001-login/tasks.md": "# Tasks\n\n- [x] T001 Model\n- [x] T002 Endpoint\n"
                                    "- [ ] T003 Form\n",
        "specs/002-export/spec.md": "# Export\n\nTide tables as CSV.\n",
    }),
    "cline-bank": ("memory-bank", {
        f"memory-bank/{name}.md": f"# {title}\n\n{words}\n" for name, title, words in (
            ("projectbrief", "Project brief", "A tide-table app."),
            ("productContext", "Product context", "Sailors plan trips by the tide."),
            ("activeContext", "Active context", "Working on the export."),
            ("systemPatterns", "System patterns", "One module a job."),
            ("techContext", "Tech context", "Python 3.12, SQLite."),
            ("progress", "Progress", "Login done; export next."))}),
    "no-convention": (".", {
        "TODO.md": "# TODO\n\n- [ ] ship the release\n",
        **{f"reflections/2026-11-0{day}.md": f"# Reflection {day}\n\nLearned thing {day}.\n"
           for day in range(1, 4)},
    }),
}


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def build(work: Path, name: str, root: str, files: dict[str, str]) -> Path:
    project = work / name
    for path, text in files.items():
        (project / path).parent.mkdir(parents=True, exist_ok=True)
        (project / path).write_text(text, encoding="utf-8")
    (project / "docs").mkdir(exist_ok=True)
    (project / "mkdocs.yml").write_text(
        f"site_name: {name}\ndocs_dir: docs\ntheme:\n  name: material\n  font: false\n"
        f"plugins:\n  - search\n  - continuity:\n      root: {root}\n", encoding="utf-8")
    git = ["git", "-c", "user.name=Shots", "-c", "user.email=shots@example.invalid"]
    subprocess.run([*git, "init", "-q"], cwd=project, check=True)
    subprocess.run([*git, "add", "-A"], cwd=project, check=True)
    subprocess.run([*git, "commit", "-qm", "memory"], cwd=project, check=True)
    mkdocs = Path(sys.executable).parent / "mkdocs"
    subprocess.run([str(mkdocs), "build", "-q"], cwd=project, check=True)
    return project / "site"


def main() -> int:
    with tempfile.TemporaryDirectory() as work, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for name, (root, files) in TREES.items():
            site = build(Path(work), name, root, files)
            handler = functools.partial(_Quiet, directory=str(site))
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
            threading.Thread(target=server.serve_forever, daemon=True).start()
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(f"http://127.0.0.1:{server.server_port}/")
            page.screenshot(path=str(HERE / f"convention-{name}.png"))
            page.close()
            server.shutdown()
            print(f"convention-{name}.png")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
