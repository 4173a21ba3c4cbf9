"""The validation mode recolours the map after every run: only the areas whose colour changed get a
new brush (setting all 30,000 brushes again held the UI thread for 60 ms)."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from editor.document import ScenarioDocument
from editor.mapview import fills
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
    real = fills.AreaFill.set_fill

    def noting(fill: fills.AreaFill, colour: str, board: bool) -> bool:
        changed = real(fill, colour, board)
        if changed:
            painted.append(fill.area_id)
        return changed

    monkeypatch.setattr(fills.AreaFill, "set_fill", noting)
    scene.set_issues(list(issues))  # the same result again: nothing to repaint
    assert painted == []
    scene.set_issues([*issues, Issue("OTHER", Severity.ERROR, "e", (second,))])
    assert painted == [second]
    assert scene.areas[second].brush().color().name() == ISSUE_COLOURS[Severity.ERROR]
    scene.set_mode("kind")  # another mode repaints what differs in it
    assert len(painted) > 2
    assert scene.areas[second].brush().color().name() != ISSUE_COLOURS[Severity.ERROR]
