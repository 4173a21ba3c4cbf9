"""Checks of ids and names, and of the references between objects."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from typing import Any

from model.issues import Issue
from model.scenario import Scenario
from model.validate.codes import issue
from model.validate.context import Context, unknown_reference

_UNNAMED_KINDS = ("boundary", "connection", "underlay", "unit")
"""Objects whose name is optional (or that have none)."""


_CATALOG_PARENTS = (
    ("languages", "language", "family", "language_family"),
    ("religions", "religion", "group", "religion_group"),
)
"""Catalog entries that name a parent: (catalog, kind, field, ``Context.known_ids`` kind of the parent)."""


def _groups(scenario: Scenario) -> list[tuple[str, str, list[Any]]]:
    """The lists of objects with an id: ``(kind, JSON path of the list, its objects)``."""
    return [
        ("boundary", "map.boundaries", scenario.map.boundaries),
        ("area", "map.areas", scenario.map.areas),
        ("connection", "map.connections", scenario.map.connections),
        ("underlay", "map.underlays", scenario.map.underlays),
        ("language family", "catalogs.language_families", scenario.catalogs.language_families),
        ("language", "catalogs.languages", scenario.catalogs.languages),
        ("religion group", "catalogs.religion_groups", scenario.catalogs.religion_groups),
        ("religion", "catalogs.religions", scenario.catalogs.religions),
        ("empire", "setup.empires", scenario.setup.empires),
        ("Magnate", "setup.magnates", scenario.setup.magnates),
        ("unit", "setup.units", scenario.setup.units),
    ]


def _identified(scenario: Scenario, skip: tuple[str, ...] = ()) -> Iterator[tuple[str, str, str, int, str]]:
    """Yield ``(id, kind, JSON path of its list, index in it, name)`` of every object with an id
    (but those of the kinds in ``skip``).

    The object's own path (``f"{path}[{index}]"``) is spelled out by the callers only for the
    objects they report: formatting it for every one of 80,000 boundaries took most of a second.
    """
    named: dict[type, bool] = {}  # asking pydantic for a class's fields is slow: once per class
    for kind, path, items in _groups(scenario):
        if kind in skip:
            continue
        for index, item in enumerate(items):
            cls = type(item)
            if cls not in named:
                named[cls] = "name" in cls.model_fields
            name = item.name if named[cls] else "-"
            yield item.id, kind, path, index, name


def ids(context: Context) -> Iterator[Issue]:
    """Ids used by two objects (ids are unique across the whole scenario)."""
    every = [item.id for _, _, items in _groups(context.scenario) for item in items]
    if len(set(every)) == len(every):
        return  # nearly always: no id comes twice (asked in C, 120,000 ids on a big map)
    # The first object of each id, as (kind, name): phrased only when an id comes again.
    seen: dict[str, tuple[str, str]] = {}
    for object_id, kind, path, index, name in _identified(context.scenario):
        # The message names the objects as the author sees them; the path says where the second is.
        if object_id in seen:
            path = f"{path}[{index}]"
            first, second = _called(*seen[object_id]), _called(kind, name)
            yield issue(
                "DUPLICATE_ID",
                f"id {object_id!r} is used by {first} and by {second}: give one of them a new id",
                ids=(object_id,),
                path=path,
                location=context.location_of(object_id),
            )
        else:
            seen[object_id] = (kind, name)


def _called(kind: str, name: str) -> str:
    """An object as the author sees it: by its name, else by its kind."""
    return f"the {kind} {name!r}" if name.strip() and name != "-" else f"a {kind}"


def names(context: Context) -> Iterator[Issue]:
    """Objects that need a name and have none; areas that share a name."""
    for object_id, kind, path_of_list, index, name in _identified(context.scenario, skip=_UNNAMED_KINDS):
        if not name.strip():
            path = f"{path_of_list}[{index}]"
            yield issue(
                "NAME_MISSING",
                f"the {kind} {object_id!r} has no name: type one in",
                ids=(object_id,),
                path=f"{path}.name",
                location=context.location_of(object_id),
            )
    by_name: dict[str, list[str]] = defaultdict(list)
    for area in context.scenario.map.areas:
        if area.name.strip():
            by_name[area.name.strip().casefold()].append(area.id)
    for area_ids in by_name.values():
        if len(area_ids) > 1:
            name = context.areas[area_ids[0]].name
            yield issue(
                "NAME_DUPLICATE",
                f"{len(area_ids)} areas are named {name!r} ({', '.join(area_ids)})",
                ids=area_ids,
                location=context.location_of(area_ids[0]),
            )


def references(context: Context) -> Iterator[Issue]:
    """Ids in connections, catalogs, the area setup and units that name no object of their kind."""
    scenario = context.scenario
    holders = context.empires | context.magnates
    for index, connection in enumerate(scenario.map.connections):
        for end in ("a", "b"):
            value = getattr(connection, end)
            if value not in context.areas:
                yield unknown_reference(
                    f"connection {connection.id!r}",
                    value,
                    f"map.connections[{index}].{end}",
                    "area",
                    (connection.id,),
                )
    known = context.known_ids()
    for catalog, kind, field, parent in _CATALOG_PARENTS:
        for index, entry in enumerate(getattr(scenario.catalogs, catalog)):
            value = getattr(entry, field)
            if value is not None and value not in known[parent]:
                yield unknown_reference(
                    f"{kind} {entry.id!r}",
                    value,
                    f"catalogs.{catalog}[{index}].{field}",
                    parent.replace("_", " "),
                    (entry.id,),
                )
    for area_id, setup in scenario.setup.areas.items():
        path = f"setup.areas.{area_id}"
        if area_id not in context.areas:
            yield unknown_reference("the starting state of an area", area_id, path, "area")
        if setup.owner is not None and setup.owner not in holders:
            yield unknown_reference(
                f"the owner of area {area_id!r}",
                setup.owner,
                f"{path}.owner",
                "empire or Magnate",
                (area_id,),
                context.location_of(area_id),
            )
    for index, unit in enumerate(scenario.setup.units):
        path = f"setup.units[{index}]"
        if unit.area not in context.areas:
            yield unknown_reference(f"unit {unit.id!r}", unit.area, f"{path}.area", "area", (unit.id,))
        if unit.owner not in holders:
            yield unknown_reference(
                f"unit {unit.id!r}",
                unit.owner,
                f"{path}.owner",
                "empire or Magnate",
                (unit.id,),
                context.location_of(unit.area),
            )
