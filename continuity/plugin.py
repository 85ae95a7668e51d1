"""The MkDocs plugin ``continuity``: the memory tree as pages of the site being built.

Thin by design: the pages come from :func:`continuity.generator.generate`, which knows nothing
of MkDocs. Here they become in-memory files (``File.generated``): nothing is written into
``docs_dir``. Findings are logged through MkDocs' plugin logger at their rules' severity
(errors as ERROR, warnings as WARNING); ``mkdocs build --strict`` fails on those at or above
``fail_on`` and names them; the ``strict`` option fails the build without ``--strict``.
Every page the plugin adds passes one choke point, :meth:`on_page_content`: its rendered
HTML is sanitised and its title made safe for ``<title>`` and the navigation.
"""

from __future__ import annotations

import functools
import logging
import os
from collections.abc import Callable
from dataclasses import dataclass
from html import unescape
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar

import jinja2
import jinja2.bccache
from mkdocs.config.base import ConfigWarnings, LegacyConfig
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page as MkDocsPage

if TYPE_CHECKING:
    from mkdocs.livereload import LiveReloadServer
    from mkdocs.utils.templates import TemplateContext

from continuity.config import Config, load_config, rebase, require_paths_inside, validate
from continuity.errors import ContinuityError
from continuity.formats.secrets import redact_credentials
from continuity.formats.words import plural
from continuity.generator import GenerateOptions, RootPart, Site, generate_roots
from continuity.generator.assets import stylesheet_path
from continuity.generator.feed import anything_to_feed, feed_path, feed_url, with_feed_link
from continuity.generator.html_links import put_in_place
from continuity.generator.inputs import ProvenanceCache, SiteInputs, combined, site_inputs
from continuity.generator.mdtext import redaction, title_text
from continuity.generator.memo import PageMemo
from continuity.generator.safety import clean_html
from continuity.model.kinds import TEMPLATE_NAME
from continuity.model.roots import forget as forget_roots
from continuity.model.tree import MemoryTree, ParsedEntries
from continuity.model.workspace import site_trees
from continuity.output import one_line
from continuity.preview import collector
from continuity.preview.internals import NAV_CACHE, PAGE_CACHE, unsupported
from continuity.preview.nav_cache import NavCache
from continuity.preview.page_cache import CachedPage, KeptFile, PageCache
from continuity.preview.search_aside import SearchAside
from continuity.validators.diagnostics import Severity
from continuity.validators.engine import CheckResult

log = get_plugin_logger("continuity")  # logger "mkdocs.plugins.continuity", messages prefixed

#: Findings a failed strict build names in its message.
STRICT_SHOWN = 5


#: A directory's real path, resolved once per build (10,000 entries share a few directories);
#: forgotten at the start of each build, since links may change between two.
_real_directory = functools.lru_cache(maxsize=4096)(os.path.realpath)


def _real(path: str) -> str:
    """A file's path with its directories' links resolved (the tree's root is resolved), but
    not the file's own: an entry that is a link is still that entry."""
    directory, name = os.path.split(os.path.abspath(path))
    return os.path.join(_real_directory(directory), name)


def scanned_files(tree: MemoryTree) -> set[str]:
    """The files of the tree the check reads (and CT601 scans), as :func:`_real` paths."""
    files = {_real(str(f.abspath)) for f in tree.all_files()}
    files |= {_real(str(d.template_file.abspath)) for d in tree.directories.values()
              if d.template_file is not None}
    return files


