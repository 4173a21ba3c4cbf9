"""Battle resolution as pure functions over plain data (Seasons: Units, Buildings, Battles).

Nothing here knows the map or the game state: the engine gathers who fights, which building
stands in the area, the aid and the adjacent bonuses, and asks these functions for the might of
every unit, the die, the winner and the casualties; then it asks each nation which units take them
and applies the answer with ``apply_casualties``.

Readings of the text made here (each follows one of its worked examples):

* Bonus might is handed out one unit at a time, filling a unit up to its kind's maximum before the
  next gets any (Seasons: Units / Infantry: 2 infantry against 3 siege units have might 3 and 2).
* A unit's might when taking casualties is its might in this battle, bonuses included, dice not.
* "The opposing force" of a side is every unit on every other side.
* A trained siege unit counts as ``casualty_factor`` units when the casualties it causes are
  counted, and absorbs ``casualty_factor`` times its might when it takes them (Seasons: Units /
  Siege Units, and the three-nation example of Seasons: Battles, where C causes 1 + 1 + 3 = 5).
* With three or more sides, each side takes the largest casualty any other side would cause it:
  a side with a higher total causes the difference plus its weighted unit count, a side with a
  lower or equal total causes half its weighted unit count rounded down.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from model.rules.seasons.schema import Building
from model.rules.seasons.tables import BattleTable, UnitTable

INFANTRY = "infantry"
CAVALRY = "cavalry"
WAR_BOAT = "war_boat"
SIEGE = "siege"
LAND_KINDS = (INFANTRY, CAVALRY, SIEGE)
"""Unit kinds that stand on land (and ride in war boats at sea)."""


class BattleError(ValueError):
    """A battle description or a casualty choice that breaks the rules of battle."""


@dataclass(frozen=True)
class Fighter:
    """One unit in a battle. ``infantry_aboard`` counts the infantry a war boat carries."""

    id: str
    kind: str
    nation: str
    trained: bool = True
    infantry_aboard: int = 0


@dataclass(frozen=True)
class Fortification:
    """The building standing in the battle's area, with its current might (after earlier damage)."""

    building: Building
    value: int


@dataclass(frozen=True)
class Side:
    """One side of a battle: one nation, or allies fighting as one (Seasons: Battles, multiple sides).

    ``aid`` is the might that aid tokens and castle auto-aid bring; ``adjacent`` the might of towers
    and castles in adjacent areas (only a defending side gets it); ``fortification`` the building in
    the area when this side defends it.
    """

    nations: tuple[str, ...]
    units: tuple[Fighter, ...] = ()
    aid: int = 0
    adjacent: int = 0
    fortification: Fortification | None = None

    @property
    def defends(self) -> bool:
        """Whether this side holds the area (buildings only ever defend)."""
        return self.fortification is not None


@dataclass(frozen=True)
class Outcome:
    """The result of one roll of a battle: totals, the winner (or None on a tie) and casualties."""

    die: int
    might: tuple[int, ...]
    rolls: tuple[int, ...]
    totals: tuple[int, ...]
    winner: int | None
    casualties: tuple[int, ...] = ()
    unit_might: dict[str, int] = field(default_factory=dict)


# --- might ---------------------------------------------------------------------------------------


def _fill(units: Sequence[Fighter], base: int, cap: int, points: int) -> dict[str, int]:
    """Hand ``points`` of bonus might out one unit at a time, each up to ``cap``."""
    mights: dict[str, int] = {}
    for unit in sorted(units, key=lambda fighter: fighter.id):
        bonus = min(max(cap - base, 0), points)
        points -= bonus
        mights[unit.id] = base + bonus
    return mights


