#!/usr/bin/env python3
"""Generate a synthetic, valid memory tree in a new git repository (for the benchmarks).

    python bench/make_tree.py OUT_DIR [--entries N] [--commits C] [--seed S] [--end DATE]

The tree sits at the repository root: the twelve mesh state files (each with a ``## Mesh index``),
the eight history directories (each with a copy of the built-in ``ENTRY.template.md`` and entries
that follow it exactly), ``logs/``, two small library directories, ``notes.jsonl`` and the cycle
ledger ``.agents/evolve/cycle-history.jsonl`` with ``session-state.json``.

The git history keeps the protocol's pairing rules, so history checks find nothing: every commit
only adds entries; a commit that changes STATE.md adds a snapshots/ entry, one that removes a task
from TODO.md adds a completed/ entry, one that changes LEARNINGS.md adds a reflections/ entry; the
ledger, the note store and the event logs only ever grow by appended lines.  Ledger lines name
(by a 12-digit abbreviation) the commit before the one that appends them.

Speed (no git process per commit): the whole history is computed in memory first.  Blob, tree
and commit ids are hashed here exactly as git hashes them, which is what lets a ledger line name
a commit before anything is written.  Every blob goes into one packfile written here (each new
version of an append-only file as a delta "copy the previous version, insert the new lines"; other
blobs whole) and verified by ``git index-pack``; trees and commits then come from one
``git fast-import`` stream that names the blobs by id; ``git reset --hard`` fills the work tree.
The result is checked: the HEAD git computes must be the HEAD computed here.

Everything is deterministic for a given (entries, commits, seed, end): fixed identities, commit
dates spread over the two years before ``end`` and a seeded random generator.

Standard library only.
"""

from __future__ import annotations

import argparse
import bisect
import datetime as dt
import hashlib
import json
import os
import random
import re
import subprocess
import sys
import time
import zlib
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
TEMPLATES_DIR = HERE.parent / "continuity" / "templates" / "entries"

#: The last commit's date; all dates lie in the SPAN_DAYS before it.  Fixed so output is
#: deterministic; chosen in the future of the project's writing so SNAPSHOT.md is not stale (CT108).
DEFAULT_END = "2026-12-31"
SPAN_DAYS = 730

AUTHOR = "Bench Agent"
EMAIL = "bench-agent@example.invalid"

HISTORY_DIRS = ("journal", "snapshots", "completed", "reflections", "audits", "proposals",
                "setup", "artifacts")
#: Share of entries per directory (journal and snapshots most).
WEIGHTS = {"journal": 32, "snapshots": 24, "completed": 12, "reflections": 7, "audits": 7,
           "proposals": 6, "setup": 4, "artifacts": 8}
#: Share of artifacts/ entries that are data files (.json/.csv) rather than Markdown entries.
ARTIFACT_DATA_SHARE = 0.15

MESH = {
    "STATE": ["snapshots", "audits", "artifacts"],
    "TODO": ["completed"],
    "CONTEXT": ["journal"],
    "LEARNINGS": ["reflections", "audits", "completed"],
    "PLAN": ["proposals"],
    "TOOLS": ["setup", "artifacts"],
    "ARTIFACTS": ["artifacts"],
    "SNAPSHOT": ["snapshots"],
    "INFRASTRUCTURE": ["audits"],
    "EVENTS": ["logs"],
    "MEMORY": ["memory"],
    "KNOWLEDGE": ["knowledge"],
}

LEDGER = ".agents/evolve/cycle-history.jsonl"
SESSION_STATE = ".agents/evolve/session-state.json"
NOTES = "notes.jsonl"
SHA_LEN = 12  # abbreviation written in the ledger: short like `git rev-parse --short`, unambiguous

# Plain lower-case vocabulary: no digits, no markup, nothing that looks like a credential.
WORDS = """
agent archive audit backlog baseline batch branch budget build bundle cache call canary capture
catalog change channel check checkpoint client cluster commit config consumer context contract
counter coverage cursor cycle daemon dashboard data deadline default delta deploy diff digest
directory disk draft drift edge endpoint entry error event evidence export failure feature fetch
field file filter fixture flag format frontier gate goal graph guard handler harness header health
history hook host import index input insight interval job journal kernel label latency layer ledger
limit link lint loader lock log loop manifest margin marker memory merge mesh message metric
migration mirror mode model module monitor mount namespace network node note notice offset operator
order outline output owner package page parser patch path pattern payload peer phase pipeline plan
plugin policy pool port probe process profile prompt proof proposal queue quota range ratchet reader
record recovery reflection region registry release replica report request resource result retry
review revision rollout route rule runner sample scenario schema scope script search section
segment selector service session shard signal site slice snapshot source span spec stage state
status step storage store stream summary surface switch sync table target task template tenant test
thread threshold timeout timer topic trace tracker trigger turn update upgrade usage validator value
vendor version view volume watcher webhook window worker workflow writer
""".split()
VERBS = """adds applies avoids blocks builds caches checks clears closes collects compares confirms
covers defers drops emits enforces expands feeds fixes flags folds gates guards holds keeps limits
lists loads marks measures merges moves narrows opens orders parses pins prunes reads records
reduces removes renames replays reports resets retries returns routes runs samples saves scans
shows skips sorts splits stages starts stops tracks trims updates validates verifies waits writes
""".split()
ADJS = """active brittle cached careful clean cold complete current daily durable early empty exact
failing fast flaky fresh full green hidden idle large late local manual minimal missing narrow new
nightly noisy old open partial pending quiet rare recent red remote safe shared short silent slow
small stable stale steady strict tight unknown upstream weekly""".split()
TASK_VERBS = ["Add", "Fix", "Document", "Refactor", "Migrate", "Harden", "Measure", "Trim", "Wire",
              "Review", "Split", "Replace", "Automate", "Cache", "Validate", "Index", "Archive",
              "Profile", "Retire", "Backfill"]
PROJECTS = ["atlas", "beacon", "cinder", "harbor", "lumen", "quarry"]
TAGS = ["deploy", "ci", "docs", "infra", "testing", "search", "storage", "release", "ops",
        "design", "perf", "tooling"]
TOOLS = ["caddy", "ripgrep", "postgres", "redis", "nginx", "prometheus", "grafana", "terraform",
         "ansible", "podman", "restic", "sqlite", "pandoc", "hugo", "mkdocs", "ruff", "pytest",
         "node", "deno", "jq", "tmux", "minio", "traefik", "uv", "hyperfine", "shellcheck"]
