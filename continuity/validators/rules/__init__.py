"""The rules, one module per code range: CT1xx ``tree``, CT2xx ``entries``, CT3xx ``history``,
CT4xx ``ledger``, CT5xx ``notes``, CT6xx ``publish``. A family too large for one module is a
package (``entries``, ``ledger``): one module per seam, the helpers they share in ``shared``.
Modules, and the modules of those packages, are found by ``pkgutil``."""

#: The modules whose rules read git, with the codes they declare, known before any rule module
#: is imported: a check without git (``--no-git``, ``git = off``, the per-file hook) imports
#: none of them, nor the git and log readers they load, and still selects, validates and
#: reports their codes as skipped. A module named here declares exactly these codes, each with
#: ``needs_git=True``, and no other module declares a rule that needs git: the registry
#: refuses anything else (``registry.rule``).
NEEDS_GIT: dict[str, tuple[str, ...]] = {
    "history": ("CT301", "CT302", "CT303", "CT304", "CT305", "CT306", "CT307", "CT308"),
    "drift": ("CT309",),
    "history_secrets": ("CT605",),
    "ledger.commits": ("CT407", "CT408"),
    "openclaw": ("CT721",),
    "roo": ("CT712",),
}
