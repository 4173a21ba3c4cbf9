"""Rules tests of the Seasons engine, named after the sections of the rules text they exercise."""

from __future__ import annotations

import pytest
from seasons_helpers import plan, stage

from model.rules.protocol import IllegalActionError, MalformedActionError, replay_log
from model.rules.seasons.game import SeasonsGame
from model.rules.seasons.schema import Season
from model.rules.seasons.state import CASUALTIES, PLAN, UPKEEP

VELLMARK_ARMY = [
    ("v1", "infantry", "vellmark", "caldwick"),
    ("v2", "infantry", "vellmark", "caldwick"),
    ("v3", "infantry", "vellmark", "caldwick"),
]


def effects(state: object) -> list[str]:
    return [effect for entry in state.log for effect in entry.effects]  # type: ignore[attr-defined]


# --- Turns ---


def test_turns_follow_the_seasons_and_rotate_the_first_planner(isles: SeasonsGame) -> None:
    state = isles.new_state(1)
    assert (state.board.turn, state.board.season) == (1, "spring")
    assert state.current_player() == "vellmark"
    plan(state)
    assert (state.board.turn, state.board.season) == (2, "summer")
    assert state.current_player() == "ostrand"


def test_turns_summer_upkeep_paid_from_supply(isles: SeasonsGame) -> None:
    """Seasons: Turns: upkeep in summer. Vellmark: 3 infantry, a cavalry, a war boat and a tower = 10."""
    state = isles.new_state(0)  # the full starting army
    state.board.season = "summer"
    assert state.upkeep_due("vellmark") == 3 * 1 + 3 + 2 + 2
    state.apply("done")  # 6 resources into supply (4): 10, upkeep 10
    assert state.board.nations["vellmark"].supply == 0


def test_turns_upkeep_shortfall_makes_the_nation_disband(isles: SeasonsGame) -> None:
    """Seasons: Resources: when supply cannot pay, the nation chooses what is lost until it can."""
    state = isles.new_state(0)
    state.board.season = "summer"
    state.board.nations["vellmark"].resources = 0
    state.board.nations["vellmark"].supply = 5
    state.apply("done")
    assert state.board.phase == UPKEEP and state.current_player() == "vellmark"
    assert {str(a) for a in state.legal_actions()} >= {"disband vellmark_3", "disband harrowmere"}
    with pytest.raises(IllegalActionError):
        state.apply("buy infantry harrowmere")
    state.apply("disband vellmark_3")  # the cavalry: upkeep 10 -> 7
    assert state.board.phase == UPKEEP
    state.apply("disband harrowmere")  # the tower falls to a ruin: 7 -> 5, paid
    assert state.board.areas["harrowmere"].building == "ruin"
    assert state.board.nations["vellmark"].supply == 0
    assert state.current_player() == "ostrand" and state.board.phase == PLAN


def test_turns_winter_needs_two_tokens_for_move_and_aid(isles: SeasonsGame) -> None:
    """Seasons: Turns: winter. Harrowmere (3) with 3 units allows 3 tokens: one move (2) and no more."""
    units = [(f"v{i}", "infantry", "vellmark", "harrowmere") for i in range(3)]
    state = stage(isles, units, season=Season.WINTER)
    state.apply("move harrowmere caldwick v0")
    with pytest.raises(IllegalActionError, match="tokens"):
        state.apply("aid harrowmere caldwick")
    state.apply("pillage harrowmere harrowmere v1")  # a pillage still needs one


def test_turns_winter_forbids_raising_and_building(isles: SeasonsGame) -> None:
    state = stage(isles, season=Season.WINTER)
    with pytest.raises(IllegalActionError, match="winter"):
        state.apply("raise caldwick")
    with pytest.raises(IllegalActionError, match="winter"):
        state.apply("build tower caldwick")


def test_turns_winter_production_is_one_less(isles: SeasonsGame) -> None:
    """Vellmark holds 3 + 2 + 2 + 1 = 8; in winter each yields one less: 4."""
    state = stage(isles, season=Season.WINTER)
    plan(state)
    assert state.board.nations["vellmark"].resources == 4


