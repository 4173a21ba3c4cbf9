"""SVG import: closed shapes with transforms and curves become areas (tests/data/svg/islands.svg)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import shapely
import svgelements

from model.graph import MapGraphs
from model.importers.common import ImportOptions, SourceError
from model.importers.svg import import_svg
from model.issues import Severity
from model.topology import Topology
from model.validate import validate

FIXTURE = Path(__file__).resolve().parents[1] / "data" / "svg" / "islands.svg"


def shapes_by_name(path: Path = FIXTURE, **extra: str) -> dict[str, shapely.Geometry]:
    scenario = import_svg(str(path), ImportOptions(extra=extra)).scenario
    topology = Topology.build(scenario.map)
    return {area.name: topology.area_geometry(area.id) for area in scenario.map.areas}


def test_names_come_from_the_label_the_text_inside_or_the_id() -> None:
    assert set(shapes_by_name()) == {"Westmoor", "Eastholm", "isle", "lake_isle", "Lagoon", "ocean"}


def test_name_and_id_attributes_can_be_chosen() -> None:
    scenario = import_svg(str(FIXTURE), ImportOptions(extra={"name_attr": "id"})).scenario
    assert "p_west" in {area.name for area in scenario.map.areas}


def test_transforms_of_groups_are_applied() -> None:
    # polygon 60 x 40, scale(2), rotate(90), translate(450,120): x 370..450, y 120..240
    assert shapes_by_name()["isle"].bounds == pytest.approx((370.0, 120.0, 450.0, 240.0))


def test_curves_are_flattened_within_the_tolerance() -> None:
    westmoor = shapes_by_name()["Westmoor"]
    exact = svgelements.Path("M 100 50 L 200 50 C 240 110 240 190 200 250 L 100 250 Z")
    dense = shapely.Polygon(exact.npoint(np.linspace(0.0, 1.0, 4001)))
    assert westmoor.bounds[2] == pytest.approx(230.0, abs=0.3)  # the curve's bulge, not its chord (200)
    # every point of the flattened border lies within the tolerance (+ grid) of the drawn curve
    assert westmoor.hausdorff_distance(dense) <= 0.25 + 0.05


def test_adjacency_is_what_the_picture_shows() -> None:
    scenario = import_svg(str(FIXTURE)).scenario
    names = {area.id: area.name for area in scenario.map.areas}
    pairs = {frozenset((names[a], names[b])) for a, b in MapGraphs.from_scenario(scenario).full.edges}
    ocean = {frozenset(("ocean", name)) for name in ("Westmoor", "Eastholm", "isle", "lake_isle", "Lagoon")}
    # the ocean drawn first lies under everything: it keeps only what shows, the Lagoon's hole too
    assert pairs == {frozenset(("Westmoor", "Eastholm")), *ocean}


def test_the_result_validates_without_errors() -> None:
    found = validate(import_svg(str(FIXTURE)).scenario)
    assert [i.message for i in found if i.severity is Severity.ERROR] == []


def test_a_path_with_nan_names_the_file_the_line_and_the_element(tmp_path: Path) -> None:
    bad = tmp_path / "bad.svg"
    bad.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg">\n'
        '  <rect id="ok" x="0" y="0" width="10" height="10"/>\n'
        '  <path id="broken" d="M 0 0 L NaN 5 L 3 3 Z"/>\n'
        "</svg>\n"
    )
    with pytest.raises(SourceError) as caught:
        import_svg(str(bad))
    assert str(caught.value).startswith(f"{bad}: line 3: <path id='broken'> has d=")


def test_an_entity_bomb_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bomb.svg"
    bad.write_text(
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>'
        '<svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>'
    )
    with pytest.raises(SourceError, match=rf"^{bad}: declares the XML entity 'a'"):
        import_svg(str(bad))


def test_groups_nested_too_deep_are_refused_with_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "deep.svg"
    bad.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg">\n<rect id="a" width="10" height="10"/>\n'
        + "<g>\n" * 5000
        + '<rect width="1" height="1"/>'
        + "</g>" * 5000
        + "</svg>"
    )
    with pytest.raises(SourceError) as caught:  # was a RecursionError: an internal error, exit 3
        import_svg(str(bad))
    assert str(caught.value).startswith(f"{bad}: line 202: elements nested more than 200 levels deep")


def test_a_use_that_refers_to_its_own_group_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "loop.svg"
    bad.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
        '<g id="g"><use xlink:href="#g"/><rect width="1" height="1"/></g></svg>'
    )
    with pytest.raises(SourceError, match=rf"^{bad}: a <use> element refers to itself or to a group"):
        import_svg(str(bad))


def test_a_truncated_file_names_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "cut.svg"
    bad.write_text(FIXTURE.read_text()[:900])
    with pytest.raises(SourceError, match=rf"^{bad}: line \d+, column \d+: not well-formed XML"):
        import_svg(str(bad))


def test_a_drawing_with_only_open_paths_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "lines.svg"
    bad.write_text('<svg xmlns="http://www.w3.org/2000/svg"><path d="M 0 0 L 50 50"/></svg>')
    with pytest.raises(SourceError, match=r"no closed path or shape with an area \(1 open path"):
        import_svg(str(bad))


def test_sea_when_reads_the_shapes_attributes() -> None:
    scenario = import_svg(str(FIXTURE), ImportOptions(sea_when="fill=#9cf")).scenario
    assert {area.name for area in scenario.map.areas if area.kind.value == "sea"} == {"ocean"}
