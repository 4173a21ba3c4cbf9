"""EotMA actions: frozen values with a text form (``str(action)``) parsed back by :data:`CODEC`.

Text forms (area, card and empire ids as in the scenario; ``+N`` is extra gold, 9.33):

* ``slot N``: choose the N-th place in the turn order (initiative).
* ``conquest TARGET from BASE [+N]``, ``pillage TARGET from BASE [+N]``: foreign endeavours (10, 11).
* ``diplomacy TARGET [+N]`` (12), ``fortify TARGET [+N]`` (14), ``rule TARGET [+N]`` (15).
* ``defend [+N]`` / ``decline``: the attacked player's decision (13).
* ``oppose N``: gold the target's owner spends against a diplomacy endeavour (12.2).
* ``untie AREA``: remove the player's own diplomatic tie to an area (12.43).
* ``taxation``, ``tax AREA N``, ``plunder AREA``, ``end-taxation``: the taxation block (16).
* ``relocate AREA``: choose a new court after losing it (21, house default 7.52).
* ``play CARD [AREA] [EMPIRE]``: play a holding event card (19); ``discard CARD``: the card given
  up over the hand limit (19.2).
* ``disband AREA army|fleet``: a unit point the player does not maintain (33.23, 34.12).
* ``rule-palaces [AREA [+N]...]``: rule the chosen palace areas, each with its extra gold; all
  of them, without extra gold, when none is named (35.33).
* ``give EMPIRE gold N|claim AREA|area AREA [conversion]``: gifts (20.1; 22.21 partial conversion).
* ``end-turn``: finish the player turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Self

from model.rules.protocol import Action, ActionCodec, MalformedActionError


def _int(token: str, text: str, what: str) -> int:
    try:
        return int(token)
    except ValueError:
        raise MalformedActionError(text, f"{what} must be a whole number, not {token!r}") from None


def _gold(tokens: Sequence[str], text: str) -> int:
    if not tokens:
        return 0
    if len(tokens) > 1 or not tokens[0].startswith("+"):
        raise MalformedActionError(text, "extra gold is written +N after the areas")
    gold = _int(tokens[0][1:], text, "extra gold")
    if gold < 0:
        raise MalformedActionError(text, "extra gold cannot be negative")
    return gold


def _gold_text(gold: int) -> tuple[str, ...]:
    return (f"+{gold}",) if gold else ()


@dataclass(frozen=True)
class ChooseSlot(Action):
    """Initiative: take a free place in the turn order (1 = first)."""

    VERB: ClassVar[str] = "slot"
    slot: int

    def args(self) -> tuple[str, ...]:
        return (str(self.slot),)

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        if len(args) != 1:
            raise MalformedActionError(text, "write 'slot N' with one place number")
        return cls(_int(args[0], text, "the place"))


@dataclass(frozen=True)
class Endeavour(Action):
    """Base of the endeavours a player undertakes with a year card."""

    KIND: ClassVar[str] = ""
    target: str
    gold: int = 0

    def areas(self) -> tuple[str, ...]:
        return (self.target,)

    def args(self) -> tuple[str, ...]:
        return (self.target, *_gold_text(self.gold))

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        if not args or args[0].startswith("+"):
            raise MalformedActionError(text, f"'{cls.VERB}' needs a target area")
        return cls(args[0], _gold(args[1:], text))

    @property
    def base(self) -> str | None:
        """The base area named by the action (foreign endeavours only)."""
        return None


@dataclass(frozen=True)
class _Foreign(Endeavour):
    source: str = ""

    @property
    def base(self) -> str | None:
        return self.source

    def areas(self) -> tuple[str, ...]:
        return (self.target, self.source)

    def args(self) -> tuple[str, ...]:
        return (self.target, "from", self.source, *_gold_text(self.gold))

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        if len(args) < 3 or args[1].lower() != "from" or args[0].startswith("+"):
            raise MalformedActionError(text, f"write '{cls.VERB} TARGET from BASE [+N]'")
        return cls(args[0], _gold(args[3:], text), args[2])


@dataclass(frozen=True)
class Conquest(_Foreign):
    """10: take the target (one C result per population point above one, 10.3)."""

    VERB: ClassVar[str] = "conquest"
    KIND: ClassVar[str] = "conquest"


@dataclass(frozen=True)
class Pillage(_Foreign):
    """11: lower the target's social state and take gold."""

    VERB: ClassVar[str] = "pillage"
    KIND: ClassVar[str] = "pillage"


