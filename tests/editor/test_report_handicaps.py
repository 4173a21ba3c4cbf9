"""The balance report dock's "Apply suggested handicaps": one undo step, undone exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtWidgets import QTableWidget
from pytestqt.qtbot import QtBot

from editor import commands
from editor.mainwindow import MainWindow
from editor.playtest.report import ReportDock, report_dock
from model import io, ops
from model.playtest import BalanceStats, GameResult
from model.playtest.report import build_report, current_handicaps

SEATS = ("aldmoor_kingdom", "kestrian_duchy", "sarnian_league")


def _show_report(window: MainWindow) -> ReportDock:
    """Show a report of three made-up games (means 50, 20 and 32: target 34) in the dock."""
    stats = BalanceStats(SEATS, (), ())
    for i, scores in enumerate(([50, 20, 30], [40, 25, 32], [60, 15, 34])):
        by_seat = dict(zip(SEATS, map(float, scores), strict=True))
        stats.add(GameResult(i, i, by_seat, ("aldmoor_kingdom",), 10, 100))
    dock = report_dock(window)
    dock.show_report(build_report(window.document.scenario, stats.to_json(), {"seed": 1}))
    return dock


def test_applying_the_suggested_handicaps_is_one_undo_step_undone_exactly(window: MainWindow) -> None:
    dock = _show_report(window)
    document = window.document
    assert "Suggested handicaps" in dock.summary.toHtml()
    assert dock.apply_button.isEnabled()
    before = io.dumps(document.scenario)
    steps = document.undo_stack.count()
    dock.apply_button.click()  # the preview first: nothing changes until its Apply
    assert dock.preview is not None and dock.preview.isVisible()
    assert document.undo_stack.count() == steps
    dock.preview.apply_button.click()
    assert not dock.preview.isVisible()
    assert document.undo_stack.count() == steps + 1
    assert document.undo_stack.undoText() == "Apply suggested handicaps"
    assert current_handicaps(document.scenario) == {
        "aldmoor_kingdom": -16,
        "kestrian_duchy": 14,
        "sarnian_league": 2,
    }
    after = io.dumps(document.scenario)
    assert not dock.apply_button.isEnabled()  # the report's "current" handicaps are no longer current
    document.undo_stack.undo()
    assert io.dumps(document.scenario) == before
    assert dock.apply_button.isEnabled()
    document.undo_stack.redo()
    assert io.dumps(document.scenario) == after


def _cells(table: QTableWidget) -> list[list[str]]:
    return [[table.item(r, c).text() for c in range(table.columnCount())] for r in range(table.rowCount())]


def test_the_preview_shows_old_new_and_interval_per_empire_and_the_games_needed(
    window: MainWindow, qtbot: QtBot
) -> None:
    dock = _show_report(window)
    window.show()
    dock.apply_button.click()
    preview = dock.preview
    assert preview is not None and preview.isVisible()
    assert [preview.table.horizontalHeaderItem(c).text() for c in range(4)] == [
        "Empire",
        "Old",
        "New",
        "95% interval",
    ]
    # 3 games; VP spreads (sd) 10, 5 and 2: half-widths 1.96 * sd / sqrt(3) = 11.32, 5.66, 2.26
    names = [e.name for e in window.document.scenario.setup.empires]
    assert _cells(preview.table) == [
        [names[0], "+0", "-16", "-27.3 to -4.7"],
        [names[1], "+0", "+14", "+8.3 to +19.7"],
        [names[2], "+0", "+2", "-0.3 to +4.3"],
    ]
    assert "rests on 3 finished games" in preview.basis.text()
    # ±2 VP with the widest spread (sd 10): (1.96 * 10 / 2)^2 = 96.04 -> 97 games
    assert "The intervals are wide" in preview.precision.text()
    assert "±2 VP needs about 97 games" in preview.precision.text()
    assert preview.run_button.text() == "Run 97 games" and preview.run_button.isEnabled()
    preview.vp_width.setValue(5.0)  # (1.96 * 10 / 5)^2 = 15.4 -> 16
    assert preview.run_button.text() == "Run 16 games"
    preview.reject()  # Cancel: nothing applied
    assert current_handicaps(window.document.scenario) == dict.fromkeys(SEATS, 0)


def test_run_games_from_the_preview_sets_the_games_and_runs(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    dock = _show_report(window)
    ran: list[int] = []
    monkeypatch.setattr(dock, "run", lambda: ran.append(dock.games.value()))
    dock.apply_button.click()
    assert dock.preview is not None
    dock.preview.run_button.click()
    assert ran == [97] and not dock.preview.isVisible()


def test_the_empires_table_shows_the_handicaps(window: MainWindow) -> None:
    dock = _show_report(window)
    assert dock.apply_handicaps()
    model = window.tables_dock.empires.model
    columns = [name for name, _getter in model.columns]
    column = columns.index("Handicap")
    assert columns[column + 1] == "Areas"
    shown = {seat: model.index(model.row_of(seat), column).data() for seat in SEATS}
    assert shown == {"aldmoor_kingdom": -16, "kestrian_duchy": 14, "sarnian_league": 2}


def test_suggestions_from_other_handicaps_are_not_applied(window: MainWindow) -> None:
    dock = _show_report(window)
    document = window.document
    commands.execute(document, lambda s: ops.set_attributes(s, "empire", "kestrian_duchy", "handicap", 5))
    assert not dock.apply_button.isEnabled()
    steps = document.undo_stack.count()
    before = io.dumps(document.scenario)
    assert not dock.apply_handicaps()
    assert "changed since the report ran" in dock.message.text()
    assert document.undo_stack.count() == steps and io.dumps(document.scenario) == before


def test_chart_legends_use_short_seat_names() -> None:
    from editor.playtest.report import short_name

    assert short_name("Kingdom of France") == "France"
    assert short_name("German Empire") == "German"
    assert short_name("Duchy of Poland") == "Poland"
    assert short_name("Kievan Russia") == "Kievan Russia"
    assert short_name("Cometopuli (Samuel of Bulgaria)") == "Cometopuli (Samuel of Bulgaria)"


def test_compare_with_a_report_shows_both_side_by_side(window: MainWindow, tmp_path: Path) -> None:
    dock = _show_report(window)
    assert dock.compare_button.isEnabled()
    before = json.loads(json.dumps(dock.report))
    before["empires"]["aldmoor_kingdom"]["wins"] = 0.0
    before["empires"]["aldmoor_kingdom"]["win_rate"] = 0.0
    before["empires"]["aldmoor_kingdom"]["win_rate_ci95"] = [0.0, 0.5615]
    before["settings"]["seed"] = 7
    path = tmp_path / "report.json"
    path.write_text(json.dumps(before), encoding="utf-8")
    dialog = dock.compare_with(path)
    assert dialog is not None and dialog.isVisible()
    cells = _cells(dialog.seats)
    # A: 0 of 3 wins, B (this report): 3 of 3: pooled 0.5, z = 2.449, p = 0.0143 (significant)
    assert cells[0][1:5] == ["0.0%  [0.0–56.1]", "100.0%  [43.9–100.0]", "+100.0*", "0.0143"]
    assert dialog.seats.item(0, 3).font().bold()
    assert cells[1][3:5] == ["+0.0", "1.0000"] and not dialog.seats.item(1, 3).font().bold()
    assert "seed 7" in dialog.heading.text()
