"""What the memory tree is: the directory kinds, the discovered tree, its ledger, notes and state items.

Discovered once and immutable; the validators and the generator both read it.
"""
