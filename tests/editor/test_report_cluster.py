"""The balance report dock's Cluster field: remembered per user, and a run there gives the same report."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from editor.mainwindow import MainWindow
from editor.playtest.report import CLUSTER_KEY, ReportDock, report_dock


def _run(dock: ReportDock, qtbot: QtBot) -> dict[str, object]:
    dock.run_button.click()
    qtbot.waitUntil(lambda: dock.worker is None, timeout=120_000)
    assert dock.report is not None, dock.message.text()
    report = dock.report
    dock.report = None
    return report


def test_a_run_on_a_cluster_gives_the_local_report_and_the_address_is_remembered(
    window: MainWindow, qtbot: QtBot
) -> None:
    dock = report_dock(window)
    assert dock.cluster.text() == ""  # empty: play locally
    dock.games.setValue(3)
    dock.jobs.setValue(1)
    dock.seed.setValue(7)
    local = _run(dock, qtbot)
    # Worker threads in this process: the cluster path (scheduler, tasks, results as they
    # arrive) without the seconds worker processes take to start.
    dock.cluster.setText("local-threads:2")
    dock.cluster.editingFinished.emit()
    assert QSettings().value(CLUSTER_KEY) == "local-threads:2"
    on_cluster = _run(dock, qtbot)
    assert on_cluster == local
    assert report_dock(window) is dock
    assert ReportDock(window).cluster.text() == "local-threads:2"  # a new dock reads it back


def test_an_unusable_cluster_address_is_said_in_the_dock(window: MainWindow, qtbot: QtBot) -> None:
    dock = report_dock(window)
    dock.games.setValue(2)
    dock.cluster.setText("local:none")
    dock.run_button.click()
    qtbot.waitUntil(lambda: dock.worker is None, timeout=60_000)
    assert dock.report is None
    assert "local:none" in dock.message.text() and "local:W" in dock.message.text()
