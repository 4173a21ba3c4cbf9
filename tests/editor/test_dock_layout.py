"""The docks fit a 1366 x 768 screen and up, and the layout is the user's: kept between sessions,
put back by View > Reset layout (issue 18.7: at 1500 x 950 the seat table was cut off, the chart
labels overlapped the bars and the Tables dock showed three rows)."""

from __future__ import annotations

import pytest
from editor_helpers import playtest_controller
from PySide6.QtCharts import QBarCategoryAxis
from PySide6.QtCore import QSettings, QSize, Qt
from PySide6.QtWidgets import QApplication, QDockWidget, QHeaderView
from pytestqt.qtbot import QtBot

from editor import window_layout
from editor.files import SCENARIOS_DIR
from editor.mainwindow import MainWindow
from editor.playtest.report import report_dock, win_rate_chart, win_rate_labels
from editor.playtest.session import HUMAN, PlaytestSetup

SMALL_SCREEN = QSize(1366, 768 - 30)  # a 1366 x 768 screen less a panel


def test_the_window_takes_a_small_screens_free_area_and_its_preferred_size_on_a_big_one() -> None:
    assert window_layout.initial_size(SMALL_SCREEN) == SMALL_SCREEN
    assert window_layout.initial_size(QSize(2560, 1400)) == QSize(1500, 950)
    assert window_layout.initial_size(QSize(800, 600)) == QSize(1024, 640)


def test_dock_shares_follow_the_window_within_their_limits() -> None:
    assert window_layout.dock_sizes(QSize(1366, 738)) == (369, 191, 236)
    assert window_layout.dock_sizes(QSize(1024, 640)) == (340, 180, 210)
    assert window_layout.dock_sizes(QSize(2560, 1400)) == (460, 240, 330)


@pytest.fixture
def small_window(qtbot: QtBot) -> MainWindow:
    """Millennium 976 (seven seats, Magnates, raiders) in a window the size of a 1366 x 768 screen."""
    window = MainWindow()
    qtbot.addWidget(window)
    assert window.open_path(SCENARIOS_DIR / "medieval-europe-976.mappa.json")
    window.resize(SMALL_SCREEN)
    window.show()
    qtbot.waitExposed(window)
    window_layout.size_docks(window)
    QApplication.processEvents()
    return window


def _rows_shown(table: object) -> int:
    view = table.table  # type: ignore[attr-defined]
    return view.viewport().height() // view.verticalHeader().defaultSectionSize()


def test_the_tables_dock_shows_several_rows_with_the_filter_beside_the_tabs(small_window: MainWindow) -> None:
    tables = small_window.tables_dock
    tables.show()
    tables.raise_()
    QApplication.processEvents()
    assert tables.tabs.cornerWidget(Qt.Corner.TopRightCorner) is tables.filters
    assert tables.filters.currentWidget() is tables.areas.filter
    assert _rows_shown(tables.areas) >= 5  # three before, at 1500 x 950
    tables.tabs.setCurrentWidget(tables.units)
    assert tables.filters.currentWidget() is tables.units.filter
    tables.units.filter.setText("no such unit")
    assert tables.units.proxy.rowCount() == 0


def test_the_seat_table_fits_the_play_test_panel_without_scrolling_sideways(small_window: MainWindow) -> None:
    controller = playtest_controller(small_window)
    empires = [e.id for e in small_window.document.scenario.setup.empires]
    seats = dict.fromkeys(empires, "random") | {empires[0]: HUMAN}
    assert controller.start(PlaytestSetup(seats, 1))
    QApplication.processEvents()
    table = controller.dock.table
    assert table.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    header = table.horizontalHeader()
    assert header.sectionResizeMode(0) == QHeaderView.ResizeMode.Stretch
    used = sum(header.sectionSize(c) for c in range(table.columnCount()))
    assert used <= table.viewport().width()
    assert table.rowCount() == 7
    assert table.item(0, 0).toolTip() == "German Empire"  # whole even where the column elides it


def test_win_rates_name_each_seat_with_its_rate_beside_the_bars() -> None:
    report = {
        "empires": {
            "france": {"win_rate": 0.145, "win_rate_ci95": [0.1, 0.2]},
            "germany": {"win_rate": 0.0, "win_rate_ci95": [0.0, 0.05]},
        }
    }
    names = {"france": "Kingdom of France", "germany": "German Empire"}
    chart = win_rate_chart(report, names)
    axis = chart.axes(Qt.Orientation.Vertical)[0]
    assert isinstance(axis, QBarCategoryAxis)
    assert axis.categories() == ["France 14.5%", "German 0.0%"] == win_rate_labels(report, names)
    bars = chart.series()[0]
    assert not bars.isLabelsVisible()  # no number sits on (or spills over) a bar
    assert not chart.legend().isVisible()


def _place(window: MainWindow, dock: QDockWidget) -> tuple[str, bool, list[str]]:
    tabbed = sorted(d.objectName() for d in window.tabifiedDockWidgets(dock))
    return window.dockWidgetArea(dock).name, dock.isHidden(), tabbed


def test_reset_layout_puts_every_dock_back(small_window: MainWindow) -> None:
    window = small_window
    report_dock(window)
    first = {dock.objectName(): _place(window, dock) for dock in window_layout.all_docks(window)}
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, window.inspector)
    window.tables_dock.setFloating(True)
    window.legend_dock.hide()
    assert _place(window, window.inspector)[0] == "LeftDockWidgetArea"
    window.actions_by_name["reset_layout"].trigger()
    QApplication.processEvents()
    again = {dock.objectName(): _place(window, dock) for dock in window_layout.all_docks(window)}
    assert again == first
    assert not window.tables_dock.isFloating()
    assert window.inspector.width() == pytest.approx(window_layout.dock_sizes(window.size())[0], abs=12)


def test_the_layout_is_kept_for_the_next_session(qtbot: QtBot, small_window: MainWindow) -> None:
    window = small_window
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, window.history_dock)
    window.history_dock.show()
    assert window.close()
    assert int(QSettings().value(window_layout.VERSION_KEY)) == window_layout.LAYOUT_VERSION
    later = MainWindow()
    qtbot.addWidget(later)
    assert later.dockWidgetArea(later.history_dock) == Qt.DockWidgetArea.LeftDockWidgetArea
    later.reset_layout()
    assert later.dockWidgetArea(later.history_dock) == Qt.DockWidgetArea.RightDockWidgetArea
    assert QSettings().value(window_layout.STATE_KEY) is None


def test_a_layout_saved_by_another_version_is_ignored(qtbot: QtBot, small_window: MainWindow) -> None:
    window = small_window
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, window.history_dock)
    assert window.close()
    QSettings().setValue(window_layout.VERSION_KEY, window_layout.LAYOUT_VERSION - 1)
    later = MainWindow()
    qtbot.addWidget(later)
    assert later.dockWidgetArea(later.history_dock) == Qt.DockWidgetArea.RightDockWidgetArea
