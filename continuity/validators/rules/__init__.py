"""The rules, one module per code range: CT1xx ``tree``, CT2xx ``entries``, CT3xx ``history``,
CT4xx ``ledger``, CT5xx ``notes``, CT6xx ``publish``. Modules are found by ``pkgutil``."""
