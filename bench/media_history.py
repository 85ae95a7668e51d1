"""A history full of media (issue 29, History): `check` against `check --no-git`, side by side.

    python bench/media_history.py [--megabytes 64] [--repeat 3] [--keep DIR]

Makes a memory tree (`continuity init`) in a new repository and commits, over 40 commits,
``--megabytes`` of images and audio (random bytes behind PNG, JPEG, MP3 and MP4 headers) into
``artifacts/`` and ``assets/``, rewriting STATE.md each time; one commit replaces TODO.md
with a 3 MB binary and the next restores it (a living file's binary version, which CT605 must
size and skip). The media are deleted in the last commit, so the tree checked is small and
the history large: what the history rules (CT605 among them) cost is the difference.

Runs ``continuity check --output-format json`` and the same with ``--no-git``, interleaved so
that machine load hits both alike, ``--repeat`` times; prints the medians (wall and CPU) and
their ratio (target: at most 2), and CT605's notice of the versions it did not read.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIN = Path(sys.executable).parent
HEADERS = {".png": b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", ".jpg": b"\xff\xd8\xff\xe0\0\x10JFIF\0",
           ".mp3": b"ID3\x04\0\0\0\0\0\0", ".mp4": b"\0\0\0\x18ftypmp42"}


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=repo, check=True, stdout=subprocess.DEVNULL)


def make_repository(repo: Path, megabytes: int, seed: int) -> None:
    random.seed(seed)
    repo.mkdir(parents=True)
    git(repo, "init", "-q", "-b", "main")
    git(repo, "config", "user.name", "Bench")
    git(repo, "config", "user.email", "bench@example.invalid")
    subprocess.run([str(BIN / "continuity"), "init", "."], cwd=repo, check=True,
                   stdout=subprocess.DEVNULL)
    (repo / "assets").mkdir(exist_ok=True)
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "start")
    commits = 40
    per_commit = megabytes * 1_000_000 // commits
    state = (repo / "STATE.md").read_text("utf-8")
    todo = (repo / "TODO.md").read_text("utf-8")
    media: list[Path] = []
    for number in range(1, commits + 1):
        suffix = list(HEADERS)[number % len(HEADERS)]
        folder = "artifacts" if number % 2 else "assets"
        path = repo / folder / f"2026-01-{number % 28 + 1:02d}-clip-{number}{suffix}"
        path.write_bytes(HEADERS[suffix] + random.randbytes(per_commit))
        media.append(path)
        (repo / "STATE.md").write_text(state + f"\nCycle {number}.\n", "utf-8")
        if number == 10:
            (repo / "TODO.md").write_bytes(b"\0" + random.randbytes(3_000_000))
        elif number == 11:
            (repo / "TODO.md").write_text(todo, "utf-8")
        git(repo, "add", "-A")
        git(repo, "commit", "-qm", f"cycle {number}: media")
    for path in media:
        path.unlink()
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "drop the media")


def timed(command: list[str], cwd: Path) -> tuple[float, float, str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--megabytes", type=int, default=64)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="make the repository in this folder and keep it")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="continuity-media-") as temporary:
        repo = Path(args.keep or temporary) / "repo"
        if not (repo / ".git").is_dir():
            print(f"committing {args.megabytes} MB of media in 40 commits ...", flush=True)
            make_repository(repo, args.megabytes, args.seed)
        size = sum(p.stat().st_size for p in (repo / ".git").rglob("*") if p.is_file())
        print(f".git: {size / 1e6:.1f} MB")
        check = [str(BIN / "continuity"), "check", "--output-format", "json"]
        runs = {"git": check, "no-git": [*check, "--no-git"]}
        wall: dict[str, list[float]] = {name: [] for name in runs}
        cpu: dict[str, list[float]] = {name: [] for name in runs}
        notices: list[str] = []
        for run in range(args.repeat):
            order = list(runs) if run % 2 == 0 else list(reversed(runs))
            for name in order:
                seconds, used, out = timed(runs[name], repo)
                wall[name].append(seconds)
                cpu[name].append(used)
                if name == "git":
                    notices = [n for n in json.loads(out).get("notices", []) if "CT605" in n]
        for name in runs:
            print(f"check {'--no-git' if name == 'no-git' else '':>8}: wall median "
                  f"{statistics.median(wall[name]):.2f} s ({', '.join(f'{t:.2f}' for t in wall[name])}); "
                  f"CPU median {statistics.median(cpu[name]):.2f} s")
        ratio = statistics.median(wall["git"]) / statistics.median(wall["no-git"])
        cpu_ratio = statistics.median(cpu["git"]) / statistics.median(cpu["no-git"])
        print(f"ratio check / check --no-git: wall {ratio:.2f}, CPU {cpu_ratio:.2f} (target <= 2)")
        for notice in notices:
            print(f"notice: {notice}")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    sys.exit(main())
