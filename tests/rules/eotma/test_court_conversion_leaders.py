"""Courts, relocation and exile (21, house default 7.52), conversion (22), leaders (facts sheet 2),
events (19), the schism (23.1) and victory points (house default 26)."""

from __future__ import annotations

import pytest
from eotma_helpers import ISLE_LINKED, area, card, game, idx, rome_game, start, turn_of, unopposed

from model.rules.eotma import leaders, schism, victory
from model.rules.eotma.conversion import conversion_differential
from model.rules.eotma.game import AreaStart, Options
from model.rules.protocol import IllegalActionError

C_ANY = card(1, conquest={"result": ["C"]})
CHECK = card(2, rule={"target": ["+1(1>)"]}, stature_check=[1, 4])


def test_21_0_losing_the_only_suitable_area_means_exile() -> None:
    state = start(
        C_ANY,
        hand=[1, 1],
        player="east",
        areas={"march": AreaStart("east", 0), "border": AreaStart("west", 0)},
    )
    state.apply("conquest home from march")
    state.apply("decline")
    assert area(state, "home")["partial_conquest"] == {"east": 1}
    state.apply("conquest home from march")
    state.apply("decline")
    assert area(state, "home")["owner"] == "east"
    assert state.view()["empires"]["west"]["exiled"]  # border is lowenish: not suitable (21.3)


def test_21_0_an_exile_may_not_tax_nor_undertake_other_endeavours() -> None:
    state = start(C_ANY, hand=[1])
    state.court[0] = -1
    with pytest.raises(IllegalActionError, match=r"21\.0"):
        state.apply("taxation")
    with pytest.raises(IllegalActionError, match=r"21\.2"):
        unopposed(state, "diplomacy border")
    state.apply("end-turn")  # an exile need not undertake an endeavour


def test_21_2_asylum_lets_an_exile_use_the_hosts_court_for_diplomacy() -> None:
    state = start(card(3, diplomacy={"result": ["T(1>)"]}), hand=[3])
    state.court[0] = -1
    state.asylum[0] = 1
    unopposed(state, "diplomacy border")  # 3 + SS(capital) 2 - 0 - 3 - related 1 = 1
    assert area(state, "border")["ties"] == ["west"]


def test_house_7_52_the_court_moves_to_the_only_suitable_area() -> None:
    state = start(
        C_ANY, hand=[1, 1], player="east", areas={"march": AreaStart("east", 0), "isle": AreaStart("west", 0)}
    )
    state.religion[idx(state, "isle")] = "latin"
    for _ in range(2):
        state.apply("conquest home from march")
        state.apply("decline")
    assert state.court[0] == idx(state, "isle") and not state.pending


def test_house_7_52_several_candidates_make_a_relocation_decision() -> None:
    from eotma_helpers import CATALOG, rules_with

    from model.rules.eotma.board import Board, LandSpec
    from model.rules.eotma.game import EotmaGame, PlayerSetup
    from model.rules.eotma.territory import set_owner

    names = ["a", "b", "c", "d"]
    board = Board.build(
        [LandSpec(n, language="aldic", religion="latin") for n in names],
        land_edges=[("a", "b"), ("b", "c"), ("c", "d")],
        catalog=CATALOG,
    )
    seats = [PlayerSetup("west", court="a"), PlayerSetup("east", court="d")]
    starts = {n: AreaStart("west", 1) for n in "abc"} | {"d": AreaStart("east", 1)}
    state = turn_of(
        EotmaGame(board, seats, starts, rules=rules_with(), options=Options(events=False)).new_state(1),
        "east",
    )
    effects: list[str] = []
    set_owner(state, 0, -1, effects)
    assert state.current_player() == "west" and state.view()["decision"] == "relocate"
    assert [str(a) for a in state.legal_actions()] == ["relocate b", "relocate c"]
    with pytest.raises(IllegalActionError, match="not a suitable new court"):
        state.apply("relocate d")
    state.apply("relocate c")
    assert state.court[0] == 2 and state.current_player() == "east"


def test_21_3_an_exile_returns_on_acquiring_a_suitable_area() -> None:
    state = start(card(3, diplomacy={"result": ["C"]}), hand=[3])
    state.court[0] = -1
    state.asylum[0] = 1
    state.owner[idx(state, "home")] = -1
    state.owner[idx(state, "march")] = -1
    state.invalidate()
    unopposed(state, "diplomacy march")
    assert state.court[0] == idx(state, "march") and state.asylum[0] == -1


