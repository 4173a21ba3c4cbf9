"""23.32 step 3: the crusaders' base is the friendly area their leader launches them from.

Its social state adds to every crusader's rating, a base -1(<#) result lowers it, the crusader's
own army points there add to the rating (33.5) and, after a landing from the sea, its fleets
must match the target's (34.33). Map and setup as in ``test_crusader_routes_and_states``:
France (combat 4, aldic, Roman Catholic) launches from its ``venice`` (one sea area from syria)
or from ``paris`` overland; syria is lowenish (a related language: 1) and Moslem (2).
"""

from __future__ import annotations

from eotma_helpers import card
from test_crusader_routes_and_states import two_route_state

from model.rules.eotma import crusades
from model.rules.eotma.data import _default_table

BASE_LOSS = card(3, conquest={"base": ["-1"]})


def test_23_32_step_3_the_launch_area_social_state_counts_in_the_rating() -> None:
    state = two_route_state()
    state.apply("crusade")
    state.apply("crusade-route venice")
    venice, syria = (state.game.board.index[a] for a in ("venice", "syria"))
    state.ss[venice] = 3
    assert crusades.base(state) == venice
    # combat 4 + base venice 3 - syria 0 - language 1 - religion 2
    assert crusades.crusade_rating(state, 0, syria, 0, pillage=False) == 4


def test_23_32_step_3_a_base_minus_one_lowers_the_launch_area() -> None:
    state = two_route_state(cards=(BASE_LOSS,))
    state.force_year_cards("france", [3, 3, 3, 3])
    state.apply("crusade")
    state.apply("crusade-route venice")
    venice = state.game.board.index["venice"]
    assert state.ss[venice] == 1
    entry = state.apply("crusade-attack syria")
    assert state.ss[venice] == 0
    assert any(e.startswith("venice: social state 1 -> 0") for e in entry.effects), entry.effects


def test_33_5_the_crusaders_armies_in_the_base_add_to_the_rating() -> None:
    state = two_route_state(armies=True)
    state.apply("crusade")
    state.apply("crusade-route venice")
    venice, syria = (state.game.board.index[a] for a in ("venice", "syria"))
    state.army[venice] = 2
    # 4 + base venice 1 + 2 army points - 0 - 1 - 2
    assert crusades.crusade_rating(state, 0, syria, 0, pillage=False) == 4


def test_34_33_fleets_in_the_target_bar_a_crusade_landing_from_the_sea() -> None:
    state = two_route_state(armies=True)
    syria, venice = (state.game.board.index[a] for a in ("syria", "venice"))
    state.fleet[syria] = 1
    state.apply("crusade")
    state.apply("crusade-route venice")
    assert "crusade-attack syria" not in [str(a) for a in state.legal_actions()]
    state.fleet[venice] = 1
    assert "crusade-attack syria" in [str(a) for a in state.legal_actions()]


def test_23_32_step_3_the_base_none_option_keeps_the_crusaders_off_the_map() -> None:
    table = dict(_default_table("crusades"))
    table["base"] = {"value": "none"}
    state = two_route_state(tables={"crusades": table})
    state.apply("crusade")
    state.apply("crusade-route venice")
    state.ss[state.game.board.index["venice"]] = 3
    assert crusades.base(state) == -1
    assert crusades.crusade_rating(state, 0, state.game.board.index["syria"], 0, pillage=False) == 1
