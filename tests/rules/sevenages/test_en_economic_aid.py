"""E&N: Economic Aid: an identical unit while the area has fewer units than its income value, or a
city founded or raised up to the neutrals' age; nothing in a vacated area."""

from __future__ import annotations

from sevenages_helpers import StartArea, at_step, make_game, play

from model.rules.sevenages.game import build_game
from model.rules.sevenages.state import SevenAgesState


def emissary_state(
    units: list[tuple[str, str, str, int | None, int]],
    income: dict[str, int] | None = None,
    **areas: StartArea,
) -> SevenAgesState:
    game = make_game(
        [("home", "x"), ("x", "y")],
        empires={"assyria": ("ann", 3)},
        units=[("home", "assyria", "spearmen", None, 1), *units],
        areas=areas,
        income=income,
    )
    return at_step(game, 7, {"ann": {"slot": "wild:emissary", "assyria": "production"}})


def test_swords_are_added_to_swords_at_the_same_level() -> None:
    state = emissary_state(
        [("x", "neutral", "swords", 9, 1), ("x", "neutral", "spearmen", None, 1)], {"x": 3}
    )
    # Swords (level 9) and spearmen: the copy is of the most common unit, ties to the higher level.
    play(state, "aid x unit", "done")
    assert sorted((u.kind, u.level) for u in state.units_of("neutral", "x")) == [
        ("spearmen", 1),
        ("swords", 9),
        ("swords", 9),
    ]


def test_no_unit_once_the_units_reach_the_income_value() -> None:
    # Income value 1 base + 1 city = 2, and two units are there already.
    state = emissary_state([("x", "neutral", "spearmen", None, 2)], x=StartArea("neutral", city=1))
    play(state, "aid x unit", "done")
    assert len(state.units_of("neutral", "x")) == 2
    assert "economic aid in x: nothing possible" in state.log[-1].effects


def test_a_city_is_founded_where_there_is_none() -> None:
    state = emissary_state([("x", "neutral", "spearmen", None, 1)])
    play(state, "aid x city", "done")
    assert state.board.areas["x"].city == 1 and state.board.areas["x"].owner == "neutral"


def test_light_cavalry_alone_cannot_raise_a_level_one_city() -> None:
    """The rules' example: light cavalry is an age-1 unit, so a level-1 city stays at 1."""
    state = emissary_state([("x", "neutral", "light_horse", None, 1)], x=StartArea("neutral", city=1))
    play(state, "aid x city", "done")
    assert state.board.areas["x"].city == 1


def test_the_catapult_area_of_the_tiny_scenario() -> None:
    """The coast holds a catapult (level 11) and spearmen: age 2 by the E&N conflict example.

    The E&N economic-aid example lets a catapult area raise its city to level 3, which would
    put the catapult in age 3; the conflict example (spearman, light cavalry and catapult = age 2)
    says age 2. We follow 7A facts 2.4, the age-2 reading: the city stops at level 2.
    """
    from sevenages_helpers import at_step as to_step
    from sevenages_scenario import tiny_sevenages_scenario

    game = build_game(tiny_sevenages_scenario())
    state = to_step(game, 7, {"ann": {"slot": "wild:emissary", "egypt": "production"}})
    assert state.neutral_age("coast") == 2 and state.board.areas["coast"].city == 0
    play(state, "aid coast city", "aid forest city")
    effects = state.log[-1].effects
    assert "economic aid: a neutral city in coast" in effects
    # forest: spearmen and light horse (age 1); its level-1 city cannot rise.
    assert "economic aid in forest: nothing possible" in effects
    assert state.board.areas["coast"].city == 1 and state.board.areas["forest"].city == 1
    # Two more emissary actions' worth: the coast city rises to 2 and stops there.
    from model.rules.sevenages import initiatives

    initiatives.economic_aid(state, "coast", "city", [])
    initiatives.economic_aid(state, "coast", "city", [])
    assert state.board.areas["coast"].city == 2


def test_nothing_in_a_vacated_area_and_aid_may_follow_a_peace_mission() -> None:
    state = emissary_state(
        [("x", "neutral", "spearmen", None, 1), ("y", "neutral", "spearmen", None, 2)],
        {"y": 4},
        x=StartArea("neutral", city=1),
    )
    play(state, "peace x", "peace y")
    assert state.units_of("neutral", "x") == []
    legal = [str(a) for a in state.legal_actions()]
    # x is vacated: not offered; y, where the peace mission just was, may get aid.
    assert "aid x unit" not in legal and "aid x city" not in legal and "aid y unit" in legal
    play(state, "aid y unit", "done")
    assert len(state.units_of("neutral", "y")) == 2
    # And through the module: aid aimed at a vacated area does nothing.
    from model.rules.sevenages import initiatives

    effects: list[str] = []
    initiatives.economic_aid(state, "x", "city", effects)
    assert effects == ["economic aid in x: nothing (vacated)"] and state.board.areas["x"].city == 1
