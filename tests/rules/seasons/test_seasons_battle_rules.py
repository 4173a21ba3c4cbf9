"""Battle rules beyond the worked examples, computed by hand from Seasons: Units, Buildings, Battles."""

from __future__ import annotations

import pytest

from model.rules.seasons import battle
from model.rules.seasons.battle import BUILDING_TARGET, BattleError, Fighter, Fortification, Side
from model.rules.seasons.schema import Building
from model.rules.seasons.tables import default_tables

T = default_tables()


def test_siege_attacking_a_tower_or_castle() -> None:
    """Seasons: Units / Siege Units: might 3 against a tower, 5 against a castle, 1 otherwise."""
    siege = (Fighter("s", "siege", "a"),)
    assert battle.unit_mights(siege, (), Building.TOWER, T.units) == {"s": 3}
    assert battle.unit_mights(siege, (), Building.CASTLE, T.units) == {"s": 5}
    assert battle.unit_mights(siege, (), Building.RUIN, T.units) == {"s": 1}
    assert battle.unit_mights(siege, (), None, T.units) == {"s": 1}


def test_siege_bonus_only_for_the_attacker() -> None:
    defender = Side(("d",), (Fighter("ds", "siege", "d"),), fortification=Fortification(Building.TOWER, 5))
    attacker = Side(("a",), (Fighter("as", "siege", "a"),))
    per_unit, might = battle.battle_mights([defender, attacker], T.units)
    assert per_unit == {"ds": 1, "as": 3}
    assert might == (1 + 5, 3)


def test_untrained_units_have_no_special_ability() -> None:
    """Seasons: Units: untrained infantry gain nothing against siege; untrained siege is not tripled."""
    infantry = (Fighter("i", "infantry", "a", trained=False),)
    assert battle.unit_mights(infantry, (Fighter("s", "siege", "b"),), None, T.units) == {"i": 1}
    raw_siege = Fighter("s", "siege", "b", trained=False)
    assert battle.unit_mights((raw_siege,), (), Building.CASTLE, T.units) == {"s": 1}
    assert battle.weighted_count([raw_siege], T.units) == 1
    assert battle.absorbs(raw_siege, 1, T.units) == 1
    # Untrained, it is not lost to "any" casualty: 1 casualty kills its 1 might, leaving 2 to go on.
    result = battle.apply_casualties(3, ["s"], {"s": raw_siege}, {"s": 1}, None, T.units, T.battle)
    assert result.lost == ("s",) and result.left == 2


def test_war_boat_might_grows_with_infantry_aboard() -> None:
    boat = Fighter("b", "war_boat", "a", infantry_aboard=3)
    assert battle.unit_mights((boat,), (), None, T.units) == {"b": 5}
    raw = Fighter("r", "war_boat", "a", trained=False, infantry_aboard=3)
    assert battle.unit_mights((raw,), (), None, T.units) == {"r": 2}
    assert battle.aid_might([raw], T.battle, T.units) == 1


def test_buildings_defend_with_their_might_and_neighbours() -> None:
    """Seasons: Buildings: a castle defends with 12, plus 2 for a tower next door."""
    defender = Side(("d",), (), adjacent=2, fortification=Fortification(Building.CASTLE, 12))
    attacker = Side(("a",), (Fighter("c", "cavalry", "a"),))
    _, might = battle.battle_mights([defender, attacker], T.units)
    assert might == (14, 3)


def test_tower_takes_at_most_half_rounded_up() -> None:
    """Seasons: Buildings / Tower: 5 casualties on a tower (5): it takes 3, 2 go on to the next unit."""
    fighter = Fighter("i", "infantry", "d")
    result = battle.apply_casualties(
        5,
        [BUILDING_TARGET, "i"],
        {"i": fighter},
        {"i": 1},
        Fortification(Building.TOWER, 5),
        T.units,
        T.battle,
    )
    assert result.building_after is Building.TOWER and result.building_value == 2
    assert result.lost == ("i",)
    assert result.left == 1