def test_turns_negative_winter_income_is_paid_from_supply(isles: SeasonsGame) -> None:
    state = stage(isles, season=Season.WINTER)
    for area in ("harrowmere", "caldwick", "greywater", "fennick"):
        state.board.areas[area].resources = -1
    plan(state)  # income 4 * -2 = -8, a debt on supply in spring
    treasury = state.board.nations["vellmark"]
    # winter upkeep took the tower's 2 from 4 + 6: supply 8, which the debt of 8 empties in spring
    assert (treasury.debt, treasury.supply) == (8, 8)
    plan(state)
    assert (treasury.debt, treasury.supply) == (0, 0)


def test_tokens_pillage_spring_recovery(isles: SeasonsGame) -> None:
    """Seasons: Tokens / Pillage: a -1 area goes to 0 in spring and a 0 area to 1."""
    state = stage(isles, season=Season.WINTER)
    state.board.areas["heartland"].resources = -1
    state.board.areas["corrin"].resources = 0
    plan(state)
    assert state.board.season == "spring"
    assert state.board.areas["heartland"].resources == 0
    assert state.board.areas["corrin"].resources == 1


# --- Tokens ---


def test_tokens_limit_is_the_lower_of_resources_and_units(isles: SeasonsGame) -> None:
    """Seasons: Tokens: caldwick has resources 2 and 3 units, so 2 tokens."""
    state = stage(isles, VELLMARK_ARMY)
    assert state.token_limit("vellmark", "caldwick") == 2
    state.apply("move caldwick brenmoor v1")
    state.apply("move caldwick harrowmere v2")
    with pytest.raises(IllegalActionError, match="may use 2 tokens"):
        state.apply("aid caldwick brenmoor")


def test_tokens_move_only_to_adjacent_areas(isles: SeasonsGame) -> None:
    state = stage(isles, VELLMARK_ARMY)
    with pytest.raises(IllegalActionError, match="not next to"):
        state.apply("move caldwick heartland v1")


def test_tokens_pillage_doubles_the_collection_and_halves_the_area(isles: SeasonsGame) -> None:
    """Seasons: Tokens / Pillage: harrowmere (3) pillaged gives 3 more; it drops to 1."""
    state = stage(isles, [("v1", "infantry", "vellmark", "harrowmere")])
    plan(state, {"vellmark": ["pillage harrowmere harrowmere v1"]})
    assert state.board.areas["harrowmere"].resources == 1
    assert state.board.nations["vellmark"].resources == 8 + 3


def test_tokens_pillage_of_a_zero_area_and_no_second_pillage(isles: SeasonsGame) -> None:
    """A 0 area uses no tokens of its own, but a castle next to it can pillage it down to -1."""
    units = [("v1", "infantry", "vellmark", "harrowmere"), ("v2", "infantry", "vellmark", "harrowmere")]
    state = stage(isles, units)
    state.board.areas["harrowmere"].building = "castle"
    state.board.areas["caldwick"].resources = 0
    plan(state, {"vellmark": ["pillage harrowmere caldwick v1"]})
    assert state.board.areas["caldwick"].resources == -1
    while state.current_player() != "vellmark":
        state.apply("done")
    with pytest.raises(IllegalActionError, match="nothing left"):
        state.apply("pillage harrowmere caldwick v1")


def test_tokens_pillage_of_a_neighbour_needs_a_castle(isles: SeasonsGame) -> None:
    state = stage(
        isles, [("v1", "infantry", "vellmark", "caldwick"), ("v2", "infantry", "vellmark", "caldwick")]
    )
    with pytest.raises(IllegalActionError, match="castle"):
        state.apply("pillage caldwick brenmoor v1")
    state.board.areas["caldwick"].building = "castle"
    state.apply("pillage caldwick brenmoor v1")


def test_tokens_pillage_first_come_first_served(isles: SeasonsGame) -> None:
    """Two nations pillage brenmoor from castles: the token placed first takes it."""
    units = [("v1", "infantry", "vellmark", "caldwick"), ("o1", "infantry", "ostrand", "ashfell")]
    state = stage(isles, units)
    state.board.areas["caldwick"].building = "castle"
    state.board.areas["ashfell"].building = "castle"
    plan(state, {"vellmark": ["pillage caldwick brenmoor v1"], "ostrand": ["pillage ashfell brenmoor o1"]})
    assert any("vellmark pillages brenmoor for 2" in e for e in effects(state))
    assert any("ostrand cannot pillage brenmoor" in e for e in effects(state))
    assert state.board.areas["brenmoor"].resources == 1


# --- Resources and Units ---