@dataclass(frozen=True)
class Diplomacy(Endeavour):
    """12: a tie or a diplomatic conquest; the base is always the court (12.11)."""

    VERB: ClassVar[str] = "diplomacy"
    KIND: ClassVar[str] = "diplomacy"


@dataclass(frozen=True)
class Fortify(Endeavour):
    """14: build a fort of strength 2 or raise it to 3."""

    VERB: ClassVar[str] = "fortify"
    KIND: ClassVar[str] = "fortify"


@dataclass(frozen=True)
class Rule(Endeavour):
    """15: raise the social state and quell unrest."""

    VERB: ClassVar[str] = "rule"
    KIND: ClassVar[str] = "rule"


@dataclass(frozen=True)
class RaiseArmy(Endeavour):
    """33 (DG): a fortification-type endeavour for a fixed 2 gold; an F result raises one army point."""

    VERB: ClassVar[str] = "raise-army"
    KIND: ClassVar[str] = "raise_army"


@dataclass(frozen=True)
class RaiseFleet(Endeavour):
    """34.11: a mobilisation endeavour for a fixed 4 gold (lost on failure); F raises one fleet point."""

    VERB: ClassVar[str] = "raise-fleet"
    KIND: ClassVar[str] = "raise_fleet"


MARKERS = ("cathedral", "commerce", "palace", "university")
"""Civilisation markers (35), in the order of their bits in the state."""


@dataclass(frozen=True)
class Build(Endeavour):
    """35.11: a ruling-type endeavour for a fixed 4 gold; a +1 result places the marker instead."""

    VERB: ClassVar[str] = "build"
    KIND: ClassVar[str] = "build"
    marker: str = "cathedral"

    def args(self) -> tuple[str, ...]:
        return (self.target, self.marker)

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        if len(args) != 2 or args[1] not in MARKERS:
            raise MalformedActionError(
                text, f"write 'build AREA MARKER' with a marker of {', '.join(MARKERS)}"
            )
        return cls(args[0], 0, args[1])


@dataclass(frozen=True)
class Defend(Action):
    """13: the attacked player plays a year card and gold against the attacker's rating."""

    VERB: ClassVar[str] = "defend"
    gold: int = 0

    def args(self) -> tuple[str, ...]:
        return _gold_text(self.gold)

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        return cls(_gold(args, text))


@dataclass(frozen=True)
class Decline(Action):
    """13: the attacked player does not defend."""

    VERB: ClassVar[str] = "decline"


@dataclass(frozen=True)
class Oppose(Action):
    """12.2: gold the target's owner spends against a diplomacy endeavour (0 spends none)."""

    VERB: ClassVar[str] = "oppose"
    gold: int = 0

    def args(self) -> tuple[str, ...]:
        return (str(self.gold),)

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        if len(args) != 1:
            raise MalformedActionError(text, "write 'oppose N' with the gold spent")
        gold = _int(args[0].lstrip("+"), text, "the gold")
        if gold < 0:
            raise MalformedActionError(text, "gold cannot be negative")
        return cls(gold)


@dataclass(frozen=True)
class BeginTaxation(Action):
    """16.14: start the single taxation block of the turn."""

    VERB: ClassVar[str] = "taxation"


@dataclass(frozen=True)
class Tax(Action):
    """16.1: tax one area for 1..SS gold (a rebellion check unless it is the court, 16.17)."""

    VERB: ClassVar[str] = "tax"
    area: str
    amount: int

    def areas(self) -> tuple[str, ...]:
        return (self.area,)

    def args(self) -> tuple[str, ...]:
        return (self.area, str(self.amount))

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        if len(args) != 2:
            raise MalformedActionError(text, "write 'tax AREA N'")
        return cls(args[0], _int(args[1], text, "the amount"))


