"""What git says: the git command line, the tree's history as data, and each entry's provenance."""

#: What a check says when the ``git`` option is off and a selected rule reads git.
GIT_OFF_NOTICE = "history rules skipped (git = off)"
