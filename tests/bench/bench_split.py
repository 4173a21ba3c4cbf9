"""Count how many straight cuts across single-part areas ``ops.split_area`` makes, and how many it refuses.

For every area of a shipped scenario that is one face, it draws straight lines through a point
inside the area (horizontal, vertical and the two diagonals), overshooting the area's bounding
box on both sides, and tries ``split_area`` on a fresh copy of the map; every such line crosses the
area's interior with both ends outside it, so every one should split. Prints the counts and the
reasons of the refusals, and checks that each split undoes to the same bytes. It is a script, not
a test:

    .venv/bin/python tests/bench/bench_split.py [scenarios/medieval-europe-976.mappa.json ...]
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from model import io, ops  # noqa: E402
from model.topology import Topology  # noqa: E402

DIRECTIONS = ((1.0, 0.0), (0.0, 1.0), (0.7071, 0.7071), (0.7071, -0.7071))


def cuts(scenario: object, topology: Topology, area_id: str) -> list[list[tuple[float, float]]]:
    """Straight lines through a point inside the area, overshooting its bounding box."""
    face = topology.face(topology.area_faces(area_id)[0])
    inside = face.point_on_surface()
    west, south, east, north = face.bounds
    reach = math.hypot(east - west, north - south) + 1.0
    return [
        [(inside.x - dx * reach, inside.y - dy * reach), (inside.x + dx * reach, inside.y + dy * reach)]
        for dx, dy in DIRECTIONS
    ]


def health(topology: Topology) -> tuple[int, int, int]:
    """Linework problems, gaps and stray anchors: a split must add none."""
    return (len(topology.linework_problems()), len(topology.gaps()), len(topology.stray_anchors()))


def count(path: Path) -> Counter[str]:
    """Try every cut of every single-part area of the scenario at ``path``; count the outcomes."""
    text = path.read_text(encoding="utf-8")
    scenario = io.loads(text, str(path))
    topology = Topology.build(scenario.map)
    baseline = health(topology)
    outcomes: Counter[str] = Counter()
    for area in list(scenario.map.areas):
        if len(topology.area_faces(area.id)) != 1 or len(area.anchors) != 1:
            continue
        for line in cuts(scenario, topology, area.id):
            try:
                change = ops.split_area(scenario, area.id, line, topology=topology)
            except ops.OpError as error:
                outcomes["refused"] += 1
                outcomes[f"refused: {str(error).replace(area.id, 'AREA')}"] += 1
                continue
            outcomes["split"] += 1
            parts = 1 + sum(1 for i in change.created if i not in {b.id for b in scenario.map.boundaries})
            outcomes[f"split into {parts}"] += 1
            after = health(Topology.build(scenario.map))
            if after != baseline:
                outcomes[f"LEFT THE MAP BROKEN: {after} (before: {baseline})"] += 1
            change.revert(scenario)
            if io.dumps(scenario) != text:
                outcomes["UNDO NOT BYTE-IDENTICAL"] += 1
                scenario = io.loads(text, str(path))
    return outcomes


def main() -> None:
    """Print the counts for each scenario given (default: Millennium 976)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = [ROOT / "scenarios/medieval-europe-976.mappa.json"]
    parser.add_argument("paths", nargs="*", type=Path, default=default)
    args = parser.parse_args()
    for path in args.paths:
        outcomes = count(path)
        total = outcomes["split"] + outcomes["refused"]
        split, refused = outcomes["split"], outcomes["refused"]
        print(f"{path.name}: {split} of {total} straight cuts split, {refused} refused")
        for what, n in sorted(outcomes.items(), key=lambda item: -item[1]):
            if what not in ("split", "refused"):
                print(f"  {n:4d}  {what}")


if __name__ == "__main__":
    main()
