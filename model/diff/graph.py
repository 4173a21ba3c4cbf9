"""The graph compared: adjacency gained and lost, and the typed connections.

Adjacency is what the borders give under each version's adjacency policy
(``Topology.adjacency``); only pairs of areas present in both versions are listed, since an added
or removed area's neighbours are part of that area's own change. Connections are compared by id
(added, removed, their ends, kind, name and attributes changed).
"""

from __future__ import annotations

from typing import Any

from model.diff.changes import Change, named
from model.diff.records import diff_records
from model.scenario import Scenario
from model.topology import Topology


def diff_adjacency(
    old: Scenario, new: Scenario, old_topology: Topology, new_topology: Topology
) -> list[Change]:
    """Pairs of areas (present in both versions) that became or stopped being neighbours."""
    kept = old.area_index().keys() & new.area_index().keys()
    before = {pair: length for pair, length in old_topology.adjacency().items() if pair <= kept}
    after = {pair: length for pair, length in new_topology.adjacency().items() if pair <= kept}
    names = {area.id: area.name for area in new.map.areas}
    units = new.map.units
    changes: list[Change] = []
    for pair in sorted(after.keys() - before.keys(), key=sorted):
        a, b = sorted(pair)
        changes.append(
            Change(
                "adjacency",
                "gained",
                (a, b),
                f"{named(names[a], a)} and {named(names[b], b)} now adjacent "
                f"(shared border {after[pair]:,.4g} {units})",
                {"areas": [a, b], "length": after[pair]},
            )
        )
    for pair in sorted(before.keys() - after.keys(), key=sorted):
        a, b = sorted(pair)
        changes.append(
            Change(
                "adjacency",
                "lost",
                (a, b),
                f"{named(names[a], a)} and {named(names[b], b)} no longer adjacent",
                {"areas": [a, b], "length": before[pair]},
            )
        )
    return changes


def _ends(record: dict[str, Any]) -> list[str]:
    return [record["a"], record["b"]]


def diff_connections(old: Scenario, new: Scenario) -> list[Change]:
    """Connections added, removed and changed, each named by its kind and its two areas."""
    names = {area.id: area.name for area in [*old.map.areas, *new.map.areas]}
    changes = diff_records("connections", "connection", old.map.connections, new.map.connections, _ends)
    described = []
    for change in changes:
        record = change.details.get("new") or change.details.get("old")
        if record is not None:  # added or removed: say what it links
            kind = str(record["kind"]).replace("_", " ")
            link = "→" if record.get("one_way") else "–"
            a, b = (named(names.get(record[end], ""), record[end]) for end in ("a", "b"))
            ends = f"{a} {link} {b}"
            change = Change(
                change.section, change.kind, change.ids, f"{change.text}: {kind} {ends}", change.details
            )
        described.append(change)
    return described
