"""``mappa import connections`` (typed connections from a table) and ``mappa export geojson``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from model import cli, io
from model.exchange import run_import
from model.importers import ImportOptions
from model.topology import Topology

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "scenarios" / "default.mappa.json"
PIXELS = ROOT / "tests" / "data" / "polyimport" / "pixel-gaps.geojson"


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    status = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def table(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


# --- connections ---------------------------------------------------------------------------------


def test_connections_by_id_or_name_are_added(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    scenario = shutil.copy(DEFAULT, tmp_path / "map.mappa.json")
    csv = table(
        tmp_path / "links.csv",
        "From,To,Type,Name\nWestmarch,Aldmoor,river crossing,The Ford\nkestria,mirror_bay,sea-lane,\n"
        "Lowen,Corvant,strait,\n",
    )
    target = tmp_path / "out.mappa.json"
    status, out, err = run(capsys, "import", "connections", scenario, csv, "-o", target)
    assert status == 0, err
    assert out.splitlines() == [
        f"{csv}: line 4: lowen and corvant already have a strait connection; skipped",
        f"wrote {target}: 2 connection(s) added, 1 already there",
    ]
    links = {(c.a, c.b, c.kind.value, c.name) for c in io.load(target).map.connections}
    assert links == {
        ("lowen", "corvant", "strait", "Corvant Narrows"),
        ("westmarch", "aldmoor", "river_crossing", "The Ford"),
        ("kestria", "mirror_bay", "sea_lane", ""),
    }


def test_unknown_names_are_all_reported_with_close_matches_and_nothing_is_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    scenario = shutil.copy(DEFAULT, tmp_path / "map.mappa.json")
    before = Path(scenario).read_bytes()
    csv = table(
        tmp_path / "bad.csv",
        "from,to,type\nWestmarsh,Aldmoor,strait\nkestria,Mirror Bay,bridge\nTarsk,Tarsk,strait\n",
    )
    status, out, err = run(capsys, "import", "connections", scenario, csv)
    assert (status, out) == (2, "")
    assert err.splitlines() == [
        f"mappa: {csv}: 3 problem(s), nothing was added:",
        "  line 2: from 'Westmarsh' is no area's id or name (did you mean 'Westmarch'?)",
        "  line 3: type 'bridge' is not one of strait, sea_lane, river_crossing, impassable",
        "  line 4: from and to are the same area (tarsk)",
    ]
    assert Path(scenario).read_bytes() == before


def test_a_table_without_the_columns_says_which_are_missing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    csv = table(tmp_path / "cols.csv", "a,b\nlowen,corvant\n")
    status, _, err = run(capsys, "import", "connections", DEFAULT, csv, "-o", tmp_path / "x.json")
    assert status == 2
    assert "line 1: the header needs the columns from, to and type; missing type" in err
    status, _, err = run(
        capsys, "import", "connections", DEFAULT, tmp_path / "none.csv", "-o", tmp_path / "x.json"
    )
    assert status == 2 and f"{tmp_path / 'none.csv'}: cannot read" in err
    assert not (tmp_path / "x.json").exists()


# --- export --------------------------------------------------------------------------------------


def test_export_geojson_then_import_gives_the_same_areas_and_adjacency(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    original = run_import("geojson", PIXELS, ImportOptions(close_gaps=2.5, flip_y=True, grid=0.5)).scenario
    source = tmp_path / "pixels.mappa.json"
    io.save(original, source)
    exported = tmp_path / "pixels.geojson"
    status, out, _ = run(capsys, "export", "geojson", source, "-o", exported)
    assert status == 0
    assert out.splitlines() == [
        f"{exported}: coordinates: the map's own (px, y down as on screen); import it back with --flip-y",
        f"wrote {exported}: 6 areas",
    ]
    data = json.loads(exported.read_text())
    assert data["mappa"]["coordinates"] == "map"
    assert data["features"][5]["properties"] == {"id": "western_sea", "name": "Western Sea", "kind": "sea"}
    again = run_import("geojson", exported, ImportOptions(flip_y=True, grid=0.5, id_property="id")).scenario
    assert [(a.id, a.name, a.kind) for a in again.map.areas] == [
        (a.id, a.name, a.kind) for a in original.map.areas
    ]
    assert set(Topology.build(again.map).adjacency()) == set(Topology.build(original.map).adjacency())
    shapes = Topology.build(original.map), Topology.build(again.map)
    for area in original.map.areas:
        one, two = (t.area_geometry(area.id) for t in shapes)
        assert one is not None and two is not None
        assert one.symmetric_difference(two).area < 1e-6


def test_export_of_a_projected_map_is_in_lonlat_with_its_attributes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = ROOT / "scenarios" / "medieval-europe-976.mappa.json"
    exported = tmp_path / "europe.geojson"
    status, out, _ = run(capsys, "export", "geojson", source, "-o", exported)
    assert status == 0
    assert out.startswith(f"{exported}: coordinates: longitude/latitude (the map is projected with ")
    data = json.loads(exported.read_text())
    xs = [p[0] for f in data["features"] for ring in _rings(f["geometry"]) for p in ring]
    assert min(xs) > -30 and max(xs) < 70
    scenario = io.load(source)
    first = scenario.map.areas[0]
    properties = data["features"][0]["properties"]
    assert properties["id"] == first.id and properties["kind"] == first.kind.value
    assert {k: properties[k] for k in first.attributes if k not in ("id", "name", "kind")} == {
        k: v for k, v in first.attributes.items() if k not in ("id", "name", "kind")
    }
    again = run_import("geojson", exported, ImportOptions(id_property="id")).scenario
    assert set(Topology.build(again.map).adjacency()) == set(Topology.build(scenario.map).adjacency())


def test_export_of_an_unreadable_scenario(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(
        capsys, "export", "geojson", tmp_path / "none.mappa.json", "-o", tmp_path / "x.geojson"
    )
    assert status == 2 and "none.mappa.json" in err
    assert not (tmp_path / "x.geojson").exists()


def _rings(geometry: dict[str, object]) -> list[list[list[float]]]:
    coordinates = geometry["coordinates"]
    assert isinstance(coordinates, list)
    return coordinates if geometry["type"] == "Polygon" else [r for polygon in coordinates for r in polygon]
