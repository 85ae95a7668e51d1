"""The site at scale (issue 15): build cost against plain Material, serve latency, Zensical.

Run through ``python bench/run.py --site [--site-sizes 2000 10000] [--repeat 3]``. For each size,
a tree of small journal entries (bench/small_tree.py: about 120 words each, 40 commits), then,
interleaved so that machine load hits both alike, the median of ``--repeat`` runs (at most
3 above 2,000 entries; the table names them) of:

- plain: ``mkdocs build`` (Material, search) of the same Markdown files, ``nav`` holding the home
  page only, against plugin: ``mkdocs build`` with ``plugins: [search, continuity]``;
- Zensical: ``zensical build`` of ``continuity generate`` output (and the generate itself);
- plain and plugin again with the site written to tmpfs (``/dev/shm``), where there is one:
  the build without the disk, whose throttling of sustained writes on this machine made the
  same build 2x slower after a few runs and charges the plugin for every byte it writes;

and once: the serve latency (bench/serve_latency.py), from writing an entry until the real
``mkdocs serve --dirty`` serves it (its page, the home page, its neighbour's next link), from
changing it until the change shows, and from deleting it until it is gone; plain ``mkdocs serve``
too, at sizes up to ``--serve-clean-max``.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from serve_latency import Latency  # noqa: E402
from serve_latency import measure as serve_latency  # noqa: E402
from small_tree import make_small_tree, plain_docs  # noqa: E402

BIN = Path(sys.executable).parent
THEME = "theme:\n  name: material\n  font: false\n"


@dataclass
class SiteResult:
    entries: int
    plain: list[float] = field(default_factory=list)
    plugin: list[float] = field(default_factory=list)
    # the same builds with the site written to memory (tmpfs), where there is one
    plain_ram: list[float] = field(default_factory=list)
    plugin_ram: list[float] = field(default_factory=list)
    plain_mb: float = 0.0  # what each build writes
    plugin_mb: float = 0.0
    generate: list[float] = field(default_factory=list)
    zensical: list[float] = field(default_factory=list)
    serve_dirty: Latency | None = None
    serve_clean: Latency | None = None

    @property
    def ratio(self) -> float:
        return statistics.median(self.plugin) / statistics.median(self.plain)

    @property
    def ratio_ram(self) -> float | None:
        if not self.plain_ram:
            return None
        return statistics.median(self.plugin_ram) / statistics.median(self.plain_ram)


#: Memory-backed; builds written there measure the build without the disk (this machine's
#: throttles sustained writes: the same build grew from 3.2 to 6.7 s over a few runs).
RAM = "/dev/shm" if Path("/dev/shm").is_dir() and os.access("/dev/shm", os.W_OK) else None


def size_mb(directory: Path) -> float:
    return sum(f.stat().st_size for f in directory.rglob("*") if f.is_file()) / 1e6


def timed(command: list[str], cwd: Path) -> float:
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, env={**__import__("os").environ,
                                                   "NO_MKDOCS_2_WARNING": "1"})
    return time.perf_counter() - start


def write_configs(work: Path, nav: str) -> tuple[Path, Path, Path]:
    plain = work / "plain.yml"
    plain.write_text(f"site_name: bench\ndocs_dir: plain-docs\nsite_dir: out-plain\n{THEME}"
                     f"plugins:\n  - search\n{nav}", "utf-8")
    (work / "empty-docs").mkdir(exist_ok=True)
    plugin = work / "plugin.yml"
    plugin.write_text(f"site_name: bench\ndocs_dir: empty-docs\nsite_dir: out-plugin\n{THEME}"
                      "plugins:\n  - search\n  - continuity:\n      root: repo\n", "utf-8")
    zensical = work / "zensical"
    zensical.mkdir(exist_ok=True)
    return plain, plugin, zensical


def measure_site(entries: int, repeat: int, keep: Path | None,
                 serve_clean_max: int = 2000) -> SiteResult:
    result = SiteResult(entries)
    with tempfile.TemporaryDirectory(prefix=f"continuity-site-{entries}-") as temporary:
        work = Path(keep or temporary)
        repo = work / "repo"
        print(f"[site {entries}] generating {entries} small entries, 40 commits ...", flush=True)
        make_small_tree(repo, entries, 40)
        plain, plugin, zensical = write_configs(work, plain_docs(repo, work / "plain-docs"))
        generate = [str(BIN / "continuity"), "generate", str(repo), "--out",
                    str(zensical / "docs"), "--nav-file", str(zensical / "nav.yml")]
        build = [str(BIN / "mkdocs"), "build", "-q", "-f"]
        ram = Path(tempfile.mkdtemp(prefix="continuity-site-", dir=RAM)) if RAM else None
        for run in range(repeat):
            print(f"[site {entries}] builds, run {run + 1}/{repeat}", flush=True)
            result.plain.append(timed(build + [str(plain)], work))
            result.plugin.append(timed(build + [str(plugin)], work))
            if ram is not None:
                result.plain_ram.append(timed(build + [str(plain), "-d", str(ram / "plain")], work))
                result.plugin_ram.append(
                    timed(build + [str(plugin), "-d", str(ram / "plugin")], work))
            result.generate.append(timed(generate, work))
            if run == 0:
                nav = (zensical / "nav.yml").read_text("utf-8")
                (zensical / "mkdocs.yml").write_text(
                    f"site_name: bench\ndocs_dir: docs\n{THEME}plugins:\n  - search\n{nav}",
                    "utf-8")
            result.zensical.append(timed([str(BIN / "zensical"), "build", "--clean"], zensical))
        result.plain_mb, result.plugin_mb = size_mb(work / "out-plain"), size_mb(work / "out-plugin")
        if ram is not None:
            shutil.rmtree(ram, ignore_errors=True)
        print(f"[site {entries}] mkdocs serve --dirty latency", flush=True)
        result.serve_dirty = serve_latency(plugin, repo, ("--dirty",))
        if entries <= serve_clean_max:
            print(f"[site {entries}] mkdocs serve latency", flush=True)
            result.serve_clean = serve_latency(plugin, repo)
    return result


def site_table(results: list[SiteResult], machine: str, when: str) -> str:
    def med(values: list[float]) -> str:
        return f"{statistics.median(values):.2f}" if values else "–"

    def serve(latency: Latency | None) -> str:
        if latency is None:
            return "– | – | –"
        return f"{latency.added:.2f} | {latency.changed:.2f} | {latency.deleted:.2f}"

    rows = [
        f"Measured {when} on {machine}; builds: the median of the runs a row names, "
        "interleaved, the site written to disk and (in memory) to tmpfs; MB: what each build "
        "writes; serve: one run, seconds from the write until the server's pages show it.",
        "",
        "| entries | runs | plain build s | plugin build s | plugin / plain "
        "| in memory: plain s | plugin s | plugin / plain | MB plain / plugin | generate s "
        "| zensical build s | serve --dirty: added | changed | deleted "
        "| serve: added | changed | deleted |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        in_ram = (f"{med(r.plain_ram)} | {med(r.plugin_ram)} | {r.ratio_ram:.2f}x"
                  if r.ratio_ram is not None else "– | – | –")
        rows.append(f"| {r.entries:,} | {len(r.plain)} | {med(r.plain)} | {med(r.plugin)} "
                    f"| {r.ratio:.2f}x | {in_ram} | {r.plain_mb:.0f} / {r.plugin_mb:.0f} "
                    f"| {med(r.generate)} | {med(r.zensical)} | {serve(r.serve_dirty)} "
                    f"| {serve(r.serve_clean)} |")
    return "\n".join(rows) + "\n"
