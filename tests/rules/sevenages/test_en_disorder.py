"""E&N: Disorder in neutral areas: one fort or unit goes instead of a marker, by class priority and
lowest progress level; the last unit leaves a vacated area with its city."""

from __future__ import annotations

from sevenages_helpers import StartArea, at_step, make_game, play

from model.rules.sevenages import neutrals
from model.rules.sevenages.state import SevenAgesState


def state_with(units: list[tuple[str, str, str, int | None, int]], **areas: StartArea) -> SevenAgesState:
    game = make_game(
        [("home", "land"), ("land", "other")],
        empires={"assyria": ("ann", 3)},
        units=[("home", "assyria", "spearmen", None, 1), *units],
        areas=areas,
    )
    state: SevenAgesState = game.new_state(0)
    return state


def kinds(state: SevenAgesState, area: str) -> list[str]:
    return sorted(u.kind for u in state.units_of("neutral", area))


def test_the_chariot_goes_first_in_the_rules_example() -> None:
    """Light horse, chariot and spearman: cavalry before infantry, and the chariot is the lower level."""
    state = state_with(
        [
            ("land", "neutral", "light_horse", None, 1),
            ("land", "neutral", "chariots", None, 1),
            ("land", "neutral", "spearmen", None, 1),
        ]
    )
    effects: list[str] = []
    neutrals.disorder(state, "land", effects)
    assert kinds(state, "land") == ["light_horse", "spearmen"]
    assert effects[0] == "reveal land: chariots(2), light_horse(6), spearmen(1)"
    assert effects[1] == "disorder removes neutral chariots(2) in land"
    # No disorder marker goes on a neutral area.
    assert state.board.areas["land"].disorder is False
    assert state.statistics()["neutral_disorder_removals"] == 1


def test_a_fortification_goes_before_any_unit() -> None:
    state = state_with([("land", "neutral", "light_horse", None, 1)], land=StartArea("neutral", fort=True))
    neutrals.disorder(state, "land", [])
    assert state.board.areas["land"].fort is False and kinds(state, "land") == ["light_horse"]


def test_within_a_class_the_lowest_level_goes() -> None:
    state = state_with([("land", "neutral", "spearmen", 5, 1), ("land", "neutral", "spearmen", 1, 1)])
    neutrals.disorder(state, "land", [])
    assert [u.level for u in state.units_of("neutral", "land")] == [5]


def test_the_last_unit_leaves_a_vacated_area_with_its_city() -> None:
    state = state_with([("land", "neutral", "archers", None, 1)], land=StartArea("neutral", city=2))
    effects: list[str] = []
    neutrals.disorder(state, "land", effects)
    assert state.units_of("neutral", "land") == [] and "land is vacated" in effects
    assert state.board.areas["land"].city == 2 and not state.is_neutral_area("land")
    assert state.board.areas["land"].revealed is False


def test_disorder_in_an_empire_area_is_a_marker_that_stops_its_income() -> None:
    state = state_with([], home=StartArea("assyria", city=1))
    from model.rules.sevenages import economy

    assert economy.income(state, "assyria") == 2
    neutrals.disorder(state, "home", [])
    assert state.board.areas["home"].disorder is True and economy.income(state, "assyria") == 0


def test_a_revolt_event_played_on_neutrals_removes_a_unit() -> None:
    """REVOLT (disorder on an area) played in the civilise step on a neutral area."""
    game = make_game(
        [("home", "land")],
        empires={"assyria": ("ann", 3)},
        units=[("home", "assyria", "spearmen", None, 1), ("land", "neutral", "spearmen", None, 2)],
    )
    state = at_step(game, 6, {"ann": {"assyria": "civilise"}})
    revolt = next(c.id for c in game.rules.deck if c.event == "REVOLT")
    state.board.players["ann"].hand = [revolt]
    play(state, "done", f"play {revolt} in land")
    assert len(state.units_of("neutral", "land")) == 1


def test_an_empire_event_against_neutrals_hits_two_adjacent_neutral_areas() -> None:
    """SCHISM (disorder in two areas of an empire) against neutrals: two adjacent areas at most."""
    game = make_game(
        [("home", "a"), ("a", "b"), ("b", "c")],
        empires={"assyria": ("ann", 3)},
        units=[("home", "assyria", "spearmen", None, 1)]
        + [(area, "neutral", "spearmen", None, 2) for area in ("a", "b", "c")],
    )
    state = at_step(game, 6, {"ann": {"assyria": "civilise"}})
    schism = next(c.id for c in game.rules.deck if c.event == "SCHISM")
    state.board.players["ann"].hand = [schism]
    play(state, "done")
    plays = {str(a) for a in state.legal_actions()}
    assert {
        f"play {schism} in a b",
        f"play {schism} in b c",
    } <= plays and f"play {schism} in a c" not in plays
    play(state, f"play {schism} in a b")
    assert [len(state.units_of("neutral", x)) for x in ("a", "b", "c")] == [1, 1, 2]
