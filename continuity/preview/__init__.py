"""The live preview: what `mkdocs serve` keeps across rebuilds so that it renders only what changed."""
