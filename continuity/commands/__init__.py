"""One module per ``continuity`` subcommand (see ``continuity.cli``).

:data:`COMMANDS` names them with their one-line help, so that the command line can list them all
and import only the one that runs: ``continuity --version`` or ``continuity check FILE`` does not
pay for the site generator, Jinja or Markdown parsers that other commands need.
"""

from __future__ import annotations

#: Each command's name, its module in this package, and its help in ``continuity --help``.
COMMANDS: dict[str, tuple[str, str]] = {
    "check": ("check", "lint memory trees (exit 0 clean, 1 findings, 2 errors)"),
    "conventions": ("conventions", "print per memory root the convention it follows, the evidence, "
                                   "and its files' kinds"),
    "diff": ("diff", "review what a range did to the memory: sections, topics, entries, "
                     "promises broken, findings introduced and fixed (exit 0, 1 new findings, "
                     "2 errors)"),
    "generate": ("generate", "write the site's Markdown pages to a directory (for MkDocs, "
                             "ProperDocs, Zensical)"),
    "init": ("init", "scaffold a memory tree with templates, state files and mkdocs.yml"),
    "kinds": ("kinds", "print the protocol's directory kinds in force (patterns, history or "
                       "library, edges, templates); `continuity conventions` shows each root's"),
    "new": ("new", "create a correctly named entry from its directory's template (never "
                   "overwrites)"),
    "note": ("note", "capture one durable fact as a note (exit 0 ok, 1 duplicate, 3 rejected, "
                     "4 invalid, 5 store, 6 blocked)"),
    "recall": ("recall", "find notes by project, tag and words, newest first (exit 0 found, "
                         "1 none)"),
    "report": ("report", "an audit report (md, html, json); --write-audit files it in audits/"),
    "rules": ("rules", "list the rules, or explain one (continuity rules CT301)"),
}
