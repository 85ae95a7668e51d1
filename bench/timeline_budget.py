"""The state timeline's budget (issue 34 #11): one-line commits to a 1 MB STATE.md.

    python bench/timeline_budget.py [--commits 120] [--keep DIR]

Makes a memory tree (`continuity init`) whose STATE.md holds 20,000 lines (about 1.2 MB) and
commits it again ``--commits`` times, one line changed each time (one `git fast-import`). Then
builds the site twice, as a user would: ``continuity generate`` and ``mkdocs build`` (material,
search, the continuity plugin), and prints for each the seconds, the peak resident memory and
the size of what was written. Before the budget, 120 such commits made a 131 MB MkDocs site
and took 0.8 GB (issue 34); every version's text and diff were published.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

BIN = Path(sys.executable).parent


def make_repository(repo: Path, commits: int) -> None:
    repo.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=repo, check=True)
    subprocess.run([str(BIN / "continuity"), "init", "."], cwd=repo, check=True,
                   stdout=subprocess.DEVNULL)
    state = (repo / "STATE.md").read_text("utf-8")
    lines = "\n".join(f"- fact {i}: the tide table row {i} reads {i * 7 % 1000} cm at "
                      f"{i % 24:02d}:00" for i in range(20_000))
    chunks = []
    for number in range(commits + 1):
        text = f"{state}\n## Log\n\n{lines}\n- cycle {number}\n".encode()
        files = [(path, path.read_bytes()) for path in sorted(repo.rglob("*"))
                 if path.is_file() and ".git" not in path.parts and path.name != "STATE.md"] \
            if number == 0 else []
        message = f"cycle {number}".encode()
        chunks.append(b"commit refs/heads/main\n")
        stamp = 1_767_225_600 + 60 * number
        chunks.append(b"committer Bench <bench@example.invalid> %d +0000\n" % stamp)
        chunks.append(b"data %d\n%s\n" % (len(message), message))
        for path, data in [*files, (repo / "STATE.md", text)]:
            name = path.relative_to(repo).as_posix().encode()
            chunks.append(b"M 100644 inline %s\ndata %d\n%s\n" % (name, len(data), data))
        chunks.append(b"\n")
    subprocess.run(["git", "fast-import", "--quiet"], cwd=repo, input=b"".join(chunks), check=True)
    subprocess.run(["git", "reset", "-q", "--hard", "main"], cwd=repo, check=True)


def measured(command: list[str], cwd: Path) -> tuple[float, float]:
    """Seconds and peak resident MB of one run (each in a fresh child: its own peak)."""
    wrapper = [sys.executable, "-c",
               "import resource, subprocess, sys, time; s = time.perf_counter(); "
               "subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL, "
               "stderr=subprocess.DEVNULL); "
               "print(time.perf_counter() - s, "
               "resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)", *command]
    out = subprocess.run(wrapper, cwd=cwd, capture_output=True, text=True, check=True,
                         env={**os.environ, "NO_MKDOCS_2_WARNING": "1"}).stdout.split()
    return float(out[0]), float(out[1])


def size(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--commits", type=int, default=120)
    parser.add_argument("--keep", type=Path, help="work in this folder and keep it")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="continuity-budget-") as temporary:
        work = Path(args.keep or temporary)
        repo = work / "repo"
        if not (repo / ".git").is_dir():
            print(f"committing a 1.2 MB STATE.md {args.commits + 1} times ...", flush=True)
            make_repository(repo, args.commits)
        state = (repo / "STATE.md").stat().st_size / 1e6
        print(f"STATE.md {state:.1f} MB; .git {size(repo / '.git'):.1f} MB")
        out = work / "generated"
        seconds, peak = measured([str(BIN / "continuity"), "generate", str(repo), "--out",
                                  str(out)], work)
        print(f"continuity generate: {seconds:.1f} s, peak {peak:.0f} MB, {size(out):.1f} MB written")
        site = work / "site"
        (work / "docs").mkdir(exist_ok=True)
        (work / "mkdocs.yml").write_text(
            "site_name: budget\ntheme:\n  name: material\n  font: false\nplugins:\n  - search\n"
            f"  - continuity:\n      root: {repo}\n", "utf-8")
        seconds, peak = measured([str(BIN / "mkdocs"), "build", "-q", "-d", str(site)], work)
        print(f"mkdocs build: {seconds:.1f} s, peak {peak:.0f} MB, site {size(site):.1f} MB "
              f"(search index {size(site / 'search'):.1f} MB)")
    return 0


if __name__ == "__main__":
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    sys.exit(main())
