"""Make an imported map's graph agree with what its source declares, and say where they differ.

TripleA games and Diplomacy variants declare their adjacency as a list of pairs; their pictures
only roughly agree with it (straits cross water, a shared border the game does not count). After
the shapes are imported, ``reconcile`` gives each area its declared kind, compares the adjacency
the shared borders give with the declared pairs, and makes them equal:

* a declared pair whose shapes do not touch gets a typed connection (``strait`` between two land
  areas, ``sea_lane`` when one end is sea);
* a shared border the source does not declare gets an ``impassable`` connection.

Every difference is listed in the returned summary, so the author sees exactly what the shapes
and the source disagree about.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from model.importers.owners import all_ids
from model.scenario import Area, AreaKind, Connection, ConnectionKind, Point, Scenario
from model.topology import Topology

LISTED = 40
"""How many pairs a summary line names before it says "and N more"."""


@dataclass
class Declared:
    """What a source says besides its shapes, by the names its shapes carry.

    ``kinds``: every declared area (shape or not) and whether it is land or sea. ``pairs``: the
    adjacent pairs. ``labels``: where an area's name goes (map coordinates), where given.
    ``what``: how the summary names the source ("the game XML").
    """

    kinds: dict[str, AreaKind]
    pairs: set[frozenset[str]]
    labels: dict[str, Point] = field(default_factory=dict)
    what: str = "the source"


@dataclass
class Reconciled:
    """The outcome: area ids by source name, the summary lines, and the counts tests look at."""

    ids: dict[str, str]
    summary: list[str]
    added: list[tuple[str, str]]
    blocked: list[tuple[str, str]]
    unmatched_shapes: list[str]
    missing_shapes: list[str]


def _listing(pairs: Iterable[tuple[str, str]]) -> str:
    items = [f"{a} - {b}" for a, b in pairs]
    shown = ", ".join(items[:LISTED])
    return shown + (f" and {len(items) - LISTED} more" if len(items) > LISTED else "")


def _next_id(scenario: Scenario, prefix: str, taken: set[str]) -> str:
    while True:
        candidate = f"{prefix}{scenario.next_serial}"
        scenario.next_serial += 1
        if candidate not in taken:
            taken.add(candidate)
            return candidate


def _join_leftovers(scenario: Scenario, known: set[str]) -> tuple[list[tuple[str, str]], list[str]]:
    """Give each area the source does not declare (a face the import left between shapes, such as
    "Water 1") to the declared neighbour sharing most border with it: its anchors join that area,
    so the face becomes part of it. Return the (leftover, neighbour) names and the areas that
    have no declared neighbour and stay."""
    areas = scenario.map.areas
    leftovers = [area for area in areas if area.name not in known]
    if not leftovers:
        return [], []
    lengths = Topology.build(scenario.map).adjacency()
    by_id = {area.id: area for area in areas}
    joined: list[tuple[str, str]] = []
    kept: list[str] = []
    gone: set[str] = set()
    for leftover in leftovers:
        shared = {
            other: length
            for pair, length in lengths.items()
            if leftover.id in pair
            for other in pair - {leftover.id}
            if other in by_id and by_id[other].name in known
        }
        if not shared:
            kept.append(leftover.name)
            continue
        best = max(sorted(shared), key=lambda other: shared[other])
        target = by_id[best]
        by_id[best] = target.model_copy(update={"anchors": [*target.anchors, *leftover.anchors]})
        gone.add(leftover.id)
        joined.append((leftover.name, target.name))
    areas[:] = [by_id[area.id] for area in areas if area.id not in gone]
    return joined, kept


def reconcile(scenario: Scenario, declared: Declared) -> Reconciled:
    """Set kinds and labels from ``declared`` and make the adjacency equal its pairs (see module doc).

    Changes ``scenario`` in place (a scenario an importer has just built) and returns the summary.
    """
    areas = scenario.map.areas
    ids = {area.name: area.id for area in areas}
    summary: list[str] = []
    missing = sorted(name for name in declared.kinds if name not in ids)
    for index, area in enumerate(areas):
        kind = declared.kinds.get(area.name)
        label = declared.labels.get(area.name)
        if kind is not None and (kind != area.kind or label is not None):
            areas[index] = Area(
                id=area.id,
                name=area.name,
                kind=kind,
                anchors=area.anchors,
                label=label if label is not None else area.label,
                attributes=area.attributes,
            )
    joined, unmatched = _join_leftovers(scenario, set(declared.kinds))
    if joined:
        summary.append(
            f"{len(joined)} leftover face(s) between shapes (no area of {declared.what}) joined the "
            "neighbour sharing most border: " + _listing(joined)
        )
    if unmatched:
        summary.append(
            f"{len(unmatched)} shape(s) that {declared.what} does not declare were kept as they are: "
            + ", ".join(unmatched[:LISTED])
            + (f" and {len(unmatched) - LISTED} more" if len(unmatched) > LISTED else "")
        )
    if missing:
        summary.append(
            f"{len(missing)} area(s) that {declared.what} declares have no shape and were dropped: "
            + ", ".join(missing[:LISTED])
            + (f" and {len(missing) - LISTED} more" if len(missing) > LISTED else "")
        )
    names = {area.id: area.name for area in areas}
    kinds = {area.id: area.kind for area in areas}
    touching = {pair for pair in Topology.build(scenario.map).adjacency() if pair <= names.keys()}
    wanted: set[frozenset[str]] = set()
    dropped_pairs: list[tuple[str, str]] = []
    for pair in declared.pairs:
        a, b = sorted(pair)
        if a in ids and b in ids:
            wanted.add(frozenset((ids[a], ids[b])))
        else:
            dropped_pairs.append((a, b))
    declared_ids = {ids[name] for name in declared.kinds if name in ids}
    taken = all_ids(scenario)
    added: list[tuple[str, str]] = []
    for pair in sorted(wanted - touching, key=sorted):
        a, b = sorted(pair, key=lambda i: names[i])
        link = (
            ConnectionKind.STRAIT
            if kinds[a] == AreaKind.LAND and kinds[b] == AreaKind.LAND
            else ConnectionKind.SEA_LANE
        )
        scenario.map.connections.append(
            Connection(
                id=_next_id(scenario, "c", taken), a=a, b=b, kind=link, name=f"{names[a]} - {names[b]}"
            )
        )
        added.append((names[a], names[b]))
    blocked: list[tuple[str, str]] = []
    # Only pairs of declared areas are blocked: a shape the source does not know has no declared
    # neighbours, and blocking all its borders would only hide it.
    for pair in sorted(touching - wanted, key=sorted):
        if not pair <= declared_ids:
            continue
        a, b = sorted(pair, key=lambda i: names[i])
        scenario.map.connections.append(
            Connection(
                id=_next_id(scenario, "c", taken),
                a=a,
                b=b,
                kind=ConnectionKind.IMPASSABLE,
                name=f"{names[a]} - {names[b]}",
            )
        )
        blocked.append((names[a], names[b]))
    borders = len(wanted & touching)
    summary.insert(
        0,
        f"adjacency: {declared.what} declares {len(declared.pairs)} pair(s); {borders} are shared borders"
        + (f", {len(added)} do not touch and became connections" if added else "")
        + (f"; {len(blocked)} shared border(s) it does not declare became impassable" if blocked else "")
        + ("" if added or blocked or dropped_pairs else ": the map agrees with it exactly"),
    )
    if added:
        summary.append(f"declared but not touching (added as strait / sea lane): {_listing(added)}")
    if blocked:
        summary.append(f"touching but not declared (made impassable): {_listing(blocked)}")
    if dropped_pairs:
        summary.append(
            f"declared pairs dropped because an end has no shape: {_listing(sorted(dropped_pairs))}"
        )
    return Reconciled(ids, summary, added, blocked, unmatched, missing)


def pairs_of(edges: Iterable[tuple[str, str]]) -> set[frozenset[str]]:
    """Return the unordered pairs of a list of edges, without self links."""
    return {frozenset(edge) for edge in edges if edge[0] != edge[1]}


__all__ = ["Declared", "Reconciled", "pairs_of", "reconcile"]
