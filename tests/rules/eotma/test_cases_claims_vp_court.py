"""Rule cases for claims (18, house default of facts sheet 6.1), victory points (26, house default
of facts sheet 6.2), loss and relocation of the court (7.51-7.52 house defaults) and exile and
asylum (21), through the public API."""

from __future__ import annotations

import copy

import pytest
from eotma_helpers import ISLE_LINKED, area, card, game, start, unopposed
from test_cases_support import first, rating_in

from model.rules.eotma.data import _default_table
from model.rules.eotma.game import AreaStart, EotmaGame
from model.rules.eotma.state import EotmaState

TIE = card(1, diplomacy={"result": ["T"]})
DIP_C = card(2, diplomacy={"result": ["C"]})
C = card(3, conquest={"result": ["C"]})
NOTHING = 99


def legal(state: EotmaState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def vp(state: EotmaState, empire: str) -> int:
    result: int = state.view()["empires"][empire]["victory_points"]
    return result


def next_round_turn(state: EotmaState, player: str, hand: list[int]) -> EotmaState:
    """End the current turns until the next round's initiative, then give ``player`` the first place."""
    while state.phase != "initiative":
        if state.endeavours_done == 0 and state.hand[state.active()]:
            state.force_year_cards(str(state.current_player()), [NOTHING])
            state.apply("rule capital" if state.current_player() == "east" else "rule home")
        state.apply("end-turn")
    return first(state, player, hand)


# --- 26 victory points (house default) ---


def test_26_each_area_is_worth_three_plus_its_social_state_and_the_court_double() -> None:
    # west: home (court) (3 + 2) * 2 = 10, march 3 + 1 = 4, border at -3: 0 -> 14
    # east: capital (3 + 3) * 2 = 12, city 3 + (-1) = 2 -> 14, +5 handicap -> 19
    state = game(
        areas={
            "border": AreaStart("west", -3),
            "capital": AreaStart("east", 3),
            "city": AreaStart("east", -1),
        },
        east={"handicap": 5},
    ).new_state(1)
    assert vp(state, "west") == 14 and vp(state, "east") == 19
    assert state.scores() == {"west": 14.0, "east": 19.0}


def test_26_a_claim_to_an_owned_area_adds_three_and_a_conversion_five() -> None:
    state = game(
        areas={
            "march": AreaStart("west", 1, claims=("west",)),
            "city": AreaStart("east", 1, claims=("west",)),
        }
    ).new_state(1)
    assert vp(state, "west") == 10 + 4 + 3  # the claim to east's city is worth nothing to west


def test_22_28_and_26_a_conversion_adds_five_points_for_good() -> None:
    # west converts its isle (old faith) with one C result (chart cut down to make it one):
    # isle 3 + SS 1 = 4 more for the area, 5 for the conversion
    conversion = copy.deepcopy(_default_table("conversion"))
    conversion["religions"]["old_faith"] = {"convictional": 1, "proselytic": 0}
    state = start(
        C, hand=[3], areas={"isle": AreaStart("west", 1)}, tables={**ISLE_LINKED, "conversion": conversion}
    )
    assert vp(state, "west") == 14 + 4
    state.apply("conquest isle from isle")
    assert area(state, "isle")["religion"] == "latin" and vp(state, "west") == 14 + 4 + 5


def test_26_equal_points_go_to_the_higher_sum_of_statures() -> None:
    state = game(west={"combat": 4}).new_state(1)
    assert vp(state, "west") == vp(state, "east") == 14
    assert state.winners() == ["west"]


def test_a_search_bot_rates_a_position_by_its_points_and_its_gold_at_the_bots_price() -> None:
    # The MCTS level's evaluation (model/bots/mcts.py) of an unfinished game: 26 points plus each
    # gold at the bot table's gold_value (0.45 VP), the price the heuristic level pays for gold.
    state = game(west={"treasury": 10}, east={"treasury": 4}).new_state(1)
    assert state.game.rules.bot.gold_value == 0.45
    assert state.evaluation() == pytest.approx({"west": 14 + 4.5, "east": 14 + 1.8})
    state.treasury[1] += 10
    assert state.evaluation()["east"] == pytest.approx(14 + 6.3) and state.scores()["east"] == 14


def test_a_search_bot_prices_gold_lower_over_the_last_rounds_when_the_bot_table_says_so() -> None:
    # search_gold_rounds 4 in a game of 3 rounds: 3/4 of its worth in the first round (3 left,
    # the current one counted), 1/4 in the last; the shipped 0 never lowers it.
    table = {"bot": {"search_gold_rounds": {"value": 4}}}
    state = game(west={"treasury": 10}, east={"treasury": 4}, tables=table).new_state(1)
    assert state.evaluation()["west"] == pytest.approx(14 + 0.45 * 10 * 3 / 4)
    state.round = 2  # the last of 3 rounds: one left
    assert state.evaluation()["west"] == pytest.approx(14 + 0.45 * 10 / 4)
    plain = game(west={"treasury": 10}, east={"treasury": 4}).new_state(1)
    plain.round = 2
    assert plain.evaluation()["west"] == pytest.approx(14 + 4.5)


# --- 18 claims (house default) ---


def test_18_own_area_and_tie_give_a_claim_at_the_end_of_the_next_own_turn() -> None:
    state = start(TIE, hand=[1])
    unopposed(state, "diplomacy march")
    state.apply("end-turn")
    assert area(state, "march")["claims"] == []  # not in the turn the tie was made
    state = next_round_turn(state, "west", [NOTHING])
    state.apply("rule home")
    entry = state.apply("end-turn")
    assert "march: claim for west (18, method 1)" in entry.effects
    assert area(state, "march")["claims"] == ["west"] and vp(state, "west") == 14 + 3


def test_18_own_area_and_tie_held_at_the_start_give_a_claim_at_the_end_of_the_first_turn() -> None:
    state = start(hand=[NOTHING], areas={"march": AreaStart("west", 1, ties=("west",))})
    state.apply("rule home")
    entry = state.apply("end-turn")
    assert "march: claim for west (18, method 1)" in entry.effects


def test_18_an_area_given_in_another_players_turn_is_claimed_at_the_end_of_the_next_own_turn() -> None:
    # west gives march (Latin, east holds a tie) to east in west's turn; east's next turn is its
    # first: the claim comes at its end
    state = start(hand=[NOTHING], areas={"march": AreaStart("west", 1, ties=("east",))})
    state.apply("give east area march")
    assert area(state, "march")["owner"] == "east"
    state.apply("rule home")
    state.apply("end-turn")
    state.force_year_cards("east", [NOTHING])
    state.apply("rule capital")
    entry = state.apply("end-turn")
    assert "march: claim for east (18, method 1)" in entry.effects


def test_18_no_claim_when_the_area_is_lost_before_the_next_turn_ends() -> None:
    state = start(TIE, C, hand=[1], areas={"border": AreaStart("west", 0), "city": AreaStart("east", 3)})
    unopposed(state, "diplomacy border")
    state.apply("end-turn")
    state.force_year_cards("east", [3])
    state.apply("conquest border from city +3")  # west has no card left to defend with (13.14)
    assert area(state, "border")["owner"] == "east"
    state.apply("end-turn")
    state = next_round_turn(state, "west", [NOTHING])
    state.apply("rule home")
    state.apply("end-turn")
    assert area(state, "border")["claims"] == []


def test_18_no_claim_by_own_and_tie_to_an_area_of_another_religion() -> None:
    # isle (old faith) owned and tied: the leader is Latin
    state = start(hand=[NOTHING], areas={"isle": AreaStart("west", 1, ties=("west",))})
    state.apply("rule home")
    state.apply("end-turn")
    state = next_round_turn(state, "west", [NOTHING])
    state.apply("rule home")
    state.apply("end-turn")
    assert area(state, "isle")["claims"] == []


def test_18_a_diplomatic_conquest_of_a_tied_opponents_area_of_the_same_religion_gives_a_claim() -> None:
    state = start(DIP_C, hand=[2], areas={"city": AreaStart("east", 1, ties=("west",))})
    unopposed(state, "diplomacy city")
    entry = state.apply("oppose 0")
    assert "city: claim for west (18, method 2)" in entry.effects
    assert area(state, "city")["claims"] == ["west"]


def test_18_no_claim_from_a_diplomatic_conquest_without_a_tie() -> None:
    state = start(DIP_C, hand=[2], areas={"city": AreaStart("east", 1)})
    unopposed(state, "diplomacy city")
    state.apply("oppose 0")
    assert area(state, "city")["owner"] == "west" and area(state, "city")["claims"] == []


# --- 7.51, 7.52 court and connection (house defaults), 21 exile and asylum ---


def test_7_51_areas_cut_off_from_the_court_go_into_unrest() -> None:
    # west: home - march - border; east takes march from city: border is cut off
    state = start(C, player="east", hand=[3], areas={"border": AreaStart("west", 1)})
    state.apply("conquest march from city +2")
    entry = state.apply("decline")
    assert area(state, "march")["owner"] == "east"
    assert "border: cut off from the court, unrest (7.51, 17.0)" in entry.effects
    assert area(state, "border")["unrest"] and not area(state, "home")["unrest"]


def test_7_52_a_lost_court_moves_to_a_suitable_area_and_without_one_the_player_goes_into_exile() -> None:
    # west's court is march; it also holds home (aldic, Latin) and border (lowenish)
    state = start(C, player="east", hand=[3], west={"court": "march"}, areas={"border": AreaStart("west", 1)})
    state.apply("conquest march from city")
    entry = state.apply("decline")
    assert "west moves its court to home (7.52)" in entry.effects
    assert (
        state.view()["empires"]["west"]["court"] == "home" and not state.view()["empires"]["west"]["exiled"]
    )
    # without home, nothing of the leader's language and religion is left: exile
    state = start(
        C,
        player="east",
        hand=[3],
        west={"court": "march"},
        areas={"home": AreaStart("east", 2), "border": AreaStart("west", 1)},
    )
    state.apply("conquest march from city")
    entry = state.apply("decline")
    assert "west has no suitable court left and goes into exile (21.0)" in entry.effects
    assert state.view()["empires"]["west"]["exiled"] and area(state, "border")["unrest"]


def exiled_west(**areas: AreaStart) -> EotmaState:
    """West has lost its court (home is east's); it keeps march and border."""
    starts = {"home": AreaStart("east", 2), "border": AreaStart("west", 1), **areas}
    state = game(
        TIE,
        DIP_C,
        west={"court": None, "language": "aldic", "religion": "latin"},
        areas=starts,
    ).new_state(6)
    return first(state, "west")


def test_21_0_an_exile_keeps_gold_ties_and_claims_but_may_not_tax_or_conquer() -> None:
    state = exiled_west(venice=AreaStart(None, 0, ties=("west",), claims=("west",)))
    view = state.view()
    assert view["empires"]["west"]["exiled"] and view["empires"]["west"]["treasury"] == 12
    assert area(state, "venice")["ties"] == ["west"] and area(state, "venice")["claims"] == ["west"]
    actions = legal(state)
    assert "taxation" not in actions
    assert not any(
        a.startswith(("conquest ", "pillage ", "rule ", "fortify ", "diplomacy ")) for a in actions
    )
    assert "ask-asylum east" in actions
    assert area(state, "march")["unrest"] and area(state, "border")["unrest"]  # no court: cut off


def test_21_2_asylum_bases_diplomacy_on_the_hosts_court_with_the_leaders_own_differences() -> None:
    state = exiled_west()
    state.force_year_cards("west", [NOTHING])
    state.apply("ask-asylum east")
    assert state.current_player() == "east"
    state.apply("accept")
    assert "diplomacy venice" in legal(state)
    # diplomatic 3 + SS(capital, the host's court) 2 - SS(venice) 0 - 5 - lowenish vs the
    # leader's aldic: related 1 = -1 (from kestrian it would be unrelated: -2)
    entry = unopposed(state, "diplomacy venice")
    assert rating_in(entry.effects, "diplomacy", "venice") == -1


def test_21_3_a_diplomatic_conquest_of_an_area_of_the_leaders_language_and_religion_ends_exile() -> None:
    state = exiled_west(march=AreaStart(None, 1), border=AreaStart(None, 1))
    state.force_year_cards("west", [2, 2])
    state.apply("ask-asylum east")
    state.apply("accept")
    unopposed(state, "diplomacy border")  # lowenish: taken, but no court
    assert area(state, "border")["owner"] == "west" and state.view()["empires"]["west"]["exiled"]
    entry = unopposed(state, "diplomacy march")  # aldic, Latin: the new court
    assert "west returns from exile with its court at march (21.3)" in entry.effects
    assert state.view()["empires"]["west"]["court"] == "march"
    assert "taxation" in legal(state)


# --- 18 claims and the leader's religion (22.11, 23.11, facts sheet 6.1) ---


def test_18_an_excommunicated_leader_still_gains_claims_to_areas_of_its_own_religion() -> None:
    # 22.11 makes the leader pagan for ratings and rebellion values only
    state = start(hand=[NOTHING], areas={"march": AreaStart("west", 1, ties=("west",))})
    state.excommunicated[0] = True
    state.apply("rule home")
    state.apply("end-turn")
    state = next_round_turn(state, "west", [NOTHING])
    state.apply("rule home")
    state.apply("end-turn")
    assert area(state, "march")["claims"] == ["west"]


def union_game(union: bool) -> EotmaState:
    base = game(areas={"faraway": AreaStart("west", 1, ties=("west",))})
    g = EotmaGame(base.board, base.seats, base.starts, rules=base.rules, options=base.options, union=union)
    return first(g.new_state(1), "west", [NOTHING])


@pytest.mark.parametrize(("union", "claims"), [(True, ["west"]), (False, [])])
def test_18_under_a_union_an_area_of_the_other_church_counts_as_the_leaders_own(
    union: bool, claims: list[str]
) -> None:
    # faraway is of the Eastern Church; the leader is Latin (23.11: one church under a union)
    state = union_game(union)
    state.apply("rule home")
    state.apply("end-turn")
    state = next_round_turn(state, "west", [NOTHING])
    state.apply("rule home")
    state.apply("end-turn")
    assert area(state, "faraway")["claims"] == claims


def test_18_a_claim_ends_when_the_area_converts_to_a_religion_not_the_holders() -> None:
    # east's leader is of the old faith and holds a claim to isle (old faith); west (Latin) owns
    # isle and converts it with a single C result (the chart is cut down to make it one)
    conversion = copy.deepcopy(_default_table("conversion"))
    conversion["religions"]["old_faith"] = {"convictional": 1, "proselytic": 0}
    state = start(
        C,
        hand=[3],
        east={"religion": "old_faith"},
        areas={"isle": AreaStart("west", 1, claims=("east", "west"), ties=("east",))},
        tables={**ISLE_LINKED, "conversion": conversion},
    )
    entry = state.apply("conquest isle from isle")
    assert area(state, "isle")["religion"] == "latin"
    assert area(state, "isle")["claims"] == ["west"]
    assert "isle: the claim of east ends with the conversion (18)" in entry.effects


def test_21_1_an_exiles_unused_cards_still_call_their_stature_checks() -> None:
    check = card(5, stature_check="any")
    state = game(
        check,
        west={"court": None, "language": "aldic", "religion": "latin", "combat": 4},
        areas={"home": AreaStart("east", 2)},
    ).new_state(6)
    state = first(state, "west", [5, NOTHING])
    state.rng.force(6, 5)  # 11: +1 on the house-default check table, on combat (exile_check_stature)
    entry = state.apply("end-turn")
    assert "stature check west combat 4: 2d6 6+5=11" in entry.effects
    assert state.view()["empires"]["west"]["leader"]["combat"] == 5
    assert state.view()["empires"]["west"]["year_cards_left"] == 0


def test_21_3_asylum_ends_when_the_exile_takes_a_court_by_diplomacy() -> None:
    state = exiled_west(march=AreaStart(None, 1))
    state.force_year_cards("west", [2])
    state.apply("ask-asylum east")
    state.apply("accept")
    unopposed(state, "diplomacy march")
    assert state.view()["empires"]["west"]["court"] == "march"
    assert "revoke-asylum west" not in legal(state) and "ask-asylum east" not in legal(state)
    assert state.asylum[0] == -1


def test_7_51_a_rebellion_in_the_middle_cuts_off_the_areas_behind_it() -> None:
    # west: home - march - border; march rebels while taxed: border loses its line to the court
    state = start(areas={"march": AreaStart("west", 1, unrest=True), "border": AreaStart("west", 1)})
    state.apply("taxation")
    state.rng.force(1, 1)  # value 1 + 5 = 6: 2 is in S(2): rebellion
    entry = state.apply("tax march 1")
    assert area(state, "march")["owner"] is None
    assert "border: cut off from the court, unrest (7.51, 17.0)" in entry.effects
    assert "tax border 1" not in legal(state)  # 16.13


def test_7_51_a_line_of_communications_crosses_up_to_three_seas_from_a_seafaring_home() -> None:
    # far3 lies 3 sea areas from port (a seafaring home): linked; far4 lies 4 away: cut off
    from test_cases_support import sea_start

    state = sea_start(areas={"far3": AreaStart("west", 2), "far4": AreaStart("west", 2)})
    state.apply("taxation")
    actions = legal(state)
    assert "tax far3 2" in actions and not any(a.startswith("tax far4") for a in actions)
    state.rng.force(3, 4)
    state.apply("tax far3 1")  # 1 + unrelated 2 + other church 1 = 4: 7 is nothing
    assert state.treasury[0] == 13


def test_7_52_with_several_suitable_areas_the_player_chooses_the_new_court() -> None:
    # on the sea board west's court keep rebels after a failed ruling; port and dock (aldic, Latin,
    # linked across s1 through the seafaring port) are both suitable
    from test_cases_support import sea_start

    loss = card(6, rule={"target": ["-1(<9)"]})
    state = sea_start(loss, hand=[6], areas={"keep": AreaStart("west", 1, unrest=True)})
    state.rng.force(1, 1)  # value 5 (unrest): 2 is in S(1): rebellion
    entry = state.apply("rule keep")
    assert area(state, "keep")["owner"] is None
    assert "west must choose a new court among port, dock" in entry.effects
    assert state.current_player() == "west" and set(legal(state)) == {"relocate port", "relocate dock"}
    entry = state.apply("relocate dock")
    assert "west moves its court to dock (7.52)" in entry.effects
    assert state.view()["empires"]["west"]["court"] == "dock" and not area(state, "port")["unrest"]


def test_21_0_a_court_taken_by_conquest_sends_a_player_without_a_suitable_area_into_exile() -> None:
    # west holds city; east's court capital (population 2) falls to two C results; east's other
    # area, faraway, is of the Eastern Church, not the leader's: no new court
    state = start(
        C,
        hand=[3, 3],
        areas={"city": AreaStart("west", 1), "faraway": AreaStart("east", 1)},
    )
    state.force_year_cards("east", [NOTHING])  # one card: east cannot defend before its turn (13.13)
    state.apply("conquest capital from city")
    assert area(state, "capital")["partial_conquest"] == {"west": 1}
    entry = state.apply("conquest capital from city")
    assert "east has no suitable court left and goes into exile (21.0)" in entry.effects
    capital = area(state, "capital")
    assert capital["owner"] == "west" and capital["unrest"]
    assert state.view()["empires"]["east"]["exiled"] and area(state, "faraway")["unrest"]
