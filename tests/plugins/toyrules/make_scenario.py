"""Writes ``toy.mappa.json``, the Stake scenario the tests open (run it after a format change).

``python tests/plugins/toyrules/make_scenario.py`` from the repository root.
"""

from __future__ import annotations

from pathlib import Path

from model import io
from model.scenario import (
    Area,
    AreaKind,
    AreaSetup,
    Boundary,
    Empire,
    MapData,
    Metadata,
    RulesetRef,
    Scenario,
    Setup,
)

CELL = 100.0
ROWS, COLUMNS = 3, 3


def scenario() -> Scenario:
    """A 3 x 3 grid of land areas (values 1-3) above a sea row, two players in opposite corners."""
    boundaries = []
    for r in range(ROWS + 2):
        for c in range(COLUMNS):
            start = (c * CELL, r * CELL)
            boundaries.append(Boundary(id=f"h{r}{c}", points=[start, (start[0] + CELL, start[1])]))
    for r in range(ROWS + 1):
        for c in range(COLUMNS + 1):
            start = (c * CELL, r * CELL)
            boundaries.append(Boundary(id=f"v{r}{c}", points=[start, (start[0], start[1] + CELL)]))

    def centre(r: int, c: int) -> tuple[float, float]:
        return (c * CELL + CELL / 2, r * CELL + CELL / 2)

    areas = [
        Area(
            id=f"a{r}{c}",
            name=f"Field {r}{c}",
            anchors=[centre(r, c)],
            attributes={"value": 1 + (r + c) % 3},
        )
        for r in range(ROWS)
        for c in range(COLUMNS)
    ]
    areas += [
        Area(id=f"s{c}", name=f"Water {c}", kind=AreaKind.SEA, anchors=[centre(ROWS, c)])
        for c in range(COLUMNS)
    ]
    setup = Setup(
        empires=[
            Empire(id="red", name="Red", colour="#c03030"),
            Empire(id="blue", name="Blue", colour="#3050c0", attributes={"handicap": 1}),
        ],
        areas={"a00": AreaSetup(owner="red"), "a22": AreaSetup(owner="blue")},
    )
    return Scenario(
        metadata=Metadata(title="Stake on a grid"),
        map=MapData(boundaries=boundaries, areas=areas),
        ruleset=RulesetRef(id="toy", options={"rounds": 8}),
        setup=setup,
        next_serial=100,
    )


if __name__ == "__main__":
    io.save(scenario(), Path(__file__).with_name("toy.mappa.json"))
