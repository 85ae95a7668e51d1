"""Inline SVG charts: no script, no asset from another host, readable without JavaScript.

Used by the site (ledger page, home page) and by ``continuity report --format html``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from html import escape
from typing import Protocol


@dataclass(frozen=True)
class Point:
    label: str  # shown in the tooltip and on the x axis
    value: float
    total: float | None = None  # for "passing of total" series
    idle: bool = False  # a cycle that measured nothing: marked, not joined to the line


def count_ticks(high: float, most: int = 5) -> list[int]:
    """Whole numbers from 0 to at least ``high``, at most ``most`` of them, evenly spaced:
    the axis of a count (goals, entries) never reads 0.75."""
    top = max(1, int(-(-high // 1)))  # high rounded up
    step = max(1, -(-top // (most - 1)))
    return list(range(0, top + step, step)) if top % step else list(range(0, top + 1, step))


def _scale(value: float, low: float, high: float, size: float) -> float:
    if high == low:
        return size / 2
    return (value - low) / (high - low) * size


def line_chart(points: list[Point], *, title: str, y_label: str = "",
               width: int = 720, height: int = 260) -> str:
    """Values over a sequence (e.g. goals passing per cycle), with the total drawn dashed."""
    if not points:
        return f'<p class="continuity-chart-empty">{escape(title)}: no data.</p>'
    left, right, top, bottom = 48, 16, 28, 36
    plot_w, plot_h = width - left - right, height - top - bottom
    values = [p.value for p in points] + [p.total for p in points if p.total is not None]
    ticks = count_ticks(max(values + [1.0]))
    high = float(ticks[-1])
    low = 0.0
    step = plot_w / max(1, len(points) - 1)

    def xy(index: int, value: float) -> tuple[float, float]:
        return left + index * step, top + plot_h - _scale(value, low, high, plot_h)

    def path(series: list[tuple[int, float]]) -> str:
        return " ".join(f"{'M' if i == 0 else 'L'}{x:.1f},{y:.1f}"
                        for i, (x, y) in enumerate(xy(n, v) for n, v in series))

    parts = [
        f'<svg class="continuity-chart" role="img" viewBox="0 0 {width} {height}" '
        f'width="100%" xmlns="http://www.w3.org/2000/svg" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f'<text x="{left}" y="18" font-size="13" fill="currentColor">{escape(title)}</text>',
    ]
    for value in ticks:
        _, y = xy(0, value)
        parts.append(f'<line x1="{left}" x2="{width - right}" y1="{y:.1f}" y2="{y:.1f}" '
                     f'stroke="currentColor" stroke-opacity="0.12"/>')
        parts.append(f'<text x="{left - 6}" y="{y + 4:.1f}" font-size="11" text-anchor="end" '
                     f'fill="currentColor">{value:g}</text>')
    totals = [(i, p.total) for i, p in enumerate(points) if p.total is not None]
    if totals:
        parts.append(f'<path d="{path(totals)}" fill="none" stroke="#9e9e9e" '
                     f'stroke-width="1.5" stroke-dasharray="4 3"/>')
    measured = [(i, p.value) for i, p in enumerate(points) if not p.idle]
    if measured:
        parts.append(f'<path d="{path(measured)}" fill="none" stroke="#3f51b5" '
                     'stroke-width="2"/>')
    label_every = max(1, len(points) // 12)
    for i, point in enumerate(points):
        x, y = xy(i, point.value)
        if point.idle:  # a grey mark on the axis, off the line: nothing was measured
            parts.append(f'<circle class="continuity-idle" cx="{x:.1f}" cy="{top + plot_h:.1f}" '
                         'r="4" fill="#9e9e9e">'
                         f"<title>{escape(point.label)}: idle</title></circle>")
        else:
            tip = f"{point.label}: {point.value:g}" + (
                f" of {point.total:g}" if point.total is not None else "")
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="#3f51b5">'
                         f"<title>{escape(tip)}</title></circle>")
        if i % label_every == 0:
            parts.append(f'<text x="{x:.1f}" y="{height - bottom + 16}" font-size="11" '
                         f'text-anchor="middle" fill="currentColor">{escape(point.label)}</text>')
    if y_label:
        parts.append(f'<text x="12" y="{top + plot_h / 2:.1f}" font-size="11" '
                     f'transform="rotate(-90 12 {top + plot_h / 2:.1f})" text-anchor="middle" '
                     f'fill="currentColor">{escape(y_label)}</text>')
    parts.append("</svg>")
    return "".join(parts)


#: Bars a chart leaves room for however few there are: one month is one slim bar, not a
#: block the width of the chart.
MIN_SLOTS = 8
#: Up to this many bars, each carries its count above it.
LABELLED_BARS = 24


def bar_chart(points: list[Point], *, title: str, width: int = 720, height: int = 200) -> str:
    """Counts per period (e.g. entries added per month), on a whole-number axis from 0."""
    if not points:
        return f'<p class="continuity-chart-empty">{escape(title)}: no data.</p>'
    left, right, top, bottom = 40, 12, 28, 36
    plot_w, plot_h = width - left - right, height - top - bottom
    ticks = count_ticks(max([p.value for p in points] + [1.0]))
    high = float(ticks[-1])
    slot = plot_w / max(len(points), MIN_SLOTS)
    bar = max(1.0, slot * 0.7)
    start = left + (plot_w - slot * len(points)) / 2  # few bars sit in the middle
    parts = [
        f'<svg class="continuity-chart" role="img" viewBox="0 0 {width} {height}" '
        f'width="100%" xmlns="http://www.w3.org/2000/svg" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f'<text x="{left}" y="18" font-size="13" fill="currentColor">{escape(title)}</text>',
    ]
    for value in ticks:
        y = top + plot_h - _scale(value, 0, high, plot_h)
        parts.append(f'<line x1="{left}" x2="{width - right}" y1="{y:.1f}" y2="{y:.1f}" '
                     f'stroke="currentColor" stroke-opacity="0.12"/>')
        parts.append(f'<text x="{left - 6}" y="{y + 4:.1f}" font-size="11" text-anchor="end" '
                     f'fill="currentColor">{value:g}</text>')
    label_every = max(1, len(points) // 12)
    for i, point in enumerate(points):
        h = _scale(point.value, 0, high, plot_h)
        x = start + i * slot + (slot - bar) / 2
        y = top + plot_h - h
        parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar:.1f}" height="{h:.1f}" '
                     f'fill="#3f51b5" fill-opacity="0.8">'
                     f"<title>{escape(point.label)}: {point.value:g}</title></rect>")
        if len(points) <= LABELLED_BARS and point.value:
            parts.append(f'<text x="{x + bar / 2:.1f}" y="{y - 4:.1f}" font-size="11" '
                         f'text-anchor="middle" fill="currentColor">{point.value:g}</text>')
        if i % label_every == 0:
            parts.append(f'<text x="{x + bar / 2:.1f}" y="{height - bottom + 16}" '
                         f'font-size="11" text-anchor="middle" fill="currentColor">'
                         f"{escape(point.label)}</text>")
    parts.append("</svg>")
    return "".join(parts)


class CycleFigures(Protocol):
    """What a chart reads of a ledger cycle (model/ledger.py ``Cycle``, report ``CycleRow``)."""

    @property
    def cycle(self) -> int | None: ...
    @property
    def goals_passing(self) -> int | None: ...
    @property
    def goals_total(self) -> int | None: ...
    @property
    def result(self) -> str | None: ...


def is_idle(cycle: CycleFigures) -> bool:
    """A cycle that worked on no goal (``"target": "idle"``, ``"result": "idle"``)."""
    targets = getattr(cycle, "targets", ())  # the report's rows of the ledger have none
    return cycle.result == "idle" or any(t == "idle" or t.startswith("idle-") for t in targets)


def trajectory(cycles: Iterable[CycleFigures]) -> list[Point]:
    """goals_passing / goals_total per cycle, for cycles that record both; an idle cycle
    that records neither is a point of its own, marked idle."""
    points = []
    for c in cycles:
        if c.cycle is None:
            continue
        if c.goals_passing is not None and c.goals_total is not None:
            points.append(Point(str(c.cycle), c.goals_passing, c.goals_total))
        elif is_idle(c):
            points.append(Point(str(c.cycle), 0, None, idle=True))
    return points
