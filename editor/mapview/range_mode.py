"""The "Range" map mode: every area shaded by its distance from one area, by a reach of the ruleset.

Registered among the map modes when imported (before the menus are built), so it is in View > Map
mode and the toolbar's box like the others. What it shows is set by the Range panel
(``editor.docks.range_dock``): the start area, the reach (``model.rules.reach``) and the distances
it computed, per scenario (another window's map is never coloured by them). The start area is
purple, reachable areas go from dark red (near) to pale yellow (far), unreachable areas are grey;
the legend names the start, the reach with its rule, and each distance.

``RangeLabels`` writes each area's distance under its name, one item for the whole map (as the
names are drawn, with the same level of detail).
"""

from __future__ import annotations

import importlib
import weakref
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QTransform

from editor.mapview.items import LabelLayerItem, ViewState
from editor.mapview.modes import MODES, Colouring, LegendEntry, MapMode
from model.issues import Issue
from model.scenario import Scenario

MODE_ID = "range"
START = "#6a3d9a"
UNREACHABLE = "#d6d6d6"
RAMP = ("#800026", "#bd0026", "#e31a1c", "#fc4e2a", "#fd8d3c", "#feb24c", "#fed976", "#ffeda0")
"""Near (dark red) to far (pale yellow)."""
MAX_LEGEND_ROWS = 16


@dataclass
class RangeResult:
    """What the Range map mode shows for one scenario."""

    start: str
    start_name: str
    reach_name: str
    unit: str
    rule: str
    distances: dict[str, int] = field(default_factory=dict)


_results: dict[int, tuple[weakref.ref[Scenario], RangeResult]] = {}


def set_result(scenario: Scenario, result: RangeResult | None) -> None:
    """Show this result when the scenario's map is in the Range mode (None: nothing picked)."""
    key = id(scenario)
    if result is None:
        _results.pop(key, None)
        return
    _results[key] = (weakref.ref(scenario, lambda _ref, k=key: _results.pop(k, None)), result)


def result_of(scenario: Scenario) -> RangeResult | None:
    """The result shown for a scenario, or None."""
    entry = _results.get(id(scenario))
    if entry is None or entry[0]() is not scenario:
        return None
    return entry[1]


def counted(distance: int, unit: str) -> str:
    """``1 sea area``, ``2 sea areas``: the distance with its unit (given plural)."""
    return f"{distance} {unit[:-1] if distance == 1 and unit.endswith('s') else unit}"


def colour_of(distance: int, farthest: int) -> str:
    """The fill of an area at ``distance`` when the farthest reached is ``farthest``."""
    if farthest <= 0:
        return RAMP[0]
    return RAMP[min(len(RAMP) - 1, round(distance / farthest * (len(RAMP) - 1)))]


def _by_range(scenario: Scenario, issues: list[Issue]) -> Colouring:
    result = result_of(scenario)
    if result is None:
        fills = {area.id: UNREACHABLE for area in scenario.map.areas}
        return Colouring(fills, [LegendEntry(UNREACHABLE, "Pick an area and a reach in the Range panel")])
    found = result.distances
    farthest = max(found.values(), default=0)
    fills: dict[str, str] = {}
    for area in scenario.map.areas:
        distance = found.get(area.id)
        if area.id == result.start:
            fills[area.id] = START
        elif distance is None:
            fills[area.id] = UNREACHABLE
        else:
            fills[area.id] = colour_of(distance, farthest)
    rule = f" ({result.rule})" if result.rule else ""
    legend = [LegendEntry(START, f"From {result.start_name}: {result.reach_name}{rule}")]
    values = sorted(set(found.values()))
    if len(values) <= MAX_LEGEND_ROWS:
        legend += [LegendEntry(colour_of(d, farthest), counted(d, result.unit)) for d in values]
    else:  # one row per colour of the ramp, with the distances it covers
        rows: dict[str, list[int]] = {}
        for d in values:
            rows.setdefault(colour_of(d, farthest), []).append(d)
        legend += [
            LegendEntry(c, counted(ds[0], result.unit) if len(ds) == 1 else f"{ds[0]}–{ds[-1]} {result.unit}")
            for c, ds in rows.items()
        ]
    unreachable = sum(1 for area in scenario.map.areas if area.id not in found)
    if unreachable:
        legend.append(LegendEntry(UNREACHABLE, f"Out of reach ({unreachable} areas)"))
    return Colouring(fills, legend)


# After the modes that came before it, so that they keep their place and Alt+N shortcut in
# View > Map mode.
importlib.import_module("editor.playtest")  # its import registers "Changed hands"
MODES[MODE_ID] = MapMode(MODE_ID, "Range from an area", _by_range, rank=100)


class RangeLabels(LabelLayerItem):
    """Each reached area's distance, drawn just under its name (the names' level of detail)."""

    def __init__(self, state: ViewState, parent: object = None) -> None:
        super().__init__(state, parent)  # type: ignore[arg-type]
        self.setZValue(1)

    def _placed(
        self, shown: list[str], transform: QTransform, region: QRectF | None = None
    ) -> list[tuple[str, QPointF]]:
        """Below the name: moved down by one line."""
        shift = QPointF(0, self._state.label_metrics.height())
        return [(area_id, point + shift) for area_id, point in super()._placed(shown, transform, region)]
