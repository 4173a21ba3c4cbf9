"""Edit operations on underlays: reference pictures and basemaps drawn under the map.

Underlays are part of the file (``map.underlays``) but never of the game; each edit here is one
undo step like any other. Coastline linework taken from a basemap is added with ``add_boundary``
(one call per line), so it is noded into the map like a drawn border.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from model.ops.core import (
    Change,
    InvalidGeometryError,
    PreconditionError,
    Recorder,
    Touched,
    index_of,
    revalidate,
    unique,
)
from model.ops.linework import add_boundary
from model.scenario import Scenario, Underlay

UNDERLAYS = ("map", "underlays")
EDITABLE = ("opacity", "x", "y", "scale", "visible", "source")


def add_underlay(
    scenario: Scenario,
    kind: str,
    source: str,
    *,
    opacity: float = 0.4,
    x: float = 0.0,
    y: float = 0.0,
    scale: float = 1.0,
) -> Change:
    """Add an image or basemap underlay on top of the others; its id is ``Change.new_id``."""
    if not source.strip():
        raise PreconditionError("an underlay needs a source file")
    fields = {"kind": kind, "source": source, "opacity": opacity, "x": x, "y": y, "scale": scale}
    try:
        Underlay(id="underlay", **fields)  # check the values before taking an id
    except ValueError as error:
        raise PreconditionError(f"cannot add the underlay: {error}") from error
    rec = Recorder(scenario)
    rec.save(UNDERLAYS)
    underlay_id = rec.new_id("underlay")
    underlay = Underlay(id=underlay_id, **fields)
    scenario.map.underlays.append(underlay)
    return rec.change(f"Add {kind} underlay {underlay_id}", Touched(), created=[underlay_id])


def set_underlay(scenario: Scenario, underlay_id: str, **fields: Any) -> Change:
    """Set the opacity, position, scale, visibility or source of an underlay (validated)."""
    unknown = sorted(set(fields) - set(EDITABLE))
    if unknown:
        raise PreconditionError(f"underlays have no editable field {unknown[0]!r}; use {', '.join(EDITABLE)}")
    at = index_of(scenario.map.underlays, underlay_id, "underlay")
    updated = revalidate(scenario.map.underlays[at], fields)
    rec = Recorder(scenario)
    rec.save(UNDERLAYS)
    scenario.map.underlays[at] = updated
    names = ", ".join(sorted(fields))
    return rec.change(f"Set {names} of underlay {underlay_id}", Touched())


def remove_underlay(scenario: Scenario, underlay_ids: str | Sequence[str]) -> Change:
    """Remove underlays (their files are left alone)."""
    selected = unique([underlay_ids] if isinstance(underlay_ids, str) else underlay_ids, "underlay")
    for underlay_id in selected:
        index_of(scenario.map.underlays, underlay_id, "underlay")
    rec = Recorder(scenario)
    rec.save(UNDERLAYS)
    gone = set(selected)
    scenario.map.underlays[:] = [u for u in scenario.map.underlays if u.id not in gone]
    what = selected[0] if len(selected) == 1 else f"{len(selected)} underlays"
    return rec.change(f"Remove underlay {what}", Touched(), removed=selected)


def add_linework(scenario: Scenario, lines: Sequence[Sequence[tuple[float, float]]]) -> Change:
    """Add many boundaries (coastline traced from a basemap) as one change, noded into the map.

    A line the linework refuses (it would overlap a border already there, or collapses on the
    grid) is skipped; ``Change.removed`` is empty and ``Change.created`` lists the new boundaries.
    Raises ``PreconditionError`` when every line was refused.
    """
    if not lines:
        raise PreconditionError("no coastline inside the map's bounds to add")
    done: list[Change] = []
    skipped = 0
    for points in lines:
        try:
            done.append(add_boundary(scenario, points))
        except InvalidGeometryError:
            skipped += 1
    if not done:
        raise PreconditionError(f"none of the {len(lines)} coastline lines fit the map's linework")
    return _Combined(done, skipped)


class _Combined(Change):
    """Several changes made as one: reverting undoes them newest first."""

    def __init__(self, parts: list[Change], skipped: int) -> None:
        touched = Touched()
        created: list[str] = []
        for part in parts:
            touched = touched | part.touched
            created.extend(part.created)
        note = f" ({skipped} skipped)" if skipped else ""
        super().__init__(f"Add {len(parts)} coastline lines{note}", touched, tuple(created))
        self.parts = parts
        self.skipped = skipped

    def revert(self, scenario: Scenario) -> Change:
        """Undo every part, newest first; return the change that redoes them.

        ``parts`` are kept in the order that ``revert`` must walk backwards: the redo parts come
        out newest first, so walking them backwards re-applies the oldest first.
        """
        redo = [part.revert(scenario) for part in reversed(self.parts)]
        combined = _Combined(redo, self.skipped)
        combined.description = self.description
        return combined
