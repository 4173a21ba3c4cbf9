"""Small hand-built 7 Ages games for the rule tests (import as ``sevenages_helpers``).

``make_game`` builds a :class:`SevenAgesGame` straight from a few areas, links, empires and units,
with the shipped tables; ``at_step`` puts a fresh state at the start of a step with the markers a
test names, so a rule can be played through the engine's public ``apply``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from model.rules.protocol import LogEntry, is_automatic
from model.rules.sevenages import sequence
from model.rules.sevenages.data import Card, from_tables
from model.rules.sevenages.game import (
    AreaInfo,
    EmpireCard,
    GloryCategory,
    SevenAgesGame,
    StartArea,
    StartEmpire,
    StartUnit,
)
from model.rules.sevenages.state import SevenAgesState
from model.rules.sevenages.tables import default_tables

RULES = from_tables(default_tables())


def make_game(
    links: Iterable[tuple[str, str]],
    *,
    seas: Iterable[str] = (),
    players: tuple[str, ...] = ("ann", "ben", "cid"),
    empires: Mapping[str, tuple[str, int]] | None = None,
    cards: Mapping[str, EmpireCard] | None = None,
    units: Iterable[tuple[str, str, str, int | None, int]] = (),
    areas: Mapping[str, StartArea] | None = None,
    terrain: Mapping[str, str] | None = None,
    income: Mapping[str, int] | None = None,
    **options: object,
) -> SevenAgesGame:
    """Return a game on a map given by its links.

    ``empires``: empire id -> (player, progress) on the map; ``units``: (area, owner, kind, level
    or None for the type's level, count).
    """
    pairs = list(links)
    names = sorted({a for pair in pairs for a in pair})
    sea = set(seas)
    adjacency: dict[str, set[str]] = {a: set() for a in names}
    for a, b in pairs:
        adjacency[a].add(b)
        adjacency[b].add(a)
    info = {
        a: AreaInfo(
            a, a not in sea, (terrain or {}).get(a, "fertile"), (income or {}).get(a, 0 if a in sea else 1)
        )
        for a in names
    }
    empires = dict(empires or {})
    cards = dict(cards or {})
    for empire in empires:
        cards.setdefault(empire, EmpireCard(empire, empire, 3, (1, 2, 3), ()))
    deck = {c.id: c for c in RULES.deck}
    deck.update({e: Card(e, c.value, c.event, empire=True) for e, c in cards.items()})
    return SevenAgesGame(
        seats=players,
        names={a: a for a in names},
        areas=info,
        links={a: frozenset(n) for a, n in adjacency.items()},
        rules=RULES,
        empire_cards=cards,
        cards=deck,
        start_areas=dict(areas or {}),
        start_units=tuple(
            StartUnit(area, owner, kind, level or RULES.units[kind].level, count)
            for area, owner, kind, level, count in units
        ),
        start_empires=tuple(StartEmpire(e, p, progress) for e, (p, progress) in empires.items()),
        **options,  # type: ignore[arg-type]
    )


def at_step(
    game: SevenAgesGame, step: int, markers: Mapping[str, Mapping[str, str]], seed: int = 0
) -> SevenAgesState:
    """Return a state at the start of ``step`` of turn 1 with the given markers placed."""
    state: SevenAgesState = game.new_state(seed)
    board = state.board
    for player, placed in markers.items():
        board.players[player].markers = dict(placed)
        for slot, marker in placed.items():
            if marker.startswith("wild") and slot != "slot":
                board.empires[slot].wild = True
    effects: list[str] = []
    sequence.begin_step(state, step, effects)
    sequence.advance(state, effects)
    return state


def pick_colours(state: SevenAgesState, *shades: str) -> SevenAgesState:
    """Play the colour-set pick of the set-up (7A facts 1): the given shades in turn, then the
    first one offered (light while it lasts) until the markers come."""
    wanted = list(shades)
    while state.board.phase == "colours":
        state.apply(f"pick {wanted.pop(0)}" if wanted else str(state.legal_actions()[0]))
    return state


def play(state: SevenAgesState, *texts: str) -> None:
    """Apply actions by their text, each checked against the legal ones."""
    for text in texts:
        legal = [str(a) for a in state.legal_actions()]
        assert text in legal, f"{text!r} is not legal for {state.current_player()}: {legal}"
        state.apply(text)


def last_action(state: SevenAgesState) -> LogEntry:
    """The log entry of the last action: what its player did, without the automatic steps it set
    off (logged after it as entries of their own)."""
    return next(entry for entry in reversed(state.log) if not is_automatic(entry))


def glory_card(
    empire: str, *, homeland: bool = False, no_cities: tuple[int, ...] = (), start: tuple[str, ...] = ()
) -> EmpireCard:
    """Return an empire card with the capital-glory icons a test needs (no glory categories)."""
    return EmpireCard(empire, empire, 3, (1, 2, 3), start, homeland=homeland, no_cities_ages=no_cities)


__all__ = [
    "RULES",
    "GloryCategory",
    "StartArea",
    "at_step",
    "glory_card",
    "make_game",
    "pick_colours",
    "play",
]
