"""Credential and personal-data detectors: one table, shared by CT601 (secret), CT503,
``continuity note``'s redaction, the diagnostics every output prints, and the site.

Each detector has a kind (used in messages and in redaction markers such as
``[redacted:email]``) and a pattern. Patterns are specific (a provider's token prefix, a key
block, a password in a URL) so that ordinary prose does not trip them. The families are those
of the common open rule sets (gitleaks' defaults): cloud keys, provider tokens, webhook URLs,
key files, HTTP credentials and secrets assigned to keys.

Every pattern is linear by construction, because it runs on text from the tree: it starts with
a literal (a token prefix or a key word) and every repetition after it is bounded, so a match
attempt costs a bounded number of steps at each position whatever the text (tests time each
detector on adversarial megabytes). E-mail addresses are found by a scan from each ``@``.
"""

from __future__ import annotations

import base64
import binascii
import functools
import hashlib
import re
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import ahocorasick

from continuity.formats import lazy_re

#: (start, end) spans of a detector's secret part in a text.
Scanner = Callable[[str], Iterator[tuple[int, int]]]


@dataclass(frozen=True)
class Detector:
    kind: str
    description: str
    pattern: re.Pattern[str] | None
    group: int = 0  # the part of the match that is the secret
    # Lower-case text of which every match contains at least one: a text holding none of them
    # is not scanned (a cheap test that keeps checking 10,000 entries fast). Empty: always scan.
    needles: tuple[str, ...] = ()
    scanner: Scanner | None = None  # instead of ``pattern``: a scan of its own
    exact_needles: bool = False  # needles compared with the text as written, not lower-cased
    # Matches whose secret part is a placeholder (``<token>``, ``${VAR}``, ``changeme``) are
    # not secrets; only detectors that take any value after a key word need the test.
    placeholders_allowed: bool = False
    # A token of a provider's shape filled in as an example (``ghp_xxxxxx…``, AWS's
    # ``AKIAIOSFODNN7EXAMPLE``) is an example; key blocks are exempt (real ones hold ``AAAA``).
    made_up_refused: bool = True
    # A pattern that every match contains and that starts with a literal, which the regular
    # expression engine finds by a fast scan: a text without it is not scanned. (A pattern
    # that starts with ``\b`` or a look-behind is tried at every character instead: the
    # cost of the table on 10,000 ordinary entries was most of all in four such patterns
    # whose needles are common, ``:``, ``pat``, ``s.``.)
    prefilter: re.Pattern[str] | None = None

    def spans(self, text: str) -> Iterator[tuple[int, int]]:
        if self.scanner is not None:
            yield from self.scanner(text)
            return
        assert self.pattern is not None
        if self.prefilter is not None and self.prefilter.search(text) is None:
            return
        for match in self.pattern.finditer(text):
            start, end = match.span(self.group)
            if start < 0:
                continue
            value = match.group(self.group)
            if self.placeholders_allowed and harmless(value):
                continue
            if self.made_up_refused and (made_up(value) or _MASKED_TAIL.match(text, end)
                                         or _CUT_SHORT.match(text, end)):
                continue  # (``sk-ant-api03-AbCd...8QAA``: the visible ends of a masked key;
                # ``sk_live_51AbC...``: its start, the rest not written)
            yield start, end


def _d(kind: str, description: str, regex: str, group: int = 0, flags: int = 0,
       needles: tuple[str, ...] = (), placeholders: bool = False,
       exact: bool = False, block: bool = False, prefilter: str = "") -> Detector:
    # Compiled at first use (``lazy_re``): most detectors never scan a given tree.
    return Detector(kind, description, lazy_re.compile(regex, flags), group, needles,
                    placeholders_allowed=placeholders, exact_needles=exact,
                    made_up_refused=not block,
                    prefilter=lazy_re.compile(prefilter, flags) if prefilter else None)


#: Sample values their issuers' documentation prints, each the exact published one (a key
#: of anyone's holds none of them): the secret part of the Telegram Bot API's sample bot
#: token ("looks something like 123456:ABC-…", core.telegram.org/bots/api, "Authorizing
#: your bot"); rclone's documentation (docs/content): the access and secret keys MinIO prints
#: on start (s3.md), pixeldrain's API key after ``rclone config`` (pixeldrain.md), a Drive
#: file's ``resourceKey`` in ``lsjson`` output (drive.md), ``rclone obscure``'s output for
#: the password "dummy" (ftp.md) and a Mega remote's obscured password (docs.md).
_PUBLISHED_SAMPLES = (
    "ABC-DEF1234ghIkl-zyx57W2v1u123ew11",  # Telegram
    "USWUXHGYZQYFYFFIT3RE", "MOJRH0mkL1IPauahWITSVvyDrQbEEIwljvmxdq03",  # rclone: MinIO
    "b1bb1e81-9b7b-406b-986a-c9b20be76e15",  # rclone: pixeldrain
    "0-ABCDEFGHIXJQpIGqBJq3MC",  # rclone: Drive
    "IXs2wc8OJOz7SYLBk47Ji1rHTmxM",  # rclone: FTP
    "PDPcQVVjVtzFY-GTdDFozqBhTdsPg3qH",  # rclone: Mega
    # RFC 4122's (and RFC 9562's) example UUID, a sample ``apiKey`` in API references (a
    # workspace's copy of Polymarket's CLOB docs, sweep 1 of OpenClaw workspaces)
    "550e8400-e29b-41d4-a716-446655440000",
)
_PUBLISHED_SAMPLE = lazy_re.compile("|".join(map(re.escape, _PUBLISHED_SAMPLES)))
#: What a made-up value is filled with: a run of one character, the documentation's markers.
_MADE_UP = lazy_re.compile(r"x{6}|X{6}|EXAMPLE|YOUR_?|your_?|\*{3}|REDACTED|<|>|[Ff]ake|FAKE|[Dd]ummy|DUMMY"
                           r"|SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"  # jwt.io's example token
                           r"|\.\.\.|…"  # a key cut short in the middle: ``sk-ant-…8QAA``
                           + "|" + _PUBLISHED_SAMPLE.pattern)


_MASKED_TAIL = lazy_re.compile(r"(?:\.\.\.|…)[A-Za-z0-9]{2,8}(?![A-Za-z0-9])")
#: A key of a provider's shape cut short where its author wrote ``...`` (a report's
#: ``STRIPE_SECRET_KEY=sk_live_51AbC...``): what is left is no key.
_CUT_SHORT = lazy_re.compile(r"(?:\.\.\.|…)(?![A-Za-z0-9])")


def made_up(value: str) -> bool:
    """Whether a value of a provider's shape is a made-up one (``ghp_xxxx…``,
    ``sk_live_YOUR_KEY_HERE``, ``AKIAIOSFODNN7EXAMPLE``, ``sk-abcdefghijklmnop…``): no live
    token holds these."""
    return _MADE_UP.search(value) is not None or max(_counted_runs(value), default=0) >= 20


def _counted_runs(value: str) -> list[int]:
    """The lengths of the runs of letters or digits in ``value`` that count up, each character
    the one after the last (``0123456789``, ``abcdef``), of two characters or more."""
    runs: list[int] = []
    run = 1
    for before, after in zip(value, value[1:]):
        if after.isalnum() and before.isalnum() and ord(after) == ord(before) + 1:
            run += 1
            continue
        if run > 1:
            runs.append(run)
        run = 1
    if run > 1:
        runs.append(run)
    return runs


def counted_out(value: str) -> bool:
    """Whether most of ``value`` was typed by counting up, in runs of six or more
    (``sgt_`` and ``0123456789abcdef`` four times, ``sk-`` and the alphabet): a documentation's
    made-up value; a generated one has such a run by chance once in some 10^10 of its places.
    (In a provider's shape, where the prefix says what it is, :func:`made_up` asks for the
    alphabet counted out, twenty in a row: a test's ``SK0123456789abcdef…`` is that shape.)"""
    counted = sum(run for run in _counted_runs(value) if run >= 6)
    return counted * 2 > len(value)


def ascii_lower(text: str) -> str:
    """``text`` with A-Z lowered and every other character one ``?``: the same length, so an
    offset in it is an offset in ``text`` (``str.lower`` made one ``İ`` two characters)."""
    if text.isascii():
        return text.lower()
    return text.encode("ascii", "replace").lower().decode("ascii")


def _anchored(kind: str, description: str, regex: str, roots: tuple[str, ...],
              start: Callable[[str, int], int | None],
              accept: Callable[[str, re.Match[str], int], bool] | None = None) -> Detector:
    """A detector that matches ``regex`` only where one of its ``roots`` occurs (found with
    ``str.find`` in :func:`ascii_lower` of the text; ``start`` gives where the match begins,
    or None). A case-insensitive pattern with a look-behind is tried at every
    character otherwise, which made the two key-word detectors the slowest of the table on
    ordinary text. The secret is the first group of ``regex`` that took part in the match.
    (Offsets found in a ``str.lower`` copy moved by one after each ``İ``, and ``İİİİbot``
    looked past the end of the text.)"""
    pattern = lazy_re.compile(regex, re.IGNORECASE)  # most texts hold none of the roots

    def scan(text: str) -> Iterator[tuple[int, int]]:
        lowered = ascii_lower(text)
        seen: set[tuple[int, int]] = set()
        for root in roots:
            position = lowered.find(root)
            while position >= 0:
                begin = start(text, position)
                match = pattern.match(text, begin) if begin is not None else None
                group = next((g for g in range(1, pattern.groups + 1)
                              if match.group(g) is not None), 0) if match else 0
                if match and group and (accept is None or accept(text, match, group)) and \
                        not harmless(match.group(group)):
                    span = match.span(group)
                    if span not in seen:
                        seen.add(span)
                        yield span
                # The next try after this match: a run of ``pwd=pwd=…`` would otherwise be
                # matched again from inside each value (256 steps at every fourth character).
                position = lowered.find(root, max(position + 1, match.end() if match else 0))

    return Detector(kind, description, None, needles=roots, scanner=scan)


#: Words glued in front of a key word by common environment variables (``PGPASSWORD``).
_GLUED = frozenset({"pg", "db", "redis", "mongo", "mysql", "smtp", "ldap", "root", "admin"})


def _key_start(text: str, position: int) -> int | None:
    """A key word starts here unless a letter precedes it (``xpassword``, ``compass`` and
    ``bypass`` are no keys): but after a lower-case letter an upper-case key word starts one
    (camelCase ``dbPassword``), and so does one glued to a known prefix (``PGPASSWORD``)."""
    if position == 0:
        return position
    before = text[position - 1]
    if not (before.isascii() and before.isalpha()):
        return position
    if before.islower() and text[position].isupper():
        return position
    begin = position - 1
    while begin > 0 and position - begin < 6 and text[begin - 1].isascii() and \
            text[begin - 1].isalpha():
        begin -= 1
    if (begin == 0 or not text[begin - 1].isalnum()) and \
            text[begin:position].lower() in _GLUED:
        return position
    return None


def _scheme_start(text: str, position: int) -> int | None:
    """The start of the URL scheme before ``://`` at ``position`` (at most 31 characters)."""
    begin = position
    while begin > 0 and position - begin < 31 and (text[begin - 1].isascii() and (
            text[begin - 1].isalnum() or text[begin - 1] in "+.-")):
        begin -= 1
    while begin < position and not (text[begin].isascii() and text[begin].isalpha()):
        begin += 1
    if begin == position or (begin > 0 and (text[begin - 1].isalnum() or text[begin - 1] == "_")):
        return None
    return begin


#: A password's Chinese names: 密码 (密碼 as Taiwan writes it) and 口令, but not Taobao's
#: share code (淘口令).
_CHINESE_PASSWORD = r"(?:密[码碼]|(?<!淘)口令)"
#: "Changed to", "set to", "reset to" (简体 and 繁體), before a password's new value.
_CHANGED_TO = r"(?:改|修改|更改|设置?|設置?|设定|設定|重置|重设|重設)[为為成]"

_I = re.IGNORECASE
#: Key words that name a secret: the value assigned to one is a secret (``DB_PASSWORD=``,
#: ``SECRET_KEY:``, ``"password":``, ``client_secret =``). No ``\b`` before: ``_`` is a word
#: character, so ``\bpassword`` misses ``DB_PASSWORD``; a letter before the word is refused
#: instead (``passwordless``, ``mysecretary`` are not keys).
#: (A password's word in Portuguese, Spanish and German too: an agent's memory kept in its
#: owner's language, ``- Senha: …`` under an institution's e-mail.)
_SECRET_WORDS = (r"(?:password|passwd|passphrase|pass|pwd|secret|api[_-]?key|apikey"
                 r"|senha|contrase(?:ñ|n)a|passwort|kennwort"
                 r"|access[_-]?key|private[_-]?key|client[_-]?secret"
                 r"|(?:access|auth|refresh|api|bot|session|bearer)[_-]?token)")
#: What may follow the key word in the key's name (``SECRET_KEY_BASE``, ``password_value``).
_KEY_SUFFIX = r"(?:[_-]?(?:key|token|value|access[_-]?key|id|base|data)){0,2}"
#: A qualifier in brackets after a key's name, before its colon: ``Private Key (Base58):``,
#: ``API key (production):`` (words, digits, a few marks; no brackets inside).
_KEY_QUALIFIER = r"(?:[ \t]\([A-Za-z0-9][A-Za-z0-9 ._/\-]{0,23}\))?"
#: A Markdown label's emphasis closing after its colon, then a space (``**Password:** …``).
_LABEL_CLOSED = r"(?:(?:\*{1,3}|_{1,2})(?=[ \t]))?"
#: The value: quoted (then it may hold spaces: a passphrase), or a run without them.
_ASSIGNED_VALUE = (r"(?:\"([^\"\n]{8,256})\"|'([^'\n]{8,256})'|['\"]?([^\s'\",;&]{8,256}))")


#: Hosts a password in a URL gives away nothing on: a developer's own machine or container,
#: the documentation domains (``postgres://docora:docora@localhost:5432``, ``.env.example``).
_LOCAL_HOST = lazy_re.compile(r"@(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[::1\]|host\.docker\.internal"
                              r"|[\w.-]*\.(?:local|localhost|test|example)|(?:[\w-]+\.)*example\.(?:com|org|net)"
                              r"|db|postgres|mysql|redis|mongo)(?=[:/?#'\"\s)\]>,;`]|$)", re.IGNORECASE)


def _not_a_local_address(text: str, match: re.Match[str], group: int) -> bool:
    """A password in a URL of a written scheme (lower-case, as every scheme is written: a run
    of bytes in a PDF stream that holds ``://`` is none) for a host that is not local."""
    separator = text.find("://", match.start())
    scheme, user = text[match.start():separator], text[separator + 3:match.start(group)]
    return _SCHEME.fullmatch(scheme) is not None and not _FILL_IN_USER.search(user) and \
        _LOCAL_HOST.search(text, match.end(group), match.end()) is None


_SCHEME = lazy_re.compile(r"[a-z][a-z0-9+.\-]{0,30}")
_FILL_IN_USER = lazy_re.compile(r"your|example", re.IGNORECASE)


#: A type where a value would be: ``apiKey: string)``, ``password: Optional[str] = None``.
_TYPE_NAME = lazy_re.compile(r"(?:str|string|number|int|bool|boolean|any|bytes|None|null|undefined"
                             r"|Optional|SecretStr|(?:Uint|Int|Float)(?:8|16|32|64)Array)\b.*",
                             re.IGNORECASE)


#: The query of a signed, expiring link (a CDN's ``…jpeg?…&x-expires=…&x-signature=…``,
#: CloudFront's ``Expires=…&Signature=…``, a presigned S3 or GCS URL): a parameter in it is
#: part of the link's signature, good for one object until it expires, not a key to reuse.
_SIGNED_QUERY = lazy_re.compile(r"(?:[?&]|\\u0026)(?:x-expires|expires|x-amz-expires|x-goog-expires"
                                r"|x-signature|signature|x-amz-signature|x-goog-signature)=", re.IGNORECASE)
_URL_QUERY_END = lazy_re.compile(r"[\s\"'<>`)\]]")
#: A variable's name as a value in code, closing what holds it: ``hashed})``, ``pw,``.
_CODE_IDENTIFIER = lazy_re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*[)\]}]{1,3}"
                              # and a call on what it closes: ``app_secret}).encode()``
                              r"(?:\.[A-Za-z_][A-Za-z0-9_]*\(\)[)\]}]{0,3})?")
#: Names of keys that are public by design (see ``_NOT_SECRET_NAMES``).
_PUBLIC_BY_DESIGN = lazy_re.compile(r"kakao[_\-.]?(?:js|java_?script)", re.IGNORECASE)


def _query_parameter(text: str, start: int) -> bool:
    """Whether a parameter's name starts at ``start`` in a URL's query: after ``?`` or ``&``,
    or after JSON's ``\u0026`` (which a name scanned back over letters and digits takes in)."""
    if start > 0 and text[start - 1] in "?&":
        return True
    return text[max(0, start - 6):start].lower() == "\\u0026" or \
        (start > 0 and text[start - 1] == "\\" and text[start:start + 5].lower() == "u0026")


def _in_signed_url(text: str, position: int) -> bool:
    """Whether ``position`` (a parameter's name) lies in the query of a signed, expiring URL:
    the query, from its ``?`` to the URL's end, names an expiry or a signature parameter."""
    start = text.rfind("?", max(0, position - 4096), position)
    if start < 0 or not _query_parameter(text, position) or \
            _URL_QUERY_END.search(text, start, position) is not None:
        return False
    end = _URL_QUERY_END.search(text, position)
    stop = end.start() if end else len(text)
    return _SIGNED_QUERY.search(text, start, min(stop, start + 8192)) is not None


def _before_closing_tag(value: str) -> str:
    """A bare value as HTML shows it: up to a closing tag it runs into (a code walkthrough's
    ``<div class="sig">session.ts#refresh_token:function</div>``, the Backlog.md survey: the
    value is the word ``function``, not ``function</div>``)."""
    tag = value.find("</")
    return value[:tag] if tag > 0 else value


def _plausible_assignment(text: str, match: re.Match[str], group: int) -> bool:
    """Whether a key word's match assigns a value at all. Not: a short value of a URL's query
    parameter (``…jpeg?refresh_token=14e067dc&x-expires=…``: a CDN's signed, expiring link; a
    long one still is, and known token shapes have their own detectors); a status line
    (``PASS: VERIFIED``, test output: "pass" alone names a secret only as ``pass=``); a
    type annotation (``apiKey: string``); words given to a key that only a machine fills
    (``accessToken: "refreshed"``: tokens and API keys are generated, never words; a
    password may be words, and still counts)."""
    value = match.group(group)
    if public_google_key(text, match.start(group), match.end(group)):
        return False
    substitution = _SUBSTITUTION.match(value)
    if substitution and not value[substitution.end():].strip("\"'`,;)]"):
        return False  # opencode's ``{env:TAVILY_API_KEY}``, ``{file:~/.secrets/key}``: a reference
    if text[max(0, _name_start(text, match.start()) - 2):_name_start(text, match.start())] == \
            "${" and (value[:1] in ("-", "=") or text[match.start(group) - 1] == ":"):
        # A shell expansion's default (``${PGPASSWORD:-postgres}``) or a Spring property's
        # (``${oss.accessKey:#{null}}``): the variable is read, the default is hard-coded only
        # when a machine made it (as an environment default); a Spring expression is code.
        default = _closing_brace(value[1:] if value[:1] in ("-", "=") else value)
        return not _SPRING_EXPRESSION.fullmatch(default) and generated(default)
    before = text[match.start() - 1] if match.start() > 0 else ""
    if (before in ("?", "&") and len(value) < 20) or _in_signed_url(text, match.start()):
        return False
    if _PUBLIC_BY_DESIGN.search(text, _name_start(text, match.start()), match.start(group)):
        return False
    begin = _name_start(text, match.start())  # the whole name: ``app_secret``, not ``secret``
    quoted = (text[begin - 1] if begin > 0 else "") in ("'", '"')
    if quoted and not _value_quoted(text, match, group) and _CODE_IDENTIFIER.fullmatch(value):
        return False  # a quoted key, a bare name after it: code (``{'password': hashed}``)
    if _CAPITALISED_WORD.fullmatch(value) and _PROSE_AFTER.match(text, match.end(group)):
        return False  # a sentence: ``**The 10x Secret**: Delegate the mechanical parts``,
        # ``JWT_SECRET: generate a new one``
    if _CODE_SPAN_CAMEL_NAME.fullmatch(value) and _PROSE_AFTER.match(text, match.end(group)):
        return False  # a function named in a sentence: ``Email/password: `signUp` and …``
    key = match.group(0)[:match.start(group) - match.start()]
    if (re.fullmatch(r"pass[\"']?\s*:(?:\*{1,3}|_{1,2})?\s*[\"']?", key, re.IGNORECASE) and
            not _a_logins_pass(text, begin, match, group)) or \
            _API_KEY_ID.match(key) or \
            (_name_quoted_as_code(text, begin, match, key) and
             LOWER_CASE_WORDS.fullmatch(value.lstrip("`"))):
        return False  # ``PASS: …`` is a status; ``api_key_id = <uuid>`` names which key
    if _GENERATED.search(key) and (_WORDS.fullmatch(_before_closing_tag(value).rstrip(")]}>,;.:"))
                                   or _sentence(value)):
        return False
    line_end = text.find("\n", match.end(group))
    if value.startswith("<") and ">" in text[match.start(group) + 1:None if line_end < 0 else line_end]:
        return False  # a placeholder with spaces in it: ``<generate: openssl rand -hex 32>``
    if _MINIFIED_CODE.search(value) or \
            (not _value_quoted(text, match, group) and _MINIFIED_BARE.search(value)) or \
            _CSS_SELECTOR_OR_RULE.match(value) or regular_expression(value):
        return False  # minified code: ``_password=e}terminate(){…}``; a scanner's pattern
        # (``'Secret': /(?:secret|…)\s*[:=]…/gi``, not a secret); a page's selector
        # (``LOGIN_PASSWORD: '[data-testid="password"]'``, a test's) or a style sheet's rule
        # (``.codicon-gist-secret:before{content:…}``)
    if _POWERSHELL_COMMAND.fullmatch(value) or _masked(text, match, group):
        return False  # a command's output: ``$accessToken = Get-AccessToken``; a mask shown in
        # the value's place (rclone's ``pass = *** ENCRYPTED ***``)
    if _code_in_the_values_place(text, match, group) or _no_key_of_its_own(text, begin) or \
            _echoes_its_name(text[begin:match.start(group)], value) or \
            _documented_default(text, begin, value):
        return False  # ``pub api_key: Option<String>,``, ``= std::env::var(…)``, ``$env:…``;
        # ``"ownerPassword": "owner123"``, a sample made of its field's name; the login a
        # fresh install creates, documented
    return not _TYPE_NAME.fullmatch(value) and not _TYPE_EXPRESSION.fullmatch(value) and \
        not _type_in_a_cell(text, match, group) and \
        not _describes_the_field(text[begin:match.start(group)], value)


