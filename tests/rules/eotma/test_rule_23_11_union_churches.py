"""23.11: a union result makes the Roman Catholic and Eastern Orthodox churches one, and only
them; another Christian church, such as the Armenian Apostolic church of the shipped 1136
scenario's catalog, stays another church (the schism table's ``union_churches``)."""

from __future__ import annotations

from pathlib import Path

from model import io
from model.rules.eotma.game import build_game

SCENARIO = Path(__file__).resolve().parents[3] / "scenarios" / "medieval-europe-1136.mappa.json"


def test_23_11_a_union_leaves_the_armenian_church_apart() -> None:
    state = build_game(io.load(SCENARIO)).new_state(1)
    board = state.game.board
    assert (
        board.catalog.religion_group["armenian_apostolic"] == board.catalog.religion_group["roman_catholic"]
    )
    state.union = True
    united = state.united()
    assert united == {"roman_catholic", "eastern_orthodox"}
    assert board.religion_difference("roman_catholic", "eastern_orthodox", united) == 0
    assert board.religion_difference("roman_catholic", "armenian_apostolic", united) == 1
    assert board.religion_difference("armenian_apostolic", "eastern_orthodox", united) == 1
    state.union = False
    assert board.religion_difference("roman_catholic", "eastern_orthodox", state.united()) == 1


def test_23_11_a_catholic_leader_rates_an_armenian_area_as_another_church_under_a_union() -> None:
    from model.rules.eotma.ratings import religion_difference

    state = build_game(io.load(SCENARIO)).new_state(1)
    state.union = True
    catholic = state.game.leader_religion.index("roman_catholic")
    armenian = state.religion.index("armenian_apostolic")
    orthodox = state.religion.index("eastern_orthodox")
    assert religion_difference(state, catholic, armenian) == 1
    assert religion_difference(state, catholic, orthodox) == 0