def test_resources_units_train_where_a_tower_stands(isles: SeasonsGame) -> None:
    state = isles.new_state(0)
    with pytest.raises(IllegalActionError, match="tower or castle"):
        state.apply("buy infantry caldwick")
    state.apply("buy infantry harrowmere")
    state.apply("buy war_boat north_sea")
    with pytest.raises(IllegalActionError, match="costs 2"):
        state.apply("buy infantry harrowmere")
    plan(state)
    placed = [
        u for u in state.board.units.values() if u.nation == "vellmark" and u.id.startswith("vellmark_")
    ]
    new = {u.kind: u for u in placed if u.id not in {"vellmark_1", "vellmark_2", "vellmark_3", "vellmark_4"}}
    assert new["infantry"].area == "harrowmere" and new["infantry"].trained
    assert new["war_boat"].area == "north_sea"


def test_resources_without_a_tower_units_are_untrained(isles: SeasonsGame) -> None:
    state = isles.new_state(0)
    state.board.areas["harrowmere"].building = None
    state.apply("buy cavalry greywater")
    plan(state)
    cavalry = [u for u in state.board.units.values() if u.nation == "vellmark" and u.area == "greywater"]
    assert [u.trained for u in cavalry] == [False]


def test_resources_raise_costs_twice_the_current_number(isles: SeasonsGame) -> None:
    state = isles.new_state(0)
    state.board.nations["vellmark"].resources = 7
    state.apply("raise fennick")  # 1 -> 2 costs 2
    state.apply("raise fennick")  # 2 -> 3 costs 4
    assert state.board.nations["vellmark"].resources == 1
    with pytest.raises(IllegalActionError, match="costs 6"):
        state.apply("raise fennick")


def test_buildings_tower_on_a_ruin_half_price_and_castle_from_tower(isles: SeasonsGame) -> None:
    state = isles.new_state(0)
    state.board.nations["vellmark"].resources = 8
    state.board.areas["fennick"].building = "ruin"
    state.apply("build tower fennick")
    assert state.board.nations["vellmark"].resources == 4
    with pytest.raises(IllegalActionError):
        state.apply("build castle caldwick")
    state.apply("build castle harrowmere")
    assert state.board.nations["vellmark"].resources == 0
    plan(state)
    assert state.board.areas["fennick"].building == "tower"
    assert state.board.areas["harrowmere"].building == "castle"


# --- Battles ---


def test_battles_attacker_wins_and_takes_the_area(isles: SeasonsGame) -> None:
    """2 infantry + cavalry (4 against infantry) = 6 vs 1 infantry; d4 rolls 1 and 1: 7 to 2."""
    units = [
        *VELLMARK_ARMY[:2],
        ("v4", "cavalry", "vellmark", "caldwick"),
        ("o1", "infantry", "ostrand", "brenmoor"),
    ]
    state = stage(isles, units, {"brenmoor": "ostrand"})
    state.rng.force(1, 1)
    plan(state, {"vellmark": ["move caldwick brenmoor v1,v2,v4"]})
    log = effects(state)
    assert "ostrand: might 1 + d4 1 = 2" in log
    assert "vellmark: might 6 + d4 1 = 7" in log
    assert "o1 lost" in log
    assert state.board.areas["brenmoor"].owner == "vellmark"
    assert {"v1", "v2", "v4"} <= set(state.board.units)


def test_battles_loser_chooses_casualties_and_retreats(isles: SeasonsGame) -> None:
    """Ostrand (cavalry 4 + infantry 1 = 5, rolls 1) loses to 3 infantry (3, rolls 4) by 1:
    it takes 1 + 3 = 4 and chooses; the winner takes 2 // 2 = 1."""
    units = [
        *VELLMARK_ARMY,
        ("o1", "cavalry", "ostrand", "brenmoor"),
        ("o2", "infantry", "ostrand", "brenmoor"),
    ]
    state = stage(isles, units, {"brenmoor": "ostrand"})
    state.rng.force(1, 4)
    plan(state, {"vellmark": ["move caldwick brenmoor v1,v2,v3"]})
    assert state.board.phase == CASUALTIES and state.current_player() == "ostrand"
    assert sorted(str(a) for a in state.legal_actions()) == ["casualty o1", "casualty o2"]
    state.apply("casualty o2")  # the infantry soaks 1, the remaining 3 fall on the cavalry (4): it holds
    assert state.current_player() == "vellmark"
    state.apply("casualty v1")
    assert "o1" in state.board.units and state.board.units["o1"].area == "ashfell"
    assert "o2" not in state.board.units and "v1" not in state.board.units
    assert state.board.areas["brenmoor"].owner == "vellmark"


