"""Live validation off the UI thread: a worker validates a snapshot, bursts of edits coalesce into
one run, stale results are dropped, and the Issues dock, status bar and validation mode agree."""

from __future__ import annotations

import gc
import warnings
from pathlib import Path

import pytest
from editor_helpers import dump
from pytestqt.qtbot import QtBot

from editor import commands
from editor.docks.issues import IssuesDock
from editor.files import DEFAULT_SCENARIO
from editor.mainwindow import MainWindow
from editor.validation import snapshot
from model import io, ops
from model.issues import Issue, Severity
from model.topology import Topology
from model.validate import validate

OTHER_SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "seasons-isles.mappa.json"


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    assert window.open_path(DEFAULT_SCENARIO)
    settle(window, qtbot)
    return window


def settle(window: MainWindow, qtbot: QtBot) -> None:
    """Start the pending run now (fire the debounce timer rather than wait for it, which takes
    seconds on a slow machine) and wait until the published issues are those of the scenario as it
    is now."""
    validator = window.validator

    def done() -> bool:
        if validator.timer.isActive():
            validator.timer.timeout.emit()
        return validator.current and not validator.running and not validator.timer.isActive()

    qtbot.waitUntil(done, timeout=10000)


def fire(window: MainWindow) -> None:
    """Fire the debounce timer that an edit started (it must have started one)."""
    assert window.validator.timer.isActive()  # nothing ran on the UI thread yet
    window.validator.timer.timeout.emit()


def workers_topology(window: MainWindow) -> Topology | None:
    """The faces the worker keeps between runs (private: only these tests look at them)."""
    return window.validator._geometry.topology


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
        fire(window)
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


def counts(issues: list[Issue]) -> str:
    """The error and warning counts as the status bar words them."""
    errors = sum(1 for i in issues if i.severity is Severity.ERROR)
    warnings = sum(1 for i in issues if i.severity is Severity.WARNING)
    return f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"


def test_status_bar_and_validation_mode_follow_each_result(window: MainWindow, qtbot: QtBot) -> None:
    before = validate(window.document.scenario)
    window.set_mode("validation")
    commands.execute(
        window.document, lambda s: ops.set_attributes(s, "area", "halden", "language", "nowhere")
    )
    assert window.status.checking_label.isVisibleTo(window.status) or window.validator.timer.isActive()
    settle(window, qtbot)
    issues = window.validator.issues
    assert keys(issues) == keys(validate(window.document.scenario))
    added = [i for i in issues if i not in before]
    assert [(i.code, i.severity) for i in added] == [("UNKNOWN_REFERENCE", Severity.ERROR)]
    assert counts(issues) in window.status.issues_label.text()
    assert not window.status.checking_label.isVisibleTo(window.status)
    assert window.scene.issues == issues
    fills = window.scene.colouring().fills
    assert window.scene.areas["halden"].brush().color().name() == fills["halden"]
    window.document.undo_stack.undo()
    settle(window, qtbot)
    assert keys(window.scene.issues) == keys(before)
    assert counts(before) in window.status.issues_label.text()
    assert counts(before) != counts(issues)


