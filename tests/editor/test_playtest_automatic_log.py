"""The play-test log and the map message tell the raiders' attacks (24) as the raiders', not as the
doing of the player whose action set them off (a defence, the round's last end of turn), on the
shipped 976 scenario with raiders and Magnates on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from editor.mainwindow import MainWindow
from editor.playtest.controller import PlaytestController
from editor.playtest.session import HUMAN, PlaytestSession, PlaytestSetup

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "medieval-europe-976.mappa.json"
SEED = 3


@pytest.fixture
def controller(qtbot: QtBot) -> PlaytestController:
    window = MainWindow()
    qtbot.addWidget(window)
    assert window.open_path(SCENARIO)
    controller = window.playtest  # type: ignore[attr-defined]
    assert isinstance(controller, PlaytestController)
    seats = dict.fromkeys((e.id for e in window.document.scenario.setup.empires), HUMAN)
    assert controller.start(PlaytestSetup(seats, SEED))
    return controller


def _act(controller: PlaytestController, session: PlaytestSession, text: str) -> None:
    """A human seat's action, told to the views as the play-test's Do it does."""
    session.act(text)
    session.changed.emit()


def _to_the_second_round(controller: PlaytestController, session: PlaytestSession) -> None:
    """Every seat declines every defence and ends its turn at once, to the first round's end."""
    while session.state.cursor()[0] == 0:
        legal = [str(a) for a in session.legal_actions()]
        _act(
            controller,
            session,
            "decline" if "decline" in legal else "end-turn" if "end-turn" in legal else legal[0],
        )


def _rows(controller: PlaytestController) -> list[list[str]]:
    log = controller.log_dock.log
    return [[log.topLevelItem(i).text(c) for c in range(5)] for i in range(log.topLevelItemCount())]


def _effects(controller: PlaytestController, row: int) -> list[str]:
    item = controller.log_dock.log.topLevelItem(row)
    return [item.child(i).text(3) for i in range(item.childCount())]


def test_raids_after_a_defence_read_as_the_raiders_in_the_log_and_on_the_map(
    controller: PlaytestController,
) -> None:
    session = controller.session
    assert session is not None
    _to_the_second_round(controller, session)
    rows = _rows(controller)
    # Kiev's end of turn ended the round: the new round and the raiders' target rolls follow it,
    # each on a row of its own, named after what did it.
    assert rows[-3][2:4] == ["Kievan Russia", "end-turn"] and _effects(controller, len(rows) - 3) == []
    assert rows[-2][1:4] == ["2 round-start", "Round start", "round-start"] and rows[-2][4] == "round 2 (981)"
    assert rows[-1][1:4] == ["2 raiders", "Raiders", "raiders"]
    assert all(" target: " in effect for effect in _effects(controller, len(rows) - 1))
    assert session.current_player() == "kievan_rus"  # the first raid, on Kiev, waits for its answer
    shown = len(rows)
    _act(controller, session, "defend +1")
    rows = _rows(controller)
    assert len(rows) == shown + 2 == len(session.log)
    defence, raid = rows[-2:]
    assert defence[2:4] == ["Kievan Russia", "defend +1"]
    assert not any("Kent" in effect for effect in _effects(controller, shown))
    # The raid on independent Kent is the raiders' entry, with its card and rating (24).
    assert raid[1:5] == ["2 raiders", "Raiders", "raiders", "Kent: social state 0 -> -1"]
    card = session.log[-1].effects[0].split("card ")[1].split(",")[0]
    assert _effects(controller, shown + 1) == [
        f"Vikings attack Kent: card {card}, rating 6",
        "Kent: social state 0 -> -1",
    ]
    # The map message and the status bar tell Kiev's own outcome, then the raiders' on a line of theirs.
    note = controller.note.text().splitlines()
    assert note[0].startswith("Kievan Russia: ") and note[-1] == "Raiders: Kent: social state 0 -> -1"
    assert not any(line.startswith("Kievan Russia: Kent") for line in note)
    assert controller.window.status.currentMessage().endswith(" · Raiders: Kent: social state 0 -> -1")


def test_going_back_to_an_automatic_entry_goes_back_before_the_action_that_set_it_off(
    controller: PlaytestController,
) -> None:
    session = controller.session
    assert session is not None
    _to_the_second_round(controller, session)
    _act(controller, session, "defend +1")
    actions = list(session.actions)
    raid = session.log[-1]
    assert raid.action == "raiders" and session.log[-2].action == "defend +1"
    session.undo_to_entry(raid.seq)
    assert session.actions == actions[:-1] and session.current_player() == "kievan_rus"
    assert session.log[-1].action == "raiders"  # the target rolls of the round's start are back


def test_a_log_saved_before_automatic_entries_existed_still_loads(
    controller: PlaytestController, tmp_path: Path
) -> None:
    session = controller.session
    assert session is not None
    _to_the_second_round(controller, session)
    _act(controller, session, "defend +1")
    path = tmp_path / "old.log.json"
    assert controller.save_log(path)
    # Such a log held each action's automatic steps among its own effects, renumbered.
    data = json.loads(path.read_text(encoding="utf-8"))
    old: list[dict[str, Any]] = []
    for entry in data["log"]:
        if entry["player"] is None and old:
            old[-1]["effects"] += entry["effects"]
        else:
            old.append({**entry, "seq": len(old)})
    assert len(old) == len(session.actions) + 1 < len(data["log"])
    path.write_text(json.dumps({**data, "log": old}), encoding="utf-8")
    position, log = session.state.to_json(), [e.to_json() for e in session.log]
    controller.stop()
    assert controller.load_log(path)
    loaded = controller.session
    assert loaded is not None and loaded.state.to_json() == position
    assert [e.to_json() for e in loaded.log] == log  # read again as the engine logs it now
