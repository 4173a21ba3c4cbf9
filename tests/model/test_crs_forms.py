"""CRS texts that make PROJ open a file are refused before PROJ sees them, with the JSON path."""

from __future__ import annotations

import json
from pathlib import Path

import pyproj
import pytest

from model import io
from model.crs_forms import crs_problem
from model.projection import MapProjection, ProjectionError

ROOT = Path(__file__).resolve().parents[2]

ACCEPTED = [
    "EPSG:3035",
    "epsg:3857",
    "ESRI:54009",
    "urn:ogc:def:crs:EPSG::3035",
    "+proj=laea +lat_0=46.25 +lon_0=19.75 +x_0=0 +y_0=0 +ellps=GRS80 +units=km +no_defs",
    "+proj=merc +lon_0=0 +k=1 +x_0=0 +y_0=0 +datum=WGS84 +units=m +no_defs",
    pyproj.CRS.from_epsg(3035).to_wkt(),
    pyproj.CRS.from_epsg(3035).to_wkt(version="WKT1_GDAL"),
]

REFUSED = [
    ("+init=FILE:1", "'+init'"),
    ("+init=/etc/passwd:1", "'+init'"),
    ("+proj=longlat +init=epsg:4326", "'+init'"),
    ("+proj=tmerc +nadgrids=/tmp/grid.gsb", "'+nadgrids'"),
    ("+proj=tmerc +nadgrids=@null", "'+nadgrids'"),
    ("+proj=tmerc +geoidgrids=egm96_15.gtx", "'+geoidgrids'"),
    ("+proj=hgridshift +grids=ntv2_0.gsb", "'+proj=hgridshift'"),
    ("+proj=longlat +grids=egm96.gtx", "'+grids'"),
    ("+proj=merc +file=triangulation.json", "'+file'"),
    ("+proj=pipeline +step +proj=axisswap +order=2,1", "'+proj=pipeline'"),
    ("+proj=tmerc +towgs84=../../etc/passwd", "looks like a file path"),
    (
        'PROJCS["x",GEOGCS["y",DATUM["z",SPHEROID["s",6378137,298.257]]],'
        'EXTENSION["PROJ4","+proj=merc +nadgrids=/tmp/x.gsb"]]',
        "WKT names a file",
    ),
    ('BOUNDCRS[SOURCECRS[...],PARAMETERFILE["Latitude difference file","x.gsb"]]', "WKT names a file"),
    ('{"type": "ProjectedCRS", "name": "x"}', "not a CRS form"),
    ("/etc/passwd", "not a CRS form"),
    ("https://www.opengis.net/def/crs/EPSG/0/3035", "not a CRS form"),
    ("", "empty"),
]


@pytest.mark.parametrize("crs", ACCEPTED)
def test_forms_that_name_no_file_are_accepted(crs: str) -> None:
    assert crs_problem(crs) == ""
    assert MapProjection(crs).crs == crs  # and PROJ takes them


@pytest.mark.parametrize(("crs", "why"), REFUSED)
def test_forms_that_name_a_file_are_refused(crs: str, why: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert why in crs_problem(crs)

    def proj_must_not_see_it(*args: object, **kwargs: object) -> None:
        raise AssertionError("PROJ was given a refused CRS")

    monkeypatch.setattr(pyproj.CRS, "from_user_input", proj_must_not_see_it)
    with pytest.raises(ProjectionError) as caught:
        MapProjection(crs)
    assert why in str(caught.value) and "use an authority code such as EPSG:3035" in str(caught.value)


@pytest.mark.parametrize(("crs", "why"), REFUSED[:3])
def test_a_scenario_with_such_a_crs_is_refused_at_load_with_the_path(
    crs: str, why: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    raw = json.loads((ROOT / "scenarios" / "default.mappa.json").read_text(encoding="utf-8"))
    raw["map"]["projection"] = {"crs": crs, "scale": 0.001}
    path = tmp_path / "init.mappa.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    monkeypatch.setattr(pyproj.CRS, "from_user_input", lambda *a, **k: pytest.fail("PROJ saw the CRS"))
    with pytest.raises(io.LoadError) as caught:
        io.load(path)
    text = str(caught.value)
    assert str(path) in text and "map.projection.crs: " in text and why in text
    assert "Value error" not in text  # the author's words, not pydantic's
