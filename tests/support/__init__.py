"""Helpers shared by the tests: real files, real git, the real CLI, built sites."""
