"""mkdocs-continuity: lint and publish the working memory that agents keep in git."""

__version__ = "0.1.0"
