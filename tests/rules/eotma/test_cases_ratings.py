"""Rule cases for effectiveness ratings (9.x, facts sheet 3.2), played through the public API.

Each case works its rating out by hand from the formula (stature, social states, population,
forts, language and religion, sea areas, gold) and reads the rating the engine logs.
"""

from __future__ import annotations

import pytest
from eotma_helpers import ISLE_LINKED, area, card, start, unopposed
from test_cases_support import rating_in, sea_start

from model.rules.eotma.game import AreaStart
from model.rules.protocol import IllegalActionError

C = card(1, conquest={"result": ["C"]})
NOTHING = 99


def test_9_3_conquest_subtracts_a_negative_target_social_state_as_a_gain() -> None:
    # combat 3 + SS(keep) 1 - SS(hill) -2 - fort 0 - related language 1 - same religion 0 = 5
    state = sea_start(hand=[NOTHING], areas={"hill": AreaStart(None, -2)})
    entry = state.apply("conquest hill from keep")
    assert rating_in(entry.effects, "conquest", "hill") == 5


def test_9_3_conquest_uses_combat_not_the_other_statures() -> None:
    # combat 5 + SS(keep) 1 - SS(hill) 1 - related 1 = 4 (administrative and diplomatic play no part)
    state = sea_start(
        hand=[NOTHING],
        west={"combat": 5, "administrative": 1, "diplomatic": 9},
        areas={"hill": AreaStart(None, 1)},
    )
    entry = state.apply("conquest hill from keep")
    assert rating_in(entry.effects, "conquest", "hill") == 4


def test_9_3_pillage_adds_a_negative_population() -> None:
    # combat 3 + SS(keep) 1 + population -2 - SS(hill) 1 - related 1 = 0
    state = sea_start(hand=[NOTHING], areas={"hill": AreaStart(None, 1)})
    entry = state.apply("pillage hill from keep")
    assert rating_in(entry.effects, "pillage", "hill") == 0


def test_9_3_fortification_subtracts_from_conquest_and_pillage() -> None:
    # conquest: 3 + 1 - 0 - fort 3 - 1 = 0; pillage adds population -2: -2
    state = sea_start(hand=[NOTHING, NOTHING], areas={"hill": AreaStart(None, 0, fortification=3)})
    assert rating_in(state.apply("conquest hill from keep").effects, "conquest", "hill") == 0
    assert rating_in(state.apply("pillage hill from keep").effects, "pillage", "hill") == -2


def test_9_3_religion_other_church_one_and_language_unrelated_two() -> None:
    # pillage far3 (kestrian, eastern) from port across 3 sea areas:
    # combat 6 + SS(port) 1 + population 1 - SS(far3) 0 - unrelated 2 - other church 1 = 5, halved to 2
    state = sea_start(hand=[NOTHING], west={"combat": 6})
    entry = state.apply("pillage far3 from port")
    assert rating_in(entry.effects, "pillage", "far3") == 2


def test_9_3_other_religion_two_same_language_zero_for_diplomacy() -> None:
    # diplomacy far4 (aldic, old faith), no sea adjustment and no sea gold (12.2):
    # diplomatic 3 + SS(keep court) 1 - SS(far4) 0 - independent 3 - language 0 - religion 2 = -1
    state = sea_start(hand=[NOTHING])
    entry = unopposed(state, "diplomacy far4")
    assert rating_in(entry.effects, "diplomacy", "far4") == -1
    assert state.treasury[0] == 11


def test_9_17_each_sea_area_on_the_line_costs_a_gold_and_9_33_gold_is_added_after_halving() -> None:
    # conquest far3 from port: 3 sea areas. combat 6 + 1 - 0 - 2 - 1 = 4, halved 2, +3 gold = 5
    # gold: minimum 2 + 3 sea areas + 3 extra = 8
    state = sea_start(hand=[NOTHING], west={"combat": 6})
    entry = state.apply("conquest far3 from port +3")
    assert rating_in(entry.effects, "conquest", "far3") == 5
    assert "west pays 8 gold" in entry.effects and state.treasury[0] == 4


def test_9_32_a_negative_rating_across_two_seas_grows_by_half_rounded_away_from_zero() -> None:
    # conquest near from port (2 sea areas): combat 1 + 1 - SS 3 - fort 2 - same language 0 = -3;
    # -3 * 1.5 = -4.5, rounded up in size to -5; +2 gold = -3. Gold: 2 + 2 seas + 2 = 6.
    state = sea_start(hand=[NOTHING], west={"combat": 1}, areas={"near": AreaStart(None, 3, fortification=2)})
    entry = state.apply("conquest near from port +2")
    assert rating_in(entry.effects, "conquest", "near") == -3
    assert state.treasury[0] == 6


def test_9_32_minus_one_across_two_seas_becomes_minus_two() -> None:
    # ruling near (owned, 2 sea areas from the court through port): administrative 1 - |SS 2| = -1 -> -2
    state = sea_start(hand=[NOTHING], west={"administrative": 1}, areas={"near": AreaStart("west", 2)})
    entry = state.apply("rule near")
    assert rating_in(entry.effects, "rule", "near") == -2
    assert "west pays 2 gold" in entry.effects  # ruling: no minimum, one per sea area (15.1, 9.17)


def test_9_32_domestic_endeavours_are_halved_across_two_seas() -> None:
    # fortify near: administrative 3 + SS 2 + population 2 = 7, halved to 3 (rounded down); gold 2 + 2
    state = sea_start(hand=[NOTHING], areas={"near": AreaStart("west", 2)})
    entry = state.apply("fortify near")
    assert rating_in(entry.effects, "fortify", "near") == 3
    assert "west pays 4 gold" in entry.effects