def test_battles_loser_too_strong_to_die_retreats_home(isles: SeasonsGame) -> None:
    """A cavalry (3) attacking a cavalry (3) behind a ruin (1) loses 5 to 6 by 1: it takes
    1 + 1 = 2, less than its might, survives and goes back to caldwick."""
    units = [("v1", "cavalry", "vellmark", "caldwick"), ("o1", "cavalry", "ostrand", "brenmoor")]
    state = stage(isles, units, {"brenmoor": "ostrand"})
    state.board.areas["brenmoor"].building = "ruin"
    state.rng.force(2, 2)
    plan(state, {"vellmark": ["move caldwick brenmoor v1"]})
    assert "ostrand: might 4 + d4 2 = 6" in effects(state)
    assert "v1 holds" in effects(state) and "v1 retreats to caldwick" in effects(state)
    assert state.board.units["v1"].area == "caldwick"
    assert state.board.areas["brenmoor"].owner == "ostrand"


def test_battles_captured_survivors_pay_the_winner(isles: SeasonsGame) -> None:
    """Seasons: Battles: a loser with no area of its own next door is captured, +1 to the winner.

    Cavalry against cavalry, 4 to 5: the defender takes 2 (< 3) and survives, but ashfell and
    oldstone are not Ostrand's, so it is captured. Vellmark then collects 3 + 2 + 2 + 1, brenmoor's
    2, and 1 for the capture: 11.
    """
    units = [("v1", "cavalry", "vellmark", "caldwick"), ("o1", "cavalry", "ostrand", "brenmoor")]
    state = stage(isles, units, {"brenmoor": "ostrand", "ashfell": None, "oldstone": None})
    state.rng.force(1, 2)
    plan(state, {"vellmark": ["move caldwick brenmoor v1"]})
    assert "o1 captured" in effects(state)
    assert "vellmark gains 1 for 1 captured units" in effects(state)
    assert "o1" not in state.board.units
    assert state.board.nations["vellmark"].resources == 11


def test_battles_tower_defends_and_its_neighbour_bonus(isles: SeasonsGame) -> None:
    """Seasons: Buildings: the tower in brenmoor adds 5, the tower next door in ashfell 2."""
    units = [*VELLMARK_ARMY, ("o1", "infantry", "ostrand", "brenmoor")]
    state = stage(isles, units, {"brenmoor": "ostrand"})
    state.board.areas["brenmoor"].building = "tower"
    state.board.areas["ashfell"].building = "tower"
    state.board.areas["ashfell"].owner = "ostrand"
    state.rng.force(1, 1)
    plan(state, {"vellmark": ["move caldwick brenmoor v1,v2,v3"]})
    assert "ostrand: might 8 + d4 1 = 9" in effects(state)


def test_battles_building_takes_at_most_half_its_might(isles: SeasonsGame) -> None:
    """A tower (5) that takes casualties takes at most 3; the rest goes on to the units."""
    units = [
        ("v1", "cavalry", "vellmark", "caldwick"),
        ("v2", "cavalry", "vellmark", "caldwick"),
        ("o1", "cavalry", "ostrand", "brenmoor"),
    ]
    state = stage(isles, units, {"brenmoor": "ostrand"})
    state.board.areas["brenmoor"].building = "tower"
    # ostrand 3 + 5 = 8 + 1 = 9; vellmark 6 + 4 = 10: ostrand takes 1 + 2 = 3
    state.rng.force(1, 4)
    plan(state, {"vellmark": ["move caldwick brenmoor v1,v2"]})
    assert state.current_player() == "ostrand"
    state.apply("casualty brenmoor")
    assert state.board.areas["brenmoor"].damage == 3
    assert state.board.areas["brenmoor"].building == "tower"


def test_battles_castle_units_aid_without_a_token(isles: SeasonsGame) -> None:
    """Seasons: Buildings / Castle: units in a castle aid the battles next to it."""
    units = [
        ("v1", "infantry", "vellmark", "oldstone"),
        ("v2", "infantry", "vellmark", "caldwick"),
        ("v3", "infantry", "vellmark", "caldwick"),
        ("o1", "infantry", "ostrand", "brenmoor"),
    ]
    state = stage(isles, units, {"brenmoor": "ostrand", "oldstone": "vellmark"})
    state.board.areas["caldwick"].building = "castle"
    state.rng.force(1, 1)
    plan(state, {"vellmark": ["move oldstone brenmoor v1"]})
    assert "vellmark aids from caldwick with 2" in effects(state)
    assert "vellmark: might 3 + d4 1 = 4" in effects(state)


