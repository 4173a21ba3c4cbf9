"""Parleys and inheritance: votes and Influence cards (20.4, 20.51, 20.52), crusade parleys (20.46),
dynastic inheritance (20.43, 19.2), no breach parley for an excommunicated player (22.12).

Each test plays its case through the public API and is named after the rule it checks."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from eotma_helpers import CATALOG, area, card, rules_with, start, turn_of

from model import io
from model.rules.eotma import events, parleys
from model.rules.eotma.board import Board, LandSpec
from model.rules.eotma.data import Rules, _default_table, default_rules
from model.rules.eotma.game import (
    AreaStart,
    EotmaGame,
    MagnateSetup,
    Options,
    PlayerSetup,
    build_game,
)
from model.rules.eotma.records import Agreement
from model.rules.eotma.state import EotmaState
from model.rules.protocol import IllegalActionError


def _crusade_parley(**crusades: object) -> EotmaState:
    catalog = CATALOG.__class__(
        language_family=dict(CATALOG.language_family),
        religion_group={**CATALOG.religion_group, "roman_catholic": "christian", "moslem": "islam"},
        group_kind={**CATALOG.group_kind, "islam": "moslem"},
        religion_names={**CATALOG.religion_names, "roman_catholic": "Roman Catholic", "moslem": "Moslem"},
    )
    board = Board.build(
        [
            LandSpec("paris", language="aldic", religion="roman_catholic"),
            LandSpec("cpl", language="kestrian", religion="eastern"),
            LandSpec("syria", language="lowenish", religion="moslem", population=1),
            LandSpec("jerusalem", language="lowenish", religion="moslem", population=2),
        ],
        land_edges=[("syria", "jerusalem"), ("cpl", "syria"), ("paris", "cpl")],
        catalog=catalog,
    )
    g = EotmaGame(
        board,
        [PlayerSetup("france", court="paris"), PlayerSetup("byzantium", court="cpl")],
        {
            "paris": AreaStart("france", 2),
            "cpl": AreaStart("byzantium", 2),
            "syria": AreaStart("sultan", 0),
            "jerusalem": AreaStart("sultan", 0),
        },
        rules=rules_with(
            card(1, conquest={"result": ["C"]}), crusades={**_default_table("crusades"), **crusades}
        ),
        options=Options(events=False, crusades=True),
        start_year=1100,
        magnates=[MagnateSetup("sultan", 3, "syria")],
    )
    state = turn_of(g.new_state(1), "france")
    state.apply("parley crusade")
    state.apply("vote yes")  # france, 3 votes
    state.apply("vote no")  # byzantium, 3
    return state


def _heir_of_border(**kwargs: object) -> EotmaState:
    """west's leader speaks lowenish: border (east's, next to march) is the suitable area."""
    return start(areas={"border": AreaStart("east", 1)}, west={"language": "lowenish"}, **kwargs)


INHERITANCE = {"type": "inheritance", "opponent_areas": True}


def _schism_976(**schism: object) -> EotmaState:
    """The shipped 976 scenario (the churches in schism), with the schism table's entries replaced."""
    game_ = build_game(io.load(SCENARIOS / "medieval-europe-976.mappa.json"))
    if schism:
        table = {**copy.deepcopy(_default_table("schism")), **schism}
        game_.rules = Rules.load({"schism": table})
    state = game_.new_state(1)
    assert not state.union
    return state


SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios"


def _orthodox_area(state: EotmaState) -> int:
    return next(a for a, religion in enumerate(state.religion) if religion == "eastern_orthodox")


def test_22_12_an_excommunicated_player_cannot_call_a_breach_parley() -> None:
    state = start()
    state.agreements = [Agreement(1, 0, "truce")]
    state.excommunicated[0] = True
    with pytest.raises(IllegalActionError, match=r"20\.4, 22\.12"):
        state.apply("parley breach east")


def test_20_51_an_influence_card_adds_the_votes_of_its_table_entry() -> None:
    cards = _default_table("event_cards")
    table = {
        **cards,
        "cards": [
            {**c, "effect": {**c["effect"], "votes": 7}} if c["id"] == "influence_in_church" else c
            for c in cards["cards"]
        ],
    }
    state = start(
        areas={"march": AreaStart("west", 1, ties=("west",))},
        east={"diplomatic": 9},
        tables={"event_cards": table},
    )
    state.holding[0] = ["influence_in_church"]
    state.apply("parley claim march")
    state.apply("vote no")  # east: 9
    entry = state.apply("vote yes influence 1")  # west: 3 + 7 = 10
    assert "west votes yes with 10" in entry.effects
    assert area(state, "march")["claims"] == ["west"]


