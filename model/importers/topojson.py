"""TopoJSON decoding: a topology's objects as GeoJSON features (arcs resolved, quantization undone).

TopoJSON (github.com/topojson/topojson-specification) stores each shared border once as an arc;
geometries list arc indexes, ``~i`` meaning arc ``i`` reversed. A quantized topology has a
``transform`` (scale, translate): its arc positions are integers, delta-encoded along each arc, and
its point positions are integers (not delta-encoded). The PyPI ``topojson`` package encodes
topologies but reads none back, so this small decoder does (pure Python plus numpy).
Registers the ``topojson`` import format.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from model.importers import guards
from model.importers.common import ImportOptions, ImportResult, SourceError, read_json
from model.importers.pipeline import POLYGON_OPTIONS, build_scenario
from model.importers.registry import Importer, Source, register, shared

Position = list[float]


class _Decoder:
    """Resolves the arcs of one topology, lazily and once per arc."""

    def __init__(self, topology: dict[str, Any], source: str) -> None:
        self.source = source
        arcs = topology.get("arcs", [])
        if not isinstance(arcs, list):
            raise SourceError(f"{source}: 'arcs' is not a list; is this TopoJSON?")
        self.raw_arcs = arcs
        self.stored = guards.positions_of(arcs)
        self.used = 0
        """Arc points the geometries resolved to so far (bounded by ``guards.count_points``)."""
        self.decoded: dict[int, NDArray[np.float64]] = {}
        transform = topology.get("transform")
        self.scale: NDArray[np.float64] | None = None
        self.translate: NDArray[np.float64] | None = None
        if transform is not None:
            try:
                self.scale = np.asarray(transform["scale"], dtype=float).reshape(2)
                self.translate = np.asarray(transform["translate"], dtype=float).reshape(2)
            except (KeyError, TypeError, ValueError) as error:
                raise SourceError(
                    f"{source}: 'transform' needs two-number 'scale' and 'translate'"
                ) from error

    def arc(self, index: int, where: str) -> NDArray[np.float64]:
        """Return the absolute positions of arc ``index`` (``~i``: arc ``i`` reversed)."""
        if not isinstance(index, int) or isinstance(index, bool):
            raise SourceError(f"{self.source}: {where}: arc index {index!r} is not a whole number")
        real = index if index >= 0 else ~index
        if real >= len(self.raw_arcs):
            raise SourceError(
                f"{self.source}: {where}: arc {real} does not exist ({len(self.raw_arcs)} arcs)"
            )
        if real not in self.decoded:
            try:
                positions = np.asarray([p[:2] for p in self.raw_arcs[real]], dtype=float).reshape(-1, 2)
            except (TypeError, ValueError, IndexError) as error:
                raise SourceError(f"{self.source}: arcs[{real}]: positions must be [x, y] numbers") from error
            if self.scale is not None and self.translate is not None:
                # A hostile transform (scale 1e308) overflows to infinity: the feature is then
                # skipped as "not a finite number", without numpy's warning on stderr.
                with np.errstate(over="ignore", invalid="ignore"):
                    positions = np.cumsum(positions, axis=0) * self.scale + self.translate
            self.decoded[real] = positions
        points = self.decoded[real]
        return points if index >= 0 else points[::-1]

    def point(self, position: Any, where: str) -> Position:
        """Return an absolute point position (points are quantized but not delta-encoded)."""
        try:
            xy = np.asarray(position[:2], dtype=float).reshape(2)
        except (TypeError, ValueError, IndexError) as error:
            raise SourceError(f"{self.source}: {where}: a position must be [x, y] numbers") from error
        if self.scale is not None and self.translate is not None:
            xy = xy * self.scale + self.translate
        return [float(xy[0]), float(xy[1])]

    def line(self, indexes: Any, where: str) -> list[Position]:
        """Join arcs into one line; each arc starts where the previous one ended."""
        if not isinstance(indexes, list):
            raise SourceError(f"{self.source}: {where}: expected a list of arc indexes")
        parts = [self.arc(index, where) for index in indexes]
        self.used += sum(len(part) for part in parts)
        guards.count_points(self.used, self.stored, self.source, where)
        joined = [parts[0]] + [part[1:] for part in parts[1:]] if parts else []
        return np.concatenate(joined).tolist() if joined else []

    def geometry(self, item: Any, where: str) -> dict[str, Any] | None:
        """Return the GeoJSON geometry of a TopoJSON geometry object (None for a null geometry)."""
        if not isinstance(item, dict):
            raise SourceError(f"{self.source}: {where}: a geometry must be an object")
        kind = item.get("type")
        arcs = item.get("arcs")
        if kind is None:
            return None
        if kind == "GeometryCollection":
            children = _list(item.get("geometries", []), where, self, "geometries")
            geometries = [
                self.geometry(child, f"{where}.geometries[{i}]") for i, child in enumerate(children)
            ]
            return {"type": kind, "geometries": [g for g in geometries if g is not None]}
        if kind == "Point":
            return {"type": kind, "coordinates": self.point(item.get("coordinates"), where)}
        if kind == "MultiPoint":
            return {
                "type": kind,
                "coordinates": [
                    self.point(p, where)
                    for p in _list(item.get("coordinates", []), where, self, "coordinates")
                ],
            }
        if kind == "LineString":
            return {"type": kind, "coordinates": self.line(arcs, where)}
        if kind == "MultiLineString":
            return {
                "type": kind,
                "coordinates": [self.line(part, where) for part in _list(arcs, where, self)],
            }
        if kind == "Polygon":
            return {
                "type": kind,
                "coordinates": [self.line(ring, where) for ring in _list(arcs, where, self)],
            }
        if kind == "MultiPolygon":
            polygons = [
                [self.line(ring, where) for ring in _list(polygon, where, self)]
                for polygon in _list(arcs, where, self)
            ]
            return {"type": kind, "coordinates": polygons}
        raise SourceError(f"{self.source}: {where}: unknown geometry type {kind!r}")


def _list(value: Any, where: str, decoder: _Decoder, name: str = "arcs") -> list[Any]:
    if not isinstance(value, list):
        raise SourceError(f"{decoder.source}: {where}: '{name}' must be a list")
    return value


def layers(topology: dict[str, Any]) -> list[str]:
    """Return the names of a topology's objects, in file order."""
    objects = topology.get("objects")
    return list(objects) if isinstance(objects, dict) else []


