"""The connections of the map an action crosses (``State.connections_crossed``, the play-test
coverage table): moves of several areas (7A facts 2.6), sea transport by a ship that sails on
(7A facts 2.6), neutral stacks sent by military advisors (E&N: Military Advisors), retreats."""

from __future__ import annotations

from pathlib import Path

from sevenages_helpers import at_step, make_game, play

from model import io
from model.rules.sevenages.setup import game_from_scenario

WORLD = Path(__file__).resolve().parents[3] / "scenarios" / "sevenages-world.mappa.json"


def _pair(a: str, b: str) -> frozenset[str]:
    return frozenset((a, b))


def test_a_two_area_move_names_the_strait_on_its_way_and_only_that() -> None:
    game = make_game(
        [("home", "thrace"), ("thrace", "bithynia"), ("home", "open")],
        empires={"assyria": ("ann", 5)},
        units=[("home", "assyria", "chariots", None, 1)],
        crossings={_pair("thrace", "bithynia"): ("bosporus",)},
    )
    state = at_step(game, 4, {"ann": {"assyria": "manoeuvre"}})
    legal = {str(a): a for a in state.legal_actions()}
    # Chariots move 2: home -> thrace -> bithynia crosses the strait; one step to thrace does not.
    assert state.connections_crossed(legal["move home bithynia chariots 2"]) == ("bosporus",)
    assert state.connections_crossed(legal["move home thrace chariots 2"]) == ()
    assert state.connections_crossed(legal["move home open chariots 2"]) == ()
    assert state.connections_crossed(legal["done"]) == ()


def test_a_ferry_names_the_sea_lane_its_ship_sails_through() -> None:
    game = make_game(
        [("home", "sea"), ("sea", "sea2"), ("sea2", "shore")],
        seas=("sea", "sea2"),
        empires={"assyria": ("ann", 5)},
        units=[("home", "assyria", "spearmen", None, 1), ("sea", "assyria", "galley", None, 1)],
        crossings={_pair("sea", "sea2"): ("lane",), _pair("sea2", "shore"): ("landing",)},
    )
    state = at_step(game, 4, {"ann": {"assyria": "manoeuvre"}})
    legal = {str(a): a for a in state.legal_actions()}
    # The ship sails from sea to sea2 (next to shore) and the spearmen land from sea2.
    assert state.connections_crossed(legal["ferry home sea shore spearmen 1 1"]) == ("lane", "landing")
    play(state, "ferry home sea shore spearmen 1 1")
    assert len(state.units_of("assyria", "shore")) == 1


def test_advisors_send_a_neutral_stack_across_the_connections_on_its_way() -> None:
    game = make_game(
        [("home", "n1"), ("n1", "n2"), ("n2", "far"), ("far", "n3"), ("n1", "b_home")],
        empires={"assyria": ("ann", 12), "babylon": ("ben", 3)},
        units=[
            ("home", "assyria", "spearmen", None, 1),
            ("b_home", "babylon", "spearmen", None, 1),
            ("n1", "neutral", "chariots", None, 2),
            ("n1", "neutral", "spearmen", None, 1),
            ("n2", "neutral", "spearmen", None, 1),
        ],
        crossings={_pair("n1", "n2"): ("ford",), _pair("n2", "far"): ("narrows",)},
    )
    state = at_step(game, 7, {"ann": {"slot": "wild:emissary"}})
    play(state, "advisors n1", "done")
    legal = {str(a): a for a in state.legal_actions()}
    # Neutral chariots pass the neutral n2 (neutrals ignore neutrals) on their way to far.
    assert state.connections_crossed(legal["send n1 far chariots 2 2"]) == ("ford", "narrows")
    assert state.connections_crossed(legal["send n1 n2 chariots 2 1"]) == ("ford",)


def test_the_world_scenario_names_every_strait_by_its_two_areas() -> None:
    game = game_from_scenario(io.load(WORLD))
    assert len(game.crossings) == 16
    assert game.crossings[_pair("thrace", "bithynia")] == ("bosporus",)
    assert game.crossings[_pair("thrace", "lydia")] == ("hellespont",)
