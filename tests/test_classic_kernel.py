"""The classic strategy table's kernel against the plain turn evaluation the advice uses,
on arbitrary tables (no strategy table needed: these run in the quick loop)."""

from __future__ import annotations

import numpy as np
import pytest

from wordyahtzee.advisor.classic.strategy import _STATES
from wordyahtzee.advisor.classic.tables import (
    ALL_UPPER,
    NBOX,
    NMASK,
    NUPPER,
    YAHTZEE_BIT,
    _levels,
    _multisets,
    _reachable_uppers,
    _rule_tables,
    _start_values,
    _turn,
    _Workspace,
    level_sizes,
)
from wordyahtzee.modes.classic import (
    BOXES,
    NUM_DICE,
    UPPER_BONUS_THRESHOLD,
    UPPER_BOXES,
    box_score,
    legal_scores,
)


@pytest.mark.parametrize("joker", ["free", "forced"])
def test_the_kernel_sums_what_a_turn_sums(joker: str) -> None:
    """On a random table of next-state values, the batched kernel gives every state the
    start-of-turn value that :func:`_turn` (advice, simulation) gives it."""
    rng = np.random.default_rng(7)
    values = rng.uniform(0, 300, size=(NMASK, NUPPER, 2))
    rules = _rule_tables(joker)
    reach = _reachable_uppers()
    mask = rng.integers(0, NMASK - 1, size=700)
    mask[:50] |= 1 << YAHTZEE_BIT  # jokers in play
    mask[50:60] = NMASK - 1 - (1 << rng.integers(0, NBOX, size=10))  # one box open
    upper = np.array([rng.choice(reach[m & ALL_UPPER]) for m in mask])
    armed = np.where(mask >> YAHTZEE_BIT & 1, rng.integers(0, 2, size=len(mask)), 0)
    ws = _Workspace(256)
    got = np.concatenate([_start_values(values, rules, mask[i:i + 256], upper[i:i + 256],
                                        armed[i:i + 256], ws)
                          for i in range(0, len(mask), 256)])
    want = _multisets().roll_prob @ _turn(values, rules, mask, upper, armed).after1
    np.testing.assert_allclose(got, want, rtol=1e-12)


@pytest.mark.parametrize("joker", ["free", "forced"])
def test_the_joker_table_is_the_engines_rule(joker: str) -> None:
    """The joker changes, built per case, are what ``legal_scores`` says for each mask."""
    delta = _rule_tables(joker).joker_delta
    rng = np.random.default_rng(3)
    masks = [m for m in rng.integers(0, NMASK, size=600).tolist() if m >> YAHTZEE_BIT & 1]
    for mask in [*masks, NMASK - 1, 1 << YAHTZEE_BIT]:
        filled = [b for i, b in enumerate(BOXES) if mask >> i & 1]
        for f in range(6):
            dice = (f + 1,) * NUM_DICE
            legal = legal_scores(dice, filled, joker) if len(filled) < NBOX else {}
            want = np.full(NBOX, -np.inf)
            for b, score in legal.items():
                want[BOXES.index(b)] = score - box_score(b, dice)
            assert np.array_equal(delta[mask, f], want), (mask, f)
    assert not delta[[m for m in range(NMASK) if not m >> YAHTZEE_BIT & 1]].any()


def test_the_states_left_out_are_those_without_a_reachable_bonus() -> None:
    """Every reachable state is computed or left out, never both; a state is left out only
    when even five of a kind in every open upper box would not reach the bonus."""
    reach = _reachable_uppers()
    computed = reachable = 0
    for mask_a, up_a, arm_a, same_m, same_u in _levels():
        kept = set(zip(mask_a.tolist(), up_a.tolist(), arm_a.tolist(), strict=True))
        dropped = set(zip(same_m.tolist(), same_u.tolist(), strict=True))
        masks = set(mask_a.tolist()) | set(same_m.tolist())
        for mask in masks:
            armed = (0, 1) if mask >> YAHTZEE_BIT & 1 else (0,)
            room = sum(5 * (i + 1) for i in range(len(UPPER_BOXES)) if not mask >> i & 1)
            for u in reach[mask & ALL_UPPER].tolist():
                reachable += len(armed)
                if (mask, u) in dropped:
                    assert u != 0 and u + room < UPPER_BONUS_THRESHOLD
                    assert not any((mask, u, a) in kept for a in armed)
                else:
                    assert all((mask, u, a) in kept for a in armed)
        computed += len(kept)
    assert computed == sum(level_sizes()) == _STATES == 359_422  # docs/classic.md
    assert reachable == 524_350
