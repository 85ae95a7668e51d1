"""The rules, one module per code range: CT1xx ``tree``, CT2xx ``entries``, CT3xx ``history``,
CT4xx ``ledger``, CT5xx ``notes``, CT6xx ``publish``. A family too large for one module is a
package (``entries``, ``ledger``): one module per seam, the helpers they share in ``shared``.
Modules, and the modules of those packages, are found by ``pkgutil``."""
