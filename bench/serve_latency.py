#!/usr/bin/env python3
"""How long after an entry is written, changed or deleted ``mkdocs serve`` shows it.

    python bench/serve_latency.py MKDOCS_YML MEMORY_ROOT

Starts the real ``mkdocs serve`` on the configuration, waits for its first build, then in turn:
adds a journal entry, changes its text, deletes it. Each time the clock runs from the write until
the server's pages show the change: the entry's own page, the home page listing it, and its
previous neighbour's next link; for a deletion, until the page is gone and the home page no
longer lists it. The server's pages are fetched over HTTP, as a browser would.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

BIN = Path(sys.executable).parent
ENTRY = """---
date: {day}
turn: {turn}
objective: measure the preview
---

# Journal Entry — {day}

## Context before

The preview is measured.

## Actions taken

{words}

## Result

Seen.

## Next

Nothing.
"""


@dataclass
class Latency:
    added: float
    changed: float
    deleted: float


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, ""
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return 0, ""


def wait_until(test: Callable[[], bool], timeout: float) -> float:
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        if test():
            return time.perf_counter() - start
        time.sleep(0.05)
    raise TimeoutError(f"not seen within {timeout:.0f} s")


def last_entry(root: Path) -> tuple[str, int]:
    """The newest journal entry's file name (its date and turn come last in the order)."""
    names = sorted((p.name for p in (root / "journal").glob("*-turn-*.md")),
                   key=lambda n: (n[:10], int(n.rsplit("-", 1)[1].removesuffix(".md"))))
    last = names[-1]
    return last, int(last.rsplit("-", 1)[1].removesuffix(".md"))


class Server:
    """``mkdocs serve`` on a free port, stopped (by its own process id) on exit."""

    def __init__(self, config: Path, extra: tuple[str, ...] = (), timeout: float = 900):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log = open(config.parent / "serve.log", "wb")
        env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
        self.process = subprocess.Popen(
            [str(BIN / "mkdocs"), "serve", "-f", str(config), "-a", f"127.0.0.1:{self.port}",
             *extra],
            cwd=config.parent, stdout=self.log, stderr=subprocess.STDOUT, env=env)
        wait_until(lambda: fetch(self.url)[0] == 200, timeout)

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def measure(config: Path, root: Path, extra: tuple[str, ...] = (),
            timeout: float = 300) -> Latency:
    before, turn = last_entry(root)
    day = before[:10]
    name = f"{day}-turn-{turn + 1}"
    path = root / "journal" / f"{name}.md"
    with Server(config, extra) as server:
        page = server.url + f"journal/{name}/"
        neighbour = server.url + f"journal/{before.removesuffix('.md')}/"
        time.sleep(1.0)  # the watcher settles after the first build

        def shown(word: str) -> bool:
            status, html = fetch(page)
            return (status == 200 and word in html and f"{name}/" in fetch(server.url)[1]
                    and f"{name}/" in fetch(neighbour)[1])

        path.write_text(ENTRY.format(day=day, turn=turn + 1, words="First sighting."), "utf-8")
        added = wait_until(lambda: shown("First sighting"), timeout)
        time.sleep(1.0)
        path.write_text(ENTRY.format(day=day, turn=turn + 1, words="Second sighting."), "utf-8")
        changed = wait_until(lambda: shown("Second sighting"), timeout)
        time.sleep(1.0)
        path.unlink()
        deleted = wait_until(lambda: fetch(page)[0] == 404
                             and f"{name}/" not in fetch(server.url)[1], timeout)
    return Latency(added, changed, deleted)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("config", type=Path)
    parser.add_argument("root", type=Path)
    parser.add_argument("--dirty", action="store_true", help="mkdocs serve --dirty")
    args = parser.parse_args(argv)
    latency = measure(args.config.resolve(), args.root.resolve(),
                      ("--dirty",) if args.dirty else ())
    print(f"added {latency.added:.2f} s, changed {latency.changed:.2f} s, "
          f"deleted {latency.deleted:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
