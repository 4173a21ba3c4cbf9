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

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import pyproj
import shapely
from numpy.typing import ArrayLike, NDArray

from model.scenario import Projection

WGS84 = "EPSG:4326"


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
def _transformers(crs: str) -> tuple[pyproj.Transformer, pyproj.Transformer]:
    try:
        target = pyproj.CRS.from_user_input(crs)
    except pyproj.exceptions.CRSError as error:
        raise ProjectionError(f"unknown CRS {crs!r}: {error}") from error
    if target.is_geographic:
        raise ProjectionError(
            f"CRS {crs!r} is geographic (degrees); a map needs a projected CRS such as EPSG:3035"
        )
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
        crs = f"+proj=laea +lat_0={lat0:g} +lon_0={lon0:g} +x_0=0 +y_0=0 +ellps=GRS80 +units=km +no_defs"
        return cls(crs, 1.0, f"Lambert azimuthal equal-area centred on {lat0:g}N {lon0:g}E, km")

    @classmethod
    def in_km(cls, crs: str) -> MapProjection:
        """A projection to ``crs``, scaled so that map units are kilometres when the CRS is in metres."""
        forward, _ = _transformers(crs)
        unit = forward.target_crs.axis_info[0].unit_name if forward.target_crs else ""
        return cls(crs, 0.001 if unit == "metre" else 1.0)

    @classmethod
    def from_model(cls, projection: Projection) -> MapProjection:
        """The projection a map file records."""
        return cls(projection.crs, projection.scale, projection.description)

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