def test_a_crashing_validator_publishes_an_internal_error(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> list[Issue]:
        raise RuntimeError("boom")

    monkeypatch.setattr("editor.validation.validate", broken)
    with qtbot.waitSignal(window.validator.issues_changed, timeout=10000) as blocker:
        commands.execute(window.document, lambda s: ops.set_area_fields(s, "halden", name="Haldenmark"))
        fire(window)
    (failure,) = blocker.args[0]  # never an empty list: that would say the map is clean
    assert failure.code == "INTERNAL_ERROR" and failure.severity is Severity.ERROR
    assert "validation failed (RuntimeError: boom)" in failure.message
    assert "not checked" in failure.message and "report this bug" in failure.message
    assert window.issues_dock.model.issues == [failure]
    assert "1 error" in window.status.issues_label.text()
    assert window.validator.run_now() == [failure]  # File > Validate, on the UI thread, alike
    # The next run, on the worker's rebuilt faces, is right again (not monkeypatch.undo(): that
    # would also undo the conftest's patches of blocking prompts).
    monkeypatch.setattr("editor.validation.validate", validate)
    commands.execute(window.document, lambda s: ops.set_area_fields(s, "halden", name="Halden"))
    settle(window, qtbot)
    assert keys(window.validator.issues) == keys(validate(window.document.scenario))


def test_geometry_edits_update_the_workers_own_faces(window: MainWindow, qtbot: QtBot) -> None:
    topology = workers_topology(window)
    assert topology is not None and topology is not window.document.topology
    boundary = window.document.scenario.map.boundaries[0]
    index = len(boundary.points) // 2
    x, y = boundary.points[index]
    commands.execute(window.document, lambda s: ops.move_vertex(s, boundary.id, index, (x + 1, y + 0.5)))
    settle(window, qtbot)
    assert workers_topology(window) is topology and topology.last_update_was_local
    assert keys(window.validator.issues) == keys(validate(window.document.scenario))
    # Far enough to cross the linework: the worker's faces are rebuilt and the crossing reported.
    commands.execute(window.document, lambda s: ops.move_vertex(s, boundary.id, index, (x + 150, y + 150)))
    settle(window, qtbot)
    assert "BOUNDARY_SELF_CROSSING" in {i.code for i in window.validator.issues}
    assert keys(window.validator.issues) == keys(validate(window.document.scenario))
    window.document.undo_stack.undo()
    settle(window, qtbot)
    assert keys(window.validator.issues) == keys(validate(window.document.scenario))
    assert not any(i.code.startswith("BOUNDARY") for i in window.validator.issues)


def test_opening_another_map_rebuilds_the_workers_faces(window: MainWindow, qtbot: QtBot) -> None:
    commands.execute(
        window.document, lambda s: ops.set_attributes(s, "area", "halden", "language", "nowhere")
    )
    settle(window, qtbot)
    assert window.validator.issues
    topology = workers_topology(window)
    assert window.open_path(OTHER_SCENARIO)
    settle(window, qtbot)
    rebuilt = workers_topology(window)
    assert rebuilt is not None and rebuilt is not topology
    other = io.load(OTHER_SCENARIO)
    assert rebuilt.canonical() == Topology.build(other.map).canonical()
    assert keys(window.validator.issues) == keys(validate(other))


def test_a_big_map_keeps_its_heap_out_of_full_collections(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[str] = []
    monkeypatch.setattr("editor.validation.BIG_MAP_AREAS", 1)  # the default scenario is "big"
    monkeypatch.setattr("editor.validation.settle_heap", lambda: calls.append("settle"))
    # Frozen while the collector is paused: once back on, its first pass would scan the young faces.
    monkeypatch.setattr(
        "editor.validation.gc.freeze",
        lambda: calls.append("freeze, paused" if not gc.isenabled() else "freeze"),
    )
    assert window.open_path(OTHER_SCENARIO)
    assert calls == ["settle"]  # while the map opens: collect, then freeze
    settle(window, qtbot)
    # The worker's faces are a copy of the document's taken before that freeze (frozen with it):
    # its first run builds none, so it freezes nothing more.
    assert calls == ["settle"]
    commands.execute(window.document, lambda s: ops.set_area_fields(s, s.map.areas[0].id, name="Elsewhere"))
    settle(window, qtbot)
    assert calls == ["settle"]  # edits neither collect nor freeze


def test_the_issues_dock_filters_by_severity(qtbot: QtBot) -> None:
    dock = IssuesDock()
    qtbot.addWidget(dock)
    issues = [
        Issue("A_NOTE", Severity.INFO, "n"),
        Issue("B_ERR", Severity.ERROR, "e"),
        Issue("C_WARN", Severity.WARNING, "w"),
    ]
    dock.set_issues(issues)

    def shown() -> list[str]:
        return [dock.issue_at(row).code for row in range(dock.model.rowCount())]

    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        assert shown() == ["B_ERR", "C_WARN", "A_NOTE"]
        dock.filter.setCurrentIndex(1)  # errors and warnings
        assert shown() == ["B_ERR", "C_WARN"]
        dock.filter.setCurrentIndex(2)  # errors only
        assert shown() == ["B_ERR"]
        dock.set_issues(
            [*issues, Issue("D_ERR", Severity.ERROR, "d"), Issue("E_WARN", Severity.WARNING, "x")]
        )
        assert shown() == ["B_ERR", "D_ERR"]  # a new result keeps the filter
        dock.filter.setCurrentIndex(0)
        assert shown() == ["B_ERR", "D_ERR", "C_WARN", "E_WARN", "A_NOTE"]
