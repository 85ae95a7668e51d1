"""Build time of the site: the plugin against plain MkDocs on the same Markdown (SPEC §8).

For each size (default 1,000 and 10,000 entries) this writes a synthetic memory tree into a
git repository (entries committed in batches, as an agent would), then times, with the same
theme and the search plugin in both:

* ``mkdocs build`` with the continuity plugin (discovery, every rule, provenance, pages);
* ``continuity generate --out`` once, then ``mkdocs build`` of those Markdown pages with no
  plugin but search, and the plugin's navigation (entries out of it).

It prints both times and their ratio (target: at most 1.3). Usage:

    python bench/site_build.py [--sizes 1000 10000] [--theme material] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

DIRECTORIES = ("journal", "snapshots", "completed", "reflections", "audits", "proposals",
               "setup")
STATE = {
    "STATE.md": "# STATE\n\n## Status\n\nBenchmarking.\n\n## Active objective\n\nMeasure.\n\n"
                "## Next valid action\n\nBuild.\n\n## Mesh index\n\n"
                "- **Indexes:** `snapshots/`, `audits/`\n",
    "TODO.md": "# TODO\n\n## Active\n\n| ID | Task |\n|----|------|\n| T-1 | Measure |\n\n"
               "## Mesh index\n\n- **Indexes:** `completed/`\n",
    "CONTEXT.md": "# CONTEXT\n\nBenchmarks.\n\n## Mesh index\n\n- **Indexes:** `journal/`\n",
    "LEARNINGS.md": "# LEARNINGS\n\n## Insights\n\n| # | Insight |\n|---|---|\n| 1 | Measure |\n\n"
                    "## Mesh index\n\n- **Indexes:** `reflections/`, `completed/`\n",
    "PLAN.md": "# PLAN\n\nPlans.\n\n## Mesh index\n\n- **Indexes:** `proposals/`\n",
    "TOOLS.md": "# TOOLS\n\nTools.\n\n## Mesh index\n\n- **Indexes:** `setup/`\n",
    "INFRASTRUCTURE.md": "# INFRASTRUCTURE\n\nHosts.\n\n## Mesh index\n\n"
                         "- **Indexes:** `audits/`\n",
}
PARAGRAPH = ("The harmonic constants for the station were re-fitted against the published "
             "table; residuals stayed under the goal at every high and low water of the month. ")


def _entry(directory: str, number: int, date: str) -> tuple[str, str]:
    """(file name, text) of a valid entry of ``directory``."""
    body = "\n\n".join(PARAGRAPH * 3 for _ in range(2))
    if directory == "journal":
        return (f"{date}-turn-{number}.md",
                f"---\ndate: {date}\nturn: {number}\nobjective: measure {number}\n---\n\n"
                f"# Journal Entry — {date}\n\n## Context before\n\n{body}\n\n## Actions taken\n\n"
                f"- Ran the benchmark {number}.\n\n## Result\n\n{body}\n\n## Next\n\nMore.\n")
    if directory == "snapshots":
        hour, minute = divmod(number % 1440, 60)
        return (f"{date}T{hour:02d}-{minute:02d}-00.md",
                f"---\ndate: {date}T{hour:02d}:{minute:02d}:00Z\nagent: bench\nversion: 1\n"
                f"status: active\n---\n\n# Snapshot — {date}\n\n## State at snapshot\n\n{body}\n\n"
                f"## Active objective\n\nMeasure {number}.\n\n## Blockers\n\nNone.\n\n"
                f"## Next action\n\nBuild.\n")
    if directory == "completed":
        return (f"{date}-task-{number}.md",
                f"# Completed Work Entry\n\n## Task\n\n| Field | Value |\n|---|---|\n"
                f"| Task ID | T-{number} |\n| Description | Task {number} |\n| Project | bench |\n"
                f"| Started | {date} |\n| Completed | {date} |\n| Authority | bench |\n\n"
                f"## Result\n\n{body}\n\n## Evidence\n\n| Evidence | Path / URL |\n|---|---|\n"
                f"| tests | tests/test_{number}.py |\n\n## Learnings\n\n- Measure.\n\n"
                f"## Follow-up\n\n- None\n")
    fields = {
        "reflections": ("date: {d}\ntopic: topic {n}\ntrigger: benchmark\n",
                        ["Event", "Failure mode", "Correction", "Rule"]),
        "audits": ("date: {d}\ntype: accuracy\nscope: station {n}\nresult: pass\n",
                   ["Scope", "Findings", "Actions"]),
        "proposals": ("date: {d}\ntopic: proposal {n}\nstatus: proposed\n",
                      ["Problem", "Proposal", "Alternatives considered", "Decision"]),
        "setup": ("date: {d}\ntool: tool-{n}\nversion: 1.0\n",
                  ["Purpose", "Steps", "Verification"]),
    }[directory]
    sections = "\n\n".join(f"## {title}\n\n{body}" for title in fields[1])
    return (f"{date}-{directory[:-1]}-{number}.md",
            f"---\n{fields[0].format(d=date, n=number)}---\n\n# {directory.title()} {number}\n\n"
            f"{sections}\n")


def write_tree(repo: Path, entries: int, batch: int = 25) -> None:
    """A git repository whose memory/ holds ``entries`` entries, committed ``batch`` at a time."""
    memory = repo / "memory"
    memory.mkdir(parents=True)
    env = dict(os.environ, GIT_AUTHOR_NAME="bench", GIT_AUTHOR_EMAIL="bench@example.invalid",
               GIT_COMMITTER_NAME="bench", GIT_COMMITTER_EMAIL="bench@example.invalid")

    def git(*args: str) -> None:
        subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True)

    git("init", "-q", "-b", "main")
    for name, text in STATE.items():
        (memory / name).write_text(text, encoding="utf-8")
    pending = 0
    for number in range(1, entries + 1):
        directory = DIRECTORIES[number % len(DIRECTORIES)]
        day = number // 3
        date = time.strftime("%Y-%m-%d", time.gmtime(1_704_067_200 + day * 86_400))
        name, text = _entry(directory, number, date)
        (memory / directory).mkdir(exist_ok=True)
        (memory / directory / name).write_text(text, encoding="utf-8")
        pending += 1
        if pending == batch or number == entries:
            git("add", "-A")
            git("commit", "-q", "-m", f"entries up to {number}")
            pending = 0


def _mkdocs_yml(project: Path, theme: str, plugins: list, nav: list | None = None) -> None:
    config = {"site_name": "Bench", "docs_dir": "docs", "plugins": plugins,
              "theme": {"name": theme, "font": False} if theme == "material"
              else {"name": theme, "highlightjs": False}}
    if nav is not None:
        config["nav"] = nav
    (project / "docs").mkdir(exist_ok=True)
    (project / "mkdocs.yml").write_text(yaml.safe_dump(config, sort_keys=False))


def _timed(command: list[str], cwd: Path) -> float:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed in {cwd}:\n{done.stderr[-3000:]}")
    return elapsed


def measure(entries: int, theme: str, runs: int, workdir: Path) -> tuple[float, float]:
    repo = workdir / f"tree-{entries}"
    write_tree(repo, entries)
    _mkdocs_yml(repo, theme, ["search", {"continuity": {"root": "memory"}}])
    plain = workdir / f"plain-{entries}"
    nav_file = workdir / f"nav-{entries}.yml"
    continuity = str(Path(sys.executable).with_name("continuity"))
    _timed([continuity, "generate", "memory", "--out", str(plain / "docs"), "--title", "Bench",
            "--nav-file", str(nav_file)], repo)
    _mkdocs_yml(plain, theme, ["search"], yaml.safe_load(nav_file.read_text())["nav"])
    build = [sys.executable, "-m", "mkdocs", "build", "--quiet"]
    plugin_times, plain_times = [], []
    for _ in range(runs):  # interleaved, so a busy moment hurts both alike
        plugin_times.append(_timed(build, repo))
        plain_times.append(_timed(build, plain))
    return min(plugin_times), min(plain_times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--theme", default="material")
    parser.add_argument("--runs", type=int, default=3, help="best of this many builds")
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="continuity-bench-"))
    try:
        print(f"{'entries':>8}  {'plugin build':>13}  {'plain mkdocs':>13}  {'ratio':>6}  "
              f"(theme {args.theme}, best of {args.runs})")
        for size in args.sizes:
            plugin, plain = measure(size, args.theme, args.runs, workdir)
            print(f"{size:>8}  {plugin:>12.2f}s  {plain:>12.2f}s  {plugin / plain:>6.2f}",
                  flush=True)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
