"""Choices the rules leave to the player, played through the public API: the holding card given
up over the hand limit (19.2), the unpaid unit points (33.23), the palace areas ruled (35.33), a
partial conversion passed with a gift (22.21), and a crusade's sea areas (9.17, 9.32, 23.32)."""

from __future__ import annotations

import pytest
from eotma_helpers import ISLE_LINKED, area, card, idx, start
from test_crusader_routes_and_states import two_route_state

from model.bots.base import RandomBot
from model.rules.eotma.bot import EotmaHeuristicBot
from model.rules.eotma.data import default_rules
from model.rules.eotma.game import AreaStart, Options
from model.rules.eotma.state import EotmaState
from model.rules.protocol import IllegalActionError, MalformedActionError

DG = Options(events=False, armies_fleets=True, civilisation_markers=True)
PLUS = card(2, rule={"target": ["+1(1>)"]})
C_RESULT = card(3, conquest={"result": ["C"]})


def _round_trip(state: EotmaState) -> None:
    assert state.game.state_from_json(state.to_json()) == state


# --- 19.2: which holding card goes over the hand limit ---


def _over_the_limit() -> EotmaState:
    """East's turn starts with a fourth holding card drawn (limit 3, 19.2)."""
    state = start(hand=[99], options=Options(events=True))
    state.holding[1] = ["great_captain", "influence_in_church", "diplomatic_coup"]
    state.event_deck = ["diplomatic_coup"]  # the next card drawn
    state.apply("rule home")
    state.apply("end-turn")  # east's turn begins with its event card
    return state


def test_19_2_the_player_chooses_the_holding_card_to_discard() -> None:
    state = _over_the_limit()
    assert state.current_player() == "east" and state.view()["decision"] == "discard"
    assert [str(a) for a in state.legal_actions()] == [
        "discard diplomatic_coup",
        "discard great_captain",
        "discard influence_in_church",
    ]
    _round_trip(state)
    with pytest.raises(IllegalActionError, match=r"19\.2"):
        state.apply("end-turn")
    with pytest.raises(IllegalActionError, match="not among the player's holding cards"):
        state.apply("discard wise_counsellor")
    entry = state.apply("discard great_captain")
    assert "east discards great_captain over the hand limit (19.2)" in entry.effects
    assert sorted(state.holding[1]) == ["diplomatic_coup", "diplomatic_coup", "influence_in_church"]
    assert state.event_discard[-1] == "great_captain" and not state.pending


def test_19_2_the_heuristic_bot_keeps_its_leader_card_and_a_random_bot_picks_a_legal_card() -> None:
    state = _over_the_limit()
    choice = EotmaHeuristicBot().choose(state)
    assert str(choice) == "discard diplomatic_coup"  # a leader card in its years is worth more (36.11)
    assert str(RandomBot(1).choose(state)) in [str(a) for a in state.legal_actions()]


# --- 33.23: which unit points go unpaid ---


def _short_of_maintenance() -> EotmaState:
    state = start(hand=[99], options=DG)
    state.army[idx(state, "march")] = 2
    state.army[idx(state, "home")] = 1
    state.fleet[idx(state, "home")] = 1
    state.treasury[0] = 2  # four points, two gold
    state.apply("rule home")
    state.apply("end-turn")
    return state


def test_33_23_the_player_chooses_the_unit_points_left_unpaid() -> None:
    state = _short_of_maintenance()
    assert state.current_player() == "west" and state.view()["decision"] == "maintain"
    assert state.pending[-1].data == (2,)
    assert [str(a) for a in state.legal_actions()] == [
        "disband home army",
        "disband march army",
        "disband home fleet",
    ]
    _round_trip(state)
    with pytest.raises(IllegalActionError, match="holds no army point"):
        state.apply("disband capital army")
    state.apply("disband march army")
    assert state.pending[-1].data == (1,) and state.treasury[0] == 2
    entry = state.apply("disband home army")
    assert "home: 1 army point unpaid and removed (33.23)" in entry.effects
    assert area(state, "march")["army"] == 1 and area(state, "home")["army"] == 0
    assert area(state, "home")["fleet"] == 1 and state.treasury[0] == 0
    assert state.current_player() == "east" and not state.pending


def test_33_23_the_heuristic_bot_gives_up_its_fleet_first() -> None:
    state = _short_of_maintenance()
    assert str(EotmaHeuristicBot().choose(state)) == "disband home fleet"


def test_33_23_a_player_who_can_pay_is_not_asked() -> None:
    state = start(hand=[99], options=DG)
    state.army[idx(state, "march")] = 2
    state.apply("rule home")
    state.apply("end-turn")
    assert state.current_player() == "east" and state.treasury[0] == 10


