"""Small things seen in a screenshot: the Paint panel's hint, and sea zones in the areas table."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from editor.docks.tables import ObjectTableModel
from editor.document import ScenarioDocument
from editor.mapview.paint_panel import PaintPanel
from model import ops


def test_the_paint_hint_gets_the_height_its_lines_need(qtbot: QtBot, document: ScenarioDocument) -> None:
    panel = PaintPanel()
    qtbot.addWidget(panel)
    panel.load(document.scenario)
    panel.resize(190, 400)
    panel.show()
    qtbot.waitExposed(panel)
    hint = panel.hint
    assert hint.y() > panel.attribute.y()  # under the form, not over it
    assert hint.height() >= hint.heightForWidth(hint.width())
    assert hint.geometry().top() >= panel.number.geometry().bottom() or not panel.number.isVisible()
    panel.choose("population", 2)  # the number row replaces the value row
    qtbot.wait(1)
    assert hint.height() >= hint.heightForWidth(hint.width())


def test_sea_zones_show_blanks_for_land_fields(document: ScenarioDocument) -> None:
    model = ObjectTableModel(document, "area")
    columns = [name for name, _getter in model.columns]

    def row(area_id: str) -> dict[str, object]:
        index = model.row_of(area_id)
        return {name: model.index(index, c).data() for c, name in enumerate(columns)}

    sea = row("western_ocean")
    for name in ("Language", "Religion", "Population", "Social state", "Seafaring", "Fort"):
        assert sea[name] == "", (name, sea[name])
    assert sea["Kind"] == "sea" and sea["Name"] == "Western Ocean"
    land = row("marrach")
    assert land["Population"] == 0 and land["Social state"] != "" and land["Language"] == "Lowenish"
    # a value the file really holds for a sea zone still shows (the validator has a word about it)
    ops.set_attributes(document.scenario, "area", "western_ocean", "population", 3)
    model.reload()
    assert row("western_ocean")["Population"] == 3


def test_the_areas_table_updates_only_the_touched_rows(qtbot: QtBot, document: ScenarioDocument) -> None:
    from editor import commands
    from editor.docks.tables import TablesDock
    from editor.selection import Selection

    dock = TablesDock(document, Selection())
    qtbot.addWidget(dock)
    model = dock.areas.model
    resets: list[bool] = []
    changed: list[int] = []
    model.modelReset.connect(lambda: resets.append(True))
    model.dataChanged.connect(lambda top, _bottom, _roles: changed.append(top.row()))
    commands.execute(document, lambda s: ops.set_area_fields(s, "halden", name="Haldenmark"))
    assert not resets and changed == [model.row_of("halden")]
    assert model.index(model.row_of("halden"), 1).data() == "Haldenmark"
    proxy = dock.areas.proxy
    dock.areas.table.sortByColumn(1, Qt.SortOrder.AscendingOrder)
    names = [proxy.index(r, 1).data() for r in range(proxy.rowCount())]
    assert names == sorted(names)
    commands.execute(document, lambda s: ops.delete_area(s, "halden"))
    assert resets  # a row went: the table reloads
    assert model.row_of("halden") == -1


def test_the_issues_dock_sorts_in_one_go_and_keeps_the_order(qtbot: QtBot) -> None:
    from editor.docks.issues import IssuesDock
    from model.issues import Issue, Severity

    dock = IssuesDock()
    qtbot.addWidget(dock)
    issues = [
        Issue("B_NOTE", Severity.INFO, "n"),
        Issue("A_ERR", Severity.ERROR, "e"),
        Issue("C_WARN", Severity.WARNING, "w"),
    ]
    dock.set_issues(issues)
    assert [dock.issue_at(r).code for r in range(3)] == ["A_ERR", "C_WARN", "B_NOTE"]  # worst first
    dock.table.sortByColumn(1, Qt.SortOrder.DescendingOrder)
    assert [dock.issue_at(r).code for r in range(3)] == ["C_WARN", "B_NOTE", "A_ERR"]
    dock.set_issues([*issues, Issue("D_ERR", Severity.ERROR, "d")])
    assert [dock.issue_at(r).code for r in range(4)] == ["D_ERR", "C_WARN", "B_NOTE", "A_ERR"]
    dock.filter.setCurrentIndex(2)  # errors only
    assert [dock.issue_at(r).code for r in range(dock.model.rowCount())] == ["D_ERR", "A_ERR"]


def test_tables_show_names_and_the_defaults_the_engine_will_use(document: ScenarioDocument) -> None:
    # A new empire stores no leader or treasury: the table shows the ruleset's defaults (16.0: 12
    # gold; leaders 3-3-3 by default) instead of blanks, and references by name, not id.
    new_id = ops.add_empire(document.scenario, "Newland", "#123456").new_id
    ops.set_attributes(document.scenario, "empire", new_id, "court", "marrach")
    model = ObjectTableModel(document, "empire")
    columns = [name for name, _getter in model.columns]
    row = model.row_of(new_id)
    cells = {name: model.index(row, c).data() for c, name in enumerate(columns)}
    assert (cells["C"], cells["A"], cells["D"], cells["Treasury"]) == (3, 3, 3, 12)
    assert cells["Court"] == document.scenario.area("marrach").name
    units = ObjectTableModel(document, "unit")
    unit = document.scenario.setup.units[0]
    owner_column = [name for name, _getter in units.columns].index("Owner")
    shown = units.index(units.row_of(unit.id), owner_column).data()
    assert shown == document.scenario.empire(unit.owner).name != unit.owner


def test_a_new_maps_bounds_show_on_screen_but_not_in_exports(qtbot: QtBot, tmp_path) -> None:
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QImage

    from editor.mainwindow import MainWindow
    from editor.render import render_scene

    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1000, 700)
    window.show()
    assert window.files.new()
    window.view.fit_map()
    bounds = window.document.scenario.map.bounds
    corner = window.view.mapFromScene(QPointF(bounds.min_x, bounds.min_y + (bounds.max_y - bounds.min_y) / 2))
    shot = window.view.viewport().grab().toImage()
    paper = window.scene.backgroundBrush().color()
    edge = [shot.pixelColor(corner.x() + dx, corner.y() + dy) for dx in (-1, 0, 1) for dy in range(-20, 20)]
    assert sum(colour.lightness() < paper.lightness() - 10 for colour in edge) >= 10  # the dashed frame
    out = render_scene(window.scene, tmp_path / "empty.png", width=400)
    picture = QImage(str(out))
    colours = {picture.pixelColor(x, y).name() for x in range(0, 400, 7) for y in range(0, 200, 7)}
    assert colours == {paper.name()}
