"""From longitude/latitude to the map's plane and back, with the CRS recorded in the file.

A map made from real geography records how it was projected (``MapData.projection``) so that a
later import (a basemap underlay, another points table) lands on the same plane. Map coordinates
are the CRS's easting and northing times ``scale``, with y negated so that north is up on screen
(the file's y grows downwards).

The default for generated maps is a Lambert azimuthal equal-area projection centred on the map's
box, in kilometres: equal-area, so that area sizes compare fairly across Europe, North Africa and
the Near East, and centred, so that the distortion is spread evenly to the edges.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

import numpy as np
import pyproj
import shapely
from numpy.typing import ArrayLike, NDArray

from model.crs_forms import crs_problem
from model.scenario import Projection

WGS84 = "EPSG:4326"

EUROPE_CRS = "EPSG:3035"
EUROPE_EXTENT = (-35.0, 24.0, 45.0, 85.0)
"""Where EPSG:3035 (LAEA Europe) is meant to be used; data outside gets a LAEA centred on it."""
WORLD_CRS = "EPSG:8857"
"""Equal Earth, for data that covers most of the globe."""


class ProjectionError(ValueError):
    """A CRS that cannot be used for a map, or a point it cannot project."""


@dataclass(frozen=True)
class BBox:
    """A longitude/latitude box in degrees: west, south, east, north."""

    west: float
    south: float
    east: float
    north: float

    def __post_init__(self) -> None:
        if not (-180 <= self.west < self.east <= 180):
            raise ProjectionError(
                f"box west {self.west} and east {self.east}: need -180 <= west < east <= 180"
            )
        if not (-90 <= self.south < self.north <= 90):
            raise ProjectionError(
                f"box south {self.south} and north {self.north}: need -90 <= south < north <= 90"
            )

    @classmethod
    def parse(cls, text: str) -> BBox:
        """Read ``W,S,E,N`` (degrees), as typed on the command line."""
        parts = [part.strip() for part in text.split(",")]
        if len(parts) != 4:
            raise ProjectionError(f"box {text!r}: expected four numbers W,S,E,N")
        try:
            west, south, east, north = (float(part) for part in parts)
        except ValueError as error:
            raise ProjectionError(f"box {text!r}: expected four numbers W,S,E,N") from error
        return cls(west, south, east, north)

    def outline(self, step: float = 0.5) -> shapely.Polygon:
        """The box as a lon/lat polygon with a vertex every ``step`` degrees, so it bends when projected."""
        xs = np.linspace(self.west, self.east, max(2, int((self.east - self.west) / step) + 1))
        ys = np.linspace(self.south, self.north, max(2, int((self.north - self.south) / step) + 1))
        ring = (
            [(x, self.south) for x in xs]
            + [(self.east, y) for y in ys[1:]]
            + [(x, self.north) for x in xs[::-1][1:]]
            + [(self.west, y) for y in ys[::-1][1:]]
        )
        return shapely.Polygon(ring)


@lru_cache(maxsize=32)
def _crs(crs: str) -> pyproj.CRS:
    problem = crs_problem(crs)
    if problem:  # before PROJ sees it: it would open the file the text names
        raise ProjectionError(problem)
    try:
        target = pyproj.CRS.from_user_input(crs)
    except pyproj.exceptions.CRSError as error:
        raise ProjectionError(f"unknown CRS {crs!r}: {error}") from error
    if target.is_geographic:
        raise ProjectionError(
            f"CRS {crs!r} is geographic (degrees); a map needs a projected CRS such as EPSG:3035"
        )
    return target


def _unit(crs: str) -> str:
    """The unit of the CRS's first axis, as pyproj names it ("metre", "kilometre", ...)."""
    axes = _crs(crs).axis_info
    return axes[0].unit_name if axes else ""


@lru_cache(maxsize=32)
def _transformers(crs: str) -> tuple[pyproj.Transformer, pyproj.Transformer]:
    target = _crs(crs)
    forward = pyproj.Transformer.from_crs(WGS84, target, always_xy=True)
    inverse = pyproj.Transformer.from_crs(target, WGS84, always_xy=True)
    return forward, inverse


