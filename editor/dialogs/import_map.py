"""File > Import…: ``mappa import FORMAT`` in the editor, for every format of the importer registry.

The dialog lists the registered formats (``model.importers.registry``) and builds its fields from
the chosen format's declared options: a text field per text, number or box option, a check box
per flag, a drop-down per choice, a path with Browse… per file option; empty means the command
line's default. Import runs ``model.exchange.run_import`` (which validates the result) in a
worker thread, a ``QThread`` per run as in the Generate dialog (pyproj keeps its context per
thread and frees it with the thread's Python state, so a pooled thread would reuse a freed one);
the importer's progress reports move the bar. The summary lists what the import found (notes),
what it repaired or doubts (warnings), or the error that stopped it. Open shows the result as a
new, unsaved document (after asking about unsaved changes to the current one).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
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

from editor.dialogs.fields import BrowseField, summary_html
from editor.dialogs.jobs import BackgroundJob, keep
from model.exchange import run_import
from model.importers.common import ImportResult, SourceError
from model.importers.registry import Importer, Option, importers, make_options
from model.scenario import AreaKind

SETTINGS_GROUP = "import"


@dataclass
class ImportOutcome:
    """A finished run: the result, or the error that stopped it."""

    importer: str
    source: str
    result: ImportResult | None = None
    error: Exception | None = None
    lines: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Whether there is a map to open."""
        return self.result is not None


def summary_lines(outcome: ImportOutcome) -> list[str]:
    """What the dialog says about a run, one line each ("Error:" and "Warning:" lines stand out)."""
    if outcome.result is None:
        return [f"Error: {outcome.error}"]
    scenario = outcome.result.scenario
    land = sum(1 for area in scenario.map.areas if area.kind is AreaKind.LAND)
    lines = [
        f"{land} land and {len(scenario.map.areas) - land} sea areas, {len(scenario.map.boundaries)} "
        f"boundaries, {len(scenario.map.connections)} connections, in {scenario.map.units}; "
        f"title {scenario.metadata.title!r}"
    ]
    lines += [note[0].upper() + note[1:] for note in outcome.result.notes]
    lines += [f"Warning: {warning}" for warning in outcome.result.warnings]
    return lines


class _Job(BackgroundJob):
    """One import in a thread of its own (see ``editor.dialogs.jobs`` for why not a pooled one).

    Its outcome: serial, the ``ImportResult`` or None, the error or None.
    """

    progress = Signal(int, float, str)
    """serial, fraction done, what the import is doing (queued to the UI thread)."""

    expected = (SourceError, OSError, ValueError)
    what = "import"

    def __init__(self, serial: int, importer: Importer, source: str, values: dict[str, Any]) -> None:
        super().__init__(serial)
        self.importer = importer
        self.source = source
        self.values = values

    def work(self) -> ImportResult:
        """Import, the importer's progress reports emitted as ``progress``."""
        options = make_options(
            self.importer,
            {**self.values, "progress": lambda f, what: self.progress.emit(self.serial, f, what)},
        )
        return run_import(self.importer.name, self.source, options)


class _PathField(BrowseField):
    """A path with a Browse… button (a file with the given suffixes, or a folder)."""

    def __init__(self, suffixes: tuple[str, ...], folder: bool, parent: QWidget) -> None:
        super().__init__(parent)
        self.suffixes = suffixes
        self.folder = folder

    def choose(self, start: str) -> str:
        """The folder or file the user picks."""
        if self.folder:
            return QFileDialog.getExistingDirectory(self, "Choose the folder", start)
        patterns = " ".join(f"*{suffix}" for suffix in self.suffixes)
        file_filter = f"Sources ({patterns});;All files (*)" if patterns else "All files (*)"
        chosen, _ = QFileDialog.getOpenFileName(self, "Choose the file", start, file_filter)
        return chosen


