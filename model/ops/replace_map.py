"""Replace the whole map in one step (the editor's Generate from points… applies a generated map).

The setup is kept as it is: entries that name areas the new map lacks stay, and the validator
flags them, so an author who regenerates a map loses no work. ``areas_left_behind`` lists those
entries beforehand, for the dialog's summary.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from model.ops.core import Change, PreconditionError, Recorder, Touched
from model.scenario import Catalogs, MapData, Scenario

_MAP_FIELDS = ("units", "bounds", "grid", "projection", "adjacency", "boundaries", "areas", "connections")
"""What a new map replaces; ``underlays`` (the author's reference layers) only when it brings some."""

_CATALOG_FIELDS = ("language_families", "languages", "religion_groups", "religions")

_SERIAL = re.compile(r"(\d+)$")


def _ids(items: Iterable[Any]) -> set[str]:
    return {item.id for item in items}


def _map_ids(map_data: MapData) -> set[str]:
    return _ids(map_data.boundaries) | _ids(map_data.areas) | _ids(map_data.connections)


def id_clashes(scenario: Scenario, map_data: MapData, catalogs: Catalogs | None = None) -> list[str]:
    """The ids the replacement would bring in twice, sorted (``replace_map`` refuses them).

    Ids are unique across the whole scenario, so a region cannot be named like an empire, a
    unit, a kept underlay or a catalog entry (nor like a boundary of the new map).
    """
    kept = _ids(scenario.setup.empires) | _ids(scenario.setup.magnates) | _ids(scenario.setup.units)
    groups: list[Iterable[Any]] = [map_data.boundaries, map_data.areas, map_data.connections]
    if map_data.underlays:
        groups.append(map_data.underlays)
    else:
        kept |= _ids(scenario.map.underlays)
    vocabulary = catalogs if catalogs is not None else scenario.catalogs
    for name in _CATALOG_FIELDS:
        if catalogs is not None:
            groups.append(getattr(vocabulary, name))
        else:
            kept |= _ids(getattr(vocabulary, name))
    seen: set[str] = set()
    clashes: set[str] = set()
    for group in groups:
        for item_id in (item.id for item in group):
            if item_id in seen or item_id in kept:
                clashes.add(item_id)
            seen.add(item_id)
    return sorted(clashes)


def _named_areas(value: Any, areas: set[str]) -> Iterator[str]:
    """Every string inside ``value`` (dict keys too) that is one of ``areas``."""
    if isinstance(value, str):
        if value in areas:
            yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _named_areas(key, areas)
            yield from _named_areas(item, areas)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _named_areas(item, areas)


def areas_left_behind(scenario: Scenario, map_data: MapData) -> list[str]:
    """What in the setup and ruleset tables names an area of the current map that ``map_data`` lacks.

    One line per entry (``unit u3 in wessex``, ``empire england: court wessex``), in file order.
    ``replace_map`` keeps these entries; the validator reports them.
    """
    gone = _ids(scenario.map.areas) - _ids(map_data.areas)
    if not gone:
        return []
    found: list[str] = []
    setup = scenario.setup
    for area_id, start in setup.areas.items():
        if area_id in gone:
            found.append(f"start of area {area_id}")
        found.extend(f"start of area {area_id}: {name}" for name in _named_areas(start.attributes, gone))
    for unit in setup.units:
        if unit.area in gone:
            found.append(f"unit {unit.id} in {unit.area}")
    for kind, powers in (("empire", setup.empires), ("Magnate", setup.magnates)):
        for power in powers:
            for key, value in power.attributes.items():
                found.extend(f"{kind} {power.id}: {key} {name}" for name in _named_areas(value, gone))
    for key, value in setup.attributes.items():
        found.extend(f"scenario option {key}: {name}" for name in _named_areas(value, gone))
    for key, value in scenario.ruleset.options.items():
        found.extend(f"ruleset option {key}: {name}" for name in _named_areas(value, gone))
    for key, value in scenario.ruleset.tables.items():
        found.extend(f"table {key}: {name}" for name in dict.fromkeys(_named_areas(value, gone)))
    return found


def replace_map(
    scenario: Scenario,
    map_data: MapData,
    catalogs: Catalogs | None = None,
    description: str = "Replace the map",
) -> Change:
    """Make ``map_data`` the scenario's map (and ``catalogs`` its catalogs, when given), in one step.

    Everything of the map is replaced (units, bounds, grid, projection, adjacency policy,
    boundaries, areas, connections) but the underlays, which stay unless ``map_data`` brings its
    own. The containers are patched in place, so views holding them stay valid, and
    ``Change.revert`` restores the exact former scenario. The setup is untouched, even where it
    names areas the new map lacks (see ``areas_left_behind``). ``next_serial`` moves past the
    serial of every new id, since ids are never reused. Refused (``PreconditionError``) when a
    new id is already used by something kept (see ``id_clashes``).
    """
    clashes = id_clashes(scenario, map_data, catalogs)
    if clashes:
        raise PreconditionError(
            f"these ids would be used twice in the scenario: {', '.join(clashes[:10])}"
            + (f" and {len(clashes) - 10} more" if len(clashes) > 10 else "")
            + "; rename them in the points table"
        )
    old = scenario.map
    touched = Touched(
        boundaries=frozenset(_ids(old.boundaries) | _ids(map_data.boundaries)),
        areas=frozenset(_ids(old.areas) | _ids(map_data.areas)),
        connections=frozenset(_ids(old.connections) | _ids(map_data.connections)),
    )
    fields = _MAP_FIELDS + (("underlays",) if map_data.underlays else ())
    rec = Recorder(scenario)
    rec.save(*(("map", name) for name in fields), ("next_serial",))
    if catalogs is not None:
        rec.save(*(("catalogs", name) for name in _CATALOG_FIELDS))
    for name in fields:
        value = getattr(map_data, name)
        if isinstance(value, list):
            getattr(old, name)[:] = list(value)
        else:
            setattr(old, name, value)
    if catalogs is not None:
        for name in _CATALOG_FIELDS:
            getattr(scenario.catalogs, name)[:] = list(getattr(catalogs, name))
    serials = [int(m.group(1)) for m in map(_SERIAL.search, _map_ids(map_data)) if m is not None]
    scenario.next_serial = max([scenario.next_serial, *(s + 1 for s in serials)])
    return rec.change(description, touched)
