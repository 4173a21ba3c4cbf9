"""The balance report in the editor: many AI games in a worker thread, then charts and figures.

``model.playtest.run_playtest`` does the work (in worker processes when ``jobs`` > 1, with the
"spawn" start method, so it is safe to start from a ``QThread``; or on the Dask cluster named in
the Cluster field, remembered in QSettings, with this machine's certificates for a ``tls://`` one:
``editor.playtest.cluster_certificates``). The dock shows a progress bar
and a Cancel button while it runs, then: win rate per seat with its 95% confidence interval (a
bar chart with whiskers), victory point distributions (box plots), game length, rebellions,
conversions and other counters, unused connections and engine errors. "Show on map" switches to
the "Changed hands" map mode fed by the report's ``area_changes``. When the ruleset has handicaps,
the Figures tab lists the suggested ones and "Apply suggested handicaps" writes them all as one
undoable edit (``model.ops.set_empires_attributes``): either the report's own suggestion, which
evens out mean scores, or the one that evens out win rates (``model.playtest.win_handicaps``, as
``mappa playtest handicaps`` prints it). The latter rests on every game's final scores, so the dock
keeps its run's results log (``games.jsonl``) in a temporary folder, copies it beside a saved
report, and reads it back with a report opened from a run's folder ("Open report…", for the
folders ``mappa playtest --out`` writes).
"""

from __future__ import annotations

import html
import os
import shutil
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCharts import (
    QBarCategoryAxis,
    QBarSet,
    QBoxPlotSeries,
    QBoxSet,
    QChart,
    QChartView,
    QHorizontalStackedBarSeries,
    QLineSeries,
    QValueAxis,
)
from PySide6.QtCore import QCoreApplication, QMargins, QObject, QSettings, Qt, QThread, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from editor import commands
from editor.playtest import changed_mode
from editor.playtest.balance_dialogs import CompareDialog, HandicapPreviewDialog, Suggestion
from editor.playtest.cluster_certificates import CertificateFields
from model import io, ops
from model.colours import owner_colour
from model.playtest import PlaytestConfig, PlaytestError, run_playtest
from model.playtest.journal import JOURNAL_NAME, JournalError
from model.playtest.report import HANDICAP, build_report, current_handicaps, write_report
from model.playtest.report_file import ReportFileError, read_report
from model.playtest.run_scores import OtherRunError, OtherScenarioError, logged_scores
from model.playtest.win_handicaps import even_win_handicaps
from model.scenario import Scenario

if TYPE_CHECKING:
    from editor.mainwindow import MainWindow


class ReportWorker(QThread):
    """Runs one balance report off the UI thread. Signals: ``progress(done, total)``,
    ``finished_report(dict)`` (the report's figures), ``failed(str)``."""

    progress = Signal(int, int)
    finished_report = Signal(object)
    failed = Signal(str)

    def __init__(
        self,
        scenario: Scenario,
        config: PlaytestConfig,
        parent: QObject | None = None,
        run_folder: Path | None = None,
    ) -> None:
        super().__init__(parent)
        # The worker plays a copy: the user may go on editing while it runs.
        self.scenario = scenario.model_copy(deep=True)
        self.config = config
        self.run_folder = run_folder
        """Where the run's results log goes (None: nowhere)."""
        self._cancelled = False
        self.cancelled = False

    def cancel(self) -> None:
        """Ask the run to stop after the game in progress (the figures so far are kept)."""
        self._cancelled = True

    def run(self) -> None:
        """Play the games (called in the worker thread by ``start()``)."""
        try:
            stats = run_playtest(
                self.scenario,
                self.config,
                progress=lambda done, total: self.progress.emit(done, total),
                should_stop=lambda: self._cancelled,
                results_log=None if self.run_folder is None else self.run_folder / JOURNAL_NAME,
            )
        except (PlaytestError, JournalError) as error:
            self.failed.emit(str(error))
            return
        except Exception as error:  # an engine that cannot even start must not end the editor
            self.failed.emit(f"{type(error).__name__}: {error}")
            return
        self.cancelled = self._cancelled
        settings = {"games": self.config.games, "jobs": self.config.jobs, "seed": self.config.seed}
        self.finished_report.emit(build_report(self.scenario, stats.to_json(), settings))