AUDIT_TYPES = ["security", "quality", "code", "dependency", "performance", "access", "backup",
               "docs", "cost", "lint"]
STATUSES = ["active", "blocked", "reviewing", "paused", "shipping"]
GOALS = ["test-pass-rate", "doc-coverage", "lint-clean", "build-time", "type-coverage",
         "search-latency", "link-health", "snapshot-freshness", "ledger-trace", "bundle-size"]
NAMESPACES = ["semantic", "procedural", "episodic", "working"]


# ---------------------------------------------------------------------------------------------
# git object hashing (identical to git's), and a tree that re-hashes only what changed

def blob_id(data) -> bytes:
    h = hashlib.sha1(b"blob %d\0" % len(data))
    h.update(data)
    return h.digest()


class _Dir:
    __slots__ = ("keys", "parts", "subdirs", "oid", "dirty")

    def __init__(self):
        self.keys: list[bytes] = []   # git sort keys (a directory's name ends in "/"), sorted
        self.parts: list[bytes] = []  # tree-entry bytes, aligned with keys
        self.subdirs: dict[bytes, tuple[bytes, _Dir]] = {}  # sort key -> (name, dir)
        self.oid = b""
        self.dirty = True


class GitTree:
    """The work tree as git sees it, hashed incrementally: only changed directories."""

    def __init__(self):
        self.root = _Dir()

    def set_file(self, path: str, oid: bytes) -> None:
        parts = path.encode().split(b"/")
        d = self.root
        d.dirty = True
        for name in parts[:-1]:
            key = name + b"/"
            sub = d.subdirs.get(key)
            if sub is None:
                sub = (name, _Dir())
                d.subdirs[key] = sub
                i = bisect.bisect_left(d.keys, key)
                d.keys.insert(i, key)
                d.parts.insert(i, b"")
            d = sub[1]
            d.dirty = True
        name = parts[-1]
        item = b"100644 " + name + b"\0" + oid
        i = bisect.bisect_left(d.keys, name)
        if i < len(d.keys) and d.keys[i] == name:
            d.parts[i] = item
        else:
            d.keys.insert(i, name)
            d.parts.insert(i, item)

    def _hash(self, d: _Dir) -> bytes:
        if d.dirty:
            for key, (name, sub) in d.subdirs.items():
                i = bisect.bisect_left(d.keys, key)
                if sub.dirty or not d.parts[i]:
                    d.parts[i] = b"40000 " + name + b"\0" + self._hash(sub)
            body = b"".join(d.parts)
            d.oid = hashlib.sha1(b"tree %d\0" % len(body) + body).digest()
            d.dirty = False
        return d.oid

    def oid(self) -> bytes:
        return self._hash(self.root)


def commit_id(tree: bytes, parent: bytes | None, when: int, message: bytes) -> bytes:
    ident = f"{AUTHOR} <{EMAIL}> {when} +0000".encode()
    body = b"tree " + tree.hex().encode() + b"\n"
    if parent is not None:
        body += b"parent " + parent.hex().encode() + b"\n"
    body += b"author " + ident + b"\ncommitter " + ident + b"\n\n" + message
    return hashlib.sha1(b"commit %d\0" % len(body) + body).digest()