@dataclass(frozen=True)
class OneAreaAction(Action):
    """Base of the actions that name one area and nothing else (``VERB AREA``)."""

    area: str

    def areas(self) -> tuple[str, ...]:
        return (self.area,)

    def args(self) -> tuple[str, ...]:
        return (self.area,)

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        if len(args) != 1:
            raise MalformedActionError(text, f"write '{cls.VERB} AREA'")
        return cls(args[0])


@dataclass(frozen=True)
class Plunder(OneAreaAction):
    """16.2: plunder one area (social state -1, unrest or a rebellion check, then the plunder table)."""

    VERB: ClassVar[str] = "plunder"


@dataclass(frozen=True)
class EndTaxation(Action):
    """16.14: close the taxation block (no more taxing this turn)."""

    VERB: ClassVar[str] = "end-taxation"


@dataclass(frozen=True)
class Relocate(OneAreaAction):
    """House default 7.52: move the court to an owned area of the leader's language and religion."""

    VERB: ClassVar[str] = "relocate"


@dataclass(frozen=True)
class PlayCard(Action):
    """19: play a holding event card, with the area and empire it aims at when it needs them."""

    VERB: ClassVar[str] = "play"
    card: str
    area: str | None = None
    empire: str | None = None

    def areas(self) -> tuple[str, ...]:
        return (self.area,) if self.area else ()

    def args(self) -> tuple[str, ...]:
        return tuple(x for x in (self.card, self.area, self.empire) if x)

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        if not 1 <= len(args) <= 3:
            raise MalformedActionError(text, "write 'play CARD [AREA] [EMPIRE]'")
        return cls(args[0], args[1] if len(args) > 1 else None, args[2] if len(args) > 2 else None)


@dataclass(frozen=True)
class MoveArmy(Action):
    """33.4: ``move-army FROM TO N`` moves N army points before the turn's event card."""

    VERB: ClassVar[str] = "move-army"
    source: str
    area: str
    points: int = 1

    def areas(self) -> tuple[str, ...]:
        return (self.source, self.area)

    def args(self) -> tuple[str, ...]:
        return (self.source, self.area, str(self.points))

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        if len(args) != 3:
            raise MalformedActionError(text, "write 'move-army FROM TO N'")
        return cls(args[0], args[1], _int(args[2], text, "the army points"))


@dataclass(frozen=True)
class EndMovement(Action):
    """33.4: finish moving armies; the event card is drawn next."""

    VERB: ClassVar[str] = "end-movement"


@dataclass(frozen=True)
class Give(Action):
    """20.1: give gold, a claim or an area to another empire: ``give EMPIRE gold N|claim AREA|area AREA``.

    ``give EMPIRE area AREA conversion`` also offers the giver's partial conversion of the area to
    the receiver, who accepts or refuses it (22.21: the players involved may agree to transfer it).
    """

    VERB: ClassVar[str] = "give"
    empire: str
    what: str
    value: str
    conversion: bool = False

    def areas(self) -> tuple[str, ...]:
        return (self.value,) if self.what != "gold" else ()

    def args(self) -> tuple[str, ...]:
        words = (self.empire, self.what, self.value)
        return (*words, "conversion") if self.conversion else words

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        transfer = len(args) == 4 and args[1] == "area" and args[3] == "conversion"
        if not (len(args) == 3 or transfer) or args[1] not in ("gold", "claim", "area"):
            raise MalformedActionError(
                text,
                "write 'give EMPIRE gold N', 'give EMPIRE claim AREA' or "
                "'give EMPIRE area AREA [conversion]'",
            )
        return cls(args[0], args[1], args[2], transfer)


@dataclass(frozen=True)
class Discard(Action):
    """19.2: over the hand limit, the player discards one holding card of its choice: ``discard CARD``."""

    VERB: ClassVar[str] = "discard"
    card: str

    def args(self) -> tuple[str, ...]:
        return (self.card,)

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        if len(args) != 1:
            raise MalformedActionError(text, "write 'discard CARD'")
        return cls(args[0])


