"""The heuristic bot's base for an endeavour against a foreign area (9.3, 9.17, 9.32, 9.33): the
best rating less a point per sea area on the line, a land border (a strait, 2.1) before a sea
crossing when equal (the ``bot`` table's ``base_by_rating``)."""

from __future__ import annotations

from eotma_helpers import CATALOG, turn_of

from model.rules.eotma.board import Board, LandSpec
from model.rules.eotma.bot import EotmaHeuristicBot
from model.rules.eotma.data import Rules
from model.rules.eotma.game import AreaStart, EotmaGame, Options, PlayerSetup
from model.rules.eotma.state import EotmaState


def _coast(home_level: int) -> EotmaState:
    """West's seafaring court ``home`` (social state ``home_level``) reaches ``shore`` across the
    sea ``strait_sea``; its ``bridge`` (social state 0) borders ``shore`` by land."""
    board = Board.build(
        [
            LandSpec("home", language="aldic", religion="latin", seafaring=True),
            LandSpec("bridge", language="aldic", religion="latin"),
            LandSpec("shore", language="aldic", religion="latin"),
            LandSpec("east_home", language="kestrian", religion="latin"),
        ],
        seas=["strait_sea"],
        land_edges=[("home", "bridge"), ("bridge", "shore"), ("shore", "east_home")],
        coast_edges=[("home", "strait_sea"), ("shore", "strait_sea")],
        catalog=CATALOG,
    )
    seats = [PlayerSetup("west", court="home"), PlayerSetup("east", court="east_home")]
    starts = {
        "home": AreaStart("west", home_level),
        "bridge": AreaStart("west", 0),
        "east_home": AreaStart("east", 1),
    }
    game = EotmaGame(board, seats, starts, rules=Rules.load(), options=Options(events=False))
    return turn_of(game.new_state(1), "west")


def _base(state: EotmaState, by_rating: bool) -> tuple[str, int]:
    bot = EotmaHeuristicBot(Rules.load().bot.replace({"base_by_rating": by_rating}))
    west = state.game.player_index["west"]
    shore = state.game.board.index["shore"]
    (found,) = [c for c in bot._candidates(state, west) if c.kind == "conquest" and c.target == shore]
    return state.game.board.ids[found.base], found.seas


def test_9_33_a_land_border_before_a_sea_crossing_that_only_buys_back_its_gold() -> None:
    # From home one level more (9.3) costs one sea gold more (9.17), which would buy that level
    # from bridge (9.33): equal, so the land border; the old rough score took the sea crossing.
    equal = _coast(home_level=1)
    assert _base(equal, by_rating=True) == ("bridge", 0)
    assert _base(equal, by_rating=False) == ("home", 1)
    # Two levels more from home are worth its sea gold.
    assert _base(_coast(home_level=2), by_rating=True) == ("home", 1)