def test_20_46_house_a_tied_crusade_parley_calls_no_crusade() -> None:
    state = _crusade_parley()
    assert state.crusade is None and state.log[-1].effects[-1] == "parley crusade: 3 yes, 3 no: rejected"


def test_20_46_house_the_crusades_table_may_let_a_tie_call_the_crusade() -> None:
    state = _crusade_parley(parley_tie_carries=True)
    assert state.crusade is not None and state.crusade.leader == 0


def test_20_43_dynastic_inheritance_of_an_opponents_area_may_be_contested() -> None:
    state = _heir_of_border(east={"diplomatic": 5})
    events.immediate(state, 0, INHERITANCE, state.rng.trace)
    assert area(state, "border")["owner"] == "west"
    assert state.current_player() == "east" and state.view()["decision"] == "contest"
    state.apply("contest")
    state.apply("vote yes")  # east, 5 votes: east is the rightful owner
    state.apply("vote no")  # west, 3
    assert state.current_player() == "west" and state.view()["decision"] == "comply"
    entry = state.apply("accept")
    assert "border returned to east (20.43)" in entry.effects
    assert area(state, "border")["owner"] == "east" and area(state, "border")["claims"] == []


def test_20_43_the_heir_may_keep_the_area_and_be_excommunicated() -> None:
    state = _heir_of_border(east={"diplomatic": 5})
    events.immediate(state, 0, INHERITANCE, state.rng.trace)
    state.apply("contest")
    state.apply("vote yes")
    state.apply("vote no")
    state.apply("refuse")
    assert area(state, "border")["owner"] == "west" and state.excommunicated[0]


def test_20_43_accepting_the_inheritance_leaves_the_area_with_the_heir() -> None:
    state = _heir_of_border()
    events.immediate(state, 0, INHERITANCE, state.rng.trace)
    entry = state.apply("accept")
    assert "east accepts the inheritance (20.43)" in entry.effects
    assert area(state, "border")["owner"] == "west" and area(state, "border")["claims"] == ["west"]


def test_20_43_a_player_whose_leader_just_died_heirless_may_not_contest() -> None:
    state = _heir_of_border()
    state.heirless_round[1] = state.round
    events.immediate(state, 0, INHERITANCE, state.rng.trace)
    assert area(state, "border")["owner"] == "west" and not state.pending
    assert "east may not contest: its leader just died heirless (20.43)" in state.rng.trace


def test_20_43_opponents_areas_only_when_the_card_says_so() -> None:
    state = _heir_of_border()
    events.immediate(state, 0, {"type": "inheritance"}, state.rng.trace)
    assert area(state, "border")["owner"] == "east" and "no area to inherit" in state.rng.trace


def test_19_2_the_shipped_card_may_inherit_opponents_areas() -> None:
    card_ = default_rules().event_kinds["dynastic_inheritance"]
    assert card_.effect == INHERITANCE


def test_20_52_the_byzantine_player_has_the_schism_tables_votes_over_an_orthodox_area() -> None:
    state = _schism_976()
    byzantium = state.game.player_index["byzantium"]
    area = _orthodox_area(state)
    base = state.stat[byzantium][parleys.DIPLOMATIC]
    assert state.game.rules.byzantine_orthodox_votes == 5
    assert parleys.votes_of(state, byzantium, area) == base + 5
    catholic = next(a for a, religion in enumerate(state.religion) if religion == "roman_catholic")
    assert parleys.votes_of(state, byzantium, catholic) == base


def test_20_52_the_schism_table_names_the_orthodox_religions_and_the_vote_bonus() -> None:
    state = _schism_976(orthodox_religions=["roman_catholic"], byzantine_orthodox_votes=2)
    byzantium = state.game.player_index["byzantium"]
    base = state.stat[byzantium][parleys.DIPLOMATIC]
    catholic = next(a for a, religion in enumerate(state.religion) if religion == "roman_catholic")
    assert parleys.votes_of(state, byzantium, catholic) == base + 2
    assert parleys.votes_of(state, byzantium, _orthodox_area(state)) == base
