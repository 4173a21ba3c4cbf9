"""Undo commands: perform, undo, redo and compare the model; merging; all-or-nothing; the modified flag."""

from __future__ import annotations

import pytest
from editor_helpers import dump
from pytestqt.qtbot import QtBot

from editor import commands
from editor.document import DocumentChange, ScenarioDocument
from model import ops
from model.scenario import Scenario


def test_an_edit_undoes_and_redoes_exactly(document: ScenarioDocument) -> None:
    before = dump(document.scenario)
    commands.execute(document, lambda s: ops.set_area_fields(s, "aldmoor", name="Old Moor"), "Rename")
    after = dump(document.scenario)
    assert document.scenario.area("aldmoor").name == "Old Moor"
    document.undo_stack.undo()
    assert dump(document.scenario) == before
    document.undo_stack.redo()
    assert dump(document.scenario) == after
    assert document.undo_stack.count() == 1


def test_the_change_signal_names_what_was_touched(document: ScenarioDocument) -> None:
    seen: list[DocumentChange] = []
    document.changed.connect(seen.append)
    commands.execute(document, lambda s: ops.set_owner(s, ["halden", "marrach"], "aldmoor_kingdom"))
    assert seen[-1].areas == {"halden", "marrach"}
    assert not seen[-1].reset
    document.undo_stack.undo()
    assert seen[-1].areas == {"halden", "marrach"}
    assert document.scenario.owner_of("halden") is None


def test_a_refused_edit_changes_nothing_and_pushes_nothing(document: ScenarioDocument) -> None:
    before = dump(document.scenario)
    with pytest.raises(ops.OpError, match="no empire or Magnate"):
        commands.execute(document, lambda s: ops.set_owner(s, "halden", "nobody"))
    assert dump(document.scenario) == before
    assert document.undo_stack.count() == 0
    assert not document.modified


def test_several_ops_are_one_step_and_all_or_nothing(document: ScenarioDocument) -> None:
    before = dump(document.scenario)
    good = lambda s: ops.set_area_fields(s, "halden", name="Haldenmark")  # noqa: E731
    bad = lambda s: ops.set_owner(s, "halden", "nobody")  # noqa: E731
    with pytest.raises(ops.OpError):
        commands.execute(document, [good, bad], "Two edits")
    assert dump(document.scenario) == before
    other = lambda s: ops.set_owner(s, "halden", "aldmoor_kingdom")  # noqa: E731
    commands.execute(document, [good, other], "Two edits")
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert dump(document.scenario) == before


def test_edits_with_the_same_merge_key_merge_into_one_step(document: ScenarioDocument) -> None:
    before = dump(document.scenario)
    for name in ("H", "Ha", "Hal"):
        commands.execute(
            document, lambda s, n=name: ops.set_area_fields(s, "halden", name=n), "Type", ("name",)
        )
    commands.execute(document, lambda s: ops.set_area_fields(s, "marrach", name="M"), "Other")
    assert document.undo_stack.count() == 2
    assert document.scenario.area("halden").name == "Hal"
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert dump(document.scenario) == before
    document.undo_stack.redo()
    assert document.scenario.area("halden").name == "Hal"


def test_modified_follows_the_clean_state_of_the_undo_stack(document: ScenarioDocument, tmp_path) -> None:
    assert not document.modified
    commands.execute(document, lambda s: ops.set_area_fields(s, "halden", name="X"))
    assert document.modified
    document.save(tmp_path / "s.mappa.json")
    assert not document.modified
    document.undo_stack.undo()
    assert document.modified
    document.undo_stack.redo()
    assert not document.modified


def test_geometry_edits_update_the_topology_incrementally(document: ScenarioDocument) -> None:
    boundary = document.scenario.map.boundaries[0]
    x, y = boundary.points[1]
    area_before = {a.id: document.topology.area_geometry(a.id).area for a in document.scenario.map.areas}
    commands.execute(document, lambda s: ops.move_vertex(s, boundary.id, 1, (x + 15, y + 10)), "Move")
    area_after = {a.id: document.topology.area_geometry(a.id).area for a in document.scenario.map.areas}
    changed = {a for a in area_before if abs(area_before[a] - area_after[a]) > 1e-6}
    assert len(changed) == 2  # the two areas on either side of the border
    document.undo_stack.undo()
    restored = {a.id: document.topology.area_geometry(a.id).area for a in document.scenario.map.areas}
    assert restored == pytest.approx(area_before)


def test_the_first_edit_after_opening_does_not_check_the_whole_linework(
    qtbot: QtBot, scenario: Scenario, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The whole-linework check that a local update relies on runs once the map is open (the next
    # turn of the event loop, in the document's checker thread), not inside the first drag step
    # (0.2 s on a 5,000-area map).
    from model.topology import LineworkCheck

    document = ScenarioDocument(scenario)
    topology = document.topology
    assert topology.linework_check() is not None  # not yet checked
    calls: list[int] = []
    original = LineworkCheck.run
    monkeypatch.setattr(LineworkCheck, "run", lambda self: calls.append(1) or original(self))
    qtbot.waitUntil(lambda: topology.linework_check() is None, timeout=5000)  # done after opening
    assert calls == [1]
    boundary = scenario.map.boundaries[0]
    x, y = boundary.points[1] if len(boundary.points) > 2 else boundary.points[0]
    index = 1 if len(boundary.points) > 2 else 0
    calls.clear()
    commands.execute(document, lambda s: ops.move_vertex(s, boundary.id, index, (x + 0.5, y)), "Move")
    assert calls == []
    assert topology.last_update_was_local
