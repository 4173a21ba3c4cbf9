"""Live validation of a big map in a helper process (issue 15): the helper keeps its own copy of
the scenario, brought up to date by deltas, and publishes what ``validate`` finds in the editor."""

from __future__ import annotations

import io as io_module
import os
import pickle
import threading

import pytest
from editor_helpers import dump
from pytestqt.qtbot import QtBot

from editor import commands, validation, validation_process
from editor.document import ScenarioDocument
from editor.files import DEFAULT_SCENARIO
from editor.mainwindow import MainWindow
from editor.scenario_delta import Change, DeltaError, apply, delta, flatten
from editor.validation_process import Edits, ValidationProcess
from model import io, ops
from model.geometry import generate_test_map
from model.issues import Issue
from model.scenario import Scenario
from model.validate import validate


def keys(issues: list[Issue]) -> list[tuple[str, str, tuple[str, ...]]]:
    return sorted((i.code, i.message, i.ids) for i in issues)


def _bend(scenario: Scenario, index: int, by: float = 1e-3) -> None:
    """Add a vertex just off the middle of a boundary's first segment."""
    boundary = scenario.map.boundaries[index]
    (x0, y0), (x1, y1) = boundary.points[0], boundary.points[1]
    middle = ((x0 + x1) / 2 + by, (y0 + y1) / 2 + by)
    ops.set_boundary_points(scenario, boundary.id, [boundary.points[0], middle, *boundary.points[1:]])


# --- the delta -------------------------------------------------------------------------------------


def test_a_delta_makes_the_receivers_copy_what_the_sender_has() -> None:
    scenario = io.load(DEFAULT_SCENARIO)
    copy = pickle.loads(pickle.dumps(scenario))  # the helper's own copy
    sent = flatten(scenario)
    assert delta(sent, flatten(scenario)) == []  # nothing changed: nothing to send

    _bend(scenario, 3)
    ops.set_area_fields(scenario, "halden", name="Haldenmark")
    ops.add_empire(scenario, "Newland")
    ops.set_attributes(scenario, "options", (), "crusades", True)
    ops.add_language(scenario, "Frisian")
    ops.set_attributes(scenario, "area", "halden", "language", "nowhere")
    ops.set_metadata(scenario, title="Another title")
    changes = delta(sent, flatten(scenario))
    # Only what changed travels: one boundary of the map's many, one area.
    by_path = {change.path: change for change in changes}
    assert by_path[("map", "boundaries")].kind == "items"
    assert list(by_path[("map", "boundaries")].value) == [3]
    assert list(by_path[("map", "areas")].value) == [
        i for i, a in enumerate(scenario.map.areas) if a.id == "halden"
    ]
    apply(copy, pickle.loads(pickle.dumps(changes)))
    assert dump(copy) == dump(scenario)

    # Areas and boundaries that come and go (a new order), then undone: still the same.
    sent = flatten(scenario)
    removed = scenario.map.areas[5].id
    ops.delete_area(scenario, [removed])
    changes = delta(sent, flatten(scenario))
    assert any(change.kind == "order" for change in changes)
    apply(copy, pickle.loads(pickle.dumps(changes)))
    assert dump(copy) == dump(scenario)
    assert removed not in {area.id for area in copy.map.areas}


def test_a_delta_that_does_not_fit_is_refused() -> None:
    scenario = generate_test_map(20, seed=1)
    with pytest.raises(DeltaError, match="MapData has no field 'nowhere'"):
        apply(scenario, [Change(("map", "nowhere"), "value", 1)])


# --- the helper process ----------------------------------------------------------------------------


@pytest.fixture
def helper() -> ValidationProcess:
    process = ValidationProcess()
    yield process
    process.stop()


