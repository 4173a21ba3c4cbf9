"""Checks of the linework itself: crossings, overlaps, dangling ends, degenerate and duplicate lines.

``model.topology`` runs these (``Topology.linework_problems``) before it trusts the faces that
``polygonize`` makes, and gives way to full builds while a breaking problem remains; the
validator reports them with their locations.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry import LineString
from shapely.geometry.base import BaseGeometry

from model.crossings import self_crossings
from model.limits import CROSSING_PAIRS_EXAMINED, CROSSINGS_LISTED, SEGMENT_PAIRS_EXAMINED


@dataclass(frozen=True)
class LineworkProblem:
    """Something wrong with the linework itself, found before faces are trusted.

    Codes: ``BOUNDARY_SELF_CROSSING``, ``BOUNDARY_CROSSING`` (two boundaries meet away from their
    end points: crossing, overlapping, or one ending on the middle of the other),
    ``BOUNDARY_DANGLING`` (a free end, or a boundary that bounds no face), ``BOUNDARY_DEGENERATE``
    (zero length or repeated points) and ``BOUNDARY_DUPLICATE`` (two boundaries on the same line).
    """

    code: str
    boundary_ids: tuple[str, ...]
    location: tuple[float, float]
    message: str


@dataclass
class CheckCounts:
    """What a whole-linework check counted on the way (``find_problems`` fills it in).

    ``box_pairs`` is how many ordered pairs of boundaries (each with itself too) have overlapping
    boxes, the figure ``CROSSING_PAIRS_EXAMINED`` bounds; None when the check did not count them all
    (it stopped at the limit, or found no pair to look at). ``model.topology`` keeps it up to date
    through local edits, so that it knows when a full check would stop at that limit.
    """

    box_pairs: int | None = field(default=None)


BREAKING = frozenset(
    {"BOUNDARY_SELF_CROSSING", "BOUNDARY_CROSSING", "BOUNDARY_DUPLICATE", "BOUNDARY_DEGENERATE"}
)
"""Problems that make polygonize unreliable, so local updates give way to full builds."""


def _point(geometry: BaseGeometry) -> tuple[float, float]:
    """A point on ``geometry`` to show the user (its representative point)."""
    if geometry.is_empty:
        return (0.0, 0.0)
    point = shapely.point_on_surface(geometry)
    return (float(point.x), float(point.y))


def has_repeats(line: LineString) -> bool:
    """Whether a line has the same point twice in a row."""
    coords = np.asarray(line.coords)
    return bool(len(coords) > 1 and (np.all(np.diff(coords, axis=0) == 0, axis=1)).any())


def meets_at_ends(a: LineString, b: LineString) -> bool:
    """Whether two lines meet only at points that are end points of both."""
    meeting = a.intersection(b)
    if meeting.is_empty:
        return True
    ends = {tuple(a.coords[0]), tuple(a.coords[-1])} & {tuple(b.coords[0]), tuple(b.coords[-1])}
    if meeting.geom_type not in ("Point", "MultiPoint"):
        return False
    return all((p.x, p.y) in ends for p in shapely.get_parts(meeting))


def find_problems(
    lines: dict[str, LineString],
    bounded: set[str],
    known_clean: bool = False,
    dangling: bool = True,
    counts: CheckCounts | None = None,
) -> list[LineworkProblem]:
    """Check the whole linework with vectorised predicates (no loop over all pairs).

    With ``known_clean`` only dangling boundaries are looked for: the caller knows there is no
    degenerate, self-crossing, crossing or duplicate boundary. Without ``dangling`` only the
    breaking problems are (``model.topology_derived`` keeps the dangling ones by itself).
    ``counts``, when given, receives what the check counted (``CheckCounts``).
    """
    problems: list[LineworkProblem] = []
    ids = list(lines)
    if not ids:
        if counts is not None:
            counts.box_pairs = 0
        return problems
    array = np.array([lines[b] for b in ids], dtype=object)
    lengths = shapely.length(array)
    coords_all, owner = shapely.get_coordinates(array, return_index=True)
    # Known clean linework (after local updates that kept it clean) can only have dangling ends.
    if not known_clean:
        # Degenerate: zero length, or the same point twice in a row.
        same = np.all(np.diff(coords_all, axis=0) == 0, axis=1) & (np.diff(owner) == 0)
        first_repeat: dict[int, int] = {}
        for k in np.nonzero(same)[0]:
            first_repeat.setdefault(int(owner[k]), int(k))
        for i, bid in enumerate(ids):
            line = array[i]
            if lengths[i] == 0:
                problems.append(
                    LineworkProblem(
                        "BOUNDARY_DEGENERATE",
                        (bid,),
                        _point(line),
                        f"boundary {bid} has zero length; delete it or move its points apart",
                    )
                )
            elif i in first_repeat:
                x, y = coords_all[first_repeat[i]]
                problems.append(
                    LineworkProblem(
                        "BOUNDARY_DEGENERATE",
                        (bid,),
                        (float(x), float(y)),
                        f"boundary {bid} repeats the point ({x:g}, {y:g}); delete one copy",
                    )
                )
        simple = shapely.is_simple(array)
        for k in np.nonzero(~simple & (lengths > 0))[0]:
            problems.append(_self_crossing(ids[int(k)], array[int(k)]))
        problems.extend(_meeting_problems(ids, array, simple, counts or CheckCounts()))
    if not dangling:
        return problems
    # Dangling: a free end, or a boundary that bounds no face.
    first = np.concatenate([[0], np.nonzero(np.diff(owner))[0] + 1])
    last = np.concatenate([first[1:] - 1, [len(owner) - 1]])
    coords = np.concatenate([coords_all[first], coords_all[last]])
    _, inverse, occurrences = np.unique(coords, axis=0, return_inverse=True, return_counts=True)
    inverse = inverse.reshape(-1)
    closed = np.all(coords[: len(ids)] == coords[len(ids) :], axis=1)
    # A boundary that crosses something bounds no face for that reason; say it once.
    broken = {bid for p in problems for bid in p.boundary_ids}
    for i, bid in enumerate(ids):
        free = [k for k in (i, i + len(ids)) if occurrences[inverse[k]] == 1 and not closed[i]]
        end = (float(coords[free[0]][0]), float(coords[free[0]][1])) if free else None
        problem = dangling_problem(bid, array[i], float(lengths[i]), end, bid in bounded, bid in broken)
        if problem is not None:
            problems.append(problem)
    return problems


def count_box_pairs(lines: list[LineString]) -> int:
    """Ordered pairs of these lines (each with itself too) whose boxes overlap, as the whole check
    counts them against ``CROSSING_PAIRS_EXAMINED``; in slices, like the check."""
    if not lines:
        return 0
    array = np.array(lines, dtype=object)
    tree = shapely.STRtree(array)
    return sum(int(tree.query(array[i : i + 8192]).shape[1]) for i in range(0, len(array), 8192))


def dangling_problem(
    bid: str,
    line: LineString,
    length: float,
    free_end: tuple[float, float] | None,
    bounded: bool,
    broken: bool,
) -> LineworkProblem | None:
    """The dangling problem of one boundary, if it has one.

    ``free_end`` is an end point no other boundary ends at (None when there is none, or the
    boundary is closed), ``bounded`` whether it has a face on a side, ``broken`` whether it has a
    breaking problem already (then "encloses nothing" is its consequence and not said again).
    A zero-length boundary is degenerate, not dangling.
    """
    if length == 0:
        return None
    if free_end is not None:
        x, y = free_end
        return LineworkProblem(
            "BOUNDARY_DANGLING",
            (bid,),
            (x, y),
            f"boundary {bid} has a free end at ({x:g}, {y:g}); connect it to another boundary or delete it",
        )
    if bounded or broken:
        return None
    return LineworkProblem(
        "BOUNDARY_DANGLING",
        (bid,),
        _point(line),
        f"boundary {bid} encloses nothing (it has the same face on both sides); delete it",
    )


def _self_crossing(bid: str, line: LineString) -> LineworkProblem:
    """Where and how often a line crosses or touches itself, found with bounded work
    (``model.crossings``: noding a line through thousands of random points takes minutes)."""
    found = self_crossings([shapely.get_coordinates(line)])
    start = line.coords[0]
    location = found.first or (float(start[0]), float(start[1]))
    if found.count:
        how = found.describe()
    else:  # is_simple saw it, but within the limits no crossing was found to show
        how = f"(where could not be found: {SEGMENT_PAIRS_EXAMINED.explain()})"
    return LineworkProblem(
        "BOUNDARY_SELF_CROSSING",
        (bid,),
        location,
        f"boundary {bid} crosses or touches itself {how}; move its points so that it does not",
    )


_CHUNK_PAIRS = 200_000
"""About how many candidate pairs one chunk of boundaries may bring back (bounds the arrays)."""


def _meeting_problems(
    ids: list[str], array: np.ndarray, simple: np.ndarray, counts: CheckCounts
) -> list[LineworkProblem]:
    """Pairs of boundaries meeting anywhere but at shared end points (indexed, in chunks).

    Bounded work: at most ``CROSSINGS_LISTED`` problems are listed (then one says there are
    more), and at most ``CROSSING_PAIRS_EXAMINED`` pairs of boundaries with overlapping boxes are
    looked at; 3,000 random segments cross a million times, and one issue each took a minute.
    A boundary that crosses itself (``simple`` false) is left out: it is reported already, and
    relating it to another line nodes all its own crossings again for every neighbour (one
    boundary through 3,000 random points took minutes); once redrawn, its meetings are checked.
    """
    problems: list[LineworkProblem] = []
    tree = shapely.STRtree(array)
    if _noded_already(array, tree, simple, counts):
        return problems
    closed = shapely.is_closed(array)
    examined = 0
    chunk = 64  # small at first; then sized by the pairs per boundary seen so far
    begin = 0
    while begin < len(array):
        end = min(len(array), begin + chunk)
        pairs = tree.query(array[begin:end])  # boxes only, counted against the budget
        examined += pairs.shape[1]
        chunk = max(1, _CHUNK_PAIRS * (end - begin) // max(1, pairs.shape[1]))
        first, second = pairs[0] + begin, pairs[1]
        begin = end
        if examined > CROSSING_PAIRS_EXAMINED.value:
            problems.append(_too_tangled(ids, array, int(first[0]), CROSSING_PAIRS_EXAMINED.explain()))
            return problems
        keep = (first < second) & simple[first] & simple[second]
        first, second = first[keep], second[keep]
        if not len(first):
            continue
        keep = shapely.intersects(array[first], array[second])
        first, second = first[keep], second[keep]
        order = np.lexsort((second, first))
        first, second = first[order], second[order]
        # DE-9IM: interior/interior, interior/boundary or boundary/interior contact is not noded.
        matrices = _relate(array[first], array[second])
        for k in range(len(first)):
            matrix = str(matrices[k])
            if matrix[0] == "F" and matrix[1] == "F" and matrix[3] == "F":
                continue
            a, b = int(first[k]), int(second[k])
            if (closed[a] or closed[b]) and meets_at_ends(array[a], array[b]):
                continue  # a closed ring's node counts as interior for shapely, but it is a node here
            if len(problems) == CROSSINGS_LISTED.value:
                problems.append(_too_tangled(ids, array, a, CROSSINGS_LISTED.explain()))
                return problems
            problems.append(_meeting(ids, array, a, b, matrix))
    counts.box_pairs = examined
    return problems


_NODING_PAIRS_PER_LINE = 16
"""Boxes overlapping per boundary (its own included) up to which ``_noded_already`` is tried: a
map's boundaries meet about five others; far more means tangled linework, left to the pair check."""


