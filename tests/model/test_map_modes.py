"""Map modes without Qt: the shared modes and a ruleset's own, asked through the registry."""

from __future__ import annotations

from pathlib import Path

from model import io
from model.colours import SEA, catalog_colours
from model.issues import Issue, Severity
from model.rules import mapmodes
from model.scenario import AreaKind, Scenario

DEFAULT = Path(__file__).parents[2] / "scenarios" / "default.mappa.json"


def _default() -> Scenario:
    return io.load(DEFAULT)


def test_the_owner_mode_fills_each_land_area_with_its_empire_colour_and_seas_with_the_sea() -> None:
    scenario = _default()
    colouring = mapmodes.MODES["owner"].colour(scenario)
    colours = {e.id: e.colour for e in scenario.setup.empires} | {
        m.id: m.colour for m in scenario.setup.magnates
    }
    for area in scenario.map.areas:
        owner = scenario.owner_of(area.id)
        if area.kind is AreaKind.SEA:
            assert colouring.fills[area.id] == SEA
        elif owner is None:
            assert colouring.fills[area.id] == mapmodes.INDEPENDENT
        else:
            assert colouring.fills[area.id] == colours[owner]
    assert [entry.label for entry in colouring.legend][-1] == "Sea zone"


def test_a_rulesets_own_modes_come_from_its_spec_in_menu_order() -> None:
    ids = [mode.id for mode in mapmodes.ruleset_modes("eotma")]
    assert ids == ["religion", "language", "social_state", "population", "seafaring"]
    assert mapmodes.ruleset_modes("no_such_ruleset") == ()
    everything = list(mapmodes.model_modes())
    assert everything[:3] == ["owner", "religion", "language"]
    assert everything.index("kind") < everything.index("seafaring") < everything.index("validation")


def test_the_religion_mode_colours_by_the_catalog_and_lists_only_religions_in_use() -> None:
    scenario = _default()
    colouring = mapmodes.model_modes()["religion"].colour(scenario)
    names = {r.id: r.name for r in scenario.catalogs.religions}
    colours = catalog_colours(names)
    values = mapmodes.area_values(scenario)
    kinds = {area.id: area.kind for area in scenario.map.areas}
    land = {area_id: v.get("religion") for area_id, v in values.items() if kinds[area_id] is AreaKind.LAND}
    assert "latin" in land.values(), "the default scenario has Latin areas"
    for area_id, religion in land.items():
        assert colouring.fills[area_id] == (colours[religion] if religion else mapmodes.UNSET)
    in_use = [names[r] for r in names if r in land.values()]
    assert [entry.label for entry in colouring.legend][: len(in_use)] == in_use


def test_the_validation_mode_shows_the_worst_issue_of_each_area() -> None:
    scenario = _default()
    first, second = (a.id for a in scenario.map.areas[:2])
    issues = [
        Issue("X1", Severity.WARNING, "a warning", ids=(first,)),
        Issue("X2", Severity.ERROR, "an error", ids=(first,)),
        Issue("X3", Severity.INFO, "a note", ids=(second,)),
    ]
    fills = mapmodes.MODES["validation"].colour(scenario, issues).fills
    assert fills[first] == mapmodes.ISSUE_COLOURS[Severity.ERROR]
    assert fills[second] == mapmodes.ISSUE_COLOURS[Severity.INFO]
    assert fills[scenario.map.areas[2].id] == mapmodes.VALID
