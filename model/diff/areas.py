"""Areas compared: added, removed, renamed, re-kinded, attributes changed, and their shapes.

Shapes are the union of each area's faces (``model.topology``). An area in both versions whose
shape differs is ``reshaped``, with its size before and after and the change in percent. Land
that moved from one area to another (the faces, or parts of them, that an old area and a
different new area share) says what happened: a removed area whose land went to others was
``merged`` into them; an added area whose land came from areas that are still there was ``split``
off them; between two areas kept in both versions the border moved, which their ``reshaped``
lines name.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

import shapely
from shapely import STRtree

from model.diff.changes import Change, change_words, details_of, named, value_changes
from model.scenario import Area, Scenario
from model.topology import AreaShape, Topology

RELATIVE_TOLERANCE = 1e-6
"""Overlaps and size changes smaller than this share of the area are rounding, not edits."""

SLIVER_SHARE = 0.01
"""Land moved between two areas that is less than this share of the larger of them is a sliver
(a border re-noded on the grid by a split nearby): the areas are still listed as reshaped, but
the sliver names no area it came from or went to, nor makes a split or a merge."""


@dataclass(frozen=True)
class Shapes:
    """The shapes of one version's areas (None: the area has no face) and the map's square unit."""

    shapes: dict[str, AreaShape | None]
    grid: float

    @classmethod
    def of(cls, scenario: Scenario, topology: Topology | None = None) -> Shapes:
        """The shapes of every area of a scenario (``topology``: one already built for it)."""
        topology = topology or Topology.build(scenario.map)
        return cls(
            {area.id: topology.area_geometry(area.id) for area in scenario.map.areas}, scenario.map.grid
        )

    def tolerance(self, size: float) -> float:
        """The smallest change of ``size`` that counts (a grid square, or a millionth of it)."""
        return max(self.grid * self.grid, RELATIVE_TOLERANCE * size)


def _size(shape: AreaShape | None) -> float:
    return float(shape.area) if shape is not None else 0.0


def _square_units(scenario: Scenario) -> str:
    return f"{scenario.map.units}²"


def _amount(value: float) -> str:
    return f"{value:,.0f}" if abs(value) >= 10_000 else f"{value:,.4g}"


def transfers(old: Shapes, new: Shapes, concerned: set[str]) -> dict[tuple[str, str], float]:
    """Return (old area, new area) -> size of the land they share, for different areas only.

    Only pairs with an area of ``concerned`` on either side are looked at (the areas added,
    removed or reshaped): on a large map the others cannot have moved land.
    """
    new_ids = [i for i, shape in new.shapes.items() if shape is not None]
    if not new_ids:
        return {}
    new_shapes = [shape for shape in new.shapes.values() if shape is not None]
    tree = STRtree(new_shapes)
    moved: dict[tuple[str, str], float] = {}
    for old_id, shape in old.shapes.items():
        if shape is None:
            continue
        for index in tree.query(shape, predicate="intersects"):
            new_id = new_ids[int(index)]
            if new_id == old_id or (old_id not in concerned and new_id not in concerned):
                continue
            target = new_shapes[int(index)]
            shared = float(shapely.intersection(shape, target).area)
            if shared > old.tolerance(min(float(shape.area), float(target.area))):
                moved[(old_id, new_id)] = shared
    return moved


def _names(scenario: Scenario) -> dict[str, str]:
    return {area.id: area.name for area in scenario.map.areas}


def _listing(ids: list[str], names: dict[str, str]) -> str:
    return ", ".join(named(names.get(i, ""), i) for i in ids)


def diff_areas(
    old: Scenario, new: Scenario, old_shapes: Shapes | None = None, new_shapes: Shapes | None = None
) -> list[Change]:
    """Every change of the areas from ``old`` to ``new`` (shapes computed unless given)."""
    before, after = old.area_index(), new.area_index()
    shapes_before = old_shapes or Shapes.of(old)
    shapes_after = new_shapes or Shapes.of(new)
    old_names, new_names = _names(old), _names(new)
    names = {**old_names, **new_names}
    units = _square_units(new)

    reshaped: dict[str, tuple[float, float]] = {}
    for area_id in before.keys() & after.keys():
        a, b = shapes_before.shapes.get(area_id), shapes_after.shapes.get(area_id)
        if a is None and b is None:
            continue
        if a is None or b is None:
            reshaped[area_id] = (_size(a), _size(b))
            continue
        change = float(shapely.symmetric_difference(a, b).area)
        if change > shapes_before.tolerance(max(float(a.area), float(b.area))):
            reshaped[area_id] = (float(a.area), float(b.area))
    added = [i for i in after if i not in before]
    removed = [i for i in before if i not in after]
    moved = transfers(shapes_before, shapes_after, set(added) | set(removed) | set(reshaped))
    gave: dict[str, list[str]] = defaultdict(list)
    took: dict[str, list[str]] = defaultdict(list)
    for (source, target), shared in sorted(moved.items(), key=lambda item: -item[1]):
        sizes = (_size(shapes_before.shapes.get(source)), _size(shapes_after.shapes.get(target)))
        if shared < SLIVER_SHARE * max(sizes):
            continue  # a sliver (a border snapped to the grid): the area's own line says it changed
        gave[source].append(target)
        took[target].append(source)

    changes: list[Change] = []
    for area_id in added:
        area = after[area_id]
        sources = took.get(area_id, [])
        details: dict[str, Any] = {"kind": area.kind.value, "size": _size(shapes_after.shapes.get(area_id))}
        text = f"area {named(area.name, area_id)} added ({area.kind.value})"
        kind = "added"
        if sources and all(s in after for s in sources):
            text += f": split off from {_listing(sources, names)}"
            details["split_from"] = sources
        elif sources:
            text += f": made from the land of {_listing(sources, names)}"
            details["made_from"] = sources
        changes.append(Change("areas", kind, (area_id,), text, details))
    for area_id in removed:
        area = before[area_id]
        targets = gave.get(area_id, [])
        text = f"area {named(area.name, area_id)} removed"
        details = {"kind": area.kind.value, "size": _size(shapes_before.shapes.get(area_id))}
        if targets:
            text += f": merged into {_listing(targets, names)}"
            details["merged_into"] = targets
        changes.append(Change("areas", "removed", (area_id,), text, details))
    for area_id, area in after.items():
        if area_id in before:
            changes += _kept_area(before[area_id], area, reshaped.get(area_id), gave, took, names, units)
    return changes


def _kept_area(
    old: Area,
    new: Area,
    sizes: tuple[float, float] | None,
    gave: dict[str, list[str]],
    took: dict[str, list[str]],
    names: dict[str, str],
    units: str,
) -> list[Change]:
    """The changes of an area present in both versions: name, kind, attributes, label, shape."""
    label = named(new.name, new.id)
    changes: list[Change] = []
    if old.name != new.name:
        changes.append(
            Change(
                "areas",
                "renamed",
                (new.id,),
                f"area {new.id} renamed: '{old.name}' → '{new.name}'",
                {"old": old.name, "new": new.name},
            )
        )
    items = value_changes(
        {"kind": old.kind.value, "attributes": old.attributes},
        {"kind": new.kind.value, "attributes": new.attributes},
    )
    if items:
        changes.append(
            Change("areas", "changed", (new.id,), f"area {label}: {change_words(items)}", details_of(items))
        )
    if sizes is not None:
        before, after = sizes
        percent = (after - before) / before * 100 if before else None
        if not after:
            text = f"area {label} lost its shape ({_amount(before)} {units}): no face holds its anchors"
        elif percent is None:
            text = f"area {label} has a shape again ({_amount(after)} {units})"
        else:
            shown = f"{percent:+.1f}" if abs(percent) >= 0.1 else f"{percent:+.2g}"
            text = f"area {label} reshaped: {_amount(before)} → {_amount(after)} {units} ({shown}%)"
        moved = [
            f"land taken from {_listing(took[new.id], names)}" if took.get(new.id) else "",
            f"land given to {_listing(gave[new.id], names)}" if gave.get(new.id) else "",
        ]
        text += "".join(f"; {part}" for part in moved if part)
        details: dict[str, Any] = {
            "old_size": before,
            "new_size": after,
            "percent": None if percent is None else round(percent, 2),
            "took_from": took.get(new.id, []),
            "gave_to": gave.get(new.id, []),
        }
        changes.append(Change("areas", "reshaped", (new.id,), text, details))
    elif old.label != new.label:
        changes.append(
            Change(
                "areas",
                "label_moved",
                (new.id,),
                f"area {label}: name label moved",
                {"old": old.label, "new": new.label},
            )
        )
    return changes
