"""The memory site's stylesheet: badges, folded traces, diffs that wrap and are coloured, the
previous / next line. CSS only (nothing runs), served from the site itself (nothing fetched).

The generator publishes it at :func:`stylesheet_path` beside the pages; the MkDocs plugin adds
it to ``extra_css``; with ``continuity generate`` the site's own configuration names it
(``extra_css: [continuity.css]``, as the docs say).
"""

from __future__ import annotations

import posixpath
from pathlib import Path

from continuity.generator.site import StaticFile

NAME = "continuity.css"

#: Light colours first; Material's dark scheme (``slate``) and a dark system preference get
#: their own. Every selector is the site's own class, so a theme's look is left alone.
CSS = """\
/* mkdocs-continuity: the memory site's look. CSS only; nothing here runs or is fetched. */
.continuity-badge { display: inline-block; padding: 0 .5em; border-radius: .8em;
  font-size: max(.85em, 11px); font-weight: 600; line-height: 1.6; white-space: nowrap;
  vertical-align: baseline; border: 1px solid; }
.continuity-badge-good { color: #1b5e20; background: #e8f5e9; border-color: #81c784; }
.continuity-badge-bad { color: #b71c1c; background: #ffebee; border-color: #e57373; }
.continuity-badge-open { color: #0d47a1; background: #e3f2fd; border-color: #64b5f6; }
.continuity-badge-old { color: #5d4037; background: #efebe9; border-color: #bcaaa4; }
.continuity-badge-neutral { color: #424242; background: #f5f5f5; border-color: #bdbdbd; }
[data-md-color-scheme="slate"] .continuity-badge { background: transparent; }
[data-md-color-scheme="slate"] .continuity-badge-good { color: #a5d6a7; }
[data-md-color-scheme="slate"] .continuity-badge-bad { color: #ef9a9a; }
[data-md-color-scheme="slate"] .continuity-badge-open { color: #90caf9; }
[data-md-color-scheme="slate"] .continuity-badge-old { color: #d7ccc8; }
[data-md-color-scheme="slate"] .continuity-badge-neutral { color: #e0e0e0; }

/* Diffs wrap inside the content column and show added and removed lines as bands. */
pre.continuity-diff, pre.continuity-diff > code, pre > code.language-diff,
.language-diff pre > code { white-space: pre-wrap; overflow-wrap: anywhere; }
pre.continuity-diff ins, pre.continuity-diff del, pre.continuity-diff .continuity-hunk {
  display: block; text-decoration: none; }
pre.continuity-diff ins { background: rgba(46, 160, 67, .18); }
pre.continuity-diff del { background: rgba(248, 81, 73, .18); }
pre.continuity-diff .continuity-hunk { opacity: .7; }

/* A ledger cycle's trace, folded under one line. */
details.continuity-trace { margin: .4em 0; padding: .2em .8em; border-radius: .2em;
  border: 1px solid rgba(127, 127, 127, .35); }
details.continuity-trace > summary { cursor: pointer; font-weight: 600; }
details.continuity-trace[open] > summary { margin-bottom: .4em; }

/* Previous at the left, next at the right; one under the other on a narrow screen. */
p:has(> .continuity-previous, > .continuity-next) { display: flex; flex-wrap: wrap;
  justify-content: space-between; gap: .5em 2em; }
.continuity-previous, .continuity-next { flex: 1 1 16em; }
.continuity-next { text-align: right; }

/* Long words and paths never push the column wider than the screen. */
.md-typeset .continuity-excerpt { overflow-wrap: anywhere; }
svg.continuity-chart { max-width: 100%; height: auto; }
"""


def stylesheet_path(prefix: str) -> str:
    """Where the stylesheet is published: in the memory pages' folder."""
    return posixpath.join(prefix.strip("/"), NAME) if prefix.strip("/") else NAME


def stylesheet(prefix: str) -> StaticFile:
    """The stylesheet as a file of the site (its ``source`` is this module: no tree file)."""
    return StaticFile(stylesheet_path(prefix), Path(__file__), data=CSS.encode("utf-8"),
                      made=True)
