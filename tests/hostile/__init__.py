"""The hostile suite (issue 7): every command against every bad input.

A package (``tests.hostile``), so that its conftest never shadows ``tests/conftest.py``.
"""
