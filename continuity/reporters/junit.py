"""JUnit XML: one test case per file checked with findings, one failure per diagnostic."""

from __future__ import annotations

import re
from collections import defaultdict
from xml.etree import ElementTree as ET

from continuity.validators.engine import CheckResult

#: Characters XML 1.0 cannot carry (control characters, lone surrogates from odd file names).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _xml(text: str) -> str:
    return _NOT_XML.sub("\ufffd", text)


def render(result: CheckResult) -> str:
    by_path = defaultdict(list)
    for d in result.diagnostics:
        by_path[d.path].append(d)
    suite = ET.Element("testsuite", {
        "name": "continuity", "tests": str(max(1, len(by_path))),
        "failures": str(len(result.diagnostics)), "errors": "0",
    })
    if not by_path:
        ET.SubElement(suite, "testcase", {"classname": "continuity", "name": "memory tree"})
    for path, diagnostics in sorted(by_path.items()):
        case = ET.SubElement(suite, "testcase", {"classname": "continuity", "name": _xml(path)})
        for d in diagnostics:
            failure = ET.SubElement(case, "failure", {
                "type": d.code, "message": _xml(f"{d.code} {d.message}")})
            failure.text = _xml(
                f"{d.path}:{d.line}:{d.column}: {d.code} {d.name} ({d.severity.value})"
                f"\n{d.message}\nhint: {d.hint}" + (f"\ncommit: {d.commit}" if d.commit else ""))
    suites = ET.Element("testsuites")
    suites.append(suite)
    return ET.tostring(suites, encoding="unicode", xml_declaration=True) + "\n"
