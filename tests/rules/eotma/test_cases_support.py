"""Boards and games for the rule-case files (test_cases_*.py); this module holds no tests itself.

Sea board (no geometry), for sea areas on lines of communications (9.17, 9.32, 9.53) and for
rebellion neighbours (17):

* land: ``keep`` (court of ``west``) touches ``port`` (a seafaring home on ``s1``), ``dock`` (not
  seafaring, on ``s1``), ``hill`` (population -2) and ``vale`` (independent kin of ``hill``);
* seas in a chain ``s1 - s2 - s3 - s4``: ``near`` lies on ``s2``, ``far3`` on ``s3``, ``far4``
  on ``s4``; ``rival`` (court of ``east``, a seafaring home) lies on ``s3``.

From ``port``: ``near`` is 2 sea areas away, ``far3`` 3, ``far4`` 4. From ``dock``: ``near`` 2.
Every area speaks ``aldic`` and is ``latin`` unless said otherwise.
"""

from __future__ import annotations

from typing import Any

from eotma_helpers import CATALOG, rules_with

from model.rules.eotma.board import Board, LandSpec
from model.rules.eotma.game import AreaStart, EotmaGame, Options, PlayerSetup
from model.rules.eotma.state import EotmaState

SEA_LANDS = [
    LandSpec("keep", language="aldic", religion="latin", population=1),
    LandSpec("port", language="aldic", religion="latin", population=1, seafaring=True),
    LandSpec("dock", language="aldic", religion="latin", population=1),
    LandSpec("hill", language="lowenish", religion="latin", population=-2),
    LandSpec("vale", language="lowenish", religion="latin", population=1),
    LandSpec("near", language="aldic", religion="latin", population=2),
    LandSpec("far3", language="kestrian", religion="eastern", population=1),
    LandSpec("far4", language="aldic", religion="old_faith", population=1),
    LandSpec("rival", language="kestrian", religion="eastern", population=2, seafaring=True),
]
SEA_LAND_EDGES = [("keep", "port"), ("keep", "dock"), ("keep", "hill"), ("hill", "vale")]
SEA_SEAS = ["s1", "s2", "s3", "s4"]
SEA_SEA_EDGES = [("s1", "s2"), ("s2", "s3"), ("s3", "s4")]
SEA_COAST = [
    ("port", "s1"),
    ("dock", "s1"),
    ("near", "s2"),
    ("far3", "s3"),
    ("rival", "s3"),
    ("far4", "s4"),
]


def sea_board() -> Board:
    """Return the sea board described in the module docstring."""
    return Board.build(SEA_LANDS, SEA_SEAS, SEA_LAND_EDGES, SEA_SEA_EDGES, SEA_COAST, CATALOG)


def sea_game(
    *cards: dict[str, Any],
    areas: dict[str, AreaStart] | None = None,
    west: dict[str, Any] | None = None,
    east: dict[str, Any] | None = None,
    tables: dict[str, Any] | None = None,
) -> EotmaGame:
    """Return a two-player game on the sea board: ``west`` holds keep, port, dock; ``east`` rival."""
    starts = {
        "keep": AreaStart("west", 1),
        "port": AreaStart("west", 1),
        "dock": AreaStart("west", 1),
        "rival": AreaStart("east", 1),
    }
    starts.update(areas or {})
    players = [
        PlayerSetup(
            "west", **{"combat": 3, "administrative": 3, "diplomatic": 3, "court": "keep", **(west or {})}
        ),
        PlayerSetup(
            "east", **{"combat": 3, "administrative": 3, "diplomatic": 3, "court": "rival", **(east or {})}
        ),
    ]
    return EotmaGame(
        sea_board(),
        players,
        starts,
        rules=rules_with(*cards, **(tables or {})),
        options=Options(events=False),
        rounds=3,
    )


def first(state: EotmaState, player: str, hand: list[int] | None = None) -> EotmaState:
    """Let ``player`` take the first place in the turn order; optionally fix its year cards."""
    while state.phase == "initiative":
        chooser = state.current_player()
        free = [s for s in range(1, state.game.n_players + 1) if s not in state.slots]
        state.apply(f"slot {free[0] if chooser == player else free[-1]}")
    assert state.current_player() == player
    if hand is not None:
        state.force_year_cards(player, hand)
    return state


def sea_start(
    *cards: dict[str, Any], player: str = "west", hand: list[int] | None = None, **kw: Any
) -> EotmaState:
    """Return a state at the start of ``player``'s turn on the sea board."""
    return first(sea_game(*cards, **kw).new_state(3), player, hand)


def rating_in(effects: tuple[str, ...] | list[str], kind: str, target: str) -> int:
    """Return the rating logged for an endeavour (``"<kind> <target>: card N, rating R"``)."""
    prefix = f"{kind} {target}: card "
    for effect in effects:
        if effect.startswith(prefix) and ", rating " in effect:
            return int(effect.rsplit(", rating ", 1)[1])
    raise AssertionError(f"no rating logged for {kind} {target} in {effects}")