def unit_mights(
    units: Sequence[Fighter],
    opponents: Iterable[Fighter],
    attacked: Building | None,
    table: UnitTable,
) -> dict[str, int]:
    """Return the might of each unit of one side in this battle.

    Seasons: Units: infantry gain one might per enemy siege unit (up to their maximum), cavalry one
    per enemy infantry unit; war boats gain one per infantry aboard; siege units attacking a tower
    or castle have the might the table gives. ``attacked`` is the building of the area when this
    side attacks it (None when this side defends). Untrained units have their base might only.
    """
    enemy = list(opponents)
    enemy_siege = sum(1 for unit in enemy if unit.kind == SIEGE)
    enemy_infantry = sum(1 for unit in enemy if unit.kind == INFANTRY)
    mights: dict[str, int] = {}
    for kind, points in ((INFANTRY, enemy_siege), (CAVALRY, enemy_infantry)):
        stats = table.stats(kind)
        trained = [unit for unit in units if unit.kind == kind and unit.trained]
        mights.update(_fill(trained, stats.might, stats.max_might or stats.might, points))
    for unit in units:
        if unit.id in mights:
            continue
        stats = table.stats(unit.kind)
        might = stats.might
        if unit.trained and unit.kind == WAR_BOAT:
            might += unit.infantry_aboard
        elif unit.trained and unit.kind == SIEGE and attacked is not None:
            if attacked is Building.CASTLE and stats.might_vs_castle is not None:
                might = stats.might_vs_castle
            elif attacked is Building.TOWER and stats.might_vs_tower is not None:
                might = stats.might_vs_tower
        mights[unit.id] = might
    return mights


def _attacked_building(sides: Sequence[Side], index: int) -> Building | None:
    if sides[index].defends:
        return None
    for side in sides:
        if side.fortification is not None:
            return side.fortification.building
    return None


def battle_mights(sides: Sequence[Side], table: UnitTable) -> tuple[dict[str, int], tuple[int, ...]]:
    """Return the might of every unit and the total might of each side before the dice.

    A side's total is its units, its aid, and when it defends its building and the adjacent
    towers and castles (Seasons: Buildings, Battles).
    """
    per_unit: dict[str, int] = {}
    totals: list[int] = []
    for index, side in enumerate(sides):
        opponents = [unit for other, s in enumerate(sides) if other != index for unit in s.units]
        mights = unit_mights(side.units, opponents, _attacked_building(sides, index), table)
        per_unit.update(mights)
        total = sum(mights.values()) + side.aid
        if side.fortification is not None:
            total += side.fortification.value + side.adjacent
        totals.append(total)
    return per_unit, tuple(totals)


def die_for(unit_count: int, battle: BattleTable) -> int:
    """Return the die every side rolls: the largest die not above the number of units in the battle.

    Seasons: Battles: units aiding from adjacent areas do not count; below the smallest die the
    smallest is rolled.
    """
    dice = sorted(battle.dice)
    chosen = dice[0]
    for die in dice:
        if die <= unit_count:
            chosen = die
    return chosen


def aid_might(
    units: Iterable[Fighter], battle: BattleTable, table: UnitTable, busy_boats: Iterable[str] = ()
) -> int:
    """Return the aid that the untasked units of one area bring to an adjacent battle.

    Seasons: Tokens / Aid and Units / War Boat: each unit gives the standard aid; a trained war
    boat gives more, and more again when it holds enough infantry; a war boat whose cargo
    disembarked to attack this turn is busy and gives nothing. Units riding in a war boat are not
    passed here (they never aid).
    """
    busy = set(busy_boats)
    boat = table.war_boat
    total = 0
    for unit in units:
        if unit.kind == WAR_BOAT and unit.id in busy:
            continue
        if unit.kind == WAR_BOAT and unit.trained:
            loaded = boat.aid_loaded_infantry > 0 and unit.infantry_aboard >= boat.aid_loaded_infantry
            total += (boat.aid_loaded if loaded else boat.aid) or battle.aid_per_unit
        else:
            total += battle.aid_per_unit
    return total


# --- outcome and casualties ----------------------------------------------------------------------


def weighted_count(units: Iterable[Fighter], table: UnitTable) -> int:
    """Return how many units a side counts as when the casualties it causes are worked out."""
    return sum(table.siege.casualty_factor if unit.kind == SIEGE and unit.trained else 1 for unit in units)


def casualties(sides: Sequence[Side], totals: Sequence[int], table: UnitTable) -> tuple[int, ...]:
    """Return the casualty might each side takes, given the totals after the dice.

    Seasons: Battles: the loser takes the difference plus the winner's (weighted) unit count; the
    winner takes half the loser's (weighted) unit count, rounded down; with three or more sides
    each side takes the largest casualty any other side would cause it.
    """
    if len(sides) != len(totals):
        raise BattleError(f"{len(sides)} sides but {len(totals)} totals")
    counts = [weighted_count(side.units, table) for side in sides]
    result: list[int] = []
    for index in range(len(sides)):
        worst = 0
        for other in range(len(sides)):
            if other == index:
                continue
            if totals[other] > totals[index]:
                caused = totals[other] - totals[index] + counts[other]
            else:
                caused = counts[other] // 2
            worst = max(worst, caused)
        result.append(worst)
    return tuple(result)


