"""The Paint panel: attributes from the ruleset schema; a chosen value is brushed in any map mode."""

from __future__ import annotations

import pytest
from editor_helpers import dump
from test_tools import Move, Press, Release, inside, send

from editor.mainwindow import MainWindow
from editor.mapview.paint_panel import PaintPanel, paintables


@pytest.fixture
def window(shown_window: MainWindow) -> MainWindow:
    """This file's tests draw: the window is shown and fitted (conftest's ``shown_window``)."""
    return shown_window


def test_attributes_come_from_the_ruleset_schema() -> None:
    eotma = {p.key: p for p in paintables("eotma")}
    # Owner and land/sea, the map attributes and the starting state, each with its values or range.
    for key in (
        "owner",
        "kind",
        "religion",
        "language",
        "population",
        "seafaring_home",
        "social_state",
        "fortification",
    ):
        assert key in eotma
    assert (eotma["social_state"].low, eotma["social_state"].high) == (-3, 3)
    assert eotma["social_state"].target == "area_setup" and eotma["religion"].target == "area"
    assert "ties" not in eotma  # lists are not brushed
    seasons = {p.key for p in paintables("seasons")}
    assert {"resources", "building"} <= seasons and "religion" not in seasons


def test_panel_lists_values_and_refuses_unknown_ones(window: MainWindow) -> None:
    panel: PaintPanel = window.paint_panel  # type: ignore[attr-defined]
    panel.choose("religion", "old_faith")
    labels = [panel.value_box.itemText(i) for i in range(panel.value_box.count())]
    assert "Old Faith" in labels and panel.value() == "old_faith"
    panel.choose("owner", None)
    assert panel.value_box.currentText() == "Independent"
    with pytest.raises(KeyError, match="Social state must be -3 to 3, not 5"):
        panel.choose("social_state", 5)
    with pytest.raises(KeyError, match="cannot paint 'weather'"):
        panel.choose("weather", 1)


def test_chosen_value_paints_a_stroke_as_one_step_in_any_mode(window: MainWindow) -> None:
    scenario = window.document.scenario
    before = dump(scenario)
    window.set_mode("owner")  # the panel's choice applies whatever the map shows
    window.actions_by_name["tool_paint"].trigger()
    panel: PaintPanel = window.paint_panel  # type: ignore[attr-defined]
    panel.choose("fortification", 3)
    send(window, Press, *inside(window, "marrach"))
    send(window, Move, *inside(window, "veluna"))
    send(window, Release, *inside(window, "veluna"))
    for area_id in ("marrach", "veluna"):
        assert scenario.area_setup(area_id).attributes["fortification"] == 3
    stack = window.document.undo_stack
    assert stack.count() == 1
    after = dump(scenario)
    stack.undo()
    assert dump(scenario) == before
    stack.redo()
    assert dump(scenario) == after
    # A second stroke is a second undo step.
    panel.choose("population", 3)
    send(window, Press, *inside(window, "halden"))
    send(window, Release, *inside(window, "halden"))
    assert scenario.area("halden").attributes["population"] == 3
    assert stack.count() == 2


def test_painting_an_attribute_colours_the_map_by_it(window: MainWindow) -> None:
    # You see what you paint: choosing religion while painting shows the religion map mode.
    panel: PaintPanel = window.paint_panel  # type: ignore[attr-defined]
    window.set_mode("owner")
    panel.choose("religion", "old_faith")
    assert window.scene.mode_id == "owner"  # not while another tool is in use
    window.actions_by_name["tool_paint"].trigger()
    assert window.scene.mode_id == "religion"
    panel.choose("seafaring_home", True)
    assert window.scene.mode_id == "seafaring"
    panel.choose("fortification", 2)  # no map mode for forts: the map stays as it is
    assert window.scene.mode_id == "seafaring"
