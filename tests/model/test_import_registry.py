"""The importer registry: formats found, options made from text, titles from file names."""

from __future__ import annotations

from pathlib import Path

import pytest

from model.exchange import run_import
from model.importers import registry
from model.importers.common import ImportOptions, ImportResult, SourceError

DATA = Path(__file__).parents[1] / "data"
SHIRES = DATA / "geojson" / "three-shires.geojson"


def test_the_polygon_formats_register_themselves() -> None:
    names = [importer.name for importer in registry.importers()]
    assert {"geojson", "topojson"} <= set(names)
    assert names == sorted(names)
    geojson = registry.get("geojson")
    assert geojson.source.suffixes == (".geojson", ".json") and not geojson.source.folder
    assert "layer" in {option.key for option in registry.get("topojson").options}


def test_an_unknown_format_lists_the_known_ones() -> None:
    with pytest.raises(SourceError, match=r"unknown import format 'shp'; use one of .*geojson.*topojson"):
        registry.get("shp")


def test_options_are_made_from_text_with_one_set_of_checks() -> None:
    importer = registry.Importer(
        "test-format",
        "Test",
        registry.Source("a test file", suffixes=(".test",)),
        lambda source, options: pytest.fail("not read"),
        (
            *registry.shared("bbox", "grid", "close_gaps", "flip_y", "sea_when", "title"),
            registry.Option("id_attr", "--id-attr", "text", "attribute naming the id"),
        ),
    )
    options = registry.make_options(
        importer,
        {
            "bbox": "0,0,400,300",
            "grid": "0.5",
            "close_gaps": "2.5",
            "flip_y": True,
            "sea_when": "terrain=water",
            "title": "",
            "id_attr": "data-id",
        },
    )
    assert options == ImportOptions(
        bbox=(0.0, 0.0, 400.0, 300.0),
        grid=0.5,
        close_gaps=2.5,
        flip_y=True,
        sea_when="terrain=water",
        extra={"id_attr": "data-id"},
    )
    with pytest.raises(SourceError, match="--close-gaps 'wide': expected a number"):
        registry.make_options(importer, {"close_gaps": "wide"})
    with pytest.raises(SourceError, match="--grid '-1': must be a positive number"):
        registry.make_options(importer, {"grid": "-1"})
    with pytest.raises(SourceError, match="--sea-when '=x': name the property"):
        registry.make_options(importer, {"sea_when": "=x"})
    with pytest.raises(SourceError, match="test-format import takes no option 'layer'"):
        registry.make_options(importer, {"layer": "x"})


def test_a_format_registered_by_a_module_is_used_by_run_import(tmp_path: Path) -> None:
    seen: list[tuple[str, ImportOptions]] = []

    def read(source: str, options: ImportOptions) -> ImportResult:
        seen.append((source, options))
        return registry.get("geojson").read(str(SHIRES), options)

    registry.register(
        registry.Importer("test-folder", "Test folder", registry.Source("a folder", folder=True), read)
    )
    try:
        result = run_import("test-folder", tmp_path, ImportOptions(grid=0.5))
        assert seen == [(str(tmp_path), ImportOptions(grid=0.5))]
        assert len(result.scenario.map.areas) == 4
        with pytest.raises(SourceError, match="Test folder import reads a folder"):
            run_import("test-folder", SHIRES)
    finally:
        registry._REGISTRY.pop("test-folder")


@pytest.mark.parametrize(
    ("source", "title"),
    [
        ("maps/map.v2.geojson", "map.v2"),
        ("world.topo.json", "world"),
        ("Big_World-1.2.topojson", "Big World 1.2"),
        ("europe.json", "europe"),
        ("notes.txt.geojson", "notes.txt"),
        (".geojson", ".geojson"),
    ],
)
def test_title_keeps_every_dot_but_the_known_extensions(source: str, title: str) -> None:
    assert registry.title_from_source(source) == title
