"""The real ``mkdocs serve`` in a child process, and its pages fetched over HTTP as a browser would."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

from tests.support.signals import default_signals


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, ""
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return 0, ""


def wait_until(test: Callable[[], bool], timeout: float, what: str) -> None:
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if test():
            return
        time.sleep(0.1)
    raise AssertionError(f"not seen within {timeout:.0f} s: {what}")


def without_livereload(html: str) -> str:
    """The page as written, without the script ``mkdocs serve`` adds before ``</body>``."""
    end = html.rfind("</body>")
    start = html.rfind("<script>", 0, end)
    if end < 0 or start < 0 or "livereload" not in html[start:end]:
        return html
    return html[:start] + html[end:]


class Serve:
    """``mkdocs serve`` (with ``extra`` arguments) on ``port``; stopped by its own process id."""

    def __init__(self, project: Path, port: int, *extra: str, timeout: float = 120):
        self.url = f"http://127.0.0.1:{port}/"
        self.log_path = project / f"serve-{port}-{time.monotonic_ns()}.log"
        self.log = open(self.log_path, "wb")
        env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "mkdocs", "serve", "-a", f"127.0.0.1:{port}", *extra],
            cwd=project, stdout=self.log, stderr=subprocess.STDOUT, env=env,
            preexec_fn=default_signals)
        try:
            wait_until(lambda: fetch(self.url)[0] == 200, timeout, "the first build")
        except AssertionError:
            self.close()
            raise AssertionError(self.said()) from None

    def page(self, path: str) -> tuple[int, str]:
        status, html = fetch(self.url + path)
        return status, without_livereload(html)

    def said(self) -> str:
        return self.log_path.read_text("utf-8", "replace")

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()

    def __enter__(self) -> Serve:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