def test_the_helper_finds_what_validate_finds_after_an_open_and_after_edits(
    helper: ValidationProcess,
) -> None:
    scenario = generate_test_map(200, seed=5)
    ops.set_area_fields(scenario, scenario.map.areas[0].id, name="")
    found = helper.validate(validation.snapshot(scenario), Edits(reset=True))
    assert helper.process is not None and helper.process.pid != os.getpid()
    assert keys(found) == keys(validate(scenario))
    assert any(i.code == "LANGUAGE_MISSING" for i in found)

    # A vertex moved (the helper's faces updated locally), an area renamed, an area removed.
    boundary = scenario.map.boundaries[7]
    x, y = boundary.points[len(boundary.points) // 2]
    ops.move_vertex(scenario, boundary.id, len(boundary.points) // 2, (x + 0.4, y + 0.2))
    ops.set_area_fields(scenario, scenario.map.areas[1].id, name="")
    found = helper.validate(
        validation.snapshot(scenario), Edits(frozenset({boundary.id}), frozenset({scenario.map.areas[1].id}))
    )
    assert keys(found) == keys(validate(scenario))
    gone = scenario.map.areas[2].id
    ops.delete_area(scenario, [gone])
    found = helper.validate(validation.snapshot(scenario), Edits(areas=frozenset({gone})))
    assert keys(found) == keys(validate(scenario))


def test_a_helper_that_cannot_take_the_changes_is_sent_the_whole_scenario(
    helper: ValidationProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    scenario = generate_test_map(60, seed=3)
    helper.validate(validation.snapshot(scenario), Edits(reset=True))
    ops.set_area_fields(scenario, scenario.map.areas[0].id, name="")
    # A change the helper's copy cannot take: it asks for the whole scenario, and gets it.
    monkeypatch.setattr(
        validation_process, "delta", lambda _old, _new: [Change(("map", "nowhere"), "value", 1)]
    )
    found = helper.validate(validation.snapshot(scenario), Edits())
    assert keys(found) == keys(validate(scenario))
    assert helper.sent is not None  # and the next edit travels as a delta again


def test_a_helper_that_died_is_started_again_with_the_whole_scenario(helper: ValidationProcess) -> None:
    scenario = generate_test_map(60, seed=4)
    helper.validate(validation.snapshot(scenario), Edits(reset=True))
    first = helper.process
    assert first is not None
    first.kill()
    first.wait()
    ops.set_area_fields(scenario, scenario.map.areas[3].id, name="")
    found = helper.validate(validation.snapshot(scenario), Edits())  # a new helper, sent everything
    assert helper.process is not None and helper.process.pid != first.pid
    assert keys(found) == keys(validate(scenario))


def test_a_whole_scenario_travels_in_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = generate_test_map(60, seed=9)
    monkeypatch.setattr(validation_process, "OPEN_CHUNK", 7)
    stream = io_module.BytesIO()
    validation_process.send_scenario(stream, scenario, flatten(scenario))
    stream.seek(0)
    kind, skeleton, parts = validation_process.receive(stream)
    assert kind == "open" and skeleton.map.boundaries == [] and skeleton.map.areas == []
    # Boundaries and areas (60 of them and more) in parts of at most 7.
    assert parts >= -(-len(scenario.map.boundaries) // 7) + -(-len(scenario.map.areas) // 7)
    received = validation_process.receive_scenario(stream, skeleton, parts)
    assert dump(received) == dump(scenario)
    assert scenario.map.boundaries and scenario.map.areas  # the sender's own scenario is untouched


def test_issues_come_back_in_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = generate_test_map(40, seed=2)
    for area in scenario.map.areas[:12]:
        ops.set_area_fields(scenario, area.id, name="")
    issues = validate(scenario)
    assert len(issues) > 12
    monkeypatch.setattr(validation_process, "ISSUES_CHUNK", 5)
    stream = io_module.BytesIO()
    validation_process.answer(stream, issues)
    stream.seek(0)
    assert validation_process.receive(stream) == len(issues)
    chunks = [validation_process.receive(stream) for _ in range(-(-len(issues) // 5))]
    assert [len(chunk) for chunk in chunks[:-1]] == [5] * (len(chunks) - 1)
    assert [item for chunk in chunks for item in chunk] == issues
    with pytest.raises(EOFError):
        validation_process.receive(stream)


# --- the live validator ---------------------------------------------------------------------------


def test_a_big_maps_live_validation_runs_in_the_helper_not_in_the_editor(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(validation, "ELSEWHERE_AREAS", 100)
    here: list[threading.Thread] = []
    real = validation.validate
    monkeypatch.setattr(
        validation,
        "validate",
        lambda scenario, **kw: here.append(threading.current_thread()) or real(scenario, **kw),
    )
    window = MainWindow()
    qtbot.addWidget(window)
    scenario = generate_test_map(200, seed=6)
    qtbot.waitUntil(lambda: not window.validator.running, timeout=30000)  # the window's first map
    here.clear()
    with qtbot.waitSignal(window.validator.issues_changed, timeout=30000) as opened:
        window.document.replace_scenario(scenario)
    assert keys(opened.args[0]) == keys(validate(window.document.scenario))
    helper = window.validator._helper
    assert helper is not None and helper.process is not None and helper.process.poll() is None
    # The editor keeps no faces of its own for the runs: the helper has them.
    assert window.validator._geometry.topology is None and window.validator._fork is None

    boundary = window.document.scenario.map.boundaries[10]
    index = len(boundary.points) // 2
    x, y = boundary.points[index]
    with qtbot.waitSignal(window.validator.issues_changed, timeout=30000) as edited:
        commands.execute(window.document, lambda s: ops.move_vertex(s, boundary.id, index, (x + 0.3, y)))
        commands.execute(window.document, lambda s: ops.set_area_fields(s, s.map.areas[4].id, name=""))
        window.validator.timer.timeout.emit()
    assert keys(edited.args[0]) == keys(validate(window.document.scenario))
    assert here == []  # never validated in the editor's own process
    assert window.scene.issues == edited.args[0]

    process = helper.process
    assert window.close()
    assert process.returncode == 0  # it read the end of its input and exited, reaped
    assert helper.process is None


def test_a_helper_that_fails_leaves_the_run_to_the_worker_thread(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(validation, "ELSEWHERE_AREAS", 100)

    def failing(_self: ValidationProcess, _scenario: Scenario, _edits: Edits) -> list[Issue]:
        raise validation_process.HelperError("no helper here")

    monkeypatch.setattr(ValidationProcess, "validate", failing)
    document = ScenarioDocument(generate_test_map(150, seed=7))
    validator = validation.LiveValidator(document)
    with qtbot.waitSignal(validator.issues_changed, timeout=30000) as done:
        validator.start()
    assert keys(done.args[0]) == keys(validate(document.scenario))
    validator.shutdown()
