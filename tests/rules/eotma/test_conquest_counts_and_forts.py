"""10.3 partial conquest counted once for every conqueror; 14.41 forts reduced by any conquest."""

from __future__ import annotations

from eotma_helpers import area, card, game, idx, start

from model.rules.eotma.endeavours.conquest import count_c_result, reduce_fort
from model.rules.eotma.game import AreaStart, Options
from model.rules.eotma.records import Partial

CONQUERING = [card(i, conquest={"result": ["C"]}) for i in range(1, 40)]
"""Every card gives a C result (no blanks), so a Magnate's attack always scores."""


def test_10_3_c_results_from_several_bases_add_up_for_one_holder() -> None:
    state = start()
    board = state.game.board
    target = next(a for a in range(board.n) if board.population[a] > 1)
    first, second = -2, -3  # any two bases: the count is per holder, over all bases (10.32)
    assert count_c_result(state, 0, target, first) == 1
    assert count_c_result(state, 0, target, second) == 2
    assert state.partial[(target, first)] == Partial(0, 1)
    assert count_c_result(state, 1, target, -4) == 1  # another holder counts its own results


def test_10_3_an_area_of_population_one_falls_to_a_single_c_result() -> None:
    state = start()
    board = state.game.board
    small = next(a for a in range(board.n) if board.population[a] <= 1)
    assert count_c_result(state, 0, small, -2) is None and not state.partial


def test_14_41_a_conquest_reduces_the_fort_and_logs_it() -> None:
    state = start(areas={"march": AreaStart("west", 1, fortification=3)})
    effects: list[str] = []
    reduce_fort(state, idx(state, "march"), effects)
    assert state.fort[idx(state, "march")] == 2
    assert effects == ["march: fortification 3 -> 2 (14.41)"]
    reduce_fort(state, idx(state, "march"), effects)
    assert state.fort[idx(state, "march")] == 0 and effects[-1] == "march: fortification 2 -> 0 (14.41)"


def test_14_41_a_magnates_conquest_reduces_the_fort_and_the_log_says_so() -> None:
    # 24.5: the Magnate attacks its weakest neighbour; when it takes it, the fort falls (14.41),
    # logged as for a player's conquest (it used to be reduced silently).
    matrix = {"rows": [{"from": 0, "to": 3000, "areas": ["border"] * 11}], "attack": True}
    for seed in range(40):
        g = game(
            *CONQUERING,
            options=Options(events=False, magnates=True),
            tables={"magnates": matrix, "year_cards": {"cards": CONQUERING}},
            areas={
                "venice": AreaStart(None, 0),
                "march": AreaStart("west", 1, fortification=2),
                "city": AreaStart("east", 1, fortification=2),
            },
        )
        state = g.new_state(seed)
        entry = state.apply("decline")
        taken = [a for a in ("march", "city") if area(state, a)["owner"] == "magnate-border"]
        if taken:
            assert area(state, taken[0])["fortification"] == 0
            assert f"{taken[0]}: fortification 2 -> 0 (14.41)" in entry.effects
            return
    raise AssertionError("no seed let the Magnate take a fortified area")