def test_22_2_conversion_differential_from_the_chart() -> None:
    state = start(areas={"isle": AreaStart("west", 0)})
    isle = idx(state, "isle")
    # old_faith is a pagan religion not in the chart: pagan row 12 - latin? not in chart: christian 6
    assert conversion_differential(state, 0, isle) == 12 - 6
    state.ties[isle] = 1
    assert conversion_differential(state, 0, isle) == 3  # 22.24 halved for a tie
    state.kept[0] = ["missionary_fervor"]
    assert conversion_differential(state, 0, isle) == 1  # 22.23 halved again


def test_22_2_conversion_by_c_results_against_an_own_area_scores_five() -> None:
    state = start(
        C_ANY, hand=[1, 1, 1, 1, 1], areas={"isle": AreaStart("west", 0, ties=("west",))}, tables=ISLE_LINKED
    )
    for _ in range(3):
        state.apply("conquest isle from isle")
    assert area(state, "isle")["religion"] == "latin"
    assert state.vp_conversions[0] == 5 and victory.victory_points(state)[0] >= 5


def test_22_21_conquest_by_another_player_wipes_conversion_progress() -> None:
    state = start(C_ANY, hand=[1], player="east", areas={"border": AreaStart("west", 0)})
    state.conversion[(0, idx(state, "border"))] = 2
    state.apply("conquest border from city")
    state.apply("decline")
    assert state.conversion == {}


def test_22_27_iberian_moslem_areas_turn_catholic_when_a_christian_conquers_them() -> None:
    from eotma_helpers import CATALOG, rules_with

    from model.rules.eotma.board import Board, LandSpec
    from model.rules.eotma.game import EotmaGame, PlayerSetup

    board = Board.build(
        [
            LandSpec("home", language="aldic", religion="latin"),
            LandSpec("cordova", language="aldic", religion="moslem", iberian_moslem=True),
        ],
        land_edges=[("home", "cordova")],
        catalog=CATALOG,
    )
    g = EotmaGame(
        board,
        [PlayerSetup("west", court="home")],
        {"home": AreaStart("west", 1)},
        rules=rules_with(C_ANY),
        options=Options(events=False),
    )
    state = g.new_state(1)
    state.force_year_cards("west", [1])
    state.apply("conquest cordova from home")
    assert state.religion[1] == "latin" and state.vp_conversions[0] == 0


def test_stature_check_house_table_raises_lowers_or_kills() -> None:
    state = start(CHECK, hand=[2, 2, 2], west={"administrative": 3})
    state.rng.force(6, 6)  # 12: +1
    state.apply("rule march")
    assert state.stat[0][1] == 4
    state.rng.force(3, 3)  # 6: -1
    state.apply("rule march")
    assert state.stat[0][1] == 3
    state.rng.force(1, 1, 1, 2, 6, 6, 6, 6)  # 2: dies; heir rolls 3 -> 1, 12 -> d6+3 with 6 -> 9, 12 -> 9
    entry = state.apply("rule march")
    assert "west: the leader dies" in entry.effects
    assert state.stat[0] == [1, 9, 9] or state.stat[0][0] == 1


def test_stature_check_only_when_the_stature_is_in_the_cards_range() -> None:
    state = start(CHECK, hand=[2], west={"administrative": 6})
    entry = state.apply("rule march")
    assert not any("stature check" in e for e in entry.effects)


def test_heir_table_house_default() -> None:
    state = start()
    state.rng.force(1, 1, 3, 3, 6, 5)  # 2 -> 1, 6 -> 3, 11 -> 6
    assert leaders.heir_statures(state) == [1, 3, 6]


def test_19_1_leader_dies_heirless_unrest_rebellion_and_demesne_lost() -> None:
    state = start(areas={"faraway": AreaStart("west", 1)})
    state.kept[0] = ["enlargement_of_demesne", "technological_weapons"]
    state.excommunicated[0] = True
    effects: list[str] = []
    state.rng.force(6)  # march 6: calm; faraway is cut off from the court: unrest without a roll
    leaders.heirless(state, 0, effects)
    assert state.kept[0] == ["technological_weapons"] and not state.excommunicated[0]
    assert not state.unrest[idx(state, "march")]
    assert any(e.startswith("rebellion check faraway") for e in state.rng.trace)
    assert not state.unrest[idx(state, "home")]


