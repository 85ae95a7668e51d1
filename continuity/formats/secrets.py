"""Credential and personal-data detectors, shared by CT601 (secret), CT503 and ``continuity note``.

Each detector has a kind (used in messages and in redaction markers such as
``[redacted:email]``) and a pattern. Patterns are specific (a provider's token prefix, a key
block, a password in a URL) so that ordinary prose does not trip them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Detector:
    kind: str
    description: str
    pattern: re.Pattern[str]
    group: int = 0  # the part of the match that is the secret
    # Lower-case text of which every match contains at least one: a text holding none of them
    # is not scanned (a cheap test that keeps checking 10,000 entries fast). Empty: always scan.
    needles: tuple[str, ...] = ()


def _d(kind: str, description: str, regex: str, group: int = 0, flags: int = 0,
       needles: tuple[str, ...] = ()) -> Detector:
    return Detector(kind, description, re.compile(regex, flags), group, needles)


CREDENTIALS: tuple[Detector, ...] = (
    _d("private-key", "a private key block",
       r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----",
       needles=("private key",)),
    _d("aws-key", "an AWS access key id", r"\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b",
       needles=("akia", "asia", "abia", "acca")),
    _d("aws-secret", "an AWS secret access key",
       r"(?i)aws_?secret_?access_?key\s*[:=]\s*['\"]?([A-Za-z0-9/+=]{40})\b", 1,
       needles=("secret",)),
    _d("github-token", "a GitHub token",
       r"\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b",
       needles=("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_")),
    _d("gitlab-token", "a GitLab token", r"\bglpat-[A-Za-z0-9_\-]{20,}\b",
       needles=("glpat-",)),
    _d("slack-token", "a Slack token", r"\bxox[abposr]-[A-Za-z0-9-]{10,}\b",
       needles=("xox",)),
    _d("anthropic-key", "an Anthropic API key", r"\bsk-ant-[A-Za-z0-9_\-]{20,}\b",
       needles=("sk-ant-",)),
    _d("openai-key", "an OpenAI API key", r"\bsk-(?:proj-|svcacct-)?[A-Za-z0-9_\-]{20,}\b",
       needles=("sk-",)),
    _d("stripe-key", "a Stripe secret key", r"\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,}\b",
       needles=("k_live_", "k_test_")),
    _d("google-key", "a Google API key", r"\bAIza[0-9A-Za-z_\-]{35}\b",
       needles=("aiza",)),
    _d("npm-token", "an npm token", r"\bnpm_[A-Za-z0-9]{36}\b",
       needles=("npm_",)),
    _d("jwt", "a JSON Web Token",
       r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b",
       needles=("eyj",)),
    _d("bearer-token", "a bearer token",
       r"(?i)\b(?:authorization:\s*)?bearer\s+([A-Za-z0-9\-._~+/]{20,}=*)", 1,
       needles=("bearer",)),
    _d("url-password", "a password in a URL",
       r"\b[a-z][a-z0-9+.\-]*://[^\s:/@]+:([^\s@/]{3,})@[^\s/]+", 1, re.IGNORECASE,
       needles=("://",)),
    _d("assigned-secret", "a secret assigned to a key",
       r"(?i)\b(?:password|passwd|pwd|secret|api[_-]?key|access[_-]?token|auth[_-]?token"
       r"|client[_-]?secret)\b\s*[:=]\s*['\"]?([^\s'\",;]{8,})", 1,
       needles=("pass", "pwd", "secret", "api", "token")),
)

PERSONAL: tuple[Detector, ...] = (
    _d("email", "an e-mail address",
       r"\b[A-Za-z0-9._%+\-]+@[A-Za-z0-9](?:[A-Za-z0-9\-]*[A-Za-z0-9])?"
       r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9\-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}\b",
       needles=("@",)),
    _d("home-path", "a home-directory path",
       r"(?:/home/|/Users/|[A-Za-z]:\\Users\\)[^\s/\\]+|~[A-Za-z][A-Za-z0-9_.\-]*/",
       needles=("/home/", "/users/", "\\users\\", "~")),
    _d("number", "a long numeric identifier", r"(?<![\w.\-])\d(?:[ \-]?\d){8,}(?![\w.])"),
)

#: Placeholder values that look like assignments but are not secrets.
_HARMLESS = re.compile(r"^(?:\*+|x+|<[^>]*>|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|\{\{.*\}\}|"
                       r"redacted|changeme|example|placeholder|none|null|true|false|"
                       r"\[redacted:[a-z\-]+\])$", re.IGNORECASE)


@dataclass(frozen=True)
class Finding:
    kind: str
    description: str
    start: int  # offset in the text of the secret part
    end: int


def find(text: str, detectors: tuple[Detector, ...]) -> list[Finding]:
    """Every match of ``detectors`` in ``text``, earliest first, overlaps removed."""
    found: list[Finding] = []
    lowered = text.lower()
    present = {needle for d in detectors for needle in d.needles if needle in lowered}
    for detector in detectors:
        if detector.needles and present.isdisjoint(detector.needles):
            continue
        for match in detector.pattern.finditer(text):
            start, end = match.span(detector.group)
            if start < 0:
                continue
            if detector.kind in ("assigned-secret", "url-password") and \
                    _HARMLESS.match(match.group(detector.group)):
                continue
            found.append(Finding(detector.kind, detector.description, start, end))
    found.sort(key=lambda f: (f.start, -(f.end - f.start)))
    kept: list[Finding] = []
    for finding in found:
        if kept and finding.start < kept[-1].end:
            continue
        kept.append(finding)
    return kept


def find_credentials(text: str) -> list[Finding]:
    return find(text, CREDENTIALS)


def find_sensitive(text: str) -> list[Finding]:
    """Credentials and personal data: what a note must never hold."""
    return find(text, CREDENTIALS + PERSONAL)


def redact(text: str, detectors: tuple[Detector, ...] = CREDENTIALS + PERSONAL
           ) -> tuple[str, list[Finding]]:
    """Replace every span ``detectors`` find (by default credentials and personal data) with
    ``[redacted:KIND]``; return the text and what was found."""
    findings = find(text, detectors)
    pieces = []
    position = 0
    for finding in findings:
        pieces.append(text[position:finding.start])
        pieces.append(f"[redacted:{finding.kind}]")
        position = finding.end
    pieces.append(text[position:])
    return "".join(pieces), findings


def line_column(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, column
