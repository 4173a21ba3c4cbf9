"""File > Compare with…: ask which version, diff it against the open scenario, show the result.

The open scenario is the new version; the other (a file, the last saved file, a git revision of
the open file) the old one. The Changes panel (``dock``) lists the changes and the map colours
the areas (``editor.mapview.compare_layer``); clicking a change selects its areas and zooms to
them (a removed area, which the map no longer has, is zoomed to where it was). Edits made while
comparing update the list and the colours; opening another file ends the comparison.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLineEdit,
    QMessageBox,
    QRadioButton,
    QVBoxLayout,
)

from editor.compare.dock import CompareDock
from editor.compare.sources import CompareSourceError, from_file, from_git, git_root
from editor.document import DocumentChange
from editor.mapview.compare_layer import CompareLayer
from model import io
from model.diff import ScenarioDiff, diff_scenarios
from model.diff.areas import Shapes
from model.scenario import Scenario
from model.topology import Topology

if TYPE_CHECKING:
    from editor.mainwindow import MainWindow

REFRESH_DELAY_MS = 700
"""After an edit, the comparison is made again once the author has paused this long."""


@dataclass(frozen=True)
class CompareSource:
    """Which version to compare with: ``kind`` is ``file``, ``saved`` or ``git``; ``value`` the
    file path or the git revision."""

    kind: str
    value: str = ""


class Comparison:
    """The window's comparison: the Changes panel and the map's colouring (made on first use)."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.dock = CompareDock(window)
        self.layer = CompareLayer(window.scene)
        self.diff: ScenarioDiff | None = None
        self._old: tuple[Scenario, Topology, str] | None = None
        self._path: Path | None = None  # the file compared: another file opened ends the comparison
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        window.tabifyDockWidget(window.inspector, self.dock)
        self.dock.located.connect(self.locate)
        self.dock.cleared.connect(self.clear)
        # Edits while comparing: the list and colours follow, once the author pauses (a diff of a
        # large map takes a fifth of a second); another file opened ends the comparison.
        self._refresh_timer = QTimer(self.dock)
        self._refresh_timer.setSingleShot(True)
        self._refresh_timer.setInterval(REFRESH_DELAY_MS)
        self._refresh_timer.timeout.connect(self._refresh)
        window.document.changed.connect(self._on_document_changed)

    def show(self, old: Scenario, label: str) -> ScenarioDiff:
        """Compare ``old`` with the open scenario; list and colour the changes."""
        self._old = (old, Topology.build(old.map), label)
        self._path = self.window.document.path
        self.dock.show()
        self.dock.raise_()
        return self._refresh()

    def _refresh(self) -> ScenarioDiff:
        if self._old is None:
            raise RuntimeError("no comparison to refresh")
        old, old_topology, label = self._old
        document = self.window.document
        new = document.scenario
        topology = document.topology or Topology.build(new.map)
        diff = diff_scenarios(old, new, old_topology=old_topology, new_topology=topology)
        status = diff.area_status()
        shapes = dict(Shapes.of(new, topology).shapes)
        removed = [area_id for area_id, kind in status.items() if kind == "removed"]
        shapes.update({area_id: old_topology.area_geometry(area_id) for area_id in removed})
        self.layer.show(status, shapes)
        self.dock.set_diff(diff, label)
        self.diff = diff
        return diff

    def _on_document_changed(self, change: DocumentChange) -> None:
        if self._old is None:
            return
        if change.reset and self.window.document.path != self._path:
            self.clear()
        else:
            self._refresh_timer.start()

    def locate(self, ids: tuple[str, ...]) -> None:
        """Select the objects of a change that the map draws and zoom to them (or where they were)."""
        window = self.window
        scene = window.scene
        drawn = [i for i in ids if i in scene.areas or i in scene.connections or i in scene.units]
        if drawn:
            window.selection.set(drawn)
        if not window.view.zoom_to(drawn):
            rect = self.layer.rect_of(list(ids))
            if not rect.isEmpty():
                margin = max(rect.width(), rect.height())
                window.view.fitInView(
                    rect.adjusted(-margin, -margin, margin, margin), Qt.AspectRatioMode.KeepAspectRatio
                )

    def clear(self) -> None:
        """Remove the colouring and empty the list."""
        self._old = None
        self._refresh_timer.stop()
        self.layer.clear()
        self.dock.tree.clear()
        self.dock.summary.setText("No comparison")
        self.diff = None


def comparison(window: MainWindow) -> Comparison:
    """The window's comparison (made on first use)."""
    if window.comparison is None:
        window.comparison = Comparison(window)
    return window.comparison


def ask_source(window: MainWindow) -> CompareSource | None:
    """Ask what to compare with: another file, the last saved version, or a git revision."""
    path = window.document.path
    dialog = QDialog(window)
    dialog.setWindowTitle("Compare with")
    layout = QVBoxLayout(dialog)
    choices = QButtonGroup(dialog)
    other = QRadioButton("Another scenario file…", dialog)
    saved = QRadioButton("The last saved version of this file", dialog)
    in_git = git_root(path) if path is not None else None
    revision_button = QRadioButton("A git revision of this file:", dialog)
    revision = QLineEdit("HEAD", dialog)
    revision.setPlaceholderText("HEAD, a branch, a tag, HEAD~2…")
    saved.setEnabled(path is not None and path.exists())
    revision_button.setEnabled(in_git is not None)
    revision.setEnabled(in_git is not None)
    if in_git is None:
        revision_button.setToolTip("The file is not in a git repository")
    for button in (other, saved, revision_button):
        choices.addButton(button)
        layout.addWidget(button)
    layout.addWidget(revision)
    (saved if saved.isEnabled() else other).setChecked(True)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    layout.addWidget(buttons)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    if saved.isChecked():
        return CompareSource("saved")
    if revision_button.isChecked():
        return CompareSource("git", revision.text())
    start = str(path.parent) if path is not None else ""
    chosen, _ = QFileDialog.getOpenFileName(
        window, "Compare with", start, "Mappa scenarios (*.mappa.json *.json)"
    )
    return CompareSource("file", chosen) if chosen else None


def read_source(window: MainWindow, source: CompareSource) -> tuple[Scenario, str]:
    """The other version and how the panel names it; raises ``LoadError`` or ``CompareSourceError``."""
    path = window.document.path
    if source.kind == "file":
        return from_file(Path(source.value)), Path(source.value).name
    if path is None:
        raise CompareSourceError("the scenario has not been saved yet: compare with another file")
    if source.kind == "saved":
        return from_file(path), f"the last saved {path.name}"
    return from_git(path, source.value), f"{path.name} at {source.value}"


def compare_with_dialog(window: MainWindow) -> ScenarioDiff | None:
    """File > Compare with…: ask, read the other version, show the changes (errors in a message box)."""
    source = ask_source(window)
    if source is None:
        return None
    try:
        old, label = read_source(window, source)
    except (io.LoadError, CompareSourceError) as error:
        QMessageBox.warning(window, "Compare with", str(error))
        return None
    diff = comparison(window).show(old, label)
    window.report(f"Compared with {label}: {len(diff.changes)} changes")
    return diff
