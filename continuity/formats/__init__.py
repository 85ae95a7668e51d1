"""Text to structure: frontmatter, Markdown, JSON Lines, dates, secrets, facts.

Nothing here knows about a memory tree; every function takes text (or bytes) and returns data.
"""