def test_19_2_enlargement_gives_a_gold_each_round() -> None:
    state = start(hand=[99])
    state.kept[0] = ["enlargement_of_demesne"]
    state.apply("rule home")
    state.apply("end-turn")
    assert state.treasury[0] == 13


def test_12_43_diplomatic_coup_breaks_an_opponents_tie() -> None:
    state = start(hand=[99], areas={"border": AreaStart(None, 0, ties=("east",))})
    state.holding[0] = ["diplomatic_coup"]
    assert "play diplomatic_coup border east" in [str(a) for a in state.legal_actions()]
    state.apply("play diplomatic_coup border east")
    assert area(state, "border")["ties"] == [] and state.holding[0] == []


def test_19_2_holding_card_limit_is_three() -> None:
    from model.rules.eotma import events

    state = start()
    state.event_deck = ["diplomatic_coup"] * 4
    for _ in range(4):
        events.draw(state, 0, [])
    assert [d.kind for d in state.pending] == ["discard"]
    state.apply("discard diplomatic_coup")
    assert len(state.holding[0]) == 3 and not state.pending


def test_23_1_schism_influence_conditions() -> None:
    state = rome_game().new_state(2)
    assert not state.union  # 23.0/house default: after 1054 the churches start in schism
    assert schism.influence_condition(state) == 4
    state.ties[0] = 2
    assert schism.influence_condition(state) == 5
    state.ties[0] = 3
    assert schism.influence_condition(state) == 3
    state.owner[0] = 0
    assert schism.influence_condition(state) == 2
    state.ties[0] = 1
    assert schism.influence_condition(state) == 1
    state.owner[0] = 1
    assert schism.influence_condition(state) == 6
    state.rng.force(1, 1)  # 2 under condition 6 -> no change (-)
    effects: list[str] = []
    schism.schism_check(state, effects)
    assert not state.union
    state.owner[0] = 0
    state.rng.force(1, 1)  # condition 1, roll 2 -> U
    schism.schism_check(state, effects)
    assert state.union


def test_house_26_victory_points() -> None:
    state = start(areas={"march": AreaStart("west", 1, claims=("west",))})
    # home: (3 + 2) * 2 = 10; march: 3 + 1 + 3 = 7
    assert victory.victory_points(state)[0] == 17
    assert state.scores() == {"west": 17.0, "east": 10.0 + 4.0}
    assert victory.winners(state) == ["west"]


def test_house_26_handicap_is_added() -> None:
    state = turn_of(game(west={"handicap": 5}).new_state(1), "west")
    assert victory.victory_points(state)[0] == 10 + 4 + 5


def test_23_12_a_change_of_influence_over_rome_calls_another_schism_check() -> None:
    g = rome_game(cards=(card(1, diplomacy={"result": ["T"]}),))
    state = turn_of(g.new_state(2), "byzantium", [1])
    assert state.schism_condition == 4
    entry = unopposed(state, "diplomacy rome")  # a Byzantine tie to Rome: condition 3
    assert state.schism_condition == 3
    assert any(e.startswith("schism table, condition 3") for e in entry.effects)


def test_36_provisional_and_leader_cards_only_with_the_option() -> None:
    from model.rules.eotma import events

    plain = game(options=Options(events=True))
    assert not events.in_game(plain, "great_captain")
    with_36 = game(options=Options(events=True, provisional_cards=True))
    assert events.in_game(with_36, "great_captain")
    assert not events.in_game(with_36, "great_pestilence")  # 976-990 misses 1346-1355
    assert len(with_36.new_state(1).event_deck) == 56 + 3


def test_36_a_card_drawn_after_its_years_is_discarded_and_replaced() -> None:
    from model.rules.eotma import events
    from model.rules.eotma.data import EventCard

    state = start(options=Options(events=True, provisional_cards=True))
    state.event_deck = ["bounty", "great_captain"]
    rules = state.game.rules
    old = rules.event_kinds["great_captain"]
    rules.event_kinds["great_captain"] = EventCard(old.id, old.name, old.kind, old.effect, (700, 800))
    try:
        effects: list[str] = []
        events.draw(state, 0, effects)
    finally:
        rules.event_kinds["great_captain"] = old
    assert "Great Captain is past its years and is discarded (36)" in effects
    assert "west draws event Bounty" in effects


