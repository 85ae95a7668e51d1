"""Write the site's pages as Markdown files, for any engine (MkDocs, ProperDocs, Zensical).

The pages are the ones the MkDocs plugin builds in memory. DIR may be new, empty, or a previous
output: files this command wrote before (listed in DIR/.continuity-generated.json) are
overwritten, or removed when the tree no longer has them (unless edited since); any other file
is never touched, and a page that would overwrite one stops the command before anything is
written. Exit status 0, or 1 when the option `strict` is set and the tree has errors.

With ``--watch`` it keeps running: when a file of the tree (or the ledger, a note store, or the
repository's HEAD) changes, the pages are generated again and only those whose content changed
are rewritten, so an engine's own server (``zensical serve``, ``mkdocs serve``) rebuilds little.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import yaml

from continuity.config import load_config
from continuity.errors import ContinuityError, UsageError
from continuity.formats.words import plural
from continuity.model.boundaries import refusal
from continuity.model.tree import ParsedEntries
from continuity.model.workspace import site_trees
from continuity.output import one_line, write_atomic
from continuity.paths import repository_top
from continuity.reporters.progress import progress

if TYPE_CHECKING:
    from continuity.generator import Site
    from continuity.generator.memo import PageMemo

MANIFEST = ".continuity-generated.json"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("root", nargs="?", metavar="PATH",
                        help="the memory root (default: the configured root)")
    parser.add_argument("--out", required=True, metavar="DIR",
                        help="directory to write the pages to (an engine's docs directory)")
    parser.add_argument("--site-prefix", metavar="FOLDER",
                        help="folder of DIR to put the pages in (default: DIR itself)")
    parser.add_argument("--title", help="the home page's heading (default: \"Memory: \" and the root's name)")
    parser.add_argument("--nav-file", metavar="FILE",
                        help="also write the navigation (state files, directories, ledger, "
                             "notes, findings; no entry) as a YAML `nav:` for mkdocs.yml")
    parser.add_argument("--site-url", metavar="URL",
                        help="the site's address, for the Atom feed's absolute links "
                             "(feed.xml; without it, no feed)")
    parser.add_argument("--no-git", action="store_true",
                        help="skip the history rules and the commits that added each entry")
    parser.add_argument("--watch", action="store_true",
                        help="keep running; write again the pages that change when the tree does")


def run(args: argparse.Namespace) -> int:
    if not args.watch:
        with progress(sys.stderr, "generating"):
            return generate_once(args)[0]
    # What one run parsed and generated, kept for the next: only what changed is made again.
    from continuity.generator.memo import PageMemo

    kept = Kept(ParsedEntries(), PageMemo())
    status, watched = generate_once(args, kept)
    seen = signature(watched)
    print("continuity: watching the tree; Ctrl-C stops", file=sys.stderr, flush=True)
    try:
        while True:
            time.sleep(WATCH_INTERVAL)
            now = signature(watched)
            if now == seen:
                continue
            try:
                status, watched = generate_once(args, kept)
            except ContinuityError as exc:  # said, and the next change is tried again
                print(f"continuity: {exc}", file=sys.stderr, flush=True)
                status = 2
            seen = signature(watched)
    except KeyboardInterrupt:
        return status


#: Seconds between two looks at the tree in ``--watch``.
WATCH_INTERVAL = 0.3


@dataclass(frozen=True)
class Kept:
    """``--watch``: the entries parsed and the pages generated, kept from run to run."""

    entries: ParsedEntries
    pages: PageMemo

    def rotate(self) -> None:
        self.entries.rotate()
        self.pages.rotate()


def generate_once(args: argparse.Namespace, kept: Kept | None = None) -> tuple[int, list[Path]]:
    """Generate and write the site; the exit status and the paths whose change means again."""
    cwd = Path.cwd()
    overrides = {"git": "off" if args.no_git else None, "site_prefix": args.site_prefix}
    # The generator (Markdown, Jinja, the sanitiser) is imported only by the command that
    # needs it: every other command starts faster.
    from continuity.generator import GenerateOptions, RootPart, generate_roots
    from continuity.generator.feed import anything_to_feed
    from continuity.generator.inputs import combined, site_inputs
    from continuity.validators.run import options_place

    config = load_config(options_place([args.root] if args.root else [], cwd), overrides)
    if kept is not None:
        kept.rotate()
    trees = site_trees(config, Path(args.root) if args.root is not None else None, cwd,
                       reuse=kept.entries if kept else None)
    tree = trees[0]
    # Each root checked with its own templates, mesh, history and baseline.
    parts = [RootPart(each, gathered.check, gathered.provenance, timeline=gathered.timeline)
             for each, gathered in zip(trees, site_inputs(trees, config, cwd), strict=True)]
    check = combined([part.check for part in parts])
    site = generate_roots(parts, GenerateOptions(
        prefix=config.site_prefix, page_size=config.page_size,
        title=args.title or f"Memory: {tree.root.name}", sanitize_html=config.sanitize_html,
        portable=True, site_url=args.site_url, feed=config.feed, tags_page=config.tags_page),
        kept.pages if kept else None)
    out = Path(args.out)
    written, removed = write_site(site, out, tree.root)
    if args.nav_file:
        nav = yaml.safe_dump({"nav": site.nav_config()}, sort_keys=False, allow_unicode=True)
        write_atomic(Path(args.nav_file), nav.encode("utf-8"))
    for notice in check.notices:
        print(one_line(f"continuity: {notice}"), file=sys.stderr)
    # Said once, not on every rewrite; never where no entry is dated (nothing to feed).
    if config.feed and not args.site_url and kept is None and anything_to_feed(trees):
        print("continuity: no feed of the entries (feed.xml): its links are absolute; pass "
              "--site-url URL, or set feed = false", file=sys.stderr)
    print(f"{out}: {plural(written, 'file')} written"
          + (f", {plural(removed, 'stale file')} removed" if removed else "")
          + f"; {plural(check.errors, 'error')}, {plural(check.warnings, 'warning')}"
          + (" (see findings.md)" if check.diagnostics else ""), flush=True)
    watched = [path for each in trees for path in (each.root, *(
        f.abspath for f in (each.ledger, each.session_state, *each.note_stores)
        if f is not None))]
    top = repository_top(tree.root)
    if top is not None:  # a commit changes what each entry's page says about it
        watched += [top / ".git" / "HEAD", top / ".git" / "index"]
    status = 1 if config.strict and check.failed(config.fail_on) else 0
    return status, watched


def signature(paths: list[Path]) -> frozenset[tuple[str, int, int]]:
    """Every file below ``paths`` (``.git`` left out) by size and modification time."""
    seen: set[tuple[str, int, int]] = set()
    for path in paths:
        if path.is_file():
            stat = path.stat()
            seen.add((str(path), stat.st_size, stat.st_mtime_ns))
            continue
        for directory, subdirectories, names in os.walk(path):
            subdirectories[:] = [d for d in subdirectories if d != ".git"]
            for name in names:
                full = os.path.join(directory, name)
                try:
                    stat = os.stat(full, follow_symlinks=False)
                except OSError:
                    continue
                seen.add((full, stat.st_size, stat.st_mtime_ns))
    return frozenset(seen)


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _read_manifest(out: Path) -> dict[str, str]:
    path = out / MANIFEST
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text("utf-8"))
        files = data["files"]
        if isinstance(files, dict) and all(isinstance(v, str) for v in files.values()):
            return files
    except (OSError, ValueError, KeyError, TypeError):
        pass
    raise UsageError(f"{path}: not a manifest this command wrote; remove it or choose another "
                     "--out directory")


def path_inside(out: Path, relative: str) -> Path | None:
    """``out / relative`` when writing or removing it stays inside ``out`` (the resolved output
    directory), by :func:`continuity.model.boundaries.refusal`, the one path judgement of every
    writer: followed through every link, it must land inside ``out``, never in a ``.git``.

    The manifest and the pages' paths are data: a planted manifest naming ``../journal/x.md``
    or ``/etc/passwd``, or ``out/journal`` made a link into the tree, must not make this command
    write or delete there.
    """
    if not relative or "\x00" in relative:
        return None
    target = out / relative
    return None if refusal(target, out) is not None else target


def _contents(site: Site) -> dict[str, bytes]:
    files = {page.path: page.content.encode("utf-8") for page in site.pages}
    for static in site.static_files:
        if static.data is not None:  # the bytes that were scanned, not the file as it is now
            files[static.path] = static.data
            continue
        try:
            files[static.path] = static.source.read_bytes()
        except OSError as exc:
            raise UsageError(f"{static.source}: cannot read: {exc.strerror or exc}") from None
    return files


def write_site(site: Site, out: Path, root: Path) -> tuple[int, int]:
    """Write every page and copied file; return (written, stale files removed)."""
    out = out.absolute()
    if out.exists() and not out.is_dir():
        raise UsageError(f"{out}: not a directory")
    out = out.resolve()
    if out == root or root in out.parents:
        raise UsageError(f"{out}: inside the memory root {root}; write the pages elsewhere")
    if ".git" in out.parts:
        raise UsageError(f"{out}: inside a .git directory; write the pages elsewhere")
    previous = _read_manifest(out) if out.is_dir() else {}
    contents = _contents(site)
    # Refuse before writing anything: a page may replace only what this command wrote, and
    # only inside DIR, through no link.
    targets: dict[str, Path] = {}
    for relative in contents:
        target = path_inside(out, relative)
        if target is None:
            raise UsageError(f"{out / relative}: {refusal(out / relative, out)} (leaves {out}); "
                             "nothing was written (choose an empty --out directory)")
        if (target.exists() or target.is_symlink()) and relative not in previous:
            raise UsageError(f"{target}: exists and was not written by continuity generate; "
                             "nothing was written (choose an empty --out directory)")
        targets[relative] = target
    written = 0
    for relative, data in contents.items():
        target = targets[relative]
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.is_file() and target.read_bytes() == data:
            continue  # unchanged: keep its time stamp, so engines rebuild less
        write_atomic(target, data, durable=False)  # made again from the tree if lost
        written += 1
    removed = 0
    for relative, digest in previous.items():
        if relative in contents:
            continue
        stale = path_inside(out, relative)  # the manifest is data: never trusted with a path
        if stale is None or not stale.is_file():
            continue
        target = stale
        if _digest(target.read_bytes()) == digest:  # never lose an edit someone made
            target.unlink()
            removed += 1
            _remove_empty_parents(target.parent, out)
    manifest = {"files": {relative: _digest(data) for relative, data in sorted(contents.items())}}
    write_atomic(out / MANIFEST, (json.dumps(manifest, indent=1) + "\n").encode("utf-8"))
    return written, removed


def _remove_empty_parents(directory: Path, stop: Path) -> None:
    while directory != stop and stop in directory.parents:
        try:
            directory.rmdir()
        except OSError:
            return
        directory = directory.parent
