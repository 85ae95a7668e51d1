"""What a range of commits did to each memory root: plain data for ``continuity diff`` and the
site's Changes page.

``revisions`` resolves BASE and HEAD, ``delta`` reads what git says changed (one ``git diff``,
one ``git log``, one ``cat-file`` batch), ``living`` turns a living file's versions into
sections added, changed and removed, ``window`` says what falls past an agent's load window,
and ``roots`` puts it together per memory root in the words of its convention. Nothing here
runs the check: the findings a range introduces and fixes are ``continuity.review``'s.
"""
