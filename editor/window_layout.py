"""Where the main window's docks go, how big they start, and the layout remembered per user.

The docks are placed once by :func:`place_docks`; their sizes follow the window's size
(:func:`size_docks`), so that the map keeps most of a 1366 x 768 screen and a bigger screen gives
the panels more room. The window first opens at a size that fits the screen (:func:`initial_size`).
The layout the user made (dock positions, sizes, tabs, what shows) is saved with ``saveState`` in
QSettings when the window closes and restored on the next launch (:func:`restore_layout`);
View > Reset layout puts every dock back where :func:`place_docks` puts it (:func:`reset_layout`).
A saved layout of another :data:`LAYOUT_VERSION` is ignored: docks added or moved since then
would be lost in it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QSettings, QSize, Qt, QTimer
from PySide6.QtWidgets import QDockWidget

if TYPE_CHECKING:
    from editor.mainwindow import MainWindow

LAYOUT_VERSION = 2
"""Version of the dock layout saved with ``saveState``; a state saved with another is ignored."""
GEOMETRY_KEY = "window/geometry"
STATE_KEY = "window/state"
VERSION_KEY = "window/layout_version"

PREFERRED_SIZE = QSize(1500, 950)
"""The window's size on a screen that has room for it; a smaller screen gets its whole free area."""
SMALLEST_SIZE = QSize(1024, 640)
"""Below this the docks cannot show their contents; the window's minimum size."""

RIGHT_SHARE, RIGHT_MIN, RIGHT_MAX = 0.27, 340, 460
"""The inspector's column: about a quarter of the width, 340 to 460 px (the play-test seat table fits)."""
LEFT_SHARE, LEFT_MIN, LEFT_MAX = 0.14, 180, 240
"""The legend's column."""
BOTTOM_SHARE, BOTTOM_MIN, BOTTOM_MAX = 0.32, 210, 330
"""The issues, tables and log row: about a third of the height (at 768 px, 8 rows of a table)."""


def _share(total: int, share: float, low: int, high: int) -> int:
    return max(low, min(high, round(total * share)))


def dock_sizes(size: QSize) -> tuple[int, int, int]:
    """The (right, left, bottom) dock sizes in pixels for a window of this size."""
    return (
        _share(size.width(), RIGHT_SHARE, RIGHT_MIN, RIGHT_MAX),
        _share(size.width(), LEFT_SHARE, LEFT_MIN, LEFT_MAX),
        _share(size.height(), BOTTOM_SHARE, BOTTOM_MIN, BOTTOM_MAX),
    )


def initial_size(available: QSize) -> QSize:
    """The window's first size on a screen with this free area: the preferred size when it fits,
    else the whole free area (a 1366 x 768 screen), never below the smallest useful size."""
    return QSize(
        max(SMALLEST_SIZE.width(), min(PREFERRED_SIZE.width(), available.width())),
        max(SMALLEST_SIZE.height(), min(PREFERRED_SIZE.height(), available.height())),
    )


def place_docks(window: MainWindow) -> None:
    """Put every dock on its side; tabbed ones share a side's whole height or width."""
    right, left = Qt.DockWidgetArea.RightDockWidgetArea, Qt.DockWidgetArea.LeftDockWidgetArea
    bottom = Qt.DockWidgetArea.BottomDockWidgetArea
    # The right column runs down to the status bar, beside the bottom row rather than over it: the
    # inspector, the play-test panel (status, buttons, choices, seats) and the balance report's
    # charts need the height, and on a 768-pixel screen the bottom row would leave them ~450 px.
    window.setCorner(Qt.Corner.BottomRightCorner, right)
    window.addDockWidget(right, window.inspector)
    window.addDockWidget(right, window.history_dock)
    window.tabifyDockWidget(window.inspector, window.history_dock)
    window.addDockWidget(left, window.legend_dock)
    window.addDockWidget(bottom, window.issues_dock)
    window.addDockWidget(bottom, window.tables_dock)
    window.tabifyDockWidget(window.issues_dock, window.tables_dock)
    for dock, area, beside in (
        (window.ruleset_tables_dock, bottom, window.tables_dock),
        (window.catalogs_dock, bottom, window.tables_dock),
        (window.underlays_dock, right, window.history_dock),
        (window.paint_dock, left, None),
        (window.units_palette, left, window.paint_dock),
        (window.range_dock, left, None),
    ):
        window.addDockWidget(area, dock)
        if beside is not None:
            window.tabifyDockWidget(beside, dock)
    # The range panel sits under the legend, not in a tab with it: the legend explains the
    # colours the panel sets. It shows when View > Range view… is chosen.
    window.splitDockWidget(window.legend_dock, window.range_dock, Qt.Orientation.Vertical)
    window.range_dock.hide()
    # The play-test panel shares the inspector's column and its log the issues' row, as tabs,
    # so each gets the whole height or width of its side; both show while a game runs.
    window.addDockWidget(right, window.playtest.dock)
    window.addDockWidget(bottom, window.playtest.log_dock)
    window.tabifyDockWidget(window.inspector, window.playtest.dock)
    window.tabifyDockWidget(window.issues_dock, window.playtest.log_dock)
    window.playtest.dock.hide()
    window.playtest.log_dock.hide()
    if window.report_dock is not None:  # made on first use; a reset puts it back beside the inspector
        window.addDockWidget(right, window.report_dock)
        window.tabifyDockWidget(window.inspector, window.report_dock)
    # Tabifying makes the newest tab current; once the window is laid out, bring the main
    # window's own panels back to the front.
    for dock in (window.issues_dock, window.inspector, window.legend_dock, window.units_palette):
        QTimer.singleShot(0, dock.raise_)


