"""CT2xx: what each entry holds, judged against its directory's ENTRY.template.md.

Template checks apply to Markdown entries whose name fits their directory: a file that CT101
reports (misnamed, in a subfolder, a `*.template.md`) is one finding, and entries rotated into
the directory's archive/ were judged where they were written (``HistoryEntry.content_checked``).
Library
directories (memory/, knowledge/) and directories the protocol does not name have no required
fields unless they ship a template. One fault is reported under one code: an entry whose
frontmatter is missing or broken (CT201) is not also told each field is missing (CT202); a
placeholder (CT203) is not also a bad format (CT204); an empty file is one finding.

One module per seam: ``frontmatter`` (the block parses, CT201), ``fields`` (the template's
fields present, in their format, none unknown: CT202, CT204, CT207), ``unfilled``
(placeholders and fillers left, CT203), ``sections`` (the template's sections, and a completed
task's evidence: CT206, CT209), ``names`` (the name and the fields agree: CT205, CT208) and
``unreadable`` (CT210). What they share, the entries judged and their parsed text, is in
``shared``.
"""
