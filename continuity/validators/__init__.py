"""Validation: the rule registry, the engine that runs rules, diagnostics, and the rules.

A rule lives in :mod:`continuity.validators.rules` (one module, or package, per code range); the registry
(:mod:`continuity.validators.registry`) finds it; the engine (:mod:`continuity.validators.engine`)
runs the selected rules and turns violations into diagnostics.
"""
