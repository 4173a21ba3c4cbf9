"""The scenario file format: a pydantic schema of everything a `.mappa.json` file holds.

Layers, from the bottom up (DESIGN.md "Scenario file"):

* ``map``: the linework (boundaries stored once, quantized to ``map.grid``), areas given by anchor
  points, and typed connections. Faces and adjacency are derived (see ``model.topology``).
* ``catalogs``: languages with families, religions with groups; the vocabulary areas refer to.
* ``ruleset``: which game system (``eotma``, ``seasons``...), its options and table overrides.
* ``setup``: empires, per-area starting state, Magnates, starting units.

Ruleset-specific data lives in ``attributes`` dicts, one per object, validated on load by the
pydantic models that the ruleset package registers (``model.rules.registry``). Everything is
referenced by a string id; ids are unique across the whole scenario and never reused
(``Scenario.next_serial`` feeds ids made by edit operations).

Coordinates are map units on a plane with y growing downwards (as on screen and in SVG).
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator

from model.crs_forms import crs_problem
from model.limits import BOUNDARY_POINTS, COORDINATE_MAX, GRID_MAX, GRID_MIN

SCHEMA_VERSION = 1
"""The version of the file format this code reads and writes (see ``model.io`` for migrations)."""

ID_PATTERN = r"^[A-Za-z0-9_][A-Za-z0-9_.\-]{0,63}$"
_ID_RE = re.compile(ID_PATTERN)

Id = Annotated[str, Field(pattern=ID_PATTERN, description="A stable identifier, unique in the file.")]
Point = tuple[float, float]
"""A point ``(x, y)`` in map units."""


_FEW_POINTS = 4
"""Lists of points up to this long are checked value by value (see ``_within_map``)."""


def _within_map(points: list[Point]) -> list[Point]:
    """Refuse a coordinate beyond ``COORDINATE_MAX`` (snapping it to the grid would overflow).

    One check per list, naming the first such point: a constraint on each coordinate made one
    error per point, and a file of a million far points took a minute and gigabytes to refuse.
    """
    if len(points) <= _FEW_POINTS:
        # Most lists (a boundary's two ends, an anchor) are this short: comparing each value is
        # quicker than the calls below (120,000 lists on a 30,000-area map). NaN fails it too.
        for x, y in points:
            if not (-COORDINATE_MAX <= x <= COORDINATE_MAX and -COORDINATE_MAX <= y <= COORDINATE_MAX):
                break
        else:
            return points
    elif points:
        # Extremes in C first (80,000 lists on a 20,000-area map); the loop only names the point.
        # NaN compares false both ways, so max and min may pass over it: a sum holding one is NaN
        # (and not equal to itself), which is quicker to ask than each value.
        xs, ys = zip(*points, strict=False)
        values = xs + ys
        total = sum(values)
        if total == total and max(values) <= COORDINATE_MAX and min(values) >= -COORDINATE_MAX:
            return points
    for index, (x, y) in enumerate(points):
        if not (-COORDINATE_MAX <= x <= COORDINATE_MAX and -COORDINATE_MAX <= y <= COORDINATE_MAX):
            raise ValueError(
                f"point {index} ({x:g}, {y:g}) lies beyond {COORDINATE_MAX:g}, the largest coordinate "
                "a map holds: rescale the map"
            )
    return points


MapPoints = Annotated[list[Point], AfterValidator(_within_map)]
"""A list of points whose coordinates a map can hold."""

JsonValue = Any
"""A JSON value (ruleset attributes are validated by the ruleset's own models)."""


def is_valid_id(text: str) -> bool:
    """Return whether ``text`` is usable as an id (letters, digits, ``_ . -``, at most 64 characters)."""
    return bool(_ID_RE.match(text))


class Strict(BaseModel):
    """Base of every file-format model: unknown fields are an error, values are re-validated on assignment."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True, allow_inf_nan=False)


class AreaKind(StrEnum):
    """Whether an area is land or sea."""

    LAND = "land"
    SEA = "sea"


class ConnectionKind(StrEnum):
    """Typed connections that overlay the adjacency derived from shared borders.

    * ``strait``: two land areas facing each other across narrow water are adjacent for land moves.
    * ``sea_lane``: an extra sea route (sea-sea or land-sea) that the linework does not show.
    * ``river_crossing``: a land border that crosses a major river (rulesets may penalise it).
    * ``impassable``: removes the derived adjacency between two areas (mountains, marsh).
    """

    STRAIT = "strait"
    SEA_LANE = "sea_lane"
    RIVER_CROSSING = "river_crossing"
    IMPASSABLE = "impassable"


class CornerTouch(StrEnum):
    """What areas that meet only at a point (a corner) are: adjacent or not."""

    NOT_ADJACENT = "not_adjacent"
    ADJACENT = "adjacent"


class Metadata(Strict):
    """What the scenario is, for people browsing files."""

    title: str = Field(min_length=1, max_length=200)
    author: str = ""
    description: str = ""
    start_year: int | None = None
    rounds: int | None = Field(default=None, ge=1, le=1000)
    tags: list[str] = Field(default_factory=list)


class Bounds(Strict):
    """The map's extent in map units (the canvas the editor shows)."""

    min_x: float
    min_y: float
    max_x: float
    max_y: float


class Projection(Strict):
    """How longitude/latitude became map coordinates, so later imports line up with the map.

    ``crs`` is a PROJ string, an authority code (``EPSG:3035``) or WKT, naming no file (forms
    that would make PROJ open one, such as ``+init=FILE``, are refused: ``model.crs_forms``); map
    units are that CRS's units times ``scale``, with y flipped so that north is up on screen.
    """

    crs: str
    scale: float = Field(default=1.0, gt=0)
    description: str = ""

    @field_validator("crs")
    @classmethod
    def _names_no_file(cls, value: str) -> str:
        """Refuse a CRS that would make PROJ open a file (``+init=FILE``...), before PROJ sees it."""
        problem = crs_problem(value)
        if problem:
            raise ValueError(problem)
        return value


class AdjacencyPolicy(Strict):
    """How adjacency is derived from shared boundaries."""

    min_shared_length: float = Field(default=0.0, ge=0, description="Shorter shared borders do not count.")
    corner_touch: CornerTouch = CornerTouch.NOT_ADJACENT


class Boundary(Strict):
    """A polyline between two nodes (its end points); a closed ring when they coincide.

    Boundaries meet only at their end points; each is the border between at most two faces.
    """

    id: Id
    points: MapPoints = Field(min_length=2, json_schema_extra={"maxItems": BOUNDARY_POINTS.value})

    @field_validator("points", mode="before")
    @classmethod
    def _not_too_long(cls, value: Any) -> Any:
        # Checked before the points are read, so that a huge list costs nothing more.
        if isinstance(value, list) and len(value) > BOUNDARY_POINTS.value:
            raise ValueError(f"the boundary has {len(value):,} points; {BOUNDARY_POINTS.explain()}")
        return value


class Area(Strict):
    """A land area or sea zone: the faces of the linework that hold its anchor points."""

    id: Id
    name: str
    kind: AreaKind = AreaKind.LAND
    anchors: MapPoints = Field(min_length=1)
    label: Point | None = Field(default=None, description="Where the name is drawn; the anchor if unset.")

    @field_validator("label")
    @classmethod
    def _label_within_map(cls, value: Point | None) -> Point | None:
        return None if value is None else _within_map([value])[0]

    attributes: dict[str, JsonValue] = Field(default_factory=dict)


class Connection(Strict):
    """A typed link between two areas, drawn on the map and used by the graphs and rules."""

    id: Id
    a: Id
    b: Id
    kind: ConnectionKind
    name: str = ""
    one_way: bool = Field(default=False, description="Only from a to b; rulesets treat links as two-way.")
    attributes: dict[str, JsonValue] = Field(default_factory=dict)


class Underlay(Strict):
    """A reference picture or basemap drawn under the map in the editor (never part of the game)."""

    id: Id
    kind: str = Field(pattern=r"^(image|basemap)$")
    source: str = Field(description="A path relative to the scenario file.")
    opacity: float = Field(default=0.4, ge=0, le=1)
    x: float = 0.0
    y: float = 0.0
    scale: float = Field(default=1.0, gt=0)
    visible: bool = True


class MapData(Strict):
    """The geometry layer: linework, areas, connections."""

    units: str = Field(default="px", description="What one map unit is: px, m, km.")
    bounds: Bounds | None = None
    grid: float = Field(
        default=0.01, ge=GRID_MIN, le=GRID_MAX, description="Coordinates are multiples of this."
    )
    projection: Projection | None = None
    adjacency: AdjacencyPolicy = Field(default_factory=AdjacencyPolicy)
    boundaries: list[Boundary] = Field(default_factory=list)
    areas: list[Area] = Field(default_factory=list)
    connections: list[Connection] = Field(default_factory=list)
    underlays: list[Underlay] = Field(default_factory=list)


class LanguageFamily(Strict):
    """A family of related languages (differences within a family count less)."""

    id: Id
    name: str


class Language(Strict):
    """A language, optionally in a family."""

    id: Id
    name: str
    family: Id | None = None


class ReligionGroup(Strict):
    """A group of religions (e.g. the Christian churches); ``kind`` says what rules treat it as."""

    id: Id
    name: str
    kind: str = Field(default="other", pattern=r"^(christian|moslem|pagan|other)$")


class Religion(Strict):
    """A religion or church, in a group."""

    id: Id
    name: str
    group: Id | None = None


class Catalogs(Strict):
    """The vocabularies that areas and leaders refer to."""

    language_families: list[LanguageFamily] = Field(default_factory=list)
    languages: list[Language] = Field(default_factory=list)
    religion_groups: list[ReligionGroup] = Field(default_factory=list)
    religions: list[Religion] = Field(default_factory=list)


DEFAULT_RULESET_ID = "eotma"
"""The ruleset of a scenario that names none (the file format's default, and new maps' ruleset)."""


class RulesetRef(Strict):
    """Which game system the scenario is for, its optional rules, and overrides of its tables."""

    id: str = DEFAULT_RULESET_ID
    options: dict[str, JsonValue] = Field(default_factory=dict)
    tables: dict[str, JsonValue] = Field(
        default_factory=dict, description="Table id -> replacement of the shipped default table."
    )


class Empire(Strict):
    """A player's power (an empire in EotMA, a nation in Seasons)."""

    id: Id
    name: str
    colour: str = Field(default="#808080", pattern=r"^#[0-9a-fA-F]{6}$")
    attributes: dict[str, JsonValue] = Field(default_factory=dict)


class Magnate(Strict):
    """A non-player power that owns areas (EotMA 24)."""

    id: Id
    name: str
    colour: str = Field(default="#606060", pattern=r"^#[0-9a-fA-F]{6}$")
    attributes: dict[str, JsonValue] = Field(default_factory=dict)


class AreaSetup(Strict):
    """The starting state of one area: who holds it (an empire or Magnate id; none = independent)."""

    owner: Id | None = None
    attributes: dict[str, JsonValue] = Field(default_factory=dict)


class Unit(Strict):
    """A starting unit: ``kind`` is one of the ruleset's unit kinds (army, fleet, infantry...)."""

    id: Id
    kind: str
    owner: Id
    area: Id
    strength: int = 1
    attributes: dict[str, JsonValue] = Field(default_factory=dict)


class Setup(Strict):
    """The scenario's starting position."""

    empires: list[Empire] = Field(default_factory=list)
    magnates: list[Magnate] = Field(default_factory=list)
    areas: dict[str, AreaSetup] = Field(default_factory=dict)
    units: list[Unit] = Field(default_factory=list)
    attributes: dict[str, JsonValue] = Field(default_factory=dict)


class MergeConflict(Strict):
    """A change two authors made differently, which ``mappa merge`` could not settle.

    The merge keeps one side (``ours``) in the file and records here what the other side wanted, so
    that the validator lists it (``MERGE_CONFLICT``) and the author settles it, then deletes the
    entry. ``path`` is the JSON path of the value in the file; ``ids`` the objects it concerns.
    """

    path: str
    message: str
    ids: list[Id] = Field(default_factory=list)
    base: JsonValue = None
    ours: JsonValue = None
    theirs: JsonValue = None


class Scenario(Strict):
    """A whole scenario file."""

    schema_version: int = SCHEMA_VERSION
    app_version: str = ""
    metadata: Metadata
    map: MapData = Field(default_factory=MapData)
    catalogs: Catalogs = Field(default_factory=Catalogs)
    ruleset: RulesetRef = Field(default_factory=RulesetRef)
    setup: Setup = Field(default_factory=Setup)
    next_serial: int = Field(default=1, ge=1, description="Feeds new ids so that ids are never reused.")
    conflicts: list[MergeConflict] = Field(
        default_factory=list,
        description="Changes a merge of two authors' versions could not settle (empty: none; "
        "files without the field have none).",
    )

    @field_validator("schema_version")
    @classmethod
    def _known_version(cls, value: int) -> int:
        if value != SCHEMA_VERSION:
            raise ValueError(
                f"schema_version {value} is not {SCHEMA_VERSION}; load files through model.io, which migrates"
            )
        return value

    # --- look-ups (linear scans are fine for one call; hot paths build an index once) ---

    def area(self, area_id: str) -> Area:
        """Return the area with this id, or raise ``KeyError`` naming it."""
        for area in self.map.areas:
            if area.id == area_id:
                return area
        raise KeyError(f"no area with id {area_id!r}")

    def area_index(self) -> dict[str, Area]:
        """Return a dict of every area by id (built fresh; callers keep it while the map is unchanged)."""
        return {area.id: area for area in self.map.areas}

    def boundary_index(self) -> dict[str, Boundary]:
        """Return a dict of every boundary by id."""
        return {boundary.id: boundary for boundary in self.map.boundaries}

    def empire(self, empire_id: str) -> Empire:
        """Return the empire with this id, or raise ``KeyError`` naming it."""
        for empire in self.setup.empires:
            if empire.id == empire_id:
                return empire
        raise KeyError(f"no empire with id {empire_id!r}")

    def area_setup(self, area_id: str) -> AreaSetup:
        """Return the starting state of an area (an independent default one when the file has none)."""
        return self.setup.areas.get(area_id) or AreaSetup()

    def owner_of(self, area_id: str) -> str | None:
        """Return the id of the empire or Magnate holding the area at the start, or None if independent."""
        setup = self.setup.areas.get(area_id)
        return setup.owner if setup else None
