"""Export a scenario's map as a TripleA map: ``polygons.txt``, ``centers.txt``, ``place.txt`` and a game XML.

``mappa export triplea FILE -o FOLDER`` writes, in FOLDER:

* ``polygons.txt``: each area's polygons in whole pixels (TripleA reads integers), x right and y
  down as in the scenario; a map in other units is scaled to ``width`` pixels;
* ``centers.txt`` and ``place.txt``: the label point (or a point inside the largest polygon);
* ``games/<title>.xml``: a game skeleton with every territory (``water="true"`` for sea areas),
  one ``<connection>`` per adjacent pair of the scenario's graph (shared borders and typed
  connections; impassable pairs left out), the empires as players and the starting owners.

Neighbours share their border vertices in the scenario, and rounding keeps them shared, so
``mappa import triplea`` on the result gives the same areas and adjacency back. TripleA polygons
have no holes: a hole is drawn over by the area inside it (reported in the notes).
"""

from __future__ import annotations

import math
import os
import re
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, field

import shapely
from shapely.geometry import Polygon

from model.exporters.registry import Exporter, ExportError, ExportOptions, ExportResult, Target, register
from model.graph import MapGraphs
from model.importers.registry import Option
from model.io import atomic_write
from model.scenario import AreaKind, Scenario
from model.topology import Topology

DEFAULT_WIDTH = 3000
"""Width in pixels a map in other units (km, degrees) is scaled to."""
MARGIN = 10
_BAD_NAME = re.compile(r"[<>()|\r\n]")


@dataclass
class TripleAExport:
    """The files' contents (by relative path) and notes on what was changed or left out."""

    files: dict[str, str]
    notes: list[str] = field(default_factory=list)


def _territory_names(scenario: Scenario) -> tuple[dict[str, str], list[str]]:
    """Unique TripleA names: the area's name, cleaned of ``<>()|``, with its id when names repeat."""
    notes: list[str] = []
    cleaned = {}
    for area in scenario.map.areas:
        name = " ".join(_BAD_NAME.sub(" ", area.name).split()) or area.id
        if name != area.name:
            notes.append(
                f"area {area.id!r}: name {area.name!r} written as {name!r} (TripleA names hold no <>()|)"
            )
        cleaned[area.id] = name
    counts: dict[str, int] = {}
    for name in cleaned.values():
        counts[name] = counts.get(name, 0) + 1
    names = {}
    for area_id, name in cleaned.items():
        names[area_id] = (
            f"{name} ({area_id})".replace("(", "[").replace(")", "]") if counts[name] > 1 else name
        )
        if counts[name] > 1:
            notes.append(f"area {area_id!r}: the name {name!r} is shared; written as {names[area_id]!r}")
    return names, notes


def build(scenario: Scenario, width: int | None = None) -> TripleAExport:
    """Make the TripleA files for ``scenario`` (nothing is written); raise ``ExportError``."""
    topology = Topology.build(scenario.map)
    shapes = {area.id: topology.area_geometry(area.id) for area in scenario.map.areas}
    missing = [area_id for area_id, shape in shapes.items() if shape is None]
    if missing:
        raise ExportError(
            f"area(s) {', '.join(missing[:10])} have no face (run 'mappa validate' and fix the map first)"
        )
    xs0, ys0, xs1, ys1 = shapely.total_bounds([s for s in shapes.values() if s is not None])
    extent = max(xs1 - xs0, ys1 - ys0, 1e-9)
    if width is not None:
        scale = width / extent
    elif scenario.map.units == "px" and extent >= 200:
        scale = 1.0
    else:
        scale = DEFAULT_WIDTH / extent
    notes = [] if scale == 1.0 else [f"coordinates scaled by {scale:.6g} to whole pixels"]
    # A pixel map already inside the picture keeps its coordinates, so it still fits its image.
    keep = scale == 1.0 and xs0 >= 0 and ys0 >= 0
    dx, dy = (0.0, 0.0) if keep else (MARGIN - xs0 * scale, MARGIN - ys0 * scale)

    def pixel(x: float, y: float) -> tuple[int, int]:
        return (round(x * scale + dx), round(y * scale + dy))

    names, name_notes = _territory_names(scenario)
    notes.extend(name_notes)
    polygon_lines, center_lines, place_lines = [], [], []
    holes = 0
    for area in scenario.map.areas:
        shape = shapes[area.id]
        assert shape is not None  # checked above
        parts = sorted(shapely.get_parts(shape), key=lambda p: -p.area)
        # To whole pixels with shapely's precision model, which keeps each polygon valid where plain
        # rounding would fold narrow necks over themselves; neighbours' shared vertices land on
        # the same pixels, so their borders stay shared.
        in_pixels = shapely.set_precision(shapely.transform(shape, lambda xy: xy * scale + (dx, dy)), 1.0)
        rings = []
        for part in sorted(shapely.get_parts(in_pixels), key=lambda p: -p.area):
            if not isinstance(part, Polygon) or part.area <= 0:
                continue
            holes += len(part.interiors)
            rings.append([(round(x), round(y)) for x, y in part.exterior.coords[:-1]])
        if not rings:
            raise ExportError(
                f"area {area.id!r} ({area.name}) vanishes at {scale:.6g} pixels per unit: "
                "pass a larger --width"
            )
        polygon_lines.append(
            names[area.id]
            + "  "
            + "  ".join("<  " + " ".join(f"({x},{y})" for x, y in r) + "  >" for r in rings)
        )
        label = area.label
        if label is None or not shape.contains(shapely.Point(label)):
            point = parts[0].representative_point()
            label = (point.x, point.y)
        cx, cy = pixel(*label)
        center_lines.append(f"{names[area.id]}  ({cx},{cy})")
        place_lines.append(f"{names[area.id]}  ({cx},{cy})")
    if holes:
        notes.append(
            f"{holes} hole(s) in areas were filled (TripleA polygons have none): the area inside a hole "
            "is drawn over it"
        )
    title = scenario.metadata.title
    slug = re.sub(r"[^A-Za-z0-9]+", "_", title).strip("_") or "map"
    files = {
        "polygons.txt": "\n".join(polygon_lines) + "\n",
        "centers.txt": "\n".join(center_lines) + "\n",
        "place.txt": "\n".join(place_lines) + "\n",
        f"games/{slug}.xml": _game_xml(scenario, names),
    }
    return TripleAExport(files, notes)


