"""A mode's rules options declared once: a frozen dataclass whose fields carry
:func:`option` metadata (the allowed values or an integer range, a description, the
default). From that one declaration come the parser (:func:`from_json`), the canonical
JSON (:func:`to_json`), the API's schema (:func:`schema`) and the defaults
(:func:`defaults`).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Demo:
...     joker: str = option("free", choices=("free", "forced"), description="reading")
...     at: int = option(63, between=(1, 105), description="threshold")
>>> from_json(Demo, {"at": 50})
Demo(joker='free', at=50)
>>> to_json(from_json(Demo, {"at": 63, "joker": "free"}))
{}
>>> from_json(Demo, {"at": 0})
Traceback (most recent call last):
...
wordyahtzee.errors.RuleError: rules: at must be a whole number from 1 to 105

An option that was renamed keeps reading its ``old_names`` (records and clients of before);
it is written under its name only:

>>> @dataclass(frozen=True)
... class Renamed:
...     at: int = option(63, between=(1, 105), description="threshold", old_names=("cap",))
>>> from_json(Renamed, {"cap": 50})
Renamed(at=50)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import Field, dataclass, field, fields
from typing import Annotated, Any, TypeVar

from ..errors import RuleError

T = TypeVar("T")


def option(default: Any, *, description: str, choices: tuple[Any, ...] | None = None,
           between: tuple[float, float] | None = None, name: bool = False,
           nullable: bool = False, old_names: tuple[str, ...] = ()) -> Any:
    """A dataclass field declaring one rules option: its ``default``, what it means, and
    what it allows: ``choices`` (a value among them), ``between`` (a range, both ends
    included: whole numbers when the default is one, else any number), ``name`` (a name,
    such as a dictionary's, that the game checks when it loads it) or, with none of these,
    true or false; ``nullable``: ``null`` as well. ``old_names``: names the option had
    before, still read (old records and clients) but never written."""
    return field(default=default, metadata={"description": description, "choices": choices,
                                            "between": between, "name": name,
                                            "nullable": nullable, "old_names": old_names})


def _whole(f: Field[Any]) -> bool:
    return type(f.default) is int


def _check(f: Field[Any], value: Any) -> None:
    choices, between = f.metadata["choices"], f.metadata["between"]
    if value is None and f.metadata["nullable"]:
        return
    if choices is not None:
        if value not in choices or type(value) is not type(f.default):
            raise RuleError(f"rules: {f.name} must be one of "
                            + ", ".join(repr(c) for c in choices), "bad_rules")
    elif between is not None:
        number = (type(value) is int if _whole(f)
                  else isinstance(value, int | float) and not isinstance(value, bool)
                  and math.isfinite(value))
        if not number or not between[0] <= value <= between[1]:
            kind = "a whole number" if _whole(f) else "a number"
            also = " or null" if f.metadata["nullable"] else ""
            raise RuleError(f"rules: {f.name} must be {kind} from {between[0]:g} to "
                            f"{between[1]:g}{also}", "bad_rules")
    elif f.metadata["name"]:
        if not isinstance(value, str):
            raise RuleError(f"rules: {f.name} must be a name", "bad_rules")
    elif not isinstance(value, bool):
        raise RuleError(f"rules: {f.name} must be true or false", "bad_rules")


def from_json(cls: type[T], data: Any) -> T:
    """Read ``data`` (``None`` or an object of the declared options; left-out options
    take their defaults); an unknown key, a wrong type or a value out of range raises
    :class:`RuleError` ``bad_rules``."""
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        raise RuleError("rules must be a JSON object", "bad_rules")
    declared = {f.name: f for f in fields(cls)}  # type: ignore[arg-type]
    data = renamed(cls, data)
    unknown = sorted(set(data) - set(declared))
    if unknown:
        raise RuleError(f"rules: unknown option {unknown[0]!r}; options: "
                        + (", ".join(declared) or "none"), "bad_rules")
    rules = cls(**data)
    check(rules)
    return rules


@dataclass(frozen=True)
class RulesJSON:
    """What a view's ``rules`` holds, for the API document (which gives it the mode's
    :func:`schema`): ``full``, every option (:func:`full_json`), or only those that differ
    from their defaults (:func:`to_json`)."""

    full: bool


FullRules = Annotated[dict[str, Any], RulesJSON(full=True)]
"""A view's rules options, every one (:func:`full_json`)."""
CanonicalRules = Annotated[dict[str, Any], RulesJSON(full=False)]
"""A view's rules options that differ from their defaults (:func:`to_json`)."""


def renamed(cls: type, data: Mapping[str, Any]) -> dict[str, Any]:
    """``data`` (rules as stored or sent) with each option's old name read as its name;
    both names at once are ``bad_rules``."""
    out = dict(data)
    for f in fields(cls):
        for old in f.metadata["old_names"]:
            if old in out:
                if f.name in out:
                    raise RuleError(f"rules: {old} is the old name of {f.name}; give one",
                                    "bad_rules")
                out[f.name] = out.pop(old)
    return out


def check(rules: Any) -> None:
    """Raise :class:`RuleError` ``bad_rules`` unless every option of ``rules`` is allowed
    (for a dataclass's ``__post_init__``, so a direct construction is checked too)."""
    for f in fields(rules):
        _check(f, getattr(rules, f.name))


def to_json(rules: Any) -> dict[str, Any]:
    """The canonical JSON: only the options that differ from their defaults (so equal
    rules always read the same, whether a default was spelled out or not)."""
    return {f.name: getattr(rules, f.name) for f in fields(rules)
            if getattr(rules, f.name) != f.default}


def full_json(rules: Any) -> dict[str, Any]:
    """Every option with its value, defaults included (what a screen shows)."""
    return {f.name: getattr(rules, f.name) for f in fields(rules)}


def defaults(cls: type) -> dict[str, Any]:
    """Every declared option with its default (what a start screen begins with)."""
    return {f.name: f.default for f in fields(cls)}


def schema(cls: type) -> dict[str, Any]:
    """The JSON schema of the options (the API's ``rules_schema``)."""
    props: dict[str, Any] = {}
    for f in fields(cls):
        choices, between = f.metadata["choices"], f.metadata["between"]
        prop: dict[str, Any] = {"default": f.default, "description": f.metadata["description"]}
        if choices is not None:
            prop.update(type="string", enum=list(choices))
        elif between is not None:
            prop.update(type="integer" if _whole(f) else "number",
                        minimum=between[0], maximum=between[1])
        elif f.metadata["name"]:
            prop["type"] = "string"
        else:
            prop["type"] = "boolean"
        if f.metadata["nullable"]:
            prop["type"] = [prop["type"], "null"]
        props[f.name] = prop
        for old in f.metadata["old_names"]:
            props[old] = {**{k: v for k, v in prop.items() if k != "default"},
                          "description": f"the old name of {f.name}, still read",
                          "deprecated": True}
    return {"type": "object", "additionalProperties": False, "properties": props}
