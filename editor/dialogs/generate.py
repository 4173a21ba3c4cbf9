"""File > Generate map from points…: ``mappa generate`` in the editor, applied as one undo step.

The dialog asks for what the command line takes (basemap, points, seas, straits, catalogs, box,
projection, grid, coast tolerance, smallest island, narrows; the same defaults). Preview runs
``model.generate.generate_files`` in a worker thread (a ``QThread`` per run) while a busy bar shows, and
reports the counts, the generator's notes, what of the setup names areas the new map lacks, and any
error with its file, row and column. Apply replaces the document's map (and its catalogs when a
catalogs file is given) with ``model.ops.replace_map`` through ``editor.commands.execute``: one undo
step. The setup is kept; entries that name areas the new map lacks stay, and the Issues panel lists
them.

A swapped map has other bounds, often other units: the document announces the edit as a reset
(views rebuild, the view fits the new map) rather than as a list of touched ids, on undo and redo
too (``ScenarioDocument.replaces_map``).
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from editor import commands
from editor.dialogs.fields import BrowseField, summary_html
from editor.dialogs.jobs import BackgroundJob, keep
from editor.document import ScenarioDocument
from model import ops
from model.generate import GenerateError, Generation, TableError, generate_files
from model.projection import BBox, MapProjection, ProjectionError
from model.scenario import DEFAULT_RULESET_ID, AreaKind, ConnectionKind, Scenario
from model.underlay import SHIPPED_BASEMAP, resolve_source

EDIT_TEXT = "Generate map from points"
SETTINGS_GROUP = "generate"

_DEFAULTS = {
    name: param.default
    for name, param in inspect.signature(generate_files).parameters.items()
    if name in ("grid", "tolerance", "min_island_area", "narrows")
}
"""The generator's defaults, which ``mappa generate`` shares."""

FILE_FIELDS = (
    ("basemap", "Basemap (land)", "Land polygons (*.json *.geojson *.topojson);;All files (*)"),
    ("points", "Regions table", "CSV tables (*.csv);;All files (*)"),
    ("seas", "Seas table", "CSV tables (*.csv);;All files (*)"),
    ("straits", "Straits table", "CSV tables (*.csv);;All files (*)"),
    ("catalogs", "Catalogs", "Catalogs (*.json);;All files (*)"),
)
PLACEHOLDERS = {
    "basemap": "Natural Earth land, shipped (Europe, North Africa, Near East)",
    "points": "required: id, name, lon, lat and attribute columns",
    "seas": "optional: id, name, lon, lat of the sea zones",
    "straits": "optional: id, a, b, name of land regions facing across water",
    "catalogs": "optional: languages, families, religions, groups (else the scenario's are kept)",
}


@dataclass(frozen=True)
class GenerateRequest:
    """What the dialog asks, as typed (empty text: the ``mappa generate`` default)."""

    points: str
    basemap: str = ""
    seas: str = ""
    straits: str = ""
    catalogs: str = ""
    bbox: str = ""
    projection: str = ""
    grid: float = _DEFAULTS["grid"]
    tolerance: float = _DEFAULTS["tolerance"]
    min_island_area: float = _DEFAULTS["min_island_area"]
    narrows: float = _DEFAULTS["narrows"]
    ruleset: str = DEFAULT_RULESET_ID

    def run(self) -> Generation:
        """Generate (slow: call it off the UI thread); raises ``GenerateError``/``ProjectionError``."""
        if not self.points.strip():
            raise GenerateError("choose the regions table (a CSV file of id, name, lon, lat)")
        basemap = self.basemap.strip() or resolve_source(SHIPPED_BASEMAP, None)
        return generate_files(
            basemap,
            self.points.strip(),
            self.seas.strip() or None,
            self.straits.strip() or None,
            self.catalogs.strip() or None,
            bbox=BBox.parse(self.bbox) if self.bbox.strip() else None,
            projection=MapProjection.in_km(self.projection.strip()) if self.projection.strip() else None,
            grid=self.grid,
            tolerance=self.tolerance,
            min_island_area=self.min_island_area,
            narrows=self.narrows,
            ruleset=self.ruleset,
        )


