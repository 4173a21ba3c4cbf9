"""``mappa graph``: write the scenario's graphs for networkx, Gephi or Graphviz, or print a reach.

``mappa graph FILE [--graph G] [--format F] [-o OUT]`` writes one graph (``model.graph_export``);
``mappa graph FILE --from AREA --reach KIND`` prints every area's distance from AREA by one of
the reaches the scenario's ruleset offers (``model.rules.reach``); ``--list-reaches`` lists them.
AREA is an area id or name; an unknown one is an error that lists the close matches.
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from typing import Any

from shapely.errors import GEOSException

from model import io
from model.graph import MapGraphs
from model.graph_export import FORMATS, GRAPHS, export_graph, write_graph
from model.rules import reach as reaches
from model.scenario import Scenario


class GraphCommandError(Exception):
    """An expected failure of ``mappa graph``: the message names the file and what to do (exit 2)."""


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``mappa graph``."""
    parser.add_argument("file", metavar="FILE", help="the scenario file")
    parser.add_argument(
        "--graph",
        choices=GRAPHS,
        default="full",
        help="full: movement graph (borders, connections, cuts applied; the default); adjacency: "
        "derived from shared borders only; land: land-land edges; sea: sea-sea edges",
    )
    parser.add_argument(
        "--format",
        choices=(*FORMATS, "text"),
        default=None,
        help="json (networkx node-link), graphml, gexf (Gephi) or dot (Graphviz); "
        "with --from: text (the default) or json",
    )
    parser.add_argument("-o", "--output", metavar="OUT", help="write here instead of standard output")
    parser.add_argument(
        "--from", dest="start", metavar="AREA", help="print distances from this area (id or name)"
    )
    parser.add_argument("--reach", metavar="KIND", help="the kind of reach for --from (see --list-reaches)")
    parser.add_argument(
        "--list-reaches", action="store_true", help="list the kinds of reach the scenario's ruleset offers"
    )


def run(args: argparse.Namespace) -> tuple[int, str]:
    """Run ``mappa graph``; return the exit status and the text to write (to -o or standard output)."""
    scenario = io.load(args.file)
    try:
        return _run(args, scenario)
    except (ValueError, GEOSException) as error:  # geometry the faces cannot be built from
        raise GraphCommandError(
            f"{args.file}: cannot build the map's graphs ({error}); `mappa validate {args.file}` "
            "lists what to fix in the map"
        ) from error


def _run(args: argparse.Namespace, scenario: Scenario) -> tuple[int, str]:
    if args.list_reaches:
        return 0, _list_reaches(scenario, args.format == "json")
    if args.start is not None or args.reach is not None:
        if args.start is None:
            raise GraphCommandError("graph: --reach needs --from AREA (the area to measure from)")
        fmt = args.format or "text"
        if fmt not in ("text", "json"):
            raise GraphCommandError(f"graph: distances are written as text or json, not {fmt}")
        return 0, _distances(scenario, args.file, args.start, args.reach or reaches.PLAIN.id, fmt == "json")
    fmt = args.format or "json"
    if fmt == "text":
        raise GraphCommandError(
            "graph: a graph is written as json, graphml, gexf or dot (text is for --from)"
        )
    return 0, write_graph(export_graph(scenario, args.graph), fmt)


def resolve_area(scenario: Scenario, text: str, path: str) -> str:
    """Return the id of the area named by id or name (case-insensitive), or raise with the close matches."""
    ids = {area.id for area in scenario.map.areas}
    if text in ids:
        return text
    by_name: dict[str, list[str]] = {}
    for area in scenario.map.areas:
        by_name.setdefault((area.name or area.id).casefold(), []).append(area.id)
        by_name.setdefault(area.id.casefold(), []).append(area.id)
    found = sorted(set(by_name.get(text.casefold(), [])))
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        raise GraphCommandError(f"{path}: {text!r} names several areas ({', '.join(found)}): give the id")
    labels = {area.id: area.name or area.id for area in scenario.map.areas}
    owner = {word.casefold(): area_id for area_id, name in labels.items() for word in (area_id, name)}
    words = sorted(owner)
    close = difflib.get_close_matches(text.casefold(), words, n=8, cutoff=0.6)
    close += [w for w in words if text.casefold() in w and w not in close]
    matches = list(dict.fromkeys(owner[w] for w in close))[:5]
    shown = ", ".join(f"{labels[a]} ({a})" for a in matches)
    hint = f"; did you mean {shown}?" if matches else "; `mappa info` lists the map"
    raise GraphCommandError(f"{path}: no area with id or name {text!r}{hint}")


def _list_reaches(scenario: Scenario, as_json: bool) -> str:
    offered = reaches.reaches(scenario)
    if as_json:
        rows = [
            {"id": r.id, "name": r.name, "unit": r.unit, "rule": r.rule, "description": r.description}
            for r in offered
        ]
        return json.dumps(rows, indent=2, ensure_ascii=False) + "\n"
    width = max(len(r.id) for r in offered)
    lines = [f"reaches of the {scenario.ruleset.id} ruleset:"]
    for r in offered:
        rule = f" ({r.rule})" if r.rule else ""
        lines.append(f"  {r.id:<{width}}  {r.name}{rule}, in {r.unit}: {r.description}")
    return "\n".join(lines) + "\n"


def _distances(scenario: Scenario, path: str, start_text: str, reach_id: str, as_json: bool) -> str:
    start = resolve_area(scenario, start_text, path)
    try:
        kind = reaches.find(scenario, reach_id)
    except reaches.UnknownReachError as error:
        raise GraphCommandError(f"{path}: {error}") from error
    graphs = MapGraphs.from_scenario(scenario)
    found = kind.prepare(scenario, graphs)(start)
    names = {area.id: area.name or area.id for area in scenario.map.areas}
    order = sorted(names, key=lambda a: (found.get(a, sys.maxsize), names[a].casefold(), a))
    if as_json:
        data: dict[str, Any] = {
            "from": start,
            "from_name": names[start],
            "reach": kind.id,
            "name": kind.name,
            "unit": kind.unit,
            "rule": kind.rule,
            "areas": [{"id": a, "name": names[a], "distance": found.get(a)} for a in order],
        }
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    rule = f", rule {kind.rule}" if kind.rule else ""
    lines = [f"{kind.name} from {names[start]} ({start}), in {kind.unit}{rule}:"]
    unreachable = 0
    for area in order:
        distance = found.get(area)
        unreachable += distance is None
        shown = "-" if distance is None else str(distance)
        mark = "  (start)" if area == start else ""
        lines.append(f"{shown:>4}  {names[area]} ({area}){mark}")
    lines.append(f"{len(found)} areas reached, {unreachable} unreachable")
    return "\n".join(lines) + "\n"
