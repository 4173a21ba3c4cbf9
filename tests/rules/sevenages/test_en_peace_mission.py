"""E&N: Peace Mission: two neutral units or forts removed by the disorder priority (same area allowed)."""

from __future__ import annotations

from sevenages_helpers import StartArea, at_step, make_game, play

from model.rules.sevenages.state import SevenAgesState


def emissary_state(units: list[tuple[str, str, str, int | None, int]], **areas: StartArea) -> SevenAgesState:
    game = make_game(
        [("home", "x"), ("x", "y")],
        empires={"assyria": ("ann", 3)},
        units=[("home", "assyria", "spearmen", None, 1), *units],
        areas=areas,
    )
    return at_step(game, 7, {"ann": {"slot": "wild:emissary", "assyria": "production"}})


def test_the_archers_go_first_in_the_rules_example() -> None:
    """Archers, chariots and light cavalry: missile before cavalry, so the archers go; then the chariots."""
    state = emissary_state(
        [
            ("x", "neutral", "archers", None, 1),
            ("x", "neutral", "chariots", None, 1),
            ("x", "neutral", "light_horse", None, 1),
        ]
    )
    assert state.board.players["ann"].counters == 3
    play(state, "peace x")
    entry_count = len(state.log)
    play(state, "peace x")
    # Nobody else can meddle, so the rules carry the mission out at once, logged after the
    # declaration as the emissary's step; the reveal comes first.
    declared, mission = state.log[entry_count:]
    assert (declared.player, declared.effects) == ("ann", ("ann declares peace x; x",))
    assert (mission.player, mission.action) == (None, "emissary")
    assert mission.effects == (
        "reveal x: archers(3), chariots(2), light_horse(6)",
        "peace mission removes neutral archers(3) in x",
        "peace mission removes neutral chariots(2) in x",
    )
    assert [u.kind for u in state.units_of("neutral", "x")] == ["light_horse"]
    assert state.board.players["ann"].counters == 2 and state.statistics()["peace_removals"] == 2


def test_two_areas_and_a_vacated_area_keeping_its_city() -> None:
    state = emissary_state(
        [("x", "neutral", "spearmen", None, 1), ("y", "neutral", "spearmen", None, 2)],
        x=StartArea("neutral", city=3),
    )
    play(state, "peace x", "peace y")
    assert state.units_of("neutral", "x") == [] and state.board.areas["x"].city == 3
    assert len(state.units_of("neutral", "y")) == 1
    # A vacated area is no neutral area: no initiative can pick it any more.
    assert not any("x" in a.areas() for a in state.legal_actions())


def test_a_fort_is_removed_before_units() -> None:
    state = emissary_state([("x", "neutral", "spearmen", None, 2)], x=StartArea("neutral", fort=True))
    play(state, "peace x", "peace x")
    assert state.board.areas["x"].fort is False and len(state.units_of("neutral", "x")) == 1
