"""Every worked example of the Seasons rules text, with the numbers the text gives."""

from __future__ import annotations

from model.rules.seasons import battle
from model.rules.seasons.battle import Fighter, Side
from model.rules.seasons.tables import default_tables

T = default_tables()


def units(nation: str, **counts: int) -> tuple[Fighter, ...]:
    made: list[Fighter] = []
    for kind, count in counts.items():
        made += [Fighter(f"{nation}-{kind}-{n}", kind, nation) for n in range(count)]
    return tuple(made)


def test_tokens_limit_example() -> None:
    """Seasons: Tokens: 3 units in an area with resource collection 2 may use 2 tokens."""
    from model.rules.seasons.economy import token_limit

    assert token_limit(resources=2, units=3) == 2
    assert token_limit(resources=4, units=1) == 1
    assert token_limit(resources=-1, units=3) == 0


def test_infantry_bonus_example_two_infantry_against_three_siege() -> None:
    """Seasons: Units / Infantry: 2 infantry against 3 siege units have might 3 and 2."""
    mine = units("a", infantry=2)
    mights = battle.unit_mights(mine, units("b", siege=3), None, T.units)
    assert sorted(mights.values()) == [2, 3]


def test_infantry_bonus_is_capped() -> None:
    """Seasons: Units / Infantry: one infantry against many siege units reaches might 3 at most."""
    mights = battle.unit_mights(units("a", infantry=1), units("b", siege=5), None, T.units)
    assert list(mights.values()) == [3]


def test_cavalry_bonus_capped_at_four() -> None:
    """Seasons: Units / Cavalry: one cavalry against three infantry has might 4, not 6."""
    mights = battle.unit_mights(units("a", cavalry=1), units("b", infantry=3), None, T.units)
    assert list(mights.values()) == [4]


def test_cavalry_bonus_shared_between_cavalry() -> None:
    """Seasons: Units / Cavalry: two enemy infantry raise two cavalry to 4 each."""
    mights = battle.unit_mights(units("a", cavalry=3), units("b", infantry=2), None, T.units)
    assert sorted(mights.values()) == [3, 4, 4]


def test_siege_and_infantry_casualty_example() -> None:
    """Seasons: Units / Siege Units: s1 (1 siege, 3 infantry) has 4, s2 (1 cavalry, 2 infantry) 7.

    s1 loses 3 + 3 = 6 casualty might, which its siege unit (3) and infantry (1 each) exactly take.
    """
    s1 = Side(("s1",), units("s1", siege=1, infantry=3))
    s2 = Side(("s2",), units("s2", cavalry=1, infantry=2))
    per_unit, might = battle.battle_mights([s1, s2], T.units)
    assert might == (4, 7)
    assert per_unit["s2-cavalry-0"] == 4
    outcome = battle.resolve([s1, s2], [1, 1], T.units, T.battle)
    assert outcome.winner == 1
    assert outcome.casualties[0] == 6
    lost = battle.apply_casualties(
        6,
        ["s1-siege-0", "s1-infantry-0", "s1-infantry-1", "s1-infantry-2"],
        {unit.id: unit for unit in s1.units},
        per_unit,
        None,
        T.units,
        T.battle,
    )
    assert set(lost.lost) == {unit.id for unit in s1.units}
    assert lost.left == 0


def test_infantry_against_siege_casualty_example() -> None:
    """Seasons: Battles: 1 infantry (2 + roll 2 = 4) beats 1 siege unit (1 + roll 2 = 3).

    The siege side loses 1 + 1 = 2 and its siege unit is lost although it soaks 3; the infantry
    takes 3 // 2 = 1 (the siege unit counts triple) and survives with its might of 2.
    """
    inf = Side(("a",), units("a", infantry=1))
    siege = Side(("b",), units("b", siege=1))
    outcome = battle.resolve([inf, siege], [2, 2], T.units, T.battle)
    assert outcome.die == 4
    assert outcome.totals == (4, 3)
    assert outcome.winner == 0
    assert outcome.casualties == (1, 2)
    siege_loss = battle.apply_casualties(
        2, ["b-siege-0"], {"b-siege-0": siege.units[0]}, outcome.unit_might, None, T.units, T.battle
    )
    assert siege_loss.lost == ("b-siege-0",)
    infantry_loss = battle.apply_casualties(
        1, ["a-infantry-0"], {"a-infantry-0": inf.units[0]}, outcome.unit_might, None, T.units, T.battle
    )
    assert infantry_loss.lost == ()


def test_war_boat_aid_example() -> None:
    """Seasons: Units / War Boat: of 3 boats, the one that carried the attackers is busy (0), the one
    still holding 2 infantry aids +3 and the empty one +2: 5 in all."""
    boats = [
        Fighter("carrier", "war_boat", "a"),
        Fighter("loaded", "war_boat", "a", infantry_aboard=2),
        Fighter("empty", "war_boat", "a"),
    ]
    assert battle.aid_might(boats, T.battle, T.units, busy_boats=["carrier"]) == 5


def test_war_boat_with_cargo_aids_alone() -> None:
    """Seasons: Tokens / Aid: a boat holding 2 infantry and 2 cavalry aids; its cargo does not."""
    boat = Fighter("boat", "war_boat", "a", infantry_aboard=2)
    assert battle.aid_might([boat], T.battle, T.units) == 3


def test_aid_one_per_untasked_unit() -> None:
    """Seasons: Tokens / Aid: of 4 units, 2 move and 1 pillages: the last one aids +1."""
    assert battle.aid_might(units("a", infantry=1), T.battle, T.units) == 1


def test_dice_examples() -> None:
    """Seasons: Battles: 7 units in a battle roll a d6, 8 units a d8."""
    assert battle.die_for(7, T.battle) == 6
    assert battle.die_for(8, T.battle) == 8
    assert battle.die_for(2, T.battle) == 4
    assert battle.die_for(25, T.battle) == 20


def test_three_nation_battle_example() -> None:
    """Seasons: Battles: A (2 infantry, 3), B (1 cavalry, 4), C (1 infantry + 1 siege, 2) roll
    d4 for 2, 1, 4: totals 5, 5, 6 and C wins; C takes 1 (from A), A and B take 5 each (from C)."""
    a = Side(("A",), units("A", infantry=2))
    b = Side(("B",), units("B", cavalry=1))
    c = Side(("C",), units("C", infantry=1, siege=1))
    outcome = battle.resolve([a, b, c], [2, 1, 4], T.units, T.battle)
    assert outcome.die == 4
    assert outcome.might == (3, 4, 2)
    assert outcome.totals == (5, 5, 6)
    assert outcome.winner == 2
    assert outcome.casualties == (5, 5, 1)
    # A's 3 might of infantry and B's cavalry of 4 are wiped out by 5 each.
    a_loss = battle.apply_casualties(
        5,
        ["A-infantry-0", "A-infantry-1"],
        {u.id: u for u in a.units},
        outcome.unit_might,
        None,
        T.units,
        T.battle,
    )
    assert len(a_loss.lost) == 2
    b_loss = battle.apply_casualties(
        5, ["B-cavalry-0"], {u.id: u for u in b.units}, outcome.unit_might, None, T.units, T.battle
    )
    assert b_loss.lost == ("B-cavalry-0",)


def test_alliance_casualties_split_rounding_up() -> None:
    """Seasons: Battles, multiple sides: 5 casualties shared by two allies are 3 each."""
    assert battle.split_casualties(5, ["n1", "n2"]) == {"n1": 3, "n2": 3}
    assert battle.split_casualties(4, ["n1", "n2"]) == {"n1": 2, "n2": 2}
