"""The heuristic bot converts its own areas of another faith (22.2, 22.25) and plays its leader
cards just before an endeavour they serve (36.11) and Diplomatic Coup against a rival's tie (12.43)."""

from __future__ import annotations

from eotma_helpers import idx, pagan_north, start

from model.rules.eotma.actions import Conquest, Diplomacy
from model.rules.eotma.bot import EotmaHeuristicBot, odds
from model.rules.eotma.botdiplomacy import leader_card
from model.rules.eotma.conversion import conversion_differential
from model.rules.eotma.data import Rules
from model.rules.eotma.game import AreaStart, Options
from model.rules.eotma.state import EotmaState


def test_22_2_the_bot_converts_its_pagan_area_from_its_court() -> None:
    state = pagan_north(Rules.load())
    west = state.game.player_index["west"]
    denmark = idx(state, "denmark")
    bot = EotmaHeuristicBot()
    # The whole Norse group would follow (22.25): denmark, and norway nobody holds; sweden is east's.
    # Three C results are needed (the differential, halved for west's tie, 22.24): 2 x 5 VP / 3.
    assert conversion_differential(state, west, denmark) == 3
    assert bot._conversion_value(state, west, denmark) == 2 * state.game.rules.vp_conversion / 3
    # Its first move is a claim parley for denmark (no rule 18 claim for a pagan area); after it,
    # with three results to get at west's low rating, fortifying the court is worth more.
    assert str(bot.choose(state)) == "parley claim denmark"
    state.parley_round[west] = state.round
    assert str(bot.choose(state)) == "fortify home"
    state.conversion[(west, denmark)] = 2  # one result left: the whole value rides on it
    assert bot._conversion_value(state, west, denmark) == 10.0
    assert str(EotmaHeuristicBot().choose(state)) == "conquest denmark from home +5"


def test_36_11_a_leader_card_is_played_just_before_an_endeavour_of_its_stature() -> None:
    state = start(hand=[99], options=Options(events=True))
    west = state.game.player_index["west"]
    state.holding[west].append("great_captain")  # +2 combat (36.11), no languages listed (36.12)
    conquest = Conquest("border", 0, "march")
    assert str(leader_card(state, west, conquest)) == "play great_captain"
    assert leader_card(state, west, Diplomacy("border")) is None  # a diplomatic endeavour
    state.leader_bonus[west] = "great_captain"
    assert leader_card(state, west, conquest) is None  # one card in play at a time


def test_12_43_diplomatic_coup_breaks_a_rivals_tie_to_an_own_area() -> None:
    state = start(
        hand=[99], options=Options(events=True), areas={"march": AreaStart("west", 1, ties=("east",))}
    )
    west = state.game.player_index["west"]
    state.holding[west].append("diplomatic_coup")
    assert str(EotmaHeuristicBot().choose(state)) == "play diplomatic_coup march east"
    state.apply("play diplomatic_coup march east")
    assert not state.ties[idx(state, "march")] & (1 << state.game.player_index["east"])


def test_14_43_it_lowers_the_fort_of_an_area_it_converts_when_that_is_worth_more() -> None:
    state = pagan_north(Rules.load())
    west = state.game.player_index["west"]
    denmark = idx(state, "denmark")
    state.parley_round[west] = state.round
    state.conversion[(west, denmark)] = 2  # one result left: 10 VP ride on it
    state.fort[denmark] = 2  # -2 to west's own conversion rating (14.31)
    # Only independent norway borders denmark: the fort just lowers its rebellion value (14.32),
    # 0.5 VP a level, less than the two points of rating are worth to the conversion.
    assert str(EotmaHeuristicBot().choose(state)) == "reduce-fort denmark"
    state.apply("reduce-fort denmark")
    assert state.fort[denmark] == 0
    assert str(EotmaHeuristicBot().choose(state)).startswith("conquest denmark from home")
    # With fort_threat_share 0 it keeps any fortification an area with a foreign neighbour has.
    state.fort[denmark] = 2
    bot = EotmaHeuristicBot(Rules.load().bot.replace({"fort_threat_share": 0}))
    assert str(bot.choose(state)) == "conquest denmark from home +5"


def _strong_west(combat: int, done: int) -> tuple[EotmaState, int, int]:
    """pagan_north with west's combat stature set, ``done`` results toward converting denmark
    and its court already at strength 3 (no fortification of it to weigh)."""
    state = pagan_north(Rules.load())
    west = state.game.player_index["west"]
    denmark = idx(state, "denmark")
    state.parley_round[west] = state.round
    state.conversion[(west, denmark)] = done
    state.fort[idx(state, "home")] = 3
    stat = list(state.stat[west])
    stat[0] = combat
    state.stat[west] = type(state.stat[west])(stat)
    return state, west, denmark


def test_14_43_the_fort_is_given_up_once_for_every_result_the_conversion_still_needs() -> None:
    state, west, denmark = _strong_west(combat=5, done=1)
    state.fort[denmark] = 2  # -2 to each of the two conversion results still needed (14.31)
    bot = EotmaHeuristicBot()
    # The fort's 1 VP (two levels at 0.5, 14.32) is shared over the two results: lowering it
    # first beats the pillage of norway and the conversion at -2.
    assert str(bot.choose(state)) == "reduce-fort denmark"
    assert bot._results_needed(state, west, denmark) == 2
    state.conversion[(west, denmark)] = 0  # three results to go, at a combat stature of 3
    stat = list(state.stat[west])
    stat[0] = 3
    state.stat[west] = type(state.stat[west])(stat)
    assert str(EotmaHeuristicBot().choose(state)) != "reduce-fort denmark"


def test_22_24_it_ties_its_own_area_to_halve_the_conversion() -> None:
    state, west, denmark = _strong_west(combat=7, done=0)
    state.ties[denmark] &= ~(1 << west)
    assert conversion_differential(state, west, denmark) == 6  # 12 - 6 without the tie
    bot = EotmaHeuristicBot()
    # A tie (from a T, or a C against its own area, 12.3) halves it to 3 (22.24): three results
    # saved at 2 x 5 VP / 6 each, worth more than the pillage or conquest of norway.
    assert str(bot.choose(state)) == "diplomacy denmark +3"
    assert bot._tie_for_conversion(state, west, denmark, odds(state.game.rules)) == 5.0
    plain = EotmaHeuristicBot(Rules.load().bot.replace({"tie_to_convert": False}))
    assert str(plain.choose(state)) == "conquest norway from denmark +2"
    # Once tied, the tie is worth nothing more to the conversion.
    state.ties[denmark] |= 1 << west
    assert bot._tie_for_conversion(state, west, denmark, odds(state.game.rules)) == 0.0