def _game_xml(scenario: Scenario, names: dict[str, str]) -> str:
    game = ElementTree.Element("game")
    game.append(ElementTree.Comment(" Written by Mappa: a skeleton (territories, connections, players). "))
    ElementTree.SubElement(game, "info", name=scenario.metadata.title, version="1.0")
    ElementTree.SubElement(game, "loader", javaClass="games.strategy.triplea.TripleA")
    map_element = ElementTree.SubElement(game, "map")
    for area in scenario.map.areas:
        attributes = {"name": names[area.id]}
        if area.kind is AreaKind.SEA:
            attributes["water"] = "true"
        ElementTree.SubElement(map_element, "territory", attributes)
    graph = MapGraphs.from_scenario(scenario).full
    order = {area.id: index for index, area in enumerate(scenario.map.areas)}
    edges = sorted(
        (tuple(sorted((a, b), key=order.__getitem__)) for a, b in graph.edges),
        key=lambda e: (order[e[0]], order[e[1]]),
    )
    for a, b in edges:
        ElementTree.SubElement(map_element, "connection", t1=names[a], t2=names[b])
    empires = {empire.id: empire.name for empire in scenario.setup.empires}
    if empires:
        players = ElementTree.SubElement(game, "playerList")
        for name in empires.values():
            ElementTree.SubElement(players, "player", name=name, optional="false")
        owned = [
            (area_id, setup.owner)
            for area_id, setup in scenario.setup.areas.items()
            if setup.owner in empires
        ]
        if owned:
            initialize = ElementTree.SubElement(ElementTree.SubElement(game, "initialize"), "ownerInitialize")
            for area_id, owner in owned:
                if area_id in names and owner is not None:
                    ElementTree.SubElement(
                        initialize, "territoryOwner", territory=names[area_id], owner=empires[owner]
                    )
    ElementTree.indent(game)
    body = ElementTree.tostring(game, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE game SYSTEM "game.dtd">\n{body}\n'


def export_triplea(
    scenario: Scenario, folder: str | os.PathLike[str], width: int | None = None
) -> TripleAExport:
    """Write the TripleA files into ``folder`` (created if needed); nothing is written on an error."""
    export = build(scenario, width)
    target = os.fspath(folder)
    if os.path.exists(target) and not os.path.isdir(target):
        raise ExportError(f"{target}: exists and is not a folder")
    try:
        os.makedirs(os.path.join(target, "games"), exist_ok=True)
        for relative, text in export.files.items():
            atomic_write(os.path.join(target, relative), text.encode("utf-8"))
    except OSError as error:
        raise ExportError(f"{target}: cannot write ({error.strerror or error})") from error
    return export


def check_width(width: float | None) -> int | None:
    """A ``--width`` in pixels as an int (None: the default); raise ``ExportError`` when unusable."""
    if width is None:
        return None
    if not math.isfinite(width) or width < 100:
        raise ExportError(f"--width {width:g}: give at least 100 pixels")
    return int(width)


def write(scenario: Scenario, target: str, options: ExportOptions) -> ExportResult:
    """The registry's entry: write the TripleA files into the folder ``target``."""
    width = options.extra.get("width")
    export = export_triplea(scenario, target, check_width(float(width) if width is not None else None))
    areas = len(scenario.map.areas)
    summary = f"{areas} territories, polygons.txt, centers.txt, place.txt and {list(export.files)[-1]}"
    return ExportResult([target], [summary, *export.notes])


register(
    Exporter(
        name="triplea",
        title="TripleA map folder",
        target=Target("the folder to write the TripleA map into (created if needed)", folder=True),
        write=write,
        options=(
            Option(
                "width",
                "--width",
                "number",
                f"width in pixels for maps not in pixels (default {DEFAULT_WIDTH})",
                "PX",
            ),
        ),
        help="write the map for TripleA: polygons.txt, centers.txt, place.txt and a game XML skeleton",
    )
)