def test_battles_aid_token_and_aid_cancelled_by_attack(isles: SeasonsGame) -> None:
    units = [
        ("v1", "infantry", "vellmark", "oldstone"),
        ("v2", "infantry", "vellmark", "caldwick"),
        ("o1", "infantry", "ostrand", "brenmoor"),
        ("o2", "infantry", "ostrand", "fennick"),
    ]
    owners = {"brenmoor": "ostrand", "oldstone": "vellmark", "fennick": "ostrand"}
    state = stage(isles, units, owners)
    state.rng.force(1, 1, 1, 1, 1, 1)
    plan(
        state,
        {
            "vellmark": ["move oldstone brenmoor v1", "aid caldwick brenmoor"],
            "ostrand": ["move fennick caldwick o2"],
        },
    )
    assert "aid from caldwick is cancelled: caldwick is attacked" in effects(state)


def test_battles_allies_fight_as_one_side_with_one_die(isles: SeasonsGame) -> None:
    """Seasons: Battles: Vellmark and Kessary (the Old Pact) roll one die between them."""
    units = [
        ("v1", "infantry", "vellmark", "caldwick"),
        ("k1", "infantry", "kessary", "oldstone"),
        ("o1", "infantry", "ostrand", "brenmoor"),
    ]
    state = stage(isles, units, {"brenmoor": "ostrand", "oldstone": "kessary"})
    state.rng.force(1, 1, 6)
    plan(state, {"vellmark": ["move caldwick brenmoor v1"], "kessary": ["move oldstone brenmoor k1"]})
    assert "vellmark+kessary: might 2 + d4 1 = 3" in effects(state)
    assert state.rng.forced == [6]  # only two dice rolled
    # ostrand loses by 1: 1 + 2 = 3; the allies take 1 // 2 = 0
    assert state.board.areas["brenmoor"].owner in ("vellmark", "kessary")


def test_battles_allies_do_not_fight_each_other(isles: SeasonsGame) -> None:
    units = [("v1", "infantry", "vellmark", "caldwick"), ("k1", "infantry", "kessary", "brenmoor")]
    state = stage(isles, units, {"brenmoor": "kessary"})
    plan(state, {"vellmark": ["move caldwick brenmoor v1"]})
    assert not any(e.startswith("battle") for e in effects(state))
    assert state.board.areas["brenmoor"].owner == "kessary"


def test_units_war_boat_carries_units_across_the_sea(isles: SeasonsGame) -> None:
    units = [("v1", "infantry", "vellmark", "harrowmere"), ("b1", "war_boat", "vellmark", "north_sea")]
    state = stage(isles, units)
    plan(state, {"vellmark": ["move harrowmere north_sea v1"]})
    assert state.board.units["v1"].boat == "b1"
    plan(state, {"vellmark": ["move north_sea north_east_sea b1"]})
    assert state.board.units["v1"].area == "north_east_sea"
    plan(state, {"vellmark": ["move north_east_sea ashfell v1"]})
    assert state.board.units["v1"].area == "ashfell" and state.board.units["v1"].boat is None
    assert state.board.areas["ashfell"].owner == "vellmark"


def test_units_embarking_needs_a_boat_with_room(isles: SeasonsGame) -> None:
    state = stage(isles, [("v1", "infantry", "vellmark", "harrowmere")])
    with pytest.raises(IllegalActionError, match="no war boat"):
        state.apply("move harrowmere north_sea v1")


# --- Winning ---


def test_winning_alliance_within_three_areas(isles: SeasonsGame) -> None:
    """Seasons: Winning: Nation 1 holds 9 and its ally 7: the alliance wins."""
    state = isles.new_state(0)
    land = sorted(state.board.areas)
    for area in land:
        state.board.areas[area].owner = None
    for area in land[:9]:
        state.board.areas[area].owner = "vellmark"
    for area in land[9:16]:
        state.board.areas[area].owner = "kessary"
    for area in land[16:21]:
        state.board.areas[area].owner = "ostrand"
    assert state.winners() == ["vellmark", "kessary"]
    state.board.areas[land[15]].owner = None  # kessary 6: still within 3
    assert state.winners() == ["vellmark", "kessary"]
    state.board.areas[land[14]].owner = None  # kessary 5: too far behind
    assert state.winners() == ["vellmark"]