@dataclass(frozen=True)
class MapProjection:
    """A projected CRS (PROJ string or authority code) and the scale from its units to map units."""

    crs: str
    scale: float = 1.0
    description: str = ""

    def __post_init__(self) -> None:
        if not (self.scale > 0 and np.isfinite(self.scale)):
            raise ProjectionError(f"projection scale {self.scale} must be a positive number")
        _transformers(self.crs)  # fail early on an unusable CRS

    @classmethod
    def centred_laea(cls, box: BBox) -> MapProjection:
        """Lambert azimuthal equal-area centred on the box, in kilometres."""
        lat0 = round((box.south + box.north) / 2, 4)
        lon0 = round((box.west + box.east) / 2, 4)
        return cls(_laea(lat0, lon0), 1.0, f"Lambert azimuthal equal-area centred on {lat0:g}N {lon0:g}E, km")

    @classmethod
    def for_extent(cls, extent: tuple[float, float, float, float]) -> MapProjection:
        """The projection an import picks for lon/lat data covering ``extent`` (W, S, E, N degrees).

        LAEA Europe (EPSG:3035) when the data lies inside its area of use, Equal Earth (EPSG:8857)
        when it spans most of the globe, else a LAEA centred on the extent; all in kilometres.
        ``extent`` is a plain tuple rather than a ``BBox`` because the bounds of source data may
        stray a little past 180 degrees, which a ``BBox`` refuses.
        """
        west, south, east, north = extent
        box = EUROPE_EXTENT
        if west >= box[0] and south >= box[1] and east <= box[2] and north <= box[3]:
            return cls(EUROPE_CRS, 0.001, "LAEA Europe (EPSG:3035), km")
        if east - west > 180 or north - south > 90:  # most of the globe: an equal-area world map
            return cls(WORLD_CRS, 0.001, "Equal Earth (EPSG:8857), km")
        return cls.named(_laea(round((south + north) / 2, 2), round((west + east) / 2, 2)))

    @classmethod
    def in_km(cls, crs: str) -> MapProjection:
        """A projection to ``crs``, scaled so that map units are kilometres when the CRS is in metres."""
        return cls(crs, 0.001 if _unit(crs) in ("metre", "meter") else 1.0)

    @classmethod
    def named(cls, crs: str) -> MapProjection:
        """Like ``in_km``, described by the CRS's own name (with ", km" when scaled from metres)."""
        projection = cls.in_km(crs)
        name = _crs(crs).name
        return replace(projection, description=f"{name}, km" if projection.scale != 1.0 else name)

    @classmethod
    def from_model(cls, projection: Projection) -> MapProjection:
        """The projection a map file records."""
        return cls(projection.crs, projection.scale, projection.description)

    @property
    def units(self) -> str:
        """What one map unit is, for people: km, m, or the CRS's own unit."""
        unit = _unit(self.crs)
        factor = {"metre": 1.0, "meter": 1.0, "kilometre": 1000.0}.get(unit)
        if factor is None:
            return unit
        metres = factor / self.scale
        if abs(metres - 1000) < 1e-9:
            return "km"
        if abs(metres - 1) < 1e-9:
            return "m"
        return f"{metres:g} m"

    def to_model(self) -> Projection:
        """What the map file records."""
        return Projection(crs=self.crs, scale=self.scale, description=self.description)

    def forward(self, lon: ArrayLike, lat: ArrayLike) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """Project longitudes and latitudes (degrees) to map x, y; raise for points it cannot project."""
        forward, _ = _transformers(self.crs)
        east, north = forward.transform(np.asarray(lon, dtype=float), np.asarray(lat, dtype=float))
        x = np.asarray(east, dtype=float) * self.scale
        y = -np.asarray(north, dtype=float) * self.scale
        if not (np.all(np.isfinite(x)) and np.all(np.isfinite(y))):
            raise ProjectionError(f"some points are outside the domain of {self.crs!r}")
        return x, y

    def inverse(self, x: ArrayLike, y: ArrayLike) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """Turn map x, y back into longitudes and latitudes (degrees)."""
        _, inverse = _transformers(self.crs)
        east = np.asarray(x, dtype=float) / self.scale
        north = -np.asarray(y, dtype=float) / self.scale
        lon, lat = inverse.transform(east, north)
        lon_array = np.asarray(lon, dtype=float)
        lat_array = np.asarray(lat, dtype=float)
        if not (np.all(np.isfinite(lon_array)) and np.all(np.isfinite(lat_array))):
            raise ProjectionError(f"some map points are outside the domain of {self.crs!r}")
        return lon_array, lat_array

    def point(self, lon: float, lat: float) -> tuple[float, float]:
        """Project one point."""
        x, y = self.forward([lon], [lat])
        return float(x[0]), float(y[0])

    def project_geometry(self, geometry: Any) -> Any:
        """Project a shapely geometry from lon/lat to the map plane (vertex by vertex)."""
        return shapely.transform(geometry, self._forward_coords)

    def _forward_coords(self, coords: NDArray[np.float64]) -> NDArray[np.float64]:
        x, y = self.forward(coords[:, 0], coords[:, 1])
        return np.column_stack([x, y])


def _laea(lat0: float, lon0: float) -> str:
    """A Lambert azimuthal equal-area CRS centred on a point, in kilometres (as a PROJ string)."""
    return f"+proj=laea +lat_0={lat0:g} +lon_0={lon0:g} +x_0=0 +y_0=0 +ellps=GRS80 +units=km +no_defs"
