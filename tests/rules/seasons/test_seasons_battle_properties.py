"""Properties of the Seasons battle functions over random battles (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from model.rules.seasons import battle
from model.rules.seasons.battle import Fighter, Side
from model.rules.seasons.tables import default_tables

T = default_tables()
KINDS = ("infantry", "cavalry", "siege", "war_boat")


@st.composite
def sides(draw: st.DrawFn, count: int = 2) -> list[Side]:
    made = []
    for index in range(count):
        kinds = draw(st.lists(st.sampled_from(KINDS), min_size=1, max_size=6))
        trained = draw(st.lists(st.booleans(), min_size=len(kinds), max_size=len(kinds)))
        units = tuple(
            Fighter(f"n{index}-{n}", kind, f"n{index}", flag)
            for n, (kind, flag) in enumerate(zip(kinds, trained, strict=True))
        )
        made.append(Side((f"n{index}",), units, aid=draw(st.integers(0, 5))))
    return made


@settings(max_examples=100, deadline=None)
@given(data=st.data(), count=st.integers(2, 4))
def test_winner_has_the_highest_total_and_casualties_follow_the_formula(
    data: st.DataObject, count: int
) -> None:
    fighting = data.draw(sides(count))
    die = battle.die_for(sum(len(side.units) for side in fighting), T.battle)
    rolls = data.draw(st.lists(st.integers(1, die), min_size=count, max_size=count))
    outcome = battle.resolve(fighting, rolls, T.units, T.battle)
    assert all(c >= 0 for c in outcome.casualties)
    if outcome.winner is not None:
        assert all(
            outcome.totals[outcome.winner] > t for i, t in enumerate(outcome.totals) if i != outcome.winner
        )
    if count == 2 and outcome.winner is not None:
        loser = 1 - outcome.winner
        counts = [battle.weighted_count(side.units, T.units) for side in fighting]
        gap = outcome.totals[outcome.winner] - outcome.totals[loser]
        assert outcome.casualties[loser] == gap + counts[outcome.winner]
        assert outcome.casualties[outcome.winner] == counts[loser] // 2


@settings(max_examples=100, deadline=None)
@given(data=st.data(), amount=st.integers(0, 40))
def test_casualties_never_destroy_more_than_they_can(data: st.DataObject, amount: int) -> None:
    side = data.draw(sides(1))[0]
    enemy = data.draw(sides(1))[0]
    mights = battle.unit_mights(side.units, enemy.units, None, T.units)
    order = [unit.id for unit in side.units]
    units = {unit.id: unit for unit in side.units}
    result = battle.apply_casualties(amount, order, units, mights, None, T.units, T.battle)
    soaks = {unit.id: battle.absorbs(unit, mights[unit.id], T.units) for unit in side.units}
    assert 0 <= result.left <= amount
    # Every unit lost but the last one soaked its full share.
    assert sum(soaks[u] for u in result.lost[:-1]) <= amount
    if amount >= sum(soaks.values()):
        assert set(result.lost) == set(units)
        assert result.left == amount - sum(soaks.values())
