"""7 Ages: write a play-test position back as the scenario's setup (``RulesetSpec.capture``).

The whole board is written, face-down neutral stacks included (the author sees everything):
area holders, cities, capitals, forts and disorder; each empire card's player, progress,
treasury and shade (a discarded card goes back to the deck); the counters of each area grouped
by side, type and level; each player's glory; and the turn-marker holder as the first player.
Hands and the deck are not part of a setup: a new game deals them again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from model.rules.capture import Captured, CaptureError, area_setups, fresh_ids, merge
from model.scenario import AreaKind, Empire, Magnate, Scenario, Setup, Unit

NEUTRAL = "neutral"
AREA_DEFAULTS = {"city": 0, "capital": False, "fort": False, "disorder": False}
EMPIRE_DEFAULTS = {"player": None, "progress": 1, "treasury": 0, "shade": "light"}


def capture(scenario: Scenario, state: Any) -> Captured:
    """Return the setup that starts a new game from the 7 Ages ``state`` (no map attribute changes)."""
    if not hasattr(state, "board") or not hasattr(state, "to_json"):
        raise CaptureError(f"capture needs a sevenages game state, not {type(state).__name__}")
    board = state.to_json()["board"]
    levels = {kind: unit.level for kind, unit in state.game.rules.units.items()}
    return Captured(_setup(scenario, board, levels))


def _area_values(area: Mapping[str, Any]) -> dict[str, Any]:
    return {key: area[key] for key in AREA_DEFAULTS}


def _setup(scenario: Scenario, board: Mapping[str, Any], levels: Mapping[str, int]) -> Setup:
    old = scenario.setup
    # Sea areas hold no setup entry unless the file gave one (their holder follows the ships).
    seas = {a.id for a in scenario.map.areas if a.kind is AreaKind.SEA}
    played = {a: v for a, v in board["areas"].items() if a not in seas or a in old.areas}
    areas = area_setups(old, played, _area_values, AREA_DEFAULTS)
    empires = []
    for empire in old.empires:
        data = board["empires"].get(empire.id)
        values: dict[str, Any] = dict(EMPIRE_DEFAULTS)
        if data is not None:
            values = {k: data[k] for k in ("player", "progress", "treasury", "shade")}
        # A card off the map (in the deck, or discarded) gets the defaults: no player.
        attributes = merge(empire.attributes, values, EMPIRE_DEFAULTS)
        empires.append(Empire(id=empire.id, name=empire.name, colour=empire.colour, attributes=attributes))
    units = _units(scenario, board["units"], levels)
    magnates = list(old.magnates)
    if any(u.owner == NEUTRAL for u in units) and not any(m.id == NEUTRAL for m in magnates):
        magnates.append(Magnate(id=NEUTRAL, name="Neutrals", colour="#f0f0f0"))
    glory = {p: int(d["glory"]) for p, d in board["players"].items()}
    players = [
        merge(p, {"glory": glory.get(str(p.get("id")), 0)}, {"glory": 0})
        for p in _players(old.attributes.get("players"))
    ]
    first = players[0]["id"] if players else None
    attributes = merge(
        old.attributes, {"players": players, "first_player": board["order"][0]}, {"first_player": first}
    )
    return Setup(
        empires=empires,
        magnates=magnates,
        areas=dict(sorted(areas.items())),
        units=units,
        attributes=attributes,
    )


def _players(raw: Any) -> list[dict[str, Any]]:
    return [dict(p) for p in raw if isinstance(p, dict)] if isinstance(raw, list) else []


def _units(
    scenario: Scenario, played: Mapping[str, list[list[Any]]], levels: Mapping[str, int]
) -> list[Unit]:
    """One unit entry per (area, side, type, level): the file's entries first, in its order and
    with its ids, then the new groups with fresh ids; a level equal to the type's is left out."""
    groups: Counter[tuple[str, str, str, int]] = Counter()
    for area, stack in played.items():
        for owner, kind, level, _used in stack:
            groups[(area, owner, kind, int(level))] += 1
    units = []
    for unit in scenario.setup.units:
        level = unit.attributes.get("level")
        key = (unit.area, unit.owner, unit.kind, level if isinstance(level, int) else levels[unit.kind])
        count = groups.pop(key, 0)
        if count:
            units.append(unit.model_copy(update={"strength": count}))
    ids = fresh_ids(scenario)
    for (area, owner, kind, level), count in sorted(groups.items()):
        attributes = merge({}, {"level": level}, {"level": levels[kind]})
        units.append(
            Unit(id=next(ids), kind=kind, owner=owner, area=area, strength=count, attributes=attributes)
        )
    return units
