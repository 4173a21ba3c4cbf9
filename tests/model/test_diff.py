"""``model.diff``: every kind of change on the small grid scenario, as exact text and JSON."""

from __future__ import annotations

from model import ops
from model.diff import diff_scenarios
from model.diff.render import render_text
from model.scenario import Connection, ConnectionKind, Language, Magnate, Scenario, Unit
from tests.model.conftest import grid_scenario


def _edited() -> tuple[Scenario, Scenario]:
    """The grid, and the grid after one edit of nearly every kind."""
    old = grid_scenario()
    new = old.model_copy(deep=True)
    ops.split_area(new, "a00", [(-1, 5), (11, 5)], name="North Land")
    ops.merge_areas(new, "a11", "a10")
    ops.set_area_fields(new, "a22", name="Highland")
    ops.set_area_kind(new, "a21", "sea")
    new.area("a01").attributes["population"] = 3
    new.map.connections.append(Connection(id="c1", a="s0", b="s2", kind=ConnectionKind.SEA_LANE))
    new.catalogs.languages.append(Language(id="norse", name="Norse"))
    new.ruleset.options["magnates"] = True
    new.ruleset.tables["income"] = {"rows": [1, 2]}
    ops.set_empire_fields(new, "e1", name="West Realm", colour="#bb0000")
    ops.set_owner(new, "a12", "e2")
    ops.move_unit(new, "u1", "a01")
    ops.set_metadata(new, title="Grid 2")
    return old, new


EXPECTED = """\
old → new: 18 changes
Metadata:
  ~ title 'Grid' → 'Grid 2'
Map settings and linework:
  ~ linework: 3 added, 1 removed, 2 redrawn boundaries
Areas:
  + area North Land (a100) added (land): split off from Land 00 (a00)
  - area Land 10 (a10) removed: merged into Land 11 (a11)
  ~ area Land 00 (a00) reshaped: 100 → 50 px² (-50.0%); land given to North Land (a100)
  ~ area Land 01 (a01): population set to 3
  ~ area Land 11 (a11) reshaped: 100 → 200 px² (+100.0%); land taken from Land 10 (a10)
  ~ area Land 21 (a21): kind 'land' → 'sea'
  ~ area a22 renamed: 'Land 22' → 'Highland'
Adjacency:
  + Land 11 (a11) and Land 20 (a20) now adjacent (shared border 10 px)
Connections:
  + connection c1 added: sea lane Sea 0 (s0) – Sea 2 (s2)
Catalogs:
  + language Norse (norse) added
Ruleset:
  ~ option magnates set to yes
  ~ table income overridden
Setup:
  ~ empire West Realm (e1): name 'Westria' → 'West Realm'; colour '#aa0000' → '#bb0000'
  ~ start of North Land (a100): owner independent → West Realm (e1); social state set to 1
  ~ start of Land 12 (a12): owner independent → Eastria (e2)
  ~ unit u1: moved from Land 00 (a00) to Land 01 (a01)
"""

EXPECTED_BACK = """\
new → old: 18 changes
Metadata:
  ~ title 'Grid 2' → 'Grid'
Map settings and linework:
  ~ linework: 1 added, 3 removed, 2 redrawn boundaries
Areas:
  + area Land 10 (a10) added (land): split off from Land 11 (a11)
  - area North Land (a100) removed: merged into Land 00 (a00)
  ~ area Land 00 (a00) reshaped: 50 → 100 px² (+100.0%); land taken from North Land (a100)
  ~ area Land 01 (a01): population removed (was 3)
  ~ area Land 11 (a11) reshaped: 200 → 100 px² (-50.0%); land given to Land 10 (a10)
  ~ area Land 21 (a21): kind 'sea' → 'land'
  ~ area a22 renamed: 'Highland' → 'Land 22'
Adjacency:
  - Land 11 (a11) and Land 20 (a20) no longer adjacent
Connections:
  - connection c1 removed: sea lane Sea 0 (s0) – Sea 2 (s2)
Catalogs:
  - language Norse (norse) removed
Ruleset:
  ~ option magnates removed (was yes)
  ~ table income override removed (shipped table again)
Setup:
  ~ empire Westria (e1): name 'West Realm' → 'Westria'; colour '#bb0000' → '#aa0000'
  ~ start of North Land (a100): owner Westria (e1) → independent; social state removed (was 1)
  ~ start of Land 12 (a12): owner Eastria (e2) → independent
  ~ unit u1: moved from Land 01 (a01) to Land 00 (a00)
"""


