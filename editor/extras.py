"""The editor's extra panels, installed on a main window by one call (``install_extras``).

Keeps the main window and menus untouched but for one hook: each extra builds its own dock and
wires itself to the window's document, selection and status bar, and puts its toggle in
View > Panels.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMenu

from editor.docks import range_dock
from editor.docks.catalogs import CatalogsDock
from editor.docks.ruleset_tables import RulesetTablesDock
from editor.docks.underlays import UnderlaysDock
from editor.docks.units_palette import MapDropTarget, UnitsPaletteDock
from editor.mapview.modes import mode_for_attribute
from editor.mapview.paint_panel import PaintPanel, connect_panel
from editor.mapview.underlay import UnderlayLayer

if TYPE_CHECKING:
    from editor.mainwindow import MainWindow


def _menu(window: MainWindow, title: str) -> QMenu | None:
    """A menu the main window's menus built, by its title without the ``&`` (None when absent)."""
    for menu in window.menuBar().findChildren(QMenu):
        if menu.title().replace("&", "") == title:
            return menu
    return None


def _panels_menu(window: MainWindow) -> QMenu | None:
    """The View > Panels menu."""
    return _menu(window, "Panels")


def _file_imports(window: MainWindow, underlays: UnderlaysDock) -> None:
    """File > Import basemap… and Import picture underlay…, just above the exports."""
    menu = _menu(window, "File")
    if menu is None:
        return
    before = window.actions_by_name.get("export")
    for name, text, button in (
        ("import_basemap", "Import &basemap…", underlays.add_basemap),
        ("import_picture", "Import picture &underlay…", underlays.add_image),
    ):
        action = QAction(text, window)
        action.triggered.connect(
            lambda _checked=False, b=button: (underlays.show(), underlays.raise_(), b.click())
        )
        window.actions_by_name[name] = action
        if before is not None:
            menu.insertAction(before, action)
        else:
            menu.addAction(action)


def _add_dock(
    window: MainWindow, dock: QDockWidget, area: Qt.DockWidgetArea, beside: QDockWidget | None
) -> None:
    window.addDockWidget(area, dock)
    if beside is not None:
        window.tabifyDockWidget(beside, dock)
    menu = _panels_menu(window)
    if menu is not None:
        action: QAction = dock.toggleViewAction()
        menu.addAction(action)


def install_extras(window: MainWindow) -> None:
    """Add the extra docks to the window (called once, after its menus exist)."""
    tables = RulesetTablesDock(window.document, window)
    tables.refused.connect(window.report)
    window.ruleset_tables_dock = tables  # type: ignore[attr-defined]
    _add_dock(window, tables, Qt.DockWidgetArea.BottomDockWidgetArea, window.tables_dock)
    catalogs = CatalogsDock(window.document, window)  # languages and religions
    catalogs.refused.connect(window.report)
    window.catalogs_dock = catalogs  # type: ignore[attr-defined]
    _add_dock(window, catalogs, Qt.DockWidgetArea.BottomDockWidgetArea, window.tables_dock)

    window.underlay_layer = UnderlayLayer(window.scene, window.document)  # type: ignore[attr-defined]
    window.underlay_layer.problem.connect(window.report)  # type: ignore[attr-defined]
    for message in window.underlay_layer.errors.values():  # type: ignore[attr-defined]
        window.report(message)  # refused while the layer was built, before the connection
    underlays = UnderlaysDock(window.document, window)
    underlays.problems = window.underlay_layer.errors  # type: ignore[attr-defined]
    window.underlay_layer.problem.connect(lambda _message: underlays.refresh())  # type: ignore[attr-defined]
    window.underlay_layer.loaded.connect(underlays.refresh)  # type: ignore[attr-defined]
    underlays.refresh()
    underlays.refused.connect(window.report)
    window.underlays_dock = underlays  # type: ignore[attr-defined]
    _add_dock(window, underlays, Qt.DockWidgetArea.RightDockWidgetArea, window.history_dock)
    _file_imports(window, underlays)

    paint_tool = window.tools.get("paint")
    if paint_tool is not None:
        panel = PaintPanel()
        connect_panel(panel, paint_tool, window.document)  # type: ignore[arg-type]
        paint_dock = QDockWidget("Paint", window)
        paint_dock.setObjectName("paint_dock")
        paint_dock.setWidget(panel)
        window.paint_panel = panel  # type: ignore[attr-defined]

        def show_painted_attribute(*_args: object) -> None:
            # See what the brush paints: colour the map by the chosen attribute while painting.
            item = panel.current()
            mode_id = mode_for_attribute(item.key) if item is not None else None
            if mode_id is not None and window.tool is paint_tool and window.scene.mode_id != mode_id:
                window.set_mode(mode_id)

        panel.changed.connect(show_painted_attribute)
        _add_dock(window, paint_dock, Qt.DockWidgetArea.LeftDockWidgetArea, None)
        action = window.actions_by_name.get("tool_paint")
        if action is not None:  # choosing the tool shows what it paints and brings its panel forward
            action.triggered.connect(show_painted_attribute)
            action.triggered.connect(lambda _checked=False: (paint_dock.show(), paint_dock.raise_()))

    palette = UnitsPaletteDock(window.document, window.selection, window)
    palette.placed.connect(window.report)
    window.units_palette = palette  # type: ignore[attr-defined]
    window.unit_drop_target = MapDropTarget(window.view, palette)  # type: ignore[attr-defined]
    _add_dock(
        window, palette, Qt.DockWidgetArea.LeftDockWidgetArea, window.findChild(QDockWidget, "paint_dock")
    )
    window.range_dock = range_dock.install(window, _add_dock, _menu(window, "View"))  # type: ignore[attr-defined]
    # Tabifying makes the newest tab current; once the window is laid out, bring the main
    # window's own panels back to the front.
    QTimer.singleShot(0, window.issues_dock.raise_)
    QTimer.singleShot(0, window.inspector.raise_)
    QTimer.singleShot(0, window.legend_dock.raise_)
