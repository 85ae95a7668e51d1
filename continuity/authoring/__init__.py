"""Everything that writes into the tree: new entries, init, snapshots, note capture and its index.

Every writer goes through :mod:`continuity.authoring.atomic` (a file appears whole or not at all).
"""
