"""The best words for a throw, box by box.

Given the faces a throw shows (``?`` = the blank), a :class:`~wordyahtzee.lexicon.Lexicon`
and a :class:`~wordyahtzee.dice.DiceSet` (for the letter values), :meth:`Solver.solve`
finds every formable word with its score and, for each of the twelve boxes, the best claim
the rules allow (:mod:`wordyahtzee.modes.woord` holds the rules; this package only searches).

How it is fast (see ``docs/solver.md``):

- an index built once per dictionary (and cached on disk beside the compiled tries) maps
  every *alphagram* (sorted letters) of a word of at most ``n`` letters to the rank of its
  most frequent word, and every alphagram with *one letter missing* to the rank of the most
  frequent word that the blank completes; rank 0 is the dictionary's most frequent short
  word, equal frequencies alphabetically;
- a throw has only ``2**n`` dice subsets (128 for seven dice): one look-up per subset gives
  the best word each subset can lay. The look-ups are vectorised: each alphagram is also an
  integer code (its letters as base-32 digits), the index keeps its codes in one sorted
  array with each entry's key on the dice, and a throw's 128 codes come from one matrix
  product, then one binary search;
- a max-plus dynamic programme over the subsets (vectorised with numpy) gives the best two,
  three or any number of words on disjoint dice; the last level is only computed for the
  whole throw.

Ties: equal scores go to the more frequent word, then alphabetically. A claim of several
words is compared by its total score, then (``chance``) by fewer words, then by the smaller
sum of its words' frequency ranks; what ties even then goes to the first claim found in a
fixed order of dice subsets of the sorted faces, so the answer depends only on the faces.

The package by job: :mod:`.rack` (reading faces), :mod:`.index` (the index and subset
tables), :mod:`.search` (the :class:`Solver`), :mod:`.results` (what it returns) and
:mod:`.claims` (shared solvers and the claims a sheet or game allows).
"""

from .claims import get_solver, legal_claims, rank_claims, solve
from .index import SolverIndex
from .rack import LETTER_NOT_ON_DICE, parse_rack
from .results import BoxResult, RankedClaim, ScoredWord, Solution
from .search import Solver

__all__ = [
    "LETTER_NOT_ON_DICE",
    "BoxResult",
    "RankedClaim",
    "ScoredWord",
    "Solution",
    "Solver",
    "SolverIndex",
    "get_solver",
    "legal_claims",
    "parse_rack",
    "rank_claims",
    "solve",
]