REPORT_REMEDY = "run the games again here (Run) and keep their report (Save report…)"
"""What to do about a saved report the dock cannot open: the dock's own buttons, not a command."""

CLUSTER_KEY = "playtest/cluster"
"""QSettings key of the balance report's last cluster address (empty: play locally)."""

CHART_ROW = 22
"""Pixels per seat of the win-rate chart (its name on the axis needs a line of text)."""
CHART_FRAME = 90
"""The win-rate chart's title, axis and margins, in pixels."""


def win_rate_chart(
    report: dict[str, Any], names: dict[str, str], colours: dict[str, str] | None = None
) -> QChart:
    """Win rate per seat (a bar in each empire's colour) with its 95% confidence interval (whiskers).

    The bars lie across the dock, one row per seat, named on the left with their rate ("France
    14.5%"): in a narrow dock the names and numbers keep their own space instead of sitting on
    (or under) the bars, where they overlapped each other and the whiskers.
    ``colours``: empire id -> colour (the scenario's); a seat missing there gets a stable colour.
    """
    chart = QChart()
    chart.setTitle("Win rate with 95% confidence interval")
    players = list(report["empires"])
    # One stacked set per seat, with its value in its own row only: each bar has its colour.
    series = QHorizontalStackedBarSeries()
    for index, player in enumerate(players):
        bars = QBarSet(short_name(names.get(player, player)))
        for other in range(len(players)):
            bars.append(round(100.0 * report["empires"][player]["win_rate"], 1) if other == index else 0.0)
        bars.setColor(QColor(owner_colour(player, colours or {})))
        bars.setBorderColor(QColor("#404040"))
        series.append(bars)
    series.setLabelsVisible(False)
    chart.addSeries(series)
    axis_y = QBarCategoryAxis()
    axis_y.append(win_rate_labels(report, names))
    axis_x = QValueAxis()
    axis_x.setRange(0, 100)
    axis_x.setTickCount(5)
    axis_x.setLabelFormat("%d%%")
    chart.addAxis(axis_y, Qt.AlignmentFlag.AlignLeft)
    chart.addAxis(axis_x, Qt.AlignmentFlag.AlignBottom)
    series.attachAxis(axis_y)
    series.attachAxis(axis_x)
    pen = QPen(QColor("#202020"), 2)
    for index, player in enumerate(players):
        low, high = report["empires"][player]["win_rate_ci95"]
        whisker = QLineSeries()
        whisker.setPen(pen)
        for x, y in (
            (low, index - 0.15),
            (low, index + 0.15),
            (low, index),
            (high, index),
            (high, index - 0.15),
            (high, index + 0.15),
        ):
            whisker.append(100.0 * x, y)
        chart.addSeries(whisker)
        whisker.attachAxis(axis_x)
        whisker.attachAxis(axis_y)
    axis_y.setTruncateLabels(False)  # "France 14.5%" whole: the plot gives way, not the names
    chart.legend().setVisible(False)  # the seats are named on the axis
    chart.setMargins(QMargins(4, 4, 4, 4))
    return chart


def win_rate_labels(report: dict[str, Any], names: dict[str, str]) -> list[str]:
    """The win-rate chart's row names: the seat's short name and its rate, "France 14.5%"."""
    return [
        f"{short_name(names.get(player, player))} {100.0 * data['win_rate']:.1f}%"
        for player, data in report["empires"].items()
    ]


