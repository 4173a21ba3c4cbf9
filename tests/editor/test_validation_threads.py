"""The heavy checks never run on the UI thread (issue 15): live validation right after a map is
opened and after an edit, and the whole-linework check the document starts after an open."""

from __future__ import annotations

import os
import threading

import pytest
from pytestqt.qtbot import QtBot

from editor import commands, polygonize_process, validation
from editor.document import ScenarioDocument
from editor.mainwindow import MainWindow
from model import ops
from model import topology as topology_module
from model.geometry import generate_test_map
from model.issues import Issue
from model.scenario import Boundary, Scenario
from model.topology import LineworkCheck, LineworkResult, Topology, boundary_lines, polygonize_here


def record_threads(monkeypatch: pytest.MonkeyPatch) -> list[threading.Thread]:
    """Make the live validator's ``validate`` note the thread each call runs on."""
    threads: list[threading.Thread] = []
    real = validation.validate

    def noting(scenario: Scenario, **kwargs: object) -> list[Issue]:
        threads.append(threading.current_thread())
        return real(scenario, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(validation, "validate", noting)
    return threads


def test_validation_after_opening_and_after_an_edit_runs_in_a_worker(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    threads = record_threads(monkeypatch)
    window = MainWindow()
    qtbot.addWidget(window)
    scenario = generate_test_map(200, seed=5)
    ops.set_area_fields(scenario, scenario.map.areas[0].id, name="")  # a blank name among the findings
    with qtbot.waitSignal(window.validator.issues_changed, timeout=20000) as opened:
        window.document.replace_scenario(scenario)
    assert threads and threading.main_thread() not in threads
    assert opened.args[0] == window.validator.issues
    assert sorted(map(repr, window.issues_dock.model.issues)) == sorted(map(repr, opened.args[0]))
    assert any(i.code == "LANGUAGE_MISSING" and i.ids == (scenario.map.areas[0].id,) for i in opened.args[0])

    area = window.document.scenario.map.areas[1].id
    runs = len(threads)
    with qtbot.waitSignal(window.validator.issues_changed, timeout=20000) as edited:
        commands.execute(window.document, lambda s: ops.set_area_fields(s, area, name=""))
        window.validator.timer.timeout.emit()  # the pause the debounce waits for
    assert len(threads) == runs + 1 and threads[-1] is not threading.main_thread()
    assert len(edited.args[0]) > len(opened.args[0])  # the new unnamed area is reported
    assert window.scene.issues == edited.args[0]


def test_the_linework_check_after_an_open_runs_off_the_ui_thread(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    threads: list[threading.Thread] = []
    real = LineworkCheck.run

    def noting(check: LineworkCheck) -> LineworkResult:
        threads.append(threading.current_thread())
        return real(check)

    monkeypatch.setattr(LineworkCheck, "run", noting)
    document = ScenarioDocument(generate_test_map(300, seed=2))
    topology = document.topology
    assert topology.linework_check() is not None  # not checked while the document was made
    qtbot.waitUntil(lambda: document.linework_check is not None, timeout=5000)
    assert document.linework_check is not None
    document.linework_check.result(timeout=30)
    qtbot.waitUntil(lambda: topology.linework_check() is None, timeout=5000)  # taken on the UI thread
    assert len(threads) == 1 and threads[0] is not threading.main_thread()
    assert topology._breaking == []  # a generated map has clean linework


def test_an_edit_before_the_check_returns_makes_its_result_stale(qtbot: QtBot) -> None:
    document = ScenarioDocument(generate_test_map(300, seed=2))
    topology = document.topology
    work = topology.linework_check()
    assert work is not None
    boundary = document.scenario.map.boundaries[0]
    x, y = boundary.points[0]
    # The edit checks the linework itself (it needs it now); a late result is then not taken.
    commands.execute(document, lambda s: ops.move_vertex(s, boundary.id, 0, (x + 0.01, y)))
    assert topology.linework_check() is None
    assert topology.accept_linework_check(work.run()) is False


def test_polygonizing_in_the_helper_process_gives_the_same_faces_in_the_same_order() -> None:
    scenario = generate_test_map(300, seed=4)
    lines = boundary_lines(scenario.map.boundaries)
    here = polygonize_here(lines)
    there = polygonize_process.polygonize_elsewhere(lines)
    assert len(there) == len(here) == 300  # one face per area of the generated map
    assert all(a.equals_exact(b, 0) for a, b in zip(there, here, strict=True))
    assert polygonize_process.helper().pid != os.getpid()


def _bent(scenario: Scenario, index: int) -> tuple[str, list[tuple[float, float]]]:
    """A boundary's id and its points with a vertex added just off the middle of its first segment."""
    boundary = scenario.map.boundaries[index]
    (x0, y0), (x1, y1) = boundary.points[0], boundary.points[1]
    return boundary.id, [
        boundary.points[0],
        ((x0 + x1) / 2 + 1e-3, (y0 + y1) / 2 + 1e-3),
        *boundary.points[1:],
    ]


def test_the_validator_starts_from_a_copy_of_the_documents_faces_sharing_their_geometry(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []
    monkeypatch.setattr(validation, "BIG_MAP_AREAS", 100)
    monkeypatch.setattr(validation, "settle_heap", lambda: None)  # the test process's heap stays as it is
    monkeypatch.setattr(validation, "polygonize_elsewhere", lambda lines: calls.append(len(lines)))
    document = ScenarioDocument(generate_test_map(300, seed=6))
    validator = validation.LiveValidator(document)  # takes the copy as the map opens
    # An edit before the first run: the run brings the copy up to date with it.
    commands.execute(document, lambda s: ops.set_boundary_points(s, *_bent(s, 1)), "Bend")
    with qtbot.waitSignal(validator.issues_changed, timeout=30000):
        validator.start()
    assert calls == []  # not polygonized a second time
    faces, own = validator._geometry.topology, document.topology
    assert faces is not None and own is not None and faces is not own
    assert faces.canonical() == own.canonical()
    # The same face objects, not a second set of them (but for the few faces each copy redid
    # after the bend); the containers are the worker's own.
    shared = sum(1 for a, b in zip(faces.faces, own.faces, strict=True) if a is b)
    assert shared >= len(own.faces) - 10
    assert faces.faces is not own.faces and faces._face_areas is not own._face_areas
    key = next(iter(own._face_areas))
    assert faces._face_areas[key] is not own._face_areas[key]

    # The document's edits leave the worker's copy as it was until its next run brings it up to date.
    before = faces.canonical()
    commands.execute(document, lambda s: ops.set_boundary_points(s, *_bent(s, 0)), "Bend")
    assert faces.canonical() == before != own.canonical()
    with qtbot.waitSignal(validator.issues_changed, timeout=30000):
        validator.start()
    assert validator._geometry.topology is faces and faces.canonical() == own.canonical()


@pytest.mark.parametrize("broken", [True, False], ids=["broken linework", "clean linework"])
def test_the_validators_faces_of_a_big_map_are_polygonized_in_the_helper_process(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, broken: bool
) -> None:
    """Where the face walk gives way (here a dangling boundary), shapely's polygonize runs in the
    helper process; clean linework is walked in the worker (mostly numpy: no long GIL hold)."""
    calls: list[int] = []
    real = validation.polygonize_elsewhere
    monkeypatch.setattr(validation, "BIG_MAP_AREAS", 100)
    monkeypatch.setattr(validation, "settle_heap", lambda: None)  # the test process's heap stays as it is
    monkeypatch.setattr(
        validation, "polygonize_elsewhere", lambda lines: calls.append(len(lines)) or real(lines)
    )
    scenario = generate_test_map(300, seed=6)
    if broken:
        x, y = scenario.map.boundaries[0].points[0]
        scenario.map.boundaries.append(Boundary(id="spur", points=[(x, y), (x + 0.5, y + 0.25)]))
    document = ScenarioDocument(scenario)
    # Without the document's faces to copy (they could not be built) it builds its own.
    monkeypatch.setattr(ScenarioDocument, "topology", property(lambda _document: None))
    validator = validation.LiveValidator(document)
    with qtbot.waitSignal(validator.issues_changed, timeout=30000):
        validator.start()
    assert calls == ([len(document.scenario.map.boundaries)] if broken else [])
    faces = validator._geometry.topology
    assert faces is not None
    assert faces.canonical() == Topology.build(document.scenario.map).canonical()


def test_closing_the_window_stops_the_polygonize_helper(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: not window.validator.running, timeout=20000)  # the opening run
    process = polygonize_process.helper()  # as the validator's first run on a big map starts it
    assert process.poll() is None
    assert window.close()
    assert process.returncode == 0  # it read the end of its input and exited on its own, reaped
    assert polygonize_process._HELPER is None
    assert process.stdout is not None and process.stdout.closed
    window.validator.start()  # a closed window's validator starts no more runs
    assert not window.validator.running

    # A later request (another window) starts a new helper.
    lines = boundary_lines(generate_test_map(20, seed=1).map.boundaries)
    assert len(polygonize_process.polygonize_elsewhere(lines)) == 20
    again = polygonize_process.helper()
    assert again.pid != process.pid and again.poll() is None
    polygonize_process.stop_helper()
    assert again.returncode == 0


def test_a_helper_that_does_not_exit_is_killed(monkeypatch: pytest.MonkeyPatch) -> None:
    # A helper busy with a big request does not read the end of its input: stopping it kills it.
    monkeypatch.setattr(polygonize_process, "HELPER_EXIT_WAIT_S", 0.2)
    import subprocess
    import sys

    stubborn = subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(60)"], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    monkeypatch.setattr(polygonize_process, "_HELPER", stubborn)
    polygonize_process.stop_helper()
    assert stubborn.returncode is not None and stubborn.returncode < 0  # killed by a signal
    assert polygonize_process._HELPER is None


def test_lines_and_faces_made_in_slices_are_those_made_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = generate_test_map(120, seed=8)
    at_once = boundary_lines(scenario.map.boundaries)
    faces_at_once = polygonize_process.polygonize_elsewhere(at_once)
    monkeypatch.setattr(topology_module, "LINES_SLICE", 7)
    monkeypatch.setattr(polygonize_process, "CONVERT_SLICE", 5)
    sliced = boundary_lines(scenario.map.boundaries)
    assert len(sliced) == len(at_once) > 7 * 3
    assert all(a.equals_exact(b, 0) for a, b in zip(sliced, at_once, strict=True))
    faces = polygonize_process.polygonize_elsewhere(sliced)
    assert len(faces) == len(faces_at_once) == 120
    assert all(a.equals_exact(b, 0) for a, b in zip(faces, faces_at_once, strict=True))


def test_the_linework_check_in_the_helper_process_finds_what_it_finds_here(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(polygonize_process, "CONVERT_SLICE", 40)  # the lines travel in parts
    scenario = generate_test_map(150, seed=3)
    # A crossing, so that there is something to find: a vertex moved far across its neighbours.
    boundary = scenario.map.boundaries[40]
    x, y = boundary.points[len(boundary.points) // 2]
    ops.set_boundary_points(
        scenario, boundary.id, [boundary.points[0], (x + 400, y + 400), boundary.points[-1]]
    )
    topology = Topology.build(scenario.map)
    work = topology.linework_check()
    assert work is not None
    here = work.run()
    there = polygonize_process.check_elsewhere(work)
    assert here.problems and there.problems == here.problems and there.build == here.build
    assert topology.accept_linework_check(there)


def test_a_big_maps_linework_check_after_an_open_runs_in_the_helper(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[LineworkCheck] = []
    real = polygonize_process.check_elsewhere
    monkeypatch.setattr(polygonize_process, "CHECK_ELSEWHERE_AREAS", 100)
    monkeypatch.setattr(polygonize_process, "check_elsewhere", lambda work: calls.append(work) or real(work))
    document = ScenarioDocument(generate_test_map(200, seed=2))
    topology = document.topology
    qtbot.waitUntil(lambda: document.linework_check is not None, timeout=5000)
    assert document.linework_check is not None
    document.linework_check.result(timeout=60)
    qtbot.waitUntil(lambda: topology.linework_check() is None, timeout=5000)  # taken on the UI thread
    assert len(calls) == 1 and topology._breaking == []


def test_closing_the_window_waits_for_a_run_under_way(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """A run still in its worker when the window closes is waited for: a validator collected later
    on the UI thread must not destroy a pool whose worker still needs the GIL (a deadlock)."""
    started = threading.Event()
    real = validation.validate

    def slow(scenario: Scenario, **kwargs: object) -> list[Issue]:
        started.set()
        threading.Event().wait(0.5)  # a long validation, still under way at the close
        return real(scenario, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(validation, "validate", slow)
    window = MainWindow()
    qtbot.addWidget(window)
    window.document.replace_scenario(generate_test_map(50, seed=3))
    window.validator.timer.timeout.emit()  # the debounce's pause is over: a run starts now
    assert started.wait(10)
    assert window.validator.pool.activeThreadCount() == 1
    assert window.close()
    assert window.validator.pool.activeThreadCount() == 0
    assert window.validator not in validation._OUTLIVING  # it finished within the wait
