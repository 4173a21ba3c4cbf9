"""The main window: the map in the middle, docks around it, menus built by ``editor.menus``.

The window only wires things together: the document and selection are shared objects, the map
scene and view draw, the docks edit and list, ``FileController`` runs the File menu.
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtGui import QAction, QCloseEvent
from PySide6.QtWidgets import QComboBox, QMainWindow, QWidget

from editor import commands
from editor.autosave import Autosaver
from editor.docks.history import HistoryDock
from editor.docks.inspector import InspectorDock
from editor.docks.issues import IssuesDock
from editor.docks.legend import LegendDock
from editor.docks.tables import TablesDock
from editor.document import DocumentChange, ScenarioDocument
from editor.extras import install_extras
from editor.files import FileController
from editor.mapview.modes import get_mode
from editor.mapview.scene import MapScene
from editor.mapview.tools import SelectTool, Tool, ToolContext
from editor.mapview.toolset import make_tools
from editor.mapview.view import MapView
from editor.menus import build_menus
from editor.playtest import install_playtest
from editor.selection import Selection
from editor.statusbar import MapStatusBar
from editor.validation import LiveValidator
from model import ops
from model.issues import Issue

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

        self.legend_dock = LegendDock(self)
        self.inspector = InspectorDock(self.document, self.selection, self)
        self.issues_dock = IssuesDock(self)
        self.history_dock = HistoryDock(self.document.undo_stack, self)
        self.tables_dock = TablesDock(self.document, self.selection, self)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.inspector)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.history_dock)
        self.tabifyDockWidget(self.inspector, self.history_dock)
        self.inspector.raise_()
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.legend_dock)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.issues_dock)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.tables_dock)
        self.tabifyDockWidget(self.issues_dock, self.tables_dock)
        self.issues_dock.raise_()
        self.resizeDocks([self.inspector], [340], Qt.Orientation.Horizontal)
        self.resizeDocks([self.legend_dock], [190], Qt.Orientation.Horizontal)
        self.resizeDocks([self.issues_dock], [200], Qt.Orientation.Vertical)

        context = ToolContext(self.document, self.selection, self.report)
        self.tools: dict[str, Tool] = make_tools(self.view, context)
        self.tool: Tool = self.tools.get("select") or SelectTool(self.view, context)
        self.view.tool = self.tool
        self.actions_by_name: dict[str, QAction] = {}
        self.mode_box: QComboBox | None = None
        build_menus(self)
        install_extras(self)  # ruleset tables, underlays, paint panel, units palette (editor.extras)
        install_playtest(self)

        self._connect()
        self._update_title()
        self.scene.set_mode(self.scene.mode_id)
        self.legend_dock.set_entries(get_mode(self.scene.mode_id).name, self.scene.legend)
        self.validator.start()  # in a worker: a big map opens without waiting for its check
        self.resize(1500, 950)
        self._restore_state()

    # --- wiring ---------------------------------------------------------------------------------

    def _connect(self) -> None:
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
        """Colour the map by a mode."""
        self.scene.set_mode(mode_id)
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

    def open_path(self, path: Path) -> bool:
        """Open a file without asking (used at start-up)."""
        return self.files.load(path)

    # --- window state ---------------------------------------------------------------------------

    def showEvent(self, event: object) -> None:  # type: ignore[override]
        """Fit the map the first time the window appears (the view has its real size then)."""
        super().showEvent(event)  # type: ignore[arg-type]
        if not getattr(self, "_fitted", False):
            self._fitted = True
            self.view.fit_map()

    def _restore_state(self) -> None:
        settings = QSettings()
        geometry = settings.value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        state = settings.value("window/state")
        if state is not None:
            self.restoreState(state)

    def closeEvent(self, event: QCloseEvent) -> None:
        """Ask about unsaved changes; remember the layout; drop the recovery file on a clean exit."""
        if not self.files.maybe_save():
            event.ignore()
            return
        settings = QSettings()
        settings.setValue("window/geometry", self.saveGeometry())
        settings.setValue("window/state", self.saveState())
        self.autosaver.discard()
        event.accept()