def test_winning_game_ends_after_the_scenario_turns(isles: SeasonsGame) -> None:
    state = isles.new_state(3)
    for _ in range(isles.turns):
        plan(state)
    assert state.is_over() and state.current_player() is None and state.legal_actions() == []


# --- protocol behaviour ---


def test_hidden_orders_in_the_view_of_other_nations(isles: SeasonsGame) -> None:
    state = stage(isles, VELLMARK_ARMY)
    state.apply("move caldwick brenmoor v1")
    state.apply("buy infantry harrowmere")
    own = state.view("vellmark")
    other = state.view("ostrand")
    assert own["orders"][0]["target"] == "brenmoor"
    assert other["orders"] == [
        {"nation": "vellmark", "source": "caldwick", "target": "brenmoor", "hidden": True}
    ]
    assert other["purchases"] == [] and other["nations"]["vellmark"] == {"hidden": True}
    assert [entry["action"] for entry in other["log"]] == ["hidden", "hidden"]
    assert other["units"]["v1"]["kind"] == "hidden" and own["units"]["v1"]["kind"] == "infantry"
    assert [entry["action"] for entry in own["log"]] == [
        "move caldwick brenmoor v1",
        "buy infantry harrowmere",
    ]
    plan(state)  # after the reveal everything is public
    assert state.view("ostrand")["log"][0]["action"] == "move caldwick brenmoor v1"


def test_errors_are_typed_and_leave_the_state_untouched(isles: SeasonsGame) -> None:
    state = stage(isles, VELLMARK_ARMY)
    before = state.to_json()
    with pytest.raises(MalformedActionError):
        state.apply("buy dragon caldwick")
    with pytest.raises(IllegalActionError):
        state.apply("move caldwick heartland v1")
    with pytest.raises(IllegalActionError):
        state.apply("casualty v1")
    assert state.to_json() == before


def test_json_round_trip_and_replay_mid_battle(isles: SeasonsGame) -> None:
    units = [
        *VELLMARK_ARMY,
        ("o1", "cavalry", "ostrand", "brenmoor"),
        ("o2", "infantry", "ostrand", "brenmoor"),
    ]
    state = stage(isles, units, {"brenmoor": "ostrand"})
    state.rng.force(1, 4)
    plan(state, {"vellmark": ["move caldwick brenmoor v1,v2,v3"]})
    assert state.board.phase == CASUALTIES
    copy = isles.state_from_json(state.to_json())
    assert copy == state and state.clone() == state
    copy.apply("casualty o1")
    assert copy != state
    assert len(replay_log(isles, 0, []).log) == 0


def test_battles_three_nations_example_on_the_map(isles: SeasonsGame) -> None:
    """Seasons: Battles: the three-nation example fought in heartland: A (2 infantry) rolls 2,
    B (1 cavalry) 1, C (1 infantry, 1 siege) 4; C wins with 6, A and B take 5 and are wiped out,
    C takes 1 and chooses its infantry."""
    units = [
        ("a1", "infantry", "vellmark", "oldstone"),
        ("a2", "infantry", "vellmark", "oldstone"),
        ("b1", "cavalry", "ostrand", "stavely"),
        ("c1", "infantry", "suderland", "corrin"),
        ("c2", "siege", "suderland", "corrin"),
    ]
    owners = {"oldstone": "vellmark", "stavely": "ostrand", "corrin": "suderland"}
    state = stage(isles, units, owners)
    state.rng.force(2, 1, 4)
    plan(
        state,
        {
            "vellmark": ["move oldstone heartland a1,a2"],
            "ostrand": ["move stavely heartland b1"],
            "suderland": ["move corrin heartland c1,c2"],
        },
    )
    log = effects(state)
    assert "vellmark: might 3 + d4 2 = 5" in log
    assert "ostrand: might 4 + d4 1 = 5" in log
    assert "suderland: might 2 + d4 4 = 6" in log
    assert {
        "vellmark takes 5 casualties",
        "ostrand takes 5 casualties",
        "suderland takes 1 casualties",
    } <= set(log)
    assert state.current_player() == "suderland" and state.board.phase == CASUALTIES
    state.apply("casualty c1")
    assert set(state.board.units) == {"c2"}
    assert state.board.areas["heartland"].owner == "suderland"


