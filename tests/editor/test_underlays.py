"""Underlays in the editor: basemap and picture layers, their controls as undo steps, coastline import."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QMessageBox

from editor import commands
from editor.dialogs.underlay import (
    BasemapDialog,
    basemap_edit,
    coastline_edit,
    image_edit,
    import_basemap,
    import_image,
)
from editor.docks.underlays import UnderlaysDock
from editor.document import ScenarioDocument, empty_scenario
from editor.mainwindow import MainWindow
from editor.mapview.scene import MapScene
from editor.mapview.underlay import BasemapItem, UnderlayLayer
from model import io
from model.scenario import Underlay
from model.underlay import SHIPPED_BASEMAP, UnderlayError
from model.validate import validate
from tests.editor.editor_helpers import dump


def test_basemap_reference_layer_is_drawn_under_the_map(document: ScenarioDocument, qtbot: Any) -> None:
    scene = MapScene(document)
    layer = UnderlayLayer(scene, document)
    before = dump(document.scenario)
    commands.execute(document, basemap_edit(document, SHIPPED_BASEMAP), "Add basemap")
    underlay = document.scenario.map.underlays[0]
    assert (underlay.kind, underlay.source) == ("basemap", SHIPPED_BASEMAP)
    assert underlay.id not in layer.items and layer.busy  # read off the UI thread
    assert layer.wait()
    item = layer.items[underlay.id]
    assert isinstance(item, BasemapItem) and item.parentItem() is scene.layers["underlay"]
    # Fitted into the map's bounds (the default map has no projection).
    rect = item.sceneBoundingRect()
    bounds = document.scenario.map.bounds
    assert bounds is not None
    assert rect.left() >= bounds.min_x - 1 and rect.right() <= bounds.max_x + 1
    assert scene.layers["underlay"].zValue() < scene.layers["land"].zValue()
    document.undo_stack.undo()
    assert dump(document.scenario) == before and not layer.items
    document.undo_stack.redo()
    assert underlay.id in layer.items and not layer.busy  # the file is not read again


def test_dock_controls_are_merged_undo_steps(document: ScenarioDocument, qtbot: Any) -> None:
    scene = MapScene(document)
    layer = UnderlayLayer(scene, document)
    commands.execute(document, basemap_edit(document, SHIPPED_BASEMAP), "Add basemap")
    assert layer.wait()
    dock = UnderlaysDock(document)
    qtbot.addWidget(dock)
    underlay_id = document.scenario.map.underlays[0].id
    assert dock.current() is not None and dock.current().id == underlay_id  # type: ignore[union-attr]
    added = dump(document.scenario)
    for value in (30, 45, 60):  # a slider drag
        dock.opacity.setValue(value)
    assert document.scenario.map.underlays[0].opacity == pytest.approx(0.6)
    assert layer.items[underlay_id].opacity() == pytest.approx(0.6)
    assert document.undo_stack.count() == 2  # the add, then one merged opacity step
    dock.x.setValue(125.0)
    dock.scale.setValue(2.5)
    assert layer.items[underlay_id].pos().x() == 125.0 and layer.items[underlay_id].scale() == 2.5
    dock.visible.setChecked(False)
    assert not layer.items[underlay_id].isVisible()
    for _ in range(4):
        document.undo_stack.undo()
    assert dump(document.scenario) == added
    assert dock.opacity.value() == round(document.scenario.map.underlays[0].opacity * 100)
    assert dock.remove_current()
    assert document.scenario.map.underlays == [] and not layer.items


def test_picture_underlay_with_opacity_position_scale(tmp_path: Path, qtbot: Any, monkeypatch: Any) -> None:
    picture = tmp_path / "old-map.png"
    image = QImage(40, 20, QImage.Format.Format_RGB32)
    image.fill(QColor("#336699"))
    assert image.save(str(picture))
    document = ScenarioDocument(empty_scenario())
    document.path = tmp_path / "new.mappa.json"  # sources are stored relative to the file
    scene = MapScene(document)
    layer = UnderlayLayer(scene, document)
    monkeypatch.setattr(
        "editor.dialogs.underlay.QFileDialog.getOpenFileName", lambda *args, **kwargs: (str(picture), "")
    )
    assert import_image(document) == ""
    assert layer.wait()
    underlay = document.scenario.map.underlays[0]
    assert (underlay.kind, underlay.source) == ("image", "old-map.png")
    item = layer.items[underlay.id]
    assert item.boundingRect().width() == 40
    commands.execute(document, image_edit(document, "missing.png"), "Add picture")
    assert layer.wait()
    assert any("missing.png: no such file" in e for e in layer.errors.values())
    (tmp_path / "notes.png").write_text("not a picture")
    commands.execute(document, image_edit(document, "notes.png"), "Add picture")
    assert layer.wait()
    assert any("notes.png: cannot read the picture" in e for e in layer.errors.values())


def test_coastline_linework_is_one_undo_step(qtbot: Any) -> None:
    document = ScenarioDocument(empty_scenario())
    before = dump(document.scenario)
    commands.execute(document, coastline_edit(document, SHIPPED_BASEMAP), "Add coastline")
    assert document.undo_stack.count() == 1
    boundaries = len(document.scenario.map.boundaries)
    assert boundaries > 10
    after = dump(document.scenario)
    document.undo_stack.undo()
    assert dump(document.scenario) == before
    document.undo_stack.redo()
    assert dump(document.scenario) == after
    with pytest.raises(UnderlayError, match=r"nowhere\.geojson"):
        coastline_edit(document, "nowhere.geojson")


def test_basemap_dialog_and_window_hooks(qtbot: Any) -> None:
    window = MainWindow(ScenarioDocument())
    qtbot.addWidget(window)
    dialog = BasemapDialog(window.document, window)  # built, never exec()'d
    assert dialog.choice().source == SHIPPED_BASEMAP and not dialog.choice().as_linework
    dialog.linework.setChecked(True)
    assert dialog.choice().as_linework
    assert window.underlays_dock.list.count() == 0  # type: ignore[attr-defined]
    commands.execute(window.document, basemap_edit(window.document, SHIPPED_BASEMAP), "Add basemap")
    assert window.underlays_dock.list.count() == 1  # type: ignore[attr-defined]
    window.actions_by_name["layer_underlay"].setChecked(False)
    assert not window.scene.layers["underlay"].isVisible()


def test_import_basemap_as_linework_through_the_dialog(qtbot: Any, monkeypatch: Any) -> None:
    document = ScenarioDocument(empty_scenario())

    def accept_linework(dialog: BasemapDialog) -> int:
        dialog.linework.setChecked(True)
        return int(BasemapDialog.DialogCode.Accepted.value)

    monkeypatch.setattr(BasemapDialog, "exec", accept_linework)
    assert import_basemap(document) == ""
    assert document.undo_stack.count() == 1 and len(document.scenario.map.boundaries) > 10
    assert document.scenario.map.underlays == []  # linework only, no reference layer
    monkeypatch.setattr(BasemapDialog, "exec", lambda dialog: int(BasemapDialog.DialogCode.Rejected.value))
    assert import_basemap(document) == "cancelled"
    assert document.undo_stack.count() == 1


def test_file_menu_imports_a_basemap(qtbot: Any, monkeypatch: Any) -> None:
    window = MainWindow(ScenarioDocument())
    qtbot.addWidget(window)
    monkeypatch.setattr(BasemapDialog, "exec", lambda dialog: int(BasemapDialog.DialogCode.Accepted.value))
    window.actions_by_name["import_basemap"].trigger()
    assert [u.kind for u in window.document.scenario.map.underlays] == ["basemap"]
    assert window.underlays_dock.list.count() == 1  # type: ignore[attr-defined]


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="named pipes are a POSIX feature")
def test_hostile_underlays_are_shown_as_refused_never_read(tmp_path: Path, qtbot: Any) -> None:
    """A scenario naming a pipe, a device, a file outside its folder: the window opens, says why."""
    import os

    os.mkfifo(tmp_path / "pipe.geojson")
    (tmp_path / "zero.png").symlink_to("/dev/zero")
    scenario = empty_scenario()
    sources = ["pipe.geojson", "zero.png", "../../etc/passwd", "/dev/zero", "mappa:../../../etc/passwd"]
    scenario.map.underlays = [
        Underlay(id=f"u{n}", kind="basemap" if s.endswith("json") else "image", source=s)
        for n, s in enumerate(sources)
    ]
    path = tmp_path / "hostile.mappa.json"
    io.save(scenario, path)
    window = MainWindow(ScenarioDocument())
    qtbot.addWidget(window)
    reported: list[str] = []
    window.underlay_layer.problem.connect(reported.append)  # type: ignore[attr-defined]
    assert window.open_path(path)
    layer = window.underlay_layer  # type: ignore[attr-defined]
    assert layer.wait(10)  # nothing blocks: the pipe is refused from its stat, never opened
    assert not layer.items
    assert set(layer.errors) == {f"u{n}" for n in range(len(sources))}
    assert "pipe.geojson: is a named pipe" in layer.errors["u0"]
    assert "outside the scenario's folder" in layer.errors["u1"]
    assert "steps out with '..'" in layer.errors["u2"] and "absolute path" in layer.errors["u3"]
    assert len(reported) == len(sources)
    rows = window.underlays_dock.list  # type: ignore[attr-defined]
    assert all(rows.item(n).text().startswith("Not shown: ") for n in range(rows.count()))
    assert "is a named pipe" in rows.item(0).toolTip()
    assert "UNDERLAY_SOURCE_REFUSED" in {i.code for i in validate(window.document.scenario)}


def test_a_picture_outside_the_folder_is_copied_in_after_asking(
    tmp_path: Path, qtbot: Any, monkeypatch: Any
) -> None:
    outside = tmp_path / "elsewhere" / "old-map.png"
    outside.parent.mkdir()
    image = QImage(8, 8, QImage.Format.Format_RGB32)
    image.fill(QColor("#336699"))
    assert image.save(str(outside))
    folder = tmp_path / "scenario"
    folder.mkdir()
    document = ScenarioDocument(empty_scenario())
    document.path = folder / "new.mappa.json"
    monkeypatch.setattr(
        "editor.dialogs.underlay.QFileDialog.getOpenFileName", lambda *args, **kwargs: (str(outside), "")
    )
    answers = iter([QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes])
    monkeypatch.setattr("editor.dialogs.underlay.QMessageBox.question", lambda *args, **kwargs: next(answers))
    refused = import_image(document)
    assert "outside the scenario's folder" in refused and document.scenario.map.underlays == []
    assert import_image(document) == ""
    assert document.scenario.map.underlays[0].source == "underlays/old-map.png"
    assert (folder / "underlays" / "old-map.png").read_bytes() == outside.read_bytes()
    document.path = None  # never saved: there is no folder to copy into
    assert "not been saved yet" in import_image(document)
