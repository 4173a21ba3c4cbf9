"""Rules cases from a review of the engine against the rule texts and the facts sheet.

Each test is named after the rule it checks; the probe that found the problem failed it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from eotma_helpers import BLANK, CATALOG, ISLE_LINKED, area, card, game, idx, rules_with, start, turn_of

from model import io
from model.rules.eotma import armies, events
from model.rules.eotma.board import Board, LandSpec
from model.rules.eotma.data import _default_table, default_rules
from model.rules.eotma.game import AreaStart, EotmaGame, MagnateSetup, Options, PlayerSetup, build_game
from model.rules.eotma.ratings import religion_difference
from model.rules.eotma.state import EotmaState
from model.rules.eotma.territory import connection, sea_range
from model.rules.protocol import IllegalActionError

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios"


def test_23_0_without_the_schism_rule_the_churches_never_start_united() -> None:
    state = game(start_year=976).new_state(1)
    assert not state.union
    assert state.game.union_at_start is False


def test_23_1_with_the_schism_rule_an_early_start_begins_in_union() -> None:
    assert game(start_year=976, options=Options(events=False, schism=True)).new_state(1).union
    assert not game(start_year=1100, options=Options(events=False, schism=True)).new_state(1).union


def test_23_0_shipped_976_scenario_keeps_the_schism_without_the_option() -> None:
    scenario = io.load(SCENARIOS / "medieval-europe-976.mappa.json")
    assert not scenario.ruleset.options.get("schism")
    state = build_game(scenario).new_state(1)
    board = state.game.board
    assert not state.union
    byzantium = state.game.player_index["byzantium"]
    assert religion_difference(state, byzantium, board.index["venice"]) == 1  # different church


def test_12_19_independent_venice_is_minus_five_in_every_shipped_scenario() -> None:
    for path in sorted(SCENARIOS.glob("medieval-europe-*.mappa.json")):
        game_ = build_game(io.load(path))
        board = game_.board
        venice = board.index["venice"]
        assert board.independent_diplomacy[venice] == -5, path.name
        assert board.independent_diplomacy[board.index["lombardy"]] is None  # 12.18: the usual -3


RAID_DECK = [card(i, pillage={"target": ["-1(3>)"]}) for i in range(1, 40)]
"""Every raid draws a card whose -1 needs a rating of 3 or more."""


def _raid(**table: object) -> dict[str, object]:
    raider = {
        "id": "saracens",
        "name": "Saracens",
        "years": [900, 1100],
        "stature": [[9999, 5]],
        "raids": 1,
        "language": "kestrian",  # unrelated to home's aldic: 2
        "religion": "old_faith",  # another religion than home's Latin Church: 2
        "targets": {"seas": ["inner"], "near": [], "steps": 0},
    }
    return {"raiders": [raider], **table}


def _raided_home(raiders: dict[str, object]) -> tuple[str, int]:
    g = game(
        *RAID_DECK,
        options=Options(events=False, raiders=True),
        tables={"raiders": raiders, "year_cards": {"cards": RAID_DECK}},
        areas={"home": AreaStart("west", 3)},
    )
    state = g.new_state(4)
    entry = state.apply("decline")
    return " ".join(entry.effects), area(state, "home")["social_state"]


def test_house_7_1_a_raid_ignores_language_and_religion_by_default() -> None:
    # facts sheet 7.1: stature 5 + population 2 - social state 3 = 4, no differences subtracted
    effects, social_state = _raided_home(_raid())
    assert "rating 4" in effects and social_state == 2


def test_house_7_1_the_raiders_table_may_count_language_and_religion() -> None:
    effects, social_state = _raided_home(_raid(language_religion=True))
    assert "rating 0" in effects and social_state == 3  # 4 - 2 - 2: the -1(3>) misses


def _connected(state: EotmaState) -> set[str]:
    return {state.game.board.ids[a] for a in connection(state, 0)}


def test_house_6_7_51_no_sea_crossing_between_two_areas_that_are_not_seafaring() -> None:
    state = start(areas={"isle": AreaStart("west", 2)})
    assert _connected(state) == {"home", "march"}
    state.apply("taxation")
    with pytest.raises(IllegalActionError, match=r"16\.13"):
        state.apply("tax isle 1")


def test_house_6_34_31_a_fleet_makes_the_crossing_end_seafaring() -> None:
    state = start(areas={"isle": AreaStart("west", 2)}, options=Options(events=False, armies_fleets=True))
    state.fleet[idx(state, "home")] = 1
    state.invalidate()
    assert "isle" in _connected(state)


def test_house_6_7_51_a_seafaring_home_links_across_its_connection_range() -> None:
    state = start(areas={"venice": AreaStart("west", 1)})  # home -> venice: inner, outer
    assert "venice" in _connected(state)
    endeavours = {**_default_table("endeavours"), "connection_seafaring_range": 1}
    short = start(areas={"venice": AreaStart("west", 1)}, tables={"endeavours": endeavours})
    assert "venice" not in _connected(short)
    assert sea_range(short, idx(short, "venice")) == 3  # the endeavour range (9.53) is its own value


CHECK_ALL = card(5, rule={"target": ["+1(9>)"]}, stature_check=[1, 9])
"""A ruling card that calls a stature check at any stature."""


def test_27_7_a_protected_leader_makes_no_stature_check_in_the_first_rounds() -> None:
    state = start(CHECK_ALL, hand=[5], west={"protected_rounds": 7})
    state.rng.force(1, 1)  # would kill the leader (2 on the stature check table)
    entry = state.apply("rule march")
    assert any("no stature check in the protected rounds (27.7)" in e for e in entry.effects)
    assert state.stat[0] == [3, 3, 3]
    assert not any(e.startswith("stature check") for e in entry.effects)


def test_27_7_after_the_protected_rounds_the_checks_come_back() -> None:
    state = start(CHECK_ALL, hand=[5], west={"protected_rounds": 7})
    state.round = 7
    entry = state.apply("rule march")
    assert any(e.startswith("stature check west") for e in entry.effects)


def test_27_7_a_protected_leader_ignores_leader_dies_heirless() -> None:
    state = start(areas={"border": AreaStart("west", 1)}, west={"protected_rounds": 7})
    events.immediate(state, 0, {"type": "heirless"}, state.rng.trace)
    assert state.rng.trace[-1] == "west ignores Leader Dies Heirless in the protected rounds (27.7)"
    assert state.statistics()["leader_deaths"] == 0 and not area(state, "border")["unrest"]


def test_27_7_27_92_charlemagne_scenario_protects_the_franks_and_sets_their_handicap() -> None:
    game_ = build_game(io.load(SCENARIOS / "medieval-europe-771.mappa.json"))
    franks = game_.seats[game_.player_index["franks"]]
    byzantium = game_.seats[game_.player_index["byzantium"]]
    assert franks.protected_rounds == 7 and franks.handicap == -40
    assert byzantium.protected_rounds == 0 and byzantium.handicap == 0


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


C_ANY = card(1, conquest={"result": ["C"]})


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


def test_20_46_house_a_tied_crusade_parley_calls_no_crusade() -> None:
    state = _crusade_parley()
    assert state.crusade is None and state.log[-1].effects[-1] == "parley crusade: 3 yes, 3 no: rejected"


def test_20_46_house_the_crusades_table_may_let_a_tie_call_the_crusade() -> None:
    state = _crusade_parley(parley_tie_carries=True)
    assert state.crusade is not None and state.crusade.leader == 0


def test_house_plague_hits_every_populous_area_without_a_roll() -> None:
    state = start(areas={"city": AreaStart("west", 2), "capital": AreaStart("west", 2)})
    plague = state.game.rules.event_kinds["plague"].effect
    assert "die_max" not in plague
    before = len(state.rng.trace)
    events.immediate(state, 0, dict(plague), state.rng.trace)
    new = state.rng.trace[before:]
    assert not any("1d6" in e for e in new)
    assert [area(state, a)["social_state"] for a in ("home", "city", "capital", "march")] == [1, 1, 1, 1]


def test_house_famine_rolls_a_die_per_area_up_to_its_die_max() -> None:
    state = start()
    state.rng.force(2, 3)  # home: 2 <= 2 loses a level; march: 3 keeps it
    events.immediate(state, 0, {"type": "social_state", "min_population": -9, "die_max": 2}, state.rng.trace)
    assert area(state, "home")["social_state"] == 1 and area(state, "march")["social_state"] == 1


INHERITANCE = {"type": "inheritance", "opponent_areas": True}


def test_21_3_an_exile_inherits_a_suitable_area_and_returns_from_exile() -> None:
    # west's court (home) is independent and march is east's: west starts in exile.
    state = game(areas={"home": AreaStart(None, 1), "march": AreaStart("east", 1)}).new_state(3)
    assert state.is_exiled(0)
    events.immediate(state, 0, {"type": "inheritance"}, state.rng.trace)
    assert area(state, "home")["owner"] == "west" and area(state, "home")["claims"] == ["west"]
    assert state.court[0] == idx(state, "home") and not state.is_exiled(0)
    assert "west returns from exile with its court at home (21.3)" in state.rng.trace


def _heir_of_border(**kwargs: object) -> EotmaState:
    """west's leader speaks lowenish: border (east's, next to march) is the suitable area."""
    return start(areas={"border": AreaStart("east", 1)}, west={"language": "lowenish"}, **kwargs)


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


def test_21_0_7_51_an_exiles_areas_are_cut_off_and_go_into_unrest() -> None:
    state = start(
        C_ANY,
        player="east",
        hand=[1, 1],
        areas={"home": AreaStart("west", 0), "march": AreaStart("east", 1), "isle": AreaStart("west", 1)},
        tables=ISLE_LINKED,  # isle hangs on home, and is not a suitable court (old faith)
    )
    assert not area(state, "isle")["unrest"]
    for _ in range(2):  # home has population 2: two C results (10.3)
        state.apply("conquest home from march")
        if state.pending:
            entry = state.apply("decline")
    assert area(state, "home")["owner"] == "east" and state.is_exiled(0)
    assert "isle: cut off from the court, unrest (7.51, 17.0)" in entry.effects
    assert area(state, "isle")["unrest"]


def test_7_52_no_cut_off_unrest_while_the_new_court_is_being_chosen() -> None:
    # west's leader speaks kestrian and holds court at march; city and capital both qualify.
    state = start(
        C_ANY,
        player="east",
        hand=[1],
        west={"court": "march", "language": "kestrian"},
        east={"court": "border"},
        areas={
            "home": AreaStart("west", 1),
            "march": AreaStart("west", 1),
            "city": AreaStart("west", 1),
            "capital": AreaStart("west", 1),
            "border": AreaStart("east", 1),
        },
    )
    state.apply("conquest march from border")
    entry = state.apply("decline")
    assert state.view()["decision"] == "relocate" and state.current_player() == "west"
    assert not any("cut off" in e for e in entry.effects)
    entry = state.apply("relocate city")
    assert entry.effects[-1] == "home: cut off from the court, unrest (7.51, 17.0)"
    assert not area(state, "capital")["unrest"]


def _harbour_state() -> EotmaState:
    """inland - port by land; port (a seafaring home) and shore both on the gulf; west owns all."""
    board = Board.build(
        [
            LandSpec("inland", language="aldic", religion="latin"),
            LandSpec("port", language="aldic", religion="latin", seafaring=True),
            LandSpec("shore", language="aldic", religion="latin"),
        ],
        ["gulf"],
        [("inland", "port")],
        [],
        [("port", "gulf"), ("shore", "gulf")],
        CATALOG,
    )
    g = EotmaGame(
        board,
        [PlayerSetup("west", court="inland")],
        {"inland": AreaStart("west", 1), "port": AreaStart("west", 1), "shore": AreaStart("west", 1)},
        rules=rules_with(),
        options=Options(events=False, armies_fleets=True),
    )
    return g.new_state(1)


def _routes(state: EotmaState, source: str) -> dict[str, tuple[int, int]]:
    ids = state.game.board.ids
    return {ids[a]: r for a, r in armies.routes(state, 0, idx(state, source)).items()}


def test_33_42_a_sea_move_must_begin_or_end_in_a_seafaring_home() -> None:
    state = _harbour_state()
    assert _routes(state, "inland") == {"port": (1, 0)}  # passing through port is not enough
    assert _routes(state, "port") == {"inland": (1, 0), "shore": (1, 1)}
    assert _routes(state, "shore") == {"port": (1, 1)}  # ends in the seafaring home


def test_34_31_33_42_a_fleet_makes_the_move_begin_in_a_seafaring_home() -> None:
    state = _harbour_state()
    state.fleet[idx(state, "shore")] = 1
    assert _routes(state, "shore") == {"port": (1, 1), "inland": (2, 1)}


def test_34_31_an_army_crosses_from_a_home_with_a_fleet() -> None:
    g = game(options=Options(events=True, armies_fleets=True), areas={"isle": AreaStart("west", 0)})
    state = g.new_state(3)
    home = idx(state, "home")
    state.army[home] = 2
    state.fleet[home] = 1
    state = turn_of(state, "west")
    state.apply("move-army home isle 1")
    assert area(state, "isle")["army"] == 1 and state.treasury[0] == 11  # one sea area, one gold


def test_16_13_an_area_not_connected_to_the_court_cannot_be_plundered() -> None:
    state = start(hand=[BLANK] * 5, areas={"march": AreaStart(None, 0), "border": AreaStart("west", 2)})
    state.apply("taxation")
    assert "plunder border" not in {str(a) for a in state.legal_actions()}
    with pytest.raises(IllegalActionError, match=r"16\.13"):
        state.apply("plunder border")


RULE_LOSS = card(2, rule={"result": ["+1(9>)", "-1(<5)"]})
"""A ruling card whose result at the probe's rating is the loss of a social state level."""


def test_17_0_no_rebellion_check_when_nothing_is_lost_at_the_lowest_social_state() -> None:
    state = start(RULE_LOSS, hand=[2], areas={"march": AreaStart("west", -3, unrest=True)})
    state.rng.force(6, 6)  # a rebellion check, if one were rolled, would make the area rebel
    entry = state.apply("rule march")
    assert area(state, "march")["owner"] == "west"
    assert area(state, "march")["social_state"] == -3
    assert not any("rebellion" in effect for effect in entry.effects)
