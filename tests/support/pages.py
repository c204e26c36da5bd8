"""Reading the app's pages: what a review page draws."""

from __future__ import annotations

import re


def score_histories(html: str) -> list[int]:
    """The score histories a review page draws: how many games each holds."""
    return [len(points.split()) for points in re.findall(
        r'aria-label="Scores van [^"]*"><title>[^<]*</title><polyline points="([^"]*)"',
        html)]
