"""A memory tree's site built by each engine: MkDocs and ProperDocs run the plugin, Zensical
(which runs no MkDocs plugin) builds what ``continuity generate`` writes. The same checks then
read each site: its pages and its search index, however the engine spells it.

Security tests build their hostile trees through :func:`build_site` too, so that the same
entries meet every engine's parser.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import yaml

ENGINES = ("mkdocs", "properdocs", "zensical")
BIN = Path(sys.executable).parent
THEME = {"name": "material", "font": False}  # no web fonts from another host


def _run(command: list[str], cwd: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", DISABLE_MKDOCS_2_WARNING="true")
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=600)
    if done.returncode != 0:
        raise AssertionError(f"{' '.join(command)} failed ({done.returncode}):\n"
                             f"{done.stdout}\n{done.stderr}")
    return done


def build_site(engine: str, memory: Path, work: Path, *, options: dict | None = None,
               strict: bool = True, config_extra: dict | None = None) -> Path:
    """Build the site of ``memory`` with ``engine`` in ``work``; the site directory.
    ``config_extra`` is merged into the configuration (a theme's features, extensions)."""
    work.mkdir(parents=True, exist_ok=True)
    config: dict = {"site_name": "Test memory", "docs_dir": "docs", "theme": THEME,
                    **(config_extra or {})}
    if engine in ("mkdocs", "properdocs"):
        (work / "docs").mkdir(exist_ok=True)
        config["plugins"] = ["search", {"continuity": {"root": str(memory), **(options or {})}}]
        name = "mkdocs.yml" if engine == "mkdocs" else "properdocs.yml"
        (work / name).write_text(yaml.safe_dump(config, sort_keys=False), "utf-8")
        _run([str(BIN / engine), "build", *(["--strict"] if strict else []), "-f", name], work)
    elif engine == "zensical":
        _run([sys.executable, "-m", "continuity", "generate", str(memory), "--out",
              str(work / "docs"), "--title", "Test memory", "--nav-file", str(work / "nav.yml")],
             work)
        config["nav"] = yaml.safe_load((work / "nav.yml").read_text("utf-8"))["nav"]
        config["plugins"] = ["search"]
        (work / "mkdocs.yml").write_text(yaml.safe_dump(config, sort_keys=False), "utf-8")
        _run([str(BIN / "zensical"), "build", "--clean"], work)
    else:
        raise ValueError(engine)
    return work / "site"


def build_mkdocs_in_process(memory: Path, work: Path, *, options: dict | None = None,
                            strict: bool = True) -> Path:
    """The site ``build_site("mkdocs", ...)`` makes, from the same configuration, built by
    MkDocs in this process (:func:`tests.support.site_support.build`, strict warnings
    counted the same way): for tests about the pages rather than the ``mkdocs`` command, a
    build without a process's start-up, about half a second of CPU each."""
    from tests.support.site_support import build

    (work / "docs").mkdir(parents=True, exist_ok=True)
    config = {"site_name": "Test memory", "docs_dir": "docs", "theme": THEME,
              "plugins": ["search", {"continuity": {"root": str(memory), **(options or {})}}]}
    (work / "mkdocs.yml").write_text(yaml.safe_dump(config, sort_keys=False), "utf-8")
    built = build(work, strict=strict)
    if built.error is not None:
        raise AssertionError(f"mkdocs build failed: {built.error}\n{built.said}")
    return built.site


def html_pages(site: Path) -> set[str]:
    """The site's pages by URL (``journal/x/``), 404 left out."""
    pages = set()
    for path in site.rglob("index.html"):
        relative = path.parent.relative_to(site).as_posix()
        pages.add("" if relative == "." else relative + "/")
    return pages


def search_documents(site: Path) -> list[dict]:
    """The search index's documents: Material's search/search_index.json (``docs``) or
    Zensical's search.json (``items``), each with a ``location`` and a ``text``."""
    for relative, key in (("search/search_index.json", "docs"), ("search.json", "items")):
        path = site / relative
        if path.is_file():
            return list(json.loads(path.read_text("utf-8"))[key])
    raise AssertionError(f"{site}: no search index")


def pages_found_by(site: Path, word: str) -> set[str]:
    """The pages whose indexed text holds ``word`` (a section's anchor left out)."""
    return {doc["location"].split("#")[0] for doc in search_documents(site)
            if word in doc.get("text", "") or word in doc.get("title", "")}