@dataclass
class Outcome:
    """A finished run: the generation, or the error that stopped it (a ``TableError`` names the cell)."""

    request: GenerateRequest
    generation: Generation | None = None
    error: Exception | None = None
    left_behind: list[str] = field(default_factory=list)
    clashes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Whether the map can be applied."""
        return self.generation is not None and not self.clashes


def error_text(error: Exception) -> str:
    """The message shown for a failed run: file, row and column first for a bad cell."""
    if isinstance(error, TableError):
        where = [Path(error.source).name]
        if error.row is not None:
            where.append(f"row {error.row}")
        if error.column is not None:
            where.append(f"column {error.column}")
        return f"{', '.join(where)}: {error.reason}"
    return str(error)


def summary_lines(outcome: Outcome, scenario: Scenario) -> list[str]:
    """What the preview says about a run, one line each (the dialog shows them as a list)."""
    if outcome.generation is None:
        return [f"Error: {error_text(outcome.error or GenerateError('no result'))}"]
    new_map = outcome.generation.scenario.map
    land = sum(1 for a in new_map.areas if a.kind is AreaKind.LAND)
    straits = sum(1 for c in new_map.connections if c.kind is ConnectionKind.STRAIT)
    lines = [
        f"{land} land regions, {len(new_map.areas) - land} sea zones, {straits} straits "
        f"({len(new_map.boundaries)} boundaries, in {new_map.units})"
    ]
    lines += [f"Note: {note}" for note in outcome.generation.notes]
    old = scenario.map
    lines.append(
        f"Replaces the current map ({len(old.areas)} areas, {len(old.boundaries)} boundaries)"
        + (" and the catalogs" if outcome.request.catalogs.strip() else "; the catalogs are kept")
        + "; the setup is kept."
    )
    if outcome.left_behind:
        shown = ", ".join(outcome.left_behind[:6]) + (", …" if len(outcome.left_behind) > 6 else "")
        lines.append(
            f"{len(outcome.left_behind)} setup entries name areas the new map lacks; they are kept and "
            f"the Issues panel will flag them: {shown}"
        )
    if outcome.clashes:
        lines.append(
            "Error: these ids would be used twice in the scenario (rename them in the tables): "
            + ", ".join(outcome.clashes[:10])
        )
    return lines


class _Job(BackgroundJob):
    """One generation in a thread of its own; the dialog drops the outcome if it stopped waiting.

    Its outcome: serial, the ``Generation`` or None, the error or None (see
    ``editor.dialogs.jobs`` for why a thread of its own and not a pooled one).
    """

    expected = (GenerateError, ProjectionError, OSError, ValueError)
    what = "map generation"

    def __init__(self, serial: int, request: GenerateRequest) -> None:
        super().__init__(serial)
        self.request = request

    def work(self) -> Generation:
        """Generate the map the request asks for."""
        return self.request.run()


def apply_generation(document: ScenarioDocument, outcome: Outcome) -> None:
    """Replace the document's map (and catalogs, when a catalogs file was given): one undo step.

    Raises ``model.ops.OpError`` (ids used twice) with the document unchanged.
    """
    if outcome.generation is None:
        raise GenerateError("nothing generated to apply")
    generated = outcome.generation.scenario
    catalogs = generated.catalogs if outcome.request.catalogs.strip() else None
    commands.execute(
        document,
        lambda s: ops.replace_map(s, generated.map, catalogs, EDIT_TEXT),
        EDIT_TEXT,
    )


class _FileField(BrowseField):
    """A path with a Browse… button."""

    def __init__(self, title: str, file_filter: str, placeholder: str, parent: QWidget) -> None:
        super().__init__(parent)
        self.title = title
        self.file_filter = file_filter
        self.edit.setPlaceholderText(placeholder)

    def choose(self, start: str) -> str:
        """The file the user picks."""
        chosen, _ = QFileDialog.getOpenFileName(
            self, f"Choose the {self.title.lower()}", start, self.file_filter
        )
        return chosen


class GenerateDialog(QDialog):
    """Generate a map from named points, preview what it makes, and apply it as one undo step."""

    outcome_ready = Signal(object)
    """Emitted with each finished run's ``Outcome`` (tests wait on it)."""

    def __init__(self, document: ScenarioDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Generate map from points")
        self.setObjectName("generate_dialog")
        self.document = document
        self.outcome: Outcome | None = None
        self.applied = False
        self._serial = 0
        self._waiting: int | None = None
        self._apply_when_done = False
        self._requested = GenerateRequest(points="")

        self.files = {
            name: _FileField(title, file_filter, PLACEHOLDERS[name], self)
            for name, title, file_filter in FILE_FIELDS
        }
        self.bbox = QLineEdit(self)
        self.bbox.setPlaceholderText("W,S,E,N in degrees (empty: around the points, 2° to spare)")
        self.projection = QLineEdit(self)
        self.projection.setPlaceholderText("PROJ string or EPSG:n (empty: equal-area centred on the box, km)")
        self.grid = self._spin(_DEFAULTS["grid"], 0.001, 100.0, 3, "Coordinates are multiples of this.")
        self.tolerance = self._spin(
            _DEFAULTS["tolerance"], 0.0, 1000.0, 2, "Coastline simplification: larger makes smaller files."
        )
        self.min_island_area = self._spin(
            _DEFAULTS["min_island_area"], 0.0, 1e7, 1, "Islands and lakes smaller than this are dropped."
        )
        self.narrows = self._spin(
            _DEFAULTS["narrows"], 0.0, 1000.0, 2, "Sea zones are cut at straits narrower than twice this."
        )

        sources = QGroupBox("Sources", self)
        form = QFormLayout(sources)
        for name, title, _filter in FILE_FIELDS:
            form.addRow(f"{title}:", self.files[name])
        options = QGroupBox("Geography", self)
        grid_form = QFormLayout(options)
        grid_form.addRow("Bounding box:", self.bbox)
        grid_form.addRow("Projection:", self.projection)
        grid_form.addRow("Grid (map units):", self.grid)
        grid_form.addRow("Coast tolerance (map units):", self.tolerance)
        grid_form.addRow("Smallest island (map units²):", self.min_island_area)
        grid_form.addRow("Narrows (map units):", self.narrows)

        self.busy = QProgressBar(self)
        self.busy.setRange(0, 0)  # indeterminate: the generator reports no progress
        self.busy.setTextVisible(False)
        self.busy.setMaximumHeight(12)
        self.busy.hide()
        self.status = QLabel("Choose the regions table, then Preview.", self)
        self.status.setWordWrap(True)
        self.summary = QTextBrowser(self)
        self.summary.setObjectName("generate_summary")
        self.summary.setMinimumHeight(120)

        self.preview_button = QPushButton("&Preview", self)
        self.apply_button = QPushButton("&Apply", self)
        self.apply_button.setToolTip("Replace the map (and catalogs when given): one undo step")
        self.stop_button = QPushButton("&Stop", self)
        self.stop_button.setToolTip("Stop waiting for the generation under way")
        self.stop_button.setEnabled(False)
        self.close_button = QPushButton("Close", self)
        self.preview_button.clicked.connect(self.preview)
        self.apply_button.clicked.connect(self.apply)
        self.stop_button.clicked.connect(self.stop)
        self.close_button.clicked.connect(self.reject)
        self.preview_button.setDefault(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.preview_button)
        buttons.addWidget(self.stop_button)
        buttons.addStretch(1)
        buttons.addWidget(self.apply_button)
        buttons.addWidget(self.close_button)

        layout = QVBoxLayout(self)
        layout.addWidget(sources)
        layout.addWidget(options)
        layout.addWidget(self.status)
        layout.addWidget(self.busy)
        layout.addWidget(self.summary, 1)
        layout.addLayout(buttons)
        self.resize(720, 640)
        self._restore()

    def _spin(self, value: float, low: float, high: float, decimals: int, tip: str) -> QDoubleSpinBox:
        spin = QDoubleSpinBox(self)
        spin.setRange(low, high)
        spin.setDecimals(decimals)
        spin.setValue(value)
        spin.setToolTip(tip)
        return spin

    # --- the request ----------------------------------------------------------------------------

    def request(self) -> GenerateRequest:
        """What the widgets say now."""
        text = {name: self.files[name].edit.text().strip() for name in self.files}
        return GenerateRequest(
            points=text["points"],
            basemap=text["basemap"],
            seas=text["seas"],
            straits=text["straits"],
            catalogs=text["catalogs"],
            bbox=self.bbox.text().strip(),
            projection=self.projection.text().strip(),
            grid=self.grid.value(),
            tolerance=self.tolerance.value(),
            min_island_area=self.min_island_area.value(),
            narrows=self.narrows.value(),
            ruleset=self.document.scenario.ruleset.id,
        )

    def _restore(self) -> None:
        """Fill in the files and box of the last applied generation (the author's usual tables)."""
        settings = QSettings()
        settings.beginGroup(SETTINGS_GROUP)
        for name, widget in self.files.items():
            widget.edit.setText(str(settings.value(name, "") or ""))
        self.bbox.setText(str(settings.value("bbox", "") or ""))
        self.projection.setText(str(settings.value("projection", "") or ""))
        settings.endGroup()

    def _remember(self, request: GenerateRequest) -> None:
        settings = QSettings()
        settings.beginGroup(SETTINGS_GROUP)
        for name in self.files:
            settings.setValue(name, getattr(request, name))
        settings.setValue("bbox", request.bbox)
        settings.setValue("projection", request.projection)
        settings.endGroup()

    # --- running --------------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        """Whether a generation is under way (and the dialog waits for it)."""
        return self._waiting is not None

    def preview(self) -> None:
        """Generate in a worker thread; the summary shows the outcome when it arrives."""
        self._apply_when_done = False
        self._start()

    def apply(self) -> None:
        """Apply the previewed map; generate first when the inputs changed since the preview."""
        if self.outcome is not None and self.outcome.request == self.request():
            self._apply_outcome(self.outcome)
            return
        self._apply_when_done = True
        self._start()

    def stop(self) -> None:
        """Stop waiting: the run under way finishes in the background and its outcome is dropped."""
        if self._waiting is None:
            return
        self._waiting = None
        self._apply_when_done = False
        self._set_busy(False)
        self.status.setText("Stopped. Change the inputs or Preview again.")

    def _start(self) -> None:
        self._serial += 1
        self._requested = self.request()
        job = _Job(self._serial, self._requested)
        job.outcome.connect(self._finished)
        keep(job)
        self._waiting = job.serial
        self._set_busy(True)
        job.start()

    def _set_busy(self, busy: bool) -> None:
        self.busy.setVisible(busy)
        self.stop_button.setEnabled(busy)
        self.preview_button.setEnabled(not busy)
        self.apply_button.setEnabled(not busy)
        if busy:
            self.status.setText("Generating the map…")

    def _finished(self, serial: int, generation: Generation | None, error: Exception | None) -> None:
        if serial != self._waiting:
            return  # stopped, or superseded by a newer run
        self._waiting = None
        self._set_busy(False)
        outcome = Outcome(self._requested, generation, error)
        if generation is not None:
            catalogs = generation.scenario.catalogs if outcome.request.catalogs else None
            outcome.left_behind = ops.areas_left_behind(self.document.scenario, generation.scenario.map)
            outcome.clashes = ops.id_clashes(self.document.scenario, generation.scenario.map, catalogs)
        self.outcome = outcome
        self._show(outcome)
        self.outcome_ready.emit(outcome)
        if self._apply_when_done and outcome.ok:
            self._apply_outcome(outcome)
        self._apply_when_done = False

    def _show(self, outcome: Outcome) -> None:
        self.summary.setHtml(summary_html(summary_lines(outcome, self.document.scenario)))
        if outcome.generation is None:
            self.status.setText("The map could not be generated; the document is unchanged.")
        elif outcome.clashes:
            self.status.setText("Preview done; the map cannot be applied as it is.")
        else:
            self.status.setText("Preview done. Apply replaces the map as one undo step.")
        self.apply_button.setEnabled(outcome.generation is None or outcome.ok)

    def _apply_outcome(self, outcome: Outcome) -> None:
        try:
            apply_generation(self.document, outcome)
        except (GenerateError, ops.OpError) as error:
            self.status.setText(f"Not applied: {error}")
            return
        self.applied = True
        self._remember(outcome.request)
        self.accept()

    def reject(self) -> None:
        """Close; a run under way finishes in the background and is dropped."""
        self.stop()
        super().reject()


def generate_from_points(window: Any) -> str:
    """Show the dialog on the window's document; return what happened, for the status bar."""
    dialog = GenerateDialog(window.document, window)
    try:
        dialog.exec()
        if not dialog.applied or dialog.outcome is None:
            return "cancelled"
        lines = summary_lines(dialog.outcome, window.document.scenario)
        message = f"Generated the map: {lines[0]}"
        if dialog.outcome.left_behind:
            message += f"; {len(dialog.outcome.left_behind)} setup entries name areas it lacks (see Issues)"
        report = getattr(window, "report", None)
        if callable(report):
            report(message)
        return message
    finally:
        dialog.deleteLater()


__all__ = [
    "EDIT_TEXT",
    "GenerateDialog",
    "GenerateRequest",
    "Outcome",
    "apply_generation",
    "error_text",
    "generate_from_points",
    "summary_lines",
]
