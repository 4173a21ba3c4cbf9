"""Play-test mode: start, a human seat clicking an endeavour, AI seats to the end, undo, capture, replay."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCharts import QBarCategoryAxis
from PySide6.QtCore import QPointF, Qt
from pytestqt.qtbot import QtBot

from editor.files import DEFAULT_SCENARIO
from editor.mainwindow import MainWindow
from editor.playtest import dialog as dialog_module
from editor.playtest.controller import PlaytestController
from editor.playtest.overlay import chip_texts
from editor.playtest.session import HUMAN, PlaytestSession, PlaytestSetup
from model import io
from model.rules.protocol import is_automatic
from tests.editor.playtest_prompts import ScriptedPrompts

SEED = 11


def _controller(window: MainWindow) -> PlaytestController:
    controller = window.playtest  # type: ignore[attr-defined]
    assert isinstance(controller, PlaytestController)
    return controller


def _all_ai(window: MainWindow, level: str = "random") -> PlaytestSetup:
    return PlaytestSetup({e.id: level for e in window.document.scenario.setup.empires}, SEED)


def test_the_play_test_action_opens_the_dialog_and_starts_without_changing_the_document(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = io.dumps(window.document.scenario)
    seen: list[dialog_module.PlaytestSetupDialog] = []

    def ask(scenario, spec, parent):  # type: ignore[no-untyped-def]
        built = dialog_module.PlaytestSetupDialog(scenario, spec, parent)
        box = built.seat_boxes["kestrian_duchy"]
        # Every AI level the ruleset offers, the search level included (issue 16).
        assert [box.itemData(i) for i in range(box.count())][1:] == ["random", "mcts", "heuristic"]
        built.set_seat("kestrian_duchy", "random")
        built.seed.setValue(SEED)
        seen.append(built)
        return built.setup()

    monkeypatch.setattr(dialog_module, "ask_setup", ask)
    window.actions_by_name["playtest"].trigger()
    controller = _controller(window)
    session = controller.session
    assert session is not None and seen
    assert session.seats["aldmoor_kingdom"] == HUMAN  # the first seat is the author's by default
    assert session.seats["kestrian_duchy"] == "random"
    assert session.seed == SEED
    assert controller.dock.isVisibleTo(window)
    # The overlay shows the game: Aldmoor's court and fort chips under its name.
    assert "♛" in chip_texts(controller.overlay, "aldmoor")  # type: ignore[arg-type]
    assert window.tool is window.tools["playtest"]
    session.run_to_end(200)
    assert io.dumps(window.document.scenario) == before
    assert not window.isWindowModified()
    controller.stop()
    assert "playtest" not in window.tools
    assert window.scene.layers["units"].isVisible()


def test_a_human_seat_takes_an_endeavour_by_clicking_an_area(window: MainWindow, qtbot: QtBot) -> None:
    controller = _controller(window)
    seats = {e.id: "random" for e in window.document.scenario.setup.empires}
    seats["aldmoor_kingdom"] = HUMAN
    assert controller.start(PlaytestSetup(seats, SEED))
    session = controller.session
    assert session is not None
    # AI seats play until Aldmoor must act in its own turn (past initiative and army movement).
    for _ in range(50):
        session.run_to_end()
        texts = [str(a) for a in session.legal_actions()]
        if any(t.startswith("conquest") for t in texts):
            break
        session.act("end-movement" if "end-movement" in texts else texts[0])
    assert session.human_to_act()
    legal = [str(a) for a in session.legal_actions()]
    target = next(t for t in legal if t.startswith("conquest")).split()[1]
    window.show()
    window.view.fit_map()
    area = window.document.scenario.area_index()[target]
    point = window.view.mapFromScene(QPointF(*area.anchors[0]))
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert controller.area == target
    shown = controller.dock.shown_choices()
    assert shown and all(target in c.areas for c in shown)
    conquest = next(i for i, c in enumerate(shown) if c.verb == "conquest")
    controller.dock.choices.setCurrentRow(conquest)
    golds = [controller.dock.gold.itemData(i) for i in range(controller.dock.gold.count())]
    assert golds[0] == 0 and len(golds) > 1  # the gold choice (9.33)
    # Each amount says what it buys: the rating and price the engine would use now (9, 9.33).
    for i, gold in enumerate(golds):
        action = shown[conquest].action(gold)
        assert controller.dock.gold.itemText(i).endswith(session.state.preview(action))
        assert "rating" in controller.dock.gold.itemText(i)
    controller.dock.gold.setCurrentIndex(1)
    # Before Do it, the chance the engine gives the chosen conquest with the chosen gold (issue 18.10).
    chance = session.state.chance(shown[conquest].action(golds[1]))
    assert chance is not None
    assert controller.dock.chance_label.text().startswith(f"Chance of success: {round(100 * chance)}%")
    actions_before = len(session.actions)
    qtbot.mouseClick(controller.dock.do_button, Qt.MouseButton.LeftButton)
    assert len(session.actions) == actions_before + 1
    done = session.actions[-1]
    assert done.startswith(f"conquest {target} from ") and done.endswith(f"+{golds[1]}")
    assert session.log[-1].action == done
    assert controller.log_dock.log.topLevelItemCount() == len(session.log)
    # The log shows names where the engine's text has ids.
    logged = controller.log_dock.log.topLevelItem(controller.log_dock.log.topLevelItemCount() - 1)
    target_name = window.document.scenario.area(target).name
    assert logged.text(3).startswith(f"conquest {target_name} from ") and target_name != target
    # Once the card is turned up (after the defender's answer, if any), the conquest's outcome is a
    # line of the log, on the map and on the status bar.
    session.run_to_end(3)
    resolved = [e for e in session.log[-4:] if session.state.outcome(e)]
    assert resolved, "the conquest was resolved within the next actions"
    log = controller.log_dock.log
    rows = [log.topLevelItem(i).text(4) for i in range(log.topLevelItemCount())]
    said = rows[resolved[0].seq]
    assert said.startswith(f"conquest of {target_name} ")
    assert "succeeded" in said or "failed" in said


def test_ai_seats_finish_a_game_with_auto_play(window: MainWindow, qtbot: QtBot) -> None:
    controller = _controller(window)
    assert controller.start(_all_ai(window))
    session = controller.session
    assert session is not None
    controller.dock.speed.setValue(controller.dock.speed.maximum())  # as fast as the UI allows
    controller.dock.play_button.setChecked(True)
    assert session.running
    qtbot.waitUntil(lambda: session.state.is_over(), timeout=60_000)
    assert not session.running
    assert "Game over" in controller.dock.status.text()
    scores = session.state.scores()
    rows = controller.dock.table.rowCount()
    assert rows == len(scores) == 3
    shown = {
        controller.dock.table.item(r, 0).text(): controller.dock.table.item(r, 3).text() for r in range(rows)
    }
    names = {e.id: e.name for e in window.document.scenario.setup.empires}
    assert shown == {names[p]: f"{s:g}" for p, s in scores.items()}


def test_play_to_end_of_round_stops_in_the_next_round(window: MainWindow, qtbot: QtBot) -> None:
    controller = _controller(window)
    assert controller.start(_all_ai(window))
    session = controller.session
    assert session is not None
    start_round = session.state.cursor()[0]
    controller.dock.round_button.click()
    qtbot.waitUntil(lambda: not session.running, timeout=30_000)
    assert session.state.cursor()[0] == start_round + 1


def test_undo_to_an_earlier_action_replays_the_same_position(window: MainWindow) -> None:
    controller = _controller(window)
    assert controller.start(_all_ai(window))
    session = controller.session
    assert session is not None
    for _ in range(40):
        session.step()
    copy = session.game.new_state(SEED)
    for text in session.actions[:25]:
        copy.apply(text)
    at_25 = copy.to_json()
    session.go_to(25)
    assert len(session.actions) == 25
    assert session.state.to_json() == at_25
    controller.log_dock.log.setCurrentItem(controller.log_dock.log.topLevelItem(10))
    controller.back_to_chosen()
    assert len(session.log) == 10


def test_capture_is_one_edit_that_one_undo_takes_back(window: MainWindow) -> None:
    controller = _controller(window)
    assert controller.start(_all_ai(window))
    session = controller.session
    assert session is not None
    for _ in range(300):
        session.step()
    before = io.dumps(window.document.scenario)
    prompts = ScriptedPrompts()
    controller.prompts = prompts
    view = session.view()
    assert controller.capture()
    shown = prompts.captures
    assert shown and shown[0] and not prompts.warnings
    scenario = window.document.scenario
    assert {
        a: (scenario.setup.areas[a].owner if a in scenario.setup.areas else None) for a in view["areas"]
    } == {a: v["owner"] for a, v in view["areas"].items()}
    assert window.document.undo_stack.count() == 1
    assert window.isWindowModified()
    window.document.undo_stack.undo()
    assert io.dumps(window.document.scenario) == before
    window.document.undo_stack.redo()
    assert io.dumps(window.document.scenario) != before


def test_the_saved_log_replays_to_the_same_position(window: MainWindow, tmp_path: Path) -> None:
    controller = _controller(window)
    assert controller.start(_all_ai(window))
    session = controller.session
    assert session is not None
    for _ in range(120):
        session.step()
    position = session.state.to_json()
    path = tmp_path / "game.log.json"
    assert controller.save_log(path)
    controller.stop()
    assert controller.load_log(path)
    loaded = controller.session
    assert loaded is not None and loaded is not session
    assert loaded.state.to_json() == position
    assert [e.to_json() for e in loaded.log] == [e.to_json() for e in session.log]
    assert controller.log_dock.log.topLevelItemCount() == len(loaded.log)


def test_an_engine_exception_stops_the_play_test_with_a_replay(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("editor.playtest.session.replay_folder", lambda: tmp_path)
    controller = _controller(window)
    assert controller.start(_all_ai(window))
    session = controller.session
    assert session is not None
    for _ in range(5):
        session.step()
    state_type = type(session.state)
    original = state_type._apply

    def broken(self, action):  # type: ignore[no-untyped-def]
        raise ZeroDivisionError("a rules bug")

    monkeypatch.setattr(state_type, "_apply", broken)
    session.step_once()
    assert session.stopped and session.failure is not None
    assert "ZeroDivisionError: a rules bug" in controller.dock.error.text()
    assert session.failure.action is not None
    assert session.failure.replay_path is not None and session.failure.replay_path.exists()
    assert not session.step()  # a stopped session plays nothing more
    monkeypatch.setattr(state_type, "_apply", original)
    # The replay file reproduces the failure: loading it applies the failing action again.
    monkeypatch.setattr(state_type, "_apply", broken)
    replayed = PlaytestSession.from_replay(window.document.scenario, session.failure.replay_path)
    assert replayed.stopped


def test_the_balance_report_runs_in_a_worker_and_feeds_the_changed_hands_mode(
    window: MainWindow, qtbot: QtBot
) -> None:
    from editor.playtest import changed_mode
    from editor.playtest.report import ReportDock, win_rate_labels

    window.actions_by_name["balance_report"].trigger()
    dock = window.report_dock  # type: ignore[attr-defined]
    assert isinstance(dock, ReportDock) and dock.isVisibleTo(window)
    dock.games.setValue(4)
    dock.jobs.setValue(1)
    dock.seed.setValue(5)
    dock.run_button.click()
    assert not dock.run_button.isEnabled() and dock.cancel_button.isEnabled()
    qtbot.waitUntil(lambda: dock.report is not None and dock.worker is None, timeout=120_000)
    report = dock.report
    assert report is not None and report["games"] == 4
    assert dock.progress.value() == 4
    assert dock.win_view.chart().series()[0].barSets()[0].count() == 3
    # The win rates name their seats on the axis, each with its rate; the boxes in the legend.
    axis = dock.win_view.chart().axes(Qt.Orientation.Vertical)[0]
    assert isinstance(axis, QBarCategoryAxis)
    assert axis.categories() == win_rate_labels(report, dock._names())
    assert all(label.endswith("%") for label in axis.categories())
    assert len([m for m in dock.vp_view.chart().legend().markers() if m.isVisible()]) == 3
    assert "Game length" in dock.summary.toHtml()
    assert "mode_changed_hands" in window.actions_by_name  # listed in View > Map mode
    dock.map_button.click()
    assert window.scene.mode_id == changed_mode.MODE_ID
    per_game = {a: d["per_game"] for a, d in report["area_changes"].items()}
    busiest = max(per_game, key=lambda a: per_game[a])
    assert per_game[busiest] > 0
    assert window.scene.areas[busiest].brush().color().name() == changed_mode.RAMP[-1]


def test_a_decision_point_shows_as_choices_for_the_human_seat(window: MainWindow) -> None:
    from editor.playtest.choices import group_actions

    controller = _controller(window)
    seats = {e.id: "random" for e in window.document.scenario.setup.empires}
    seats["kestrian_duchy"] = HUMAN
    assert controller.start(PlaytestSetup(seats, SEED))
    session = controller.session
    assert session is not None
    for _ in range(600):
        session.run_to_end()
        if session.state.is_over() or session.view().get("decision"):
            break
        # The human seat does the least it can until another seat's endeavour asks it something.
        texts = [str(a) for a in session.legal_actions()]
        quiet = [t for t in ("end-movement", "end-turn", "end-taxation") if t in texts]
        session.act(quiet[0] if quiet else texts[-1])
    decision = session.view().get("decision")
    assert decision, "a whole game passes without asking the human seat anything"
    controller.refresh()
    shown = controller.dock.shown_choices()
    assert [c.key for c in shown] == [c.key for c in group_actions(session.legal_actions())]
    # The hint is a sentence with names and the rule (not the engine's kind and ids).
    about = session.view()["decision_about"]
    hint = controller.dock.choices_hint.text()
    names = {a.id: a.name for a in window.document.scenario.map.areas}
    assert hint.startswith(window.document.scenario.empire("kestrian_duchy").name)
    assert all(names[a] in hint for a in about["areas"][:1])
    assert "(" in hint and f"({decision})" not in hint
    assert controller.overlay is not None
    assert set(controller.overlay.highlighted) == set(about["areas"])
    assert controller.choose(shown[-1], shown[-1].golds[0])
    assert session.log[-1].player == "kestrian_duchy"


def test_a_seasons_scenario_plays_to_the_end_with_its_own_overlay(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    assert window.open_path(DEFAULT_SCENARIO.parent / "seasons-isles.mappa.json")
    controller = _controller(window)
    assert controller.start(_all_ai(window))
    session = controller.session
    assert session is not None
    session.run_to_end()
    assert session.state.is_over()
    board = session.state.to_json()["board"]
    owned = next(a for a, d in board["areas"].items() if d["owner"])
    colour = next(
        e.colour for e in window.document.scenario.setup.empires if e.id == board["areas"][owned]["owner"]
    )
    assert window.scene.areas[owned].brush().color().name() == colour.lower()
    assert chip_texts(controller.overlay, owned)[0] == str(board["areas"][owned]["resources"])  # type: ignore[arg-type]
    gold = {
        controller.dock.table.item(r, 0).text(): controller.dock.table.item(r, 2).text() for r in range(2)
    }
    names = {e.id: e.name for e in window.document.scenario.setup.empires}
    assert gold == {names[n]: str(d["resources"]) for n, d in list(board["nations"].items())[:2]}


def test_opening_another_scenario_ends_the_play_test(window: MainWindow) -> None:
    controller = _controller(window)
    assert controller.start(_all_ai(window))
    assert window.open_path(DEFAULT_SCENARIO.parent / "seasons-isles.mappa.json")
    assert controller.session is None
    assert "playtest" not in window.tools


def test_back_one_returns_to_the_human_seats_last_decision_and_restart_keeps_the_seed(
    window: MainWindow,
) -> None:
    controller = _controller(window)
    seats = {e.id: "random" for e in window.document.scenario.setup.empires}
    seats["sarnian_league"] = HUMAN
    assert controller.start(PlaytestSetup(seats, SEED))
    session = controller.session
    assert session is not None
    session.run_to_end()
    first = [str(a) for a in session.legal_actions()][-1]
    session.act(first)
    mine = len(session.actions) - 1
    session.run_to_end()
    assert len(session.actions) > mine + 1 or session.human_to_act()
    controller.dock.back_button.click()
    assert len(session.actions) == mine and session.human_to_act()
    assert controller.banner.isVisibleTo(window) and "Sarnian League" in controller.banner.text()
    opening = session.game.new_state(SEED).to_json()
    controller.dock.restart_button.click()
    assert session.seed == SEED and session.actions == []
    assert session.state.to_json() == opening
    controller.dock.new_seed_button.click()
    assert session.seed != SEED


def test_cancelling_the_balance_report_keeps_the_games_played_so_far(
    window: MainWindow, qtbot: QtBot
) -> None:
    from editor.playtest.report import report_dock

    dock = report_dock(window)
    dock.games.setValue(500)
    dock.jobs.setValue(1)
    dock.run_button.click()
    dock.cancel_button.click()
    qtbot.waitUntil(lambda: dock.worker is None, timeout=120_000)
    assert dock.report is not None
    assert dock.report["games"] < 500
    assert dock.message.text().startswith("Cancelled")
    assert dock.run_button.isEnabled()


def test_going_back_from_a_checkpoint_gives_the_same_position_as_a_full_replay(window: MainWindow) -> None:
    from editor.playtest.session import CHECKPOINT_EVERY

    controller = _controller(window)
    assert controller.start(_all_ai(window))
    session = controller.session
    assert session is not None
    for _ in range(3 * CHECKPOINT_EVERY + 7):
        session.step()
    target = 2 * CHECKPOINT_EVERY + 3
    expected = session.game.new_state(SEED)
    for text in session.actions[:target]:
        expected.apply(text)
    session.go_to(target)
    assert session.state.to_json() == expected.to_json()
    for _ in range(CHECKPOINT_EVERY):
        session.step()
    session.go_to(5)
    # The start entry and five actions, with the automatic steps they set off (a turn's start).
    assert len(session.actions) == 5 and session.log[0].action == "start"
    assert [e.action for e in session.log if not is_automatic(e)] == session.actions


def test_the_play_test_menu_steps_and_does_nothing_without_a_game(window: MainWindow) -> None:
    controller = _controller(window)
    window.actions_by_name["playtest_step"].trigger()  # no game: nothing happens, nothing raises
    assert controller.session is None
    assert controller.start(_all_ai(window))
    session = controller.session
    assert session is not None
    window.actions_by_name["playtest_step"].trigger()
    window.actions_by_name["playtest_step"].trigger()
    assert len(session.actions) == 2
    window.actions_by_name["playtest_back"].trigger()
    assert len(session.actions) == 1
    window.actions_by_name["playtest_stop"].trigger()
    assert controller.session is None and not controller.dock.isVisibleTo(window)


def test_stopping_brings_the_editing_docks_back_to_the_front(window: MainWindow, qtbot: QtBot) -> None:
    from PySide6.QtWidgets import QTabBar

    def front(title: str) -> str:
        """The current tab of the dock tab bar that holds ``title``."""
        for bar in window.findChildren(QTabBar):
            titles = [bar.tabText(i) for i in range(bar.count())]
            if title in titles:
                return bar.tabText(bar.currentIndex())
        return ""

    window.show()
    controller = _controller(window)
    assert controller.start(_all_ai(window))
    qtbot.wait(20)  # the dock tab bars follow on the next layout pass
    assert front("Issues") == "Play-test log" and front("Inspector") == "Play-test"
    controller.stop()
    qtbot.wait(20)
    assert front("Issues") == "Issues" and front("Inspector") == "Inspector"


def test_the_seat_table_names_you_and_each_court(window: MainWindow) -> None:
    controller = _controller(window)
    seats = {e.id: "random" for e in window.document.scenario.setup.empires}
    seats["aldmoor_kingdom"] = HUMAN
    assert controller.start(PlaytestSetup(seats, SEED))
    table = controller.dock.table
    headers = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    # EotMA keeps the shared headings (editor.rulesets.SeatTable's default), every column shown.
    assert headers == ["Seat", "Player", "Gold", "VP", "Court"]
    assert not any(table.isColumnHidden(c) for c in range(table.columnCount()))
    rows = {
        table.item(r, 0).text(): [table.item(r, c).text() for c in range(5)] for r in range(table.rowCount())
    }
    scenario = window.document.scenario
    mine = rows[scenario.empire("aldmoor_kingdom").name]
    assert mine[headers.index("Player")] == "You"
    court = scenario.empire("aldmoor_kingdom").attributes["court"]
    assert mine[headers.index("Court")] == scenario.area(court).name != court


def test_the_legend_lists_the_owners_on_the_map(window: MainWindow) -> None:
    # Every empire and the Magnate of the default scenario hold areas at the start and some land
    # is independent, so the legend of the powers on the map lists them all, in setup order.
    controller = _controller(window)
    assert controller.start(_all_ai(window))
    assert window.legend_dock.labels() == [
        "Kingdom of Aldmoor",
        "Duchy of Kestria",
        "Sarnian League",
        "Count of Dravia (Magnate)",
        "Independent",
    ]
    controller.stop()