class ImportDialog(QDialog):
    """Choose a format, a source and its options; import off the UI thread; open the result."""

    outcome_ready = Signal(object)
    """Emitted with each finished run's ``ImportOutcome`` (tests wait on it)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Import a map")
        self.setObjectName("import_dialog")
        self.formats = importers()
        self.outcome: ImportOutcome | None = None
        self.opened = False
        self._serial = 0
        self._waiting: int | None = None
        self._kept: dict[str, Any] = {}
        self.fields: dict[str, QWidget] = {}

        self.format = QComboBox(self)
        for importer in self.formats:
            self.format.addItem(importer.title, importer.name)
        self.source = _PathField((), False, self)
        self.source_hint = QLabel(self)
        self.options_box = QGroupBox("Options (empty: the default)", self)
        self.options_form = QFormLayout(self.options_box)

        top = QFormLayout()
        top.addRow("Format:", self.format)
        top.addRow("Source:", self.source)
        top.addRow("", self.source_hint)

        self.progress = QProgressBar(self)
        self.progress.setRange(0, 100)
        self.progress.hide()
        self.status = QLabel("Choose the source, then Import.", self)
        self.status.setWordWrap(True)
        self.summary = QTextBrowser(self)
        self.summary.setObjectName("import_summary")
        self.summary.setMinimumHeight(140)

        self.import_button = QPushButton("&Import", self)
        self.stop_button = QPushButton("&Stop", self)
        self.stop_button.setToolTip("Stop waiting for the import under way")
        self.stop_button.setEnabled(False)
        self.open_button = QPushButton("&Open as new map", self)
        self.open_button.setToolTip("Show the imported map as a new, unsaved document")
        self.open_button.setEnabled(False)
        close = QPushButton("Close", self)
        self.import_button.clicked.connect(self.start)
        self.stop_button.clicked.connect(self.stop)
        self.open_button.clicked.connect(self.open_result)
        close.clicked.connect(self.reject)
        self.import_button.setDefault(True)
        buttons = QHBoxLayout()
        for button in (self.import_button, self.stop_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.open_button)
        buttons.addWidget(close)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.options_box)
        layout.addWidget(self.status)
        layout.addWidget(self.progress)
        layout.addWidget(self.summary, 1)
        layout.addLayout(buttons)
        self.resize(760, 720)
        self.format.currentIndexChanged.connect(self._format_changed)
        self._restore()
        self._format_changed()

    # --- the form -------------------------------------------------------------------------------

    @property
    def importer(self) -> Importer:
        """The chosen format."""
        return self.formats[max(self.format.currentIndex(), 0)]

    def select_format(self, name: str) -> None:
        """Choose the format called ``name``."""
        self.format.setCurrentIndex(self.format.findData(name))

    def _format_changed(self) -> None:
        """Rebuild the option fields from the format's declarations, keeping values typed so far."""
        self._kept.update(self.values())
        while self.options_form.rowCount():
            self.options_form.removeRow(0)
        self.fields = {}
        importer = self.importer
        self.source.suffixes = importer.source.suffixes
        self.source.folder = importer.source.folder
        self.source.edit.setPlaceholderText(importer.source.description)
        self.source_hint.setText(importer.help or importer.title)
        for option in importer.options:
            widget = self._field(option)
            widget.setToolTip(f"{option.flag}: {option.help}")
            self.fields[option.key] = widget
            self.options_form.addRow(f"{option.caption}:", widget)
            self._set(option, widget, self._kept.get(option.key))

    def _field(self, option: Option) -> QWidget:
        if option.kind == "flag":
            return QCheckBox(option.help, self.options_box)
        if option.kind == "choice":
            combo = QComboBox(self.options_box)
            combo.addItem("(guess)", "")
            for choice in option.choices:
                combo.addItem(choice, choice)
            return combo
        if option.kind == "file":
            return _PathField(option.suffixes, False, self.options_box)
        edit = QLineEdit(self.options_box)
        edit.setPlaceholderText(option.metavar or option.help)
        edit.setClearButtonEnabled(True)
        return edit

    def _set(self, option: Option, widget: QWidget, value: Any) -> None:
        if value in (None, ""):
            return
        if isinstance(widget, QCheckBox):
            widget.setChecked(bool(value))
        elif isinstance(widget, QComboBox):
            widget.setCurrentIndex(max(widget.findData(str(value)), 0))
        elif isinstance(widget, _PathField):
            widget.edit.setText(str(value))
        elif isinstance(widget, QLineEdit):
            widget.setText(str(value))

    def set_value(self, key: str, value: Any) -> None:
        """Fill in one option (by its key), as if typed."""
        option = next(option for option in self.importer.options if option.key == key)
        self._set(option, self.fields[key], value)

    def values(self) -> dict[str, Any]:
        """The options as typed now, by key (text, or a bool for flags)."""
        out: dict[str, Any] = {}
        for key, widget in self.fields.items():
            if isinstance(widget, QCheckBox):
                out[key] = widget.isChecked()
            elif isinstance(widget, QComboBox):
                out[key] = str(widget.currentData() or "")
            elif isinstance(widget, _PathField):
                out[key] = widget.edit.text().strip()
            elif isinstance(widget, QLineEdit):
                out[key] = widget.text().strip()
        return out

    def _restore(self) -> None:
        settings = QSettings()
        settings.beginGroup(SETTINGS_GROUP)
        index = self.format.findData(str(settings.value("format", "") or ""))
        if index >= 0:
            self.format.setCurrentIndex(index)
        self.source.edit.setText(str(settings.value("source", "") or ""))
        settings.endGroup()

    def _remember(self) -> None:
        settings = QSettings()
        settings.beginGroup(SETTINGS_GROUP)
        settings.setValue("format", self.importer.name)
        settings.setValue("source", self.source.edit.text().strip())
        settings.endGroup()

    # --- running --------------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        """Whether an import is under way (and the dialog waits for it)."""
        return self._waiting is not None

    def start(self) -> None:
        """Import in a worker thread; the summary shows the outcome when it arrives."""
        source = self.source.edit.text().strip()
        if not source:
            self.status.setText(f"Choose the source: {self.importer.source.description}.")
            return
        self._serial += 1
        job = _Job(self._serial, self.importer, source, self.values())
        job.progress.connect(self._progress)
        job.outcome.connect(self._finished)
        keep(job)
        self._waiting = job.serial
        self._set_busy(True)
        job.start()

    def stop(self) -> None:
        """Stop waiting: the run under way finishes in the background and its outcome is dropped."""
        if self._waiting is None:
            return
        self._waiting = None
        self._set_busy(False)
        self.status.setText("Stopped. Change the options or Import again.")

    def _set_busy(self, busy: bool) -> None:
        self.progress.setVisible(busy)
        self.progress.setValue(0)
        self.stop_button.setEnabled(busy)
        self.import_button.setEnabled(not busy)
        self.format.setEnabled(not busy)
        self.open_button.setEnabled(not busy and self.outcome is not None and self.outcome.ok)
        if busy:
            self.status.setText("Importing…")

    def _progress(self, serial: int, fraction: float, what: str) -> None:
        if serial == self._waiting:
            self.progress.setValue(round(fraction * 100))
            self.status.setText(f"Importing: {what}…")

    def _finished(self, serial: int, result: ImportResult | None, error: Exception | None) -> None:
        if serial != self._waiting:
            return  # stopped, or superseded by a newer run
        self._waiting = None
        outcome = ImportOutcome(self.importer.name, self.source.edit.text().strip(), result, error)
        outcome.lines = summary_lines(outcome)
        self.outcome = outcome
        self._set_busy(False)
        self._show(outcome)
        if outcome.ok:
            self._remember()
        self.outcome_ready.emit(outcome)

    def _show(self, outcome: ImportOutcome) -> None:
        self.summary.setHtml(summary_html(outcome.lines))
        self.status.setText(
            "Imported. Open shows it as a new map (the current one stays until then)."
            if outcome.ok
            else "The source could not be imported; nothing was opened."
        )

    def open_result(self) -> None:
        """Accept the dialog with the imported map (the caller opens it)."""
        if self.outcome is not None and self.outcome.ok:
            self.opened = True
            self.accept()

    def reject(self) -> None:
        """Close; a run under way finishes in the background and is dropped."""
        self.stop()
        super().reject()


def open_imported(window: Any, outcome: ImportOutcome) -> bool:
    """Show an imported map in the window as a new, unsaved document (asking about unsaved changes)."""
    if outcome.result is None or not window.files.maybe_save():
        return False
    window.document.replace_scenario(outcome.result.scenario, None)
    report = getattr(window, "report", None)
    if callable(report):
        report(f"Imported {Path(outcome.source).name}: {outcome.lines[0]}")
    return True


def import_map(window: Any) -> str:
    """File > Import…: show the dialog; open the result as a new document. Returns what happened."""
    dialog = ImportDialog(window)
    try:
        dialog.exec()
        if not dialog.opened or dialog.outcome is None:
            return "cancelled"
        return "opened" if open_imported(window, dialog.outcome) else "kept the current map"
    finally:
        dialog.deleteLater()


__all__ = ["ImportDialog", "ImportOutcome", "import_map", "open_imported", "summary_lines"]
