"""Crusades (23.3, optional) on a small map with Syria, Jerusalem, Rome and Constantinople."""

from __future__ import annotations

import pytest
from eotma_helpers import CATALOG, card, rules_with, turn_of

from model.rules.eotma.board import Board, LandSpec
from model.rules.eotma.game import AreaStart, EotmaGame, MagnateSetup, Options, PlayerSetup
from model.rules.eotma.state import EotmaState
from model.rules.protocol import IllegalActionError

CATALOG_RC = CATALOG.__class__(
    language_family=dict(CATALOG.language_family),
    religion_group={**CATALOG.religion_group, "roman_catholic": "christian", "moslem": "islam"},
    group_kind={**CATALOG.group_kind, "islam": "moslem"},
    religion_names={**CATALOG.religion_names, "roman_catholic": "Roman Catholic", "moslem": "Moslem"},
)
C_ANY = card(1, conquest={"result": ["C"]})


def crusade_state(
    year: int = 1100, union: bool = False, overland: bool = False, **seats: dict[str, int]
) -> EotmaState:
    board = Board.build(
        [
            LandSpec("paris", language="aldic", religion="roman_catholic"),
            LandSpec("cpl", language="kestrian", religion="eastern"),
            LandSpec("syria", language="lowenish", religion="moslem", population=1),
            LandSpec("jerusalem", language="lowenish", religion="moslem", population=2),
        ],
        land_edges=[("syria", "jerusalem"), ("cpl", "syria"), *([("paris", "cpl")] if overland else [])],
        catalog=CATALOG_RC,
    )
    players = [
        PlayerSetup("france", court="paris", **seats.get("france", {})),
        PlayerSetup("byzantium", court="cpl", **seats.get("byzantium", {})),
    ]
    starts = {
        "paris": AreaStart("france", 2),
        "cpl": AreaStart("byzantium", 2),
        "syria": AreaStart("sultan", 0),
        "jerusalem": AreaStart("sultan", 0),
    }
    options = Options(events=False, crusades=True, schism=False)
    g = EotmaGame(
        board,
        players,
        starts,
        rules=rules_with(C_ANY),
        options=options,
        start_year=year,
        magnates=[MagnateSetup("sultan", 3, "syria")],
        union=union,
    )
    return g.new_state(1)


def test_23_31_the_byzantine_player_calls_a_crusade_and_the_crusaders_take_the_holy_places() -> None:
    state = turn_of(crusade_state(), "byzantium")
    state.force_year_cards("france", [1, 1, 1, 1])
    state.apply("crusade")
    assert state.current_player() == "france" and state.view()["decision"] == "crusade"
    assert "crusade-attack syria" in [str(a) for a in state.legal_actions()]
    state.apply("crusade-attack syria")
    state.apply("crusade-attack jerusalem")
    state.apply("crusade-attack jerusalem")
    assert state.view()["decision"] == "crusader-state"
    state.apply("crusader-state no")
    view = state.view()["areas"]
    assert view["syria"]["owner"] == "france" and view["jerusalem"]["owner"] == "france"
    assert view["syria"]["claims"] == ["byzantium"] and state.crusade is None
    assert state.current_player() == "byzantium" and state.treasury[0] == 12 - 6


def test_23_31_no_crusade_without_a_schism() -> None:
    state = turn_of(crusade_state(union=True), "byzantium")
    with pytest.raises(IllegalActionError, match="no schism"):
        state.apply("crusade")


def test_23_31_no_crusade_outside_its_years() -> None:
    state = turn_of(crusade_state(year=900), "byzantium")
    with pytest.raises(IllegalActionError, match=r"23\.31"):
        state.apply("crusade")


def test_20_46_a_catholic_player_calls_a_crusade_parley() -> None:
    state = turn_of(crusade_state(france={"diplomatic": 5}), "france")
    state.apply("parley crusade")
    state.apply("vote yes")  # france, 5 votes
    state.apply("vote no")  # byzantium, 3
    assert state.crusade is not None and state.crusade.leader == 0
    assert state.current_player() == "france" and state.view()["decision"] == "crusade"


def test_23_32_crusaders_may_pass_and_the_crusade_ends() -> None:
    state = turn_of(crusade_state(), "byzantium")
    state.apply("crusade")
    entry = state.apply("crusade-pass")
    assert "the crusade ends without taking the holy places" in entry.effects
    with pytest.raises(IllegalActionError, match="already been a crusade this game turn"):
        state.apply("crusade")


def test_random_games_with_crusades_keep_the_invariants() -> None:
    from test_invariants import check_position

    from model.bots.base import RandomBot
    from model.rules.eotma.bot import EotmaHeuristicBot

    for seed in range(40):
        state = crusade_state(overland=seed % 3 == 0)
        bot = RandomBot(seed) if seed % 2 else EotmaHeuristicBot()
        while not state.is_over():
            state.apply(bot.choose(state))
            check_position(state)
        assert state.game.state_from_json(state.to_json()) == state


def test_23_32_the_byzantine_player_grants_passage_and_the_area_loses_a_level() -> None:
    state = turn_of(crusade_state(overland=True), "byzantium")
    state.apply("crusade")
    assert state.current_player() == "byzantium" and state.view()["decision"] == "passage"
    state.apply("accept")
    assert state.view()["areas"]["cpl"]["social_state"] == 1
    assert state.current_player() == "france"
    assert "crusade-attack syria" in [str(a) for a in state.legal_actions()]


def test_23_32_a_refused_passage_must_be_conquered_first() -> None:
    state = turn_of(crusade_state(overland=True), "byzantium")
    state.apply("crusade")
    state.apply("refuse")
    assert state.current_player() == "france"
    attacks = [str(a) for a in state.legal_actions() if str(a).startswith("crusade-attack")]
    assert attacks and all(a.startswith("crusade-attack cpl") for a in attacks)
    with pytest.raises(IllegalActionError, match="now cpl"):
        state.apply("crusade-attack syria")
