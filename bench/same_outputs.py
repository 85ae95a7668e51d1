"""Are the outputs of two revisions of the code byte for byte the same on the same trees?

For a restructuring that must change no behaviour (issue 33): each revision's package is
checked out into a temporary folder and run, with this environment's dependencies, on a fresh
clone of each tree at one fixed path, so that absolute paths in the outputs agree. Every face
is run: ``check`` in each output format and with ``--statistics``, ``report`` in each format,
``generate`` (every file it writes), ``mkdocs build`` with the plugin (every file of the site
but the search index's build date and the sitemap's) and ``diff`` of the last commits. The
table says, per tree and output, whether the two revisions agree, and the first differing line
where they do not.

    python bench/same_outputs.py --base 257628e --head HEAD site_src /path/to/a/public/repo
    python bench/same_outputs.py --base 257628e --entries 2000   # adds a make_tree.py tree

A tree that is not a git repository is committed into one first (site_src is replayed by
``scripts/demo``'s own replay when it has no history: here it is copied and committed once).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROJECT = HERE.parent

#: Parts of an output that change from run to run whatever the code: a duration, a build date.
VOLATILE = (re.compile(rb"\b\d+(\.\d+)? ?(s|ms|seconds)\b"),
            re.compile(rb"<lastmod>[^<]*</lastmod>"),
            re.compile(rb"\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:?\d\d)?"))


def faces(tree: Path, out: Path) -> list[tuple[str, list[str], Path | None]]:
    """(name, continuity arguments, output folder or None for stdout) of every face run."""
    runs: list[tuple[str, list[str], Path | None]] = []
    for fmt in ("text", "json", "sarif", "github", "gitlab", "junit"):
        runs.append((f"check {fmt}", ["check", "--output-format", fmt, str(tree)], None))
    runs.append(("check --statistics", ["check", "--statistics", str(tree)], None))
    for fmt in ("md", "json", "html"):
        runs.append((f"report {fmt}", ["report", "--format", fmt, str(tree)], None))
    runs.append(("generate", ["generate", str(tree), "--out", str(out / "generated")],
                 out / "generated"))
    runs.append(("diff json", ["diff", "HEAD~3", "HEAD", "--format", "json"], None))
    runs.append(("diff markdown", ["diff", "HEAD~3", "HEAD", "--format", "markdown"], None))
    return runs


def normalised(data: bytes) -> bytes:
    for pattern in VOLATILE:
        data = pattern.sub(b"<volatile>", data)
    return data


def folder_digest(folder: Path) -> tuple[str, dict[str, bytes]]:
    files: dict[str, bytes] = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file() and path.name not in {"sitemap.xml.gz"}:
            files[path.relative_to(folder).as_posix()] = normalised(path.read_bytes())
    digest = hashlib.sha256()
    for name, data in files.items():
        digest.update(name.encode() + b"\0" + data + b"\0")
    return digest.hexdigest()[:16], files


def checkout(rev: str, into: Path) -> Path:
    """The package as it was at REV (``worktree``: as it is on disk now)."""
    if rev == "worktree":
        return PROJECT
    into.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(PROJECT), "archive", rev, "continuity"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def fresh_tree(source: Path, at: Path) -> Path:
    if at.exists():
        shutil.rmtree(at)
    if (source / ".git").exists():
        subprocess.run(["git", "-c", "advice.detachedHead=false", "clone", "-q", "--no-hardlinks",
                        str(source), str(at)], check=True)
        return at
    shutil.copytree(source, at)
    env = {**os.environ, "GIT_AUTHOR_DATE": "2026-01-01T00:00:00Z",
           "GIT_COMMITTER_DATE": "2026-01-01T00:00:00Z"}
    for index in range(4):  # a few commits, so that diff HEAD~3 has a range
        (at / f"bench-same-outputs-{index}.txt").write_text(f"{index}\n")
        subprocess.run(["git", "-C", str(at), "init", "-q"], check=True, env=env)
        subprocess.run(["git", "-C", str(at), "add", "-A"], check=True, env=env)
        subprocess.run(["git", "-C", str(at), "-c", "user.name=bench", "-c",
                        "user.email=bench@example.invalid", "commit", "-qm", f"c{index}"],
                       check=True, env=env)
    return at


def run_faces(code: Path, tree: Path, out: Path) -> dict[str, tuple[str, dict[str, bytes]]]:
    env = {**os.environ, "PYTHONPATH": str(code)}
    loaded = subprocess.run([sys.executable, "-c", "import continuity; print(continuity.__file__)"],
                            capture_output=True, text=True, env=env, check=True, cwd="/").stdout
    if not Path(loaded.strip()).is_relative_to(code):  # an installed copy would shadow it
        raise SystemExit(f"the code under test is not {code}: {loaded.strip()}")
    results: dict[str, tuple[str, dict[str, bytes]]] = {}
    for name, args, folder in faces(tree, out):
        if folder is not None and folder.exists():
            shutil.rmtree(folder)
        done = subprocess.run([sys.executable, "-m", "continuity", *args], cwd=tree,
                              capture_output=True, env=env)
        text = normalised(done.stdout + b"\n--stderr--\n" + done.stderr
                          + f"\n--exit {done.returncode}--\n".encode())
        files = {"<output>": text}
        if folder is not None and folder.exists():
            files.update(folder_digest(folder)[1])
        digest = hashlib.sha256(b"".join(k.encode() + v for k, v in sorted(files.items())))
        results[name] = (digest.hexdigest()[:16], files)
    site = out / "site"
    config = out / "mkdocs.yml"
    config.write_text(f"site_name: same\ndocs_dir: {out / 'docs'}\nsite_dir: {site}\n"
                      f"plugins:\n  - search\n  - continuity:\n      root: {tree}\n")
    (out / "docs").mkdir(exist_ok=True)
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config)],
                          capture_output=True, env=env, cwd=tree)
    files = {"<output>": normalised(done.stderr + f"--exit {done.returncode}--".encode())}
    if site.exists():
        files.update(folder_digest(site)[1])
        shutil.rmtree(site)
    digest = hashlib.sha256(b"".join(k.encode() + v for k, v in sorted(files.items())))
    results["mkdocs build"] = (digest.hexdigest()[:16], files)
    return results


def first_difference(a: dict[str, bytes], b: dict[str, bytes]) -> str:
    for name in sorted(set(a) | set(b)):
        if a.get(name) != b.get(name):
            if name not in a or name not in b:
                return f"{name}: only in {'head' if name not in a else 'base'}"
            for left, right in zip(a[name].splitlines(), b[name].splitlines(), strict=False):
                if left != right:
                    return f"{name}: {left[:60]!r} / {right[:60]!r}"
            return f"{name}: lengths differ"
    return ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", nargs="*", type=Path)
    parser.add_argument("--base", required=True, help="a revision of this project")
    parser.add_argument("--head", default="worktree", help="a revision, or worktree (default)")
    parser.add_argument("--entries", type=int, default=0,
                        help="also a make_tree.py tree of this many entries")
    args = parser.parse_args()
    trees = [tree.resolve() for tree in args.trees]
    with tempfile.TemporaryDirectory(prefix="same-outputs-") as scratch:
        work = Path(scratch)
        if args.entries:
            made = work / f"tree-{args.entries}"
            subprocess.run([sys.executable, str(HERE / "make_tree.py"), str(made),
                            "--entries", str(args.entries)], check=True, capture_output=True)
            trees.append(made)
        codes = {side: checkout(rev, work / f"code-{side}")
                 for side, rev in (("base", args.base), ("head", args.head))}
        print(f"| tree | output | bytes | {args.base} | {args.head} | same |")
        print("|---|---|---:|---|---|---|")
        differing = 0
        for tree in trees:
            at = work / "tree"
            out = work / "out"
            seen: dict[str, dict[str, tuple[str, dict[str, bytes]]]] = {}
            for side, code in codes.items():
                if out.exists():
                    shutil.rmtree(out)
                out.mkdir()
                seen[side] = run_faces(code, fresh_tree(tree, at), out)
            for name, (base_digest, base_files) in seen["base"].items():
                head_digest, head_files = seen["head"][name]
                same = base_digest == head_digest
                differing += not same
                note = "yes" if same else f"no: {first_difference(base_files, head_files)}"
                size = sum(len(data) for data in base_files.values())
                print(f"| {tree.name} | {name} | {size:,} | {base_digest} | {head_digest} | {note} |")
        return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