def size_docks(window: MainWindow) -> None:
    """Give the dock columns and the bottom row their share of the window (see :func:`dock_sizes`)."""
    right, left, bottom = dock_sizes(window.size())
    window.resizeDocks([window.inspector], [right], Qt.Orientation.Horizontal)
    window.resizeDocks([window.legend_dock], [left], Qt.Orientation.Horizontal)
    # The left column: the legend over the paint and units panels, about half each, so that a
    # ruleset's nine owners show in the legend without scrolling. Split before the bottom row
    # is sized: the column then gives the bottom row its height, not the other way round.
    half = max(1, (window.height() - bottom) // 3)
    window.resizeDocks([window.legend_dock, window.paint_dock], [half, half], Qt.Orientation.Vertical)
    window.resizeDocks([window.issues_dock], [bottom], Qt.Orientation.Vertical)


def all_docks(window: MainWindow) -> list[QDockWidget]:
    """Every dock of the window (the panels, the play-test's two and the balance report)."""
    docks = [*window.panel_docks(), window.playtest.dock, window.playtest.log_dock]
    if window.report_dock is not None:
        docks.append(window.report_dock)
    return docks


def restore_layout(window: MainWindow) -> bool:
    """Bring back the window's geometry and the dock layout the user left; False when none was saved
    (or it was saved by another layout version, which is then ignored)."""
    settings = QSettings()
    geometry = settings.value(GEOMETRY_KEY)
    if isinstance(geometry, QByteArray):
        window.restoreGeometry(geometry)
    state = settings.value(STATE_KEY)
    if not isinstance(state, QByteArray) or _saved_version(settings) != LAYOUT_VERSION:
        return False
    return bool(window.restoreState(state, LAYOUT_VERSION))


def _saved_version(settings: QSettings) -> int:
    try:
        return int(settings.value(VERSION_KEY, 0))  # type: ignore[call-overload]
    except (TypeError, ValueError):
        return 0


def save_layout(window: MainWindow) -> None:
    """Remember the window's geometry and dock layout for the next launch (per user, in QSettings)."""
    settings = QSettings()
    settings.setValue(GEOMETRY_KEY, window.saveGeometry())
    settings.setValue(STATE_KEY, window.saveState(LAYOUT_VERSION))
    settings.setValue(VERSION_KEY, LAYOUT_VERSION)


def reset_layout(window: MainWindow) -> None:
    """View > Reset layout: every dock back to its first place and share; the play-test's docks
    show again when a game runs; the saved layout is forgotten."""
    playing = window.playtest.dock.isVisible()
    report_open = window.report_dock is not None and window.report_dock.isVisible()
    for dock in all_docks(window):
        dock.setFloating(False)  # first: docking a floating dock again puts it back in the layout
        window.removeDockWidget(dock)  # also hides it
    place_docks(window)
    for dock in window.panel_docks():
        if dock is not window.range_dock:  # the range panel shows with View > Range view… only
            dock.show()
    if window.report_dock is not None and report_open:
        window.report_dock.show()
    if playing:
        window.playtest.dock.show()
        window.playtest.log_dock.show()
        QTimer.singleShot(0, window.playtest.dock.raise_)
    size_docks(window)
    settings = QSettings()
    for key in (STATE_KEY, VERSION_KEY):
        settings.remove(key)