class _Advisory(logging.Filter):
    """Keeps a finding below ``fail_on`` out of MkDocs' count of warnings for ``--strict``:
    logged at its own level (a warning as WARNING), it fails no build (docs/site.md)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not getattr(record, "continuity_advisory", False)


_ADVISORY = _Advisory()


def log_findings(check: CheckResult, settings: Config) -> None:
    """Each finding at its rule's severity (an error as ERROR, a warning as WARNING); those
    below ``fail_on`` are not counted by MkDocs' ``--strict``, so that only what fails a check
    fails a strict build, as before (the plugin fails it itself: :meth:`fail_if_strict`)."""
    for engine in ("mkdocs", "properdocs"):  # the strict counter each adds for a build
        for handler in logging.getLogger(engine).handlers:
            if type(handler).__name__ == "CountHandler" and _ADVISORY not in handler.filters:
                handler.addFilter(_ADVISORY)
    threshold = Severity.WARNING.rank if settings.fail_on == "warning" else Severity.ERROR.rank
    for d in check.diagnostics:
        level = logging.ERROR if d.severity is Severity.ERROR else logging.WARNING
        log.log(level, one_line(f"{d.path}:{d.line}:{d.column}: {d.code} {d.message}"),
                extra={"continuity_advisory": d.severity.rank < threshold})


def count_warnings_when_quiet() -> None:
    """``-q`` raises the engine's logger to ERROR, so its own warnings (a dead link) are never
    made and ``--strict`` counts none: let them reach the strict counter, and keep them off the
    terminal, as ``-q`` asked, by raising the terminal's handler instead."""
    for engine in ("mkdocs", "properdocs"):
        logger = logging.getLogger(engine)
        quiet = logger.level
        if quiet <= logging.WARNING:
            continue
        for handler in logger.handlers:
            if type(handler).__name__ != "CountHandler":
                handler.setLevel(max(handler.level, quiet))
        logger.setLevel(logging.WARNING)


Hook = TypeVar("Hook", bound=Callable[..., Any])


def _guarded(hook: Hook) -> Hook:
    """Every exception inside a hook becomes a PluginError naming what was at hand (the page,
    or the memory root): one line, never a traceback; CONTINUITY_DEBUG=1 re-raises."""
    @functools.wraps(hook)
    def guarded(self: ContinuityPlugin, *args: Any, **kwargs: Any) -> Any:
        try:
            return hook(self, *args, **kwargs)
        except PluginError:
            raise
        except ContinuityError as exc:
            raise PluginError(one_line(redact_credentials(f"continuity: {exc}"))) from None
        except Exception as exc:
            if os.environ.get("CONTINUITY_DEBUG"):
                raise
            page = kwargs.get("page")
            where = (page.file.src_uri if page is not None and getattr(page, "file", None)
                     else str(self.tree.root) if self.tree is not None else "the memory tree")
            raise PluginError(one_line(redact_credentials(
                f"continuity: {where}: internal error in {hook.__name__}: "
                f"{type(exc).__name__}: {exc} (set CONTINUITY_DEBUG=1 for the traceback, and "
                "please report it)"))) from None
    return guarded  # type: ignore[return-value]


class KeptBytecode(jinja2.BytecodeCache):
    """Compiled templates in a dict kept across rebuilds (one entry per template of the
    theme); Jinja's bucket checks each against its template's source."""

    def __init__(self, store: dict[str, bytes]) -> None:
        self.store = store

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        code = self.store.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.store[bucket.key] = bucket.bytecode_to_string()


@dataclass(frozen=True)
class Clash:
    """What decides who keeps a URL that a generated page and a file of docs_dir both want."""

    root: str  # the top memory root, resolved
    inside: bool  # the root lies in docs_dir: its files are in the build
    child_folders: dict[str, MemoryTree]  # a child root's folder on the site -> its tree

    def child_of(self, page: str) -> str | None:
        """The child root (its folder) whose pages ``page`` is one of, innermost first."""
        folders = [f for f in self.child_folders if page.startswith(f + "/")]
        return max(folders, key=len) if folders else None


