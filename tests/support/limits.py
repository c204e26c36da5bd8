"""The shipped rate limits, as the tests count against them."""

from __future__ import annotations

from limits import parse_many
from wordyahtzee.web.security import RATE_LIMITS

PROFILES = min(item.amount for item in parse_many(RATE_LIMITS["profiles"]))
"""The tightest shipped limit on new profiles (6 an hour)."""