def test_battles_at_sea_sink_the_cargo(isles: SeasonsGame) -> None:
    """War boats fight war boats; a boat lost takes its cargo down (Seasons: Units / War Boat)."""
    units = [
        ("vb", "war_boat", "vellmark", "north_sea"),
        ("ob", "war_boat", "ostrand", "north_east_sea"),
        ("oi", "infantry", "ostrand", "north_east_sea"),
    ]
    state = stage(isles, units)
    state.board.units["oi"].boat = "ob"
    state.rng.force(4, 1)
    plan(state, {"ostrand": ["move north_east_sea north_sea ob"]})
    log = effects(state)
    assert "vellmark: might 2 + d4 4 = 6" in log  # a lone boat: 2
    assert "ostrand: might 3 + d4 1 = 4" in log  # 2 + 1 for the infantry aboard
    assert "ob, oi lost" in log
    assert set(state.board.units) == {"vb"}


def test_units_war_boat_aid_example_on_the_map(isles: SeasonsGame) -> None:
    """Seasons: Units / War Boat: 3 boats hold 2 cavalry and 4 infantry; 2 infantry and 2 cavalry
    land and attack; with an aid token the carrier gives nothing, the boat holding 2 infantry 3 and
    the empty one 2: aid 5, on top of 1 + 1 + 4 + 3 from the landing party."""
    units = [
        ("ba", "war_boat", "vellmark", "north_sea"),
        ("bb", "war_boat", "vellmark", "north_sea"),
        ("bc", "war_boat", "vellmark", "north_sea"),
        ("i1", "infantry", "vellmark", "north_sea"),
        ("i2", "infantry", "vellmark", "north_sea"),
        ("c1", "cavalry", "vellmark", "north_sea"),
        ("c2", "cavalry", "vellmark", "north_sea"),
        ("i3", "infantry", "vellmark", "north_sea"),
        ("i4", "infantry", "vellmark", "north_sea"),
        ("o1", "infantry", "ostrand", "brenmoor"),
    ]
    state = stage(isles, units, {"brenmoor": "ostrand"})
    for unit, boat in {"i1": "ba", "i2": "ba", "c1": "ba", "c2": "ba", "i3": "bb", "i4": "bb"}.items():
        state.board.units[unit].boat = boat
    state.rng.force(1, 1)
    plan(state, {"vellmark": ["move north_sea brenmoor i1,i2,c1,c2", "aid north_sea brenmoor"]})
    log = effects(state)
    assert "vellmark aids from north_sea with 5" in log
    assert "vellmark: might 14 + d4 1 = 15" in log
    assert state.board.areas["brenmoor"].owner == "vellmark"


def test_battles_tie_is_rolled_again(isles: SeasonsGame) -> None:
    """HOUSE DEFAULT (battle.tie = reroll): cavalry 3 + 2 against cavalry 3 + 2 is rolled again."""
    units = [("v1", "cavalry", "vellmark", "caldwick"), ("o1", "cavalry", "ostrand", "brenmoor")]
    state = stage(isles, units, {"brenmoor": "ostrand"})
    state.rng.force(2, 2, 1, 3)
    plan(state, {"vellmark": ["move caldwick brenmoor v1"]})
    rolls = [e for e in effects(state) if e.startswith("brenmoor: ")]
    assert len(rolls) == 4
    assert "vellmark: might 3 + d4 3 = 6" in effects(state)
    assert state.board.areas["brenmoor"].owner == "vellmark"


def test_battles_tie_goes_to_the_defender_when_the_table_says_so(isles: SeasonsGame) -> None:
    import dataclasses

    tables = isles.tables.model_copy(
        update={"battle": isles.tables.battle.model_copy(update={"tie": "defender"})}
    )
    game = dataclasses.replace(isles, tables=tables)
    units = [("v1", "cavalry", "vellmark", "caldwick"), ("o1", "cavalry", "ostrand", "brenmoor")]
    state = stage(game, units, {"brenmoor": "ostrand"})
    state.rng.force(2, 2)
    plan(state, {"vellmark": ["move caldwick brenmoor v1"]})
    assert "ostrand wins" in effects(state)
    assert state.board.areas["brenmoor"].owner == "ostrand"