def to_features(topology: Any, layer: str | None = None, source: str = "<topojson>") -> list[dict[str, Any]]:
    """Return one object of a topology as a list of GeoJSON features (default: the first object).

    A GeometryCollection object gives one feature per member geometry, keeping its ``id`` and
    ``properties``; any other object gives one feature. Raise ``SourceError`` naming ``source``
    and the place for malformed input.
    """
    if not isinstance(topology, dict) or topology.get("type") != "Topology":
        raise SourceError(f'{source}: not TopoJSON (the top level needs "type": "Topology")')
    names = layers(topology)
    if not names:
        raise SourceError(f"{source}: the topology has no objects")
    name = layer if layer is not None else names[0]
    if name not in names:
        raise SourceError(f"{source}: no object {name!r}; the objects are {', '.join(names)} (use --layer)")
    decoder = _Decoder(topology, source)
    item = topology["objects"][name]
    collection = isinstance(item, dict) and item.get("type") == "GeometryCollection"
    members = item.get("geometries", []) if collection else [item]
    if not isinstance(members, list):
        raise SourceError(f"{source}: objects.{name}.geometries is not a list")
    features = []
    for index, member in enumerate(members):
        where = f"objects.{name}.geometries[{index}]" if collection else f"objects.{name}"
        geometry = decoder.geometry(member, where)
        feature: dict[str, Any] = {"type": "Feature", "properties": {}, "geometry": geometry}
        if isinstance(member, dict):
            properties = member.get("properties")
            feature["properties"] = properties if isinstance(properties, dict) else {}
            if "id" in member:
                feature["id"] = member["id"]
        features.append(feature)
    return features


def read(source: str, options: ImportOptions) -> ImportResult:
    """Import one object (``--layer``, default the first) of a TopoJSON file."""
    data = read_json(source, "TopoJSON")
    return build_scenario(to_features(data, options.layer, source), options, source)


register(
    Importer(
        name="topojson",
        title="TopoJSON polygons",
        source=Source("a TopoJSON file", suffixes=(".topojson", ".topo.json", ".json")),
        read=read,
        options=shared("layer", *POLYGON_OPTIONS),
        help="make a scenario map from one object of a TopoJSON topology",
    )
)
