"""File > New offers, per ruleset, an empty map with its usual catalogs or a shipped scenario, and
the map mode belongs to the document: New and Open never keep the previous one's mode (issue 18.4:
New kept "Changed hands" and started with empty catalogs while the checks said "pick one from the
catalog")."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from editor.dialogs import new_scenario as new_dialog
from editor.dialogs.new_scenario import NewChoice, NewScenarioDialog
from editor.document import DocumentChange
from editor.files import DEFAULT_SCENARIO, SCENARIOS_DIR
from editor.mainwindow import MainWindow
from editor.new_scenario import choices, new_scenario
from editor.playtest.changed_mode import MODE_ID as CHANGED_HANDS
from model.validate import validate

MILLENNIUM = SCENARIOS_DIR / "medieval-europe-976.mappa.json"


def test_each_ruleset_is_offered_with_its_own_shipped_scenarios() -> None:
    groups = {group.ruleset_id: group for group in choices()}
    assert next(iter(groups)) == "eotma", "the default ruleset comes first"
    assert {t.path.name for t in groups["eotma"].templates} >= {
        "default.mappa.json",
        "medieval-europe-976.mappa.json",
    }
    assert [t.path.name for t in groups["seasons"].templates] == ["seasons-isles.mappa.json"]
    assert all(t.ruleset_id == "eotma" for t in groups["eotma"].templates)


def test_an_empty_eotma_map_has_the_medieval_catalogs() -> None:
    scenario = new_scenario("eotma")
    assert scenario.ruleset.id == "eotma"
    assert scenario.map.areas == []
    languages = {language.id for language in scenario.catalogs.languages}
    assert "old_high_german" in languages
    assert len(scenario.catalogs.languages) == 32
    assert len(scenario.catalogs.religions) == 12
    group = next(g for g in choices() if g.ruleset_id == "eotma")
    assert group.catalog_summary() == "32 languages, 12 religions"


def test_an_empty_seasons_map_is_for_seasons_without_catalogs() -> None:
    scenario = new_scenario("seasons")
    assert scenario.ruleset.id == "seasons"
    assert scenario.catalogs.languages == []
    assert not [i for i in validate(scenario) if i.severity.value == "error" and "ruleset" in i.message]


def test_the_dialog_starts_on_the_default_empty_map_and_headings_are_not_choices(qtbot: QtBot) -> None:
    dialog = NewScenarioDialog()
    qtbot.addWidget(dialog)
    assert dialog.choice() == NewChoice("eotma")
    assert dialog.ok_button.isEnabled()
    heading = dialog.tree.topLevelItem(0)
    assert heading is not None and heading.text(0) == "Empires of the Middle Ages"
    dialog.tree.setCurrentItem(heading)
    assert dialog.choice() is None
    assert not dialog.ok_button.isEnabled()
    assert dialog.select(NewChoice("seasons", SCENARIOS_DIR / "seasons-isles.mappa.json"))
    assert dialog.choice() == NewChoice("seasons", SCENARIOS_DIR / "seasons-isles.mappa.json")


@pytest.fixture
def answer(monkeypatch: pytest.MonkeyPatch) -> list[NewChoice | None]:
    """What the New dialog answers (first item), without showing it."""
    answers: list[NewChoice | None] = [None]
    monkeypatch.setattr(new_dialog, "ask_new", lambda _parent: answers[0])
    return answers


def test_file_new_makes_the_chosen_rulesets_map(window: MainWindow, answer: list[NewChoice | None]) -> None:
    answer[0] = NewChoice("seasons")
    window.actions_by_name["new"].trigger()
    assert window.document.scenario.ruleset.id == "seasons"
    assert window.document.path is None
    assert window.document.scenario.map.areas == []


def test_file_new_from_a_shipped_scenario_is_an_unsaved_copy(
    window: MainWindow, answer: list[NewChoice | None]
) -> None:
    answer[0] = NewChoice("seasons", SCENARIOS_DIR / "seasons-isles.mappa.json")
    window.actions_by_name["new"].trigger()
    assert window.document.scenario.metadata.title == "The Four Isles (Seasons)"
    assert window.document.path is None


def test_cancelling_the_dialog_keeps_the_document(window: MainWindow, answer: list[NewChoice | None]) -> None:
    answer[0] = None
    window.actions_by_name["new"].trigger()
    assert window.document.path == DEFAULT_SCENARIO.resolve()


def test_new_and_open_never_keep_the_previous_documents_map_mode(window: MainWindow) -> None:
    window.set_mode(CHANGED_HANDS)
    assert window.document.mode_id == CHANGED_HANDS
    assert window.files.new()
    assert window.scene.mode_id == "owner"
    assert window.mode_box is not None and window.mode_box.currentData() == "owner"
    assert window.actions_by_name["mode_owner"].isChecked()
    assert window.legend_dock.windowTitle() == "Legend: Owner"
    window.set_mode("religion")
    assert window.open_path(DEFAULT_SCENARIO)
    assert window.scene.mode_id == "owner"
    assert window.document.mode_id == "owner"


def test_an_edit_that_replaces_the_map_keeps_the_documents_mode(window: MainWindow) -> None:
    window.set_mode("religion")
    window.document.notify(DocumentChange(reset=True, description="replace the map"))
    assert window.scene.mode_id == "religion"


def test_the_dialog_runs_modal_and_returns_the_choice(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(NewScenarioDialog, "exec", lambda self: QDialog.DialogCode.Accepted)
    assert new_dialog.ask_new(None) == NewChoice("eotma")
    monkeypatch.setattr(NewScenarioDialog, "exec", lambda self: QDialog.DialogCode.Rejected)
    assert new_dialog.ask_new(None) is None
