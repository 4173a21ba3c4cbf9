"""TripleA map files: ``polygons.txt``, ``centers.txt``, ``place.txt`` and the game XML.

The formats, as TripleA's own ``PointFileReaderWriter`` reads and writes them (one territory per
non-blank line, integer pixel coordinates, x right and y down):

* ``polygons.txt``: ``Name  <  (x,y) (x,y) ...  >  <  ...  >``: the name, then one or more
  polygons, each between ``<`` and ``>``;
* ``centers.txt``: ``Name  (x,y)``: where the territory's name and units are centred;
* ``place.txt``: ``Name  (x,y) (x,y) ...`` (optionally `` | overflowToLeft=true``): unit slots.

The game XML (``games/*.xml``) declares ``<territory name=".." water="true"/>`` and
``<connection t1=".." t2=".."/>`` under ``<map>``, the players under ``<playerList>``,
territory attachments (``<attachment attachTo=".." type="territory">`` with ``<option
name="production" value=".."/>``) and starting owners (``<ownerInitialize><territoryOwner
territory=".." owner=".."/>``).
"""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, field

from model.importers.common import SourceError
from model.importers.textsource import parse_xml, read_text

PixelPoint = tuple[int, int]

_POLYGON = re.compile(r"<([^<>]*)>")
_POINT = re.compile(r"\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)")


def _points(text: str, where: str) -> list[PixelPoint]:
    """Read ``(x,y)`` points; anything else between them is an error naming ``where``."""
    points = [(int(m.group(1)), int(m.group(2))) for m in _POINT.finditer(text)]
    rest = _POINT.sub(" ", text).strip()
    if rest:
        raise SourceError(f"{where}: {rest[:40]!r} is not a point; points are written (x,y) in whole pixels")
    return points


def _lines(path: str, what: str) -> list[tuple[int, str]]:
    return [
        (number, line)
        for number, line in enumerate(read_text(path, what).splitlines(), start=1)
        if line.strip()
    ]


def read_polygons(path: str) -> dict[str, list[list[PixelPoint]]]:
    """Read ``polygons.txt``: territory name -> its polygons (rings of pixel points), in file order."""
    out: dict[str, list[list[PixelPoint]]] = {}
    for number, line in _lines(path, "polygons.txt"):
        where = f"{path}: line {number}"
        start = line.find("<")
        if start < 0:
            raise SourceError(f"{where}: no '<' opens a polygon; expected 'Name  <  (x,y) (x,y) ...  >'")
        name = line[:start].strip()
        if not name:
            raise SourceError(f"{where}: the line starts with a polygon but names no territory")
        if name in out:
            raise SourceError(
                f"{where}: territory {name!r} is listed twice; merge its polygons into one line"
            )
        body = line[start:]
        if body.count("<") != body.count(">") or body.rstrip()[-1] != ">":
            raise SourceError(
                f"{where}: a polygon of {name!r} is not closed with '>' (is the file complete?)"
            )
        rings = []
        for index, match in enumerate(_POLYGON.finditer(body), start=1):
            ring = _points(match.group(1), f"{where}, polygon {index} of {name!r}")
            if len(ring) < 3:
                raise SourceError(
                    f"{where}: polygon {index} of {name!r} has {len(ring)} point(s); it needs 3 or more"
                )
            rings.append(ring)
        stray = _POLYGON.sub(" ", body).strip()
        if stray:
            raise SourceError(f"{where}: {stray[:40]!r} lies outside the polygons of {name!r}")
        out[name] = rings
    if not out:
        raise SourceError(f"{path}: no territory in the file (is it empty?)")
    return out


def read_points(path: str, what: str) -> dict[str, list[PixelPoint]]:
    """Read ``centers.txt`` or ``place.txt``: territory name -> its points."""
    out: dict[str, list[PixelPoint]] = {}
    for number, line in _lines(path, what):
        where = f"{path}: line {number}"
        body = line.split(" | ")[0]  # place.txt may end with " | overflowToLeft=true"
        start = body.find("(")
        if start < 0:
            raise SourceError(f"{where}: no point after the name; expected 'Name  (x,y)'")
        name = body[:start].strip()
        if not name:
            raise SourceError(f"{where}: the line names no territory")
        if name in out:
            raise SourceError(f"{where}: territory {name!r} is listed twice")
        if body.count("(") != body.count(")"):
            raise SourceError(f"{where}: a point of {name!r} is not closed with ')' (is the file complete?)")
        out[name] = _points(body[start:], f"{where} ({name!r})")
    return out


