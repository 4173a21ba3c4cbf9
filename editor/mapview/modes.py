"""The editor's map modes: the model's (shared and every ruleset's) plus the editor's own.

What colour each area gets and the legend are computed without Qt in ``model.rules.mapmodes``
(shared modes) and each ruleset's model package (its spec's ``map_modes``), so headless rendering
colours a map as the editor does; the scene turns the colours into QColors. Here the editor adds
the modes that exist only in the window (changed hands during a play-test, range from an area,
which register themselves in :data:`MODES`) and those of a ruleset's editor part, and says which
attribute the Paint tool brushes in each mode.
"""

from __future__ import annotations

from editor import rulesets
from model.rules import mapmodes, registry
from model.rules.mapmodes import INDEPENDENT as INDEPENDENT
from model.rules.mapmodes import ISSUE_COLOURS as ISSUE_COLOURS
from model.rules.mapmodes import LAND as LAND
from model.rules.mapmodes import PALETTE as PALETTE
from model.rules.mapmodes import SEA as SEA
from model.rules.mapmodes import SHARED_PAINT_FIELDS as SHARED_PAINT_FIELDS
from model.rules.mapmodes import UNSET as UNSET
from model.rules.mapmodes import VALID as VALID
from model.rules.mapmodes import Colouring as Colouring
from model.rules.mapmodes import LegendEntry as LegendEntry
from model.rules.mapmodes import MapMode as MapMode
from model.rules.mapmodes import ModeFunction as ModeFunction
from model.rules.mapmodes import area_values as area_values
from model.rules.mapmodes import categorical as categorical
from model.rules.mapmodes import model_values as model_values
from model.rules.mapmodes import worst_severity as worst_severity

MODES: dict[str, MapMode] = dict(mapmodes.MODES)
"""The shared map modes by id, to which the editor's own (play-test, range) add themselves."""


def _own_modes(ruleset_id: str) -> tuple[MapMode, ...]:
    """A ruleset's modes: those of its model spec and those its editor part adds."""
    return mapmodes.ruleset_modes(ruleset_id) + tuple(rulesets.get(ruleset_id).map_modes)


def _ruleset_ids() -> list[str]:
    return sorted(set(registry.known()) | {part.id for part in rulesets.parts()})


def all_modes() -> dict[str, MapMode]:
    """Every map mode, the shared ones and those of every known ruleset, in menu order (by rank)."""
    found = dict(MODES)
    for ruleset_id in _ruleset_ids():
        for mode in _own_modes(ruleset_id):
            found.setdefault(mode.id, mode)
    return {mode.id: mode for mode in sorted(found.values(), key=lambda mode: mode.rank)}


def modes_for(ruleset_id: str) -> dict[str, MapMode]:
    """The map modes a scenario of this ruleset offers: the shared ones and its own, in menu order."""
    others = {mode.id for other in _ruleset_ids() if other != ruleset_id for mode in _own_modes(other)}
    own = {mode.id for mode in _own_modes(ruleset_id)}
    return {mode_id: mode for mode_id, mode in all_modes().items() if mode_id in own or mode_id not in others}


def paint_fields() -> dict[str, str]:
    """Map mode id -> the attribute its colours show, for every mode that has one to paint."""
    fields = dict(SHARED_PAINT_FIELDS)
    for part in rulesets.parts():
        for mode_id, key in part.paint_fields.items():
            fields.setdefault(mode_id, key)
    return fields


def mode_for_attribute(key: str) -> str | None:
    """The map mode that colours areas by an attribute (what the Paint brush sets), if any."""
    modes = all_modes()
    for mode_id, field in paint_fields().items():
        if field == key and mode_id in modes:
            return mode_id
    return None


def get_mode(mode_id: str) -> MapMode:
    """Return the map mode with this id; raise ``KeyError`` listing the known ones."""
    modes = all_modes()
    try:
        return modes[mode_id]
    except KeyError:
        raise KeyError(f"unknown map mode {mode_id!r}; known modes: {', '.join(modes)}") from None
