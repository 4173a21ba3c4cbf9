"""The balance report in the editor: many AI games in a worker thread, then charts and figures.

``model.playtest.run_playtest`` does the work (in worker processes when ``jobs`` > 1, with the
"spawn" start method, so it is safe to start from a ``QThread``; or on the Dask cluster named in
the Cluster field, remembered in QSettings). The dock shows a progress bar
and a Cancel button while it runs, then: win rate per seat with its 95% confidence interval (a
bar chart with whiskers), victory point distributions (box plots), game length, rebellions,
conversions and other counters, unused connections and engine errors. "Show on map" switches to
the "Changed hands" map mode fed by the report's ``area_changes``. When the ruleset has handicaps,
the Figures tab lists the suggested ones and "Apply suggested handicaps" writes them all as one
undoable edit (``model.ops.set_empires_attributes``).
"""

from __future__ import annotations

import html
import json
import os
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
from editor.playtest.balance_dialogs import CompareDialog, HandicapPreviewDialog
from model import ops
from model.colours import owner_colour
from model.playtest import PlaytestConfig, PlaytestError, run_playtest
from model.playtest.report import HANDICAP, build_report, current_handicaps, write_report
from model.scenario import Scenario

if TYPE_CHECKING:
    from editor.mainwindow import MainWindow


class ReportWorker(QThread):
    """Runs one balance report off the UI thread. Signals: ``progress(done, total)``,
    ``finished_report(dict)`` (the report's figures), ``failed(str)``."""

    progress = Signal(int, int)
    finished_report = Signal(object)
    failed = Signal(str)

    def __init__(self, scenario: Scenario, config: PlaytestConfig, parent: QObject | None = None) -> None:
        super().__init__(parent)
        # The worker plays a copy: the user may go on editing while it runs.
        self.scenario = scenario.model_copy(deep=True)
        self.config = config
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
            )
        except PlaytestError as error:
            self.failed.emit(str(error))
            return
        except Exception as error:  # an engine that cannot even start must not end the editor
            self.failed.emit(f"{type(error).__name__}: {error}")
            return
        self.cancelled = self._cancelled
        settings = {"games": self.config.games, "jobs": self.config.jobs, "seed": self.config.seed}
        self.finished_report.emit(build_report(self.scenario, stats.to_json(), settings))


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
            "Play the games on a Dask cluster: a scheduler address (tcp://host:8786) or local:W for "
            "W worker processes on this machine; empty plays in the processes above. The report is "
            "the same either way. Needs Mappa's cluster extra (pip install 'mappa[cluster]')."
        )
        # Remembered per user: a play-tester's cluster does not change from one scenario to the next.
        self.cluster.setText(str(QSettings().value(CLUSTER_KEY, "") or ""))
        self.cluster.editingFinished.connect(self._remember_cluster)
        form.addRow("Games", self.games)
        form.addRow("Processes", self.jobs)
        form.addRow("Cluster", self.cluster)
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
        balance_row = QHBoxLayout()
        balance_row.addWidget(self.apply_button)
        balance_row.addWidget(self.compare_button)
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
        window.document.changed.connect(self._on_document_changed)

    def _names(self) -> dict[str, str]:
        return {e.id: e.name for e in self.window_.document.scenario.setup.empires}

    def _colours(self) -> dict[str, str]:
        return {e.id: e.colour for e in self.window_.document.scenario.setup.empires}

    def _remember_cluster(self) -> None:
        QSettings().setValue(CLUSTER_KEY, self.cluster.text().strip())

    def run(self) -> None:
        """Start the games in a worker thread (on the cluster named in the Cluster field, if any)."""
        if self.worker is not None:
            return
        self._remember_cluster()
        cluster = self.cluster.text().strip()
        config = PlaytestConfig(
            games=self.games.value(), jobs=self.jobs.value(), seed=self.seed.value(), cluster=cluster
        )
        self.worker = ReportWorker(self.window_.document.scenario, config, self)
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
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        if worker is not None:
            worker.deleteLater()

    def _on_report(self, report: dict[str, Any]) -> None:
        self.show_report(report, cancelled=bool(self.worker and self.worker.cancelled))

    def show_report(self, report: dict[str, Any], cancelled: bool = False) -> None:
        """Show a finished report's charts and figures and feed the "Changed hands" mode."""
        self.report = report
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

    def suggested_handicaps(self) -> dict[str, int]:
        """The handicaps the shown report suggests that differ from the current ones, by empire."""
        suggestions = self._suggestions()
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
        if not reason and not self.suggested_handicaps():
            reason = "The handicaps already are the suggested ones."
        self.apply_button.setEnabled(not reason)
        self.apply_button.setToolTip(
            reason or "Set every empire's handicap to the suggested one (one undo step); then run again."
        )

    def preview_handicaps(self) -> HandicapPreviewDialog | None:
        """Show the change per empire with its intervals before applying (the dialog's Apply
        applies; "Run N games" runs the report again with the games a wanted width needs)."""
        reason = self._stale_reason()
        if reason or not self.suggested_handicaps():
            self.message.setText(reason or "The handicaps already are the suggested ones.")
            return None
        if self.preview is not None:
            self.preview.close()
        self.preview = HandicapPreviewDialog(
            self.report or {}, self._names(), self.apply_handicaps, self.run_games, self
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
        if path is None:
            chosen, _filter = QFileDialog.getOpenFileName(
                self, "Compare with a report", "", "Balance reports (report.json *.json)"
            )
            if not chosen:
                return None
            path = Path(chosen)
        try:
            other = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            self.message.setText(f"Cannot read {path.name}: {error}")
            return None
        if not isinstance(other, dict) or "empires" not in other:
            self.message.setText(f"{path.name} is not a balance report.")
            return None
        if self.comparison is not None:
            self.comparison.close()
        self.comparison = CompareDialog(other, self.report, str(path), "this report", self)
        self.comparison.show()
        return self.comparison

    def apply_handicaps(self) -> bool:
        """Set every empire's handicap to the report's suggestion, as one undoable edit."""
        reason = self._stale_reason()
        wanted = self.suggested_handicaps()
        if reason or not wanted:
            self.message.setText(reason or "The handicaps already are the suggested ones.")
            return False
        values = {player: {HANDICAP: value} for player, value in wanted.items()}
        try:
            commands.execute(
                self.window_.document,
                lambda scenario: ops.set_empires_attributes(scenario, values),
                "Apply suggested handicaps",
            )
        except ops.OpError as error:
            self.message.setText(f"Cannot apply the handicaps: {error}")
            return False
        self.message.setText(
            f"Applied the suggested handicaps of {len(wanted)} empire(s); run the report again to check."
        )
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
        self.message.setText(f"Saved {json_path.name} and {html_path.name} in {folder}")
        return True

    def shutdown(self) -> None:
        """Cancel a running report and wait for its thread (the application is quitting)."""
        worker = self.worker
        if worker is not None:
            worker.cancel()
            worker.wait()


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
