"""7 Ages actions: frozen values with a text form (``str(action)``) parsed back by :data:`CODEC`.

Every action is a verb and a few words (area, empire, card and unit-type ids, numbers):

* ``bid CARD``: the opening bid for the turn marker (when the scenario names no first player).
* ``mark SLOT ACTION``: put an action marker face down on an empire (SLOT = its id) or on the
  empty slot (``slot``); ACTION is an action name, ``wild`` for the wild card, or ``none``.
* ``wild use|keep``: at the start of a step, turn the unused wild card to its action or keep it.
* ``start CARD|none``, ``buy KIND AREA``, ``fort AREA``, ``done``: start an empire and spend money.
* ``trade EMPIRE|none``, ``give CARD``: trade & progress.
* ``move FROM TO KIND LEVEL``: move one unit in the manoeuvre step.
* ``ferry FROM SEA TO KIND LEVEL N``: a ship in SEA carries N land units from FROM and lands
  them in TO, next to a sea area it can reach (an invasion from the sea).
* ``fight AREA``, ``commit KIND:LEVEL:COUNT ...`` or ``commit N`` (the N best), ``retreat AREA``,
  ``stay``: conflict (7A facts 2.7).
* ``drop CARD``: discard a card in the destiny step.
* ``city AREA``, ``upgrade AREA``, ``play CARD TARGET [TARGET]``: civilise and events.
* ``discard EMPIRE``, ``keep``: the discard empire step.
* ``arms unit KIND AREA | arms fort AREA | arms modernise AREA | arms done``, ``advisors AREA|done``,
  ``peace AREA``, ``aid AREA unit|city | aid done``, ``send FROM TO KIND LEVEL N | send done``,
  ``finish``, ``meddle [reveal]``, ``pass``: the emissary step (E&N: Emissary Action).
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
Wild = _verb("wild", 1, 1, doc="Use the unused wild card for this step's action, or keep it (7A facts 2.2).")
Mark = _verb("mark", 2, 2, doc="Place an action marker on an empire or the empty slot (7A facts 2.1).")
Start = _verb("start", 1, 1, doc="Start an empire from a card in hand, or none (7A facts 2.3).")
Buy = _verb("buy", 2, 2, (1,), doc="Buy a unit of a type into an area (7A facts 2.8).")
Fort = _verb("fort", 1, 1, (0,), doc="Build a fortification (7A facts 2.8).")
Done = _verb("done", 0, 0, doc="Finish the current spending, dropping or moving.")
Trade = _verb("trade", 1, 1, doc="Pick a trade partner empire, or none (7A facts 2.9).")
Give = _verb("give", 1, 1, doc="Give a card in a trade (7A facts 2.9).")
Move = _verb("move", 4, 4, (0, 1), doc="Move one unit in the manoeuvre step (7A facts 2.6).")
Ferry = _verb("ferry", 6, 6, (0, 2), doc="Carry land units by ship and land them (7A facts 2.6).")
Fight = _verb("fight", 1, 1, (0,), doc="Pick the next conflict area (7A facts 2.7).")
Commit = _verb("commit", 1, 30, doc="Commit units to a conflict round (7A facts 2.7).")
Retreat = _verb("retreat", 1, 1, (0,), doc="Retreat from a conflict (7A facts 2.7).")
Stay = _verb("stay", 0, 0, doc="Do not retreat (7A facts 2.7).")
Drop = _verb("drop", 1, 1, doc="Discard a card before drawing in the destiny step (7A facts 2.10).")
City = _verb("city", 1, 1, (0,), doc="Build a level-1 city (7A facts 2.11).")
Upgrade = _verb("upgrade", 1, 1, (0,), doc="Raise a city one level (7A facts 2.11).")
Play = _verb("play", 2, 3, (1, 2), doc="Play an event card on a target (7A facts 3.2).")
Discard = _verb("discard", 1, 1, doc="Discard one of your empires (E&N: Discarding Empires).")
Keep = _verb("keep", 0, 0, doc="Keep the empire instead of discarding it.")
Arms = _verb("arms", 1, 3, (2,), doc="Arms sales (E&N: Arms Sales).")
Advisors = _verb("advisors", 1, 1, (0,), doc="Military advisors: pick a neutral area (E&N).")
Peace = _verb("peace", 1, 1, (0,), doc="Peace mission: pick a neutral area (E&N: Peace Mission).")
Aid = _verb("aid", 1, 2, (0,), doc="Economic aid: pick a neutral area (E&N: Economic Aid).")
Send = _verb("send", 1, 5, (0, 1), doc="Military advisors: move a neutral stack (E&N).")
Finish = _verb("finish", 0, 0, doc="End your own emissary action, keeping the counters left.")
Meddle = _verb("meddle", 0, 1, doc="Cancel the initiative just declared (E&N: Meddle Affairs).")
Pass = _verb("pass", 0, 0, doc="Let the initiative just declared go ahead.")

CODEC = ActionCodec(
    [
        Bid, Wild, Mark, Start, Buy, Fort, Done, Trade, Give, Move, Ferry, Fight, Commit, Retreat, Stay,
        Drop, City, Upgrade, Play, Discard, Keep, Arms, Advisors, Peace, Aid, Send, Finish, Meddle, Pass,
    ]
)  # fmt: skip
"""The parser of every 7 Ages action."""


def act(verb: str, *words: object) -> Action:
    """Build an action from its verb and words (what the rules use to list legal actions)."""
    cls = CODEC.classes[verb]
    assert issubclass(cls, Words)
    return cls(tuple(str(w) for w in words))
