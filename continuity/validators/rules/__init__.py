"""The rules, one module per code range: CT1xx ``tree``, CT2xx ``entries``, CT3xx ``history``,
CT4xx ``ledger``, CT5xx ``notes``, CT6xx ``publish``. A family too large for one module is a
package (``entries``, ``ledger``): one module per seam, the helpers they share in ``shared``.
Modules, and the modules of those packages, are found by ``pkgutil``. A module imports what
reads git (``continuity.history``) only inside the functions that read it: a check without git
imports every rule module, counts the rules that need git as skipped, and loads no git reader.
"""
