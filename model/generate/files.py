"""``generate`` from files: the basemap, the CSV tables and a catalogs JSON (``mappa generate``)."""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from model.generate.basemap import read_land
from model.generate.core import GenerateOptions, Generation, generate
from model.generate.tables import GenerateError, NamedPoint, read_points, read_straits
from model.projection import BBox, MapProjection
from model.rules import registry
from model.scenario import DEFAULT_RULESET_ID, Catalogs

BOX_MARGIN = 2.0
"""Degrees added around the points when no box is given."""


def read_catalogs(path: str | Path) -> Catalogs:
    """Read a catalogs JSON file (languages, families, religions, groups)."""
    try:
        return Catalogs.model_validate_json(Path(path).read_bytes())
    except OSError as error:
        raise GenerateError(f"{path}: {error.strerror or error}") from error
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(part) for part in item['loc'])}: {item['msg']}" for item in error.errors()[:10]
        )
        raise GenerateError(f"{Path(path).name}: not a catalogs file: {problems}") from error


def box_around(points: list[NamedPoint], margin: float = BOX_MARGIN) -> BBox:
    """A box holding every point with ``margin`` degrees to spare (clamped to the globe)."""
    lons = [p.lon for p in points]
    lats = [p.lat for p in points]
    return BBox(
        max(-180.0, min(lons) - margin),
        max(-90.0, min(lats) - margin),
        min(180.0, max(lons) + margin),
        min(90.0, max(lats) + margin),
    )


def generate_files(
    basemap: str | Path,
    points: str | Path,
    seas: str | Path | None = None,
    straits: str | Path | None = None,
    catalogs: str | Path | None = None,
    *,
    bbox: BBox | None = None,
    projection: MapProjection | None = None,
    grid: float = 0.1,
    tolerance: float = 2.0,
    min_island_area: float = 40.0,
    narrows: float = 3.0,
    title: str = "Generated map",
    ruleset: str = DEFAULT_RULESET_ID,
) -> Generation:
    """Read the files, then ``generate``; every problem is a ``GenerateError`` naming its file."""
    spec = registry.get(ruleset)
    attribute_model = spec.area_attributes if spec is not None else None
    land_points = read_points(points, attribute_model)
    sea_points = read_points(seas) if seas is not None else []
    for sea in sea_points:
        if sea.attributes:
            column = next(iter(sea.attributes))
            raise sea.fail("sea tables take no attribute columns", column)
    strait_rows = read_straits(straits) if straits is not None else []
    box = bbox or box_around([*land_points, *sea_points])
    land = read_land(basemap, clip=box.outline().buffer(1.0))
    options = GenerateOptions(
        bbox=box,
        projection=projection,
        grid=grid,
        tolerance=tolerance,
        min_island_area=min_island_area,
        narrows=narrows,
        title=title,
        ruleset=ruleset,
        catalogs=read_catalogs(catalogs) if catalogs is not None else Catalogs(),
    )
    return generate(land, land_points, sea_points, strait_rows, options)
