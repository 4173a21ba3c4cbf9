"""7 Ages actions: frozen values with a text form (``str(action)``) parsed back by :data:`CODEC`.

Every action is a verb and a few words (area, empire, card and unit-type ids, numbers):

* ``bid CARD``: the opening bid for the turn marker (when the scenario names no first player).
* ``mark SLOT ACTION``: put an action marker face down on an empire (SLOT = its id) or on the
  empty slot (``slot``); ACTION is an action name, ``wild`` for the wild card, or ``none``.
* ``wild use|keep``: at the start of a step, turn the unused wild card to its action or keep it.
* ``start CARD|none``, ``buy KIND AREA``, ``fort AREA``, ``done``: start an empire and spend money.
* ``trade EMPIRE|none``, ``give CARD``, ``fund N``: trade & progress, with financial aid.
* ``move FROM TO KIND LEVEL``: move one unit in the manoeuvre step.
* ``ferry FROM SEA TO KIND LEVEL N``: a ship in SEA carries N land units from FROM and lands
  them in TO, next to a sea area it can reach (an invasion from the sea).
* ``fight AREA``, ``commit KIND:LEVEL:COUNT ...`` or ``commit N`` (the N best), ``retreat AREA``,
  ``stay``: conflict (7A facts 2.7).
* ``drop CARD``: discard a card in the destiny step.
* ``city AREA``, ``upgrade AREA``: civilise; ``play CARD in AREA [AREA]`` or ``play CARD on EMPIRE``:
  an event on areas or on an empire.
* ``discard EMPIRE``, ``keep``: the discard empire step.
* ``arms AREA unit KIND | arms AREA fort | arms AREA modernise``, ``advisors AREA``, ``peace AREA``,
  ``aid AREA unit|city``, ``send FROM TO KIND LEVEL N``, ``done`` (stop naming areas, or stop
  sending stacks), ``finish``, ``meddle [reveal]``, ``pass``: the emissary step (E&N: Emissary Action).

Every word that names an area sits at a fixed position of its verb (``areas()``), and a word that
is not an area id never does: the play-test offers an action with areas by a click on one of them
and every other action as a button, so both must be exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Self

from model.rules.protocol import Action, ActionCodec, MalformedActionError


@dataclass(frozen=True)
class Words(Action):
    """An action spelled as its verb and a tuple of words; subclasses bound the word count."""

    MIN: ClassVar[int] = 0
    MAX: ClassVar[int] = 0
    AREA_AT: ClassVar[tuple[int, ...]] = ()
    """Which words are area ids (for highlighting on the map)."""

    words: tuple[str, ...] = ()

    def args(self) -> tuple[str, ...]:
        return self.words

    def areas(self) -> tuple[str, ...]:
        return tuple(self.words[i] for i in self.AREA_AT if i < len(self.words))

    def word(self, index: int, default: str = "") -> str:
        """Return one word, or ``default`` when the action has fewer words."""
        return self.words[index] if index < len(self.words) else default

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        if not cls.MIN <= len(args) <= cls.MAX:
            wanted = str(cls.MIN) if cls.MIN == cls.MAX else f"{cls.MIN} to {cls.MAX}"
            raise MalformedActionError(text, f"{cls.VERB!r} takes {wanted} words")
        return cls(tuple(args))


def _verb(name: str, low: int, high: int, areas: tuple[int, ...] = (), doc: str = "") -> type[Words]:
    cls = type(
        name.capitalize(),
        (Words,),
        {"VERB": name, "MIN": low, "MAX": high, "AREA_AT": areas, "__doc__": doc, "__annotations__": {}},
    )
    return dataclass(frozen=True)(cls)


Bid = _verb("bid", 1, 1, doc="Bid a card face down for the turn marker (7A facts 1 set-up).")
Pick = _verb("pick", 1, 1, doc="Pick a colour set by its shade, in bid order (7A facts 1 set-up).")
Wild = _verb("wild", 1, 1, doc="Use the unused wild card for this step's action, or keep it (7A facts 2.2).")
Mark = _verb("mark", 2, 2, doc="Place an action marker on an empire or the empty slot (7A facts 2.1).")
Start = _verb("start", 1, 1, doc="Start an empire from a card in hand, or none (7A facts 2.3).")
Buy = _verb("buy", 2, 2, (1,), doc="Buy a unit of a type into an area (7A facts 2.8).")
Fort = _verb("fort", 1, 1, (0,), doc="Build a fortification (7A facts 2.8).")
Done = _verb("done", 0, 0, doc="Finish the current spending, dropping, moving or naming of areas.")
Trade = _verb("trade", 1, 1, doc="Pick a trade partner empire, or none (7A facts 2.9).")
Fund = _verb("fund", 1, 1, doc="Give the trade partner money as financial aid, 0 for none (7A facts 2.9).")
Give = _verb("give", 1, 1, doc="Give a card in a trade (7A facts 2.9).")
Move = _verb("move", 4, 4, (0, 1), doc="Move one unit in the manoeuvre step (7A facts 2.6).")
Ferry = _verb("ferry", 6, 6, (0, 1, 2), doc="Carry land units by ship and land them (7A facts 2.6).")
Fight = _verb("fight", 1, 1, (0,), doc="Pick the next conflict area (7A facts 2.7).")
Commit = _verb("commit", 1, 30, doc="Commit units to a conflict round (7A facts 2.7).")
Retreat = _verb("retreat", 1, 1, (0,), doc="Retreat from a conflict (7A facts 2.7).")
Stay = _verb("stay", 0, 0, doc="Do not retreat (7A facts 2.7).")
Drop = _verb("drop", 1, 1, doc="Discard a card before drawing in the destiny step (7A facts 2.10).")
City = _verb("city", 1, 1, (0,), doc="Build a level-1 city (7A facts 2.11).")
Upgrade = _verb("upgrade", 1, 1, (0,), doc="Raise a city one level (7A facts 2.11).")


IN_AREAS, ON_EMPIRE = "in", "on"
"""The keyword of a ``play`` action before area targets and before an empire target."""
ARMS_FORMS = {"unit": 3, "fort": 2, "modernise": 2}
"""What an arms sale does after its area -> the word count of that form."""


@dataclass(frozen=True)
class Play(Words):
    """Play an event card on areas or on an empire (7A facts 3.2).

    ``play CARD in AREA [AREA]`` (two areas: an empire-wide event on neutrals, E&N: Events) or
    ``play CARD on EMPIRE``: the keyword says what the target words are.
    """

    VERB: ClassVar[str] = "play"
    MIN: ClassVar[int] = 3
    MAX: ClassVar[int] = 4

    def areas(self) -> tuple[str, ...]:
        return self.words[2:] if self.word(1) == IN_AREAS else ()

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        action = super().from_args(args, text)
        where = action.word(1)
        if where not in (IN_AREAS, ON_EMPIRE) or (where == ON_EMPIRE and len(args) != 3):
            raise MalformedActionError(text, "'play' takes CARD in AREA [AREA] or CARD on EMPIRE")
        return action


@dataclass(frozen=True)
class Arms(Words):
    """Arms sales: ``arms AREA unit KIND``, ``arms AREA fort``, ``arms AREA modernise`` (E&N: Arms Sales)."""

    VERB: ClassVar[str] = "arms"
    MIN: ClassVar[int] = 2
    MAX: ClassVar[int] = 3
    AREA_AT: ClassVar[tuple[int, ...]] = (0,)

    @classmethod
    def from_args(cls, args: Sequence[str], text: str) -> Self:
        action = super().from_args(args, text)
        if ARMS_FORMS.get(action.word(1)) != len(args):
            raise MalformedActionError(text, "'arms' takes AREA unit KIND, AREA fort or AREA modernise")
        return action


Discard = _verb("discard", 1, 1, doc="Discard one of your empires (E&N: Discarding Empires).")
Keep = _verb("keep", 0, 0, doc="Keep the empire instead of discarding it.")
Advisors = _verb(
    "advisors", 1, 1, (0,), doc="Military advisors: pick a neutral area (E&N: Military Advisors)."
)
Peace = _verb("peace", 1, 1, (0,), doc="Peace mission: pick a neutral area (E&N: Peace Mission).")
Aid = _verb("aid", 2, 2, (0,), doc="Economic aid: pick a neutral area (E&N: Economic Aid).")
Send = _verb("send", 5, 5, (0, 1), doc="Military advisors: move a neutral stack (E&N: Military Advisors).")
Finish = _verb("finish", 0, 0, doc="End your own emissary action, keeping the counters left.")
Meddle = _verb("meddle", 0, 1, doc="Cancel the initiative just declared (E&N: Meddle Affairs).")
Pass = _verb("pass", 0, 0, doc="Let the initiative just declared go ahead.")

CODEC = ActionCodec(
    [
        Bid, Pick, Wild, Mark, Start, Buy, Fort, Done, Trade, Give, Fund, Move, Ferry, Fight, Commit,
        Retreat, Stay, Drop, City, Upgrade, Play, Discard, Keep, Arms, Advisors, Peace, Aid, Send, Finish,
        Meddle, Pass,
    ]
)  # fmt: skip
"""The parser of every 7 Ages action."""


def act(verb: str, *words: object) -> Action:
    """Build an action from its verb and words (what the rules use to list legal actions)."""
    cls = CODEC.classes[verb]
    assert issubclass(cls, Words)
    return cls(tuple(str(w) for w in words))
