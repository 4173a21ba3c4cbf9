"""TripleA maps: ``polygons.txt`` (+ ``centers.txt``) and the game XML become a scenario map.

Each territory's polygons become an area (pixel coordinates, y down, as the map picture); the
game XML gives its kind (``water="true"``: sea) and the adjacency: every ``<connection>``
becomes a shared border where the polygons touch (TripleA maps leave a 1-2 pixel line between
territories, closed with the gap tolerance) and a typed connection where they do not (a strait,
or a sea lane when an end is water). Shared borders the XML does not declare are made
impassable, so the scenario's graph is the game's; the summary lists every difference.
Production values and starting owners are kept where the scenario can hold them (owners as
empires; production when the ruleset's area attributes have a ``production`` field) and are
reported as dropped otherwise.
"""

from __future__ import annotations

import dataclasses
import os
from typing import Any

from model.importers.common import ImportOptions, ImportResult, SourceError
from model.importers.declared import Declared, pairs_of, reconcile
from model.importers.owners import add_owners
from model.importers.pipeline import build_scenario
from model.importers.planar import image_options, image_ring
from model.importers.registry import Importer, Option, Source, register, shared, title_from_source
from model.importers.triplea_files import Game, MapFolder, locate, read_game, read_points, read_polygons
from model.rules import registry
from model.scenario import AreaKind, Scenario

DEFAULT_CLOSE_GAPS = 3.0
"""TripleA maps draw a 1-2 pixel line between territories: close gaps up to 3 px unless told."""


def import_triplea(folder: str | os.PathLike[str], options: ImportOptions | None = None) -> ImportResult:
    """Import the TripleA map in ``folder`` (see the module doc); raise ``SourceError`` naming the file.

    ``options.extra["game"]`` names the game XML when the map has several (default: the first).
    """
    options = options or ImportOptions()
    game = options.extra.get("game")
    files = locate(os.fspath(folder), str(game) if game else None)
    polygons = read_polygons(files.polygons)
    centers = read_points(files.centers, "centers.txt") if files.centers else {}
    place = read_points(files.place, "place.txt") if files.place else {}
    declared_game = read_game(files.game) if files.game else None
    water = declared_game.water if declared_game else {}
    # Land first: where a sea zone's polygon also covers an island, the overlap goes to the island.
    # Polygons the game does not declare are not territories (TripleA draws them as decoration).
    extras = sorted(name for name in polygons if declared_game is not None and name not in water)
    order = sorted((n for n in polygons if n not in extras), key=lambda name: water.get(name, False))
    if not order:
        raise SourceError(
            f"{files.polygons}: none of its {len(polygons)} polygons names a territory of {files.game}; "
            "is it the game of this map? (pick another with --game FILE.xml)"
        )
    features: list[dict[str, Any]] = [
        {
            "type": "Feature",
            "properties": {"name": name, "water": water.get(name, False)},
            "geometry": {
                "type": "MultiPolygon",
                "coordinates": [[image_ring(ring)] for ring in polygons[name]],
            },
        }
        for name in order
    ]
    titled = dataclasses.replace(options, title=options.title or title_from_source(folder))
    result = build_scenario(
        features,
        image_options(titled, DEFAULT_CLOSE_GAPS),
        files.polygons,
        sea_from="water" if declared_game is not None else None,
    )
    result.notes[:0] = _describe_files(files, polygons, centers, place)
    notes: list[str] = []
    if extras:
        shown = ", ".join(extras[:20]) + (f" and {len(extras) - 20} more" if len(extras) > 20 else "")
        result.warnings.append(
            f"{len(extras)} polygon(s) name no territory of the game XML and were left out: {shown}"
        )
    if declared_game is None:
        result.notes.append(
            "no game XML found (games/*.xml): the adjacency is what the polygons give; pass "
            "--game FILE.xml to read kinds and connections"
        )
        return result
    result.warnings[:0] = declared_game.problems
    kinds = {name: AreaKind.SEA if wet else AreaKind.LAND for name, wet in water.items()}
    labels = {name: (float(points[0][0]), float(points[0][1])) for name, points in centers.items() if points}
    # An impassable territory keeps its shape but no unit may enter it: none of its connections count.
    walled = set(declared_game.impassable)
    connections = [(a, b) for a, b in declared_game.connections if a not in walled and b not in walled]
    if walled:
        listed = ", ".join(sorted(walled))
        notes.append(f"impassable territories (isImpassable), every border made impassable: {listed}")
    outcome = reconcile(
        result.scenario,
        Declared(
            kinds,
            pairs_of(connections),
            labels,
            f"the game XML ({os.path.basename(files.game or '')})",
        ),
    )
    notes.extend(outcome.summary)
    result.notes.extend(notes)
    result.warnings.extend(_starting_state(result.scenario, declared_game, outcome.ids))
    return result


def _describe_files(
    files: MapFolder,
    polygons: dict[str, Any],
    centers: dict[str, Any],
    place: dict[str, Any],
) -> list[str]:
    notes = [f"read {len(polygons)} territories from {files.polygons}"]
    if files.game:
        notes.append(f"game XML: {files.game}")
    if files.other_games:
        others = ", ".join(map(os.path.basename, files.other_games))
        notes.append(f"other game XML(s) not read: {others}; pick one with --game FILE.xml")
    if centers:
        notes.append(f"{len(centers)} centres from centers.txt became the areas' label points")
    if place:
        notes.append(
            f"place.txt: {sum(len(p) for p in place.values())} unit placement points were not imported "
            "(a scenario has no unit slots)"
        )
    return notes


def _starting_state(scenario: Scenario, game: Game, ids: dict[str, str]) -> list[str]:
    """Players and starting owners (see ``model.importers.owners``); production where the schema allows."""
    notes = add_owners(scenario, game.players, game.owners, ids, "the game XML")
    if game.other_options:
        listed = ", ".join(f"{name} ({count})" for name, count in sorted(game.other_options.items()))
        notes.append(f"territory attachment options not imported: {listed}")
    if game.production:
        spec = registry.get(scenario.ruleset.id)
        if spec is not None and "production" in spec.area_attributes.model_fields:
            for index, area in enumerate(scenario.map.areas):
                value = game.production.get(area.name)
                if value is not None:
                    scenario.map.areas[index] = area.model_copy(
                        update={"attributes": {**area.attributes, "production": value}}
                    )
            notes.append(
                f"production of {len(game.production)} territories kept as the area attribute 'production'"
            )
        else:
            listed = ", ".join(f"{name} {value}" for name, value in sorted(game.production.items())[:20])
            more = len(game.production) - 20
            notes.append(
                f"production values dropped (the {scenario.ruleset.id} ruleset's areas have no production "
                f"attribute): {listed}" + (f" and {more} more" if more > 0 else "")
            )
    return notes


register(
    Importer(
        name="triplea",
        title="TripleA map",
        source=Source("a TripleA map folder (with polygons.txt, and games/*.xml)", folder=True),
        read=import_triplea,
        options=(
            *shared("close_gaps", "grid", "title"),
            Option(
                "game",
                "--game",
                "file",
                "the game XML to read kinds and connections from (default: the first in games/)",
                "FILE.xml",
                suffixes=(".xml",),
                label="Game XML",
            ),
        ),
        help="make a scenario map from a TripleA map folder: polygons.txt, centers.txt and the game XML",
    )
)

__all__ = ["DEFAULT_CLOSE_GAPS", "SourceError", "import_triplea"]
