"""``continuity report``: what a person auditing a memory tree wants on one page.

:mod:`.data` gathers the figures from the model, the ledger and a check run; :mod:`.markdown`,
:mod:`.html` and :mod:`.json_format` render them; :mod:`.audit` files the Markdown as an
``audits/`` entry.
"""

from continuity.audit.data import Report, RootsReport, build_report

__all__ = ["Report", "RootsReport", "build_report"]
