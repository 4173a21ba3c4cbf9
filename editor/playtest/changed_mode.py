"""The "Changed hands" map mode: how often each area changed owner in the last balance report.

Registered in the editor's map modes when the play-test package is imported (before the menus
are built, so the mode is in View > Map mode and the toolbar's box). The figures come from the
balance report dock (``set_area_changes``); before any report every land area is grey, and so it
is on any other scenario than the report's (one opened later, or in another window).
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping

from editor.mapview.modes import MODES, SEA, UNSET, Colouring, LegendEntry, MapMode
from model.issues import Issue
from model.scenario import AreaKind, Scenario

MODE_ID = "changed_hands"
# A sequential ramp, pale (never) to dark red (most often).
RAMP = ("#fff5f0", "#fee0d2", "#fcbba1", "#fc9272", "#fb6a4a", "#de2d26", "#a50f15")

_per_game: dict[str, float] = {}
_scenario: weakref.ref[Scenario] | None = None
"""The scenario the figures belong to (None until the report's map is first coloured)."""


def set_area_changes(
    area_changes: Mapping[str, Mapping[str, float]], scenario: Scenario | None = None
) -> None:
    """Take a report's ``area_changes`` (``{area: {"total": n, "per_game": x}}``) of ``scenario``.

    Without ``scenario`` the figures belong to the first scenario coloured by this mode whose areas
    include every area of the report (the report dock colours its window's map at once when the
    mode is shown). Another scenario, opened later or in another window, is never coloured by them.
    """
    global _scenario
    _per_game.clear()
    _per_game.update({area: float(data.get("per_game", 0.0)) for area, data in area_changes.items()})
    _scenario = weakref.ref(scenario) if scenario is not None else None


def clear() -> None:
    """Forget the last report (every land area is grey again)."""
    global _scenario
    _per_game.clear()
    _scenario = None


def area_changes(scenario: Scenario | None = None) -> dict[str, float]:
    """The changes per game by area of the last report (of ``scenario`` when given; empty before any)."""
    if scenario is not None and not _belongs_to(scenario):
        return {}
    return dict(_per_game)


def _belongs_to(scenario: Scenario) -> bool:
    """Whether the last report is of this scenario (binding figures not yet bound to it if they fit)."""
    global _scenario
    if not _per_game:
        return False
    if _scenario is None:
        if not set(_per_game) <= {a.id for a in scenario.map.areas}:
            return False
        _scenario = weakref.ref(scenario)
    return _scenario() is scenario


def _colour(value: float, top: float) -> str:
    if top <= 0:
        return RAMP[0]
    step = min(len(RAMP) - 1, int(value / top * (len(RAMP) - 1) + 0.5))
    return RAMP[step]


def _by_changes(scenario: Scenario, issues: list[Issue]) -> Colouring:
    if not _belongs_to(scenario):
        fills = {a.id: SEA if a.kind is AreaKind.SEA else UNSET for a in scenario.map.areas}
        return Colouring(fills, [LegendEntry(UNSET, "Run a balance report (Play-test menu)")])
    top = max(_per_game.values(), default=0.0)
    fills = {
        a.id: SEA if a.kind is AreaKind.SEA else _colour(_per_game.get(a.id, 0.0), top)
        for a in scenario.map.areas
    }
    legend = [LegendEntry(RAMP[0], "Never changed hands")]
    for index in (2, 4, 6):
        legend.append(LegendEntry(RAMP[index], f"about {top * index / (len(RAMP) - 1):.2f} times a game"))
    return Colouring(fills, legend)


def register() -> None:
    """Add the mode to the editor's map modes (idempotent)."""
    MODES.setdefault(MODE_ID, MapMode(MODE_ID, "Changed hands (balance report)", _by_changes, rank=90))
