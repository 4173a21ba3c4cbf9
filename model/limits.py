"""Every limit that keeps the work on a hostile or broken file bounded, as named data in one place.

A small file can ask for unbounded work: one boundary through thousands of random points crosses
itself millions of times, a star polygon of 1,000 vertices makes a repair of 500,000 pieces, a
TopoJSON arc can be reused thousands of times. Each limit here bounds one such thing; past it the
file is refused or the problem reported with a message that names the limit (``Limit.explain``),
the place and what to do. Changing a value here changes it everywhere (and in the messages).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limit:
    """One bound on the work a file may ask for: its name, value, what it counts and the advice."""

    name: str
    value: int
    counts: str
    advice: str

    def explain(self) -> str:
        """The sentence a message ends with: the limit (by name) and what to do."""
        return f"the limit is {self.value:,} {self.counts} (limit {self.name}): {self.advice}"


BOUNDARY_POINTS = Limit(
    "boundary_points",
    100_000,
    "points in one boundary",
    "split the boundary into several (at nodes), or simplify it",
)
"""Points in one boundary, checked when a file is read (the longest shipped border has 106)."""

SELF_CROSSINGS_LISTED = Limit(
    "self_crossings_listed",
    100,
    "self-crossings counted per boundary",
    "redraw the boundary: it is probably not a border at all",
)
"""How many self-crossings of one boundary are counted; past it the message says "more than"."""

SEGMENT_PAIRS_EXAMINED = Limit(
    "segment_pairs_examined",
    4_000_000,
    "pairs of segments examined to find where a line crosses itself",
    "simplify the line or redraw it",
)
"""Pairs of nearby segments of one line looked at to place its self-crossings (memory and time)."""

CROSSINGS_LISTED = Limit(
    "crossings_listed",
    1_000,
    "boundary crossings listed one by one",
    "fix the first ones listed; most maps with this many crossings were imported wrongly",
)
"""Crossings between boundaries reported one by one; past it one issue says how many more."""

CROSSING_PAIRS_EXAMINED = Limit(
    "crossing_pairs_examined",
    4_000_000,
    "pairs of nearby boundaries examined for crossings",
    "the linework is too tangled to check: re-import it or redraw it",
)
"""Pairs of boundaries whose boxes overlap that the crossing check looks at (memory and time)."""

IMPORT_SELF_CROSSINGS = Limit(
    "import_self_crossings",
    2_000,
    "self-crossings of one polygon that an import repairs",
    "repair the polygon in a GIS, or leave it out",
)
"""A source polygon crossing itself more than this is skipped: its repair would make a piece per
crossing (a 1,000-vertex star: 500,000 pieces and minutes of work)."""

IMPORT_POINTS = Limit(
    "import_points",
    5_000_000,
    "points in the polygons of one import",
    "clip the source with --bbox or simplify it",
)
"""Points in all the polygons of an import, after TopoJSON arcs are resolved."""

TOPOJSON_ARC_REUSE = Limit(
    "topojson_arc_reuse",
    4,
    "times the stored arc points that the geometries of a TopoJSON layer may use",
    "a map uses each arc once or twice (a shared border); is this file made by a TopoJSON tool?",
)
"""Resolved arc points per stored arc point (plus ``IMPORT_POINTS`` slack for small files)."""

NAME_CHARACTERS = Limit(
    "name_characters",
    1_000,
    "characters in an imported name",
    "pick a shorter property with --name-property",
)
"""Imported names (and ids made from them) longer than this are cut, with a warning."""

LOAD_PROBLEMS_LISTED = Limit(
    "load_problems_listed",
    1_000,
    "problems listed when a file is refused",
    "fix the first ones listed and read the file again",
)
"""Schema errors turned into located problems when a file is refused (each costs a walk of the
file and a look at the bad value; a file of a million bad points took a minute)."""

GRID_MIN = 1e-9
"""The finest grid a map may have: saving writes coordinates with at most 9 decimals."""

GRID_MAX = 1e9
"""The coarsest grid a map may have."""

COORDINATE_MAX = 1e12
"""The largest coordinate (absolute value) a map may hold: beyond it quantizing loses the grid."""

ALL: tuple[Limit, ...] = (
    BOUNDARY_POINTS,
    SELF_CROSSINGS_LISTED,
    SEGMENT_PAIRS_EXAMINED,
    CROSSINGS_LISTED,
    CROSSING_PAIRS_EXAMINED,
    IMPORT_SELF_CROSSINGS,
    IMPORT_POINTS,
    TOPOJSON_ARC_REUSE,
    NAME_CHARACTERS,
    LOAD_PROBLEMS_LISTED,
)
"""Every counted limit, for documentation and tests."""
