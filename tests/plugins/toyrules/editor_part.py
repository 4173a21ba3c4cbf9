"""Stake's part of the editor: one map mode (area values) and play-test pictures with a value chip.

A packaged ruleset would declare ``[project.entry-points."mappa.editor_rulesets"] toy =
"toyrules.editor_part:PART"``; the tests register it for their duration with :func:`installed`
(``editor.rulesets.registered``). Nothing in Mappa's shared code names this module.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from editor import rulesets
from editor.mapview.chips_item import Chip
from editor.mapview.modes import SEA, Colouring, LegendEntry, MapMode, area_values
from editor.playtest.chips import AreaPicture, owner_colour
from editor.rulesets import EditorRuleset, PictureContext
from model.issues import Issue
from model.scenario import AreaKind, Scenario

VALUE_COLOURS = {1: "#fee8c8", 2: "#fdbb84", 3: "#e34a33"}
"""S1: an area's value, 1 (pale) to 3 (dark)."""

MODE_ID = "toy_value"


def _by_value(scenario: Scenario, issues: list[Issue]) -> Colouring:
    """S1: every land area in the colour of the points it scores."""
    kinds = {area.id: area.kind for area in scenario.map.areas}
    fills: dict[str, str] = {}
    used: set[int] = set()
    for area_id, values in area_values(scenario).items():
        if kinds[area_id] is AreaKind.SEA:
            fills[area_id] = SEA
            continue
        value = int(values.get("value", 1))
        used.add(value)
        fills[area_id] = VALUE_COLOURS.get(value, "#d0d0d0")
    legend = [LegendEntry(VALUE_COLOURS[v], f"Scores {v}") for v in sorted(used) if v in VALUE_COLOURS]
    return Colouring(fills, legend)


def _pictures(state: Any, view: Mapping[str, Any], context: PictureContext) -> dict[str, AreaPicture]:
    """Each land area in its holder's colour with a chip showing its value (S1)."""
    pictures: dict[str, AreaPicture] = {}
    for area_id, data in view.get("areas", {}).items():
        owner, value = data.get("owner"), int(data.get("value", 0))
        fill = owner_colour(owner, context.colours) if owner else "#f2efe6"
        holder = context.seat_names.get(owner, owner) if owner else "nobody"
        tip = f"{context.names.get(area_id, area_id)}: held by {holder}, scores {value} (S1)"
        chip = Chip(str(value), VALUE_COLOURS.get(value, "#d0d0d0"), tip)
        pictures[area_id] = AreaPicture(fill, (chip,), tip)
    return pictures


PART = EditorRuleset(
    id="toy",
    map_modes=(MapMode(MODE_ID, "Stake values", _by_value, rank=55),),
    paint_fields={MODE_ID: "value"},
    pictures=_pictures,
    first_round=0,  # the engine's cursor already counts rounds from 1
)
"""What the editor registry finds for ``toy``."""


@contextmanager
def installed() -> Iterator[EditorRuleset]:
    """Register Stake's editor part while the ``with`` block runs (then take it away)."""
    with rulesets.registered(PART) as part:
        yield part
