"""Adding underlays: a basemap as a faint reference layer or as coastline linework, or a picture.

The choices become pending edits (``model.ops`` calls) that ``editor.commands.execute`` runs as
one undo step each. The file choosers and the basemap dialog are thin; the work is in the
``*_edit`` functions, which tests call directly.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from editor import commands
from editor.background import Cancelled, in_background
from editor.document import ScenarioDocument
from editor.mapview.underlay import scenario_dir
from model import ops
from model.underlay import (
    SHIPPED_BASEMAP,
    UnderlayError,
    UnderlaySourceError,
    coastline,
    copy_into_folder,
    place_land,
    resolve_source,
    source_for,
    transformed,
)

BASEMAP_FILTER = "Land polygons (*.json *.geojson *.topojson);;All files (*)"
IMAGE_FILTER = "Pictures (*.png *.jpg *.jpeg *.svg *.bmp *.gif);;All files (*)"


def basemap_edit(document: ScenarioDocument, source: str, opacity: float = 0.35) -> Any:
    """The edit adding a basemap underlay, placed with the map's projection or fitted to its bounds.

    Raises ``UnderlayError`` when the file cannot be read or projected (before any edit).
    """
    placed = place_land(resolve_source(source, scenario_dir(document)), document.scenario.map)
    x, y, scale = placed.fit or (0.0, 0.0, 1.0)
    return lambda s: ops.add_underlay(s, "basemap", source, opacity=opacity, x=x, y=y, scale=scale)


def image_edit(document: ScenarioDocument, source: str, opacity: float = 0.5) -> Any:
    """The edit adding a picture underlay at the map's top-left corner, at its own size."""
    bounds = document.scenario.map.bounds
    x, y = (bounds.min_x, bounds.min_y) if bounds is not None else (0.0, 0.0)
    return lambda s: ops.add_underlay(s, "image", source, opacity=opacity, x=x, y=y)


def coastline_edit(
    document: ScenarioDocument, source: str, placement: tuple[float, float, float] | None = None
) -> Any:
    """The edit adding the basemap's coast inside the map's bounds as boundaries (one undo step).

    ``placement`` is the ``(x, y, scale)`` of a basemap underlay of the same file, so the lines
    land where the author sees the underlay; without it the map's projection (or a fit into the
    map's bounds) places them.
    """
    scenario = document.scenario
    placed = place_land(resolve_source(source, scenario_dir(document)), scenario.map)
    x, y, scale = placement or placed.fit or (0.0, 0.0, 1.0)
    land = transformed(placed.land, x, y, scale)
    grid = scenario.map.grid
    # Simplify to a few grid steps: the 1:50m coast has far more detail than a board game needs.
    lines = coastline(land.simplify(grid * 4), scenario.map.bounds, grid)
    if not lines:
        raise UnderlayError(f"{Path(source).name}: no coast inside the map's bounds")
    return lambda s: ops.add_linework(s, lines)


@dataclass(frozen=True)
class BasemapChoice:
    """What the basemap dialog asks: which file and how to use it."""

    source: str
    as_linework: bool


class BasemapDialog(QDialog):
    """Choose the shipped Natural Earth land or another file, as a reference layer or as linework."""

    def __init__(self, document: ScenarioDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Import a basemap")
        self.document = document
        self.shipped = QRadioButton("Natural Earth land (shipped: Europe, North Africa, Near East)", self)
        self.other = QRadioButton("Another GeoJSON or TopoJSON file:", self)
        self.shipped.setChecked(True)
        self.path = QLineEdit(self)
        browse = QPushButton("Browse…", self)
        browse.clicked.connect(self._browse)
        self.reference = QRadioButton("As a faint reference layer under the map", self)
        self.linework = QRadioButton("As coastline linework added to the map (one undo step)", self)
        self.reference.setChecked(True)
        sources = QButtonGroup(self)
        sources.addButton(self.shipped)
        sources.addButton(self.other)
        uses = QButtonGroup(self)
        uses.addButton(self.reference)
        uses.addButton(self.linework)
        projection = document.scenario.map.projection
        note = QLabel(
            f"Projected with the map's projection: {projection.description or projection.crs}"
            if projection is not None
            else "The map has no projection: the land is fitted into the map's bounds; move and scale it "
            "in the Underlays panel.",
            self,
        )
        note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.shipped)
        layout.addWidget(self.other)
        row = QHBoxLayout()
        row.addWidget(self.path, 1)
        row.addWidget(browse)
        layout.addLayout(row)
        layout.addSpacing(8)
        layout.addWidget(self.reference)
        layout.addWidget(self.linework)
        layout.addWidget(note)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, parent=self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def _browse(self) -> None:
        chosen, _ = QFileDialog.getOpenFileName(self, "Choose land polygons", "", BASEMAP_FILTER)
        if chosen:
            self.path.setText(chosen)
            self.other.setChecked(True)

    def choice(self) -> BasemapChoice:
        """The file (as an underlay source) and whether to add it as linework.

        Raises ``UnderlaySourceError`` for a file outside the scenario's folder (see ``chosen_source``).
        """
        if self.shipped.isChecked() or not self.path.text().strip():
            source = SHIPPED_BASEMAP
        else:
            source = source_for(Path(self.path.text().strip()), scenario_dir(self.document))
        return BasemapChoice(source, self.linework.isChecked())


