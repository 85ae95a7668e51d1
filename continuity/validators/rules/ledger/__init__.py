"""CT4xx: the evolve loop's cycle ledger and its session-state sidecar (seed cycle-history-format).

Every line is judged on its own, so one bad line never hides the rest of the file. Each fault
has one owner: a key that is absent is CT402; a key that is present with the wrong kind of value
belongs to the rule for that field (CT403 result, CT404 cycle, CT409 counts, CT410 timestamp).
Rules that read git (CT407, CT408) resolve every sha in one ``cat-file --batch-check`` and list
every improved commit's files in one ``git log``.

One module per seam: ``schema`` (a line is a JSON object, CT401; lines of the legacy schema,
CT405), ``fields`` (each field present and of its kind: CT402, CT403, CT409), ``order`` (cycle
numbers and timestamps read in order: CT404, CT410), ``trace`` (CT406), ``commits`` (what git
says of the shas: CT407, CT408) and ``session_state`` (the sidecar, CT411). What they share,
the cycles judged and the words of a finding, is in ``shared``.
"""