UNIT_KINDS = ("army", "fleet")


@dataclass(frozen=True)
class Disband(Action):
    """33.23, 34.12: remove one own unit point: ``disband AREA army|fleet``. A player short of
    maintenance gold picks the unpaid points this way; in its own turn a player may also give up
    a point it chooses not to maintain."""

    VERB: ClassVar[str] = "disband"
    area: str
    unit: str = "army"

    def areas(self) -> tuple[str, ...]:
        return (self.area,)

    def args(self) -> tuple[str, ...]:
        return (self.area, self.unit)

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        if len(args) != 2 or args[1] not in UNIT_KINDS:
            raise MalformedActionError(text, "write 'disband AREA army' or 'disband AREA fleet'")
        return cls(args[0], args[1])


@dataclass(frozen=True)
class CallParley(Action):
    """20.4: call a parley: ``parley claim AREA`` (20.42), ``parley readmission`` (20.45) or
    ``parley breach EMPIRE`` (20.44, ``area`` then holds the empire that broke an agreement)."""

    VERB: ClassVar[str] = "parley"
    kind: str
    area: str | None = None

    def areas(self) -> tuple[str, ...]:
        return (self.area,) if self.area else ()

    def args(self) -> tuple[str, ...]:
        return (self.kind, self.area) if self.area else (self.kind,)

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        if args[:1] in (["claim"], ["breach"]) and len(args) == 2:
            return cls(args[0], args[1])
        if list(args) in (["readmission"], ["crusade"]):
            return cls(args[0])
        raise MalformedActionError(
            text, "write 'parley claim AREA', 'parley breach EMPIRE' or 'parley readmission'"
        )


@dataclass(frozen=True)
class Agree(Action):
    """20.3: propose a binding agreement named TERMS to another empire (it accepts or refuses)."""

    VERB: ClassVar[str] = "agree"
    empire: str
    terms: str

    def args(self) -> tuple[str, ...]:
        return (self.empire, self.terms)

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        if len(args) != 2:
            raise MalformedActionError(
                text, "write 'agree EMPIRE TERMS' (the terms as one word, e.g. truce-1000)"
            )
        return cls(args[0], args[1])


@dataclass(frozen=True)
class Contest(Action):
    """20.41: the owner of an area taken by diplomacy contests it in a parley."""

    VERB: ClassVar[str] = "contest"


@dataclass(frozen=True)
class Accept(Action):
    """Accept without a parley (a diplomatic conquest, 12.32) or give the area back (20.41)."""

    VERB: ClassVar[str] = "accept"


@dataclass(frozen=True)
class Refuse(Action):
    """20.41: keep the contested area and be excommunicated (22.1)."""

    VERB: ClassVar[str] = "refuse"


@dataclass(frozen=True)
class Vote(Action):
    """20.4: cast the whole block of votes: ``vote yes|no [influence N]`` (20.51: +5 per card)."""

    VERB: ClassVar[str] = "vote"
    yes: bool
    influence: int = 0

    def args(self) -> tuple[str, ...]:
        words = ("yes",) if self.yes else ("no",)
        return (*words, "influence", str(self.influence)) if self.influence else words

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        if not args or args[0] not in ("yes", "no") or len(args) not in (1, 3):
            raise MalformedActionError(text, "write 'vote yes' or 'vote no', optionally 'influence N'")
        influence = 0
        if len(args) == 3:
            if args[1] != "influence":
                raise MalformedActionError(text, "write 'vote yes influence N'")
            influence = _int(args[2], text, "the number of influence cards")
        return cls(args[0] == "yes", influence)


@dataclass(frozen=True)
class Waive(Action):
    """12.42: ``waive`` or ``keep`` the +2 of an own tie on an opponent's rebellion check."""

    VERB: ClassVar[str] = "waive"
    waived: bool = True

    def args(self) -> tuple[str, ...]:
        return () if self.waived else ("no",)

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        if list(args) not in ([], ["no"]):
            raise MalformedActionError(text, "write 'waive' or 'waive no'")
        return cls(not args)


