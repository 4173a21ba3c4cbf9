"""The editing map shows each area's starting state in chips over its name, from the schema's
"marker" marks: EotMA forts (14), unrest (17), courts (21); Seasons buildings."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from editor import commands
from editor.document import ScenarioDocument
from editor.mapview.chips_item import Chip, ChipsItem
from editor.mapview.scene import MapScene
from editor.mapview.setup_marks import setup_chips
from model import io, ops

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def texts(scene: MapScene, area_id: str) -> list[str]:
    item = scene.setup_chips.get(area_id)
    return [chip.text for chip in item.chips] if item is not None else []


def test_forts_and_courts_show_over_the_names_and_follow_edits(document: ScenarioDocument) -> None:
    scene = MapScene(document)
    scenario = document.scenario
    assert texts(scene, "aldmoor") == ["♛", "F2"]  # the court of Aldmoor and its fort
    court = scene.setup_chips["aldmoor"].chips[0]
    assert court.fill == scenario.empire("aldmoor_kingdom").colour and "Aldmoor" in court.tip
    assert "halden" not in scene.setup_chips  # nothing set: no chips
    commands.execute(document, lambda s: ops.set_attributes(s, "area_setup", "halden", "unrest", True))
    assert texts(scene, "halden") == ["!"]
    commands.execute(
        document, lambda s: ops.set_attributes(s, "empire", "aldmoor_kingdom", "court", "halden")
    )
    assert texts(scene, "halden") == ["♛", "!"] and texts(scene, "aldmoor") == ["F2"]
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert "halden" not in scene.setup_chips and texts(scene, "aldmoor") == ["♛", "F2"]
    scene.set_layer_visible("setup", False)
    assert not scene.setup_chips["aldmoor"].isVisible()  # a layer of its own in View > Layers


def test_seasons_buildings_show_by_their_initial() -> None:
    scenario = io.load(SCENARIOS / "seasons-isles.mappa.json")
    chips = setup_chips(scenario)
    towers = [a for a, entry in scenario.setup.areas.items() if entry.attributes.get("building") == "tower"]
    assert towers and all([c.text for c in chips[a]] == ["T"] for a in towers)
    assert all("Tower" in chips[a][0].tip for a in towers)


def test_the_play_test_overlay_hides_the_starting_chips(qtbot: QtBot, document: ScenarioDocument) -> None:
    from editor.playtest.overlay import PlayOverlay

    scene = MapScene(document)
    overlay = PlayOverlay(scene)
    assert not scene.layers["setup"].isVisible() and not scene.layers["units"].isVisible()
    overlay.clear()
    assert scene.layers["setup"].isVisible() and scene.layers["units"].isVisible()


def test_showing_the_same_chips_again_keeps_the_row(qtbot: QtBot) -> None:
    """Re-sending unchanged chips (every edit, every play-test step) changes nothing; new ones do."""
    item = ChipsItem("a", above=True)
    chips = (Chip("F2", "#f4f4f0", "fort"),)
    item.set_chips(chips, "tip", 10.0)
    rect = item.boundingRect()
    item.setToolTip("fort\n\ntip")  # as a hover over the chip leaves it
    item.set_chips(tuple(chips), "tip", 10.0)
    assert item.boundingRect() == rect and item.toolTip() == "tip"
    item.set_chips((*chips, Chip("!", "#f4f4f0", "unrest")), "tip", 10.0)
    assert [c.text for c in item.chips] == ["F2", "!"] and item.boundingRect().width() > rect.width()