def vp_chart(report: dict[str, Any], names: dict[str, str], colours: dict[str, str] | None = None) -> QChart:
    """Victory points per seat: min, 10th percentile, median, 90th percentile, max; one box per
    seat in its colour, named in the legend below."""
    chart = QChart()
    chart.setTitle("Victory points (min, 10%-90%, median, max)")
    for player, data in report["empires"].items():
        vp = data["victory_points"]
        series = QBoxPlotSeries()
        series.setName(short_name(names.get(player, player)))
        series.setBrush(QColor(owner_colour(player, colours or {})))
        series.append(QBoxSet(vp["min"], vp["p10"], vp["median"], vp["p90"], vp["max"], series.name()))
        chart.addSeries(series)
    chart.createDefaultAxes()
    for axis in chart.axes(Qt.Orientation.Vertical):
        if isinstance(axis, QValueAxis):
            axis.applyNiceNumbers()
            axis.setLabelFormat("%d")
    for axis in chart.axes(Qt.Orientation.Horizontal):
        axis.setLabelsVisible(False)
    _legend_beside(chart)
    return chart


def short_name(name: str) -> str:
    """A seat's name short enough for a chart legend in a narrow dock: "Kingdom of France" ->
    "France", "German Empire" -> "German" (the tables and the HTML report keep whole names)."""
    head, sep, tail = name.partition(" of ")
    short = tail if sep and head and tail and " " not in head.strip() else name
    for suffix in (" Empire", " Kingdom", " Duchy"):
        if short.endswith(suffix) and len(short) > len(suffix):
            short = short[: -len(suffix)]
    return short


def _legend_beside(chart: QChart) -> None:
    """Name the seats in a legend beside the plot, one per line (their colours match the bars or
    boxes): names under narrow bars, or in one row below, are cut short in a narrow dock."""
    legend = chart.legend()
    legend.setVisible(True)
    legend.setAlignment(Qt.AlignmentFlag.AlignRight)
    legend.setShowToolTips(True)  # a name still cut short shows whole on hover
    font = legend.font()
    font.setPointSizeF(max(7.0, font.pointSizeF() - 1))
    legend.setFont(font)
    for series in chart.series():
        if isinstance(series, QLineSeries):  # the whiskers are not seats
            for marker in legend.markers(series):
                marker.setVisible(False)


def summary_html(report: dict[str, Any], names: dict[str, str]) -> str:
    """Game length, counters (rebellions, conversions...), unused connections, engine errors."""
    length = report["game_length"]
    rows = [
        f"<p><b>{report['finished']}</b> games finished of {report['games']}"
        f" (seed {report['settings']['seed']}); engine errors: <b>{report['engine_errors']}</b></p>",
        "<h4>Game length</h4>",
        f"<p>rounds: mean {length['rounds']['mean']:.1f}, median {length['rounds']['median']:g},"
        f" {length['rounds']['min']:g}–{length['rounds']['max']:g}<br>"
        f"actions: mean {length['actions']['mean']:.0f}, median {length['actions']['median']:g}</p>",
        "<h4>Seats</h4><table cellpadding=3><tr><th align=left>Seat</th><th>Win rate</th><th>95% CI</th>"
        "<th>Outright wins</th><th>Mean VP</th></tr>",
    ]
    for player, data in report["empires"].items():
        low, high = data["win_rate_ci95"]
        cells = [
            html.escape(names.get(player, player)),
            f"{100 * data['win_rate']:.1f}%",
            f"{100 * low:.1f}–{100 * high:.1f}%",
            str(data["outright_wins"]),
            f"{data['victory_points']['mean']:.1f}",
        ]
        rows.append("<tr><td>" + "</td><td align=right>".join(cells) + "</td></tr>")
    rows.append("</table>")
    if report.get("events"):
        rows.append("<h4>Per game</h4><p>")
        rows.append(
            "<br>".join(
                f"{html.escape(name.replace('_', ' '))}: {data['per_game']:.2f}"
                for name, data in report["events"].items()
            )
        )
        rows.append("</p>")
    suggestions = report.get("suggested_handicaps")
    if suggestions:
        rows.append(
            "<h4>Suggested handicaps</h4><table cellpadding=3><tr><th align=left>Empire</th>"
            "<th>Current</th><th>Mean VP</th><th>Suggested</th></tr>"
        )
        for player, data in suggestions["empires"].items():
            cells = [
                html.escape(names.get(player, player)),
                f"{data['current']:+d}",
                f"{data['mean_vp']:.1f}",
                f"<b>{data['suggested']:+d}</b>",
            ]
            rows.append("<tr><td>" + "</td><td align=right>".join(cells) + "</td></tr>")
        rows.append(f"</table><p><small>{html.escape(suggestions['method'])}</small></p>")
    unused = report.get("unused_connections") or []
    rows.append(
        f"<h4>Connections never used ({len(unused)})</h4><p>{html.escape(', '.join(unused)) or 'none'}</p>"
    )
    if report.get("errors"):
        rows.append("<h4>Engine errors</h4><ul>")
        rows.extend(
            f"<li>game {e['game']} (seed {e['seed']}): {html.escape(e['error'])}</li>"
            for e in report["errors"][:20]
        )
        rows.append("</ul>")
    return "\n".join(rows)


