"""The validation mode recolours the map after every run: only the areas whose colour changed get a
new brush (setting all 30,000 brushes again held the UI thread for 60 ms)."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from editor.document import ScenarioDocument
from editor.mapview import items
from editor.mapview.scene import MapScene
from model.geometry import generate_test_map
from model.issues import Issue, Severity
from model.rules.mapmodes import ISSUE_COLOURS, VALID


def test_a_new_validation_result_repaints_only_the_areas_it_changed(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = MapScene(ScenarioDocument(generate_test_map(40, seed=3)))
    first, second = (area.id for area in scene.scenario.map.areas[:2])
    issues = [Issue("SOMETHING", Severity.WARNING, "w", (first,))]
    scene.set_mode("validation")
    scene.set_issues(issues)
    assert scene.areas[first].brush().color().name() == ISSUE_COLOURS[Severity.WARNING]
    assert scene.areas[second].brush().color().name() == VALID

    painted: list[str] = []
    real = items.AreaItem.setBrush

    def noting(item: items.AreaItem, brush: object) -> None:
        painted.append(item.area_id)
        real(item, brush)  # type: ignore[arg-type]

    monkeypatch.setattr(items.AreaItem, "setBrush", noting)
    scene.set_issues(list(issues))  # the same result again: nothing to repaint
    assert painted == []
    scene.set_issues([*issues, Issue("OTHER", Severity.ERROR, "e", (second,))])
    assert painted == [second]
    assert scene.areas[second].brush().color().name() == ISSUE_COLOURS[Severity.ERROR]
    scene.set_mode("kind")  # another mode repaints what differs in it
    assert len(painted) > 2
    assert scene.areas[second].brush().color().name() != ISSUE_COLOURS[Severity.ERROR]
