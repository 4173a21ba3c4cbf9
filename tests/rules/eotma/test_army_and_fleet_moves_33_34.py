"""Army moves across the sea (33.42) and fleets making a seafaring home (34.31).

Each test plays its case through the public API and is named after the rule it checks."""

from __future__ import annotations

from eotma_helpers import CATALOG, area, game, idx, rules_with, turn_of

from model.rules.eotma import armies
from model.rules.eotma.board import Board, LandSpec
from model.rules.eotma.game import AreaStart, EotmaGame, Options, PlayerSetup
from model.rules.eotma.state import EotmaState


def _routes(state: EotmaState, source: str) -> dict[str, tuple[int, int]]:
    ids = state.game.board.ids
    return {ids[a]: r for a, r in armies.routes(state, 0, idx(state, source)).items()}


def _harbour_state() -> EotmaState:
    """inland - port by land; port (a seafaring home) and shore both on the gulf; west owns all."""
    board = Board.build(
        [
            LandSpec("inland", language="aldic", religion="latin"),
            LandSpec("port", language="aldic", religion="latin", seafaring=True),
            LandSpec("shore", language="aldic", religion="latin"),
        ],
        ["gulf"],
        [("inland", "port")],
        [],
        [("port", "gulf"), ("shore", "gulf")],
        CATALOG,
    )
    g = EotmaGame(
        board,
        [PlayerSetup("west", court="inland")],
        {"inland": AreaStart("west", 1), "port": AreaStart("west", 1), "shore": AreaStart("west", 1)},
        rules=rules_with(),
        options=Options(events=False, armies_fleets=True),
    )
    return g.new_state(1)


def test_33_42_a_sea_move_must_begin_or_end_in_a_seafaring_home() -> None:
    state = _harbour_state()
    assert _routes(state, "inland") == {"port": (1, 0)}  # passing through port is not enough
    assert _routes(state, "port") == {"inland": (1, 0), "shore": (1, 1)}
    assert _routes(state, "shore") == {"port": (1, 1)}  # ends in the seafaring home


def test_34_31_33_42_a_fleet_makes_the_move_begin_in_a_seafaring_home() -> None:
    state = _harbour_state()
    state.fleet[idx(state, "shore")] = 1
    assert _routes(state, "shore") == {"port": (1, 1), "inland": (2, 1)}


def test_34_31_an_army_crosses_from_a_home_with_a_fleet() -> None:
    g = game(options=Options(events=True, armies_fleets=True), areas={"isle": AreaStart("west", 0)})
    state = g.new_state(3)
    home = idx(state, "home")
    state.army[home] = 2
    state.fleet[home] = 1
    state = turn_of(state, "west")
    state.apply("move-army home isle 1")
    assert area(state, "isle")["army"] == 1 and state.treasury[0] == 11  # one sea area, one gold
