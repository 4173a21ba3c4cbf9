"""The main window: the map in the middle, docks around it, menus declared in ``editor.menus``.

The window is composed here, in one place: every dock, panel and helper is an attribute made in
``__init__``; ``editor.window_layout`` places and sizes the docks and keeps the user's layout; the
menus and the toolbar are built from the declarations of ``editor.menus``. The window only wires
things together: the document and selection are shared objects, the map scene and view draw, the
docks edit and list, ``FileController`` runs the File menu, ``PlaytestController`` the Play-test menu.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent
from PySide6.QtWidgets import QComboBox, QDockWidget, QMainWindow, QMenu, QToolBar, QWidget

from editor import commands, window_layout
from editor.autosave import Autosaver
from editor.docks.catalogs import CatalogsDock
from editor.docks.history import HistoryDock
from editor.docks.inspector import InspectorDock
from editor.docks.issues import IssuesDock
from editor.docks.legend import LegendDock
from editor.docks.range_dock import RangeDock
from editor.docks.ruleset_tables import RulesetTablesDock
from editor.docks.tables import TablesDock
from editor.docks.underlays import UnderlaysDock
from editor.docks.units_palette import MapDropTarget, UnitsPaletteDock
from editor.document import DocumentChange, ScenarioDocument
from editor.files import FileController
from editor.mapview.mode_choice import follow_ruleset
from editor.mapview.modes import get_mode, mode_for_attribute
from editor.mapview.paint_panel import PaintPanel, connect_panel
from editor.mapview.paint_tool import PaintTool
from editor.mapview.scene import MapScene
from editor.mapview.tools import SelectTool, Tool, ToolContext
from editor.mapview.toolset import make_tools
from editor.mapview.underlay import UnderlayLayer
from editor.mapview.view import MapView
from editor.menus import build_menus
from editor.playtest.controller import PlaytestController
from editor.selection import Selection
from editor.statusbar import MapStatusBar
from editor.validation import LiveValidator
from model import ops
from model.issues import Issue

if TYPE_CHECKING:
    from editor.compare.controller import Comparison
    from editor.playtest.report import ReportDock

log = logging.getLogger(__name__)


class MainWindow(QMainWindow):
    """One window editing one document."""

    def __init__(
        self,
        document: ScenarioDocument | None = None,
        parent: QWidget | None = None,
        autosave_ms: int | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("main_window")
        self.document = document or ScenarioDocument()
        self.document.setParent(self)
        self.selection = Selection(self)
        self.validator = LiveValidator(self.document)
        self.autosaver = Autosaver(self.document, autosave_ms) if autosave_ms else Autosaver(self.document)
        self.files = FileController(self.document, self)
        self.files.tidied.connect(self.report)

        self.scene = MapScene(self.document, self)
        self.view = MapView(self.scene, self)
        self.setCentralWidget(self.view)
        self.status = MapStatusBar(self)
        self.setStatusBar(self.status)

        # --- docks and panels (placed by _place_docks, listed in View > Panels) ---
        self.legend_dock = LegendDock(self)
        self.inspector = InspectorDock(self.document, self.selection, self)
        self.issues_dock = IssuesDock(self)
        self.history_dock = HistoryDock(self.document.undo_stack, self)
        self.tables_dock = TablesDock(self.document, self.selection, self)

        context = ToolContext(self.document, self.selection, self.report)
        self.tools: dict[str, Tool] = make_tools(self.view, context)
        self.tool: Tool = self.tools.get("select") or SelectTool(self.view, context)
        self.view.tool = self.tool

        self.ruleset_tables_dock = RulesetTablesDock(self.document, self)
        self.catalogs_dock = CatalogsDock(self.document, self)  # languages and religions
        self.underlay_layer = UnderlayLayer(self.scene, self.document)
        self.underlays_dock = UnderlaysDock(self.document, self)
        self.underlays_dock.problems = self.underlay_layer.errors
        paint_tool = self.tools["paint"]
        if not isinstance(paint_tool, PaintTool):
            raise TypeError(f"the paint tool is a {type(paint_tool).__name__}, expected PaintTool")
        self.paint_tool = paint_tool
        self.paint_panel = PaintPanel()
        connect_panel(self.paint_panel, paint_tool, self.document)
        self.paint_dock = QDockWidget("Paint", self)
        self.paint_dock.setObjectName("paint_dock")
        self.paint_dock.setWidget(self.paint_panel)
        self.units_palette = UnitsPaletteDock(self.document, self.selection, self)
        self.unit_drop_target = MapDropTarget(self.view, self.units_palette)
        self.range_dock = RangeDock(self.document, self.selection, self.scene, self.set_mode, self)
        self.actions_by_name: dict[str, QAction] = {}
        self.mode_box: QComboBox | None = None
        self.playtest = PlaytestController(self)
        self.report_dock: ReportDock | None = None  # the balance report, made on first use
        self.comparison: Comparison | None = None  # File > Compare with…, made on first use
        window_layout.place_docks(self)

        # --- menus and toolbar (declared in editor.menus) ---
        built = build_menus(self)
        self.menus: dict[str, QMenu] = built.menus
        self.recent_menu: QMenu = built.menus["recent"]
        self.tools_toolbar: QToolBar = built.toolbar
        self.actions_by_name = built.actions
        self.mode_box = built.mode_box
        follow_ruleset(self, self.actions_by_name, self.mode_box)  # only the open ruleset's modes show

        self._connect()
        self._update_title()
        self.scene.set_mode(self.document.mode_id)
        self.legend_dock.set_entries(get_mode(self.scene.mode_id).name, self.scene.legend)
        self.validator.start()  # in a worker: a big map opens without waiting for its check
        self.setMinimumSize(window_layout.SMALLEST_SIZE)
        self.resize(window_layout.initial_size(self.screen().availableGeometry().size()))
        window_layout.size_docks(self)
        # The user's own layout from the last session; without one the docks take their shares
        # again once the window is shown at its real size (a window manager may change it).
        self._layout_restored = window_layout.restore_layout(self)

    # --- docks ------------------------------------------------------------------------------------

    def panel_docks(self) -> tuple[QDockWidget, ...]:
        """The docks View > Panels can show and hide, in menu order."""
        return (
            self.inspector,
            self.legend_dock,
            self.issues_dock,
            self.history_dock,
            self.tables_dock,
            self.ruleset_tables_dock,
            self.catalogs_dock,
            self.underlays_dock,
            self.paint_dock,
            self.units_palette,
            self.range_dock,
        )

    # --- wiring ---------------------------------------------------------------------------------

    def _connect(self) -> None:
        self.ruleset_tables_dock.refused.connect(self.report)
        self.catalogs_dock.refused.connect(self.report)
        self.underlay_layer.problem.connect(self.report)
        for message in self.underlay_layer.errors.values():
            self.report(message)  # refused while the layer was built, before the connection
        self.underlay_layer.problem.connect(lambda _message: self.underlays_dock.refresh())
        self.underlay_layer.loaded.connect(self.underlays_dock.refresh)
        self.underlays_dock.refresh()
        self.underlays_dock.refused.connect(self.report)
        self.paint_panel.changed.connect(self._show_painted_attribute)
        paint_action = self.actions_by_name["tool_paint"]
        # Choosing the paint tool shows what it paints and brings its panel forward.
        paint_action.triggered.connect(self._show_painted_attribute)
        paint_action.triggered.connect(
            lambda _checked=False: (self.paint_dock.show(), self.paint_dock.raise_())
        )
        self.units_palette.placed.connect(self.report)
        self.document.file_changed.connect(self._update_title)
        self.document.changed.connect(self._on_document_changed)
        self.selection.changed.connect(self._on_selection_changed)
        self.scene.legend_changed.connect(
            lambda entries: self.legend_dock.set_entries(get_mode(self.scene.mode_id).name, entries)
        )
        self.validator.issues_changed.connect(self._on_issues)
        self.validator.busy.connect(self.status.set_checking)
        self.issues_dock.issue_activated.connect(self.locate_issue)
        self.view.cursor_moved.connect(self._on_cursor)
        self.view.scale_changed.connect(self.status.set_zoom)
        self.inspector.refused.connect(self.report)
        self.tables_dock.refused.connect(self.report)

    def _update_title(self) -> None:
        self.setWindowTitle(f"{self.document.display_name()}[*] — Mappa")
        self.setWindowModified(self.document.modified)

    def _on_document_changed(self, change: DocumentChange) -> None:
        if change.reset:
            self.selection.clear()
            if self.scene.mode_id != self.document.mode_id:  # another document: its own map mode
                self.set_mode(self.document.mode_id)
            self.view.fit_map()
            self._update_title()
        else:
            existing = set(self.scene.areas) | set(self.scene.boundaries) | set(self.scene.connections)
            existing |= {u.id for u in self.document.scenario.setup.units}
            existing |= {e.id for e in self.document.scenario.setup.empires}
            existing |= {m.id for m in self.document.scenario.setup.magnates}
            existing |= {i for i in self.selection.ids if self.scene.adjacency.exists(i)}
            self.selection.prune(existing)

    def _on_selection_changed(self, ids: tuple[str, ...]) -> None:
        self.scene.set_selected(ids)
        # The status bar follows the selection itself and describes it by name (``MapStatusBar.follow``).

    def _on_issues(self, issues: list[Issue]) -> None:
        self.issues_dock.set_issues(issues)
        self.status.set_issues(issues)
        self.scene.set_issues(issues)

    def _on_cursor(self, point: QPointF) -> None:
        self.status.set_cursor(point, self.document.scenario.map.units)

    # --- actions used by menus and docks --------------------------------------------------------

    def report(self, message: str) -> None:
        """Show why an edit was refused (status bar, for a while)."""
        self.status.showMessage(message, 8000)

    def set_tool(self, tool_id: str) -> None:
        """Make a tool current (raises ``KeyError`` for an unknown one)."""
        tool = self.tools[tool_id]
        self.tool.deactivate()
        self.tool = tool
        self.view.tool = tool
        tool.activate()
        action = self.actions_by_name.get(f"tool_{tool_id}")
        if action is not None and not action.isChecked():
            action.setChecked(True)  # chosen by a shortcut or by code: keep the toolbar in step
        self.status.showMessage(tool.hint, 5000)
        self.focus_map()

    def focus_map(self) -> None:
        """Give the keyboard to the map after a tool or mode change.

        Otherwise a field the author never clicked into (the inspector's Name, reached when a dock
        with the focus hides) keeps it, and the next tool key (1-9) types into it.
        """
        self.view.setFocus(Qt.FocusReason.OtherFocusReason)

    def set_mode(self, mode_id: str) -> None:
        """Colour the map by a mode (the document's mode from now on)."""
        self.scene.set_mode(mode_id)
        self.document.mode_id = mode_id
        self.legend_dock.set_entries(get_mode(mode_id).name, self.scene.legend)
        # Keep the menu and the toolbar's combo box showing the mode, however it was chosen.
        action = self.actions_by_name.get(f"mode_{mode_id}")
        if action is not None and not action.isChecked():
            action.setChecked(True)
        if self.mode_box is not None:
            self.mode_box.setCurrentIndex(self.mode_box.findData(mode_id))
        self.focus_map()

    def locate_issue(self, issue: Issue) -> None:
        """Select what an issue concerns and zoom to it (or to its location)."""
        drawn = [
            i
            for i in issue.ids
            if i in self.scene.areas
            or i in self.scene.boundaries
            or i in self.scene.connections
            or i in self.scene.units
        ]
        if drawn:
            self.selection.set(drawn)
        if not self.view.zoom_to(drawn) and issue.location is not None:
            self.view.center_on_point(QPointF(*issue.location))

    def delete_selection(self) -> bool:
        """Delete the selected areas, connections, units and empires as one undo step."""
        scenario = self.document.scenario
        ids = self.selection.ids
        groups = {
            "areas": [i for i in ids if i in self.scene.areas],
            "connections": [c.id for c in scenario.map.connections if c.id in ids],
            "units": [u.id for u in scenario.setup.units if u.id in ids],
            "empires": [e.id for e in scenario.setup.empires if e.id in ids],
        }
        # Units and connections first: deleting an area would already remove its own.
        steps = [
            (groups["units"], ops.remove_unit),
            (groups["connections"], ops.remove_connection),
            (groups["areas"], ops.delete_area),
            (groups["empires"], ops.remove_empire),
        ]
        edits = [lambda s, f=function, i=chosen: f(s, i) for chosen, function in steps if chosen]
        if not edits:
            self.report("Select areas, connections, units or empires to delete")
            return False
        try:
            commands.execute(self.document, edits, f"Delete {len(ids)} selected")
        except (ValueError, KeyError, LookupError) as error:
            self.report(str(error))
            return False
        return True

    def zoom_to_selection(self) -> None:
        """Zoom to the selected objects."""
        if not self.view.zoom_to(self.selection.ids):
            self.report("Nothing selected to zoom to")

    def export_image(self) -> bool:
        """File > Export: the Export dialog (file, map mode, layers, width, background, legend), then
        the map drawn to PNG, SVG or PDF without the selection or any tool state."""
        from editor.export.image_dialog import export_with_dialog

        return export_with_dialog(self)

    def _show_painted_attribute(self, *_args: object) -> None:
        """See what the brush paints: colour the map by the chosen attribute while painting."""
        item = self.paint_panel.current()
        mode_id = mode_for_attribute(item.key) if item is not None else None
        if mode_id is not None and self.tool is self.paint_tool and self.scene.mode_id != mode_id:
            self.set_mode(mode_id)

    def show_balance_report(self) -> None:
        """Play-test > Balance report…: the report dock (made on first use), to the front."""
        from editor.playtest.report import report_dock

        dock = report_dock(self)
        dock.show()
        dock.raise_()

    def open_path(self, path: Path) -> bool:
        """Open a file without asking (used at start-up)."""
        return self.files.load(path)

    # --- window state ---------------------------------------------------------------------------

    def showEvent(self, event: object) -> None:  # type: ignore[override]
        """The first time the window appears (at its real size): size the docks unless the user's
        layout was restored, and fit the map."""
        super().showEvent(event)  # type: ignore[arg-type]
        if not getattr(self, "_fitted", False):
            self._fitted = True
            if not self._layout_restored:
                window_layout.size_docks(self)
            self.view.fit_map()

    def reset_layout(self) -> None:
        """View > Reset layout: every panel back to its first place and size; the map fitted again."""
        window_layout.reset_layout(self)
        QTimer.singleShot(0, self.view.fit_map)
        self.focus_map()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Ask about unsaved changes; remember the layout; drop the recovery file on a clean exit."""
        if not self.files.maybe_save():
            event.ignore()
            return
        window_layout.save_layout(self)
        self.autosaver.discard()
        self.validator.shutdown()  # also stops the helper process that polygonizes for it
        event.accept()
