"""Seasons actions: frozen values with a text form (``str(action)``) parsed back by :data:`CODEC`.

Text forms (area and unit ids as in the scenario or as the engine made them):

* ``buy KIND AREA``: buy a unit (infantry, cavalry, war_boat, siege) placed in AREA at the reveal.
* ``raise AREA``: raise an area's resource number by one (Seasons: Resources).
* ``build tower|castle AREA``: put up a building, standing from the reveal (Seasons: Buildings).
* ``move FROM TO UNIT[,UNIT...]``: a move token; war boats carry their cargo along.
* ``aid FROM TO``: an aid token: the untasked units in FROM help the battle in TO.
* ``pillage FROM TARGET UNIT``: a pillage token; TARGET is FROM or, from a castle, an adjacent area.
* ``done``: finish the purchases and orders of the turn (hidden from the others until the reveal).
* ``disband UNIT|AREA``: give up a unit or the building of an area when supply cannot pay.
* ``casualty UNIT|AREA``: choose the next unit (or the area's building) to take casualties.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Self

from model.rules.protocol import Action, ActionCodec, MalformedActionError

UNIT_KINDS = ("infantry", "cavalry", "war_boat", "siege")
BUILDINGS = ("tower", "castle")


def _count(args: Sequence[str], wanted: int, text: str, form: str) -> None:
    if len(args) != wanted:
        raise MalformedActionError(text, f"write {form!r}")


@dataclass(frozen=True)
class Buy(Action):
    """Buy a unit (Seasons: Resources / Buy Military Units; Units: where it is placed)."""

    VERB: ClassVar[str] = "buy"
    kind: str
    area: str

    def args(self) -> tuple[str, ...]:
        return (self.kind, self.area)

    def areas(self) -> tuple[str, ...]:
        return (self.area,)

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        _count(args, 2, text, "buy KIND AREA")
        if args[0] not in UNIT_KINDS:
            raise MalformedActionError(text, f"unit kind {args[0]!r} is not one of {', '.join(UNIT_KINDS)}")
        return cls(args[0], args[1])


@dataclass(frozen=True)
class Raise(Action):
    """Raise an area's resource collection number by one (Seasons: Resources)."""

    VERB: ClassVar[str] = "raise"
    area: str

    def args(self) -> tuple[str, ...]:
        return (self.area,)

    def areas(self) -> tuple[str, ...]:
        return (self.area,)

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        _count(args, 1, text, "raise AREA")
        return cls(args[0])


@dataclass(frozen=True)
class Build(Action):
    """Build a tower, or a castle from a tower (Seasons: Resources / Buildings)."""

    VERB: ClassVar[str] = "build"
    building: str
    area: str

    def args(self) -> tuple[str, ...]:
        return (self.building, self.area)

    def areas(self) -> tuple[str, ...]:
        return (self.area,)

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        _count(args, 2, text, "build tower|castle AREA")
        if args[0] not in BUILDINGS:
            raise MalformedActionError(text, f"only a tower or a castle can be built, not {args[0]!r}")
        return cls(args[0], args[1])


@dataclass(frozen=True)
class Move(Action):
    """A move token: units go from one area to an adjacent one (Seasons: Tokens / Move)."""

    VERB: ClassVar[str] = "move"
    source: str
    target: str
    units: tuple[str, ...]

    def args(self) -> tuple[str, ...]:
        return (self.source, self.target, ",".join(self.units))

    def areas(self) -> tuple[str, ...]:
        return (self.source, self.target)

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        _count(args, 3, text, "move FROM TO UNIT[,UNIT...]")
        units = tuple(unit for unit in args[2].split(",") if unit)
        if not units:
            raise MalformedActionError(text, "a move names at least one unit")
        if len(set(units)) != len(units):
            raise MalformedActionError(text, "a unit is named twice")
        return cls(args[0], args[1], units)


@dataclass(frozen=True)
class Aid(Action):
    """An aid token: untasked units help an adjacent battle (Seasons: Tokens / Aid)."""

    VERB: ClassVar[str] = "aid"
    source: str
    target: str

    def args(self) -> tuple[str, ...]:
        return (self.source, self.target)

    def areas(self) -> tuple[str, ...]:
        return (self.source, self.target)

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        _count(args, 2, text, "aid FROM TO")
        return cls(args[0], args[1])


@dataclass(frozen=True)
class Pillage(Action):
    """A pillage token (Seasons: Tokens / Pillage)."""

    VERB: ClassVar[str] = "pillage"
    source: str
    target: str
    unit: str

    def args(self) -> tuple[str, ...]:
        return (self.source, self.target, self.unit)

    def areas(self) -> tuple[str, ...]:
        return (self.source, self.target)

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        _count(args, 3, text, "pillage FROM TARGET UNIT")
        return cls(args[0], args[1], args[2])


@dataclass(frozen=True)
class Done(Action):
    """Finish the turn's purchases and orders."""

    VERB: ClassVar[str] = "done"


@dataclass(frozen=True)
class Disband(Action):
    """Give up a unit or a building because supply cannot pay the upkeep (Seasons: Resources)."""

    VERB: ClassVar[str] = "disband"
    target: str

    def args(self) -> tuple[str, ...]:
        return (self.target,)

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        _count(args, 1, text, "disband UNIT|AREA")
        return cls(args[0])


@dataclass(frozen=True)
class Casualty(Action):
    """Choose the next unit (or an area's building) to take casualties (Seasons: Battles)."""

    VERB: ClassVar[str] = "casualty"
    target: str

    def args(self) -> tuple[str, ...]:
        return (self.target,)

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        _count(args, 1, text, "casualty UNIT|AREA")
        return cls(args[0])


CODEC = ActionCodec([Buy, Raise, Build, Move, Aid, Pillage, Done, Disband, Casualty])
"""Parses every Seasons action from its text."""