def resolve(
    sides: Sequence[Side],
    rolls: Sequence[int],
    units: UnitTable,
    battle: BattleTable,
) -> Outcome:
    """Resolve one roll of a battle: might, totals with the dice, the winner and the casualties.

    The winner is None on a tie for the highest total (the engine rerolls or lets the defender
    hold, as the ``battle.tie`` table says).
    """
    if len(sides) < 2:
        raise BattleError("a battle needs at least two sides")
    if len(rolls) != len(sides):
        raise BattleError(f"{len(sides)} sides but {len(rolls)} dice rolled")
    die = die_for(sum(len(side.units) for side in sides), battle)
    for roll in rolls:
        if not 1 <= roll <= die:
            raise BattleError(f"a roll of {roll} is impossible on a d{die}")
    per_unit, might = battle_mights(sides, units)
    totals = tuple(m + r for m, r in zip(might, rolls, strict=True))
    best = max(totals)
    leaders = [index for index, total in enumerate(totals) if total == best]
    winner = leaders[0] if len(leaders) == 1 else None
    return Outcome(
        die=die,
        might=might,
        rolls=tuple(rolls),
        totals=totals,
        winner=winner,
        casualties=casualties(sides, totals, units),
        unit_might=per_unit,
    )


def split_casualties(amount: int, nations: Sequence[str]) -> dict[str, int]:
    """Split a side's casualties between allied nations, each taking its share rounded up.

    Seasons: Battles, multiple sides: the casualties of nations fighting together are divided
    between them, rounding up.
    """
    if not nations:
        return {}
    share = math.ceil(amount / len(nations))
    return {nation: share for nation in nations}


@dataclass(frozen=True)
class CasualtyResult:
    """What a casualty allocation did: units lost, the building left, might left unapplied.

    ``building_after`` is the building standing afterwards (a ruin when a tower or castle fell,
    None when a ruin was removed); ``building_value`` its might left, None when it is a new ruin
    at full might.
    """

    lost: tuple[str, ...]
    building_value: int | None
    building_after: Building | None
    left: int


BUILDING_TARGET = "building"
"""The target name that stands for the area's building in a casualty order."""


def absorbs(unit: Fighter, might: int, table: UnitTable) -> int:
    """Return how much casualty might a unit soaks up before it is destroyed."""
    if unit.kind == SIEGE and unit.trained:
        return might * table.siege.casualty_factor
    return might


def building_cap(value: int, battle: BattleTable) -> int:
    """Return the most casualty might a building may take in one battle (Seasons: Buildings / Tower)."""
    return math.ceil(value * battle.building_casualty_share)


def apply_casualties(
    amount: int,
    order: Sequence[str],
    units: Mapping[str, Fighter],
    mights: Mapping[str, int],
    fortification: Fortification | None,
    unit_table: UnitTable,
    battle: BattleTable,
) -> CasualtyResult:
    """Apply ``amount`` casualty might to the targets in the order the nation chose.

    Seasons: Battles: all the remaining casualty might goes to the chosen unit; if that reaches its
    might it is destroyed and the rest goes on to the next, otherwise it survives and the
    casualties end. A trained siege unit is lost as soon as it takes any (Units / Siege Units).
    A building takes at most its cap; at 0 a tower or castle becomes a ruin and a ruin is removed
    (Buildings). Targets are unit ids or ``BUILDING_TARGET``.
    """
    remaining = amount
    lost: list[str] = []
    value = fortification.value if fortification else None
    building = fortification.building if fortification else None
    seen: set[str] = set()
    for target in order:
        if remaining <= 0:
            break
        if target in seen:
            raise BattleError(f"casualty target {target!r} chosen twice")
        seen.add(target)
        if target == BUILDING_TARGET:
            if value is None or building is None:
                raise BattleError("there is no building to take casualties")
            taken = min(remaining, building_cap(value, battle))
            value -= taken
            remaining -= taken
            if value <= 0:
                building, value = (None, None) if building is Building.RUIN else (Building.RUIN, None)
            continue
        if target not in units:
            raise BattleError(f"{target!r} is not a unit of this nation in the battle")
        unit = units[target]
        soak = absorbs(unit, mights[target], unit_table)
        if remaining >= soak or (unit.kind == SIEGE and unit.trained):
            lost.append(target)
            remaining = max(remaining - soak, 0)
        else:
            remaining = 0
    return CasualtyResult(tuple(lost), value, building, remaining)