def test_36_11_a_leader_card_adds_to_the_stature_for_one_endeavour() -> None:
    from model.rules.eotma.actions import Rule
    from model.rules.eotma.endeavours.common import locate
    from model.rules.eotma.ratings import base_rating

    state = start(card(5, rule={"target": ["+1(5>)"]}), hand=[5, 5])
    state.holding[0] = ["wise_counsellor"]
    state.apply("play wise_counsellor")
    at = locate(state, 0, Rule("march"))
    assert not isinstance(at, str)
    assert base_rating(state, 0, "rule", at.target, at.base, at.seas) == 3 + 2 - 1
    state.apply("rule march")  # rating 4 < 5: no rise, but the card is used up
    assert state.leader_bonus[0] == "" and "wise_counsellor" in state.event_discard


def test_22_25_a_pagan_group_converts_together_except_areas_of_another_faith() -> None:
    from eotma_helpers import pagan_north, rules_with

    state = pagan_north(rules_with(C_ANY))
    # Norse pagan 12 - a Christian church not in the chart 6 = 6, halved for the tie: 3 C results
    state.force_year_cards("west", [1, 1, 1])
    state.apply("conquest denmark from denmark")
    state.apply("conquest denmark from denmark")
    assert state.religion[1] == "norse_pagan"
    entry = state.apply("conquest denmark from denmark")
    assert state.religion[1:4] == ["latin", "latin", "norse_pagan"]  # sweden is held by the Eastern player
    assert state.vp_conversions[0] == 10 and "norway: converted to latin (+5 VP, 22.28)" in entry.effects


def test_22_12_an_excommunicated_player_does_not_vote() -> None:
    state = start(areas={"march": AreaStart("west", 1, ties=("west",))})
    state.excommunicated[1] = True
    state.apply("parley claim march")
    state.apply("vote no")  # west is the only voter
    assert not state.pending and area(state, "march")["claims"] == []


def test_21_1_an_exiles_unused_cards_still_call_stature_checks() -> None:
    state = start(CHECK, hand=[2, 2], west={"combat": 2})
    state.court[0] = -1
    state.rng.force(6, 6, 6, 6)  # two checks: 12 and 12, +1 each
    entry = state.apply("end-turn")
    assert state.stat[0][0] == 4 and state.hand[0] == []
    assert sum(1 for e in entry.effects if e.startswith("stature check west combat")) == 2


def test_19_event_deck_has_56_cards_with_every_named_card() -> None:
    from model.rules.eotma.data import default_rules

    kinds = default_rules().event_kinds
    # the base deck: no P or L card (36) and no card that needs an optional rule (33.23, 34.12)
    deck = [c for c in default_rules().event_deck if kinds[c].years is None and kinds[c].option is None]
    assert len(deck) == 56 and deck.count("enlargement_of_demesne") == 4
    for name in [
        "leader_dies_heirless",
        "dynastic_inheritance",
        "diplomatic_coup",
        "influence_in_church",
        "missionary_fervor",
        "technological_weapons",
        "tactical_systems_advance",
        "plague",
        "famine",
        "bounty",
        "heresy_spreads",
        "schism_event",
    ]:
        assert name in deck


def test_19_immediate_events_plague_bounty_heresy_inheritance() -> None:
    from model.rules.eotma import events

    kinds = start().game.rules.event_kinds
    state = start(areas={"city": AreaStart("west", 2)})
    effects: list[str] = []
    events.immediate(state, 0, kinds["plague"].effect, effects)  # population 2+: home and city
    assert state.ss[idx(state, "home")] == 1 and state.ss[idx(state, "city")] == 1
    state.rng.force(4)
    events.immediate(state, 0, kinds["bounty"].effect, effects)
    assert state.treasury[0] == 16
    events.immediate(state, 0, kinds["heresy_spreads"].effect, effects)
    assert state.unrest[idx(state, "city")]  # the most populous area outside the court
    state2 = start(west={"language": "lowenish"})
    events.immediate(state2, 0, kinds["dynastic_inheritance"].effect, [])
    border = area(state2, "border")  # independent, next to march, the leader's language and religion
    assert border["owner"] == "west" and border["claims"] == ["west"]


def test_21_2_asylum_is_asked_granted_and_revoked() -> None:
    state = start()
    state.court[0] = -1
    state.apply("ask-asylum east")
    assert state.current_player() == "east" and state.view()["decision"] == "asylum"
    state.apply("accept")
    assert state.asylum[0] == 1 and "diplomacy border" in [str(a) for a in state.legal_actions()]
    state.apply("end-turn")
    state.apply("revoke-asylum west")
    assert state.asylum[0] == -1
    with pytest.raises(IllegalActionError, match=r"21\.2"):
        state.apply("revoke-asylum west")