@dataclass
class Game:
    """What the game XML declares about the map and the start."""

    path: str
    water: dict[str, bool]
    connections: list[tuple[str, str]]
    players: list[str]
    production: dict[str, int] = field(default_factory=dict)
    owners: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    impassable: list[str] = field(default_factory=list)
    """Territories whose attachment says ``isImpassable``: no unit may enter them."""
    other_options: dict[str, int] = field(default_factory=dict)
    """Territory attachment options not imported (``capital``, ``victoryCity``...), with counts."""


def _require(element: ElementTree.Element, name: str, path: str, what: str) -> str:
    value = element.get(name)
    if value is None or not value.strip():
        raise SourceError(f"{path}: a <{element.tag}> has no {name}= attribute ({what})")
    return value.strip()


def read_game(path: str) -> Game:
    """Read the game XML safely (see ``parse_xml``); raise ``SourceError`` naming the file."""
    root = parse_xml(path, "TripleA game XML")
    if root.tag != "game":
        raise SourceError(f"{path}: the root element is <{root.tag}>, not <game>; is it a TripleA game XML?")
    map_element = root.find("map")
    if map_element is None:
        raise SourceError(f"{path}: no <map> element: the game declares no territories")
    water: dict[str, bool] = {}
    for territory in map_element.iter("territory"):
        name = _require(territory, "name", path, "the territory's name")
        water[name] = (territory.get("water") or "").strip().lower() == "true"
    connections: list[tuple[str, str]] = []
    problems: list[str] = []
    for connection in map_element.iter("connection"):
        a = _require(connection, "t1", path, "its first territory")
        b = _require(connection, "t2", path, "its second territory")
        for end in (a, b):
            if end not in water:
                problems.append(f"connection {a} - {b}: {end!r} is not a declared territory; dropped")
                break
        else:
            connections.append((a, b))
    players = [_require(p, "name", path, "the player's name") for p in root.iter("player")]
    production: dict[str, int] = {}
    impassable: list[str] = []
    other_options: dict[str, int] = {}
    for attachment in root.iter("attachment"):
        if attachment.get("type") != "territory":
            continue
        target = attachment.get("attachTo", "")
        for option in attachment.iter("option"):
            name, value = option.get("name", ""), option.get("value", "")
            if name == "production":
                try:
                    production[target] = int(value)
                except ValueError:
                    problems.append(f"{target}: production {value!r} is not a whole number")
            elif name == "isImpassable":
                if value.strip().lower() == "true":
                    impassable.append(target)
            else:
                other_options[name] = other_options.get(name, 0) + 1
    owners = {
        _require(t, "territory", path, "the territory owned"): _require(t, "owner", path, "the owner")
        for t in root.iter("territoryOwner")
    }
    return Game(path, water, connections, players, production, owners, problems, impassable, other_options)


@dataclass
class MapFolder:
    """Where a TripleA map's files are (``None`` for the optional ones that are absent)."""

    polygons: str
    centers: str | None
    place: str | None
    game: str | None
    other_games: list[str]


def locate(folder: str, game: str | None = None) -> MapFolder:
    """Find ``polygons.txt`` (in the folder or its ``map/``) and the game XML (``games/*.xml``).

    ``game`` names the XML when the map has several; otherwise the first in name order is used
    and the others are listed in ``other_games``.
    """
    if not os.path.isdir(folder):
        if os.path.basename(folder) == "polygons.txt" and os.path.isfile(folder):
            folder = os.path.dirname(folder) or "."
        else:
            raise SourceError(
                f"{folder}: not a folder; give the TripleA map folder (the one with polygons.txt)"
            )
    candidates = [folder, os.path.join(folder, "map")]
    map_dir = next((d for d in candidates if os.path.isfile(os.path.join(d, "polygons.txt"))), None)
    if map_dir is None:
        raise SourceError(f"{folder}: no polygons.txt here or in {os.path.join(folder, 'map')}")

    def present(name: str) -> str | None:
        path = os.path.join(map_dir, name)
        return path if os.path.isfile(path) else None

    others: list[str] = []
    if game is None:
        found: list[str] = []
        for games_dir in (
            os.path.join(folder, "games"),
            os.path.join(map_dir, "games"),
            os.path.join(os.path.dirname(os.path.abspath(map_dir)), "games"),
        ):
            if os.path.isdir(games_dir):
                found = sorted(
                    os.path.join(games_dir, n) for n in os.listdir(games_dir) if n.endswith(".xml")
                )
                if found:
                    break
        if not found:
            found = sorted(os.path.join(folder, n) for n in os.listdir(folder) if n.endswith(".xml"))
        game, others = (found[0], found[1:]) if found else (None, [])
    elif not os.path.isfile(game):
        raise SourceError(f"{game}: no such game XML")
    return MapFolder(
        os.path.join(map_dir, "polygons.txt"), present("centers.txt"), present("place.txt"), game, others
    )
