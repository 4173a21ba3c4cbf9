"""Small things seen in a screenshot: the Paint panel's hint, and sea zones in the areas table."""

from __future__ import annotations

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
    assert land["Population"] == 0 and land["Social state"] != "" and land["Language"] == "lowenish"
    # a value the file really holds for a sea zone still shows (the validator has a word about it)
    ops.set_attributes(document.scenario, "area", "western_ocean", "population", 3)
    model.reload()
    assert row("western_ocean")["Population"] == 3