class ReportDock(QDockWidget):
    """Settings, Run/Cancel and progress, then the charts, figures and the map mode."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__("Balance report", window)
        self.setObjectName("balance_report_dock")
        self.window_ = window
        self.worker: ReportWorker | None = None
        self.report: dict[str, Any] | None = None
        self.run_folder: Path | None = None
        """The shown report's run folder, which may hold its results log (None: none known)."""
        self.win_suggestion: dict[str, Any] | None = None
        """The handicaps that even out the win rates of the shown report's games (``even_win_handicaps``)."""
        self.win_reason = "No report yet."
        """Why there is no ``win_suggestion``."""
        # The results log of a run made here: a folder of its own, kept while its report is shown.
        self._scratch: tempfile.TemporaryDirectory[str] | None = None
        self._pending_scratch: tempfile.TemporaryDirectory[str] | None = None
        body = QWidget(self)
        layout = QVBoxLayout(body)
        form = QFormLayout()
        self.games = QSpinBox(body)
        self.games.setRange(1, 1_000_000)
        self.games.setValue(200)
        self.jobs = QSpinBox(body)
        self.jobs.setRange(1, max(1, os.cpu_count() or 1))
        self.jobs.setValue(max(1, os.cpu_count() or 1))
        self.seed = QSpinBox(body)
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setValue(1)
        self.cluster = QLineEdit(body)
        self.cluster.setPlaceholderText("empty: this machine")
        self.cluster.setToolTip(
            "Play the games on a Dask cluster: a scheduler address (tcp://host:8786, or tls://host:8786 "
            "with this machine's certificates below) or local:W for W worker processes on this "
            "machine; empty plays in the processes above. The report is the same either way. Needs "
            "Mappa's cluster extra (pip install 'mappa[cluster]')."
        )
        # Remembered per user: a play-tester's cluster does not change from one scenario to the next.
        self.cluster.setText(str(QSettings().value(CLUSTER_KEY, "") or ""))
        self.cluster.editingFinished.connect(self._remember_cluster)
        form.addRow("Games", self.games)
        form.addRow("Processes", self.jobs)
        form.addRow("Cluster", self.cluster)
        self.certificates = CertificateFields(body, form, self.cluster)
        form.addRow("Seed", self.seed)
        layout.addLayout(form)
        row = QHBoxLayout()
        self.run_button = QPushButton("Run", body)
        self.cancel_button = QPushButton("Cancel", body)
        self.cancel_button.setEnabled(False)
        self.map_button = QPushButton("Show on map", body)
        self.map_button.setToolTip("Colour the map by how often each area changed hands")
        self.map_button.setEnabled(False)
        self.save_button = QPushButton("Save report…", body)
        self.save_button.setEnabled(False)
        for button in (self.run_button, self.cancel_button, self.map_button, self.save_button):
            row.addWidget(button)
        layout.addLayout(row)
        self.apply_button = QPushButton("Apply suggested handicaps", body)
        self.apply_button.setEnabled(False)
        self.compare_button = QPushButton("Compare with a report…", body)
        self.compare_button.setToolTip("Show this report beside a saved report.json, with significance tests")
        self.compare_button.setEnabled(False)
        self.open_button = QPushButton("Open report…", body)
        self.open_button.setToolTip(
            "Show a saved report.json; with the results log of its run beside it (games.jsonl, as "
            "mappa playtest --out writes it), the handicaps that even out win rates can be applied"
        )
        balance_row = QHBoxLayout()
        balance_row.addWidget(self.apply_button)
        balance_row.addWidget(self.compare_button)
        balance_row.addWidget(self.open_button)
        layout.addLayout(balance_row)
        self.preview: HandicapPreviewDialog | None = None
        self.comparison: CompareDialog | None = None
        self.progress = QProgressBar(body)
        self.progress.setFormat("%v of %m games")
        layout.addWidget(self.progress)
        self.message = QLabel("", body)
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        self.tabs = QTabWidget(body)
        self.win_view = QChartView(QChart(), self.tabs)
        self.win_view.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.vp_view = QChartView(QChart(), self.tabs)
        self.vp_view.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.summary = QTextBrowser(self.tabs)
        self.tabs.addTab(self.win_view, "Win rates")
        self.tabs.addTab(self.vp_view, "Victory points")
        self.tabs.addTab(self.summary, "Figures")
        layout.addWidget(self.tabs, 1)
        self.setWidget(body)
        self.run_button.clicked.connect(self.run)
        self.cancel_button.clicked.connect(self.cancel)
        self.map_button.clicked.connect(self.show_on_map)
        self.save_button.clicked.connect(lambda: self.save())
        self.apply_button.clicked.connect(self.preview_handicaps)
        self.compare_button.clicked.connect(lambda: self.compare_with())
        self.open_button.clicked.connect(lambda: self.open_report())
        window.document.changed.connect(self._on_document_changed)

    def _names(self) -> dict[str, str]:
        return {e.id: e.name for e in self.window_.document.scenario.setup.empires}

    def _colours(self) -> dict[str, str]:
        return {e.id: e.colour for e in self.window_.document.scenario.setup.empires}

    def _remember_cluster(self) -> None:
        QSettings().setValue(CLUSTER_KEY, self.cluster.text().strip())
        self.certificates.remember()

    def run(self) -> None:
        """Start the games in a worker thread (on the cluster named in the Cluster field, if any)."""
        if self.worker is not None:
            return
        self._remember_cluster()
        cluster = self.cluster.text().strip()
        config = PlaytestConfig(
            games=self.games.value(),
            jobs=self.jobs.value(),
            seed=self.seed.value(),
            cluster=cluster,
            cluster_tls=self.certificates.tls() if cluster else None,
        )
        self._pending_scratch = tempfile.TemporaryDirectory(prefix="mappa-playtest-")
        self.worker = ReportWorker(
            self.window_.document.scenario, config, self, run_folder=Path(self._pending_scratch.name)
        )
        self.worker.progress.connect(self._on_progress)
        self.worker.finished_report.connect(self._on_report)
        self.worker.failed.connect(self._on_failed)
        self.worker.finished.connect(self._on_thread_done)
        self.progress.setRange(0, config.games)
        self.progress.setValue(0)
        where = f"on the cluster {cluster}" if cluster else f"in {config.jobs} process(es)"
        self.message.setText(f"Playing {config.games} games {where}…")
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.worker.start()

    def cancel(self) -> None:
        """Stop after the game in progress; the games played so far are reported."""
        if self.worker is not None:
            self.worker.cancel()
            self.message.setText("Cancelling…")

    def _on_progress(self, done: int, total: int) -> None:
        self.progress.setMaximum(total)
        self.progress.setValue(done)

    def _on_failed(self, message: str) -> None:
        self.message.setText(f"The report could not run: {message}")

    def _on_thread_done(self) -> None:
        worker = self.worker
        self.worker = None
        if self._pending_scratch is not None:  # the run failed: its folder holds nothing shown
            self._pending_scratch.cleanup()
            self._pending_scratch = None
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        if worker is not None:
            worker.deleteLater()

    def _on_report(self, report: dict[str, Any]) -> None:
        scratch, self._pending_scratch = self._pending_scratch, None
        folder = None if scratch is None else Path(scratch.name)
        self.show_report(report, cancelled=bool(self.worker and self.worker.cancelled), run_folder=folder)
        if self._scratch is not None:  # the report shown before is gone: so is its folder
            self._scratch.cleanup()
        self._scratch = scratch

    def show_report(
        self,
        report: dict[str, Any],
        cancelled: bool = False,
        run_folder: Path | None = None,
        scenario_text: str | None = None,
    ) -> None:
        """Show a finished report's charts and figures and feed the "Changed hands" mode.

        ``run_folder``: the run's folder, whose results log gives the handicaps that even out win
        rates; with ``scenario_text`` (the canonical JSON of the scenario it should have been
        played on) that log must name it.
        """
        self.report = report
        self.run_folder = run_folder
        self._find_win_suggestion(run_folder, scenario_text)
        names = self._names()
        self.win_view.setChart(win_rate_chart(report, names, self._colours()))
        # A row per seat tall enough for its name: a scenario of 7 seats needs ~230 px of chart.
        self.win_view.setMinimumHeight(CHART_FRAME + CHART_ROW * len(report["empires"]))
        self.vp_view.setChart(vp_chart(report, names, self._colours()))
        self.summary.setHtml(summary_html(report, names))
        changed_mode.set_area_changes(report["area_changes"], scenario=self.window_.document.scenario)
        if self.window_.scene.mode_id == changed_mode.MODE_ID:
            self.window_.set_mode(changed_mode.MODE_ID)
        self.map_button.setEnabled(True)
        self.save_button.setEnabled(True)
        self.compare_button.setEnabled(True)
        self._update_apply_button()
        done = "Cancelled: figures of" if cancelled else "Done:"
        self.message.setText(f"{done} {report['finished']} games, {report['engine_errors']} engine errors.")

    def _suggestions(self) -> dict[str, Any]:
        """The shown report's ``suggested_handicaps`` (empty without a report or suggestions)."""
        return (self.report or {}).get("suggested_handicaps") or {}

    def _find_win_suggestion(self, folder: Path | None, scenario_text: str | None) -> None:
        """Find the handicaps that even out the win rates of the games in ``folder``'s results
        log (``win_suggestion``), or say why there are none (``win_reason``)."""
        self.win_suggestion = None
        suggestions = self._suggestions()
        if not suggestions:
            self.win_reason = "The report has no suggested handicaps."
            return
        if folder is None or not (folder / JOURNAL_NAME).is_file():
            self.win_reason = (
                f"Needs every game's final scores, from the run's results log ({JOURNAL_NAME}), and "
                "this report was opened without it: open the report.json in the folder "
                "mappa playtest --out wrote, or run the report here."
            )
            return
        seed = ((self.report or {}).get("settings") or {}).get("seed")
        try:
            scores = logged_scores(folder, scenario_text, seed if isinstance(seed, int) else None)
        except OtherScenarioError:
            self.win_reason = (
                f"The games in the run's results log ({JOURNAL_NAME}) were played on another "
                "scenario or another version of this one."
            )
            return
        except OtherRunError as error:  # a log left beside another run's report.json
            self.win_reason = f"The results log ({JOURNAL_NAME}) is not this report's run: {error}"
            return
        except JournalError as error:
            self.win_reason = f"Cannot read the run's results log: {error}"
            return
        # The handicaps the games were played with (the report's), not the document's now.
        current = {empire: int(data["current"]) for empire, data in suggestions.get("empires", {}).items()}
        if not scores:
            self.win_reason = f"The run's results log ({JOURNAL_NAME}) holds no finished game."
            return
        if any(set(current) - set(game) for game in scores):
            self.win_reason = f"The games in the results log ({JOURNAL_NAME}) miss some empires' scores."
            return
        self.win_suggestion = even_win_handicaps(scores, current)

    def suggested_handicaps(self, choice: Suggestion = Suggestion.MEANS) -> dict[str, int]:
        """The handicaps a suggestion (the report's own: even mean scores; or even win rates)
        sets that differ from the current ones, by empire."""
        suggestions = self._suggestions() if choice is Suggestion.MEANS else (self.win_suggestion or {})
        return {
            player: int(data["suggested"])
            for player, data in suggestions.get("empires", {}).items()
            if data["suggested"] != data["current"]
        }

    def _stale_reason(self) -> str:
        """Why the report's suggestions no longer fit the document ("" when they do)."""
        suggestions = self._suggestions()
        current = current_handicaps(self.window_.document.scenario)
        if current is None:
            return "The scenario's ruleset has no handicaps."
        # The suggestions are changes from the handicaps the games were played with: once those
        # differ (an edit, another file), applying them would not mean what the report says.
        for player, data in suggestions.get("empires", {}).items():
            if current.get(player) != data["current"]:
                return "The handicaps changed since the report ran: run it again."
        return ""

    def _on_document_changed(self, _change: object) -> None:
        self._update_apply_button()

    def _update_apply_button(self) -> None:
        if not self._suggestions():
            self.apply_button.setEnabled(False)
            self.apply_button.setToolTip("The report has no suggested handicaps.")
            return
        reason = self._stale_reason()
        if not reason and not self._any_change():
            reason = "The handicaps already are the suggested ones."
        self.apply_button.setEnabled(not reason)
        self.apply_button.setToolTip(
            reason
            or "Choose the handicaps that even out mean scores or win rates, see the change per empire "
            "and set them (one undo step); then run again."
        )

    def _any_change(self) -> bool:
        return bool(self.suggested_handicaps(Suggestion.MEANS) or self.suggested_handicaps(Suggestion.WINS))

    def preview_handicaps(self) -> HandicapPreviewDialog | None:
        """Show the change per empire with its intervals before applying (the dialog's Apply
        applies; "Run N games" runs the report again with the games a wanted width needs)."""
        reason = self._stale_reason()
        if reason or not self._any_change():
            self.message.setText(reason or "The handicaps already are the suggested ones.")
            return None
        if self.preview is not None:
            self.preview.close()
        self.preview = HandicapPreviewDialog(
            self.report or {},
            self._names(),
            self.apply_handicaps,
            self.run_games,
            self,
            win_suggestion=self.win_suggestion,
            win_reason=self.win_reason,
        )
        self.preview.open()  # window-modal, not blocking: the dock's code goes on
        return self.preview

    def run_games(self, games: int) -> None:
        """Run the report again with ``games`` games (the same seed and processes)."""
        self.games.setValue(games)
        self.run()

    def compare_with(self, path: Path | None = None) -> CompareDialog | None:
        """Show the shown report (B) beside a saved ``report.json`` (A) in a dialog."""
        if self.report is None:
            return None
        path = path or self._ask_report_path("Compare with a report")
        other = None if path is None else self._read_report(path, shown=False)
        if path is None or other is None:
            return None
        if self.comparison is not None:
            self.comparison.close()
        self.comparison = CompareDialog(other, self.report, str(path), "this report", self)
        self.comparison.show()
        return self.comparison

    def _ask_report_path(self, title: str) -> Path | None:
        """Ask for a saved ``report.json`` in a file dialog titled ``title``; None when cancelled."""
        chosen, _filter = QFileDialog.getOpenFileName(self, title, "", "Balance reports (report.json *.json)")
        return Path(chosen) if chosen else None

    def _read_report(self, path: Path, shown: bool) -> dict[str, Any] | None:
        """Read a saved ``report.json`` to compare with (to show, when ``shown``); None, with the
        reason in the message line, when it cannot be read or lacks a figure that use needs
        (``model.playtest.report_file``)."""
        try:
            return read_report(path, shown, remedy=REPORT_REMEDY)
        except ReportFileError as error:
            self.message.setText(f"Cannot open the report: {error}")
            return None

    def apply_handicaps(self, choice: Suggestion = Suggestion.MEANS) -> bool:
        """Set every empire's handicap to a suggestion (the report's own, evening out mean
        scores, or the one evening out win rates), as one undoable edit."""
        reason = self._stale_reason()
        if choice is Suggestion.WINS and self.win_suggestion is None:
            reason = reason or self.win_reason
        wanted = self.suggested_handicaps(choice)
        if reason or not wanted:
            self.message.setText(reason or "The handicaps already are the suggested ones.")
            return False
        values = {player: {HANDICAP: value} for player, value in wanted.items()}
        label = "Apply suggested handicaps" if choice is Suggestion.MEANS else "Apply even-win handicaps"
        try:
            commands.execute(
                self.window_.document, lambda scenario: ops.set_empires_attributes(scenario, values), label
            )
        except ops.OpError as error:
            self.message.setText(f"Cannot apply the handicaps: {error}")
            return False
        which = "even out mean scores" if choice is Suggestion.MEANS else "even out win rates"
        self.message.setText(
            f"Applied the handicaps that {which} to {len(wanted)} empire(s); run the report again to check."
        )
        return True

    def open_report(self, path: Path | None = None) -> bool:
        """Show a saved ``report.json`` of this scenario; the results log beside it (a run folder
        of ``mappa playtest --out``) gives the handicaps that even out win rates."""
        path = path or self._ask_report_path("Open a balance report")
        report = None if path is None else self._read_report(path, shown=True)
        if path is None or report is None:
            return False
        others = sorted(set(report["empires"]) - set(self._names()))
        if others:
            self.message.setText(
                f"{path.name} is a report of another scenario: this one has no {', '.join(others)}."
            )
            return False
        settings = report.get("settings") or {}
        self.show_report(
            report,
            cancelled=bool(settings.get("cancelled")),
            run_folder=path.parent,
            scenario_text=io.dumps(self.window_.document.scenario),
        )
        if self._scratch is not None:  # the report of a run made here is no longer shown
            self._scratch.cleanup()
            self._scratch = None
        self.message.setText(f"{self.message.text()} Opened {path}.")
        return True

    def show_on_map(self) -> None:
        """Switch the map to the "Changed hands" mode (menus and mode box follow)."""
        action = self.window_.actions_by_name.get(f"mode_{changed_mode.MODE_ID}")
        if action is not None:
            action.trigger()
        else:
            self.window_.set_mode(changed_mode.MODE_ID)

    def save(self, folder: Path | None = None) -> bool:
        """Write report.json and report.html (as ``mappa playtest --out`` does)."""
        if self.report is None:
            return False
        if folder is None:
            chosen = QFileDialog.getExistingDirectory(self, "Save the balance report in")
            if not chosen:
                return False
            folder = Path(chosen)
        try:
            json_path, html_path = write_report(self.window_.document.scenario, self.report, folder)
        except OSError as error:
            self.message.setText(f"Cannot save the report: {error}")
            return False
        saved = [json_path.name, html_path.name]
        # The results log goes beside the report, so the folder opens again with its games.
        log = None if self.run_folder is None else self.run_folder / JOURNAL_NAME
        if log is not None and log.is_file() and log.resolve() != (folder / JOURNAL_NAME).resolve():
            try:
                shutil.copyfile(log, folder / JOURNAL_NAME)
            except OSError as error:
                self.message.setText(f"Saved the report but not its results log: {error}")
                return False
            saved.append(JOURNAL_NAME)
        self.message.setText(f"Saved {', '.join(saved)} in {folder}")
        return True

    def shutdown(self) -> None:
        """Cancel a running report and wait for its thread (the application is quitting)."""
        worker = self.worker
        if worker is not None:
            worker.cancel()
            worker.wait()
        for scratch in (self._scratch, self._pending_scratch):
            if scratch is not None:
                scratch.cleanup()


def report_dock(window: MainWindow) -> ReportDock:
    """The window's balance report dock (made on first use, tabbed with the play-test dock)."""
    if window.report_dock is not None:
        return window.report_dock
    dock = ReportDock(window)
    window.report_dock = dock
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    # A tab beside the inspector (and the play-test panel): the charts need the column's height.
    window.tabifyDockWidget(window.inspector, dock)
    app = QCoreApplication.instance()
    if app is not None:
        app.aboutToQuit.connect(dock.shutdown)
    return dock