@dataclass(frozen=True)
class CallCrusade(Action):
    """23.31: the Byzantine player calls a crusade."""

    VERB: ClassVar[str] = "crusade"


@dataclass(frozen=True)
class CrusadeAttack(Action):
    """23.32 step 5: a crusader's conquest of a holy place: ``crusade-attack AREA [+N]``."""

    VERB: ClassVar[str] = "crusade-attack"
    area: str
    gold: int = 0

    def areas(self) -> tuple[str, ...]:
        return (self.area,)

    def args(self) -> tuple[str, ...]:
        return (self.area, *_gold_text(self.gold))

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        if not args:
            raise MalformedActionError(text, "write 'crusade-attack AREA [+N]'")
        return cls(args[0], _gold(args[1:], text))


@dataclass(frozen=True)
class CrusadePillage(Action):
    """23.32 step 2: a crusader without the gold for a conquest pillages an area in the way or a
    holy place instead: ``crusade-pillage AREA [+N]``."""

    VERB: ClassVar[str] = "crusade-pillage"
    area: str
    gold: int = 0

    def areas(self) -> tuple[str, ...]:
        return (self.area,)

    def args(self) -> tuple[str, ...]:
        return (self.area, *_gold_text(self.gold))

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        if not args:
            raise MalformedActionError(text, "write 'crusade-pillage AREA [+N]'")
        return cls(args[0], _gold(args[1:], text))


@dataclass(frozen=True)
class CrusadeBorrow(Action):
    """23.32 step 2: a crusader without the gold for a conquest asks another empire to lend it the
    gold that is missing: ``crusade-borrow EMPIRE N``; the lender accepts or refuses."""

    VERB: ClassVar[str] = "crusade-borrow"
    empire: str
    gold: int

    def args(self) -> tuple[str, ...]:
        return (self.empire, str(self.gold))

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        if len(args) != 2 or not args[1].isdigit() or int(args[1]) < 1:
            raise MalformedActionError(text, "write 'crusade-borrow EMPIRE N' (N at least 1)")
        return cls(args[0], int(args[1]))


@dataclass(frozen=True)
class CrusadePass(Action):
    """23.32: a crusader lets its turn in the crusader phase go by."""

    VERB: ClassVar[str] = "crusade-pass"


@dataclass(frozen=True)
class CrusadeRoute(Action):
    """23.32 step 3: the crusade leader launches the crusade from a friendly area: ``crusade-route AREA``."""

    VERB: ClassVar[str] = "crusade-route"
    area: str

    def areas(self) -> tuple[str, ...]:
        return (self.area,)

    def args(self) -> tuple[str, ...]:
        return (self.area,)

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        if len(args) != 1:
            raise MalformedActionError(text, "write 'crusade-route AREA' (the launch area)")
        return cls(args[0])


CRUSADER_STATE_CHOICES = ("rule", "fortify", "no")


@dataclass(frozen=True)
class CrusaderState(Action):
    """23.32 step 5: the crusade leader proposes to ``rule`` or ``fortify`` the conquered holy
    place, making it a crusader state, or ``no``: ``crusader-state rule|fortify|no``."""

    VERB: ClassVar[str] = "crusader-state"
    choice: str = "no"

    def args(self) -> tuple[str, ...]:
        return (self.choice,)

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        if len(args) != 1 or args[0] not in CRUSADER_STATE_CHOICES:
            raise MalformedActionError(text, "write 'crusader-state rule|fortify|no'")
        return cls(args[0])


LOSS_CHOICES = ("level", "army", *MARKERS)


@dataclass(frozen=True)
class Lose(Action):
    """33.33, 35.24: what a -1 result of a conquest or pillage takes: ``lose level``, ``lose army``
    (an army point in the area instead of the level) or ``lose MARKER`` (the pillager destroys
    that civilisation marker instead, for one gold)."""

    VERB: ClassVar[str] = "lose"
    what: str = "level"

    def args(self) -> tuple[str, ...]:
        return (self.what,)

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        if len(args) != 1 or args[0] not in LOSS_CHOICES:
            raise MalformedActionError(text, f"write 'lose {'|'.join(LOSS_CHOICES)}'")
        return cls(args[0])