def test_33_23_a_player_may_give_up_a_unit_point_it_will_not_maintain() -> None:
    state = start(hand=[99], options=DG)
    state.army[idx(state, "march")] = 2
    assert "disband march army" in [str(a) for a in state.legal_actions()]
    entry = state.apply("disband march army")
    assert "march: 1 army point given up, not to be maintained (33.23)" in entry.effects
    state.apply("rule home")
    state.apply("end-turn")
    assert area(state, "march")["army"] == 1 and state.treasury[0] == 11
    with pytest.raises(IllegalActionError, match="holds no army point"):
        state.apply("disband march army")  # east's turn: not west's to give up now


# --- 35.33: which palace areas are ruled ---


def _palaces() -> EotmaState:
    state = start(
        PLUS,
        hand=[2, 2],
        options=DG,
        areas={"march": AreaStart("west", 2), "border": AreaStart("west", 2)},
    )
    for name in ("home", "march", "border"):
        state.civ[idx(state, name)] = 4
    return state


def test_35_33_the_player_chooses_which_palace_areas_to_rule() -> None:
    state = _palaces()
    listed = [str(a) for a in state.legal_actions() if str(a).startswith("rule-palaces")]
    listed = [a for a in listed if "+" not in a]  # the choices with extra gold: test_35_33_extra_gold_...
    assert listed == [
        "rule-palaces",
        "rule-palaces home march",
        "rule-palaces home border",
        "rule-palaces march border",
    ]
    with pytest.raises(IllegalActionError, match="capital: not a connected own area with a palace"):
        state.apply("rule-palaces home capital")
    entry = state.apply("rule-palaces home border")
    # home: 3 - 2 = 1, border: 3 - 2 - 1 (related language) = 0; +1(1>) on home only.
    assert "rule home: rating 1" in entry.effects and "rule border: rating 0" in entry.effects
    assert not any(e.startswith("rule march") for e in entry.effects)
    assert area(state, "home")["social_state"] == 3 and area(state, "march")["social_state"] == 2
    assert area(state, "border")["social_state"] == 2 and state.endeavours_done == 1
    assert state.hand[0] == [2]


def test_35_33_extra_gold_is_spent_per_palace_area() -> None:
    state = _palaces()
    action = state.game.parse_action("rule-palaces home march +2")
    assert str(action) == "rule-palaces home march +2"
    with pytest.raises(MalformedActionError, match="once, after its palace area"):
        state.game.parse_action("rule-palaces +2 home")
    entry = state.apply("rule-palaces home march +2")
    # home: 3 - 2 = 1; march: 3 - 2 = 1, + 2; the card gives +1 on a rating of 1 or more.
    assert "rule home: rating 1" in entry.effects and "rule march: rating 3" in entry.effects
    assert state.treasury[0] == 10 and area(state, "march")["social_state"] == 3
    state.treasury[0] = 1
    with pytest.raises(IllegalActionError, match="costs 2 gold and the treasury holds 1"):
        state.apply("rule-palaces home border +2")


def test_35_33_the_heuristic_bot_rules_only_the_palace_areas_worth_it() -> None:
    state = _palaces()
    state.ss[idx(state, "home")] = 3  # nothing to gain there
    state.unrest[idx(state, "march")] = True
    state.unrest[idx(state, "border")] = True
    assert str(EotmaHeuristicBot().choose(state)) == "rule-palaces march border"


# --- 22.21: a partial conversion passed on with a gift ---


def _converting(east: dict[str, object] | None = None) -> EotmaState:
    state = start(C_RESULT, hand=[3, 3], areas={"isle": AreaStart("west", 1)}, tables=ISLE_LINKED, east=east)
    state.apply("conquest isle from isle")  # a conversion attempt (22.2): one C result of six
    assert state.conversion == {(0, idx(state, "isle")): 1}
    return state


def test_22_21_a_gift_may_pass_the_partial_conversion_when_both_agree() -> None:
    state = _converting()
    assert "give east area isle conversion" in [str(a) for a in state.legal_actions()]
    state.apply("give east area isle conversion")
    assert state.current_player() == "east" and state.view()["decision"] == "transfer"
    assert state.view()["decision_about"]["areas"] == ["isle"]
    _round_trip(state)
    assert str(EotmaHeuristicBot().choose(state)) == "accept"
    entry = state.apply("accept")
    assert "east takes over 1 conversion results in isle (22.21)" in entry.effects
    assert state.conversion == {(1, idx(state, "isle")): 1}
    assert area(state, "isle")["owner"] == "east" and state.current_player() == "west"