def test_9_32_one_sea_area_costs_gold_but_does_not_halve() -> None:
    # pillage isle from home (1 sea area): combat 3 + SS(home) 2 + population 1 - 0 - 0 - other religion 2 = 4
    state = start(hand=[NOTHING])
    entry = state.apply("pillage isle from home")
    assert rating_in(entry.effects, "pillage", "isle") == 4
    assert "west pays 1 gold" in entry.effects


def test_9_17_a_domestic_endeavour_pays_for_the_sea_on_its_line() -> None:
    # isle owned and linked across one sea area: ruling it costs one gold, not halved:
    # administrative 3 - |SS 1| - language 0 - other religion 2 = 0
    state = start(hand=[NOTHING], areas={"isle": AreaStart("west", 1)}, tables=ISLE_LINKED)
    entry = state.apply("rule isle")
    assert rating_in(entry.effects, "rule", "isle") == 0 and state.treasury[0] == 11


def test_9_53_a_seafaring_home_reaches_three_sea_areas_but_not_four() -> None:
    state = sea_start(hand=[NOTHING, NOTHING])
    with pytest.raises(IllegalActionError, match="out of reach"):
        state.apply("conquest far4 from port")
    state.apply("conquest far3 from port")  # three sea areas: allowed


def test_9_53_a_base_that_is_not_seafaring_crosses_one_sea_area_only() -> None:
    state = sea_start(hand=[NOTHING])
    with pytest.raises(IllegalActionError, match="out of reach"):
        state.apply("conquest near from dock")
    assert "conquest near from dock" not in [str(a) for a in state.legal_actions()]
    assert "conquest near from port" in [str(a) for a in state.legal_actions()]


def test_9_33_gold_spent_against_a_diplomacy_endeavour_lowers_it_one_for_one() -> None:
    # diplomacy far3 (east's area): 3 + SS(keep) 1 - SS(far3) 1 - east's diplomatic 3 - 2 - 1 = -3;
    # +5 gold = 2; east spends 2 against it: 0
    state = sea_start(hand=[NOTHING], areas={"far3": AreaStart("east", 1)})
    unopposed(state, "diplomacy far3 +5")
    assert state.current_player() == "east"
    entry = state.apply("oppose 2")
    assert rating_in(entry.effects, "diplomacy", "far3") == 0
    assert state.treasury == [12 - 6, 12 - 2]


def test_9_3_a_rating_equal_to_the_threshold_applies_the_result_one_below_does_not() -> None:
    # conquest hill from keep: 3 + 1 - 0 - related 1 = 3
    state = sea_start(card(2, conquest={"result": ["C(3>)"]}), hand=[2])
    state.apply("conquest hill from keep")
    assert area(state, "hill")["owner"] == "west"
    state = sea_start(card(3, conquest={"result": ["C(4>)"]}), hand=[3])
    state.apply("conquest hill from keep")
    assert area(state, "hill")["owner"] is None


def test_10_3_an_area_of_population_below_one_falls_to_a_single_c() -> None:
    state = sea_start(C, hand=[1])
    state.apply("conquest hill from keep")
    assert area(state, "hill")["owner"] == "west" and area(state, "hill")["unrest"]


def test_9_33_any_amount_of_extra_gold_may_be_spent_not_only_the_listed_ones() -> None:
    # the legal list offers a bounded set (0, 1, 2, 3, 5); 4 is still accepted and rated
    state = sea_start(hand=[NOTHING], areas={"hill": AreaStart(None, 1)})
    entry = state.apply("conquest hill from keep +4")  # 3 + 1 - 1 - 1 + 4 = 6
    assert rating_in(entry.effects, "conquest", "hill") == 6 and state.treasury[0] == 12 - 2 - 4


def test_9_33_extra_gold_is_limited_by_the_treasury() -> None:
    state = sea_start(hand=[NOTHING], areas={"hill": AreaStart(None, 1)})
    with pytest.raises(IllegalActionError, match="costs 13 gold and the treasury holds 12"):
        state.apply("conquest hill from keep +11")


def test_12_2_the_owner_may_oppose_with_any_amount_it_holds() -> None:
    state = sea_start(hand=[NOTHING], areas={"far3": AreaStart("east", 1)})
    unopposed(state, "diplomacy far3 +4")
    with pytest.raises(IllegalActionError):
        state.apply("oppose 13")
    entry = state.apply("oppose 4")  # -3 + 4 - 4 = -3
    assert rating_in(entry.effects, "diplomacy", "far3") == -3 and state.treasury == [7, 8]


@pytest.mark.parametrize(("union", "rating"), [(False, -1), (True, 0)])
def test_9_3_the_other_church_counts_one_in_a_schism_and_nothing_under_a_union(
    union: bool, rating: int
) -> None:
    # diplomacy faraway (kestrian, Eastern Church): 3 + SS(home) 2 - 0 - 3 - unrelated 2 - church 1 or 0
    from eotma_helpers import game, turn_of

    from model.rules.eotma.game import EotmaGame

    base = game()
    g = EotmaGame(base.board, base.seats, base.starts, rules=base.rules, options=base.options, union=union)
    state = turn_of(g.new_state(1), "west", [NOTHING])
    assert rating_in(unopposed(state, "diplomacy faraway").effects, "diplomacy", "faraway") == rating


def test_9_3_an_excommunicated_leader_rates_every_religion_as_another() -> None:
    # 22.11: diplomacy border (Latin, lowenish): 3 + 2 - 0 - 3 - related 1 - other religion 2 = -1
    state = start(hand=[NOTHING])
    state.excommunicated[0] = True
    assert rating_in(unopposed(state, "diplomacy border").effects, "diplomacy", "border") == -1
