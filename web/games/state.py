"""The state a game page reads (``GameState``), as the API sends it and documents it: the
table's fields, declared here, around the game's own view, which each mode declares as a
TypedDict (its module's ``View``: :class:`wordyahtzee.modes.ModeModule`).

Each mode's state is a model made from the two (``WoordState``, ``ClassicState`` …, named
after the mode), and :class:`GameState` is their union keyed on ``mode``: the document
describes every mode's state exactly, and the browser's types are generated from it
(``scripts/api_types.py``). No mode is named here: the registry lists them.

The views' TypedDicts carry their fields' descriptions as attribute docstrings (a string
under the field), read here by :func:`field_docs`; a view's ``rules`` marked
:data:`~wordyahtzee.modes.options.FullRules` or
:data:`~wordyahtzee.modes.options.CanonicalRules` is documented by the mode's own rules
schema (``describe()["rules_schema"]``).
"""

from __future__ import annotations

import ast
import inspect
import textwrap
import typing
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

import typing_extensions
from pydantic import Field, RootModel, WithJsonSchema, create_model

from wordyahtzee.modes import MODES, get_mode
from wordyahtzee.modes.options import RulesJSON

from ..models import ComputerLevel, ModeName, ReactionName, Reply, TableKind, modes_info


class HostAction(Reply):
    """The last thing the host did to a seat (since its player last came back)."""

    action: Literal["skip", "remove", "computer"]
    level: ComputerLevel | None = Field(description="the computer's, for ``computer``")
    by: int = Field(description="the host's seat")
    host: str = Field(description="the host's name")
    absent_seconds: int | None = Field(
        description="how long no page of the seat's player had been open at the table")
    at: float | None = Field(description="when (server time)")


class Seat(Reply):
    """A seat as the state shows it."""

    seat: int
    name: str
    computer: ComputerLevel | None
    present: bool
    left: bool
    away: bool = Field(description="missed two turns in a row since its player came, and "
                                   "not at the table: its turns are skipped at once")
    came: bool = Field(description="its player has come to the table (a page, a read or "
                                   "a move with the seat's token)")
    host_controls: list[Literal["skip", "remove", "computer"]] = Field(
        description="what the host may do to this seat now: nothing at a rated table, "
                    "elsewhere only to a player absent from the table for 60 s")
    host_action: HostAction | None = Field(
        description="what the host last did to this seat, why and when")


class RecentReaction(Reply):
    """A quick reaction the table shows for a few seconds."""

    seat: int
    emote: ReactionName
    symbol: str = Field(description="the emote's symbol")
    at: float = Field(description="when (server time)")


class TableState(Reply):
    """A table's fields in its state, whatever its mode (each mode's state adds its view:
    :func:`state_model`)."""

    id: str
    mode: ModeName
    kind: TableKind
    seq: int = Field(description="the number of events so far")
    status: Literal["active", "finished", "abandoned"]
    to_move: int | None = Field(description="the seat to move (every mode); null once over")
    seats: list[Seat]
    host: int
    rated: bool = Field(description="the result changes the players' ratings; its seats "
                                    "belong to their players")
    pace: Literal["live", "slow"]
    idle_seconds: float | None
    idle_deadline: float | None = Field(
        description="when the seat to move loses its turn if nobody acts; null when never, "
                    "or while the clock stands still (paused, or waiting for the players)")
    paused: bool = Field(description="a live online table at which no player has a page "
                                     "open: no turn clock runs, no turn is skipped")
    waiting_for: list[int] = Field(
        description="the seats whose players the online table still waits for (the clock "
                    "starts once all have come, or at wait_until)")
    wait_until: float | None = Field(description="while waiting_for: when the clock "
                                                 "starts without them")
    daily: str | None = Field(description="the day of a daily game")
    daily_closes_at: float | None = Field(
        description="a daily game: when its day is over (its moves end; anyone with the "
                    "link may watch it from then on); else null")
    reactions: list[RecentReaction]
    rematch: str | None = Field(description="the id of the table of the rematch, once made")
    server_time: float
    you: list[int] | None = Field(None, description="the seats the request's token acts for")
    own: list[int] | None = Field(None, description="the seats the request's token holds, "
                                                    "those a computer plays now included")


