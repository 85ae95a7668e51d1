"""A test run's fixtures: the key-judged values of a committed test environment file.

Projects commit a test run's environment on purpose (Laravel's ``.env.testing``); its generated
values are the run's own. CT601 passes over them where a file holds them now, and CT605 in every
version of such a file git keeps: one decision for both.
"""

from __future__ import annotations

import re

#: A test run's environment file (Laravel's ``.env.testing``, ``.env.test``, ``.env.ci``,
#: ``.env.e2e``, Dusk's): projects commit it on purpose, its generated values (an ``APP_KEY``,
#: a test mailbox's password) are fixtures of the test run. Only a value judged by its key
#: word is passed over there; a provider's token (``ghp_…``, ``sk_live_…``) is found anywhere.
_TEST_ENVIRONMENT = re.compile(r"(?:^|/)\.env\.(?:test|testing|ci|e2e|dusk)(?:[.\-][\w.\-]{1,40})?$")
_JUDGED_BY_KEY = frozenset({"keyed-secret", "assigned-secret"})


def for_a_remote_service(text: str, line: int) -> bool:
    """Whether the variable on ``line`` is the credential of a hosted service the same file
    sends the test run to: a variable of its family (its first word: ``UPSTASH_…``, ``R2_…``)
    holds an ``https://`` address of a host that is not local. A fixture is a value the test
    run checks itself (an ``APP_KEY``, a local database's password); a token for a remote
    Redis or a bucket is the service's, valid wherever it is sent (survey 36: a test
    environment's Upstash token and R2 keys, the production file's among them)."""
    lines = text.splitlines()
    named = _VARIABLE.match(lines[line - 1]) if 0 < line <= len(lines) else None
    if named is None:
        return False
    family = named.group(1).split("_")[0]
    if len(family) < 2 or family.upper() in _GENERIC_FAMILIES:
        return False
    for other in lines:
        address = _VARIABLE.match(other)
        if address and address.group(1).split("_")[0] == family and \
                (host := _REMOTE_URL.match(other, address.end())) and \
                not _LOCAL_OR_RESERVED.search(host.group(1)):
            return True
    return False


_VARIABLE = re.compile(r"[ \t]{0,8}(?:export[ \t]{1,4})?([A-Za-z][A-Za-z0-9_]{0,63})[ \t]{0,4}[=:]")
_REMOTE_URL = re.compile(r"[ \t]{0,4}[\"']?https://([A-Za-z0-9.\-]{1,253})")
#: Words that begin the variables of the application itself, not of one service.
_GENERIC_FAMILIES = frozenset({"APP", "API", "TEST", "NEXT", "VITE", "PUBLIC", "REACT", "NUXT",
                               "BASE", "SITE", "SERVER", "SERVICE"})
#: Hosts a test run reaches on the machine itself, or names reserved for tests and examples.
_LOCAL_OR_RESERVED = re.compile(r"^(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|host\.docker\.internal)$"
                                r"|\.(?:test|local|localhost|example|invalid|internal)$"
                                r"|(?:^|\.)example\.(?:com|org|net)$", re.IGNORECASE)


def is_test_fixture(path: str, kind: str, text: str | None, line: int) -> bool:
    """Whether a finding of ``kind`` on ``line`` of ``text`` (the file at ``path``) is a test
    run's fixture: a value judged by its key word in a test environment file, for no hosted
    service the file sends the run to. Without the text (a version not kept), judged by its
    place alone."""
    if kind not in _JUDGED_BY_KEY or not _TEST_ENVIRONMENT.search(path):
        return False
    return text is None or not for_a_remote_service(text, line)
