"""7A facts 2.5 and 2.6 (HOUSE DEFAULTS): movement, blocking by neutrals, range through neutral
areas (E&N: Effect on empire movement and range), and sea transport."""

from __future__ import annotations

from sevenages_helpers import at_step, make_game, play

from model.rules.sevenages import conflict, movement
from model.rules.sevenages.state import SevenAgesState


def line_state() -> SevenAgesState:
    state: SevenAgesState = make_game(
        [("home", "n"), ("n", "beyond"), ("beyond", "b_home"), ("home", "open"), ("open", "far")],
        empires={"assyria": ("ann", 3), "babylon": ("ben", 10)},
        units=[
            ("home", "assyria", "chariots", None, 1),
            ("n", "neutral", "spearmen", None, 1),
            ("b_home", "babylon", "spearmen", None, 1),
        ],
    ).new_state(0)
    return state


def test_neutrals_stop_empire_movement_like_empire_units() -> None:
    state = line_state()
    reach = movement.destinations(state, "assyria", "chariots", "home")
    # Chariots move 2: through the empty 'open' to 'far', but into n only (it holds neutrals).
    assert reach == {"n": 1, "open": 1, "far": 2}


def test_range_passes_through_neutral_areas_but_not_other_empires() -> None:
    state = line_state()
    state.board.empires["assyria"].progress = 8  # age 2: range 2
    reach = movement.in_range(state, "assyria")
    assert reach["beyond"] == 2 and "b_home" not in reach
    # Babylon at age 4 (range 4) reaches assyria's home, 3 away, but not 'open' behind it.
    state.board.empires["babylon"].progress = 22
    reach = movement.in_range(state, "babylon")
    assert reach["home"] == 3 and "open" not in reach


def test_a_ship_lands_troops_from_the_sea_and_the_defender_gets_the_beach() -> None:
    game = make_game(
        [("home", "sea"), ("sea", "shore"), ("shore", "inland")],
        seas=("sea",),
        empires={"assyria": ("ann", 5)},
        units=[
            ("home", "assyria", "spearmen", None, 3),
            ("sea", "assyria", "galley", None, 1),
            ("shore", "neutral", "spearmen", None, 1),
        ],
    )
    state = at_step(game, 4, {"ann": {"assyria": "manoeuvre"}})
    legal = [str(a) for a in state.legal_actions()]
    assert "ferry home sea shore spearmen 1 2" in legal and "ferry home sea shore spearmen 1 3" not in legal
    play(state, "ferry home sea shore spearmen 1 2")
    assert len(state.units_of("assyria", "shore")) == 2 and state.board.entries["shore"] == ["sea"]
    # An invasion from the sea: the defender adds the beach bonus (2 in the terrain table).
    assert conflict.defence(state, "shore") == 2
    # The ship has moved: it cannot carry again this step.
    assert not any(str(a).startswith("ferry") for a in state.legal_actions())
