"""The hostile suite (issue 7): every command against every bad input of SPEC §7.

A package, so that its conftest is ``hostile.conftest`` and never shadows ``tests/conftest.py``,
which the test modules import as ``conftest``.
"""