#: A lower-case word of a sentence, its punctuation after it.
_PROSE_WORD = lazy_re.compile(r"[a-z]{2,}[.,;:]?")


def _sentence(value: str) -> bool:
    """Whether a value is a sentence: four words or more, three of them lower-case words
    (``LOCAL_API_TOKEN: "Set explicitly to allow import/export and state-changing routes;
    present token via x-local-token or Authorization Bearer"``, set 52: a dashboard's API
    documentation of its settings). Asked only of a token's or an API key's value: a machine
    makes those, never with spaces between words (``Bearer …`` is two)."""
    words = value.split()
    return len(words) >= 4 and sum(1 for word in words if _PROSE_WORD.fullmatch(word)) >= 3


#: What only a regular expression writes: a group's flag (``(?:``, ``(?!``, ``(?<=``), an
#: escape of a class with a count after it (``\s*``, ``\d+``), a negated or POSIX character
#: class with a count after it (``[^\s'"]{8,}``, ``[^[:space:]]+``).
_REGEX_PART = lazy_re.compile(r"\(\?(?:[:=!]|<[=!])|\\[sSdDwW][*+?{]"
                              r"|\[\^?(?:\[:[a-z]+:\]|[^\]]){1,40}\][*+?{]")


def regular_expression(value: str) -> bool:
    r"""Whether a value is a regular expression: two of the parts only a pattern writes
    (``'Secret': /(?:secret|password|…)\s*[:=]\s*['"]?([^\s'"`]{8,})['"]?/gi``, a security
    skill's rules; ``'LOCAL_API_TOKEN=(?!<)[^[:space:]]+'``, a release audit's ``grep -P``:
    set 52, a workspace's scanners). One part alone may be chance in a password
    (``(?:`` among its symbols); two are written."""
    return len(_REGEX_PART.findall(value)) >= 2


def _describes_the_field(key: str, value: str) -> bool:
    """Whether the value says what the field is, not what it holds: a Kiro spec's design
    (survey of Kiro specs), ``password:"required,min=8"`` (a form's validation tag),
    ``| Password | golang.org/x/crypto/bcrypt |`` (the library that hashes it),
    ``**Weak Password**: "Password should be at least 6 characters"`` (its message)."""
    return _VALIDATION_RULES.fullmatch(value) is not None or \
        _PACKAGE_PATH.fullmatch(value) is not None or _message_about_its_field(key, value)


#: A validation tag's rules (go-playground's ``binding:"required,min=8"``, Laravel's
#: ``required|min:8`` written with commas): what a form checks of the field, not its value.
_VALIDATION_RULES = lazy_re.compile(r"(?:required|omitempty)(?:,[a-z_]{2,20}(?:=[\w.]{1,40})?){0,8}")
#: A Go or Git host's package path (``golang.org/x/crypto/bcrypt``, ``github.com/o/r``): a
#: stack table's library for the field, written without a scheme.
_PACKAGE_PATH = lazy_re.compile(r"(?:golang\.org|google\.golang\.org|gopkg\.in|go\.uber\.org|k8s\.io"
                                r"|github\.com|gitlab\.com|bitbucket\.org)(?:/[\w.\-]{1,60}){1,6}")


def _message_about_its_field(key: str, value: str) -> bool:
    """Whether a value of words opens with the key's own last word: a message about the field
    (``"Password should be at least 6 characters"``), not a passphrase, which never names
    itself."""
    words = value.split()
    names = re.findall(r"[A-Za-z]+", key)
    return len(words) >= 3 and bool(names) and words[0].lower() == names[-1].lower()


def _type_in_a_cell(text: str, match: re.Match[str], group: int) -> bool:
    """Whether the value is a type's name in a code span alone in its cell or at its line's
    end: a table of parameters (``| `apiKey` | `string` | … |``)."""
    value = match.group(group)
    return _TYPED_CELL.fullmatch(value) is not None and \
        _CELL_END.match(text, match.end(group)) is not None and \
        _TYPE_NAME.fullmatch(value.strip("`")) is not None


#: A code span alone in a table's cell or ending its line (survey 34: an SDK's reference,
#: ``| `passphrase` | `string` | … |``, ``| `recipientPrivateKey` | `Uint8Array` | … |``;
#: a table's row is read as ``passphrase: `string```, see ``secrets_tables``).
_TYPED_CELL = lazy_re.compile(r"`[A-Za-z][\w.\[\]<>]{0,40}`")
_CELL_END = lazy_re.compile(r"[ \t]{0,5}(?:\||\r?\n|\Z)")


def _value_quoted(text: str, match: re.Match[str], group: int) -> bool:
    """Whether the value a key's match read opens with a quote (``'…'``, ``"…"``)."""
    start = match.start(group)
    return start > 0 and text[start - 1] in "'\""


#: A user's field of a login's object, its value quoted (``user: 'me@mail.com'``).
_USER_FIELD = lazy_re.compile(r"(?:^|[\s{,])[\"']?(?:user|username|email|login)[\"']?[ \t]{0,5}:[ \t]{0,5}"
                              r"[\"'][^\"'\n]{1,128}[\"']")
#: How far a login's user may stand from its ``pass`` in the same object.
_LOGIN_REACH = 256


def _a_logins_pass(text: str, begin: int, match: re.Match[str], group: int) -> bool:
    """Whether a ``pass:`` key is a login's password, not a status line (``PASS: VERIFIED``):
    a quoted value in the same object as a user's quoted field, as nodemailer's SMTP
    ``auth: { user: '…', pass: '…' }`` is written (the twenty-sixth survey: a workspace's
    mail scripts, a mail provider's authorization code in seven of them)."""
    if not _value_quoted(text, match, group):
        return False
    start = _record_start(text, begin, max(0, begin - _LOGIN_REACH))
    end = _record_end(text, match.end(group), min(len(text), match.end(group) + _LOGIN_REACH))
    return _USER_FIELD.search(text, start, begin) is not None or \
        _USER_FIELD.search(text, match.end(group), end) is not None


#: A name ending in the id of an API key (``api_key_id``, ``apiKeyId``, ``API_KEY_IDS``; the
#: thirty-fifth conventions set: a GSD planning tree's notes on an ``api_keys`` table, its row
#: ids, a foreign key's column, a function ``buildPerKeyReturnsByApiKeyId``): it names which
#: key, a database row's id, never the key itself, whose secret is stored under its own name.
#: (``secret_id`` and ``access_key_id`` are not read so: a Tencent SecretId, an R2 or AWS key
#: id are halves of a credential pair.)
_API_KEY_ID = lazy_re.compile(r"api[_\-]?key[_\-]?ids?(?![A-Za-z0-9])", re.IGNORECASE)


#: Lower-case words joined by hyphens, a closing mark after them: a sentence's words
#: (``-prefixed``, ``assertion)``), no machine's value.
LOWER_CASE_WORDS = lazy_re.compile(r"-?[a-z]{2,}(?:-[a-z]{2,}){0,3}[)\].,;:]{0,2}")


def _name_quoted_as_code(text: str, begin: int, match: re.Match[str], key: str) -> bool:
    """Whether the key's name and its separator are quoted alone in a code span (an
    `` `apikey:`-prefixed value ``, "the redacted `` `secret=` `` assertion", the thirty-fifth
    conventions set's plans): the span opens right before the name and closes right after
    the ``:`` or ``=``, so what follows is the sentence going on, not the key's value."""
    separator = max(key.rfind(":"), key.rfind("="))
    after = match.start() + separator + 1
    return separator >= 0 and begin > 0 and text[begin - 1] == "`" and text[after:after + 1] == "`"


#: A value of one word and a number at most, the marks a password policy asks for after it.
_WORD_AND_NUMBER = lazy_re.compile(r"([A-Za-z]{3,16})[0-9]{0,6}[!@#$%.*]{0,3}")


