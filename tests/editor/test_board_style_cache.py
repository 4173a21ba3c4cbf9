"""The board style's curves are kept per border and the map's outer frame stays straight (issue
18.13): turning the style on is one pass over the borders, an edit recomputes only the borders it
changed, the water lines are kept while no coast changed, and the Seasons map's edge is a ruled
rectangle rather than a wobbly line."""

from __future__ import annotations

from editor import commands
from editor.document import ScenarioDocument
from editor.files import SCENARIOS_DIR
from editor.mapview import board_style
from editor.mapview.scene import MapScene
from model import io, ops


def _board(name: str) -> MapScene:
    scene = MapScene(ScenarioDocument(io.load(SCENARIOS_DIR / f"{name}.mappa.json")))
    scene.set_board_style(True)
    return scene


def _inland(scene: MapScene) -> str:
    """A border between two land areas with a vertex of its own to move (not a node)."""
    kinds = {area.id: area.kind.value for area in scene.scenario.map.areas}
    sides = scene.document.topology.boundary_sides()
    return next(
        b.id
        for b in scene.scenario.map.boundaries
        if len(b.points) >= 3 and all(kinds.get(side) == "land" for side in sides[b.id])
    )


def test_turning_the_board_on_smooths_each_border_once_and_again_from_the_cache(qapp: object) -> None:
    scene = _board("medieval-europe-976")
    cache = scene.state.board_cache
    # The two faces beside a border reuse the border's own curve: one curve per border, no more.
    assert cache.computed == len(scene.scenario.map.boundaries) == 617
    scene.set_board_style(False)
    scene.set_board_style(True)
    assert cache.computed == 617  # nothing worked out again


def test_an_edit_recomputes_only_the_edited_borders_curves(qapp: object) -> None:
    scene = _board("medieval-europe-976")
    cache = scene.state.board_cache
    water = cache.water_paths
    boundary_id = _inland(scene)
    before = cache.computed
    x, y = scene.scenario.boundary_index()[boundary_id].points[1]
    commands.execute(scene.document, lambda s: ops.move_vertex(s, boundary_id, 1, (x + 0.5, y + 0.5)))
    assert cache.computed - before == 1  # the moved border only; its two faces reuse its new curve
    assert cache.water_paths is water  # an inland border does not move the water lines
    points = scene.scenario.boundary_index()[boundary_id].points
    moved = board_style.chaikin(board_style.wobble(points, cache.step))
    line = scene.boundaries[boundary_id].path()
    assert line.elementCount() == len(moved)
    # Moving a node recomputes exactly the borders that end there.
    node = points[0]
    ending = {b.id for b in scene.scenario.map.boundaries if node in (b.points[0], b.points[-1])}
    before = cache.computed
    commands.execute(scene.document, lambda s: ops.move_vertex(s, boundary_id, 0, (node[0] + 0.5, node[1])))
    assert cache.computed - before == len(ending) >= 2
    # Undo restores the earlier linework: those curves are worked out again, the others are kept.
    before = cache.computed
    scene.document.undo_stack.undo()
    assert cache.computed - before == len(ending)


def test_the_outer_frame_of_the_seasons_map_stays_straight(qapp: object) -> None:
    scene = _board("seasons-isles")
    bounds = scene.scenario.map.bounds
    assert bounds is not None
    frame = (bounds.min_x, bounds.min_y, bounds.max_x, bounds.max_y)
    on_frame = 0
    for item in scene.areas.values():
        path = item.path()
        rect = path.boundingRect()
        # Nothing wobbles out of the map, and no corner of the map is cut off.
        assert rect.left() >= bounds.min_x and rect.right() <= bounds.max_x
        assert rect.top() >= bounds.min_y and rect.bottom() <= bounds.max_y
        for i in range(path.elementCount()):
            point = (path.elementAt(i).x, path.elementAt(i).y)
            on_frame += board_style._frame_sides(point, frame) != 0
    corners = {(bounds.min_x, bounds.min_y), (bounds.max_x, bounds.min_y), (bounds.min_x, bounds.max_y)}
    corners.add((bounds.max_x, bounds.max_y))
    drawn = {
        (item.path().elementAt(i).x, item.path().elementAt(i).y)
        for item in scene.areas.values()
        for i in range(item.path().elementCount())
    }
    assert corners <= drawn  # the map's four corners are drawn square
    assert on_frame >= 8


def test_a_run_along_the_frame_is_neither_wobbled_nor_cut() -> None:
    frame = (0.0, 0.0, 100.0, 100.0)
    run = [(50.0, 0.0), (100.0, 0.0), (100.0, 50.0), (60.0, 60.0), (50.0, 100.0)]
    smooth = board_style.smooth_run(run, 5.0, frame)
    assert smooth[0] == run[0] and smooth[-1] == run[-1]
    assert (100.0, 0.0) in smooth and (100.0, 50.0) in smooth  # the corner and the frame vertex stay
    start = smooth.index((100.0, 0.0))
    assert smooth[start - 1] == (50.0, 0.0) and smooth[start + 1] == (100.0, 50.0)  # straight edges
    inland = smooth[start + 1 :]
    assert len(inland) > 3 and all(x < 100.0 for x, _y in inland[1:])  # the inland stretch is smoothed
    assert board_style.smooth_run(list(reversed(run)), 5.0, frame) == list(reversed(smooth))
    assert board_style.smooth_run(run, 5.0) != smooth  # without a frame the corner is cut


def test_opening_another_map_forgets_the_curves_of_the_one_before(qapp: object) -> None:
    scene = _board("medieval-europe-976")
    cache = scene.state.board_cache
    assert len(cache._runs) == 617
    scene.document.replace_scenario(io.load(SCENARIOS_DIR / "seasons-isles.mappa.json"), None)
    assert set(cache._by_boundary) == {b.id for b in scene.scenario.map.boundaries}
    assert len(cache._runs) == len(scene.scenario.map.boundaries) == 73