class ContinuityPlugin(BasePlugin[LegacyConfig]):
    """``plugins: [search, continuity]``; options are those of ``continuity check``."""

    def __init__(self) -> None:
        self.options: dict[str, Any] = {}
        self.project_dir = Path.cwd()
        self.command = "build"
        self.provenance_cache: ProvenanceCache = {}
        # src_uri of every page the plugin adds -> whether its raw HTML is cleaned (all are,
        # unless `sanitize_html: false` keeps the tree's own HTML on the pages that embed it)
        self.generated: dict[str, bool] = {}
        # src_uri -> HTML put in place of its placeholders after rendering (html_links.py),
        # and the HTML put after it (Page.closing_html)
        self.fragments: dict[str, tuple[tuple[tuple[str, str], ...], str]] = {}
        # src_uri -> pieces of that HTML the search index reads in another form
        self.searched_as: dict[str, tuple[tuple[str, str], ...]] = {}
        self.search_aside = SearchAside()  # what is out of the page being indexed
        self.tree: MemoryTree | None = None
        self.trees: list[MemoryTree] = []  # the root and the roots below it
        self.server: Any = None  # MkDocs' LiveReloadServer, set in on_serve
        self.watched: set[str] = set()
        self.ours: set[str] = set()  # src_uris of the pages the plugin generated this build
        self.made: set[str] = set()  # and of the files it made (the stylesheet, the feed)
        self.page_cache: PageCache | None = None  # in `mkdocs serve` only: rendered pages kept
        self.dirty = False
        # generated pages the navigation does not list -> the page of it each belongs under
        self.outside_nav: dict[str, MkDocsPage | None] = {}
        self.nav_parents: dict[str, str] = {}  # src_uri -> Page.nav_parent, from the generator
        self.nav_cache = NavCache({})  # Material's navigation, pruned, rendered once per build
        self.speedups_off: dict[str, str] = {}  # preview/internals.py: speed-ups turned off
        # In `mkdocs serve` only: the entries parsed and the pages generated by the last
        # rebuild, reused where their files and inputs are unchanged.
        self.parsed_entries: ParsedEntries | None = None
        self.page_memo: PageMemo | None = None
        self.compiled: dict[str, bytes] = {}  # serve: the theme's templates, compiled once
        self.feed_url: str | None = None  # the Atom feed's address, when there is a feed

    # -- options: the same table as every other source, so unknown names fail with their name

    # MkDocs prints each error as "option 'name': message": a message says as much as an
    # exception would.
    def load_config(  # type: ignore[override]
            self, options: dict[str, Any], config_file_path: str | None = None
    ) -> tuple[list[tuple[str, str]], ConfigWarnings]:
        self.config = LegacyConfig((), config_file_path=config_file_path)
        self.project_dir = Path(config_file_path).resolve().parent if config_file_path \
            else Path.cwd()
        errors: list[tuple[str, str]] = []
        for name, value in options.items():
            try:
                validate({name: value}, "mkdocs.yml")
            except ContinuityError as exc:
                errors.append((name, str(exc).removeprefix("mkdocs.yml: ")))
        self.options = dict(options)
        return errors, []

    def settings(self) -> Config:
        """The configuration file nearest mkdocs.yml, overridden by the plugin's options, whose
        paths are relative to mkdocs.yml: made absolute by the same function as every other
        entry point's, links kept, so that a root linking out of the repository is refused
        here as it is by ``continuity check`` (continuity.paths.configured_path)."""
        options = rebase(self.options, self.project_dir)
        config = load_config(self.project_dir, use_mkdocs=False)  # its options are applied here
        return require_paths_inside(config.with_options(options, "mkdocs.yml")) if options \
            else config

    # -- events

    def on_startup(self, *, command: Literal["build", "gh-deploy", "serve"], dirty: bool) -> None:
        # Its presence keeps this object across `mkdocs serve` rebuilds, with its caches; and
        # across every build of the process (MkDocs keeps one instance per plugin name), so
        # a build after a serve starts without them.
        self.command = command
        self.dirty = dirty
        serving = command == "serve"
        # Speed-ups that use other libraries' private parts, off where those are not as tested.
        self.speedups_off = unsupported()
        for reason in self.speedups_off.values():
            log.debug(reason)  # said once, under --verbose: the site is the same, built slower
        self.page_cache = PageCache() if serving and PAGE_CACHE not in self.speedups_off else None
        self.parsed_entries = ParsedEntries() if serving else None
        self.page_memo = PageMemo() if serving else None
        self.server = None

    @_guarded
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        collector.thaw()  # a previous build's objects, frozen (preview/collector.py)
        if config.strict:
            count_warnings_when_quiet()
        # The memory site is meant to work offline; say which theme settings fetch from afar.
        theme = config.theme
        if theme.name == "material" and theme.get("font") is not False:
            log.info("theme 'material' loads Google Fonts from fonts.googleapis.com; set "
                     "`theme.font: false` for a site that fetches nothing from other hosts")
        if theme.name == "mkdocs" and theme.get("highlightjs"):
            log.info("theme 'mkdocs' loads highlight.js from cdnjs.cloudflare.com; set "
                     "`theme.highlightjs: false` for a site that fetches nothing from other hosts")
        return config

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        try:
            if self.command != "serve":  # thawed by the next build, or on an error
                with collector.collector_off():
                    return self.add_memory_site(files, config)
            return self.add_memory_site(files, config)
        except ContinuityError as exc:
            raise PluginError(f"continuity: {exc}") from None
        except PluginError:
            raise
        except Exception as exc:  # a bug of ours: one line, the traceback on demand
            if os.environ.get("CONTINUITY_DEBUG"):
                raise
            raise PluginError(one_line(redact_credentials(
                f"continuity: {self.options.get('root', '.')}: internal error: "
                f"{type(exc).__name__}: {exc} (set CONTINUITY_DEBUG=1 for the traceback, and "
                "please report it)"))) from None

    def add_memory_site(self, files: Files, config: MkDocsConfig) -> Files:
        settings = self.settings()
        forget_roots()  # a serve session sees roots come and go
        _real_directory.cache_clear()
        for kept in (self.parsed_entries, self.page_memo):
            if kept is not None:
                kept.rotate()
        # the root, then the roots below it
        trees = site_trees(settings, cwd=self.project_dir, reuse=self.parsed_entries)
        tree = trees[0]
        parts = [RootPart(each, gathered.check, gathered.provenance, timeline=gathered.timeline)
                 for each, gathered in zip(trees, site_inputs(
                     trees, settings, self.project_dir, self.provenance_cache), strict=True)]
        inputs = SiteInputs(combined([part.check for part in parts]), parts[0].provenance)
        self.tree, self.trees = tree, trees
        for notice in inputs.check.notices:
            log.info(notice)
        log_findings(inputs.check, settings)
        docs_dir = Path(config.docs_dir).resolve()
        inside = tree.root == docs_dir or docs_dir in tree.root.parents
        prefix = settings.site_prefix
        if inside and not prefix:  # keep the tree's files at their own URLs
            prefix = Path(os.path.relpath(tree.root, docs_dir)).as_posix().strip(".")
        site = generate_roots(parts, GenerateOptions(
            prefix=prefix, page_size=settings.page_size, title=config.site_name,
            sanitize_html=settings.sanitize_html,
            directory_urls=bool(config.use_directory_urls), docs_root=docs_dir,
            repo_url=config.repo_url, site_url=config.site_url, feed=settings.feed,
            tags_page=settings.tags_page), self.page_memo)
        made = {static.path for static in site.static_files if static.made}
        self.feed_url = feed_url(config.site_url, prefix) \
            if config.site_url and feed_path(prefix) in made else None  # no dated entry: none
        if settings.feed and not config.site_url and anything_to_feed(trees):
            log.info("no feed of the entries: an Atom feed needs absolute links; set `site_url` "
                     "in mkdocs.yml (or the plugin's `feed: false`)")
        style = stylesheet_path(prefix)
        if style not in config.extra_css:  # the site's look (generator/assets.py)
            config.extra_css.append(style)
        own_nav = config.nav is None
        folders = {"/".join(p for p in (prefix.strip("/"), os.path.relpath(t.root, tree.root)
                                        .replace(os.sep, "/")) if p): t for t in trees[1:]}
        files = self.add_site(site, files, config, tree, inside, own_nav, folders)
        if own_nav:
            config.nav = self.navigation(site, files, tree)
        if self.command != "serve":
            self.fail_if_strict(inputs.check, settings, bool(config.strict))
        if self.server is not None:
            for each in trees:
                self.watch_tree(each, docs_dir)
        return files

    @staticmethod
    def fail_if_strict(check: CheckResult, settings: Config, mkdocs_strict: bool) -> None:
        """Fail a strict build here, not through MkDocs' count of warnings: ``-q`` or a logging
        configuration drops the warnings before MkDocs counts them, and the build would pass."""
        if not (settings.strict or mkdocs_strict) or not check.failed(settings.fail_on):
            return
        failing = [d for d in check.diagnostics if d.severity.fails(settings.fail_on)]
        shown = "; ".join(one_line(f"{d.path}:{d.line}:{d.column}: {d.code} {d.message}")
                          for d in failing[:STRICT_SHOWN])
        more = f" (and {len(failing) - STRICT_SHOWN} more)" if len(failing) > STRICT_SHOWN else ""
        why = ("the plugin's option `strict` is true" if settings.strict
               else "the build is --strict")
        raise PluginError(
            f"continuity: the memory tree has {plural(check.errors, 'error')} and "
            f"{plural(check.warnings, 'warning')}, and {why}: {shown}{more}")

    def add_site(self, site: Site, files: Files, config: MkDocsConfig, tree: MemoryTree,
                 inside: bool, own_nav: bool,
                 child_folders: dict[str, MemoryTree] | None = None) -> Files:
        """Add the pages; replace the tree's own files when the root lies inside docs_dir.

        With a ``nav`` written in mkdocs.yml, every generated page is out of the navigation
        unless listed there: MkDocs then does not list hundreds of them as omitted.
        ``child_folders``: the folder of each child root's pages (a user's page there is an
        error, see :meth:`make_room`).
        """
        clash = Clash(str(tree.root), inside, child_folders or {})
        unscanned, by_dest = self._give_way(site, files, tree, inside)
        self._add_pages(site, files, config, tree, own_nav, by_dest, clash)
        for static in site.static_files:
            # The bytes the check scanned, not the file as it is by the time MkDocs copies it.
            generated = File.generated(config, static.path, content=static.data,
                                       inclusion=InclusionLevel.NOT_IN_NAV) \
                if static.data is not None else \
                File.generated(config, static.path, abs_src_path=str(static.source),
                               inclusion=InclusionLevel.NOT_IN_NAV)
            if self.make_room(generated, by_dest, files, clash):
                files.append(generated)
                if static.made:
                    self.made.add(generated.src_uri)
        self._drop_unscanned(files, unscanned)
        if inside:
            self._tree_files_out_of_nav(files, str(tree.root))
        return files

    def _give_way(self, site: Site, files: Files, tree: MemoryTree, inside: bool
                  ) -> tuple[list[File], dict[str, File]]:
        """Remove the files of a root inside docs_dir that a page renders; return those the
        check never read (removed later, unless a page takes their place first) and every
        file left by its destination."""
        root = str(tree.root)
        rendered = {_real(str(tree.root / p.source)) for p in site.pages if p.source}
        rendered |= {_real(str(s.source)) for s in site.static_files}
        scanned: set[str] = set()
        if inside:  # the files every root's check read (a child root's are its own)
            for each in self.trees or [tree]:
                scanned |= scanned_files(each)
        unscanned: list[File] = []
        by_dest: dict[str, File] = {}
        for file in list(files):
            source = _real(file.abs_src_path) if file.abs_src_path else None
            if inside and source in rendered:
                files.remove(file)  # the page that renders it takes its place
                continue
            if inside and source and source.startswith(root + os.sep) and \
                    redact_credentials(file.src_uri) != file.src_uri:
                # A name holding a credential (a child root's folder `packs/ghp_…/`): its
                # pages are published under the redacted name; the file itself never is.
                files.remove(file)
                log.info("a file of the memory root inside docs_dir is not published: its "
                         f"path holds a credential ({redact_credentials(file.src_uri)})")
                continue
            if inside and source and source.startswith(root + os.sep) and source not in scanned:
                # Inside docs_dir, MkDocs would publish every file of the memory root; one the
                # check never read (drafts/, a file `exclude` names) was never scanned.
                unscanned.append(file)
            by_dest[file.dest_uri] = file
        return unscanned, by_dest

    def _add_pages(self, site: Site, files: Files, config: MkDocsConfig, tree: MemoryTree,
                   own_nav: bool, by_dest: dict[str, File], clash: Clash) -> None:
        """The generated pages as files of the build, with what later events need of each."""
        self.generated = {}
        self.fragments = {}
        self.searched_as = {}
        self.nav_parents = {}
        self.ours = set()
        self.made = set()
        for page in site.pages:
            generated = KeptFile.generated(
                config, page.path, content=page.content,
                inclusion=InclusionLevel.INCLUDED if page.in_nav and own_nav
                else InclusionLevel.NOT_IN_NAV)
            if not self.make_room(generated, by_dest, files, clash):
                continue
            files.append(generated)
            self.ours.add(generated.src_uri)
            if page.html or page.closing_html:
                self.fragments[generated.src_uri] = (page.html, page.closing_html)
            if page.searched_as:
                self.searched_as[generated.src_uri] = page.searched_as
            if page.nav_parent:
                self.nav_parents[generated.src_uri] = page.nav_parent
            self.generated[generated.src_uri] = \
                tree.config.sanitize_html or not page.holds_tree_markdown

    @staticmethod
    def _drop_unscanned(files: Files, unscanned: list[File]) -> None:
        present = {id(file) for file in files}  # by identity: a page may take the same name
        left = [file for file in unscanned if id(file) in present]
        for file in left:
            files.remove(file)
        if left:
            log.info(f"{plural(len(left), 'file')} of the memory root inside docs_dir are not published, "
                     f"since the check did not read them (first: {left[0].src_uri})")

    @staticmethod
    def _tree_files_out_of_nav(files: Files, root: str) -> None:
        """The rest of a tree inside docs_dir (READMEs) stays reachable, out of the nav; a
        directory's ``ENTRY.template.md`` is the check's, not a page of the memory."""
        for file in list(files):
            if not (file.abs_src_path and _real(file.abs_src_path).startswith(root + os.sep)):
                continue
            if file.src_uri.rsplit("/", 1)[-1] == TEMPLATE_NAME:
                files.remove(file)
            elif file.inclusion.is_in_nav():
                file.inclusion = InclusionLevel.NOT_IN_NAV

    @staticmethod
    def make_room(generated: File, by_dest: dict[str, File], files: Files, clash: Clash) -> bool:
        """Whether ``generated`` may go in. Another plugin's page, and a file of the memory tree
        that no page renders (a README.md where the home goes), give way, the latter said; a
        page of the user's own docs never does: at a child root's page it is an error (the
        parent's home links there), elsewhere it is kept and the clash named."""
        existing = by_dest.get(generated.dest_uri)
        if existing is None:
            return True
        source = _real(existing.abs_src_path) if existing.abs_src_path else ""
        # Only a tree inside docs_dir brings its own files into the build: a root that
        # encloses docs_dir (root "." and docs/) does not make the user's pages its own.
        of_tree = clash.inside and source.startswith(clash.root + os.sep)
        if existing.generated_by:
            files.remove(existing)
            return True
        child = clash.child_of(generated.src_uri)
        if child is not None and not of_tree:
            raise PluginError(
                f"continuity: {existing.src_uri} in docs_dir and the page {generated.src_uri} "
                f"of the memory root {child}/ would both be {existing.dest_uri}: a child root's "
                f"pages sit under its own folder. Move or rename {existing.src_uri}, or set the "
                "plugin's `site_prefix` option to put the memory site in a folder of its own.")
        if of_tree:
            files.remove(existing)
            log.info(f"{existing.src_uri} of the memory tree is not rendered: the memory "
                     f"site's {generated.src_uri} takes its place ({existing.dest_uri})")
            return True
        log.warning(f"{existing.src_uri} in docs_dir and the memory site's {generated.src_uri} "
                    f"would both be {existing.dest_uri}; kept {existing.src_uri}. Set the "
                    f"plugin's `site_prefix` option to move the memory site into a folder.")
        return False

    @staticmethod
    def navigation(site: Site, files: Files, tree: MemoryTree) -> list[str | dict[str, Any]]:
        """Home, the user's own pages, state files, directories, ledger, notes, findings."""
        ours = {page.path for page in site.pages}
        root = str(tree.root) + os.sep
        own = sorted(
            f.src_uri for f in files.documentation_pages()
            if f.src_uri not in ours and f.inclusion.is_in_nav()
            and not (f.abs_src_path and _real(f.abs_src_path).startswith(root)))
        nav: list[str | dict[str, Any]] = []
        items = site.nav()
        home = items[0][1] if items and items[0][0] == "Home" else None
        if isinstance(home, str) and files.get_file_from_path(home) is not None:
            nav.append({"Home": items.pop(0)[1]})
        nav.extend(own)
        for title, target in items:
            if isinstance(target, str):
                if files.get_file_from_path(target) is not None:  # else a user page kept it
                    nav.append({title: target})
            else:
                section = [{t: p} for t, p in target if files.get_file_from_path(p) is not None]
                if section:
                    nav.append({title: section})
        return nav

    # -- serve: pages whose Markdown and surroundings did not change are not rendered again

    @event_priority(-100)  # after every plugin has changed the navigation
    @_guarded
    def on_nav(self, nav: Navigation, *, config: MkDocsConfig, files: Files) -> Navigation:
        listed = {page.file.src_uri: page for page in nav.pages}
        self.outside_nav = {src_uri: listed.get(self.nav_parents.get(src_uri, ""))
                            for src_uri in self.ours if src_uri not in listed}
        if self.page_cache is not None:
            # the feed and the stylesheet change no page: left out of its surroundings
            self.page_cache.start(config, files, nav, self.ours | self.made, self.dirty)
        return nav

    @_guarded
    def on_env(self, env: jinja2.Environment, *, config: MkDocsConfig, files: Files
               ) -> jinja2.Environment:
        if self.page_cache is not None:
            self.page_cache.add_template(env)
            # MkDocs makes a new environment for every rebuild, which compiles every template
            # of the theme again; Jinja checks each kept one against its source.
            env.bytecode_cache = KeptBytecode(self.compiled)
        # After the loader is set: Jinja caches templates by loader, and a new one would load
        # the navigation's template again, unwrapped.
        self.nav_cache = NavCache(self.outside_nav)
        if config.theme.name == "material" and NAV_CACHE not in self.speedups_off:
            self.nav_cache.install(env)
        return env

    @event_priority(-100)  # the final HTML, after every plugin's on_post_page
    @_guarded
    def on_post_page(self, output: str, *, page: MkDocsPage, config: MkDocsConfig) -> str:
        if self.feed_url:  # every page names the feed (generator/feed.py)
            output = with_feed_link(output, self.feed_url, config.site_name)
        if self.page_cache is None:
            return output
        return self.page_cache.finish_page(output, page, self.ours)

    @_guarded
    def _before_search(self, context: TemplateContext, *, page: MkDocsPage, config: MkDocsConfig,
                       nav: Navigation) -> TemplateContext:
        pieces = self.searched_as.get(page.file.src_uri, ())
        if pieces and page.content and not isinstance(page, CachedPage):
            page.content = self.search_aside.set_aside(page.content, pieces)
        if self.page_cache is not None:
            self.page_cache.before_search(page, config)
        return context

    @_guarded
    def _after_search(self, context: TemplateContext, *, page: MkDocsPage, config: MkDocsConfig,
                      nav: Navigation) -> TemplateContext:
        if self.page_cache is not None:
            self.page_cache.after_search(page, config)
        if page.content:
            page.content = self.search_aside.put_back(page.content)
        return context

    on_page_context = CombinedEvent(event_priority(100)(_before_search),
                                    event_priority(-100)(_after_search))

    @event_priority(100)  # before the search plugin writes its index
    @_guarded
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if self.page_cache is not None:
            self.page_cache.finish_build(config, self.dirty)
        if self.page_cache is not None and self.page_cache.reused:
            read = self.parsed_entries.parsed if self.parsed_entries else 0
            made = self.page_memo.made if self.page_memo else 0
            log.info(f"read {plural(read, 'changed entry', 'changed entries')}, generated "
                     f"{made} changed entry and index pages; rendered "
                     f"{plural(self.page_cache.rendered, 'page')} again, reused "
                     f"{self.page_cache.reused} unchanged ones")

    def on_build_error(self, *, error: Exception) -> None:
        collector.thaw()

    @_guarded
    def _note_content(self, html: str, *, page: MkDocsPage, config: MkDocsConfig,
                      files: Files) -> str:
        if self.page_cache is None:
            return html
        kept = self.page_cache.note_content(page, self.ours)
        return html if kept is None else kept

    @_guarded
    def _sanitise(self, html: str, *, page: MkDocsPage, config: MkDocsConfig,
                  files: Files) -> str:
        if isinstance(page, CachedPage):
            return html  # cleaned when it was rendered
        sanitise = self.generated.get(page.file.src_uri)
        if sanitise is None:
            return html  # a page of the user's own docs
        # MkDocs' title is HTML text (``&lt;`` for a written ``<``). Material prints
        # ``page.title`` through ``striptags``, which unescapes it, and ``page.meta.title`` as
        # it is; the mkdocs theme prints ``page.title`` as it is. A title holding no character
        # HTML gives a meaning to is safe in each: heading ``</title><img onerror=...>`` stays
        # text (its ``<`` shown as a look-alike).
        with redaction(False):  # the page's text was redacted when it was generated
            page.meta["title"] = title_text(unescape(page.title or ""))
        if sanitise:  # what Python-Markdown made of the page's Markdown
            html = clean_html(html)
        fragments = self.fragments.get(page.file.src_uri)
        if fragments:  # the generator's own HTML, every value in it escaped (html_links.py)
            html = put_in_place(html, *fragments)
        return html

    on_page_content = CombinedEvent(event_priority(0)(_sanitise),
                                    event_priority(-100)(_note_content))

    @_guarded
    def on_serve(self, server: LiveReloadServer, *, config: MkDocsConfig,
                 builder: Callable[..., Any]) -> LiveReloadServer:
        self.server = server
        for tree in self.trees:
            self.watch_tree(tree, Path(config.docs_dir).resolve())
        return server

    def watch_tree(self, tree: MemoryTree, docs_dir: Path) -> None:
        """Rebuild when the tree changes, where MkDocs does not already watch (docs_dir)."""
        if tree.root == docs_dir or docs_dir in tree.root.parents:
            return
        wanted: list[tuple[Path, bool]] = [(tree.root, False)]
        wanted += [(tree.root / name, True) for name in tree.directories]
        for extra in (tree.ledger, tree.session_state, *tree.note_stores,
                      *(linked.file for linked in tree.linked)):
            if extra is not None:
                wanted.append((extra.abspath.parent, False))
        for path, recursive in wanted:
            key = str(path)
            if key in self.watched or not path.is_dir():
                continue
            if docs_dir == path or path in docs_dir.parents:
                recursive = False  # never watch the site being written, nor docs_dir twice
            self.server.watch(key, recursive=recursive)
            self.watched.add(key)
