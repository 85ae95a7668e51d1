"""Redaction by what a reader sees: the one judge every output uses.

:func:`continuity.formats.secrets.redact` replaces what the detectors find in a text as it is
spelled; a token written ``ghp\\_…`` or split by U+200B matches no pattern there, yet a page,
a GitHub annotation or a job summary shows it whole. Here the findings come from
:func:`continuity.formats.seen.find_seen` (the text as written and as read), each at its source
span, so the span replaced covers the hiding too (the escape, the invisible character).
Used for diagnostics (every output format), the state timeline's versions, commit subjects and
author names, and every value the site writes (``generator.mdtext.raw``).
"""

from __future__ import annotations

from functools import lru_cache

from continuity.formats.secrets import CREDENTIALS, Detector, Finding
from continuity.formats.seen import find_seen


def credentials_seen(text: str) -> list[Finding]:
    """The credentials in ``text`` as written or as a reader sees it, at source spans."""
    return find_seen(text, CREDENTIALS) if text else []


def redact_seen(text: str, detectors: tuple[Detector, ...] = CREDENTIALS) -> str:
    """``text`` with every finding (as written or as read) replaced by ``[redacted:KIND]``."""
    if not text:
        return text
    if len(text) <= 512 and detectors is CREDENTIALS:  # names, subjects, messages: they
        return _short(text)  # repeat across pages and outputs
    return _replaced(text, find_seen(text, detectors))


@lru_cache(maxsize=1 << 15)
def _short(text: str) -> str:
    """Keyed by the text alone: a key holding the detector table hashed every detector (a
    frozen dataclass, its compiled pattern too) at each lookup, which cost more than the
    scans it saved (12,000 dead links: 9.9 million hashes in one site build)."""
    return _replaced(text, find_seen(text, CREDENTIALS))


def _replaced(text: str, findings: list[Finding]) -> str:
    if not findings:
        return text
    pieces = []
    position = 0
    for finding in findings:  # earliest first, no overlaps (find_seen's promise)
        pieces.append(text[position:finding.start])
        pieces.append(f"[redacted:{finding.kind}]")
        position = finding.end
    pieces.append(text[position:])
    return "".join(pieces)
