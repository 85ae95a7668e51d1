"""A commit's web page, for every commit link the site writes (entries, archives, the ledger,
the state timeline)."""

from __future__ import annotations

import re

_SHA = re.compile(r"[0-9a-f]{7,64}")
_WEB_ADDRESS = re.compile(r"https?://[^\s()<>\[\]\"'`\\]+")


def commit_url(repo_url: str | None, sha: str | None) -> str | None:
    """``<repo_url>/commit/<sha>``, as GitHub and GitLab (and Gitea, Forgejo) address a commit:
    only for a plain http(s) address and a hex sha, else None."""
    if not repo_url or not sha or not _SHA.fullmatch(sha):
        return None
    if not _WEB_ADDRESS.fullmatch(repo_url):
        return None  # not an address a link can hold as it is
    return f"{repo_url.rstrip('/')}/commit/{sha}"
