"""Regular expressions compiled at first use (``continuity/formats/lazy_re.py``)."""

from __future__ import annotations

import pickle
import re
import subprocess
import sys

from continuity.formats import lazy_re
from continuity.formats.lazy_re import LazyPattern


def test_a_lazy_pattern_answers_as_the_compiled_one() -> None:
    source, text = r"(?P<word>k[a-z]+)-(\d+)", "one key-12 and kite-7, KEY-3"
    lazy, compiled = lazy_re.compile(source, re.IGNORECASE), re.compile(source, re.IGNORECASE)
    assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in compiled.finditer(text)]
    assert lazy.search(text, 10).group() == compiled.search(text, 10).group()  # type: ignore[union-attr]
    assert lazy.match(text) is None and lazy.fullmatch("kite-7") is not None
    assert lazy.findall(text) == compiled.findall(text)
    assert lazy.sub("X", text) == compiled.sub("X", text)
    assert (lazy.pattern, lazy.flags, lazy.groups, lazy.groupindex) == (
        compiled.pattern, compiled.flags, compiled.groups, compiled.groupindex)
    assert pickle.loads(pickle.dumps(lazy)).findall(text) == compiled.findall(text)


def test_its_source_is_read_without_compiling_it() -> None:
    lazy = LazyPattern(r"a+", 0)
    assert lazy.pattern == "a+" and lazy._compiled is None
    lazy.search("baa")
    assert lazy._compiled is not None


def test_importing_the_detector_table_compiles_no_detector() -> None:
    """The point of it: a process that scans nothing (``--help``, a tree of no key words)
    does not pay for compiling the table."""
    code = ("from continuity.formats.secrets import CREDENTIALS\n"
            "lazy = [d.pattern for d in CREDENTIALS if type(d.pattern).__name__ == 'LazyPattern']\n"
            "print(len(lazy), sum(p._compiled is not None for p in lazy))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    made, compiled = map(int, done.stdout.split())
    assert made > 50 and compiled == 0, done.stdout