@dataclass(frozen=True)
class AskAsylum(Action):
    """21.2: an exile asks another empire for asylum (that empire decides)."""

    VERB: ClassVar[str] = "ask-asylum"
    empire: str

    def args(self) -> tuple[str, ...]:
        return (self.empire,)

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        if len(args) != 1:
            raise MalformedActionError(text, "write 'ask-asylum EMPIRE'")
        return cls(args[0])


@dataclass(frozen=True)
class RevokeAsylum(Action):
    """21.2: a host withdraws the asylum it granted to an exile.

    Offered at any decision of the host, not only in its own turn (see ``legal.revoke_actions``)."""

    VERB: ClassVar[str] = "revoke-asylum"
    empire: str

    def args(self) -> tuple[str, ...]:
        return (self.empire,)

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        if len(args) != 1:
            raise MalformedActionError(text, "write 'revoke-asylum EMPIRE'")
        return cls(args[0])


@dataclass(frozen=True)
class RulePalaces(Action):
    """35.33: one ruling endeavour on own areas with a palace, each rated on its own.

    ``rule-palaces`` targets every such area; ``rule-palaces AREA [+N] AREA [+N]...`` the ones the
    player chooses (35.33: any or all of them), each with its own extra gold (9.33; 35.33: extra
    gold is spent per area). ``gold`` holds one amount per named area."""

    VERB: ClassVar[str] = "rule-palaces"
    targets: tuple[str, ...] = ()
    gold: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not self.gold and self.targets:
            object.__setattr__(self, "gold", (0,) * len(self.targets))

    def areas(self) -> tuple[str, ...]:
        return self.targets

    def args(self) -> tuple[str, ...]:
        return tuple(
            word for area, g in zip(self.targets, self.gold, strict=True) for word in (area, *_gold_text(g))
        )

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        targets: list[str] = []
        gold: list[int] = []
        for token in args:
            if not token.startswith("+"):
                targets.append(token)
                gold.append(0)
            elif not targets or gold[-1]:
                raise MalformedActionError(text, "write the extra gold +N once, after its palace area")
            else:
                gold[-1] = _gold([token], text)
        if len(set(targets)) != len(targets):
            raise MalformedActionError(text, "name each palace area once")
        return cls(tuple(targets), tuple(gold))


@dataclass(frozen=True)
class ReduceFort(OneAreaAction):
    """14.43: lower the strength of an own fortification in the own turn (3 to 2, 2 to none)."""

    VERB: ClassVar[str] = "reduce-fort"


@dataclass(frozen=True)
class Untie(OneAreaAction):
    """12.43: the player removes its own diplomatic tie to an area, in its own turn."""

    VERB: ClassVar[str] = "untie"


@dataclass(frozen=True)
class EndTurn(Action):
    """Finish the player turn (unused year cards stay for defense, 13.14)."""

    VERB: ClassVar[str] = "end-turn"


ENDEAVOURS: tuple[type[Endeavour], ...] = (
    Conquest,
    Pillage,
    Diplomacy,
    Fortify,
    Rule,
    RaiseArmy,
    RaiseFleet,
    Build,
)
CODEC = ActionCodec(
    [
        ChooseSlot,
        Conquest,
        Pillage,
        Diplomacy,
        Fortify,
        Rule,
        RaiseArmy,
        RaiseFleet,
        Build,
        Defend,
        Decline,
        Oppose,
        BeginTaxation,
        Tax,
        Plunder,
        EndTaxation,
        Relocate,
        PlayCard,
        MoveArmy,
        EndMovement,
        Give,
        Discard,
        Disband,
        Agree,
        CallParley,
        Contest,
        Accept,
        Refuse,
        Vote,
        Waive,
        ReduceFort,
        Untie,
        RulePalaces,
        AskAsylum,
        RevokeAsylum,
        CallCrusade,
        CrusadeAttack,
        CrusadeBorrow,
        CrusadePass,
        CrusadePillage,
        CrusadeRoute,
        CrusaderState,
        Lose,
        EndTurn,
    ]
)
