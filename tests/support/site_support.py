"""Helpers for the site tests: real MkDocs builds (in-process or as a command), a crawler for
the built site's links, and snapshots of directories that must not change."""

from __future__ import annotations

import hashlib
import logging
import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import yaml
from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config as load_mkdocs_config
from mkdocs.exceptions import Abort, ConfigurationError, PluginError

from tests.support.common import REPO


def write_mkdocs_yml(project: Path, *, docs_dir: str = "docs", theme: str = "material",
                     options: dict | None = None, nav: list | None = None,
                     extra: dict | None = None) -> Path:
    """A mkdocs.yml with ``plugins: [search, continuity]`` and the given plugin options."""
    config: dict = {
        "site_name": "Test memory",
        "docs_dir": docs_dir,
        # Offline themes: no Google Fonts (material), no highlight.js from a CDN (mkdocs).
        "theme": {"name": theme, "font": False} if theme == "material"
        else {"name": theme, "highlightjs": False},
        "plugins": ["search", {"continuity": options or {}}],
    }
    if nav is not None:
        config["nav"] = nav
    config.update(extra or {})
    (project / docs_dir).mkdir(parents=True, exist_ok=True)
    path = project / "mkdocs.yml"
    path.write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    return path


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@dataclass
class Build:
    site: Path
    records: list[logging.LogRecord] = field(default_factory=list)
    error: str | None = None

    @property
    def warnings(self) -> list[str]:
        return [r.getMessage() for r in self.records if r.levelno >= logging.WARNING]

    @property
    def said(self) -> str:
        """Everything that went wrong, as the user reads it: the abort and what was logged."""
        errors = [r.getMessage() for r in self.records if r.levelno >= logging.ERROR]
        return "\n".join([*errors, self.error or ""])

    @property
    def infos(self) -> list[str]:
        return [r.getMessage() for r in self.records if r.levelno == logging.INFO]

    def html(self, page: str) -> str:
        """The built HTML of a page given by its URL (``STATE/``) or file."""
        path = self.site / page
        if page.endswith("/") or page == "":
            path = path / "index.html"
        return path.read_text("utf-8")


def build(project: Path, *, strict: bool = False, site: Path | None = None) -> Build:
    """``mkdocs build`` in-process, as the command runs it (startup and shutdown events too)."""
    site = site or project / "site"
    handler = _Records()
    logger = logging.getLogger("mkdocs")
    previous_level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    result = Build(site)
    cwd = Path.cwd()
    try:
        os.chdir(project)
        config = load_mkdocs_config(config_file=str(project / "mkdocs.yml"), strict=strict,
                                    site_dir=str(site))
        config.plugins.on_startup(command="build", dirty=False)
        try:
            mkdocs_build(config)
        finally:
            config.plugins.on_shutdown()
    except (Abort, ConfigurationError, PluginError) as exc:
        result.error = str(exc)
    finally:
        os.chdir(cwd)
        logger.removeHandler(handler)
        logger.setLevel(previous_level)
    result.records = handler.records
    return result


def mkdocs_command(project: Path, *args: str, timeout: int = 300) -> subprocess.CompletedProcess:
    """The real ``mkdocs`` command line, run in ``project``."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    return subprocess.run([sys.executable, "-m", "mkdocs", *args], cwd=project, env=env,
                          capture_output=True, text=True, timeout=timeout)


def snapshot(directory: Path) -> dict[str, str]:
    """Every file below ``directory`` with a digest of its content (and links as links)."""
    result = {}
    if not directory.exists():
        return result
    for path in sorted(directory.rglob("*")):
        rel = path.relative_to(directory).as_posix()
        if path.is_symlink():
            result[rel] = "link:" + os.readlink(path)
        elif path.is_file():
            result[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
        else:
            result[rel] = "dir"
    return result


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[tuple[str, str]] = []  # (tag.attribute, value)
        self.in_nav = 0
        self.nav_links: list[str] = []

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        for name in ("href", "src"):
            if values.get(name) is not None:
                self.links.append((f"{tag}.{name}", values[name]))


def links_of(html: str) -> list[tuple[str, str]]:
    parser = _Links()
    parser.feed(html)
    return parser.links


def resolve(site: Path, page_file: Path, url: str) -> Path | None:
    """The file a relative URL of ``page_file`` points at, or None when it is external."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or url.startswith("#") or not parts.path:
        return None
    if parts.path.startswith("/"):  # 404.html is served from anywhere: absolute paths
        target = (site / unquote(parts.path).lstrip("/")).resolve()
    else:
        target = (page_file.parent / unquote(parts.path)).resolve()
    if url.endswith("/") or target.is_dir():
        target = target / "index.html"
    return target


def broken_links(site: Path) -> list[str]:
    """Every internal link or asset reference of the built site that points at nothing."""
    broken = []
    for page in sorted(site.rglob("*.html")):
        for where, url in links_of(page.read_text("utf-8")):
            target = resolve(site, page, url)
            if target is not None and not target.exists():
                broken.append(f"{page.relative_to(site)}: {where}={url}")
    return broken


FETCHING = re.compile(r"""(?:src|href|srcset|poster|data)\s*=\s*["']?\s*(https?:)?//""",
                      re.IGNORECASE)
CSS_REMOTE = re.compile(r"""(?:url\(\s*["']?\s*(?:https?:)?//|@import\s+["']?(?:https?:)?//)""",
                        re.IGNORECASE)


def remote_assets(site: Path) -> list[str]:
    """Resources the browser would fetch from another host: scripts, styles, images, fonts."""
    found = []
    for page in sorted(site.rglob("*.html")):
        html = page.read_text("utf-8")
        for tag in re.finditer(r"<(script|link|img|iframe|source|video|audio|embed|object)\b"
                               r"[^>]*>", html, re.IGNORECASE):
            text = tag.group(0)
            if tag.group(1).lower() == "link" and not re.search(
                    r"rel\s*=\s*[\"']?(?:stylesheet|preload|preconnect|icon|modulepreload|"
                    r"manifest|dns-prefetch)", text, re.IGNORECASE):
                continue
            if FETCHING.search(text):
                found.append(f"{page.relative_to(site)}: {text[:160]}")
    for sheet in sorted(site.rglob("*.css")):
        for match in CSS_REMOTE.finditer(sheet.read_text("utf-8", "replace")):
            found.append(f"{sheet.relative_to(site)}: {match.group(0)}")
    return found


class _NavLinks(HTMLParser):
    """Links inside the site navigation: Material's primary nav, or the mkdocs theme's navbar."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
            "source", "track", "wbr"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0  # open elements inside the nav (0: outside)
        self.found = False
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        classes = (values.get("class") or "").split()
        if self.depth == 0:
            if not self.found and ("md-nav--primary" in classes or "navbar-nav" in classes):
                self.depth = 1
                self.found = True
            return
        if tag == "a" and values.get("href") and not values["href"].startswith("#"):
            self.links.append(values["href"])
        if tag not in self.VOID:
            self.depth += 1

    def handle_endtag(self, tag):
        if self.depth > 0 and tag not in self.VOID:
            self.depth -= 1


def primary_nav_links(html: str) -> list[str]:
    parser = _NavLinks()
    parser.feed(html)
    if not parser.found:
        raise AssertionError("no navigation found in the page")
    return parser.links


def copy_site_src(destination: Path) -> Path:
    """The bundled example tree, copied so a test may build it without touching the repo."""
    import shutil
    shutil.copytree(REPO / "site_src", destination, symlinks=True)
    return destination