def chosen_source(document: ScenarioDocument, path: Path, parent: QWidget | None = None) -> str:
    """The underlay source for a file the author chose; raise ``UnderlaySourceError`` if refused.

    An underlay may only name a file inside the scenario's folder (or the shipped resources), so
    that the scenario never reads elsewhere on another machine: a file outside is copied into the
    folder's ``underlays/`` after asking.
    """
    try:
        return source_for(path, scenario_dir(document))
    except UnderlaySourceError as error:
        folder = scenario_dir(document)
        if folder is None:
            raise
        answer = QMessageBox.question(
            parent,
            "Copy the file next to the scenario?",
            f"{error}.\n\nCopy {path.name} into {folder / 'underlays'} and use the copy?",
        )
        if answer != QMessageBox.StandardButton.Yes:
            raise
    try:
        return copy_into_folder(path, folder)
    except OSError as error:
        raise UnderlaySourceError(f"{path.name}: cannot copy it ({error.strerror or error})") from error


def run_edit(document: ScenarioDocument, make: Any, text: str, parent: QWidget | None = None) -> str:
    """Build an edit and run it as one undo step; return "" or the reason it was refused.

    Building it reads and projects the file (and traces the coast for linework), which takes a
    while for a large file: that runs off the UI thread behind a busy dialog with Cancel
    (``editor.background``). The edit itself changes the scenario, so it runs here, on the UI
    thread (noding a coast into a large map takes a second or so: the cursor says so).
    """
    try:
        edit = in_background(make, f"{text}: reading the file…", parent)
    except Cancelled:
        return "cancelled"
    except (UnderlayError, ValueError, KeyError, LookupError, OSError) as error:
        return str(error)
    QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        commands.execute(document, edit, text)
    except (UnderlayError, ValueError, KeyError, LookupError, OSError) as error:
        return str(error)
    finally:
        QApplication.restoreOverrideCursor()
    return ""


def import_basemap(document: ScenarioDocument, parent: QWidget | None = None) -> str:
    """Ask for a basemap and add it; return "" or why it failed ("cancelled" when dismissed)."""
    dialog = BasemapDialog(document, parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return "cancelled"
    try:
        choice = dialog.choice()
    except UnderlaySourceError as error:
        if dialog.shipped.isChecked():
            return str(error)
        try:
            source = chosen_source(document, Path(dialog.path.text().strip()), parent)
        except (UnderlaySourceError, UnderlayError) as refused:
            return str(refused)
        choice = BasemapChoice(source, dialog.linework.isChecked())
    if choice.as_linework:
        return run_edit(
            document, lambda: coastline_edit(document, choice.source), "Add coastline linework", parent
        )
    return run_edit(document, lambda: basemap_edit(document, choice.source), "Add basemap underlay", parent)


def import_image(document: ScenarioDocument, parent: QWidget | None = None) -> str:
    """Ask for a picture and add it as an underlay; return "" or why it failed."""
    chosen, _ = QFileDialog.getOpenFileName(parent, "Choose a reference picture", "", IMAGE_FILTER)
    if not chosen:
        return "cancelled"
    try:
        source = chosen_source(document, Path(chosen), parent)
    except (UnderlaySourceError, UnderlayError) as error:
        return str(error)
    return run_edit(document, lambda: image_edit(document, source), "Add picture underlay", parent)
