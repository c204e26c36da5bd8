"""Small SVG charts drawn on the server (no script, no CDN): the page embeds them as
markup, so they obey the strict Content-Security-Policy."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from html import escape

WIDTH, HEIGHT, PAD = 560, 200, 32


def plain(value: float) -> str:
    """A value as short as it goes (a page passes its language's way instead)."""
    return f"{value:g}"


MAX_LABELS = 20
"""A bar chart labels at most about this many bars below the axis (every bar keeps its
label in its tooltip): a Kaartspel game has 50 turns or more."""


def bar_chart(values: Sequence[float], labels: Sequence[str], title: str, *,
              x_label: str = "", y_label: str = "",
              number: Callable[[float], str] = plain) -> str:
    """Vertical bars, one per value, labelled below (every few when there are more than
    :data:`MAX_LABELS`); the value axis marked at 0 and at its top, and both axes named
    (``x_label`` under the labels, ``y_label`` along the value axis). The title is the
    chart's name for screen readers; ``number`` writes a value."""
    top = max([*values, 1.0])
    left = PAD + (14 if y_label else 0)
    step = (WIDTH - left - PAD) / max(1, len(values))
    base = HEIGHT - PAD - (14 if x_label else 0)
    every = -(-len(values) // MAX_LABELS)  # a long game labels every few bars
    bars = []
    for i, (value, label) in enumerate(zip(values, labels, strict=True)):
        height = (base - PAD) * value / top
        x = left + i * step
        bars.append(
            f'<rect x="{x + step * 0.15:.1f}" y="{base - height:.1f}" '
            f'width="{step * 0.7:.1f}" height="{height:.1f}" class="bar">'
            f'<title>{escape(label)}: {number(value)}</title></rect>')
        if i % every == 0:
            bars.append(f'<text x="{x + step / 2:.1f}" y="{base + 14}" class="axis" '
                        f'text-anchor="middle">{escape(label)}</text>')
    names = []
    if x_label:
        names.append(f'<text x="{(left + WIDTH - PAD) / 2:.1f}" y="{HEIGHT - 6}" '
                     f'class="axis axis-name" text-anchor="middle">{escape(x_label)}</text>')
    if y_label:
        middle = (PAD + base) / 2
        names.append(f'<text x="12" y="{middle:.1f}" class="axis axis-name" '
                     f'text-anchor="middle" transform="rotate(-90 12 {middle:.1f})">'
                     f'{escape(y_label)}</text>')
    return (f'<svg viewBox="0 0 {WIDTH} {HEIGHT}" class="chart" role="img" '
            f'aria-label="{escape(title)}"><title>{escape(title)}</title>'
            f'<line x1="{left}" y1="{base}" x2="{WIDTH - PAD}" y2="{base}" '
            f'class="axis-line"/>'
            f'<line x1="{left}" y1="{PAD}" x2="{left}" y2="{base}" class="axis-line"/>'
            f'{"".join(bars)}'
            f'<text x="{left - 4}" y="{PAD + 4}" class="axis" text-anchor="end">'
            f'{number(top)}</text>'
            f'<text x="{left - 4}" y="{base + 4}" class="axis" text-anchor="end">0</text>'
            f'{"".join(names)}</svg>')


def line_chart(values: Sequence[float], title: str,
               number: Callable[[float], str] = plain) -> str:
    """A line through the values in order (a player's scores over games); ``number``
    writes a value."""
    if not values:
        return ""
    top, low = max(values), min(values)
    span = max(1.0, top - low)
    step = (WIDTH - 2 * PAD) / max(1, len(values) - 1)
    scale = (HEIGHT - 2 * PAD) / span
    points = " ".join(f"{PAD + i * step:.1f},{HEIGHT - PAD - (v - low) * scale:.1f}"
                      for i, v in enumerate(values))
    return (f'<svg viewBox="0 0 {WIDTH} {HEIGHT}" class="chart" role="img" '
            f'aria-label="{escape(title)}"><title>{escape(title)}</title>'
            f'<polyline points="{points}" class="line"/>'
            f'<text x="{PAD}" y="{PAD - 10}" class="axis">{number(top)}</text>'
            f'<text x="{PAD}" y="{HEIGHT - 8}" class="axis">{number(low)}</text></svg>')


HIST_WIDTH, HIST_BARS, HIST_SIDE, HIST_ROW = 400, 130, 14, 16
"""The score histogram's geometry: narrower than the other charts so that its text stays
legible when a 375 px phone shrinks it; the markers' labels take one row each above the
bars."""


def histogram_x(score: float, start: float, end: float) -> float:
    """Where ``score`` lies on the histogram's axis from ``start`` to ``end`` (clamped to
    the plot)."""
    inner = HIST_WIDTH - 2 * HIST_SIDE
    share = (score - start) / (end - start) if end > start else 0.0
    return HIST_SIDE + inner * min(1.0, max(0.0, share))


def _ticks(start: int, end: int, most: int = 7) -> list[int]:
    """Round scores to label the axis with, at most ``most`` of them."""
    step = 1
    for factor in itertools.cycle((2, 2.5, 2)):  # 1, 2, 5, 10, 20, 50, 100, ...
        if (end - start) / step <= most:
            break
        step = round(step * factor)
    first = -(-start // step) * step
    return list(range(first, end + 1, step))


def histogram_chart(start: int, width: int, counts: Sequence[int],
                    marks: Sequence[tuple[str, float]], title: str, desc: str, *,
                    open_end: bool = False,
                    bar_text: Callable[[str, int], str] = lambda scores, n: f"{scores}: {n}",
                    chart_id: str = "histogram") -> str:
    """Bars of ``counts`` (bin ``i`` holds scores ``start + i * width`` up to the next;
    with ``open_end`` the last bin also holds every higher score), and a labelled vertical
    line at each of ``marks`` (label, score). ``title`` and ``desc`` name and describe the
    chart for screen readers; ``bar_text(scores, count)`` is each bar's tooltip (a
    page's plural form of its count)."""
    if not counts:
        return ""
    end = start + width * len(counts)
    top = HIST_ROW * len(marks) + 10
    base = top + HIST_BARS
    height = base + 22
    tallest = max(max(counts), 1)
    parts = []
    for i, count in enumerate(counts):
        low = start + i * width
        last = open_end and i == len(counts) - 1
        scores = f"{low}+" if last else (str(low) if width == 1 else f"{low}–{low + width - 1}")
        x0, x1 = histogram_x(low, start, end), histogram_x(low + width, start, end)
        bar = HIST_BARS * count / tallest
        parts.append(
            f'<rect x="{x0 + 0.5:.1f}" y="{base - bar:.1f}" width="{max(0.5, x1 - x0 - 1):.1f}" '
            f'height="{bar:.1f}" class="bar"><title>'
            f'{escape(bar_text(scores, count))}</title></rect>')
    parts.append(f'<line x1="{HIST_SIDE}" y1="{base}" x2="{HIST_WIDTH - HIST_SIDE}" '
                 f'y2="{base}" class="axis-line"/>')
    for tick in _ticks(start, end):
        x = histogram_x(tick, start, end)
        parts.append(f'<text x="{x:.1f}" y="{base + 16}" class="axis" '
                     f'text-anchor="middle">{tick}</text>')
    for row, (label, score) in enumerate(marks):
        x = histogram_x(score, start, end)
        y = 10 + HIST_ROW * row + 11
        anchor = "end" if x > HIST_WIDTH * 0.6 else "start"
        shift = -4 if anchor == "end" else 4
        parts.append(f'<line x1="{x:.1f}" y1="{y - 11}" x2="{x:.1f}" y2="{base}" '
                     f'class="marker-halo"/>'
                     f'<line x1="{x:.1f}" y1="{y - 11}" x2="{x:.1f}" y2="{base}" '
                     f'class="marker"/>'
                     f'<text x="{x + shift:.1f}" y="{y}" class="marker-label" '
                     f'text-anchor="{anchor}">{escape(label)}</text>')
    return (f'<svg viewBox="0 0 {HIST_WIDTH} {height}" class="chart histogram" role="img" '
            f'aria-labelledby="{chart_id}-title {chart_id}-desc">'
            f'<title id="{chart_id}-title">{escape(title)}</title>'
            f'<desc id="{chart_id}-desc">{escape(desc)}</desc>{"".join(parts)}</svg>')