def test_tower_reduced_to_zero_becomes_a_ruin_and_a_ruin_is_removed() -> None:
    tower = battle.apply_casualties(
        3, [BUILDING_TARGET], {}, {}, Fortification(Building.TOWER, 1), T.units, T.battle
    )
    assert tower.building_after is Building.RUIN and tower.building_value is None
    assert tower.left == 2
    ruin = battle.apply_casualties(
        1, [BUILDING_TARGET], {}, {}, Fortification(Building.RUIN, 1), T.units, T.battle
    )
    assert ruin.building_after is None


def test_casualties_stop_at_a_unit_they_do_not_kill() -> None:
    """Seasons: Battles: all the casualty might goes to the chosen unit; if short of its might it
    survives and the casualties end there."""
    units = {"c": Fighter("c", "cavalry", "a"), "i": Fighter("i", "infantry", "a")}
    first_cavalry = battle.apply_casualties(3, ["c", "i"], units, {"c": 4, "i": 1}, None, T.units, T.battle)
    assert first_cavalry.lost == () and first_cavalry.left == 0
    first_infantry = battle.apply_casualties(3, ["i", "c"], units, {"c": 4, "i": 1}, None, T.units, T.battle)
    assert first_infantry.lost == ("i",) and first_infantry.left == 0


def test_trained_siege_lost_to_any_casualty() -> None:
    siege = {"s": Fighter("s", "siege", "a")}
    result = battle.apply_casualties(1, ["s"], siege, {"s": 3}, None, T.units, T.battle)
    assert result.lost == ("s",) and result.left == 0
    big = battle.apply_casualties(10, ["s"], siege, {"s": 3}, None, T.units, T.battle)
    assert big.left == 1  # it soaks 3 x 3 = 9


def test_tie_has_no_winner() -> None:
    a = Side(("a",), (Fighter("a1", "infantry", "a"),))
    b = Side(("b",), (Fighter("b1", "infantry", "b"),))
    outcome = battle.resolve([a, b], [3, 3], T.units, T.battle)
    assert outcome.winner is None
    assert outcome.casualties == (0, 0)


def test_two_sided_battle_casualty_formula() -> None:
    """Winner 3 cavalry (9 + 4 = 13) over 2 infantry (2 + 1 = 3): the loser takes 10 + 3 = 13,
    the winner 2 // 2 = 1."""
    a = Side(("a",), tuple(Fighter(f"c{n}", "cavalry", "a") for n in range(3)))
    b = Side(("b",), tuple(Fighter(f"i{n}", "infantry", "b") for n in range(2)))
    outcome = battle.resolve([a, b], [2, 1], T.units, T.battle)
    assert outcome.might == (3 * 3 + 2, 2)  # two cavalry each gain 1 for the two infantry
    assert outcome.totals == (13, 3)
    assert outcome.casualties == (1, 13)


def test_alliance_totals_add_up() -> None:
    """Seasons: Battles, multiple sides: allies add their might before comparing."""
    allies = Side(("a", "b"), (Fighter("a1", "infantry", "a"), Fighter("b1", "cavalry", "b")))
    enemy = Side(("c",), (Fighter("c1", "infantry", "c"),))
    _, might = battle.battle_mights([allies, enemy], T.units)
    assert might == (1 + 4, 1)


def test_bad_input_is_refused() -> None:
    a = Side(("a",), (Fighter("a1", "infantry", "a"),))
    with pytest.raises(BattleError, match="two sides"):
        battle.resolve([a], [1], T.units, T.battle)
    with pytest.raises(BattleError, match="impossible on a d4"):
        battle.resolve([a, a], [1, 5], T.units, T.battle)
    with pytest.raises(BattleError, match="chosen twice"):
        battle.apply_casualties(5, ["a1", "a1"], {"a1": a.units[0]}, {"a1": 3}, None, T.units, T.battle)