def field_docs(typed_dict: type) -> dict[str, str]:
    """The attribute docstrings of a TypedDict's fields (a string literal right under a
    field), its TypedDict bases' included, as one line each."""
    docs: dict[str, str] = {}
    for base in getattr(typed_dict, "__orig_bases__", ()):
        if typing_extensions.is_typeddict(base):
            docs.update(field_docs(base))
    try:
        source = textwrap.dedent(inspect.getsource(typed_dict))
    except (OSError, TypeError):  # made by a call (a field that is no Python name)
        return docs
    body = ast.parse(source).body[0]
    if not isinstance(body, ast.ClassDef):
        return docs
    for field, after in zip(body.body, body.body[1:], strict=False):
        if (isinstance(field, ast.AnnAssign) and isinstance(field.target, ast.Name)
                and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)):
            docs[field.target.id] = " ".join(after.value.value.split())
    return docs


def _documented(hint: Any, mode: str) -> Any:
    """A view's field type as the document gives it: ``rules`` marked full or canonical
    by the mode's own rules schema (every option required in the full form, which writes
    no option's old name: those are ``deprecated``, read only)."""
    marks = [m for m in getattr(hint, "__metadata__", ()) if isinstance(m, RulesJSON)]
    if not marks:
        return hint
    schema = dict(modes_info()[mode]["rules_schema"])
    if marks[0].full:
        schema["required"] = [name for name, prop in schema["properties"].items()
                              if not prop.get("deprecated")]
    return Annotated[dict[str, Any], WithJsonSchema(schema)]


def typed_dicts(hint: Any) -> list[type]:
    """Every TypedDict ``hint`` holds, at any depth, each once (``hint`` itself too)."""
    found: list[type] = []
    todo = [hint]
    while todo:
        item = todo.pop()
        if typing_extensions.is_typeddict(item):
            if item in found:
                continue
            found.append(item)
            todo.extend(typing.get_type_hints(item, include_extras=True).values())
        else:
            todo.extend(typing.get_args(item))
    return found


@cache
def state_model(mode: str) -> type[TableState]:
    """The state of a table of ``mode``: :class:`TableState` and the mode's view (its
    ``View``), named ``<Mode>State``."""
    view: type = get_mode(mode).View
    hints = typing.get_type_hints(view, include_extras=True)
    optional: frozenset[str] = getattr(view, "__optional_keys__", frozenset())
    if optional:
        raise TypeError(f"{view.__name__}: a view's keys are always there, not {optional}")
    docs = field_docs(view)
    fields: dict[str, Any] = {
        name: (_documented(hint, mode), Field(description=docs.get(name)))
        for name, hint in hints.items()}
    model: type[TableState] = create_model(
        f"{mode.title()}State", __base__=TableState, __module__=__name__,
        __doc__=f"A table's state (mode {mode}): the table's fields, then the game's view. "
                f"{inspect.cleandoc(view.__doc__ or '')}".strip(),
        **fields)
    return model


def describe_views(schemas: dict[str, Any]) -> None:
    """Give the document's schemas of the views' TypedDicts what pydantic leaves out: the
    descriptions of their fields (attribute docstrings, those of TypedDict bases too)."""
    for mode in MODES:
        for typed_dict in typed_dicts(get_mode(mode).View):
            schema = schemas.get(typed_dict.__name__, {})
            docs = field_docs(typed_dict)
            for name, prop in schema.get("properties", {}).items():
                if name in docs and "description" not in prop:
                    prop["description"] = docs[name]


if TYPE_CHECKING:
    AnyState = dict[str, Any]
else:
    AnyState = Annotated[Union[tuple(state_model(m) for m in MODES)],  # noqa: UP007
                         Field(discriminator="mode")]


class GameState(RootModel[AnyState]):
    """A table's full state: the table's fields, then the game's own view, whose fields
    depend on the mode (``mode`` says which: ``turn`` and ``boxes`` for Woord Yahtzee,
    classic and Triple Yahtzee, ``spaces`` and ``phase`` for Kaartspel …)."""


__all__ = ["GameState", "HostAction", "RecentReaction", "Seat", "TableState",
           "describe_views", "field_docs", "state_model", "typed_dicts"]
