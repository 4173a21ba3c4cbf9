"""The validator's findings, the faces and the graphs stay exactly what they were (issue 15).

Load and validation are made faster step by step; none of those steps may change a result. This
test compares, with ``tests/data/validate_golden.json``, everything the validator says about the
shipped scenarios and about generated maps (one clean, one with a fault of every geometric kind
and a few of other kinds): each issue's code, severity, message, ids, path and location, in
order, and the adjacency (pairs with their shared length) the graphs hold.

After a change that is meant to change a finding, write the file again and review its diff:

    .venv/bin/python tests/model/test_validate_golden.py --write
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
if __name__ == "__main__":  # run as a script to write the file
    sys.path.insert(0, str(ROOT))

from model import io  # noqa: E402
from model.geometry import generate_test_map  # noqa: E402
from model.graph import MapGraphs  # noqa: E402
from model.scenario import (  # noqa: E402
    Area,
    AreaKind,
    Boundary,
    Connection,
    ConnectionKind,
    CornerTouch,
    Scenario,
)
from model.topology import Topology  # noqa: E402
from model.validate import validate  # noqa: E402

GOLDEN = ROOT / "tests" / "data" / "validate_golden.json"
SHIPPED = sorted((ROOT / "scenarios").glob("*.mappa.json"))


def _faulty(scenario: Scenario) -> Scenario:
    """A generated map with a fault of every kind the geometric checks find, and a few others."""
    data = scenario.map
    size = data.bounds.max_x if data.bounds else 10_000.0
    # A boundary taken out: two areas' anchors in one face (AREA_SHARED_FACE).
    del data.boundaries[len(data.boundaries) // 2]
    # An area taken out: its face holds no anchor (AREA_GAP).
    removed = data.areas.pop(len(data.areas) // 3)
    # An anchor outside the map, and one on another area's anchor (ANCHOR_OUTSIDE, AREA_SHARED_FACE).
    data.areas[5].anchors.append((size + 50.0, size + 50.0))
    data.areas[7].anchors.append(data.areas[8].anchors[0])
    # A crossing line, lines with a free end, a zero-length one, a duplicate, one crossing itself.
    data.boundaries.append(
        Boundary(id="x-cross", points=[(0.1 * size, 0.1 * size + 3.0), (0.2 * size, 0.2 * size - 3.0)])
    )
    data.boundaries.append(Boundary(id="x-free", points=[data.boundaries[10].points[0], (1.5, 2.5)]))
    data.boundaries.append(Boundary(id="x-zero", points=[(5.0, 5.0), (5.0, 5.0)]))
    data.boundaries.append(Boundary(id="x-copy", points=list(data.boundaries[20].points)))
    inner = data.boundaries[30].points
    data.boundaries.append(Boundary(id="x-spur", points=[inner[0], (inner[0][0] + 1.0, inner[0][1] + 1.0)]))
    bow = [(-90.0, -90.0), (-60.0, -60.0), (-60.0, -90.0), (-90.0, -60.0)]
    data.boundaries.append(Boundary(id="x-bow", points=bow))
    # An island ring away from the map with an area in it: no neighbour (AREA_ISOLATED).
    ring = [(-300.0, 0.0), (-200.0, 0.0), (-200.0, 100.0), (-300.0, 100.0), (-300.0, 0.0)]
    data.boundaries.append(Boundary(id="x-island", points=ring))
    # Connections: to itself, unknown end, a strait along a border, impassable with no border.
    first, second = data.areas[0].id, data.areas[1].id
    far = data.areas[-1].id
    data.connections.extend(
        [
            Connection(id="c-self", a=first, b=first, kind=ConnectionKind.SEA_LANE),
            Connection(id="c-unknown", a=first, b=removed.id, kind=ConnectionKind.STRAIT),
            Connection(id="c-far", a=first, b=far, kind=ConnectionKind.IMPASSABLE),
            Connection(id="c-lane", a=second, b=far, kind=ConnectionKind.SEA_LANE, one_way=True),
        ]
    )
    data.areas.append(Area(id="x-isle", name="Isle", anchors=[(-250.0, 50.0)]))
    # Ids and names: a duplicate id, an area with no name, two areas of one name.
    data.areas.append(Area(id=data.areas[2].id, name="Again", anchors=[data.areas[2].anchors[0]]))
    data.areas[3].name = " "
    data.areas[4].name = data.areas[6].name
    data.areas[9].kind = AreaKind.SEA
    return scenario


def _corner_policy(scenario: Scenario) -> Scenario:
    """The faulty map where corner touches are adjacent and short borders do not count."""
    scenario = _faulty(scenario)
    scenario.map.adjacency.corner_touch = CornerTouch.ADJACENT
    scenario.map.adjacency.min_shared_length = 40.0
    return scenario


CASES: dict[str, Callable[[], Scenario]] = {
    **{f"shipped {path.name}": (lambda path=path: io.load(path)) for path in SHIPPED},
    "generated 300": lambda: generate_test_map(300, seed=11),
    "generated 300, faults": lambda: _faulty(generate_test_map(300, seed=11)),
    "generated 200, faults, corner policy": lambda: _corner_policy(generate_test_map(200, seed=4)),
}


_SUMMED_CODES = frozenset({"LANGUAGE_MISSING", "RELIGION_MISSING"})
"""Codes a generated map has for nearly every land area: kept in the digest, not listed one by one."""


def findings(scenario: Scenario) -> dict[str, Any]:
    """What the validator says and the graphs' adjacency, as JSON data: the issues in full (but
    ``_SUMMED_CODES``), and a digest of all of them and of the edges with their lengths."""
    issues = json.loads(json.dumps([item.to_json() for item in validate(scenario)]))
    graphs = MapGraphs.from_scenario(scenario, Topology.build(scenario.map))
    edges = sorted(
        [*sorted((a, b)), data.get("length", 0.0), sorted(data.get("kinds", ()))]
        for a, b, data in graphs.full.edges(data=True)
    )
    return {
        "issues": [item for item in issues if item["code"] not in _SUMMED_CODES],
        "issue_count": len(issues),
        "issues_digest": _digest(issues),
        "edge_count": len(edges),
        "edges_digest": _digest(edges),
    }


def _digest(data: Any) -> str:
    """A digest of JSON data (floats written exactly, as ``repr`` writes them)."""
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode("utf-8")).hexdigest()


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


@pytest.mark.parametrize("case", list(CASES))
def test_findings_are_unchanged(golden: dict[str, Any], case: str) -> None:
    expected = golden[case]
    found = findings(CASES[case]())
    for got, want in zip(found["issues"], expected["issues"], strict=False):
        assert got == want  # the first differing issue, shown in full
    assert found == expected


def test_the_faulty_maps_hold_every_geometric_finding(golden: dict[str, Any]) -> None:
    codes = {item["code"] for item in golden["generated 300, faults"]["issues"]}
    assert {
        "AREA_GAP",
        "AREA_SHARED_FACE",
        "ANCHOR_OUTSIDE",
        "BOUNDARY_CROSSING",
        "BOUNDARY_DANGLING",
        "BOUNDARY_DEGENERATE",
        "BOUNDARY_DUPLICATE",
        "BOUNDARY_SELF_CROSSING",
        "AREA_ISOLATED",
        "DUPLICATE_ID",
        "CONNECTION_SELF",
        "CONNECTION_REDUNDANT",
    } <= codes


def main() -> None:
    """Write the golden file from the findings of the code as it is."""
    data = {case: findings(make()) for case, make in CASES.items()}
    GOLDEN.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    counts = ", ".join(f"{case} ({len(found['issues'])})" for case, found in data.items())
    print(f"wrote {GOLDEN.relative_to(ROOT)}: {counts}")


if __name__ == "__main__":
    if "--write" not in sys.argv:
        raise SystemExit("pass --write to write the golden file from the current code")
    main()