def test_22_21_a_refused_transfer_leaves_the_receiver_without_the_progress() -> None:
    state = _converting()
    state.apply("give east area isle conversion")
    state.apply("refuse")
    assert state.conversion == {(0, idx(state, "isle")): 1} and area(state, "isle")["owner"] == "east"


def test_22_21_no_transfer_offered_without_progress_or_to_another_faith() -> None:
    state = start(hand=[99], areas={"isle": AreaStart("west", 1)}, tables=ISLE_LINKED)
    with pytest.raises(IllegalActionError, match="no partial conversion of isle"):
        state.apply("give east area isle conversion")
    other = _converting(east={"religion": "eastern"})  # east's leader of another church
    with pytest.raises(IllegalActionError, match="same faith"):
        other.apply("give east area isle conversion")


# --- 9.17, 9.32 in 23.32: a crusade launched by sea ---


def test_9_17_a_crusade_launched_by_sea_pays_one_gold_per_sea_area() -> None:
    by_sea = two_route_state(sea_costs=True)
    by_sea.apply("crusade")
    by_sea.apply("crusade-route venice")  # venice - med - syria: one sea area
    by_sea.apply("crusade-attack syria")
    assert by_sea.treasury[0] == 12 - 2 - 1

    free = two_route_state(sea_costs=False)
    free.apply("crusade")
    free.apply("crusade-route venice")
    free.apply("crusade-attack syria")
    assert free.treasury[0] == 12 - 2


def test_9_32_two_sea_areas_halve_a_crusaders_rating_before_the_gold() -> None:
    one = two_route_state(sea_costs=True)
    one.apply("crusade")
    one.apply("crusade-route venice")
    entry = one.apply("crusade-attack syria +2")
    assert (
        "france crusades against syria: card 1, rating 4" in entry.effects
    )  # 4 + base venice 1 - 1 - 2, + 2

    two = two_route_state(sea_costs=True, two_seas=True)
    two.apply("crusade")
    two.apply("crusade-route venice")  # venice - med - levant - syria
    assert two.crusade_seas == 2
    _round_trip(two)
    entry = two.apply("crusade-attack syria +2")
    assert "france crusades against syria: card 1, rating 3" in entry.effects  # 2 halved to 1, + 2
    assert two.treasury[0] == 12 - 2 - 2 - 2


# --- 20.42: the heuristic bot calls a parley it carries ---


def _tied_march(diplomatic: int, religion: str) -> EotmaState:
    """West holds and is tied to the march, of ``religion``; east (3 diplomatic) is the other voter."""
    state = start(
        hand=[99], west={"diplomatic": diplomatic}, areas={"march": AreaStart("west", 1, ties=("west",))}
    )
    state.religion[idx(state, "march")] = religion
    return state


def test_20_42_the_heuristic_bot_calls_a_claim_parley_it_expects_to_win() -> None:
    # The march of the Eastern Church: no claim comes by rule 18 (the leader is Latin), so a vote is
    # worth calling when west's 5 votes beat east's 3, east voting no (west is not behind it).
    assert str(EotmaHeuristicBot().choose(_tied_march(5, "eastern"))) == "parley claim march"
    weaker = _tied_march(2, "eastern")
    weaker.treasury[weaker.game.player_index["west"]] = (
        default_rules().bot.bribe_reserve - 1
    )  # no gold to spare
    assert not str(EotmaHeuristicBot().choose(weaker)).startswith("parley")
    # A Latin march is claimed at the end of west's next turn (18, method 1): a parley it carries
    # brings the claim forward, but it gives no gold for one it would lose.
    assert str(EotmaHeuristicBot().choose(_tied_march(5, "latin"))) == "parley claim march"
    weaker = _tied_march(2, "latin")
    weaker.treasury[weaker.game.player_index["west"]] = 10
    assert not str(EotmaHeuristicBot().choose(weaker)).startswith(("parley", "give"))


def test_20_1_the_heuristic_bot_gives_the_swing_voter_a_gold_then_calls_the_parley() -> None:
    state = _tied_march(2, "eastern")
    west = state.game.player_index["west"]
    state.treasury[west] = 10
    bot = EotmaHeuristicBot()
    gift = bot.choose(state)
    assert str(gift) == "give east gold 1"  # east's 3 votes against west's 2: one gold turns it
    state.apply(gift)
    assert state.treasury[west] == 9
    assert str(bot.choose(state)) == "parley claim march"
    state.apply("parley claim march")
    # East, paid this round, votes yes (20.4); the claim carries.
    while state.pending:
        state.apply(EotmaHeuristicBot().choose(state))
    assert state.claims[idx(state, "march")] & (1 << west)
