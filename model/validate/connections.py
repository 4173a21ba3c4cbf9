"""Checks of the typed connections: self links, duplicates, conflicts, kinds, redundancy."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from model.issues import Issue
from model.scenario import AreaKind, ConnectionKind
from model.validate.codes import issue
from model.validate.context import Context

_LAND_ONLY = {ConnectionKind.STRAIT, ConnectionKind.RIVER_CROSSING}


def connections(context: Context) -> Iterator[Issue]:
    """Self links, duplicates, one-way links, kinds that do not fit their ends, conflicts, redundancy."""
    by_pair: dict[tuple[frozenset[str], ConnectionKind], str] = {}
    kinds_by_pair: dict[frozenset[str], set[ConnectionKind]] = defaultdict(set)
    for index, connection in enumerate(context.scenario.map.connections):
        path = f"map.connections[{index}]"
        ends = (connection.a, connection.b)
        where = context.location_of(connection.a)
        if connection.a == connection.b:
            yield issue(
                "CONNECTION_SELF",
                f"connection {connection.id!r} links {connection.a!r} to itself",
                ids=(connection.id, connection.a),
                path=path,
                location=where,
            )
            continue
        pair = frozenset(ends)
        if (pair, connection.kind) in by_pair:
            yield issue(
                "CONNECTION_DUPLICATE",
                f"connections {by_pair[pair, connection.kind]!r} and "
                f"{connection.id!r} are both {connection.kind.value.replace('_', ' ')} links between "
                f"{connection.a!r} and {connection.b!r}: delete one",
                ids=(connection.id, *ends),
                path=path,
                location=where,
            )
        by_pair.setdefault((pair, connection.kind), connection.id)
        kinds_by_pair[pair].add(connection.kind)
        if connection.one_way:
            yield issue(
                "CONNECTION_ONE_WAY",
                f"connection {connection.id!r} is one-way, but links are used both ways: make it two-way",
                ids=(connection.id,),
                path=f"{path}.one_way",
                location=where,
            )
        areas = [context.areas.get(end) for end in ends]
        if None in areas:
            continue  # reported by the reference check
        kinds = [area.kind for area in areas if area is not None]
        if connection.kind in _LAND_ONLY and AreaKind.SEA in kinds:
            yield issue(
                "CONNECTION_KIND_MISMATCH",
                f"connection {connection.id!r} is a {connection.kind.value.replace('_', ' ')}, "
                "which joins two land areas, but one end is a sea area: make it a sea lane",
                ids=(connection.id, *ends),
                path=f"{path}.kind",
                location=where,
            )
        if connection.kind is ConnectionKind.SEA_LANE and AreaKind.SEA not in kinds:
            yield issue(
                "CONNECTION_KIND_MISMATCH",
                f"connection {connection.id!r} is a sea lane between two land areas: make it a strait",
                ids=(connection.id, *ends),
                path=f"{path}.kind",
                location=where,
            )
    for pair, linked in kinds_by_pair.items():
        if ConnectionKind.IMPASSABLE in linked and linked & {ConnectionKind.STRAIT, ConnectionKind.SEA_LANE}:
            a, b = sorted(pair)
            yield issue(
                "CONNECTION_CONFLICT",
                f"{a!r} and {b!r} are both connected and made impassable",
                ids=(a, b),
                location=context.location_of(a),
            )
    yield from _redundant_connections(context)


def _redundant_connections(context: Context) -> Iterator[Issue]:
    geometry = context.geometry() if context.scenario.map.connections else None
    if geometry is None:
        return
    adjacent = geometry[0].adjacency()
    for index, connection in enumerate(context.scenario.map.connections):
        pair = frozenset((connection.a, connection.b))
        if len(pair) < 2 or not pair <= context.areas.keys():
            continue
        touching = pair in adjacent
        text = ""
        if connection.kind in (ConnectionKind.STRAIT, ConnectionKind.SEA_LANE) and touching:
            text = f"is a {connection.kind.value.replace('_', ' ')} between areas that already share a border"
        elif connection.kind is ConnectionKind.IMPASSABLE and not touching:
            text = "makes impassable a border that does not exist"
        elif connection.kind is ConnectionKind.RIVER_CROSSING and not touching:
            text = "is a river crossing between areas that share no border"
        if text:
            yield issue(
                "CONNECTION_REDUNDANT",
                f"connection {connection.id!r} {text}",
                ids=(connection.id, connection.a, connection.b),
                path=f"map.connections[{index}]",
                location=context.location_of(connection.a),
            )
