"""Live validation off the UI thread: a worker validates a snapshot, bursts of edits coalesce into
one run, stale results are dropped, and the Issues dock, status bar and validation mode agree."""

from __future__ import annotations

import pytest
from editor_helpers import dump
from pytestqt.qtbot import QtBot

from editor import commands
from editor.files import DEFAULT_SCENARIO
from editor.mainwindow import MainWindow
from editor.validation import snapshot
from model import io, ops
from model.issues import Issue, Severity
from model.validate import validate


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    assert window.open_path(DEFAULT_SCENARIO)
    settle(window, qtbot)
    return window


def settle(window: MainWindow, qtbot: QtBot) -> None:
    """Wait until the published issues are those of the scenario as it is now."""
    validator = window.validator
    qtbot.waitUntil(
        lambda: validator.current and not validator.running and not validator.timer.isActive(), timeout=10000
    )


def keys(issues: list[Issue]) -> list[tuple[str, str]]:
    return sorted((i.code, i.message) for i in issues)


def test_the_snapshot_does_not_follow_later_edits() -> None:
    scenario = io.load(DEFAULT_SCENARIO)
    copy = snapshot(scenario)
    before = dump(copy)
    ops.set_area_fields(scenario, "halden", name="Haldenmark")
    ops.add_empire(scenario, "Newland")
    ops.set_attributes(scenario, "options", (), "crusades", True)
    ops.add_language(scenario, "Frisian")
    assert dump(copy) == before
    assert dump(scenario) != before


def test_an_edit_is_validated_in_a_worker_with_the_same_result(window: MainWindow, qtbot: QtBot) -> None:
    with qtbot.waitSignal(window.validator.issues_changed, timeout=10000) as blocker:
        commands.execute(
            window.document, lambda s: ops.set_attributes(s, "area", "halden", "language", "nowhere")
        )
        assert window.validator.timer.isActive()  # nothing ran on the UI thread yet
    published = blocker.args[0]
    assert keys(published) == keys(validate(window.document.scenario))
    assert any("nowhere" in i.message for i in published)
    assert window.issues_dock.model.issues == published
    assert window.scene.issues == published


def test_a_burst_of_edits_makes_one_run_on_the_last_state(window: MainWindow, qtbot: QtBot) -> None:
    runs: list[bool] = []
    published: list[list[Issue]] = []
    window.validator.busy.connect(lambda on: runs.append(on) if on else None)
    window.validator.issues_changed.connect(published.append)
    for name in ("A", "B", "C", "D", "E"):
        commands.execute(
            window.document, lambda s, n=name: ops.set_area_fields(s, "halden", name=n), merge_key="typing"
        )
    commands.execute(window.document, lambda s: ops.set_attributes(s, "area", "halden", "religion", "gone"))
    settle(window, qtbot)
    assert len(runs) == 1 and len(published) == 1
    assert keys(published[0]) == keys(validate(window.document.scenario))


def test_a_result_overtaken_by_an_edit_is_dropped(window: MainWindow, qtbot: QtBot) -> None:
    published: list[list[Issue]] = []
    window.validator.issues_changed.connect(published.append)
    window.validator.start()  # a run on the scenario as it is now...
    assert window.validator.running
    # ...overtaken by an edit that adds an error before its result comes back.
    commands.execute(
        window.document, lambda s: ops.set_attributes(s, "area", "halden", "language", "nowhere")
    )
    settle(window, qtbot)
    assert published, "the newer run published"
    assert all(any("nowhere" in i.message for i in issues) for issues in published)


def test_status_bar_and_validation_mode_follow_each_result(window: MainWindow, qtbot: QtBot) -> None:
    window.set_mode("validation")
    commands.execute(
        window.document, lambda s: ops.set_attributes(s, "area", "halden", "language", "nowhere")
    )
    assert window.status.checking_label.isVisibleTo(window.status) or window.validator.timer.isActive()
    settle(window, qtbot)
    issues = window.validator.issues
    errors = sum(1 for i in issues if i.severity is Severity.ERROR)
    warnings = sum(1 for i in issues if i.severity is Severity.WARNING)
    text = window.status.issues_label.text()
    assert f"{errors} error" in text and f"{warnings} warning" in text
    assert not window.status.checking_label.isVisibleTo(window.status)
    assert window.scene.issues == issues
    fills = window.scene.colouring().fills
    assert window.scene.areas["halden"].brush().color().name() == fills["halden"]
    window.document.undo_stack.undo()
    settle(window, qtbot)
    assert not any("nowhere" in i.message for i in window.scene.issues)
    assert window.status.issues_label.text() != text or errors == 0