class FastImport:
    """A ``git fast-import`` process fed through a pipe; ``close`` raises if it failed."""

    def __init__(self, repo: Path):
        self.proc = subprocess.Popen(["git", "fast-import", "--quiet", "--done"], cwd=repo,
                                     env=_git_env(), stdin=subprocess.PIPE,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self.write = self.proc.stdin.write

    def close(self) -> None:
        try:
            self.write(b"done\n")
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        err = self.proc.stderr.read().decode(errors="replace").strip()
        if self.proc.wait() != 0:
            raise RuntimeError(f"git fast-import failed: {err}")


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


class Pack:
    """A packfile of all the blobs.  Each new version of an append-only file is stored as a
    delta that copies the version before and inserts the appended lines (what git would find,
    for free); full copies every DEPTH versions keep delta chains as short as git's default.
    Other blobs are stored whole, so reading one never walks a delta chain."""

    DEPTH = 50

    def __init__(self):
        self.body = bytearray()
        self.count = 0
        self.ids: set[bytes] = set()

    def blob(self, data: bytes) -> bytes:
        """Store ``data`` whole (once); return its blob id."""
        oid = blob_id(data)
        if oid not in self.ids:
            self.ids.add(oid)
            self.add(data, None)
        return oid

    def _header(self, kind: int, size: int) -> bytes:
        out = bytearray([(kind << 4) | (size & 0x0F)])
        size >>= 4
        while size:
            out[-1] |= 0x80
            out.append(size & 0x7F)
            size >>= 7
        return bytes(out)

    def add(self, data, base: tuple[int, int] | None) -> int:
        """Store ``data``; ``base`` = (offset, length) of a blob ``data`` starts with."""
        offset = len(self.body)
        self.count += 1
        if base is None:
            self.body += self._header(3, len(data)) + zlib.compress(data, 1)
            return offset
        base_offset, base_len = base
        delta = bytearray(_varint(base_len) + _varint(len(data)))
        pos = 0
        while pos < base_len:  # copy ops: offset up to 4 bytes, size up to 3 bytes
            size = min(base_len - pos, 0xFFFFFF)
            op, args = 0x80, bytearray()
            for i in range(4):
                if (pos >> (8 * i)) & 0xFF:
                    op |= 1 << i
                    args.append((pos >> (8 * i)) & 0xFF)
            for i in range(3):
                if (size >> (8 * i)) & 0xFF:
                    op |= 1 << (4 + i)
                    args.append((size >> (8 * i)) & 0xFF)
            delta.append(op)
            delta += args
            pos += size
        tail = memoryview(data)[base_len:]
        for i in range(0, len(tail), 0x7F):  # insert ops of up to 127 bytes
            chunk = tail[i:i + 0x7F]
            delta.append(len(chunk))
            delta += chunk
        rel = offset - base_offset
        ofs = bytearray([rel & 0x7F])
        rel >>= 7
        while rel:
            rel -= 1
            ofs.insert(0, 0x80 | (rel & 0x7F))
            rel >>= 7
        self.body += self._header(6, len(delta)) + ofs + zlib.compress(bytes(delta), 1)
        return offset

    def install(self, repo: Path) -> None:
        if not self.count:
            return
        data = b"PACK" + (2).to_bytes(4, "big") + self.count.to_bytes(4, "big") + self.body
        data += hashlib.sha1(data).digest()
        proc = subprocess.run(["git", "index-pack", "--stdin"], cwd=repo, env=_git_env(),
                              input=data, capture_output=True)
        if proc.returncode:
            err = proc.stderr.decode(errors="replace").strip()
            raise RuntimeError(f"git index-pack failed: {err}")


class AppendOnly:
    """A file that only grows; every version goes into ``pack`` as a delta of the one before."""

    def __init__(self, path: str, pack: Pack):
        self.path = path
        self.buf = bytearray()
        self.pack = pack
        self.last: tuple[int, int] | None = None  # (pack offset, length) of the last version
        self.depth = 0

    def append(self, lines: list[str]) -> bytes:
        """Append ``lines``; return the blob id of the new version."""
        for line in lines:
            self.buf += line.encode() + b"\n"
        if self.last is None or self.depth >= Pack.DEPTH:
            offset, self.depth = self.pack.add(self.buf, None), 0
        else:
            offset, self.depth = self.pack.add(self.buf, self.last), self.depth + 1
        self.last = (offset, len(self.buf))
        oid = blob_id(self.buf)
        self.pack.ids.add(oid)
        return oid


# ---------------------------------------------------------------------------------------------
# text

class Prose:
    def __init__(self, rng: random.Random):
        self.rng = rng

    def words(self, lo: int, hi: int) -> list[str]:
        return self.rng.choices(WORDS, k=self.rng.randint(lo, hi))

    def phrase(self, lo: int = 2, hi: int = 4) -> str:
        return " ".join(self.words(lo, hi))

    def sentence(self) -> str:
        r = self.rng
        rand = r.random
        a = r.choices(WORDS, k=2 + int(rand() * 4))
        b = r.choices(WORDS, k=2 + int(rand() * 5))
        parts = [ADJS[int(rand() * len(ADJS))], *a, VERBS[int(rand() * len(VERBS))], "the",
                 ADJS[int(rand() * len(ADJS))], *b]
        x = rand()
        if x < 0.25:
            w = r.choices(WORDS, k=2)
            parts.insert(3 + int(rand() * (len(parts) - 3)), f"`{w[0]}_{w[1]}`")
        if x > 0.8:
            parts[-1] += ","
            parts += ["so", "the", *r.choices(WORDS, k=1 + int(rand() * 3)),
                      VERBS[int(rand() * len(VERBS))], WORDS[int(rand() * len(WORDS))]]
        text = " ".join(parts)
        return text[0].upper() + text[1:] + "."

    def body(self, lines: int) -> list[str]:
        """Exactly ``lines`` lines (>= 1) of paragraphs, bullets now and then."""
        out: list[str] = []
        while len(out) < lines:
            room = lines - len(out)
            n = min(room, self.rng.randint(1, 4))
            if self.rng.random() < 0.2:
                out += ["- " + self.sentence() for _ in range(n)]
            else:
                out += [self.sentence() for _ in range(n)]
            if len(out) < lines - 1:
                out.append("")
            elif len(out) == lines - 1:
                out.append(self.sentence())
        return out[:lines]


def slugify(text: str, words: int = 5) -> str:
    parts = re.findall(r"[a-z0-9]+", text.lower())[:words]
    return "-".join(parts) or "entry"


def iso(ts: int) -> str:
    return dt.datetime.fromtimestamp(ts, dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def day(ts: int) -> str:
    return dt.datetime.fromtimestamp(ts, dt.timezone.utc).strftime("%Y-%m-%d")


# ---------------------------------------------------------------------------------------------
# templates

PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z0-9_]+)\s*\}\}")


class Template:
    """The shape of an ENTRY.template.md: frontmatter keys, title, sections and their kind."""

    def __init__(self, text: str):
        self.text = text
        lines = text.splitlines()
        self.frontmatter: list[tuple[str, str]] = []
        i = 0
        if lines and lines[0].strip() == "---":
            end = next(j for j in range(1, len(lines)) if lines[j].strip() == "---")
            for line in lines[1:end]:
                key, _, value = line.partition(":")
                if key.strip():
                    self.frontmatter.append((key.strip(), value.strip()))
            i = end + 1
        self.title = ""
        self.sections: list[tuple[str, list[str]]] = []
        for line in lines[i:]:
            if line.startswith("# ") and not self.title and not self.sections:
                self.title = line
            elif line.startswith("## "):
                self.sections.append((line[3:].strip(), []))
            elif self.sections:
                self.sections[-1][1].append(line)
        self.sections = [(h, [ln for ln in body if ln.strip()]) for h, body in self.sections]

    @staticmethod
    def shape(body: list[str]) -> str:
        if body and all(ln.lstrip().startswith("|") for ln in body):
            rows = body[2:]
            if rows and all(PLACEHOLDER.search(_cells(r)[0]) for r in rows):
                return "rows"
            return "fields"
        if body and all(ln.lstrip().startswith("- ") for ln in body):
            return "bullets"
        if len(body) == 1 and PLACEHOLDER.fullmatch(body[0].strip()):
            return "prose"
        return "literal"


def _cells(row: str) -> list[str]:
    return [c.strip() for c in row.strip().strip("|").split("|")]


def render(tpl: Template, prose: Prose, fm: dict, ph: dict, fields: dict, rows: list,
           total_lines: int) -> str:
    """Fill ``tpl``: every key, every section, ``total_lines`` lines or so."""
    def sub(text: str) -> str:
        return PLACEHOLDER.sub(lambda m: ph.get(m.group(1).upper()) or prose.phrase(), text)

    head = _frontmatter_lines(tpl, prose, fm)
    if tpl.title:
        head += [sub(tpl.title), ""]
    parts: list[object] = []  # lists of lines, or an int = prose slot
    for heading, body in tpl.sections:
        parts.append([f"## {heading}", ""])
        parts.append(_section_part(tpl.shape(body), body, prose, fields, rows, sub))
        parts.append([""])
    _fill_prose_slots(parts, prose, total_lines - len(head))
    out = head + [ln for p in parts for ln in p]
    while out and not out[-1]:
        out.pop()
    return "\n".join(out) + "\n"


def _frontmatter_lines(tpl: Template, prose: Prose, fm: dict) -> list[str]:
    if not tpl.frontmatter:
        return []
    head = ["---"]
    for key, raw in tpl.frontmatter:
        value = fm.get(key)
        if value is None:
            if "|" in raw and not PLACEHOLDER.search(raw):
                value = prose.rng.choice(raw.split("|"))
            else:
                value = prose.phrase()
        head.append(f"{key}: {value}")
    return head + ["---", ""]


