"""Review what a range of commits did to each memory root, in the words of its convention.

BASE defaults to the merge-base of HEAD with the default branch (origin/HEAD, else main,
else master); HEAD defaults to HEAD. --worktree and --staged review the working tree or the
index against BASE. Per memory root: the living files' sections added, changed and removed
(with the commit, author and date of each change), topics and files added, renamed and deleted
(and index lines left pointing at them), history entries, notes and ledger cycles appended,
append-only promises broken, the findings the range introduced and fixed (the check run at
BASE and HEAD on what the range can affect; --full-check: on the whole trees), what memory
cites that HEAD no longer has, and what fell past the agent's load window.

Exit status: 0 reviewed, 1 the range introduced a finding at or above --fail-on or broke an
append-only promise, 2 nothing could be judged (an unknown BASE, a shallow clone, no git).

  continuity diff                      # this branch against its merge-base with main
  continuity diff v1.2 HEAD --format markdown -o review.md
  continuity diff --worktree           # what is not committed yet, against the merge-base
"""

from __future__ import annotations

import argparse
from pathlib import Path

from continuity.config import OPTIONS
from continuity.output import write_output


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("base", nargs="?", metavar="BASE",
                        help="the commit the review starts from (default: the merge-base of "
                             "HEAD with origin/HEAD, main or master)")
    parser.add_argument("head", nargs="?", metavar="HEAD",
                        help="the commit the review ends at (default: HEAD)")
    side = parser.add_mutually_exclusive_group()
    side.add_argument("--worktree", action="store_true",
                      help="review the working tree (committed or not) against BASE")
    side.add_argument("--staged", action="store_true",
                      help="review the index (what the next commit holds) against BASE")
    parser.add_argument("--format", choices=("text", "markdown", "json", "github", "gitlab"),
                        default="text",
                        help="text; markdown (a pull-request comment, under 65,536 "
                             "characters); json; github (the Markdown to $GITHUB_STEP_SUMMARY, "
                             "an annotation per finding introduced); gitlab (Markdown for a "
                             "merge-request note)")
    parser.add_argument("-o", "--output", metavar="FILE",
                        help="write the review to FILE (with --format github: the Markdown, "
                             "for a step that posts it as a comment)")
    parser.add_argument("-p", "--path", action="append", default=[], metavar="PATH",
                        help="review these memory roots only (repeatable; default: the "
                             "configured root, or every root below the current folder)")
    parser.add_argument("--no-check", action="store_true",
                        help="do not run the check at BASE and HEAD (no findings introduced "
                             "or fixed; much faster on large trees)")
    parser.add_argument("--full-check", action="store_true",
                        help="run the whole check at BASE and at HEAD (BASE's tree written "
                             "out) rather than on what the range can affect; the findings "
                             "are the same, slower")
    parser.add_argument("--no-drift", action="store_true",
                        help="do not look for paths, targets, tests and commits that memory "
                             "cites and HEAD no longer has")
    parser.add_argument("--fail-on", choices=OPTIONS["fail_on"].choices, default="error",
                        help="the lowest severity of a finding introduced that makes the exit "
                             "status 1 (default: error)")


def run(args: argparse.Namespace) -> int:
    from continuity.formats.secrets import redact_credentials
    from continuity.review.build import Request, build_review
    from continuity.review.formats import render
    from continuity.review.markdown import render as markdown

    request = Request(args.base, args.head, staged=args.staged, worktree=args.worktree,
                      paths=tuple(args.path), check=not args.no_check, drift=not args.no_drift,
                      full_check=args.full_check)
    review = build_review(request, Path.cwd())
    if args.format == "github":
        write_output(render(review, "github"), None)
        if args.output:
            # The comment holds 65,536 characters; the job summary, the whole review.
            write_output(redact_credentials(markdown(
                review, more="this workflow run's job summary")), args.output)
    else:
        write_output(render(review, args.format, report=None), args.output)
    failing = ("error",) if args.fail_on == "error" else ("error", "warning")
    introduced = any(f.severity in failing for root in review.roots for f in root.introduced)
    broken = any(root.broken for root in review.roots)
    return 1 if introduced or broken else 0
