"""The board style (issue 18.13): borders smoothed for drawing only, with the nodes kept so that
faces and lines agree; water lines along the coast; tinted fills and serif names; used by the view,
``mappa render --style board`` and the print sheet."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from editor.cli_entry import main as mappa
from editor.document import ScenarioDocument
from editor.files import DEFAULT_SCENARIO, SCENARIOS_DIR
from editor.mainwindow import MainWindow
from editor.mapview import board_style
from editor.mapview.scene import MapScene
from model import io


def test_chaikin_keeps_the_ends_and_reads_the_same_backwards() -> None:
    line = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0)]
    smooth = board_style.chaikin(line, 2)
    assert smooth[0] == line[0] and smooth[-1] == line[-1]
    assert len(smooth) > len(line)
    assert board_style.chaikin(list(reversed(line)), 2) == list(reversed(smooth))
    assert (10.0, 0.0) not in smooth  # the corner is cut


def test_wobble_is_repeatable_and_the_same_from_both_ends() -> None:
    line = [(0.0, 0.0), (100.0, 0.0)]
    wobbled = board_style.wobble(line, 10.0)
    assert len(wobbled) == 11 and wobbled[0] == line[0] and wobbled[-1] == line[-1]
    assert any(abs(y) > 0 for _x, y in wobbled)
    assert all(abs(y) <= board_style.WOBBLE * 10.0 for _x, y in wobbled)
    assert board_style.wobble(list(reversed(line)), 10.0) == list(reversed(wobbled))


def test_a_ring_is_smoothed_between_its_nodes_as_its_borders_are() -> None:
    # Two borders make a square: nodes at (0, 0) and (10, 10).
    first = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0)]
    second = [(10.0, 10.0), (0.0, 10.0), (0.0, 0.0)]
    ring = [*first, *second[1:]]
    smooth = board_style.smooth_ring(ring, {(0.0, 0.0), (10.0, 10.0)}, 2)
    expected = board_style.chaikin(first, 2)[:-1] + board_style.chaikin(second, 2)[:-1]
    assert smooth[:-1] == expected and smooth[-1] == smooth[0]


def _scene(path: Path = DEFAULT_SCENARIO) -> MapScene:
    return MapScene(ScenarioDocument(io.load(path)))


def test_the_board_changes_the_drawing_only_and_goes_back(qapp: object) -> None:
    scene = _scene(SCENARIOS_DIR / "medieval-europe-976.mappa.json")
    before = io.dumps(scene.scenario)
    plain_path = scene.areas["saxony"].path()
    plain_fill = scene.areas["saxony"].brush().color().name()
    scene.set_board_style(True)
    assert io.dumps(scene.scenario) == before  # the stored linework is unchanged
    board_path = scene.areas["saxony"].path()
    assert board_path.elementCount() > plain_path.elementCount()  # smoothed: more points
    assert scene.areas["saxony"].brush().color().name() != plain_fill  # tinted toward parchment
    assert scene.water_lines is not None and scene.water_lines.childItems()
    assert scene.labels.labels["bay_of_biscay"].sea and not scene.labels.labels["saxony"].sea
    # Fills and border lines follow one curve: the smoothed border of two areas lies on both fills.
    sides = scene.document.topology.boundary_sides()
    boundary_id = next(b for b, (left, right) in sides.items() if {left, right} == {"saxony", "franconia"})
    line = _points(scene.boundaries[boundary_id].path())
    assert len(line) > 2
    for area_id in ("saxony", "franconia"):
        assert line <= _points(scene.areas[area_id].path())
    scene.set_board_style(False)
    assert scene.areas["saxony"].path() == plain_path
    assert scene.water_lines is None


def _points(path: object) -> set[tuple[float, float]]:
    return {
        (round(path.elementAt(i).x, 6), round(path.elementAt(i).y, 6))  # type: ignore[attr-defined]
        for i in range(path.elementCount())  # type: ignore[attr-defined]
    }


def test_view_board_style_is_a_ticked_menu_entry(window: MainWindow) -> None:
    action = window.actions_by_name["board_style"]
    assert action.isCheckable() and not action.isChecked()
    action.trigger()
    assert window.scene.state.board and action.isChecked()
    action.trigger()
    assert not window.scene.state.board


@pytest.mark.parametrize("name", ["medieval-europe-976", "seasons-isles", "default"])
def test_mappa_render_style_board_draws_every_shipped_scenario(
    tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / f"{name}.png"
    source = SCENARIOS_DIR / f"{name}.mappa.json"
    assert mappa(["render", str(source), "-o", str(out), "--style", "board", "--width", "600"]) == 0
    image = QImage(str(out))
    assert image.width() == 600
    plain = tmp_path / "plain.png"
    assert mappa(["render", str(source), "-o", str(plain), "--width", "600"]) == 0
    assert QImage(str(plain)) != image
