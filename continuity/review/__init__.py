"""``continuity diff``: the memory review of a range, per root (``continuity.changes``), with
the findings the range introduced and fixed, rendered as text, Markdown, JSON, or for GitHub
and GitLab."""