def test_every_kind_of_change_in_the_authors_words() -> None:
    old, new = _edited()
    assert render_text(diff_scenarios(old, new), "old", "new") == EXPECTED


def test_the_diff_read_backwards_undoes_each_change() -> None:
    old, new = _edited()
    assert render_text(diff_scenarios(new, old), "new", "old") == EXPECTED_BACK


def test_equal_scenarios_have_no_changes() -> None:
    diff = diff_scenarios(grid_scenario(), grid_scenario())
    assert diff.equal
    assert render_text(diff, "a", "b") == "a → b: no changes\n"
    assert diff.to_json() == {"equal": True, "changes": []}


def test_json_of_a_moved_border_removed_and_added_objects() -> None:
    old = grid_scenario()
    new = old.model_copy(deep=True)
    # Bend the border between a00 and a01 (x = 10) out to x = 12.5: a00 grows by a triangle of 12.5.
    next(b for b in new.map.boundaries if b.id == "v01").points = [(10, 0), (12.5, 5), (10, 10)]
    new.setup.magnates.append(Magnate(id="m1", name="Vikings"))
    new.setup.units.append(Unit(id="u9", kind="fleet", owner="e2", area="s1", strength=3))
    new.setup.empires = [e for e in new.setup.empires if e.id != "e2"]
    data = diff_scenarios(old, new).to_json()
    texts = [change["text"] for change in data["changes"]]
    assert texts == [
        "linework: 1 redrawn boundary",
        "area Land 00 (a00) reshaped: 100 → 112.5 px² (+12.5%); land taken from Land 01 (a01)",
        "area Land 01 (a01) reshaped: 100 → 87.5 px² (-12.5%); land given to Land 00 (a00)",
        "empire Eastria (e2) removed",
        "Magnate Vikings (m1) added",
        "unit u9 added: fleet of Eastria (e2) (strength 3) in Sea 1 (s1)",
    ]
    reshaped = data["changes"][1]
    assert reshaped["kind"] == "reshaped" and reshaped["ids"] == ["a00"]
    assert reshaped["details"] == {
        "old_size": 100.0,
        "new_size": 112.5,
        "percent": 12.5,
        "took_from": ["a01"],
        "gave_to": [],
    }
    assert data["changes"][5]["details"]["areas"] == ["s1"]


def test_adjacency_lost_and_a_shape_lost() -> None:
    old = grid_scenario()
    new = old.model_copy(deep=True)
    new.map.boundaries = [b for b in new.map.boundaries if b.id != "h00"]  # a00 is no longer closed
    texts = [change.text for change in diff_scenarios(old, new).changes]
    assert texts == [
        "linework: 1 removed boundary",
        "area Land 00 (a00) lost its shape (100 px²): no face holds its anchors",
        "Land 00 (a00) and Land 01 (a01) no longer adjacent",
        "Land 00 (a00) and Land 10 (a10) no longer adjacent",
    ]


def test_catalog_connection_table_and_setup_attribute_changes() -> None:
    old = grid_scenario()
    old.map.connections.append(Connection(id="c1", a="a00", b="a22", kind=ConnectionKind.STRAIT))
    old.catalogs.languages.append(Language(id="norse", name="Norse"))
    old.ruleset.tables["income"] = {"rows": [1, 2]}
    new = old.model_copy(deep=True)
    new.map.connections[0].kind = ConnectionKind.IMPASSABLE
    new.catalogs.languages[0].name = "Old Norse"
    new.ruleset.tables["income"] = {"rows": [1, 3]}
    new.setup.attributes["vikings"] = {"from_round": 2}
    new.setup.empires[0].attributes["leader"] = {"name": "Ulf", "combat": 4}
    texts = [change.text for change in diff_scenarios(old, new).changes]
    assert texts == [
        "connection c1: kind 'strait' → 'impassable'",
        "language norse renamed: 'Norse' → 'Old Norse'",
        "table income override changed: rows [1, 2] → [1, 3]",
        'empire Westria (e1): leader set to {"combat": 4, "name": "Ulf"}',
        'setup: vikings set to {"from_round": 2}',
    ]