def _section_part(kind: str, body: list[str], prose: Prose, fields: dict, rows: list,
                  sub: Callable[[str], str]) -> object:
    """A section's lines, or 0 for a prose slot filled afterwards."""
    if kind == "prose":
        return 0
    if kind == "fields":
        block = body[:2]
        for row in body[2:]:
            name = _cells(row)[0]
            block.append(f"| {name} | {fields.get(name) or prose.phrase()} |")
        return block
    if kind == "rows":
        width = len(_cells(body[0]))
        return body[:2] + ["| " + " | ".join(r[:width]) + " |" for r in rows]
    if kind == "bullets":
        return ["- " + prose.sentence() for _ in range(prose.rng.randint(1, 4))]
    return [sub(ln) for ln in body]


def _fill_prose_slots(parts: list[object], prose: Prose, lines_left: int) -> None:
    """Share ``lines_left`` (less the fixed lines) among the prose slots, at random."""
    rng = prose.rng
    fixed = sum(len(p) for p in parts if isinstance(p, list))
    slots = [i for i, p in enumerate(parts) if isinstance(p, int)]
    budget = max(lines_left - fixed, len(slots))
    if not slots:
        return
    if len(slots) > 1 and budget > len(slots):  # random split, every slot >= 1 line
        cuts = sorted(rng.sample(range(1, budget), len(slots) - 1))
        sizes = [b - a for a, b in zip([0, *cuts], [*cuts, budget])]
    else:
        sizes = [budget // len(slots) + (i < budget % len(slots)) for i in range(len(slots))]
    for i, size in zip(slots, sizes):
        parts[i] = prose.body(max(size, 1))


# ---------------------------------------------------------------------------------------------
# the simulated agent

class World:
    def __init__(self, rng: random.Random, prose: Prose, templates: dict[str, Template], span):
        self.rng, self.prose, self.templates = rng, prose, templates
        self.names: set[str] = set()
        self.turns: dict[str, int] = {}
        self.task_no = 0
        self.active: list[dict] = []
        self.pending: list[dict] = []
        self.blocked: list[dict] = []
        self.insight_no = 0
        self.insights: list[tuple[str, str, str]] = []
        self.patterns: list[str] = []
        self.anti_patterns: list[str] = []
        self.state = {"status": "active", "objective": prose.sentence(), "next": prose.sentence(),
                      "snapshot": None}
        self.snapshot_ts = None
        self.recent: dict[str, list[str]] = {d: [] for d in HISTORY_DIRS}
        # Source files that completed/ evidence names: written into the same commit, so that
        # the evidence resolves (CT211), as in a real project.
        self.cited: list[str] = []
        self.tools: dict[str, tuple[str, str, str]] = {}
        self.goals_total = 40
        self.goals_passing = 28
        self.cycle = 0
        self.facts: set[str] = set()
        self.start, self.end = span

    # -- tasks
    def new_task(self, since: str) -> dict:
        self.task_no += 1
        words = self.prose.words(2, 4)
        return {"id": f"T-{self.task_no}",
                "text": f"{self.rng.choice(TASK_VERBS)} the {' '.join(words)}",
                "owner": self.rng.choice(["builder", "reviewer", "operator", "planner"]),
                "since": since, "why": self.prose.phrase(3, 6)}

    def take_task(self, since: str) -> dict:
        pools = (self.active, self.pending, self.blocked)
        if self.blocked and self.rng.random() < 0.1:  # a blocker cleared now and then
            pools = (self.blocked,)
        for pool in pools:
            if pool:
                return pool.pop(self.rng.randrange(len(pool)))
        return self.new_task(since)  # never listed: removing it removes nothing

    def unique(self, name: str) -> str:
        stem, dot, ext = name.rpartition(".")
        n, cand = 1, name
        while cand in self.names:
            n += 1
            cand = f"{stem}-{n}{dot}{ext}"
        self.names.add(cand)
        return cand

    def lines(self) -> int:
        return self.rng.randint(20, 60)

    # -- entries: each returns (path, text)
    def entry(self, kind: str, ts: int, version: str) -> tuple[str, str]:
        rng, prose, tpl = self.rng, self.prose, self.templates.get(kind)
        date = day(ts)
        fm: dict = {"date": date}
        ph: dict = {"DATE": date}
        fields: dict = {}
        rows: list = []
        if kind == "journal":
            turn = self.turns.get(date, 0) + 1
            self.turns[date] = turn
            name = f"{date}-turn-{turn}.md"
            self.names.add(f"journal/{name}")
            fm.update(turn=str(turn), objective=prose.phrase(3, 6))
        elif kind == "snapshots":
            stamp = time.strftime("%Y-%m-%dT%H-%M-%S", time.gmtime(ts))
            while f"snapshots/{stamp}.md" in self.names:  # names are unique to the second
                ts += 1
                stamp = time.strftime("%Y-%m-%dT%H-%M-%S", time.gmtime(ts))
            name = f"{stamp}.md"
            self.names.add(f"snapshots/{name}")
            fm.update(date=iso(ts), agent="builder-agent", version=version,
                      status=self.state["status"])
            ph["DATE"] = iso(ts)
            # the snapshot keeps the state being replaced; STATE.md then moves on
            self.state = {"status": rng.choice(STATUSES), "objective": prose.sentence(),
                          "next": prose.sentence(), "snapshot": f"snapshots/{name}"}
            self.snapshot_ts = ts
        elif kind == "completed":
            task = self.take_task(date)
            name = self.unique(f"completed/{date}-{slugify(task['text'])}.md").split("/", 1)[1]
            fields = {"Task ID": task["id"], "Description": task["text"],
                      "Project": rng.choice(PROJECTS), "Started": min(task["since"], date),
                      "Completed": date, "Authority": rng.choice(
                          ["operator approval", "standing plan", "review sign-off", "self"])}
            src = rng.choice(["tests/test_", "docs/", "scripts/", "src/"])
            cited = f"{src}{'_'.join(prose.words(1, 2))}.py"
            self.cited.append(cited)
            rows = [[f"{prose.phrase(2, 4)} passes", f"`{cited}`"]]
            extra = rng.randint(0, 2)
            for prev in (self.recent["artifacts"][-extra:] if extra else []):
                rows.append([f"{prose.phrase(2, 3)} report", f"`{prev}`"])
        elif kind == "reflections":
            topic = prose.phrase(2, 4)
            name = self.unique(f"reflections/{date}-{slugify(topic)}.md").split("/", 1)[1]
            fm.update(topic=topic, trigger=prose.phrase(3, 6))
            ph["TOPIC"] = topic
            self.learn(f"reflections/{name}")
        elif kind == "audits":
            atype = rng.choice(AUDIT_TYPES)
            scope = prose.phrase(2, 3)
            name = self.unique(f"audits/{date}-{atype}-{slugify(scope)}.md").split("/", 1)[1]
            fm.update(type=atype, scope=scope)
            ph.update(AUDIT_TYPE=atype, SCOPE=scope)
        elif kind == "proposals":
            topic = prose.phrase(2, 4)
            name = self.unique(f"proposals/{date}-{slugify(topic)}.md").split("/", 1)[1]
            fm.update(topic=topic)
            ph["TOPIC"] = topic
        elif kind == "setup":
            tool = rng.choice(TOOLS)
            tver = f"{rng.randint(0, 9)}.{rng.randint(0, 30)}.{rng.randint(0, 12)}"
            base = f"{tool}-setup" if rng.random() < 0.5 else tool
            name = self.unique(f"setup/{date}-{base}.md").split("/", 1)[1]
            fm.update(tool=tool, version=tver)
            ph["TOOL_NAME"] = tool
            self.tools[tool] = (tver, date, f"setup/{name}")
        elif kind == "artifacts":
            label = slugify(prose.phrase(2, 3))
            if rng.random() < ARTIFACT_DATA_SHARE:
                ext = rng.choice(["json", "csv"])
                name = self.unique(f"artifacts/{date}-{label}.{ext}").split("/", 1)[1]
                self.recent["artifacts"].append(f"artifacts/{name}")
                return f"artifacts/{name}", self.data_file(ext)
            name = self.unique(f"artifacts/{date}-{label}.md").split("/", 1)[1]
            data = [p for p in self.recent["artifacts"] if not p.endswith(".md")]
            target = data[-1] if data and rng.random() < 0.5 else f"artifacts/{name}"
            fm.update(name=label, type=rng.choice(["report", "dataset", "diagram", "spec",
                                                   "benchmark", "inventory"]))
            ph.update(ARTIFACT_NAME=label, FILENAME=target.split("/", 1)[1])
        else:  # pragma: no cover
            raise ValueError(kind)
        path = f"{kind}/{name}"
        self.recent[kind].append(path)
        if len(self.recent[kind]) > 8:
            self.recent[kind].pop(0)
        return path, render(tpl, prose, fm, ph, fields, rows, self.lines())

    def cited_sources(self, written: set[str]) -> list[tuple[str, object]]:
        """The code the evidence cited since the last commit names (outside the memory tree),
        those not ``written`` yet; added to ``written``."""
        changes: list[tuple[str, object]] = []
        for cited in self.cited:
            if cited not in written:
                written.add(cited)
                changes.append((cited, f"# {cited}: cited as evidence\n".encode()))
        self.cited.clear()
        return changes

    def plan_tasks(self, closed_one: bool, today: str) -> None:
        """TODO.md: promotions only where a task was closed; new tasks now and then."""
        rng = self.rng
        if closed_one:
            while len(self.active) < 4 and self.pending:
                self.active.append(self.pending.pop(0))
        n_open = len(self.active) + len(self.pending) + len(self.blocked)
        for _ in range(rng.randint(1, 3) if n_open < 10 else int(rng.random() < 0.3)):
            task = self.new_task(today)
            (self.blocked if rng.random() < 0.15 and len(self.blocked) < 3
             else self.pending).append(task)

    def learn(self, reflection: str) -> None:
        """A reflection's insight for LEARNINGS.md, and now and then a pattern."""
        rng, prose = self.rng, self.prose
        self.insight_no += 1
        self.insights.append((f"L-{self.insight_no}", prose.sentence(), reflection))
        if len(self.insights) > 24:
            self.insights.pop(0)
        if rng.random() < 0.3:
            target = self.patterns if rng.random() < 0.6 else self.anti_patterns
            target.append(f"{prose.phrase(2, 4).capitalize()} — {prose.phrase(4, 8)}")
            if len(target) > 10:
                target.pop(0)

    def data_file(self, ext: str) -> str:
        rng, n = self.rng, self.rng.randint(18, 55)
        if ext == "csv":
            out = ["name,owner,status,count"]
            out += [f"{'-'.join(self.prose.words(1, 2))},{rng.choice(PROJECTS)},"
                    f"{rng.choice(STATUSES)},{rng.randint(0, 500)}" for _ in range(n)]
            return "\n".join(out) + "\n"
        items = [{"name": "-".join(self.prose.words(1, 2)), "status": rng.choice(STATUSES),
                  "count": rng.randint(0, 500)} for _ in range(max(n // 5, 3))]
        return json.dumps({"generated_by": "bench-agent", "items": items}, indent=2) + "\n"

    # -- ledger and notes
    def ledger_lines(self, prev_sha: str, t0: int, t1: int) -> list[str]:
        rng, prose = self.rng, self.prose
        kinds = ["productive"] + ["idle"] * rng.choices([0, 1, 2], [0.7, 0.25, 0.05])[0]
        rng.shuffle(kinds)
        step = max((t1 - t0) // (len(kinds) + 1), 1)
        out = []
        for i, kind in enumerate(kinds):
            self.cycle += 1
            ts = iso(t0 + step * (i + 1))
            if kind == "idle":
                out.append(json.dumps({"cycle": self.cycle, "target": "idle", "result": "unchanged",
                                       "timestamp": ts, "trace": {"exemption_reason":
                                       f"idle pass; {prose.phrase(3, 6)}"}}))
                continue
            result = rng.choices(["improved", "regressed", "harvested", "unchanged", "quarantined"],
                                 [0.55, 0.15, 0.15, 0.10, 0.05])[0]
            if rng.random() < 0.02:
                self.goals_total += 1
            if result == "improved":
                self.goals_passing = min(self.goals_total, self.goals_passing + 1)
            elif result == "regressed":
                self.goals_passing = max(0, self.goals_passing - 1)
            rec: dict = {"cycle": self.cycle}
            if rng.random() < 0.06:
                rec["goal_ids"] = rng.sample(GOALS, 3)
            else:
                rec["target"] = rng.choice(GOALS)
            target = rec.get("target") or rec["goal_ids"][0]
            rec.update(result=result, sha=prev_sha, canonical_sha=prev_sha,
                       goals_passing=self.goals_passing, goals_total=self.goals_total)
            if "goal_ids" in rec:
                rec["parallel"] = True
            rec["timestamp"] = ts
            if rng.random() < 0.7:
                test = "_".join(prose.words(1, 2))
                rec["trace"] = {
                    "goal_hypothesis": f"raising {target} {prose.phrase(3, 5)}",
                    "selected_gap": prose.phrase(4, 7),
                    "gherkin": f"Feature: {prose.phrase(1, 2)}\n  Scenario: {prose.phrase(3, 5)}",
                    "first_failing_proof": f"pytest tests/test_{test}.py  # FAIL",
                    "red_evidence": f"test_{test} red: {prose.phrase(2, 4)}",
                    "green_evidence": f"test_{test} passes "
                                      f"({rng.randint(2, 9)}/{rng.randint(9, 12)})",
                    "refactor_note": "none" if rng.random() < 0.4 else prose.phrase(3, 6),
                    "validation_evidence": f"pytest -q green; {prose.phrase(2, 4)}",
                    "ratchet_action": "ao ratchet record implement",
                    "goal_reshape": rng.choice(["goal unchanged", "goal narrowed", "goal replaced"])
                    + f"; {prose.phrase(2, 4)}",
                }
            out.append(json.dumps(rec))
        return out

    def note_lines(self, t0: int, t1: int) -> list[str]:
        rng = self.rng
        n = rng.choices([0, 1, 2], [0.3, 0.5, 0.2])[0]
        out = []
        for i in range(n):
            while True:
                fact = (f"The {rng.choice(ADJS)} {' '.join(self.prose.words(1, 3))} "
                        f"{rng.choice(VERBS)} the {' '.join(self.prose.words(2, 4))}.")
                if fact not in self.facts:
                    break
            self.facts.add(fact)
            out.append(json.dumps({"time": iso(t0 + (t1 - t0) * (i + 1) // (n + 1)),
                                   "project": rng.choice(PROJECTS), "fact": fact,
                                   "tags": sorted(rng.sample(TAGS, rng.randint(1, 3)))}))
        return out

    # -- state files
    def mesh(self, stem: str) -> list[str]:
        dirs = MESH[stem]
        return ["## Mesh index", "",
                "- **Indexes:** " + (", ".join(f"`{d}/`" for d in dirs) if dirs else "none"), ""]

    def recent_list(self, kind: str, n: int = 5) -> list[str]:
        items = self.recent[kind][-n:]
        return [f"- `{p}`" for p in reversed(items)] or ["- none yet"]

    def state_files(self, static: dict[str, str], log_file: str) -> dict[str, str]:
        s = self.state
        files = {
            "STATE": ["# State", "", *self.mesh("STATE"), "## Status", "", s["status"], "",
                      "## Active objective", "", s["objective"], "", "## Next valid action", "",
                      s["next"], "", "## Last snapshot", "",
                      f"`{s['snapshot']}`" if s["snapshot"] else "none yet"],
            "SNAPSHOT": ["# Snapshot", "",
                         f"**Timestamp:** {iso(self.snapshot_ts or self.start)}",
                         "", *self.mesh("SNAPSHOT"), "## Latest", "",
                         f"`{s['snapshot']}`" if s["snapshot"] else "none yet"],
            "TODO": self.todo_lines(),
            "LEARNINGS": self.learnings_lines(),
            "CONTEXT": ["# Context", "", *self.mesh("CONTEXT"), "## Current turn", "",
                        *(self.recent_list("journal", 1)), "", "## Recent turns", "",
                        *self.recent_list("journal")],
            "PLAN": [*static["PLAN"], "## Recent proposals", "", *self.recent_list("proposals")],
            "TOOLS": ["# Tools", "", *self.mesh("TOOLS"), "## Registry", "",
                      "| Tool | Version | Installed | Record |",
                      "|------|---------|-----------|--------|",
                      *[f"| {t} | {v} | {d} | `{p}` |"
                        for t, (v, d, p) in sorted(self.tools.items())]],
            "ARTIFACTS": ["# Artifacts", "", *self.mesh("ARTIFACTS"), "## Recent", "",
                          *self.recent_list("artifacts", 8)],
            "INFRASTRUCTURE": [*static["INFRASTRUCTURE"], "## Recent audits", "",
                               *self.recent_list("audits")],
            "EVENTS": [*static["EVENTS"], "## Current log", "", f"`{log_file}`"],
            "MEMORY": static["MEMORY"],
            "KNOWLEDGE": static["KNOWLEDGE"],
        }
        return {f"{k}.md": "\n".join(v).rstrip("\n") + "\n" for k, v in files.items()}

    def todo_lines(self) -> list[str]:
        def table(tasks):
            if not tasks:
                return ["No tasks."]
            return ["| ID | Task | Owner | Since |", "|----|------|-------|-------|",
                    *[f"| {t['id']} | {t['text']} | {t['owner']} | {t['since']} |" for t in tasks]]
        blocked = [f"- {t['id']} {t['text']} — waiting on {t['why']}" for t in self.blocked]
        return ["# TODO", "", *self.mesh("TODO"), "## Active", "", *table(self.active), "",
                "## Pending", "", *table(self.pending), "", "## Blocked", "",
                *(blocked or ["Nothing blocked."])]

    def learnings_lines(self) -> list[str]:
        rows = [f"| {i} | {text} | `{src}` |" for i, text, src in self.insights]
        return ["# Learnings", "", *self.mesh("LEARNINGS"), "## Insights", "",
                "| ID | Insight | Source |", "|----|---------|--------|", *rows, "",
                "## Patterns", "", *([f"- {p}" for p in self.patterns] or ["None recorded yet."]),
                "", "## Anti-patterns", "",
                *([f"- {p}" for p in self.anti_patterns] or ["None recorded yet."])]


# ---------------------------------------------------------------------------------------------

def _static_files(prose: Prose, rng: random.Random, world: World) -> tuple[dict, dict]:
    """Library entries and the parts of state files that never change."""
    library = {}
    for i in range(8):
        topic = slugify(prose.phrase(2, 3))
        ns = NAMESPACES[i % 4]
        # The frontmatter and sections of the protocol's memory/ template (the built-in one).
        library[f"memory/{ns}-{topic}.md"] = "\n".join(
            ["---", f"uid: mem-{ns}-{topic}", f"namespace: {ns}", f"topic: {topic}",
             f"tags: [{ns}, bench]", "source: synthetic", "confidence: high",
             "created: 2026-01-01", "updated: 2026-01-01", "retention: permanent", "---", "",
             f"# {ns.capitalize()} memory — {topic.replace('-', ' ')}", "",
             *prose.body(rng.randint(8, 20)), "", "## Provenance", "",
             "Generated for the benchmark."]) + "\n"
    for _ in range(5):
        topic = slugify(prose.phrase(2, 3))
        title = topic.replace('-', ' ').capitalize()
        library[f"knowledge/{topic}.md"] = "\n".join(
            ["---", f"title: {title}", "type: reference", "tags: [bench]", "source: synthetic",
             "created: 2026-01-01", "updated: 2026-01-01", "---", "", f"# {title}", "",
             *prose.body(rng.randint(10, 25)), "", "## References", "",
             "Generated for the benchmark."]) + "\n"

    def listing(d):
        return [f"- `{p}`" for p in sorted(library) if p.startswith(d + "/")]

    static = {
        "PLAN": ["# Plan", "", *world.mesh("PLAN"), "## Phases", "",
                 *[f"{i}. {prose.sentence()}" for i in range(1, 6)], ""],
        "INFRASTRUCTURE": ["# Infrastructure", "", *world.mesh("INFRASTRUCTURE"), "## Hosts", "",
                           "| Host | Role | Notes |", "|------|------|-------|",
                           *[f"| {w}-{i} | {prose.phrase(1, 2)} | {prose.phrase(3, 6)} |"
                             for i, w in enumerate(rng.sample(WORDS, 5), 1)], ""],
        "EVENTS": ["# Events", "", *world.mesh("EVENTS"), "## Format", "",
                   "One JSON object a line: `time`, `event`, `cycle`, `entries`, `dirs`.", ""],
        "MEMORY": ["# Memory", "", *world.mesh("MEMORY"), "## Entries", "", *listing("memory")],
        "KNOWLEDGE": ["# Knowledge", "", *world.mesh("KNOWLEDGE"), "## Entries", "",
                      *listing("knowledge")],
    }
    return library, static


def _readme(entries: int, commits: int, seed: int, end: str) -> str:
    return (
        "# Synthetic memory tree\n\n"
        "Generated by `bench/make_tree.py` of mkdocs-continuity for benchmarks: "
        f"{entries} entries, {commits} commits, seed {seed}, ending {end}.\n\n"
        "The state files at the root index the history directories through their mesh index; "
        "the history directories are append-only.\n"
    )


def _git_env() -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(LC_ALL="C", GIT_TERMINAL_PROMPT="0")
    return env


def _run_git(args: list[str], cwd: Path, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(["git", *args], cwd=cwd, env=_git_env(), check=True,
                          capture_output=True, **kw)


def _commit_times(rng: random.Random, commits: int, t_begin: int, t_end: int) -> list[int]:
    """Commit times: uneven steps over the span, at least two minutes apart."""
    steps = [rng.uniform(0.3, 1.7) for _ in range(commits)]
    total = sum(steps)
    times, acc, prev = [], 0.0, t_begin
    for step in steps:
        acc += step
        t = max(t_begin + int((t_end - t_begin) * acc / total), prev + 120)
        times.append(t)
        prev = t
    return times


def _batches(rng: random.Random, entries: int, commits: int) -> list[list[str]]:
    """Which kinds each commit adds: every commit at least one entry while entries last; the
    first and the last commits carry a snapshot (STATE.md is written, SNAPSHOT.md is fresh)."""
    kinds = rng.choices(list(WEIGHTS), weights=list(WEIGHTS.values()), k=entries)
    counts = [1 if i < entries else 0 for i in range(commits)]
    for _ in range(entries - sum(counts)):
        counts[rng.randrange(commits)] += 1
    batches, pos = [], 0
    for c in counts:
        batches.append(kinds[pos:pos + c])
        pos += c
    for b in (batches[0], batches[-1]):
        if b and "snapshots" not in b:
            b[0] = "snapshots"
    return batches


def _stage(changes: list[tuple[str, object]], pack: Pack, tree: GitTree
           ) -> list[tuple[str, bytes]]:
    """Each changed file's blob id, set in the tree (the append-only logs' ids are made
    already)."""
    staged: list[tuple[str, bytes]] = []
    for path, data in changes:
        oid = data if path in (LEDGER, NOTES) else pack.blob(data)
        tree.set_file(path, oid)
        staged.append((path, oid))
    return staged


def _commit_message(cycle: int, batch: list[str], closed: list[str]) -> bytes:
    summary = ", ".join(f"{batch.count(d)} {d}" for d in HISTORY_DIRS if d in batch) or "notes"
    message = f"Cycle {cycle}: {summary}\n".encode()
    if closed:
        message += b"\nCloses " + ", ".join(Path(p).stem for p in closed).encode() + b".\n"
    return message


def _import_commits(out: Path, plan: list) -> None:
    """Every planned commit written by ``git fast-import`` (the blobs are installed already)."""
    fi = FastImport(out)
    w = fi.write
    try:
        for when, message, changes in plan:
            ident = f"{AUTHOR} <{EMAIL}> {when} +0000".encode()
            w(b"commit refs/heads/main\nauthor " + ident + b"\ncommitter " + ident
              + b"\ndata %d\n" % len(message) + message + b"\n")
            w(b"".join(b"M 100644 %s %s\n" % (oid.hex().encode(), path.encode())
                       for path, oid in changes) + b"\n")
    except BrokenPipeError:
        pass
    finally:
        fi.close()


def make_tree(out: Path, entries: int = 1000, commits: int = 200, seed: int = 1, *,
              end: str = DEFAULT_END) -> dict:
    """Write the tree and its history into a new git repository at ``out``; return figures.

    Raises FileExistsError if ``out`` exists and is not an empty directory, ValueError on bad
    arguments, RuntimeError if git disagrees with the ids computed here.
    """
    t_start = time.perf_counter()
    out = Path(out)
    if entries < 1 or commits < 1:
        raise ValueError("--entries and --commits must be at least 1")
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise FileExistsError(f"{out} exists and is not an empty directory; give a new or empty one")
    end_dt = dt.datetime.strptime(end, "%Y-%m-%d").replace(hour=18, tzinfo=dt.timezone.utc)
    t_end = int(end_dt.timestamp())
    t_begin = t_end - SPAN_DAYS * 86400

    rng = random.Random(seed)
    prose = Prose(rng)
    templates = {d: (TEMPLATES_DIR / f"{d}.md").read_text(encoding="utf-8") for d in HISTORY_DIRS}
    parsed = {d: Template(t) for d, t in templates.items()}
    world = World(rng, prose, parsed, (t_begin, t_end))

    out.mkdir(parents=True, exist_ok=True)
    _run_git(["init", "-q", "-b", "main", "."], out)
    for key, value in (("user.name", AUTHOR), ("user.email", EMAIL), ("core.autocrlf", "false"),
                       ("gc.auto", "0")):
        _run_git(["config", key, value], out)

    times = _commit_times(rng, commits, t_begin, t_end)
    batches = _batches(rng, entries, commits)
    library, static = _static_files(prose, rng, world)
    world.active += [world.new_task(day(t_begin)) for _ in range(4)]
    world.pending += [world.new_task(day(t_begin)) for _ in range(6)]
    world.blocked += [world.new_task(day(t_begin)) for _ in range(2)]

    tree = GitTree()
    pack = Pack()
    ledger, notes = AppendOnly(LEDGER, pack), AppendOnly(NOTES, pack)
    logs: dict[str, list[str]] = {}
    prev_state: dict[str, str] = {}
    plan = []  # per commit: (time, message, [(path, blob id)])
    parent: bytes | None = None
    entries_written = 0
    n_files: set[str] = set()
    sources: set[str] = set()
    stats = {d: 0 for d in HISTORY_DIRS}

    for k, (t1, batch) in enumerate(zip(times, batches), start=1):
        t0 = times[k - 2] if k > 1 else t_begin
        changes: list[tuple[str, object]] = []
        if k == 1:
            changes.append(("README.md", _readme(entries, commits, seed, end).encode()))
            for d in HISTORY_DIRS:
                changes.append((f"{d}/ENTRY.template.md", templates[d].encode()))
            changes += [(p, text.encode()) for p, text in sorted(library.items())]
        version = f"1.{(k - 1) * 12 // commits}.{k % 10}"
        stamps = sorted(rng.randint(t0 + 1, max(t0 + 1, t1 - 60)) for _ in batch)
        closed = []
        for kind, ts in zip(batch, stamps):
            path, text = world.entry(kind, ts, version)
            changes.append((path, text.encode()))
            stats[kind] += 1
            entries_written += 1
            if kind == "completed":
                closed.append(path)
        changes += world.cited_sources(sources)
        world.plan_tasks(bool(closed), day(t1))
        # event log (one file per month), notes, ledger
        log_file = f"logs/events-{day(t1)[:7]}.jsonl"
        logs.setdefault(log_file, []).append(json.dumps(
            {"time": iso(t1), "event": "commit", "cycle": world.cycle + 1, "entries": len(batch),
             "dirs": sorted(set(batch))}))
        changes.append((log_file, ("\n".join(logs[log_file]) + "\n").encode()))
        for path, text in world.state_files(static, log_file).items():
            if prev_state.get(path) != text:
                changes.append((path, text.encode()))
                prev_state[path] = text
        new_notes = world.note_lines(t0, t1)
        if new_notes:
            changes.append((NOTES, notes.append(new_notes)))
        if parent is not None:
            lines = world.ledger_lines(parent.hex()[:SHA_LEN], t0, t1)
            changes.append((LEDGER, ledger.append(lines)))
            state = {"cycle": world.cycle, "generator_empty_streak": rng.randint(0, 2),
                     "last_selected_source": rng.choice(["testing", "docs", "queue", "generator"]),
                     "queue_refresh_count": k,
                     "claimed_work": {"ref": f"source_epic=bench:item={prose.phrase(2, 4)}",
                                      "claimed_by": f"evolve:cycle-{world.cycle}",
                                      "claimed_at": iso(t1 - 30)}}
            changes.append((SESSION_STATE, (json.dumps(state, indent=2) + "\n").encode()))
        # hash
        staged = _stage(changes, pack, tree)
        n_files.update(path for path, _ in staged)
        message = _commit_message(world.cycle, batch, closed)
        parent = commit_id(tree.oid(), parent, t1, message)
        plan.append((t1, message, staged))
    t_model = time.perf_counter()

    pack.install(out)  # every blob
    t_chain = time.perf_counter()
    _import_commits(out, plan)
    t_import = time.perf_counter()
    head = _run_git(["rev-parse", "HEAD"], out, text=True).stdout.strip()
    if head != parent.hex():
        raise RuntimeError(f"git computed HEAD {head}, expected {parent.hex()}: ledger ids would "
                           "not name real commits")
    _run_git(["reset", "-q", "--hard", "HEAD"], out)
    t_done = time.perf_counter()
    return {
        "out": str(out),
        "seed": seed,
        "entries": entries_written,
        "entries_by_dir": stats,
        "commits": len(plan),
        "files": len(n_files),
        "ledger_cycles": world.cycle,
        "notes": len(world.facts),
        "head": head,
        "seconds": {"model": round(t_model - t_start, 2), "blob_pack": round(t_chain - t_model, 2),
                    "import": round(t_import - t_chain, 2),
                    "checkout": round(t_done - t_import, 2), "total": round(t_done - t_start, 2)},
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Generate a synthetic memory tree in a new git repository.")
    ap.add_argument("out", type=Path, help="new (or empty) directory for the repository")
    ap.add_argument("--entries", type=int, default=1000, help="history entries (default 1000)")
    ap.add_argument("--commits", type=int, default=200, help="commits (default 200)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument("--end", default=DEFAULT_END,
                    help=f"date of the last commit, YYYY-MM-DD (default {DEFAULT_END}); "
                         "'today' for the current UTC date (then not deterministic)")
    args = ap.parse_args(argv)
    end = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d") if args.end == "today" else args.end
    try:
        dt.datetime.strptime(end, "%Y-%m-%d")
    except ValueError:
        print(f"make_tree: --end {args.end!r} is not a date YYYY-MM-DD", file=sys.stderr)
        return 2
    if args.out.exists() and (not args.out.is_dir() or any(args.out.iterdir())):
        print(f"make_tree: {args.out} exists and is not an empty directory; give a new or empty one",
              file=sys.stderr)
        return 2
    try:
        figures = make_tree(args.out, args.entries, args.commits, args.seed, end=end)
    except (ValueError, FileExistsError) as exc:
        print(f"make_tree: {exc}", file=sys.stderr)
        return 2
    except (RuntimeError, subprocess.CalledProcessError, OSError) as exc:
        detail = getattr(exc, "stderr", None) or b""
        if isinstance(detail, bytes):
            detail = detail.decode(errors="replace")
        print(f"make_tree: {exc}" + (f"\n{detail.strip()}" if detail else ""), file=sys.stderr)
        return 2
    print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