def _echoes_its_name(key: str, value: str) -> bool:
    """Whether ``value`` is a word of its key's name with a number (``ownerPassword:
    owner123``, ``adminPassword = "admin1"``): an API reference's sample, made of the field
    it fills, no one's password."""
    word = _WORD_AND_NUMBER.fullmatch(value.strip("\"'`"))
    if word is None:
        return False
    names = {part.lower() for part in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", key)}
    return word.group(1).lower() in names


#: Code where a value would be (the thirty-first survey, a vendored skill library's snippets):
#: an arrow function's parameter list (``validatePassword = (password: string) =>``), a call
#: on an implied receiver (Cap'n Proto's ``apiToken = .envVar("CF_API_TOKEN")``), a template
#: field as a URL's password (an f-string's ``x-access-token:{token}@github.com``), a path
#: in Rust (``Self::derive_key(…)``, and ``ApiKey::generate()`` read from its first colon).
_PARAMETER_LIST = lazy_re.compile(r"\([A-Za-z_$][\w$]{0,64}\??:")
_CODE_SHAPE = lazy_re.compile(r"\.[A-Za-z_]\w{0,64}\(.*"
                              # a negated name, twice or before an operator (``hasPassword:
                              # !!password,``; a bundle's ``password:!jr||…``); an arrow function
                              r"|!![a-z_$][\w$.]{0,64}[,;)}]{0,3}|![a-z_$][\w$]{0,64}(?:\|\||&&).*"
                              r"|\(\)[ \t]{0,3}=>.*"
                              r"|\{[A-Za-z_][\w.]{0,64}\}@.*"
                              r"|(?:[A-Za-z_]\w{0,64}::)+[A-Za-z_]\w{0,64}(?:[(!].*|[;,)]{0,3})"
                              r"|:[A-Za-z_]\w{0,64}(?:::[A-Za-z_]\w{0,64})*(?:\(.*|[;,)]{0,3})")
#: A regular expression in the value's place: a character class (``[0-9]``, ``[A-Za-z0-9_-]``)
#: or a class escape (``\w``, ``\d``) repeated or one choice of an alternation (set 46: a
#: CLAUDE.md's secret scan before a push, ``grep -nE "(TELEGRAM_BOT_TOKEN=[0-9]|sk-ant-|…)"``,
#: the shape of what must not be pushed). A password that opens with a bracketed word
#: (``[abc]xyz…``) is no class repeated, and stays found.
_PATTERN_OF_A_VALUE = lazy_re.compile(r"[(^]{0,3}(?:\[\^?[^\]\s]{1,60}\]|\\[dDwWsS])"
                                      r"(?:[+*?|]|\{[0-9]{1,4}(?:,[0-9]{0,4})?\}?).*")
#: A negated name cut at the space before a logical operator: the first operand of a
#: condition (set 54: a Codex hook's ``const matchedSecret = !matchedGit && SECRET_…``, the
#: spaced form of a bundle's ``password:!jr||…``). A password is not followed by ``&&``.
_NEGATED_NAME = lazy_re.compile(r"![a-z_$][\w$.]{0,64}")
_LOGICAL_OPERATOR_AFTER = lazy_re.compile(r"[ \t]{1,3}(?:&&|\|\|)[ \t]{1,3}[!(A-Za-z_$]")
#: A generic type opened and cut at its first comma (``Omit<User, 'password'>``).
_OPEN_GENERIC = lazy_re.compile(r"[A-Z][A-Za-z0-9]{1,40}<[A-Za-z_][\w.]{0,80}")
#: A word in brackets before a sentence: a field's description (``password: (optional)
#: password for the certificate file``).
_BRACKETED_WORD = lazy_re.compile(r"\([a-z]{2,20}\)")


def _code_in_the_values_place(text: str, match: re.Match[str], group: int) -> bool:
    value, end = match.group(group), match.end(group)
    if _CODE_NOT_A_VALUE.fullmatch(value):
        return True
    if _PARAMETER_LIST.fullmatch(value):
        return text.startswith(" ", end)  # the parameter's type after it
    if _OPEN_GENERIC.fullmatch(value):
        return text.startswith(",", end)
    if _BRACKETED_WORD.fullmatch(value):
        return _PROSE_AFTER.match(text, end) is not None
    if _NEGATED_NAME.fullmatch(value) and _LOGICAL_OPERATOR_AFTER.match(text, end):
        return True
    return _CODE_SHAPE.fullmatch(value) is not None or \
        _PATTERN_OF_A_VALUE.fullmatch(value) is not None


#: Before a key's name: an absolute path's folders (``/etc/passwd:/etc/passwd:ro``, a
#: volume; ``--update-secrets=/secrets/api-key=…``, a file the secret is mounted as), other
#: variables' names listed with it (``REDSHIFT_USER / REDSHIFT_PASSWORD : connection``, one
#: description for them all), gcloud's ``--update-secrets=``/``--set-secrets=`` (its value
#: names a Secret Manager secret and its version: ``API_KEY=my-secret:latest``), an ARN
#: (``arn:aws:secretsmanager:…:secret:app/db``, the secret's name).
_NOT_A_KEY_BEFORE = lazy_re.compile(r"(?:^|[\s=:\"'(`])/(?:[\w.\-]{1,64}/){0,8}\Z"
                                    r"|[A-Z][A-Z0-9]{0,40}_[A-Z0-9_]{1,40}[ \t]/[ \t]\Z"
                                    r"|--(?:update|set)-secrets[= ][^\s]{0,200}\Z"
                                    r"|(?:^|[\s\"'`])arn:aws[\w\-]{0,20}:secretsmanager:[^\s\"'`]{0,200}\Z")


#: A login the software makes for itself, named on the line before its password: "a default
#: admin user (username: `admin`, password: `umami`)" (Umami's, and its forks' documentation),
#: "default credentials", "default login". A person's word, the product's documented
#: default, as in a table of defaults (``secrets_tables``); a generated value stays found.
_DEFAULT_ACCOUNT = lazy_re.compile(r"\bdefault[ \t]+(?:admin(?:istrator)?|user|login|account"
                                   r"|credentials?|superuser)s?\b", re.IGNORECASE)


def _documented_default(text: str, begin: int, value: str) -> bool:
    """Whether the line before the key (at ``begin``) says the value is the password of a
    default account the software creates, and the value is a person's, not generated."""
    line_start = text.rfind("\n", max(0, begin - 256), begin) + 1
    start = max(line_start, begin - 256)
    return _DEFAULT_ACCOUNT.search(text, start, begin) is not None and not generated(value)


def _no_key_of_its_own(text: str, begin: int) -> bool:
    """Whether what precedes the key's name (starting at ``begin``) on its line makes it no
    key given a value here (see :data:`_NOT_A_KEY_BEFORE`)."""
    line_start = text.rfind("\n", max(0, begin - 256), begin) + 1
    start = max(line_start, begin - 256)
    return _NOT_A_KEY_BEFORE.search(text[start:begin]) is not None


def _masked(text: str, match: re.Match[str], group: int) -> bool:
    """Whether the value is a mask between runs of asterisks (``*** ENCRYPTED ***``)."""
    return masked_span(text, match.start(group), match.end(group))


def masked_span(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a mask between runs of asterisks (``*** ENCRYPTED ***``):
    what a reader's view shows as ``ENCRYPTED`` once the emphasis is gone."""
    return bool(_MASK_WORD.fullmatch(text, start, end)
                and _MASK_OPEN.search(text, max(0, start - 4), start)
                and _MASK_CLOSE.match(text, end))


#: A mask shown where a value was (rclone's ``config show``: ``password = *** ENCRYPTED ***``;
#: ``***REDACTED***``): one upper-case word between runs of asterisks, no value at all. The
#: label-closing emphasis the key's pattern allows takes the first run, the word is left.
_MASK_WORD = lazy_re.compile(r"[A-Z]{4,16}")
_MASK_OPEN = lazy_re.compile(r"\*{3}[ \t]?\Z")
_MASK_CLOSE = lazy_re.compile(r"[ \t]?\*{3}")


#: opencode's variable substitution in its configuration: the environment's value or a file's.
_SUBSTITUTION = lazy_re.compile(r"\{(?:env|file):[^}\s]{1,256}\}")

#: A PowerShell command (an approved verb, a hyphen, a noun in PascalCase) given to a key as
#: its value: the script calls it (``$accessToken = Get-AccessToken``, ``$pw = Read-Host``).
_POWERSHELL_COMMAND = lazy_re.compile(
    r"(?:Get|Set|New|Read|Invoke|ConvertTo|ConvertFrom|Import|Export|Select|Resolve|Test|Find"
    r"|Request|Receive|Start|Join|Format|Add|Remove|Update|Unprotect|Protect|Grant|Use|Show"
    r"|Out|Write|Copy|Search|Initialize|Register|Unlock|Connect)-[A-Z][A-Za-z0-9]{1,63}")


#: Code where a value would be (the fourteenth survey, a workspace's installed skills): a
#: generic type in a signature (Rust's ``pub xai_api_key: Option<String>,``), the
#: environment read at run time (Rust's ``std::env::var(``, PowerShell's
#: ``$ApiKey = $env:EVOLINK_API_KEY``), a call after the string that held the key word
#: closed (``rlQuestion(rl, 'Client Secret: ')).trim()``: a prompt's text, then code).
_CODE_NOT_A_VALUE = lazy_re.compile(r"[A-Z][A-Za-z0-9]{1,40}<[\w<>\[\]&:', ]{1,80}>[,;)]{0,2}"
                                    r"|(?:std::)?env::var(?:_os)?\(.*"
                                    # (closing a code span too: ``$env:A_KEY = $env:B_KEY` before``)
                                    r"|\$env:[A-Za-z_][A-Za-z0-9_]{0,80}[,;)`]{0,3}"
                                    # a .NET type's static member, PowerShell's way (the twenty-fifth
                                    # survey's ``[Environment]::GetEnvironmentVariable('KEY','User')``)
                                    r"|\[[A-Za-z_][\w.]{0,80}\]::[A-Za-z_]\w{0,80}(?:\(.*)?"
                                    r"|\)+\.[A-Za-z_]\w{0,40}\(.*")


#: A CSS attribute selector (``[data-testid="password"]``) or the start of a style sheet's
#: rule after a pseudo-class (``before{content:``): markup and styles, not a value (the
#: fifteenth survey: an end-to-end test's selectors, a test report's bundled style sheet).
_CSS_SELECTOR_OR_RULE = lazy_re.compile(r"\[[A-Za-z][\w\-]{0,60}[~|^$*]?=[\"']?[^\"'\]]{0,80}[\"']?\]"
                                        r"|[a-z][a-z\-]{1,30}(?:\([^)]{0,40}\))?\{[a-z\-]{1,40}:")


#: Code run together, as a minifier writes it: a block closed and a call after it, ``){``.
_MINIFIED_CODE = lazy_re.compile(r"[})];?[A-Za-z_$][\w$]{2,}\(|\)\{")
#: And, unquoted (a string's characters are the string's): a name closing its object, then
#: a keyword glued on (``{...t,"api-key":e}}function Js(){``); a destructuring given a
#: call's result (``{saveApiKey:Cd}=Oo(),``). Survey 25 of agent memory: a workspace's
#: bundled skill scripts, each one line of minified JavaScript.
#: Or a parenthesised assignment of what a keyword makes (``accessToken:(r=await
#: this.getToken({signal:n}))!=null?r:null``, set 43: an Obsidian plugin's bundle).
_MINIFIED_BARE = lazy_re.compile(r"[})\]](?:function|return|var|let|const|async|await|typeof|new"
                                 r"|if|else|for|while|do|try|catch|throw|class|switch|case)(?![\w$])"
                            r"|[}\]]=[A-Za-z_$][\w$.]{0,64}\("
                            r"|\([A-Za-z_$][\w$]{0,64}=(?:await|new|typeof|void|yield)(?![\w$])")


#: A type in a signature (``privateKey: KeyObject;``, ``password: BinaryLike,``,
#: ``privateKey: KeyExportResult<T["privateKeyEncoding"]>``, ``NodeJS.ArrayBufferView):``),
#: or in a shape written out, closing what holds it (``{secret_key: SecretEntry}}``, in a
#: code span or not).
#: A type variable is named so with a ``T`` after it (the MCP SDK's ``refresh_token:
#: RefreshTokenT,``, the twenty-third survey).
#: An interface is named so with an ``I`` before it (hash-wasm's ``password: IDataType;``,
#: ``IOptions``, a sweep of OpenClaw workspaces: a vendored package's source saved under
#: another extension): the ``I`` and one capitalised word are a type as two words are.
_TYPE_WORD = r"(?:[A-Z]{2,8}(?=[A-Z][a-z])|[A-Z][a-z]+[0-9]{0,2})"
_TYPE_EXPRESSION = lazy_re.compile(r"(?:[A-Z][A-Za-z]*\.)?"
                                   rf"(?:I(?=[A-Z][a-z]){_TYPE_WORD}{{1,12}}|{_TYPE_WORD}{{2,12}})T?"
                                   # (closing the code span that quotes a signature: ``secret: ApiToken)```)
                              r"(?:[<\[|].*|[,;):>]{0,3}(?:`[.,;]?)?|[}\]]{1,3}[,;)`]{0,2})"
                              # A generic of one word around a type's name (``apiKey:
                              # Partial<APIKey>):``, the thirty-fifth survey: a memory bank's
                              # Angular service; ``Promise<Secret>``, ``Readonly<Creds>``): the
                              # argument a type's name, letters alone (``Summer<2024>``,
                              # ``Tk<Ab12Cd34>`` may be passwords).
                              r"|(?:[A-Z][A-Za-z]*\.)?[A-Z][a-z]+<(?:[A-Z][A-Za-z]{0,63}"
                              r"|string|number|boolean|any|unknown)(?:\[\])?>"
                              r"(?:\[\])?[,;):>}\]]{0,3}")


_CAPITALISED_WORD = lazy_re.compile(r"[A-Za-z][a-z]{2,}")
#: A function's or a field's name in camelCase, in a code span (``signUp``,
#: ``signInWithPassword``): letters only, a lower-case word and capitalised ones after it.
_CODE_SPAN_CAMEL_NAME = lazy_re.compile(r"`[a-z]{2,}(?:[A-Z][a-z]+){1,8}`")
#: Prose after it: a lower-case word next, or within the next three words (``Generate
#: 50-char random string for …``, ``Following VPAI convention, …``: a plan's instruction, a
#: summary's sentence).
_PROSE_AFTER = lazy_re.compile(r"(?: [A-Za-z0-9][\w\-]{0,20}){0,2},? [a-z]{2,}")


#: Keys whose values are generated (a token, an API or access key), and values in words.
_GENERATED = lazy_re.compile(r"token|api[_-]?key|apikey|access[_-]?key", re.IGNORECASE)
#: (a camelCase word and words in brackets too: a security policy's ``access_token: "memory
#: only (never localStorage)"``, ``refresh_token: "httpOnly secure cookie"``)
_WORD = r"\(?[A-Za-z]?[a-z]+(?:[A-Z][a-z]+){0,3}\)?"
_WORDS = lazy_re.compile(rf"\(?[A-Za-z][a-z]+(?:[A-Z][a-z]+){{0,3}}\)?(?:[-_ ]{_WORD})*")


#: A key's name that says its value is a secret: the name ends in one of these.
_KEY_NAME_ENDS = ("key", "token", "secret", "password", "passwd")
#: Names ending so that are no secrets: public halves, ids of rows, caches, page cursors.
_NOT_SECRET_NAMES = lazy_re.compile(
    r"public|publishable|(?:^|[_\-.])pub(?:lic)?(?:[_\-.]|$)|cache|sort|primary|foreign|partition"
    r"|idempot|dedup|lookup|hash|host_?key|fingerprint|tokeniz|max_?tokens?|page_?token|cursor"
    r"|csrf|websocket|next_?token|(?:^|[_\-.])(?:ssh|gpg|pgp)(?:[_\-.]|$)|license|i18n|translation|sign_?in(?!g)"
    # Kakao's JavaScript key goes into every page that loads its SDK, usable only from the
    # web domains registered for it (developers.kakao.com, security guidelines 1.1 and 2.1);
    # its REST API, admin and client-secret keys are secrets and stay found.
    r"|kakao[_\-.]?(?:js|java_?script)"
    # A CAPTCHA's site key (reCAPTCHA's, hCaptcha's, Cloudflare Turnstile's ``sitekey``,
    # ``data-sitekey``, ``RECAPTCHA_SITE_KEY``) is written into every page showing the widget;
    # its other half, the secret key, stays found.
    r"|(?:^|[^a-z]|captcha)site[_\-]?key",
    re.IGNORECASE)
#: Tokens a site gives every visitor, signed in or not, under names of their own (case as
#: written): Xiaohongshu's ``xsec_token``, the security parameter of a note's link (every
#: link shared from the app carries one, for whoever opens it), and Douyin's ``msToken``,
#: the anti-bot token its web SDK sets for any visitor (survey 32: a vendored crawler's
#: config, docstrings and signing code). Neither signs anyone in: those sites' login is a
#: session cookie (``web_session``, ``sessionid``), which stays found.
_VISITOR_TOKEN_NAME = lazy_re.compile(r"(?<![A-Za-z0-9_])(?:xsec_token|msToken)$")
_HEX_VALUE = lazy_re.compile(r"[0-9a-fA-F]{32,512}")
_UUID_VALUE = lazy_re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_TOKEN_VALUE = lazy_re.compile(r"[A-Za-z0-9+/=_\-.~]{20,512}")
#: An account's or a contract's address on Ethereum and the chains that share its addresses
#: (``0x`` and 40 hex digits; 1inch's ``0xEeeee…EEeE`` stands for the native coin): public,
#: written into every transaction. A private key is 64 hex digits and stays found.
_EVM_ADDRESS = lazy_re.compile(r"0x[0-9a-fA-F]{40}")
#: A short lower-case prefix of up to three parts (``sbp_``, ``sk-proj-``, AgentMail's
#: ``am_us_`` and a scope's name), then 24 or more lower-case letters and digits.
_PREFIXED_LOWER = lazy_re.compile(r"[a-z][a-z0-9]{0,11}[_-](?:[a-z0-9]{1,6}[_-]){0,2}([a-z0-9]{24,512})")


def prefixed_machine_value(value: str) -> bool:
    """A service's prefix, then lower-case letters and digits mixed as a machine mixes them
    (``sbp_`` and 40 hex, Neon's ``napi_``, Cursor's ``key_`` and 64 hex): not the
    snake_case name in code it looks like (``api_key_for_the_staging_server``)."""
    prefixed = _PREFIXED_LOWER.fullmatch(value)
    if prefixed is None:
        return False
    rest = prefixed[1]
    digits = sum(c.isdigit() for c in rest)
    return (len(rest) >= 32 or digits >= 8) and 4 <= digits <= len(rest) - 4


_DOTTED_NAME = lazy_re.compile(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+")
#: An API key made of an id of 32 hex digits (letters and digits), a dot and a secret of 16
#: letters and digits: Zhipu AI's (BigModel's, Z.ai's) keys for its GLM models.
_ID_DOT_SECRET = lazy_re.compile(r"(?=[0-9a-f]{0,31}[0-9])(?=[0-9a-f]{0,31}[a-f])"
                                 r"[0-9a-f]{32}\.[A-Za-z0-9]{16}")


def generated(value: str, *, bare: bool = False) -> bool:
    """Whether ``value`` reads as made by a machine (a key, a token, a generated password),
    not as a word, a name or a reference: 32 or more hex digits; 20 or more characters of a
    token's alphabet with upper- and lower-case letters and digits; a UUID (not under a bare
    ``key``: a list's or a record's key is often one); Laravel's ``base64:…``."""
    value = value.rstrip(".,;:)]}>*`'\"")
    if value.startswith("base64:"):
        value = value[7:]
    if len(value) < 16 or _EVM_ADDRESS.fullmatch(value):
        return False
    if _ID_DOT_SECRET.fullmatch(value):
        # Opening with a letter, an id and its secret joined by a dot read as a dotted name
        # in code (``obj.attr``); judged as the one token they are, the dot apart.
        joined = value.replace(".", "", 1)
        return not made_up(joined) and not harmless(joined)
    if _HEX_VALUE.fullmatch(value):
        shaped = not value.isdigit() and not value.isalpha()
    elif _PREFIXED_LOWER.fullmatch(value):
        shaped = prefixed_machine_value(value)
    elif _UUID_VALUE.fullmatch(value):
        shaped = not bare
    elif _DOTTED_NAME.fullmatch(value):
        shaped = False
    else:
        # Letters of both cases and digits; outside a token's alphabet, symbols too (a
        # generated password).
        shaped = any(c.isupper() for c in value) and any(c.islower() for c in value) and \
            any(c.isdigit() for c in value) and \
            (_TOKEN_VALUE.fullmatch(value) is not None or any(not c.isalnum() for c in value))
    # The shape first: the placeholder tests read the whole value several times.
    return shaped and not made_up(value) and not harmless(value)


#: What fills out a value to see whether the rest would make a provider's key: digits,
#: letters of either case, all three.
_FILLS = ("0" * 160, "a" * 160, "A" * 160, "aA0" * 54)


#: A list of quoted strings in brackets, a value a program parses (``'["k1", "k2"]'``; the
#: quotes escaped inside a string of code).
_STRING_LIST = lazy_re.compile(r"\[[ \t]*\\?\"[^\"\\\n]{1,256}\\?\""
                               r"(?:[ \t]*,[ \t]*\\?\"[^\"\\\n]{1,256}\\?\")"
                               r"{0,31}[ \t]*\]")
_LIST_ITEM = lazy_re.compile(r"\\?\"([^\"\\\n]{1,256})\\?\"")
#: A key's prefix (``sk-or-v1-``, ``ghp_``), then a word of lower-case letters and a number:
#: a guide's label for a key (``sk-or-v1-key1``, ``ghp_token2``), never the 16 or more
#: characters a provider makes.
_PREFIX_THEN_A_WORD = lazy_re.compile(r"[a-z]{2,4}(?:[-_][a-z0-9]{1,4}){0,3}[-_][a-z]{2,10}[0-9]{0,3}")


def _prefix_then_a_word(value: str) -> bool:
    return _PREFIX_THEN_A_WORD.fullmatch(value) is not None


def provider_key_cut_short(value: str) -> bool:
    """Whether ``value`` opens with a provider's prefix (``figd_``, ``ghp_``, ``xoxb-``) and
    is the start of that provider's key with the rest not there: the stub an author leaves
    when cutting a key short to keep it out of the repository (``FIGMA_API_KEY=figd_`` and 13
    of its 40 characters, "Update .env.local security"), no key. Only prefixes of four or
    more characters count (``sk-`` opens too many things), and only a stub whose part after
    the prefix is under the 16 characters of the shortest generated value: a longer one the
    provider's shape does not take (``nvapi-`` and 32) is still judged as a generated value,
    as is one longer than its shape; a whole key is found by its provider's detector."""
    opening, detectors = _provider_prefixes()
    prefix = opening.match(value)
    if prefix is None or len(value) - prefix.end() >= 16:
        return False
    for detector in detectors[prefix.group().lower()]:
        assert detector.pattern is not None
        if detector.pattern.search(value):
            return False
        if any(detector.pattern.search(value + fill[:size])
               for fill in _FILLS for size in range(1, len(fill) + 1)):
            return True
    return False


@functools.cache
def _provider_prefixes() -> tuple[re.Pattern[str], dict[str, tuple[Detector, ...]]]:
    """The providers' prefixes of four or more characters (a pattern matching any of them at
    a value's start, longest first) and the detectors each one opens."""
    opened: dict[str, list[Detector]] = {}
    for detector in CREDENTIALS:
        if detector.pattern is None:
            continue
        for needle in detector.needles:
            if len(needle) >= 4:
                opened.setdefault(needle.lower(), []).append(detector)
    needles = sorted(opened, key=len, reverse=True)
    pattern = re.compile("|".join(map(re.escape, needles)), re.IGNORECASE)
    return pattern, {needle: tuple(found) for needle, found in opened.items()}


def _mixed(value: str) -> bool:
    """Whether ``value`` mixes three kinds of character (lower- and upper-case letters,
    digits, symbols), as a chosen or generated password does; or reads as generated."""
    kinds = (any(c.islower() for c in value), any(c.isupper() for c in value),
             any(c.isdigit() for c in value), any(not c.isalnum() for c in value))
    return sum(kinds) >= 3 or generated(value)


def _name_start(text: str, position: int) -> int:
    """Where the name of a key ending at ``position``'s key word starts (``RAILS_MASTER_KEY``,
    ``botToken``, ``"gateway.token"``): back over a name's characters, at most 64."""
    begin = position
    while begin > 0 and position - begin < 64 and text[begin - 1].isascii() and \
            (text[begin - 1].isalnum() or text[begin - 1] in "_-."):
        begin -= 1
    return begin


def _word_end_start(text: str, position: int) -> int | None:  # noqa: ARG001 (a start callback)
    """The match starts at the key word itself (the name before it is read only for a match:
    a lazy scan of the name at every ``key`` cost seconds on a megabyte of them)."""
    return position


_NAME = lazy_re.compile(r"[A-Za-z0-9_.\-]*")
_CODE_NAME = lazy_re.compile(r"[A-Za-z_$][\w.$]*")
#: A setter's name, the last of a dotted name: ``ts.set_token``, ``client.setApiKey``.
_SETTER = lazy_re.compile(r"(?:^|[._])set_?[A-Za-z_]*$", re.IGNORECASE)


#: A word before a key's name, apart, that makes it a public key or its fingerprint.
_PUBLIC_WORD_BEFORE = lazy_re.compile(r"(?<![A-Za-z])(?:gpg|pgp|gnupg|ssh|public|host)[ \t]$",
                                      re.IGNORECASE)


def _der_element(data: bytes, at: int) -> tuple[int, int, int] | None:
    """The DER element at ``at``: its tag, where its content starts and where it ends; or None
    where the bytes are not one (a length past the end, a length of over three bytes)."""
    if at + 2 > len(data):
        return None
    tag, length, start = data[at], data[at + 1], at + 2
    if length & 0x80:
        size = length & 0x7F
        if not 0 < size <= 3 or start + size > len(data):
            return None
        length, start = int.from_bytes(data[start:start + size], "big"), start + size
    end = start + length
    return (tag, start, end) if end <= len(data) else None


def public_key_der(value: str) -> bool:
    """Whether ``value`` is a public key written as base64 DER, X.509's SubjectPublicKeyInfo
    (``MIGfMA0GCSqGSIb3…`` for RSA, ``MFkwEwYHKoZIzj0C…`` for an elliptic curve): a sequence
    of the algorithm (a sequence opening with its OID) and the key as a bit string, nothing
    after. A front end keeps the server's public key under a name such as
    ``VITE_APP_API_ENCRYPT_REQUEST_KEY`` (set 50) to encrypt what it sends: public by design.
    A private key (PKCS#8 opens with its version, an integer; encrypted, it holds an octet
    string) or a certificate does not take this shape and is still judged."""
    if not value.startswith("M") or len(value) < 60:
        return False
    try:
        data = base64.b64decode(value + "=" * (-len(value) % 4), validate=True)
    except (binascii.Error, ValueError):
        return False
    outer = _der_element(data, 0)
    if outer is None or outer[0] != 0x30 or outer[2] != len(data):
        return False
    algorithm = _der_element(data, outer[1])
    if algorithm is None or algorithm[0] != 0x30:
        return False
    oid, key = _der_element(data, algorithm[1]), _der_element(data, algorithm[2])
    return oid is not None and oid[0] == 0x06 and key is not None and key[0] == 0x03 and \
        key[2] == outer[2]


def _keyed_secret(text: str, match: re.Match[str], group: int) -> bool:
    """A generated value under a key whose name ends in a secret's word (``RAILS_MASTER_KEY``,
    ``APP_KEY``, ``"token"``), unless the name says it is public or an id of something else."""
    name = text[_name_start(text, match.start()):match.start()] + \
        _NAME.match(text, match.start()).group()  # type: ignore[union-attr]
    if _NOT_SECRET_NAMES.search(name) or _VISITOR_TOKEN_NAME.search(name.strip("\"'`*")):
        return False
    end = match.end(group)
    if end < len(text) and (text[end].isalnum() or text[end] in "({[") and \
            _CODE_NAME.fullmatch(match.group(group)):
        return False  # a name called or indexed (``crypto.randomBytes(32)``): code, not a value
    begin = _name_start(text, match.start())
    if _PUBLIC_WORD_BEFORE.search(text, max(0, begin - 8), begin) or \
            _called_not_set(text, begin, name):
        return False  # ``Release GPG key: <fingerprint>``, ``SSH key: SHA256:…``, ``public key``
    flag = name.startswith("--")
    if name.strip("_-.").lower() == "key" and begin > 0 and text[begin - 1] in "\"'" and not flag:
        return False  # ``"key": …`` in JSON names a record (React's, Sanity's ``_key``)
    if "," in text[match.start():match.start(group)] and not flag:
        return False  # a list's next item is a flag's value only after a flag: the
        # ``"args": ["--access-token", "…"]`` of an MCP server, not ``["token", "…"]``
    before = text[max(0, begin - 200):begin]
    if "cf-beacon" in before or "weirwoodParams" in before:
        return False  # Cloudflare's analytics beacon; Baidu's Weirwood front-end monitoring
        # (``window.weirwoodParams = {"common":{…,"token":…}}``, survey 32: a crawler's saved
        # Tieba pages): a public site token in every page
    if begin > 0 and text[begin - 1] in "?&" and (".svg" in before or "badge" in before):
        return False  # a status badge's read-only token in an image URL (``circle-token=``)
    if _in_signed_url(text, begin) or in_unsubscribe_header(text, begin) or \
            text.endswith("did:", 0, begin):
        return False  # a parameter of a signed, expiring link (a CDN's ``x-signature``), or
        # of a mail's unsubscribe link; ``did:key:z6Mk…``, a decentralized identifier of the
        # ``key`` method: a public key written out (survey 34: a wallet's mock-ups)
    if public_google_key(text, match.start(group), match.end(group)) or \
            public_key_der(match.group(group)) or text.startswith("\u2026", match.end(group)):
        return False  # a published browser key, a public key in DER (set 50); or cut short
        # (``"eyJhbGciOiJIUzI1NiIs…"``, the thirty-fifth conventions set: the rest is not
        # there; an ellipsis inside the value is read by :func:`harmless`, this one ends the
        # match)
    if _bitable_app_token(text, name, begin, match.end(group)):
        return False
    if _figma_file_key(text, name, begin, match.span(group)):
        return False
    if _feishu_document_token(text, name, begin, match.group(group), match.end(group)):
        return False
    value = match.group(group)
    if "&" in value and _query_parameter(text, begin):
        # A URL's query: the value ends where the next parameter starts
        # (``?access_token=ACCESS_TOKEN&department_id=1``, ``?spaceKey=IPM&expand=space``).
        value = value.split("&", 1)[0]
    api_key = _api_key_name(text, name, begin)
    # A UUID under a bare ``key`` is often a record's (a list's item, an object's key), but
    # not under ``API Key`` written apart (``- **API Key**: `<uuid>` ``, the thirtieth
    # survey: a Volcano Engine Ark key in a workspace's ``TOOLS.md``; OKX's keys are UUIDs
    # too): that names the key itself, as ``API_KEY=<uuid>`` does.
    # Nor under a command's flag (``"args": ["run", "exa", "--key", "<uuid>"]``, survey 41:
    # Smithery's CLI given its API key, a UUID, in a Cursor MCP config; ``--token <uuid>``):
    # a flag hands its value to the program as the key, it names no record.
    if generated(value, bare=name.strip("_-.").lower() in _KEY_NAME_ENDS and not api_key
                 and not flag):
        return True
    return api_key and lower_case_machine_value(value)


def _called_not_set(text: str, begin: int, name: str) -> bool:
    """Whether ``name`` (starting at ``begin``) is called with the value, and is no setter: a
    call (``verify_token("…")``, ``hash_password('…')``) takes a value to check or to work on;
    a setter (``ts.set_token('…')``, survey 42: an analyst agent's script setting its Tushare
    token; ``client.setApiKey("…")``) keeps it."""
    return text.startswith("(", begin + len(name)) and _SETTER.search(name) is None


#: An API key's name, its two words apart or not (``API Key``, ``api_key``, ``apiKey``).
_API_KEY_NAME = lazy_re.compile(r"(?<![A-Za-z])api[ \t_\-]?key", re.IGNORECASE)


def _api_key_name(text: str, name: str, begin: int) -> bool:
    """Whether the key's name (starting at ``begin``; a name ends at a space) is an API
    key's: ``**API Key:**``, ``WODIFY_API_KEY=``, ``apiKey:``."""
    return _API_KEY_NAME.search(text[max(0, begin - 4):begin] + name) is not None


#: A keyring password's characters: no space, quote, code span, shell operator, variable or bracket.
_KEYRING_VALUE = r"[^\s\"'`$;&|\\(){}<>\[\]]{5,256}"


def _keyring_password(text: str, match: re.Match[str], group: int) -> bool:  # noqa: ARG001
    """A keyring's password is its literal: not a name in code (``self.password``), not the
    alphabet or the digits counted (``12345``, ``abcde``), one character repeated or the
    key's own word (``keyring``)."""
    value = match.group(group)
    lowered = value.lower()
    return _DOTTED_NAME.fullmatch(value) is None and not counted_out(value) and \
        lowered not in _RUNS[0] and lowered not in _RUNS[1] and len(set(lowered)) > 2 and \
        lowered not in match.group(0).lower()[:-len(value)]


#: An app password as its provider shows it: sixteen lower-case letters, in four groups of
#: four parted the same way throughout (a space, a hyphen) or not at all.
_APP_PASSWORD = lazy_re.compile(r"[a-z]{4}([ \-]?)[a-z]{4}\1[a-z]{4}\1[a-z]{4}")


def _app_password(text: str, match: re.Match[str], group: int) -> bool:  # noqa: ARG001
    """Whether the value is generated: of that shape in lower case (the name's case is free),
    eight letters or more of the sixteen different, not the alphabet counted out (a
    document's ``abcd efgh ijkl mnop``, ``xxxx xxxx xxxx xxxx``)."""
    value = match.group(group)
    letters = value.replace(" ", "").replace("-", "")
    return _APP_PASSWORD.fullmatch(value) is not None and len(set(letters)) >= 8 \
        and not counted_out(letters) and not _counted_runs(letters).count(4) >= 3


#: Lower-case letters and digits, 20 or more, the digits at least four and apart.
_LOWER_AND_DIGITS = lazy_re.compile(r"(?=(?:[a-z]*[0-9]){4})[a-z0-9]{20,128}")


def lower_case_machine_value(value: str) -> bool:
    """Whether ``value`` is lower-case letters and digits interleaved as a machine draws
    them (25 characters in twelve runs of letters and digits), the shape of many services'
    API keys that :func:`generated` does not take without upper-case letters (the seventeenth
    survey: a gym's workspace, a booking service's key under ``**API Key:**``). Judged
    under an API key's name only: a slug (``project2025``) or a word with a year is one
    or two runs; twelve runs of letters and digits are drawn, not written."""
    value = value.rstrip(".,;:)]}>*`'\"")
    if not _LOWER_AND_DIGITS.fullmatch(value) or value.isdigit():
        return False
    runs = 1 + sum(1 for a, b in zip(value, value[1:]) if a.isdigit() != b.isdigit())
    return runs >= 8 and not made_up(value) and not harmless(value)


#: Feishu's (Lark's) Bitable: a base's ``app_token`` is its id, the part of the base's URL
#: after ``/base/`` (open.feishu.cn, Bitable API overview), and reads nothing without an
#: app's or a user's access token; beside it a table's id (``tbl`` and letters), the word
#: Bitable, 多维表格 (the product's Chinese name) or Feishu's or Lark's name.
_BITABLE_CONTEXT = lazy_re.compile(r"bitable|多维表格|feishu|飞书|larksuite|\btbl[A-Za-z0-9]{10,20}\b",
                                   re.IGNORECASE)


#: Figma's name for a file's id (``file_key``, ``fileKey``, ``FIGMA_FILE_KEY``) and a Figma
#: URL beside it: the key is the path segment after ``/file/``, ``/design/``, ``/proto/`` or
#: ``/board/`` of the file's link (Figma's REST API, "file key"), read only with an access
#: token, which stays found. The name may be two words (``- File key: `…```, a skill's
#: example beside the link it was read from).
_FIGMA_FILE_KEY_NAME = lazy_re.compile(r"file[ \t_\-]?key$", re.IGNORECASE)
_FIGMA_CONTEXT = lazy_re.compile(r"figma", re.IGNORECASE)
#: How far from the key a Figma link holding it is looked for.
_FIGMA_LINK_REACH = 4096


def _figma_file_key(text: str, name: str, begin: int, value: tuple[int, int]) -> bool:
    """Whether ``name`` (its value at ``value``) is a Figma file's key: an id, not a
    credential (the thirtieth survey: a designer's workspace listing its Figma files), told
    by the name and Figma's name within 300 characters, or a Figma link holding the same key
    further off (the thirty-first: a skill's worked example, ``fileKey="…"`` steps below
    the link it was read from)."""
    start, end = value
    named = text[max(0, begin - 5):begin].lstrip() + name.strip("_-.\"'`*")
    if _FIGMA_FILE_KEY_NAME.search(named) is None:
        return False
    return _FIGMA_CONTEXT.search(text, max(0, begin - 300), min(len(text), end + 300)) is not None \
        or _in_a_figma_link(text, start, end)


def _in_a_figma_link(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is also the file's segment of a Figma link near it
    (``figma.com/design/<key>/…``)."""
    reach = text[max(0, start - _FIGMA_LINK_REACH):min(len(text), end + _FIGMA_LINK_REACH)]
    return any(f"figma.com/{kind}/{text[start:end]}" in reach
               for kind in ("file", "design", "proto", "board"))


#: Feishu's (Lark's) name for a cloud document's id (``doc_token``, ``node_token`` of a wiki
#: page, ``obj_token``, ``spreadsheet_token``, ``folder_token``; the Chinese notes' 文档token):
#: the path segment of the document's link after ``/docx/``, ``/wiki/``, ``/sheets/`` (Feishu
#: open platform, "cloud document token"), read only with an app's or a user's access token,
#: which stays found. Letters and digits, 27 of them today (``doxcn`` and 22 before).
_DOCUMENT_TOKEN_NAME = lazy_re.compile(r"(?:doc|docx|document|wiki|node|obj|sheet|spreadsheet|file"
                                       r"|folder)[_\-]?token$", re.IGNORECASE)
_DOCUMENT_WORD_BEFORE = lazy_re.compile(r"(?:文档|知识库|表格|文件夹?|节点)[ \t]?$")
_DOCUMENT_ID = lazy_re.compile(r"[A-Za-z0-9]{20,40}")
_FEISHU_CONTEXT = lazy_re.compile(r"feishu|飞书|lark|/docx/|/wiki/", re.IGNORECASE)


def _feishu_document_token(text: str, name: str, begin: int, value: str, end: int) -> bool:
    """Whether ``value`` (ending at ``end``) under ``name`` (starting at ``begin``) is a Feishu
    cloud document's token: an id, not a credential (the twenty-first survey: an agent's
    daily note and memory naming the document it writes its reports into), told by the
    name (or 文档 before ``token``), an id's shape and Feishu's name within 300 characters."""
    named = _DOCUMENT_TOKEN_NAME.search(name.strip("_-.\"'`*")) is not None or \
        (name.strip("_-.\"'`*").lower() == "token" and
         _DOCUMENT_WORD_BEFORE.search(text, max(0, begin - 8), begin) is not None)
    if _DOCUMENT_ID.fullmatch(value) is None:
        return False
    if named and _FEISHU_CONTEXT.search(text, max(0, begin - 300),
                                        min(len(text), end + 300)) is not None:
        return True
    if _wiki_node_record(text, name, begin, value, end):
        return True
    # Any name, when a Feishu link near it holds the same id (``### 飞书文档`` then ``- Token:
    # …`` and ``- 地址: https://…feishu.cn/docx/<the same>``): the link publishes it already.
    near = text[max(0, begin - 2048):min(len(text), end + 2048)]
    return any(f"{host}/{kind}/{value}" in near for host in ("feishu.cn", "larksuite.com")
               for kind in _DOCUMENT_PATHS)


#: A Feishu wiki node's own names for its tokens (the wiki API's node: ``node_token``, and
#: ``obj_token``, the document it shows), and the fields beside them in a node's record.
_WIKI_NODE_TOKEN_NAME = lazy_re.compile(r"(?:node|obj)_token$")
_WIKI_NODE_FIELD = lazy_re.compile(r"[\"'](?:title|has_child|obj_type|node_type|parent_node_token"
                                   r"|space_id)[\"']\s{0,5}:")
#: A Feishu cloud document's token today: 27 letters and digits.
_FEISHU_TOKEN_SHAPE = lazy_re.compile(r"[A-Za-z0-9]{27}")


def _wiki_node_record(text: str, name: str, begin: int, value: str, end: int) -> bool:
    """Whether a ``node_token`` or ``obj_token`` of a Feishu token's shape stands in a wiki
    node's record (a ``title``, ``has_child`` or ``obj_type`` field within 200 characters):
    a document's id, even with no Feishu name in the file (survey 32: a workspace's scripts
    listing a wiki's pages, ``{"title": …, "obj_token": …}``, 68 of them in two files)."""
    if _WIKI_NODE_TOKEN_NAME.search(name.strip("_-.\"'`*")) is None or \
            _FEISHU_TOKEN_SHAPE.fullmatch(value) is None:
        return False
    return _WIKI_NODE_FIELD.search(text, max(0, begin - 200), min(len(text), end + 200)) is not None


#: The path segments of a Feishu cloud document's link that the document's token follows.
_DOCUMENT_PATHS = ("docx", "docs", "wiki", "sheets", "base", "file", "drive/folder", "mindnotes")


#: An environment variable's name, in an ``env-default-secret`` match.
_ENV_NAME = lazy_re.compile(r"[A-Za-z0-9_]{3,100}")


def _env_default_secret(text: str, match: re.Match[str], group: int) -> bool:
    """Whether an environment variable's default is a generated secret: not a Bitable base's
    id, nor a Google key a web page ships by design (a Firebase web config's ``apiKey:
    process.env.…_API_KEY || "AIza…"`` beside its ``authDomain``, the thirtieth survey: the
    fallback is the same public key the config would hold written alone)."""
    name = (_ENV_NAME.findall(text, match.start(), match.start(group)) or [""])[-1]
    return generated(match.group(group)) and \
        not _bitable_app_token(text, name, match.start(), match.end(group)) and \
        not public_google_key(text, match.start(group), match.end(group))


#: A Bitable base's ``app_token`` by name, its two words apart or not (``app_token``, ``App
#: Token``, ``**Bitable App Token**``).
_APP_TOKEN_NAME = lazy_re.compile(r"(?<![A-Za-z])app[ \t_\-]?token$", re.IGNORECASE)


def _bitable_app_token(text: str, name: str, begin: int, end: int) -> bool:
    """Whether ``name`` (starting at ``begin``, its value ending at ``end``) is a Bitable base's
    ``app_token``: an id, not a credential (the fifteenth survey: a trade workspace's notes,
    skill and script; survey 42: ``| **App Token** | <27 letters and digits> |`` in a
    workspace's ``TOOLS.md``, the base's link ``https://my.feishu.cn/base/<the same>`` below
    it). The base's link shows the id to whoever it is sent to; reading the base takes an app's
    own access token.

    Its context is near, or, for a value of the base token's shape, anywhere in the file (set
    52: a demo script's usage text, ``app_token="…"`` a dozen lines below its
    ``open.feishu.cn`` link, the same value above beside 飞书). A record that names a table
    by its Bitable id gives the base's token as plain ``token`` (``- table: 工作日志`` /
    ``token: …`` / ``id: tbl…``, set 52: an agent's configuration in a workspace's notes)."""
    shaped = _FEISHU_TOKEN_SHAPE.fullmatch(text, end - 27, end) is not None and \
        (end - 27 == 0 or not text[end - 28].isalnum())
    named = text[max(0, begin - 4):begin] + name.strip("_-.\"'`*")
    if _APP_TOKEN_NAME.search(named) is not None:
        near = _BITABLE_CONTEXT.search(text, max(0, begin - 300), min(len(text), end + 300))
        return near is not None or (shaped and _BITABLE_CONTEXT.search(text) is not None)
    return name.strip("_-.\"'`*").lower() == "token" and shaped and \
        _BITABLE_TABLE_ID.search(text, max(0, begin - 120), min(len(text), end + 120)) is not None


#: A Bitable table's id (``tbl`` and letters and digits), as a record's field gives it.
_BITABLE_TABLE_ID = lazy_re.compile(r"\btbl[A-Za-z0-9]{10,20}\b")


def feishu_id(text: str, name: str, begin: int, value: str, end: int) -> bool:
    """Whether ``value`` under ``name`` is a Feishu document's or Bitable base's id, judged in
    ``text`` around ``begin`` and ``end``: what a key-value table's cell is judged by once its
    credential is found in the cell read alone (continuity.formats.secrets_tables), since the
    context that tells an id (Bitable's name, the document's link) is in the rows around it."""
    return _bitable_app_token(text, name, begin, end) or \
        _feishu_document_token(text, name, begin, value, end)


_JWT = lazy_re.compile(r"\beyJ[A-Za-z0-9_\-]{8,1000}\.(eyJ[A-Za-z0-9_\-]{8,4000})\.[A-Za-z0-9_\-]{8,1000}")


#: A token's expiry (``exp``, seconds since 1970): a token past it grants nothing.
_EXPIRY = lazy_re.compile(r'"exp"\s{0,8}:\s{0,8}([0-9]{1,12})\s{0,8}[,}]')


#: A mail's ``List-Unsubscribe`` header (RFC 2369) up to a point of its value on one line: as
#: the mail has it (``List-Unsubscribe: <https://…>``) or as a record of its headers
#: (``"name": "List-Unsubscribe", "value": "<…>"``, Gmail's API).
_UNSUBSCRIBE_HEADER = lazy_re.compile(
    r"(?i)list-unsubscribe(?:-post)?[\"']?[ \t]{0,5}(?::|,[ \t\r\n]{0,40}[\"']value[\"'][ \t]{0,5}:)"
    r"[^\n]{0,4000}\Z")


def in_unsubscribe_header(text: str, position: int) -> bool:
    """Whether ``position`` is in a mail's ``List-Unsubscribe`` header: the token of its links
    (a newsletter's ``/unsubscribe/eyJ…``, Substack's ``disable_email?token=…``) takes one
    reader off one list, sent to every reader in each mail; no account's key (survey 34: an
    OpenClaw workspace's Gmail export, 12 files)."""
    line = text.rfind("\n", 0, position)
    window = text[max(0, text.rfind("\n", 0, max(line, 0)) + 1, position - 4200):position]
    return "nsubscribe" in window and _UNSUBSCRIBE_HEADER.search(window) is not None


def _tokens_not_public(text: str) -> Iterator[tuple[int, int]]:
    """JSON Web Tokens, but not one whose claims say it is public by design: Supabase's
    ``anon`` key goes into every browser that loads the app (its ``service_role`` key is
    a secret), and jwt.io's example is an example; nor one whose ``exp`` has passed (a
    Google sign-in's ID token, good for an hour, in a link a scraped page kept since 2021):
    an expired token grants nothing, and one with no ``exp`` or a later one stays found."""
    for match in _JWT.finditer(text):
        if made_up(match.group()) or unsigned_token(match.group()):
            continue
        claims = _claims(match.group(1))
        if _public_claims(claims):
            continue
        if _expired(claims):
            continue  # a sign-in's ID token in a link a page kept, good for an hour
        if in_unsubscribe_header(text, match.start()):
            continue
        yield match.span()


def _claims(body: str) -> bytes:
    """A JSON Web Token's claims, decoded from its body (empty when they do not decode)."""
    try:
        return base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        return b""


def _public_claims(claims: bytes) -> bool:
    """Whether a token's claims say it is public by design: Supabase's ``anon`` role."""
    return re.search(rb'"role"\s*:\s*"anon"', claims) is not None


def public_token(value: str) -> bool:
    """Whether ``value`` is a JSON Web Token whose claims say it is public by design (under a
    key's name: ``SUPABASE_KEY = 'eyJ…'`` holding Supabase's ``anon`` key, sweep 1 of OpenClaw
    workspaces: a shop's scripts and pages, twelve files): the ``jwt`` detector passes it, so a
    key's name around it does not make it a secret either. A ``service_role`` key stays found."""
    match = _JWT.fullmatch(value.strip("\"'`").rstrip(")]}>,;")) if "eyJ" in value else None
    return match is not None and _public_claims(_claims(match.group(1)))


def _expired(claims: bytes) -> bool:
    expiry = _EXPIRY.search(claims.decode("utf-8", "replace"))
    return expiry is not None and int(expiry[1]) < time.time()


def expired_token(value: str) -> bool:
    """Whether ``value`` holds a JSON Web Token whose ``exp`` has passed (under a key's name:
    ``#id_token=eyJ…``): it grants nothing."""
    match = _JWT.search(value) if "eyJ" in value else None
    if match is None:
        return False
    body = match.group(1)
    try:
        return _expired(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    except (binascii.Error, ValueError):
        return False


def _google_keys_not_public(text: str) -> Iterator[tuple[int, int]]:
    """Google API keys, but not one a web page ships by design: a Firebase web app's config
    (``apiKey`` beside its ``authDomain``: "API keys for Firebase services are not secret",
    firebase.google.com/docs/projects/api-keys) or a variable the build puts into the
    browser's bundle (``NEXT_PUBLIC_``, ``VITE_``, ``REACT_APP_``, ``EXPO_PUBLIC_``, …), where
    the key is guarded by its restrictions, not by being kept. A key under any other name
    (``GEMINI_API_KEY``, ``openclaw.json``'s ``env``) is found."""
    for match in _GOOGLE_KEY.finditer(text):
        value = match.group()
        if made_up(value) or _MASKED_TAIL.match(text, match.end()):
            continue
        if not public_google_key(text, match.start(), match.end()):
            yield match.span()


def public_google_key(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a Google API key a web page ships by design (see
    :func:`_google_keys_not_public`); the key-word detectors ask it too."""
    if not text.startswith("AIza", start) or _GOOGLE_KEY.fullmatch(text, start, end) is None:
        return False
    line_start = text.rfind("\n", 0, start) + 1
    if _BROWSER_VARIABLE.search(text, line_start, start):
        return True
    return _FIREBASE_WEB_CONFIG.search(text, max(0, start - 400), end + 400) is not None


_GOOGLE_KEY = lazy_re.compile(r"\bAIza[0-9A-Za-z_\-]{35}\b")
#: A name the build exposes to the browser, on the key's line before it.
_BROWSER_VARIABLE = lazy_re.compile(
    r"\b(?:NEXT_PUBLIC|VITE|REACT_APP|EXPO_PUBLIC|NUXT_PUBLIC|PUBLIC|GATSBY|VUE_APP)_[A-Z0-9_]{0,64}"
    r"[\"']?\s{0,3}[:=]")
_FIREBASE_WEB_CONFIG = lazy_re.compile(r"\bauthDomain\b|\.firebaseapp\.com\b|FIREBASE_AUTH_DOMAIN")


def _docker_auths(text: str) -> Iterator[tuple[int, int]]:
    """``"auth": "<base64 of user:password>"`` in a Docker (or Podman) config.json: only a
    value that decodes to ``user:password`` (an ``"auth": "required"`` is not one)."""
    for match in _DOCKER_AUTH.finditer(text):
        try:
            decoded = base64.b64decode(match.group(1), validate=True)
        except (binascii.Error, ValueError):
            continue
        user, colon, password = decoded.partition(b":")
        if colon and password and decoded.isascii() and decoded.decode().isprintable():
            yield match.span(1)


def _basic_credentials(text: str) -> Iterator[tuple[int, int]]:
    """``Authorization: Basic <base64 of user:password>``, but not a product's documented
    default (``test@liferay.com:test`` for a local Liferay, ``admin:admin``): the password
    decoded is judged as a password assigned to a key is."""
    for match in _BASIC_AUTH.finditer(text):
        value = match.group(1)
        if made_up(value):
            continue
        try:
            decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=True)
        except (binascii.Error, ValueError):
            decoded = b""
        user, colon, password = decoded.partition(b":")
        if colon and decoded.isascii() and harmless(password.decode("ascii")):
            continue
        yield match.span(1)


def _email_password_pairs(text: str) -> Iterator[tuple[int, int]]:
    """The password of a ``user@host / password`` pair in a note: an e-mail address, a slash
    between spaces, then one word of at least eight characters mixing three kinds (a chosen
    password's shape; ``me@mail.com / Gmail``, a list of accounts, is not one). Not a pair
    whose second half is a link, a path, a handle or another address, nor a documentation
    domain's login (``admin@example.com / Admin123!``, a sample)."""
    for start, end in _emails(text):
        pair = _PASSWORD_AFTER_LOGIN.match(text, end)
        if pair is None or _DOCUMENTATION_DOMAIN.search(text, start, end) is not None:
            continue
        value = pair.group(1)
        if _mixed(value) and not harmless(value) and not made_up(value) and \
                _NOT_A_PASSWORD_AFTER_LOGIN.search(value) is None and \
                _MARKDOWN_LINK.match(text, pair.start(1)) is None:
            yield pair.span(1)


#: After a login's address: its code span or emphasis closed, `` / ``, the password (one word,
#: in a code span or not) ending at a space, its line (a written ``\n`` too: the note copied
#: into a JSON string), a field or the parenthesis it was given in.
_PASSWORD_AFTER_LOGIN = lazy_re.compile(r"[`*]{0,3}[ \t]{1,3}/[ \t]{1,3}[`*]{0,3}"
                                        r"([^\s`*\"'<>()\\]{8,128})(?=[`*]{0,3}(?:\s|$|\\[nr]|[,;|()]))")
#: A link written in Markdown, its text first (``**To:** team@corp.com / [Contact form](…)``,
#: survey 34: a drafted mail's two ways to reach the same desk).
_MARKDOWN_LINK = lazy_re.compile(r"\[[^\]\n]{1,200}\]\(")
#: A second half that is no password: a link, a path, a handle, another address.
_NOT_A_PASSWORD_AFTER_LOGIN = lazy_re.compile(r"://|/|^@|^www\.|@[A-Za-z0-9\-]{1,63}\.[A-Za-z]")
#: Domains kept for documentation (RFC 2606): a login there is a sample.
_DOCUMENTATION_DOMAIN = lazy_re.compile(r"@(?:[\w\-]{1,63}\.){0,4}(?:example|test|invalid|localhost)\b",
                                        re.IGNORECASE)


_BASIC_AUTH = lazy_re.compile(
    r"(?i)\bauthorization[\"']?\s{0,5}[:=]\s{0,5}['\"]?basic[ \t]{1,10}([A-Za-z0-9+/]{8,500}={0,2})")


#: A cookie's record as a browser's cookie export and Playwright's ``addCookies`` write it
#: (``{"name": "sessionid", "value": "…", "domain": ".example.com"}``): the cookie's name is
#: the record's ``name`` field, its value another field of the same object. The twenty-sixth
#: survey: an OpenClaw workspace's exported session cookies of three sites in 48 files
#: (cookie files, the scripts that load them, a note), none of them under a key word.
#: (The word comes first and its boundary after it, ``name(?<!\wname)`` for ``\bname``: a
#: pattern opening with a literal is searched for by it, one opening with ``\b`` or an
#: optional quote is tried at every character, 0.5 s of 10,000 entries' 3.4.)
_COOKIE_NAME_FIELD = lazy_re.compile(r"name(?<!\wname)[\"']?[ \t]{0,5}:[ \t]{0,5}[\"']([^\"'\n]{1,64})[\"']")
_COOKIE_VALUE_FIELD = lazy_re.compile(r"value(?<!\wvalue)[\"']?[ \t]{0,5}:[ \t]{0,5}"
                                      r"[\"']([^\"'\s]{16,4096})[\"']")
#: A cookie that keeps a login: a session's, a session id's, a token's, an auth cookie
#: (``sessionid``, ``sid_tt``, ``JSESSIONID``, ``UserToken``, ``web_session``,
#: ``auth_token``); a CSRF token only guards a form and keeps no login, nor does a token a
#: site gives every visitor (Douyin's ``msToken``, see :data:`_VISITOR_TOKEN_NAME`).
_LOGIN_COOKIE = lazy_re.compile(r"(?i)sess|(?:^|[_\-.])s?sid(?:$|[_\-.])|sid$|token|auth")
_NOT_A_LOGIN_COOKIE = lazy_re.compile(r"(?i)csrf|xsrf|_status$|(?-i:^(?:xsec_token|msToken)$)")
#: A record that lets the page's scripts read its cookie: an analytics or an advertiser's
#: session (``_hjSession_…``, ``taboola_session_id``, ``_uetsid``; survey 26's comparison: a
#: job site's cookie jar in another workspace's notes, with no login in it). A login's cookie
#: is kept from scripts (every one the survey's exports held was ``httpOnly``).
_READ_BY_SCRIPTS = lazy_re.compile(r"[\"']?\bhttpOnly[\"']?[ \t]{0,5}:[ \t]{0,5}false\b")
#: How far a record's fields may stand from its name (a browser's export writes seven
#: fields between ``name`` and ``value``).
_COOKIE_RECORD_REACH = 400


#: A list of a message's headers, each a ``{"name": …, "value": …}`` record (Gmail's API
#: writes a mail's headers so, ``"payload": {"headers": [{"name": "X-Mailgun-Sid", …}]}``):
#: its records are the same shape as a cookie's, and none of them is one.
_HEADERS_LIST = lazy_re.compile(r"[\"']headers[\"'][ \t]{0,5}:[ \t\r\n]{0,40}\[")


#: What a list's end is looked for among: a quoted string (skipped whole: a ``Received``
#: header's value holds ``[192.0.2.7]``), a bracket.
_STRING_OR_BRACKET = lazy_re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|[\[\]]")


def _list_end(text: str, start: int) -> int:
    """Where the list opened just before ``start`` closes (strings skipped, lists within it
    counted), or the text's end."""
    depth = 1
    for token in _STRING_OR_BRACKET.finditer(text, start):
        if token.group() == "[":
            depth += 1
        elif token.group() == "]":
            depth -= 1
            if depth == 0:
                return token.start()
    return len(text)


def _headers_lists(text: str) -> list[tuple[int, int]]:
    """The spans of the lists of headers in ``text``; one opened inside another's span is
    that one's (each stretch of the text is read once)."""
    spans: list[tuple[int, int]] = []
    for match in _HEADERS_LIST.finditer(text):
        if spans and match.start() < spans[-1][1]:
            continue
        spans.append((match.end(), _list_end(text, match.end())))
    return spans


def _cookie_records(text: str) -> Iterator[tuple[int, int]]:
    """The value of a login cookie in a cookie's record, read from the same object as its
    name (no brace between them), either side of it; generated values only (a test's
    ``{name: 'session', value: 'test-session'}`` is no login), and not of a record open to
    the page's scripts, nor of one in a list of a message's headers (survey 34: an OpenClaw
    workspace's Gmail export, mail headers ``X-Mailgun-Sid``, ``sId`` and ``X-CM-TRANSID``
    in 21 files)."""
    headers = _headers_lists(text) if "headers" in text else []
    for name in _COOKIE_NAME_FIELD.finditer(text):
        cookie = name.group(1)
        if not _LOGIN_COOKIE.search(cookie) or _NOT_A_LOGIN_COOKIE.search(cookie):
            continue
        at = name.start() - (name.start() > 0 and text[name.start() - 1] in "\"'")  # its quote
        if any(start <= at < end for start, end in headers):
            continue
        after = _record_end(text, name.end(), min(len(text), name.end() + _COOKIE_RECORD_REACH))
        before = _record_start(text, at, max(0, at - _COOKIE_RECORD_REACH))
        if _READ_BY_SCRIPTS.search(text, before, after):
            continue
        for start, end in ((name.end(), after), (before, at)):
            value = _COOKIE_VALUE_FIELD.search(text, start, end)
            if value is not None and generated(value.group(1)):
                yield value.span(1)
                break


#: A field named for a cookie and its value, as a script's dict (``"web_session": "…"``), a
#: note's list (``- **_forum_session**: `…` ``) or a ``Cookie:`` header (``sid=…``) write it.
_NAMED_COOKIE = lazy_re.compile(r"(?<![\w.\-])[\"'`*]{0,3}([A-Za-z_][\w.\-]{0,63})[\"'`*]{0,3}[ \t]{0,5}"
                                r"[:=][ \t]{0,5}[\"'`*]{0,3}([A-Za-z0-9%._\-+/=]{16,4096})"
                                r"(?![A-Za-z0-9%._\-+/=])")
#: How far after the word "cookie" its fields may start (a dict's or a list's, a few lines),
#: and how far past that a field that started may run (its name, its marks, its value).
_NAMED_COOKIE_REACH = 800
_NAMED_COOKIE_LONGEST = 4200


def _cookie_stretches(lowered: str) -> Iterator[tuple[int, int]]:
    """The stretches of text within reach after the word "cookie", overlapping ones merged."""
    start = end = -1
    position = lowered.find("cookie")
    while position >= 0:
        if position > end:
            if end > start:
                yield start, end
            start = position
        end = position + _NAMED_COOKIE_REACH
        position = lowered.find("cookie", position + 1)
    if end > start:
        yield start, end


def _named_cookies(text: str) -> Iterator[tuple[int, int]]:
    """The value of a login cookie under its own name, after the word "cookie" (a script's
    ``COOKIES = {…, "web_session": "…"}``; a note's "## Current cookies" and its list,
    ``- **_forum_session**: `…` ``; survey 29: an OpenClaw workspace's Xiaohongshu script
    and its forum note): a name a login's cookie has (see :data:`_LOGIN_COOKIE`), a
    generated value. Each stretch is read once, and a field starting in it to its end."""
    for start, end in _cookie_stretches(ascii_lower(text)):
        for field in _NAMED_COOKIE.finditer(text, start, min(len(text), end + _NAMED_COOKIE_LONGEST)):
            if field.start() >= end:
                break
            name, value = field.group(1), field.group(2)
            if _LOGIN_COOKIE.search(name) and not _NOT_A_LOGIN_COOKIE.search(name) and \
                    generated(value) and not _AGENT_SESSION_ID.fullmatch(value):
                yield field.span(2)


#: An agent's own session id under ``session_id``: OpenCode's (``ses_``, twelve hex digits of
#: its clock, fourteen random letters and digits), as oh-my-opencode's ``boulder.json`` lists
#: each task's (a plan to port a fetch library, its tasks naming cookies). It names a
#: conversation on the machine that ran it, and signs no one in anywhere.
_AGENT_SESSION_ID = lazy_re.compile(r"ses_[0-9a-f]{12}[0-9A-Za-z]{14}")


def _record_end(text: str, start: int, stop: int) -> int:
    """Where the object a field at ``start`` belongs to closes (or another opens), at most
    ``stop``."""
    ends = [i for i in (text.find("}", start, stop), text.find("{", start, stop)) if i >= 0]
    return min(ends, default=stop)


def _record_start(text: str, end: int, stop: int) -> int:
    """Where the object a field ending at ``end`` belongs to opens (or another closes), at
    least ``stop``."""
    return max(text.rfind("{", stop, end), text.rfind("}", stop, end), stop)


#: A recovery phrase under its name: lower-case words of three to eight letters (BIP-39's
#: words are), one space apart, ending the value (a closing quote, a field's end or the
#: line's).
_MNEMONIC = lazy_re.compile(
    r"(?i:mnemonic|(?:seed|recovery|secret|backup|wallet)[ \t_\-]?phrase|seed[ \t_\-]?words)"
    r"[\"'`*]{0,4}[ \t]{0,5}(?:[:=]|\()[\"'`* \t]{0,8}((?:[a-z]{3,8} ){11,23}[a-z]{3,8})"
    r"(?=[\"'`]|\*{0,4}[ \t]{0,5}(?:[,;|)}\]]|\r?\n|$))")
#: Frequent words of three letters or more that BIP-39's English list lacks: prose, no phrase.
_NOT_PHRASE_WORDS = frozenset({
    "the", "and", "your", "yours", "for", "with", "are", "was", "were", "not", "but", "from",
    "these", "them", "their", "its", "our", "here", "has", "been", "which", "should", "would",
    "could", "words", "wallet"})
#: SHA-256 of the development tools' published phrases (Ganache's ``--deterministic``,
#: Truffle Develop's): every user of the tool has them, no one's wallet. (Hardhat's and
#: Anvil's, ``test`` eleven times, and BIP-39's test vectors repeat words: refused below.)
_PUBLISHED_PHRASES = frozenset({
    "9c5d0a6656e5d3f36601d0bf98762be09bad5d7b164382c1d6c826324d6d599a",
    "b83e96417f61cb148d0dc8a89b839ee4956ad45b5e4b6a2a6cae048e48782157"})


def _mnemonics(text: str) -> Iterator[tuple[int, int]]:
    """Recovery phrases: 12, 15, 18, 21 or 24 words, three in four of them different, none
    a word of prose BIP-39 lacks, not a development tool's published phrase."""
    for match in _MNEMONIC.finditer(text):
        words = match.group(1).split(" ")
        if len(words) % 3 or len(set(words)) * 4 < len(words) * 3 or \
                _NOT_PHRASE_WORDS.intersection(words) or \
                hashlib.sha256(match.group(1).encode()).hexdigest() in _PUBLISHED_PHRASES or \
                words == sorted(words):
            continue  # (in alphabetical order: the word list's own order, a test's phrase,
            # ``abandon ability able …``; twelve drawn words fall so once in 479,001,600)
        yield match.span(1)


_AZURE_SAS = lazy_re.compile(r"[?&;]sig=([A-Za-z0-9%+/=]{20,200})")
#: Azure's own fields of a shared access signature: the storage service version ``sv=`` of a
#: Blob, Queue, Table or File SAS (Azure Storage, "Create a service SAS": required), the key's
#: name ``skn=`` of a Service Bus, Event Hubs or IoT Hub one.
_AZURE_SAS_FIELD = lazy_re.compile(r"(?:[?&;]|\\u0026)(?:sv|skn)=|SharedAccessSignature", re.IGNORECASE)


def _azure_signatures(text: str) -> Iterator[tuple[int, int]]:
    """``sig=`` and a signature, in a query that holds an Azure SAS's own fields (looked for
    within 1,024 characters before and 256 after: the query's other parameters)."""
    for match in _AZURE_SAS.finditer(text):
        start, end = match.span(1)
        if made_up(match.group(1)) or _MASKED_TAIL.match(text, end) or \
                _CUT_SHORT.match(text, end):
            continue
        if _AZURE_SAS_FIELD.search(text, max(0, match.start() - 1024),
                                   min(len(text), end + 256)) is not None:
            yield start, end


_DOCKER_AUTH = lazy_re.compile(r'"auth"\s{0,5}:\s{0,5}"([A-Za-z0-9+/]{8,1024}={0,2})"')

CREDENTIALS: tuple[Detector, ...] = (
    # -- key files
    # Only with a key after it: a header quoted in prose (``the first line should show:
    # -----BEGIN OPENSSH PRIVATE KEY-----``) or in an error message is no key. The body may
    # follow on the next line, after an encrypted key's headers, or after ``\n`` in JSON.
    _d("private-key", "a private key block",
       r"-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----"
       r"(?:[ \t]{0,4}(?:\r?\n|\\r\\n|\\n)){1,3}"
       r"(?:[A-Za-z-]{1,20}:[^\n\\]{0,200}(?:\r?\n|\\n)){0,3}(?:[ \t]{0,4}(?:\r?\n|\\n))?"
       r"[ \t]{0,8}[A-Za-z0-9+/=]{24}(?:[A-Za-z0-9+/= \t\r\n]|\\n){0,8000}"
       r"(?:-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----)?",
       needles=("private key",), block=True),
    # The header with its key's algorithm, as PuTTYgen writes it: code that builds one
    # (node-forge's ``"PuTTY-User-Key-File-2: " + algorithm``, bundled in an Obsidian plugin
    # of set 43) or prose naming the format writes no key.
    _d("putty-key", "a PuTTY private key file",
       r"PuTTY-User-Key-File-\d{1,2}:[ \t]{1,4}(?:ssh-[a-z0-9]{3,10}|ecdsa-sha2-[a-z0-9]{3,12})"
       r"(?![A-Za-z0-9\-])",
       needles=("putty-user-key-file",), block=True),
    _d("age-key", "an age secret key", r"AGE-SECRET-KEY-1[0-9A-Z]{58}",
       needles=("age-secret-key-1",)),
    # A wallet's recovery phrase (BIP-39: 12 to 24 words) under a name saying so
    # (``MNEMONIC = "…"``, ``**Seed phrase:** …``): the twenty-first survey, an agent's
    # wallet scripts. Every key of the wallet derives from it.
    Detector("mnemonic", "a wallet's recovery phrase", None,
             needles=("mnemonic", "phrase", "seed"), scanner=_mnemonics),
    # A wallet's private key written under its own address, a map of an account to the key
    # that signs for it (``CUSTODIAL_KEYS_JSON={"0x2b…":"0xf3…"}`` in a custodial service's
    # ``.env``, the fortieth survey; Ganache's ``private_keys`` dump): no key word names the
    # value, the pairing does. An address is 40 hex digits and public; the 64 after it, the
    # key. (A transaction's or a block's hash is keyed by itself or a number, not an account.)
    _d("address-keyed-key", "a wallet's private key under its address",
       r"0x[0-9a-fA-F]{40}\\?[\"']?[ \t]{0,5}[:=][ \t]{0,5}\\?[\"'](?:0x)?([0-9a-fA-F]{64})"
       r"\\?[\"']", 1, needles=("0x",)),
    # -- cloud providers
    _d("aws-key", "an AWS access key id", r"\b(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[0-9A-Z]{16}\b",
       needles=("akia", "asia", "abia", "acca", "a3t")),
    _d("aws-secret", "an AWS secret access key",
       r"(?i)aws_?secret_?access_?key[\"']?\s{0,5}[:=]\s{0,5}['\"]?([A-Za-z0-9/+=]{40})\b", 1,
       needles=("secret",), placeholders=True),
    _d("azure-storage-key", "an Azure storage account key",
       r"(?i)AccountKey=([A-Za-z0-9+/]{80,100}={0,2})", 1, needles=("accountkey=",)),
    # Only beside Azure's own fields: YouTube's stream links (googlevideo.com) carry a
    # ``sig=`` too, an expiring signature of a public video, no credential (the twenty-first
    # survey: a music agent's yt-dlp ``.info.json``).
    Detector("azure-sas", "an Azure shared access signature", None, needles=("sig=",),
             scanner=_azure_signatures),
    _d("azure-client-secret", "an Azure AD client secret",
       r"(?<![A-Za-z0-9_~.])[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.\-]{31,34}(?![A-Za-z0-9_~.\-])",
       needles=("q~",)),
    Detector("google-key", "a Google API key", None, needles=("aiza",),
             scanner=_google_keys_not_public),
    _d("google-oauth-secret", "a Google OAuth client secret", r"\bGOCSPX-[A-Za-z0-9_\-]{28}",
       needles=("gocspx-",)),
    _d("alibaba-key", "an Alibaba Cloud access key id", r"\bLTAI[A-Za-z0-9]{20}\b",
       needles=("ltai",)),
    _d("digitalocean-token", "a DigitalOcean token", r"\bdo[opr]_v1_[a-f0-9]{64}\b",
       needles=("_v1_",)),
    _d("vault-token", "a HashiCorp Vault token", r"\bhv[sb]\.[A-Za-z0-9_\-]{24,200}",
       needles=("hvs.", "hvb.")),
    # Vault before 1.10: ``s.`` and 24 characters, letters of both cases and digits (a word
    # after ``s.`` in prose has no digit and one case).
    _d("vault-legacy-token", "a HashiCorp Vault token (before 1.10)",
       r"(?<![\w.\-/])[sb]\.(?=[a-z0-9]{0,23}[A-Z])(?=[A-Za-z]{0,23}[0-9])(?=[A-Z0-9]{0,23}[a-z])"
       r"[A-Za-z0-9]{24}(?![\w.\-])", needles=("s.", "b."), exact=True,
       prefilter=r"\.[A-Za-z0-9]{24}(?![\w.\-])"),
    _d("terraform-token", "a Terraform Cloud token",
       r"\b[a-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=\-]{60,70}", needles=(".atlasv1.",)),
    # -- code hosts and package registries
    _d("github-token", "a GitHub token",
       r"\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b",
       needles=("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_")),
    _d("gitlab-token", "a GitLab token",
       r"\b(?:glpat|glptt|gldt|glrt|glsoat|glcbt|glft|glimt|glagent|gloas)-[A-Za-z0-9_\-]{20,64}"
       r"|\bGR1348941[A-Za-z0-9_\-]{20,64}",
       needles=("glpat-", "glptt-", "gldt-", "glrt-", "glsoat-", "glcbt-", "glft-", "glimt-",
                "glagent-", "gloas-", "gr1348941")),
    _d("npm-token", "an npm token", r"\bnpm_[A-Za-z0-9]{36}\b", needles=("npm_",)),
    _d("npmrc-auth", "a registry credential in .npmrc",
       r"(?i)(?<![A-Za-z0-9.$])_(?:authToken|auth|password)\s{0,5}=\s{0,5}['\"]?([^\s'\"]{8,512})", 1,
       needles=("_auth", "_password"), placeholders=True),
    _d("pypi-token", "a PyPI token", r"\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_\-]{50,300}",
       needles=("pypi-ageichlwas5vcmc",)),
    _d("huggingface-token", "a Hugging Face token", r"\b(?:hf_|api_org_)[A-Za-z0-9]{30,40}\b",
       needles=("hf_", "api_org_")),
    # NVIDIA's API keys (build.nvidia.com, NIM): nvapi- and 64 URL-safe characters.
    _d("nvidia-key", "an NVIDIA API key", r"\bnvapi-[A-Za-z0-9_-]{64}(?![A-Za-z0-9_-])",
       needles=("nvapi-",)),
    # -- chat, mail and payment services
    # Every Slack token holds digits (its team's and user's ids, ``xoxb-`` and numbers); one
    # of words alone names one (a daily note's ``slack xoxb-test-token`` among a scan's false
    # findings, the twenty-third survey), as ``xoxb-your-bot-token`` does.
    _d("slack-token", "a Slack token",
       r"\bxox[abposre]-(?=[A-Za-z\-]{0,250}[0-9])[A-Za-z0-9\-]{10,250}"
       r"|\bxapp-\d-[A-Za-z0-9\-]{10,250}",
       needles=("xox", "xapp-")),
    _d("slack-webhook", "a Slack webhook URL",
       r"hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/_\-]{20,300}",
       needles=("hooks.slack.com",)),
    # A Feishu (Lark) group's custom bot: whoever holds its webhook URL posts into the group
    # (survey 42: an OpenClaw workspace's MEMORY.md noting the bot it reports through).
    _d("feishu-webhook", "a Feishu or Lark bot webhook URL",
       r"open\.(?:feishu\.cn|larksuite\.com)/open-apis/bot/v2/hook/[A-Za-z0-9\-]{20,64}",
       needles=("/open-apis/bot/v2/hook/",)),
    # WeCom's (企业微信) group robot: whoever holds the URL posts into the group as the robot
    # (developer.work.weixin.qq.com/document/path/91770: "keep the webhook address safe").
    _d("wecom-webhook", "a WeCom group robot webhook URL",
       r"qyapi\.weixin\.qq\.com/cgi-bin/webhook/send\?key=[A-Za-z0-9\-]{20,64}",
       needles=("qyapi.weixin.qq.com/cgi-bin/webhook",)),
    _d("discord-webhook", "a Discord webhook URL",
       r"discord(?:app)?\.com/api/webhooks/\d{5,30}/[A-Za-z0-9_\-]{20,100}",
       needles=("/api/webhooks/",)),
    # A Discord bot token: the bot's id in base64 (a 17-19 digit number: ``M``, ``N`` or
    # ``O`` then ``D``, ``T``, ``j`` or ``z``), a time stamp, an HMAC.
    _d("discord-bot-token", "a Discord bot token",
       r"(?<![\w\-])[MNO][DTjz][A-Za-z0-9_\-]{21,27}\.[A-Za-z0-9_\-]{6}\.[A-Za-z0-9_\-]{27,40}(?![\w\-])",
       needles=tuple(a + b for a in "MNO" for b in "DTjz"), exact=True),
    _d("telegram-token", "a Telegram bot token", r"\b\d{8,10}:AA[A-Za-z0-9_\-]{33}\b",
       needles=(":aa",)),
    _d("sendgrid-key", "a SendGrid API key", r"\bSG\.[A-Za-z0-9_\-]{22}\.[A-Za-z0-9_\-]{43}\b",
       needles=("sg.",)),
    _d("mailgun-key", "a Mailgun API key", r"\bkey-[0-9a-zA-Z]{32}\b", needles=("key-",)),
    _d("twilio-key", "a Twilio API key", r"\bSK[0-9a-fA-F]{32}\b", needles=("SK",), exact=True),
    _d("stripe-key", "a Stripe secret key", r"\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,247}\b",
       needles=("k_live_", "k_test_")),
    _d("stripe-webhook-secret", "a Stripe webhook signing secret", r"\bwhsec_[A-Za-z0-9+/=]{24,100}",
       needles=("whsec_",)),
    _d("mapbox-token", "a Mapbox secret token",
       r"\bsk\.eyJ[A-Za-z0-9_\-]{20,400}\.[A-Za-z0-9_\-]{20,60}", needles=("sk.eyj",)),
    _d("shopify-token", "a Shopify token", r"\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b",
       needles=("shpat_", "shpca_", "shppa_", "shpss_")),
    _d("square-token", "a Square token", r"\bsq0(?:atp|csp)-[A-Za-z0-9_\-]{22,60}",
       needles=("sq0atp-", "sq0csp-")),
    # -- AI and developer services
    _d("anthropic-key", "an Anthropic API key", r"\bsk-ant-[A-Za-z0-9_\-]{20,250}",
       needles=("sk-ant-",)),
    # Not lower-case words and digits joined by hyphens or underscores (a slug: a URL's path,
    # ``news.example.com/sk-hynix-to-produce-dram-from-m15x``; a name): OpenAI's keys mix
    # letters of both cases, and the lower-case keys of other services' ``sk-`` (48 letters,
    # 32 hex digits) hold no hyphen after it.
    # Kimi Code's keys (Moonshot AI), ``sk-kimi-`` and letters and digits: an OpenAI key's
    # shape, named for their issuer (set 47: an OpenClaw workspace's model providers).
    _d("kimi-key", "a Kimi (Moonshot AI) API key", r"\bsk-kimi-[A-Za-z0-9_\-]{20,250}",
       needles=("sk-kimi-",)),
    _d("openai-key", "an OpenAI API key",
       r"\bsk-(?:proj-|svcacct-|admin-)?(?![a-z0-9]+(?:[_\-][a-z0-9]+)+(?![A-Za-z0-9_\-]))"
       r"[A-Za-z0-9_\-]{20,250}",
       needles=("sk-",)),
    _d("atlassian-token", "an Atlassian API token", r"\bATATT3[A-Za-z0-9_\-=]{60,250}",
       needles=("atatt3",)),
    _d("linear-key", "a Linear API key", r"\blin_api_[A-Za-z0-9]{40}\b", needles=("lin_api_",)),
    _d("postman-key", "a Postman API key", r"\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}\b",
       needles=("pmak-",)),
    _d("databricks-token", "a Databricks token", r"\bdapi[a-f0-9]{32}(?:-\d)?\b",
       needles=("dapi",)),
    _d("newrelic-key", "a New Relic key", r"\bNR(?:AK|II|JS)-[A-Za-z0-9]{27}\b",
       needles=("nrak-", "nrii-", "nrjs-")),
    _d("grafana-token", "a Grafana token", r"\bgl(?:c|sa)_[A-Za-z0-9_+/=]{32,200}",
       needles=("glc_", "glsa_")),
    # An organisation's token (``sntrys_`` and base64) or a user's (``sntryu_`` and 64 hex).
    _d("sentry-token", "a Sentry token", r"\bsntry[su]_[A-Za-z0-9_+/=]{40,250}",
       needles=("sntrys_", "sntryu_")),
    _d("doppler-token", "a Doppler token", r"\bdp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,44}",
       needles=("dp.",)),
    # -- the services agents hand to their MCP servers (an ``env`` block, ``--access-token``
    # in ``args``) and their own providers: each prefix and length as its issuer documents
    # it, so a bare value is found in prose, a table or a command's arguments.
    _d("supabase-token", "a Supabase access token or secret key",
       r"\b(?:sbp_(?:v0_)?[a-f0-9]{40}|sb_secret_[A-Za-z0-9_\-]{31,64})(?![A-Za-z0-9_\-])",
       needles=("sbp_", "sb_secret_")),
    _d("neon-key", "a Neon API key", r"\bnapi_[a-z0-9]{64}(?![A-Za-z0-9])", needles=("napi_",)),
    _d("langsmith-key", "a LangSmith API key", r"\blsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}\b",
       needles=("lsv2_",)),
    # Tavily's keys: 32 characters after ``tvly-`` (``dev-``, ``prod-``), or, as its console
    # issues them now, a short id and 42 characters after ``tvly-dev-`` (survey 27).
    _d("tavily-key", "a Tavily API key",
       r"\btvly-(?:(?:dev|prod)-[A-Za-z0-9]{4,8}-[A-Za-z0-9]{40,44}|(?:dev-|prod-)?[A-Za-z0-9]{32})\b",
       needles=("tvly-",)),
    _d("perplexity-key", "a Perplexity API key", r"\bpplx-[A-Za-z0-9]{48}\b", needles=("pplx-",)),
    _d("groq-key", "a Groq API key", r"\bgsk_[A-Za-z0-9]{52}\b", needles=("gsk_",)),
    _d("xai-key", "an xAI API key", r"\bxai-[A-Za-z0-9]{80}\b", needles=("xai-",)),
    _d("replicate-token", "a Replicate API token", r"\br8_[A-Za-z0-9]{37}\b", needles=("r8_",)),
    _d("together-key", "a Together AI API key", r"\btgp_v1_[A-Za-z0-9_\-]{43}(?![A-Za-z0-9_\-])",
       needles=("tgp_v1_",)),
    _d("cerebras-key", "a Cerebras API key", r"\bcsk-[a-z0-9]{48}\b", needles=("csk-",)),
    _d("jina-key", "a Jina AI API key", r"\bjina_[A-Za-z0-9_\-]{60}(?![A-Za-z0-9_\-])",
       needles=("jina_",)),
    # ElevenLabs' keys are ``sk_`` and 48 hex digits (Stripe's ``sk_live_`` is not hex).
    _d("elevenlabs-key", "an ElevenLabs API key", r"\bsk_[a-f0-9]{48}\b", needles=("sk_",),
       prefilter=r"sk_[a-f0-9]{48}"),
    _d("firecrawl-key", "a Firecrawl API key", r"\bfc-[a-f0-9]{32}\b", needles=("fc-",)),
    _d("context7-key", "a Context7 API key",
       r"\bctx7sk-[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}\b",
       needles=("ctx7sk-",)),
    _d("brave-key", "a Brave Search API key",
       r"(?<![A-Za-z0-9_\-])BSA(?=[A-Za-z_\-]{0,28}[0-9])(?=[A-Z0-9_\-]{0,28}[a-z])"
       r"[A-Za-z0-9_\-]{27,29}(?![A-Za-z0-9_\-])", needles=("BSA",), exact=True),
    _d("figma-token", "a Figma personal access token",
       r"\bfigd_[A-Za-z0-9_\-]{40}(?![A-Za-z0-9_\-])", needles=("figd_",)),
    _d("apify-token", "an Apify API token", r"\bapify_api_[A-Za-z0-9]{36}\b",
       needles=("apify_api_",)),
    # ClawHub's API token (OpenClaw's skill registry; ``clawhub login --token clh_…``): 24
    # random bytes in hex, now 32 in base64url (the twenty-fourth survey: a workspace's note
    # of its account's setup).
    _d("clawhub-token", "a ClawHub API token",
       r"\bclh_(?=[A-Za-z0-9_\-]{0,55}[0-9])(?=[A-Za-z0-9_\-]{0,55}[A-Za-z])[A-Za-z0-9_\-]{40,56}"
       r"(?![A-Za-z0-9_\-])", needles=("clh_",)),
    _d("notion-token", "a Notion integration token",
       r"\bntn_[A-Za-z0-9]{40,50}\b|\bsecret_(?=[A-Za-z]{0,42}[0-9])[A-Za-z0-9]{43}\b",
       needles=("ntn_", "secret_")),
    _d("airtable-token", "an Airtable personal access token", r"\bpat[A-Za-z0-9]{14}\.[a-f0-9]{64}\b",
       needles=("pat",), prefilter=r"pat[A-Za-z0-9]{14}\."),
    _d("resend-key", "a Resend API key",
       r"\bre_[A-Za-z0-9]{8}_(?=[A-Za-z]{0,23}[0-9])[A-Za-z0-9]{24}\b", needles=("re_",),
       prefilter=r"re_[A-Za-z0-9]{8}_"),
    _d("pinecone-key", "a Pinecone API key", r"\bpcsk_[A-Za-z0-9]{4,8}_[A-Za-z0-9]{40,80}\b",
       needles=("pcsk_",)),
    _d("posthog-personal-key", "a PostHog personal API key", r"\bphx_[A-Za-z0-9]{43,47}\b",
       needles=("phx_",)),
    _d("planetscale-token", "a PlanetScale token or password",
       r"\bpscale_(?:tkn|pw|oauth)_[A-Za-z0-9_\-.=]{32,64}", needles=("pscale_",)),
    _d("docker-hub-token", "a Docker Hub access token",
       r"\bdckr_(?:pat|oat)_[A-Za-z0-9_\-]{27,40}(?![A-Za-z0-9_\-])", needles=("dckr_",)),
    _d("vercel-token", "a Vercel token", r"\bvc[pkiar]_[A-Za-z0-9]{40,64}\b",
       needles=("vcp_", "vck_", "vci_", "vca_", "vcr_")),
    _d("netlify-token", "a Netlify access token", r"\bnfp_[A-Za-z0-9]{36,40}\b",
       needles=("nfp_",)),
    _d("render-key", "a Render API key", r"\brnd_[A-Za-z0-9]{32}\b", needles=("rnd_",)),
    _d("fly-token", "a Fly.io token",
       r"\bfo1_[A-Za-z0-9_\-]{43}(?![A-Za-z0-9_\-])|\bfm[12][ar]?_[A-Za-z0-9+/]{100,4000}={0,3}",
       needles=("fo1_", "fm1", "fm2")),
    _d("browserbase-key", "a Browserbase API key",
       r"\bbb_live_[A-Za-z0-9_\-]{27,40}(?![A-Za-z0-9_\-])", needles=("bb_live_",)),
    # Google's OAuth tokens, as Gemini CLI's ``oauth_creds.json`` and gcloud keep them.
    _d("google-oauth-token", "a Google OAuth token",
       r"\bya29\.[A-Za-z0-9_\-]{30,2000}|(?<![\w/])1//0[A-Za-z0-9_\-]{40,500}",
       needles=("ya29.", "1//0")),
    # -- more services, each by the prefix and length its issuer documents (gitleaks' families)
    _d("onepassword-token", "a 1Password service account token",
       r"\bops_eyJ[A-Za-z0-9+/]{250,2000}={0,3}", needles=("ops_eyj",)),
    _d("onepassword-secret-key", "a 1Password account secret key",
       r"\bA3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}\b",
       needles=("A3-",), exact=True),
    _d("artifactory-key", "a JFrog Artifactory API key",
       r"\bAKCp[A-Za-z0-9]{69}\b", needles=("AKCp",), exact=True),
    _d("aws-bedrock-key", "an Amazon Bedrock API key",
       r"\bABSK[A-Za-z0-9+/]{109,269}={0,2}", needles=("ABSK",), exact=True),
    _d("cloudflare-origin-ca-key", "a Cloudflare Origin CA key",
       r"\bv1\.0-[a-f0-9]{24}-[a-f0-9]{146}\b", needles=("v1.0-",)),
    _d("clojars-token", "a Clojars deploy token",
       r"\bCLOJARS_[a-z0-9]{60}\b", needles=("clojars_",)),
    _d("defined-networking-token", "a Defined Networking API token",
       r"\bdnkey-[a-z0-9=_\-]{26}-[a-z0-9=_\-]{52}\b", needles=("dnkey-",)),
    _d("duffel-token", "a Duffel API token",
       r"\bduffel_(?:test|live)_[A-Za-z0-9_\-=]{43}(?![A-Za-z0-9_\-=])", needles=("duffel_",)),
    _d("dynatrace-token", "a Dynatrace API token",
       r"\bdt0c01\.[A-Z0-9]{24}\.[A-Z0-9]{64}\b", needles=("dt0c01.",)),
    _d("easypost-key", "an EasyPost API key",
       r"\bEZ[AT]K[A-Za-z0-9]{54}\b", needles=("EZAK", "EZTK"), exact=True),
    _d("flutterwave-key", "a Flutterwave secret key",
       r"\bFLWSECK(?:_TEST)?-[a-h0-9]{32}-X\b", needles=("flwseck",)),
    _d("frameio-token", "a Frame.io API token",
       r"\bfio-u-[A-Za-z0-9_\-=]{64}(?![A-Za-z0-9_\-=])", needles=("fio-u-",)),
    _d("gitlab-session", "a GitLab session cookie",
       r"gitlab_session=([0-9a-z]{32})\b", 1, needles=("gitlab_session=",)),
    _d("grafana-api-key", "a Grafana API key",
       r"\beyJrIjoi[A-Za-z0-9]{70,400}={0,3}", needles=("eyjrijoi",)),
    _d("harness-token", "a Harness access token",
       r"\b(?:pat|sat)\.[A-Za-z0-9_\-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}\b", needles=("pat.", "sat.")),
    _d("heroku-key", "a Heroku API key",
       r"\bHRKU-AA[A-Za-z0-9_\-]{58}(?![A-Za-z0-9_\-])", needles=("hrku-aa",)),
    _d("infracost-token", "an Infracost API token",
       r"\bico-(?=[A-Za-z]{0,31}[0-9])[A-Za-z0-9]{32}\b", needles=("ico-",)),
    _d("intra42-secret", "a 42 Intra client secret",
       r"\bs-s4t2(?:ud|af)-[a-f0-9]{64}\b", needles=("s-s4t2",)),
    _d("mailchimp-key", "a Mailchimp API key",
       r"\b[0-9a-f]{32}-us[0-9]{1,2}\b", needles=("-us",)),
    _d("maxmind-key", "a MaxMind license key",
       r"\b[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk\b", needles=("_mmk",)),
    _d("teams-webhook", "a Microsoft Teams webhook URL",
       r"\.webhook\.office\.com/webhookb2/[a-z0-9\-]{36}@[a-z0-9\-]{36}/IncomingWebhook/[a-z0-9]{32}/[a-z0-9\-]{36}",
       needles=("webhook.office.com/webhookb2/",)),
    _d("octopus-key", "an Octopus Deploy API key",
       r"\bAPI-(?=[A-Z]{0,25}[0-9])[A-Z0-9]{26}\b", needles=("API-",), exact=True),
    _d("openshift-token", "an OpenShift user token",
       r"\bsha256~[A-Za-z0-9_\-]{43}(?![A-Za-z0-9_\-])", needles=("sha256~",)),
    _d("plaid-token", "a Plaid access token",
       r"\baccess-(?:sandbox|development|production)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b",
       needles=("access-",)),
    _d("prefect-key", "a Prefect API key",
       r"\bpnu_[A-Za-z0-9]{36}\b", needles=("pnu_",)),
    _d("pulumi-token", "a Pulumi access token",
       r"\bpul-[a-f0-9]{40}\b", needles=("pul-",)),
    _d("readme-key", "a ReadMe API key",
       r"\brdme_[a-z0-9]{70}\b", needles=("rdme_",)),
    _d("rubygems-key", "a RubyGems API key",
       r"\brubygems_[a-f0-9]{48}\b", needles=("rubygems_",)),
    _d("scalingo-token", "a Scalingo API token",
       r"\btk-us-[A-Za-z0-9_\-]{48}(?![A-Za-z0-9_\-])", needles=("tk-us-",)),
    _d("brevo-key", "a Brevo (Sendinblue) API key",
       r"\bxkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}\b", needles=("xkeysib-",)),
    _d("settlemint-token", "a SettleMint access token",
       r"\bsm_(?:aat|pat|sat)_[A-Za-z0-9]{16}\b", needles=("sm_aat_", "sm_pat_", "sm_sat_")),
    _d("shippo-token", "a Shippo API token",
       r"\bshippo_(?:live|test)_[a-f0-9]{40}\b", needles=("shippo_",)),
    _d("sourcegraph-token", "a Sourcegraph access token",
       r"\bsgp_(?:[a-f0-9]{16}_|local_)?[a-f0-9]{40}\b", needles=("sgp_",)),
    _d("typeform-token", "a Typeform personal access token",
       r"\btfp_[A-Za-z0-9_\-.=]{59}(?![A-Za-z0-9_\-.=])", needles=("tfp_",)),
    _d("yandex-token", "a Yandex Cloud token",
       r"\bt1\.[A-Za-z0-9_\-]{8,200}={0,2}\.[A-Za-z0-9_\-]{86}={0,2}|\bAQVN[A-Za-z0-9_\-]{35,38}(?![A-Za-z0-9_\-])",
       needles=("t1.", "aqvn")),
    _d("twitter-bearer-token", "a Twitter (X) bearer token",
       r"\bA{22}[A-Za-z0-9%]{80,200}", needles=("aaaaaaaaaaaaaaaaaaaaaa",)),
    Detector("jwt", "a JSON Web Token", None, needles=("eyj",), scanner=_tokens_not_public),
    # -- HTTP credentials
    _d("bearer-token", "a bearer token",
       r"(?i)\bbearer[ \t]{1,10}([A-Za-z0-9\-._~+/]{20,2000}={0,2})", 1, needles=("bearer",),
       placeholders=True),
    Detector("basic-auth", "HTTP basic credentials", None, needles=("authorization",),
             scanner=_basic_credentials),
    Detector("docker-auth", "a registry credential in a Docker config", None,
             needles=('"auth"',), scanner=_docker_auths),
    Detector("cookie-record", "a login cookie's value in a cookie's record", None,
             needles=("value",), scanner=_cookie_records),
    _d("kubeconfig-key", "a client key in a kubeconfig",
       r"(?i)client-key-data[\"']?\s{0,5}:\s{0,5}[\"']?([A-Za-z0-9+/]{40,20000}={0,2})", 1,
       needles=("client-key-data",), block=True),
    # A user may be empty (``redis://:password@host``).
    _anchored("url-password", "a password in a URL",
              r"[a-z][a-z0-9+.\-]{0,30}://[^\s:/@]{0,256}:([^\s@/]{3,256})@[^\s/@]{1,256}",
              ("://",), _scheme_start, _not_a_local_address),
    # A .netrc entry (``machine host login user password secret``) and a .pgpass line
    # (``host:port:database:user:password``).
    _d("netrc-password", "a password in a .netrc entry",
       r"\bmachine[ \t]{1,10}\S{1,256}\s{1,10}(?:login[ \t]{1,10}\S{1,256}\s{1,10})?"
       r"password[ \t]{1,10}(\S{6,256})", 1, needles=("machine",), placeholders=True),
    _d("pgpass-password", "a password in a .pgpass line",
       r"(?<![\w.:\-/@])[A-Za-z0-9.\-]{1,253}:(?:[1-9][0-9]{2,4}|\*):[\w.\-*]{1,256}:[\w.\-*@]{1,256}:"
       r"([!#-&(-)+-9;=?-Z^_a-}]{6,256})(?![^\s\"'),;`])", 1, placeholders=True,
       prefilter=r":(?:[1-9][0-9]{2,4}|\*):"),
    # ``curl -u user:password`` (and ``--user``).
    _d("curl-user", "a password given to curl",
       r"\bcurl\b[^\n|;&]{0,512}?(?<![\w\-])(?:-u|--user)[ \t=]{1,5}[\"']?[\w.@\-]{1,128}:"
       r"([^\s'\"@]{6,256})", 1, needles=("curl",), placeholders=True),
    # A password piped to ``sudo -S`` (``echo "…" | sudo -S apt install …``, the twenty-fourth
    # survey: a workspace's note of how to run a GPU server's commands as root): the command
    # names it, no key word does.
    _d("sudo-password", "a password piped to sudo",
       r"\becho[ \t]{1,5}(?:-[ne][ \t]{1,5})?[\"']?([^\s'\"|;&`$]{6,256})[\"']?[ \t]{0,5}\|[ \t]{0,5}"
       r"sudo[ \t]{1,5}(?:-[A-Za-z]{1,3}[ \t]{1,5}){0,3}-[A-Za-z]{0,2}S", 1, needles=("sudo",),
       placeholders=True),
    # OpenSSL's password argument given as the password itself (``-pass pass:…``, ``-passin
    # pass:…``; the twenty-fourth survey: the passphrase that decrypts a workspace's encrypted
    # credential files, in its daily note). ``env:VAR`` and ``file:path`` name where it is.
    _d("openssl-pass", "a password given to openssl",
       r"-pass(?:in|out)?[ \t]{1,5}[\"']?pass:([^\s'\"`]{4,256})", 1, needles=("pass:",),
       placeholders=True),
    # A generated value under a key whose name ends in a secret's word (``RAILS_MASTER_KEY``,
    # Laravel's ``APP_KEY=base64:…``, ``"gateway": {"token": …}``, ``GITHUB_TOKEN=<40 hex>``):
    # the value is judged, not the name, so ``cache_key: 1f0c…`` is refused by its name and
    # ``token: refreshed`` by its value.
    # OpenClaw's auth-profiles.json keeps an OAuth pair as ``"access": …, "refresh": …``:
    # those two JSON keys count as secrets' names too, quoted only (``access: read`` in prose
    # is no key).
    # A qualifier in brackets may follow the key's name (``**Private Key (Base58):** `…```,
    # the seventeenth survey: a wallet's note; ``API key (prod): …``): the value is judged.
    # The name's last word may be ``value``, apart (``- Token value: `<40 hex>` ``, the
    # twentieth survey: an agent's note of a Todoist token): the value is judged the same.
    _anchored("keyed-secret", "a generated secret under a key's name",
              r"(?:key|token|secret|password|passwd|\"(?:access|refresh)\")"
              rf"(?:[_\-.]?(?:base|value|data|b64|hex)|[ \t]value)?{_KEY_QUALIFIER}(?:[\"'`*]){{0,4}}"
              # (a subscript's bracket after a quoted name: ``os.environ['OKX_API_KEY'] = …``;
              # only ``=`` sets a subscript: ``H["api-key"]:…`` is a conditional's other arm)
              r"(?:(?<=[\"'])\](?=[ \t]{0,40}=))?"
              # (before ``=`` or ``:``, the spaces of a block aligned by its formatter: gofmt's
              # ``FreemodelKey      = "…"`` in a Go ``const`` block, the twenty-third survey)
              # (the colon a full-width one, Chinese and Japanese text's own: ``Token：…``;
              # and there, a few words of Chinese may stand between the name and its colon:
              # ``Tushare Token 已获取：<56 hex>``, survey 42: a research agent's log of its
              # optimisations, "Tushare token obtained"; not words saying an example, a
              # sample, a format, a template or a placeholder follows: 示例, 例如, 样例, 格式)
              # (or a setter's argument, quoted: ``ts.set_token('<56 hex>')``, survey 42: a
              # Tushare token in an analyst agent's script; :func:`_keyed_secret` takes only a
              # setter's name before the bracket)
              r"(?:[ \t]{0,40}[:=：]|[ \t]{0,2}(?![\u4e00-\u9fff]{0,7}(?:例|样|格式|模板|占位))"
              r"[\u4e00-\u9fff]{1,8}[ \t]{0,2}[:：]"
              r"|\([ \t]{0,3}(?=[\"'])"
              r"|[ \t]{0,5}(?:(?<=[ \t])\|[ \t]{1,5}`?"
              r"|[ \t](?:is|to|was|are|of)[ \t]`?|[ \t]`?"
              r"|(?<=[\"'])[ \t]{0,3},(?:[ \t]{0,5}|[ \t]{0,5}\r?\n[ \t]{0,40}))"
              # (the value alone in a code fence below the name and its colon, a full-width
              # one too: ``Token 在这：`` then the fence, the value, the fence closed right
              # after it; flattened to one line, ```` ``` <value> ``` ````: the thirty-ninth
              # survey, OpenClaw's gateway token handed over so in a chat an OpenClaw session
              # corpus keeps; a fence holding more than the value is a block, not a value)
              r"|(?:[ \t]{0,3}(?:here|below|is[ \t]here|在这里?|在此|如下|是))?[ \t]{0,3}(?:\*\*)?"
              r"[:：](?:\*\*)?[ \t]{0,5}(?:\r?\n[ \t]{0,8}){0,2}```[A-Za-z0-9_\-]{0,16}"
              r"(?:[ \t]{0,5}\r?\n[ \t]{0,8}|[ \t]{1,5})"
              r"(?=[A-Za-z0-9+/=_\-.]{16,512}[ \t]{0,5}(?:\r?\n[ \t]{0,8})?```))"
              r"[ \t]{0,5}(?:\*\*)?[ \t]{0,3}[\"'`]?(?:base64:)?"
              # (in prose, the ids a key is sent with may come first, colons apart: ``api key
              # is <user id>:<key id>:<secret>``, survey 24: a key the user pasted into a chat
              # a workspace's note keeps; the secret is the last part)
              # (not a digest's algorithm: ``is sha256:<hex>`` is the key's hash)
              r"(?:(?<=[ \t]is[ \t])(?!(?:sha|md|blake|sri|ripemd|keccak)[0-9a-z\-]{0,8}:)"
              r"(?:[A-Za-z0-9_\-]{1,32}:){1,3}(?=[A-Za-z0-9_\-]{16}))?"
              r"([A-Za-z0-9+/=_\-.!@#$%^&]{16,512})",
              (*_KEY_NAME_ENDS, '"access"', '"refresh"'), _word_end_start, _keyed_secret),
    # A generated value given in code as an environment variable's default
    # (``os.environ.get("BRAVE_API_KEY", "BSA…")``, ``process.env.API_KEY || "…"``): the
    # variable's name reads as a reference, the key is hard-coded all the same.
    _anchored("env-default-secret", "a secret given as an environment variable's default",
              r"(?:getenv|environ\.get)\(\s{0,5}[\"'][A-Za-z0-9_]{0,64}"
              r"(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|PWD)[A-Za-z0-9_]{0,32}[\"']\s{0,5},\s{0,5}"
              r"[\"']([^\"'\s]{16,256})[\"']"
              r"|process\.env\.[A-Za-z0-9_]{0,64}(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|PWD)"
              r"[A-Za-z0-9_]{0,32}\s{0,5}(?:\|\||\?\?)\s{0,5}[\"'`]([^\"'`\s]{16,256})[\"'`]",
              ("getenv", "environ.get", "process.env."), _word_end_start, _env_default_secret),
    # A password given to a login call as its second argument, a literal beside the user's
    # (Python's ``smtplib``/``imaplib``/``ftplib``: ``mail.login('me@mail.com', '…')``): no
    # key word names it, the call does.
    _anchored("login-password", "a password given to a login call",
              r"login\(\s{0,5}[\"'][^\"'\n]{1,256}[\"']\s{0,5},\s{0,5}[\"']([^\"'\s]{8,256})[\"']"
              r"\s{0,5}\)",
              ("login(",), _word_end_start, lambda text, match, group: _mixed(match.group(group))),
    # A login written as its e-mail address, a slash and its password (``- Login:
    # me@mail.com / …``, ``- Later: me@mail.com / …`` under "Accounts/Logins Used", the
    # thirtieth survey: a workspace's daily notes): no key word names the password, the pair
    # does.
    Detector("login-pair", "a password written after its login's e-mail address", None,
             needles=("@",), scanner=_email_password_pairs),
    # An app password (Google's: sixteen lower-case letters shown in four groups of four,
    # ``abcd efgh ijkl mnop``; Apple's app-specific one with hyphens) under a name saying so,
    # unquoted (``**App Password:** …``, the nineteenth survey: a workspace's SMTP note): a
    # value with spaces reads as prose to the key-word detectors, its shape says what it is.
    # It must end its line or field: ``app password: must have been sent to you`` is prose.
    _anchored("app-password", "an app password",
              r"app(?:lication)?[ \t_\-]?(?:specific[ \t_\-]?)?pass(?:word)?[\"'`*]{0,4}[ \t]{0,5}"
              r"[:=][\"'`* \t]{0,8}([a-z]{4}[ \-]?[a-z]{4}[ \-]?[a-z]{4}[ \-]?[a-z]{4})"
              r"(?=[\"'`*]{0,4}[ \t]{0,5}(?:[,;|)]|\r?\n|$))",
              ("app",), _key_start, _app_password),
    # A Markdown label's emphasis may close after its colon (``- **Password:** …``, the
    # seventeenth survey: a workspace's daily note): the reader sees ``Password: …``.
    # A subscript's bracket may close the key's name, quoted (``os.environ['OKX_API_SECRET'] =
    # '…'``, the twenty-fourth survey: a trading bot's debug scripts; ``ENV["API_KEY"] = …``),
    # when ``=`` sets it: after ``]``, a colon is a conditional's (minified code's
    # ``V=H["api-key"]:H.api_key?…``, survey 25 of agent memory), not an assignment;
    # a bare name before one is code (``const [apiKeyId, setApiKeyId] = useState(…)``).
    _anchored("assigned-secret", "a secret assigned to a key",
              rf"{_SECRET_WORDS}{_KEY_SUFFIX}[\"']?(?:(?<=[\"'])\](?=[ \t]{{0,5}}=))?"
              rf"[ \t]{{0,5}}[:=]{_LABEL_CLOSED}[ \t]{{0,5}}"
              rf"{_ASSIGNED_VALUE}",
              ("pass", "pwd", "secret", "api", "access", "private", "client", "auth", "refresh",
               "bot", "session", "bearer", "senha", "contrase", "kennwort"), _key_start,
              _plausible_assignment),
    # A keyring's password given to the tool that opens it (``GOG_KEYRING_PASSWORD="…" gog
    # calendar …``, the thirtieth survey: a workspace's ``TOOLS.md`` and ``HEARTBEAT.md``;
    # keyring's file backend asks for it): a passphrase its owner chose, no tool ships a
    # default, so five characters are one (the floor of a password under any key is eight,
    # for the short defaults and test values a keyring's has none of).
    _anchored("keyring-password", "a keyring's password",
              # (bare, glued to ``=`` as a shell's assignment is, or after a colon: code's
              # ``keyring_password = prompt_value`` names a variable, a literal is quoted)
              r"keyring[_\-]?pass(?:word|phrase)?[\"']?[ \t]{0,5}(?:[:=][ \t]{0,5}"
              rf"(?:\"({_KEYRING_VALUE})\"|'({_KEYRING_VALUE})')|(?:(?<![ \t])=|:[ \t]{{0,5}})"
              rf"({_KEYRING_VALUE})(?=[`\s;&|)]|$))",
              ("keyring",), _key_start, _keyring_password),
    # A password under its Chinese name, 密码 (密碼 as Taiwan writes it), the twenty-seventh
    # survey: a workspace's mail guide, ``| **密碼** | `…` |`` and ``密碼：…`` (a full-width
    # colon). The value is printable ASCII without a space, up to a backtick, a space or a
    # Chinese character: a sentence after the word (``密码：请联系管理员``) is none. In a
    # table the word is its cell's label, the whole cell (a cell ending in it, ``| OKX
    # 交易所密码 | 1Password / Vault |``, describes a secret; the next cell says where it is).
    # 口令 names a password too (``管理口令：…``), and a note of a change gives the new one
    # after 改为 ("changed to"), a word or two between (``管理口令先改为 `…` ``, survey 29: a
    # workspace's daily note; ``密码已重置为 …``). Not Taobao's share code, 淘口令.
    # A ``|`` ends the value (a table's next cell), and a word of letters before one is the
    # next choice of a pattern's alternation (survey 33: an agent's guard rules,
    # ``r"(密钥|密码|token|secret|隐私)"``, the words of a request to export a secret;
    # ``token|secret|`` was read as the password).
    _d("chinese-password", "a password under its Chinese name",
       rf"(?:\|[ \t]{{0,3}}\*{{0,3}}{_CHINESE_PASSWORD}\*{{0,3}}[ \t]{{0,3}}\||{_CHINESE_PASSWORD}"
       rf"(?:\*{{0,3}}[ \t]{{0,3}}[:：]|[\u4e00-\u9fff]{{0,4}}?{_CHANGED_TO}[:：]?))"
       r"[ \t]{0,5}\*{0,3}[ \t]{0,3}`?(?![A-Za-z_]{1,64}\|)([!-_a-{}~]{8,64})(?![!-_a-{}~])", 1,
       needles=("密码", "密碼", "口令"), placeholders=True),
    # Last: a key word's detector names a value it shares (``ACCESS_TOKEN = "…"`` in a script
    # that mentions cookies) better.
    Detector("cookie-named", "a login cookie's value under its name", None,
             needles=("cookie",), scanner=_named_cookies),
)

# --------------------------------------------------------------------------- personal data

_LOCAL = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._%+-")
_DOMAIN_PART = lazy_re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?")
_DOMAIN = lazy_re.compile(r"[A-Za-z0-9\-.]{1,255}")
_TLD = lazy_re.compile(r"[A-Za-z]{2,63}")


def _emails(text: str) -> Iterator[tuple[int, int]]:
    """E-mail addresses, found from each ``@`` by bounded scans either side (a pattern
    starting with the local part retries it from every character before the ``@``: quadratic
    in a long run of ``a.a.a…``)."""
    position = text.find("@")
    while position >= 0:
        start = position
        while start > 0 and position - start < 64 and text[start - 1] in _LOCAL:
            start -= 1
        if start < position and not (start > 0 and (text[start - 1].isalnum()
                                                    or text[start - 1] in "_")):
            domain = _DOMAIN.match(text, position + 1)
            end = _domain_end(text, position + 1, domain.end()) if domain else None
            if end is not None:
                yield start, end
                position = text.find("@", end)
                continue
        position = text.find("@", position + 1)


def _domain_end(text: str, start: int, stop: int) -> int | None:
    """The end of a valid domain (labels, a top-level part of letters) in text[start:stop]."""
    labels = text[start:stop].split(".")
    offset = start
    last_good = None
    for index, label in enumerate(labels):
        part = _DOMAIN_PART.fullmatch(label)
        if part is None:
            break
        offset += len(label)
        if index > 0 and _TLD.fullmatch(label):
            last_good = offset
        offset += 1  # the dot
    if last_good is not None and (last_good >= len(text) or not
                                  (text[last_good].isalnum() or text[last_good] == "_")):
        return last_good
    return None


PERSONAL: tuple[Detector, ...] = (
    Detector("email", "an e-mail address", None, needles=("@",), scanner=_emails),
    _d("home-path", "a home-directory path",
       r"(?:/home/|/Users/|[A-Za-z]:\\Users\\)[^\s/\\]{1,64}|~[A-Za-z][A-Za-z0-9_.\-]{0,64}/",
       needles=("/home/", "/users/", "\\users\\", "~")),
    _d("number", "a long numeric identifier", r"(?<![\w.\-])\d(?:[ \-]?\d){8,64}(?![\w.])"),
)

#: Credentials and personal data: what a note must never hold (one tuple, so that its needle
#: index is built once).
SENSITIVE: tuple[Detector, ...] = CREDENTIALS + PERSONAL

#: Placeholder values that look like assignments but are not secrets.
_HARMLESS = lazy_re.compile(r"^(?:\*{1,256}|x{1,256}|<[^>]{0,256}>"
                            # a provider's prefix before a fill-in in angle brackets:
                            # ``sk-<your-api-key>`` (the twenty-fifth survey, a skill's setup guide)
                            r"|(?:[A-Za-z][A-Za-z0-9]{0,7}[-_]){1,4}<[^<>]{1,80}>"
                            r"|\$\{?[A-Za-z_][A-Za-z0-9_]{0,128}\}?"
                            r"|\{\{.{0,256}\}\}|%\(?[A-Za-z_][A-Za-z0-9_]{0,128}\)?s?"
                            # a template's variable between percent signs: a FortiGate's
                            # replacement message (``Password=%%PASSWORD%%``), a batch file's ``%PW%``
                            r"|%%?[A-Za-z_][A-Za-z0-9_]{0,128}%%?"
                            # Robot Framework's environment variable (``%{LT_ACCESS_KEY}``)
                            r"|%\{[A-Za-z_][A-Za-z0-9_]{0,128}\}"
                            r"|redacted|changeme|example|placeholder|none|null|true|false"
                            r"|token|password|passwd|pass|passphrase|secret|pwd|key|apikey|user|username"
                            r"|\[redacted:[a-z\-]{1,40}\]\S{0,2})$", re.IGNORECASE)

#: A value that names what belongs there instead of holding it: ``YOUR_API_KEY``,
#: ``你的NVIDIA_API_KEY`` ("your NVIDIA key"), ``<nvidia-api-key>``, an exchange's
#: ``passphrase = "DEMO_PASSPHRASE"``; and a constant's name in code ending in ``PWD`` or
#: ``PASS``, the short words for a password (survey 32: a vendored crawler's ``"password":
#: MONGODB_PWD,``, the constant read from the environment a few lines above).
_NAMES_A_KEY = lazy_re.compile(r"[^\x00-\x7f]*(?:[A-Z0-9]+_)*(?:API_?KEY|TOKEN|SECRET|PASSWORD|PASSWD|"
                               r"PASSPHRASE|KEY)(?:_[A-Z0-9]+)*[^\x00-\x7f]*|(?:[A-Z][A-Z0-9]*_)+(?:PWD|PASS)")
#: A value read from elsewhere at run time, not written here: ``process.env.API_KEY``,
#: ``os.environ["TOKEN"]``, ``env("SECRET")``, GitHub Actions' ``secrets.NPM_TOKEN``.
_READ_AT_RUN_TIME = lazy_re.compile(r"^(?:process\.env\.|import\.meta\.env\.|os\.environ|os\.getenv\(|"
                                    r"env\(|getenv\(|ENV\[|secrets\.|vars\.|op://|vault:|secretsmanager:|sm://|"
                                    r"arn:aws:secretsmanager:|keyring:|bws://|doppler://|infisical://)",
                                    re.IGNORECASE)
#: A path to a key file, not the key: ``$HOME/.ssh/id_ed25519``, ``~/.ssh/deploy_key``,
#: ``./keys/signer.pem``, ``/run/secrets/db``.
_PATH = lazy_re.compile(r"(?:~|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|\.{1,2}|[A-Za-z]:|%[A-Za-z_]+%)[/\\]"
                        r"[^\s]*|/(?:(?![A-Za-z0-9_.\-]*[A-Z][A-Za-z0-9_.\-]*[a-z])[A-Za-z0-9_.\-]{1,64}/|[A-Za-z_.\-]{1,64}/)+"
                        r"(?:[A-Za-z_.\-]{1,64}|[a-z0-9_.\-]{1,64}|[A-Z0-9_.\-]{1,64})"
                        r"|[^\s]*\.(?:pem|key|json|p12|pfx|crt|cer|pub|txt|gpg|asc|age|enc|ppk|jks"
                        r"|keystore|yaml|yml|toml|env|md|markdown|html?|py|js|ts|sh|log|csv|sql|db|sqlite|png|jpe?g|pdf)|[^\s]*/\.ssh/[^\s]*"
                        # a dotfile's name, in prose (``AUTH_SECRET: .env.local has two values``)
                        r"|\.[a-z]+(?:[.\-_][a-z]+)*")
#: A constant's name in code where a value goes: the ``k`` prefix of Apple's and Google's style
#: for constants, then words, acronyms and numbers, two words at least (Swift's recorder
#: settings ``AVFormatIDKey: kAudioFormatMPEG4AAC``, ``kCVPixelFormatType32BGRA``). A generated
#: value beginning with ``k`` (``kQ7vR2xT9…``) is no run of words and is still found.
#: Each part can be read one way only (a word's letters end before a capital, an acronym before
#: a word's capital or a non-letter, a number within three digits), so a long run of digits
#: or capitals is never split every which way: ``kAbcAbc`` and 30 digits took six seconds.
_CONSTANT_NAME = lazy_re.compile(r"k(?=(?:.*?[A-Z][a-z]{2}){2})(?:[A-Z][a-z]{2,}(?![a-z])"
                                 r"|[A-Z]{2,}(?:(?=[A-Z][a-z])|(?![A-Za-z]))|[0-9]{1,3}(?![0-9]))+")
#: A redaction marker, whatever its brackets: ``__OPENCLAW_REDACTED__``, ``[REDACTED]``.
_REDACTED = lazy_re.compile(r".*(?i:redacted|\bmasked\b|\bremoved\b|\bomitted\b|\bhidden\b).*")


#: Code where a value would be, in a script or a snippet: a call (``env.get('API_KEY')``,
#: ``line.split("=", 1)[1]``) or an attribute (``settings.API_KEY``, ``self.token``), maybe
#: behind an operator (``!state.showPassword``, ``!!this.apiKey``, ``await vault.read()``, ``new Secret(x)``);
#: a class's private member too (``this.#hashPassword(newPassword)``).
_CODE = lazy_re.compile(r"\(?(?:!!?|not\s+|await\s+|new\s+|typeof\s+)?"
                        r"(?:[A-Za-z_][A-Za-z0-9_]*(?:\??\.#?[A-Za-z_][A-Za-z0-9_]*)*(?:\(.*|\[.*)"
                        r"|[A-Za-z_][A-Za-z0-9_]*(?:\??\.#?[A-Za-z_][A-Za-z0-9_]*)+)")
#: A fill-in in words: ``your_api_key``, ``your-token-here``, ``<your password>``.
#: (where to get it in it too: ``your-key-from-aistudio.google.com``)
_FILL_IN = lazy_re.compile(r"(?:your|my|the|test|fake|dummy|sample|example|some)[_\- ][\w\-. ]{1,60}"
                           # and as the other languages of a password's key write it
                           # (``sua_senha_aqui``, ``tu_contraseña``, ``dein-passwort``)
                           r"|(?:sua|seu|tua|teu|tu|su|dein|deine|ihr)[_\- ][\w\- ]{1,60}"
                           r"|[\w\- ]{0,30}[_\-](?:here|aqui)", re.IGNORECASE)


#: Values that only look like a secret to a pattern: two words joined by a hyphen, or words
#: naming what goes there (``qwen-oauth``, ``super-secret-password``; a passphrase of more
#: words, ``correct-horse-battery``, still counts), a camelCase name in code (``llmApiKey``), the
#: demo passwords of tutorials (``secret123``, ``admin123``, ``hunter2``), a shell's command
#: substitution or variable (``$(openssl rand -base64 32)``, ``$DB_PASSWORD``), and the
#: sequences of made-up examples (``abcd1234efgh5678``, ``xxxx``, AWS's ``…EXAMPLE``).
_NOT_A_SECRET = lazy_re.compile(
    r"[A-Z]?[a-z]+-[A-Z]?[a-z]+|(?:[A-Za-z]+_)*[A-Za-z]+[0-9]{0,2}="
    # a sentence: three or more words, one of them one a sentence has and a passphrase does not
    r"|(?:[a-z]+[-_])*(?:not|only|do|use|in|for|the|this|here|me|to|be|of|and|never|prod|fixture)"
    r"(?:[-_][a-z]+)+|(?:[a-z]+[-_]){2,}(?:not|only|do|use|in|for|the|this|here|me|to|be|of|and"
    r"|never|prod|fixture)"
    # a sentence saying how long the real value must be (a number among its words:
    # ``production-jwt-secret-key-at-least-32-characters-long``)
    r"|(?:(?:[a-z]+|[0-9]{1,4})[-_]){2,}(?:least|characters|chars|long|minimum)"
    r"(?:[-_](?:[a-z]+|[0-9]{1,8}))*"
    # or with the number and its unit run together (``a-secure-password-8chars-min``)
    r"|(?:[a-z]+[-_]){1,6}[0-9]{1,4}(?:chars?|characters)(?:[-_][a-z]+){0,4}"
    # an instruction naming the variables that hold the value, in words (``Set
    # GOOGLE_API_KEY, GEMINI_API_KEY, or …``): a constant's name and a space in it
    r"|(?=.* )(?=.*[a-z]).*\b[A-Z][A-Z0-9]*_(?:[A-Z0-9]+_)*(?:KEY|TOKEN|SECRET|PASSWORD)\b.*"
    r"|(?:[a-z]+-|e2e-)*(?:oauth|token|secret|password|passwd|key|here|value|dummy|fake"
    r"|sample|test|example)(?:-[a-z]+)*|[a-z]+(?:[A-Z][a-z]{2,})+"
    # (an encoding's name among its words, digits and all: ``base64EncodedSecretString``, an
    # API reference's sample credentials, polystrat-io's copy of Polymarket's CLOB docs)
    r"|(?:[a-z]+|base(?:64|32|58))(?:[A-Z][a-z]{2,}|Base(?:64|32|58))+"
    # a secret's own names and a number (``api_key=secret-token-123``, survey 33: a memory
    # audit's self-test giving it a secret to refuse): words naming the kind, counted, no value
    r"|(?:(?:api|oauth|access|auth|token|secret|password|passwd|pass|key|value)[-_]){1,3}"
    r"(?:api|oauth|access|auth|token|secret|password|passwd|pass|key|value)[-_]?[0-9]{1,6}"
    r"|(?P<run>.)(?P=run){5,}|(?i:secret|password|passw0rd|pass|senha|contrase[nñ]a|passwort|motdepasse|wachtwoord|admin|test"
    r"|demo|changeme|letmein|qwerty|hunter|foo|bar"
    # the first password a seed user or a new account is given (``Welcome123``, a GSD plan's
    # seed step: measured blind at the end of a round)
    r"|welcome"
    # a password a test case types to be refused (``Wrong@123``, ``InvalidPass1``: a test
    # case generator's example table, survey 27)
    r"|(?:wrong|invalid|incorrect)(?:pass|pwd|password)?"
    # a keyboard's row typed from its start (``Asdf1234.``, ``zxcv123``, ``qwer!``): the
    # demo password of a seed user or a fixture, as ``qwerty`` is
    r"|qwer(?:t(?:y(?:u(?:i(?:op?)?)?)?)?)?|asdf(?:g(?:h(?:j(?:kl?)?)?)?)?|zxcv(?:b(?:nm?)?)?"
    r"|azerty|qwertz"
    # (the digit row typed from its start, then the letter row under it from its start, or
    # the two interleaved down the columns: ASP.NET Boilerplate's seed password ``123qwe``,
    # ABP Framework's ``1q2w3E*``; set 53, a .NET app's AGENTS.md and Serena memory listing
    # the development accounts its settings seed and its README publishes)
    r"|123(?:4(?:5(?:6)?)?)?(?:qwe(?:r(?:ty?)?)?|asd(?:fg?)?|zxc(?:vb?)?)"
    r"|1q2w(?:3e(?:4r(?:5t)?)?)?|1qaz(?:2wsx(?:3edc)?)?"
    # the documented defaults of database and broker images (a compose file's Postgres)
    r"|postgres|postgresql|mysql|mariadb|root|toor|guest|redis|mongo"
    # (MinIO's root user and password, ``minioadmin``, until the image is given others)
    r"|minioadmin"
    # (the JDK's documented default for a key store, ``changeit``: its ``cacerts`` ships with
    # it, and a trust store of public certificates keeps nothing secret; set 51, a CLAUDE.md's
    # ``-Djavax.net.ssl.trustStorePassword=changeit`` for a local mkcert trust store)
    r"|changeit"
    # a default doubled or with its word for a password (``rootroot``, ``rootpass``)
    r"|(?:root|admin|user|guest)(?:root|admin|user|guest|pass|pwd|password))"
    r"[!@#$%.*]?[0-9]{0,6}[!@#$%.*]{0,4}|\$\(.*|\$[A-Za-z_][A-Za-z0-9_]*"
    # a sentence in words (``'Password used to generate key'``, ``'top secret'``: a quoted
    # passphrase of plain words, ``correct horse battery staple``, still counts)
    r"|(?i:(?:[a-z]+ )+(?:to|the|for|of|and|is|are|used|your|an?|this|that|with|from|in|on|be)"
    r"(?: [a-z]+)+|(?:[a-z]+ )*(?:top|my|our|very|super|big) (?:secret|password|key)(?: [a-z]+)*)"
    # a label in words that names the secret (a form's or an app's strings: ``"Forgot
    # Password?"``, ``"Confirm password"``, ``"Show secret key"``); a passphrase of words
    # without such a word still counts
    r"|(?i:(?:[a-z]+ ){1,6}(?:password|passphrase|passwd|secret|token|key|pin)s?(?: [a-z]+){0,6}"
    r"|(?:password|passphrase|passwd|secret|token|key|pin)s?(?: [a-z]+){1,6})[?!.:…]?"
    # a value that says it is wrong or made up (a test's ``wrongpass``)
    # (in any case, with the digits and marks a password policy asks for: ``TestPassword123!``,
    # the test account's password of a setup guide; the marks typed along the top row after
    # the digits, ``Test123!@#``)
    # (``supersecret999``, a scrubber's test; ``MyPassphrase123``, a setup guide's sample
    # config: the twenty-fourth survey; ``devpass``, a local development database's password
    # in a compose file an agent wrote: survey 36)
    r"|(?:(?i:wrong|bad|invalid|incorrect|fake|dummy|sample|test|demo|example|str[o0]ng|secure|my|new"
    r"|dev|local"
    r"|old|temp|temporary|current|initial|default|admin|user|your|encrypted|obscured|hashed"
    r"|super|top)"
    r"[-_]?){0,2}[-_]?"
    r"(?i:p[a@]ss(?:w[o0]rd|phrase)?|senha|s[e3]cr[e3]t|pwd|pw)[!@#$%.*]?[0-9]{0,6}[!@#$%.*]{0,4}"
    # in snake_case, a ``_`` before the digits (``user_password_123!``, a security guide's
    # sample: a variable's name, not a password)
    r"|(?:[a-z]+_){1,2}password_[0-9]{1,6}[!@#$%.*]{0,4}"
    # a hexadecimal constant in code (``PASSWORD: 0x000004,``)
    r"|0x[0-9A-Fa-f]{1,16}"
    # a sentence asking for a real value (``default-dev-secret-change-in-production``)
    r"|(?:(?:[a-z]+|[0-9]{1,4})[-_])*(?:change|changeme|replace|default|insecure|dev|development|generate)"
    # (its last word maybe padded with dashes to the length it asks for:
    # ``change-me-with-at-least-32-characters----``, a backed-up .env's)
    r"(?:[-_](?:[a-z]+|[0-9]{1,4}))+[-_]{0,32}"
    r"|(?:(?:[A-Z]+|[0-9]{1,4})_)*(?:CHANGE|CHANGEME|REPLACE|DEFAULT|INSECURE|DEV|GENERATE)(?:_(?:[A-Z]+|[0-9]{1,4}))+"
    # the example password of the Postgres image's documentation, Kitsu's default admin
    # password (``mysecretpassword``), and its kin (``supersecretkey``; SearXNG's shipped
    # ``settings.yml`` sets ``secret_key: "ultrasecretkey"``, to be overwritten: survey 29)
    r"|(?i:(?:my|your|our|super|top|ultra)[-_]?(?:super[-_]?)?secret[-_]?(?:p[a@]ss(?:w[o0]rd)?|key|token))"
    r"[!@#$%.*]?[0-9]{0,6}"
    # a provider's prefix, with its version (``sk-or-v1-``, ``sk-ant-api03-``), before a
    # fill-in in words: ``sk-or-v1-your-key`` (no generated value ends in plain words)
    r"|(?:[A-Za-z][A-Za-z0-9]{0,7}[-_]){1,4}(?i:your)(?:[-_][A-Za-z]+){1,8}"
    # or before words saying it is made up, maybe numbered (``figd_dummy-figma-token-123456``),
    # the word alone and in capitals too (``STRIPE_SECRET_KEY=sk_test_PLACEHOLDER``,
    # ``prv_test_PLACEHOLDER``, ``sk_live_REPLACE_ME``, survey 41: an app's ``.env`` and its
    # ``.env.example``; no generated value ends in a word after its prefix)
    r"|(?:[A-Za-z][A-Za-z0-9]{0,7}[-_]){1,4}(?i:dummy|fake|sample|example|placeholder|changeme"
    r"|replace)(?:[-_](?:[a-z]{1,12}|[A-Z]{1,12}|[0-9]{1,8})){0,8}"
    r"|.*(?:abcd1234|12345678|xxxx|XXXX|EXAMPLE|\*\*\*).*"
    # a snake_case name in code (api_key=simmer_key), a read at run time anywhere in it
    r"|[a-z][a-z0-9]*(?:_[a-z0-9]+)+|.*(?:os\.environ|process\.env|getenv\(|\.get\().*"
    # a reference or an expression inside the value: ``\$OPENAI_API_KEY``, ``${CONFIG.key}``,
    # ``{client_id}``, a URL (its password has a detector of its own), ``' + PGPW + '``;
    # template fields joined by a mark and nothing else: the Graph API's app access token
    # written as ``{APP_ID}|{APP_SECRET}`` (the names of the two values that make it)
    r"|.*(?:\$\{|\\\$|\$[A-Z_][A-Z0-9_]{2,}|://| \+ ).*|[,+=].*"
    r"|\{[A-Za-z_][\w.\-]{0,64}\}(?:[|:/._\-]\{[A-Za-z_][\w.\-]{0,64}\}){0,3}"
    # code (``_this$props4.dataKey``), a key block's header (the block's own detector judges
    # it), a fill-in in capitals (``YOURSECRETKEYGOESHERE``)
    r"|[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+[;,)]?|-----.*|.*(?:YOUR|GOES_?HERE).*"
    # three or more words in capitals joined by ``_``: a constant's name or a fill-in in
    # any language (``JA_GERADO_NO_PASSO_ANTERIOR``, "already made in the step before"), its
    # capitals Latin-1's too (Swedish ``HÄR_…_LÖSENORD``, "the password here"); no generated
    # value is words of letters alone, and none holds a letter outside ASCII
    r"|[A-Z\u00c0-\u00d6\u00d8-\u00de]+(?:_[A-Z\u00c0-\u00d6\u00d8-\u00de]+){2,}"
    # a fill-in in another language naming the key ("你的API Key": "your API key")
    r"|.*[^\x00-\x7f].*(?i:key|token|secret|password).*|.*(?i:key|token|secret|password).*[^\x00-\x7f].*"
    # words of another script in it ("xoxb-から始まるSlackボットトークン": "a Slack bot token
    # starting with xoxb-"): no generated value has two such letters in a row
    r"|.*[^\x00-\x7f]{2,}.*"
    # a comment in a value's place: ``PARQUET_EXPORT_SECRET=#DEPRECATED, use ADMIN_API_SECRET
    # instead`` (a .env's note, the value cut at the space), a word alone after the mark
    r"|#[A-Za-z]{2,32}[,.:;]?")


#: A replacement field of a format string holding code (Python's f-string, ``str.format``):
#: ``print(f"  api_key: {config_info['api_key']}")`` prints a value read at run time; the
#: value is cut at the quote inside the field (``{config_info[``). A name alone between
#: braces is a reference already (``{client_id}``).
_FORMAT_FIELD = lazy_re.compile(r"\{[A-Za-z_][A-Za-z0-9_]{0,64}(?:\.[A-Za-z_][A-Za-z0-9_]{0,64}){0,8}"
                                r"[\[(].*")
#: A JSX attribute's expression, the tag closing after it: ``apiKey={apiKey}>``.
_JSX_EXPRESSION = lazy_re.compile(r"\{[A-Za-z_$][\w$]{0,64}(?:\??\.[A-Za-z_$][\w$]{0,64}){0,8}\}/?>")
#: Words of lower-case letters joined by ``/``: a secret's name in a store
#: (``secret_id = "prod/billing/database"``) or a path (rclone's ``secret:subdir/subfile``),
#: as ``snake_case`` names are (see ``_NOT_A_SECRET``).
_WORD_PATH = lazy_re.compile(r"[a-z][a-z_\-]{0,40}(?:/[a-z][a-z_\-]{0,40}){1,8}")
#: A string of code holding more than one line of a file (``"SHOPIFY_API_KEY=skills_key\n
#: SHOP_DOMAIN=…"``, a test writing an ``.env``): the value ends at the escaped newline.
_ESCAPED_NEXT_LINE = lazy_re.compile(r"\\n[A-Za-z_][A-Za-z0-9_]{0,64}=.*")
#: A string's escapes closing a value written inside a string of code:
#: ``"export MX_APIKEY=your_api_key_here\\n"`` (the fill-in, then the line's newline).
_ESCAPES_AT_END = lazy_re.compile(r"(?:\\[nrt])+$")


#: A Spring expression, evaluated when the application starts (``#{null}``,
#: ``#{systemEnvironment['JWT_SECRET']}``): a property's default written as code, no value.
_SPRING_EXPRESSION = lazy_re.compile(r"#\{[^{}\n]{1,256}\}")


def _closing_brace(value: str) -> str:
    """A placeholder's default without the brace that closes the placeholder."""
    return value[:-1] if value.endswith("}") and value.count("}") > value.count("{") else value


#: A variable with a default (``${POSTGRES_PASSWORD:-changeme}``, Spring's ``${JWT_SECRET:dev}``):
#: the value is the variable's; only the default is written here.
_WITH_DEFAULT = lazy_re.compile(r"\$\{[A-Za-z_][A-Za-z0-9_.]{0,128}(?::?-|:)(.*)\}")


def variable_default(value: str) -> str | None:
    """The default a variable is given where it is read (``${DB_PASSWORD:-…}`` -> ``…``), or
    None: the value that a file of examples copies bare (``DB_PASSWORD=…``)."""
    defaulted = _WITH_DEFAULT.fullmatch(value.strip("\"'`").rstrip(")]>,;."))
    return defaulted[1] if defaulted is not None and defaulted[1] else None
#: A shell's substring of a variable, in its default's place: ``${WEBHOOK_SECRET:0:8}`` (the
#: twenty-fourth survey: a setup script echoing a secret's first eight characters), ``${TOKEN:
#: -4}``. Offsets, no value: the characters shown are the variable's, read at run time.
_SUBSTRING_OFFSETS = lazy_re.compile(r"[0-9]{1,4}:[0-9]{1,4}| -[0-9]{1,4}(?::[0-9]{1,4})?")
#: The ``0x`` of a hexadecimal number before letters no hexadecimal number holds, or words:
#: ``0xfake_private_key``, ``0xfile_key`` (the twenty-fourth survey: a wallet's key and address
#: in a skill's tests). A key in hexadecimal is digits and ``a``-``f`` alone, and stays found;
#: what follows the mark is judged as a value of its own.
_HEX_MARK_BEFORE_WORDS = lazy_re.compile(r"0x(?=[0-9A-Fa-f]*[G-Zg-z_\-])[A-Za-z][A-Za-z0-9_\-]{2,128}")


#: Names of the value numbered and listed (``TAVILY_API_KEY="key1,key2"``, ``"key1&key2"``,
#: ``"key1 key2 key3"``: a script's comment showing that several keys may be given, survey
#: 29): the shape of a value, no value.
_NUMBERED_NAMES = lazy_re.compile(r"(?i:(?:key|token|secret|pass(?:word)?|value)[_\-]?[0-9]{1,3}"
                                  r"(?:[ \t]{0,2}[,;|& ][ \t]{0,2}(?:key|token|secret|pass(?:word)?|value)"
                                  r"[_\-]?[0-9]{1,3}){1,8})")


def harmless(value: str) -> bool:
    """Whether a value assigned to a secret's key is no secret: a placeholder, a value its
    author cut short (``eyJhbGciOiJI...``: the rest is not there) or shortened in the middle
    (``testsecret...xyz``, a skill's example account: its first and last letters), one naming
    the key that goes there (``YOUR_API_KEY``), one read from the environment at run time, code, a demo value,
    a provider's key cut short without a mark (``figd_`` and 13 characters), one holding a
    character sixteen times in a row (a documented test key), an expired token, a key its
    issuer made public (a publishable key, Supabase's ``anon`` token); a variable whose
    default is one of these."""
    quoted = value.strip("\"'`")
    listed = _STRING_LIST.fullmatch(quoted)
    if listed is not None:  # ``'["sk-or-v1-key1", "sk-or-v1-key2"]'``: each judged
        items = _LIST_ITEM.findall(quoted)
        return bool(items) and all(harmless(item) or _prefix_then_a_word(item) for item in items)
    if _ID_DOT_SECRET.fullmatch(quoted):  # no dotted name in code: one token, the dot apart
        return harmless(quoted.replace(".", "", 1))
    defaulted = _WITH_DEFAULT.fullmatch(quoted.rstrip(")]>,;."))
    if defaulted is not None:  # (``${X:?message}`` fails when X is unset: a message, no value)
        return not defaulted[1] or defaulted[1].startswith("?") or harmless(defaulted[1]) \
            or _SPRING_EXPRESSION.fullmatch(defaulted[1]) is not None \
            or _SUBSTRING_OFFSETS.fullmatch(defaulted[1]) is not None
    unescaped = _ESCAPES_AT_END.sub("", quoted)  # (a line of a file written in a string: ``\n``)
    if _HEX_MARK_BEFORE_WORDS.fullmatch(unescaped):  # ``0xfake_private_key``: the words judged
        return harmless(unescaped[2:])
    # As written, and without the punctuation that closes what it stands in (``…)`` in code).
    return any(_HARMLESS.match(each) or "..." in each or "…" in each
               or _NAMES_A_KEY.fullmatch(each) or _READ_AT_RUN_TIME.match(each)
               or _CODE.fullmatch(each) or _FILL_IN.fullmatch(each)
               or (_NOT_A_SECRET.fullmatch(each) and not prefixed_machine_value(each))
               or _PATH.fullmatch(each) or _CONSTANT_NAME.fullmatch(each)
               or _REDACTED.fullmatch(each) or _counting(each) or counted_out(each)
               or _ONE_CHARACTER_RUN.search(each) is not None
               or _WIFI_SECURITY_MODE.fullmatch(each) or _PUBLISHABLE.fullmatch(each)
               or _FORMAT_FIELD.fullmatch(each) or _JSX_EXPRESSION.fullmatch(each)
               or _WORD_PATH.fullmatch(each) or _PUBLISHED_SAMPLE.search(each)
               or _PUBLISHED_DEMO_SECRET.fullmatch(each) or _counted_in_threes(each)
               or _NUMBERED_NAMES.fullmatch(each)
               for each in (quoted, quoted.rstrip(")]}>,;.:").strip("\"'`"),
                                 _ESCAPED_NEXT_LINE.sub("", quoted),
                                 _ESCAPES_AT_END.sub("", quoted),
                                 # both: code copied into a JSON string, a call's bracket then the
                                 # line's written newline (``OpenAI(api_key=OPENAI_API_KEY)\\n``)
                                 _ESCAPES_AT_END.sub("", quoted).rstrip(")]}>,;"),
                                 # emphasis and a code span around it: ``**`Password123!`**``
                                 quoted.strip("*_`"),
                                 # a value cut short before a closing bracket: ``sk-ant-api03-...)``
                                 quoted.rstrip(")]}>,;").strip("\"'`"),
                                 _UNWRAPPED.sub(r"\1", quoted))
               ) or _BRACKETED.fullmatch(quoted) is not None or provider_key_cut_short(quoted) \
        or expired_token(quoted) or unsigned_token(quoted) or public_token(quoted)


#: Keys their issuers make to be shipped in every browser that loads the app, named for it:
#: Supabase's publishable key (``sb_publishable_``, the successor of its ``anon`` key), Stripe's
#: and Clerk's publishable keys (``pk_live_``, ``pk_test_``), Mapbox's public token (``pk.``
#: and a JWT's body), PostHog's project API key (``phc_``: write-only, in every page that
#: sends its events; the twenty-third survey, a vendored OpenHands' default). Their secret
#: halves (``sb_secret_``, ``sk_live_``, Mapbox's ``sk.``, PostHog's personal ``phx_``) stay
#: found.
_PUBLISHABLE = lazy_re.compile(r"(?:sb_publishable_|pk_(?:live|test)_|pk\.eyJ|phc_)[A-Za-z0-9_\-.]{8,}")

_RUNS = ("01234567890", "abcdefghijklmnopqrstuvwxyz")
#: A Wi-Fi network's security mode where its password goes (``**Senha:** WPA2-PSK (mínimo 12
#: caracteres)``, a router's setup plan): the kind of password, not one.
_WIFI_SECURITY_MODE = lazy_re.compile(r"WPA[23]?(?:[-/ ](?:PSK|SAE|Personal|Enterprise|AES|TKIP)){0,2}"
                                      r"|WEP|WPA2/WPA3", re.IGNORECASE)
#: One character sixteen times in a row: a documented test value (Cloudflare Turnstile's
#: always-passes keys, ``1x`` and twenty or thirty-one zeros and ``AA``), not a machine's
#: output; a generated value holds such a run by chance once in some 10^28 of its places.
_ONE_CHARACTER_RUN = lazy_re.compile(r"(.)\1{15}")


def _counting(value: str) -> bool:
    """Whether every part of ``value`` counts up, one character to the next, or repeats one
    character: a documentation's made-up value (a Telegram bot token as ``123456:ABCDEF``,
    ``abc-123456``; rclone's Scaleway key as runs of ``1``, ``2``, … ``5``), not a secret."""
    parts = re.split(r"[:_\-.]", value.lower())
    return len(parts) > 1 and all(len(part) >= 3 and (any(part in run for run in _RUNS)
                                                      or len(set(part)) == 1)
                                  for part in parts)


#: Runs of letters or of digits, each three or more: ``abc``, ``123``.
_THREE_OR_MORE = lazy_re.compile(r"[a-z]{3,}|[0-9]{3,}")


def _counted_in_threes(value: str) -> bool:
    """Whether the last part of ``value`` (after a prefix such as ``sk-live-``) is letters and
    digits counted up in turn, three or more at a time, three runs or more (``abc123def456``,
    a security guide's key in a "bad" example): typed, not generated (a generated part of
    nine characters or more is such by chance once in some 10^10)."""
    last = re.split(r"[:_\-.]", value.lower())[-1]
    runs = _THREE_OR_MORE.findall(last)
    return len(last) >= 9 and len(runs) >= 3 and "".join(runs) == last and \
        all(any(run in counted for counted in _RUNS) for run in runs)


#: The secret of express-session's documented example (``secret: 'keyboard cat'``), copied
#: into tutorials and security guides.
_PUBLISHED_DEMO_SECRET = lazy_re.compile(r"keyboard cat")


#: A JWS signature's shortest length: HS256's 32 bytes, in base64url without padding.
_SHORTEST_SIGNATURE = 43


def unsigned_token(value: str) -> bool:
    """Whether ``value`` is a JSON Web Token's shape whose signature is shorter than any
    algorithm's (``….signature``, ``….sig``: a guide's made-up token, which nothing accepts)."""
    match = _JWT.fullmatch(value) if value.startswith("eyJ") else None
    return match is not None and len(value) - value.rfind(".") - 1 < _SHORTEST_SIGNATURE


#: A word in square brackets where a value goes: ``postgres://user:[PASSWORD]@host``.
_BRACKETED = lazy_re.compile(r"\[[A-Za-z][\w\- ]{0,40}\]")
#: A value wrapped in the braces of a template (``{SUPABASE_ANON_KEY}``, ``{{ token }}``,
#: GitHub Actions' ``${{ secrets.NPM_TOKEN }}``): what is inside is what names it.
_UNWRAPPED = lazy_re.compile(r"^\$?\{\{?\s*([^{}\s]+)\s*\}\}?$")


@dataclass(frozen=True)
class Finding:
    kind: str
    description: str
    start: int  # offset in the text of the secret part
    end: int


class NeedleIndex:
    """Every needle of a table of detectors, found in one pass over a text (Aho-Corasick).

    Testing each of the table's ~90 needles with ``in`` read the text ~90 times and, for the
    short values a site is made of (titles, cells), cost more in Python than the detectors
    themselves: it was the largest single cost of checking and generating 10,000 entries.
    """

    def __init__(self, detectors: tuple[Detector, ...]) -> None:
        self.detectors = detectors  # held: the index is found by the tuple's identity
        # Which detectors a needle calls for, and those that always run (no needles): most
        # values hold no needle, and then only those few are tried.
        self.always = frozenset(i for i, d in enumerate(detectors) if not d.needles)
        self.by_needle: dict[str, frozenset[int]] = {}
        for position, detector in enumerate(detectors):
            for needle in detector.needles:
                self.by_needle[needle] = self.by_needle.get(needle, frozenset()) | {position}
        self.lowered = self._automaton(n for d in detectors if not d.exact_needles
                                       for n in d.needles)
        self.exact = self._automaton(n for d in detectors if d.exact_needles for n in d.needles)

    @staticmethod
    def _automaton(needles: Iterable[str]) -> Any:
        words = sorted(set(needles))
        if not words:
            return None
        automaton = ahocorasick.Automaton()
        for word in words:
            automaton.add_word(word, word)
        automaton.make_automaton()
        return automaton

    def present(self, text: str) -> set[str]:
        """The needles that occur in ``text`` (lower-cased for all but the exact ones)."""
        found: set[str] = set()
        if self.lowered is not None:
            found.update(needle for _, needle in self.lowered.iter(text.lower()))
        if self.exact is not None:
            found.update(needle for _, needle in self.exact.iter(text))
        return found


_INDEXES: dict[int, NeedleIndex] = {}


def needle_index(detectors: tuple[Detector, ...]) -> NeedleIndex:
    """The index of ``detectors``, built once per table (tables are module constants, or a
    few concatenations of them)."""
    index = _INDEXES.get(id(detectors))
    if index is None or index.detectors is not detectors:
        if len(_INDEXES) > 64:  # tables made on the fly: never an unbounded cache
            _INDEXES.clear()
        index = _INDEXES[id(detectors)] = NeedleIndex(detectors)
    return index


def find(text: str, detectors: tuple[Detector, ...]) -> list[Finding]:
    """Every match of ``detectors`` in ``text``, earliest first, overlaps removed."""
    found: list[Finding] = []
    index = needle_index(detectors)
    chosen = set(index.always)
    for needle in index.present(text):
        chosen |= index.by_needle[needle]
    for position in sorted(chosen):  # in the table's order: ties go to the earlier detector
        detector = detectors[position]
        for start, end in detector.spans(text):
            found.append(Finding(detector.kind, detector.description, start, end))
    return without_overlaps(found)


def without_overlaps(findings: Iterable[Finding]) -> list[Finding]:
    """Earliest first (the longer of two at one offset, then the earlier detector's), every
    finding that overlaps one kept before it left out."""
    found = sorted(findings, key=lambda f: (f.start, -(f.end - f.start)))
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
    return find(text, SENSITIVE)


def redact(text: str, detectors: tuple[Detector, ...] = SENSITIVE
           ) -> tuple[str, list[Finding]]:
    """Replace every span ``detectors`` find (by default credentials and personal data) with
    ``[redacted:KIND]``; return the text and what was found."""
    findings = find(text, detectors)
    if not findings:
        return text, findings
    pieces = []
    position = 0
    for finding in findings:
        pieces.append(text[position:finding.start])
        pieces.append(f"[redacted:{finding.kind}]")
        position = finding.end
    pieces.append(text[position:])
    return "".join(pieces), findings


def redact_credentials(text: str) -> str:
    """``text`` with every credential replaced by its marker: what any output may print."""
    return redact(text, CREDENTIALS)[0]


def line_column(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, column


#: A file's name that says it holds a key: ``zhipu_key.txt``, ``api-key``, ``token``,
#: ``.secret`` (a word of its name, a dot, ``_`` or ``-`` apart; not ``keyboard.txt``).
_KEY_FILE_NAME = lazy_re.compile(r"(?:^|[._\-])(?:api[_\-]?key|key|token|secret|password|passwd)"
                                 r"(?:[._\-]|$)", re.IGNORECASE)


def key_file_value(path: str, text: str) -> Finding | None:
    """The value of a file named for a key that holds that value alone, no name beside it
    (``zhipu_key.txt``: a Zhipu AI key and nothing else, the twenty-third survey): the file's
    name is the key's name. Only a generated value counts, the whole text save its spaces."""
    name = path.rpartition("/")[2]
    if len(text) > 1024 or _KEY_FILE_NAME.search(name) is None:
        return None
    value = text.strip()
    # (a JSON document is no key: ``token.d.ts.map``, TypeScript's source map of a ``token``
    # module, is one line of minified JSON, the twenty-eighth survey)
    if not value or value[0] in "{[" or any(c.isspace() for c in value) or not generated(value):
        return None
    start = text.index(value)
    return Finding("keyed-secret", "a generated secret under a key's name", start,
                   start + len(value))
