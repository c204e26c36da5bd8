"""Small SVG charts drawn on the server (no script, no CDN): the page embeds them as
markup, so they obey the strict Content-Security-Policy."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

WIDTH, HEIGHT, PAD = 560, 200, 32


def bar_chart(values: Sequence[float], labels: Sequence[str], title: str) -> str:
    """Vertical bars, one per value, labelled below; the title is the chart's name for
    screen readers."""
    top = max([*values, 1.0])
    step = (WIDTH - 2 * PAD) / max(1, len(values))
    bars = []
    for i, (value, label) in enumerate(zip(values, labels, strict=True)):
        height = (HEIGHT - 2 * PAD) * value / top
        x = PAD + i * step
        y = HEIGHT - PAD - height
        bars.append(
            f'<rect x="{x + step * 0.15:.1f}" y="{y:.1f}" width="{step * 0.7:.1f}" '
            f'height="{height:.1f}" class="bar"><title>{escape(label)}: {value:g}</title></rect>'
            f'<text x="{x + step / 2:.1f}" y="{HEIGHT - PAD + 14}" class="axis" '
            f'text-anchor="middle">{escape(label)}</text>')
    return (f'<svg viewBox="0 0 {WIDTH} {HEIGHT}" class="chart" role="img" '
            f'aria-label="{escape(title)}"><title>{escape(title)}</title>'
            f'<line x1="{PAD}" y1="{HEIGHT - PAD}" x2="{WIDTH - PAD}" y2="{HEIGHT - PAD}" '
            f'class="axis-line"/>{"".join(bars)}'
            f'<text x="{PAD}" y="{PAD - 10}" class="axis">{top:g}</text></svg>')


def line_chart(values: Sequence[float], title: str) -> str:
    """A line through the values in order (a player's scores over games)."""
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
            f'<text x="{PAD}" y="{PAD - 10}" class="axis">{top:g}</text>'
            f'<text x="{PAD}" y="{HEIGHT - 8}" class="axis">{low:g}</text></svg>')