def _noded_already(
    array: np.ndarray, tree: shapely.STRtree, simple: np.ndarray, counts: CheckCounts | None = None
) -> bool:
    """Whether the lines meet only at shared end points, told by GEOS's simplicity test or by noding.

    Noding (``shapely.node``) cuts every line where another touches or crosses it away from the
    ends of both, and keeps one copy of duplicated stretches; so when the noded lines are exactly
    the input lines (the same points, in the same order), no two lines meet but at shared end points and
    ``_meeting_problems`` would find nothing. One noding of a 30,000-area map takes a fraction of
    the pairwise test (a box query, ``intersects`` and ``relate`` for every close pair). Any
    difference sends the check to that pair test, which says where and how lines meet; so does
    linework with a self-crossing line (left out of the pair test) or boxes overlapping more
    than a map's (tangled linework, where noding could make millions of pieces), counted in
    chunks as the pair test counts them. Lines that are simple together (``_simple_together``)
    need no noding.
    """
    if not len(array) or not simple.all():
        return False
    budget = min(_NODING_PAIRS_PER_LINE * len(array), CROSSING_PAIRS_EXAMINED.value)
    seen = 0
    for begin in range(0, len(array), 8192):
        seen += tree.query(array[begin : begin + 8192]).shape[1]
        if seen > budget:
            return False
    if counts is not None:
        counts.box_pairs = seen  # all counted; the pair test, if noding fails, counts them again
    if _simple_together(array):
        return True
    # Noded strip by strip (noding all 90,000 lines of a big map at once took 100 MB more at its
    # peak): a strip's lines by the middles of their boxes, with every line whose box meets the
    # strip's box; so two lines that meet are noded together in the strip of either.
    bounds = shapely.bounds(array)
    order = np.argsort((bounds[:, 0] + bounds[:, 2]) / 2, kind="stable")
    for strip in np.array_split(order, -(-len(array) // _NODING_STRIP)):
        low, high = bounds[strip, :2].min(axis=0), bounds[strip, 2:].max(axis=0)
        lines = array[np.sort(tree.query(shapely.box(low[0], low[1], high[0], high[1])))]
        if not _noding_keeps(lines):
            return False
    return True


def _simple_together(array: np.ndarray) -> bool:
    """Whether the lines, taken as one geometry, are simple: then no two of them meet but at
    points that are end points of both (so noding would give them back unchanged).

    GEOS tells that by looking for the first improper meeting, in a fraction of the time noding
    takes (0.09 s against 0.45 s on a 30,000-area map), and without holding the GIL. It is the
    stricter of the two: closed lines touching at their end point are not simple (the end point
    of a ring counts as inside it), though noding keeps them; so False here is not an answer,
    and noding strip by strip settles it.
    """
    return bool(shapely.is_simple(shapely.multilinestrings(array)))


_NODING_STRIP = 2048
"""Lines per strip of ``_noded_already`` (with the lines of other strips that reach into it): one
``shapely.node`` call keeps the GIL throughout, so a strip stays at some 10 ms of it, like a slice
of ``_relate``, and the editor's UI thread is never held up longer while the check runs beside it."""


def _noding_keeps(lines: np.ndarray) -> bool:
    """Whether noding these lines gives them back unchanged (no line cut, none merged away)."""
    noded = shapely.get_parts(shapely.node(shapely.multilinestrings(lines)))
    # Noding keeps the order of the lines it leaves whole, so the same lines come back in the same
    # order, point for point (compared as coordinate arrays: a few MB, where WKB took tens).
    return len(noded) == len(lines) and bool(
        np.array_equal(shapely.get_num_coordinates(noded), shapely.get_num_coordinates(lines))
        and np.array_equal(shapely.get_coordinates(noded), shapely.get_coordinates(lines))
    )


_RELATE_SLICE = 2000
"""Pairs related by one ``shapely.relate`` call (about 10 ms)."""


def _relate(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """The DE-9IM matrices of these pairs of lines, computed a slice at a time.

    ``shapely.relate`` keeps the GIL for its whole call (it makes a Python string per pair), about
    4 us a pair: relating a 30,000-area map's pairs in one call would stop every other thread of the
    process (the editor's UI thread while the check runs in the background) for a third of a second.
    """
    if len(first) <= _RELATE_SLICE:
        return np.asarray(shapely.relate(first, second))
    return np.concatenate(
        [
            shapely.relate(first[i : i + _RELATE_SLICE], second[i : i + _RELATE_SLICE])
            for i in range(0, len(first), _RELATE_SLICE)
        ]
    )


def _meeting(ids: list[str], array: np.ndarray, a: int, b: int, matrix: str) -> LineworkProblem:
    """The problem of two boundaries that meet away from shared end points (``matrix``: DE-9IM)."""
    first, second = array[a], array[b]
    meeting = shapely.intersection(first, second)
    if matrix[0] == "1" and shapely.equals(first, second):
        code, message = (
            "BOUNDARY_DUPLICATE",
            f"boundaries {ids[a]} and {ids[b]} are the same line; delete one",
        )
    elif matrix[0] == "1":
        code = "BOUNDARY_CROSSING"
        message = (
            f"boundaries {ids[a]} and {ids[b]} overlap along a stretch; "
            "delete the overlapping part of one of them"
        )
    elif matrix[0] == "0":
        code = "BOUNDARY_CROSSING"
        message = (
            f"boundaries {ids[a]} and {ids[b]} cross away from their end points; "
            "split both where they meet (draw through the point) or move them apart"
        )
    else:
        ender, middle = (ids[a], ids[b]) if matrix[3] != "F" else (ids[b], ids[a])
        code = "BOUNDARY_CROSSING"
        message = (
            f"boundary {ender} ends on the middle of boundary {middle}; "
            f"split {middle} at that point so that they share a node"
        )
    return LineworkProblem(code, (ids[a], ids[b]), _point(meeting), message)


def _too_tangled(ids: list[str], array: np.ndarray, at: int, limit: str) -> LineworkProblem:
    """The one problem that stands for every crossing not examined or not listed past a limit."""
    return LineworkProblem(
        "BOUNDARY_CROSSING",
        (ids[at],),
        _point(array[at]),
        f"the boundaries cross in more places than are listed (the check stopped near boundary "
        f"{ids[at]}): {limit}",
    )
