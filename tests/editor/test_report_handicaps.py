"""The balance report dock's "Apply suggested handicaps": one undo step, undone exactly."""

from __future__ import annotations

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
    dock.apply_button.click()
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
